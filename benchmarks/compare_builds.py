"""Builds of the solver against each other on the same deals, interleaved.

    python benchmarks/compare_builds.py ../before . --sets slovenian4:12:8 --goal points --reps 3

Each build is a checkout with its extension built in place (``python setup.py build_ext
--inplace``; with GCC profile-guided, as pip builds it: build every checkout alike); every
run is a fresh process in that checkout, so it imports that build's ``solver``.  The deals
are this checkout's seeded sets (the ones bench_solver.py solves), handed to every build as
position lines.  The builds' order rotates deal by deal and run by run, so that a drift of
the machine's speed falls on all of them alike, and a deal's time is the best of its
``--reps`` runs (this VM's timings drift by up to half between runs, and a run is slowed more
often than sped up).  Node counts are exact on one thread; with ``--threads N`` each solve
runs on N threads, whose node counts vary from run to run.

Per set and build: the sum of the deals' times, their nodes, ns per node, the median deal's
time and nodes, the median of the deal-by-deal time ratios to the first build, and the deals
whose bounds (with ``--all-cards``, or the values of their legal cards) differ from the first
build's (a change meant to keep the values must list none).
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solver import parse_set, publish, set_positions  # noqa: E402

# what one run does, in the build's checkout: solve one position, report it as JSON
RUN = """
import json, sys
sys.path.insert(0, ".")
from solver import Position
from solver.search import Solver
line, goal, limit, memory, all_cards, threads = sys.argv[1:7]
r = Solver(int(memory), int(threads)).solve(Position.from_line(line), goal, limit=limit, all_cards=all_cards == "1")
print(json.dumps({"nodes": r.nodes, "seconds": r.seconds, "bounds": list(r.bounds),
                  "cards": sorted([str(card), str(value)] for card, value in r.cards.items())}))
"""


def solve_in(build, line, goal, limit, memory, all_cards=False, threads=1):
    """One solve of the position ``line`` by the build in directory ``build`` (with
    ``all_cards``, the value of every legal card too) on ``threads`` threads."""
    done = subprocess.run([sys.executable, "-c", RUN, line, goal, limit, str(memory), "1" if all_cards else "0",
                           str(threads)],
                          cwd=build, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError("build %s failed on %s:\n%s" % (build, line, done.stderr.strip()))
    return json.loads(done.stdout)


def commit_of(build):
    """The build's git commit (short), or None where it is not a git checkout."""
    done = subprocess.run(["git", "-C", str(build), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or None


def compare(builds, lines, goal, limit, memory, reps, all_cards=False, threads=1):
    """Each build's best run of each position: a list per build of {nodes, seconds, bounds,
    cards}."""
    best = {b: [None] * len(lines) for b in builds}
    for i, line in enumerate(lines):
        for rep in range(reps):
            k = (i + rep) % len(builds)
            for b in builds[k:] + builds[:k]:
                r = solve_in(b, line, goal, limit, memory, all_cards, threads)
                if best[b][i] is None or r["seconds"] < best[b][i]["seconds"]:
                    best[b][i] = r
    return best


def summary(builds, best, commits):
    """The report's rows, one per build (``commits``: each one's commit), against the first."""
    first = best[builds[0]]
    rows = []
    for b in builds:
        runs = best[b]
        seconds = sum(r["seconds"] for r in runs)
        nodes = sum(r["nodes"] for r in runs)
        rows.append({"build": str(b), "commit": commits[b], "sum_s": round(seconds, 4), "nodes": nodes,
                     "ns_per_node": round(1e9 * seconds / max(nodes, 1), 1),
                     "median_s": round(statistics.median(r["seconds"] for r in runs), 4),
                     "median_nodes": int(statistics.median(r["nodes"] for r in runs)),
                     "median_ratio_to_first": round(statistics.median(
                         r["seconds"] / max(f["seconds"], 1e-9) for f, r in zip(first, runs)), 3),
                     "differing_values": [i for i, (f, r) in enumerate(zip(first, runs))
                                          if (f["bounds"], f.get("cards")) != (r["bounds"], r.get("cards"))]})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("builds", nargs="+", help="checkouts with the extension built in place; the first is the base")
    ap.add_argument("--sets", nargs="+", default=["slovenian4:12:8"],
                    help="VARIANT:TRICKS[:DEALS] or VARIANT:dominant[:DEALS]")
    ap.add_argument("--deals", type=int, default=8, help="deals per set when the set does not say")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goal", default="points")
    ap.add_argument("--limit", default="60s", help="per deal: nodes or time (default 60s)")
    ap.add_argument("--memory", type=int, default=256, help="table budget in MB (default 256)")
    ap.add_argument("--reps", type=int, default=3, help="runs of each deal per build; the best counts")
    ap.add_argument("--all-cards", action="store_true", help="solve the value of every legal card too")
    ap.add_argument("--threads", type=int, default=1, help="threads of each solve (default 1)")
    ap.add_argument("--out", help="write the JSON here too")
    args = ap.parse_args(argv)
    builds = [Path(b).resolve() for b in args.builds]
    for b in builds:
        if not (b / "solver").is_dir():
            ap.error("%s is not a checkout of the project (no solver/ in it)" % b)
    if args.reps < 1:
        ap.error("--reps must be at least 1")
    if not 1 <= args.threads <= 32:
        ap.error("--threads must be 1 to 32")
    try:
        sets = [parse_set(spec, args.deals) for spec in args.sets]
    except ValueError as exc:
        ap.error(str(exc))
    commits = {b: commit_of(b) for b in builds}
    results = []
    for variant, tricks, deals in sets:
        lines = [pos.to_line() for pos in set_positions(variant, tricks, deals, args.seed)]
        best = compare(builds, lines, args.goal, args.limit, args.memory, args.reps, args.all_cards, args.threads)
        row = {"set": "%s:%s" % (variant, tricks), "goal": args.goal, "deals": deals, "reps": args.reps,
               "builds": summary(builds, best, commits)}
        results.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    publish({"args": vars(args), "sets": results}, args.out)


if __name__ == "__main__":
    main()

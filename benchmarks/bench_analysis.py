"""Hand analysis: decided share, throughput, scaling on 2 workers, and the dealer's speed; JSON out.

    python benchmarks/bench_analysis.py                  # everything (the default budget per case: long)
    python benchmarks/bench_analysis.py --quick          # small runs: a sanity check
    python benchmarks/bench_analysis.py --only dealer    # one part: decided, speedup or dealer
    python benchmarks/bench_analysis.py --out analysis.json

* **decided** — per fixed hand (a Slovenian solo three, a French garde, a dominant hand, a
  beggar) a run of ``--deals`` deals on every core within ``--budget`` (default: the
  analysis' default budget): the share of deals decided (contract, goals and settlement),
  deals per second per core (the workers' compute time), the wall time and how the budget
  went.
* **speedup** — ``bid`` on 8 deals (the French hand of issue 18, and the Slovenian solo-three
  hand) with a fixed node cap, so both runs do the same work: 1 worker against 2, the same
  seed (the results must be equal: checked); after a warm-up run, ``--rounds`` interleaved
  rounds, the ratio of the median wall times, CPU times beside them.
* **dealer** — candidate deals per second per core (CPU time) under a rare constraint (its
  exact rate from the hypergeometric law), and the seconds to find 8 deals meeting it.

Timings are measured here and now (the machine may be shared: CPU times are given beside wall
times); nothing here is a unit test.
"""

import argparse
import json
import os
import resource
import statistics
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
from bench_solver import publish  # noqa: E402  (this folder is on the path when run as a script)

from analysis import analyse_hand, bid  # noqa: E402
from analysis.deal import DealSpec  # noqa: E402
from analysis.dealer import BatchDealer  # noqa: E402
from analysis.evaluate import is_open  # noqa: E402
from analysis.odds import hypergeometric  # noqa: E402
from analysis.simulate import DEFAULT_BUDGET  # noqa: E402

SOLO_THREE = "T21 T19 T17 T15 T13 T10 T8 T1 SK HK C7 D4"
FRENCH_TOP = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX SK HK DK CK S10 H10 D10"
CASES = [
    # (name, variant, hand, contracts, goals)
    ("slovenian4 solo three", "slovenian4", SOLO_THREE, ["solo_three"], ["pagat-ultimo"]),
    ("french4 garde", "french4", FRENCH_TOP, ["garde"], ["petit-au-bout"]),
    ("slovenian4 dominant hand", "slovenian4", "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7",
     ["three", "solo_without", "valat"], ["trula"]),
    ("slovenian4 beggar", "slovenian4", "T2 T3 T4 S7 S8 S9 H4 H3 D4 D3 C7 C8", ["beggar", "open_beggar"], []),
]
SPEEDUP = [("bid french4, 8 deals", "french4", FRENCH_TOP), ("bid slovenian4 solo-three hand, 8 deals", "slovenian4",
                                                              SOLO_THREE)]


def cpu_seconds():
    """CPU time of this process and its finished children."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def decided_share(summary):
    records = list(summary.latest.values())
    done = sum(1 for r in records if not any(is_open(c) for c in r["contracts"].values()))
    return done / len(records) if records else None


def run_decided(deals, seed, budget, jobs):
    rows = []
    for name, variant, hand, contracts, goals in CASES:
        start, cpu = time.perf_counter(), cpu_seconds()
        summary = analyse_hand(variant, hand, contracts=contracts, goals=goals, deals=deals, seed=seed, jobs=jobs,
                               budget=budget, progress=False)
        wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
        tp = summary.throughput()
        row = {"case": name, "deals": deals, "jobs": jobs, "budget_seconds": budget,
               "decided_share": round(decided_share(summary), 3), "stopped": summary.budget["stopped"],
               "passes": summary.passes(), "wall_seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
               "deals_per_core_second": round(tp["deals_per_core_second"] or 0, 4),
               "nodes_per_second": int(tp["nodes_per_second"] or 0), "busy": round(tp.get("busy") or 0, 2),
               "undecided": {cid: summary.rate(cid).undecided for cid in contracts if "win" in
                             summary.tally[cid]["answers"]}}
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def run_speedup(seed, limit, rounds):
    """1 worker against 2 on the same deals: a warm-up run first (imports, compiled dealer,
    worker start-up paths), then ``rounds`` rounds alternating which count goes first, so
    drift on a shared machine falls on both; medians of the rounds and their ratio."""
    rows = []
    for name, variant, hand in SPEEDUP:
        bid(variant, hand, deals=2, seed=seed + 1, jobs=2, limit=limit // 4, progress=False)
        walls, cpus, results, busy = {1: [], 2: []}, {1: [], 2: []}, {}, []
        for r in range(rounds):
            for jobs in ((1, 2) if r % 2 == 0 else (2, 1)):
                start, cpu = time.perf_counter(), cpu_seconds()
                summary = bid(variant, hand, deals=8, seed=seed, jobs=jobs, limit=limit, progress=False)
                walls[jobs].append(time.perf_counter() - start)
                cpus[jobs].append(cpu_seconds() - cpu)
                results.setdefault(jobs, summary.result_json())
                assert summary.result_json() == results[jobs], name  # the same work every round
                if jobs == 2:
                    busy.append(summary.throughput()["busy"] or 0)
        assert results[1] == results[2], name  # one seed, one answer
        wall = {j: statistics.median(w) for j, w in walls.items()}
        row = {"case": name, "limit": limit, "rounds": rounds,
               "wall_seconds": {j: [round(x, 2) for x in w] for j, w in walls.items()},
               "cpu_seconds": {j: [round(x, 2) for x in c] for j, c in cpus.items()},
               "median_wall_seconds": {j: round(x, 2) for j, x in wall.items()},
               "speedup_2_over_1": round(wall[1] / wall[2], 2), "busy_2": round(statistics.median(busy), 2),
               "load_average": os.getloadavg()[0]}
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def run_dealer(seed, quick):
    """Candidates per CPU second under ``trumps(1) >= 11`` given the solo-three hand: 14 of the 42
    unknown cards are trumps, seat 1 gets 12 of them (hypergeometric)."""
    rare = "trumps(1) >= 11"
    exact = sum((p for x, p in hypergeometric(42, 14, 12).items() if x >= 11), Fraction(0))
    spec = DealSpec.make("slovenian4", SOLO_THREE, constraints=[rare])
    dealer = BatchDealer(spec)
    rng = np.random.default_rng(seed)
    dealer.accepted(dealer.draw(rng, 1000))  # compiled (or loaded from the cache) before timing
    batches = 20 if quick else 200
    cpu = time.process_time()
    hits = 0
    for _ in range(batches):
        hits += int(dealer.accepted(dealer.draw(rng, 1 << 16)).size)
    per_core = batches * (1 << 16) / (time.process_time() - cpu)
    start = time.perf_counter()
    found = spec.deals(np.random.default_rng(seed + 1), 2 if quick else 8)
    seconds = time.perf_counter() - start
    assert all(d.trumps(1) >= 11 for d in found)
    row = {"constraint": rare, "exact_rate": float(exact), "one_in": round(1 / float(exact)),
           "candidates_per_cpu_second": int(per_core), "hits": hits, "candidates": batches * (1 << 16),
           "deals_found": len(found), "seconds_to_find_them": round(seconds, 2)}
    print(json.dumps(row), file=sys.stderr, flush=True)
    return row


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="seconds per case (default: the default)")
    ap.add_argument("--jobs", type=int, default=None, help="workers for the decided runs (default: every core)")
    ap.add_argument("--limit", type=int, default=800_000, help="node cap of the speed-up runs (two passes)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds of the speed-up runs")
    ap.add_argument("--only", choices=("decided", "speedup", "dealer"), action="append")
    ap.add_argument("--quick", action="store_true", help="8 deals, 60 s per case, a short dealer run")
    ap.add_argument("--out", help="write the JSON here too")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals, args.budget, args.limit, args.rounds = 8, 60.0, 200_000, 1
    parts = args.only or ["dealer", "speedup", "decided"]
    out = {"args": vars(args), "cpu_count": os.cpu_count()}
    if "dealer" in parts:
        out["dealer"] = run_dealer(args.seed, args.quick)
    if "speedup" in parts:
        out["speedup"] = run_speedup(args.seed, args.limit, args.rounds)
    if "decided" in parts:
        out["decided"] = run_decided(args.deals, args.seed, args.budget, args.jobs)
    publish(out, args.out)


if __name__ == "__main__":
    main()

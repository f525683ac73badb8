"""Offline cross-check: the compiled solver against the reference minimax on many random endgames.

    python benchmarks/crosscheck.py --per-variant 10000 --seed 1 --out results.json
    python benchmarks/crosscheck.py --per-variant 200 --variants french5 danish --workers 2

For each variant, ``--per-variant`` seeded random endgames (``tests/endgames.py``: every
contract in turn, random options and announcements, 2-3 tricks left and one in
``--four-every`` with 4 tricks left and the current trick all but played, half of them
composed with a random leader, a random part of the current trick played) are solved for
every goal that applies and checked exactly as in ``tests/test_solver_reference.py``:
value = the reference minimax, every card's value (``all_cards``), the line reaches the
value, and re-solving along the line.  The run stops at the first mismatch and prints it
(variant, goal, side, what, expected, got, the position in one-line form).

With ``--special N``, N composed endgames dense in special cards per variant (emperor
tricks, the Excuse chelem, led skus and voids, which random play reaches rarely) are
added to the reference checks; the ones that hit reported, unfixed bugs
(``endgames.known_bug``) are skipped unless ``--include-known-bugs``.

With ``--big N``, N endgames of 5-8 tricks per variant are also checked without the
reference (``endgames.self_check``): best card = value, cards played and re-solved, the
line reaches the value, re-solving along the line, and the raw core with each search
feature (table, ordering, equivalent cards, quick bounds) switched off agrees.

Reported per variant: endgames, by tricks left, wall and reference seconds, and per goal
the endgames checked, the mismatches and the solver's seconds.  The results are written
to ``--out`` after every variant (a partial file survives an interrupted run).  Exit
status 1 on a mismatch.
"""

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from endgames import VARIANT_IDS, make_big_endgames, make_endgames, make_special_endgames, run_items  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-variant", type=int, default=10000, help="endgames per variant (default 10000)")
    ap.add_argument("--seed", default="1", help="seed of the endgame generator (default 1)")
    ap.add_argument("--out", default="crosscheck_results.json", help="JSON results file")
    ap.add_argument("--variants", nargs="*", default=VARIANT_IDS, help="variants (default: all)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    ap.add_argument("--four-every", type=int, default=20,
                    help="one endgame in this many has 4 tricks left (default 20)")
    ap.add_argument("--keep-special", type=float, default=0.0, metavar="SHARE",
                    help="in this share of the random endgames, random play keeps the Excuse / skus "
                         "to the end (FR-4.4, DK-4.4; default 0)")
    ap.add_argument("--special", type=int, default=0,
                    help="also this many composed 2-3 trick endgames dense in special cards per variant "
                         "(endgames.make_special_endgames), against the reference")
    ap.add_argument("--include-known-bugs", action="store_true",
                    help="do not skip the special endgames that hit reported, unfixed bugs (endgames.known_bug)")
    ap.add_argument("--big", type=int, default=0,
                    help="also this many 5-8 trick endgames per variant, checked without the reference "
                         "(endgames.self_check: all cards, line, re-solving, the core with its search "
                         "features switched off)")
    ap.add_argument("--capped-tricks", type=int, default=None, metavar="N",
                    help="the solver's capped search from N tricks left (Engine.capped_tricks; 0 lets it "
                         "into every endgame, whose tricks are fewer than its default)")
    args = ap.parse_args(argv)
    results = {"command": " ".join(["python", "benchmarks/crosscheck.py"] + (argv or sys.argv[1:])),
               "seed": args.seed, "per_variant": args.per_variant, "workers": args.workers,
               "machine": platform.platform(), "python": platform.python_version(), "variants": {},
               "mismatch": None}
    started = time.perf_counter()
    status = 0
    for vid in args.variants:
        t0 = time.perf_counter()
        items = make_endgames(vid, args.seed, count=args.per_variant, fours=args.per_variant // args.four_every,
                              four_every=args.four_every, keep_special=args.keep_special)
        for extra in make_special_endgames(vid, args.seed, args.special, skip_known=not args.include_known_bugs):
            extra["index"] += args.per_variant
            extra["special"] = True
            items.append(extra)
        for item in items:
            item["capped_tricks"] = args.capped_tricks
        gen_seconds = time.perf_counter() - t0
        by_index = {e["index"]: e for e in items}
        goals, tricks, ref_seconds, done = {}, {}, 0.0, 0
        for index, problems, ref_s, timing in run_items(items, workers=args.workers):
            item = by_index[index]
            done += 1
            ref_seconds += ref_s
            key = "special %d" % item["tricks_left"] if item.get("special") else item["tricks_left"]
            tricks[key] = tricks.get(key, 0) + 1
            for goal in item["goals"]:
                g = goals.setdefault(goal, {"checked": 0, "mismatches": 0, "solver_seconds": 0.0})
                g["checked"] += 1
                g["solver_seconds"] += timing.get(goal, 0.0)
            if problems:
                for goal in item["goals"]:
                    if any("goal %s," % goal in p for p in problems):
                        goals[goal]["mismatches"] += 1
                results["mismatch"] = {"variant": vid, "index": index, "line": item["line"],
                                       "seats": list(item["seats"]), "problems": problems}
                print("MISMATCH in %s endgame %d:\n%s" % (vid, index, "\n".join(problems)), flush=True)
                status = 1
        for g in goals.values():
            g["solver_seconds"] = round(g["solver_seconds"], 3)
        results["variants"][vid] = {
            "endgames": done, "by_tricks_left": {str(k): v for k, v in sorted(tricks.items(), key=str)},
            "seconds": round(time.perf_counter() - t0, 1), "generate_seconds": round(gen_seconds, 1),
            "reference_seconds": round(ref_seconds, 1), "goals": dict(sorted(goals.items()))}
        v = results["variants"][vid]
        if args.big and not status:
            t1 = time.perf_counter()
            big = make_big_endgames(vid, args.seed, args.big)
            for item in big:
                item["capped_tricks"] = args.capped_tricks
            big_goals, big_done = {}, 0
            for index, problems, _, _ in run_items(big, workers=args.workers):
                big_done += 1
                for goal in big[index]["goals"]:
                    big_goals[goal] = big_goals.get(goal, 0) + 1
                if problems:
                    results["mismatch"] = {"variant": vid, "index": index, "line": big[index]["line"],
                                           "seats": list(big[index]["seats"]), "problems": problems, "big": True}
                    print("SELF-CHECK FAILURE in %s big endgame %d:\n%s" % (vid, index, "\n".join(problems)),
                          flush=True)
                    status = 1
            v["big"] = {"endgames": big_done, "goals": dict(sorted(big_goals.items())),
                        "seconds": round(time.perf_counter() - t1, 1), "failures": int(bool(status))}
        print("%-12s %6d endgames %s  %6.1f s (reference %.1f s, cpu)  mismatches %d" % (
            vid, done, v["by_tricks_left"], v["seconds"], v["reference_seconds"],
            sum(g["mismatches"] for g in goals.values())), flush=True)
        for goal, g in v["goals"].items():
            print("    %-14s %6d checked  %d mismatches  solver %.2f s" % (goal, g["checked"], g["mismatches"],
                                                                          g["solver_seconds"]))
        if "big" in v:
            print("    5-8 tricks, self-checked: %d endgames, %.1f s, per goal %s"
                  % (v["big"]["endgames"], v["big"]["seconds"], v["big"]["goals"]))
        results["seconds"] = round(time.perf_counter() - started, 1)
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        if status:
            break
    return status


if __name__ == "__main__":
    sys.exit(main())

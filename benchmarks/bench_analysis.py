"""Analysis throughput: deals per second per core of seeded Monte Carlo runs, JSON out.

    python benchmarks/bench_analysis.py                  # every case, 1 and 2 worker processes
    python benchmarks/bench_analysis.py --quick          # fewer deals
    python benchmarks/bench_analysis.py --out analysis.json

Each case is a fixed hand with the contracts and goals a player would ask about; it runs
with ``jobs=1`` (in this process) and with ``jobs=2`` (two worker processes), the same seed
both times, so the two runs must agree (checked) and their ratio is the scaling on this
machine.  Per run: deals, seconds, deals per second, deals per second per core (the
solver's own time), solves, nodes per second, undecided answers.  Timings are measured here
and now; nothing here is a unit test.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from analysis import analyse_hand  # noqa: E402
from bench_solver import publish  # noqa: E402  (this folder is on the path when run as a script)

CASES = [
    # (name, variant, hand, contracts, goals, settle)
    ("slovenian4 three, yes/no", "slovenian4", "T21 T20 T17 T15 T11 T7 T3 SK SQ HK D2 C8",
     ["three", "solo_three"], ["pagat-ultimo", "trula"], False),
    ("slovenian4 three, settlement", "slovenian4", "T21 T20 T17 T15 T11 T7 T3 SK SQ HK D2 C8",
     ["three"], [], True),
    ("slovenian4 beggar and valat", "slovenian4", "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7",
     ["beggar", "valat"], ["trula"], False),
    ("french4 garde, yes/no", "french4",
     "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX SK HK DK CK S10 H10 D10", ["garde"], ["petit-au-bout"], False),
]


def run_case(name, variant, hand, contracts, goals, settle, deals, seed, jobs):
    start = time.perf_counter()
    summary = analyse_hand(variant, hand, contracts=contracts, goals=goals, settle=settle, deals=deals,
                           seed=seed, jobs=jobs, progress=False)
    seconds = time.perf_counter() - start
    tp = summary.throughput()
    return summary, {
        "case": name, "jobs": jobs, "deals": deals, "seconds": round(seconds, 3),
        "deals_per_second": round(deals / seconds, 3),
        "deals_per_core_second": round(tp["deals_per_core_second"] or 0, 3),
        "solves": tp["solves"], "nodes_per_second": int(tp["nodes_per_second"] or 0),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="6 deals per case, one worker only")
    ap.add_argument("--out", help="write the JSON here too")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals = 6
    rows = []
    for name, variant, hand, contracts, goals, settle in CASES:
        results = {}
        for jobs in (1,) if args.quick else (1, 2):
            summary, row = run_case(name, variant, hand, contracts, goals, settle, args.deals, args.seed, jobs)
            results[jobs] = summary
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
        if 2 in results:  # one seed, one answer, whatever the number of workers
            assert results[1].result_json() == results[2].result_json(), name
            rows[-1]["speedup_over_1_job"] = round(rows[-2]["seconds"] / rows[-1]["seconds"], 2)
    publish({"args": vars(args), "cases": rows}, args.out)


if __name__ == "__main__":
    main()

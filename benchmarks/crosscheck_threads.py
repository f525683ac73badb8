"""Offline check: a solve on several threads gives the one-thread answers on many random endgames.

    python benchmarks/crosscheck_threads.py --per-variant 150 --tricks-left 7 --threads 2 4

For every variant, the benchmark's seeded endgames (random deal, random legal play down to
``--tricks-left`` tricks) are solved for points and for tricks with every card's value, once
on one thread and once on each ``--threads`` count, parallel at once (no one-thread start),
and must agree exactly; the yes/no test of the value (``at_least``) too.  (Trick counts that
the partition table serves search on one thread whatever the count: there the check is of
one thread against one.)  CI runs a small version of this (tests/test_solver_threads.py).
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solver import deal_set  # noqa: E402

from solver.search import Solver  # noqa: E402
from solver.variants import VARIANTS  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-variant", type=int, default=150)
    ap.add_argument("--tricks-left", type=int, default=7)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, nargs="+", default=[2], help="thread counts to check (default 2)")
    args = ap.parse_args(argv)
    checks, start = 0, time.perf_counter()
    for vid in VARIANTS:
        one = Solver(64)
        many = [Solver(64, threads=n) for n in args.threads]
        for solver in many:
            solver._engine.solo_nodes = 0  # parallel from the first node
        for pos in deal_set(vid, args.tricks_left, args.per_variant, args.seed):
            if pos.is_over:  # (a contract that ended early)
                continue
            for goal in ("points", "tricks"):
                a = one.solve(pos, goal, all_cards=True)
                for n, solver in zip(args.threads, many):
                    b = solver.solve(pos, goal, all_cards=True)
                    c = solver.solve(pos, goal, at_least=a.value)
                    d = solver.solve(pos, goal, at_least=a.value + 1)
                    if (b.value, b.cards) != (a.value, a.cards) or c.bounds[0] < a.value or d.bounds[1] > a.value:
                        print("MISMATCH", vid, goal, n, "threads", pos.to_line(), a.value, b.value, c.bounds,
                              d.bounds)
                        return 1
                    checks += 1
        print("%-12s %6d checks  %.1f s" % (vid, checks, time.perf_counter() - start), flush=True)
    print("ok: %d checks (value and every card's value), 0 mismatches" % checks)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A long seeded fuzzing run: malformed input into every way into tarokdd, counting escapes.

    python benchmarks/fuzz.py --inputs 100000 --seed 1 --out fuzz_results.json

The inputs (``tests/fuzzing.py``: mutated JSON, one-line forms, API parameters, scoring
overrides, command lines) are drawn in turn from every kind, reproducibly from ``--seed``.
An *escape* is anything but a clear error: an exception other than ``solver.TarokError``,
a command line that exits with another status than 0 or 2 or prints more than a one-line
error, or a position that does not read back.  The report (JSON, also on stdout) gives per
kind the inputs tried, how many were refused with a clear error, and the escapes, with the
first few escaping inputs in full.  Exit status 1 when anything escaped.
"""

import argparse
import faulthandler
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing import KINDS, Escape, Fuzzer  # noqa: E402

# how often each kind comes up: the command line and the solver are slower per input
WEIGHTS = {"json": 8, "line": 6, "api": 1, "scoring": 2, "cli": 1}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100000, help="inputs in all (default 100000)")
    ap.add_argument("--seed", default="1", help="seed (default 1)")
    ap.add_argument("--kinds", nargs="*", default=list(KINDS), choices=KINDS, help="kinds (default: all)")
    ap.add_argument("--keep", type=int, default=5, help="escaping inputs kept in the report (default 5)")
    ap.add_argument("--out", help="also write the report to this JSON file")
    args = ap.parse_args(argv)
    rng = random.Random("fuzz-run-%s" % args.seed)
    kinds = [k for k in args.kinds for _ in range(WEIGHTS[k])]
    escapes = {k: 0 for k in KINDS}
    examples = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as workdir:
        fuzzer = Fuzzer(args.seed, workdir)
        for i in range(args.inputs):
            kind = kinds[i % len(kinds)]
            faulthandler.dump_traceback_later(120)  # an input that hangs shows where
            try:
                fuzzer.one(kind, random.Random(rng.getrandbits(64)))
            except Escape as exc:
                escapes[kind] += 1
                if len(examples) < args.keep:
                    examples.append({"kind": kind, "what": exc.what, "input": exc.shown})
            faulthandler.cancel_dump_traceback_later()
            if (i + 1) % 5000 == 0:
                print("%d inputs, %d escapes, %.0f s" % (i + 1, sum(escapes.values()), time.perf_counter() - started),
                      file=sys.stderr)
    report = {
        "inputs": args.inputs, "seed": args.seed, "seconds": round(time.perf_counter() - started, 1),
        "escapes": sum(escapes.values()),
        "kinds": {k: {"tried": fuzzer.counts[k], "refused": fuzzer.refused[k], "escapes": escapes[k]}
                  for k in KINDS if fuzzer.counts[k]},
        "examples": examples, "python": platform.python_version(), "machine": platform.machine(),
    }
    text = json.dumps(report, indent=2, ensure_ascii=False)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 1 if report["escapes"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""The transposition table stays within its memory budget (``memory_mb``) while it grows.

The table starts small and grows as it fills; it used to allocate the larger table before
freeing the smaller one, so a 16 MB budget peaked at 24 MB more resident memory (64 MB at
72 MB).  It now grows in place inside address space reserved for the whole budget.  The
test solves Danish deals on one table until it has grown to the full 16 MB (its last growth
doubles it from 8 MB: the old peak, 8 + 16 MB, is the largest overshoot) and reads the
process's peak resident memory (VmHWM, reset just before), in a fresh process so nothing else moves it.
"""

import json
import subprocess
import sys

import pytest

MEASURE = """
import json
from solver import Solver
from solver.deal import random_position

def status_kb(field):  # VmRSS: resident now; VmHWM: the peak (ru_maxrss would include the parent's)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field + ":"))

with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the peak starts again from what is resident now
before = status_kb("VmRSS")
solver = Solver(memory_mb=16)
for seed in range(3, 13):  # deals searched on one table until it has grown to the budget
    solver.solve(random_position("danish", seed=seed), limit=6000000)
    if solver.table_bytes >= 16 * 2 ** 20:
        break
print(json.dumps({"peak_mb": (status_kb("VmHWM") - before) / 1024, "table_mb": solver.table_bytes / 2 ** 20}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the resident memory from /proc (Linux)")
def test_the_table_never_takes_more_than_its_budget():
    run = subprocess.run([sys.executable, "-c", MEASURE], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    measured = json.loads(run.stdout)
    assert measured["table_mb"] == 16  # it grew to the whole budget
    assert measured["peak_mb"] <= 16 + 3, measured  # + a little for the search's own Python objects

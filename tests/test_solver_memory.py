"""The transposition table stays within its memory budget (``memory_mb``) while it grows.

The table starts small and grows as it fills; it used to allocate the larger table before
freeing the smaller one, so a 16 MB budget peaked at 24 MB more resident memory (64 MB at
72 MB).  It now grows in place inside address space reserved for the whole budget.  The
test solves Danish deals on one table of a 19 MB budget until it has grown to its largest size
(16 MB of entries and their filter, a byte per 64-byte bucket: 16.25 MB; its last growth
doubles it from 8 MB: the old peak, 8 + 16 MB, is the largest overshoot), and the quasi table
(_quasi.pxd: an eighth of the budget, 65,536 entries of 24 bytes) to its own, and reads the
process's peak resident memory (VmHWM, reset just before), in a fresh process so nothing else moves it.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver._core import Engine
from solver.deal import random_position

sys.path.insert(0, str(Path(__file__).resolve().parent))
from endgames import core_spec  # noqa: E402

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
solver = Solver(memory_mb=19)
for seed in range(3, 13):  # deals searched on one table until it has grown to the budget
    solver.solve(random_position("danish", seed=seed), limit=6000000)
    if solver.table_bytes >= 17.75 * 2 ** 20:
        break
print(json.dumps({"peak_mb": (status_kb("VmHWM") - before) / 1024, "table_mb": solver.table_bytes / 2 ** 20}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the resident memory from /proc (Linux)")
def test_the_table_never_takes_more_than_its_budget():
    run = subprocess.run([sys.executable, "-c", MEASURE], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    measured = json.loads(run.stdout)
    assert measured["table_mb"] == 16.25 + 1.5  # both grew to the largest sizes within the budget
    assert measured["peak_mb"] <= 19 + 3, measured  # + a little for the search's own Python objects


def test_clear_starts_the_table_at_a_new_engines_size():
    """clear() forgets the entries and shrinks the table back to where a new engine starts
    (1 MB), so the next solve searches as on a new engine: the same nodes, not those of a
    table that an earlier, larger solve grew (there a small solve's entries spread over the
    whole budget, fewer of them in the processor's caches)."""
    def spec(seed):
        pos = random_position("koenigrufen", seed=seed)
        return core_spec(pos, "points", pos.parties[0])

    engine = Engine(16)
    engine.solve(spec(2))
    # grown to the largest sizes within the budget: the exact table with its filter (a byte per
    # 64-byte bucket) and the quasi table (an eighth of the budget: 65,536 entries of 24 bytes)
    assert engine.table_bytes == 8 * 2 ** 20 + 2 ** 17 + 65536 * 24
    engine.clear()
    assert engine.table_bytes == 2 ** 20 + 2 ** 14 + 4096 * 24
    again, new = engine.solve(spec(1)), Engine(16).solve(spec(1))
    assert (again["nodes"], again["lower"]) == (new["nodes"], new["lower"])
    assert again["lower"] == again["upper"]

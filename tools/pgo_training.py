"""The workload a profile-guided build of the search core trains on (setup.py runs it).

``python tools/pgo_training.py PATH`` loads the instrumented extension at PATH as
``solver._core`` (the rest of ``solver`` from this source tree) and solves a fixed set of
seeded positions: card points, trick counts and yes/no goals, in the 54-card and the French
games, so that the compiler learns which branches the search takes.  Node limits, not times,
bound each solve: the same profile on any machine.  It takes a few seconds.
"""

import importlib.util
import random
import sys
from pathlib import Path

# (variant, tricks left, deals, goal, node limit per solve): the exact table's card points
# (full 12-trick deals most, then endgames of the longer games with their pips) and the
# partition table's trick counts in about equal nodes (trained on card points mostly, the
# trick counts came out 6-9 % slower than unguided), and the contract.
WORKLOAD = [
    ("slovenian4", 12, 2, "points", 2_500_000),
    ("koenigrufen", 10, 2, "points", 2_000_000),
    ("french4", 11, 2, "points", 1_000_000),
    ("slovenian3", 12, 2, "points", 1_000_000),
    ("danish", 11, 1, "points", 1_000_000),
    ("slovenian4", 12, 8, "tricks", 1_000_000),
    ("koenigrufen", 12, 4, "tricks", 1_000_000),
    ("french5", 11, 3, "tricks", 1_000_000),
    ("slovenian4", 12, 3, "win", 1_000_000),
]


def load_core(path: str) -> None:
    """Put the extension at ``path`` in sys.modules as solver._core, before solver is imported."""
    spec = importlib.util.spec_from_file_location("solver._core", path)
    if spec is None or spec.loader is None:
        raise ImportError("no extension module at %s" % path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["solver._core"] = module
    spec.loader.exec_module(module)


def train() -> int:
    """Solve the workload; the number of nodes searched."""
    from solver import Solver
    from solver.deal import random_position

    nodes = 0
    solver = Solver(memory_mb=64)
    for variant, tricks_left, deals, goal, limit in WORKLOAD:
        rng = random.Random("pgo:%s:%d:%s" % (variant, tricks_left, goal))
        for _ in range(deals):
            pos = random_position(variant, rng=rng)
            while pos.n_tricks - len(pos.tricks) > tricks_left and not pos.is_over:
                pos.play(rng.choice(pos.legal_moves))
            nodes += solver.solve(pos, goal, limit=limit).nodes
    return nodes


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this tree's solver package
    load_core(sys.argv[1])
    print("trained on %d nodes" % train())

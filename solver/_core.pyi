"""Type stub of the compiled search core (solver/_core.pyx): what it shows to Python.

``spec`` is the integer description of a position that :func:`solver.search.encode` builds
(its keys are read in ``Engine._load``); move codes are ``suit << 5 | rank``, plus
``(name + 1) << 8`` for a led Danish skus named ``name``.
"""

import queue
from typing import Any, TypedDict

from typing_extensions import NotRequired, Self, disjoint_base

Spec = dict[str, Any]
MAX_SEARCH_THREADS: int  # threads of one parallel solve, at most

class SolveOutput(TypedDict):
    """What :meth:`Engine.solve` returns: bounds on the side's remaining count and counters."""

    lower: int
    upper: int
    nodes: int
    probes: int
    hits: int
    iterations: int
    put_aside: int  # tests put aside when their budget under a limit ran out (one thread)
    aborted: bool
    partition: bool  # the search used the partition table (see Engine.solve)
    # the root count's tests, the first 64: (alpha, beta, fail-soft result, stopped by a budget
    # or the limit, nodes of all threads)
    tests: list[tuple[int, int, int, bool, int]]
    cards: NotRequired[dict[int, tuple[int, int]]]  # with all_cards: move code -> (lower, upper)
    line: NotRequired[list[int]]  # with line: move codes, a Danish DEMAND as -1

@disjoint_base
class Engine:
    """One search: its transposition table (a fixed memory budget) and counters."""

    solo_nodes: int  # a parallel solve searches this many nodes on one thread first
    round_nodes: int  # a valat test's first trick: a move's budget after the first round, doubled each round
    capped_tricks: int  # a capped search only from this many tricks left
    def __new__(cls, memory_mb: int = 256) -> Self: ...
    def stop(self) -> None: ...
    def clear(self) -> None: ...
    def forget_bounds(self) -> None: ...
    def legal(self, spec: Spec) -> list[int]: ...
    def winner(self, spec: Spec, last: bool = False) -> int: ...
    def solve(
        self,
        spec: Spec,
        node_limit: int = 0,
        time_limit: float = 0.0,
        target: int = -1,
        all_cards: bool = False,
        line: bool = False,
        use_table: bool = True,
        use_order: bool = True,
        use_equiv: bool = True,
        use_bounds: bool = True,
        threads: int = 1,
        use_estimate: bool = True,
        use_forecast: bool = True,
        use_partition: bool = True,
        use_near: bool = True,
        use_hints: bool = True,
        use_follow_hints: bool = True,
        use_rounds: bool = True,
        use_beaters: bool = True,
        use_lean: bool = True,
        use_bracket: bool = True,
        use_quasi: bool = True,
        use_one: bool = True,
        use_capped: bool = True,
    ) -> SolveOutput: ...
    def _test(self, w: int, alpha: int, beta: int, results: queue.Queue[tuple[int, int, int, int, bool]]) -> None: ...
    @property
    def progress(self) -> tuple[int, int, int]: ...
    @property
    def entries(self) -> int: ...
    @property
    def max_entries(self) -> int: ...
    @property
    def table_bytes(self) -> int: ...

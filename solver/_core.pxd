# cython: language_level=3
# The Python face of the compiled search: one Engine holds a search's table and counters
# (solver/search.py drives it).  The search itself is in _search.pxd; it, the rules of play,
# the bounds, the tables, the move ordering and the spec's loading are the inline units
# _core.pyx cimports (_search, _rules, _bounds, _table, _quasi, _partition, _moves, _spec,
# _driver, _abdada, _system), all on the data of _types.pxd.

from libc.stdint cimport uint32_t, uint64_t

from solver._driver cimport Tests
from solver._types cimport BUSY, Crewmate, Rules, Search, State


cdef class Engine:
    cdef Search X                   # the search (thread 0 of a parallel solve)
    cdef char gap0[128]             # (the gaps keep what threads write on separate cache lines)
    cdef Crewmate* crew             # threads 1.. of a parallel solve (allocated at the first one)
    cdef uint32_t busy_marks[BUSY]  # the nodes each thread is searching (ABDADA)
    cdef char gap1[128]
    cdef int threads
    cdef public long long solo_nodes  # a parallel solve searches this many nodes on one thread first
    cdef public long long round_nodes  # a valat test's first trick: a move's budget after the first round (expand)
    cdef public int capped_tricks   # a capped search only from this many tricks left (_search.pxd capped_search)
    cdef object stopping            # set by stop(): no new searches are started
    cdef Rules one_rules            # the side's tricks as the count (Search.one_rules)
    cdef Rules count_rules          # (the solve's own rules, which one_trick and capped_search put back)
    cdef Rules capped_rules         # the count's rules with the dear cards' points capped (Search.capped_rules)
    cdef int live[2]                # the root's proven bounds, narrowing while it is searched (progress)
    cdef int at_root                # 1 while solve() searches the root's count
    cdef int use_estimate           # an exact count's tests walk from a playout's estimate
    cdef int use_lean               # they lean high where fewer seats maximise the count (passes_dear)
    cdef int use_bracket            # a count in card units, once bracketed, is searched whole (tests_next)
    cdef int use_rounds             # a valat test's first trick searches its moves in rounds (expand)
    cdef int use_beaters            # a valat test orders the opponents' leads by order_by_beaters
    cdef bint hints_kept            # the last solve may have left lead hints (cleared at the next)
    cdef uint64_t reserved_entries  # the exact table's address space (the whole budget)
    cdef uint64_t budget_bytes      # memory_mb: the exact and the partition table share it

    cdef bint _partition_table(self)
    cdef void _release_partition(self) noexcept
    cdef uint64_t _partition_bytes(self, uint64_t buckets) noexcept

    cdef void _load(self, dict spec, State* S) except *
    cdef void _capped(self, dict spec, State* child) except *
    cdef tuple _bounds(self, State* S, int target, int guess)
    cdef tuple _bounds_parallel(self, State* S, int target, Tests* T)
    cdef Search* _search(self, int w) noexcept
    cdef void _log(self, dict began, int beta, int result, int stopped, long long searched)
    cdef object _worker(self, int w, int alpha, int beta, State* root, object results)
    cdef int _child(self, State* S, int move) noexcept
    cdef bint _holds(self, State* S, int value, int mode)
    cdef list _line(self, State* root, int value, int mode)

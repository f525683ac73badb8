# cython: language_level=3
# ABDADA's marks for a parallel solve: each thread marks the nodes it is searching in
# Search.busy, so that the others put those off (expand) and find their results in the table.

from solver._types cimport *


cdef inline int claim(Search* X, uint64_t key, int exclusive, uint32_t* slot) noexcept nogil:
    """Mark a node as being searched by this thread (ABDADA); 0 when it is exclusive and
    another thread already searches it.  The marks are hints: a lost or stale one costs time,
    never a wrong value."""
    cdef uint32_t mark = <uint32_t>(key >> 32) | 1
    slot[0] = <uint32_t>key & (BUSY - 1)
    if exclusive and X.busy[slot[0]] == mark:
        return 0
    X.busy[slot[0]] = mark
    return 1


cdef inline void release(Search* X, uint64_t key, uint32_t slot) noexcept nogil:
    if X.busy[slot] == (<uint32_t>(key >> 32) | 1):
        X.busy[slot] = 0

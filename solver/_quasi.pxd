# cython: language_level=3
# The quasi table: bounds that carry over between trick starts that differ only in the
# points of some plain cards (quasi-symmetry, after Kupferschmid and Helmert's Skat solver).
#
# Two positions whose plain suits hold their cards in the same holders' order, rank by rank,
# and differ only in what some of those cards are worth (a queen where the other has a king,
# a pip where the other has a jack) are played alike: every line of one is a line of the other,
# with the same tricks to the same seats, for no play rule reads a card's points and the cards
# whose identity a rule or the goal reads (Rules.keep_apart) keep it in the key.  Along any
# line the count differs only by the cards that differ, each counting for the side when the
# side takes it: by d for a card worth d more, so between the sum of the negative and the sum
# of the positive differences.  The minimax values differ by as much at most: a bound proven
# for one position is a bound for the other, widened by the points the other holds more
# (class_gap).  Such positions come from a seat's cards that only points tell apart (near
# cards, expand): after one is played the other stays, and the search of the other's move
# meets, trick by trick, the positions of the first's search with the two cards' points
# swapped, which the exact table keys apart.

from solver._types cimport *
from libc.string cimport memset

from solver._table cimport hashed_suit, key_of, key_rest, merge_bound, mix, replace_score

cdef enum:
    QUASI_START = 1 << 12           # a new quasi table's entries (96 kB): it grows as it fills


cdef inline void blind_part(const Rules* R, State* S, int s) noexcept nogil:
    """Plain suit s's part of a quasi key (its cards' holders in rank order, hashed as the
    exact key's suit_part, without their points), and its 16 bits of S.cls: the suit's cards
    out worth more than min_pts.  Ranked above the suit's others (Rules.quasi_ok), they are its
    highest cards out, and they tell the points of each card out in rank order."""
    cdef uint32_t bits = 0
    cdef int seat
    for seat in range(R.n_seats):
        bits |= S.hand[seat][s]
    S.blind_key[s] = hashed_suit(R.blind_sym[s], s, bits)
    S.cls = (S.cls & ~(<uint64_t>0xFFFF << (16 * s))) | (<uint64_t>(bits & R.dear[s]) << (16 * s))


cdef inline uint64_t quasi_key(const Search* X, State* S) noexcept nogil:
    """The quasi key of a trick start whose exact key (boundary_key) is made: the exact key's
    parts of trumps and the special card, the plain suits' without points (blind_part), the
    rest as the exact key.  S.cls gets the plain cards' points.  Each plain suit's part is
    kept in the state and recomputed only for the suits tricks touched since."""
    cdef int s
    cdef uint64_t cards
    for s in range(N_PLAIN):
        if (S.blind_dirty >> s) & 1:
            blind_part(&X.R, S, s)
    S.blind_dirty = 0
    cards = X.quasi_context ^ <uint64_t>0x9E6C63D0676A9A99 ^ (S.blind_key[0] ^ S.blind_key[1]) ^ (
        S.blind_key[2] ^ S.blind_key[3]) ^ (S.suit_key[TRUMP] ^ S.suit_key[SPECIAL])
    return key_of(cards, key_rest(&X.R, S, S.leader, S.won_mask))


cdef inline void class_gap(const Rules* R, uint64_t cur, uint64_t other, int* more, int* less) noexcept nogil:
    """What the cards of the position ``cur`` are worth more (``more``) and less (``less``)
    than those of ``other``, card by card in rank order (``cls``, see blind_part; of two
    positions with the same quasi key, whose suits hold as many cards out)."""
    cdef int s, d
    cdef uint32_t a, b
    more[0] = less[0] = 0
    for s in range(N_PLAIN):
        a = <uint32_t>(cur >> (16 * s)) & 0xFFFF
        b = <uint32_t>(other >> (16 * s)) & 0xFFFF
        while a != b:  # (the cards below the last dear one are worth min_pts in both)
            d = (R.excess[s][31 - clz32(a)] if a else 0) - (R.excess[s][31 - clz32(b)] if b else 0)
            if d > 0:
                more[0] += d
            else:
                less[0] -= d
            if a:
                a &= ~(<uint32_t>1 << (31 - clz32(a)))
            if b:
                b &= ~(<uint32_t>1 << (31 - clz32(b)))


cdef inline uint64_t q_sealed(uint64_t key, const QEntry* e) noexcept nogil:
    """The key XOR a hash of the entry's other fields (the same operation seals and opens):
    an entry torn by two threads writing it at once does not open to its key."""
    return key ^ mix(e.cls, <uint64_t><uint16_t>e.lower | (<uint64_t><uint16_t>e.upper << 16)
                     | (<uint64_t>e.tricks_left << 32) | (<uint64_t>e.age << 40) | (<uint64_t>e.pips_used << 48),
                     <uint64_t>0x94D049BB133111EB)


cdef inline uint64_t q_bucket(const Search* X, uint64_t key) noexcept nogil:
    return key & (X.q_entries - 1) & ~<uint64_t>3


cdef inline void quasi_prefetch(const Search* X, uint64_t key) noexcept nogil:
    """Start the loads of the key's bucket (two cache lines)."""
    cdef const char* p = <const char*>&X.quasi[q_bucket(X, key)]
    prefetch(p)
    prefetch(p + 64)


cdef inline int quasi_bounds(Search* X, uint64_t key, uint64_t cls, int* lo, int* hi,
                             int* pips_used) noexcept nogil:
    """Narrow [lo, hi] to the bounds of the key's entries (the same position, or one that
    differs from it in plain cards' points), each widened by what the cards differ
    (class_gap); 0 when none narrowed them.  ``pips_used`` gets, of the entries that narrowed
    them, the suits whose pips' order their proofs used, and every suit whose points differ
    (which of its cards are pips may differ)."""
    cdef uint64_t base = q_bucket(X, key), differ
    cdef int j, s, more, less, narrowed = 0, used
    cdef QEntry e
    for j in range(4):
        e = X.quasi[base + j]  # a copy: another thread may be writing the slot
        if e.age == 0 or q_sealed(e.check, &e) != key:
            continue
        class_gap(&X.R, cls, e.cls, &more, &less)
        used = 0
        if e.lower - less > lo[0]:
            lo[0] = e.lower - less
            used = 1
        if e.upper + more < hi[0]:
            hi[0] = e.upper + more
            used = 1
        if used:
            narrowed = 1
            pips_used[0] |= e.pips_used
            differ = cls ^ e.cls
            for s in range(N_PLAIN):
                if (differ >> (16 * s)) & 0xFFFF:
                    pips_used[0] |= 1 << s
    return narrowed


cdef inline void quasi_grow(Search* X) noexcept nogil:
    """Eight times larger, up to q_max, in place (as the exact table grows, _table.pxd grow):
    entries whose bucket changes move into the new part, still empty."""
    cdef uint64_t old_n = X.q_entries, i, j, key, base
    cdef QEntry moving
    X.q_entries = min(X.q_entries * 8, X.q_max)
    for i in range(old_n):
        if X.quasi[i].age == 0:
            continue
        key = q_sealed(X.quasi[i].check, &X.quasi[i])
        base = q_bucket(X, key)
        if base != (i & ~<uint64_t>3):
            moving = X.quasi[i]
            memset(&X.quasi[i], 0, sizeof(QEntry))
            for j in range(4):  # (its new bucket holds only moved entries: a slot is free)
                if X.quasi[base + j].age == 0:
                    X.quasi[base + j] = moving
                    break


cdef inline QEntry* quasi_slot(Search* X, uint64_t key, uint64_t cls, QEntry* cur) noexcept nogil:
    """The slot of a key and its points: their entry (copied to ``cur``), else the slot a new
    one takes (replace_score; ``cur.age`` = 0)."""
    cdef uint64_t base = q_bucket(X, key)
    cdef int j, score, worst = 1 << 30
    cdef QEntry* e = NULL
    for j in range(4):
        cur[0] = X.quasi[base + j]
        if cur.age != 0 and cur.cls == cls and q_sealed(cur.check, cur) == key:
            return &X.quasi[base + j]
    cur.age = 0
    for j in range(4):
        score = replace_score(X.quasi[base + j].age, X.quasi[base + j].tricks_left, X.age)
        if score < worst:
            worst, e = score, &X.quasi[base + j]
    return e


cdef inline void quasi_store(Search* X, uint64_t key, uint64_t cls, int v, int alpha, int beta,
                             int pips_used, int tricks_left) noexcept nogil:
    """Merge a search result into the entry of the key and these points (``pips_used``: the
    plain suits whose pips' order its proof used; the entry keeps those of all its bounds')."""
    cdef QEntry c
    cdef QEntry* e = quasi_slot(X, key, cls, &c)
    if c.age == 0:
        if e.age == 0:
            X.q_fills += 1
            # grown at a quarter full, as the exact table (_table.pxd store): in a parallel
            # solve by the driver between searches
            if X.q_entries < X.q_max and X.q_fills * X.crew * 4 > X.q_entries:
                if X.crew == 1:
                    quasi_grow(X)
                    e = quasi_slot(X, key, cls, &c)
                else:
                    X.q_grow_wanted = 1
        c.cls = cls
        c.lower = -INF
        c.upper = INF
        c.pips_used = 0
    merge_bound(v, alpha, beta, &c.lower, &c.upper)
    c.pips_used |= pips_used
    c.tricks_left = tricks_left
    c.age = X.age
    c.check = q_sealed(key, &c)
    e[0] = c

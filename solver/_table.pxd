# cython: language_level=3
# The transposition table: rank-relative keys of trick-start positions and the bounds
# stored under them (4-entry buckets of 16-byte entries, grown in place up to a budget), and
# beside it a byte per bucket that filters the probes of keys it does not hold.

from solver._types cimport *
from libc.string cimport memset

from solver._rules cimport excuse_out

cdef enum:
    START_ENTRIES = 1 << 16         # a new table's entries (1 MB): it grows as it fills (store)


cdef inline uint64_t table_bytes_for(uint64_t n_entries) noexcept nogil:
    """The memory of a table of ``n_entries`` entries with its filter (a byte per bucket)."""
    return n_entries * sizeof(Entry) + n_entries // 4


cdef inline uint64_t mix(uint64_t h, uint64_t x, uint64_t mul) noexcept nogil:
    h = (h ^ x) * mul
    return h ^ (h >> 29)


cdef inline uint64_t suit_part(const Rules* R, int s, uint32_t bits) noexcept nogil:
    """One suit's part of a table key: the holders and point classes of its remaining cards
    (``bits``) in rank order (hashed_suit)."""
    return hashed_suit(R.key_sym[s], s, bits)


cdef inline uint64_t hashed_suit(const uint16_t* sym, int s, uint32_t bits) noexcept nogil:
    """The symbols (``sym``: Rules.key_sym or blind_sym) of suit s's cards ``bits`` in rank
    order, 9 bits a card, seven cards a word, hashed; then the suit mixed in.  The parts are
    XORed together (cards_part), so the suit must not meet the first word linearly: as the
    hash's seed it made two suits' parts equal for holdings a class bit apart, and positions
    of different deals in one table shared a key."""
    cdef uint64_t h = 0xFF00, word = 1
    cdef int r, count = 0
    while bits:
        r = ctz32(bits)
        bits &= bits - 1
        word = (word << 9) | sym[r]
        count += 1
        if count == 7:
            h = mix(h, word, <uint64_t>0x9E3779B97F4A7C15)
            word = 1
            count = 0
    h = mix(h, word, <uint64_t>0x9E3779B97F4A7C15)
    return mix(h, <uint64_t>(s + 1) * <uint64_t>0xD6E8FEB86659FD93, <uint64_t>0xC2B2AE3D27D4EB4F)


cdef inline uint64_t cards_part(const Search* X, const uint64_t* suit_key) noexcept nogil:
    """The cards' share of a table key: the suits' parts (suit_part) XORed together and with
    the solve's context, with no chain of dependent multiplies; a position after a trick's last
    card changes one suit's part, XORed out and in again."""
    return X.context ^ (suit_key[0] ^ suit_key[1]) ^ (suit_key[2] ^ suit_key[3]) ^ (suit_key[4] ^ suit_key[5])


cdef inline uint64_t key_of(uint64_t cards, uint64_t sym) noexcept nogil:
    """The table key from the cards' share (cards_part) and the rest of the position (``sym``)."""
    cdef uint64_t key = cards ^ ((sym + 0x10000) * <uint64_t>0x9E3779B97F4A7C15)
    return mix(key, key >> 31, <uint64_t>0xBF58476D1CE4E5B9)  # (the low bits pick the bucket)


cdef inline uint64_t key_rest(const Rules* R, const State* S, int leader, int won_mask) noexcept nogil:
    """What a table key holds besides the cards: the leader and the counts that change what
    is still to come (``won_mask``: S.won_mask, or what it becomes when the trick ends)."""
    cdef uint64_t sym = leader + 8 * S.stop_count + 32 * S.bouts + 128 * (S.side_tricks if R.exactly_one else 0)
    if R.special_kind == SPECIAL_EXCUSE and excuse_out(R, S):
        sym += 512 * (won_mask + 1)  # FR-4.4 depends on who has won tricks
    return sym


cdef inline uint64_t boundary_key(const Search* X, State* S) noexcept nogil:
    """The table key of a trick-boundary position, rank-relative: per suit, the owners of the
    remaining cards in rank order with their point class.  Positions that differ only in
    which cards are already gone share one entry; cards whose identity a play rule or the
    goal uses (Rules.keep_apart: the emperor trick's cards, the Excuse, reserved and event
    cards) keep it.  Each suit's part is kept in the state and recomputed only for the suits
    the last trick touched."""
    cdef const Rules* R = &X.R
    cdef uint32_t bits
    cdef int s, seat
    for s in range(N_SUITS):
        if (S.key_dirty >> s) & 1:
            bits = 0
            for seat in range(R.n_seats):
                bits |= S.hand[seat][s]
            S.suit_key[s] = suit_part(R, s, bits)
    S.key_dirty = 0
    return key_of(cards_part(X, S.suit_key), key_rest(R, S, S.leader, S.won_mask))


cdef inline uint64_t bucket(const Search* X, uint64_t key) noexcept nogil:
    return key & (X.n_entries - 1) & ~<uint64_t>3


cdef inline uint64_t sealed(uint64_t key, const Entry* e) noexcept nogil:
    """The key XOR the entry's other fields (the same operation seals and opens): an entry
    torn by two threads writing it at once does not open to its key."""
    return key ^ (<uint64_t><uint16_t>e.lower | (<uint64_t><uint16_t>e.upper << 16)
                  | (<uint64_t>e.best << 32) | (<uint64_t>e.tricks_left << 48) | (<uint64_t>e.age << 56))


cdef inline int holds(const Entry* e, uint64_t key) noexcept nogil:
    """Whether a copied entry is the key's, whole."""
    return e.age != 0 and sealed(e.check, e) == key


cdef inline uint8_t key_bits(uint64_t key) noexcept nogil:
    """A key's one or two bits in its bucket's filter (from key bits the bucket index never
    uses)."""
    return <uint8_t>((1 << ((key >> 58) & 7)) | (1 << (key >> 61)))


cdef inline void refilter(Search* X, uint64_t base) noexcept nogil:
    """Set the filter of the bucket at ``base`` to the bits of the keys it holds.  Most probes
    are of positions the table does not hold (a third to two fifths in full deals), and the
    filter, a 64th of the table's size, answers most of them from the processor's caches
    without the bucket's cache line: the card points of full Slovenian deals took 4.7 % less
    time on the median deal, Königrufen, French 4-player, Slovenian 3-player and French
    5-player endgames 4-10 %, the same nodes (docs/reference/solving-speed.md).  Threads that
    write one bucket at once may leave a key's bits out: a probe then misses an entry, which
    costs work, never a wrong value."""
    cdef uint8_t bits = 0
    cdef int j
    for j in range(4):
        if X.table[base + j].age:
            bits |= key_bits(sealed(X.table[base + j].check, &X.table[base + j]))
    if X.filter[base >> 2] != bits:  # (a write makes the line the other threads' caches hold stale)
        X.filter[base >> 2] = bits


cdef inline int probe(Search* X, uint64_t key, Entry* out) noexcept nogil:
    """Copy the key's entry to ``out``; 0 when the table has none (the bucket's filter says so
    without reading it: refilter)."""
    cdef uint64_t base = bucket(X, key)
    cdef uint8_t bits = key_bits(key)
    cdef int j
    X.probes += 1
    if (X.filter[base >> 2] & bits) != bits:
        return 0
    for j in range(4):
        out[0] = X.table[base + j]  # a copy: another thread may be writing the slot
        if holds(out, key):
            X.hits += 1
            return 1
    return 0


cdef inline int table_bounds(Search* X, uint64_t key, int* lo, int* hi, int* best,
                             int* pips_used) noexcept nogil:
    """Narrow [lo, hi] to the key's table entry and give its best move and the suits whose
    pips' order its proofs used; 0 when it has none."""
    cdef Entry e
    if not probe(X, key, &e):
        return 0
    if e.lower > lo[0]:
        # (in a capped search, a lower bound of the count's own counts as no more than the
        # capped count is known to reach: capped_search)
        lo[0] = min(e.lower, X.capped_top) if X.in_capped else e.lower
    if e.upper < hi[0]:
        hi[0] = e.upper
    best[0] = e.best & 0xFFF
    pips_used[0] = e.best >> 12
    return 1


cdef inline int replace_score(uint8_t age, uint8_t tricks_left, uint8_t now) noexcept nogil:
    """Which slot of a bucket a new key takes (the lowest score): an empty one (``age`` 0),
    else the one holding the least work (``tricks_left``), entries of earlier solves first."""
    return -1 if age == 0 else tricks_left + (64 if age == now else 0)


cdef inline Entry* slot_for(Search* X, uint64_t key, Entry* cur) noexcept nogil:
    """The slot of a key: its entry (copied to ``cur``), else the bucket's empty slot or the
    one holding the least work, entries of earlier solves first (``cur.age`` = 0)."""
    cdef uint64_t base = bucket(X, key)
    cdef int j, score, worst = 1 << 30
    cdef Entry* e = NULL
    for j in range(4):
        cur[0] = X.table[base + j]
        if holds(cur, key):
            return &X.table[base + j]
    cur.age = 0
    for j in range(4):
        score = replace_score(X.table[base + j].age, X.table[base + j].tricks_left, X.age)
        if score < worst:
            worst, e = score, &X.table[base + j]
    return e


cdef inline void grow(Search* X) noexcept nogil:
    """Eight times larger, up to the budget, in place: the address space of the whole budget
    is reserved (reserve_table), so growing widens the index and moves each entry whose bucket
    changes into the new part, which is still empty; no second table is ever allocated, and
    the memory in use never exceeds the budget; the filters of the old part are set again and
    those of the new part, still zero, get the bits of the entries moved in.  Never while
    another thread searches the table.
    (On huge pages, 2 MB ones: from 2 MB on, nearly every probe is in another page, and with
    4 kB pages each one also missed the TLB; 5 % less time on full Slovenian deals.)"""
    cdef uint64_t n = X.n_entries * 8, i, old_n = X.n_entries, key
    cdef Entry moving, cur
    cdef Entry* e
    if n > X.max_entries:
        n = X.max_entries
    X.n_entries = n
    for i in range(old_n):
        if X.table[i].age and bucket(X, sealed(X.table[i].check, &X.table[i])) != (i & ~<uint64_t>3):
            moving = X.table[i]
            memset(&X.table[i], 0, sizeof(Entry))
            key = sealed(moving.check, &moving)
            e = slot_for(X, key, &cur)  # (its new bucket holds only moved entries)
            e[0] = moving
            X.filter[bucket(X, key) >> 2] |= key_bits(key)
    for i in range(0, old_n, 4):
        refilter(X, i)


cdef inline void merge_bound(int v, int alpha, int beta, int16_t* lower, int16_t* upper) noexcept nogil:
    """A fail-soft result for the window (alpha, beta) narrows an entry's bounds: below it an
    upper bound, above it a lower one, within it the value."""
    if v <= alpha:
        if v < upper[0]:
            upper[0] = v
    elif v >= beta:
        if v > lower[0]:
            lower[0] = v
    else:
        lower[0] = v
        upper[0] = v


cdef inline void store(Search* X, uint64_t key, int v, int alpha, int beta, int best,
                int pips_used, int tricks_left) noexcept nogil:
    """Merge a search result into the position's entry (``pips_used``: the suits whose pips'
    order its proof used; the entry keeps those of all its bounds' proofs)."""
    cdef Entry c
    cdef Entry* e = slot_for(X, key, &c)
    cdef int new_key = c.age == 0
    if new_key:
        if e.age == 0:
            X.fills += 1
            # grow at a quarter full: a fuller table's buckets already push out entries a
            # search needs again (grown at three quarters full, a solve on a new engine took
            # 4-10 % more nodes for card points: docs/reference/solving-speed.md).  Threads
            # that share the table fill it alike: each counts its own fills (no cache line
            # shared between cores) for all
            if X.n_entries < X.max_entries and X.fills * X.crew * 4 > X.n_entries:
                if X.crew == 1:
                    grow(X)
                    e = slot_for(X, key, &c)
                else:
                    X.grow_wanted = 1  # the driver grows the table between searches
        c.lower = 0
        c.upper = INF
        c.best = 0
    merge_bound(v, alpha, beta, &c.lower, &c.upper)
    c.best = (best & 0xFFF) | (c.best & 0xF000) | (pips_used << 12)
    c.tricks_left = tricks_left
    c.age = X.age
    c.check = sealed(key, &c)
    e[0] = c
    if new_key:  # (the bucket's keys changed)
        refilter(X, bucket(X, key))


cdef inline void forget_bounds(Search* X) noexcept nogil:
    """Every entry's bounds forgotten, its move kept (and none of the pips its proofs read):
    a search then proves each position afresh, the moves found before tried first."""
    cdef uint64_t i, key
    cdef Entry* e
    for i in range(X.n_entries):
        e = &X.table[i]
        if e.age == 0:
            continue
        key = sealed(e.check, e)
        e.lower = 0
        e.upper = INF
        e.best &= 0xFFF
        e.check = sealed(key, e)

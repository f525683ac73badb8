# cython: language_level=3
# Partition search (DDS's winning ranks, macroxue's rank winners) for the goals whose value
# no card's rank decides beyond who wins each trick: an entry keeps, per suit, only the
# remaining cards at or above the lowest rank its proof read (its relevance, ``rel``), and
# answers every position with the same cards per seat and suit and the same holders of those
# kept cards.  The exact table (_table.pxd) stays for the other goals and for parallel solves.
#
# Lookup: a position's shape (its suit lengths per seat, the holders of the cards kept apart,
# key_rest and the solve's context) names a PatSlot: the patterns (kept cards per suit, as
# counts from the top) that its shape's entries were stored with.  Each pattern is one probe
# into a 4-way table keyed by the shape, the pattern and the holders of the pattern's cards.

from libc.string cimport memcmp, memcpy, memset

from solver._types cimport *
from solver._bounds cimport leadable_trumps, partner_suit_masters, top_run
from solver._rules cimport apart_by_side, led_suit, overtrump_floor, seat_at, side_cards
from solver._table cimport key_rest, merge_bound, mix

cdef enum:
    PART_WAYS = 4                   # entries to a bucket
    PART_BUCKETS = 65536            # at most (4 MB of entries, 2 MB of shapes): a table 32 times
                                    # larger took 650 ns a node instead of 400 on full deals
    PART_START = 4096               # at first: a small search touches little memory
    PART_PATTERNS = 8               # patterns kept per shape (PatSlot)


cdef inline void view_of(const Search* X, const State* S, PView* V) noexcept nogil:
    """The shape of a trick-start position; the holders of each suit's cards top down are
    read as patterns ask for them (held_to)."""
    cdef uint64_t lengths[3]
    cdef uint64_t h, apart = 0
    cdef uint32_t bits
    cdef int seat, s, i
    lengths[0] = lengths[1] = lengths[2] = 0
    for seat in range(X.R.n_seats):
        for s in range(N_SUITS):
            i = seat * N_SUITS + s  # (5 bits each, twelve to a word: up to 36 seat-suits)
            lengths[i // 12] |= <uint64_t>popcount32(S.hand[seat][s]) << (5 * (i % 12))
            if X.R.keep_apart[s]:
                apart = mix(apart, <uint64_t>(S.hand[seat][s] & X.R.keep_apart[s]) + (<uint64_t>i << 32),
                            <uint64_t>0x9E3779B97F4A7C15)
    h = X.context ^ ((key_rest(&X.R, S, S.leader, S.won_mask) + 0x20000) * <uint64_t>0x9E3779B97F4A7C15)
    h = mix(h, lengths[0], <uint64_t>0xBF58476D1CE4E5B9)
    h = mix(h, lengths[1], <uint64_t>0xBF58476D1CE4E5B9)
    h = mix(h, lengths[2] ^ apart, <uint64_t>0xBF58476D1CE4E5B9)
    V.shape = h | 1  # (0 marks an empty slot)
    for s in range(N_SUITS):
        bits = 0
        for seat in range(X.R.n_seats):
            bits |= S.hand[seat][s]
        V.out[s] = V.unread[s] = bits
        V.read[s] = 0
        V.held_by[s][0] = V.fixed[s] = <uint64_t>(s + 1) * <uint64_t>0xD6E8FEB86659FD93
        V.run[s] = 0


cdef inline void held_to(const Search* X, const State* S, PView* V, int s, int k) noexcept nogil:
    """Extend suit s's held_by and rank_at to its k highest cards.  In a valat test the
    opponents' cards of a plain suit that none of the side's lie between are hashed as a set
    (``run``): their order does not count (apart_by_side), so the positions that differ only
    in it share the entries."""
    cdef uint64_t fixed = V.fixed[s], run = V.run[s]
    cdef int j = V.read[s], r, seat
    while j < k:
        r = 31 - clz32(V.unread[s])
        V.unread[s] &= ~(<uint32_t>1 << r)
        seat = 0
        while not ((S.hand[seat][s] >> r) & 1):
            seat += 1
        if apart_by_side(&X.R, seat, s, X.all_tricks):
            run += mix(0, <uint64_t>(seat + 1), <uint64_t>0xD6E8FEB86659FD93)  # (a sum: the order lost)
            V.held_by[s][j + 1] = mix(fixed, run, <uint64_t>0xBF58476D1CE4E5B9)
        else:
            if run:
                fixed = mix(fixed, run, <uint64_t>0xBF58476D1CE4E5B9)
                run = 0
            fixed = mix(fixed, <uint64_t>(seat + 1), <uint64_t>0x9E3779B97F4A7C15)
            V.held_by[s][j + 1] = fixed
        V.rank_at[s][j] = r
        j += 1
    V.read[s] = j
    V.fixed[s], V.run[s] = fixed, run


cdef inline uint64_t pattern_key(const Search* X, const State* S, PView* V, const uint8_t* k) noexcept nogil:
    """The key of the entry that keeps the k[s] highest cards of each suit s."""
    cdef uint64_t held = 0, packed = 0
    cdef int s
    for s in range(N_SUITS):
        if k[s] > V.read[s]:
            held_to(X, S, V, s, k[s])
        held ^= V.held_by[s][k[s]] * <uint64_t>(2 * s + 1)
        packed = (packed << 6) | k[s]
    return mix(V.shape ^ (held * <uint64_t>0xD6E8FEB86659FD93), packed, <uint64_t>0xBF58476D1CE4E5B9) | 1


cdef inline void pattern_rel(const PView* V, const uint8_t* k, int* rel) noexcept nogil:
    """The relevance of a pattern here: per suit the rank of its lowest kept card."""
    cdef int s
    for s in range(N_SUITS):
        rel[s] = V.rank_at[s][k[s] - 1] if k[s] else NOT_READ


cdef inline void rel_set(int* rel, int v) noexcept nogil:
    cdef int s
    for s in range(N_SUITS):
        rel[s] = v


cdef inline void rel_min(int* rel, const int* other) noexcept nogil:
    cdef int s
    for s in range(N_SUITS):
        if other[s] < rel[s]:
            rel[s] = other[s]


cdef inline PatSlot* patterns_of(Search* X, uint64_t shape, int create) noexcept nogil:
    """The shape's PatSlot (two places it may be in); with ``create`` a new one when it has none,
    over the other place's slot, or a slot of an earlier solve."""
    cdef uint64_t i = (shape >> 11) & (X.n_shapes - 1)
    if X.shapes[i].shape == shape:
        return &X.shapes[i]
    if X.shapes[i ^ 1].shape == shape:
        return &X.shapes[i ^ 1]
    if not create:
        return NULL
    if X.shapes[i].shape != 0 and (X.shapes[i ^ 1].shape == 0 or X.shapes[i].age == X.age):
        i ^= 1
    X.shapes[i].shape = shape
    X.shapes[i].n = 0
    X.shapes[i].next = 0
    X.shapes[i].age = X.age
    return &X.shapes[i]


cdef inline PEntry* part_bucket(const Search* X, uint64_t key) noexcept nogil:
    return &X.part[((key >> 9) & (X.part_buckets - 1)) * PART_WAYS]


cdef inline PEntry* part_find(const Search* X, uint64_t key) noexcept nogil:
    cdef PEntry* b = part_bucket(X, key)
    cdef int j
    for j in range(PART_WAYS):
        if b[j].key == key:
            return &b[j]
    return NULL


cdef inline int partition_bounds(Search* X, const State* S, PView* V, int alpha, int beta, int* lo, int* hi,
                                 int* best, int* pips_used, int* rel) noexcept nogil:
    """1 when an entry settles the position for the window: lo or hi is set to its bound and
    ``rel`` to its relevance.  Else 0, with lo and hi narrowed by every entry that matches and
    ``rel`` their relevance (what a cut by those narrowed bounds reads).  ``pips_used``: the
    suits whose pips' order the entries' proofs used."""
    cdef PatSlot* P = patterns_of(X, V.shape, 0)
    cdef PEntry* e
    cdef int p
    cdef int r2[N_SUITS]
    cdef uint64_t keys[PART_PATTERNS]
    X.probes += 1
    rel_set(rel, NOT_READ)
    if P == NULL:
        return 0
    for p in range(P.n):  # (the loads of all the patterns' buckets under way at once)
        keys[p] = pattern_key(X, S, V, P.k[p])
        prefetch(part_bucket(X, keys[p]))
    for p in range(P.n):
        e = part_find(X, keys[p])
        if e == NULL:
            continue
        X.hits += 1
        best[0] = e.best & 0xFFF
        if e.lower >= beta or e.upper <= alpha:
            lo[0] = e.lower
            hi[0] = e.upper
            pips_used[0] = e.best >> 12
            pattern_rel(V, P.k[p], rel)
            return 1
        pips_used[0] |= e.best >> 12
        pattern_rel(V, P.k[p], r2)
        rel_min(rel, r2)
        if e.lower > lo[0]:
            lo[0] = e.lower
        if e.upper < hi[0]:
            hi[0] = e.upper
    return 0


cdef inline void partition_store(Search* X, const State* S, PView* V, int v, int alpha, int beta, int best,
                                 int pips_used, const int* rel, int tricks_left) noexcept nogil:
    """Merge a search result into the entry of its pattern (the cards at or above ``rel``),
    replacing an empty slot, else one of an earlier solve, else the least deep; and add the
    pattern to its shape's (the oldest of PART_PATTERNS gives way)."""
    cdef uint8_t k[N_SUITS]
    cdef int s, j, p, score, worst = 1 << 30
    cdef uint64_t key
    cdef PEntry* b
    cdef PEntry* e = NULL
    cdef PatSlot* P
    for s in range(N_SUITS):
        k[s] = popcount32(V.out[s] & ~((<uint32_t>1 << rel[s]) - 1)) if rel[s] < NOT_READ else 0
    key = pattern_key(X, S, V, k)
    b = part_bucket(X, key)
    for j in range(PART_WAYS):
        if b[j].key == key:
            e = &b[j]
            break
        score = -1 if b[j].key == 0 else b[j].tricks_left + (64 if b[j].age == X.age else 0)
        if score < worst:
            worst = score
            e = &b[j]
    if e.key != key:
        X.part_fills += e.key == 0
        e.key = key
        e.lower = 0
        e.upper = INF
        e.best = 0
    if X.all_tricks and v < alpha:
        # a valat test's key stands for positions whose order of the opponents' cards may
        # differ (held_to): they share the answer, not the count a failing proof found
        v = alpha
    merge_bound(v, alpha, beta, &e.lower, &e.upper)
    e.best = (best & 0xFFF) | (e.best & 0xF000) | (pips_used << 12)
    e.tricks_left = tricks_left
    e.age = X.age
    P = patterns_of(X, V.shape, 1)
    P.age = X.age
    for p in range(P.n):
        if memcmp(P.k[p], k, N_SUITS) == 0:
            break
    else:
        if P.n < PART_PATTERNS:
            memcpy(P.k[P.n], k, N_SUITS)
            P.n += 1
        else:
            memcpy(P.k[P.next], k, N_SUITS)
            P.next = (P.next + 1) % PART_PATTERNS
    if X.part_fills * 4 > X.part_buckets * PART_WAYS and X.part_buckets < X.part_max:
        partition_grow(X)  # (at a quarter full, as the exact table)


cdef inline void partition_grow(Search* X) noexcept nogil:
    """Eight times larger, up to part_max, in place (like _table.pxd's grow: the space of the
    largest size is reserved): an entry whose bucket changes moves into the new part, where
    its new bucket takes only entries of its old one; a shape's pair of slots likewise."""
    cdef uint64_t old_buckets = X.part_buckets, old_shapes = X.n_shapes, i, home
    cdef PEntry moving
    cdef PEntry* b
    cdef int j
    X.part_buckets = min(old_buckets * 8, X.part_max)
    X.n_shapes = X.part_buckets // 2
    for i in range(old_buckets * PART_WAYS):
        if X.part[i].key and ((X.part[i].key >> 9) & (X.part_buckets - 1)) != i // PART_WAYS:
            moving = X.part[i]
            memset(&X.part[i], 0, sizeof(PEntry))
            b = part_bucket(X, moving.key)
            for j in range(PART_WAYS):
                if b[j].key == 0:
                    b[j] = moving
                    break
    for i in range(old_shapes):
        home = (X.shapes[i].shape >> 11) & (X.n_shapes - 1)
        if X.shapes[i].shape and (home | 1) != (i | 1):
            if X.shapes[home].shape:
                home ^= 1
            X.shapes[home] = X.shapes[i]
            memset(&X.shapes[i], 0, sizeof(PatSlot))


# ---- what each proof step reads (its relevance, lowered into ``rel``)

cdef inline int top_rank(uint32_t bits) noexcept nogil:
    return 31 - clz32(bits) if bits else NOT_READ


cdef inline void trick_rel(const Rules* R, const State* S, int* rel) noexcept nogil:
    """A full trick's winner, when it beat a card of its own suit, read the ranks down to its
    own; so in a trick with the Excuse or skus, which never win it but in FR-4.4's last trick
    (no rank decides that): winner_of compares the other cards as in any trick.  The emperor
    trick and colour valat read every rank."""
    cdef int i, w = S.win, ws = S.t_suit[S.win]
    if S.slow and (R.colour_valat_seat >= 0 or (R.emperor and S.trula == 7)):
        rel_set(rel, 0)
        return
    rel_set(rel, NOT_READ)
    for i in range(S.n_played):
        if i != w and S.t_suit[i] == ws:
            rel[ws] = S.t_rank[w]
            return


cdef inline void lead_rel(const Search* X, const State* S, int partner, int spare, int* rel) noexcept nogil:
    """lead_sure_count reads, in the trumps and each plain suit, the leader's run above every
    other card of it: the ranks down to its lowest card (every position the entry answers has
    that run, and perhaps more; his other cards count by their number).  With a partner's
    masters (``partner``, -1: none; partner_suit_masters), in each plain suit down to the
    lowest it counted too, but for the ``spare`` lowest of them (the count did not need them)
    and for those with no card to beat (his masters by the suit lengths).  The highest master
    of a suit the leader can reach him in is kept, and with it the leader's masters there;
    reached by the Excuse (no such suit), the highest of each suit the next seat holds."""
    cdef int seat = 0, s, r, reach = -1, o = seat_at(&X.R, S.leader, 1)
    cdef uint32_t rest, mine
    cdef uint32_t masters[4]
    cdef uint32_t kept[4]
    if partner >= 0:
        for s in range(4):
            masters[s] = partner_suit_masters(&X.R, S, S.leader, partner, s, &rest)
            if masters[s] and rest & S.hand[S.leader][s] and (
                    reach < 0 or top_rank(masters[s]) > top_rank(masters[reach])):
                reach = s
            if rest == 0:
                masters[s] = 0
        for s in range(4):
            kept[s] = 0
            if masters[s] and (s == reach or (reach < 0 and o != partner and S.hand[o][s])):
                kept[s] = <uint32_t>1 << top_rank(masters[s])
        while spare > 0:
            r = NOT_READ
            for s in range(4):
                rest = masters[s] & ~kept[s]
                if rest and ctz32(rest) < r:
                    r = ctz32(rest)
                    seat = s
            if r == NOT_READ:
                break
            masters[seat] &= masters[seat] - 1
            spare -= 1
    for s in range(TRUMP + 1):
        rest = 0
        for seat in range(X.R.n_seats):
            if seat != S.leader:
                rest |= S.hand[seat][s]
        mine = top_run(leadable_trumps(&X.R, S, S.leader) if s == TRUMP else S.hand[S.leader][s], rest)
        r = ctz32(mine) if mine else NOT_READ
        if partner >= 0 and s < 4 and masters[s] and ctz32(masters[s]) < r:
            r = ctz32(masters[s])
        if r < rel[s]:
            rel[s] = r


cdef inline int run_top(const State* S, int seat, int s, int r, uint32_t breakers) noexcept nogil:
    """The highest card of the run of the seat's cards of suit s from rank r up that none of
    ``breakers`` lies between: the cards out at the trick's start, or the side's where they
    alone tell the seat's cards apart (apart_by_side).  gen_moves searches its lowest card
    for them all; that it also asks for equal points and no card kept apart only makes runs
    shorter."""
    cdef uint32_t above = S.hand[seat][s] & ~((<uint32_t>2 << r) - 1)
    cdef int nxt
    while above:
        nxt = ctz32(above)
        if breakers & ((<uint32_t>1 << nxt) - 1) & ~((<uint32_t>2 << r) - 1):
            break
        r = nxt
        above &= above - 1
    return r


cdef inline void runs_rel(const Rules* R, const State* S, int seat, const int* moves, int n, int valat,
                          int* rel) noexcept nogil:
    """A node all of whose moves failed (no cutoff) reads, besides its moves' proofs, that each
    card searched stands for its run: in a position the entry answers, the cards below the
    kept ones are alike (each leads to a position a proof of a card below them answers) and
    the kept ones are the same, but a run that straddles the lowest kept rank must be kept
    whole, or its kept cards would be moves no proof answers.  Lowering the rank to the run's
    bottom may make another run straddle it: until none does."""
    cdef int i, s, r, lowered = 1
    while lowered:
        lowered = 0
        for i in range(n):
            s = (moves[i] >> 5) & 7
            r = moves[i] & 31
            if r < rel[s] <= run_top(S, seat, s, r, side_cards(R, S, s) if apart_by_side(R, seat, s, valat)
                                                    else S.start_out[s]):
                rel[s] = r
                lowered = 1


cdef inline void skipped_pip_rel(int move, int searched, int read, int* rel) noexcept nogil:
    """expand leaves out a pip (``move``) whose value another pip's proof gave: that of the pip
    of rank ``searched``, which compared no two pips of the suit, so that the two pips' ranks
    swapped make a proof of the pip left out.  That proof reads the ranks of the suit down to
    ``read`` where both pips lie on the same side of it, else down to the lower pip."""
    cdef int s = (move >> 5) & 7, r = move & 31
    if (r >= read) != (searched >= read):
        read = r if r < searched else searched
    if read < rel[s]:
        rel[s] = read


cdef inline void overtrump_rel(const Rules* R, const State* S, int seat, int* rel) noexcept nogil:
    """Must-overtrump (FR-3.5) compares the trumps of the seat to play, where legal_masks
    applies it, with the trick's highest trump: where that trump is kept, his trumps below the
    kept ones lie below it in every position the entry answers, so the same trumps are legal
    there."""
    cdef const uint32_t* h = S.hand[seat]
    cdef int led = led_suit(R, S.t_suit, S.n_played, S.named), top
    if led < 0:
        return  # (only the Excuse led so far)
    top = overtrump_floor(R, S, led, h[TRUMP] != 0 and (led == TRUMP or h[led] == 0))
    if top and top < rel[TRUMP]:
        rel[TRUMP] = top


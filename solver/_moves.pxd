# cython: language_level=3
# The moves the search tries and their order: equivalent cards once, a lead hint (lead_shape;
# else the table's move; in partition search the table's move first) first at a lead, then
# the lead forecast (order_leads), a follower's hint (follow_shape) first when following, then
# winners-cheaply / points-to-partner; at a
# trick's last card the table loads of the next positions are started early (LastCard) and
# read before any is searched (last_card_by_table).

from solver._types cimport *
from solver._bounds cimport remaining_max
from solver._rules cimport (add_move, apart_by_side, card_key, emperor_open, last_card_pips, legal_masks, led_suit,
                            play_card, plain_compare, seat_at, side_cards, trick_winner, winner_of)
from solver._table cimport bucket, cards_part, key_of, key_rest, mix, suit_part, table_bounds


cdef enum:
    HINT_SLOTS = 1 << 18    # lead hints (1 MB), per lead_shape
    FOLLOW_SLOTS = 1 << 14  # followers' hints (64 kB), per follow_shape, after them
    HINT_TRICKS = 4         # from this many tricks to go


cdef inline uint64_t lead_shape(const Search* X, const State* S) noexcept nogil:
    """A trick start's coarse shape, for lead hints: the leader, and per suit and seat how many
    cards it holds (up to three) and how many of the others' lie above its highest (up to
    three).  Positions that differ only in their lower cards, or in what has gone before,
    share it, and often their best lead; the table's rank-relative keys tell them apart."""
    cdef const Rules* R = &X.R
    cdef uint64_t h = X.context ^ (<uint64_t>(S.leader + 1) * <uint64_t>0x9E3779B97F4A7C15), word
    cdef uint32_t bits, held
    cdef int s, seat, c
    for s in range(N_SUITS):
        bits = S.start_out[s]  # (at a trick start: the cards still held)
        if bits == 0:
            continue
        word = s + 1
        for seat in range(R.n_seats):
            held = S.hand[seat][s]
            if held:
                c = popcount32(held)
                word = word * 16 + (c if c < 3 else 3) * 4 + 1
                held = bits >> (31 - clz32(held)) >> 1
                c = popcount32(held) if held else 0
                word += c if c < 3 else 3
            else:
                word = word * 16
        h = mix(h, word, <uint64_t>0xBF58476D1CE4E5B9)
    return h


cdef inline uint64_t follow_shape(const Search* X, const State* S) noexcept nogil:
    """A follower's coarse shape, for his hints (0: none, the trick start had no lead_shape):
    the trick start's lead_shape, the tricks left, and the trick's cards so far, each as its
    suit and how many of the cards out at the trick start lie above it (up to seven), and
    which of them wins.  The seat to play follows from the leader and the cards so far."""
    cdef uint64_t h = X.trick_shape[S.trick_no], word = <uint64_t>(S.win + 2) * 32 + (X.R.n_tricks - S.trick_no)
    cdef uint32_t above
    cdef int j, c
    if h == 0:
        return 0
    for j in range(S.n_played):
        above = S.start_out[S.t_suit[j]] >> S.t_rank[j] >> 1
        c = popcount32(above) if above else 0
        word = word * 64 + <uint64_t>(S.t_suit[j] * 8 + (c if c < 7 else 7))
    return mix(h, word, <uint64_t>0x94D049BB133111EB)


cdef inline uint32_t* hint_slot(const Search* X, const State* S, uint64_t shape) noexcept nogil:
    """Where ``shape``'s hint lies: a lead's among the lead hints, a follower's among the
    followers' hints (few, for they are kept only after a miss: a small array that stays in
    the processor's caches)."""
    if S.n_played == 0:
        return &X.lead_hints[shape & (HINT_SLOTS - 1)]
    return &X.lead_hints[HINT_SLOTS + (shape & (FOLLOW_SLOTS - 1))]


cdef inline void keep_hint(Search* X, const State* S, uint64_t shape, int move) noexcept nogil:
    """Keep ``move``, a card of the seat to play that cut, as the hint of ``shape``: its suit,
    and whether it is the seat's lowest card there or else how many of his cards of the suit
    lie above it (so that it names a card in another position), under a tag of the shape's
    high bits."""
    cdef int s = (move >> 5) & 7, r = move & 31
    cdef uint32_t held = S.hand[seat_at(&X.R, S.leader, S.n_played)][s], above = held >> r >> 1
    cdef uint32_t count = <uint32_t>popcount32(above) if above else 0
    cdef uint32_t lowest = (held & ((<uint32_t>1 << r) - 1)) == 0
    hint_slot(X, S, shape)[0] = (<uint32_t>(shape >> 48) << 16) | (<uint32_t>s << 9) | (
        lowest << 8) | (count + 1)


cdef inline int hinted_card(const Search* X, const State* S, uint64_t shape) noexcept nogil:
    """The card of the seat to play that ``shape``'s hint names (keep_hint), or -1 (a
    follower's may not be a legal one: expand puts it in front only where it is a move)."""
    cdef uint32_t hint = hint_slot(X, S, shape)[0], held
    cdef int s = (hint >> 9) & 7, above = (hint & 0xFF) - 1
    if (hint & 0xFF) == 0 or (hint >> 16) != <uint32_t>(shape >> 48) or s >= N_SUITS:
        return -1
    held = S.hand[seat_at(&X.R, S.leader, S.n_played)][s]
    if held == 0:
        return -1
    if (hint >> 8) & 1:
        return (s << 5) | ctz32(held)
    while above > 0 and held & (held - 1):
        held &= ~(<uint32_t>1 << (31 - clz32(held)))
        above -= 1
    return (s << 5) | (31 - clz32(held))


cdef inline int run_move(const int* moves, int n, int card) noexcept nogil:
    """The move that stands for ``card``'s run of equivalent cards (gen_moves keeps the lowest
    of each run): the highest move of its suit at or below it; -1 if none."""
    cdef int i, found = -1
    for i in range(n):
        if moves[i] >> 5 == card >> 5 and moves[i] <= card and moves[i] > found:
            found = moves[i]
    return found


cdef inline void to_front(int* moves, int n, int move) noexcept nogil:
    """Move ``move`` (when among the n) to the front, the others keeping their order."""
    cdef int i, j
    for i in range(1, n):
        if moves[i] == move:
            for j in range(i, 0, -1):
                moves[j] = moves[j - 1]
            moves[0] = move
            return


cdef struct LastCard:
    # expand's view of the positions after the trick's last card, when the plain comparison
    # decides the trick and it counts only its card points and trick units (Rules.last_card_ok,
    # and no special, event or bout card in it)
    uint64_t key[MAX_MOVES]         # each move's next position's table key (0: not known)
    uint64_t parts[N_SUITS]         # the suits' key parts (State.suit_key) after the trick,
    uint64_t moved[MAX_MOVES]       # but for the move's suit: this (try_move hands them on)
    int tv[MAX_MOVES]               # what the trick is worth to the side
    int top[MAX_MOVES]              # remaining_max of the next position, or more (a bound)


cdef inline void last_card_setup(const Search* X, const State* S, int seat, const int* moves, int n,
                          LastCard* L) noexcept nogil:
    """The table keys of the positions after each last card, with their buckets' loads
    started at once, so that the memory latencies overlap; and their suits' key parts, which
    try_move hands to the position it searches (ab's key then needs no suit rehashed)."""
    cdef const Rules* R = &X.R
    cdef uint64_t cards
    cdef uint32_t bits[N_SUITS]
    cdef int dirty = S.key_dirty, trick_pts = 0, i, s, r, o, w, total, event = 0
    # the next position can still collect no more than this one less the trick: its event
    # and bouts are this one's or fewer (the trick holds none of their cards)
    cdef int top = remaining_max(R, S) - R.trick_units
    for i in range(S.n_played):
        dirty |= 1 << S.t_suit[i]
        trick_pts += R.pts[S.t_suit[i]][S.t_rank[i]]
        event |= ((R.event_mask[S.t_suit[i]] | R.bout_mask[S.t_suit[i]]) >> S.t_rank[i]) & 1
    for s in range(N_SUITS):
        bits[s] = 0
        for o in range(R.n_seats):
            bits[s] |= S.hand[o][s]
        L.parts[s] = suit_part(R, s, bits[s]) if (dirty >> s) & 1 else S.suit_key[s]
    cards = cards_part(X, L.parts)
    for i in range(n):
        s = (moves[i] >> 5) & 7
        r = moves[i] & 31
        L.key[i] = 0
        L.moved[i] = suit_part(R, s, bits[s] & ~(<uint32_t>1 << r))
        if event or ((R.event_mask[s] | R.bout_mask[s]) >> r) & 1 or not plain_compare(R, S, s, r):
            continue  # (a trick with an event or bout card may count more than its points)
        w = seat if card_key(R, s, r, S.t_suit[0]) > S.win_key else S.t_seat[S.win]
        # (the trick changes none of the key's counts, only the leader and who has won a trick)
        L.key[i] = key_of(cards ^ L.parts[s] ^ L.moved[i], key_rest(R, S, w, S.won_mask | (1 << R.party[w])))
        prefetch(&X.table[bucket(X, L.key[i])])
        total = trick_pts + R.pts[s][r]
        L.tv[i] = total + R.trick_units if R.side[w] else 0
        L.top[i] = top - total


cdef inline void swap_last_card(LastCard* L, int j) noexcept nogil:
    """Swap entries j - 1 and j (gen_moves' sort keeps them with their moves)."""
    cdef uint64_t k = L.key[j]
    cdef int t
    L.key[j] = L.key[j - 1]; L.key[j - 1] = k
    k = L.moved[j]; L.moved[j] = L.moved[j - 1]; L.moved[j - 1] = k
    t = L.tv[j]; L.tv[j] = L.tv[j - 1]; L.tv[j - 1] = t
    t = L.top[j]; L.top[j] = L.top[j - 1]; L.top[j - 1] = t


cdef inline void drop_event_cards(const Rules* R, uint32_t* L) noexcept nogil:
    """Leave out the event card while other moves remain: played before the event trick, it
    ends the event, the least the side can get (Rules.event_only)."""
    cdef int s, others = 0
    for s in range(N_SUITS):
        others |= (L[s] & ~R.event_mask[s]) != 0
    if others:
        for s in range(N_SUITS):
            L[s] &= ~R.event_mask[s]


cdef inline int throw_rank(const Rules* R, const State* S, int seat, int s, int r, int led) noexcept nogil:
    """Where a card the seat gives to a trick it does not win goes among its cards of equal
    points (the lower the earlier): by rank; but where no card counts more than another (trick
    counts, valat), a discard (a plain card of a suit not led) from a suit in which the seat
    may still win a trick after the ones of a suit where it cannot (the other seats hold at
    least as many cards above its top card as it holds), so that the cards guarding a
    possible winner are kept, by the defenders of a valat and by the side feeding its own
    trick alike.  Where cards count points, it saved no nodes and cost 4 % more time
    (docs/reference/solving-speed.md)."""
    cdef uint32_t mine, above
    if R.n_dear_classes or s == led or s == TRUMP or s == SPECIAL or led < 0:
        return r
    mine = S.hand[seat][s]
    above = S.start_out[s] & ~mine & ~((<uint32_t>2 << (31 - clz32(mine))) - 1)
    return r if popcount32(above) >= popcount32(mine) else 64 + r


cdef inline int gen_moves(Search* X, const State* S, int seat, int* moves, int first, LastCard* LC) noexcept nogil:
    """Moves to search: equivalent cards once (the lowest of each run: no card out between
    them, or in a valat test no card of the side between an opponent's, apart_by_side); a
    lead puts ``first`` (a lead hint or the table's move) in front, a follower orders
    winners-cheaply / points-to-partner.  With ``LC`` (a trick's last card, see expand) the
    table loads of the next positions are started before the ordering, whose work then
    overlaps them (3.5 % less time on full Slovenian deals)."""
    cdef const Rules* R = &X.R
    cdef uint32_t L[N_SUITS]
    cdef uint32_t bits, between
    cdef int s, r, prev, o, i, j, n = 0, tmp, w, last, safe
    cdef int led, cw, ck, ws, wsuit, wrank, copied = 0
    cdef int score[MAX_MOVES]
    cdef int seats[MAX_SEATS + 1]
    cdef int suits[MAX_SEATS + 1]
    cdef int ranks[MAX_SEATS + 1]
    legal_masks(R, S, seat, L)
    if R.event_only and R.maxer[seat] and S.trick_no < R.event_trick:
        drop_event_cards(R, L)
    for s in range(N_SUITS):
        bits = L[s]
        prev = -1
        while bits:
            r = ctz32(bits)
            bits &= bits - 1
            if X.use_equiv and prev >= 0 and not ((R.keep_apart[s] >> r) & 1) \
                    and not ((R.keep_apart[s] >> prev) & 1) \
                    and R.pts[s][r] == R.pts[s][prev]:
                between = S.start_out[s] & ((<uint32_t>1 << r) - 1) & ~((<uint32_t>2 << prev) - 1)
                if between and apart_by_side(R, seat, s, X.all_tricks):
                    between &= side_cards(R, S, s)
                if between == 0:
                    prev = r
                    continue
            prev = r
            n = add_move(R, S, seat, s, r, moves, n)
    if LC != NULL:  # the table loads start here, the ordering's work overlaps them
        last_card_setup(X, S, seat, moves, n, LC)
    if n == 1 or not X.use_order:
        return n
    # Ordering.  Leaders: ``first`` (a lead hint, else the table's move), then natural order
    # (suits before trumps, low cards first); when the one in front fails to cut, expand
    # reorders the rest by a forecast (order_leads).  A killer (the lead that last cut at
    # this seat and trick) before the forecast's order, from a solve's second test on, once
    # saved 6 % of the nodes; behind the lead hints it cost 7-20 % more in the 12-trick games
    # (docs/reference/solving-speed.md).  A history table measured worse (11 % more nodes).
    # The last card of a trick: its outcome is known, so win cheaply, feed points to the
    # own side's trick, or throw the cheapest card.  Others: a card that wins now and that
    # no opponent still to play can beat goes first; with the own side's card safe, feed
    # points; where no card counts more than another (trick counts, valat), a card that
    # wins now though a later opponent may beat it, the highest first (the tricks of full
    # Slovenian deals 14 % fewer nodes, French 4-player from 12 tricks 33 %; where cards
    # count points, before the low cards it took up to 64 % more); else play low.  A card
    # thrown keeps the guards of a possible winner (throw_rank).
    if S.n_played == 0:
        to_front(moves, n, first)
        return n
    last = S.n_played == R.n_seats - 1
    led = led_suit(R, S.t_suit, S.n_played, S.named)
    cw = S.win
    ck = S.win_key if not S.slow else card_key(R, S.t_suit[cw], S.t_rank[cw], led) if cw >= 0 else -1
    for i in range(n):
        s = (moves[i] >> 5) & 7
        r = moves[i] & 31
        if cw >= 0 and plain_compare(R, S, s, r):
            if card_key(R, s, r, led) > ck:
                ws, wsuit, wrank = seat, s, r
            else:
                ws, wsuit, wrank = S.t_seat[cw], S.t_suit[cw], S.t_rank[cw]
        else:
            if not copied:  # the trick with this card added, for the full winner test
                for j in range(S.n_played):
                    seats[j] = S.t_seat[j]
                    suits[j] = S.t_suit[j]
                    ranks[j] = S.t_rank[j]
                seats[S.n_played] = seat
                copied = 1
            suits[S.n_played] = s
            ranks[S.n_played] = r
            w = winner_of(R, seats, suits, ranks, S.n_played + 1, S.named, S.won_mask,
                          last and S.trick_no == R.n_tricks)
            if w < 0:  # after a led skus or Excuse nothing may hold the trick yet
                score[i] = -(R.pts[s][r] << 8) - r
                continue
            ws, wsuit, wrank = seats[w], suits[w], ranks[w]
        if last:
            if R.maxer[ws] == R.maxer[seat]:
                score[i] = ((1 << 28) + (R.pts[s][r] << 8) - throw_rank(R, S, seat, s, r, led) if ws != seat
                            else (1 << 27) - r)
            else:
                score[i] = -(R.pts[s][r] << 8) - throw_rank(R, S, seat, s, r, led)
            continue
        safe = 1
        for o in range(S.n_played + 1, R.n_seats):
            j = seat_at(R, S.leader, o)
            if R.maxer[j] != R.maxer[ws] and could_beat(R, S, j, wsuit, wrank, led):
                safe = 0
                break
        if safe and R.maxer[ws] == R.maxer[seat]:
            score[i] = ((1 << 27) - r if ws == seat
                        else (1 << 26) + (R.pts[s][r] << 8) - throw_rank(R, S, seat, s, r, led))
        elif ws == seat and not R.n_dear_classes:
            score[i] = (1 << 20) + r  # (the highest: a later seat must spend a higher card)
        else:
            score[i] = -(R.pts[s][r] << 8) - throw_rank(R, S, seat, s, r, led)
    for i in range(1, n):  # insertion sort, descending score
        j = i
        while j > 0 and score[j] > score[j - 1]:
            tmp = score[j]; score[j] = score[j - 1]; score[j - 1] = tmp
            tmp = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = tmp
            if LC != NULL:
                swap_last_card(LC, j)
            j -= 1
    return n


cdef inline int near_gap(const Rules* R, const State* S, int seat, int a, int b, int* rise) noexcept nogil:
    """How far apart the values of two moves of ``seat`` can lie when they are cards of one
    suit with no card of another seat still out between them (a card played to this trick
    counts as out) and none of them kept apart (Rules.keep_apart): the sum of the point
    steps along the seat's cards from one to the other; -1 when the cards are not so near.
    Such cards are alike in every comparison a later trick or play rule makes, so a line
    after one is a line after the other with the seat's cards between them shifted by one
    rank: only the point classes differ, each step moving its difference from one trick to
    another.  ``rise``: the points of ``a`` less those of ``b``."""
    cdef int s = (a >> 5) & 7, lo = a & 31, hi = b & 31, r, prev, gap = 0
    cdef uint32_t span, own
    if s != (b >> 5) & 7 or s == SPECIAL:
        return -1
    if lo > hi:
        lo, hi = hi, lo
    span = ((<uint32_t>2 << hi) - 1) & ~((<uint32_t>1 << lo) - 1)
    own = S.hand[seat][s] & span
    if (S.start_out[s] & span & ~own) or (own & R.keep_apart[s]):
        return -1
    rise[0] = R.pts[s][a & 31] - R.pts[s][b & 31]
    prev = lo
    own &= own - 1
    while own:
        r = ctz32(own)
        own &= own - 1
        gap += R.pts[s][r] - R.pts[s][prev] if R.pts[s][r] > R.pts[s][prev] else R.pts[s][prev] - R.pts[s][r]
        prev = r
    return gap


cdef inline int sure_winner(const Rules* R, const State* S, int seat, int move) noexcept nogil:
    """The seat that wins this trick whatever the seats after ``seat`` play, when ``seat``
    plays ``move``, else -1.  Sure where no seat still to play might beat the trick's best
    card (could_beat) and neither the emperor trick (SI-4.1, AT-4.3) nor an Excuse in the
    last trick (FR-4.4) may yet turn it."""
    cdef int s = (move >> 5) & 7, r = move & 31, led, i, o, ws, wsuit, wrank
    if S.n_played == 0 or S.win < 0 or not plain_compare(R, S, s, r) or emperor_open(R, S):
        return -1  # (at a lead S.win still names the card that won the last trick)
    led = led_suit(R, S.t_suit, S.n_played, S.named)
    if card_key(R, s, r, led) > S.win_key:
        ws, wsuit, wrank = seat, s, r
    else:
        ws, wsuit, wrank = S.t_seat[S.win], S.t_suit[S.win], S.t_rank[S.win]
    for i in range(S.n_played + 1, R.n_seats):
        o = seat_at(R, S.leader, i)
        if could_beat(R, S, o, wsuit, wrank, led) or (S.trick_no == R.n_tricks and S.hand[o][SPECIAL]):
            return -1
    return ws


cdef inline int near_bound(const Rules* R, const State* S, int seat, int move, int maximizing, int alpha,
                           int beta, const int* done, const int* done_v, int n_done, int* pips_used) noexcept nogil:
    """A bound that settles ``move`` for the window (alpha, beta) from the value of a card of
    the same seat tried before it (``done``, their values ``done_v``: at a node that has not
    cut, each a bound on the side of the window the search needs) from which it differs only
    in points (near_gap), else NO_CUT.  The values of two such cards lie at most their gap
    apart; when the trick's winner is sure (sure_winner) and the points rise or fall along
    the seat's cards between them, closer: the card dearer by d gives the trick's winner d
    more now and leaves the side at most d less later, so it is worth 0 to d more to the side
    when the side wins the trick, 0 to d less when the other party does.  ``pips_used``: the
    suit's bit where one of them is a pip (their nearness reads the order of its pips)."""
    cdef int j, gap, rise, lo_d, hi_d, v, w = -2, s = (move >> 5) & 7
    for j in range(n_done):
        gap = near_gap(R, S, seat, move, done[j], &rise)
        if gap < 0:
            continue
        lo_d, hi_d = -gap, gap
        if w == -2:
            w = sure_winner(R, S, seat, move)
        if w >= 0 and (rise == gap or rise == -gap):
            if not R.side[w]:
                rise = -rise
            lo_d, hi_d = min(0, rise), max(0, rise)
        if maximizing and done_v[j] + hi_d <= alpha:
            v = done_v[j] + hi_d
        elif not maximizing and done_v[j] + lo_d >= beta:
            v = done_v[j] + lo_d
        else:
            continue
        pips_used[0] = (((R.pips[s] >> (move & 31)) | (R.pips[s] >> (done[j] & 31))) & 1) << s
        return v
    return NO_CUT


cdef inline int held_trick_worth(Search* X, State* C, int seat, int move) noexcept nogil:
    """The card points of this lead's trick when the leader's team wins it as each follower
    plays the first card of its own ordering (gen_moves), else -1: a cheap forecast, for
    ordering leads.  ``C`` is a scratch copy of the position at the lead, left as it was
    found."""
    cdef const Rules* R = &X.R
    cdef int follow[MAX_MOVES]
    cdef int i, o, w, holds, worth = 0
    play_card(R, C, seat, move)
    for i in range(1, R.n_seats):
        o = seat_at(R, C.leader, C.n_played)
        gen_moves(X, C, o, follow, -1, NULL)
        play_card(R, C, o, follow[0])
    w = trick_winner(R, C, R.n_seats, C.trick_no == R.n_tricks) if C.slow else C.win
    holds = R.maxer[C.t_seat[w]] == R.maxer[seat]
    for i in range(R.n_seats):  # (play_card resets the rest at the next lead)
        C.hand[C.t_seat[i]][C.t_suit[i]] |= <uint32_t>1 << C.t_rank[i]
        worth += R.pts[C.t_suit[i]][C.t_rank[i]]
    C.n_played = 0
    return worth if holds else -1


cdef inline void order_leads(Search* X, const State* S, int seat, int* moves, int start, int n) noexcept nogil:
    """Put the plain-suit leads of moves[start:n] whose trick the leader's team holds
    (held_trick_worth) before the others, each group in its natural order but, in games of
    up to WORTH_TRICKS tricks, the held ones dearest trick first.  Trump leads keep their
    place: a trump that holds a trick is often a trump wasted (a French lone declarer whose plain
    losers must go first: with held trumps in front, 11.5 M nodes instead of 123 k on one
    seeded deal).  Measured against no forecast, card points, nodes summed over seeded deals
    (seed 2; docs/reference/solving-speed.md): 16 full Slovenian deals -23.5 %, Slovenian
    3-player -33 %, Königrufen -8 %, French 3/4/5-player -47 % / -52 % / -37 %, Danish -29 %;
    the tricks of the Slovenian deals -32 %.  The dearest held trick first, against the
    natural order: 16 full Slovenian deals -14 % (seed 1: -11 %), 8 full Königrufen deals
    -10 %; in longer games from -3 % (French 4-player from 10 tricks) to +11 % (French
    5-player from 10)."""
    cdef int rest[MAX_MOVES]
    cdef int worth[MAX_MOVES]
    cdef int i, j, w, move, n_held = start, n_rest = 0
    cdef int by_worth = X.R.n_tricks <= WORTH_TRICKS
    cdef State C = S[0]
    for i in range(start, n):  # held leads written forward in place (n_held <= i)
        w = held_trick_worth(X, &C, seat, moves[i]) if (moves[i] >> 5) & 7 < TRUMP else -1
        if w >= 0:
            move = moves[i]
            j = n_held
            while by_worth and j > start and worth[j - 1] < w:  # (an insertion, stable)
                moves[j] = moves[j - 1]
                worth[j] = worth[j - 1]
                j -= 1
            moves[j] = move
            worth[j] = w
            n_held += 1
        else:
            rest[n_rest] = moves[i]
            n_rest += 1
    for i in range(n_rest):
        moves[n_held + i] = rest[i]


cdef inline void order_by_beaters(const Search* X, const State* S, int* moves, int start, int n) noexcept nogil:
    """Order the opponents' leads of moves[start:n] against a side that must take every
    trick (a valat test: Search.beaters_order): the fewest of the side's cards that can beat
    the lead first (a seat void in the suit counts its trumps where it must trump), ties with
    the fewer trumps in the hands of the seats that hold those cards first: a lead that only
    one card of the side's weaker hand beats forces that card and leaves the lead there.  The
    Excuse and the skus lead last.  On seed 1's dominant French 5-player hands the club queen
    that alone beats hand 11's valat came ninth of fifteen in the forecast's order, first in
    this one (docs/reference/solving-speed.md)."""
    cdef int key[MAX_MOVES]
    cdef int i, j, p, suit, k, b, move
    cdef uint32_t above
    for i in range(start, n):  # (an insertion, stable)
        move = moves[i]
        suit = (move >> 5) & 7
        above = ~((<uint32_t>2 << (move & 31)) - 1)
        k = 1 << 20
        if suit != SPECIAL:
            k = 0
            for p in range(X.R.n_seats):
                if not X.R.maxer[p]:
                    continue
                if suit == TRUMP or S.hand[p][suit]:
                    b = popcount32(S.hand[p][suit] & above)
                else:
                    b = popcount32(S.hand[p][TRUMP]) if X.R.tarock_trumps else 0
                if b:
                    k += 64 * b + popcount32(S.hand[p][TRUMP])  # (at most 22 trumps a seat)
        j = i
        while j > start and key[j - 1] > k:
            moves[j] = moves[j - 1]
            key[j] = key[j - 1]
            j -= 1
        moves[j] = move
        key[j] = k


cdef inline int could_beat(const Rules* R, const State* S, int seat, int suit, int rank, int led) noexcept nogil:
    """Whether ``seat`` holds a card that might beat (suit, rank) in this trick: a quick test
    that ignores the finer play rules but errs only towards "might" (0 only where no card the
    seat holds can beat it), for move ordering and for sure_winner, whose pruning needs that."""
    cdef uint32_t above = ~((<uint32_t>2 << rank) - 1)
    if led < 0 or led == SPECIAL:
        return 1
    if suit == led:
        if S.hand[seat][led] & above:
            return 1
        return suit != TRUMP and S.hand[seat][led] == 0 and S.hand[seat][TRUMP] != 0 and R.tarock_trumps
    if suit == TRUMP:
        return S.hand[seat][led] == 0 and (S.hand[seat][TRUMP] & above) != 0
    return 1


cdef inline int skus_holder(const Rules* R, const State* S) noexcept nogil:
    """The skus holder when the demand question (DK-3.7) is open at this trick start, else -1."""
    cdef int seat
    if (R.special_kind != SPECIAL_SKUS or R.demand_policy != 1 or S.trick_no != R.n_tricks - 2
            or S.demanded):
        return -1
    for seat in range(R.n_seats):
        if S.hand[seat][SPECIAL]:
            return seat
    return -1


cdef inline bint limit_reached(Search* X) noexcept nogil:
    """Whether the node limit is reached, then ``aborted`` set: 2 where the limit is a move's
    budget in expand's rounds (Search.budget_end), else 1."""
    if X.node_limit and X.nodes >= X.node_limit:
        X.aborted = 2 if X.node_limit == X.budget_end else 1
        return 1
    return 0


cdef inline int last_card_by_table(Search* X, const State* S, const LastCard* L, int i, int move, int alpha,
                            int beta, int* pips_used) noexcept nogil:
    """The value of the i-th last card (``move``) when the table entry of the position after
    it settles it for this window, as ab would find it there (and in ``pips_used`` the suits
    whose pips' order that used); else NO_CUT."""
    cdef int lo = 0, hi = L.top[i], tv = L.tv[i], best, hit
    pips_used[0] = 0
    if L.key[i] == 0:
        return NO_CUT
    if limit_reached(X):  # (as ab: this would be a node)
        return NO_CUT
    hit = table_bounds(X, L.key[i], &lo, &hi, &best, pips_used)
    if hit and (lo >= beta - tv or hi <= alpha - tv):
        X.nodes += 1  # (a node all the same: ab would have stopped here)
        pips_used[0] |= last_card_pips(&X.R, S, (move >> 5) & 7, move & 31)  # (the trick it ends)
        return tv + lo if lo >= beta - tv else tv + hi
    X.probes -= 1  # (ab probes it again)
    X.hits -= hit
    return NO_CUT

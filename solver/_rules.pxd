# cython: language_level=3
# The rules of play on bit masks: which cards may be played (legal_masks), who wins a trick
# (winner_of), what a finished trick is worth to the side (finish_trick).  Inline helpers,
# compiled into the search core that cimports them; nothing here allocates or holds a lock.

from solver._types cimport *


cdef inline int led_suit(const Rules* R, const int* suit, int n, int named) noexcept nogil:
    """FR-3.2: after a led Excuse the second card sets the suit; DK-3.5: a led skus its name."""
    cdef int i
    for i in range(n):
        if suit[i] != SPECIAL:
            return suit[i]
        if R.special_kind == SPECIAL_SKUS and i == 0:
            return named
    return -1


cdef inline int winner_of(const Rules* R, const int* seat, const int* suit, const int* rank, int n,
                   int named, int won_mask, int last) noexcept nogil:
    """Index of the card that wins (so far) the trick given as parallel arrays."""
    cdef int i, led, key, best = -1, best_key = -1, trumps_win
    cdef int p1 = -1, p21 = 0, p22 = 0, ex = -1
    for i in range(n):
        if suit[i] == TRUMP:
            if rank[i] == 1:
                p1 = i
            elif rank[i] == 21:
                p21 = 1
            elif rank[i] == 22:
                p22 = 1
        elif suit[i] == SPECIAL:
            ex = i
    if last and R.special_kind == SPECIAL_EXCUSE and ex >= 0:  # FR-4.4: chelem last trick
        if (won_mask & ~(1 << R.party[seat[ex]])) == 0:
            return ex
    led = led_suit(R, suit, n, named)
    trumps_win = R.tarock_trumps
    if trumps_win and R.colour_valat_seat >= 0 and led != TRUMP:  # SI-4.3
        for i in range(n):
            if seat[i] == R.colour_valat_seat and suit[i] == led:
                trumps_win = 0
    if R.emperor and p1 >= 0 and p21 and p22 and (trumps_win or led == TRUMP):  # SI-4.1, AT-4.3
        return p1
    for i in range(n):
        if suit[i] == SPECIAL:
            continue  # the Excuse and the skus never win (FR-4.2, DK-4.2)
        if suit[i] == TRUMP and (trumps_win or led == TRUMP):
            key = 100 + rank[i]
        elif suit[i] == led:
            key = rank[i]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


cdef inline int trick_winner(const Rules* R, const State* S, int n, int last) noexcept nogil:
    return winner_of(R, S.t_seat, S.t_suit, S.t_rank, n, S.named, S.won_mask, last)


cdef inline int count_cards(const uint32_t* m) noexcept nogil:
    cdef int s, c = 0
    for s in range(N_SUITS):
        c += popcount32(m[s])
    return c


cdef inline int plain_compare(const Rules* R, const State* S, int suit, int rank) noexcept nogil:
    """Whether comparing a card's card_key with the winning card's (S.win_key) places it
    exactly in the current trick: not in a slow trick, not a special card, not the card that
    completes the emperor trick (SI-4.1, AT-4.3)."""
    return not (S.slow or suit == SPECIAL
                or (R.emperor and suit == TRUMP and (S.trula | trula_bit(rank)) == 7))


cdef inline int card_key(const Rules* R, int suit, int rank, int led) noexcept nogil:
    """How strongly a card stands in a trick with this led suit (-1: cannot win)."""
    if suit == TRUMP and (R.tarock_trumps or led == TRUMP):
        return 100 + rank
    if suit == led and suit != SPECIAL:
        return rank
    return -1


cdef inline int overtrump_floor(const Rules* R, const State* S, int led, int only_trumps) noexcept nogil:
    """FR-3.5: the trick's highest trump, which a seat left only trumps to play (none of the
    led suit, or trumps led) must beat if he can; 0 where the rule does not apply or no trump
    is in the trick yet (trump ranks start at 1)."""
    cdef int i, top = 0
    if not (R.must_overtrump and only_trumps and (led != TRUMP or R.overtrump_on_trump_lead)):
        return 0
    for i in range(S.n_played):
        if S.t_suit[i] == TRUMP and S.t_rank[i] > top:
            top = S.t_rank[i]
    return top


cdef inline void legal_masks(const Rules* R, const State* S, int seat, uint32_t* L) noexcept nogil:
    """The cards ``seat`` may play now, as six masks (mirrors Position._legal_steps)."""
    cdef const uint32_t* h = S.hand[seat]
    cdef int s, i, t = S.trick_no, led, top, n = S.n_played, all_trumps
    cdef int wild = R.special_kind != SPECIAL_NONE and (h[SPECIAL] & 1)
    cdef uint32_t beat[N_SUITS]
    cdef uint32_t bits
    cdef int seats[MAX_SEATS + 1]
    cdef int suits[MAX_SEATS + 1]
    cdef int ranks[MAX_SEATS + 1]
    cdef int any_beat, r, found
    if (R.special_kind == SPECIAL_SKUS and wild and t == R.n_tricks - 2
            and (S.demanded or R.demand_policy == 2)):  # DK-3.7
        for s in range(N_SUITS):
            L[s] = 0
        L[SPECIAL] = 1
        return
    for s in range(N_SUITS):
        L[s] = h[s]
    if wild:
        L[SPECIAL] = 0
    if n == 0:
        if R.colour_lead_rule and (L[0] | L[1] | L[2] | L[3]):  # AT-3.5
            L[TRUMP] = 0
    else:
        led = led_suit(R, S.t_suit, n, S.named)
        if led >= 0:
            if L[led]:  # follow suit
                for s in range(N_SUITS):
                    if s != led:
                        L[s] = 0
            elif L[TRUMP] and R.tarockzwang:  # void: trump
                for s in range(N_SUITS):
                    if s != TRUMP:
                        L[s] = 0
            all_trumps = L[TRUMP] != 0 and (L[0] | L[1] | L[2] | L[3] | L[SPECIAL]) == 0
            top = overtrump_floor(R, S, led, all_trumps)
            if top:
                bits = L[TRUMP] & ~((<uint32_t>2 << top) - 1)
                if bits:
                    L[TRUMP] = bits
            if R.must_beat:  # SI-3.3, AT-3.3
                any_beat = 0
                for i in range(n):
                    seats[i] = S.t_seat[i]
                    suits[i] = S.t_suit[i]
                    ranks[i] = S.t_rank[i]
                seats[n] = seat
                for s in range(N_SUITS):
                    beat[s] = 0
                    bits = L[s]
                    while bits:
                        r = ctz32(bits)
                        bits &= bits - 1
                        if R.must_beat == 1:
                            if plain_compare(R, S, s, r):
                                found = card_key(R, s, r, led) > S.win_key
                            else:
                                suits[n] = s
                                ranks[n] = r
                                found = winner_of(R, seats, suits, ranks, n + 1, S.named, S.won_mask, 0) == n
                        else:
                            found = s == led or s == TRUMP
                            for i in range(n):
                                if S.t_suit[i] == s and S.t_rank[i] >= r:
                                    found = 0
                        if found:
                            beat[s] |= <uint32_t>1 << r
                            any_beat = 1
                if any_beat:
                    for s in range(N_SUITS):
                        L[s] = beat[s]
    if R.pagat_rule == 1 and (L[TRUMP] & 2) and count_cards(L) > 1:  # SI-3.4
        L[TRUMP] &= ~<uint32_t>2
    if R.pagat_rule == 2 and (L[TRUMP] & 2) and (L[TRUMP] & ~<uint32_t>2):  # AT-3.6 rule 4c
        L[TRUMP] &= ~<uint32_t>2
    if R.n_reserved:
        apply_reservations(R, S, seat, L)
    if wild:
        if R.special_kind == SPECIAL_EXCUSE or t != R.n_tricks - 1:  # FR-3.1, DK-3.4 / DK-3.6
            L[SPECIAL] = 1


cdef inline void apply_reservations(const Rules* R, const State* S, int seat, uint32_t* L) noexcept nogil:
    """AT-3.4 rule 4a / SI-3.5: announced ultimo cards are kept for their trick."""
    cdef int i, s, t = S.trick_no, first = 1000, any_due = 0, any_free
    cdef uint32_t due[N_SUITS]
    cdef uint32_t mine[N_SUITS]
    cdef uint32_t bit
    for s in range(N_SUITS):
        due[s] = 0
        mine[s] = 0
    for i in range(R.n_reserved):
        bit = <uint32_t>1 << R.res_rank[i]
        if R.res_seat[i] == seat and (S.hand[seat][R.res_suit[i]] & bit) and R.res_trick[i] >= t:
            mine[R.res_suit[i]] |= bit
            if R.res_trick[i] == t and (L[R.res_suit[i]] & bit):
                due[R.res_suit[i]] |= bit
                any_due = 1
    if any_due:
        for s in range(N_SUITS):
            L[s] = due[s]
        return
    any_free = 0
    for s in range(N_SUITS):
        if L[s] & ~mine[s]:
            any_free = 1
    if any_free:
        for s in range(N_SUITS):
            L[s] &= ~mine[s]
        return
    for i in range(R.n_reserved):
        bit = <uint32_t>1 << R.res_rank[i]
        if (mine[R.res_suit[i]] & L[R.res_suit[i]] & bit) and R.res_trick[i] < first:
            first = R.res_trick[i]
    for s in range(N_SUITS):
        due[s] = 0
    for i in range(R.n_reserved):
        bit = <uint32_t>1 << R.res_rank[i]
        if (mine[R.res_suit[i]] & L[R.res_suit[i]] & bit) and R.res_trick[i] == first:
            due[R.res_suit[i]] |= bit
    for s in range(N_SUITS):
        L[s] = due[s]


cdef inline bint apart_by_side(const Rules* R, int seat, int s, int valat) noexcept nogil:
    """Whether ``seat``'s cards of suit s are told apart only by the side's cards between
    them (side_cards), not by every card out: in a valat test (``valat``: the side, whose
    tricks count, must take every trick still to play) an opponent's plain cards.  For each of
    the side's cards two such cards lie on the same side of it, so the side takes the same
    tricks whichever the opponent keeps (which opponent's card wins a trick the side loses
    does not matter).  Not where a rule reads ranks among plain cards (must_beat)."""
    return valat and s < TRUMP and not R.side[seat] and not R.must_beat


cdef inline uint32_t side_cards(const Rules* R, const State* S, int s) noexcept nogil:
    """The cards of suit s the side holds or has played to this trick: of the cards out at
    the trick's start, the side's."""
    cdef uint32_t bits = 0
    cdef int o
    for o in range(R.n_seats):
        if R.side[o]:
            bits |= S.hand[o][s]
    for o in range(S.n_played):
        if R.side[S.t_seat[o]] and S.t_suit[o] == s:
            bits |= <uint32_t>1 << S.t_rank[o]
    return bits


cdef inline int seat_at(const Rules* R, int leader, int offset) noexcept nogil:
    """The seat ``offset`` places after ``leader`` (0 <= offset < n_seats), without the
    division of ``%``: this is on every node's path."""
    cdef int seat = leader + offset
    return seat - R.n_seats if seat >= R.n_seats else seat


cdef inline int card_code(int suit, int rank) noexcept nogil:
    return (suit << 5) | rank


cdef inline int add_move(const Rules* R, const State* S, int seat, int s, int r, int* moves, int n) noexcept nogil:
    """Append the move(s) of one card: a led skus once per name it may take (DK-3.5)."""
    cdef int name, o
    cdef uint32_t held
    if s == SPECIAL and R.special_kind == SPECIAL_SKUS and S.n_played == 0:
        for name in range(5):
            held = 0
            for o in range(R.n_seats):
                if o != seat:
                    held |= S.hand[o][name]
            if held:
                moves[n] = card_code(s, r) | ((name + 1) << 8)
                n += 1
        return n
    moves[n] = card_code(s, r)
    return n + 1


cdef inline int legal_moves(const Rules* R, const State* S, int* moves) noexcept nogil:
    """Every legal move of the player to move; a led skus once per name (DK-3.5)."""
    cdef uint32_t L[N_SUITS]
    cdef int seat = seat_at(R, S.leader, S.n_played)
    cdef int s, r, n = 0
    cdef uint32_t bits
    legal_masks(R, S, seat, L)
    for s in range(N_SUITS):
        bits = L[s]
        while bits:
            r = ctz32(bits)
            bits &= bits - 1
            n = add_move(R, S, seat, s, r, moves, n)
    return n


cdef inline int trula_bit(int rank) noexcept nogil:
    """The pagat, mond and škis as bits (the emperor trick, SI-4.1 / AT-4.3)."""
    return 1 if rank == 1 else 2 if rank == 21 else 4 if rank == 22 else 0


cdef inline void play_card(const Rules* R, State* S, int seat, int move) noexcept nogil:
    """Move a card from seat's hand into the current trick and update who is winning it."""
    cdef int suit = (move >> 5) & 7, rank = move & 31, n = S.n_played, key
    S.hand[seat][suit] &= ~(<uint32_t>1 << rank)
    if n == 0:
        S.named = (move >> 8) - 1 if move >> 8 else NO_NAME
        S.slow = R.colour_valat_seat >= 0
        S.win = -1
        S.win_key = -1
        S.trula = 0
    S.t_seat[n] = seat
    S.t_suit[n] = suit
    S.t_rank[n] = rank
    S.n_played = n + 1
    if R.emperor and suit == TRUMP:
        S.trula |= trula_bit(rank)
        if S.trula == 7:
            S.slow = 1
    if suit == SPECIAL:
        S.slow = 1
    if S.slow:
        S.win = winner_of(R, S.t_seat, S.t_suit, S.t_rank, n + 1, S.named, S.won_mask, 0)
    else:
        key = card_key(R, suit, rank, S.t_suit[0])
        if key > S.win_key:
            S.win = n
            S.win_key = key


cdef inline int finish_trick(const Rules* R, State* S) noexcept nogil:
    """Resolve the full current trick: what it is worth to the side; start the next one."""
    cdef int n = R.n_seats, last = S.trick_no == R.n_tricks
    cdef int w = trick_winner(R, S, n, last) if S.slow else S.win
    cdef int ws = S.t_seat[w], i, to_side, v = 0, ex = -1, s, r, total = 0, special = 0
    for i in range(n):
        s = S.t_suit[i]
        r = S.t_rank[i]
        S.key_dirty |= 1 << s
        S.blind_dirty |= 1 << s
        S.start_out[s] &= ~(<uint32_t>1 << r)  # the cards out at the start of the next trick
        S.cheap[S.t_seat[i]] -= (~R.dear[s] >> r) & 1
        total += R.pts[s][r]
        special |= s == SPECIAL
    S.rem_pts -= total
    if R.plain_count and not special:  # only card points: the common case
        v = total if R.side[ws] else 0
    else:
        for i in range(n):
            s = S.t_suit[i]
            r = S.t_rank[i]
            to_side = R.side[ws]
            if s == SPECIAL:
                ex = i
                if not last:
                    to_side = R.side[S.t_seat[i]]  # returns to its holder's side (FR-4.3, DK-4.4)
                elif R.special_kind == SPECIAL_EXCUSE and i != w:
                    to_side = not R.side[S.t_seat[i]]  # FR-4.4: leaves its side unless chelem
            if to_side:
                v += R.pts[s][r]
                if (R.bout_mask[s] >> r) & 1:
                    v += R.bout_bonus[S.bouts]
                    S.bouts += 1
            if R.event_kind == EVENT_CAPTURES and (R.event_mask[s] >> r) & 1 and i != w \
                    and not R.side[S.t_seat[i]] and (R.event_trick == 0 or R.event_trick == S.trick_no):
                v += 1
    if R.side[ws]:
        v += R.trick_units  # DK-5.1, or the tricks goal
        if S.side_tricks < 2:
            S.side_tricks += 1
        if R.event_kind and (R.event_trick == 0 or R.event_trick == S.trick_no):
            if R.event_kind == EVENT_WINS_WITH and (R.event_mask[S.t_suit[w]] >> S.t_rank[w]) & 1:
                v += 1
            elif R.event_kind == EVENT_FALLS_TO:
                for i in range(n):
                    if (R.event_mask[S.t_suit[i]] >> S.t_rank[i]) & 1:
                        v += 1
                        break
    if (R.excuse_exchange and ex >= 0 and not last
            and R.party[S.t_seat[ex]] != R.party[ws]):  # FR-4.3: half a point to the winners
        v += R.side[ws] - R.side[S.t_seat[ex]]
    S.won_mask |= 1 << R.party[ws]
    if R.party[ws] == R.stop_party:
        S.stop_count += 1
        if S.stop_count >= R.stop_after:
            S.over = 1
    if R.guard_mask & ~(1 << R.party[ws]):
        S.over = 1
    S.leader = ws
    S.win = w  # (until the next trick's first card: ended_trick_pips reads it)
    S.trick_no += 1
    S.n_played = 0
    S.named = NO_NAME
    S.demanded = 0
    return v


cdef inline int pips_compared(const Rules* R, const State* S, int n, int suit, int rank, int extra) noexcept nogil:
    """The suit (as a bit) whose pips' order decided a trick won by the card (suit, rank), of
    the first ``n`` cards in S.t_* and ``extra`` more pips of ``suit`` (0 or 1): a pip won over
    another pip of its suit; else 0 (an honour or trump won, or the pip was the only card of
    its suit, and the pips' order changed nothing)."""
    cdef int i, count = extra
    if not (R.pips[suit] >> rank) & 1:  # (none in TRUMP, SPECIAL)
        return 0
    for i in range(n):
        if S.t_suit[i] == suit:
            count += (R.pips[suit] >> S.t_rank[i]) & 1
    return 1 << suit if count >= 2 else 0  # (the winner is one of them)


cdef inline int ended_trick_pips(const Rules* R, const State* S) noexcept nogil:
    """pips_compared for the trick finish_trick just ended (its cards are still in S.t_*, and
    S.win is its winner)."""
    return pips_compared(R, S, R.n_seats, S.t_suit[S.win], S.t_rank[S.win], 0)


cdef inline int last_card_pips(const Rules* R, const State* S, int s, int r) noexcept nogil:
    """pips_compared for the trick the card (s, r) would end as its last card, where the plain
    comparison decides it (Rules.last_card_ok)."""
    cdef int extra = (R.pips[s] >> r) & 1
    if card_key(R, s, r, S.t_suit[0]) > S.win_key:
        return pips_compared(R, S, S.n_played, s, r, extra)
    return pips_compared(R, S, S.n_played, S.t_suit[S.win], S.t_rank[S.win], extra if s == S.t_suit[S.win] else 0)


cdef inline int excuse_out(const Rules* R, const State* S) noexcept nogil:
    cdef int seat
    for seat in range(R.n_seats):
        if S.hand[seat][SPECIAL]:
            return 1
    return 0


cdef inline int chelem_open(const Rules* R, const State* S, int seat) noexcept nogil:
    """Whether ``seat`` holds the Excuse and its party has lost no trick: FR-4.4 may still let
    the Excuse win the last trick over any trump."""
    return (R.special_kind == SPECIAL_EXCUSE and S.hand[seat][SPECIAL] != 0
            and (S.won_mask & ~(1 << R.party[seat])) == 0)


cdef inline int emperor_open(const Rules* R, const State* S) noexcept nogil:
    """Whether the emperor trick (SI-4.1, AT-4.3) may still come, in which the pagat beats the
    mond and the škis: all three still out at the start of the current trick, in three seats'
    hands then.  A seat that holds two of them plays them to two tricks."""
    cdef uint32_t trula = (<uint32_t>1 << 1) | (<uint32_t>1 << 21) | (<uint32_t>1 << 22)
    cdef uint32_t held[MAX_SEATS]
    cdef int seat, i
    if not R.emperor or (S.start_out[TRUMP] & trula) != trula:
        return 0
    for seat in range(R.n_seats):
        held[seat] = S.hand[seat][TRUMP] & trula
    for i in range(S.n_played):  # (played to this trick: held at its start)
        if S.t_suit[i] == TRUMP:
            held[S.t_seat[i]] |= (<uint32_t>1 << S.t_rank[i]) & trula
    for seat in range(R.n_seats):
        if held[seat] & (held[seat] - 1):
            return 0
    return 1

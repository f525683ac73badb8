# cython: language_level=3
"""Compiled double-dummy search: move generation, trick resolution, alpha-beta with a
transposition table, an MTD(f) driver.

The value searched is what the analysed side still collects from the current point
to the end of play (card units or tricks), never what it has already taken: so one
table entry serves every path to a position and every target.  Entries are written
at trick boundaries and hold a lower and an upper bound on that remaining value.

The search runs without the GIL and keeps all of its state in one ``Engine`` object:
several engines can search at once from several threads, and one engine can search one
position on two threads that share its table (``threads=2``).
"""

import queue
import threading

from libc.string cimport memset
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef extern from *:
    int popcount32 "__builtin_popcount"(unsigned int) nogil
    int ctz32 "__builtin_ctz"(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil
    void __builtin_prefetch(const void*) nogil

cdef extern from *:
    """
    #include <stdint.h>
    #include <sys/mman.h>
    #ifndef MAP_NORESERVE
    #define MAP_NORESERVE 0
    #endif
    #define HUGE_PAGE ((size_t)2 << 20)
    /* Address space for a table of n bytes, 2 MB aligned, not yet backed by memory: the
       system commits a page when it is first written, so a table that uses only its first
       part costs only that part, and it grows in place.  NULL when the space is refused. */
    static void* reserve_table(size_t n) {
        size_t span = n + HUGE_PAGE;
        char* p = (char*)mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                              -1, 0);
        char* start;
        if (p == (char*)MAP_FAILED)
            return NULL;
        start = (char*)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        if (start > p)
            munmap(p, start - p);
        if (p + span > start + n)
            munmap(start + n, p + span - (start + n));
    #ifdef MADV_HUGEPAGE  /* Linux: transparent huge pages, where the system allows them */
        if (n >= HUGE_PAGE)
            madvise(start, n, MADV_HUGEPAGE);
    #endif
        return start;
    }
    static void release_table(void* p, size_t n) {
        if (p != NULL)
            munmap(p, n);
    }
    """
    void* reserve_table(size_t n) nogil
    void release_table(void* p, size_t n) nogil

DEF INF = 30000
DEF NO_CUT = 31000
DEF DEFER = 32000   # ABDADA: "another thread is searching this node", never a value
DEF BUSY = 1024     # slots of the two-thread busy marks: a few dozen are live at a time, and
                    # measured, 4 KB (in L1) beat 16 KB and 256 KB by 10-20 % on full deals

# ------------------------------------------------------------------ rules

cdef inline int led_suit(const Rules* R, const int* suit, int n, int named) noexcept nogil:
    """FR-3.2: after a led Excuse the second card sets the suit; DK-3.5: a led skus its name."""
    cdef int i
    for i in range(n):
        if suit[i] != SPECIAL:
            return suit[i]
        if R.special_kind == SPECIAL_SKUS and i == 0:
            return named
    return -1


cdef int winner_of(const Rules* R, const int* seat, const int* suit, const int* rank, int n,
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


cdef int trick_winner(const Rules* R, const State* S, int n, int last) noexcept nogil:
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


cdef void legal_masks(const Rules* R, const State* S, int seat, uint32_t* L) noexcept nogil:
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
            if R.must_overtrump and all_trumps and (led != TRUMP or R.overtrump_on_trump_lead):  # FR-3.5
                top = 0
                for i in range(n):
                    if S.t_suit[i] == TRUMP and S.t_rank[i] > top:
                        top = S.t_rank[i]
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


cdef void apply_reservations(const Rules* R, const State* S, int seat, uint32_t* L) noexcept nogil:
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


cdef int legal_moves(const Rules* R, const State* S, int* moves) noexcept nogil:
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


# ------------------------------------------------------------------ search

cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


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


cdef int finish_trick(const Rules* R, State* S) noexcept nogil:
    """Resolve the full current trick: what it is worth to the side; start the next one."""
    cdef int n = R.n_seats, last = S.trick_no == R.n_tricks
    cdef int w = trick_winner(R, S, n, last) if S.slow else S.win
    cdef int ws = S.t_seat[w], i, to_side, v = 0, ex = -1, s, r, total = 0, special = 0
    for i in range(n):
        s = S.t_suit[i]
        r = S.t_rank[i]
        S.key_dirty |= 1 << s
        S.start_out[s] &= ~(<uint32_t>1 << r)  # the cards out at the start of the next trick
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
    S.trick_no += 1
    S.n_played = 0
    S.named = NO_NAME
    S.demanded = 0
    return v


cdef inline int terminal_value(const Rules* R, const State* S) noexcept nogil:
    """What the end of play itself is worth (only the exactly-one-trick goal uses it)."""
    return R.exactly_one and S.side_tricks == 1


cdef int remaining_max(const Rules* R, const State* S) noexcept nogil:
    """The most the side could still collect: every outstanding unit, event and bonus."""
    cdef int v, b
    if R.exactly_one:
        return 1
    if S.over:
        return 0
    v = S.rem_pts
    for b in range(S.bouts, S.bouts + bouts_to_come(R, S)):
        v += R.bout_bonus[b]
    if R.event_kind and (R.event_trick == 0 or S.trick_no <= R.event_trick) and event_possible(R, S):
        v += 1
    return v + R.trick_units * (R.n_tricks - S.trick_no + 1)


cdef int bouts_to_come(const Rules* R, const State* S) noexcept nogil:
    """How many more bouts the side may still end with (FR-6.4): the ones still out, but not
    the 21 in an opponent's hand, which no card beats (unless the side may still win every
    trick and take it with the Excuse in the last, FR-4.4)."""
    cdef int seat, s, i, n = 0, excuse_open = 0
    if R.bout_mask[TRUMP] == 0 and R.bout_mask[SPECIAL] == 0:
        return 0  # (the French contract goal only)
    for i in range(S.n_played):
        n += (R.bout_mask[S.t_suit[i]] >> S.t_rank[i]) & 1
    for seat in range(R.n_seats):
        for s in range(N_SUITS):
            n += popcount32(S.hand[seat][s] & R.bout_mask[s])
        excuse_open |= R.side[seat] and chelem_open(R, S, seat)
    for seat in range(R.n_seats):
        if not R.side[seat] and (S.hand[seat][TRUMP] & R.bout_mask[TRUMP]) >> 21 and not excuse_open:
            n -= 1
    return n


cdef inline int chelem_open(const Rules* R, const State* S, int seat) noexcept nogil:
    """Whether ``seat`` holds the Excuse and its party has lost no trick: FR-4.4 may still let
    the Excuse win the last trick over any trump."""
    return (R.special_kind == SPECIAL_EXCUSE and S.hand[seat][SPECIAL] != 0
            and (S.won_mask & ~(1 << R.party[seat])) == 0)


cdef inline int emperor_open(const Rules* R, uint32_t trumps_out) noexcept nogil:
    """Whether the pagat, mond and škis are all still out where the emperor trick applies
    (SI-4.1, AT-4.3): the pagat may yet beat both."""
    return R.emperor and (trumps_out >> 1) & 1 and (trumps_out >> 21) & 1 and (trumps_out >> 22) & 1


cdef int event_possible(const Rules* R, const State* S) noexcept nogil:
    """Whether the goal's event can still happen: a card of it is still to fall, held by a
    seat that can make it count (the side for EVENT_WINS_WITH, an opponent for
    EVENT_CAPTURES, anyone for EVENT_FALLS_TO).  A trump that must win a given trick (pagat
    ultimo, uhu, pelikan, quapil) cannot once another player holds nothing but higher trumps
    (one of them falls in that trick), unless the emperor trick may still let the pagat win
    (SI-4.1, AT-4.3)."""
    cdef int seat, s, i, found = 0, top
    cdef uint32_t all_trumps = 0
    for i in range(S.n_played):
        if (R.event_mask[S.t_suit[i]] >> S.t_rank[i]) & 1:
            return 1  # (decided when the trick ends)
    for seat in range(R.n_seats):
        all_trumps |= S.hand[seat][TRUMP]
        for s in range(N_SUITS):
            if S.hand[seat][s] & R.event_mask[s] and (
                    R.event_kind == EVENT_FALLS_TO or (R.event_kind == EVENT_WINS_WITH) == R.side[seat]):
                found = 1
    if not found:
        return 0
    if (R.event_kind != EVENT_WINS_WITH or R.event_trick == 0 or not R.tarock_trumps
            or R.colour_valat_seat >= 0 or S.n_played or R.event_mask[TRUMP] == 0):
        return 1
    for s in range(N_SUITS):
        if s != TRUMP and R.event_mask[s]:
            return 1
    if R.event_mask[TRUMP] & 2 and emperor_open(R, all_trumps):
        return 1
    top = 31 - __builtin_clz(R.event_mask[TRUMP])
    for seat in range(R.n_seats):
        if S.hand[seat][TRUMP] >> (top + 1) == 0 or S.hand[seat][TRUMP] & ((<uint32_t>2 << top) - 1):
            continue  # no trump, or one not above the event's
        for s in range(N_SUITS):
            if s != TRUMP and S.hand[seat][s]:
                break
        else:
            return 0
    return 1


cdef int sure_count(const Rules* R, const State* S, int* counted_side) noexcept nogil:
    """What the holders of the top remaining trump surely still collect, at a trick start
    (``counted_side`` is set to 1 when they are the side): an unbroken run of top trumps held
    by one party wins every trick it is played to, so those cards, the other cards of those
    tricks and their trick units are that party's.  Not used where a tarok can lose (colour
    games, colour valat) or the emperor trick could turn the top trumps over."""
    cdef int seat, r, owner, top_cards = 0, tricks = 0, v = 0, others
    cdef int chelem_sides = 0  # bit x: a seat with R.side x may take the last trick with the Excuse
    cdef int per_seat[MAX_SEATS]
    cdef uint32_t all_trumps = 0, bits
    if (not R.tarock_trumps or R.colour_valat_seat >= 0 or R.stop_party >= 0 or R.guard_mask
            or R.exactly_one):
        return 0  # (with an early end the cards may never be played)
    for seat in range(R.n_seats):
        all_trumps |= S.hand[seat][TRUMP]
        per_seat[seat] = 0
        if chelem_open(R, S, seat):
            chelem_sides |= 1 << R.side[seat]
    if emperor_open(R, all_trumps):
        return 0
    bits = all_trumps
    while bits:
        r = 31 - __builtin_clz(bits)
        bits &= ~(<uint32_t>1 << r)
        owner = 0
        while not ((S.hand[owner][TRUMP] >> r) & 1):
            owner += 1
        if top_cards == 0:
            counted_side[0] = R.side[owner]
        elif R.side[owner] != counted_side[0]:
            break
        per_seat[owner] += 1
        top_cards += 1
        v += R.pts[TRUMP][r]
    if top_cards == 0:
        return 0
    others = 0
    for seat in range(R.n_seats):
        if per_seat[seat] > tricks:
            tricks = per_seat[seat]
    if tricks < 2 and chelem_sides & (1 << (1 - counted_side[0])):
        return 0  # FR-4.4: the others' Excuse may beat the top trump in the last trick; with two
        # tricks of top trumps one comes earlier, and the others' chelem is gone
    for seat in range(R.n_seats):
        if R.special_kind == SPECIAL_EXCUSE and S.hand[seat][SPECIAL] and R.side[seat] == counted_side[0]:
            others = -1  # their own Excuse may fall in the last trick and leave them (FR-4.4)
    # the other cards of those tricks are worth at least the deck's cheapest card
    others += R.n_seats * tricks - top_cards
    return v + others * R.min_pts + R.trick_units * tricks


cdef int lead_sure_count(const Rules* R, const State* S, int* counted_side) noexcept nogil:
    """What the leader's party surely collects by a plan of its own, at a trick start (DDS's
    QuickTricks, for trumps): the leader cashes his top trumps (his run above every other
    trump) until no opponent can have a trump left, then his masters (in each suit his run
    above every other card of it; the opponents can no longer ruff, nor his partners, whom
    the draw stripped), then the rest of his top trumps, keeping the lead throughout; then he
    leads his Excuse, which stays with his side (FR-4.3), if that trick is not the last, or
    takes the last trick with it when his side has won every trick (FR-4.4).
    Counted: his cards, the deck's cheapest card for every other card of those tricks, their
    trick units and, for the side, the bonus of the bouts among his cards (FR-6.4).
    ``counted_side`` is set to R.side of the leader."""
    cdef int lead = S.leader, seat, s, r, k, rounds = 0, team_trumps = 0, run = 0, masters = 0
    cdef int tricks_left = R.n_tricks - S.trick_no + 1, bouts = 0, v = 0, others, plan, i
    cdef int team_excuse = 0, opp_skus = 0
    cdef uint32_t rest[N_SUITS]  # every other seat's cards
    cdef uint32_t bits
    if (not R.tarock_trumps or R.colour_valat_seat >= 0 or R.stop_party >= 0 or R.guard_mask
            or R.exactly_one or R.colour_lead_rule or R.side[lead] != R.maxer[lead]):
        return 0  # (the last: the plan is worth following only to a party that wants the count)
    if R.special_kind == SPECIAL_SKUS and S.hand[lead][SPECIAL]:
        return 0  # DK-3.7: a demand may force his skus into a trick of the plan
    for i in range(R.n_reserved):
        if (R.res_seat[i] == lead and R.res_trick[i] >= S.trick_no
                and (S.hand[lead][R.res_suit[i]] >> R.res_rank[i]) & 1):
            return 0  # AT-3.4, SI-3.5: a reserved card may be due in a trick of the plan
    for s in range(N_SUITS):
        rest[s] = 0
    for seat in range(R.n_seats):
        if seat == lead:
            continue
        for s in range(N_SUITS):
            rest[s] |= S.hand[seat][s]
        k = popcount32(S.hand[seat][TRUMP])
        if R.party[seat] != R.party[lead]:
            # each round of trumps takes a trump from every opponent holding one (they must
            # follow), but an Excuse or skus may stand in for one of them
            k += S.hand[seat][SPECIAL] != 0
            if k > rounds:
                rounds = k
            opp_skus |= R.special_kind == SPECIAL_SKUS and S.hand[seat][SPECIAL] != 0
            if tricks_left < 2 and chelem_open(R, S, seat):
                return 0  # FR-4.4: their Excuse takes the last trick
        else:
            if k > team_trumps:
                team_trumps = k
            team_excuse |= R.special_kind == SPECIAL_EXCUSE and S.hand[seat][SPECIAL] != 0
    if R.emperor and emperor_open(R, rest[TRUMP] | S.hand[lead][TRUMP]) and (
            (S.hand[lead][TRUMP] >> 21) & 3) != 3:
        return 0  # SI-4.1, AT-4.3: the pagat may take a trick of škis or mond
    bits = S.hand[lead][TRUMP]
    if R.pagat_rule:
        bits &= ~<uint32_t>2  # SI-3.4, AT-3.6: the pagat may not be led while he has more
    while bits:
        r = 31 - __builtin_clz(bits)
        if (rest[TRUMP] >> r) != 0:
            break
        bits &= ~(<uint32_t>1 << r)
        run += 1
        v += R.pts[TRUMP][r]
        bouts += (R.bout_mask[TRUMP] >> r) & 1
    if run == 0:
        return 0
    if rounds <= run and team_trumps <= rounds:
        for s in range(4):
            bits = S.hand[lead][s]
            while bits:
                r = 31 - __builtin_clz(bits)
                if (rest[s] >> r) != 0:
                    break
                bits &= ~(<uint32_t>1 << r)
                masters += 1
                v += R.pts[s][r]
    plan = run + masters
    others = (R.n_seats - 1) * plan
    if plan == tricks_left and team_excuse:
        others -= 1  # a partner's Excuse may fall in the last trick and leave the side (FR-4.4)
    if opp_skus:
        others -= 1  # DK-4.4: the skus goes back to its holder
    v += others * R.min_pts + R.trick_units * plan
    if R.special_kind == SPECIAL_EXCUSE and S.hand[lead][SPECIAL]:
        if plan + 2 <= tricks_left:
            v += R.pts[SPECIAL][0] - R.excuse_exchange
            bouts += R.bout_mask[SPECIAL] & 1
        elif plan + 1 == tricks_left and (S.won_mask & ~(1 << R.party[lead])) == 0:
            # FR-4.4: his side has won every trick, so his Excuse takes the last one too
            v += R.pts[SPECIAL][0] + (R.n_seats - 1) * R.min_pts + R.trick_units
            bouts += R.bout_mask[SPECIAL] & 1
    counted_side[0] = R.side[lead]
    if counted_side[0]:
        for i in range(S.bouts, S.bouts + bouts):
            if i < 4:
                v += R.bout_bonus[i]
    return v


cdef inline int excuse_out(const Rules* R, const State* S) noexcept nogil:
    cdef int seat
    for seat in range(R.n_seats):
        if S.hand[seat][SPECIAL]:
            return 1
    return 0


cdef inline uint64_t mix(uint64_t h, uint64_t x, uint64_t mul) noexcept nogil:
    h = (h ^ x) * mul
    return h ^ (h >> 29)


cdef inline uint64_t suit_part(const Rules* R, int s, uint32_t bits) noexcept nogil:
    """One suit's part of a table key: the holders and point classes of its remaining cards
    (``bits``) in rank order, 9 bits a card, seven cards a word."""
    cdef uint64_t h = 0xFF00 + s, word = 1
    cdef int r, count = 0
    while bits:
        r = ctz32(bits)
        bits &= bits - 1
        word = (word << 9) | R.key_sym[s][r]
        count += 1
        if count == 7:
            h = mix(h, word, <uint64_t>0x9E3779B97F4A7C15)
            word = 1
            count = 0
    return mix(h, word, <uint64_t>0x9E3779B97F4A7C15)


cdef inline uint64_t whole_key(const Search* X, const uint64_t* suit_key, uint64_t sym) noexcept nogil:
    """The table key from the suits' parts and the rest of the position (``sym``)."""
    cdef uint64_t key = X.context
    cdef int s
    for s in range(N_SUITS):
        key = mix(key, suit_key[s], <uint64_t>0xC2B2AE3D27D4EB4F)
    key = mix(key, sym + 0x10000, <uint64_t>0x9E3779B97F4A7C15)
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
    return whole_key(X, S.suit_key, key_rest(R, S, S.leader, S.won_mask))


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


cdef int probe(Search* X, uint64_t key, Entry* out) noexcept nogil:
    """Copy the key's entry to ``out``; 0 when the table has none."""
    cdef uint64_t base = bucket(X, key)
    cdef int j
    X.probes += 1
    for j in range(4):
        out[0] = X.table[base + j]  # a copy: another thread may be writing the slot
        if holds(out, key):
            X.hits += 1
            return 1
    return 0


cdef inline int table_bounds(Search* X, uint64_t key, int* lo, int* hi, int* best) noexcept nogil:
    """Narrow [lo, hi] to the key's table entry and give its best move; 0 when it has none."""
    cdef Entry e
    if not probe(X, key, &e):
        return 0
    if e.lower > lo[0]:
        lo[0] = e.lower
    if e.upper < hi[0]:
        hi[0] = e.upper
    best[0] = e.best
    return 1


cdef Entry* slot_for(Search* X, uint64_t key, Entry* cur) noexcept nogil:
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
        score = -1 if X.table[base + j].age == 0 else (
            X.table[base + j].tricks_left + (64 if X.table[base + j].age == X.age else 0))
        if score < worst:
            worst = score
            e = &X.table[base + j]
    return e


cdef void grow(Search* X) noexcept nogil:
    """Eight times larger, up to the budget, in place: the address space of the whole budget
    is reserved (reserve_table), so growing widens the index and moves each entry whose bucket
    changes into the new part, which is still empty; no second table is ever allocated, and
    the memory in use never exceeds the budget.  Never while another thread searches the table.
    (On huge pages, 2 MB ones: from 2 MB on, nearly every probe is in another page, and with
    4 kB pages each one also missed the TLB; 5 % less time on full Slovenian deals.)"""
    cdef uint64_t n = X.n_entries * 8, i, old_n = X.n_entries
    cdef Entry moving, cur
    cdef Entry* e
    if n > X.max_entries:
        n = X.max_entries
    X.n_entries = n
    for i in range(old_n):
        if X.table[i].age and bucket(X, sealed(X.table[i].check, &X.table[i])) != (i & ~<uint64_t>3):
            moving = X.table[i]
            memset(&X.table[i], 0, sizeof(Entry))
            e = slot_for(X, sealed(moving.check, &moving), &cur)  # (its new bucket holds only moved entries)
            e[0] = moving


cdef void store(Search* X, uint64_t key, int v, int alpha, int beta, int best,
                int tricks_left) noexcept nogil:
    """Merge a search result into the position's entry."""
    cdef Entry c
    cdef Entry* e = slot_for(X, key, &c)
    if c.age == 0:
        if e.age == 0:
            X.fills += 1
            # grow at three quarters full: measured, a table grown at half full reaches
            # 256 MB on full deals for no fewer nodes.  The peer's count is read only every
            # 256th fill: its cache line is the other core's (3 % faster on two threads)
            if X.n_entries < X.max_entries and (X.peer == NULL or (X.fills & 255) == 0) and (
                    X.fills + (X.peer.fills if X.peer != NULL else 0)) * 4 > X.n_entries * 3:
                if X.peer == NULL:
                    grow(X)
                    e = slot_for(X, key, &c)
                else:
                    X.grow_wanted = 1  # the driver grows the table between searches
        c.lower = 0
        c.upper = INF
    if v <= alpha:
        if v < c.upper:
            c.upper = v
    elif v >= beta:
        if v > c.lower:
            c.lower = v
    else:
        c.lower = v
        c.upper = v
    c.best = best
    c.tricks_left = tricks_left
    c.age = X.age
    c.check = sealed(key, &c)
    e[0] = c


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
    int tv[MAX_MOVES]               # what the trick is worth to the side
    int top[MAX_MOVES]              # remaining_max of the next position, or more (a bound)


cdef void last_card_setup(const Search* X, const State* S, int seat, const int* moves, int n,
                          LastCard* L) noexcept nogil:
    """The table keys of the positions after each last card, with their buckets' loads
    started at once, so that the memory latencies overlap."""
    cdef const Rules* R = &X.R
    cdef uint64_t parts[N_SUITS]
    cdef uint64_t saved
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
        parts[s] = suit_part(R, s, bits[s]) if (dirty >> s) & 1 else S.suit_key[s]
    for i in range(n):
        s = (moves[i] >> 5) & 7
        r = moves[i] & 31
        L.key[i] = 0
        if event or ((R.event_mask[s] | R.bout_mask[s]) >> r) & 1 or not plain_compare(R, S, s, r):
            continue  # (a trick with an event or bout card may count more than its points)
        w = seat if card_key(R, s, r, S.t_suit[0]) > S.win_key else S.t_seat[S.win]
        saved = parts[s]
        parts[s] = suit_part(R, s, bits[s] & ~(<uint32_t>1 << r))
        # (the trick changes none of the key's counts, only the leader and who has won a trick)
        L.key[i] = whole_key(X, parts, key_rest(R, S, w, S.won_mask | (1 << R.party[w])))
        parts[s] = saved
        __builtin_prefetch(&X.table[bucket(X, L.key[i])])
        total = trick_pts + R.pts[s][r]
        L.tv[i] = total + R.trick_units if R.side[w] else 0
        L.top[i] = top - total


cdef inline void swap_last_card(LastCard* L, int j) noexcept nogil:
    """Swap entries j - 1 and j (gen_moves' sort keeps them with their moves)."""
    cdef uint64_t k = L.key[j]
    cdef int t
    L.key[j] = L.key[j - 1]; L.key[j - 1] = k
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


cdef int gen_moves(Search* X, const State* S, int seat, int* moves, int first, LastCard* LC) noexcept nogil:
    """Moves to search: equivalent cards once (lowest of each run); a lead puts ``first``
    (the table's move) and the killer in front, a follower orders winners-cheaply /
    points-to-partner.  With ``LC`` (a trick's last card, see expand) the table loads of the
    next positions are started before the ordering, whose work then overlaps them (3.5 %
    less time on full Slovenian deals)."""
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
                if between == 0:
                    prev = r
                    continue
            prev = r
            n = add_move(R, S, seat, s, r, moves, n)
    if LC != NULL:  # the table loads start here, the ordering's work overlaps them
        last_card_setup(X, S, seat, moves, n, LC)
    if n == 1 or not X.use_order:
        return n
    # Ordering.  Leaders: the table's move, then from the second test of a solve on the
    # killer (the lead that last refuted at this seat and trick: 6 % fewer nodes on full
    # deals; in a first test, where it is still being learnt, it cost the yes/no goals up
    # to twice the nodes), then natural order (suits before trumps, low cards first), which
    # measured better than every other heuristic tried (a history table: 11 % more nodes).
    # The last card of a trick: its outcome is known, so win cheaply, feed points to the
    # own side's trick, or throw the cheapest card.  Others: a card that wins now and that
    # no opponent still to play can beat goes first; with the own side's card safe, feed
    # points; else play low.
    if S.n_played == 0:
        if X.iterations > 1:
            to_front(moves, n, X.killer[seat][S.trick_no])
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
                score[i] = (1 << 28) + (R.pts[s][r] << 8) - r if ws != seat else (1 << 27) - r
            else:
                score[i] = -(R.pts[s][r] << 8) - r
            continue
        safe = 1
        for o in range(S.n_played + 1, R.n_seats):
            j = seat_at(R, S.leader, o)
            if R.maxer[j] != R.maxer[ws] and could_beat(R, S, j, wsuit, wrank, led):
                safe = 0
                break
        if safe and R.maxer[ws] == R.maxer[seat]:
            score[i] = (1 << 27) - r if ws == seat else (1 << 26) + R.pts[s][r]
        else:
            score[i] = -(R.pts[s][r] << 8) - r
    for i in range(1, n):  # insertion sort, descending score
        j = i
        while j > 0 and score[j] > score[j - 1]:
            tmp = score[j]; score[j] = score[j - 1]; score[j - 1] = tmp
            tmp = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = tmp
            if LC != NULL:
                swap_last_card(LC, j)
            j -= 1
    return n


cdef inline int could_beat(const Rules* R, const State* S, int seat, int suit, int rank, int led) noexcept nogil:
    """Whether ``seat`` holds a card that might beat (suit, rank) in this trick (a quick test
    for move ordering only: it ignores the finer play rules)."""
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


cdef inline int card_key(const Rules* R, int suit, int rank, int led) noexcept nogil:
    """How strongly a card stands in a trick with this led suit (-1: cannot win)."""
    if suit == TRUMP and (R.tarock_trumps or led == TRUMP):
        return 100 + rank
    if suit == led and suit != SPECIAL:
        return rank
    return -1


cdef int skus_holder(const Rules* R, const State* S) noexcept nogil:
    """The skus holder when the demand question (DK-3.7) is open at this trick start, else -1."""
    cdef int seat
    if (R.special_kind != SPECIAL_SKUS or R.demand_policy != 1 or S.trick_no != R.n_tricks - 2
            or S.demanded):
        return -1
    for seat in range(R.n_seats):
        if S.hand[seat][SPECIAL]:
            return seat
    return -1


cdef inline int try_move(Search* X, State* S, int seat, int move, int alpha, int beta,
                         int exclusive) noexcept nogil:
    """The value of one move (or DEFER, see ab)."""
    cdef int v, tv, win, win_key, slow, trula, named
    cdef uint64_t node_key
    cdef State child
    if S.n_played == X.R.n_seats - 1:  # the trick ends: a new state
        child = S[0]
        play_card(&X.R, &child, seat, move)
        tv = finish_trick(&X.R, &child)
        v = ab(X, &child, alpha - tv, beta - tv, exclusive)
        return v if v == DEFER else tv + v
    # within a trick: play and take back in place
    win, win_key, slow, trula, named, node_key = S.win, S.win_key, S.slow, S.trula, S.named, S.node_key
    if X.busy != NULL:
        S.node_key = mix(node_key, move + 1, <uint64_t>0x9E3779B97F4A7C15)
    play_card(&X.R, S, seat, move)
    v = ab(X, S, alpha, beta, exclusive)
    S.n_played -= 1
    S.hand[seat][(move >> 5) & 7] |= <uint32_t>1 << (move & 31)
    S.win, S.win_key, S.slow, S.trula, S.named, S.node_key = win, win_key, slow, trula, named, node_key
    return v


cdef int last_card_by_table(Search* X, const LastCard* L, int i, int alpha, int beta) noexcept nogil:
    """The value of the i-th last card when the table entry of the position after it settles
    it for this window, as ab would find it there; else NO_CUT."""
    cdef int lo = 0, hi = L.top[i], tv = L.tv[i], best, hit
    if L.key[i] == 0:
        return NO_CUT
    if X.node_limit and X.nodes >= X.node_limit:
        X.aborted = 1  # (as ab: this would be a node)
        return NO_CUT
    hit = table_bounds(X, L.key[i], &lo, &hi, &best)
    if hit and lo >= beta - tv:
        X.nodes += 1  # (a node all the same: ab would have stopped here)
        return tv + lo
    if hit and hi <= alpha - tv:
        X.nodes += 1
        return tv + hi
    X.probes -= 1  # (ab probes it again)
    X.hits -= hit
    return NO_CUT


cdef int expand(Search* X, State* S, int alpha, int beta, int first, int* best_move) noexcept nogil:
    """Try every move of the player to move (fail-soft alpha-beta).  At a trick's last card
    the table entries of the positions after each move are read first (last_card_setup).  On
    two threads (ABDADA) every move but the first is first tried exclusively: a move whose
    node the other thread is searching is put off to the end, when its result is usually in
    the table."""
    cdef int moves[MAX_MOVES]
    cdef int deferred[MAX_MOVES]
    cdef int seat = seat_at(&X.R, S.leader, S.n_played)
    cdef int last_card = (S.n_played == X.R.n_seats - 1 and X.R.last_card_ok and X.use_table
                          and not S.slow and S.trick_no < X.R.n_tricks)
    cdef LastCard L
    cdef int n = gen_moves(X, S, seat, moves, first, &L if last_card else NULL)
    cdef int maximizing = X.R.maxer[seat]
    cdef int best = -INF if maximizing else INF
    cdef int i = 0, v, move, n_deferred = 0, exclusive
    cdef int known[MAX_MOVES]
    best_move[0] = moves[0]
    if last_card:
        # enhanced transposition cutoff: the table entries of all the next positions (loaded
        # at once, in gen_moves) first; one that cuts spares the search of the moves before it
        for i in range(n):
            known[i] = last_card_by_table(X, &L, i, alpha, beta)
            if known[i] != NO_CUT and (known[i] >= beta if maximizing else known[i] <= alpha):
                best_move[0] = moves[i]
                return known[i]
        i = 0
    while i < n + n_deferred:
        if i < n:
            move = moves[i]
            exclusive = i > 0 and X.busy != NULL
        else:
            move = deferred[i - n]
            exclusive = 0
        i += 1
        if last_card and i <= n and known[i - 1] != NO_CUT:
            v = known[i - 1]  # (it fails: alpha and beta moved only towards it)
        else:
            v = try_move(X, S, seat, move, alpha, beta, exclusive)
        if X.aborted:
            return best if (best > -INF and best < INF) else alpha
        if v == DEFER:
            deferred[n_deferred] = move
            n_deferred += 1
            continue
        if maximizing:
            if v > best:
                best = v
                best_move[0] = move
                if best > alpha:
                    alpha = best
        else:
            if v < best:
                best = v
                best_move[0] = move
                if best < beta:
                    beta = best
        if alpha >= beta:
            if S.n_played == 0:
                X.killer[seat][S.trick_no] = move
            break
    return best


cdef inline int claim(Search* X, uint64_t key, int exclusive, uint32_t* slot) noexcept nogil:
    """Mark a node as being searched by this thread (ABDADA); 0 when it is exclusive and the
    other thread already searches it.  The marks are hints: a lost or stale one costs time,
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


cdef int ab(Search* X, State* S, int alpha, int beta, int exclusive) noexcept nogil:
    """Fail-soft alpha-beta on the value still to come for the side.  On two threads an
    ``exclusive`` visit to a node the other thread is searching returns DEFER."""
    cdef uint64_t key = 0
    cdef uint32_t slot = 0
    cdef int lo = 0, hi, top, v, v2, first = -1, best = -1, holder, whose = 0
    if X.node_limit and X.nodes >= X.node_limit:
        X.aborted = 1
    elif X.deadline > 0 and (X.nodes & 0x3FFF) == 0 and now() > X.deadline:
        X.aborted = 1
    if X.aborted:
        return alpha
    X.nodes += 1
    if S.n_played:
        if X.busy == NULL:
            return expand(X, S, alpha, beta, -1, &best)
        if not claim(X, S.node_key, exclusive, &slot):
            return DEFER
        v = expand(X, S, alpha, beta, -1, &best)
        release(X, S.node_key, slot)
        return v
    if S.trick_no > X.R.n_tricks or S.over:
        return terminal_value(&X.R, S)
    hi = top = remaining_max(&X.R, S)
    if X.use_table:  # the table first: it settles most positions
        key = boundary_key(X, S)
        S.node_key = key
        if table_bounds(X, key, &lo, &hi, &first):
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
    if X.use_bounds:
        v = sure_count(&X.R, S, &whose)
        if whose:
            if v > lo:
                lo = v
        elif hi > top - v:
            hi = top - v
        v = lead_sure_count(&X.R, S, &whose)
        if whose:
            if v > lo:
                lo = v
        elif hi > top - v:
            hi = top - v
    if lo >= beta:
        return lo
    if hi <= alpha:
        return hi
    if X.busy != NULL and not claim(X, S.node_key, exclusive, &slot):
        return DEFER
    holder = skus_holder(&X.R, S)
    if holder >= 0:  # DK-3.7 (Q-DK6): the demand decision at the start of trick 23
        S.demanded = 1
        v = expand(X, S, alpha, beta, first, &best)
        if X.R.maxer[holder] and v > alpha and not X.aborted:
            S.demanded = 0  # the opponents may leave the demand unmade: a min node
            v2 = expand(X, S, alpha, beta if beta < v else v, first, &best)
            if v2 < v:
                v = v2
        S.demanded = 0
    else:
        v = expand(X, S, alpha, beta, first, &best)
    if X.busy != NULL:
        release(X, S.node_key, slot)
    if X.use_table and not X.aborted:
        store(X, key, v, alpha, beta, best, X.R.n_tricks - S.trick_no + 1)
    return v


cdef inline int next_target(int lb, int ub) noexcept nogil:
    """The next null-window test for a value known to be in [lb, ub] (lb < ub): two fifths
    of the way up, not the middle.  A test the side fails (the value is below it) costs more
    than one it passes, even far from the value, so the driver leans low.  Against
    bisection, on four sets of 16-24 seeded full Slovenian deals: 11 % and 13 % fewer nodes
    on two, 5 % fewer and 4 % more (the benchmark's own set) on the others, 11 % fewer in
    all; the same total on Königrufen.  (An exact first guess would save 27 %.)"""
    return lb + (ub - lb) * 2 // 5 + 1


cdef int search_value(Search* X, State* S, int* lower, int* upper) noexcept nogil:
    """Null-window searches, splitting the proven interval (next_target), until the bounds
    meet.  Returns 1 when exact; on abort the bounds proven so far stay in lower/upper."""
    cdef int g, beta
    cdef int lb = lower[0], ub = upper[0]
    while lb < ub and not X.aborted:
        beta = next_target(lb, ub)  # fail-soft results move the bounds further
        X.iterations += 1
        g = ab(X, S, beta - 1, beta, 0)
        if X.aborted:
            break
        if g < beta:
            ub = g
        else:
            lb = g
        lower[0] = lb  # as they narrow (Engine.progress reads them from another thread)
        upper[0] = ub
    return lb == ub


# ------------------------------------------------------------------ Python face

cdef uint64_t splitmix(uint64_t* x) noexcept nogil:
    x[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef class Engine:
    """One search: its transposition table (a fixed memory budget) and counters.

    ``solver.search`` builds the integer description of a position (``spec``) and
    calls :meth:`solve`; the tests also call :meth:`legal` and :meth:`winner` to check
    the compiled rules against :class:`solver.Position`.
    """
    cdef Search X
    cdef char gap0[128]             # (the gaps keep what two threads write on separate cache lines)
    cdef Search H                   # the helper of a two-thread solve: shares X's table
    cdef char gap1[128]
    cdef State work0                # each thread's copy of the root
    cdef char gap2[128]
    cdef State work1
    cdef char gap3[128]
    cdef uint32_t busy_marks[BUSY]  # the nodes each thread is searching (ABDADA)
    cdef int threads
    cdef public long long solo_nodes  # a two-thread solve searches this many nodes on one thread first
    cdef object stopping            # set by stop(): no new searches are started
    cdef int live[2]                # the root's proven bounds, narrowing while it is searched (progress)
    cdef int at_root                # 1 while solve() searches the root's count

    def __cinit__(self, memory_mb=256):
        cdef uint64_t n = 4
        if not 1 <= memory_mb <= 65536:
            raise ValueError("memory_mb must be 1 to 65536")
        while n * 2 * sizeof(Entry) <= <uint64_t>memory_mb * 1024 * 1024 and n < (<uint64_t>1 << 32):
            n *= 2
        self.X.table = NULL
        while self.X.table == NULL and n >= 4:  # a system that refuses the space: a smaller budget
            self.X.table = <Entry*>reserve_table(n * sizeof(Entry))
            if self.X.table == NULL:
                n //= 2
        if self.X.table == NULL:
            raise MemoryError("cannot reserve a transposition table")
        self.X.max_entries = n
        self.X.n_entries = min(n, 1 << 16)
        self.X.use_table = self.X.use_order = self.X.use_equiv = self.X.use_bounds = 1
        self.threads = 1
        self.solo_nodes = 100000  # about 10 ms: smaller searches do not pay for a second thread
        self.stopping = threading.Event()

    def __dealloc__(self):
        release_table(self.X.table, self.X.max_entries * sizeof(Entry))

    def stop(self):
        """Ask a search running in another thread to stop now (it returns its proven bounds)."""
        self.stopping.set()
        self.X.aborted = 1
        self.H.aborted = 1

    def clear(self):
        """Forget every table entry."""
        memset(self.X.table, 0, self.X.n_entries * sizeof(Entry))
        self.X.fills = 0

    cdef void _load(self, dict spec, State* S) except *:
        cdef Rules* R = &self.X.R
        cdef int seat, i, j, suit, rank
        cdef uint64_t ctx = 0x5EED
        memset(R, 0, sizeof(Rules))
        memset(S, 0, sizeof(State))
        R.n_seats = spec["n_seats"]
        R.n_tricks = spec["n_tricks"]
        R.special_kind = spec["special_kind"]
        R.tarock_trumps = spec["tarock_trumps"]
        R.tarockzwang = spec["tarockzwang"]
        R.colour_lead_rule = spec["colour_lead_rule"]
        R.must_overtrump = spec["must_overtrump"]
        R.overtrump_on_trump_lead = spec["overtrump_on_trump_lead"]
        R.must_beat = spec["must_beat"]
        R.pagat_rule = spec["pagat_rule"]
        R.emperor = spec["emperor"]
        R.colour_valat_seat = spec["colour_valat_seat"]
        R.demand_policy = spec["demand_policy"]
        R.trick_units = spec["trick_units"]
        R.excuse_exchange = spec["excuse_exchange"]
        R.event_kind = spec["event_kind"]
        R.event_trick = spec["event_trick"]
        for suit, rank in spec["event_cards"]:
            R.event_mask[suit] |= <uint32_t>1 << rank
        for i, j in enumerate(spec["bout_bonus"]):
            R.bout_bonus[i] = j
        for suit, rank in spec["bout_cards"]:
            R.bout_mask[suit] |= <uint32_t>1 << rank
        R.exactly_one = spec["exactly_one"]
        R.event_only = (R.event_kind == EVENT_WINS_WITH and len(spec["event_cards"]) == 1
                        and R.trick_units == 0 and not any(p for _, _, p in spec["points"]))
        R.stop_party = spec["stop_party"]
        R.stop_after = spec["stop_after"]
        R.guard_mask = spec["guard_mask"]
        R.plain_count = R.event_kind == EVENT_NONE and not any(spec["bout_bonus"]) and not R.excuse_exchange
        # (the Excuse exchange, an event and a bout bonus count only in a trick with one of
        # their cards, which expand and last_card_setup leave to the search)
        R.last_card_ok = R.stop_party < 0 and not R.guard_mask and not R.exactly_one
        if len(spec["reserved"]) > MAX_RESERVED:
            raise ValueError("too many reserved cards")
        R.n_reserved = len(spec["reserved"])
        for i, (seat, suit, rank, j) in enumerate(spec["reserved"]):
            R.res_seat[i], R.res_suit[i], R.res_rank[i], R.res_trick[i] = seat, suit, rank, j
        R.min_pts = 1 << 20
        for suit, rank, j in spec["points"]:
            R.pts[suit][rank] = j
        for suit, rank in spec["deck"]:
            R.min_pts = min(R.min_pts, R.pts[suit][rank])
        for suit, rank in spec["keep_apart"]:
            R.keep_apart[suit] |= <uint32_t>1 << rank
        classes = sorted({R.pts[suit][rank] for suit, rank in spec["deck"]})
        if len(classes) > 31:
            raise ValueError("too many point classes")
        for seat in range(R.n_seats):
            R.side[seat] = spec["side"][seat]
            R.maxer[seat] = spec["maxer"][seat]
            R.party[seat] = spec["party"][seat]
        for seat, hand in enumerate(spec["hands"]):
            for suit, rank in hand:
                S.hand[seat][suit] |= <uint32_t>1 << rank
        for seat in range(R.n_seats):
            for suit in range(N_SUITS):
                for rank in range(32):
                    if (S.hand[seat][suit] >> rank) & 1:
                        S.rem_pts += R.pts[suit][rank]
        for seat, suit, rank in spec["trick"]:
            S.rem_pts += R.pts[suit][rank]
        for seat, hand in enumerate(spec["hands"]):
            for suit, rank in hand:
                R.key_sym[suit][rank] = (seat << 6) | (32 + rank if (R.keep_apart[suit] >> rank) & 1
                                                       else 1 + classes.index(R.pts[suit][rank]))
        for seat in range(R.n_seats):
            for suit in range(N_SUITS):
                S.start_out[suit] |= S.hand[seat][suit]
        for seat, suit, rank in spec["trick"]:
            S.start_out[suit] |= <uint32_t>1 << rank
        S.key_dirty = (1 << N_SUITS) - 1
        S.leader = spec["leader"]
        # a composed position may start already settled (as Position sees it)
        if R.stop_party >= 0 and spec["stop_count"] >= R.stop_after:
            S.over = 1
        for i in range(MAX_SEATS):
            if (R.guard_mask >> i) & 1 and spec["won_mask"] & ~(1 << i):
                S.over = 1
        S.trick_no = spec["trick_no"]
        S.n_played = len(spec["trick"])
        for i, (seat, suit, rank) in enumerate(spec["trick"]):
            S.t_seat[i], S.t_suit[i], S.t_rank[i] = seat, suit, rank
        S.named = spec["named"]
        S.slow = 1  # a trick in progress: the full winner test until it ends
        S.win = trick_winner(R, S, S.n_played, 0) if S.n_played else -1
        S.demanded = spec["demanded"]
        S.won_mask = spec["won_mask"]
        S.stop_count = spec["stop_count"]
        S.side_tricks = spec["side_tricks"]
        S.bouts = spec["bouts"]
        # the table context: every rule and the side and goal (entries of other contexts never match)
        for v in (R.n_seats, R.n_tricks, R.special_kind, R.tarock_trumps, R.tarockzwang, R.colour_lead_rule,
                  R.must_overtrump, R.overtrump_on_trump_lead, R.must_beat, R.pagat_rule, R.emperor,
                  R.colour_valat_seat, R.demand_policy, R.trick_units, R.excuse_exchange, R.event_kind,
                  R.event_trick, R.exactly_one, R.stop_party, R.stop_after, R.guard_mask,
                  *[x for p in spec["event_cards"] for x in p], *spec["bout_bonus"],
                  *[x for p in spec["bout_cards"] for x in p], *spec["side"], *spec["maxer"],
                  *spec["party"],
                  *[x for r in spec["reserved"] for x in r], *[x for p in spec["points"] for x in p],
                  *[x for p in spec["keep_apart"] for x in p]):
            ctx = (ctx ^ <uint64_t>(v + 7)) * <uint64_t>0x100000001B3
        self.X.context = splitmix(&ctx)

    def legal(self, dict spec):
        """Codes (suit << 5 | rank, plus (name + 1) << 8 for a named skus) of every legal move."""
        cdef State S
        cdef int moves[MAX_MOVES]
        self._load(spec, &S)
        n = legal_moves(&self.X.R, &S, moves)
        return [moves[i] for i in range(n)]

    def winner(self, dict spec, bint last=False):
        """Index of the card winning the spec's (possibly partial) trick."""
        cdef State S
        self._load(spec, &S)
        return trick_winner(&self.X.R, &S, S.n_played, last)

    def solve(self, dict spec, long long node_limit=0, double time_limit=0, int target=-1,
              bint all_cards=False, bint line=False, bint use_table=True, bint use_order=True,
              bint use_equiv=True, bint use_bounds=True, int threads=1):
        """The side's remaining count for the spec's position: exact, or proven bounds when a
        limit stopped the search.  With ``target`` >= 0 only whether the count reaches it
        is decided (one null-window test, for yes/no goals).  With ``threads=2`` an exact
        count is searched by two threads on one table (after the first ``solo_nodes`` on one;
        a node limit is shared).

        Returns a dict: lower, upper, nodes, probes, hits, iterations, aborted, and when asked
        ``cards`` (move code -> (lower, upper)) and ``line`` (move codes, DEMAND as -1).
        """
        cdef State S, child
        cdef int lo, hi, tv, i, n
        cdef int moves[MAX_MOVES]
        self._load(spec, &S)
        self.X.nodes = self.X.probes = self.X.hits = self.X.iterations = 0
        memset(self.X.killer, 0xFF, sizeof(self.X.killer))  # all -1: each solve starts afresh
        self.X.aborted = 0
        self.X.node_limit = node_limit
        self.X.deadline = now() + time_limit if time_limit > 0 else 0
        self.X.use_table, self.X.use_order, self.X.use_equiv = use_table, use_order, use_equiv
        self.X.use_bounds = use_bounds
        self.X.age = self.X.age % 255 + 1
        if threads not in (1, 2):
            raise ValueError("threads must be 1 or 2")
        self.threads = threads
        self.stopping.clear()
        self.at_root = 1
        try:
            lo, hi = self._bounds(&S, target)
        finally:
            self.at_root = 0
        out = {"lower": lo, "upper": hi}
        if all_cards and not self.X.aborted:
            cards = {}
            n = legal_moves(&self.X.R, &S, moves)
            for i in range(n):
                child = S
                tv = self._child(&child, moves[i])
                lo2, hi2 = self._bounds(&child, target - tv if target >= 0 else -1)
                cards[moves[i]] = (lo2 + tv, hi2 + tv)
            out["cards"] = cards
        if line and not self.X.aborted:
            if lo == hi:
                out["line"] = self._line(&S, lo, 0)
            elif target >= 0:
                out["line"] = self._line(&S, target, 1) if lo >= target else self._line(&S, target - 1, 2)
        out.update(iterations=self.X.iterations, nodes=self.X.nodes, probes=self.X.probes, hits=self.X.hits,
                   aborted=bool(self.X.aborted))
        return out

    cdef tuple _bounds(self, State* S, int target):
        """Proven (lower, upper) of the remaining count: exact, or decided against target.
        The root's bounds narrow in ``live``, where :attr:`progress` reads them."""
        cdef int local[2]
        cdef int* b = &self.live[0] if self.at_root else &local[0]
        cdef int g
        cdef long long limit = self.X.node_limit
        b[0] = 0
        b[1] = remaining_max(&self.X.R, S)
        if target < 0 and self.threads == 2 and b[0] < b[1]:
            # one thread first: a small search is over before two threads would pay
            self.X.node_limit = self.X.nodes + self.solo_nodes
            if limit and limit < self.X.node_limit:
                self.X.node_limit = limit
            if self.solo_nodes > 0:
                with nogil:
                    search_value(&self.X, S, &b[0], &b[1])
            self.X.node_limit = limit
            if b[0] == b[1] or self.stopping.is_set() or (limit and limit - self.X.nodes < 2) or (
                    self.X.deadline > 0 and now() > self.X.deadline):
                return b[0], b[1]
            self.X.aborted = 0
            return self._bounds_two(S, b[0], b[1])
        if target < 0:
            with nogil:
                search_value(&self.X, S, &b[0], &b[1])
        elif target <= b[0]:
            pass
        elif target > b[1]:
            pass
        else:
            with nogil:
                self.X.iterations += 1
                g = ab(&self.X, S, target - 1, target, 0)
            if not self.X.aborted:
                if g >= target:
                    b[0] = g
                else:
                    b[1] = g
        return b[0], b[1]

    cdef tuple _bounds_two(self, State* S, int lb, int ub):
        """search_value's tests on two threads: both test the same target on the shared
        table, sharing out the work ABDADA's way (``expand``); the first answer ends the test
        and the other thread is recalled.  The table grows only while both are stopped.
        (Testing two different targets at once, about the interval's thirds, measured no
        better: 26 % and 3 % less time on two sets of seeded deals, 8 % more on two others.)"""
        cdef Search* searches[2]
        cdef long long full_limit = self.X.node_limit
        searches[0] = &self.X
        searches[1] = &self.H
        self.H = self.X  # the same rules, table, limits and age
        self.H.nodes = self.H.probes = self.H.hits = self.H.iterations = self.H.fills = 0
        self.X.peer = &self.H
        self.H.peer = &self.X
        if self.X.use_table:  # (without the table a thread cannot use the other's results)
            memset(self.busy_marks, 0, sizeof(self.busy_marks))
            self.X.busy = self.H.busy = &self.busy_marks[0]
        self.X.grow_wanted = self.H.grow_wanted = 0
        if full_limit:  # what is left of the limit, half each (_bounds leaves at least 2)
            self.X.node_limit = self.X.nodes + (full_limit - self.X.nodes) // 2
            self.H.node_limit = (full_limit - self.X.nodes) - (full_limit - self.X.nodes) // 2
        results = queue.SimpleQueue()
        busy = [None, None]     # the target each thread is testing
        workers = []
        recalled = [False, False]  # stopped by the driver (moot test, growth), not by a limit
        halted = False
        try:
            while True:
                if not halted and not self.stopping.is_set() and (self.X.grow_wanted or self.H.grow_wanted):
                    for w in range(2):
                        if busy[w] is not None and not recalled[w]:
                            recalled[w] = True
                            searches[w].aborted = 1
                    if busy[0] is None and busy[1] is None:
                        self.X.fills += self.H.fills
                        grow(&self.X)
                        self.H.table, self.H.n_entries, self.H.max_entries = (
                            self.X.table, self.X.n_entries, self.X.max_entries)
                        self.H.fills = 0
                        self.X.grow_wanted = self.H.grow_wanted = 0
                if not (halted or self.stopping.is_set() or self.X.grow_wanted or self.H.grow_wanted):
                    for w in range(2):
                        if busy[w] is None and lb < ub:
                            busy[w] = beta = next_target(lb, ub)
                            recalled[w] = False
                            worker = self._worker(w, beta, S, results)
                            workers.append(worker)
                            worker.start()
                if busy[0] is None and busy[1] is None:
                    break
                try:
                    w, beta, g, aborted = results.get(timeout=0.01)
                except queue.Empty:
                    continue
                busy[w] = None
                if aborted:
                    if not recalled[w]:  # a limit or stop(): finish with what is proven
                        halted = True
                        for o in range(2):
                            searches[o].aborted = 1
                    continue
                if g >= beta:
                    lb = max(lb, g)
                else:
                    ub = min(ub, g)
                if self.at_root:
                    self.live[0], self.live[1] = lb, ub
                o = 1 - w
                if busy[o] is not None and not (lb < busy[o] <= ub) and not recalled[o]:
                    recalled[o] = True  # its answer is known now
                    searches[o].aborted = 1
        finally:
            # left by an exception (Ctrl-C in this thread) the searches may still run, on this
            # engine's memory: stop them and wait.  A Ctrl-C that comes while waiting is
            # raised once they are done (even when the search itself had ended), never lost.
            interrupt = None
            searches[0].aborted = searches[1].aborted = 1
            for worker in workers:
                while True:
                    try:
                        if worker.ident is None or not worker.is_alive():
                            break
                        worker.join()
                    except KeyboardInterrupt as exc:
                        interrupt = exc
                        halted = True
            self.X.peer = self.H.peer = NULL
            self.X.busy = self.H.busy = NULL
            self.X.nodes += self.H.nodes
            self.X.probes += self.H.probes
            self.X.hits += self.H.hits
            self.X.iterations += self.H.iterations
            self.X.fills += self.H.fills
            self.X.node_limit = full_limit
            self.X.aborted = 1 if halted or self.stopping.is_set() else 0
            if interrupt is not None:
                raise interrupt
        return lb, ub

    cdef object _worker(self, int w, int beta, State* root, object results):
        """A thread (not started) that tests ``beta`` on search ``w`` from a copy of the root."""
        cdef Search* X = &self.X if w == 0 else &self.H
        cdef State* S = &self.work0 if w == 0 else &self.work1
        X.aborted = 0
        S[0] = root[0]
        S.key_dirty = (1 << N_SUITS) - 1
        return threading.Thread(target=self._test, args=(w, beta, results), daemon=True)

    def _test(self, int w, int beta, results):
        cdef Search* X = &self.X if w == 0 else &self.H
        cdef int g
        with nogil:
            X.iterations += 1
            g = ab(X, &self.work0 if w == 0 else &self.work1, beta - 1, beta, 0)
        results.put((w, beta, g, bool(X.aborted)))

    cdef int _child(self, State* S, int move) noexcept:
        cdef int seat = seat_at(&self.X.R, S.leader, S.n_played)
        play_card(&self.X.R, S, seat, move)
        if S.n_played == self.X.R.n_seats:
            return finish_trick(&self.X.R, S)
        return 0

    cdef bint _holds(self, State* S, int value, int mode):
        """Whether the remaining count is == value (mode 0), >= value (1) or <= value (2)."""
        cdef int g
        if mode == 0:
            return self._bounds(S, -1)[0] == value
        with nogil:
            if mode == 1:
                g = ab(&self.X, S, value - 1, value, 0)
            else:
                g = ab(&self.X, S, value, value + 1, 0)
        return g >= value if mode == 1 else g <= value

    cdef list _line(self, State* root, int value, int mode):
        """A line of optimal play: at each step a move that keeps the claim about the count
        (== value, or >= / <= value for yes/no goals).  The side that cannot change the
        outcome plays its first move in search order."""
        cdef State S = root[0], child
        cdef int moves[MAX_MOVES]
        cdef int n, i, seat, tv, holder, maximizing, deciding
        out = []
        while S.trick_no <= self.X.R.n_tricks and not S.over and not self.X.aborted:
            if S.n_played == 0:
                holder = skus_holder(&self.X.R, &S)
                if holder >= 0:
                    child = S
                    child.demanded = 1
                    # the demand is made unless the side holds the skus and is better off without it
                    if not self.X.R.maxer[holder] or self._holds(&child, value, mode):
                        S.demanded = 1
                        out.append(-1)
            seat = seat_at(&self.X.R, S.leader, S.n_played)
            maximizing = self.X.R.maxer[seat]
            deciding = mode == 0 or (mode == 1) == maximizing
            n = gen_moves(&self.X, &S, seat, moves, -1, NULL)
            for i in range(n):
                child = S
                tv = self._child(&child, moves[i])
                if not deciding or self._holds(&child, value - tv, mode if mode else (1 if maximizing else 2)):
                    out.append(moves[i])
                    S = child
                    value -= tv
                    break
            else:
                if self.X.aborted:  # the limit ran out while the moves were checked
                    break
                raise RuntimeError("no move keeps the value %d (search inconsistency)" % value)
        return [] if self.X.aborted else out  # a line cut short by the limit is no line

    @property
    def progress(self):
        """(nodes, lower, upper) of a solve running in another thread: the nodes searched so far
        and the bounds proven so far on the root's remaining count (read without a lock, for a
        progress display; after the root is done, its final bounds)."""
        cdef long long nodes = self.X.nodes
        if self.X.peer != NULL:
            nodes += self.H.nodes
        return nodes, self.live[0], self.live[1]

    @property
    def entries(self):
        """Entries now in the table (it grows up to max_entries)."""
        return self.X.n_entries

    @property
    def max_entries(self):
        return self.X.max_entries

    @property
    def table_bytes(self):
        return self.X.n_entries * sizeof(Entry)

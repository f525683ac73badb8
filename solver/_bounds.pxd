# cython: language_level=3
# Bounds on what the side still collects, read at a trick start before any move is generated:
# the most it could still take (remaining_max) and what one party takes by force (sure_count,
# lead_sure_count: DDS's QuickTricks for trumps; length_counts: trumps the others cannot all beat),
# with the cards every seat must give to those tricks (least_excess); and within a trick of a
# valat test, whether the side can still win it (trick_lost).

from solver._types cimport *
from solver._rules cimport card_key, chelem_open, emperor_open, led_suit, seat_at


cdef inline int terminal_value(const Rules* R, const State* S) noexcept nogil:
    """What the end of play itself is worth (only the exactly-one-trick goal uses it)."""
    return R.exactly_one and S.side_tricks == 1


cdef inline int remaining_max(const Rules* R, const State* S) noexcept nogil:
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


cdef inline int bouts_to_come(const Rules* R, const State* S) noexcept nogil:
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


cdef inline int event_possible(const Rules* R, const State* S) noexcept nogil:
    """Whether the goal's event can still happen: a card of it is still to fall, held by a
    seat that can make it count (the side for EVENT_WINS_WITH, an opponent for
    EVENT_CAPTURES, anyone for EVENT_FALLS_TO).  A trump that must win a given trick (pagat
    ultimo, uhu, pelikan, quapil) cannot once another player holds nothing but higher trumps
    (one of them falls in that trick), unless the emperor trick may still let the pagat win
    (SI-4.1, AT-4.3)."""
    cdef int seat, s, i, found = 0, top
    for i in range(S.n_played):
        if (R.event_mask[S.t_suit[i]] >> S.t_rank[i]) & 1:
            return 1  # (decided when the trick ends)
    for seat in range(R.n_seats):
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
    if R.event_mask[TRUMP] & 2 and emperor_open(R, S):
        return 1
    top = 31 - clz32(R.event_mask[TRUMP])
    for seat in range(R.n_seats):
        if S.hand[seat][TRUMP] >> (top + 1) == 0 or S.hand[seat][TRUMP] & ((<uint32_t>2 << top) - 1):
            continue  # no trump, or one not above the event's
        for s in range(N_SUITS):
            if s != TRUMP and S.hand[seat][s]:
                break
        else:
            return 0
    return 1


cdef inline int kept_special(const Rules* R, const State* S, int* counted_side) noexcept nogil:
    """What the side of the Excuse's or skus's holder keeps of it (``counted_side`` is set to 1
    when that is the side), at a trick start from which he may still play it to a trick
    before the last: now.  Played so, it goes back to his side (FR-4.3, DK-4.4), less the
    half point given for the Excuse to the winners of its trick, and with the Excuse a bout
    (FR-6.4).  So the side collects at least that where it holds the card, and all but that
    at most where an opponent does, whatever else is played.  0 where no one holds it, in the
    last trick (FR-4.4; the skus not in the next-to-last either, DK-3.6), or where play may
    end early."""
    cdef int seat, v, b
    if (R.special_kind == SPECIAL_NONE or R.pts[SPECIAL][0] <= R.excuse_exchange
            or S.trick_no >= R.n_tricks - (R.special_kind == SPECIAL_SKUS)
            or R.stop_party >= 0 or R.guard_mask or R.exactly_one):
        return 0
    for seat in range(R.n_seats):
        if S.hand[seat][SPECIAL]:
            counted_side[0] = R.side[seat]
            v = R.pts[SPECIAL][0] - R.excuse_exchange
            if R.bout_mask[SPECIAL] & 1:
                # the side ends with one bout more than now at least, or one fewer than it
                # could still take at most
                b = S.bouts if R.side[seat] else S.bouts + bouts_to_come(R, S) - 1
                if 0 <= b < 4:
                    v += R.bout_bonus[b]
            return v
    return 0


cdef inline int sure_count(const Rules* R, const State* S, int* counted_side, int* read_to) noexcept nogil:
    """What the holders of the top remaining trump surely still collect, at a trick start
    (``counted_side`` is set to 1 when they are the side): an unbroken run of top trumps held
    by one party wins every trick it is played to, so those cards, the other cards of those
    tricks and their trick units are that party's.  Not used where a tarok can lose (colour
    games, colour valat) or the emperor trick could turn the top trumps over.  ``read_to``:
    the lowest rank it read, the run's lowest trump (wherever the run's holders are the same
    the count holds, or a longer run's; NOT_READ when one party holds every trump: the counts
    per seat tell the run)."""
    cdef int seat, r, owner, top_cards = 0, tricks = 0, v = 0, others
    cdef int chelem_sides = 0  # bit x: a seat with R.side x may take the last trick with the Excuse
    cdef int per_seat[MAX_SEATS]
    cdef uint32_t all_trumps = 0, bits, run = 0
    if (not R.tarock_trumps or R.colour_valat_seat >= 0 or R.stop_party >= 0 or R.guard_mask
            or R.exactly_one):
        return 0  # (with an early end the cards may never be played)
    for seat in range(R.n_seats):
        all_trumps |= S.hand[seat][TRUMP]
        per_seat[seat] = 0
        if chelem_open(R, S, seat):
            chelem_sides |= 1 << R.side[seat]
    if emperor_open(R, S):
        return 0
    bits = all_trumps
    while bits:
        r = 31 - clz32(bits)
        bits &= ~(<uint32_t>1 << r)
        owner = 0
        while not ((S.hand[owner][TRUMP] >> r) & 1):
            owner += 1
        if top_cards == 0:
            counted_side[0] = R.side[owner]
        elif R.side[owner] != counted_side[0]:
            read_to[0] = ctz32(run)
            break
        per_seat[owner] += 1
        top_cards += 1
        run |= <uint32_t>1 << r
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
    # the other cards of those tricks: each seat's cheapest (a seat plays a card to each)
    others += R.n_seats * tricks - top_cards
    for seat in range(R.n_seats):
        v += least_excess(R, S, seat, tricks - per_seat[seat], run)
    return v + others * R.min_pts + R.trick_units * tricks


cdef inline uint32_t top_run(uint32_t mine, uint32_t others) noexcept nogil:
    """The cards of ``mine`` above every card of ``others``: each wins the trick it is led to."""
    if others == 0:
        return mine
    return mine & ~((<uint32_t>2 << (31 - clz32(others))) - 1)


cdef inline int points_of(const Rules* R, int s, uint32_t cards) noexcept nogil:
    cdef int v = 0
    while cards:
        v += R.pts[s][ctz32(cards)]
        cards &= cards - 1
    return v


cdef inline int least_excess(const Rules* R, const State* S, int seat, int k, uint32_t held_back) noexcept nogil:
    """What the k cards ``seat`` plays to tricks another seat's cards win are worth beyond k
    of the deck's cheapest cards, at the least, at a trick start: its k cheapest cards but
    ``held_back`` (trumps counted apart), each less R.min_pts.  An Excuse or skus counts as a
    cheapest card (the callers count where it goes).  A hand with fewer cheap cards than
    tricks to play to (a long run of top trumps, late in play) must give dearer ones."""
    k -= S.cheap[seat]  # (kept at trick ends: all most calls need)
    held_back &= S.hand[seat][TRUMP]
    if held_back:
        k += popcount32(held_back & ~R.dear[TRUMP])
    if k <= 0:
        return 0
    return dearer_excess(R, S, seat, k, 0, held_back)


cdef inline int least_trumps_excess(const Rules* R, const State* S, int seat, int k) noexcept nogil:
    """What the k cheapest trumps of ``seat`` are worth beyond k of the deck's cheapest cards."""
    return dearer_excess(R, S, seat, k - popcount32(S.hand[seat][TRUMP] & ~R.dear[TRUMP]), TRUMP, 0)


cdef inline int dearer_excess(const Rules* R, const State* S, int seat, int k, int first, uint32_t held_back) noexcept nogil:
    """What k dearer cards of ``seat`` in the suits from ``first`` to the trumps (not the trumps
    ``held_back``) are worth beyond k of the deck's cheapest cards, at the least: the cheapest
    class first."""
    cdef int s, c = 0, n, excess = 0
    while k > 0 and c < R.n_dear_classes:
        n = 0
        for s in range(first, TRUMP + 1):
            n += popcount32(S.hand[seat][s] & R.dear_class[c][s] & ~(held_back if s == TRUMP else 0))
        if n > k:
            n = k
        excess += n * R.dear_excess[c]
        k -= n
        c += 1
    return excess


cdef inline int holds_reserved(const Rules* R, const State* S, int seat) noexcept nogil:
    """Whether ``seat`` holds a card reserved for this trick or a later one (AT-3.4, SI-3.5)."""
    cdef int i
    for i in range(R.n_reserved):
        if (R.res_seat[i] == seat and R.res_trick[i] >= S.trick_no
                and (S.hand[seat][R.res_suit[i]] >> R.res_rank[i]) & 1):
            return 1
    return 0


cdef inline uint32_t leadable_trumps(const Rules* R, const State* S, int seat) noexcept nogil:
    """The trumps ``seat`` may lead in a plan of his: not the pagat where SI-3.4 or AT-3.6
    keeps it back while he holds more."""
    return S.hand[seat][TRUMP] & ~(<uint32_t>2 if R.pagat_rule else 0)


cdef inline int lead_sure_count(const Rules* R, const State* S, int* counted_side, int* partner, int* pair_plan) noexcept nogil:
    """What the leader's party surely collects by a plan of its own, at a trick start (DDS's
    QuickTricks, for trumps): the leader cashes his top trumps (his run above every other
    trump); where that leaves no other seat a trump, then his masters (in each suit his run
    above every other card of it; no one can ruff them now), then the rest of his trumps, top
    or not (no one else holds one; not a pagat held back by SI-3.4 or AT-3.6), keeping the
    lead throughout; then he leads his Excuse, which stays with his side (FR-4.3), if that
    trick is not the last, or takes the last trick with it when his side has won every trick
    (FR-4.4).
    Counted: his cards, every other seat's cheapest cards for those tricks, its trumps
    first for his trump leads (it follows with a trump while it holds one, an Excuse or skus
    standing in for one: least_trumps_excess, then least_excess), their trick units and, for
    the side, the bonus of the bouts among his cards (FR-6.4).  Where only tricks count, a
    partner's masters may follow his plan: ``pair_plan`` is set to the tricks of both (the
    caller caps them at the tricks to play), ``partner`` to that seat (partner_masters; else
    0 and -1).  ``counted_side`` is set to R.side of the leader."""
    cdef int lead = S.leader, seat, s, k, rounds = 0, team_trumps = 0, run = 0, masters = 0
    cdef int tricks_left = R.n_tricks - S.trick_no + 1, bouts = 0, v = 0, others, plan, i
    cdef int team_excuse = 0, opp_skus = 0, pair = 0
    cdef uint32_t rest[N_SUITS]  # every other seat's cards
    cdef uint32_t bits, run_bits
    partner[0] = -1
    pair_plan[0] = 0
    if (not R.tarock_trumps or R.colour_valat_seat >= 0 or R.stop_party >= 0 or R.guard_mask
            or R.exactly_one or R.colour_lead_rule or R.side[lead] != R.maxer[lead]):
        return 0  # (the last: the plan is worth following only to a party that wants the count)
    if R.special_kind == SPECIAL_SKUS and S.hand[lead][SPECIAL]:
        return 0  # DK-3.7: a demand may force his skus into a trick of the plan
    if holds_reserved(R, S, lead):
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
    if emperor_open(R, S):
        return 0  # SI-4.1, AT-4.3: the pagat may take a trick of škis or mond
    bits = run_bits = top_run(leadable_trumps(R, S, lead), rest[TRUMP])
    run = popcount32(bits)
    if run == 0:
        return 0
    v += points_of(R, TRUMP, bits)
    bouts += popcount32(bits & R.bout_mask[TRUMP])
    if rounds <= run and team_trumps <= run:  # (his run strips his partners of trumps too)
        for s in range(4):
            bits = top_run(S.hand[lead][s], rest[s])
            masters += popcount32(bits)
            v += points_of(R, s, bits)
        # no one else holds a trump now: his lower trumps win too (not the pagat where a rule
        # keeps it back while he holds other cards, SI-3.4, AT-3.6)
        bits = leadable_trumps(R, S, lead) & ~run_bits
        masters += popcount32(bits)
        v += points_of(R, TRUMP, bits)
        bouts += popcount32(bits & R.bout_mask[TRUMP])
        if (R.trick_units and R.min_pts == 0 and R.n_dear_classes == 0 and R.pts[SPECIAL][0] == 0
                and run + masters < tricks_left and leadable_trumps(R, S, lead) == S.hand[lead][TRUMP]):
            # (his pagat, kept back by SI-3.4 or AT-3.6, would take a partner's lead)
            pair = partner_masters(R, S, lead, partner, run + masters + 2 <= tricks_left)
    plan = run + masters
    others = (R.n_seats - 1) * plan
    for seat in range(R.n_seats):
        if seat != lead:
            # his trump leads take a trump from every seat holding one (but for one an Excuse
            # or skus may stand in): its cheapest trumps, then its cheapest other cards
            k = run - (S.hand[seat][SPECIAL] != 0)
            k = min(k, popcount32(S.hand[seat][TRUMP]))
            v += least_trumps_excess(R, S, seat, k) + least_excess(R, S, seat, plan - k, S.hand[seat][TRUMP])
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
    pair_plan[0] = plan + pair if pair else 0
    return v


cdef inline int partner_masters(const Rules* R, const State* S, int lead, int* partner, int excuse_room) noexcept nogil:
    """The tricks a partner's masters add to the leader's plan (lead_sure_count) where only
    tricks count: once the leader has cashed his trumps and masters (his top trumps drew every
    other trump), he leads a card of a suit in which the partner holds a master
    (partner_suit_masters), and the partner takes it and cashes his masters.  No one can ruff
    them, and the leader, out of trumps, follows or discards.  The partner discards his other
    cards on the leader's trump and master leads; where he has too few, he discards masters but
    one of the suit he is reached in, and holds nothing but masters then.  Or the leader leads
    his Excuse, where that trick is not the last (``excuse_room``): the next seat sets the
    suit (FR-4.3), so the partner must be that seat, or hold a master in every plain suit that
    seat, an opponent, holds (he has no trump left) and keep one of each suit the opponent
    still holds when he discards: he plays after him.  The most for any partner who counts
    with the leader and plays for the count (not one holding a card kept for a later trick,
    AT-3.4, SI-3.5, or the skus, DK-3.7); ``partner`` is set to him.  (The caller caps the plan
    at the tricks to play.)"""
    cdef int p, s, n, best = 0, entry, uncovered, o = seat_at(R, lead, 1)
    cdef uint32_t masters, rivals
    excuse_room = excuse_room and R.special_kind == SPECIAL_EXCUSE and S.hand[lead][SPECIAL] != 0
    for p in range(R.n_seats):
        if (p == lead or R.side[p] != R.side[lead] or R.maxer[p] != R.side[p]
                or (R.special_kind == SPECIAL_SKUS and S.hand[p][SPECIAL]) or holds_reserved(R, S, p)):
            continue
        n = entry = uncovered = 0
        for s in range(4):
            masters = partner_suit_masters(R, S, lead, p, s, &rivals)
            n += popcount32(masters)
            entry |= masters != 0 and (rivals & S.hand[lead][s]) != 0
            uncovered |= masters == 0 and S.hand[o][s] != 0
        if excuse_room and (p == o or not (R.side[o] == R.side[lead] or uncovered)):
            entry = 1
        if entry and n > best:
            best = n
            partner[0] = p
    return best


cdef inline uint32_t partner_suit_masters(const Rules* R, const State* S, int lead, int p, int s,
                                          uint32_t* rivals) noexcept nogil:
    """Partner ``p``'s masters of plain suit s after the leader's plan: his cards above
    ``rivals`` (set to every other seat's cards of s and the leader's but his masters, his run
    above all others of s), once his lowest have followed those masters."""
    cdef int seat, i
    cdef uint32_t others = 0, mine = S.hand[p][s]
    for seat in range(R.n_seats):
        if seat != lead and seat != p:
            others |= S.hand[seat][s]
    rivals[0] = others | (S.hand[lead][s] & ~top_run(S.hand[lead][s], others | mine))
    for i in range(popcount32(S.hand[lead][s] & ~rivals[0])):
        mine &= mine - 1
    return top_run(mine, rivals[0])


cdef inline int uncaptured(uint32_t mine, uint32_t rivals, int least, int* read) noexcept nogil:
    """How many of the trumps ``mine`` no trump of ``rivals`` can beat, at the least, when
    that is more than ``least`` (else ``least``): each rival trump beats at most one of them,
    and only one it outranks, so by Hall's theorem the most for some j of (j - the rival
    trumps above the j-th highest of mine).  Where it is more, ``read`` is set to the rank of
    that j-th trump (the count holds wherever the trumps from it up are the same), or to
    NOT_READ where the counts of trumps alone give it (j = n, every rival above)."""
    cdef int n = popcount32(mine), j = 0, above, r
    if n - popcount32(rivals) > least:
        least = n - popcount32(rivals)  # (the loop stops sooner)
        read[0] = NOT_READ
    while mine:
        r = 31 - clz32(mine)
        mine &= ~(<uint32_t>1 << r)
        j += 1
        above = popcount32(rivals >> (r + 1))
        if j - above > least:
            least = j - above
            read[0] = r
        if n - above <= least:
            break  # (later ones have more rivals above and no more than n)
    return least


cdef inline int forced_tricks(const Rules* R, const State* S, int tricks) noexcept nogil:
    """What ``tricks`` tricks a party surely wins are worth to it at the least: their trick
    units and every seat's ``tricks`` cheapest cards (least_excess), but for an Excuse or
    skus in one of them, which goes back to its side (FR-4.3, DK-4.4)."""
    cdef int seat, cards = R.n_seats * tricks, v = R.trick_units * tricks
    for seat in range(R.n_seats):
        v += least_excess(R, S, seat, tricks, 0)
        if S.hand[seat][SPECIAL]:
            cards -= 1
    return v + cards * R.min_pts


cdef inline void length_counts(const Rules* R, const State* S, int* counts, int* reads) noexcept nogil:
    """counts[p]: what party p (an R.side value) surely collects because one of its seats
    holds trumps the other party cannot all beat, at a trick start.  Every trump of that seat
    is played in a trick of its own, and the other party wins such a trick only with a higher
    trump of its own in it, or with its Excuse in the last trick (FR-4.4): so the tricks
    beyond those are the party's (forced_tricks).  Where the emperor trick may still be
    played the other party's pagat counts as the highest trump (SI-4.1, AT-4.3).  Not used
    where a tarok can lose (colour games, colour valat) or play may end early.  Where tricks
    count: on 40 full Slovenian deals 16 % fewer nodes for the tricks, 3-10 % less time.  In
    card points only where hands are longer than the 12 cards of the 54-card 4-player games,
    where its count of the seats' trumps pays (benchmarks/compare_builds.py, seed 2, best of
    three: Slovenian 3-player deals from 12 tricks 14 % fewer nodes, 5-8 % less time, French
    4-player from 10 tricks 12 % and 6-8 %, French 5-player from 12 tricks 4 % and 2 %); with
    12 it cost 2-6 % more time for 2-3 % fewer nodes (full Slovenian, Königrufen from 10).
    reads[p]: the lowest trump rank counts[p] read (uncaptured; the pagat's holder where it
    counts as the highest is kept apart in the table keys)."""
    cdef int seat, p, best, emperor
    cdef uint32_t trumps[2]
    cdef uint32_t rivals
    counts[0] = counts[1] = 0
    reads[0] = reads[1] = NOT_READ
    if (R.trick_units == 0 and R.n_tricks <= 12) or (not R.tarock_trumps or R.colour_valat_seat >= 0
                                                       or R.stop_party >= 0 or R.guard_mask or R.exactly_one):
        return
    trumps[0] = trumps[1] = 0
    for seat in range(R.n_seats):
        trumps[R.side[seat]] |= S.hand[seat][TRUMP]
    emperor = emperor_open(R, S)
    for p in range(2):
        rivals = trumps[1 - p]
        if rivals & 2 and emperor:
            rivals = (rivals & ~<uint32_t>2) | (<uint32_t>1 << 23)
        best = 0
        for seat in range(R.n_seats):
            if R.side[seat] == p and popcount32(S.hand[seat][TRUMP]) > best:  # (else no more)
                best = uncaptured(S.hand[seat][TRUMP], rivals, best, &reads[p])
        for seat in range(R.n_seats):
            if R.side[seat] != p and chelem_open(R, S, seat):
                best -= 1
        if best > 0:
            counts[p] = forced_tricks(R, S, best)


cdef inline int lone_lead_count(const Rules* R, const State* S, int* reads) noexcept nogil:
    """What the other party surely collects when the side's leader leads every trick his side
    would win (he is alone, or no partner of his can win a trick he leads: no_entry) and he
    cannot win every trick of some plain suit (suit_loser): one trick.  Were the side to win
    every trick he would lead each of his cards.  So only where the opponents play to lower
    the count, no card is reserved for a later trick (AT-3.4, SI-3.5) and no opponent holds
    the skus (DK-3.6: it may not be played in trick 24, which may leave him nothing else to
    play there); with partners, not where the leader holds the Excuse (led, the next card sets
    the suit, which a partner may win) unless that trick surely goes to the opponents
    (excuse_no_entry; led to the last trick it is his, FR-4.4, and his other cards go as
    before), nor where the emperor trick may hand a partner's pagat one (SI-4.1, AT-4.3), nor
    where a tarok can lose.  Counted: the trick and the deck's cheapest card for
    each of its cards; only where tricks count (like length_counts).  ``reads``: per suit the
    lowest rank the count rests on (NOT_READ: none), wherever the cards from it up have the
    same holders (and the suit lengths are the same) the count holds."""
    cdef int lead = S.leader, seat, s, partners = 0
    for s in range(N_SUITS):
        reads[s] = NOT_READ
    if (R.trick_units == 0 or not R.side[lead] or R.n_reserved or R.stop_party >= 0 or R.guard_mask
            or R.exactly_one):
        return 0
    for seat in range(R.n_seats):
        if R.maxer[seat] != R.side[seat]:
            return 0
        if seat != lead and S.hand[seat][SPECIAL] and R.special_kind == SPECIAL_SKUS:
            return 0
        if seat != lead and R.side[seat]:
            partners = 1
    if partners:
        if not R.tarock_trumps or R.colour_valat_seat >= 0 or emperor_open(R, S):
            return 0
        if S.hand[lead][SPECIAL] and (R.special_kind != SPECIAL_EXCUSE or not excuse_no_entry(R, S, lead, reads)):
            return 0
        for seat in range(R.n_seats):
            if seat != lead and R.side[seat] and not no_entry(R, S, lead, seat, reads):
                return 0
    for s in range(4):
        if lower_read(reads, s, suit_loser(R, S, lead, s, partners_cards(R, S, lead, s), 31)):
            return forced_tricks(R, S, 1)
    return 0


cdef inline uint32_t partners_cards(const Rules* R, const State* S, int lead, int s) noexcept nogil:
    """The cards of suit s that the leader's partners hold."""
    cdef int seat
    cdef uint32_t cards = 0
    for seat in range(R.n_seats):
        if seat != lead and R.side[seat]:
            cards |= S.hand[seat][s]
    return cards


cdef inline int excuse_no_entry(const Rules* R, const State* S, int lead, int* reads) noexcept nogil:
    """Whether the leader's Excuse gives no partner the lead before the other party has won a
    trick, for lone_lead_count (FR-4.3: led, the next card sets the suit, which a partner
    might win): the seat after him is an opponent o, no partner holds a trump, and in some
    plain suit s o holds a card above the partners' highest (he plays it to the Excuse, and
    no partner can beat it) until the Excuse is led.  He gives one up only to the leader's
    leads of s, one a lead, or as a discard when all his cards are such (then he holds one
    more); a partner's cards only fall.  So he keeps one where he holds more of them than
    the leader holds of s; or where the leader's first lead of s below some opponent's card
    y loses that trick (suit_loser: y and, above the partners' cards, as many others as the
    leader holds above y) and o holds more of them than the leader's cards above y: the
    Excuse led before that lead loses its own trick, after it (to the last trick, say) comes
    too late.  ``reads`` of s is lowered to the partners' highest card of s (NOT_READ where
    they hold none: the suit lengths give the count) and to what suit_loser read; of the
    suits that qualify, the one that reads least."""
    cdef int o = seat_at(R, lead, 1), seat, s, r, high, best = -1, suit = 0
    cdef uint32_t partner_cards
    if R.side[o]:
        return 0
    for seat in range(R.n_seats):
        if seat != lead and R.side[seat] and S.hand[seat][TRUMP]:
            return 0
    for s in range(4):
        partner_cards = partners_cards(R, S, lead, s)
        high = popcount32(top_run(S.hand[o][s], partner_cards))
        if high == 0:
            continue
        r = NOT_READ if partner_cards == 0 else 31 - clz32(partner_cards)
        if high <= popcount32(S.hand[lead][s]):
            r = min(r, suit_loser(R, S, lead, s, partner_cards, high - 1))
        if r > best:
            best = r
            suit = s
    return lower_read(reads, suit, best)


cdef inline int lower_read(int* reads, int s, int r) noexcept nogil:
    """Whether a count that read suit s down to rank r holds (r >= 0; NOT_READ: it read
    none of it); reads[s] is lowered to r."""
    if r < 0:
        return 0
    if r < reads[s]:
        reads[s] = r
    return 1


cdef inline int suit_loser(const Rules* R, const State* S, int lead, int s, uint32_t partner_cards,
                           int most_above) noexcept nogil:
    """An opponent's sure trick of plain suit s that the leader leads, if he leads every card
    of his (lone_lead_count): an opponent holds y above one of his cards, with at
    most ``most_above`` of them above y, and, above his partners' highest card of s
    (``partner_cards``), y and as many other cards as the leader holds above y.  The opponent
    plays those others on his leads above y (beating the partners) and y on his first card
    below y, which he must lead; he discards one of them only when they are all his cards,
    more than the leader's of s, so that the leader leads none of another suit.  The rank of
    the lowest of those cards of the opponent's that reads least (the count holds wherever
    the cards from it up have the same holders), -1 where no opponent wins one."""
    cdef int seat, above, r, best = -1
    cdef uint32_t mine = S.hand[lead][s], theirs
    if mine == 0:
        return -1
    for seat in range(R.n_seats):
        if R.side[seat]:
            continue
        theirs = top_run(S.hand[seat][s], partner_cards)
        if theirs == 0:
            continue
        above = popcount32(top_run(mine, theirs))  # (his cards above y)
        if above == popcount32(mine) or popcount32(theirs) <= above or above > most_above:
            continue
        r = nth_highest(theirs, above + 1)
        if r > best:
            best = r
    return best


cdef inline int no_entry(const Rules* R, const State* S, int lead, int p, int* reads) noexcept nogil:
    """Whether partner ``p`` of the leader wins no trick the leader leads, whatever the side
    plays, until the opponents have won one (for lone_lead_count).  He holds no Excuse or skus
    (an Excuse played to the last trick of a chelem takes it, FR-4.4).  He cannot trump the
    leader's leads: he holds no trump, or in every plain suit the leader holds he holds at
    least as many cards as the leader (he follows each of those leads, so stays so).  And in
    each suit the leader holds, trumps too, his cards lie below the leader's, or an opponent
    holds as many cards above his highest as the leader holds of the suit: that opponent plays
    his highest on each lead of it, and keeps enough of them (he plays one a lead; he must
    trump another lead only where he lacks its suit, and wins that trick; he discards one only
    when all his cards are such, as many as the leader's cards, so that the leader leads none
    of another suit).  ``reads`` is lowered to what that rests on: the leader's lowest card,
    or that opponent's n-th highest (the one that reads least)."""
    cdef int s, seat, n, r, best
    cdef uint32_t theirs
    if S.hand[p][SPECIAL]:
        return 0
    for s in range(TRUMP + 1):
        n = popcount32(S.hand[lead][s])
        if n == 0:
            continue
        if s != TRUMP and S.hand[p][TRUMP] and popcount32(S.hand[p][s]) < n:
            return 0
        if S.hand[p][s] == 0:
            continue
        if top_run(S.hand[lead][s], S.hand[p][s]) == S.hand[lead][s]:
            best = ctz32(S.hand[lead][s])  # (his cards all below the leader's)
        else:
            best = -1
            for seat in range(R.n_seats):
                theirs = top_run(S.hand[seat][s], S.hand[p][s])
                if R.side[seat] or popcount32(theirs) < n:
                    continue
                r = nth_highest(theirs, n)
                if r > best:
                    best = r
            if best < 0:
                return 0
        if best < reads[s]:
            reads[s] = best
    return 1


cdef inline int nth_highest(uint32_t cards, int n) noexcept nogil:
    """The rank of the n-th highest of ``cards`` (n >= 1, at most their number)."""
    cdef int i
    for i in range(n - 1):
        cards &= ~(<uint32_t>1 << (31 - clz32(cards)))
    return 31 - clz32(cards)


cdef inline int lead_pips_used(const Rules* R, const State* S, int partner, const int* lone_reads) noexcept nogil:
    """The plain suits (bits) whose pips' order the leader's bounds may read, at a trick start:
    lead_sure_count's masters compare the leader's cards of a suit with the highest of the
    others', so its pips' order counts where the leader holds a pip and the others' highest
    card of the suit is one; but only where one of his masters is a pip: two pips swapped give
    his plan as many masters or more, and it never counts less for more (but for his Excuse,
    kept out of a plan that fills the tricks, and a partner's masters, reached with a card a
    swap may make a master: the old rule where he holds it or they counted).  And where a
    master of the partner lead_sure_count counted (``partner``, -1: none) is a pip (see
    lead_rel).  And where lone_lead_count cut (``lone_reads``, else NULL), in the suits it
    read down to a pip: its comparisons all have a card at or above that one on one side."""
    cdef int s, seat, used = 0
    cdef uint32_t theirs
    for s in range(4):
        if lone_reads != NULL and lone_reads[s] != NOT_READ and (R.pips[s] >> lone_reads[s]) & 1:
            used |= 1 << s
        if partner >= 0 and partner_suit_masters(R, S, S.leader, partner, s, &theirs) & R.pips[s] and theirs:
            used |= 1 << s
        if not S.hand[S.leader][s] & R.pips[s]:
            continue
        theirs = 0
        for seat in range(R.n_seats):
            if seat != S.leader:
                theirs |= S.hand[seat][s]
        if theirs and (R.pips[s] >> (31 - clz32(theirs))) & 1 and (
                partner >= 0 or S.hand[S.leader][SPECIAL]
                or top_run(S.hand[S.leader][s], theirs) & R.pips[s]):
            used |= 1 << s
    return used


cdef inline int may_beat(const Rules* R, const State* S, int seat, int led) noexcept nogil:
    """Whether ``seat``, still to play to the trick, holds a card that may beat its winning
    card so far (S.win_key): of the led suit, which he must follow, else a trump; any of
    them, legal or not (reserved cards, the pagat rule and must-overtrump only narrow them),
    and any trump where he holds the pagat, which the emperor trick may make the winner
    (SI-4.1, AT-4.3)."""
    cdef const uint32_t* h = S.hand[seat]
    if R.emperor and h[TRUMP] & 2:
        return 1
    if h[led]:
        return card_key(R, led, 31 - clz32(h[led]), led) > S.win_key
    return h[TRUMP] != 0 and card_key(R, TRUMP, 31 - clz32(h[TRUMP]), led) > S.win_key


cdef inline int trick_lost(const Rules* R, const State* S) noexcept nogil:
    """Whether the side can no longer win the trick in play: an opponent's card wins it so
    far and no seat of the side still to play can beat it (may_beat).  Never in a slow trick
    (S.win_key does not place its cards), with the pagat in the trick (the emperor trick may
    yet make it the winner), nor in the last trick, where the Excuse may take it (FR-4.4)."""
    cdef int i, seat, led
    if (S.slow or S.win < 0 or R.side[S.t_seat[S.win]] or S.trick_no >= R.n_tricks
            or (R.emperor and S.trula & 1)):
        return 0
    led = led_suit(R, S.t_suit, S.n_played, S.named)  # (a special card led makes the trick slow)
    for i in range(S.n_played, R.n_seats):
        seat = seat_at(R, S.leader, i)
        if R.side[seat] and may_beat(R, S, seat, led):
            return 0
    return 1

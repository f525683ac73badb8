# cython: language_level=3
# A position's integer description (the ``spec`` that solver/search.py's encode builds) put
# into the search's Rules and State, and the table context: the one place where the Python
# side's data enters the compiled search.

from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memset

from solver._types cimport *
from solver._rules cimport trick_winner


cdef inline uint64_t splitmix(uint64_t* x) noexcept nogil:
    x[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t load_spec(dict spec, Rules* R, State* S) except? 0:
    """Fill ``R`` and ``S`` from ``spec``; returns the table context (every rule, the side and
    the goal mixed: entries of other contexts never match)."""
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
                    and R.trick_units == 0 and not any([p for _, _, p in spec["points"]]))
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
    dear_values = sorted({R.pts[suit][rank] for suit, rank in spec["deck"]
                          if suit != SPECIAL and R.pts[suit][rank] > R.min_pts})
    if len(dear_values) > MAX_DEAR_CLASSES:
        raise ValueError("too many point classes")
    R.n_dear_classes = len(dear_values)
    for suit, rank in spec["deck"]:
        if suit != SPECIAL and R.pts[suit][rank] > R.min_pts:
            R.dear[suit] |= <uint32_t>1 << rank
            c = dear_values.index(R.pts[suit][rank])
            R.dear_excess[c] = R.pts[suit][rank] - R.min_pts
            R.dear_class[c][suit] |= <uint32_t>1 << rank
    for suit, rank in spec["keep_apart"]:
        R.keep_apart[suit] |= <uint32_t>1 << rank
    for suit in range(SPECIAL):
        if len({R.pts[s][rank] for s, rank in spec["deck"]
                if s == suit and not (R.keep_apart[suit] >> rank) & 1}) > 1:
            R.classed |= 1 << suit
    if not R.must_beat:  # (SI-3.3, AT-3.3: which cards may be played depends on their ranks)
        for suit in range(4):
            low = [rank for s, rank in spec["deck"] if s == suit and R.pts[suit][rank] == R.min_pts
                   and not ((R.keep_apart[suit] | R.event_mask[suit] | R.bout_mask[suit]) >> rank) & 1]
            others = [rank for s, rank in spec["deck"] if s == suit and rank not in low]
            if low and (not others or max(low) < min(others)):
                for rank in low:
                    R.pips[suit] |= <uint32_t>1 << rank
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
            S.cheap[seat] += 1 - ((R.dear[suit] >> rank) & 1)
    for seat in range(R.n_seats):
        for suit in range(N_SUITS):
            for rank in range(32):
                if (S.hand[seat][suit] >> rank) & 1:
                    S.rem_pts += R.pts[suit][rank]
    for seat, suit, rank in spec["trick"]:
        S.rem_pts += R.pts[suit][rank]
        S.cheap[seat] += 1 - ((R.dear[suit] >> rank) & 1)
    for seat, hand in enumerate(spec["hands"]):
        for suit, rank in hand:
            R.key_sym[suit][rank] = (seat << 6) | (32 + rank if (R.keep_apart[suit] >> rank) & 1
                                                   else 1 + classes.index(R.pts[suit][rank]))
            if suit < N_PLAIN:  # (a card kept apart keeps its identity, and so its points)
                R.blind_sym[suit][rank] = R.key_sym[suit][rank] if (R.keep_apart[suit] >> rank) & 1 else (seat << 6) | 1
    # the quasi table (_quasi.pxd): where plain cards differ in points, in suits whose cards
    # worth more than min_pts rank above the others (their ranks then tell each card's
    # points in rank order), of ranks below 16
    fits = 1
    differ = 0
    for suit, rank in spec["deck"]:
        if suit < N_PLAIN:
            R.excess[suit][rank] = min(R.pts[suit][rank] - R.min_pts, 255)
            dear_below = R.dear[suit] & ((<uint32_t>1 << rank) - 1)
            fits &= rank < 16 and R.pts[suit][rank] - R.min_pts <= 255 and (
                (R.dear[suit] >> rank) & 1 or dear_below == 0)
            differ |= R.excess[suit][rank] and not (R.keep_apart[suit] >> rank) & 1
    R.quasi_ok = differ and fits
    for seat in range(R.n_seats):
        for suit in range(N_SUITS):
            S.start_out[suit] |= S.hand[seat][suit]
    for seat, suit, rank in spec["trick"]:
        S.start_out[suit] |= <uint32_t>1 << rank
    S.key_dirty = (1 << N_SUITS) - 1
    S.blind_dirty = (1 << N_PLAIN) - 1
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
    return splitmix(&ctx)

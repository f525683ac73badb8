"""Random deals: a uniformly shuffled deck, dealt and brought to the start of play.

Used by the tests, the benchmarks and the examples.  The talon exchange here is a
plain legal one (the declarer takes the first group and discards his lowest
legal cards); the analysis package brings its own choice policies.
"""

import random

from .cards import TRUMP, format_hand
from .errors import SeatError
from .discards import danish_skat
from .position import Position
from .variants import EXCHANGE, SKAT, SOLORUFER, TO_DECLARER, TO_DEFENCE, UNUSED, get_variant


def random_position(variant, contract=None, seed=None, declarer=None, rng=None, **extra):
    """A random :class:`Position` at the start of play.

    ``seed`` (or a ``random.Random`` as ``rng``) makes it reproducible.  For
    called-king contracts a king the declarer does not hold is called when
    possible.  Extra keyword arguments (announcements, options) pass through.

    Slovenian Tarok (SI-2.4, option ``no_tarok_redeal``): a deal in which a seat
    gets no tarok is thrown in and redealt as a forced klop, so the position is
    then a klop, whatever contract was asked for (only ``options`` pass through
    to it).
    """
    v = get_variant(variant)
    c = v.contract(contract) if contract else v.contract(v.default_contract)
    if declarer is not None and (isinstance(declarer, bool) or not isinstance(declarer, int)
                                 or not 0 <= declarer < v.players):
        raise SeatError("declarer seat %r is out of range: seats are 0-%d" % (declarer, v.players - 1))
    rng = rng or random.Random(seed)
    d = v.deck
    cards = list(range(d.size))
    for _ in range(100):
        rng.shuffle(cards)
        n, h = v.players, v.hand_size
        hands = [sorted(cards[i * h:(i + 1) * h]) for i in range(n)]
        rest = cards[n * h:]
        if v.redeal_seat(hands, extra.get("options")) is not None:
            c = v.contract("klop")  # SI-2.4: shown, thrown in and redealt as a forced klop
            extra = {key: value for key, value in extra.items() if key == "options"}
            continue
        if c.each_for_himself:
            declarer_seat = None
        else:
            declarer_seat = rng.randrange(n) if declarer is None else declarer
        kw = dict(variant=v.id, contract=c.id, declarer=declarer_seat, **extra)
        if c.called_king:
            kings = [d.king(s) for s in range(4)]
            others = [k for k in kings if k not in hands[declarer_seat]]
            if not others and not v.self_call:
                continue
            kw["called_king"] = d.tokens[rng.choice(others or kings)]
        if c.talon == EXCHANGE:
            seat_hand = hands[declarer_seat] + rest[:c.group]
            discards = _discards(v, c, seat_hand, c.group)
            if discards is None:
                continue
            hands[declarer_seat] = [x for x in seat_hand if x not in discards]
            kw["declarer_pile"] = format_hand(discards, d)
            kw["defence_pile"] = format_hand(rest[c.group:], d)
        elif c.talon == SKAT:
            dealer = n - 1
            seat_hand = hands[dealer] + rest
            discards = _discards(v, c, seat_hand, len(rest))
            if discards is None:
                continue
            hands[dealer] = [x for x in seat_hand if x not in discards]
            kw["skat"] = format_hand(discards, d)
        elif c.talon == SOLORUFER:
            half, others = solorufer_piles(rest, d.index[kw["called_king"]])
            if half:
                kw["declarer_pile"] = format_hand(half, d)
            kw["defence_pile"] = format_hand(others, d)
        elif c.talon == TO_DEFENCE:
            kw["defence_pile"] = format_hand(rest, d)
        elif c.talon == TO_DECLARER:
            kw["declarer_pile"] = format_hand(rest, d)
        elif c.talon == UNUSED:
            kw["talon"] = format_hand(rest, d)
        kw["hands"] = [format_hand(hd, d) for hd in hands]
        return Position.from_json(kw)
    raise RuntimeError("could not deal a legal %s %s in 100 tries" % (v.id, c.id))


def solorufer_piles(talon, called_king):
    """AT-6.5: the Solorufer talon (in the order dealt: two halves of three) goes to the
    defence, except that the half holding the called king is the declarer's compensation.
    Returns (declarer's half, or [] when the called king is not in the talon; defence's cards)."""
    halves = (list(talon[:len(talon) // 2]), list(talon[len(talon) // 2:]))
    half = next((h for h in halves if called_king in h), [])
    return half, [x for x in talon if x not in half]


def _discards(v, c, hand, size):
    """The lowest-valued legal discard of ``size`` cards, or None if the hand has none."""
    d = v.deck
    kings = {d.king(s) for s in range(4)}
    special = {d.trump(1), d.trump(21)} | ({d.trump(22)} if v.family in ("slovenian", "koenigrufen") else set())
    if v.family == "french":
        special.add(d.special)
    plain = [x for x in hand if d.suit[x] < TRUMP and x not in kings]
    trumps = [x for x in hand if d.suit[x] == TRUMP and x not in special]
    key = lambda x: (v.points[x], d.rank[x])
    if v.family == "danish":
        return danish_skat(d, hand, size, key=key)
    if v.family == "koenigrufen" and c.colour and any(
            d.suit[x] == TRUMP and x not in special for x in hand):
        plain = []
    pool = sorted(plain, key=key) + sorted(trumps, key=key)
    if len(pool) < size:
        return None
    return pool[:size]

"""From a deal to the start of play: the king call, the talon choice and the discard.

:func:`setup` turns a :class:`~analysis.deal.Deal` (hands as dealt, the talon in order) into a
:class:`solver.Position` for one contract with the analysed seat as declarer, following the
variant's talon handling (RULES.md SI-6.4, AT-6.2/6.5, FR-6.2/6.3, DK-2.8):

* exchange contracts (trojka/dvojka/enka and the solos, Rufer/Dreier/Sechserdreier,
  petite/garde): the talon is split into groups of the contract's size in the order dealt;
  the declarer takes one group and discards as many cards;
* solo without / Solodreier / garde contre: the talon goes to the defence; garde sans: to the
  declarer; Solorufer: to the defence, except the half holding the called king;
* negative and valat contracts, klop, Trischaken: the talon is nobody's;
* Danish: the dealer (the last seat) lays the skat from his 28 cards.

The choice is made by :data:`HEURISTIC` (the documented default policy):

**King call** (before the talon is seen): the king of the suit, among the kings the
declarer does not hold, in which he holds the most card points (then the most cards, then
the first suit S H D C).  Holding all four kings he calls one of his own where the variant
allows it (he then plays alone); in Königrufen the contract is then unavailable.

**Talon group**: the group with the most trumps (the škis counts; the Excuse does not), then
the most card points, then the first group.

**Discard**: only suit cards that are not kings (always legal).  First whole suits are
discarded to make voids — the shortest suit first (ties: the one with more points) — as long
as the whole suit fits; the remaining places take the suit cards with the most points (their
points are banked in the declarer's pile), ties to the shorter suit and the lower card.
A Danish dealer keeps the cards of his declarations (DK-2.8 item 4) unless the hand leaves
no other skat.  When suit cards do not suffice, or the rules restrict the discard (Königrufen
colour games, Danish tarokker), the lowest legal cards are discarded; a deal with no legal
discard makes the contract unavailable for it.  Every exchange is checked by :class:`solver.Position`.

The optional policy ``exhaustive`` (:func:`exchanges`, ``--exhaustive-talon``) tries every
group with every legal discard (the heuristic's first) and counts the contract as made when
any of them makes it double dummy; at most :data:`MAX_EXCHANGES` per deal (a French dog of 6
has tens of thousands: those deals stay undecided unless one exchange is proven to win).  The
goals and the settlement then follow the winning exchange (the heuristic's when none wins).
"""

from dataclasses import dataclass, field

from solver import IllegalDiscardError, Position, RedealError, TarokError, get_variant
from solver.cards import TRUMP
from solver.deal import solorufer_piles
from solver.discards import danish_skat, declaration_cards
from solver.variants import EXCHANGE, SKAT, SOLORUFER, TO_DECLARER, TO_DEFENCE, UNUSED

from .deal import AnalysisError

HEURISTIC = "heuristic"
EXHAUSTIVE = "exhaustive"
POLICIES = (HEURISTIC, EXHAUSTIVE)
MAX_EXCHANGES = 500  # exhaustive: exchanges tried per deal and contract before the answer is left undecided


class Unavailable(Exception):
    """This contract cannot be set up for this deal (``reason`` says why); it is counted, not an error."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Setup:
    """A contract at the start of play, and how it got there."""

    position: Position
    contract: str
    declarer: object
    called_king: object = None
    group: object = None  # index of the talon group taken
    taken: list = field(default_factory=list)
    discards: list = field(default_factory=list)
    policy: str = HEURISTIC


def _king(d, card):
    return d.suit[card] < TRUMP and d.tokens[card].endswith("K")


def call_king(variant, hand, choice="auto"):
    """The called king (a card index) for a declarer holding ``hand`` (card indices as dealt)."""
    v = get_variant(variant)
    d = v.deck
    kings = [d.king(s) for s in range(4)]
    if choice not in (None, "auto"):
        from solver import parse_card
        card = parse_card(choice, d)
        if card not in kings:
            raise AnalysisError("the called king must be a king (SK HK DK CK), not %s" % d.tokens[card])
        if card in hand and not v.self_call:
            raise Unavailable("the declarer holds the called king %s (%s does not allow calling it)"
                              % (d.tokens[card], v.name))
        return card
    held = set(hand)
    others = [k for k in kings if k not in held]
    if not others:
        if not v.self_call:
            raise Unavailable("the declarer holds all four kings: no king to call")
        others = kings

    def key(king):
        suit = d.suit[king]
        cards = [c for c in hand if d.suit[c] == suit]
        return (-sum(v.points[c] for c in cards), -len(cards), suit)
    return min(others, key=key)


def groups(contract, talon):
    """The talon split into the contract's groups, in the order dealt."""
    size = contract.group
    return [list(talon[i:i + size]) for i in range(0, len(talon), size)]


def choose_group(variant, contract, hand, talon):
    """Index of the talon group :data:`HEURISTIC` takes."""
    v = get_variant(variant)
    d = v.deck
    options = groups(contract, talon)

    def key(i):
        g = options[i]
        return (-sum(1 for c in g if d.suit[c] == TRUMP), -sum(v.points[c] for c in g), i)
    return min(range(len(options)), key=key)


def choose_discards(variant, contract, cards, n):
    """``n`` cards to discard from ``cards`` (hand + group), by :data:`HEURISTIC`; None if the
    simple rule does not apply (too few plain cards, or a restricted discard)."""
    v = get_variant(variant)
    d = v.deck
    if v.family == "koenigrufen" and contract.colour:
        return None
    plain = [c for c in cards if d.suit[c] < TRUMP and not _king(d, c)]
    if v.family == "danish":  # DK-2.8 item 4: no discarding from a declaration
        declared = declaration_cards(d, cards)
        plain = [c for c in plain if c not in declared]
    if len(plain) < n:
        return None
    by_suit = {}
    for c in plain:
        by_suit.setdefault(d.suit[c], []).append(c)
    kings_held = {d.suit[c] for c in cards if _king(d, c)}
    chosen = []
    voidable = sorted((s for s in by_suit if s not in kings_held),
                      key=lambda s: (len(by_suit[s]), -sum(v.points[c] for c in by_suit[s]), s))
    for s in voidable:
        if len(chosen) + len(by_suit[s]) <= n:
            chosen += by_suit[s]
    rest = [c for c in plain if c not in chosen]
    rest.sort(key=lambda c: (-v.points[c], len(by_suit[d.suit[c]]), d.rank[c], c))
    chosen += rest[:n - len(chosen)]
    return sorted(chosen)


def lowest_legal_discards(variant, contract, cards, n):
    """The lowest legal discard of ``n`` cards (the fallback), or None."""
    v = get_variant(variant)
    d = v.deck
    key = lambda c: (v.points[c], d.rank[c])
    if v.family == "danish":
        skat = danish_skat(d, cards, n, key=key)
        return None if skat is None else sorted(skat)
    special = {d.trump(1), d.trump(21)} | ({d.trump(22)} if v.family in ("slovenian", "koenigrufen") else set())
    if d.special is not None:
        special.add(d.special)
    plain = [c for c in cards if d.suit[c] < TRUMP and not _king(d, c)]
    trumps = [c for c in cards if d.suit[c] == TRUMP and c not in special]
    pool = sorted(plain, key=key) + sorted(trumps, key=key)
    if v.family == "koenigrufen" and contract.colour and trumps:
        # AT-6.5: no suit card while a non-Trull tarock stays in the hand: tarocks go first
        pool = sorted(trumps, key=key) + (sorted(plain, key=key) if len(trumps) < n else [])
    return sorted(pool[:n]) if len(pool) >= n else None


def _discard(v, contract, cards, n):
    return choose_discards(v, contract, cards, n) or lowest_legal_discards(v, contract, cards, n)


def setup(deal, contract, declarer=None, call="auto", discards=None, play_hand=None, options=None, values=None,
          announce=(), policy=HEURISTIC, choice=None):
    """The :class:`Setup` of ``contract`` for ``deal`` with ``declarer`` (default: the deal's
    seat).  ``discards`` / ``play_hand`` fix the exchange (card indices).  ``announce``:
    announcements made by the declarer's side: by the declarer, a kralj ultimo by his partner
    (SI-7); those the contract or the side cannot make are left out.
    ``choice``: (group index, discards) instead of the heuristic's (see :func:`exchanges`).
    Raises :class:`Unavailable` when the contract cannot be played from this deal."""
    if policy not in POLICIES:
        raise AnalysisError("talon policy %r: choose one of %s" % (policy, ", ".join(POLICIES)))
    v = deal.variant
    d = v.deck
    c = v.contract(contract)
    n = v.players
    hands = [list(h) for h in deal.hands]
    talon = list(deal.talon)
    kw = {"variant": v.id, "contract": c.id}
    if options:
        kw["options"] = dict(options)
    if values:
        kw["values"] = dict(values)
    out = Setup(None, c.id, None, policy=policy)
    if c.each_for_himself:
        declarer = None
    else:
        declarer = deal.seat if declarer is None else declarer
        kw["declarer"] = out.declarer = declarer
    if c.called_king:
        king = call_king(v, hands[declarer], call)
        kw["called_king"] = d.tokens[king]
        out.called_king = d.tokens[king]
    fixed = discards is not None and len(discards) > 0
    if fixed and not (c.talon == EXCHANGE or c.talon == SKAT):
        raise Unavailable("the given discards are for a talon exchange; %s has none" % c.name)
    if c.talon == EXCHANGE:
        if fixed:
            taken = [x for x in talon if x in set(play_hand) | set(discards)]
            if len(discards) != c.group or len(taken) != c.group:
                raise Unavailable("the given exchange (%d cards taken, %d discarded) is not a %s exchange of %d"
                                  % (len(taken), len(discards), c.name, c.group))
            hands[declarer] = sorted(play_hand)
            out.taken, out.discards = taken, sorted(discards)
            rest = [x for x in talon if x not in taken]
        else:
            options_ = groups(c, talon)
            out.group = choose_group(v, c, hands[declarer], talon) if choice is None else choice[0]
            out.taken = options_[out.group]
            cards = hands[declarer] + out.taken
            out.discards = _discard(v, c, cards, c.group) if choice is None else sorted(choice[1])
            if out.discards is None:
                raise Unavailable("no legal discard")
            hands[declarer] = sorted(x for x in cards if x not in out.discards)
            rest = [x for g, grp in enumerate(options_) if g != out.group for x in grp]
        kw["declarer_pile"] = list(out.discards)
        kw["defence_pile"] = rest
    elif c.talon == SKAT:
        dealer = n - 1
        if fixed:
            hands[dealer] = sorted(play_hand)
            out.discards = sorted(discards)
        else:
            out.discards = _discard(v, c, hands[dealer], v.talon_size)
            if out.discards is None:
                raise Unavailable("no legal skat for the dealer")
            hands[dealer] = sorted(x for x in hands[dealer] if x not in out.discards)
        kw["skat"] = list(out.discards)
    elif c.talon == TO_DEFENCE:
        kw["defence_pile"] = talon
    elif c.talon == TO_DECLARER:
        kw["declarer_pile"] = talon
    elif c.talon == SOLORUFER:
        half, kw["defence_pile"] = solorufer_piles(talon, d.index[kw["called_king"]])
        if half:
            kw["declarer_pile"] = half
    elif c.talon == UNUSED:
        kw["talon"] = talon
    items = []
    for name in announce or ():
        ann = v.announcements.get(name)
        if ann is None:
            raise AnalysisError("%r is not an announcement of %s; known: %s" % (name, v.id, ", ".join(v.announcements)))
        if not ann.allowed_in(c) or ann.by == "defence":
            continue  # not in this contract, or not the declarer side's to announce (AT-7 Königfang)
        seat = declarer if declarer is not None else deal.seat
        if ann.by == "partner":  # SI-7 kralj ultimo: announced by the partner, if there is one
            seat = next((s for s, h in enumerate(hands) if d.index[kw["called_king"]] in h), declarer)
            if seat == declarer:
                continue
        items.append("%s@%d" % (name, seat))
    if items:
        kw["announcements"] = items
    kw["hands"] = hands
    try:
        out.position = Position(**kw)
    except IllegalDiscardError as exc:
        raise Unavailable("illegal discard: %s" % exc) from None
    except RedealError as exc:  # SI-2.4: the deal is thrown in, only its forced klop is played
        raise Unavailable(str(exc)) from None
    except TarokError as exc:
        if c.called_king and "called king" in str(exc):
            raise Unavailable(str(exc)) from None
        raise
    return out


def exchanges(deal, contract, declarer=None, call="auto", options=None, values=None, announce=()):
    """Every legal exchange of an exchange contract as a :class:`Setup` (policy ``exhaustive``):
    the heuristic's first, then every group with every discard of the cards the rules may allow
    (kings and the trula / bouts never; each one checked by :class:`solver.Position`)."""
    from itertools import combinations
    v = deal.variant
    c = v.contract(contract)
    kw = dict(declarer=declarer, call=call, options=options, values=values, announce=announce)
    first = setup(deal, c.id, **kw)
    if c.talon != EXCHANGE:
        yield first
        return
    first.policy = EXHAUSTIVE
    yield first
    d = v.deck
    never = {d.trump(1), d.trump(21), d.special if d.special is not None else d.trump(22)}
    hand = deal.hands[deal.seat if declarer is None else declarer]
    for g, group in enumerate(groups(c, deal.talon)):
        pool = sorted(x for x in list(hand) + group if not _king(d, x) and x not in never)
        for discards in combinations(pool, c.group):
            if g == first.group and sorted(discards) == sorted(first.discards):
                continue
            try:
                st = setup(deal, c.id, choice=(g, discards), **kw)
            except Unavailable:
                continue  # an illegal discard
            st.policy = EXHAUSTIVE
            yield st

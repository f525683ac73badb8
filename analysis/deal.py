"""Random deals consistent with what a player knows: constrained, reproducible dealing.

A :class:`DealSpec` says what is known: the variant, the analysed ``seat`` and its hand *as
dealt* (before any talon exchange; the Danish dealer holds 28 cards), other known cards (cards
seen in another seat, a known talon), and optional constraints on the unknown hands.  The
unknown cards go uniformly at random to the free places: the other hands and the
talon / dog (shuffled, so the talon's groups are random too).

Constraints are Python predicates ``f(deal) -> bool`` (module-level functions when the run
uses other processes: they are pickled) or expressions in a small language, e.g.::

    trumps(1) >= 5                    seat 1 holds at least 5 trumps
    max(trumps(1), trumps(3)) >= 6    one of seats 1 and 3 holds at least 6
    holder(HK) in (1, 2)              seat 1 or seat 2 holds the king of hearts
    void(2, H) and not has(talon, T21)
    points(talon) <= 5 and kings(talon) == 0

Places are seat numbers, ``me`` (the analysed seat) and ``talon``.  Functions:
``trumps(p)`` (T1..T21, and T22 in the 54-card games; the Excuse/skus is not a trump),
``kings(p)``, ``honours(p)`` (T1, T21 and T22 or EX: trula / bouts / matadors), ``points(p)``
(exact card points), ``count(p, SUIT)`` and ``void(p, SUIT)`` with SUIT one of S H D C T,
``length(p)``, ``has(p, CARD)``, ``holder(CARD)`` (a seat, or -1 for the talon), ``max``,
``min``, ``abs``.  Operators: ``and or not``, comparisons (chained, ``in``, ``not in``),
``+ - *``.  Constraints see the deal as dealt (before the talon exchange).

Deals are drawn by rejection, in batches of candidate arrays at compiled speed
(:mod:`analysis.dealer`, millions of candidates per second): a constraint set that no deal
meets within ``max_tries`` candidates (default ten million) raises
:class:`ImpossibleConstraints` instead of looping for ever.

>>> spec = DealSpec.make("slovenian4", hand="T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7", seat=0,
...                      constraints=["trumps(1) >= 4"])
>>> import numpy as np
>>> deal = spec.deal(np.random.default_rng(5))
>>> deal.trumps(0), deal.trumps(1) >= 4, len(deal.talon)
(7, True, 6)
"""

import ast
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction

import numpy as np

from solver import (CardCountError, DuplicateCardError, HandSizeError, NotationError, SeatError, TarokError,
                    get_variant, parse_card, parse_cards)
from solver.cards import SUIT_LETTERS, TRUMP, format_hand

TALON = "talon"
DEFAULT_MAX_TRIES = 10_000_000  # candidate deals per deal found: a few seconds at compiled speed


class AnalysisError(TarokError):
    """A problem with an analysis request (bad options, a results file that does not match)."""


class ConstraintError(AnalysisError):
    """A constraint that cannot be read or evaluated."""


class ImpossibleConstraints(ConstraintError):
    """No deal met the constraints within the allowed number of draws."""


# ------------------------------------------------------------------ the deal

def dealt_sizes(variant):
    """Cards per seat as dealt, and the talon size (Danish: the dealer gets 28, no talon)."""
    v = get_variant(variant)
    if v.talon_name == "skat":
        return tuple(v.hand_size + (v.talon_size if s == v.players - 1 else 0) for s in range(v.players)), 0
    return (v.hand_size,) * v.players, v.talon_size


class Deal:
    """One deal as dealt: ``hands`` (card indices, sorted) per seat and the ``talon`` (in
    order: its groups are consecutive).  ``seat`` is the analysed seat.  The methods are the
    functions of the constraint language."""

    __slots__ = ("variant", "hands", "talon", "seat", "_sets")

    def __init__(self, variant, hands, talon, seat=0):
        self.variant = get_variant(variant)
        self.hands = [sorted(h) for h in hands]
        self.talon = list(talon)
        self.seat = seat
        self._sets = None

    def _place(self, place):
        if isinstance(place, str) and place.lower() == TALON:
            return self.talon
        if place == "me":
            place = self.seat
        if isinstance(place, bool) or not isinstance(place, (int, np.integer)) or not 0 <= place < len(self.hands):
            raise ConstraintError("%r is not a place: use a seat 0-%d, me or talon" % (place, len(self.hands) - 1))
        return self.hands[int(place)]

    def cards(self, place):
        return list(self._place(place))

    def tokens(self, place):
        return format_hand(self._place(place), self.variant.deck)

    def trumps(self, place):
        d = self.variant.deck
        return sum(1 for c in self._place(place) if d.suit[c] == TRUMP)

    def kings(self, place):
        d = self.variant.deck
        return sum(1 for c in self._place(place) if d.suit[c] < TRUMP and d.tokens[c].endswith("K"))

    def honours(self, place):
        honours = honour_cards(self.variant)
        return sum(1 for c in self._place(place) if c in honours)

    def points(self, place):
        v = self.variant
        return Fraction(sum(v.points[c] for c in self._place(place)), v.unit)

    def count(self, place, suit):
        d = self.variant.deck
        index = _suit_index(suit)
        return sum(1 for c in self._place(place) if d.suit[c] == index)

    def void(self, place, suit):
        return self.count(place, suit) == 0

    def length(self, place):
        return len(self._place(place))

    def has(self, place, card):
        return _card(card, self.variant) in self._place(place)

    def holder(self, card):
        card = _card(card, self.variant)
        for s, hand in enumerate(self.hands):
            if card in hand:
                return s
        return -1

    def to_json(self):
        d = self.variant.deck
        return {"variant": self.variant.id, "seat": self.seat,
                "hands": [format_hand(h, d) for h in self.hands], "talon": " ".join(d.tokens[c] for c in self.talon)}

    def __repr__(self):
        return "Deal(%r)" % (self.to_json(),)


def honour_cards(variant):
    v = get_variant(variant)
    d = v.deck
    return frozenset([d.trump(1), d.trump(21), d.special if d.special is not None else d.trump(22)])


def _suit_index(suit):
    if isinstance(suit, (int, np.integer)) and not isinstance(suit, bool) and 0 <= suit <= TRUMP:
        return int(suit)
    text = str(suit).strip().upper()
    if text in ("T", "TRUMP", "TRUMPS", "TAROK"):
        return TRUMP
    if len(text) == 1 and text in SUIT_LETTERS:
        return SUIT_LETTERS.index(text)
    raise ConstraintError("%r is not a suit: use S, H, D, C or T (trumps)" % (suit,))


def _card(card, variant):
    if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
        return int(card)
    try:
        return parse_card(card, variant.deck)
    except TarokError as exc:
        raise ConstraintError(str(exc)) from None


# ------------------------------------------------------------------ constraints

_FUNCTIONS = {  # name -> (number of arguments, which of them are places)
    "trumps": (1, (0,)), "kings": (1, (0,)), "honours": (1, (0,)), "honors": (1, (0,)), "points": (1, (0,)),
    "length": (1, (0,)), "count": (2, (0,)), "void": (2, (0,)), "has": (2, (0,)), "holder": (1, ()),
    "max": (None, ()), "min": (None, ()), "abs": (1, ()),
}
_SUIT_ARGS = {"count": 1, "void": 1}
_CARD_ARGS = {"has": 1, "holder": 0}
_COMPARE = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.In: "in",
            ast.NotIn: "not in"}
_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}
_OPERATORS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
              "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
              "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
              "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


class Expression:
    """A constraint in the expression language (see the module doc), checked when built."""

    def __init__(self, text, variant):
        self.text = str(text)
        self.variant = get_variant(variant).id
        self._tree = self._compile()

    def __getstate__(self):
        return {"text": self.text, "variant": self.variant}

    def __setstate__(self, state):
        self.text, self.variant = state["text"], state["variant"]
        self._tree = self._compile()

    def __eq__(self, other):
        return isinstance(other, Expression) and (self.text, self.variant) == (other.text, other.variant)

    def __hash__(self):
        return hash((self.text, self.variant))

    def __repr__(self):
        return "Expression(%r)" % self.text

    def _fail(self, why):
        raise ConstraintError("constraint %r: %s" % (self.text, why))

    def _compile(self):
        source = self.text.strip()
        if not source:
            self._fail("empty")
        try:
            tree = ast.parse(source, mode="eval").body
        except SyntaxError as exc:
            self._fail("not an expression (%s); e.g. trumps(1) >= 5" % exc.msg)
        return self._check(tree)

    def _check(self, node, role="value"):
        """Validate ``node`` and turn names into values: ('const', x), ('call', f, args) …"""
        v = get_variant(self.variant)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, (int, float, str)):
                self._fail("%r is not a number" % (node.value,))
            if isinstance(node.value, float):  # as written (0.1 is 1/10), so comparisons stay exact
                return ("const", Fraction(repr(node.value)))
            return ("const", node.value)
        if isinstance(node, ast.Name):
            name = node.id
            if role == "place":
                if name.lower() in (TALON, "me"):
                    return ("const", name.lower())
                self._fail("%s is not a place: use a seat 0-%d, me or talon" % (name, v.players - 1))
            if role == "suit":
                return ("const", _suit_index_or(self, name))
            if name.lower() == "me":
                return ("const", "me")
            if name.lower() in ("true", "false"):
                return ("const", name.lower() == "true")
            try:
                return ("const", parse_card(name, v.deck))
            except TarokError:
                self._fail("unknown name %r: names are card tokens (HK, T21), me and talon" % name)
        if isinstance(node, ast.BoolOp):
            return ("and" if isinstance(node.op, ast.And) else "or", [self._check(x) for x in node.values])
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                return ("not", self._check(node.operand))
            if isinstance(node.op, ast.USub):
                return ("neg", self._check(node.operand))
            if isinstance(node.op, ast.UAdd):
                return self._check(node.operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return ("bin", _BINARY[type(node.op)], self._check(node.left), self._check(node.right))
        if isinstance(node, ast.Compare):
            ops = []
            for op in node.ops:
                if type(op) not in _COMPARE:
                    self._fail("the comparison %s is not allowed" % type(op).__name__)
                ops.append(_COMPARE[type(op)])
            return ("cmp", self._check(node.left), list(zip(ops, [self._check(x) for x in node.comparators])))
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return ("tuple", [self._check(x) for x in node.elts])
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id.lower() not in _FUNCTIONS or node.keywords:
                name = getattr(node.func, "id", "this call")
                self._fail("unknown function %s; functions are %s" % (name, ", ".join(sorted(_FUNCTIONS))))
            name = node.func.id.lower()
            arity, places = _FUNCTIONS[name]
            if arity is not None and len(node.args) != arity:
                self._fail("%s takes %d argument%s, got %d" % (name, arity, "" if arity == 1 else "s", len(node.args)))
            if arity is None and not node.args:
                self._fail("%s needs at least one argument" % name)
            args = []
            for i, arg in enumerate(node.args):
                if i in places:
                    args.append(self._place(arg))
                elif _SUIT_ARGS.get(name) == i:
                    args.append(self._check(arg, "suit"))
                elif _CARD_ARGS.get(name) == i:
                    args.append(self._card_arg(arg))
                else:
                    args.append(self._check(arg))
            return ("call", "honours" if name == "honors" else name, args)
        self._fail("%s is not allowed in a constraint" % type(node).__name__)

    def _place(self, node):
        v = get_variant(self.variant)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            if not 0 <= node.value < v.players:
                self._fail("seat %d is out of range: %s has seats 0-%d" % (node.value, v.id, v.players - 1))
            return ("const", node.value)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node = ast.Name(id=node.value)
        if isinstance(node, ast.Name):
            return self._check(node, "place")
        return self._check(node)  # an expression giving a seat (checked when evaluated)

    def _card_arg(self, node):
        v = get_variant(self.variant)
        text = node.id if isinstance(node, ast.Name) else node.value if isinstance(node, ast.Constant) else None
        if not isinstance(text, str):
            self._fail("a card is written as a token such as HK or T21")
        try:
            return ("const", parse_card(text, v.deck))
        except TarokError as exc:
            self._fail(str(exc))

    def __call__(self, deal):
        return bool(self._eval(self._tree, deal))

    def functions(self):
        """The names of the functions the expression calls."""
        found, todo = set(), [self._tree]
        while todo:
            node = todo.pop()
            if isinstance(node, tuple):
                if node and node[0] == "call":
                    found.add(node[1])
                todo.extend(node)
            elif isinstance(node, list):
                todo.extend(node)
        return found

    def evaluate_batch(self, batch):
        """The constraint on a :class:`analysis.dealer.Batch` of candidate deals: a bool array."""
        from .dealer import evaluate, truth
        return np.broadcast_to(truth(evaluate(self._tree, batch, self._fail)), (batch.size,))

    def _eval(self, node, deal):
        kind = node[0]
        if kind == "const":
            return node[1]
        if kind == "and":
            return all(self._eval(x, deal) for x in node[1])
        if kind == "or":
            return any(self._eval(x, deal) for x in node[1])
        if kind == "not":
            return not self._eval(node[1], deal)
        if kind == "neg":
            return -self._eval(node[1], deal)
        if kind == "bin":
            return _OPERATORS[node[1]](self._eval(node[2], deal), self._eval(node[3], deal))
        if kind == "tuple":
            return tuple(self._eval(x, deal) for x in node[1])
        if kind == "cmp":
            left = self._eval(node[1], deal)
            for op, right in node[2]:
                right = self._eval(right, deal)
                try:
                    if not _OPERATORS[op](left, right):
                        return False
                except TypeError:
                    self._fail("cannot compare %r with %r" % (left, right))
                left = right
            return True
        if kind == "call":
            name, args = node[1], [self._eval(x, deal) for x in node[2]]
            if name in ("max", "min", "abs"):
                return {"max": max, "min": min, "abs": abs}[name](*args)
            return getattr(deal, name)(*args)
        raise AssertionError(kind)


def _suit_index_or(expr, name):
    try:
        return _suit_index(name)
    except ConstraintError:
        expr._fail("%r is not a suit: use S, H, D, C or T (trumps)" % name)


def constraint(item, variant):
    """A constraint from text (an :class:`Expression`) or a callable taking a :class:`Deal`."""
    if callable(item):
        return item
    if isinstance(item, str):
        return Expression(item, variant)
    raise ConstraintError("a constraint is an expression (text) or a function of the deal, not %r" % (item,))


@lru_cache(maxsize=16)
def _dealer(spec):
    from .dealer import BatchDealer
    return BatchDealer(spec)


def describe(item):
    return item.text if isinstance(item, Expression) else getattr(item, "__name__", repr(item))


# ------------------------------------------------------------------ what is known

@dataclass(frozen=True)
class DealSpec:
    """What the analysed player knows (card indices); build it with :meth:`make`.

    ``hand``: the analysed seat's hand as dealt (empty: dealt at random too).
    ``known``: ((seat, cards), …) cards known to be in other seats.  ``talon``: known talon
    cards (all of them: in their order, so the groups are as given).  ``discards``: a fixed
    exchange — then ``hand`` is the hand at the start of play, the talon must be known and
    the contract's exchange is the one given (the hand as dealt is derived).
    """

    variant: str
    seat: int = 0
    hand: tuple = ()
    known: tuple = ()
    talon: tuple = ()
    discards: tuple = ()
    constraints: tuple = ()
    max_tries: int = DEFAULT_MAX_TRIES
    play_hand: tuple = ()  # with discards: the hand at the start of play, as given

    @classmethod
    def make(cls, variant, hand=None, seat=0, known=None, talon=None, discards=None, constraints=(),
             max_tries=DEFAULT_MAX_TRIES):
        """Check and normalise what is known; every problem raises a clear :class:`TarokError`."""
        v = get_variant(variant)
        d = v.deck
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < v.players:
            raise SeatError("seat %r is out of range: %s has seats 0-%d in order of play" % (seat, v.id, v.players - 1))
        seat = int(seat)
        sizes, talon_size = dealt_sizes(v)
        where = {}

        def take(text, name):
            cards = parse_cards(text, d, name)
            for c in cards:
                if c in where:
                    raise DuplicateCardError("%s is both in %s and in %s" % (d.tokens[c], where[c], name))
                where[c] = name
            return tuple(cards)

        me = "seat %d's hand" % seat
        talon = take(talon, TALON)
        if discards:  # the hand at the start of play holds the talon cards taken
            for c in talon:
                del where[c]
        hand = take(hand, me)
        discards = take(discards, "the discards")
        for c in talon:
            where.setdefault(c, TALON)
        known_items = []
        for s, cards in (known.items() if isinstance(known, dict) else (known or ())):
            if isinstance(s, str) and s.strip().isdigit():
                s = int(s)
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < v.players:
                raise SeatError("known cards for seat %r: seats are 0-%d" % (s, v.players - 1))
            s = int(s)
            if s == seat and hand:
                raise NotationError("seat %d is the analysed seat: its hand is given whole (--hand)" % s)
            known_items.append((s, take(cards, "seat %d's known cards" % s)))
        merged = {}
        for s, cards in known_items:
            merged[s] = merged.get(s, ()) + cards
        if len(talon) > talon_size:
            raise CardCountError("%s has %d cards in the %s, %d given" % (v.id, talon_size, v.talon_name, len(talon)))
        play_hand = ()
        if discards:
            play_hand = tuple(sorted(hand))
            hand = cls._dealt_hand(v, seat, hand, discards, talon, sizes, talon_size)
        elif hand and len(hand) != sizes[seat]:
            raise HandSizeError("seat %d's hand has %d card%s; in %s seat %d is dealt %d%s"
                                % (seat, len(hand), "" if len(hand) == 1 else "s", v.id, seat, sizes[seat],
                                   " (the dealer's 28, before the skat is laid)" if v.talon_name == "skat"
                                   and seat == v.players - 1 else " (the hand before the talon exchange)"))
        for s, cards in merged.items():
            if len(cards) > sizes[s]:
                raise HandSizeError("%d cards are known in seat %d, which holds %d" % (len(cards), s, sizes[s]))
        if not hand and seat in merged and len(merged[seat]) == sizes[seat]:
            hand, merged = merged.pop(seat), merged
        compiled = tuple(constraint(c, v) for c in (constraints or ()))
        if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
            raise AnalysisError("max_tries must be a positive whole number")
        return cls(v.id, seat, tuple(sorted(hand)), tuple(sorted((s, tuple(sorted(c))) for s, c in merged.items())),
                   talon, tuple(sorted(discards)), compiled, max_tries, play_hand)

    @staticmethod
    def _dealt_hand(v, seat, hand, discards, talon, sizes, talon_size):
        """The hand as dealt, from the hand at the start of play and a fixed exchange."""
        d = v.deck
        if v.talon_name == "skat":
            if seat != v.players - 1:
                raise SeatError("only the dealer (seat %d) lays the skat; seat %d has no discards"
                                % (v.players - 1, seat))
            if len(discards) != v.talon_size:
                raise CardCountError("the skat is %d cards, %d given" % (v.talon_size, len(discards)))
            if len(hand) != v.hand_size:
                raise HandSizeError("with the skat given, the dealer's hand is his %d cards at the start of play, "
                                    "got %d" % (v.hand_size, len(hand)))
            return tuple(hand) + tuple(discards)
        if len(talon) != talon_size:
            raise CardCountError("a fixed exchange (discards) needs the whole %s known: %d cards, %d given"
                                 % (v.talon_name, talon_size, len(talon)))
        if len(hand) != v.hand_size:
            raise HandSizeError("with discards given, the hand is the %d cards at the start of play, got %d"
                                % (v.hand_size, len(hand)))
        dealt = [c for c in hand if c not in talon] + [c for c in discards if c not in talon]
        if len(dealt) != sizes[seat]:
            raise CardCountError("hand + discards - talon cards must be the %d cards dealt, got %d (%s)"
                                 % (sizes[seat], len(dealt), format_hand(dealt, d)))
        return tuple(dealt)

    # -------------------------------------------------------------- dealing

    @property
    def deck(self):
        return get_variant(self.variant).deck

    def unknown_cards(self):
        fixed = set(self.hand) | set(self.talon) | {c for _, cards in self.known for c in cards}
        return [c for c in range(self.deck.size) if c not in fixed]

    def deal(self, rng, options=None):
        """One random deal that meets every constraint (``rng``: a numpy Generator).

        ``options``: the rule options of the game the deal is played in.  With them, a deal
        the rules throw in is drawn again, as the redeal would be (SI-2.4: a Slovenian seat
        dealt no tarok); without them (the talon odds) every deal counts."""
        return self.deals(rng, 1, options)[0]

    def deals(self, rng, count, options=None):
        """``count`` random deals that meet every constraint (and, with ``options``, are not
        thrown in), drawn in batches at compiled speed (:mod:`analysis.dealer`); the same
        generator state gives the same deals."""
        redeal = options is not None and bool(get_variant(self.variant).resolve_options(options).get(
            "no_tarok_redeal"))
        return _dealer(self).deals(rng, count, self.max_tries, redeal)

    def draw(self, rng):
        """One random deal, ignoring the constraints."""
        dealer = _dealer(self)
        return dealer.deal_at(dealer.draw(rng, 1), 0, rng)

    def impossible(self, thrown_in=0):
        return ImpossibleConstraints(
            "no deal met the constraints in %d draws: %s is impossible with this hand or rarer than 1 in %d "
            "(raise --max-tries if it is merely rare)%s" % (self.max_tries, " and ".join(
                describe(c) for c in self.constraints) or "the deal", self.max_tries,
                "; %d draws were thrown in because a seat held no tarok (SI-2.4)" % thrown_in if thrown_in else ""))

    def check_feasible(self, rng):
        """Raise :class:`ImpossibleConstraints` (quickly) when no deal can be found."""
        self.deal(rng)

    def to_json(self):
        """What identifies this spec in a results file (constraints by their text)."""
        d = self.deck
        for c in self.constraints:
            if not isinstance(c, Expression):
                raise AnalysisError("a results file records constraints as expressions; %s is a Python "
                                    "function" % describe(c))
        return {"variant": self.variant, "seat": self.seat,
                "hand": format_hand(self.play_hand if self.discards else self.hand, d),
                "known": {str(s): format_hand(c, d) for s, c in self.known},
                "talon": " ".join(d.tokens[c] for c in self.talon), "discards": format_hand(self.discards, d),
                "constraints": [c.text for c in self.constraints], "max_tries": self.max_tries}

    def describe(self):
        """A one-line summary for reports."""
        d = self.deck
        hand = self.play_hand if self.discards else self.hand
        parts = ["seat %d: %s" % (self.seat, format_hand(hand, d) if hand else "random hand")]
        parts += ["seat %d holds %s" % (s, format_hand(c, d)) for s, c in self.known]
        if self.talon:
            parts.append("talon %s" % " ".join(d.tokens[c] for c in self.talon))
        if self.discards:
            parts.append("discards %s" % format_hand(self.discards, d))
        parts += ["where " + describe(c) for c in self.constraints]
        return "; ".join(parts)

    @classmethod
    def from_json(cls, data):
        return cls.make(data["variant"], hand=data.get("hand") or None, seat=data.get("seat", 0),
                        known={int(s): c for s, c in (data.get("known") or {}).items()},
                        talon=data.get("talon") or None, discards=data.get("discards") or None,
                        constraints=data.get("constraints") or (), max_tries=data.get("max_tries", DEFAULT_MAX_TRIES))

"""Exact talon / dog odds given a hand (no solving), and their cross-check by sampling.

With the analysed hand (and any other known cards) fixed, the talon is a uniformly random
subset of the unknown cards, so the number of trumps, kings or honours in it is
hypergeometric::

    P(X = x) = C(K, x) · C(U − K, t − x) / C(U, t)

(U unknown cards, K of them in the category, t free talon places; cards already known to be
in the talon are added).  The talon's card points are counted exactly by a small dynamic
programme over the unknown cards.  Probabilities are :class:`fractions.Fraction`.

Constraints on the talon alone (``kings(talon) == 0``, ``points(talon) <= 5``, ``has(talon,
T21)`` …) are honoured exactly: the talon's composition is counted by classes of alike cards
(a dynamic programme over suit, points and the cards the odds name), each composition weighted
by its number of card sets and kept when the constraints hold.  Constraints that name other
places (or Python functions) change the odds too but are *ignored* by the exact odds, and
:attr:`TalonOdds.ignored` names them: the sampled odds (:func:`sample_talon_odds`) obey them.

>>> odds = talon_odds("french4", hand="T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX SK HK DK CK S10 H10 D10")
>>> odds.unknown, odds.size
(60, 6)
>>> odds.features["kings"].probs
{0: Fraction(1, 1)}
>>> odds.features["trumps"].probs[0] == Fraction(math.comb(49, 6), math.comb(60, 6))
True
"""

import math
from dataclasses import dataclass, field
from fractions import Fraction

from solver import get_variant
from solver.cards import TRUMP

from .deal import AnalysisError, DealSpec, Expression, ImpossibleConstraints, _suit_index, describe, honour_cards
from .stats import Rate

__all__ = ["talon_odds", "sample_talon_odds", "TalonOdds", "Distribution", "hypergeometric", "subset_sum_counts"]

ODDS_FEATURES = ("trumps", "kings", "honours", "points")


@dataclass(frozen=True)
class Distribution:
    """An exact distribution over whole numbers (``points``: over units)."""

    feature: str
    probs: dict  # value -> Fraction

    @property
    def mean(self):
        return sum((x * p for x, p in self.probs.items()), Fraction(0))

    def at_least(self, x):
        return sum((p for v, p in self.probs.items() if v >= x), Fraction(0))

    def at_most(self, x):
        return sum((p for v, p in self.probs.items() if v <= x), Fraction(0))


@dataclass(frozen=True)
class TalonOdds:
    """What the talon may hold: per feature an exact :class:`Distribution`, and per card of
    interest (kings and honours not known elsewhere) the chance it is in the talon."""

    variant: str
    size: int
    unknown: int
    known_in_talon: tuple
    features: dict
    cards: dict = field(default_factory=dict)
    honoured: tuple = ()  # the constraints the exact odds obey (on the talon alone)
    ignored: tuple = ()  # those they ignore (other places, Python functions)

    def to_json(self, sampled=None):
        v = get_variant(self.variant)
        out = {"variant": self.variant, "talon": v.talon_name, "size": self.size, "unknown_cards": self.unknown,
               "known_in_talon": list(self.known_in_talon), "constraints_honoured": list(self.honoured),
               "constraints_ignored": list(self.ignored), "features": {}, "cards": {}}
        for name, dist in self.features.items():
            rows = []
            for x, p in sorted(dist.probs.items()):
                row = {"value": x if name != "points" else v.format_units(x), "units": x if name == "points" else None,
                       "p": float(p), "exact": _text(p), "at_least": float(dist.at_least(x))}
                if name != "points":
                    row.pop("units")
                if sampled and name in sampled:
                    row["sampled"] = sampled[name].get(x, Rate(0, sampled_n(sampled))).to_json()
                rows.append(row)
            out["features"][name] = {"mean": float(dist.mean) if name != "points" else float(dist.mean) / v.unit,
                                     "distribution": rows}
        for tok, p in self.cards.items():
            out["cards"][tok] = {"p": float(p), "exact": _text(p)}
            if sampled and "cards" in sampled:
                out["cards"][tok]["sampled"] = sampled["cards"][tok].to_json()
        return out

    def format(self, sampled=None):
        v = get_variant(self.variant)
        lines = ["%s: what the %s of %d may hold (%d unknown cards%s)" % (
            v.name, v.talon_name, self.size, self.unknown,
            "; known in it: " + " ".join(self.known_in_talon) if self.known_in_talon else "")]
        if self.honoured:
            lines.append("exact under the constraints: " + "; ".join(self.honoured))
        if self.ignored:
            lines.append("the exact odds ignore (they name other places): %s; the sampled column (--samples) obeys "
                         "them" % "; ".join(self.ignored))
        for name, dist in self.features.items():
            mean = "%.2f" % (float(dist.mean) / v.unit) if name == "points" else "%.3f" % float(dist.mean)
            lines += ["", "%s (mean %s)" % (name, mean)]
            head = "  %-8s %9s %9s" % ("value", "exact", "at least")
            if sampled and name in sampled:
                head += "   sampled"
            lines.append(head)
            for x, p in sorted(dist.probs.items()):
                label = v.format_units(x) if name == "points" else str(x)
                row = "  %-8s %8.3f%% %8.3f%%" % (label, 100 * float(p), 100 * float(dist.at_least(x)))
                if sampled and name in sampled:
                    row += "   " + sampled[name].get(x, Rate(0, sampled_n(sampled))).format(2)
                lines.append(row)
        if self.cards:
            lines += ["", "cards (chance each is in the %s)" % v.talon_name]
            for tok, p in self.cards.items():
                row = "  %-8s %8.3f%%" % (tok, 100 * float(p))
                if sampled and "cards" in sampled:
                    row += "   " + sampled["cards"][tok].format(2)
                lines.append(row)
        return "\n".join(lines)


def sampled_n(sampled):
    return sampled.get("_n", 0)


def _text(p):
    return "%d/%d" % (p.numerator, p.denominator)


def _categories(v):
    d = v.deck
    return {"trumps": {c for c in range(d.size) if d.suit[c] == TRUMP},
            "kings": {d.king(s) for s in range(4)},
            "honours": set(honour_cards(v))}


def hypergeometric(population, successes, draws):
    """{x: P(X = x)} exactly, for ``draws`` cards from ``population`` holding ``successes``."""
    total = math.comb(population, draws)
    return {x: Fraction(math.comb(successes, x) * math.comb(population - successes, draws - x), total)
            for x in range(max(0, draws - (population - successes)), min(successes, draws) + 1)}


def subset_sum_counts(values, k):
    """{sum: number of k-subsets of ``values`` with that sum} (exact integers)."""
    table = [dict() for _ in range(k + 1)]
    table[0][0] = 1
    for value in values:
        for j in range(k, 0, -1):
            row, prev = table[j], table[j - 1]
            for s, n in prev.items():
                row[s + value] = row.get(s + value, 0) + n
    return table[k]


_TALON_FUNCTIONS = {"trumps", "kings", "honours", "points", "length", "count", "void", "has", "max", "min", "abs"}
_PLACE_FUNCTIONS = {"trumps", "kings", "honours", "points", "length", "count", "void", "has"}


def talon_only(check):
    """Whether a constraint reads the talon alone (then the exact odds can honour it)."""
    if not isinstance(check, Expression):
        return False
    todo = [check._tree]
    while todo:
        node = todo.pop()
        if node[0] == "call":
            if node[1] not in _TALON_FUNCTIONS:
                return False
            if node[1] in _PLACE_FUNCTIONS and node[2][0] != ("const", "talon"):
                return False
            todo.extend(node[2][1:] if node[1] in _PLACE_FUNCTIONS else node[2])
        elif node[0] in ("and", "or", "tuple"):
            todo.extend(node[1])
        elif node[0] in ("not", "neg"):
            todo.append(node[1])
        elif node[0] == "bin":
            todo.extend(node[2:])
        elif node[0] == "cmp":
            todo.append(node[1])
            todo.extend(right for _, right in node[2])
    return True


class _TalonView:
    """A talon composition as the constraint language reads it (the talon is its only place)."""

    def __init__(self, v, suits, kings, honours, points, cards):
        self.variant, self._suits, self._kings, self._honours = v, suits, kings, honours
        self._points, self._cards = points, cards

    def trumps(self, place):
        return self._suits[TRUMP]

    def kings(self, place):
        return self._kings

    def honours(self, place):
        return self._honours

    def points(self, place):
        return Fraction(self._points, self.variant.unit)

    def length(self, place):
        return sum(self._suits)

    def count(self, place, suit):
        return self._suits[_suit_index(suit)]

    def void(self, place, suit):
        return self.count(place, suit) == 0

    def has(self, place, card):
        return card in self._cards


def _compositions(v, unknown, free, fixed, named):
    """{(suit counts, kings, honours, points, named cards in it): number of talons} over the
    ``free`` places filled from ``unknown`` (the ``fixed`` cards already in the talon)."""
    d = v.deck
    cats = _categories(v)
    classes = {}
    for c in unknown:
        key = (d.suit[c], c in cats["kings"], c in cats["honours"], v.points[c], c if c in named else None)
        classes[key] = classes.get(key, 0) + 1
    start = ([0] * 6, 0, 0, 0, ())
    for c in fixed:
        start = _with(start, (d.suit[c], c in cats["kings"], c in cats["honours"], v.points[c], c), 1)
    states = {_freeze(start): 1}
    for key, n in classes.items():
        grown = {}
        for state, ways in states.items():
            taken = sum(state[0])
            for k in range(0, min(n, free + len(fixed) - taken) + 1):
                new = _freeze(_with(state, key, k))
                grown[new] = grown.get(new, 0) + ways * math.comb(n, k)
        states = grown
    return {state: ways for state, ways in states.items() if sum(state[0]) == free + len(fixed)}


def _with(state, key, k):
    suits, kings, honours, points, cards = state
    suit, king, honour, value, card = key
    suits = list(suits)
    suits[suit] += k
    return (suits, kings + k * king, honours + k * honour, points + k * value,
            tuple(sorted(cards + ((card,) if card is not None and k else ()))))


def _freeze(state):
    return (tuple(state[0]),) + tuple(state[1:])


def talon_odds(variant, hand=None, seat=0, known=None, talon=None, spec=None):
    """Exact :class:`TalonOdds` given the hand (and other known cards), under the spec's
    constraints on the talon alone (the others are listed in ``ignored``)."""
    spec = spec or DealSpec.make(variant, hand=hand, seat=seat, known=known, talon=talon)
    v = get_variant(spec.variant)
    d = v.deck
    if v.talon_name == "skat":
        raise AnalysisError("Danish Tarok has no talon dealt face down: the skat is the dealer's own discard")
    unknown = spec.unknown_cards()
    free = v.talon_size - len(spec.talon)
    fixed = list(spec.talon)
    honoured = [c for c in spec.constraints if talon_only(c)]
    ignored = tuple(describe(c) for c in spec.constraints if not talon_only(c))
    interesting = sorted(_categories(v)["kings"] | _categories(v)["honours"], key=lambda c: (d.suit[c], d.rank[c]))
    if not honoured:
        features = {}
        for name, cards in _categories(v).items():
            k = sum(1 for c in unknown if c in cards)
            base = sum(1 for c in fixed if c in cards)
            features[name] = Distribution(name, {x + base: p for x, p in hypergeometric(len(unknown), k, free).items()})
        counts = subset_sum_counts([v.points[c] for c in unknown], free)
        total = math.comb(len(unknown), free)
        base = sum(v.points[c] for c in fixed)
        features["points"] = Distribution("points", {s + base: Fraction(n, total) for s, n in sorted(counts.items())})
        cards = {d.tokens[c]: Fraction(free, len(unknown)) for c in interesting if c in unknown}
        cards.update({d.tokens[c]: Fraction(1) for c in interesting if c in fixed})
        return TalonOdds(v.id, v.talon_size, len(unknown), tuple(d.tokens[c] for c in fixed), features, cards,
                         (), ignored)
    named = set(interesting) | {c for check in honoured for c in _named_cards(check)}
    kept = {}
    for state, ways in _compositions(v, unknown, free, fixed, named).items():
        suits, kings, honours, points, cards = state
        view = _TalonView(v, suits, kings, honours, points, set(cards))
        if all(check(view) for check in honoured):
            kept[state] = ways
    total = sum(kept.values())
    if not total:
        raise ImpossibleConstraints("no talon meets %s with this hand" % " and ".join(describe(c) for c in honoured))
    features = {name: {} for name in ODDS_FEATURES}
    in_talon = {c: 0 for c in interesting if c in unknown or c in fixed}
    for (suits, kings, honours, points, cards), ways in kept.items():
        for name, x in (("trumps", suits[TRUMP]), ("kings", kings), ("honours", honours), ("points", points)):
            features[name][x] = features[name].get(x, 0) + ways
        for c in cards:
            if c in in_talon:
                in_talon[c] += ways
    features = {name: Distribution(name, {x: Fraction(n, total) for x, n in sorted(found.items())})
                for name, found in features.items()}
    cards = {d.tokens[c]: Fraction(n, total) for c, n in in_talon.items()}
    return TalonOdds(v.id, v.talon_size, len(unknown), tuple(d.tokens[c] for c in fixed), features, cards,
                     tuple(describe(c) for c in honoured), ignored)


def _named_cards(check):
    """Cards a talon-only constraint names (has(talon, CARD))."""
    found, todo = set(), [check._tree]
    while todo:
        node = todo.pop()
        if isinstance(node, tuple):
            if node and node[0] == "call" and node[1] == "has":
                found.add(node[2][1][1])
            todo.extend(x for x in node if isinstance(x, (tuple, list)))
        elif isinstance(node, list):
            todo.extend(node)
    return found


def sample_talon_odds(spec, samples=10000, seed=0, confidence=0.95, method="auto"):
    """The same odds by dealing ``samples`` random deals (constraints apply): {feature: {value:
    Rate}}, ``cards``: {token: Rate}.  With no constraints the exact values lie inside these
    intervals about ``confidence`` of the time."""
    import numpy as np
    v = get_variant(spec.variant)
    d = v.deck
    if v.talon_name == "skat":
        raise AnalysisError("Danish Tarok has no talon dealt face down: the skat is the dealer's own discard")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise AnalysisError("samples must be a positive whole number")
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    cats = _categories(v)
    counts = {name: {} for name in ODDS_FEATURES}
    interesting = [c for c in sorted(cats["kings"] | cats["honours"], key=lambda c: (d.suit[c], d.rank[c]))
                   if c in set(spec.unknown_cards()) | set(spec.talon)]
    in_talon = {c: 0 for c in interesting}
    for deal in spec.deals(rng, samples):
        talon = set(deal.talon)
        for name in ("trumps", "kings", "honours"):
            x = len(talon & cats[name])
            counts[name][x] = counts[name].get(x, 0) + 1
        x = sum(v.points[c] for c in talon)
        counts["points"][x] = counts["points"].get(x, 0) + 1
        for c in interesting:
            in_talon[c] += c in talon
    out = {name: {x: Rate(n, samples - n, 0, confidence, method) for x, n in sorted(found.items())}
           for name, found in counts.items()}
    out["cards"] = {d.tokens[c]: Rate(n, samples - n, 0, confidence, method) for c, n in in_talon.items()}
    out["_n"] = samples
    return out

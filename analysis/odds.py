"""Exact talon / dog odds given a hand (no solving), and their cross-check by sampling.

With the analysed hand (and any other known cards) fixed, the talon is a uniformly random
subset of the unknown cards, so the number of trumps, kings or honours in it is
hypergeometric::

    P(X = x) = C(K, x) · C(U − K, t − x) / C(U, t)

(U unknown cards, K of them in the category, t free talon places; cards already known to be
in the talon are added).  The talon's card points are counted exactly by a small dynamic
programme over the unknown cards.  Probabilities are :class:`fractions.Fraction`.

Constraints on the other hands change these odds; with constraints only the sampled odds
(:func:`sample_talon_odds`) are meaningful.

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

from .deal import AnalysisError, DealSpec, honour_cards
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

    def to_json(self, sampled=None):
        v = get_variant(self.variant)
        out = {"variant": self.variant, "talon": v.talon_name, "size": self.size, "unknown_cards": self.unknown,
               "known_in_talon": list(self.known_in_talon), "features": {}, "cards": {}}
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


def talon_odds(variant, hand=None, seat=0, known=None, talon=None, spec=None):
    """Exact :class:`TalonOdds` given the hand (and other known cards)."""
    spec = spec or DealSpec.make(variant, hand=hand, seat=seat, known=known, talon=talon)
    v = get_variant(spec.variant)
    d = v.deck
    if v.talon_name == "skat":
        raise AnalysisError("Danish Tarok has no talon dealt face down: the skat is the dealer's own discard")
    unknown = spec.unknown_cards()
    free = v.talon_size - len(spec.talon)
    fixed = list(spec.talon)
    features = {}
    for name, cards in _categories(v).items():
        k = sum(1 for c in unknown if c in cards)
        base = sum(1 for c in fixed if c in cards)
        features[name] = Distribution(name, {x + base: p for x, p in hypergeometric(len(unknown), k, free).items()})
    counts = subset_sum_counts([v.points[c] for c in unknown], free)
    total = math.comb(len(unknown), free)
    base = sum(v.points[c] for c in fixed)
    features["points"] = Distribution("points", {s + base: Fraction(n, total) for s, n in sorted(counts.items())})
    interesting = sorted(_categories(v)["kings"] | _categories(v)["honours"], key=lambda c: (d.suit[c], d.rank[c]))
    cards = {d.tokens[c]: Fraction(free, len(unknown)) for c in interesting if c in unknown}
    cards.update({d.tokens[c]: Fraction(1) for c in interesting if c in fixed})
    return TalonOdds(v.id, v.talon_size, len(unknown), tuple(d.tokens[c] for c in fixed), features, cards)


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
    for _ in range(samples):
        deal = spec.deal(rng)
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

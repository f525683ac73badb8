"""analysis.dealer: the vectorised dealer deals uniformly, meets its constraints, evaluates the
constraint language exactly as the one-deal evaluator does, and is reproducible (issue 18)."""

import math

import numpy as np
import pytest

from analysis.deal import ConstraintError, DealSpec, ImpossibleConstraints
from analysis.dealer import BatchDealer
from analysis.odds import hypergeometric
from analysis.stats import clopper_pearson, z_value

HAND = "T21 T19 T17 T15 T13 T10 T8 T1 SQ HK C7 D4"
EXPRESSIONS = [
    "trumps(1) >= 5", "kings(talon) == 0", "honours(2) + honours(3) >= 1", "points(talon) <= 5.5",
    "points(1) * 3 > 31", "count(2, H) >= 3", "void(3, S) or void(3, C)",
    "length(talon) == 6", "has(talon, T22)", "not has(1, SK)", "holder(SK) in (2, 3)", "holder(DK) not in (1, -1)",
    "max(trumps(1), trumps(3)) >= 6", "min(kings(1), kings(2)) == 0", "abs(trumps(1) - trumps(3)) <= 2",
    "trumps(holder(SK) * 0 + 2) >= 4", "-trumps(me) < -7", "1 < trumps(2) <= 4", "trumps(1) >= 3 and points(talon) < 4.5",
    "holder(SK) != 2",
]


def _chi2_quantile(q, dof):
    """Wilson-Hilferty: the chi-square quantile (accurate to a few percent for dof >= 3)."""
    z = z_value(2 * q - 1)
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3


@pytest.mark.parametrize("variant, hand, talon, known", [
    ("slovenian4", HAND, None, None),
    ("slovenian4", None, "T22 SK", {2: "HQ"}),
    ("french4", "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX SK HK DK CK S10 H10 D10", None, None),
])
def test_the_batch_evaluator_agrees_with_the_one_deal_evaluator(variant, hand, talon, known):
    exprs = [e for e in EXPRESSIONS if not ("T22" in e and variant == "french4")]
    spec = DealSpec.make(variant, hand=hand, talon=talon, known=known, constraints=exprs)
    dealer = BatchDealer(spec)
    rng = np.random.default_rng(7)
    batch = dealer.draw(rng, 600)
    deals = [dealer.deal_at(batch, i, rng) for i in range(batch.size)]
    split = 0
    for check in spec.constraints:
        got = check.evaluate_batch(batch)
        want = np.array([check(d) for d in deals])
        assert (got == want).all(), check.text
        split += 0 < want.sum() < len(want)
    assert split >= len(exprs) // 2  # most of them tell candidates apart
    for d in deals:  # the deal is what was known plus the unknown cards, each once
        cards = sorted(c for h in d.hands for c in h) + sorted(d.talon)
        assert sorted(cards) == list(range(spec.deck.size))
        assert set(spec.hand) <= set(d.hands[0]) and set(spec.talon) <= set(d.talon)


def test_card_places_are_uniform():
    """Chi-square on card places: every unknown card lands in each free place as often as that
    place has free slots (99.9 % quantile per card, Bonferroni over the cards)."""
    spec = DealSpec.make("slovenian4", hand=HAND, known={2: "SK"}, talon="HQ")
    n = 20000
    deals = spec.deals(np.random.default_rng(11), n)
    unknown = spec.unknown_cards()
    free = {0: 0, 1: 12, 2: 11, 3: 12, -1: 5}
    limit = _chi2_quantile(1 - 0.001 / len(unknown), 3)
    for card in unknown:
        seen = {p: 0 for p in free}
        for d in deals:
            seen[d.holder(card)] += 1
        assert seen[0] == 0
        stat = sum((seen[p] - n * f / len(unknown)) ** 2 / (n * f / len(unknown)) for p, f in free.items() if f)
        assert stat < limit, (card, seen)
    # the known talon card sits in any of the six talon places alike (so the talon groups are random)
    at = np.bincount([d.talon.index(spec.talon[0]) for d in deals], minlength=6)
    assert sum((x - n / 6) ** 2 / (n / 6) for x in at) < _chi2_quantile(0.999, 5)


def test_constrained_deals_meet_their_constraints_at_the_exact_rate():
    spec = DealSpec.make("slovenian4", hand=HAND, constraints=["trumps(1) >= 8"])
    deals = spec.deals(np.random.default_rng(3), 50)
    assert all(d.trumps(1) >= 8 for d in deals)
    # acceptance: trumps(1) of 12 cards from 42 unknown holding 14 trumps is hypergeometric
    exact = sum(p for x, p in hypergeometric(42, 14, 12).items() if x >= 8)
    dealer = BatchDealer(spec)
    batch = dealer.draw(np.random.default_rng(4), 200_000)
    hits = int(dealer.accepted(batch).size)
    low, high = clopper_pearson(hits, batch.size, 0.999)
    assert low <= exact <= high


def test_same_seed_same_deals_and_a_rare_constraint_is_found():
    spec = DealSpec.make("slovenian4", hand=HAND, constraints=["trumps(1) >= 10"])  # 1 in 28,452 (hypergeometric)
    a = spec.deals(np.random.default_rng(5), 2)
    b = spec.deals(np.random.default_rng(5), 2)
    assert [d.to_json() for d in a] == [d.to_json() for d in b] and all(d.trumps(1) >= 10 for d in a)
    c = spec.deals(np.random.default_rng(6), 2)
    assert [d.to_json() for d in a] != [d.to_json() for d in c]


def test_impossible_and_bad_constraints():
    spec = DealSpec.make("slovenian4", hand=HAND, constraints=["trumps(1) > 14"], max_tries=5000)
    with pytest.raises(ImpossibleConstraints, match="5000 draws"):
        spec.deal(np.random.default_rng(1))
    spec = DealSpec.make("slovenian4", hand=HAND, constraints=["trumps(holder(SK)) >= 1"])
    dealer = BatchDealer(spec)
    with pytest.raises(ConstraintError, match="-1 is not a place"):  # SK in the talon: holder -1
        dealer.accepted(dealer.draw(np.random.default_rng(1), 1000))

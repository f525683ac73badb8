"""analysis: intervals, exact talon odds, constrained dealing, the talon heuristic.

Statistical checks use fixed seeds and tolerances from the intervals themselves (a 99.9 %
interval must contain the exact value), never hand-tuned margins.
"""

import math
import pickle
import random
import time
from fractions import Fraction

import numpy as np
import pytest

from analysis.deal import (AnalysisError, ConstraintError, Deal, DealSpec, Expression, ImpossibleConstraints,
                           dealt_sizes)
from analysis.odds import hypergeometric, sample_talon_odds, subset_sum_counts, talon_odds
from analysis.stats import Mean, Rate, beta_ppf, betainc, clopper_pearson, interval, wilson, z_value
from analysis.talon import Unavailable, call_king, choose_discards, choose_group, groups, setup
from solver import (CardCountError, DuplicateCardError, HandSizeError, Position, SeatError, TarokError, VARIANTS,
                    get_variant)

MONSTER = "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7"  # Slovenian: 7 trumps, 4 kings
STRICT = 0.999  # confidence of the intervals the statistical checks use


# ------------------------------------------------------------------ intervals

def test_wilson_and_clopper_pearson_known_values():
    # textbook values (e.g. Brown, Cai & DasGupta 2001; R binom.test) for 3 of 10
    assert [round(x, 4) for x in wilson(3, 10)] == [0.1078, 0.6032]
    assert [round(x, 4) for x in clopper_pearson(3, 10)] == [0.0667, 0.6525]
    assert [round(x, 4) for x in clopper_pearson(50, 100)] == [0.3983, 0.6017]
    # closed forms at the edges: upper(0 of n) = 1 - (a/2)^(1/n), lower(n of n) = (a/2)^(1/n)
    for n in (1, 7, 40):
        assert clopper_pearson(0, n)[1] == pytest.approx(1 - 0.025 ** (1 / n), abs=1e-9)
        assert clopper_pearson(n, n)[0] == pytest.approx(0.025 ** (1 / n), abs=1e-9)
    assert wilson(0, 0) == (0.0, 1.0) and clopper_pearson(0, 0) == (0.0, 1.0)
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_incomplete_beta_closed_forms():
    for x in (0.01, 0.3, 0.77, 0.99):
        assert betainc(1, 5, x) == pytest.approx(1 - (1 - x) ** 5, abs=1e-12)
        assert betainc(3, 1, x) == pytest.approx(x ** 3, abs=1e-12)
    assert betainc(2.5, 4, beta_ppf(0.3, 2.5, 4)) == pytest.approx(0.3, abs=1e-10)


def test_interval_method_choice_and_rate_accounting():
    assert interval(50, 100)[2] == "wilson"
    assert interval(2, 100)[2] == "clopper-pearson"  # near 0
    assert interval(97, 100)[2] == "clopper-pearson"  # near 1
    assert interval(3, 8)[2] == "clopper-pearson"  # too few failures / successes
    assert interval(3, 8, method="wilson")[2] == "wilson"
    with pytest.raises(ValueError):
        interval(3, 8, method="exact")
    r = Rate(yes=3, no=1, undecided=6)
    # undecided deals are never left out: no rate over the decided ones, the bracket over all deals
    assert r.decided == 4 and r.deals == 10 and r.rate is None and r.bracket == (0.3, 0.9)
    assert r.interval == (interval(3, 10)[0], interval(9, 10)[1])
    assert r.format() == "30.0-90.0 %% [%.1f, %.1f] n=10, 6 undecided" % tuple(100 * x for x in r.interval)
    assert Rate(0, 0, 5).rate is None and Rate(0, 0, 5).bracket == (0, 1) and Rate().format() == "-- (no deals)"
    assert Rate(3, 1).rate == 0.75 and Rate(3, 1).format().startswith("75.0 % [")


def test_mean_bracket_from_bounds():
    m = Mean(4, Fraction(-40), Fraction(1600), 0.95, Fraction(40), Fraction(1600), open=2)
    assert m.mean is None and m.bracket == (-10, 10)
    low, high = m.interval
    assert low < -10 and high > 10 and "-10.0..+10.0" in m.format() and "2 open" in m.format()
    assert m.to_json()["bracket"] == [-10.0, 10.0] and m.to_json()["mean"] is None
    with pytest.raises(ValueError):
        wilson(5, 3)


def test_mean_is_exact_and_order_free():
    values = [Fraction(-5, 2), 7, 0, Fraction(1, 3), 12]
    m = Mean(len(values), sum(values, Fraction(0)), sum((Fraction(x) ** 2 for x in values), Fraction(0)))
    assert m.mean == (Fraction(-5, 2) + 7 + Fraction(1, 3) + 12) / 5 and m.mean.denominator == 30
    assert m.sd == pytest.approx(float(np.std([float(x) for x in values], ddof=1)))
    low, high = m.interval
    assert low < float(m.mean) < high
    assert Mean().mean is None and Mean().format() == "--"


# ------------------------------------------------------------------ exact odds

def test_hypergeometric_by_hand():
    # 42 unknown cards, 15 of them trumps, 6 in the talon: P(no trump) = C(27,6)/C(42,6)
    probs = hypergeometric(42, 15, 6)
    assert probs[0] == Fraction(296010, 5245786)
    assert probs[6] == Fraction(math.comb(15, 6), math.comb(42, 6))
    assert sum(probs.values()) == 1
    assert subset_sum_counts([1, 2, 3], 2) == {3: 1, 4: 1, 5: 1}


def test_talon_odds_exact_values():
    odds = talon_odds("slovenian4", MONSTER)
    assert (odds.size, odds.unknown) == (6, 42)
    trumps = odds.features["trumps"]
    assert trumps.probs[0] == Fraction(math.comb(27, 6), math.comb(42, 6))
    assert trumps.mean == Fraction(6 * 15, 42)
    assert odds.features["kings"].probs == {0: 1} and odds.features["honours"].probs == {0: 1}
    points = odds.features["points"]
    assert sum(points.probs.values()) == 1
    unknown_units = [get_variant("slovenian4").points[c] for c in DealSpec.make("slovenian4", MONSTER).unknown_cards()]
    assert points.mean == Fraction(6 * sum(unknown_units), 42)  # linearity: 6 draws of the average card
    assert min(points.probs) == 6  # six cards of 1/3 point at least
    # French 4 players, no king in the hand: no king in the dog with C(56,6)/C(60,6)
    hand = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX S10 H10 D10 C10 S9 H9 D9"
    french = talon_odds("french4", hand)
    assert french.features["kings"].probs[0] == Fraction(math.comb(56, 6), math.comb(60, 6))
    assert french.cards["SK"] == Fraction(6, 60) and "EX" not in french.cards
    # a partly known talon: the known card is counted, the rest stays hypergeometric
    known = talon_odds("slovenian4", MONSTER, talon="T2")
    assert known.unknown == 41 and known.features["trumps"].probs[1] == Fraction(math.comb(27, 5), math.comb(41, 5))
    assert min(known.features["trumps"].probs) == 1
    with pytest.raises(AnalysisError, match="skat"):
        talon_odds("danish", None)


def test_sampled_odds_agree_with_exact():
    spec = DealSpec.make("slovenian4", MONSTER)
    exact = talon_odds("slovenian4", spec=spec)
    sampled = sample_talon_odds(spec, 4000, seed=11, confidence=STRICT)
    for x, p in exact.features["trumps"].probs.items():
        low, high = sampled["trumps"][x].interval if x in sampled["trumps"] else Rate(0, 4000, 0, STRICT).interval
        assert low <= p <= high, (x, float(p), low, high)
    for tok, p in exact.cards.items():
        low, high = sampled["cards"][tok].interval
        assert low <= p <= high


# ------------------------------------------------------------------ dealing

def test_deal_sizes_and_reproducibility():
    for vid in VARIANTS:
        sizes, talon = dealt_sizes(vid)
        assert sum(sizes) + talon == get_variant(vid).deck.size
        spec = DealSpec.make(vid)
        a, b = spec.deal(np.random.default_rng(3)), spec.deal(np.random.default_rng(3))
        assert a.hands == b.hands and a.talon == b.talon
        assert sorted([c for h in a.hands for c in h] + a.talon) == list(range(get_variant(vid).deck.size))
    assert dealt_sizes("danish") == ((25, 25, 28), 0)


def test_known_cards_stay_put_and_constraints_hold():
    spec = DealSpec.make("slovenian4", MONSTER, seat=2, known={1: "HQ D1"}, talon="T2",
                         constraints=["trumps(3) >= 4", "void(1, C) or holder(CQ) == 3"])
    rng = np.random.default_rng(7)
    hand = set(spec.hand)
    for _ in range(50):
        deal = spec.deal(rng)
        assert set(deal.hands[2]) == hand and {"HQ", "D1"} <= set(deal.tokens(1).split())
        assert deal.has("talon", "T2") and deal.trumps(3) >= 4
        assert deal.void(1, "C") or deal.holder("CQ") == 3


def test_constrained_dealing_is_uniform():
    # given holder(HK) in (1, 2) (nobody else knows more), seat 1 holds it half of the time
    spec = DealSpec.make("koenigrufen", "T22 T21 T20 T19 T18 T17 T1 SK DK CK C7 C8",
                         constraints=["holder(HK) in (1, 2)"])
    rng = np.random.default_rng(1)
    n = 3000
    hits = sum(spec.deal(rng).holder("HK") == 1 for _ in range(n))
    low, high = Rate(hits, n - hits, 0, STRICT, "wilson").interval
    assert low <= 0.5 <= high
    # unconstrained: a given unknown card is in the talon with probability 6 / 42
    free = DealSpec.make("koenigrufen", "T22 T21 T20 T19 T18 T17 T1 SK DK CK C7 C8")
    hits = sum(free.deal(rng).has("talon", "HK") for _ in range(n))
    low, high = Rate(hits, n - hits, 0, STRICT, "wilson").interval
    assert low <= 6 / 42 <= high


def test_impossible_constraints_are_reported_not_looped_on():
    spec = DealSpec.make("slovenian4", MONSTER, constraints=["trumps(1) >= 16"], max_tries=5000)
    started = time.perf_counter()
    with pytest.raises(ImpossibleConstraints, match="trumps\\(1\\) >= 16.*5000"):
        spec.deal(np.random.default_rng(0))
    assert time.perf_counter() - started < 5
    assert issubclass(ImpossibleConstraints, TarokError)  # the CLI prints it and exits 2


@pytest.mark.parametrize("text, words", [
    ("trumps(1) >", "not an expression"),
    ("trumpz(1) > 2", "unknown function trumpz"),
    ("trumps(7) > 2", "seat 7 is out of range"),
    ("trumps(dog) > 2", "dog is not a place"),
    ("has(1, ZZ)", "is not a card"),
    ("has(1, S2)", "S2 is not a card of the 54 cards"),
    ("count(1, X) > 0", "is not a suit"),
    ("trumps(1, 2) > 0", "takes 1 argument"),
    ("__import__('os')", "unknown function __import__"),
    ("trumps(1).real", "Attribute is not allowed"),
    ("trumps(1) ** 2 > 3", "BinOp is not allowed"),
    ("", "empty"),
])
def test_constraint_errors(text, words):
    with pytest.raises(ConstraintError) as info:
        Expression(text, "slovenian4")
    assert words.lower() in str(info.value).lower()


def test_expression_language_and_python_predicates():
    index = get_variant("slovenian4").deck.index
    ids = lambda text: [index[t] for t in text.split()]
    deal = Deal("slovenian4", [ids(MONSTER), ids("T2 T3 T4 T5 S8 S9 S10 SJ SN SQ H1 H2"),
                               ids("T6 T7 T8 T9 T10 H3 H4 HJ HN HQ D1 D2"),
                               ids("T11 T12 T13 T14 T15 T16 D3 D4 DJ DN DQ C8")], ids("C9 C10 CJ CN CQ S7"), seat=0)
    check = lambda text: Expression(text, "slovenian4")(deal)
    assert check("trumps(me) == 7 and kings(0) == 4 and honours(0) == 3")
    assert check("max(trumps(1), trumps(3)) == 6 and min(trumps(1), trumps(2)) == 4")
    assert check("count(talon, C) == 5 and void(1, D) and not void(2, D)")
    assert check("holder(HK) == 0 and holder(CQ) == -1 and holder(T2) in (1, 2)")
    assert check("points(talon) == 8")  # CQ 3 1/3 + CN 2 1/3 + CJ 1 1/3 + three pips of 1/3
    assert check("points(0) == 30 + 3 - 1")  # 4 kings and the trula 7 x 4 1/3, 4 more trumps and C7 1/3 each
    assert check("length(2) == 12 and has(0, skis) and 0 <= trumps(2) < 6")
    assert not check("trumps(1) > 4")
    spec = DealSpec.make("slovenian4", MONSTER, constraints=[lambda d: d.trumps(1) == 0], max_tries=200000)
    assert spec.deal(np.random.default_rng(2)).trumps(1) == 0
    # expressions travel to other processes (pickle) and are compared by their text
    expr = Expression("trumps(1) >= 3", "slovenian4")
    assert pickle.loads(pickle.dumps(expr)) == expr and pickle.loads(pickle.dumps(expr))(deal)


def test_spec_errors_are_clear():
    with pytest.raises(HandSizeError, match="has 3 cards.*dealt 12"):
        DealSpec.make("slovenian4", "T1 T2 T3")
    with pytest.raises(HandSizeError, match="28"):
        DealSpec.make("danish", " ".join(["T%d" % i for i in range(1, 22)] + ["S1", "S2", "S3", "S4"]), seat=2)
    with pytest.raises(DuplicateCardError, match="T22 is both in seat 0's hand and in seat 1"):
        DealSpec.make("slovenian4", MONSTER, known={1: "T22"})
    with pytest.raises(SeatError):
        DealSpec.make("slovenian4", MONSTER, seat=4)
    with pytest.raises(CardCountError, match="6 cards in the talon, 7 given"):
        DealSpec.make("slovenian4", talon="S7 S8 S9 S10 SJ SN SQ")
    with pytest.raises(HandSizeError, match="13 cards are known in seat 1"):
        DealSpec.make("slovenian4", known={1: "S7 S8 S9 S10 SJ SN SQ H1 H2 H3 H4 HJ HN"})
    with pytest.raises(CardCountError, match="whole talon"):
        DealSpec.make("slovenian4", MONSTER, discards="S7 S8 S9")


# ------------------------------------------------------------------ talon policy

def _tok(variant, cards):
    d = get_variant(variant).deck
    return [d.tokens[c] for c in cards]


def test_heuristic_group_discard_and_king_call():
    v = get_variant("slovenian4")
    d = v.deck
    ids = lambda text: [d.index[t] for t in text.split()]
    hand = ids("T22 T21 T15 T1 SK HQ H1 D4 D3 C7 C8 CQ")
    talon = ids("S7 S8 S9 T2 T3 HK")
    three = v.contract("three")
    assert [_tok("slovenian4", g) for g in groups(three, talon)] == [["S7", "S8", "S9"], ["T2", "T3", "HK"]]
    assert choose_group(v, three, hand, talon) == 1  # the group with the trumps
    assert choose_group(v, v.contract("one"), hand, talon) == 3  # T2: the first of the trump singles
    # discard 3 of hand + T2 T3 HK: diamonds (2 cards) is the shortest voidable suit; then the
    # highest plain card left is banked: HQ or CQ (10 thirds each), HQ of the shorter suit
    assert _tok("slovenian4", choose_discards(v, three, hand + ids("T2 T3 HK"), 3)) == ["HQ", "D4", "D3"]
    # the king called: the kings he lacks, the suit where he holds most points (CQ C8 C7 > HQ H1)
    assert d.tokens[call_king(v, hand)] == "CK"
    assert d.tokens[call_king(v, hand, "DK")] == "DK"
    with pytest.raises(Unavailable, match="all four kings"):
        call_king("koenigrufen", ids("SK HK DK CK T1 T2 T3 T4 T5 T6 T7 T8"))
    assert d.tokens[call_king(v, ids("SK HK DK CK T1 T2 T3 T4 T5 T6 T7 T8"))] == "SK"  # Slovenian: self-call


def test_every_contract_sets_up_legally():
    """Every variant and contract: the exchange is legal (Position checks it) and the piles add up."""
    for vid, v in VARIANTS.items():
        spec = DealSpec.make(vid, seat=v.players - 1)
        rng = np.random.default_rng(5)
        for _ in range(6):
            deal = spec.deal(rng, {})  # dealt for a game: SI-2.4 redeals a seat without tarok
            for cid, c in v.contracts.items():
                try:
                    st = setup(deal, cid)
                except Unavailable as exc:
                    assert "king" in exc.reason, (vid, cid, exc.reason)
                    continue
                pos = st.position
                assert isinstance(pos, Position) and pos.contract.id == cid and pos.trick_number == 1
                if not c.each_for_himself:
                    assert pos.declarer == spec.seat


def test_SI_2_4_deals_with_a_seat_without_tarok_are_thrown_in():
    """[003] "Jos joku ei saa yhtään tarokkia, hän näyttää kätensä ja jako uusitaan pakkokloppina":
    dealt for a game (its rule options given), such a deal is drawn again, as the redeal would
    be; set up for a contract other than klop it is unavailable."""
    twelve = "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11"  # 10 taroks left for three seats
    spec = DealSpec.make("slovenian4", twelve)
    rng = np.random.default_rng(3)
    raw = [spec.deal(rng) for _ in range(300)]
    thrown = [deal for deal in raw if any(deal.trumps(s) == 0 for s in range(4))]
    assert 5 < len(thrown) < 40  # 3 x C(32,12)/C(42,12): about 6 % of these deals
    with pytest.raises(Unavailable, match="SI-2.4"):
        setup(thrown[0], "three", declarer=0)
    assert setup(thrown[0], "klop").position.contract.id == "klop"
    rng = np.random.default_rng(3)
    played = [spec.deal(rng, {}) for _ in range(300)]
    assert all(deal.trumps(s) > 0 for deal in played for s in range(4))
    rng = np.random.default_rng(3)
    assert [d.hands for d in (spec.deal(rng, {"no_tarok_redeal": False}) for _ in range(300))] == [
        d.hands for d in raw]
    every = DealSpec.make("slovenian4", twelve, constraints=["trumps(1) == 0"], max_tries=200)
    with pytest.raises(ImpossibleConstraints, match="SI-2.4"):
        every.deal(np.random.default_rng(0), {})


def test_SI_7_analysis_kralj_ultimo_is_announced_by_the_partner():
    """[002] kralj ultimo: "Napove ga lahko partner" — the declarer side's announcement is made by
    the called king's holder, and left out when the declarer plays alone."""
    d = get_variant("slovenian4").deck
    hands = ["T22 T21 T15 T1 SQ HQ H1 D4 D3 C7 C8 CQ", "SK T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 H2",
             "HK DK CK S7 S8 S9 S10 SJ SN H4 H3 T12", "T13 T14 T16 T17 T18 T19 T20 HJ HN DJ DN DQ"]
    talon = "D2 D1 CJ CN C9 C10"
    deal = Deal("slovenian4", [[d.index[t] for t in h.split()] for h in hands], [d.index[t] for t in talon.split()])
    st = setup(deal, "three", declarer=0, call="HK", announce=["king_ultimo", "trula"])
    assert st.position.partner == 2
    assert set(st.position.announcements) == {("king_ultimo", 2), ("trula", 0)}
    alone = setup(deal, "three", declarer=1, call="SK", announce=["king_ultimo"])  # his own king
    assert alone.position.partner is None and alone.position.announcements == ()


def test_fixed_exchange_is_used():
    # the declarer took T2 T3 HK and laid D4 D3 CQ away: the rest of the talon is the defence's
    spec = DealSpec.make("slovenian4", "T22 T21 T15 T1 SK HQ H1 T2 T3 HK C7 C8", talon="S7 S8 S9 T2 T3 HK",
                         discards="D4 D3 CQ")
    assert sorted(_tok("slovenian4", spec.hand)) == sorted("SK HQ H1 D4 D3 C7 C8 CQ T1 T15 T21 T22".split())
    deal = spec.deal(np.random.default_rng(0))
    st = setup(deal, "three", discards=spec.discards, play_hand=spec.play_hand)
    pos = st.position
    assert sorted(pos.hands[0]) == sorted("T22 T21 T15 T1 SK HQ H1 T2 T3 HK C7 C8".split())
    assert sorted(pos.to_json()["defence_pile"].split()) == ["S7", "S8", "S9"]
    with pytest.raises(Unavailable, match="not a dvojka"):
        setup(deal, "two", discards=spec.discards, play_hand=spec.play_hand)
    with pytest.raises(Unavailable, match="no talon exchange|has none"):
        setup(deal, "solo_without", discards=spec.discards, play_hand=spec.play_hand)


def test_independent_python_shuffle_gives_the_same_distribution():
    """The numpy dealer against a plain random.shuffle: a seat's trump count has the same law
    (each estimate inside the other's 99.9 % interval of the mean's normal approximation)."""
    spec = DealSpec.make("slovenian4", MONSTER)
    rng = np.random.default_rng(9)
    n = 2000
    ours = [spec.deal(rng).trumps(1) for _ in range(n)]
    unknown = spec.unknown_cards()
    d = get_variant("slovenian4").deck
    r = random.Random(9)
    theirs = []
    for _ in range(n):
        cards = list(unknown)
        r.shuffle(cards)
        theirs.append(sum(1 for c in cards[:12] if d.tokens[c].startswith("T")))
    exact = 12 * 15 / 42
    z = z_value(STRICT)
    for sample in (ours, theirs):
        half = z * float(np.std(sample, ddof=1)) / math.sqrt(n)
        assert abs(float(np.mean(sample)) - exact) <= half


def test_exact_odds_honour_talon_constraints_and_name_the_others():
    hand = "T21 T19 T17 T15 T13 T10 T8 T1 SK HK C7 D4"
    plain = talon_odds("slovenian4", hand=hand)
    same = talon_odds("slovenian4", spec=DealSpec.make("slovenian4", hand=hand, constraints=["length(talon) == 6"]))
    assert same.features == plain.features and same.cards == plain.cards and same.honoured == ("length(talon) == 6",)
    spec = DealSpec.make("slovenian4", hand=hand, constraints=["kings(talon) == 0", "points(talon) <= 6.5",
                                                              "trumps(1) >= 3"])
    odds = talon_odds("slovenian4", spec=spec)
    assert odds.honoured == ("kings(talon) == 0", "points(talon) <= 6.5") and odds.ignored == ("trumps(1) >= 3",)
    assert odds.features["kings"].probs == {0: 1} and max(odds.features["points"].probs) <= 19
    assert sum(odds.features["trumps"].probs.values()) == 1
    assert "ignore" in odds.format() and "trumps(1) >= 3" in odds.format()
    # the exact conditioned odds against dealing under the talon constraints alone (99.9 % intervals)
    talon_spec = DealSpec.make("slovenian4", hand=hand, constraints=list(odds.honoured))
    sampled = sample_talon_odds(talon_spec, 3000, seed=2, confidence=STRICT)
    for name in ("trumps", "points"):
        for x, p in odds.features[name].probs.items():
            rate = sampled[name].get(x)
            if rate is not None:
                low, high = rate.interval
                assert low <= p <= high, (name, x, p, rate.format())
    with pytest.raises(ImpossibleConstraints):
        talon_odds("slovenian4", spec=DealSpec.make("slovenian4", hand=hand, constraints=["has(talon, T21)"]))

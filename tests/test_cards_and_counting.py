"""Card notation, card order and card counting across the variants (RULES.md §0, the
counting sections SI-5 / AT-5 / FR-5 / DK-5 and Appendix A)."""

import os
import random
import sys
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, winner_of  # noqa: E402

from solver import get_variant  # noqa: E402
from solver.cards import DECK_54, DECK_DANISH, DECK_FRENCH, format_hand, parse_card, parse_cards  # noqa: E402
from solver.errors import CardNotInDeckError, DuplicateCardError, UnknownCardError  # noqa: E402

ALL = ["slovenian4", "slovenian3", "koenigrufen", "french3", "french4", "french5", "danish"]


# ------------------------------------------------------------------ §0.1 card identifiers

def test_0_1_deck_contents():
    assert DECK_54.size == 54 and DECK_FRENCH.size == 78 and DECK_DANISH.size == 78
    pips54 = {t for t in DECK_54.tokens if t[0] in "SHDC" and t[1:].isdigit()}
    assert pips54 == {"S7", "S8", "S9", "S10", "C7", "C8", "C9", "C10",
                      "H1", "H2", "H3", "H4", "D1", "D2", "D3", "D4"}
    for deck in (DECK_FRENCH, DECK_DANISH):
        pips = {t for t in deck.tokens if t[0] in "SHDC" and t[1:].isdigit()}
        assert pips == {s + str(n) for s in "SHDC" for n in range(1, 11)}
    assert DECK_54.special is None and "T22" in DECK_54.index
    assert DECK_FRENCH.special == DECK_FRENCH.index["EX"]


def test_0_1_special_card_spellings_per_deck():
    assert DECK_54.tokens[parse_card("škis", DECK_54)] == "T22"
    assert DECK_54.tokens[parse_card("Sküs", DECK_54)] == "T22"
    assert DECK_FRENCH.tokens[parse_card("excuse", DECK_FRENCH)] == "EX"
    assert DECK_DANISH.tokens[parse_card("skus", DECK_DANISH)] == "EX"
    with pytest.raises(CardNotInDeckError):
        parse_card("EX", DECK_54)
    with pytest.raises(CardNotInDeckError):
        parse_card("T22", DECK_FRENCH)


def test_0_1_lenient_parsing_canonical_writing():
    d = DECK_54
    assert d.tokens[parse_card("♥k", d)] == "HK"
    assert d.tokens[parse_card("XXI", d)] == "T21"
    assert d.tokens[parse_card("pagat", d)] == "T1"
    assert d.tokens[parse_card("SD", d)] == "SQ"  # Dame
    assert d.tokens[parse_card("CB", d)] == "CJ"  # Bube / bonde
    assert format_hand(parse_cards("t1 sk h1 ♦q T22", d), d) == "SK H1 DQ T22 T1"
    with pytest.raises(UnknownCardError):
        parse_card("XY", d)
    with pytest.raises(DuplicateCardError):
        parse_cards("SK sk", d)


@pytest.mark.parametrize("variant,order", [
    ("slovenian4", ["S7", "S8", "S9", "S10", "SJ", "SN", "SQ", "SK"]),
    ("slovenian4", ["H4", "H3", "H2", "H1", "HJ", "HN", "HQ", "HK"]),
    ("koenigrufen", ["D4", "D3", "D2", "D1", "DJ", "DN", "DQ", "DK"]),
    ("koenigrufen", ["C7", "C8", "C9", "C10", "CJ", "CN", "CQ", "CK"]),
    ("french4", ["H1", "H2", "H5", "H9", "H10", "HJ", "HN", "HQ", "HK"]),
    ("french4", ["C1", "C2", "C5", "C9", "C10", "CJ", "CN", "CQ", "CK"]),
    ("danish", ["S1", "S2", "S5", "S9", "S10", "SJ", "SN", "SQ", "SK"]),
    ("danish", ["H10", "H9", "H5", "H2", "H1", "HJ", "HN", "HQ", "HK"]),
])
def test_0_4_suit_order_lowest_to_highest(variant, order):
    """Every card of the list beats every lower one when led against it."""
    v = get_variant(variant)
    n = v.players
    off = "D" if order[0][0] != "D" else "S"
    discards = [t for t in v.deck.tokens if t[0] == off][:n - 2]  # low cards of another suit
    for i in range(len(order) - 1):
        low, high = order[i], order[i + 1]
        other = discards
        hands = [low, high] + other
        p = composed(variant, hands)
        assert winner_of(p, " ".join(hands)) == 1, (low, high)


# ------------------------------------------------------------------ per-card values

def _nominal_54(tok):
    if tok in ("T1", "T21", "T22"):
        return 5
    if tok[0] in "SHDC":
        return {"K": 5, "Q": 4, "N": 3, "J": 2}.get(tok[-1], 1)
    return 1


def test_SI_5_3_AT_5_1_per_card_value_is_nominal_minus_two_thirds():
    for vid in ("slovenian4", "slovenian3", "koenigrufen"):
        v = get_variant(vid)
        for card, tok in enumerate(v.deck.tokens):
            assert Fraction(v.points[card], 3) == _nominal_54(tok) - Fraction(2, 3), (vid, tok)


def test_AppendixA_54_card_total_210_thirds():
    for vid in ("slovenian4", "slovenian3", "koenigrufen"):
        v = get_variant(vid)
        assert sum(v.points) == 210 == v.total_units and v.unit == 3


def _group_count(tokens):
    """SI-5.2: groups of three minus 2, a remainder of one or two cards minus 1."""
    vals = [_nominal_54(t) for t in tokens]
    full_groups = len(vals) - len(vals) % 3
    total = sum(sum(vals[i:i + 3]) - 2 for i in range(0, full_groups, 3))
    if len(vals) % 3:
        total += sum(vals[full_groups:]) - 1
    return total


def test_AppendixA_group_of_three_count_equals_rounded_exact_and_sides_sum_to_70():
    rng = random.Random(2024)
    v = get_variant("slovenian4")
    tokens = list(v.deck.tokens)
    hands = ["S7", "S8", "S9", "S10"]
    rest = [t for t in tokens if t not in hands]
    for _ in range(300):
        rng.shuffle(rest)
        k = rng.randrange(0, len(rest) + 1)
        mine, theirs = rest[:k], rest[k:]
        p = composed("slovenian4", hands, declarer_pile=" ".join(mine) or None, rest="defence")
        # the engine's exact count rounded = the seed's count in threes
        assert round(Fraction(p.points(0), 3)) == _group_count(mine)
        assert p.points(0) + p.points(1) + 4 == 210
        assert _group_count(mine) + _group_count(theirs + hands) == 70


def test_AppendixA_example_king_queen_low_is_8():
    p = composed("slovenian4", ["S7", "S8", "S9", "S10"], declarer_pile="HK SQ C7")
    assert p.points(0) == 24 and _group_count(["HK", "SQ", "C7"]) == 8


def test_AppendixA_thresholds_in_thirds():
    v = get_variant("koenigrufen")
    assert Fraction(107, 3) == 35 + Fraction(2, 3) and v.format_units(107) == "35 2/3"
    assert Fraction(136, 3) == 45 + Fraction(1, 3) and v.format_units(136) == "45 1/3"
    assert v.format_units(96) == "32"
    # a pile at the Absolut threshold, counted by the engine
    pile = "SK HK DK CK T1 T21 T22 SQ HQ DQ CQ " + " ".join("T%d" % n for n in range(2, 7))
    p = composed("koenigrufen", ["S7", "S8", "S9", "S10"], declarer_pile=pile)
    assert p.points(0) == 7 * 13 + 4 * 10 + 5 == 136


def test_FR_5_1_french_total_182_half_points():
    for vid in ("french3", "french4", "french5"):
        v = get_variant(vid)
        assert sum(v.points) == 182 == v.total_units and v.unit == 2


def test_FR_5_2_pair_counting_of_the_whole_deck_is_91():
    v = get_variant("french4")
    high = {"K": 5, "Q": 4, "N": 3, "J": 2}
    highs = [t for t in v.deck.tokens if t in ("T1", "T21", "EX") or (t[0] in "SHDC" and t[-1] in high)]
    lows = [t for t in v.deck.tokens if t not in highs]
    paired = sum(5 if t in ("T1", "T21", "EX") else high[t[-1]] for t in highs)
    assert len(highs) == 19 and len(lows) == 59
    assert paired + (len(lows) - len(highs)) // 2 == 91


def test_FR_5_2_king_of_diamonds_and_five_of_hearts_is_5():
    p = composed("french4", ["S1", "S2", "S3", "S4"], declarer_pile="DK H5")
    assert p.points(0) == 10 and p.points_display(0) == "5"


def test_DK_5_danish_honours_52_plus_26_trick_points_is_78():
    v = get_variant("danish")
    assert sum(v.points) == 52
    assert v.trick_units == 1 and v.total_units == 52 + 25 + 1 == 78


def test_DK_5_3_per_card_formula_sums_to_78():
    v = get_variant("danish")
    assert sum(Fraction(x) + Fraction(1, 3) for x in v.points) == 78


def test_DK_5_4_example_27():
    pile = "T21 SK HK DQ SJ HJ CJ"
    p = composed("danish", ["S10", "S1", "C1"], seat_piles=["", pile, ""], tricks_taken=[10, 9, 5])
    assert p.points(1) == 9 + 4 + 8 + 3 + 3 == 27


def test_AppendixA_hand_sizes_consistent():
    sizes = {v: (get_variant(v).players, get_variant(v).hand_size, get_variant(v).talon_size) for v in ALL}
    for vid, (n, h, t) in sizes.items():
        assert n * h + t == get_variant(vid).deck.size, vid
    assert sizes["danish"] == (3, 25, 3)  # 25 + 25 + 28 with the dealer's skat


@pytest.mark.parametrize("variant", ALL)
def test_AppendixA_units_and_display(variant):
    v = get_variant(variant)
    assert v.unit == {"slovenian4": 3, "slovenian3": 3, "koenigrufen": 3, "danish": 1}.get(variant, 2)
    assert v.format_units(0) == "0"
    if v.unit == 3:
        assert v.format_units(1) == "1/3" and v.format_units(-4) == "-1 1/3"
    elif v.unit == 2:
        assert v.format_units(81) == "40.5" and v.format_units(82) == "41"
    else:
        assert v.format_units(27) == "27"


@pytest.mark.parametrize("variant", ALL)
def test_0_3_direction_is_only_recorded(variant):
    """Seats are kept in play order; the physical direction is metadata (§0.3, Q-X7)."""
    v = get_variant(variant)
    hands = [t for t in v.deck.tokens if t[0] == "C"][:v.players]
    kw = {"called_king": "SK"} if variant == "french5" else {}
    a = composed(variant, hands, **kw)
    b = composed(variant, hands, options={"direction": "clockwise"}, **kw)
    assert a.legal_moves == b.legal_moves and a.to_move == b.to_move == 0
    assert b.to_json()["options"] == {"direction": "clockwise"}
    assert winner_of(a, " ".join(hands)) == winner_of(b, " ".join(hands))

"""The capped search (_search.pxd capped_search): a trick start of a card-points test that asks
little is searched with the dear cards' points capped at the least a dear card is worth."""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from endgames import VARIANT_IDS, check_item, core_spec, make_endgames  # noqa: E402
from test_solver_one import WEAK_DECLARER  # noqa: E402

from solver import Position  # noqa: E402
from solver._core import Engine  # noqa: E402

# Two tests on one table where the first stores the count's own bounds and the second, which
# the capped search takes, reads them (the crosscheck with capped_tricks 0 found both): a
# lower bound of the count's own above capped_top, taken as the capped count's, gave a count
# too high.  (line, side, first target, second target, the count)
TWO_TESTS = [
    # French 5-player, two tricks to go (seed 71, endgame 689): the values of near cards
    # stepped from it (near_bound) gave 13 for a count of 7
    (
        "french5 garde; declarer 0; called_king HK; hands SJ S10 H9 DN DJ D8 CK CQ CJ C4 C3 T21 "
        "T15 T6 T4 / SN S9 S6 S5 H10 H8 H6 DQ D9 C8 T20 T18 T11 T9 T5 / S3 S1 HQ HN H1 DK D10 "
        "D5 D4 CN C7 C5 T19 T16 T1 / SK S4 S2 HJ H4 C10 C2 C1 T13 T10 T8 T7 T3 T2 EX / SQ S8 S7 "
        "HK H7 H5 H3 D7 D6 D3 C9 C6 T17 T14 T12; declarer_pile H2 D2 D1; options "
        "overtrump_on_trump_lead=false halfpoint_rounding=down five_player_split=equal; play SJ "
        "S6 S3 S4 SQ D6 DN DQ D4 T2 T7 T14 T6 T11 T1 HK H9 H6 HQ H4 H3 T21 H10 HN HJ DJ D9 D5 "
        "T8 D7 T3 T12 T15 T9 T19 C5 EX C6 CQ C8 C3 T18 CN C1 C9 T20 T16 T10 T17 T4 SN S1 S2 S8 "
        "S10 H8 H1 T13 H5 C4 C10 H7 CK T5 C7",
        (0, 4), 8, 6, 7,
    ),
    # Slovenian 3-player colour valat, two tricks to go (seed 73, endgame 1917): an opponent's
    # queen and jack, alike when capped, one move, gave 12 for a count of 6
    (
        "slovenian3 colour_valat; declarer 2; hands SQ SJ / H4 CK / S10 T7; declarer_pile SK SN "
        "S8 HQ HJ DK DN D1 D2 D3 CJ T18 T14 T12 T11 T9 T6 T4 T3 T2 T1; defence_pile HK HN H3 DQ "
        "DJ D4 CQ CN C10 C9 C8 C7 T22 T20 T19 T17 T16 T15 T13 T8 T5; talon S9 S7 H1 H2 T21 T10; "
        "composed; leader 0; tricks_taken 1 6 7; options early_end=false "
        "must_beat_contracts=piccolo,klop no_tarok_redeal=false diff_round=5",
        (2,), 7, 4, 6,
    ),
]


def weak_declarer_after_a_trick():
    pos = Position.from_json(WEAK_DECLARER)
    for _ in range(3):
        pos.play(pos.legal_moves[0])
    return pos


def test_a_test_that_asks_little_takes_fewer_nodes():
    # the declarer (S3, alone against two who hold more and higher trumps) with 15 tricks to
    # go: "6 thirds more" is a test the capped rules decide (a trick with a dear card brings
    # 4 + 1 + 1 thirds), searched there with his opponents' honours alike
    spec = core_spec(weak_declarer_after_a_trick(), "points")
    on, off = Engine(64).solve(spec, target=6), Engine(64).solve(spec, target=6, use_capped=False)
    assert on["lower"] >= 6 and off["lower"] >= 6
    # measured: 2,036,591 nodes against 4,116,035
    assert on["nodes"] < 0.6 * off["nodes"], (on["nodes"], off["nodes"])


def test_the_same_counts_with_and_without_it():
    spec = core_spec(weak_declarer_after_a_trick(), "points")
    on, off = Engine(64).solve(spec, target=8), Engine(64).solve(spec, target=8, use_capped=False)
    assert (on["lower"] >= 8) == (off["lower"] >= 8)
    pos = weak_declarer_after_a_trick()
    for _ in range(12):  # (four tricks on: the whole count, whose tests pass through it)
        pos.play(pos.legal_moves[-1])
    spec = core_spec(pos, "points")
    on, off = Engine(64).solve(spec), Engine(64).solve(spec, use_capped=False)
    assert on["lower"] == on["upper"] == off["lower"] == off["upper"]


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_endgames_with_it_at_every_trick_start_match_the_minimax(variant):
    """Let into every trick start (capped_tricks 0, where by default endgames this short never
    see it), the solver agrees with the plain minimax on every goal of random endgames: the
    capped search's bounds, stored in the count's own table, hold for the count."""
    items = make_endgames(variant, "capped", count=12, fours=2, four_every=6, keep_special=0.3)
    problems = []
    for item in items:
        item["capped_tricks"] = 0
        problems += check_item(item)[1]
    assert not problems, problems


@pytest.mark.parametrize("line, side, first, second, count", TWO_TESTS)
def test_the_count_s_own_bounds_count_as_at_most_capped_top(line, side, first, second, count):
    spec = core_spec(Position.from_line(line), "points", side)
    engine = Engine(16)
    engine.capped_tricks = 0
    a, b = engine.solve(spec, target=first), engine.solve(spec, target=second)
    assert (a["lower"], a["upper"]) == (0, count)
    assert b["lower"] <= count <= b["upper"], (b["lower"], b["upper"])
    whole = engine.solve(spec)
    assert whole["lower"] == whole["upper"] == count


def test_not_nearer_the_end_than_capped_tricks():
    assert Engine(16).capped_tricks == 8  # (CAPPED_TRICKS: nearer the end it does not pay)
    rng = random.Random(3)
    pos = Position.from_json(WEAK_DECLARER)
    while pos.n_tricks - pos.trick_number + 1 > 7:
        pos.play(rng.choice(pos.legal_moves))
    spec = core_spec(pos, "points")
    assert Engine(16).solve(spec)["nodes"] == Engine(16).solve(spec, use_capped=False)["nodes"]

"""The one-trick search (_search.pxd one_trick): a trick start of a card-points test that one
trick decides is searched for whether the side takes a trick, with tricks as the count."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from endgames import check_endgame, core_spec  # noqa: E402

from solver import Position, Solver  # noqa: E402
from solver._core import Engine  # noqa: E402

# A full Slovenian 3-player deal (seed 1 of the benchmark's set): the declarer, alone against
# two who hold more and higher trumps, has no sure trick and takes his first one late.
WEAK_DECLARER = {
    "variant": "slovenian3", "contract": "three", "declarer": 1,
    "hands": ["S8 H1 DQ DJ D1 D2 D3 T22 T20 T17 T16 T14 T10 T9 T6 T2",
              "SQ S10 HJ H2 DK CQ CJ C10 C9 T19 T18 T13 T11 T7 T4 T1",
              "SK SN SJ S9 HK HN DN CK CN C8 C7 T21 T15 T8 T5 T3"],
    "declarer_pile": "S7 H4 D4", "defence_pile": "HQ H3 T12",
}

# French 3-player, three tricks to go, the declarer has taken all 21 so far and an opponent
# holds the Excuse: played to the last trick it leaves his side (FR-4.4), so the declarer may
# gain its points without taking a trick, and one trick does not decide a test.
LAST_TRICK_EXCUSE = (
    "french3 garde; declarer 0; hands SK C9 T1 / S4 CK EX / SJ T4 T2; declarer_pile SQ SN S10 "
    "S9 S8 S7 S6 S5 S3 S2 S1 HK HQ HN HJ H10 H9 H8 H7 H6 H5 H4 H3 H2 H1 DK DQ DN DJ D10 D9 D8 D7 "
    "D6 D5 D4 D3 D2 D1 CQ CN CJ C10 C8 C7 C6 C5 C4 C3 C2 C1 T21 T20 T19 T18 T17 T16 T15 T14 T13 "
    "T12 T11 T10 T9 T8 T7 T6 T5 T3; composed; leader 2; tricks_taken 21 0 0; "
    "options overtrump_on_trump_lead=false")


def test_a_test_that_one_trick_decides_takes_the_nodes_of_the_trick_search():
    pos = Position.from_json(WEAK_DECLARER)
    spec = core_spec(pos, "points")
    # the declarer's pile counts 3 thirds; a trick of his gives 3 more: "at least 4" asks
    # whether he takes a trick
    with_one = Engine(64).solve(spec, target=1)
    without = Engine(64).solve(spec, target=1, use_one=False, use_capped=False)  # (which would take the test)
    tricks = Solver(64).solve(pos, "tricks", at_least=1)
    assert with_one["lower"] >= 1 and without["lower"] >= 1 and tricks.value is True
    assert with_one["nodes"] <= tricks.nodes + 1  # (the root, then the trick search)
    assert without["nodes"] > 5 * with_one["nodes"], (without["nodes"], with_one["nodes"])


def test_the_same_counts_with_and_without_it():
    pos = Position.from_json(WEAK_DECLARER)
    for _ in range(6):  # (into the middle of the game: tests near the declarer's count)
        pos.play(pos.legal_moves[0])
    spec = core_spec(pos, "points")
    on, off = Engine(64).solve(spec), Engine(64).solve(spec, use_one=False)
    assert (on["lower"], on["upper"]) == (off["lower"], off["upper"])
    assert on["lower"] == on["upper"]


def test_not_where_a_special_card_is_out():
    """FR-4.4: the opponents' Excuse played to the last trick goes to the declarer, who then
    counts without a trick.  Checked against the plain minimax with every card's value and the
    optimal line (it fails where the one-trick search is let in with an opponent's Excuse out)."""
    pos = Position.from_line(LAST_TRICK_EXCUSE)
    goals, problems = check_endgame(pos, (0,), Solver(16), random.Random(1), goals=["points"])
    assert goals == ["points"] and not problems, problems

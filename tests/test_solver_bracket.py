"""A count in card units, once bracketed, is searched whole (solver/_driver.pxd tests_next):
one search of the window (lb - 1, ub) instead of null-window tests, its moves after the first
scouted (solver/_search.pxd scout_move, a principal variation search), each trick start's
window narrowed to its bounds; the root's count and each card's (all_cards).  Checked against
the independent reference on small endgames (whose intervals are bracketed after the first
test), against null-window tests alone (Engine ablation use_bracket=False) on larger ones, on
two threads, and under limits that stop it."""

import os
import random
import sys

import pytest

from solver import Position
from solver._core import Engine
from solver.search import Solver, side_seats

sys.path.insert(0, os.path.dirname(__file__))

from endgames import core_spec, random_endgame, reference_values  # noqa: E402

GAMES = ("slovenian4", "slovenian3", "koenigrufen", "french3", "french4", "french5", "danish")

# benchmarks/bench_solver.py's french4:10 and french5:10, seed 1, deals 2 and 1: their counts
# and the nodes of the solve with null-window tests alone
BRACKETED = [
    ("french4 garde; declarer 1; hands SQ SN S7 S6 S4 H10 H3 DQ D7 D4 CN C8 C5 T18 T17 T11 T6 T4 / SK HJ H9 H8 "
     "H7 D8 D5 CK C10 C9 C7 C6 T21 T15 T12 T9 T8 T3 / S9 HQ HN H6 H5 H2 DN D3 D2 CQ CJ T20 T19 T16 T14 T10 T7 EX "
     "/ SJ S10 S8 S2 HK H4 H1 DK DJ D10 D9 D6 D1 C3 T13 T5 T2 T1; declarer_pile S5 S3 S1 C4 C2 C1; play C5 C6 CJ "
     "C3 T16 T1 T17 T21 T12 T20 T13 T6 T7 T2 T11 T15 T3 T19 T5 T18 HN H1 H10 H9 H5 HK H3 H8 S2 SN SK S9",
     12, 108_991),
    ("french5 garde; declarer 2; called_king SK; hands SQ SN S5 S4 S3 HQ H9 D10 D7 D5 D2 C8 C2 T17 T8 / S6 HJ "
     "H10 H7 H3 DQ D1 CK C5 C3 T21 T18 T15 T10 T2 / S10 S7 HK H8 DK CQ CJ C10 C9 T20 T19 T14 T9 T3 EX / S2 S1 H6 "
     "H4 DN D8 D4 CN C4 C1 T13 T12 T7 T5 T4 / SK SJ S9 S8 HN H5 H1 DJ D9 D6 D3 T16 T11 T6 T1; declarer_pile H2 C7 "
     "C6; play D5 D1 DK D8 D3 H8 H4 H1 HQ HJ H9 H7 HK H6 HN T3 T7 T11 T17 T21 C3 EX C1 T1 C8", 77, 897_108),
]


@pytest.mark.parametrize("variant", GAMES)
def test_bracketed_counts_match_the_reference(variant):
    rng = random.Random(57)
    solver = Solver(16)
    for _ in range(20):
        pos = random_endgame(variant, rng, 3)
        seats = list(side_seats(pos, 0))
        values, moves = reference_values(pos, seats, ["points"])
        solver.clear()
        r = solver.solve(pos, "points", side=0, all_cards=True)
        assert r.value == values["points"], pos.to_line()
        assert r.cards == {card: v["points"] for card, v in moves.items()}, pos.to_line()


@pytest.mark.parametrize("variant", GAMES)
def test_bracketed_counts_match_the_null_window_tests(variant):
    """Six and seven tricks, too many for the reference: the same counts with the bracket's
    search and without, on one thread and on two; and the bracket's search ran."""
    rng = random.Random(58)
    searched_whole = 0
    for i in range(6):
        pos = random_endgame(variant, rng, 6 + i % 2)
        spec = core_spec(pos, "points", side_seats(pos, None))
        tests = Engine(16).solve(spec, use_bracket=False)
        out = {threads: Engine(16).solve(spec, threads=threads) for threads in (1, 2)}
        for threads, whole in out.items():
            assert (whole["lower"], whole["upper"]) == (tests["lower"], tests["upper"]), (pos.to_line(), threads)
            assert whole["lower"] == whole["upper"], pos.to_line()
        # (one thread's searches of the root: a parallel solve adds up its threads')
        searched_whole += out[1]["iterations"] < tests["iterations"]
    assert searched_whole, variant  # (fewer searches of the root than null-window tests)


@pytest.mark.parametrize("variant", GAMES)
def test_every_cards_value_matches_the_null_window_tests(variant):
    """Each card's value (all_cards) is tested from an exact guess, the value of the card
    before it; once bracketed it too is searched whole.  Five and six tricks: the same value
    for every card with the bracket's search and without, on one thread and on two; and the
    cards' tests took fewer searches of the root."""
    rng = random.Random(59)
    fewer = 0
    for i in range(8):
        pos = random_endgame(variant, rng, 5 + i % 2)
        spec = core_spec(pos, "points", side_seats(pos, None))
        tests = Engine(16).solve(spec, all_cards=True, use_bracket=False)
        for threads in (1, 2):
            whole = Engine(16).solve(spec, all_cards=True, threads=threads)
            assert whole["cards"] == tests["cards"], (pos.to_line(), threads)
            assert all(lo == hi for lo, hi in whole["cards"].values()), pos.to_line()
        # the cards' searches of the root: the solve's less the root count's (one thread)
        cards_whole = Engine(16).solve(spec, all_cards=True)["iterations"] - Engine(16).solve(spec)["iterations"]
        cards_tests = tests["iterations"] - Engine(16).solve(spec, use_bracket=False)["iterations"]
        assert cards_whole <= cards_tests, pos.to_line()
        fewer += cards_whole < cards_tests
    assert fewer, variant


def test_the_bracket_searched_whole_saves_nodes():
    for line, count, nodes_without in BRACKETED:
        spec = core_spec(Position.from_line(line), "points")
        off = {"use_quasi": False, "use_one": False, "use_capped": False}  # (as measured before those came)
        whole = Engine(64).solve(spec, **off)
        tests = Engine(64).solve(spec, use_bracket=False, **off)
        assert (whole["lower"], whole["upper"]) == (tests["lower"], tests["upper"]) == (count, count), line
        assert tests["nodes"] == nodes_without, tests["nodes"]
        # measured: 3,820 nodes in 2 searches of the root against 108,991 in 9 tests; 401,069
        # in 2 against 897,108 in 8
        assert whole["iterations"] == 2 and whole["nodes"] < 0.5 * nodes_without, whole


@pytest.mark.parametrize("limit", [2_000, 20_000, 60_000, 150_000, 300_000])
def test_a_limit_within_the_bracket_keeps_proven_bounds(limit):
    pos = Position.from_line(BRACKETED[1][0])
    count = Solver(64).solve(pos, "points").value
    for threads in (1, 2):
        r = Solver(64, threads).solve(pos, "points", limit=limit)
        lo, hi = r.bounds
        assert lo <= count <= hi, (limit, threads, r.bounds)
        assert r.exact == (lo == hi)

"""In a valat test an opponent's plain cards are told apart only by the side's cards between
them (solver/_rules.pxd, run_breakers): which of two such cards he plays, the side takes the
same tricks, so they are one move (gen_moves), and the partition table hashes the order of
the opponents' cards between two of the side's as a set (held_to).  Checked against the
independent reference on positions where the order matters (a side card in the trick lies
between) and where it does not, and on random valat endgames of every variant reached by
play in which the side has taken every trick."""

import os
import random
import sys

import pytest

from solver.search import Solver
from solver.variants import VARIANTS

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "benchmarks"))

from bench_solver import DOMINANT, dominant_set  # noqa: E402
from endgames import reference_valat  # noqa: E402
from helpers import composed  # noqa: E402


def french5_valat(hands, play=()):
    """A French 5-player garde contre, the declarer (seat 2, to lead) with his partner seat 3,
    every trick before these taken by the declarer."""
    return composed("french5", hands, contract="garde_contre", declarer=2, partner=3, leader=2,
                    rest="declarer", play=play)


def side_of(pos):
    """The seats of the declarer's party."""
    return [s for s in range(len(pos.hands)) if pos.party_of(s) == pos.party_of(pos.declarer)]


def test_opponents_cards_with_no_side_card_between_are_one_move():
    # No side card lies between seat 0's diamonds and seat 1's, nor between seat 4's two low
    # ones: each seat's diamonds are one move, though they interleave.  The declarer draws
    # with his trumps while the partner throws his hearts, then the Excuse reaches the
    # partner's spades (seat 1 must follow with his four).  Before, each interleaved diamond
    # was a move of its own: 473 nodes.
    pos = french5_valat(["D9 D7 D5 D3", "S4 D8 D6 D4", "C2 T16 T15 EX", "S6 S3 H4 H2", "HJ D2 D1 C8"])
    result = Solver(16).solve(pos, "valat")
    assert result.value is True and reference_valat(pos, side_of(pos))
    assert result.nodes <= 400


@pytest.mark.parametrize("hands", [
    ["S1 S2", "C1 C2", "D8 T21", "H4 H5", "D9 D4"],
    ["S1 S2 S3", "C1 C2 C3", "D8 T21 T20", "H4 H5 H6", "D9 D4 D3"],
], ids=["2-tricks", "3-tricks"])
def test_a_side_card_in_the_trick_keeps_the_opponents_cards_apart(hands):
    # The declarer's D8 is in the trick and the side holds no other diamond: seat 4 beats
    # the valat with D9, not with D4.  A core that looked only at the side's held cards made
    # the two one move, searched D4 and said the valat was made.
    pos = french5_valat(hands, play=("D8", "H4"))
    assert Solver(16).solve(pos, "valat").value is False
    assert not reference_valat(pos, side_of(pos))


def test_a_side_card_held_keeps_the_opponents_cards_apart():
    # After the declarer's top trump seat 4 keeps D9, above the declarer's D8, and throws D4.
    pos = french5_valat(["S1 S2 S3", "C1 C2 C3", "D8 T21 T20", "H4 H5 H6", "D9 D4 D3"], play=("T21", "H4"))
    assert Solver(16).solve(pos, "valat").value is False
    assert not reference_valat(pos, side_of(pos))


def side_won_endgame(variant, rng, deals, tricks_left):
    """A dominant deal of ``variant`` played on at random (the side mostly with its highest
    card) while the side takes every trick, to ``tricks_left`` tricks and a random part of
    that trick; None where the side lost a trick or the play ended."""
    pos = deals[rng.randrange(len(deals))].copy()
    side = pos.party_of(pos.declarer)
    stop = rng.randrange(VARIANTS[variant].players)
    while not pos.is_over and (pos.n_tricks - pos.trick_number + 1 > tricks_left or len(pos.current_trick) < stop):
        moves = pos.legal_moves
        high = pos.party_of(pos.to_move) == side and rng.random() < 0.6
        trick = pos.trick_number
        pos.play(max(moves, key=lambda c: (c[0] == "T", len(c), c)) if high else rng.choice(moves))
        if pos.trick_number != trick and pos.party_of(pos.tricks[-1].winner) != side:
            return None
    return None if pos.is_over else pos


# (French 3-player: random play seldom keeps a side winning for 21 tricks)
@pytest.mark.parametrize("variant", sorted(set(DOMINANT) - {"french3"}))
def test_valats_after_the_side_took_every_trick_agree_with_the_reference(variant):
    rng = random.Random(54)
    deals = dominant_set(variant, 6, 54)
    solver = Solver(16)
    checked = made = 0
    for _ in range(4000):
        pos = side_won_endgame(variant, rng, deals, 3)
        if pos is None:
            continue
        solver.clear()
        expected = bool(reference_valat(pos, side_of(pos)))
        assert solver.solve(pos, "valat").value is expected, pos.to_line()
        checked += 1
        made += expected
        if checked == 25:
            break
    assert checked == 25 and 0 < made < checked

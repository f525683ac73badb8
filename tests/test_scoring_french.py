"""Scoring of French tarot (solver/scoring_french.py): the worked example and the contract (FR-8),
petit au bout, poignée and chelem (FR-7), on composed endgames."""

import os
import sys
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import full  # noqa: E402
from scoring_cases import endgame, fr_game, items  # noqa: E402

from solver import Position, goals  # noqa: E402
from solver.errors import OptionError, ScoringError  # noqa: E402

# ------------------------------------------------------------------ French (FR-8)

def test_FR_8_worked_example_garde_56_points_two_bouts():
    pos = fr_game(56)
    assert pos.points(0) == 112 and goals.bouts(pos, 0) == 2
    s = pos.settlement()
    assert s.amounts == (240, -80, -80, -80)
    assert items(s) == {"contract": 80} and s.zero_sum


def test_FR_Q_FR1_loss_is_25_plus_the_shortfall():
    assert fr_game(36, contract="petite").settlement().amounts == (-3 * 30, 30, 30, 30)
    assert fr_game(40, contract="garde_contre").settlement().amounts == (-3 * 156, 156, 156, 156)
    assert fr_game(41, contract="garde_sans", defe="", decl="T1 T21 EX").settlement().amounts[0] == 3 * 4 * 30


def test_FR_8_three_and_five_players_and_half_points():
    three = fr_game(Fraction(81, 2), contract="petite", variant="french3")
    assert three.points(0) == 81
    s = three.settlement()
    assert s.amounts == (-51, Fraction(51, 2), Fraction(51, 2))  # lost by 0.5: 25.5 from each
    assert s.to_json()["amounts"] == [-51, 25.5, 25.5]
    assert three.settlement(halfpoint_rounding="up").amounts == (-52, 26, 26)
    assert three.settlement(halfpoint_rounding="down").amounts == (-50, 25, 25)
    five = fr_game(56, variant="french5", hands=["T5", "S1", "H1", "D1", "C1"], called_king="SK", partner=2)
    assert five.settlement().amounts == (160, -80, 80, -80, -80)
    assert five.settlement(five_player_split="equal").amounts == (120, -80, 120, -80, -80)
    alone = fr_game(56, variant="french5", hands=["T5", "S1", "H1", "D1", "C1"], called_king="SK",
                    decl="T1 T21 SK")
    assert alone.partner is None and alone.settlement().amounts == (320, -80, -80, -80, -80)
    with pytest.raises(OptionError):
        fr_game(56).settlement(five_player_split="equal")


def test_FR_7_1_petit_au_bout():
    pos = fr_game(56, decl="T21", defe="EX", hands=["T1", "S1", "H1", "D1"])
    assert pos.tricks[-1].winner == 0 and goals.bouts(pos, 0) == 2
    assert items(pos.settlement()) == {"contract": 80, "petit_au_bout": 20}
    lost = fr_game(56, decl="T21", defe="EX", hands=["S1", "T1", "H1", "T5"])
    assert goals.bouts(lost, 0) == 1  # the petit went to the defence
    assert items(lost.settlement())["petit_au_bout"] == -20


def test_FR_7_2_poignee():
    hands = ["T5", "S1", "H1", "D1"]
    pos = fr_game(56, hands=hands)
    # composed deals do not check the trumps held; a full deal does (below)
    s = pos.settlement(poignees=["double@0", "single@2"])
    assert items(s)["poignee"] == 20 and [x.amount for x in s.lines] == [80, 30, 20]
    assert s.amounts[0] == 3 * 130
    lost = fr_game(40, hands=hands, poignees=["triple@0"])
    assert lost.poignees == ("triple@0",)
    assert [x.amount for x in lost.settlement().lines] == [-52, -40]  # goes to the winning defence


def test_FR_7_2_poignee_is_checked_against_the_hand():
    trumps = " ".join("T%d" % i for i in range(2, 12))  # ten trumps: a single poignée with 4 players
    pos = full("french4", "garde", hands=[trumps, "", "", ""])
    pos2 = Position.from_json(dict(pos.to_json(), poignees=["single@0"]))
    assert pos2.poignees == ("single@0",)
    assert Position.from_json(pos2.to_json()).to_json() == pos2.to_json()
    assert Position.from_line(pos2.to_line()).poignees == ("single@0",)
    with pytest.raises(ScoringError, match="needs 13 trumps"):
        Position.from_json(dict(pos.to_json(), poignees=["double@0"]))
    with pytest.raises(ScoringError, match="sizes"):
        Position.from_json(dict(pos.to_json(), poignees=["huge@0"]))
    nine = full("french4", "garde", hands=[" ".join("T%d" % i for i in range(2, 11)) + " EX", "", "", ""])
    with pytest.raises(ScoringError, match="Excuse not counted"):
        Position.from_json(dict(nine.to_json(), poignees=["single@0"]))
    ok = Position.from_json(dict(nine.to_json(), poignees=["single@0"], options={"poignee_excuse_counts": True}))
    assert ok.poignees == ("single@0",)


def test_FR_7_3_chelem():
    made = fr_game(80, tricks_taken=[17, 0, 0, 0], decl="T1 T21 EX", defe="")
    assert items(made.settlement())["chelem"] == 200
    ann = fr_game(80, tricks_taken=[17, 0, 0, 0], decl="T1 T21 EX", defe="", announcements=["chelem@0"])
    assert items(ann.settlement())["chelem"] == 400
    failed = fr_game(80, tricks_taken=[16, 1, 0, 0], decl="T1 T21 EX", defe="", announcements=["chelem@0"])
    assert items(failed.settlement())["chelem"] == -200
    defence = endgame("french4", "garde", ["S1", "T5", "H1", "D1"], tricks_taken=[0, 17, 0, 0])
    assert items(defence.settlement())["chelem"] == -200

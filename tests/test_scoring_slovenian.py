"""Scoring of Slovenian tarok (solver/scoring_slovenian.py): the seeds' worked examples (SI-8),
the bonuses (SI-7) and klop (SI-6.8), on composed endgames (scoring_cases.endgame)."""

import os
import sys
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, rest_of_deck  # noqa: E402
from scoring_cases import SI_HANDS, SI_SPLIT, endgame, items, line_of, si_game  # noqa: E402

from solver import Position, get_variant, goals  # noqa: E402
from solver.errors import ScoringError  # noqa: E402
from solver.text import count_of  # noqa: E402

# ------------------------------------------------------------------ Slovenian: SI-8 worked examples

@pytest.mark.parametrize("points, score", [(44, 59), (26, -59), (35, -50)])
def test_SI_8_worked_examples_solo_two(points, score):
    pos = si_game(points)
    assert pos.points(0) == 3 * points
    s = pos.settlement()
    assert s.amounts == (score, 0, 0, 0)
    assert items(s) == {"game": score}
    assert not s.zero_sum


def test_SI_8_worked_example_difference_rounded_to_5():
    pos = si_game(44)
    assert pos.settlement(diff_round=5).amounts[0] == 60
    assert pos.settlement(**{"si.diff_round": 5}).amounts[0] == 60
    for points, score in ((26, -60), (35, -50), (37, 50), (38, 55)):
        assert si_game(points).settlement(diff_round=5).amounts[0] == score, points


def test_SI_8_diff_round_as_position_option_round_trips():
    pos = si_game(44, options={"diff_round": 5})
    assert pos.settlement().amounts[0] == 60
    line = pos.to_line()
    assert "diff_round=5" in line
    again = Position.from_line(line)
    assert again.options["diff_round"] == 5 and again.to_json() == pos.to_json()


def test_SI_6_6_threshold_35_and_two_cards_wins_35_and_a_card_loses():
    assert si_game(Fraction(107, 3)).settlement().amounts[0] == 51  # 35 2/3 counted 36: 50 + 1
    assert si_game(Fraction(106, 3)).settlement().amounts[0] == -50  # 35 1/3 counted 35: lost, no difference
    assert si_game(Fraction(106, 3), options={"win_at_35_plus_card": True}).settlement().amounts[0] == 50


def test_SI_6_6_win_at_35_plus_card_as_a_settlement_override():
    """settlement(win_at_35_plus_card=True) reads the threshold as the option in the position does
    (it used to be accepted and ignored: a 35 1/3 solo three stayed lost)."""
    pos = si_game(Fraction(106, 3), contract="solo_three")
    assert pos.settlement().amounts[0] < 0
    won = pos.settlement(win_at_35_plus_card=True)
    assert won.amounts[0] == won.amounts[0] > 0 and "35 1/3 wins" in won.lines[0].why
    assert won.amounts == si_game(Fraction(106, 3), contract="solo_three",
                                  options={"win_at_35_plus_card": True}).settlement().amounts


def test_one_trick_and_one_point_are_singular():
    assert [count_of(n, "point") for n in (0, 1, "1", "1 1/3", 2, "-1")] == [
        "0 points", "1 point", "1 point", "1 1/3 points", "2 points", "-1 point"]
    pos = si_game(40, tricks_taken=(0, 5, 3, 3))
    assert "declarer side: 1 trick, 40 points" in str(pos)


def test_SI_8_partnership_game_both_score_and_kontra_multiplies():
    pos = si_game(44, contract="two", called_king="HK", partner=2, kontra={"game": "re"})
    assert pos.partner == 2 and pos.kontra == {"game": 2}
    s = pos.settlement()
    assert s.amounts == (29 * 4, 0, 29 * 4, 0)
    assert "× 4 (re)" in s.lines[0].why
    assert pos.settlement(kontra={"game": 4}).amounts[0] == 29 * 16  # mort
    assert pos.settlement(kontra={}).amounts[0] == 29


def test_SI_3p_declarer_only():
    pos = si_game(44, contract="three", variant="slovenian3", tricks_taken=(7, 4, 4))
    assert pos.settlement().amounts == (19, 0, 0)


def test_SI_7_solo_brez_adds_difference_option():
    pos = si_game(44, contract="solo_without")
    assert pos.settlement().amounts[0] == 89
    assert pos.settlement(solo_brez_adds_difference=False).amounts[0] == 80
    assert si_game(30, contract="solo_without").settlement(solo_brez_adds_difference=False).amounts[0] == -80


@pytest.mark.parametrize("contract, value", [("beggar", 70), ("open_beggar", 90), ("piccolo", 35)])
def test_SI_8_negative_contracts_fixed_value(contract, value):
    # beggar: the declarer takes the last trick -> lost; piccolo with exactly that one trick -> made
    made = contract == "piccolo"
    pos = endgame("slovenian4", contract, ["T5", "S7", "H4", "D4"], tricks_taken=[0, 4, 4, 3])
    assert pos.settlement().amounts[0] == (value if made else -value)
    assert pos.settlement(kontra={"game": 1}).amounts[0] == 2 * (value if made else -value)
    assert pos.settlement().amounts[1:] == (0, 0, 0)


def test_SI_8_beggar_made_and_early_end():
    pos = endgame("slovenian4", "beggar", ["T5", "S7", "H4", "T6"], tricks_taken=[0, 4, 4, 3])
    assert pos.tricks[-1].winner == 3 and pos.settlement().amounts[0] == 70
    early = composed("slovenian4", ["T5 S8", "S7 S9", "H4 H3", "D4 D3"], contract="beggar",
                     tricks_taken=[0, 4, 3, 3], rest="talon")
    early.play("T5"), early.play("S7"), early.play("H4"), early.play("D4")
    assert early.is_over and early.end_reason
    assert early.settlement().amounts[0] == -70


@pytest.mark.parametrize("contract, value", [("valat", 500), ("colour_valat", 125)])
def test_SI_8_valat_contracts(contract, value):
    won = endgame("slovenian4", contract, SI_HANDS, tricks_taken=[11, 0, 0, 0])
    assert won.settlement().amounts[0] == value
    lost = endgame("slovenian4", contract, SI_HANDS, tricks_taken=[10, 1, 0, 0])
    assert lost.settlement().amounts[0] == -value


# ------------------------------------------------------------------ Slovenian bonuses (SI-7)

def test_SI_7_trula_and_kings_silent_for_either_side():
    pos = si_game(44, decl="T1 T21 T22 SK HK DK CK", defe="")
    assert items(pos.settlement()) == {"game": 59, "trula": 10, "kings": 10}
    pos = si_game(38, decl="", defe="T1 T21 T22 SK HK DK CK")
    assert items(pos.settlement()) == {"game": 53, "trula": -10, "kings": -10}
    assert pos.settlement().amounts[0] == 33


def test_SI_7_announced_bonus_doubles_and_failure_costs_double():
    made = si_game(44, decl="T1 T21 T22", defe="SK HK DK CK", announcements=["trula@0", "kings@0"])
    assert items(made.settlement()) == {"game": 59, "trula": 20, "kings": -20}
    assert made.settlement(kontra={"trula": 1}).lines[1].amount == 40
    by_defence = si_game(44, decl="T1 T21 T22", defe="SK HK DK CK", announcements=["trula@1"])
    assert items(by_defence.settlement())["trula"] == 20  # the defence's failed announcement


def si_last_trick(hands, contract="solo_two", play=None, **kw):
    """Slovenian endgame of one trick with the given hands; the rest split so no other bonus."""
    used = " ".join(hands)
    decl = " ".join(t for t in "SK HK T21".split() if t not in used)
    defe = " ".join(t for t in "DK CK T22".split() if t not in used)
    if "T1" not in used:
        decl += " T1"
    return endgame("slovenian4", contract, hands, decl=decl, defe=defe, play=play,
                   tricks_taken=kw.pop("tricks_taken", [5, 2, 2, 2]), **kw)


def test_SI_7_pagat_ultimo_silent_won_lost_and_by_the_defence():
    pos = si_last_trick(["T1", "S7", "H4", "D4"])
    assert items(pos.settlement())["pagat_ultimo"] == 25
    pos = si_last_trick(["T1", "S7", "T5", "D4"])  # the pagat loses (even to the partner: here a defender)
    assert items(pos.settlement())["pagat_ultimo"] == -25
    pos = si_last_trick(["T1", "S7", "H4", "T5"], contract="two", called_king="HK", partner=3)
    assert pos.tricks[-1].winner == 3 and pos.partner == 3
    assert items(pos.settlement())["pagat_ultimo"] == -25  # taken by its own side: still -25
    pos = si_last_trick(["S7", "T1", "H4", "D4"], play="S7 T1 H4 D4")
    assert pos.tricks[-1].winner == 1 and items(pos.settlement())["pagat_ultimo"] == -25  # defence's ultimo
    pos = si_last_trick(["T5", "T1", "H4", "D4"])
    assert items(pos.settlement())["pagat_ultimo"] == 25  # the defence's pagat lost


def test_SI_7_pagat_ultimo_announced():
    pos = si_last_trick(["T1", "S7", "H4", "D4"], announcements=["pagat_ultimo@0"])
    assert items(pos.settlement())["pagat_ultimo"] == 50
    assert items(pos.settlement(kontra={"pagat_ultimo": 2}))["pagat_ultimo"] == 200
    pos = si_last_trick(["T1", "S7", "T5", "D4"], announcements=["pagat_ultimo@0"])
    assert items(pos.settlement())["pagat_ultimo"] == -50
    # pagat fell earlier: announced fails, silent gives nothing
    early = si_last_trick(["S7", "S8", "H4", "D4"], announcements=["pagat_ultimo@0"])
    assert items(early.settlement())["pagat_ultimo"] == -50
    assert "pagat_ultimo" not in items(si_last_trick(["S7", "S8", "H4", "D4"]).settlement())


def test_SI_7_king_ultimo():
    kw = dict(contract="three", called_king="HK")
    pos = si_last_trick(["T5", "S7", "HK", "D4"], **kw)  # partner 2 plays the called king, declarer wins
    s = pos.settlement()
    assert pos.partner == 2 and items(s)["king_ultimo"] == 10
    assert s.amounts == (items(s)["game"] + 10, 0, items(s)["game"] + 10, 0)
    pos = si_last_trick(["S7", "T5", "HK", "D4"], **kw)  # a defender takes it
    assert items(pos.settlement())["king_ultimo"] == -10
    pos = si_last_trick(["T5", "S7", "HK", "D4"], announcements=["king_ultimo@2"], **kw)
    assert items(pos.settlement())["king_ultimo"] == 20
    pos = si_last_trick(["S7", "T5", "HK", "D4"], announcements=["king_ultimo@2"], **kw)
    assert items(pos.settlement())["king_ultimo"] == -20


def test_SI_7_valat_replaces_game_and_bonuses():
    silent = si_game(60, tricks_taken=(11, 0, 0, 0), decl="T1 T21 T22 SK HK DK CK", defe="")
    assert items(silent.settlement()) == {"valat": 250}
    assert silent.settlement(kontra={"game": 1}).amounts[0] == 500
    announced = si_game(50, tricks_taken=(11, 0, 0, 0), announcements=["valat@0"])
    assert items(announced.settlement()) == {"valat": 500}
    failed = si_game(50, tricks_taken=(10, 1, 0, 0), announcements=["valat@0"])
    assert items(failed.settlement()) == {"valat": -500}
    defence = endgame("slovenian4", "solo_two", ["S7", "T5", "H4", "D4"], tricks_taken=[0, 11, 0, 0],
                      **SI_SPLIT)
    assert items(defence.settlement()) == {"valat": -250}


def test_SI_7_mond_penalty_option():
    pos = si_last_trick(["T21", "T22", "H4", "D4"])
    s = pos.settlement()
    assert items(s)["mond_penalty"] == -20 and s.amounts[0] == items(s)["game"] - 20
    assert "mond_penalty" not in items(pos.settlement(mond_penalty=False))
    by_defence = si_last_trick(["T22", "T21", "H4", "D4"])
    assert by_defence.settlement().amounts[1:] == (-20, 0, 0)
    emperor = si_last_trick(["T1", "T21", "T22", "D4"])  # the whole trula: the pagat wins, no penalty
    assert emperor.tricks[-1].winner == 0 and "mond_penalty" not in items(emperor.settlement())


def test_SI_8_valat_cancels_the_mond_penalty_too():
    """[003] "Valat tuo ilmoittamattomana 250 pistettä ja ilmoitettuna 500 pistettä, ja se mitätöi
    jaon muut pisteet" — a valat cancels every other item of the deal, the personal mond penalty
    included (silent valat, announced valat and the valat contracts)."""
    silent = si_last_trick(["T22", "T21", "H4", "D4"], tricks_taken=[11, 0, 0, 0])
    s = silent.settlement()
    assert goals.mond_penalty_seat(silent) == 1  # the defender's mond fell to the declarer's škis
    assert items(s) == {"valat": 250} and s.amounts == (250, 0, 0, 0)
    assert any("no mond penalty" in n and "Q-SI9" in n for n in s.notes)
    announced = si_last_trick(["T22", "T21", "H4", "D4"], tricks_taken=[11, 0, 0, 0], announcements=["valat@0"])
    assert items(announced.settlement()) == {"valat": 500}
    for contract, value in (("valat", 500), ("colour_valat", 125)):
        pos = endgame("slovenian4", contract, ["T22", "T21", "H4", "D4"], tricks_taken=[11, 0, 0, 0])
        assert items(pos.settlement()) == {"game": value} and pos.settlement().amounts[1] == 0, contract
    # without a valat the penalty stands
    assert items(si_last_trick(["T22", "T21", "H4", "D4"]).settlement())["mond_penalty"] == -20


def test_SI_8_option_kontra_on_silent_bonuses():
    """[002] "Prištejejo ali odštejejo se še vrednosti napovedanih in nenapovedanih dosežkov in se
    pomnožijo z morebitnimi kontrami": the reading that the game's kontra multiplies the silent
    bonuses too is the option kontra_on_silent_bonuses (default off, Q-SI15)."""
    pos = si_game(44, decl="T1 T21 T22 SK HK DK CK", defe="", kontra={"game": 1})
    assert items(pos.settlement()) == {"game": 118, "trula": 10, "kings": 10}
    on = pos.settlement(kontra_on_silent_bonuses=True)
    assert items(on) == {"game": 118, "trula": 20, "kings": 20} and "kontra" in line_of(on, "trula").why
    assert items(pos.settlement(kontra_on_silent_bonuses=True, kontra={"game": 2}))["kings"] == 40
    against = si_game(38, decl="", defe="T1 T21 T22 SK HK DK CK", kontra={"game": 1},
                      options={"kontra_on_silent_bonuses": True})
    assert items(against.settlement()) == {"game": 106, "trula": -20, "kings": -20}
    # an announced bonus keeps its own kontra only
    ann = si_game(44, decl="T1 T21 T22 SK HK DK CK", defe="", kontra={"game": 1}, announcements=["trula@0"])
    assert items(ann.settlement(kontra_on_silent_bonuses=True))["trula"] == 20
    silent_pagat = si_last_trick(["T1", "S7", "H4", "D4"], kontra={"game": 1})
    assert items(silent_pagat.settlement(kontra_on_silent_bonuses=True))["pagat_ultimo"] == 50


def test_SI_6_8_klop_raw_and_outside_practice():
    pos = composed("slovenian4", ["T5", "S7", "H4", "D4"], contract="klop", rest="talon",
                   seat_piles=["T1 T21 T22 SK HK DK CK SQ HQ DQ CQ SN HN DN CN", "S8", "", ""],
                   tricks_taken=[5, 1, 0, 5])
    for tok in ("T5", "S7", "H4", "D4"):
        pos.play(tok)
    s = pos.settlement()
    assert s.amounts == (0, 0, 0, 0) and s.raw["tricks"] == [6, 1, 0, 5]
    assert "Q-SI3" in s.lines[0].why
    x = pos.settlement(klop_scorer="outside_practice")
    assert x.amounts[2] == 70  # no trick
    assert x.amounts[0] == -70  # more than half
    assert x.amounts[1] == -goals_counted(pos, 1) and x.amounts[3] == 0
    with pytest.raises(ScoringError):
        pos.settlement(kontra={"game": 1})


@pytest.mark.parametrize("thirds, amount", [(106, -35), (107, -70)])
def test_SI_6_8_klop_more_than_half_reads_the_count_of_the_win_threshold(thirds, amount):
    """RULES.md §3.6.8 [X]: "one who took more than half (> 35) scores -70" -- in counted points,
    as the win threshold (SI-5.6, SI-6.6: 35 1/3 exact is counted 35, 35 2/3 is counted 36).
    35 1/3 used to give -70 while it loses a contract; with win_at_35_plus_card it is more than half."""
    v = get_variant("slovenian4")
    pile, need = [], thirds - 4  # seat 0 wins the last trick with T5 S7 H4 D4: 4 thirds
    for tok in sorted(rest_of_deck("slovenian4", "T5", "S7", "H4", "D4").split(),
                      key=lambda t: -v.points[v.deck.index[t]]):
        if v.points[v.deck.index[tok]] <= need:
            pile.append(tok)
            need -= v.points[v.deck.index[tok]]
    assert need == 0
    pos = composed("slovenian4", ["T5", "S7", "H4", "D4"], contract="klop", rest=1,
                   seat_piles=[" ".join(pile), "", "", ""], tricks_taken=[5, 3, 2, 1])
    for tok in ("T5", "S7", "H4", "D4"):
        pos.play(tok)
    assert pos.points(0) == thirds
    assert pos.settlement(klop_scorer="outside_practice").amounts[0] == amount
    if thirds == 106:
        assert pos.settlement(klop_scorer="outside_practice", win_at_35_plus_card=True).amounts[0] == -70


def goals_counted(pos, seat):
    return (pos.points(seat) + 1) // 3

"""Scoring (solver/scoring.py): the seeds' worked examples, every bonus and option, inputs.

The deals here are composed endgames whose piles are filled to an exact number of card points
(``endgame``), so each test states the points it scores; the zero-sum properties over random
deals are in test_scoring_properties.py.
"""

import json
import os
import sys
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, full, rest_of_deck  # noqa: E402

from solver import Position, get_variant, load_example  # noqa: E402
from solver import goals  # noqa: E402
from solver.errors import MissingValueError, OptionError, ScoringError, TarokError  # noqa: E402
from solver.scoring import AT_TARIFFS, Cups, Settlement, at_value  # noqa: E402
from solver.text import count_of  # noqa: E402

# A complete Königrufen value profile for tests only (the seed's tables are missing, Q-AT1):
# distinct numbers so a wrong item shows.
AT_VALUES = {"rufer_pagat": 3, "rufer_uhu": 4, "rufer_pelikan": 5, "rufer_quapil": 6, "farbendreier": 7,
             "solofarbendreier": 14, "bettler": 8, "bettler_ouvert": 16, "piccolo": 9, "piccolo_ouvert": 18,
             "pagat": 1, "uhu": 2, "pelikan": 3, "quapil": 4, "king_ultimo": 5, "koenigfang": 6,
             "mondfang": 7, "trull": 8, "kings": 9, "honneurs": 10, "absolut": 11, "valat": 100}


def units_of(variant, tokens):
    v = get_variant(variant)
    return sum(v.points[v.deck.index[t]] for t in tokens.split())


def endgame(variant, contract, hands, decl="", defe="", decl_units=None, play=None, **kw):
    """A composed endgame: ``hands`` per seat, the cards ``decl`` / ``defe`` in the declarer's /
    defence's pile, and the rest of the deck: into the declarer's pile until it holds
    ``decl_units`` (greedily, high cards first), the remainder to the defence.  Then the
    endgame is played (``play`` tokens, else the first legal card each time)."""
    v = get_variant(variant)
    free = rest_of_deck(variant, *hands, decl, defe).split()
    pile = decl.split()
    if decl_units is not None:
        need = decl_units - units_of(variant, decl)
        for tok in sorted(free, key=lambda t: -v.points[v.deck.index[t]]):
            value = v.points[v.deck.index[tok]]
            if value <= need:
                pile.append(tok)
                need -= value
        assert need == 0, "cannot fill the declarer's pile exactly"
    defence = defe.split() + [t for t in free if t not in pile]
    pos = composed(variant, hands, contract=contract, declarer_pile=" ".join(pile),
                   defence_pile=" ".join(defence), rest="defence", **kw)
    for tok in (play.split() if play else ()):
        pos.play(tok)
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos


def items(settlement):
    return {line.item: line.amount for line in settlement.lines}


def line_of(settlement, item):
    return next(x for x in settlement.lines if x.item == item)


# ------------------------------------------------------------------ Slovenian: SI-8 worked examples

SI_HANDS = ["T5", "S7", "H4", "D4"]  # seat 0 (declarer) wins the last trick: 4 thirds
SI_SPLIT = dict(decl="T1 SK HK", defe="T21 T22 DK CK")  # no trula, no kings for either side


def si_game(points, contract="solo_two", tricks_taken=(5, 2, 2, 2), variant="slovenian4", **kw):
    """Declarer seat 0 ends with ``points`` exact points (a number of thirds if given as a Fraction)."""
    target = int(Fraction(points) * 3)
    return endgame(variant, contract, SI_HANDS if variant == "slovenian4" else SI_HANDS[:3],
                   decl_units=target - (4 if variant == "slovenian4" else 3),
                   tricks_taken=list(tricks_taken), **dict(SI_SPLIT, **kw))


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


# ------------------------------------------------------------------ Königrufen (AT-8)

AT_HANDS = ["T5", "S7", "H4", "D4"]
AT_SPLIT = dict(decl="T1 SK HK", defe="T21 T22 DK CK")  # no Trull, kings, honneurs for either side


def at_game(points, contract="dreier", tricks_taken=(5, 2, 2, 2), hands=AT_HANDS, **kw):
    target = int(Fraction(points) * 3)
    split = dict(AT_SPLIT)
    for key in ("decl", "defe"):
        if key in kw:
            split[key] = kw.pop(key)
    return endgame("koenigrufen", contract, hands, decl_units=target - units_of("koenigrufen", " ".join(hands)),
                   tricks_taken=list(tricks_taken), **split, **kw)


def test_AT_8_seed_values_rufer_solorufer_dreier_sechserdreier():
    rufer = at_game(38, "rufer", called_king="HK", partner=2)
    assert rufer.settlement().amounts == (2, -2, 2, -2)
    solo = at_game(38, "solorufer", called_king="HK", partner=2)
    assert solo.settlement().amounts == (4, -4, 4, -4)
    lost = at_game(Fraction(106, 3), "dreier")  # 35 1/3: lost
    assert lost.settlement().amounts == (-18, 6, 6, 6)
    assert at_game(Fraction(107, 3), "dreier").settlement().amounts == (18, -6, -6, -6)
    assert at_game(30, "sechserdreier").settlement().amounts == (-36, 12, 12, 12)
    won = at_game(40, "sechserdreier")
    assert won.settlement().amounts == (18, -6, -6, -6)
    assert won.settlement(sechserdreier_won_value=12).amounts == (36, -12, -12, -12)
    assert at_game(40, "solodreier").settlement().amounts == (36, -12, -12, -12)


def test_AT_8_1_kontra_on_the_game():
    pos = at_game(38, "rufer", called_king="HK", partner=2, kontra={"game": "subkontra"})
    assert pos.settlement().amounts == (16, -16, 16, -16)
    with pytest.raises(ScoringError, match="0-3"):
        pos.settlement(kontra={"game": 4})


def test_AT_6_4_called_king_in_the_talon_plays_alone():
    pos = at_game(38, "rufer", called_king="HK", decl="T1 SK T22 CK", defe="HK T21 DK")
    assert pos.partner is None
    s = pos.settlement(values={"koenigfang": 6})
    assert items(s) == {"game": 2, "koenigfang": 6}
    assert s.amounts == (6 - 18, -2 + 6, -2 + 6, -2 + 6)


def test_AT_Q_AT1_missing_values_are_one_error_naming_them_all():
    """Every value the settlement needs and nothing gives is named at once, with the --set form
    that supplies them (they used to surface one at a time: Königfang, then Honneurs, ...)."""
    game = load_example("koenigrufen_rufer")
    with pytest.raises(MissingValueError) as info:
        game.settlement(tariff="seed")
    error = info.value
    assert error.keys == ["koenigfang", "honneurs", "absolut"] and error.key == "koenigfang"
    assert """--set 'values={"koenigfang": N, "honneurs": N, "absolut": N}'""" in str(error)
    assert "tariff=ooe_2023" in str(error) and "Q-AT1" in str(error) and isinstance(error, TarokError)
    pos = at_game(38, "rufer", called_king="HK", decl="T1 SK T22 CK", defe="HK T21 DK")
    with pytest.raises(MissingValueError) as info:
        pos.settlement()
    assert info.value.keys == ["koenigfang"]
    assert sum(pos.settlement(values={"koenigfang": 1}).amounts) == 0
    with pytest.raises(MissingValueError, match="farbendreier"):
        at_game(38, "farbendreier").settlement()
    with pytest.raises(MissingValueError, match="bettler"):
        endgame("koenigrufen", "bettler", ["S7", "T5", "H4", "D4"], tricks_taken=[0, 4, 4, 3]).settlement()
    assert at_value(pos, "rufer") == 2 and at_value(pos, "trischaken") == 2


def test_AT_published_tariff_ooe_2023_scores_every_deal():
    """RULES.md §2.8: the option tariff=ooe_2023 gives every value (Oberösterreichische
    Tarockregeln 4/2023: Rufer 1, Dreier 4, Sechserdreier 4 lost 8, silent bonuses half the
    announced ones, valat four times the game), overriding the seed's; 'values' still override it."""
    tariff = {"tariff": "ooe_2023"}
    rufer = at_game(38, "rufer", called_king="HK", decl="T1 SK T22 CK", defe="HK T21 DK", options=tariff)
    assert rufer.settlement().amounts == (3, -1, -1, -1)  # alone; Königfang is not scored there
    assert rufer.settlement(values={"rufer": 5}).amounts == (15, -5, -5, -5)
    assert at_game(Fraction(106, 3), "dreier", options=tariff).settlement().amounts == (-12, 4, 4, 4)
    assert at_game(Fraction(106, 3), "sechserdreier", options=tariff).settlement().amounts == (-24, 8, 8, 8)
    assert at_game(38, "sechserdreier", options=tariff).settlement().amounts == (12, -4, -4, -4)
    assert at_game(38, "farbendreier", options=tariff).settlement().amounts == (9, -3, -3, -3)
    bettler = endgame("koenigrufen", "bettler", ["S7", "T5", "H4", "D4"], tricks_taken=[0, 4, 4, 3], options=tariff)
    assert bettler.settlement().amounts == (6, -2, -2, -2)
    trull = at_game(40, "dreier", decl="T1 T21 T22", defe="SK HK DK CK", options=tariff)
    # silent bonuses count half the announced values (Trull 2, four kings 2): 1 each
    assert items(trull.settlement()) == {"game": 4, "trull": 1, "kings": 1}  # (kings: the defence)
    # valat: four times the game silent, eight times announced, not doubled again in solo games
    assert items(at_game(50, tricks_taken=(11, 0, 0, 0), options=tariff).settlement()) == {"valat": 16}
    assert items(at_game(50, "solodreier", tricks_taken=(11, 0, 0, 0), options=tariff,
                         announcements=["valat@0"]).settlement()) == {"valat": 64}


def test_AT_tariff_choices_are_the_tariffs():
    assert set(get_variant("koenigrufen").options["tariff"].choices) == {"seed"} | set(AT_TARIFFS)


def test_AT_values_profile_input_and_round_trip():
    pos = at_game(38, "farbendreier", values={"farbendreier": 7})
    assert pos.values == {"farbendreier": 7}
    assert pos.settlement().amounts == (21, -7, -7, -7)
    assert Position.from_line(pos.to_line()).to_json() == pos.to_json()
    assert pos.settlement(values={"farbendreier": 5}).amounts[0] == 15
    with pytest.raises(ScoringError, match="sechserdreier_won_value"):
        at_game(38, values={"sechserdreier": 6})
    with pytest.raises(ScoringError, match="neither"):
        at_game(38, values={"gamble": 6})
    with pytest.raises(ScoringError, match="koenigrufen"):
        si_game(44, values={"trull": 1})


def test_AT_8_5_solo_doubles_bonuses():
    pos = at_game(40, "solodreier", decl="T1 T21 T22 SK", defe="HK DK CK", values=AT_VALUES)
    assert items(pos.settlement()) == {"game": 12, "trull": 16}


def test_AT_7_trull_kings_honneurs_absolut_silent():
    pos = at_game(50, decl="T1 T21 T22 SK HK DK CK", defe="", values=AT_VALUES)
    assert items(pos.settlement()) == {"game": 6, "trull": 8, "kings": 9, "honneurs": 10, "absolut": 11}
    pos = at_game(20, decl="", defe="T1 T21 SK HK DK", values=AT_VALUES)
    s = pos.settlement()
    assert items(s) == {"game": -6, "honneurs": 10, "absolut": 11}
    assert s.lines[1].party == 1 and s.lines[1].label == "defence"
    assert s.amounts == (-6 * 3 - 30 - 33, 27, 27, 27)
    # AT-7 "mindestens 45 1/3 Punkte": 136 thirds, not 135
    assert items(at_game(Fraction(136, 3), values=AT_VALUES).settlement()) == {"game": 6, "absolut": 11}
    assert items(at_game(Fraction(135, 3), values=AT_VALUES).settlement()) == {"game": 6}


def test_AT_7_announced_bonus():
    pos = at_game(44, decl="T1 T21 T22 SK", defe="HK DK CK", values=AT_VALUES, announcements=["trull@0", "kings@0"])
    assert items(pos.settlement()) == {"game": 6, "trull": 16, "kings": -18}
    assert items(pos.settlement(kontra={"kings": 1}))["kings"] == -36
    by_defence = at_game(44, decl="T1 T21 T22 SK", defe="HK DK CK", values=AT_VALUES, announcements=["trull@1"])
    assert items(by_defence.settlement()) == {"game": 6, "trull": -16}
    assert by_defence.settlement().lines[1].party == 1


def at_last(hands, contract="dreier", play=None, **kw):
    """Königrufen endgame; the honours not in ``hands``: SK HK T1 T22 to the declarer's pile,
    DK CK T21 to the defence's (so no Trull and no four kings before the endgame)."""
    used = " ".join(hands).split()
    decl = " ".join(t for t in "SK HK T1 T22".split() if t not in used)
    defe = " ".join(t for t in "DK CK T21".split() if t not in used)
    return at_game(38, contract, hands=hands, decl=decl, defe=defe, play=play, values=AT_VALUES, **kw)


@pytest.mark.parametrize("name, card, tricks_left", [("pagat", "T1", 1), ("uhu", "T2", 2), ("pelikan", "T3", 3),
                                                     ("quapil", "T4", 4)])
def test_AT_7_pagat_uhu_pelikan_quapil(name, card, tricks_left):
    n = tricks_left  # the card is led to the first trick of the endgame, its designated trick
    fill = ["T%d" % (10 + i) for i in range(n - 1)]
    low = [["S7", "S8", "S9", "S10"][:n], ["H4", "H3", "H2", "H1"][:n], ["D4", "D3", "D2", "D1"][:n]]
    hands = [" ".join(fill + [card])] + [" ".join(x) for x in low]
    beaten = [hands[0], hands[1], " ".join(["T%d" % (20 - i) for i in range(n)]), hands[3]]
    taken = [12 - n - 6, 2, 2, 2]
    won = at_last(hands, tricks_taken=taken, play=card)
    assert line_of(won.settlement(), name).amount == AT_VALUES[name]
    assert line_of(won.settlement(), name).party == 0
    lost = line_of(at_last(beaten, tricks_taken=taken, play=card).settlement(), name)
    assert lost.amount == AT_VALUES[name] and lost.party == 1
    ann = at_last(hands, tricks_taken=taken, announcements=[name + "@0"], play=card)
    assert items(ann.settlement())[name] == 2 * AT_VALUES[name]
    fail = at_last(beaten, tricks_taken=taken, announcements=[name + "@0"], play=card)
    assert items(fail.settlement())[name] == -2 * AT_VALUES[name]
    # not played to its trick: no bonus, an announced one fails
    late = at_last([" ".join(fill[:1] + [card] + fill[1:])] + hands[1:], tricks_taken=taken,
                   play=fill[0] if fill else None)
    if n > 1:
        assert name not in items(late.settlement())


def test_AT_7_rufer_pagat_contract_announces_the_pagat():
    pos = at_last(["T1", "S7", "H4", "D4"], contract="rufer_pagat", called_king="SK", partner=2,
                  tricks_taken=[4, 2, 3, 2])
    assert ("pagat", 0) in pos.announcements
    assert items(pos.settlement()) == {"game": 3, "pagat": 2}


def test_AT_7_king_ultimo_and_koenigfang():
    kw = dict(contract="rufer", called_king="HK", tricks_taken=[4, 2, 3, 2])
    pos = at_last(["T5", "S7", "HK", "D4"], **kw)
    assert pos.partner == 2 and items(pos.settlement()) == {"game": 2, "king_ultimo": 5}
    pos = at_last(["S7", "T5", "HK", "D4"], **kw)  # the defence wins the called king in the last trick
    s = pos.settlement()
    assert set(items(s)) == {"game", "king_ultimo", "koenigfang"}
    assert [(x.item, x.party, x.amount) for x in s.lines[1:]] == [("king_ultimo", 1, 5), ("koenigfang", 1, 6)]
    pos = at_last(["S7", "T5", "HK", "D4"], announcements=["king_ultimo@2"], **kw)
    assert items(pos.settlement())["king_ultimo"] == -10


def test_AT_7_koenigfang_may_be_announced_by_the_opposing_party():
    """[001] excludes only "Ansage von Mondfang" from the announcements; Königfang "kann nur durch
    die Gegenpartei erzielt werden", so the defence announces it; its value is the tariff's
    (Q-AT1), doubled as every announcement."""
    kw = dict(contract="rufer", called_king="HK", tricks_taken=[4, 2, 3, 2])
    made = at_last(["S7", "T5", "HK", "D4"], announcements=["koenigfang@1"], **kw)
    assert ("koenigfang", 1) in made.announcements
    line = line_of(made.settlement(), "koenigfang")
    assert (line.party, line.amount) == (1, 2 * AT_VALUES["koenigfang"]) and "announced" in line.why
    failed = at_last(["T5", "S7", "HK", "D4"], announcements=["koenigfang@3"], **kw)
    line = line_of(failed.settlement(), "koenigfang")
    assert (line.party, line.amount) == (1, -2 * AT_VALUES["koenigfang"])
    assert items(failed.settlement(kontra={"koenigfang": 1}))["koenigfang"] == -4 * AT_VALUES["koenigfang"]
    for seat in (0, 2):  # the declarer and his partner cannot score it
        with pytest.raises(TarokError, match="AT-7"):
            at_last(["S7", "T5", "HK", "D4"], announcements=["koenigfang@%d" % seat], **kw)
    with pytest.raises(TarokError, match="cannot be announced"):
        at_last(["S7", "T5", "H4", "D4"], announcements=["koenigfang@1"])  # a Dreier calls no king


def test_AT_7_mondfang_even_through_the_partner():
    pos = at_last(["T21", "S7", "T22", "D4"], contract="rufer", called_king="HK", partner=2,
                  tricks_taken=[4, 2, 3, 2])
    assert line_of(pos.settlement(), "mondfang").amount == 7 and line_of(pos.settlement(), "mondfang").party == 1
    pos = at_last(["T22", "T21", "H4", "D4"], tricks_taken=[5, 2, 2, 2])
    assert line_of(pos.settlement(), "mondfang").amount == 7 and line_of(pos.settlement(), "mondfang").party == 0


def test_AT_4_3_maerchenstich_mond_captured_by_the_pagat():
    pos = at_last(["T1", "T21", "T22", "D4"], tricks_taken=[5, 2, 2, 2])
    s = items(pos.settlement())
    assert pos.tricks[-1].winner == 0 and s["mondfang"] == 7 and s["pagat"] == 1


def test_AT_colour_games_have_no_black_bonuses():
    pos = at_last(["T1", "S7", "H4", "D4"], contract="farbendreier", tricks_taken=[5, 2, 2, 2])
    assert "pagat" not in items(pos.settlement())


def test_AT_8_4_valat_silent_cancels_or_is_ignored_and_announced():
    pos = at_game(60, decl="T1 T21 T22 SK HK DK CK", defe="", tricks_taken=(11, 0, 0, 0), values=AT_VALUES)
    assert items(pos.settlement()) == {"valat": 100}
    small = dict(AT_VALUES, valat=20)
    s = pos.settlement(values=small)
    assert "valat" not in items(s) and "ignored" in s.notes[0]
    ann = at_game(50, tricks_taken=(11, 0, 0, 0), values=AT_VALUES, announcements=["valat@0"],
                  kontra={"valat": 1})
    assert items(ann.settlement()) == {"valat": 400}
    failed = at_game(50, tricks_taken=(10, 1, 0, 0), values=AT_VALUES, announcements=["valat@0"])
    assert items(failed.settlement()) == {"valat": -200}
    assert items(at_game(50, "solodreier", tricks_taken=(11, 0, 0, 0), values=AT_VALUES,
                         announcements=["valat@0"]).settlement()) == {"valat": 400}


@pytest.mark.parametrize("contract", ["bettler", "bettler_ouvert", "piccolo", "piccolo_ouvert"])
def test_AT_8_6_negative_games(contract):
    value = AT_VALUES[contract]
    made = contract.startswith("piccolo")  # the declarer takes the last trick, his only one
    pos = endgame("koenigrufen", contract, ["T5", "S7", "H4", "D4"], tricks_taken=[0, 4, 4, 3],
                  values=AT_VALUES, kontra={"game": 1})
    sign = 1 if made else -1
    assert pos.settlement().amounts == (sign * 6 * value, -sign * 2 * value, -sign * 2 * value, -sign * 2 * value)


def trischaken(piles, hands=("T5", "S7", "H4", "D4"), taken=(3, 3, 3, 2), **kw):
    pos = composed("koenigrufen", list(hands), contract="trischaken", rest="talon",
                   seat_piles=list(piles), tricks_taken=list(taken), **kw)
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos


def test_AT_8_7_trischaken():
    # seat 1 most points, under 32: pays 2 to each
    pos = trischaken(["S8", "SK SQ HK HQ", "H3", "D3"])
    assert pos.settlement().amounts == (2, -6, 2, 2)
    # Bürgermeister pays double
    big = "SK SQ SN SJ HK HQ HN HJ DK DQ DN"
    pos = trischaken(["S8", big, "H3", "D3"])
    assert pos.points(1) >= 96 and pos.settlement().amounts == (4, -12, 4, 4)
    # "32 oder mehr Punkte": 96 thirds pay double, 95 do not (52 + 40 + 4 and 52 + 40 + 3)
    kings_queens = "SK HK DK CK SQ HQ DQ CQ C8 C9 C10"
    assert trischaken(["S8", kings_queens + " H3", "H2", "D3"]).settlement().amounts == (4, -12, 4, 4)
    assert trischaken(["S8", kings_queens, "H2", "D3"]).settlement().amounts == (2, -6, 2, 2)
    # Vorhand (seat 0) pays double, x4 with Bürgermeister
    pos = trischaken([big, "S8", "H3", "D3"])
    assert pos.settlement().amounts == (-24, 8, 8, 8)
    with pytest.raises(ScoringError):
        pos.settlement(kontra={"game": 1})


def test_AT_8_7_trischaken_tie_order_option():
    # seats 1 and 3 tie on most points; backwards from Vorhand: 0, 3, 2, 1 -> seat 3 loses
    pos = trischaken(["S8", "SK SQ", "H3", "HK HQ S9 S10 H2 H1"], hands=("S7", "T5", "H4", "D4"),
                     taken=(3, 3, 3, 2))
    assert pos.points(1) == pos.points(3) and pos.points(1) > max(pos.points(0), pos.points(2))
    assert pos.settlement().amounts == (2, 2, 2, -6)
    assert pos.settlement(trischaken_tie_order="vorhand_forwards").amounts == (2, -6, 2, 2)


# ------------------------------------------------------------------ French (FR-8)

FR_HANDS = ["T5", "S1", "H1", "D1"]


def fr_game(points, contract="garde", variant="french4", decl="T1 T21", defe="EX", hands=None, **kw):
    """Preneur seat 0 ends with ``points`` (exact, may be x.5) and the bouts of ``decl``."""
    hands = hands or FR_HANDS[:get_variant(variant).players]
    target = int(Fraction(points) * 2)
    kw.setdefault("tricks_taken", [5] + [4] * (get_variant(variant).players - 1)
                  if variant == "french4" else None)
    if kw["tricks_taken"] is None:
        n = get_variant(variant).tricks - 1
        p = get_variant(variant).players
        kw["tricks_taken"] = [n - (p - 1) * (n // p)] + [n // p] * (p - 1)
    return endgame(variant, contract, hands, decl=decl, defe=defe,
                   decl_units=target - units_of(variant, " ".join(hands)), **kw)


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


# ------------------------------------------------------------------ Danish (DK-5 … DK-8)

DK = "danish"


def dk(hands, taken=(8, 8, 8), rest=0, play=None, **kw):
    pos = composed(DK, hands, rest=rest, tricks_taken=list(taken), **kw)
    for tok in (play.split() if play else ()):
        pos.play(tok)
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos


def check_dk(s):
    cups = (s.cups_after.pagat - s.cups_before.pagat) + (s.cups_after.king - s.cups_before.king)
    assert sum(s.amounts) + cups == 0
    for line in s.lines:
        if line.item != "card count":  # each seat's own line; together they sum to zero
            assert sum(line.seats) + sum(line.cups) == 0, line
    assert sum(x.amount for x in s.lines if x.item == "card count") == 0


def test_DK_5_card_count_78_and_nets():
    pos = Position.from_json(open(os.path.join(os.path.dirname(__file__), "..", "solver", "examples",
                                               "danish.json"), encoding="utf-8").read())
    assert sum(pos.points(s) for s in range(3)) == 78
    s = pos.settlement(round_settlement_to_5=False)  # exact: the option (DK-5.2 rounds by default)
    count = {x.party: x.amount for x in s.lines if x.item == "card count"}
    assert count == {seat: pos.points(seat) - 26 for seat in range(3)} and sum(count.values()) == 0
    check_dk(s)
    assert s.cups_before == Cups(60, 60)


def test_DK_6_2_declaration_tariffs():
    tar = lambda n: ["T%d" % i for i in range(2, 2 + n)]
    for n, pay in ((10, 10), (11, 15), (12, 20)):
        assert ("tarokker", n, pay) in goals.danish_declarations(tar(n))
    assert ("tarokker", 10, 10) in goals.danish_declarations(tar(9) + ["EX"])  # the skus counts
    for extra, m, pay in (([], 3, 10), (["T20"], 4, 15), (["T20", "T19"], 5, 20)):
        assert ("matadorer", m, pay) in goals.danish_declarations(["T21", "T1", "EX"] + extra)
    assert not any(k == "matadorer" for k, _, _ in goals.danish_declarations(["T21", "T1", "T20"]))
    assert ("kavaleri", "S:full", 10) in goals.danish_declarations(["SK", "SQ", "SN", "SJ"])
    assert ("kavaleri", "S:half", 5) in goals.danish_declarations(["SK", "SQ", "SJ", "EX"])
    assert ("kavaleri", "S:sprojtefuld", 15) in goals.danish_declarations(["SK", "SQ", "SN", "SJ", "EX"])
    assert ("konger", "full", 10) in goals.danish_declarations(["SK", "HK", "DK", "CK"])
    halves = goals.danish_declarations(["SK", "HK", "DK", "SQ", "SN", "EX"])  # one skus, two halves (Q-DK9)
    assert ("konger", "half", 5) in halves and ("kavaleri", "S:half", 5) in halves
    assert ("konger", "sprojtefuld", 15) in goals.danish_declarations(["SK", "HK", "DK", "CK", "EX"])


def test_DK_6_declarations_paid_in_the_settlement():
    pos = full(DK, hands=["T21 T1 T20 T19 T18 T17 T16 T15 T14 T13 T12 SK SQ SN SJ", "EX", ""])
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    s = pos.settlement()
    decl = [(x.party, x.amount, x.why.split(": ")[0]) for x in s.lines if x.item == "declaration"]
    assert (0, 15, "tarokker 11") in decl and (0, 10, "kavaleri S:full") in decl
    assert not any(p == 0 and "matadorer" in w for p, _, w in decl)  # the skus is with seat 1
    check_dk(s)
    # explicit declarations: only what was declared; a wrong one costs 40 P to each cup and ultimo
    explicit = pos.settlement(declarations=["tarokker:10@0", "konger@1"])
    lines = [(x.item, x.party, x.amount) for x in explicit.lines if "declaration" in x.item]
    assert lines == [("declaration", 0, 10), ("wrong declaration", 1, -40), ("wrong declaration", 1, -40)]
    check_dk(explicit)
    with pytest.raises(ScoringError, match="DK-6.2"):
        pos.settlement(declarations=["tarokker@0"])
    with pytest.raises(ScoringError, match="only the dealer"):
        pos.settlement(declarations=["before_discard@0"])
    early = pos.settlement(declarations=["tarokker:11@0", "tarokker:10@2", "before_discard@2"])
    assert [(x.item, x.party, x.amount) for x in early.lines if x.item == "declaration"] == [("declaration", 0, 15)]
    assert "before discarding" in early.notes[0]


def test_DK_7_8_dealer_declaring_before_discarding_loses_ultimo():
    pos = dk(["S2", "S3", "T1"])
    assert pos.tricks[-1].winner == 2 and items(pos.settlement())["ultimo"] == 40
    s = pos.settlement(declarations=["before_discard@2"])
    assert "ultimo" not in items(s) and "right to ultimo" in s.notes[0]
    check_dk(s)


def test_DK_declarations_and_cups_round_trip():
    pos = full(DK, hands=["T21 T1 T20 T19 T18 T17 T16 T15 T14 T13 T12", "", ""])
    data = dict(pos.to_json(), declarations=["tarokker:11@0", "kavaleri:s:half@1"], cups={"pagat": 80, "king": 75})
    p2 = Position.from_json(data)
    assert p2.declarations == ("tarokker:11@0", "kavaleri:S:half@1", "pas@2")
    assert p2.cups == {"pagat": 80, "king": 75}
    assert Position.from_json(p2.to_json()).to_json() == p2.to_json()
    line = p2.to_line()
    assert "cups pagat=80 king=75" in line and "declarations tarokker:11@0" in line
    assert Position.from_line(line).to_json() == p2.to_json()
    with pytest.raises(ScoringError, match="both"):
        Position.from_json(dict(pos.to_json(), cups={"pagat": 80}))
    with pytest.raises(ScoringError, match="danish"):
        si_game(44, cups={"pagat": 1, "king": 2})


def test_DK_7_1_7_3_lost_king_and_last_trick_and_bagud():
    pos = dk(["SK", "T2", "S3"], cups={"pagat": 60, "king": 70})
    s = pos.settlement()
    got = [(x.item, x.party, x.amount) for x in s.lines if x.item not in ("card count", "dealer's stake")]
    # the king cup: 70 + 5 (dealer) + 5 (lost SK) = 80, doubled by the bagud
    assert got == [("lost SK", 0, -5), ("last trick", 1, 20), ("bagud", 0, -40), ("bagud king cup", 0, -80)]
    assert s.cups_after == Cups(65, 160)
    check_dk(s)


def test_DK_7_2_7_7_pagat_trick_and_ultimo():
    pos = dk(["T1", "S2", "S3"], cups={"pagat": 100, "king": 60})
    s = pos.settlement()
    got = [(x.item, x.party, x.amount) for x in s.lines if x.item not in ("card count", "dealer's stake")]
    assert got == [("pagat trick", 0, 5), ("last trick", 0, 20), ("ultimo", 0, 40), ("pagat cup", 0, 105),
                   ("refund pagat cup", None, -20)]
    assert s.cups_after == Cups(60, 65)
    check_dk(s)
    king = dk(["SK", "S2", "S3"]).settlement()
    assert ("king cup", 0, 65) in [(x.item, x.party, x.amount) for x in king.lines]


def test_DK_Q_DK2_bagud_doubles_before_the_ultimo_collects():
    pos = dk(["HK", "T1", "H2"], play="HK T1 H2")  # seat 1 wins with the pagat, seat 0's king goes bagud
    s = pos.settlement()
    got = [(x.item, x.party, x.amount) for x in s.lines if x.item not in ("card count", "dealer's stake")]
    assert got == [("lost HK", 0, -5), ("pagat trick", 1, 5), ("last trick", 1, 20), ("bagud", 0, -40),
                   ("bagud king cup", 0, -70), ("ultimo", 1, 40), ("pagat cup", 1, 65),
                   ("refund pagat cup", None, -20)]
    check_dk(s)


def test_DK_7_5_tout():
    pos = dk(["T5", "S2", "S3"], taken=(24, 0, 0))
    s = pos.settlement()
    got = [(x.item, x.party, x.amount) for x in s.lines if x.item not in ("dealer's stake",)]
    assert got == [("last trick", 0, 20), ("tout", 0, 80), ("tout card count", 0, 25), ("pagat cup", 0, 65),
                   ("refund pagat cup", None, -20), ("king cup", 0, 65), ("refund king cup", None, -20)]
    check_dk(s)
    assert s.cups_after == Cups(60, 60)


def test_DK_tout_options():
    pos = dk(["SK", "S2", "T3"], taken=(24, 0, 0), play="SK S2 T3")
    assert pos.tricks[-1].winner == 2 and not goals.achieved(pos, "valat", 0)
    tout = dk(["T1", "SK", "S3"], taken=(24, 0, 0), play="T1 SK S3")
    s = tout.settlement()
    assert [x.item for x in s.lines].count("bagud") == 1 and "ultimo" not in items(s)
    assert "bagud" not in items(tout.settlement(bagud_in_tout=False))
    extra = tout.settlement(tout_includes_ultimo=False)
    assert items(extra)["ultimo"] == 40
    check_dk(s), check_dk(extra)


def test_DK_7_6_nolo_stops_ultimo_and_card_count_but_not_bagud():
    pos = dk(["T1", "SK", "S3"], taken=(12, 12, 0), play="T1 SK S3")
    s = pos.settlement()
    assert items(s)["nolo"] == 25 and s.lines[[x.item for x in s.lines].index("nolo")].party == 2
    assert "ultimo" not in items(s) and "card count" not in items(s) and "bagud" in items(s)
    check_dk(s)


def test_DK_5_2_card_count_settled_in_multiples_of_5_by_default():
    """[000] "Normalt afregnes, af praktiske grunde, i multipla af 5 P": the default
    round_settlement_to_5 is true (remainders assigned so the deal stays zero-sum, Q-DK3);
    exact settlement is the option."""
    pos = Position.from_json(open(os.path.join(os.path.dirname(__file__), "..", "solver", "examples",
                                               "danish.json"), encoding="utf-8").read())
    assert pos.options["round_settlement_to_5"] is True
    s = pos.settlement()
    count = [x.amount for x in s.lines if x.item == "card count"]
    nets = [pos.points(seat) - 26 for seat in range(3)]
    assert nets == [9, -6, -3] and count == [10, -5, -5]
    assert all(x % 5 == 0 for x in count) and sum(count) == 0
    assert all(abs(a - b) < 5 for a, b in zip(count, nets))
    assert "rounded to a multiple of 5" in line_of(s, "card count").why
    check_dk(s)
    exact = Position.from_json(dict(pos.to_json(), options={"round_settlement_to_5": False}))
    assert [x.amount for x in exact.settlement().lines if x.item == "card count"] == nets


def test_DK_table_players_refund_from_everybody_seated():
    pos = dk(["T1", "S2", "S3"])
    s = pos.settlement(table_players=5)
    assert s.seat_names[3:] == ("sitting out 1", "sitting out 2") and len(s.amounts) == 5
    assert s.amounts[3] == s.amounts[4] == -20
    assert s.cups_before == Cups(100, 100) and s.cups_after.pagat == 100
    check_dk(s)


# ------------------------------------------------------------------ inputs, errors, output

def test_kontra_input_checked_and_round_trips():
    pos = si_game(44, announcements=["trula@0"], kontra={"game": "kontra", "trula": "2"})
    assert pos.kontra == {"game": 1, "trula": 2}
    assert Position.from_line(pos.to_line()).to_json() == pos.to_json()
    assert "kontra game=1 trula=2" in pos.to_line()
    with pytest.raises(ScoringError, match="only the game or an announcement"):
        si_game(44, kontra={"kings": 1})
    with pytest.raises(ScoringError, match="0-4"):
        si_game(44, kontra={"game": 5})
    with pytest.raises(ScoringError, match="no kontra"):
        fr_game(56, kontra={"game": 1})


def test_notation_rejects_bad_types():
    from solver.errors import NotationError
    with pytest.raises(NotationError, match="kontra"):
        Position.from_json(dict(si_game(44).to_json(), kontra=["game"]))
    with pytest.raises(NotationError, match="poignees"):
        Position.from_json(dict(si_game(44).to_json(), poignees="single"))


def test_settlement_needs_a_finished_deal_and_unknown_options_fail():
    pos = composed("slovenian4", ["T5 T6", "S7 S8", "H4 H3", "D4 D3"], contract="solo_two",
                   tricks_taken=[4, 2, 2, 2])
    with pytest.raises(ScoringError, match="not over"):
        pos.settlement()
    with pytest.raises(OptionError):
        si_game(44).settlement(no_such_option=1)


def test_settlement_output_text_and_json():
    s = si_game(44, decl="T1 T21 T22 SK HK DK CK", defe="").settlement()
    assert isinstance(s, Settlement)
    text = s.format()
    assert "game" in text and "+59" in text and "seat 0 +79" in text and str(s) == text
    data = s.to_json()
    json.dumps(data)
    assert data["amounts"] == [79, 0, 0, 0] and data["lines"][0]["item"] == "game"
    assert sum(x.seats[0] for x in s.lines) == s.amounts[0]
    d = dk(["T1", "S2", "S3"]).settlement()
    assert "cups after" in d.format() and d.to_json()["cups_after"] == {"pagat": 60, "king": 65}


def test_parse_overrides_for_a_command_line():
    from solver.scoring import parse_overrides
    got = parse_overrides(["diff_round=5", "mond_penalty=false", 'kontra={"game": 1}', "cups=[80,60]",
                           "trischaken_tie_order=vorhand_forwards"])
    assert got == {"diff_round": 5, "mond_penalty": False, "kontra": {"game": 1}, "cups": [80, 60],
                   "trischaken_tie_order": "vorhand_forwards"}
    pos = si_game(44)
    assert pos.settlement(**parse_overrides(["diff_round=5", 'kontra={"game": "re"}'])).amounts[0] == 240
    with pytest.raises(ScoringError):
        parse_overrides(["diff_round"])
    with pytest.raises(ScoringError, match="JSON"):
        parse_overrides(["kontra={game"])


def test_a_bonus_announced_by_both_parties_is_refused():
    pos = si_game(44, announcements=["trula@0", "trula@1"])
    with pytest.raises(ScoringError, match="both parties"):
        pos.settlement()

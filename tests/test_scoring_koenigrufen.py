"""Scoring of Königrufen (solver/scoring_koenigrufen.py): the seed's values and tariffs (AT-8),
the bonuses (AT-7), the negative games and Trischaken, on composed endgames."""

import os
import sys
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed  # noqa: E402
from scoring_cases import AT_VALUES, endgame, items, line_of, si_game, units_of  # noqa: E402

from solver import Position, get_variant, load_example  # noqa: E402
from solver.errors import MissingValueError, ScoringError, TarokError  # noqa: E402
from solver.scoring import AT_TARIFFS, at_value  # noqa: E402

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

"""Königrufen (JuegaTu rules): RULES.md §2 — card play and card counting."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, full, illegal_rule, legal, play_all, winner_of  # noqa: E402

from solver import get_variant  # noqa: E402
from solver.cards import parse_card  # noqa: E402
from solver.errors import (AnnouncementError, IllegalDiscardError, IllegalMoveError,  # noqa: E402
                           SeatError)

KR = "koenigrufen"


# ------------------------------------------------------------------ AT-1 deck

def test_AT_1_1_deck_54_cards_22_tarock():
    d = get_variant(KR).deck
    assert d.size == 54
    assert sum(1 for t in d.tokens if t.startswith("T")) == 22
    assert sum(1 for t in d.tokens if t[0] in "SHDC") == 32


def test_AT_1_2_red_pips_4_lowest_1_highest_black_7_lowest_10_highest():
    p = composed(KR, ["H1", "H4", "H2", "H3"])
    assert winner_of(p, "H1 H4 H2 H3") == 0
    p = composed(KR, ["C9", "C7", "C10", "C8"])
    assert winner_of(p, "C9 C7 C10 C8") == 2


def test_AT_1_3_court_order_king_dame_reiter_bube():
    p = composed(KR, ["HN", "HQ", "HJ", "H1"])
    assert winner_of(p, "HN HQ HJ H1") == 1  # Dame above Reiter (Q-X6)
    p = composed(KR, ["HN", "HJ", "H1", "H2"])
    assert winner_of(p, "HN HJ H1 H2") == 0


def test_AT_1_4_skues_is_the_highest_tarock():
    p = composed(KR, ["T21", "T20", "T22", "T2"])
    assert winner_of(p, "T21 T20 T22 T2") == 2


def test_AT_1_5_trull_and_named_low_trumps():
    d = get_variant(KR).deck
    names = {"Pagat": "T1", "Uhu": "T2", "Pelikan": "T3", "Quapil": "T4", "Mond": "T21", "Sküs": "T22",
             "XXI": "T21", "IIII": "T4"}
    for name, tok in names.items():
        assert d.tokens[parse_card(name, d)] == tok


# ------------------------------------------------------------------ AT-2 deal, first lead

def test_AT_2_2_twelve_cards_each_and_talon_of_six():
    v = get_variant(KR)
    assert (v.hand_size, v.talon_size, v.players) == (12, 6, 4)


def test_AT_2_3_vorhand_leads_positive_games():
    p = full(KR, "rufer", declarer=2, called_king="CK")
    assert p.to_move == 0
    p = full(KR, "dreier", declarer=3)
    assert p.to_move == 0


@pytest.mark.parametrize("contract", ["bettler", "bettler_ouvert", "piccolo", "piccolo_ouvert"])
def test_AT_2_3_declarer_leads_negative_games(contract):
    p = full(KR, contract, declarer=2)
    assert p.to_move == 2
    p = full(KR, contract, declarer=3)
    assert p.to_move == 3


def test_AT_2_3_trischaken_vorhand_leads():
    p = full(KR, "trischaken")
    assert p.to_move == 0 and p.declarer is None


def test_AT_2_4_twelve_tricks():
    assert get_variant(KR).tricks == 12
    p = composed(KR, ["SK", "SQ", "SN", "SJ"])
    assert p.trick_number == 12


# ------------------------------------------------------------------ AT-3 legal moves

def test_AT_3_1_farbzwang():
    p = composed(KR, ["SK HQ", "S7 T5", "CK T6", "DK D4"])
    p.play("SK")
    assert p.legal_moves == ["S7"]
    assert illegal_rule(p, "T5") == "AT-3.1"


def test_AT_3_1_tarock_lead_counts_as_a_suit():
    p = composed(KR, ["T10 HQ", "SK T2", "CK T6", "DK D4"])
    p.play("T10")
    assert p.legal_moves == ["T2"]
    assert illegal_rule(p, "SK") == "AT-3.1"


def test_AT_3_2_tarockzwang():
    p = composed(KR, ["SK HQ", "CK T5", "T6 T7", "DK D4"])
    p.play("SK")
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "CK") == "AT-3.2"


def test_AT_3_2_no_tarock_any_card():
    p = composed(KR, ["SK HQ", "CK HK", "T6 T7", "DK D4"])
    p.play("SK")
    assert legal(p) == {"CK", "HK"}


def test_AT_3_3_no_stichzwang_in_positive_games():
    p = composed(KR, ["SN HQ", "SK S7", "T6 S8", "D4 S9"], contract="dreier")
    p.play("SN")
    assert legal(p) == {"SK", "S7"}
    p = composed(KR, ["T10 HQ", "T5 T15", "T6 S8", "D4 S9"], contract="rufer", called_king="HK", partner=None)
    p.play("T10")
    assert legal(p) == {"T5", "T15"}


@pytest.mark.parametrize("contract", ["bettler", "bettler_ouvert", "piccolo", "piccolo_ouvert", "trischaken"])
def test_AT_3_3_stichzwang_in_negative_games(contract):
    kw = {} if contract == "trischaken" else {"declarer": 0}
    p = composed(KR, ["SN HQ", "SK S7", "T6 S8", "D4 S9"], contract=contract, **kw)
    p.play("SN")
    assert p.legal_moves == ["SK"]
    assert illegal_rule(p, "S7") == "AT-3.3"


def test_AT_3_3_stichzwang_with_tarock_when_void():
    p = composed(KR, ["SK HQ", "T10 CK", "T5 T12", "D4 S9"], contract="bettler")
    play_all(p, "SK T10")
    assert p.legal_moves == ["T12"]
    assert illegal_rule(p, "T5") == "AT-3.3"


def test_AT_3_3_cannot_beat_then_free_within_rules_1_and_2():
    p = composed(KR, ["SN HQ HN", "T10 CK CQ", "SK S7 D1", "D4 S9 D3"], contract="piccolo")
    play_all(p, "SN T10")
    assert legal(p) == {"SK", "S7"}  # the trick is trumped: any spade


def test_AT_3_3_beat_highest_of_category_mode():
    p = composed(KR, ["SN HQ HN", "T10 CK CQ", "SK S7 D1", "D4 S9 D3"], contract="piccolo",
                 options={"must_beat_mode": "beat_highest_of_category"})
    play_all(p, "SN T10")
    assert p.legal_moves == ["SK"]


def test_AT_3_4_rule_4a_announced_pagat_not_played_early():
    p = composed(KR, ["T1 T5 SK", "S7 S8 CK", "T6 T7 S9", "D4 D3 S10"], contract="rufer_pagat",
                 called_king="CK")
    assert p.partner == 1
    assert legal(p) == {"T5", "SK"}
    assert illegal_rule(p, "T1") == "AT-3.4"


def test_AT_3_4_rule_4a_designated_trick_must_be_played():
    # Uhu (T2) announced: designated trick 11, it must be led there although other cards are legal
    p = composed(KR, ["T2 T5", "S7 S8", "T6 T7", "D4 D3"], contract="rufer_uhu", called_king="CK",
                 partner=2)
    assert p.trick_number == 11
    assert p.legal_moves == ["T2"]
    assert illegal_rule(p, "T5") == "AT-3.4"
    # … and added to a tarock lead in trick 11
    q = composed(KR, ["T8 T9", "T2 T5", "T6 T7", "D4 D3"], contract="dreier", declarer=1,
                 announcements=["uhu@1"])
    q.play("T8")
    assert q.legal_moves == ["T2"]


def test_AT_3_4_rule_4a_seed_example_pagat_and_uhu_forced_early():
    # third-to-last trick, Tarock 10 led, the announcer holds only the two announced tarocks
    p = composed(KR, ["T10 S7 S8", "T1 T2 HK", "T6 T7 S9", "D4 D3 S10"], contract="dreier", declarer=1,
                 announcements=["pagat@1", "uhu@1"])
    assert p.trick_number == 10
    p.play("T10")
    assert p.legal_moves == ["T2"]
    assert illegal_rule(p, "T1") == "AT-3.4"


def test_AT_3_4_rule_4a_released_after_its_designated_trick():
    # Quapil (T4, trick 9) cannot be played in trick 9 (must follow spades): afterwards it is free
    p = composed(KR, ["SK T8 T9 HK", "S7 T4 T5 HQ", "S8 T6 T7 HN", "S9 D4 D3 HJ"], contract="dreier",
                 declarer=1, announcements=["quapil@1"])
    assert p.trick_number == 9
    p.play("SK")
    assert p.legal_moves == ["S7"]
    play_all(p, "S7 S8 S9")
    p.play("T8")
    assert legal(p) == {"T4", "T5"}


def test_AT_3_4_rule_4a_binds_the_partner_not_the_opponents():
    # the declarer (seat 0) bid Rufer + Pagat; his partner (seat 1, holds CK) holds the Pagat
    q = composed(KR, ["S7 S8 S9", "T1 T5 CQ", "T6 T7 S10", "D4 D3 SK"], contract="rufer_pagat",
                 called_king="CK", partner=1)
    play_all(q, "S7")
    assert q.legal_moves == ["T5"]  # void in spades, tarockzwang; the Pagat is kept
    # an opponent holding the Pagat is not bound by the declarer's announcement
    r = composed(KR, ["S7 S8 S9", "T1 T5 CQ", "T6 T7 S10", "D4 D3 SK"], contract="rufer_pagat",
                 called_king="CK", partner=2)
    play_all(r, "S7")
    assert legal(r) == {"T1", "T5"}


def test_AT_3_4_rule_4a_koenig_ultimo_reserves_the_called_king():
    p = composed(KR, ["C7 S8", "CK CQ", "T6 S9", "D4 SK"], contract="rufer", called_king="CK",
                 announcements=["king_ultimo@1"])
    p.play("C7")
    assert p.legal_moves == ["CQ"]
    assert illegal_rule(p, "CK") == "AT-3.4"
    # the partner on lead in trick 11 keeps the king for trick 12 …
    q = composed(KR, ["CK T5", "C7 S8", "T6 S9", "D4 SK"], contract="rufer", declarer=1, called_king="CK",
                 announcements=["king_ultimo@0"])
    assert q.partner == 0
    assert q.legal_moves == ["T5"]
    play_all(q, "T5 C7 T6 D4")
    # … and must play it there
    assert q.trick_number == 12 and q.to_move == 2
    play_all(q, "S9 SK")
    assert q.legal_moves == ["CK"]


def test_AT_3_4_rule_4a_not_in_colour_games():
    with pytest.raises(AnnouncementError):
        composed(KR, ["S7", "S8", "S9", "S10"], contract="farbendreier", announcements=["pagat@0"])


def test_AT_3_5_rule_4b_no_tarock_lead_in_colour_games():
    for contract in ("farbendreier", "solofarbendreier"):
        p = composed(KR, ["T5 SK HQ", "S7 CK CQ", "S8 T6 D1", "D4 S9 D3"], contract=contract)
        assert legal(p) == {"SK", "HQ"}, contract
        assert illegal_rule(p, "T5") == "AT-3.5"
    p = composed(KR, ["T5 T6", "S7 CK", "S8 HK", "D4 S9"], contract="farbendreier")
    assert legal(p) == {"T5", "T6"}  # no suit cards left


def test_AT_3_5_tarock_lead_free_in_black_games():
    p = composed(KR, ["T5 SK", "S7 CK", "S8 T6", "D4 S9"], contract="dreier")
    assert legal(p) == {"T5", "SK"}


def test_AT_3_6_rule_4c_pagat_not_while_another_tarock_is_playable():
    p = composed(KR, ["T1 T5 SK", "S7 CK CQ", "S8 T6 D1", "D4 S9 D3"], contract="bettler")
    assert legal(p) == {"T5", "SK"}
    assert illegal_rule(p, "T1") == "AT-3.6"
    q = composed(KR, ["T10 HQ", "T1 T5", "S8 T6", "D4 S9"], contract="piccolo")
    q.play("T10")
    assert q.legal_moves == ["T5"]
    assert illegal_rule(q, "T1") == "AT-3.6"


def test_AT_3_6_rule_4c_pagat_may_be_led_beside_suit_cards():
    # differs from SI-3.4: only another *tarock* keeps the Pagat back
    p = composed(KR, ["T1 SK HQ", "S7 CK CQ", "S8 T6 D1", "D4 S9 D3"], contract="bettler")
    assert legal(p) == {"T1", "SK", "HQ"}


def test_AT_3_6_rule_4c_pagat_forced_when_it_is_the_only_tarock():
    p = composed(KR, ["SK HQ", "T1 CK", "S8 T6", "D4 S9"], contract="trischaken")
    p.play("SK")
    assert p.legal_moves == ["T1"]


def test_AT_3_6_rule_4c_not_in_positive_games():
    p = composed(KR, ["T1 T5 SK", "S7 CK CQ", "S8 T6 D1", "D4 S9 D3"], contract="dreier")
    assert legal(p) == {"T1", "T5", "SK"}


def test_AT_3_7_tarockzwang_in_colour_games_and_option():
    p = composed(KR, ["SK HQ", "CK T5", "T6 T7", "DK D4"], contract="farbendreier")
    p.play("SK")
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "CK") == "AT-3.2"
    q = composed(KR, ["SK HQ", "CK T5", "T6 T7", "DK D4"], contract="farbendreier",
                 options={"tarockzwang_in_colour_games": False})
    q.play("SK")
    assert legal(q) == {"CK", "T5"}


# ------------------------------------------------------------------ AT-4 trick winner

@pytest.mark.parametrize("contract", ["dreier", "bettler", "trischaken"])
def test_AT_4_1_tarock_beats_suit_cards_outside_colour_games(contract):
    kw = {} if contract == "trischaken" else {"declarer": 0}
    p = composed(KR, ["SK HQ", "T2 CK", "SQ T7", "SN D4"], contract=contract, **kw)
    assert winner_of(p, "SK T2 SQ SN") == 1


def test_AT_4_1_highest_of_led_suit_without_tarock():
    p = composed(KR, ["S9", "HK", "S10", "SJ"])
    assert winner_of(p, "S9 HK S10 SJ") == 3


def test_AT_4_2_colour_game_tarock_does_not_beat_a_suit_card():
    p = composed(KR, ["S9 HQ", "T2 CK", "T21 T7", "S10 D4"], contract="farbendreier")
    assert winner_of(p, "S9 T2 T21 S10") == 3


def test_AT_4_2_colour_game_tarock_wins_a_tarock_lead():
    p = composed(KR, ["T3 T4", "T2 CK", "SK HQ", "T9 D4"], contract="solofarbendreier")
    assert winner_of(p, "T3 T2 SK T9") == 3


def test_AT_4_3_maerchenstich_in_black_positive_games():
    for contract, kw in (("dreier", {}), ("rufer", {"called_king": "HK"}), ("solodreier", {})):
        p = composed(KR, ["SK T5", "T21 T6", "T22 T7", "T1 T8"], contract=contract, **kw)
        assert winner_of(p, "SK T21 T22 T1") == 3, contract
    p = composed(KR, ["T22 T5", "T1 T6", "T21 T7", "T20 T8"])
    assert winner_of(p, "T22 T1 T21 T20") == 1


def test_AT_4_3_no_maerchenstich_in_colour_games():
    p = composed(KR, ["T22 T5", "T1 S8", "T21 S9", "T20 S10"], contract="farbendreier")
    assert winner_of(p, "T22 T1 T21 T20") == 0


@pytest.mark.parametrize("contract", ["bettler", "piccolo", "trischaken"])
def test_AT_4_3_maerchenstich_in_negative_games_only_with_the_option(contract):
    kw = {} if contract == "trischaken" else {"declarer": 0}
    p = composed(KR, ["SK T5", "T21 T6", "T22 T7", "T1 D4"], contract=contract, **kw)
    assert winner_of(p, "SK T21 T22 T1") == 2
    q = composed(KR, ["SK T5", "T21 T6", "T22 T7", "T1 D4"], contract=contract,
                 options={"maerchenstich_in_negative": True}, **kw)
    assert winner_of(q, "SK T21 T22 T1") == 3


def test_AT_4_4_winner_leads_next():
    p = composed(KR, ["S9 HQ", "HK CK", "S10 T7", "SJ D4"])
    assert winner_of(p, "S9 HK S10 SJ") == 3
    assert p.to_move == 3 and p.leader == 3


def test_AT_4_5_skues_is_an_ordinary_trump():
    p = composed(KR, ["T3 HQ", "T22 SK", "T5 T7", "T9 D4"])
    p.play("T3")
    assert p.legal_moves == ["T22"]
    play_all(p, "T22 T5 T9")
    assert p.tricks[-1].winner == 1


# ------------------------------------------------------------------ AT-5 counting

def test_AT_5_1_card_values_in_thirds():
    v = get_variant(KR)
    pts = {tok: v.points[i] for i, tok in enumerate(v.deck.tokens)}
    assert {pts[t] for t in ("T1", "T21", "T22", "SK", "HK", "DK", "CK")} == {13}
    assert {pts[t] for t in ("SQ", "HQ", "DQ", "CQ")} == {10}
    assert {pts[t] for t in ("SN", "HN", "DN", "CN")} == {7}
    assert {pts[t] for t in ("SJ", "HJ", "DJ", "CJ")} == {4}
    assert {pts[t] for t in ("S7", "C10", "H1", "D4", "T2", "T20")} == {1}


def test_AT_5_2_total_is_70():
    assert sum(get_variant(KR).points) == 210
    p = composed(KR, ["SK", "SQ", "SN", "SJ"], contract="dreier", declarer_pile="T21 T1 HK")
    play_all(p, "SK SQ SN SJ")
    assert p.points(0) + p.points(1) == 210


def test_AT_5_3_thresholds_in_thirds():
    v = get_variant(KR)
    assert (v.format_units(107), v.format_units(136), v.format_units(96)) == ("35 2/3", "45 1/3", "32")
    # a pile of exactly 35 2/3: seven kings/trull cards (7 x 13) + 16 low cards
    pile = "SK HK DK CK T1 T21 T22 S7 S8 S9 S10 H4 H3 H2 H1 D4 D3 D2 D1 C7 C8 C9 C10"
    p = composed(KR, ["SQ", "HQ", "DQ", "CQ"], declarer_pile=pile)
    assert p.points(0) == 107 and p.points_display(0) == "35 2/3"


def test_AT_5_4_declarer_counts_discards_opponents_the_other_talon_half():
    p = full(KR, "dreier", declarer=0, declarer_pile="S7 S8 T2", defence_pile="SK T20 H4")
    assert p.points(0) == 3 and p.points(1) == 15
    assert sorted(p.pile(0)) == ["S7", "S8", "T2"]


def test_AT_5_4_negative_games_and_trischaken_talon_belongs_to_nobody():
    p = full(KR, "bettler", declarer=0, talon="SK HK DK CK T1 T21")
    assert p.points(0) == 0 and p.points(1) == 0
    q = full(KR, "trischaken", talon="SK HK DK CK T1 T21")
    assert [q.points(s) for s in range(4)] == [0, 0, 0, 0]


def test_AT_5_5_example_king_queen_seven_is_8():
    p = composed(KR, ["S8", "S9", "S10", "SN"], declarer_pile="SK HQ S7")
    assert p.points(0) == 24 and p.points_display(0) == "8"


# ------------------------------------------------------------------ AT-6 talon, king call, early end

def test_AT_6_4_no_self_call():
    with pytest.raises(SeatError):
        full(KR, "solorufer", declarer=0, called_king="CK", hands=["CK", "", "", ""])


def test_AT_6_4_called_king_in_the_talon_declarer_alone():
    p = full(KR, "rufer", declarer=0, called_king="CK", defence_pile="CK S7 S8")
    assert p.partner is None and p.parties == ((0,), (1, 2, 3))


def test_AT_6_4_holder_of_called_king_is_partner():
    p = full(KR, "rufer", declarer=0, called_king="CK", hands=["", "", "", "CK"])
    assert p.partner == 3 and p.parties == ((0, 3), (1, 2))


@pytest.mark.parametrize("card", ["SK", "T1", "T21", "T22"])
def test_AT_6_5_no_trull_or_king_discards(card):
    with pytest.raises(IllegalDiscardError) as exc:
        full(KR, "dreier", declarer=0, declarer_pile="S7 S8 " + card)
    assert "AT-6.5" in str(exc.value)


def test_AT_6_5_tarock_discards_allowed_in_black_games():
    p = full(KR, "dreier", declarer=0, declarer_pile="T2 T3 T20")
    assert p.points(0) == 3


def test_AT_6_5_colour_game_no_suit_discard_while_holding_non_trull_tarock():
    with pytest.raises(IllegalDiscardError):
        full(KR, "farbendreier", declarer=0, declarer_pile="S7 S8 S9", hands=["T5", "", "", ""])
    p = full(KR, "farbendreier", declarer=0, declarer_pile="T2 T3 T4",
             hands=["SK SQ SN SJ HK HQ HN HJ DK DQ DN DJ", "", "", ""])
    assert p.points(0) == 3
    # only Trull tarocks left in hand: suit discards are fine
    q = full(KR, "farbendreier", declarer=0, declarer_pile="S7 S8 S9",
             hands=["T1 T21 T22 SK SQ SN SJ HK HQ HN HJ DK", "", "", ""])
    assert q.points(0) == 3


def test_AT_6_5_solo_talon_counts_for_the_opponents():
    p = full(KR, "solodreier", declarer=0, defence_pile="SK S7 S8 S9 S10 H4")
    assert p.points(1) == 13 + 5 and p.points(0) == 0


def test_AT_6_5_sechserdreier_discards_six():
    p = full(KR, "sechserdreier", declarer=0, declarer_pile="S7 S8 S9 S10 H4 HQ")
    assert p.points(0) == 15 and p.points(1) == 0


def test_AT_6_5_solorufer_talon_half_with_the_called_king_to_the_declarer():
    p = full(KR, "solorufer", declarer=0, called_king="CK", declarer_pile="CK S7 S8",
             defence_pile="S9 S10 H4")
    assert p.partner is None and p.points(0) == 15
    with pytest.raises(IllegalDiscardError):
        full(KR, "solorufer", declarer=0, called_king="CK", declarer_pile="S7 S8 S9",
             defence_pile="CK S10 H4")


def test_AT_6_5_solorufer_called_king_in_the_defence_talon_half_is_refused():
    """[001] "Falls sich am Ende des Spieles herausstellt, dass der gerufene König im Talon war,
    erhält der Spielersteigerer die Talonhälfte mit dem König als Entschädigung zu seinen
    Stichen": the called king cannot end in the defence's talon cards."""
    with pytest.raises(IllegalDiscardError, match="AT-6.5") as exc:
        full(KR, "solorufer", declarer=0, called_king="CK", defence_pile="CK S7 S8 S9 S10 H4")
    assert "CK" in str(exc.value)
    p = full(KR, "solorufer", declarer=0, called_king="CK", defence_pile="S7 S8 S9 S10 H4 H3",
             hands=["", "CK", "", ""])  # the king in a hand: the whole talon is the defence's
    assert p.partner == 1 and len(p.pile(1)) == 6


def test_AT_6_5_random_solorufer_deals_the_called_kings_talon_half_to_the_declarer():
    """[001] "…erhält der Spielersteigerer die Talonhälfte mit dem König als Entschädigung zu
    seinen Stichen" — random dealing (solver.deal) as well as analysis/talon.py."""
    from solver.deal import random_position
    p = random_position(KR, "solorufer", seed=4)  # the called HK lies in the talon
    assert p.deck.tokens[p.called_king] == "HK" and p.partner is None
    assert "HK" in p.pile(0) and len(p.pile(0)) == 3 and len(p.pile(1)) == 3
    in_talon = 0
    for seed in range(150):
        p = random_position(KR, "solorufer", seed=seed)
        king = p.deck.tokens[p.called_king]
        if p.partner is None:  # not in a hand, so in the talon: its half is the declarer's
            in_talon += 1
            assert king in p.pile(0) and len(p.pile(0)) == 3 and len(p.pile(1)) == 3, seed
        else:
            assert p.pile(0) == [] and len(p.pile(1)) == 6, seed
    assert in_talon > 10


def test_AT_6_7_bettler_ends_at_the_declarers_first_trick():
    p = composed(KR, ["SK S7", "S8 S9", "H4 H3", "D4 D3"], contract="bettler", declarer=0)
    play_all(p, "SK S8 H4 D4")
    assert p.is_over and p.legal_moves == []


def test_AT_6_7_piccolo_ends_at_the_second_trick():
    p = composed(KR, ["SK SQ S7", "S8 S9 S10", "H4 H3 H2", "D4 D3 D2"], contract="piccolo", declarer=0)
    play_all(p, "SK S8 H4 D4")
    assert not p.is_over
    play_all(p, "SQ S9 H3 D3")
    assert p.is_over


def test_AT_6_7_announced_valat_ends_at_the_first_lost_trick():
    p = composed(KR, ["S7 SK", "S8 S9", "SQ H3", "D4 D3"], contract="dreier", rest="declarer",
                 announcements=["valat@0"])
    play_all(p, "S7 S8 SQ D4")
    assert p.is_over
    q = composed(KR, ["S7 SK", "S8 S9", "SQ H3", "D4 D3"], contract="dreier", rest="declarer")
    play_all(q, "S7 S8 SQ D4")
    assert not q.is_over


def test_AT_6_7_no_early_end_in_trischaken():
    p = composed(KR, ["SK S7", "S8 S9", "H4 H3", "D4 D3"], contract="trischaken")
    play_all(p, "SK S8 H4 D4")
    assert not p.is_over


def test_AT_9_1_negative_game_rules_together():
    # declarer leads; Stichzwang and 4c apply to every player
    p = full(KR, "bettler", declarer=2)
    assert p.to_move == 2
    q = composed(KR, ["T10 HQ", "T1 T12", "T5 T3", "D4 S9"], contract="bettler", declarer=0)
    q.play("T10")
    assert q.legal_moves == ["T12"]
    q.play("T12")
    assert legal(q) == {"T5", "T3"}  # cannot beat T12: any tarock


def test_AT_3_illegal_move_error_fields():
    p = composed(KR, ["SK HQ", "CK T5", "T6 T7", "DK D4"])
    p.play("SK")
    with pytest.raises(IllegalMoveError) as exc:
        p.play("CK")
    assert (exc.value.card, exc.value.seat, exc.value.trick, exc.value.rule) == ("CK", 1, 11, "AT-3.2")

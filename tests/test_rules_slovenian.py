"""Slovenian Tarok (4 and 3 players): RULES.md §3, §4, §5 — card play and card counting.

Each test is named after the rule it checks; positions are tiny composed endgames
(see tests/helpers.py) or full deals where the rule concerns the start of play.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, full, illegal_rule, legal, play_all, winner_of  # noqa: E402

from solver import Position, get_variant  # noqa: E402
from solver.errors import (CardCountError, IllegalDiscardError, IllegalMoveError,  # noqa: E402
                           UnknownContractError)

SL4 = "slovenian4"
SL3 = "slovenian3"


# ------------------------------------------------------------------ SI-1 deck and ranks

def test_SI_1_1_skis_is_the_highest_tarok():
    p = composed(SL4, ["T21", "T22", "T20", "T2"])
    assert winner_of(p, "T21 T22 T20 T2") == 1


def test_SI_1_1_deck_has_54_cards_with_T22_and_no_excuse():
    v = get_variant(SL4)
    assert v.deck.size == 54
    assert "T22" in v.deck.index and "EX" not in v.deck.index
    assert sum(1 for t in v.deck.tokens if t.startswith("T")) == 22


def test_SI_1_2_courts_rank_king_queen_knight_jack_above_pips():
    p = composed(SL4, ["SJ S10", "SN S9", "SK S8", "SQ S7"])
    assert winner_of(p, "SJ SN SK SQ") == 2
    # jack beats the highest black pip (10)
    p = composed(SL4, ["S10 HJ", "SJ HN", "S8 HQ", "S7 HK"])
    assert winner_of(p, "S10 SJ S8 S7") == 1


def test_SI_1_3_red_pips_one_high_four_low():
    p = composed(SL4, ["H4", "H3", "H1", "H2"])
    assert winner_of(p, "H4 H3 H1 H2") == 2
    p = composed(SL4, ["D3", "D4", "D2", "DJ"])
    assert winner_of(p, "D3 D4 D2 DJ") == 3  # fant above every pip
    p = composed(SL4, ["D3", "D4", "D2", "D1"])
    assert winner_of(p, "D3 D4 D2 D1") == 3


def test_SI_1_3_black_pips_ten_high_seven_low():
    p = composed(SL4, ["C8", "C10", "C7", "C9"])
    assert winner_of(p, "C8 C10 C7 C9") == 1


def test_SI_1_3_red_pip_1_is_a_real_card_but_black_1_is_not():
    from solver.errors import CardNotInDeckError
    from solver.cards import parse_card
    d = get_variant(SL4).deck
    assert d.tokens[parse_card("H1", d)] == "H1"
    with pytest.raises(CardNotInDeckError):
        parse_card("S1", d)
    with pytest.raises(CardNotInDeckError):
        parse_card("H7", d)


def test_SI_1_4_taroks_are_trumps():
    p = composed(SL4, ["SK", "T2", "SQ", "SN"])
    assert winner_of(p, "SK T2 SQ SN") == 1


# ------------------------------------------------------------------ SI-2 deal, first lead

def test_SI_2_3_hand_and_talon_sizes():
    assert (get_variant(SL4).hand_size, get_variant(SL4).talon_size) == (12, 6)
    assert (get_variant(SL3).hand_size, get_variant(SL3).talon_size) == (16, 6)
    p = full(SL4, "three", declarer=1, called_king="CK")
    assert [len(h) for h in p.hands] == [12, 12, 12, 12]


NO_TAROK = "S7 S8 S9 S10 SJ SN SQ H4 H3 H2 H1 HJ"  # a hand dealt without a tarok


def _without_redeal_option(pos):
    data = pos.to_json()
    data.pop("options")
    return data


def test_SI_2_4_a_seat_dealt_no_tarok_is_redealt_so_only_klop_is_played():
    """[003] "Jos joku ei saa yhtään tarokkia, hän näyttää kätensä ja jako uusitaan pakkokloppina":
    such a deal is not played as bid; a position with it is refused unless it is klop, or the
    option allows it (composed studies)."""
    from solver.errors import RedealError
    off = {"no_tarok_redeal": False}
    for contract, kw in (("three", {"called_king": "CK"}), ("beggar", {}), ("valat", {})):
        study = full(SL4, contract, declarer=0, hands=["", "", NO_TAROK, ""], options=off, **kw)
        assert not any(t.startswith("T") for t in study.hand(2))  # the option allows it
        with pytest.raises(RedealError, match="seat 2 was dealt no tarok.*SI-2.4"):
            Position.from_json(_without_redeal_option(study))
    klop = full(SL4, "klop", declarer=None, hands=["", "", NO_TAROK, ""])  # the forced klop itself
    assert klop.contract.id == "klop"
    study3 = full(SL3, "three", declarer=1, hands=[NO_TAROK + " D4 D3 D2 D1", "", ""], options=off)
    with pytest.raises(RedealError, match="seat 0"):
        Position.from_json(_without_redeal_option(study3))
    # a composed endgame does not know the hands as dealt: a seat without taroks late in play is normal
    assert composed(SL4, ["SK", "S7", "S8", "S9"]).contract.id == "solo_three"


def test_SI_2_4_the_exchanging_declarer_may_have_discarded_his_taroks():
    """[003] "Jos joku ei saa yhtään tarokkia …": the declarer's hand as dealt is his hand plus
    his discards minus the talon cards he took, so only a declarer with no tarok in either was
    surely dealt none."""
    from solver.errors import RedealError
    off = {"no_tarok_redeal": False}
    kept = full(SL4, "solo_three", declarer=0, hands=[NO_TAROK, "", "", ""], declarer_pile="T2 T3 D4")
    assert not any(t.startswith("T") for t in kept.hand(0)) and "T2" in kept.pile(0)
    none = full(SL4, "solo_three", declarer=0, hands=[NO_TAROK, "", "", ""], declarer_pile="D4 D3 D2",
                options=off)
    with pytest.raises(RedealError, match="seat 0"):
        Position.from_json(_without_redeal_option(none))


def test_SI_2_4_random_deals_redeal_a_seat_without_tarok_as_a_forced_klop():
    """[003] "Jos joku ei saa yhtään tarokkia, hän näyttää kätensä ja jako uusitaan pakkokloppina"
    — the random dealer (solver.deal.random_position) does the same."""
    from solver.deal import random_position
    thrown = random_position(SL4, "three", seed=106, options={"no_tarok_redeal": False})
    assert thrown.contract.id == "three" and not any(t.startswith("T") for t in thrown.hand(3))
    p = random_position(SL4, "three", seed=106, declarer=1)  # the same first deal: redealt as klop
    assert p.contract.id == "klop" and p.declarer is None
    assert all(any(t.startswith("T") for t in p.hand(s)) for s in range(4))
    assert p.hands != thrown.hands
    klops = 0
    for seed in range(600):
        p = random_position(SL4, "three", seed=seed)
        assert all(any(t.startswith("T") for t in p.initial_hand(s) + p.pile(0)) for s in range(4)), seed
        klops += p.contract.id == "klop"
    assert 0 < klops < 12  # 4 seats x C(32,12)/C(54,12): about 0.26 % of the deals


def test_SI_2_5_forehand_leads_in_every_contract():
    for contract in ("three", "solo_one", "piccolo", "beggar", "valat", "colour_valat", "klop"):
        kw = {"called_king": "CK"} if contract == "three" else {}
        p = full(SL4, contract, declarer=None if contract == "klop" else 2, **kw)
        assert p.to_move == 0, contract
        assert p.trick_number == 1


def test_SI_2_5_option_declarer_leads_above_solo_one():
    opts = {"declarer_leads_above_solo_one": True}
    for contract, leader in (("three", 0), ("piccolo", 0), ("solo_one", 0), ("beggar", 2),
                             ("solo_without", 2), ("open_beggar", 2), ("valat", 2), ("colour_valat", 2)):
        kw = {"called_king": "CK"} if contract == "three" else {}
        p = full(SL4, contract, declarer=2, options=opts, **kw)
        assert p.to_move == leader, contract
    # three players: contracts up to solo one (trojka … pikolo) still led by forehand
    for contract, leader in (("one", 0), ("piccolo", 0), ("beggar", 1), ("valat", 1)):
        p = full(SL3, contract, declarer=1, options=opts)
        assert p.to_move == leader, contract


def test_SI_2_6_number_of_tricks():
    assert get_variant(SL4).tricks == 12
    assert get_variant(SL3).tricks == 16
    p = composed(SL3, ["SK", "SQ", "SN"])
    assert p.trick_number == 16 and p.n_tricks == 16


# ------------------------------------------------------------------ SI-3 legal moves

def test_SI_3_1_must_follow_suit():
    p = composed(SL4, ["SK HQ", "S7 T5", "CK T6", "DK D4"])
    p.play("SK")
    assert p.legal_moves == ["S7"]
    assert illegal_rule(p, "T5") == "SI-3.1"


def test_SI_3_1_void_must_play_a_tarok():
    p = composed(SL4, ["SK HQ", "CK T5", "T6 T7", "DK D4"])
    p.play("SK")
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "CK") == "SI-3.1"


def test_SI_3_1_tarok_led_must_play_tarok():
    p = composed(SL4, ["T10 HQ", "SK T2", "T6 T7", "DK D4"])
    p.play("T10")
    assert p.legal_moves == ["T2"]
    assert illegal_rule(p, "SK") == "SI-3.1"


def test_SI_3_1_neither_suit_nor_tarok_any_card():
    p = composed(SL4, ["SK HQ", "CK HK", "T6 T7", "DK D4"])
    p.play("SK")
    assert legal(p) == {"CK", "HK"}


def test_SI_3_1_leader_may_lead_anything():
    p = composed(SL4, ["SK T1 HQ", "CK HK S7", "T6 T7 T8", "DK D4 D3"])
    assert legal(p) == {"SK", "T1", "HQ"}


def test_SI_3_2_no_overtrump_in_positive_contracts():
    p = composed(SL4, ["T10 HQ", "T5 T15", "T6 T7", "DK D4"], contract="three", called_king="HK")
    p.play("T10")
    assert legal(p) == {"T5", "T15"}
    p = composed(SL4, ["SK HQ", "T5 T15", "T6 T7", "DK D4"], contract="solo_one")
    play_all(p, "SK")
    assert legal(p) == {"T5", "T15"}


def test_SI_3_3_must_beat_same_suit_in_beggar():
    p = composed(SL4, ["SN HQ", "SK S7", "S8 T6", "D4 S9"], contract="beggar")
    p.play("SN")
    assert p.legal_moves == ["SK"]
    assert illegal_rule(p, "S7") == "SI-3.3"


def test_SI_3_3_no_higher_card_then_any_card_of_the_suit():
    p = composed(SL4, ["SK HQ HN", "SN S7 CK", "S8 T6 T7", "D4 S9 D3"], contract="beggar")
    p.play("SK")
    assert legal(p) == {"SN", "S7"}


def test_SI_3_3_must_overtrump_with_a_higher_tarok_when_void():
    p = composed(SL4, ["SK HQ", "T10 CK", "T5 T12", "D4 S9"], contract="klop")
    play_all(p, "SK T10")
    assert p.legal_moves == ["T12"]
    assert illegal_rule(p, "T5") == "SI-3.3"


def test_SI_3_3_no_higher_tarok_then_any_tarok():
    p = composed(SL4, ["SK HQ HN", "T10 CK CQ", "T5 T3 D1", "D4 S9 D3"], contract="klop")
    play_all(p, "SK T10")
    assert legal(p) == {"T5", "T3"}


def test_SI_3_3_after_a_ruff_free_within_the_suit_beat_winner_mode():
    # spades led, trumped; the next player must follow spades and cannot win: any spade
    p = composed(SL4, ["SN HQ HN", "T10 CK CQ", "SK S7 D1", "D4 S9 D3"], contract="beggar")
    play_all(p, "SN T10")
    assert legal(p) == {"SK", "S7"}


def test_SI_3_3_beat_highest_of_category_mode():
    opts = {"must_beat_mode": "beat_highest_of_category"}
    p = composed(SL4, ["SN HQ HN", "T10 CK CQ", "SK S7 D1", "D4 S9 D3"], contract="beggar", options=opts)
    play_all(p, "SN T10")
    assert p.legal_moves == ["SK"]
    assert illegal_rule(p, "S7") == "SI-3.3"


def test_SI_3_3_applies_in_klop_beggar_open_beggar_and_piccolo_by_default():
    for contract in ("klop", "beggar", "open_beggar", "piccolo"):
        p = composed(SL4, ["SN HQ", "SK S7", "S8 T6", "D4 S9"], contract=contract)
        p.play("SN")
        assert p.legal_moves == ["SK"], contract


def test_SI_3_3_not_in_positive_or_valat_contracts():
    for contract, kw in (("three", {"called_king": "HK"}), ("solo_without", {}), ("valat", {}),
                         ("colour_valat", {})):
        p = composed(SL4, ["SN HQ", "SK S7", "S8 T6", "D4 S9"], contract=contract, **kw)
        p.play("SN")
        assert legal(p) == {"SK", "S7"}, contract


def test_SI_3_3_option_must_beat_contracts_literal_klop_and_beggar():
    opts = {"must_beat_contracts": ["klop", "beggar"]}
    p = composed(SL4, ["SN HQ", "SK S7", "S8 T6", "D4 S9"], contract="piccolo", options=opts)
    p.play("SN")
    assert legal(p) == {"SK", "S7"}
    p = composed(SL4, ["SN HQ", "SK S7", "S8 T6", "D4 S9"], contract="beggar", options=opts)
    p.play("SN")
    assert p.legal_moves == ["SK"]


def test_SI_3_3_must_beat_counts_the_emperor_trick():
    # škis and mond on the table: the pagat would win the trick (SI-4.1), so it must be played
    p = composed(SL4, ["T21 HQ", "T22 CK", "T1 T5", "D4 S9"], contract="klop")
    play_all(p, "T21 T22")
    assert p.legal_moves == ["T1"]


def test_SI_3_4_pagat_only_when_no_other_legal_card():
    p = composed(SL4, ["T1 SK HQ", "S7 CK CQ", "S8 T6 D1", "D4 S9 D3"], contract="beggar")
    assert legal(p) == {"SK", "HQ"}  # leading: the pagat is kept while anything else is legal
    assert illegal_rule(p, "T1") == "SI-3.4"


def test_SI_3_4_pagat_when_it_is_the_only_legal_card():
    p = composed(SL4, ["SK HQ", "T1 CK", "S8 T6", "D4 S9"], contract="beggar")
    p.play("SK")
    assert p.legal_moves == ["T1"]  # void in spades, the only tarok


def test_SI_3_4_pagat_kept_when_another_tarok_is_legal():
    p = composed(SL4, ["T10 HQ", "T1 T5", "S8 T6", "D4 S9"], contract="klop")
    p.play("T10")
    # neither beats T10: both are legal by SI-3.3, the pagat is removed by SI-3.4
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "T1") == "SI-3.4"


def test_SI_3_4_pagat_competes_with_suit_cards_when_void_without_taroks():
    # void in the led suit and only the pagat as tarok: SI-3.1 forces the pagat
    p = composed(SL4, ["SK HQ", "T1 CK", "S8 T6", "D4 S9"], contract="klop")
    p.play("SK")
    assert p.legal_moves == ["T1"]


def test_SI_3_4_pagat_free_in_positive_contracts():
    p = composed(SL4, ["T1 SK", "S7 CK", "S8 T6", "D4 S9"], contract="solo_one")
    assert legal(p) == {"T1", "SK"}


def test_SI_3_5_announced_pagat_ultimo_pagat_kept_for_the_last_trick():
    p = composed(SL4, ["T10 HQ HN", "T1 T5 CK", "S8 T6 T7", "D4 S9 D3"], contract="three",
                 called_king="CK", announcements=["pagat_ultimo@0"])
    # seat 1 is the partner (holds CK) and holds the pagat the declarer announced
    assert p.partner == 1
    p.play("T10")
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "T1") == "SI-3.5"


def test_SI_3_5_pagat_played_early_when_it_is_the_only_legal_card():
    p = composed(SL4, ["T10 HQ HN", "T1 SK CK", "S8 T6 T7", "D4 S9 D3"], contract="solo_one",
                 declarer=1, announcements=["pagat_ultimo@1"])
    p.play("T10")
    assert p.legal_moves == ["T1"]


def test_SI_3_5_pagat_must_be_led_in_the_last_trick_and_binds_only_its_side():
    p = composed(SL4, ["T1 SK", "S7 CK", "S8 T6", "D4 S9"], contract="solo_one", declarer=0,
                 announcements=["pagat_ultimo@0"])
    assert p.legal_moves == ["SK"]
    play_all(p, "SK S7 S8 S9")
    assert p.trick_number == 12 and p.to_move == 0
    assert p.legal_moves == ["T1"]
    # an opponent holding the pagat is not bound
    q = composed(SL4, ["T10 HQ", "T1 T5", "S8 T6", "D4 S9"], contract="solo_one", declarer=0,
                 announcements=["pagat_ultimo@0"])
    q.play("T10")
    assert legal(q) == {"T1", "T5"}


# ------------------------------------------------------------------ SI-4 trick winner

def test_SI_4_1_highest_tarok_wins():
    p = composed(SL4, ["SK", "T3", "T15", "S7"])
    assert winner_of(p, "SK T3 T15 S7") == 2


def test_SI_4_1_highest_card_of_led_suit_wins_without_taroks():
    p = composed(SL4, ["S9", "HK", "S10", "CK"])
    assert winner_of(p, "S9 HK S10 CK") == 2


@pytest.mark.parametrize("contract", ["three", "solo_one", "valat", "beggar", "klop", "piccolo"])
def test_SI_4_1_emperor_trick_pagat_wins_in_every_contract(contract):
    kw = {"called_king": "HK"} if contract == "three" else {}
    p = composed(SL4, ["SK T5", "T21 T6", "T22 T7", "T1 T8"], contract=contract, **kw)
    assert winner_of(p, "SK T21 T22 T1") == 3


def test_SI_4_1_emperor_trick_with_a_tarok_lead_in_any_order():
    p = composed(SL4, ["T22", "T1", "T20", "T21"])
    assert winner_of(p, "T22 T1 T20 T21") == 1


def test_SI_4_1_no_emperor_trick_without_the_whole_trula():
    p = composed(SL4, ["T1", "T21", "T20", "S7"])
    assert winner_of(p, "T1 T21 T20 S7") == 1
    p = composed(SL4, ["T1", "T22", "T20", "S7"])
    assert winner_of(p, "T1 T22 T20 S7") == 1


def test_SI_4_1_emperor_trick_in_three_player_game():
    p = composed(SL3, ["T21", "T1", "T22"], contract="three")
    assert winner_of(p, "T21 T1 T22") == 1


def test_SI4_2_composed_endgame_after_the_called_king_fell():
    # the called king is already in a pile: the partner is given explicitly
    p = composed(SL4, ["S7 HQ", "SK H4", "S8 H3", "S9 H2"], contract="three", called_king="CK", partner=2,
                 declarer=0)
    assert p.partner == 2 and p.parties == ((0, 2), (1, 3))
    assert Position.from_json(p.to_json()).parties == ((0, 2), (1, 3))
    assert Position.from_line(p.to_line()).to_json() == p.to_json()


def test_SI_4_2_trick_belongs_to_the_side_and_winner_leads():
    p = composed(SL4, ["S7 HQ", "S8 H4", "SK CK", "S9 H2"], contract="three", called_king="CK")
    assert p.partner == 2 and p.parties == ((0, 2), (1, 3))
    before = p.points(0)
    assert winner_of(p, "S7 S8 SK S9") == 2
    assert p.tricks_won(0) == 1 and p.tricks_won(1) == 10
    assert p.points(0) - before == 1 + 1 + 13 + 1
    assert p.to_move == 2 and p.leader == 2


def test_SI_4_3_colour_valat_declarer_suit_card_beats_taroks():
    p = composed(SL4, ["SK H4", "S7 T5", "T10 H3", "T11 H2"], contract="colour_valat", declarer=0)
    assert winner_of(p, "SK S7 T10 T11") == 0


def test_SI_4_3_colour_valat_higher_card_of_the_suit_still_wins():
    p = composed(SL4, ["SQ H4", "SK T5", "T10 H3", "S7 H2"], contract="colour_valat", declarer=0)
    assert winner_of(p, "SQ SK T10 S7") == 1


def test_SI_4_3_colour_valat_declarer_following_suit_led_by_another():
    p = composed(SL4, ["SK H4", "S7 T5", "T10 H3", "S8 H2"], contract="colour_valat", declarer=3)
    # seat 3 (declarer) follows with S8; taroks do not beat it, SK is the highest spade
    assert winner_of(p, "SK S7 T10 S8") == 0


def test_SI_4_3_colour_valat_normal_rules_when_declarer_has_no_suit_card_in_the_trick():
    p = composed(SL4, ["SK H4", "S7 T5", "T10 H3", "T11 H2"], contract="colour_valat", declarer=3)
    assert winner_of(p, "SK S7 T10 T11") == 3  # the declarer ruffs: highest tarok
    p = composed(SL4, ["SK H4", "S7 T5", "T10 H3", "HK H2"], contract="colour_valat", declarer=3)
    assert winner_of(p, "SK S7 T10 HK") == 2  # the declarer discards: normal rules


def test_SI_4_3_colour_valat_declarer_suit_card_beats_the_whole_trula():
    # the emperor trick is a tarok rule: taroks do not beat the declarer's suit card here
    p = composed(SL4, ["SK H4", "T1 H3", "T21 H2", "T22 H1"], contract="colour_valat", declarer=0)
    assert winner_of(p, "SK T1 T21 T22") == 0
    p = composed(SL4, ["SK H4", "T1 H3", "T21 H2", "T22 H1"], contract="colour_valat", declarer=1)
    assert winner_of(p, "SK T1 T21 T22") == 1  # declarer ruffs: the emperor trick stands


def test_SI_4_3_colour_valat_follow_and_trump_obligations_unchanged():
    p = composed(SL4, ["SK H4", "CK T5", "T10 H3", "T11 H2"], contract="colour_valat", declarer=0)
    p.play("SK")
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "CK") == "SI-3.1"


def test_SI_4_3_colour_valat_tarok_lead_normal():
    p = composed(SL4, ["T3 H4", "T5 S7", "T10 H3", "T11 H2"], contract="colour_valat", declarer=0)
    assert winner_of(p, "T3 T5 T10 T11") == 3


def test_SI_4_3_not_in_ordinary_valat():
    p = composed(SL4, ["SK H4", "S7 T5", "T10 H3", "T11 H2"], contract="valat", declarer=0)
    assert winner_of(p, "SK S7 T10 T11") == 3


def test_SI_4_4_skis_has_no_free_card_power():
    p = composed(SL4, ["T3 H4", "T22 SK", "T10 H3", "T11 H2"])
    p.play("T3")
    assert p.legal_moves == ["T22"]  # must follow taroks with it
    p = composed(SL4, ["S7 H4", "T22 SK", "T10 H3", "T11 H2"])
    p.play("S7")
    assert p.legal_moves == ["SK"]  # cannot be played instead of following suit
    assert illegal_rule(p, "T22") == "SI-3.1"


# ------------------------------------------------------------------ SI-5 card points

def test_SI_5_1_nominal_values_minus_two_thirds():
    v = get_variant(SL4)
    pts = {tok: v.points[i] for i, tok in enumerate(v.deck.tokens)}
    for tok in ("SK", "HK", "DK", "CK", "T1", "T21", "T22"):
        assert pts[tok] == 13  # 5 - 2/3 = 4 1/3
    assert pts["HQ"] == 10 and pts["SN"] == 7 and pts["CJ"] == 4
    assert pts["S7"] == pts["H4"] == pts["H1"] == pts["T2"] == pts["T20"] == 1


def test_SI_5_2_counting_in_threes_matches_exact_points():
    # groups of three minus 2, leftover minus 1; compare with the engine's exact count rounded
    nominal = {"K": 5, "Q": 4, "N": 3, "J": 2}

    def seed_count(tokens):
        vals = [5 if t in ("T1", "T21", "T22") else nominal.get(t[-1], 1) if t[0] in "SHDC" else 1
                for t in tokens]
        total = 0
        for i in range(0, len(vals) - len(vals) % 3, 3):
            total += sum(vals[i:i + 3]) - 2
        rest = vals[len(vals) - len(vals) % 3:]
        if rest:
            total += sum(rest) - 1
        return total

    pile = "SK HQ S7 CN DJ T21 T5 H4 T22 CQ"
    p = composed(SL4, ["S8", "S9", "S10", "SQ"], declarer_pile=pile, rest="defence")
    exact = p.points(0)
    assert exact == 13 + 10 + 1 + 7 + 4 + 13 + 1 + 1 + 13 + 10
    assert seed_count(pile.split()) == 24  # 5+4+1-2, 3+2+5-2, 1+1+5-2, 4-1
    assert round(exact / 3) == 24


def test_SI_5_3_whole_pack_is_70():
    p = composed(SL4, ["SK", "SQ", "SN", "SJ"])
    total = p.points(0) + p.points(1) + sum(get_variant(SL4).points[get_variant(SL4).deck.index[t]]
                                          for t in ("SK", "SQ", "SN", "SJ"))
    assert total == 210
    assert sum(get_variant(SL4).points) == 210
    play_all(p, "SK SQ SN SJ")
    assert p.points(0) + p.points(1) == 210


def test_SI_5_4_worked_example_king_queen_low_is_8():
    p = composed(SL4, ["S8", "S9", "S10", "SN"], declarer_pile="SK HQ S7")
    assert p.points(0) == 24  # thirds
    assert p.points_display(0) == "8"


def test_SI_5_5_side_counts_tricks_discards_and_rest_of_talon():
    p = full(SL4, "three", declarer=0, called_king="CK", declarer_pile="S7 S8 H4", defence_pile="HK T20 T2")
    assert p.points(0) == 3  # the discards
    assert p.points(1) == 13 + 1 + 1  # the rest of the talon
    assert sorted(p.pile(1)) == sorted(["HK", "T20", "T2"])


def test_SI_5_5_solo_without_talon_goes_to_the_opponents():
    p = full(SL4, "solo_without", declarer=0, defence_pile="S7 S8 H4 T3 T2 HK")
    assert p.points(0) == 0 and p.points(1) == 5 + 13


def test_SI_5_6_exact_thresholds_in_thirds():
    v = get_variant(SL4)
    assert v.format_units(107) == "35 2/3"  # 3k+2 cards: counted 36
    assert v.format_units(106) == "35 1/3"  # 3k+1 cards: counted 35 ("35 and a card")
    assert round(107 / 3) == 36 and round(106 / 3) == 35


# ------------------------------------------------------------------ SI-6 talon, early end

def test_SI_6_4_kings_and_trula_never_discarded():
    for card in ("SK", "T1", "T21", "T22"):
        with pytest.raises(IllegalDiscardError) as exc:
            full(SL4, "solo_three", declarer=0, declarer_pile="S7 S8 " + card)
        assert "SI-6.4" in str(exc.value)


def test_SI_6_4_other_taroks_may_be_discarded():
    p = full(SL4, "solo_three", declarer=0, declarer_pile="T2 T3 T20")
    assert p.points(0) == 3


def test_SI_6_4_discard_size_equals_group_size():
    data = full(SL4, "solo_one", declarer=0, declarer_pile="S7", defence_pile="S8 S9 S10 H4 H3").to_json()
    data["declarer_pile"], data["defence_pile"] = "S7 S8", "S9 S10 H4 H3"
    with pytest.raises(CardCountError):
        Position.from_json(data)
    p = full(SL4, "solo_two", declarer=0, declarer_pile="S7 S8")
    assert len(p.pile(0)) == 2 and len(p.pile(1)) == 4


def test_SI_6_4_talon_not_used_in_negative_and_valat_contracts():
    for contract in ("piccolo", "beggar", "open_beggar", "valat", "colour_valat"):
        p = full(SL4, contract, declarer=1)
        assert p.points(0) == 0 and p.points(1) == 0, contract
        data = p.to_json()
        data["defence_pile"] = data.pop("talon")
        with pytest.raises(CardCountError):
            Position.from_json(data)


def test_SI_6_7_beggar_ends_at_the_declarers_first_trick():
    p = composed(SL4, ["SK S7", "S8 S9", "H4 H3", "D4 D3"], contract="beggar", declarer=0)
    play_all(p, "SK S8 H4 D4")
    assert p.is_over and p.legal_moves == [] and "beggar" in p.end_reason
    with pytest.raises(IllegalMoveError):
        p.play("S7")


def test_SI_6_7_open_beggar_also_ends():
    p = composed(SL4, ["S8 S7", "SK S9", "H4 H3", "D4 D3"], contract="open_beggar", declarer=1)
    play_all(p, "S8 SK H4 D4")
    assert p.is_over


def test_SI_6_7_piccolo_ends_at_the_second_trick():
    p = composed(SL4, ["SK SQ S7", "S8 S9 S10", "H4 H3 H2", "D4 D3 D2"], contract="piccolo", declarer=0)
    play_all(p, "SK S8 H4 D4")
    assert not p.is_over
    play_all(p, "SQ S9 H3 D3")
    assert p.is_over and p.end_reason


def test_SI_6_7_valat_ends_at_the_first_lost_trick():
    p = composed(SL4, ["S7 SK", "S8 S9", "SQ H3", "D4 D3"], contract="valat", declarer=0, rest="declarer")
    play_all(p, "S7 S8 SQ D4")
    assert p.is_over and p.tricks_won(1) == 1


def test_SI_6_7_announced_valat_ends_play_in_a_point_contract():
    p = composed(SL4, ["S7 SK", "S8 S9", "SQ H3", "D4 D3"], contract="solo_one", declarer=0,
                 rest="declarer", announcements=["valat@0"])
    play_all(p, "S7 S8 SQ D4")
    assert p.is_over
    q = composed(SL4, ["S7 SK", "S8 S9", "SQ H3", "D4 D3"], contract="solo_one", declarer=0, rest="declarer")
    play_all(q, "S7 S8 SQ D4")
    assert not q.is_over


def test_SI_6_7_option_early_end_off_plays_on():
    p = composed(SL4, ["SK S7", "S8 S9", "H4 H3", "D4 D3"], contract="beggar", declarer=0,
                 options={"early_end": False})
    play_all(p, "SK S8 H4 D4")
    assert not p.is_over
    play_all(p, "S7 S9 H3 D3")
    assert p.is_over and p.end_reason is None and p.tricks_won(0) == 1


def test_SI_6_8_klop_each_for_himself_and_talon_belongs_to_nobody():
    p = full(SL4, "klop", declarer=None, talon="S7 S8 S9 SK H4 T2")
    assert p.parties == ((0,), (1,), (2,), (3,))
    assert [p.points(s) for s in range(4)] == [0, 0, 0, 0]
    assert p.declarer is None


# ------------------------------------------------------------------ SI4 / SI3 specifics

def test_SI4_2_partner_is_the_holder_of_the_called_king():
    p = full(SL4, "two", declarer=0, called_king="CK", hands=["", "", "CK", ""])
    assert p.partner == 2 and p.parties == ((0, 2), (1, 3))


def test_SI4_2_called_king_in_the_talon_declarer_alone():
    p = full(SL4, "three", declarer=0, called_king="CK", defence_pile="CK S7 S8")
    assert p.partner is None and p.parties == ((0,), (1, 2, 3))
    assert "CK" in p.pile(1)


def test_SI4_2_calling_own_king_is_a_silent_solo():
    p = full(SL4, "one", declarer=0, called_king="CK", hands=["CK", "", "", ""])
    assert p.partner is None and p.parties == ((0,), (1, 2, 3))


def test_SI_7_only_the_partner_announces_kralj_ultimo():
    """[002] kralj ultimo: "Napove ga lahko partner (to je edin legalen način, da se partner izda,
    preden se igra začne)" — the partner, the called king's holder, and nobody else."""
    from solver.errors import AnnouncementError
    kw = dict(declarer=0, called_king="CK", hands=["", "", "CK", ""])
    p = full(SL4, "three", announcements=["king_ultimo@2"], **kw)
    assert p.partner == 2 and ("king_ultimo", 2) in p.announcements
    assert full(SL4, "three", announcements=["king_ultimo"], **kw).announcements == (("king_ultimo", 2),)
    assert p.announcers("king_ultimo") == (2,) and p.announcers("trula") == (0, 1, 2, 3)
    for seat in (0, 1, 3):  # the declarer and the opponents may not
        with pytest.raises(AnnouncementError, match="only by the partner.*SI-7.*seat 2"):
            full(SL4, "three", announcements=["king_ultimo@%d" % seat], **kw)
    for alone in (dict(hands=["CK", "", "", ""]), dict(defence_pile="CK S7 S8")):  # tihi solo; king in the talon
        with pytest.raises(AnnouncementError, match="no partner"):
            full(SL4, "three", declarer=0, called_king="CK", announcements=["king_ultimo@0"], **alone)


def test_SI3_2_no_solo_three_two_one_with_three_players():
    for contract in ("solo_three", "solo_two", "solo_one"):
        with pytest.raises(UnknownContractError):
            get_variant(SL3).contract(contract)
    p = full(SL3, "three", declarer=1)
    assert p.parties == ((1,), (0, 2)) and p.called_king is None


def test_SI3_3_no_king_call_with_three_players():
    from solver.errors import SeatError
    with pytest.raises(SeatError):
        full(SL3, "three", declarer=0, called_king="CK")


def test_SI3_5_three_player_rules_are_the_common_rules():
    p = composed(SL3, ["SN HQ", "SK S7", "T6 S8"], contract="beggar")
    p.play("SN")
    assert p.legal_moves == ["SK"]
    p = composed(SL3, ["T1 SK HQ", "S7 CK CQ", "S8 T6 D1"], contract="klop")
    assert legal(p) == {"SK", "HQ"}


def test_SI_3_1_illegal_move_error_fields():
    p = composed(SL4, ["SK HQ", "S7 T5", "CK T6", "DK D4"])
    p.play("SK")
    with pytest.raises(IllegalMoveError) as exc:
        p.play("T5")
    e = exc.value
    assert (e.card, e.seat, e.trick, e.rule) == ("T5", 1, 11, "SI-3.1")
    with pytest.raises(IllegalMoveError) as exc:
        p.play("CK")
    assert exc.value.rule == "hand"

"""French Tarot (3, 4, 5 players): RULES.md §6 — card play, the Excuse and card counting."""

import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, full, illegal_rule, legal, play_all, winner_of  # noqa: E402

from solver import get_variant, goals  # noqa: E402
from solver.deal import random_position  # noqa: E402
from solver.errors import IllegalDiscardError, IllegalMoveError  # noqa: E402

F3, F4, F5 = "french3", "french4", "french5"


def pts(variant, tokens):
    v = get_variant(variant)
    return sum(v.points[v.deck.index[t]] for t in tokens.split())


# ------------------------------------------------------------------ FR-1 deck

def test_FR_1_1_deck_78_cards_with_excuse():
    d = get_variant(F4).deck
    assert d.size == 78 and "EX" in d.index and "T22" not in d.index
    assert sum(1 for t in d.tokens if t.startswith("T")) == 21


def test_FR_1_2_suit_order_same_in_every_suit_ten_high_one_low():
    p = composed(F4, ["H1", "H10", "H5", "H9"])
    assert winner_of(p, "H1 H10 H5 H9") == 1
    p = composed(F4, ["S1", "S10", "S5", "S9"])
    assert winner_of(p, "S1 S10 S5 S9") == 1


def test_FR_1_2_courts_above_pips_king_queen_knight_jack():
    p = composed(F4, ["DJ", "D10", "DN", "DQ"])
    assert winner_of(p, "DJ D10 DN DQ") == 3
    p = composed(F4, ["DJ", "D10", "DN", "D9"])
    assert winner_of(p, "DJ D10 DN D9") == 2
    p = composed(F4, ["DJ", "D10", "D1", "D9"])
    assert winner_of(p, "DJ D10 D1 D9") == 0


def test_FR_1_3_trump_2_beats_the_king():
    p = composed(F4, ["SK", "T2", "SQ", "S1"])
    assert winner_of(p, "SK T2 SQ S1") == 1


def test_FR_1_3_trump_21_highest():
    p = composed(F4, ["T20", "T21", "T19", "T1"])
    assert winner_of(p, "T20 T21 T19 T1") == 1


def test_FR_1_4_bouts_are_worth_four_and_a_half():
    assert pts(F4, "T1") == pts(F4, "T21") == pts(F4, "EX") == 9


# ------------------------------------------------------------------ FR-2 deal

@pytest.mark.parametrize("variant,hand,dog", [(F3, 24, 6), (F4, 18, 6), (F5, 15, 3)])
def test_FR_2_hand_dog_and_trick_counts(variant, hand, dog):
    v = get_variant(variant)
    assert (v.hand_size, v.talon_size, v.tricks) == (hand, dog, hand)
    assert v.players * hand + dog == 78


def test_FR_2_1_dealers_right_hand_neighbour_leads():
    p = full(F4, "garde", declarer=2)
    assert p.to_move == 0
    p = full(F5, "petite", declarer=3, called_king="SK")
    assert p.to_move == 0


# ------------------------------------------------------------------ FR-3 legal moves

def test_FR_3_1_excuse_may_be_played_instead_of_following():
    p = composed(F4, ["SK HQ", "S1 EX", "CK T6", "DK D4"])
    p.play("SK")
    assert legal(p) == {"S1", "EX"}


def test_FR_3_1_excuse_may_be_played_instead_of_trumping_or_overtrumping():
    p = composed(F4, ["SK HQ", "T10 CK", "T5 EX", "DK D4"])
    play_all(p, "SK T10")
    assert legal(p) == {"T5", "EX"}
    q = composed(F4, ["SK HQ", "T10 CK", "T15 EX", "DK D4"])
    play_all(q, "SK T10")
    assert legal(q) == {"T15", "EX"}


def test_FR_3_1_excuse_may_be_led_and_played_in_the_last_trick():
    p = composed(F4, ["EX SK", "S1 H1", "T5 T6", "D4 D3"])
    assert legal(p) == {"EX", "SK"}
    q = composed(F4, ["S1", "EX", "T5", "D4"])
    q.play("S1")
    assert q.legal_moves == ["EX"]


def test_FR_3_2_led_excuse_second_card_sets_the_suit():
    p = composed(F4, ["EX SK", "H5 S1", "H1 T5", "D4 D3"])
    p.play("EX")
    assert legal(p) == {"H5", "S1"}  # the second player may play anything
    p.play("H5")
    assert p.legal_moves == ["H1"]  # hearts now must be followed
    assert illegal_rule(p, "T5") == "FR-3.3"


def test_FR_3_2_led_excuse_then_trump_sets_trumps():
    p = composed(F4, ["EX SK", "T8 S1", "T5 T12", "D4 D3"])
    play_all(p, "EX T8")
    assert p.legal_moves == ["T12"]  # follow trumps and overtrump


def test_FR_3_3_must_follow_suit():
    # "if you have the 5 of hearts when the queen of hearts was led you must play it"
    p = composed(F4, ["HQ SK", "H5 T1", "CK T6", "DK D4"])
    p.play("HQ")
    assert p.legal_moves == ["H5"]
    assert illegal_rule(p, "T1") == "FR-3.3"


def test_FR_3_4_must_trump_when_void():
    p = composed(F4, ["HQ SK", "CK T1", "CQ T6", "DK D4"])
    p.play("HQ")
    assert p.legal_moves == ["T1"]
    assert illegal_rule(p, "CK") == "FR-3.4"


def test_FR_3_5_must_overtrump_a_ruff():
    p = composed(F4, ["HQ SK", "T10 CK", "T5 T15", "DK D4"])
    play_all(p, "HQ T10")
    assert p.legal_moves == ["T15"]
    assert illegal_rule(p, "T5") == "FR-3.5"


def test_FR_3_5_no_higher_trump_any_trump():
    p = composed(F4, ["HQ SK HK", "T10 CK CQ", "T5 T3 C1", "DK D4 D3"])
    play_all(p, "HQ T10")
    assert legal(p) == {"T5", "T3"}


def test_FR_3_5_must_overtrump_on_a_trump_lead():
    p = composed(F4, ["T10 SK", "T5 T15", "CK T6", "DK D4"])
    p.play("T10")
    assert p.legal_moves == ["T15"]
    assert illegal_rule(p, "T5") == "FR-3.5"


def test_FR_3_5_option_no_overtrump_on_a_trump_lead():
    p = composed(F4, ["T10 SK", "T5 T15", "CK T6", "DK D4"], options={"overtrump_on_trump_lead": False})
    p.play("T10")
    assert legal(p) == {"T5", "T15"}
    # the option does not touch ruffs
    q = composed(F4, ["HQ SK", "T10 CK", "T5 T15", "DK D4"], options={"overtrump_on_trump_lead": False})
    play_all(q, "HQ T10")
    assert q.legal_moves == ["T15"]


def test_FR_3_5_no_exception_when_the_partner_is_winning():
    # 5 players: seat 0 declarer, seat 1 partner (holds the called king CK)
    p = composed(F5, ["HQ SK", "T10 CK", "T5 T15", "DK D4", "D3 D2"], called_king="CK")
    assert p.partner == 1
    play_all(p, "HQ T10")
    assert p.legal_moves == ["T15"]
    # and for the declarer's side too
    q = composed(F5, ["T10 SK", "T5 T15", "CK T6", "DK D4", "D3 D2"], called_king="SK", declarer=1)
    assert q.partner == 0
    q.play("T10")
    assert q.legal_moves == ["T15"]


def test_FR_3_5_overtrump_counts_the_highest_trump_so_far():
    p = composed(F4, ["HQ SK", "T10 CK", "T12 CQ", "T11 T13"])
    play_all(p, "HQ T10 T12")
    assert p.legal_moves == ["T13"]


def test_FR_3_6_neither_suit_nor_trump_any_card():
    p = composed(F4, ["HQ SK", "CK DQ", "CQ T6", "DK D4"])
    p.play("HQ")
    assert legal(p) == {"CK", "DQ"}


def test_FR_3_6_leader_may_lead_anything():
    p = composed(F3, ["HQ T1 EX", "CK DQ S1", "CQ T6 T7"])
    assert legal(p) == {"HQ", "T1", "EX"}


# ------------------------------------------------------------------ FR-4 trick winner and the Excuse

def test_FR_4_1_highest_trump_wins():
    p = composed(F4, ["HK", "T3", "T17", "HQ"])
    assert winner_of(p, "HK T3 T17 HQ") == 2


def test_FR_4_1_highest_of_led_suit_without_trumps():
    p = composed(F4, ["H9", "SK", "H10", "HJ"])
    assert winner_of(p, "H9 SK H10 HJ") == 3


def test_FR_4_2_excuse_never_wins():
    p = composed(F4, ["EX SK", "H1 S1", "H2 T5", "D4 D3"])
    assert winner_of(p, "EX H1 H2 D4") == 2
    p = composed(F3, ["H1 SK", "EX S1", "D4 D3"])
    assert winner_of(p, "H1 EX D4") == 0


def test_FR_4_3_excuse_returns_to_its_side_for_half_a_point():
    # declarer (seat 0) plays the Excuse in trick 23 of 24; the defence wins the trick
    p = composed(F3, ["EX SK", "H1 S1", "H2 S2"], rest="declarer")
    d0, d1 = p.points(0), p.points(1)
    assert winner_of(p, "EX H1 H2") == 2
    assert "EX" in p.pile(0) and "EX" not in p.pile(1)
    assert p.points(0) - d0 == 9 - 1
    assert p.points(1) - d1 == 1 + 1 + 1
    assert p.points(0) + p.points(1) + pts(F3, "SK S1 S2") == 182


def test_FR_4_3_no_exchange_when_the_excuse_side_wins_the_trick():
    # defenders seats 1 and 2 (4 players): seat 1 plays the Excuse, seat 2 wins
    p = composed(F4, ["H3 SK", "EX S1", "H9 S2", "H4 S3"], rest="declarer")
    d1 = p.points(1)
    assert winner_of(p, "H3 EX H9 H4") == 2
    assert p.points(1) - d1 == 9 + 1 + 1 + 1
    assert "EX" in p.pile(1)


def test_FR_4_4_excuse_in_the_last_trick_leaves_the_side_that_played_it():
    """[004] "I sista sticket byter ursäkten läger och lämnar laget som spelade den, utom vid
    chelem": the declarer's Excuse, won by the defence."""
    p = composed(F3, ["EX", "H1", "H2"], rest="defence")
    before = p.points(1)
    assert winner_of(p, "EX H1 H2") == 2
    assert "EX" in p.pile(1) and "EX" not in p.pile(0)
    assert p.points(1) - before == 9 + 1 + 1 and p.points(0) == 0


def test_FR_4_4_defenders_excuse_won_by_a_partner_goes_to_the_taker():
    """[004] "I sista sticket byter ursäkten läger och lämnar laget som spelade den, utom vid
    chelem": the issue's deal — petite, taker seat 1, last trick 2:EX 3:S8 0:D10 1:C2, won by
    defender seat 3.  The Excuse (4.5 points, a bout) leaves the defence for the taker; the
    rest of the trick is the defence's; no half-point card comes back."""
    p = composed(F4, ["D10", "C2", "EX", "S8"], contract="petite", declarer=1, rest="defence",
                 tricks_taken=[6, 5, 3, 3], leader=2)
    taker, defence = p.points(0), p.points(1)
    assert winner_of(p, "EX S8 D10 C2") == 3
    assert "EX" in p.pile(0) and "EX" not in p.pile(1)
    assert p.points(0) - taker == 9
    assert p.points(1) - defence == 1 + 1 + 1
    assert p.points(0) + p.points(1) == 182
    assert goals.bouts(p, 0) == 1 and goals.bouts(p, 1) == 2  # the petit and the 21 from before


def test_FR_4_4_takers_excuse_won_by_his_partner_goes_to_the_defence():
    """Five players, [004] "I sista sticket byter ursäkten läger och lämnar laget som spelade
    den, utom vid chelem": the taker (seat 0) plays the Excuse to the last trick, his called
    partner (seat 3, CK) wins it; the Excuse goes to the defence, the rest to the taker's side."""
    p = composed(F5, ["EX", "H1", "H2", "HK", "H3"], called_king="CK", partner=3,
                 rest="declarer", tricks_taken=[9, 1, 0, 4, 0])
    assert p.parties == ((0, 3), (1, 2, 4))
    taker, defence = p.points(0), p.points(1)
    assert winner_of(p, "EX H1 H2 HK H3") == 3
    assert "EX" in p.pile(1) and "EX" not in p.pile(0)
    assert p.points(0) - taker == 9 + 1 + 1 + 1
    assert p.points(1) - defence == 9
    assert p.points(0) + p.points(1) == 182


def test_FR_4_4_the_settlement_counts_the_bout_the_excuse_brings():
    """The Excuse that leaves the defence in the last trick is a bout of the taker's: with the
    petit from before, two bouts, so 41 points are needed (FR-6.4), not 51."""
    p = composed(F4, ["D10", "C2", "EX", "S8"], contract="petite", declarer=1, rest="defence",
                 tricks_taken=[6, 5, 3, 3], leader=2, declarer_pile="T1")
    play_all(p, "EX S8 D10 C2")
    assert p.points(0) == 9 + 9
    line = next(x for x in p.settlement().lines if x.item == "contract")
    assert "9 points with 2 bouts (41 needed)" in line.why


def test_FR_4_4_chelem_excuse_wins_the_last_trick():
    # the declarer won every earlier trick and leads the Excuse to the last trick
    p = composed(F3, ["EX", "H1", "H2"], rest="declarer")
    assert p.tricks_won(0) == 23
    assert winner_of(p, "EX H1 H2") == 0
    assert "EX" in p.pile(0)
    assert p.tricks_won(0) == 24 and p.points(0) == 182


def test_FR_4_4_chelem_excuse_not_led_still_wins():
    p = composed(F3, ["H1", "EX", "H2"], declarer=1, rest="declarer")
    assert winner_of(p, "H1 EX H2") == 1
    assert p.points(0) == 182


def test_FR_4_4_chelem_for_the_defence():
    p = composed(F4, ["H1", "EX", "H2", "H3"], declarer=0, rest="defence")
    assert winner_of(p, "H1 EX H2 H3") == 1
    assert p.points(1) == 182


def test_FR_4_4_no_chelem_if_a_trick_was_lost():
    p = composed(F3, ["EX", "H1", "H2"], rest="declarer", tricks_taken=[22, 1, 0])
    assert winner_of(p, "EX H1 H2") == 2
    assert "EX" in p.pile(1)


def test_FR_4_5_excuse_played_early_loses_its_trick_and_the_chelem():
    p = composed(F3, ["EX SK", "H1 S1", "H2 S2"], rest="declarer")
    play_all(p, "EX H1 H2")
    assert p.tricks_won(1) == 1
    play_all(p, "S2 SK S1")
    assert p.tricks_won(0) == 23 and p.tricks_won(1) == 1


def test_FR_4_6_excuse_exchange_settled_numerically_without_a_trick():
    # trick 1 of a full deal: the declarer leads the Excuse, the defence has no trick yet
    p = full(F3, "garde", declarer=0, hands=["EX", "H1", "H2"], declarer_pile="S1 S2 S3 S4 S5 S6")
    assert p.points(0) == 6
    play_all(p, "EX H1 H2")
    assert p.tricks[-1].winner == 2
    assert p.points(0) == 6 + 9 - 1
    assert p.points(1) == 1 + 1 + 1


# ------------------------------------------------------------------ FR-5 card points

def test_FR_5_card_values_in_half_points():
    v = get_variant(F4)
    p = {t: v.points[i] for i, t in enumerate(v.deck.tokens)}
    assert {p[t] for t in ("SK", "HK", "DK", "CK", "T1", "T21", "EX")} == {9}
    assert {p[t] for t in ("SQ", "HQ", "DQ", "CQ")} == {7}
    assert {p[t] for t in ("SN", "HN", "DN", "CN")} == {5}
    assert {p[t] for t in ("SJ", "HJ", "DJ", "CJ")} == {3}
    assert {p[t] for t in ("S10", "H1", "D5", "C2", "T2", "T20")} == {1}


def test_FR_5_1_whole_deck_is_91():
    assert sum(get_variant(F3).points) == 182
    p = composed(F4, ["SK", "SQ", "SN", "SJ"])
    play_all(p, "SK SQ SN SJ")
    assert p.points(0) + p.points(1) == 182


def test_FR_5_2_king_and_five_is_five():
    p = composed(F4, ["S1", "S2", "S3", "S4"], declarer_pile="DK H5")
    assert p.points(0) == 10 and p.points_display(0) == "5"


def test_FR_5_2_pair_counting_equals_the_table():
    pile = "DK H5 T21 S2 CQ C3 HN H1 SJ D7 S9 S8"
    pairs = 5 + 5 + 4 + 3 + 2 + 1
    p = composed(F4, ["S1", "S3", "S4", "S5"], declarer_pile=pile)
    assert p.points(0) == 2 * pairs


def test_FR_5_3_discard_counts_for_the_preneur():
    p = full(F4, "garde", declarer=1, declarer_pile="S1 S2 S3 S4 S5 HQ")
    assert p.points(0) == 5 + 7 and p.points(1) == 0


def test_FR_5_3_garde_sans_dog_to_the_preneur_garde_contre_to_the_defence():
    p = full(F4, "garde_sans", declarer=1, declarer_pile="S1 S2 S3 S4 S5 T1")
    assert p.points(0) == 5 + 9 and p.points(1) == 0
    q = full(F4, "garde_contre", declarer=1, defence_pile="S1 S2 S3 S4 S5 T1")
    assert q.points(1) == 5 + 9 and q.points(0) == 0


def test_FR_5_4_four_players_preneur_points_are_whole():
    rng = random.Random(54)
    for _ in range(15):
        p = random_position(F4, rng.choice(["petite", "garde", "garde_sans", "garde_contre"]), rng=rng)
        while not p.is_over:
            p.play(rng.choice(p.legal_moves))
        assert p.points(0) % 2 == 0
        assert p.points(0) + p.points(1) == 182


def test_FR_5_4_three_players_half_points_possible():
    # the preneur holds an odd number of cards: 40.5 style results occur
    p = composed(F3, ["S1", "S2", "S3"], declarer_pile="DK")
    assert p.points_display(0) == "4.5"


# ------------------------------------------------------------------ FR-6 dog, discard, 5 players

@pytest.mark.parametrize("card", ["SK", "T1", "T21", "EX"])
def test_FR_6_3_no_kings_or_bouts_in_the_discard(card):
    with pytest.raises(IllegalDiscardError) as exc:
        full(F4, "garde", declarer=0, declarer_pile="S1 S2 S3 S4 S5 " + card)
    assert "FR-6.3" in str(exc.value)


def test_FR_6_3_trump_discard_only_when_unavoidable():
    with pytest.raises(IllegalDiscardError):
        full(F4, "garde", declarer=0, declarer_pile="S1 S2 S3 S4 S5 T2")
    # hand of kings, bouts and trumps only (plus 3 plain cards discarded): trumps may go
    hand = "SK HK DK CK T1 T21 EX T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10"
    p = full(F4, "garde", declarer=0, hands=[hand, "", "", ""], declarer_pile="S1 S2 S3 T2 T3 T4")
    assert p.points(0) == 6
    # one plain card more in the hand: only two trumps may be discarded
    hand = hand.replace("T10", "S4")
    with pytest.raises(IllegalDiscardError):
        full(F4, "garde", declarer=0, hands=[hand, "", "", ""], declarer_pile="S1 S2 S3 T2 T3 T4")
    with pytest.raises(IllegalDiscardError):  # S4 could have been discarded instead of the trump
        full(F4, "garde", declarer=0, hands=[hand, "", "", ""], declarer_pile="S1 S2 S3 S5 S6 T4")


def test_FR_6_2_dog_size_matches_discard_five_players():
    p = full(F5, "garde", declarer=0, called_king="SK", declarer_pile="S1 S2 S3")
    assert p.points(0) == 3


def test_FR_6_5_called_king_holder_is_partner():
    p = full(F5, "garde", declarer=0, called_king="CK", hands=["", "", "", "CK", ""])
    assert p.partner == 3 and p.parties == ((0, 3), (1, 2, 4))


def test_FR_6_5_own_king_or_king_in_the_dog_plays_alone():
    p = full(F5, "garde", declarer=0, called_king="CK", hands=["CK", "", "", "", ""])
    assert p.partner is None and p.parties == ((0,), (1, 2, 3, 4))
    q = full(F5, "garde_sans", declarer=0, called_king="CK", declarer_pile="CK S1 S2")
    assert q.partner is None
    r = full(F5, "garde_contre", declarer=0, called_king="CK", defence_pile="CK S1 S2")
    assert r.partner is None and "CK" in r.pile(1)


def test_FR_3_illegal_move_error_fields():
    p = composed(F4, ["HQ SK", "T10 CK", "T5 T15", "DK D4"])
    play_all(p, "HQ T10")
    with pytest.raises(IllegalMoveError) as exc:
        p.play("T5")
    assert (exc.value.card, exc.value.seat, exc.value.trick, exc.value.rule) == ("T5", 2, 17, "FR-3.5")

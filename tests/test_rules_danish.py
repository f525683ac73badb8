"""Danish Tarok: RULES.md §1 — card play with the skus, trick winner, where cards go, card count."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, full, illegal_rule, legal, play_all, winner_of  # noqa: E402

from solver import Position, get_variant, goals  # noqa: E402
from solver.errors import IllegalDiscardError, IllegalMoveError, OptionError  # noqa: E402

DK = "danish"


def hp(tokens):
    """Honour points (P) of some cards."""
    v = get_variant(DK)
    return sum(v.points[v.deck.index[t]] for t in tokens.split())


# ------------------------------------------------------------------ DK-1 deck

def test_DK_1_1_deck_78_cards_with_skus():
    d = get_variant(DK).deck
    assert d.size == 78 and "EX" in d.index and "T22" not in d.index
    assert sum(1 for t in d.tokens if t.startswith("T")) == 21


def test_DK_1_2_courts_king_dame_caval_bonde():
    p = composed(DK, ["CN", "CQ", "CJ"])
    assert winner_of(p, "CN CQ CJ") == 1
    p = composed(DK, ["CN", "CK", "CJ"])
    assert winner_of(p, "CN CK CJ") == 1


def test_DK_1_3_black_pips_ten_high_ace_low():
    p = composed(DK, ["S1", "S10", "S9"])
    assert winner_of(p, "S1 S10 S9") == 1
    p = composed(DK, ["C1", "C2", "C3"])
    assert winner_of(p, "C1 C2 C3") == 2
    p = composed(DK, ["S10", "SJ", "S9"])
    assert winner_of(p, "S10 SJ S9") == 1


def test_DK_1_3_red_pips_ace_high_ten_low():
    p = composed(DK, ["H10", "H1", "H2"])
    assert winner_of(p, "H10 H1 H2") == 1
    p = composed(DK, ["D9", "D10", "D8"])
    assert winner_of(p, "D9 D10 D8") == 2
    p = composed(DK, ["D1", "DJ", "D2"])
    assert winner_of(p, "D1 DJ D2") == 1


def test_DK_1_4_tarokker_21_high_1_low():
    p = composed(DK, ["T1", "T21", "T20"])
    assert winner_of(p, "T1 T21 T20") == 1
    p = composed(DK, ["T1", "T2", "SK"])
    assert winner_of(p, "T1 T2 SK") == 1


def test_DK_1_5_skus_has_no_trick_taking_value():
    p = composed(DK, ["S1 H1 D1", "EX H2 D2", "S3 H3 D3"])
    play_all(p, "S1 EX S3")
    assert p.tricks[-1].winner == 2
    q = composed(DK, ["EX S1 D1", "S2 H2 D2", "C3 H3 D3"])
    play_all(q, "EX:S S2 C3")
    assert q.tricks[-1].winner == 1  # a led skus loses even to a discard-free follower


# ------------------------------------------------------------------ DK-2 deal, skat, first lead

def test_DK_2_4_forehand_leads_and_dealer_is_backhand():
    p = full(DK)
    assert p.to_move == 0 and p.dealer == 2
    assert [len(h) for h in p.hands] == [25, 25, 25]
    assert get_variant(DK).tricks == 25


def test_DK_2_7_skat_is_the_dealers_and_counts_one_trick():
    p = full(DK, skat="CQ C1 C2")
    assert p.points(2) == 1 + 3  # the skat as a trick + the dame
    assert p.points(0) == 0 and p.points(1) == 0
    assert sorted(p.pile(2)) == ["C1", "C2", "CQ"]
    assert p.tricks_won(2) == 0  # the skat is not a trick won in play (Q-DK5)


@pytest.mark.parametrize("card", ["SK", "T21", "EX"])
def test_DK_2_8_kings_mondo_and_skus_not_discarded(card):
    with pytest.raises(IllegalDiscardError) as exc:
        full(DK, skat="C1 C2 " + card)
    assert "DK-2.8" in str(exc.value)


def test_DK_2_8_skus_discarded_when_the_dealer_announces_tout():
    p = full(DK, skat="C1 C2 EX", announcements=["tout@2"])
    assert p.points(2) == 1 + 4


def test_DK_2_8_tarokker_discarded_only_when_going_void():
    with pytest.raises(IllegalDiscardError):
        full(DK, skat="C1 C2 T5", hands=["", "", "T6"])
    # the dealer holds no other tarok (T1..T21 all elsewhere) after discarding T5
    others = " ".join("T%d" % n for n in range(1, 22) if n != 5)
    p = full(DK, skat="C1 C2 T5", hands=[others, "", ""])
    assert "T5" in p.pile(2)


def test_DK_2_8_4_no_discard_from_a_declaration_while_another_skat_exists():
    """[000] "Der må ikke ecarteres fra meldinger": the queen of a full spade kavaleri may not go
    into the skat while the dealer holds plain cards to lay instead."""
    with pytest.raises(IllegalDiscardError, match="SQ may not be discarded.*declaration.*DK-2.8"):
        full(DK, skat="SQ C1 C2", hands=["", "", "SK SN SJ C3 C4 C5"])
    with pytest.raises(IllegalDiscardError, match="SJ"):  # a half kavaleri (three courts and the skus) too
        full(DK, skat="SJ C1 C2", hands=["", "", "SK SN EX C3 C4 C5"])
    p = full(DK, skat="C1 C2 C6", hands=["", "", "SK SQ SN SJ C3 C4 C5"])
    assert p.named_discards == ()
    assert any(k == "kavaleri" and d.startswith("S:") for k, d, _ in goals.danish_declarations(p.initial_hand(2)))


def test_DK_2_8_4_unavoidable_discard_from_a_declaration_is_named_and_still_declared():
    """[000] "Skulle en hånd vise sig at være så stærk, at det er nødvendigt at lægge fra en melding,
    skal det oplyses, hvilke kort man har lagt, fx »14 uden, fuldt i spar, hjerter og klør. Har lagt
    klør dame.«" — the seed's own example: the clubs kavaleri is still declared."""
    taroks = " ".join("T%d" % n for n in range(8, 22))  # 14 tarokker without the pagat: none may go
    courts = "SK SQ SN SJ HK HQ HN HJ CK CN CJ"
    p = full(DK, skat="D1 D2 CQ", hands=["", "", taroks + " " + courts])  # no other card to lay away
    assert [p.deck.tokens[x] for x in p.named_discards] == ["CQ"]
    while not p.is_over:
        p.play(p.legal_moves[0])
    s = p.settlement()
    declared = {x.why.split(": ")[0] for x in s.lines if x.item == "declaration" and x.party == 2}
    assert declared == {"tarokker 14", "kavaleri S:full", "kavaleri H:full", "kavaleri C:full"}
    assert any("CQ" in n and "DK-2.8" in n for n in s.notes)


def test_DK_2_8_4_random_skats_keep_the_declarations():
    """[000] "Der må ikke ecarteres fra meldinger" — the random dealer lays its skat accordingly."""
    from solver.deal import random_position
    for seed in range(40):
        p = random_position(DK, seed=seed)  # Position refuses an avoidable discard from a declaration
        whole = p.initial_hand(2) + p.pile(2)
        declared = goals.danish_declaration_cards(whole) - {"EX"}
        if any(t in declared for t in p.pile(2)):
            assert p.named_discards, seed


def test_DK_1_6_skus_is_not_a_tarok_for_the_void_rule():
    others = " ".join("T%d" % n for n in range(1, 22) if n not in (4, 5))
    p = full(DK, skat="C1 T4 T5", hands=[others, "", "EX"])
    assert "EX" in p.hand(2) and p.points(2) == 1


# ------------------------------------------------------------------ DK-3 legal moves

def test_DK_3_1_must_follow_suit():
    p = composed(DK, ["SK H1", "S2 T5", "CK T6"])
    p.play("SK")
    assert p.legal_moves == ["S2"]
    assert illegal_rule(p, "T5") == "DK-3.1"


def test_DK_3_2_void_must_play_a_tarok():
    p = composed(DK, ["SK H1", "CK T5", "T6 D1"])
    p.play("SK")
    assert p.legal_moves == ["T5"]
    assert illegal_rule(p, "CK") == "DK-3.2"


def test_DK_3_3_no_overtrump_obligation_and_any_card_when_void():
    p = composed(DK, ["T10 H1", "T5 T15", "CK D1"])
    p.play("T10")
    assert legal(p) == {"T5", "T15"}
    p.play("T5")
    assert legal(p) == {"CK", "D1"}


def test_DK_3_4_skus_is_wild_while_following():
    p = composed(DK, ["SK H1 D1", "S2 EX D2", "CK T6 D3"])
    p.play("SK")
    assert legal(p) == {"S2", "EX"}
    q = composed(DK, ["SK H1 D1", "T2 EX D2", "CK T6 D3"])
    q.play("SK")
    assert legal(q) == {"T2", "EX"}


def test_DK_3_5_led_skus_must_be_named_after_a_suit_another_player_holds():
    p = composed(DK, ["EX S1 H1", "S2 T5 H2", "S3 T6 H3"])
    assert p.legal_moves == ["S1", "H1", "EX:S", "EX:H", "EX:T"]
    assert illegal_rule(p, "EX") == "DK-3.5"
    assert illegal_rule(p, "EX:D") == "DK-3.5"
    assert illegal_rule(p, "EX:C") == "DK-3.5"


def test_DK_3_5_named_suit_is_followed_like_a_led_suit():
    p = composed(DK, ["EX S1 H1", "S2 T5 H2", "S3 T6 D3"])
    p.play("EX:H")
    assert p.legal_moves == ["H2"]
    p.play("H2")
    assert p.legal_moves == ["T6"]  # void in hearts: tarok
    p.play("T6")
    assert p.tricks[-1].named == "H"
    assert p.tricks[-1].winner == 2


def test_DK_3_5_skus_named_tarok():
    p = composed(DK, ["EX S1 H1", "S2 T5 H2", "S3 D2 D3"])
    p.play("EX:T")
    assert p.legal_moves == ["T5"]
    p.play("T5")
    assert legal(p) == {"S3", "D2", "D3"}
    p.play("D2")
    assert p.tricks[-1].winner == 1 and p.tricks[-1].named == "T"


def test_DK_3_5_name_aliases_for_tarok():
    p = composed(DK, ["EX S1 H1", "S2 T5 H2", "S3 D2 D3"])
    p.play("EX:tarok")
    assert p.move_stack == ["EX:T"]


def test_DK_3_6_skus_not_in_the_next_to_last_trick():
    p = composed(DK, ["S1 H1", "S2 EX", "S3 H3"])
    assert p.trick_number == 24
    p.play("S1")
    assert p.legal_moves == ["S2"]
    assert illegal_rule(p, "EX") == "DK-3.6"


def test_DK_3_6_skus_not_led_in_the_next_to_last_trick():
    p = composed(DK, ["EX H1", "S2 H2", "S3 H3"])
    assert p.legal_moves == ["H1"]
    assert illegal_rule(p, "EX:S") == "DK-3.6"


def test_DK_3_7_demand_forces_the_skus_in_trick_23():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"])
    assert p.trick_number == 23
    p.play("S1")
    assert legal(p) == {"S2", "EX"}
    p.play("DEMAND")
    assert p.legal_moves == ["EX"]
    assert illegal_rule(p, "S2") == "DK-3.7"
    p.play("EX")
    assert p.move_stack == ["S1", "DEMAND", "EX"]


def test_DK_3_7_demand_on_lead_forces_leading_the_skus():
    p = composed(DK, ["EX S1 H1", "S2 T5 H2", "S3 T6 H3"])
    p.play("DEMAND")
    assert p.legal_moves == ["EX:S", "EX:H", "EX:T"]
    assert illegal_rule(p, "S1") == "DK-3.7"


def test_DK_3_7_demand_only_in_trick_23_once_and_before_the_holder_plays():
    p = composed(DK, ["S1 H1 D1 C1", "S2 EX H2 C2", "S3 H3 D3 C3"])
    assert p.trick_number == 22
    with pytest.raises(IllegalMoveError) as exc:
        p.play("DEMAND")
    assert exc.value.rule == "DK-3.7"
    play_all(p, "C1 C2 C3")  # trick 22, seat 2 wins
    assert p.trick_number == 23 and p.to_move == 2
    p.play("DEMAND")
    with pytest.raises(IllegalMoveError) as exc:
        p.play("DEMAND")
    assert exc.value.rule == "DK-3.7"
    q = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"], play="S1 EX")
    with pytest.raises(IllegalMoveError) as exc:
        q.play("DEMAND")  # the holder already played to this trick
    assert exc.value.rule == "DK-3.7"
    r = composed(DK, ["S1 H1 D1", "S2 T5 H2", "S3 H3 D3"], seat_piles=["EX", "", ""])
    with pytest.raises(IllegalMoveError) as exc:
        r.play("DEMAND")  # the skus is gone
    assert exc.value.rule == "DK-3.7"


def test_DK_3_7_is_legal_agrees_with_play_on_demand():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"])
    assert p.is_legal("DEMAND") and "DEMAND" not in p.legal_moves  # a decision, not a card
    p.play("DEMAND")
    assert not p.is_legal("DEMAND")
    q = composed(DK, ["S1 H1 D1 C1", "S2 EX H2 C2", "S3 H3 D3 C3"])
    assert not q.is_legal("DEMAND")  # trick 22
    r = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"], options={"skus_demand_policy": "always"})
    assert not r.is_legal("DEMAND")


def test_DK_3_7_without_demand_the_skus_may_be_kept():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"])
    play_all(p, "S1 S2 S3")
    assert p.trick_number == 24


def test_DK_3_7_policy_always():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"], options={"skus_demand_policy": "always"})
    p.play("S1")
    assert p.legal_moves == ["EX"]
    with pytest.raises(IllegalMoveError):
        p.play("DEMAND")


def test_DK_3_7_policy_never():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"], options={"skus_demand_policy": "never"})
    p.play("S1")
    assert legal(p) == {"S2", "EX"}
    with pytest.raises(IllegalMoveError) as exc:
        p.play("DEMAND")
    assert exc.value.rule == "DK-3.7"


def test_DK_3_7_policy_option_values():
    with pytest.raises(OptionError):
        composed(DK, ["S1", "S2", "S3"], options={"skus_demand_policy": "sometimes"})


def test_DK_3_7_demand_undo_and_round_trip():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"], play="S1 DEMAND")
    assert p.legal_moves == ["EX"]
    q = Position.from_json(p.to_json())
    assert q.legal_moves == ["EX"] and q.move_stack == ["S1", "DEMAND"]
    r = Position.from_line(p.to_line())
    assert r.to_json() == p.to_json()
    assert p.undo() == "DEMAND"
    assert legal(p) == {"S2", "EX"}


def test_DK_3_8_skus_by_trick_23_or_kept_for_the_last_trick():
    p = composed(DK, ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"])
    play_all(p, "S1 S2 S3")  # trick 23: skus kept (seat 2 wins)
    play_all(p, "H3 H1")
    assert p.legal_moves == ["H2"]  # trick 24: banned
    p.play("H2")
    assert p.trick_number == 25 and p.to_move == 0
    # the winner of trick 24 (seat 0, H1) leads; seat 1 then plays the skus
    play_all(p, "D1")
    assert p.legal_moves == ["EX"]


# ------------------------------------------------------------------ DK-4 trick winner, skus destination

def test_DK_4_1_highest_tarok_wins_else_highest_of_led_suit():
    p = composed(DK, ["SK", "T1", "S10"])
    assert winner_of(p, "SK T1 S10") == 1
    p = composed(DK, ["S9", "HK", "S10"])
    assert winner_of(p, "S9 HK S10") == 2


def test_DK_4_1_skus_ignored_when_following():
    p = composed(DK, ["S9", "EX", "S10"])
    assert winner_of(p, "S9 EX S10") == 2
    p = composed(DK, ["S9", "EX", "H10"])
    assert winner_of(p, "S9 EX H10") == 0


def test_DK_4_2_skus_never_wins_when_led():
    p = composed(DK, ["EX S1 D1", "S2 H2 D2", "S3 H3 D3"])
    play_all(p, "EX:S S2 S3")
    assert p.tricks[-1].winner == 2


def test_DK_4_2_led_skus_winner_among_the_other_two_by_named_suit():
    p = composed(DK, ["EX S1 D1", "H2 D2 C2", "S3 H3 C3"])
    play_all(p, "EX:H H2 H3")
    assert p.tricks[-1].winner == 1  # red pips: 2 above 3


def test_DK_4_3_winner_leads_next():
    p = composed(DK, ["S9 H1", "S1 H2", "S10 H3"])
    assert winner_of(p, "S9 S1 S10") == 2
    assert p.to_move == 2


def test_DK_4_4_skus_before_the_last_trick_returns_to_its_holder():
    p = composed(DK, ["SK H1 D1", "S2 EX H2", "S3 H3 D3"], tricks_taken=[22, 0, 0])
    before = [p.points(s) for s in range(3)]
    play_all(p, "SK EX S3")
    t = p.tricks[-1]
    assert (t.number, t.winner) == (23, 0)
    assert "EX" in p.pile(1) and "EX" not in p.pile(0)
    assert p.tricks_won(0) == 23 and p.tricks_won(1) == 0
    assert p.points(0) - before[0] == 1 + 4  # the trick + SK
    assert p.points(1) - before[1] == 4  # the skus, no trick point


def test_DK_4_4_skus_in_the_last_trick_goes_to_the_winner():
    p = composed(DK, ["SK", "EX", "S3"])
    before = p.points(0)
    play_all(p, "SK EX S3")
    assert "EX" in p.pile(0) and "EX" not in p.pile(1)
    assert p.points(0) - before == 1 + 4 + 4
    assert p.points(1) == 0


def test_DK_4_4_skus_led_to_the_last_trick_goes_to_the_winner():
    p = composed(DK, ["EX", "S2", "H3"], rest=2)
    assert p.legal_moves == ["EX:S", "EX:H"]
    play_all(p, "EX:S S2 H3")
    assert p.tricks[-1].winner == 1
    assert sorted(p.pile(1)) == ["EX", "H3", "S2"]
    assert p.points(1) == 1 + 4 and p.points(0) == 0


def test_DK_4_4_led_skus_in_trick_23_returns_to_its_holder():
    p = composed(DK, ["EX S1 H1", "S2 H2 D2", "S3 H3 D3"], rest=1)
    play_all(p, "EX:S S2 S3")
    assert p.tricks[-1].winner == 2
    assert "EX" in p.pile(0) and p.points(0) == 4
    assert p.points(2) == 1 + 1  # one trick + the dealer's skat point


def test_DK_4_5_no_emperor_trick():
    p = composed(DK, ["T1", "T21", "EX"])
    assert winner_of(p, "T1 T21 EX") == 1


# ------------------------------------------------------------------ DK-5 card count

def test_DK_5_honour_values():
    v = get_variant(DK)
    p = {t: v.points[i] for i, t in enumerate(v.deck.tokens)}
    assert {p[t] for t in ("T21", "T1", "EX", "SK", "HK", "DK", "CK")} == {4}
    assert {p[t] for t in ("SQ", "HQ", "DQ", "CQ")} == {3}
    assert {p[t] for t in ("SN", "HN", "DN", "CN")} == {2}
    assert {p[t] for t in ("SJ", "HJ", "DJ", "CJ")} == {1}
    assert {p[t] for t in ("S10", "S1", "H1", "H10", "T2", "T20")} == {0}
    assert sum(v.points) == 52


def test_DK_5_1_points_are_tricks_plus_dealer_skat_plus_honours():
    p = composed(DK, ["SK H1", "SQ H2", "S1 H3"], seat_piles=["", "DN", "HJ"], tricks_taken=[10, 8, 5], rest=0)
    assert p.points(0) == 10 + hp(" ".join(p.pile(0)))
    assert p.points(1) == 8 + 2
    assert p.points(2) == 5 + 1 + 1  # tricks + skat + bonde
    play_all(p, "SK SQ S1")
    assert p.points(0) == 11 + hp(" ".join(p.pile(0)))
    assert "SQ" in p.pile(0) and p.tricks_won(0) == 11


def test_DK_5_1_total_is_78():
    p = composed(DK, ["SK H1", "SQ H2", "S1 EX"], tricks_taken=[10, 8, 5])
    total_before = sum(p.points(s) for s in range(3)) + hp("SK H1 SQ H2 S1 EX") + 2
    assert total_before == 78
    play_all(p, "SK SQ S1 H1 H2 EX")
    assert sum(p.points(s) for s in range(3)) == 78


def test_DK_5_3_per_card_formula_is_off_by_a_third_when_the_skus_returns():
    # seed count: the holder gets exactly 4 for the skus, the winner 1 trick point
    p = composed(DK, ["SK H1 D1", "S2 EX H2", "S3 H3 D3"], tricks_taken=[22, 0, 0])
    b = [p.points(s) for s in range(3)]
    play_all(p, "SK EX S3")
    assert [p.points(s) - b[s] for s in range(3)] == [5, 4, 0]


def test_DK_5_4_example_nine_tricks_with_honours_is_27():
    pile = "T21 SK HK DQ SJ HJ CJ S2 S3 S4 S5 S6 S7 S8 S9 C2 C3 C4 C5 C6 C7 C8 C9 C10 D10 D9 D8"
    p = composed(DK, ["S10", "S1", "C1"], seat_piles=["", pile, ""], tricks_taken=[10, 9, 5])
    assert p.points(1) == 27
    assert p.points(1) - 26 == 1


def test_DK_2_7_danish_appendix_a_52_honours_plus_26_trick_points():
    v = get_variant(DK)
    assert sum(v.points) == 52 and v.total_units == 78

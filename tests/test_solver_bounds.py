"""The search's sure-count bounds at trick starts: hands that win by force are decided with
almost no tree (issue 17), and the bounds never decide wrongly (the regressions below and the
reference cross-checks in test_solver_reference.py)."""

import os
import random
import sys

import pytest

from solver import Position
from solver.search import Solver
from solver.variants import get_variant

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402
from endgames import ref_game, reference_valat, reference_values  # noqa: E402
from helpers import composed  # noqa: E402

# A declarer with a long run of top trumps and the kings (and the French Excuse): any player
# sees the contract made.  Without the leader's plan (cash the top trumps until the others
# have none, then the kings) the French garde contre took 6-13 M nodes and was still
# undecided after 5 s; with it, a few hundred nodes.  (benchmarks/bench_solver.py DOMINANT)
DOMINANT = [
    "french4 garde_contre; declarer 1; hands S2 H6 H3 H2 H1 DQ D10 D2 CQ C7 C6 C5 C4 C1 T7 T6 T4 T3 / "
    "SK S7 HK HN H4 DK CK T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX / SQ SN S8 S4 HQ HJ H10 H8 D9 D8 "
    "D7 D6 D4 D3 CN C10 T11 T9 / SJ S9 S6 S5 S3 S1 H9 H7 H5 DN DJ D5 D1 CJ C8 T10 T5 T2; "
    "defence_pile S10 C9 C3 C2 T8 T1",
    "french3 garde_contre; declarer 1; hands SN S10 S8 S6 S2 HQ HJ H9 H8 H6 H5 H3 D7 D3 D2 CN C10 C9 C8 "
    "C4 T10 T8 T5 T4 / SK SJ HK H10 DK D10 CK C7 C5 C3 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T3 "
    "T2 EX / SQ S9 S7 S5 S4 S3 S1 HN H7 H2 DQ DN D9 D5 D1 CQ CJ C6 C2 C1 T9 T7 T6 T1; "
    "defence_pile H4 H1 DJ D8 D6 D4",
    "slovenian4 solo_without; declarer 3; hands S7 HQ HN H2 D4 CN C10 T11 T9 T8 T3 T1 / SQ SJ S9 HJ DJ "
    "CJ C9 T15 T13 T10 T6 T2 / SN S10 H1 H3 DQ D1 D2 D3 C8 C7 T12 T4 / SK HK DK DN CK T22 T21 T20 T19 "
    "T18 T17 T16; defence_pile S8 H4 CQ T14 T7 T5",
    "slovenian3 solo_without; declarer 2; hands S9 HQ HJ H2 H4 D2 D4 C10 T12 T11 T8 T7 T6 T4 T3 T2 / "
    "SQ SN SJ S8 HN H1 H3 DQ DN DJ D1 CJ C9 C8 T10 T1 / SK S10 HK DK CK CN T22 T21 T20 T19 T18 T17 T16 "
    "T15 T14 T5; defence_pile S7 D3 CQ C7 T13 T9",
]


def reference_exact(pos, seats, goal, value):
    """Whether the reference's AND/OR search finds the party of ``seats`` reaching ``value``
    of the count ``goal`` and not one more."""
    game = ref_game(pos)
    return reference.at_least(game, seats, goal, value) and not reference.at_least(game, seats, goal, value + 1)


def tricks(pos, seats=(0,)):
    """The tricks of the party of ``seats``: the solver's, with the node count, and the
    reference's (the solver's count where reference_exact confirms it, else None)."""
    r = Solver(16).solve(pos, "tricks")
    return r.value, r.nodes, r.value if reference_exact(pos, list(seats), "tricks", r.value) else None


@pytest.mark.parametrize("line", DOMINANT, ids=lambda line: line.split(";")[0])
def test_a_dominant_hand_is_decided_with_almost_no_tree(line):
    r = Solver(16).solve(Position.from_line(line), "win", limit=5000)
    assert r.value is True and r.nodes < 5000


def test_the_others_give_their_cheapest_cards_to_the_sure_tricks_and_no_cheaper():
    """The declarer's top trumps take every trick, and the others hold kings and queens (and
    one S7): each must give a card to every one of those tricks, so what the declarer surely
    takes counts their cheapest cards as they are, not as the deck's cheapest.  Decided at
    the root (64 and 595 nodes when every card but the trumps counted as a pip)."""
    for hands, points in ((["T22 T21", "SK HK", "DK CK", "SQ HQ"], 98),
                          (["T22 T21 T20", "SK HK SQ", "DK CK S7", "HQ DQ CQ"], 120)):
        pos = composed("slovenian4", hands, contract="solo_without", leader=0)
        r = Solver(16).solve(pos, "points")
        assert r.value == reference_values(pos, [0], ["points"])[0]["points"] == points
        assert r.nodes == 1


def test_the_leaders_trump_rounds_take_the_others_trumps_before_their_pips():
    """The declarer leads T22 and T21, above every other trump: seat 1 must follow with a
    trump while it holds one, so its T2 and then its pagat fall to those tricks though it
    holds the H3 and H4.  What the leader surely takes counts each seat's cheapest trumps
    for his trump leads: 328 nodes (973 when it counted each seat's cheapest cards)."""
    pos = composed("slovenian4", ["T22 T21 S7 S8", "T1 T2 H3 H4", "SK SQ HK HQ", "DK DQ CK CQ"],
                   contract="solo_without", leader=0)
    r = Solver(16).solve(pos, "points")
    assert r.value == reference_values(pos, [0], ["points"])[0]["points"] == 80
    assert r.nodes < 500


def test_trumps_the_others_cannot_all_beat_bound_the_card_points_of_long_hands():
    """Slovenian 3-player, five tricks left, the declarer to lead with H1 T19 T12 T10 T9:
    seat 1 holds T22 T20 T18 T17 T3 and seat 2 no trump, and of seat 1's four high trumps
    the declarer's T19 can beat one at most, so the defence takes three tricks whatever is
    played.  In games of more than 12 tricks such tricks bound the card points too
    (length_counts): 472 nodes, 1,342 without."""
    line = ("slovenian3 three; declarer 0; hands SN SJ HK HN H1 D1 CQ T19 T12 T10 T9 T8 T5 T4 T2 T1 / S10 S9 HQ "
            "H3 DK DJ CN C9 T22 T21 T20 T18 T17 T15 T6 T3 / SK SQ S8 HJ DQ DN D2 D4 CK CJ C10 C8 T16 T14 T13 T7; "
            "declarer_pile S7 H4 C7; defence_pile H2 D3 T11; play HN HQ HJ DK D2 D1 T15 T7 T2 DJ DQ T1 T4 T21 "
            "T13 T6 T14 T8 S8 SJ S10 HK H3 T16 C8 CQ C9 SN S9 SK CK T5 CN")
    pos = Position.from_line(line)
    r = Solver(16).solve(pos, "points")
    assert reference_exact(pos, [0], "points", r.value)
    assert r.nodes < 900


def test_a_lone_declarer_with_the_top_trumps_and_kings_is_seen_to_win_by_force():
    """The defence leads, and may ruff a king, but the declarer's seven top trumps take seven
    tricks, into which the others must give their dearer cards once their cheap ones run
    out: the contract is made, decided in a few thousand nodes (3,854,986 when every card the
    others gave counted as a pip; benchmarks/bench_solver.py's dominant Slovenian deal 10)."""
    line = ("slovenian4 solo_without; declarer 1; hands H1 H4 DQ DN D1 D4 CQ T15 T14 T10 T8 T1 / SK HK DK "
            "CK T22 T21 T20 T19 T18 T17 T16 T5 / SN SJ S9 S7 HQ HN HJ H3 CN C8 T9 T2 / S10 S8 H2 DJ D2 D3 "
            "C9 C7 T12 T11 T4 T3; defence_pile SQ CJ C10 T13 T7 T6")
    r = Solver(16).solve(Position.from_line(line), "win")
    assert r.value is True and r.nodes < 50_000


def test_after_the_draw_a_low_trump_is_a_sure_trick_too():
    """The declarer leads: six rounds of his seven top trumps draw every other trump (seat 2
    holds six), his four kings are masters, and then his T2 wins as well, for no one else holds
    a trump: valat, decided at the root (143,130 nodes when the plan counted top trumps only)."""
    line = ("slovenian4 solo_without; declarer 0; hands SK HK DK CK T22 T21 T20 T19 T18 T17 T16 T2 / "
            "SQ S10 HN H4 DN DJ D1 D3 CN CJ C9 T1 / SJ S8 HJ D2 D4 C10 T12 T9 T8 T6 T4 T3 / "
            "SN S9 S7 H2 H3 DQ CQ T14 T11 T10 T7 T5; defence_pile HQ H1 C8 C7 T15 T13")
    r = Solver(16).solve(Position.from_line(line), "valat")
    assert r.value is True and r.nodes <= 2


def test_a_lone_declarer_loses_a_trick_with_a_card_an_opponent_can_beat():
    """Valat for a declarer alone: he would lead every trick, so his S3 and C3 (among others)
    would have to win when led, but the defence holds higher spades and clubs and keeps one
    until then.  So no valat, seen at his first lead (65,125 nodes without that bound)."""
    line = ("french3 garde_contre; declarer 0; hands SK S3 HK H5 H1 DK DQ DN D6 CK C3 T21 T20 T19 T18 "
            "T17 T16 T15 T14 T13 T12 T11 T8 EX / S10 S9 S8 S7 S6 S5 S2 HQ HJ H10 H4 H2 DJ D10 D8 D4 D3 C9 "
            "C2 T9 T6 T4 T2 T1 / SQ SN S4 S1 HN H9 H7 H3 D9 D7 D5 D2 D1 CN CJ C10 C8 C7 C6 C5 C4 T7 T5 T3; "
            "defence_pile SJ H8 H6 CQ C1 T10")
    r = Solver(16).solve(Position.from_line(line), "valat")
    assert r.value is False and r.nodes < 10_000


@pytest.mark.parametrize("seat1, seat3, made", [
    ("SQ S10 C8 C9", "D1 D2 D3 C10", False),  # SQ guarded: S10 goes on the SK, SQ on the S7
    ("SQ C10 C8 C9", "D1 D2 D3 S10", True),   # SQ bare: it falls to the SK, and S7 is high
])
def test_a_lone_declarer_loses_a_trick_to_a_guarded_card(seat1, seat3, made):
    """A declarer alone leads every card, so his S7 is led: below seat 1's SQ, which, with a
    card to play on his SK, seat 1 keeps until then.  Decided at the root (49 nodes while only
    a card above the declarer's highest counted); a bare SQ falls to the SK."""
    pos = composed("slovenian4", ["T21 T20 SK S7", seat1, "H1 H2 H3 C7", seat3],
                   contract="solo_without", leader=0, tricks_taken=[8, 0, 0, 0])
    r = Solver(16).solve(pos, "valat")
    assert r.value is made
    assert reference_valat(pos, [0]) == made
    if not made:
        assert r.nodes <= 1


def test_a_partner_may_win_the_trick_a_beaten_card_falls_in():
    """Not so with a partner: seat 2 leads his S7, below the defender's SK, and yet his side
    takes both tricks: the declarer, void in spades, trumps it (T21), then leads H1 and the
    partner trumps that (T22)."""
    pos = composed("slovenian4", ["T21 H1", "SK H2", "T22 S7", "H3 H4"], contract="three", leader=2,
                   tricks_taken=[4, 2, 2, 2], called_king="CK", partner=2)
    value, _, expected = tricks(pos, (0, 2))
    assert value == expected == 8


def test_a_partner_who_can_never_take_the_lead_leaves_the_declarer_as_if_alone():
    """The partner (seat 2) can win no trick the declarer leads: his trumps lie below the
    declarer's, and he holds as many spades as the declarer, so he cannot trump one, nor
    beat seat 1's SQ SJ S10 (as many spades above his S9 as the declarer holds).  So the
    declarer leads every card, and his S7 loses to seat 1, who keeps SQ and plays SJ or S10
    on the SK.  No valat, seen at the root (101 nodes before this bound)."""
    pos = composed("slovenian4", ["T21 T20 SK S7", "SQ SJ S10 C8", "T3 T2 S9 S8", "H2 H3 H4 C7"],
                   contract="three", leader=0, tricks_taken=[8, 0, 0, 0], called_king="CK", partner=2)
    r = Solver(16).solve(pos, "valat")
    assert r.value is False and r.nodes <= 1
    assert reference_valat(pos, [0, 2]) == 0
    value, _, expected = tricks(pos, (0, 2))
    assert value == expected == 11


def test_an_excuse_led_to_a_guard_of_the_next_seat_is_a_lost_trick():
    """French 5-player, the declarer to lead T21 T20 S7 and the Excuse, his partner (seat 2)
    without a trump or an entry.  His S7 loses to seat 1's SK unless he never leads it, and
    his Excuse led before the last trick lets seat 1, next, play a heart no partner can beat
    (FR-4.3): seat 1 holds more hearts above the partner's highest (none) than the declarer
    holds (none), so he keeps one for it.  No valat, seen at the root."""
    pos = composed("french5", ["T21 T20 S7 EX", "SK S1 H5 H6", "C1 C2 D1 D2", "D5 D6 C5 C6", "D7 D8 C7 C8"],
                   contract="garde", leader=0, called_king="CK", partner=2, rest="declarer")
    r = Solver(16).solve(pos, "valat")
    assert r.value is False and r.nodes <= 1
    assert reference_valat(pos, [0, 2]) == 0


@pytest.mark.parametrize("partner_seat", [2, 1])
def test_an_excuse_led_where_the_partner_can_win_its_trick_is_not_a_lost_trick(partner_seat):
    """The declarer leads SK (seat 1's SQ falls to it), T21, then the Excuse: seat 1 has
    only hearts left, below the partner's HK, which takes the trick; the partner leads CK and
    the declarer throws his D2, which seat 3's DK beats.  Valat made, though seat 1 holds as
    many spades above the partner's (none) as the declarer holds spades: the SQ must fall to
    the SK.  Likewise with the partner next to the declarer (he sets the suit)."""
    hands = ["SK T21 EX D2", "SQ H2 H3 H4", "HK CK C1 D1", "DK D5 H5 C5", "D6 H6 C6 S6"]
    if partner_seat == 1:
        hands[1], hands[2] = hands[2], hands[1]
    pos = composed("french5", hands, contract="garde", leader=0, called_king="CK", partner=partner_seat,
                   rest="declarer")
    assert Solver(16).solve(pos, "valat").value is True
    assert reference_valat(pos, [0, partner_seat]) == 1


def test_an_excuse_led_before_a_losing_lead_of_its_suit_is_a_lost_trick():
    """The declarer to lead T21 S7 and the Excuse, his partner (seat 2) without a trump or
    a spade.  Seat 1, next, holds one spade (S2), no more than the declarer's spades, but
    seat 3's SK beats the S7 at its first lead: the Excuse led before it lets seat 1 play
    the S2, which no partner can beat (FR-4.3), and led after it comes too late.  No valat,
    seen at the root."""
    pos = composed("french5", ["T21 S7 EX", "S2 H5 H6", "HK C1 D1", "SK C2 D2", "D5 D6 C5"],
                   contract="garde", leader=0, called_king="CK", partner=2, rest="declarer")
    r = Solver(16).solve(pos, "valat")
    assert r.value is False and r.nodes <= 1
    assert reference_valat(pos, [0, 2]) == 0


def test_an_excuse_led_after_its_suit_has_stripped_the_next_seat_may_reach_the_partner():
    """The declarer's SK draws seat 1's only spade; seat 3's SJ S10 beat his S7 (the S10 on
    the second lead), but his Excuse comes first: seat 1 has only hearts, the partner's HK
    takes the trick, and his CK takes the last, the declarer throwing his S7.  Valat made:
    seat 1 holds one spade above the partner's (none), no more than the declarer's spades
    above seat 3's S10."""
    pos = composed("french5", ["SK S7 EX", "S2 H2 H3", "HK CK C1", "SJ S10 D2", "D5 D6 C5"],
                   contract="garde", leader=0, called_king="CK", partner=2, rest="declarer")
    assert Solver(16).solve(pos, "valat").value is True
    assert reference_valat(pos, [0, 2]) == 1


def excuse_lead_endgame(rng):
    """A French 5-player valat still open (the side took every trick), the declarer (seat 0)
    to lead 2 or 3 tricks holding the Excuse, a random partner holding no trump."""
    deck = get_variant("french5").deck
    k = rng.choice((2, 3))
    cards = [t for t in deck.tokens if t not in ("EX", "CK")]  # (the called king lies in the piles)
    rng.shuffle(cards)
    partner = rng.randrange(1, 5)
    hands = [None] * 5
    hands[0] = ["EX"] + cards[:k - 1]
    hands[partner] = [t for t in cards[k - 1:] if not t.startswith("T")][:k]
    rest = [t for t in cards[k - 1:] if t not in hands[partner]]
    for seat in range(5):
        if hands[seat] is None:
            hands[seat], rest = rest[:k], rest[k:]
    return composed("french5", [" ".join(h) for h in hands], contract="garde", leader=0, called_king="CK",
                    partner=partner, rest="declarer"), partner


def test_valats_with_the_declarers_excuse_agree_with_the_reference():
    """Random endgames where excuse_no_entry decides whether the declarer is as if alone
    (the random cross-checks seldom reach it: a side that has taken every trick, its leader
    holding the Excuse): the solver's valat is the reference's."""
    rng = random.Random("excuse-lead")
    solver = Solver(16)
    for _ in range(30):
        pos, partner = excuse_lead_endgame(rng)
        solver.clear()
        expected = reference_valat(pos, [0, partner])
        assert solver.solve(pos, "valat").value is bool(expected), pos.to_line()


@pytest.mark.parametrize("partner, seat1, seat3", [
    ("T3 T2 C9 S8", "SQ SJ S10 C8", "H2 H3 H4 C7"),  # he trumps the S7 (one spade against two)
    ("T3 T2 S9 S8", "SQ H1 H4 C8", "H2 H3 S10 C7"),  # no opponent holds two spades above his S9
])
def test_a_partner_who_may_take_the_lead_is_not_left_out(partner, seat1, seat3):
    """The same hands, but the partner can trump the declarer's spades, or the opponents hold
    too few spades above his S9 to beat his spades on both leads: valat made, as the
    reference says."""
    pos = composed("slovenian4", ["T21 T20 SK S7", seat1, partner, seat3],
                   contract="three", leader=0, tricks_taken=[8, 0, 0, 0], called_king="CK", partner=2)
    assert Solver(16).solve(pos, "valat").value is True
    assert reference_valat(pos, [0, 2]) == 1


def test_an_opponent_whose_skus_is_held_back_must_play_his_higher_card():
    """DK-3.6 "Skus may not be led or played in the next-to-last trick": seat 1 holds SK and
    the skus in trick 24, so on seat 0's T4 he must give up his SK, and seat 0's S5 takes the
    last trick (a bound that had him keep the SK said 1 trick)."""
    pos = composed("danish", ["S5 T4", "SK EX", "HK T1"], leader=0, tricks_taken=[0, 0, 23])
    value, _, expected = tricks(pos)
    assert value == expected == 2


def test_the_plan_is_only_a_bound_for_a_party_that_wants_the_count():
    """Goal no-tricks, side = the declarer (seat 1), who leads with the top trumps T16 T11.
    The declarer wants no trick here: the plan of cashing them is not his, and the bound it
    gives (3 tricks) must not be taken for his value (2)."""
    line = ("slovenian3 valat; declarer 1; hands SQ HN H3 H4 DN D1 CK CJ C10 T19 T17 T14 T12 T6 T3 T2 / "
            "SJ S8 HK HQ HJ DJ D3 CQ C8 T21 T16 T11 T9 T8 T7 T5 / SK SN S10 S7 H1 DK D4 C9 C7 T22 T20 T18 "
            "T15 T10 T4 T1; talon S9 H2 DQ D2 CN T13; options early_end=false; play T14 T7 T10 SQ SJ S10 "
            "HN HJ H1 D1 D3 D4 H4 HK T1 T22 T17 T21 SK T3 S8 T12 T8 T15 C9 CK CQ T6 T9 T20 T18 T19 T5 CJ "
            "C8 C7 DN DJ DK SN T2")
    pos = Position.from_line(line)
    r = Solver(16).solve(pos, "no-tricks", side=1, all_cards=True, line=True)
    assert r.value is False and r.cards == {"T11": False, "T16": False}
    assert Solver(16).solve(pos, "tricks", side=1).value == 3


def test_trumps_the_others_cannot_all_beat_decide_the_tricks_at_once():
    """Seat 1 holds four trumps and the declarer two, higher: they beat two of them at most,
    so the defence takes two of the four tricks whatever is played, and the declarer's top
    trumps take the other two.  Both bounds meet at the root: no tree (100 nodes without)."""
    pos = composed("slovenian4", ["T22 T21 SK HK", "T5 T4 T3 T2", "S7 S8 H1 H2", "S9 S10 H3 H4"],
                   contract="solo_without", leader=0, tricks_taken=[4, 2, 1, 1])
    value, nodes, expected = tricks(pos)
    assert value == expected == 6 and nodes <= 3


def test_the_pagat_beats_a_higher_trump_in_the_emperor_trick():
    """SI-4.1 "... except when the whole trula falls in the trick: then the pagat wins": the
    declarer's pagat is his only trump, below both of the others', yet it takes the last trick
    from them (no bound may count their trumps as safe from it)."""
    pos = composed("slovenian4", ["T1", "T21", "T22", "H1"], contract="solo_without", leader=1,
                   tricks_taken=[5, 2, 2, 2])
    value, _, expected = tricks(pos)
    assert value == expected == 6


def test_no_emperor_trick_where_one_seat_holds_two_of_the_trula():
    """SI-4.1 "... except when the whole trula falls in the trick: then the pagat wins": the
    pagat, mond and škis must fall in one trick, and a seat plays one card to a trick.  Seat 1
    holds the mond and the pagat, the declarer the škis: no emperor trick can come, so the
    bounds count the škis as a sure trick and seat 1's trumps as one the declarer cannot beat,
    and the tricks are settled at the root (10 nodes while all three still out kept those
    bounds shut).  With the pagat in a third hand the emperor trick takes the škis."""
    hands = ["T22 H1", "T21 T1", "S7 S8", "C7 C8"]
    for leader in (0, 1):
        pos = composed("slovenian4", hands, contract="solo_without", leader=leader, tricks_taken=[4, 2, 2, 2])
        value, nodes, expected = tricks(pos)
        assert value == expected == 5 and nodes <= 2
    pos = composed("slovenian4", ["T22 H1", "T21 S9", "T1 S8", "C7 C8"], contract="solo_without", leader=1,
                   tricks_taken=[4, 2, 2, 2])
    value, _, expected = tricks(pos)
    assert value == expected == 4


def test_the_excuse_takes_the_last_trick_of_a_chelem_over_a_lone_trump():
    """FR-4.4 at chelem: the defence has won every trick and its Excuse takes the last one,
    though nothing else there beats the declarer's trump (no bound may count that trump as a
    sure trick)."""
    pos = composed("french4", ["T2", "EX", "S1", "S2"], contract="garde", leader=2, tricks_taken=[0, 10, 4, 3])
    value, _, expected = tricks(pos)
    assert value == expected == 0


def test_the_excuse_or_skus_played_before_the_last_trick_stays_with_its_side():
    """FR-4.3: the Excuse goes back to its holder's side, which gives a half point for it to
    the trick's winners; only in the last trick may it leave (FR-4.4).  A defender holds it
    with three tricks to play: the declarer's T21 takes a trick, and the 4 points the defence
    keeps of the Excuse settle the rest at the root (39 nodes before).  Where the declarer
    holds it he keeps those 4 points though T21 is the defence's.  DK-4.4 the same for the
    skus, but DK-3.6 keeps it out of the next-to-last trick: with two tricks left it may only
    fall in the last, which its holder's side does not keep."""
    rest = ["H3 H4 H5", "C3 C4 C5"]
    pos = composed("french4", ["T21 S1 S2", "EX H1 H2"] + rest, contract="garde", leader=0, tricks_taken=[5, 5, 5, 0])
    r = Solver(16).solve(pos, "points")
    assert r.value == reference_values(pos, [0], ["points"])[0]["points"] == 20 and r.nodes <= 2
    pos = composed("french4", ["EX S1 S2", "T21 H1 H2"] + rest, contract="garde", leader=1, tricks_taken=[5, 5, 5, 0])
    assert Solver(16).solve(pos, "points").value == reference_values(pos, [0], ["points"])[0]["points"] == 8
    pos = composed("danish", ["T21 S1 S2", "EX H1 H2", "H3 H4 H5"], leader=0)
    r = Solver(16).solve(pos, "points", side=0)
    assert r.value == reference_values(pos, [0], ["points"])[0]["points"] == 73 and r.nodes <= 2  # (8 before)
    pos = composed("danish", ["T21 S1", "EX H1", "H3 H4"], leader=0)  # (the skus to the T21's last trick)
    assert Solver(16).solve(pos, "points", side=0).value == reference_values(pos, [0], ["points"])[0]["points"] == 77


def test_the_leader_reaches_his_partners_masters_after_his_plan():
    """French 5-player, the declarer to lead T21 T20 C2 and the Excuse, his partner holding
    CK HK SK D2, no defender a trump: the declarer draws nothing but cashes his two trumps
    (the partner throws D2 and a king), then leads C2 to the CK, and the partner cashes his
    last king while the declarer throws the Excuse.  The side takes all four tricks, seen at
    the root; with CK CQ the same through the queen."""
    defence = ["S5 H5 D5 C5", "S6 H6 D6 C6", "S7 H7 D7 C7"]
    for declarer, partner in (("T21 T20 C2 EX", "CK HK SK D2"), ("T21 T20 C2 S3", "CK CQ D3 D2")):
        pos = composed("french5", [declarer, partner] + defence, contract="garde", leader=0,
                       called_king="CK", partner=1)
        value, nodes, expected = tricks(pos, (0, 1))
        assert value == expected == 4 and nodes == 1
    pos = composed("french5", ["T21 T20 C2 EX", "CK HK SK D2"] + defence, contract="garde", leader=0,
                   called_king="CK", partner=1, rest="declarer")
    r = Solver(16).solve(pos, "valat")
    assert r.value is True and r.nodes == 1


def test_a_partners_masters_count_only_where_the_leader_can_reach_them():
    """The declarer's S2 S3 lie below every defender's spade and his partner holds no spade:
    after the two trumps he cannot reach the partner's CK and HK, and the side takes three
    tricks, not four."""
    pos = composed("french5", ["T21 T20 S2 S3", "CK HK D3 D2", "S5 H5 D5 C5", "S6 H6 D6 C6", "S7 H7 D7 C7"],
                   contract="garde", leader=0, called_king="CK", partner=1)
    value, _, expected = tricks(pos, (0, 1))
    assert value == expected == 3


def test_a_partners_masters_count_no_more_tricks_than_are_left():
    """Three tricks left, the declarer's side (seats 0 and 4) to lead: whatever it leads, seat 3
    trumps and then leads his other trump and C2, and his partner's C3 and DQ would be masters
    for the two tricks left after them.  Counted beyond the tricks left, they bounded the
    declarer's side below what it takes (5 tricks; the solve found no value at all)."""
    line = ("french5 garde_contre; declarer 4; called_king DK; hands SK SJ S9 S5 HK HJ H9 DK DN CJ C8 T16 T14 "
            "T9 T8 / SN S8 S3 H8 H6 H3 D10 D8 D7 D2 CN C4 T19 T18 T5 / SQ S2 HN DQ D6 D5 D1 C10 C5 C3 T17 T13 "
            "T11 T4 EX / S1 H10 H7 H4 D4 D3 CK CQ C7 C2 T21 T15 T10 T3 T1 / S10 S6 S4 HQ H5 H2 H1 D9 C9 C1 "
            "T20 T12 T7 T6 T2; defence_pile S7 DJ C6; play C8 CN EX CQ C9 T15 T20 T8 T18 T13 H5 HJ H6 HN H4 "
            "D1 D3 D9 DN D8 DK D10 D6 D4 T6 H1 HK H8 T11 H7 D5 T21 T12 T9 D7 C7 C1 CJ C4 C10 S9 SN SQ S1 S10 "
            "T17 T3 T2 T16 T19 H3 T4 H10 H2 H9 C5 CK T7 T14")
    pos = Position.from_line(line)
    value, _, expected = tricks(pos, (0, 4))
    assert value == expected == 5


def test_a_dominant_valat_the_partner_completes_is_decided_at_once():
    """Seed 1's dominant French 5-player hand 13 (benchmarks/bench_solver.py): the partner
    leads, and the valat is made.  At each trick start the declarer leads after that, his top
    trumps and kings and his partner's masters, reached with a low card, take every trick: a
    few dozen nodes, with or without the first trick's rounds (0.66 M with them and millions
    without before the partner's masters counted)."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "benchmarks"))
    from bench_solver import dominant_set
    pos = dominant_set("french5", 14, 1)[13]
    r = Solver(16).solve(pos, "valat")
    assert r.value is True and r.nodes < 1000


@pytest.mark.parametrize("partner", [3, 1])
def test_a_partner_reached_by_the_excuse_completes_the_plan(partner):
    """The declarer cashes T21 (no one else holds a trump) and leads the Excuse: seat 1, next,
    sets the suit (FR-4.3), but the partner holds the master of every suit seat 1 holds (the
    called CK lies in the pile), keeps one of each seat 1 still holds when he discards to the
    T21, takes the Excuse's trick and leads his last master, on which the declarer throws the
    H6 that seat 4's HQ would beat.  Valat made, seen at the root; likewise with the partner
    next to the declarer (he sets the suit with a master)."""
    hands = ["T21 EX H6", "S5 D3 C4", "H5 H4 D2", "SK DK CQ", "HQ S3 C2"]
    if partner == 1:
        hands[1], hands[3] = hands[3], hands[1]
    pos = composed("french5", hands, contract="garde", leader=0, called_king="CK", partner=partner,
                   rest="declarer")
    r = Solver(16).solve(pos, "valat")
    assert r.value is True and r.nodes <= 1
    assert reference_valat(pos, [0, partner]) == 1


def test_a_suit_of_the_next_seat_without_a_partners_master_keeps_the_excuse_from_him():
    """The same, but seat 1 holds a heart, in which the partner holds nothing: he keeps it for
    the Excuse, and seat 4's HQ takes the trick (led first, the H6 loses to it too).  No
    valat."""
    pos = composed("french5", ["T21 EX H6", "S5 D3 H2", "H5 H4 D2", "SK DK CQ", "HQ S3 C2"],
                   contract="garde", leader=0, called_king="CK", partner=3, rest="declarer")
    assert Solver(16).solve(pos, "valat").value is False
    assert reference_valat(pos, [0, 3]) == 0


# A defender's king falls on his partner's low spade lead, and the declarer holds only lower
# spades: the trick is the defence's, and the valat with it, before the declarer's cards are
# tried in turn (trick_lost; 6, 6 and 12 nodes when they were).
LOST_TRICKS = [
    ("french4", ["SQ SJ T21", "S2 D1 D2", "S3 D3 D4", "SK SN H1"], {}),
    ("french4", ["SQ SJ S9 T21", "S2 D1 D2 D5", "S3 D3 D4 D6", "SK SN H1 H2"], {}),
    ("french5", ["SQ SJ S9 T21", "S2 D1 D2 D5", "S3 D3 D4 D6", "SK SN H1 H2", "S10 S8 H3 T20"],
     {"contract": "garde", "called_king": "CK", "partner": 4}),
]


@pytest.mark.parametrize("variant,hands,kw", LOST_TRICKS, ids=["french4-3", "french4-4", "french5-4"])
def test_a_valat_fails_once_the_opponents_hold_the_trick_in_play(variant, hands, kw):
    pos = composed(variant, hands, leader=1, rest="declarer", **kw)
    r = Solver(16).solve(pos, "valat")
    assert r.value is False and r.nodes <= 4
    assert reference_valat(pos, [0, kw.get("partner", 0)]) == 0


def test_a_trick_with_the_pagat_in_it_is_not_lost_to_the_skis():
    """The partner, void in spades, must trump with his one trump, the pagat, and the
    defender's škis holds the trick, but the declarer's mond still to come makes it the
    emperor trick, which the pagat takes (SI-4.1): the side keeps the trick, and the valat."""
    pos = composed("slovenian4", ["T21 HQ DQ", "S7 H1 D1", "T1 HK DK", "T22 H2 D2"], called_king="HK",
                   leader=1, rest="declarer")
    assert Solver(16).solve(pos, "valat").value is True
    assert reference_valat(pos, [0, 2]) == 1

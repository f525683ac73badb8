"""Scoring of Danish tarok (solver/scoring_danish.py): the card count and nets (DK-5), the
declarations, cups and bonuses (DK-6, DK-7), on composed endgames."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import full  # noqa: E402
from scoring_cases import DK, dk, items, line_of, si_game  # noqa: E402

from solver import Position, goals  # noqa: E402
from solver.errors import ScoringError  # noqa: E402
from solver.scoring import Cups  # noqa: E402

# ------------------------------------------------------------------ Danish (DK-5 … DK-8)

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

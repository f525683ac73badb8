"""Lead hints (solver/_moves.pxd, lead_shape): a trick start with four tricks or more to go first
tries the lead that last cut at a trick start of the same coarse shape (per suit and seat: how
many cards, and how many of the others' lie above its highest), before the exact table's move
too (in partition search only where its table knows no move).  Followers' hints (follow_shape):
a follower but the trick's last first tries the card that last cut after another had failed,
under the trick start's shape with the tricks left and the trick's cards so far.  They order
moves only: the values must not change, and the node counts show that they work (node counts
are exact, the same on every machine)."""

import os
import sys

from solver import Position
from solver._core import Engine

sys.path.insert(0, os.path.dirname(__file__))

from endgames import core_solve, core_spec  # noqa: E402

# seeded deals of benchmarks/bench_solver.py (seed 2): two full Slovenian deals (slovenian4:12,
# deals 10 and 15) and a Slovenian 3-player deal two tricks in (slovenian3:14, deal 0), with
# the side's remaining count per goal and the nodes of the solve without hints
DEALS = [
    ("slovenian4 three; declarer 2; called_king SK; hands SN S8 HQ HN HJ H2 DK CQ C10 T20 T12 T3 / S10 S9 H3 H4 DQ "
     "D4 CN C9 T22 T16 T8 T1 / SQ H1 DN D1 CK CJ T21 T18 T15 T10 T7 T4 / SK D2 C7 T19 T17 T14 T13 T11 T9 T6 T5 T2; "
     "declarer_pile S7 D3 C8; defence_pile SJ HK DJ", "points", 135, 819_670),
    ("slovenian4 three; declarer 2; called_king HK; hands S7 HK HJ H4 DJ C10 C9 T20 T16 T14 T11 T8 / SN HQ H1 H3 DK "
     "DN D2 T21 T17 T15 T9 T5 / SK SJ CK CQ CN T22 T19 T18 T13 T12 T4 T2 / S9 S8 DQ D1 D3 CJ C8 C7 T10 T7 T6 T3; "
     "declarer_pile S10 H2 D4; defence_pile SQ HN T1", "points", 157, 1_231_047),
    ("slovenian3 three; declarer 1; hands SK SJ S10 HN H3 DJ CN C7 T22 T18 T13 T11 T10 T6 T4 T3 / SQ S9 H1 DK DN D1 "
     "D2 CQ CJ C10 C8 T21 T16 T15 T14 T8 / SN S8 HK HQ HJ DQ D3 CK C9 T20 T19 T12 T9 T7 T5 T2; declarer_pile S7 H4 "
     "D4; defence_pile H2 T17 T1; play HN H1 HJ S10 SQ SN", "points", 36, 2_231_196),
]
SLOVENIAN3_TRICKS = (DEALS[2][0], "tricks", 3, 879_567)
# trick counts of two full Slovenian deals (slovenian4:12, seed 2, deals 4 and 7), which the
# partition table serves (_partition.pxd)
PARTITION_TRICKS = [
    ("slovenian4 three; declarer 2; called_king CK; hands SK SN HK HQ H2 DK DQ CQ CN C8 T18 T5 / SQ S10 S9 S7 D1 CK "
     "C7 T22 T15 T12 T8 T4 / SJ HN HJ H1 H3 CJ C10 T20 T17 T11 T10 T1 / DN DJ D2 C9 T21 T19 T16 T14 T9 T7 T6 T3; "
     "declarer_pile S8 H4 D3; defence_pile D4 T13 T2", "tricks", 5, 339_008),
    ("slovenian4 three; declarer 3; called_king DK; hands SQ S10 DQ DN D3 T22 T19 T14 T13 T12 T7 T6 / SN SJ H2 H3 D1 "
     "D2 D4 CQ CJ T21 T18 T16 / SK S9 S8 HN H1 DK CN C8 T15 T10 T9 T4 / HK HQ DJ CK C10 T20 T11 T8 T5 T3 T2 T1; "
     "declarer_pile S7 H4 C7; defence_pile HJ C9 T17", "tricks", 5, 438_725),
]
# card points of two Slovenian deals two tricks in (slovenian4:10, seed 1, deals 2 and 7), where
# the followers' hints save much, with the side's count and the nodes without those hints
FOLLOWERS = [
    ("slovenian4 three; declarer 0; called_king CK; hands SQ SN SJ HK D1 T21 T20 T18 T16 T9 T8 T3 / SK HQ H1 D2 D4 CK "
     "CN T17 T15 T7 T6 T2 / H4 DK DN DJ CQ CJ C10 C9 C8 C7 T22 T19 / S8 HN HJ DQ D3 T14 T13 T12 T10 T5 T4 T1; "
     "declarer_pile S9 S7 H2; defence_pile S10 H3 T11; play SQ SK T22 S8 C8 T5 T8 CK", "points", 126, 701_472),
    ("slovenian4 three; declarer 1; called_king HK; hands S9 DN D1 D3 CK T20 T18 T17 T10 T6 T3 T2 / SK SN HQ HJ DK DQ "
     "CJ C10 T22 T19 T14 T8 / SJ S8 HK H4 DJ D2 CN T15 T12 T9 T5 T1 / SQ S10 S7 HN D4 C8 C7 T16 T13 T11 T7 T4; "
     "declarer_pile H1 H2 C9; defence_pile H3 CQ T21; play DN DK DJ D4 SN S8 S7 S9", "points", 36, 723_750),
]


def hinted_and_unhinted_nodes(deals, partition, flag="use_hints"):
    """Each deal solved with and without hints (``flag``: the lead hints, with the followers'
    ones off in both solves as before they came; else the followers' ones; the quasi table and
    the one-trick search off, as before they came), checked for the same (known) value and for
    the table that served it (``partition``: the partition table, else the exact one): the nodes
    summed over the deals, with hints and without."""
    hinted = unhinted = 0
    others = {"use_follow_hints": False} if flag == "use_hints" else {}
    others["use_quasi"] = others["use_one"] = others["use_capped"] = False
    for line, goal, value, nodes_without in deals:
        on = core_solve(line, goal, **others)
        off = core_solve(line, goal, **others, **{flag: False})
        assert (on["lower"], on["upper"]) == (off["lower"], off["upper"]) == (value, value), (line, goal)
        assert on["partition"] == off["partition"] == partition, (line, goal)
        assert off["nodes"] == nodes_without, (goal, off["nodes"])
        hinted += on["nodes"]
        unhinted += off["nodes"]
    return hinted, unhinted


def test_lead_hints_keep_the_values_and_save_nodes():
    hinted, unhinted = hinted_and_unhinted_nodes(DEALS + [SLOVENIAN3_TRICKS], partition=False)
    # measured: 3,813,433 of 5,161,480 nodes (0.59, 0.67, 0.74 and 0.95 deal by deal) since the
    # first test of a wide interval is a quarter of the way up (probe_target); 3,881,988 of
    # 5,211,986 (0.62, 0.68, 0.74 and 0.95) since a bracketed count is searched whole
    # (tests_next); 4,306,300 of 6,297,102 (0.62, 0.53, 0.76
    # and 0.95) since a
    # seat holding two of the trula rules out the emperor trick (emperor_open; 4,391,445 of
    # 6,404,350 before), since a
    # lone declarer's tests lean high (passes_dear; 4,472,127 of 6,490,557 before), since the
    # leader's masters read the pips' order only where one of them is a pip (4,489,873 of
    # 6,508,820 before, since the leader's plan also counts where his partners hold more trumps
    # than the opponents; 4,532,416 of 6,595,191 before that; before a
    # trick count's followers tried the highest card that wins now first, 4,506,893 of 6,699,282
    # and 0.83 for the last deal); with
    # the killer lead in front from a solve's second test (the only lead before the natural
    # order without hints), 4,664,351 of 6,144,067, and with the table's move before the hint
    # too, 5,166,279 (0.84)
    assert hinted < 0.8 * unhinted, (hinted, unhinted)


def test_lead_hints_in_partition_search_keep_the_values_and_save_nodes():
    hinted, unhinted = hinted_and_unhinted_nodes(PARTITION_TRICKS, partition=True)
    # measured: 584,807 of 777,733 nodes (0.98 and 0.58) since a declarer with partners who
    # cannot take the lead counts as alone (586,754 of 778,201 before, since the leader's
    # masters read the pips' order only where one of them is a pip; 613,120 of 808,070 before, since the bounds
    # read no more ranks than their counts rest on; 728,738 of 1,005,928, 0.93 and 0.57, with
    # the sure count of the
    # top trumps still reading down to the trump that broke their run; 1,035,166 of
    # 1,608,220, 0.87 and 0.50, before any of it; 1,053,961 of 1,605,983 before a
    # trick count's followers tried the highest card that wins now first, 1,041,654 of
    # 1,587,884 before thrown cards kept the guards of a possible winner); with the killer lead in front
    # from a solve's second test, 1,034,903 of 1,456,598 (0.86 and 0.58)
    assert hinted < 0.8 * unhinted, (hinted, unhinted)


def test_followers_hints_keep_the_values_and_save_nodes():
    hinted, unhinted = hinted_and_unhinted_nodes(FOLLOWERS, partition=False, flag="use_follow_hints")
    # measured: 828,645 of 1,425,222 nodes (0.56 and 0.61 deal by deal); on the deals above,
    # with the lead hints on, 3,666,650 of 3,813,433 (0.95, 0.85, 1.02 and 0.97), and in
    # partition search 548,385 of 584,807 (0.90 and 0.99)
    assert hinted < 0.65 * unhinted, (hinted, unhinted)


def test_a_second_solve_on_the_engine_starts_without_the_first_ones_hints():
    line, goal, value, _ = DEALS[0]
    spec = core_spec(Position.from_line(line), goal)
    engine = Engine(1)  # (a table of one megabyte never grows: cleared, it is as new)
    first = engine.solve(spec)
    engine.clear()
    again = engine.solve(spec)
    assert (again["lower"], again["upper"]) == (first["lower"], first["upper"]) == (value, value)
    assert again["nodes"] == first["nodes"]

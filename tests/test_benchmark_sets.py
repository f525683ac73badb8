"""The benchmark's sets as written on its command line (benchmarks/bench_solver.py --sets): a
number of tricks left, or the dominant hands of the issue-17 targets."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_solver  # noqa: E402


def test_a_set_of_dominant_hands_deals_the_declarer_the_fixed_cards():
    variant, tricks, deals = bench_solver.parse_set("french5:dominant:3", 50)
    assert (variant, tricks, deals) == ("french5", "dominant", 3)
    positions = bench_solver.set_positions(variant, tricks, deals, seed=1)
    fixed = bench_solver.DOMINANT["french5"][1].split()
    assert len(positions) == 3
    for pos in positions:
        assert set(fixed) <= set(pos.hand(pos.declarer)) and pos.trick_number == 1


def test_a_set_of_tricks_left_is_brought_there_by_play():
    assert bench_solver.parse_set("slovenian4:4", 7) == ("slovenian4", 4, 7)
    (pos,) = bench_solver.set_positions("slovenian4", 4, 1, seed=1)
    assert pos.n_tricks - len(pos.tricks) == 4


@pytest.mark.parametrize("spec", ["french5:dominants", "french5", "bridge:12", "slovenian4:4:x"])
def test_a_bad_set_is_refused(spec):
    with pytest.raises(ValueError, match="bad set"):
        bench_solver.parse_set(spec, 5)


def test_the_driver_mode_puts_each_count_beside_its_two_tests():
    (row,) = bench_solver.run_driver(["slovenian4:3:3"], 3, seed=1, limit="60s", memory_mb=16, goal="points")
    assert (row["deals"], row["solved"]) == (3, 3)
    for deal in row["per_deal"]:
        assert deal["two_tests_nodes"] > 0 and deal["driver_nodes"] > 0
        assert len(deal["cold_nodes"]) == len(deal["hinted_nodes"]) == 2
        # the driver's tests, in the count's units: they add up to its nodes, and the last decides
        assert sum(t[4] for t in deal["driver_tests"]) == deal["driver_nodes"]
        alpha, beta, result, stopped, _ = deal["driver_tests"][-1]
        assert not stopped and (result == deal["count"] or beta == deal["count"] + 1)
    assert row["two_tests_nodes_sum"] == sum(d["two_tests_nodes"] for d in row["per_deal"])
    assert row["hinted_nodes_sum"] == [sum(d["hinted_nodes"][k] for d in row["per_deal"]) for k in (0, 1)]


def test_a_set_solved_with_every_cards_value_takes_more_nodes_for_the_same_counts():
    positions = bench_solver.set_positions("slovenian4", 3, 3, seed=1)
    count = bench_solver.run_set("slovenian4:3", positions, "points", "60s", 16)
    cards = bench_solver.run_set("slovenian4:3", positions, "points", "60s", 16, all_cards=True)
    assert (count["all_cards"], cards["all_cards"]) == (False, True)
    assert count["solved"] == cards["solved"] == 3
    assert cards["median_nodes"] > count["median_nodes"]


def test_only_solved_deals_count_as_solved_within_10_ms():
    positions = bench_solver.set_positions("slovenian4", 6, 2, seed=1)
    stopped = bench_solver.run_set("slovenian4:6", positions, "points", "1", 16)
    assert (stopped["solved"], stopped["solved_within_10ms"]) == (0, 0)
    solved = bench_solver.run_set("slovenian4:6", positions, "points", "60s", 16)
    assert solved["solved"] == 2 and 0 <= solved["solved_within_10ms"] <= 2


def test_the_tables_peak_is_the_largest_any_deal_grew_to():
    # clear() shrinks the table between deals, so the last deal's table is not the peak
    grows = bench_solver.set_positions("slovenian4", 9, 2, seed=1)[1]
    small = bench_solver.set_positions("slovenian4", 2, 1, seed=1)[0]
    alone = bench_solver.run_set("slovenian4:9", [grows], "points", "60s", 16)
    assert alone["table_mb_peak"] > 1.1
    both = bench_solver.run_set("mixed", [grows, small], "points", "60s", 16)
    assert both["table_mb_peak"] == alone["table_mb_peak"]

"""The log of a solve's tests (Engine.solve's "tests": solver/_search.pxd log_test): each test
of the root's count in order, with its window, fail-soft result and nodes, so that the driver's
choices can be measured (benchmarks/bench_solver.py --driver).  Checked against the count: a
finished test's result is a bound the count keeps, and the tests' nodes add up to the solve's."""

import os
import random
import sys

import pytest

from solver._core import Engine

sys.path.insert(0, os.path.dirname(__file__))

from endgames import core_spec, random_endgame  # noqa: E402

GAMES = ("slovenian4", "slovenian3", "koenigrufen", "french3", "french4", "french5", "danish")


def agrees(test, count):
    """Whether a finished test's fail-soft result is what the count says of its window."""
    alpha, beta, result, stopped, _ = test
    assert not stopped
    if result >= beta:
        return count >= result
    if result <= alpha:
        return count <= result
    return count == result


@pytest.mark.parametrize("variant", GAMES)
def test_the_log_holds_every_test_and_its_nodes(variant):
    rng = random.Random(61)
    for _ in range(4):
        spec = core_spec(random_endgame(variant, rng, 6), "points")
        raw = Engine(16).solve(spec)
        count = raw["lower"]
        assert raw["lower"] == raw["upper"]
        tests = raw["tests"]
        assert len(tests) == raw["iterations"] and tests
        assert sum(t[4] for t in tests) == raw["nodes"]
        assert all(agrees(t, count) for t in tests), (tests, count)
        # the last test decides: its result makes the bounds meet
        alpha, beta, result, _, _ = tests[-1]
        assert result == count or beta in (count, count + 1)


def test_a_yes_no_test_logs_one_test_and_the_cards_none():
    spec = core_spec(random_endgame("french4", random.Random(62), 6), "points")
    count = Engine(16).solve(spec)["lower"]
    raw = Engine(16).solve(spec, target=count + 1)
    assert [t[:2] for t in raw["tests"]] == [(count, count + 1)] and raw["tests"][0][2] <= count
    plain = Engine(16).solve(spec)
    with_cards = Engine(16).solve(spec, all_cards=True)
    assert [t[:4] for t in with_cards["tests"]] == [t[:4] for t in plain["tests"]]
    assert with_cards["iterations"] > plain["iterations"]  # (the cards' tests are not logged)


def test_stopped_tests_are_marked_and_two_threads_log_theirs():
    """Under a limit the test the limit stops is marked; on two threads the tests' nodes are
    all threads' (the first solo_nodes, on one thread, are an entry of their own, stopped where
    that test goes on in parallel)."""
    rng = random.Random(63)
    spec = core_spec(random_endgame("french4", rng, 9), "points")
    full = Engine(64).solve(spec)
    count = full["lower"]
    stopped = Engine(64).solve(spec, node_limit=full["nodes"] // 3)
    assert any(t[3] for t in stopped["tests"])
    assert all(agrees(t, count) for t in stopped["tests"] if not t[3])
    assert sum(t[4] for t in stopped["tests"]) == stopped["nodes"]
    engine = Engine(64)
    engine.solo_nodes = 1000
    two = engine.solve(spec, threads=2)
    assert two["lower"] == count and two["tests"]
    assert all(agrees(t, count) for t in two["tests"] if not t[3])
    assert sum(t[4] for t in two["tests"]) <= two["nodes"]

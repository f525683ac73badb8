"""Several search threads on one table give the one-thread answers.

``threads=N`` runs each null-window test on N threads that share the transposition table and
put off the nodes another is searching (ABDADA; entries are sealed against torn writes; the
table grows only while all are stopped).  The value, the value of every card, the answer of
a yes/no test, the line and the bounds of a stopped search must be those of the one-thread
search, also with more threads than the machine has cores.
"""

import _thread
import os
import random
import sys
import threading
import time

import pytest

from solver._core import Engine
from solver.deal import random_position
from solver.search import Solver, solve
from solver.variants import VARIANTS

sys.path.insert(0, os.path.dirname(__file__))

from endgames import core_spec  # noqa: E402


def _parallel_solver(memory_mb=64, threads=2):
    """A Solver on ``threads`` threads that goes parallel at once (by default the first
    100,000 nodes of a solve run on one thread, which would leave small endgames on one)."""
    solver = Solver(memory_mb, threads=threads)
    solver._engine.solo_nodes = 0
    return solver


def _endgames(vid, tricks_left, count, seed="threads"):
    out = []
    for k in range(count * 3):
        rng = random.Random("%s:%s:%d" % (seed, vid, k))
        pos = random_position(vid, rng=rng)
        while not pos.is_over and pos.n_tricks - len(pos.tricks) > tricks_left:
            pos.play(rng.choice(pos.legal_moves))
        if not pos.is_over:
            out.append(pos)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_two_threads_give_the_one_thread_values(vid):
    one, two, default = Solver(64), _parallel_solver(), Solver(64, threads=2)
    for pos in _endgames(vid, 6, 12):
        a = one.solve(pos, "points", all_cards=True, line=True)
        b = two.solve(pos, "points", all_cards=True, line=True)
        assert (b.value, b.cards) == (a.value, a.cards), pos.to_line()
        assert b.exact and b.bounds == (a.value, a.value)
        assert default.solve(pos, "points").value == a.value  # (small: one thread first)
        replay = pos.copy()
        for token in b.line:  # the two-thread line also keeps the value
            replay.play(token)
        assert replay.is_over


@pytest.mark.parametrize("threads", [3, 4, 7])
@pytest.mark.parametrize("vid", ["slovenian4", "koenigrufen", "french5", "danish"])
def test_more_threads_than_cores_give_the_one_thread_values(vid, threads):
    one, many = Solver(64), _parallel_solver(threads=threads)
    for pos in _endgames(vid, 6, 5, seed="many"):
        a = one.solve(pos, "points", all_cards=True)
        b = many.solve(pos, "points", all_cards=True)
        assert (b.value, b.cards) == (a.value, a.cards), (threads, pos.to_line())


@pytest.mark.parametrize("threads", [2, 4])
def test_every_thread_takes_part(threads):
    """Each null-window test runs on all the threads (each start counts as an iteration)."""
    spec, expected, engine = _ctrl_c_case(8)
    r = engine.solve(spec, threads=threads)
    assert r["lower"] == r["upper"] == expected
    assert r["iterations"] >= 2 * threads  # (a count needs two tests at least)


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("vid", ["slovenian4", "french4", "slovenian3"])
def test_yes_no_tests_on_several_threads(vid, threads):
    """A yes/no test (``at_least``, the win goal) is searched by all the threads too."""
    one, many = Solver(64), _parallel_solver(threads=threads)
    for pos in _endgames(vid, 7, 4, seed="yesno"):
        value = one.solve(pos, "points").value
        for at_least in (value, value + 1):
            a = one.solve(pos, "points", at_least=at_least)
            b = many.solve(pos, "points", at_least=at_least)
            assert b.bounds[0] >= at_least if at_least == value else b.bounds[1] < at_least, pos.to_line()
            assert (b.bounds[0] >= at_least) == (a.bounds[0] >= at_least)
        assert many.solve(pos, "win").value == one.solve(pos, "win").value


@pytest.mark.parametrize("threads", [2, 4])
def test_threads_on_a_growing_table(threads):
    """A search large enough that the table grows (from 1 MB) while the threads use it."""
    for pos in _endgames("slovenian4", 9, 3, seed="grow"):
        a = Solver(256).solve(pos, "points")
        b = _parallel_solver(256, threads).solve(pos, "points")
        assert b.value == a.value, pos.to_line()
    assert a.nodes > 100_000  # (enough stores to pass a 1 MB table's growth point)


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("vid", ["slovenian4", "french4", "danish"])
def test_threads_stopped_by_limits_keep_proven_bounds(vid, threads):
    for pos in _endgames(vid, 8, 4, seed="threadlimits"):
        true = solve(pos, "points").value
        for limit in (300, 3000, "1ms"):
            r = _parallel_solver(threads=threads).solve(pos, "points", limit=limit)
            lower, upper = r.bounds
            assert lower <= true <= upper, (limit, pos.to_line())
            assert r.value in (None, true)
            if isinstance(limit, int):  # the threads share the limit
                assert r.nodes <= limit


@pytest.mark.parametrize("threads", [2, 4])
def test_stop_from_another_thread(threads):
    pos = _endgames("slovenian4", 12, 2, seed="stop")[1]  # (one of 11 tricks took 0.1 s: too close)
    solver = _parallel_solver(threads=threads)
    engine = solver._engine
    timer = threading.Timer(0.05, engine.stop)
    timer.start()
    r = solver.solve(pos, "points")
    timer.join()
    assert not r.exact and r.value is None  # (the whole search takes about a second)
    again = solver.solve(pos, "points")  # the same solver searches on after a stop
    assert again.exact and r.bounds[0] <= again.value <= r.bounds[1]


def _ctrl_c_case(tricks_left):
    """A Slovenian endgame's points spec, its one-thread value, and a fresh engine whose
    two-thread solves go parallel at once (for the Ctrl-C tests)."""
    pos = _endgames("slovenian4", tricks_left, 1, seed="stop")[0]
    spec = core_spec(pos, "points")
    engine = Engine(64)
    engine.solo_nodes = 0
    return spec, Engine(64).solve(spec)["lower"], engine


def test_ctrl_c_in_the_driving_thread_leaves_the_engine_usable():
    """Ctrl-C raised in the thread that drives the two searches: both are stopped and waited
    for before the exception leaves, and the engine solves on correctly."""
    spec, expected, engine = _ctrl_c_case(11)
    timer = threading.Timer(0.05, _thread.interrupt_main)
    interrupted = False
    try:
        timer.start()
        engine.solve(spec, threads=2)
        timer.join()
        time.sleep(0.2)  # (an interrupt that comes late lands here)
    except KeyboardInterrupt:
        interrupted = True
    timer.join()
    assert interrupted
    again = engine.solve(spec, threads=2)
    assert again["lower"] == again["upper"] == expected


def test_ctrl_c_while_waiting_for_the_threads_is_raised_not_lost(monkeypatch):
    """A Ctrl-C that lands while the driving thread waits for the two searches to finish
    (here: after the search has ended) is raised once they are done, never swallowed."""
    spec, expected, engine = _ctrl_c_case(9)
    real_join, real_is_alive = threading.Thread.join, threading.Thread.is_alive
    looked, interrupted = set(), []

    def still_running_at_first_look(thread):
        if thread not in looked:
            looked.add(thread)
            return True
        return real_is_alive(thread)

    def join_then_ctrl_c(thread, timeout=None):
        real_join(thread, timeout)
        if not interrupted:
            interrupted.append(thread)
            raise KeyboardInterrupt

    monkeypatch.setattr(threading.Thread, "is_alive", still_running_at_first_look)
    monkeypatch.setattr(threading.Thread, "join", join_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        engine.solve(spec, threads=2)
    monkeypatch.undo()
    assert interrupted
    again = engine.solve(spec, threads=2)
    assert again["lower"] == again["upper"] == expected


@pytest.mark.parametrize("threads", [0, 33, "2", 2.0])
def test_thread_counts_outside_1_to_32_are_refused(threads):
    with pytest.raises(ValueError, match="threads"):
        Solver(16, threads=threads)


@pytest.mark.parametrize("vid, tricks_left", [("slovenian4", 10), ("french4", 12)])
def test_threads_put_a_test_aside_under_a_limit(vid, tricks_left):
    """Under a limit the threads' tests have budgets too (tests_budgets, checked while the
    driver waits for results): a test that runs out of its budget is recalled and put aside,
    and the bounds the others then prove hold the one-thread count."""
    put_aside = 0
    for pos in _endgames(vid, tricks_left, 3, seed="budgets"):
        spec = core_spec(pos, "points")
        exact = Engine(64).solve(spec)
        engine = Engine(64)
        engine.solo_nodes = 0
        raw = engine.solve(spec, threads=2, node_limit=exact["nodes"] // 2)
        assert raw["lower"] <= exact["lower"] <= raw["upper"], (raw, exact["lower"])
        put_aside += raw["put_aside"]
    assert put_aside > 0

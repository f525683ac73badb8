"""Two search threads on one table give the one-thread answers.

``threads=2`` runs each test of the bisection on two threads that share the transposition
table and put off the nodes the other is searching (ABDADA; entries are sealed against torn
writes; the table grows only while both are stopped).  The value, the value of every card,
the line and the bounds of a stopped search must be those of the one-thread search.
"""

import _thread
import random
import threading
import time

import pytest

from solver._core import Engine
from solver.deal import random_position
from solver.search import Solver, encode, goal_spec, side_seats, solve
from solver.variants import VARIANTS


def _two_thread_solver(memory_mb=64):
    """A threads=2 Solver that goes parallel at once (by default the first 100,000 nodes of a
    solve run on one thread, which would leave small endgames on one thread)."""
    solver = Solver(memory_mb, threads=2)
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
    one, two, default = Solver(64), _two_thread_solver(), Solver(64, threads=2)
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


def test_two_threads_on_a_growing_table():
    """A search large enough that the table grows (from 1 MB) while two threads use it."""
    for pos in _endgames("slovenian4", 9, 3, seed="grow"):
        a = Solver(256).solve(pos, "points")
        b = _two_thread_solver(256).solve(pos, "points")
        assert b.value == a.value, pos.to_line()
    assert a.nodes > 100_000  # (enough stores to pass a 1 MB table's growth point)


@pytest.mark.parametrize("vid", ["slovenian4", "french4", "danish"])
def test_two_threads_stopped_by_limits_keep_proven_bounds(vid):
    for pos in _endgames(vid, 8, 4, seed="threadlimits"):
        true = solve(pos, "points").value
        for limit in (300, 3000, "1ms"):
            r = _two_thread_solver().solve(pos, "points", limit=limit)
            lower, upper = r.bounds
            assert lower <= true <= upper, (limit, pos.to_line())
            assert r.value in (None, true)
            if isinstance(limit, int):  # the two threads share the limit
                assert r.nodes <= limit


def test_stop_from_another_thread():
    pos = _endgames("slovenian4", 11, 1, seed="stop")[0]
    solver = _two_thread_solver()
    engine = solver._engine
    timer = threading.Timer(0.05, engine.stop)
    timer.start()
    r = solver.solve(pos, "points")
    timer.join()
    assert not r.exact and r.value is None  # (the whole search takes several hundred ms)
    again = solver.solve(pos, "points")  # the same solver searches on after a stop
    assert again.exact and r.bounds[0] <= again.value <= r.bounds[1]


def _ctrl_c_case(tricks_left):
    """A Slovenian endgame's points spec, its one-thread value, and a fresh engine whose
    two-thread solves go parallel at once (for the Ctrl-C tests)."""
    pos = _endgames("slovenian4", tricks_left, 1, seed="stop")[0]
    seats = side_seats(pos, None)
    spec = encode(pos, seats, goal_spec(pos, "points", pos.party_of(seats[0])))
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


@pytest.mark.parametrize("threads", [0, 3, "2"])
def test_thread_counts_other_than_one_or_two_are_refused(threads):
    with pytest.raises(ValueError, match="threads"):
        Solver(16, threads=threads)

"""``tarokdd serve`` as a running server on loopback (issue 20): it starts and stops, a request
that goes away stops its search, a request that finds every solver busy gets 429, and a load
of 50 concurrent mixed requests stays within the limits with flat memory.

Every request goes to 127.0.0.1 only; each loop is bounded in count and time.
"""

import functools
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers import cpu_seconds, processes

from solver import load_example, solve
from solver.bundled import example_names
from solver.cli import main
from solver.playthrough import at_trick

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process data from /proc")


class Server:
    """``tarokdd serve --port 0 ARGS`` in a subprocess, and its solver processes."""

    def __init__(self, *args):
        self.process = subprocess.Popen([sys.executable, "-m", "solver", "serve", "--port", "0", *args],
                                        stderr=subprocess.PIPE, text=True, start_new_session=True)
        line = self.process.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        self.port = int(found.group(1))
        self.request("GET", "/api/info")  # (answers once the solver processes are started)

    def request(self, method, path, body=None, timeout=30, raw=None):
        """(status, decoded JSON answer, seconds)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        start = time.monotonic()
        try:
            data = raw if raw is not None else None if body is None else json.dumps(body).encode()
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            return response.status, json.loads(response.read() or b"null"), time.monotonic() - start
        finally:
            conn.close()

    def workers(self):
        """The pids of the solver processes (children of the server)."""
        return processes(ppid=self.process.pid)

    def memory_kb(self):
        """Resident memory of the server and its solver processes, in KB."""
        total = 0
        for pid in [self.process.pid] + self.workers():
            with open("/proc/%d/status" % pid) as handle:
                total += int(re.search(r"VmRSS:\s+(\d+)", handle.read()).group(1))
        return total

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process.stderr.close()


@functools.cache
def _example(name):
    return load_example(name)  # (only read, never played on)


def _endgame(name, tricks_left=2):
    game = _example(name)
    at = len(at_trick(game, game.n_tricks - tricks_left + 1).move_stack)
    return game, at


@pytest.fixture
def one_worker():
    server = Server("--workers", "1", "--time-limit", "20", "--memory", "16")
    yield server
    server.stop()


def test_serve_starts_answers_and_stops_on_ctrl_c():
    server = Server("--workers", "2", "--memory", "16")
    status, info, _ = server.request("GET", "/api/info")
    assert status == 200 and info["limits"]["workers"] == 2 and len(server.workers()) == 2
    page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    page.request("GET", "/")
    assert b"deal viewer" in page.getresponse().read()
    page.close()
    workers = server.workers()
    server.stop()
    assert server.process.returncode in (0, 130)
    time.sleep(0.2)
    assert not [pid for pid in workers if os.path.exists("/proc/%d" % pid)], "solver processes left running"


def test_serve_errors_are_one_line(capsys, monkeypatch):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        assert main(["serve", "--port", str(taken.getsockname()[1])]) == 2
        assert re.fullmatch(r"tarokdd: error: cannot listen on 127\.0\.0\.1 port \d+: Address already in use\n",
                            capsys.readouterr().err)
    finally:
        taken.close()
    assert main(["serve", "--time-limit", "0"]) == 2
    assert "--time-limit is in seconds" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as without the web extra
    assert main(["serve"]) == 2
    assert capsys.readouterr().err == ("tarokdd: error: tarokdd serve needs the web extra (uvicorn is missing): "
                                       "pip install 'tarokdd[web]'\n")


def _long_solve():
    return {"deal": load_example("french3_garde").to_json(), "at": 0}  # a whole deal: minutes to solve


@pytest.mark.parametrize("path", ["/api/solve/events", "/api/solve"])
def test_a_request_that_goes_away_stops_its_search(one_worker, path):
    """The client closes the connection a second into a long solve: the solver process stops
    searching at once (its CPU time stands still) and takes the next request."""
    (worker,) = one_worker.workers()
    conn = http.client.HTTPConnection("127.0.0.1", one_worker.port, timeout=10)
    conn.request("POST", path, body=json.dumps(_long_solve()), headers={"Content-Type": "application/json"})
    started = time.time() + 20  # (a loaded machine gives the solver its CPU late)
    while cpu_seconds(worker) <= 0.4 and time.time() < started:
        time.sleep(0.05)
    assert cpu_seconds(worker) > 0.4, "the search did not start"
    conn.sock.shutdown(socket.SHUT_RDWR)
    conn.close()
    time.sleep(1.0)  # the server notices at once (event stream) or within half a second (plain request)
    stopped = cpu_seconds(worker)
    time.sleep(0.5)
    assert cpu_seconds(worker) - stopped < 0.05, "the search went on"
    game, at = _endgame("slovenian4_three")
    status, r, seconds = one_worker.request("POST", "/api/solve", {"deal": game.to_line(), "at": at})
    assert status == 200 and r["exact"] and seconds < 1.0
    assert one_worker.workers() == [worker]  # stopped, not killed and replaced


def test_a_solver_process_that_dies_is_replaced(one_worker):
    (worker,) = one_worker.workers()
    answer = ThreadPoolExecutor(1).submit(one_worker.request, "POST", "/api/solve", _long_solve())
    time.sleep(0.5)
    os.kill(worker, signal.SIGKILL)
    status, r, seconds = answer.result(timeout=30)
    assert status == 503 and r == {"error": "the solver process stopped unexpectedly", "type": "WorkerLost"}
    game, at = _endgame("french4_garde")
    status, r, _ = one_worker.request("POST", "/api/solve", {"deal": game.to_json(), "at": at})
    assert status == 200 and r["exact"] and one_worker.workers() not in ([], [worker])


def test_every_solver_busy_is_429(one_worker):
    long_request = ThreadPoolExecutor(1).submit(
        one_worker.request, "POST", "/api/solve", dict(_long_solve(), limit="3s"))
    time.sleep(0.5)
    game, at = _endgame("danish")
    status, r, seconds = one_worker.request("POST", "/api/solve", {"deal": game.to_json(), "at": at})
    assert status == 429 and r == {"error": "all 1 solver processes are busy; try again in a moment", "type": "Busy"}
    assert 1.9 < seconds < 3.0  # it waited (queue_wait, 2 s) for the solver to come free
    status, r, _ = long_request.result(timeout=30)
    assert status == 200 and r["stopped"] is None and r["value"] is None


@functools.cache
def _endgame_value(name, goal):
    game = _example(name)
    return solve(at_trick(game, game.n_tricks - 1), goal).value


def _mixed_requests(round_no):
    """50 requests: endgames that solve at once, middle games, whole deals that run into the
    server's time limit, analyses of the last tricks, and bodies over the size cap."""
    names = example_names()
    requests = []
    for k in range(50):
        name = names[(k + round_no) % len(names)]
        game = _example(name)
        kind = ("endgame", "middle", "endgame", "whole", "analyse", "endgame", "middle", "huge", "endgame", "goal")[k % 10]
        if kind in ("endgame", "goal"):
            _, at = _endgame(name)
            goal = "tricks" if kind == "goal" else "points"
            body = {"deal": game.to_line(), "at": at, "goal": goal}
            requests.append((kind, "/api/solve", body, _endgame_value(name, goal)))
        elif kind == "middle":
            _, at = _endgame(name, 6)
            requests.append((kind, "/api/solve", {"deal": game.to_json(), "at": at, "limit": "100ms"}, None))
        elif kind == "whole":
            requests.append((kind, "/api/solve", {"deal": game.to_json(), "at": 0}, None))
        elif kind == "analyse":
            requests.append((kind, "/api/analyse", {"deal": game.to_line(), "from_trick": game.n_tricks}, None))
        else:
            requests.append((kind, "/api/position", {"deal": "x" * 70000}, None))
    return requests


def test_fifty_concurrent_mixed_requests_stay_within_the_limits(tmp_path):
    """The issue's load test: rounds of 50 concurrent requests.  Each answer is right, or the
    documented 429 (no solver free in time) or 413 (body too large); no answer takes longer than
    the wait for a solver plus the time limit; the solver processes stay the same two; the
    server's memory (with its solver processes) is the same after the third round as after the
    first."""
    server = Server("--workers", "2", "--time-limit", "0.5", "--memory", "16")
    try:
        workers = server.workers()
        memory = []
        counts = {}
        for round_no in range(3):
            requests = _mixed_requests(round_no)
            with ThreadPoolExecutor(50) as pool:
                answers = list(pool.map(lambda r: server.request("POST", r[1], r[2]), requests))
            for (kind, _, _, expected), (status, body, seconds) in zip(requests, answers):
                counts[status] = counts.get(status, 0) + 1
                assert seconds < 2.0 + 0.5 + 1.0 + 1.5, (kind, seconds)  # wait + limit + stop margin + slack
                if kind == "huge":
                    assert status == 413 and body["type"] == "RequestTooLarge"
                    continue
                assert status in (200, 429), (kind, status, body)
                if status == 429:
                    assert body["type"] == "Busy"
                elif kind in ("endgame", "goal"):
                    assert body["exact"] and body["value"] == expected, (kind, body)
                elif kind == "whole":  # (a full deal mostly needs more than the limit; some not)
                    assert body["exact"] or (body["stopped"] == "time limit" and body["value"] is None), body
                elif kind == "analyse":
                    assert body["complete"] and len(body["steps"]) > 0
            assert server.workers() == workers
            memory.append(server.memory_kb())
        assert counts.get(200, 0) >= 30 and counts[413] == 15, counts
        growth = memory[-1] - memory[0]
        assert growth < 0.05 * memory[0] + 4096, memory  # flat: within 5 % (+4 MB)
    finally:
        server.stop()

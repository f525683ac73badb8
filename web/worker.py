"""One solver process of the web app's pool (see :mod:`web.pool`): ``python -m web.worker FD MB``
talks JSON lines over the socket FD and solves with a table of MB megabytes.

It runs one job at a time in its main thread, which is where the solver reports progress and
where SIGINT (Ctrl-C) stops a search and keeps its proven bounds (:class:`solver.SolveInterrupted`).
The pool stops a job the same way: it writes ``["stop", job]`` and sends SIGINT.  A SIGINT
between jobs is ignored; a stop that arrives before its job has started is found in the queued
messages when the job starts; one that arrives while a message is being written waits until the
message is written, so a line on the socket is never cut in half.

Messages to the pool: ``[kind, job, data]`` with kind ``progress`` (a solve's bounds so far),
``step`` (an analysis step finished), then one of ``result``, ``stopped`` (interrupted: what was
done), ``error`` (a TarokError, as :func:`web.views.error_view` shows it) or ``crash``.
"""

import json
import select
import signal
import socket
import sys
import traceback

from solver import Position, SolveInterrupted, Solver, TarokError
from solver.playthrough import analyse_game

from .views import error_view


class _Channel:
    """JSON lines over a socket.  A stop (SIGINT) that arrives while a line is being read or
    written takes effect once that is done, so no line is ever cut in half."""

    def __init__(self, sock):
        self.sock, self.buffer = sock, b""
        self.job = 0  # the job running (0: none; a stop is then ignored)
        self.busy = False  # reading or writing
        self.pending = False  # a stop arrived while busy

    def on_sigint(self, signum, frame):
        if self.job:
            if self.busy:
                self.pending = True
            else:
                raise KeyboardInterrupt

    def _stop_if_pending(self):
        if self.pending and self.job:
            self.pending = False
            raise KeyboardInterrupt

    def send(self, kind, data, job=None):
        line = json.dumps([kind, self.job if job is None else job, data]).encode() + b"\n"
        self.busy = True
        try:
            self.sock.sendall(line)
        finally:
            self.busy = False
        self._stop_if_pending()

    def receive(self, wait=True):
        """The next message; None when ``wait`` is False and none is there yet."""
        self.busy = True
        try:
            while b"\n" not in self.buffer:
                if not wait and not select.select([self.sock], [], [], 0)[0]:
                    return None
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise EOFError
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\n", 1)
            return json.loads(line)
        finally:
            self.busy = False
            self._stop_if_pending()


def main(fd, memory_mb):
    """The process's loop: read a job, run it, answer; return when the pool closes the socket."""
    channel = _Channel(socket.socket(fileno=fd))
    signal.signal(signal.SIGINT, channel.on_sigint)
    jobs = _Jobs(Solver(memory_mb), channel.send)
    while True:
        try:
            message = channel.receive()
        except (EOFError, OSError):
            return
        if message[0] == "stop":
            continue  # for a job that has finished
        job, kind, payload = message
        channel.job, channel.pending = job, False
        stopped = False
        try:
            while not stopped and (queued := channel.receive(wait=False)) is not None:
                stopped = queued == ["stop", job]  # sent before the job started
        except KeyboardInterrupt:
            stopped = True
        final = jobs.run(kind, payload, stopped)
        channel.job = 0  # from here on a stop is too late and is ignored
        channel.send(final[0], final[1], job)


class _Jobs:
    """The jobs a worker runs, on one Solver whose table is kept while the deal stays the same."""

    def __init__(self, solver, send):
        self.solver = solver
        self.send = send
        self.deal_key = None
        self.partial = None  # what an analysis has done so far

    def run(self, kind, payload, stopped):
        self.partial = None
        try:
            if stopped:  # before it started
                raise KeyboardInterrupt
            return "result", getattr(self, kind)(**payload)
        except SolveInterrupted as exc:
            return "stopped", self.partial or exc.result.to_json()
        except KeyboardInterrupt:
            return "stopped", self.partial
        except TarokError as exc:
            return "error", error_view(exc)
        except Exception:  # a bug: logged on the server, reported without its traceback
            traceback.print_exc()
            return "crash", "internal error in the solver process"

    def _position(self, deal):
        """The Position of ``deal``; the table is cleared when the deal changes."""
        start = dict(deal)
        start.pop("play", None)
        key = json.dumps(start, sort_keys=True)
        if key != self.deal_key:
            self.solver.clear()
            self.deal_key = key
        return Position.from_json(deal)

    def solve(self, deal, goal, side, limit, all_cards, line):
        pos = self._position(deal)

        def progress(p):
            self.send("progress", {"nodes": p.nodes, "seconds": round(p.seconds, 3), "bounds": list(p.bounds)})
        return self.solver.solve(pos, goal, side, all_cards=all_cards, line=line, limit=limit,
                                 progress=progress).to_json()

    def analyse(self, deal, goal, side, limit, from_trick):
        pos = self._position(deal)

        def on_step(analysis, step):
            self.partial = analysis.to_json()
            self.send("step", {"done": len(analysis.steps), "start": self.partial["start"], "side": self.partial["side"],
                               "step": self.partial["steps"][-1] if step is not None else None})
        return analyse_game(pos, goal, side, limit=limit, solver=self.solver, from_trick=from_trick,
                            on_step=on_step).to_json()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))

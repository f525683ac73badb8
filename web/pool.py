"""The web app's solver processes: at most one search per core, each under the server's time
limit, stopped when its request goes away.

Each worker is a process (``python -m web.worker``, JSON lines over a socket pair) with its own
Solver and table, so the searches run in parallel, the server's memory is bounded by
``workers x memory_mb``, and the solver's own stop mechanism applies: SIGINT makes a search stop
and return the bounds it has proven.  A request takes an idle worker, waiting at most
``queue_wait`` seconds for one (then :class:`Busy`: HTTP 429).  Everything here runs on the
server's event loop.
"""

import asyncio
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

STOP_GRACE = 5.0  # seconds a stopped search may take to answer before its process is replaced
LINE_LIMIT = 16 * 1024 * 1024  # bytes in one message (a whole analysis of a 78-card game is ~100 KB)


class Busy(Exception):
    """Every worker is busy and none became free in time."""


class WorkerLost(Exception):
    """A worker process died or stopped answering during a job."""


class Outcome:
    """How a job ended: ``kind`` is result, stopped, error or crash; ``reason`` says why a
    stopped job stopped ('time limit')."""

    def __init__(self, kind, data, reason=None):
        self.kind, self.data, self.reason = kind, data, reason


class _Worker:
    """One solver process and the streams to it."""

    @classmethod
    async def start(cls, memory_mb):
        w = cls()
        ours, theirs = socket.socketpair()
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(Path(__file__).resolve().parent.parent)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        w.process = subprocess.Popen([sys.executable, "-m", "web.worker", str(theirs.fileno()), str(memory_mb)],
                                     pass_fds=[theirs.fileno()], env=env, stdin=subprocess.DEVNULL,
                                     start_new_session=True)  # a Ctrl-C at the server's terminal is the server's
        theirs.close()
        w.reader, w.writer = await asyncio.open_unix_connection(sock=ours, limit=LINE_LIMIT)
        return w

    def send(self, *message):
        self.writer.write(json.dumps(list(message)).encode() + b"\n")

    def stop(self, job):
        """Ask the process to stop ``job`` (ignored when it is no longer running)."""
        self.send("stop", job)
        try:
            os.kill(self.process.pid, signal.SIGINT)
        except ProcessLookupError:
            pass

    async def next_message(self, job, timeout):
        """The next message of ``job`` (an older job's last messages are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = await asyncio.wait_for(self.reader.readline(), max(0.0, deadline - time.monotonic()))
            except (ValueError, ConnectionError) as exc:  # a line over the limit, a broken socket
                raise WorkerLost("the solver process sent no answer: %s" % exc) from None
            if not line:
                raise WorkerLost("the solver process stopped unexpectedly")
            kind, of_job, data = json.loads(line)
            if of_job == job:
                return kind, data

    async def close(self, wait=1.0):
        """Close the socket (the process then returns); kill the process if it has not ended
        after ``wait`` seconds (a search that does not stop)."""
        self.writer.close()
        try:
            await asyncio.wait_for(self.writer.wait_closed(), wait)
        except (asyncio.TimeoutError, OSError):
            pass
        deadline = time.monotonic() + wait
        while self.process.poll() is None and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class SolverPool:
    """``workers`` solver processes (default: one per core) with ``memory_mb`` of table each."""

    def __init__(self, workers=None, memory_mb=128, queue_wait=2.0):
        self.size = workers or os.cpu_count() or 1
        self.memory_mb = memory_mb
        self.queue_wait = queue_wait
        self._ids = itertools.count(1)
        self._idle = None
        self._workers = []
        self._draining = set()

    @property
    def started(self):
        return self._idle is not None

    @property
    def busy(self):
        """Workers running (or finishing) a job now."""
        return len(self._workers) - self._idle.qsize() if self.started else 0

    @property
    def pids(self):
        return [w.process.pid for w in self._workers]

    async def start(self):
        """Start the processes (on the running event loop)."""
        self._idle = asyncio.Queue()
        for _ in range(self.size):
            await self._add()

    async def _add(self):
        w = await _Worker.start(self.memory_mb)
        self._workers.append(w)
        self._idle.put_nowait(w)

    async def _replace(self, w):
        self._workers.remove(w)
        await w.close(wait=0.2)
        await self._add()

    async def close(self):
        for task in list(self._draining):
            task.cancel()
        await asyncio.gather(*(w.close() for w in self._workers))
        self._workers, self._idle = [], None

    async def run(self, kind, payload, seconds, on_message=None):
        """Run a job (``kind`` solve or analyse, ``payload`` its arguments) on an idle worker and
        return its :class:`Outcome`.  ``seconds``: the server's limit; past it the job is stopped
        and its partial outcome returned.  ``on_message(kind, data)`` (async) gets the progress
        and step messages.  If the caller is cancelled (its client went away) the job is stopped
        and the worker goes back to the pool once it has answered."""
        if not self.started:
            raise RuntimeError("the solver pool is not started")
        try:
            w = await asyncio.wait_for(self._idle.get(), self.queue_wait)
        except asyncio.TimeoutError:
            raise Busy("all %d solver processes are busy; try again in a moment" % self.size) from None
        job = next(self._ids)
        w.send(job, kind, payload)
        deadline = time.monotonic() + seconds
        reason = None
        try:
            while True:
                wait = deadline - time.monotonic() if reason is None else STOP_GRACE
                try:
                    message, data = await w.next_message(job, max(wait, 0.0))
                except asyncio.TimeoutError:
                    if reason is not None:
                        raise WorkerLost("the solver process did not stop") from None
                    reason = "time limit"
                    w.stop(job)
                    continue
                if message not in ("progress", "step"):
                    break
                if on_message is not None:
                    await on_message(message, data)
        except WorkerLost:
            await self._replace(w)
            raise
        except BaseException:  # cancelled (the client went away), or on_message failed
            w.stop(job)
            self._drain(w, job)
            raise
        self._idle.put_nowait(w)
        return Outcome(message, data, reason if message == "stopped" else None)

    def _drain(self, w, job):
        """Wait (in the background) for a stopped job's last message, then free its worker."""
        async def drain():
            try:
                while (await w.next_message(job, STOP_GRACE))[0] in ("progress", "step"):
                    pass
                self._idle.put_nowait(w)
            except (asyncio.TimeoutError, WorkerLost):
                await self._replace(w)
            finally:
                self._draining.discard(task)
        task = asyncio.ensure_future(drain())
        self._draining.add(task)

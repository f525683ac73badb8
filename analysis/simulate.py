"""Monte Carlo runs: deal, set up every contract, ask the solver, count — on any Executor.

A run is a :class:`Task` (what is known, which contracts and goals, the solver's limit …), a
number of deals, a seed and a time *budget*.  Deal *i* is dealt from
``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the *i*-th child of the run's seed
sequence) on whatever worker evaluates it (:mod:`analysis.evaluate`).

Every deal is decided within the budget if it can be: a first pass asks every question of
every deal under a small node limit; each later pass asks the questions still open with a
limit eight times larger (a fresh table per deal and pass, shared by that deal's questions),
until every deal is decided, the budget is spent (``budget``, default 10 minutes) or the
task's ``limit`` caps the growth.  The answers proven do not depend on the workers, the
executor or the order; a deal left open by the budget keeps the bounds its last pass proved.

Work is cut into chunks so that every worker gets some (a small run on N cores takes about
1/N of the time).  With ``output`` every finished chunk is appended to a JSON-lines file (a
header line with the task and the seed, then one line per chunk with its deals' records);
``resume=True`` continues from what the file holds, so an interrupted run completes to
exactly the uninterrupted result.  Ctrl-C stops every worker at once and keeps every
finished chunk.

For each deal and contract (:mod:`analysis.evaluate`): *success* — the contract made, a
yes/no test (yes, no or undecided); *goals* — other yes/no goals; *settlement* — the
analysed seat's amount for the contract's game (:mod:`analysis.settle`), settled by yes/no
tests at the edges of the count the score reads, exact or between proven bounds.  Rates are
over all deals: undecided deals make a bracket (:class:`analysis.stats.Rate`).
"""

import json
import math
import os
import re
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass

import numpy as np

from solver import GOALS, get_variant
from solver.goals import applies

from .deal import AnalysisError, DealSpec, dealt_sizes
from .evaluate import deal_rng, is_open, last_pass, run_chunk
from .summary import Summary, canonical
from .talon import HEURISTIC, POLICIES, Unavailable, setup

FORMAT = "tarokdd-simulate/2"
DEFAULT_LIMIT = None  # no cap on a test's limit: the passes grow it until the budget is spent
DEFAULT_BUDGET = 600.0  # seconds: a coffee break
MAX_CHUNK = 8
DEFAULT_MEMORY = 64
YES_NO_GOALS = tuple(g for g in GOALS if g not in ("points", "tricks"))


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: ``summary`` holds every chunk finished (and saved) before it."""

    def __init__(self, summary):
        super().__init__("interrupted")
        self.summary = summary


def check_limit(limit):
    """A solver limit: None, a positive node count, or text such as '2s', '500ms', '100000'."""
    if limit is None:
        return None
    if isinstance(limit, bool):
        raise AnalysisError("limit: give a node count (1000000) or a time (2s, 500ms)")
    if isinstance(limit, (int, np.integer)):
        if limit <= 0:
            raise AnalysisError("limit: a node limit must be positive")
        return int(limit)
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|n|nodes)?\s*", str(limit))
    if not m or float(m.group(1)) <= 0:
        raise AnalysisError("limit %r: give a positive node count (1000000) or a time (2s, 500ms)" % (limit,))
    if m.group(2) in (None, "n", "nodes"):
        return int(float(m.group(1)))
    return str(limit).strip()


# ------------------------------------------------------------------ the task

@dataclass(frozen=True)
class Task:
    """Everything that decides a run's result except the number of deals and the seed."""

    spec: DealSpec
    contracts: tuple
    goals: tuple = ()
    settle: bool = True
    limit: object = DEFAULT_LIMIT
    memory_mb: int = DEFAULT_MEMORY
    call: str = "auto"
    policy: str = HEURISTIC
    options: tuple = ()
    values: tuple = ()
    announce: tuple = ()

    @classmethod
    def make(cls, spec, contracts=None, goals=(), settle=True, limit=DEFAULT_LIMIT, memory_mb=DEFAULT_MEMORY,
             call="auto", policy=HEURISTIC, options=None, values=None, announce=()):
        """Check everything up front; problems raise :class:`AnalysisError` (a TarokError)."""
        v = get_variant(spec.variant)
        if contracts is None or contracts == "all":
            contracts = [c.id for c in v.contracts.values() if not c.each_for_himself]
        elif isinstance(contracts, str):
            contracts = [contracts]
        ids = []
        for name in contracts or [v.default_contract]:
            cid = v.contract(name).id
            if cid not in ids:
                ids.append(cid)
        goals = [goals] if isinstance(goals, str) else list(goals or ())
        for goal in goals:
            if goal not in YES_NO_GOALS:
                raise AnalysisError("%s goal %r; the yes/no goals are %s" % (
                    "a count, not a yes/no" if goal in GOALS else "unknown", goal, ", ".join(YES_NO_GOALS)))
        goals = tuple(dict.fromkeys(g for g in goals if g != "win"))
        for cid in ids:
            if v.contracts[cid].each_for_himself and not goals:
                raise AnalysisError("%s is each for himself: there is no contract to make; ask for yes/no "
                                    "goals (--goal no-tricks, valat, pagat-ultimo …)" % v.contracts[cid].name)
        if policy not in POLICIES:
            raise AnalysisError("talon policy %r: choose one of %s" % (policy, ", ".join(POLICIES)))
        if isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or memory_mb < 1:
            raise AnalysisError("memory must be at least 1 MB")
        for name in announce or ():
            if name not in v.announcements:
                raise AnalysisError("%r is not an announcement of %s; known: %s"
                                    % (name, v.id, ", ".join(v.announcements)))
        rules = v.resolve_options(options)
        if len(spec.hand) == dealt_sizes(v)[0][spec.seat] and v.redeal_seat([spec.hand], rules) is not None:
            raise AnalysisError("the analysed hand holds no tarok: %s throws such a deal in and redeals it as a "
                                "forced klop (SI-2.4), so it is never played; the option no_tarok_redeal=false "
                                "analyses it anyway" % v.name)
        task = cls(spec, tuple(ids), goals, bool(settle), check_limit(limit), memory_mb, call or "auto", policy,
                   tuple(sorted((options or {}).items())), tuple(sorted((values or {}).items())),
                   tuple(announce or ()))
        task._check_goals()
        return task

    def _check_goals(self):
        """A goal that applies to none of the contracts is an error (checked on one deal)."""
        if not self.goals:
            return
        deal = self.spec.draw(deal_rng(0, 0))
        reasons = {g: [] for g in self.goals}
        for cid in self.contracts:
            try:
                pos = self.setup(deal, cid).position
            except Unavailable:
                return  # cannot tell from this deal: decided per deal
            for goal in self.goals:
                reason = applies(pos, goal)
                if reason:
                    reasons[goal].append(reason)
        for goal, found in reasons.items():
            if len(found) == len(self.contracts):
                raise AnalysisError("goal %s: %s" % (goal, found[0]))

    def setup(self, deal, contract):
        return setup(deal, contract, call=self.call, discards=self.spec.discards or None,
                     play_hand=self.spec.play_hand or None, options=dict(self.options), values=dict(self.values),
                     announce=self.announce, policy=self.policy)

    def to_json(self):
        return {"spec": self.spec.to_json(), "contracts": list(self.contracts), "goals": list(self.goals),
                "settle": self.settle, "limit": self.limit, "memory_mb": self.memory_mb, "call": self.call,
                "policy": self.policy, "options": dict(self.options), "values": dict(self.values),
                "announce": list(self.announce)}

    @classmethod
    def from_json(cls, data):
        return cls.make(DealSpec.from_json(data["spec"]), data["contracts"], data.get("goals", ()),
                        data.get("settle", True), data.get("limit"), data.get("memory_mb", DEFAULT_MEMORY),
                        data.get("call", "auto"), data.get("policy", HEURISTIC), data.get("options") or None,
                        data.get("values") or None, data.get("announce", ()))


# ------------------------------------------------------------------ results files

def make_header(task, deals, seed):
    return {"type": "header", "format": FORMAT, "task": task.to_json(), "seed": str(seed), "deals": deals}


def _same_run(a, b):
    keys = ("format", "task", "seed", "deals")
    return [k for k in keys if canonical(a.get(k)) != canonical(b.get(k))]


def read_results(path):
    """(header, chunk records, byte length of the good part) of a results file.  A torn last
    line (a write cut short) is ignored; anything else unreadable is an error."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except FileNotFoundError:
        raise AnalysisError("cannot read %s: no such file" % path) from None
    except OSError as exc:
        raise AnalysisError("cannot read %s: %s" % (path, exc.strerror or exc)) from None
    header, records, good, at = None, [], 0, 0
    lines = raw.split(b"\n")
    for number, line in enumerate(lines, 1):
        end = at + len(line) + 1
        last = number == len(lines)
        if not line.strip():
            at = end
            if not last:
                good = end
            continue
        try:
            data = json.loads(line.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a record")
        except (ValueError, RecursionError):  # (also bytes that are not UTF-8, numbers too long to read)
            if last:
                break  # torn: the process was stopped while writing
            raise AnalysisError("%s line %d is not a results record (not JSON)" % (path, number)) from None
        if last:  # complete JSON but no newline: treat as torn too
            break
        if header is None:
            if data.get("type") != "header" or data.get("format") != FORMAT or not (
                    isinstance(data.get("task"), dict) and isinstance(data.get("deals"), int)):
                older = str(data.get("format", "")).startswith("tarokdd-simulate/")
                raise AnalysisError("%s is %s (no %s header)" % (path, "a results file of an older tarokdd: run it "
                                    "again" if older else "not a tarokdd results file", FORMAT))
            header = data
        elif data.get("type") == "chunk":
            if not _chunk_record(data):
                raise AnalysisError("%s line %d is not a results record (a chunk without its deals)" % (path, number))
            records.append(data)
        at = good = end
    if header is None:
        raise AnalysisError("%s holds no results header" % path)
    return header, records, good


def _chunk_record(data):
    """Whether ``data`` is a chunk record as :func:`analysis.evaluate.run_chunk` writes it."""
    deals = data.get("deals")
    return isinstance(deals, list) and isinstance(data.get("timing", {}), dict) and all(
        isinstance(d, dict) and isinstance(d.get("deal"), int) and isinstance(d.get("pass"), int)
        and isinstance(d.get("contracts"), dict) and isinstance(d.get("features"), dict) for d in deals)


def load_results(path, confidence=0.95, method="auto"):
    """The :class:`Summary` of a results file (complete or not)."""
    header, records, _ = read_results(path)
    return Summary(header, records, confidence, method)


class _Store:
    def __init__(self, path):
        self.path = path
        self.handle = None

    def open(self, header, resume):
        exists = os.path.exists(self.path) and os.path.getsize(self.path) > 0
        records = []
        if exists and not resume:
            raise AnalysisError("%s already exists: use --resume to complete that run, or another file" % self.path)
        if exists:
            old, records, good = read_results(self.path)
            diff = _same_run(old, header)
            if diff:
                raise AnalysisError("%s holds another run (different %s); --resume needs the same task, seed "
                                    "and deals" % (self.path, ", ".join(diff)))
            with open(self.path, "r+b") as handle:  # drop a torn last line before appending
                handle.truncate(good)
        self.handle = open(self.path, "a", encoding="utf-8")
        if not exists:
            self.write(header)
        return records

    def write(self, record):
        self.handle.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
        self.handle.flush()
        try:
            os.fsync(self.handle.fileno())
        except OSError:
            pass

    def close(self):
        if self.handle:
            self.handle.close()


# ------------------------------------------------------------------ running

def new_seed():
    """Fresh seed entropy (128 bits from the OS), as numpy's SeedSequence draws it."""
    return np.random.SeedSequence().entropy


def _seed(seed):
    if seed is None:
        return new_seed()
    if isinstance(seed, str) and seed.strip().isdigit():
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise AnalysisError("seed must be a whole number >= 0, not %r" % (seed,))
    return int(seed)


def parse_budget(budget):
    """Seconds from a number or text such as '90s', '10m', '1h', '1.5h'."""
    if isinstance(budget, bool):
        raise AnalysisError("budget: give a time such as 10m, 90s or 1h")
    if isinstance(budget, (int, float)):
        seconds = float(budget)
    else:
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(s|m|min|h)?\s*", str(budget))
        if not m:
            raise AnalysisError("budget %r: give a time such as 10m, 90s or 1h" % (budget,))
        seconds = float(m.group(1)) * {"s": 1, None: 1, "m": 60, "min": 60, "h": 3600}[m.group(2)]
    if not seconds > 0 or math.isinf(seconds):
        raise AnalysisError("budget %r: a budget must be a positive time" % (budget,))
    return seconds


def simulate(task, deals=100, seed=None, chunk_size=None, executor=None, jobs=None, output=None, resume=False,
             progress=None, on_chunk=None, window=None, confidence=0.95, method="auto", budget=DEFAULT_BUDGET):
    """Run ``task`` over ``deals`` random deals within ``budget`` (seconds or '10m'); returns a
    :class:`Summary`.

    ``executor``: any :class:`concurrent.futures.Executor` (e.g. a Dask
    ``distributed.Client(...).get_executor()``); by default a process pool of ``jobs``
    workers (all cores), and ``jobs=1`` runs in this process.  ``chunk_size``: deals per
    chunk (default: so that every worker gets several chunks, at most 8).  ``output``: a
    JSON-lines file the chunks are appended to as they finish; ``resume=True`` continues the
    run it holds.  ``progress``: a tqdm bar on stderr (default: when stderr is a terminal).
    ``on_chunk``: called with the summary after every chunk.  Ctrl-C raises
    :class:`SimulationInterrupted` carrying the summary of the finished chunks (all saved)."""
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise AnalysisError("the number of deals must be a positive whole number")
    if chunk_size is not None and (isinstance(chunk_size, bool) or not isinstance(chunk_size, (int, np.integer))
                                   or chunk_size < 1):
        raise AnalysisError("the chunk size must be a positive whole number")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise AnalysisError("jobs must be a positive whole number")
    seconds = parse_budget(budget)
    entropy = _seed(seed)
    header = make_header(task, int(deals), entropy)
    store = _Store(output) if output else None
    done = store.open(header, resume) if store else []
    summary = Summary(header, done, confidence, method)
    try:
        if summary.deals < deals:
            task.spec.check_feasible(deal_rng(entropy, 2 ** 32))
        _Run(task, entropy, int(deals), summary, store, executor, jobs, chunk_size, window, seconds).run(
            progress, on_chunk)
    finally:
        if store:
            store.close()
    return summary


def _ignore_sigint():
    """Worker processes leave Ctrl-C to the parent, which stops them all at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(pool):
    """End a process pool now: cancel what waits, terminate the workers (finished chunks are kept)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1)


class _Run:
    """A run's work queue: every deal not dealt yet (pass 0), then each deal still open one pass
    further as soon as its previous pass is back, lowest passes first, while the budget lasts.
    No round waits for its slowest deal, so every worker stays busy."""

    def __init__(self, task, entropy, deals, summary, store, executor, jobs, chunk_size, window, budget):
        self.task, self.entropy, self.deals, self.summary, self.store = task, entropy, deals, summary, store
        self.executor, self.chunk_size, self.budget = executor, chunk_size, budget
        self.inline = executor is None and jobs == 1
        self.workers = 1 if self.inline else (jobs or getattr(executor, "_max_workers", None) or os.cpu_count() or 1)
        self.window = window or max(4, 2 * self.workers)
        self.last = last_pass(task)
        self.queue = []  # (pass, deal, record so far), kept sorted
        self.fresh = 0
        self.busy = 0.0
        self.capped = False  # a deal stayed open because the limit stops the passes

    def push(self, record):
        """Queue the deal's next pass if it is still open and passes remain."""
        if not any(is_open(c) for c in record["contracts"].values()):
            return
        if self.last is not None and record["pass"] >= self.last:
            self.capped = True
            return
        self.queue.append((record["pass"] + 1, record["deal"], record))

    def take(self):
        """The next chunk: the lowest passes first."""
        self.queue.sort(key=lambda item: item[:2])
        size = self.chunk_size or max(1, min(MAX_CHUNK, math.ceil(len(self.queue) / (4 * self.workers))))
        chunk, self.queue = self.queue[:size], self.queue[size:]
        return [(deal, pass_no, record) for pass_no, deal, record in chunk]

    def run(self, progress, on_chunk):
        s = self.summary
        s.workers = self.workers
        started = time.perf_counter()
        deadline = time.time() + self.budget
        self.queue = [(0, i, None) for i in range(self.deals) if i not in s.latest]
        for _, record in sorted(s.latest.items()):
            self.push(record)
        bar = _progress_bar(progress, s)
        pool = None
        stopped = None
        pending = set()
        try:
            while self.queue or pending:
                while self.queue and len(pending) < (1 if self.inline else self.window):
                    if time.time() >= deadline:  # spent: only deals never dealt still get their first pass
                        kept = [item for item in self.queue if item[0] == 0]
                        if len(kept) < len(self.queue):
                            stopped, self.queue = "budget", kept
                        if not kept:
                            break
                    chunk = self.take()
                    if self.inline:
                        self.finish(run_chunk(self.task, self.entropy, chunk, deadline), bar, on_chunk, started)
                        continue
                    if pool is None:
                        pool = self.executor or ProcessPoolExecutor(max_workers=self.workers,
                                                                    initializer=_ignore_sigint)
                    pending.add(pool.submit(run_chunk, self.task, self.entropy, chunk, deadline))
                if not pending:
                    continue
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    self.finish(future.result(), bar, on_chunk, started)
        except KeyboardInterrupt:
            for future in list(pending):
                if future.done() and not future.cancelled() and future.exception() is None:
                    self.finish(future.result(), bar, None, started)  # finished before the interrupt: keep it
            s.interrupted = True
            stopped = "interrupted"
            if pool is not None and self.executor is None:
                _stop_pool(pool)
                pool = None
            raise SimulationInterrupted(s) from None
        finally:
            for future in pending:
                future.cancel()
            if pool is not None and self.executor is None:
                pool.shutdown(wait=True)
            if bar is not None:
                bar.close()
            wall = time.perf_counter() - started
            s.wall = (self.fresh, wall, self.busy)
            s.budget = {"seconds": self.budget, "spent": round(wall, 3),
                        "stopped": stopped or ("limit" if self.capped else "decided")}

    def finish(self, record, bar, on_chunk, started):
        brought = self.summary.add(record)
        fresh = sum(1 for deal in brought if deal["pass"] == 0)
        self.fresh += fresh
        self.busy += record["timing"]["seconds"]
        if self.store:
            self.store.write(record)
        for deal in brought:
            self.push(deal)
        self.summary.wall = (self.fresh, time.perf_counter() - started, self.busy)
        if bar is not None:
            bar.update(fresh)
        if on_chunk is not None:
            on_chunk(self.summary)


def _progress_bar(progress, summary):
    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return None
    from tqdm import tqdm
    return tqdm(total=summary.header["deals"], initial=summary.deals, unit="deal", file=sys.stderr,
                dynamic_ncols=True, desc="tarokdd", leave=False)


def resume(path, executor=None, jobs=None, progress=None, on_chunk=None, confidence=0.95, method="auto",
           budget=DEFAULT_BUDGET):
    """Continue the run stored in ``path`` (its header holds the task, the seed and the deals)."""
    header, _, _ = read_results(path)
    task = Task.from_json(header["task"])
    return simulate(task, header["deals"], int(header["seed"]), None, executor, jobs, path, True, progress,
                    on_chunk, confidence=confidence, method=method, budget=budget)


# ------------------------------------------------------------------ conveniences

def analyse_hand(variant, hand=None, seat=0, contracts=None, goals=(), deals=100, seed=None, known=None,
                 talon=None, discards=None, constraints=(), max_tries=None, settle=True, limit=DEFAULT_LIMIT,
                 memory_mb=DEFAULT_MEMORY, call="auto", options=None, values=None, announce=(), **run):
    """Build the :class:`DealSpec` and :class:`Task` and :func:`simulate` (keyword ``run``
    arguments: executor, jobs, output, resume, progress, chunk_size, on_chunk …)."""
    extra = {} if max_tries is None else {"max_tries": max_tries}
    spec = DealSpec.make(variant, hand=hand, seat=seat, known=known, talon=talon, discards=discards,
                         constraints=constraints, **extra)
    task = Task.make(spec, contracts, goals, settle, limit, memory_mb, call, options=options, values=values,
                     announce=announce)
    return simulate(task, deals, seed, **run)


def bid(variant, hand, seat=0, deals=100, seed=None, contracts="all", **kwargs):
    """The bidding table of a hand: every contract the variant lets a declarer play, with
    success rate, interval and expected settlement (:meth:`Summary.rows`, best first)."""
    return analyse_hand(variant, hand, seat, contracts, deals=deals, seed=seed, **kwargs)

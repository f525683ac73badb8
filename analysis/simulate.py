"""Monte Carlo runs: deal, set up every contract, solve double dummy, count — on any Executor.

A run is a :class:`Task` (what is known, which contracts and goals, the solver limit …), a
number of deals and a seed.  The deals are cut into chunks of ``chunk_size``; chunk *i* deals
from ``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the *i*-th child of the run's seed
sequence), on whatever worker runs it, and every deal is solved with a fresh transposition
table.  So a seed gives the same result whatever the number of workers, the executor or the
order the chunks finish in — as long as the limit is a node count (a time limit makes the
undecided deals depend on the machine).

Each chunk returns a small :class:`Tally` (counts, exact sums); tallies add up in any order.
With ``output`` every finished chunk is appended to a JSON-lines file (a header line with the
task and the seed entropy, then one line per chunk); ``resume=True`` runs only the chunks the
file lacks, so an interrupted run completes to exactly the uninterrupted result.

For each deal and contract:

* **success** — the yes/no goal ``win`` for the declarer side (a point threshold, the French
  bouts requirement, beggar, piccolo, valat), under the limit: yes, no or *undecided*.
  Rates are over the decided deals; the undecided count is always reported beside them.
* **goals** — other yes/no goals (valat, pagat-ultimo, trula …) for the declarer side, or in
  each-for-himself games for the analysed seat against the others.
* **settlement** — the analysed seat's amount (:meth:`solver.Position.settlement`) after
  playing out the solver's optimal line: for card points in positive contracts (the declarer
  side maximising its points, the defence minimising them; unannounced bonuses fall as they
  fall on that line), for the contract itself in negative and valat contracts.  A value the
  rules leave open (Königrufen values, RULES.md Q-AT1) is counted as *missing* with its name.
"""

import json
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from solver import GOALS, MissingValueError, Solver, TarokError, get_variant
from solver.goals import applies, win_target
from solver.variants import EXCHANGE, POSITIVE

from .deal import AnalysisError, DealSpec, dealt_sizes
from .stats import Mean, Rate, fraction_text, parse_fraction
from .talon import EXHAUSTIVE, HEURISTIC, MAX_EXCHANGES, POLICIES, Unavailable, exchanges, setup

FORMAT = "tarokdd-simulate/1"
DEFAULT_LIMIT = 10_000_000  # nodes per solve (about 1-2 s); a node limit keeps runs reproducible
DEFAULT_CHUNK = 8
DEFAULT_MEMORY = 64
FEATURES = ("trumps", "kings", "honours", "points")
YES_NO_GOALS = tuple(g for g in GOALS if g not in ("points", "tricks"))


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: ``summary`` holds every chunk finished (and saved) before it."""

    def __init__(self, summary):
        super().__init__("interrupted")
        self.summary = summary


def check_limit(limit):
    """A solver limit: None, a positive node count, or text such as '2s', '500ms', '100000'."""
    import re
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
        deal = self.spec.draw(np.random.default_rng(0))
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


# ------------------------------------------------------------------ tallies

def _outcome(value):
    return 0 if value is True else 1 if value is False else 2


def _add_into(into, other):
    """Add nested counts: lists elementwise, dicts by key, numbers, exact fraction texts."""
    for key, value in other.items():
        if key not in into:
            into[key] = json.loads(json.dumps(value))
        elif isinstance(value, dict):
            _add_into(into[key], value)
        elif isinstance(value, list):
            into[key] = [a + b for a, b in zip(into[key], value)]
        elif isinstance(value, str):
            if key in ("sum", "squares"):  # exact sums; other texts (reasons) are kept
                into[key] = fraction_text(parse_fraction(into[key]) + parse_fraction(value))
        else:
            into[key] += value
    return into


class Tally:
    """The counts of some deals, as JSON-ready nested dicts (merge with :meth:`add`)."""

    def __init__(self, data=None):
        self.data = data if data is not None else {"deals": 0, "contracts": {}}

    def contract(self, cid):
        return self.data["contracts"].setdefault(cid, {
            "deals": 0, "unavailable": {}, "answers": {}, "by_feature": {}, "not_applicable": {},
            "settlement": {"n": 0, "sum": "0", "squares": "0", "undecided": 0, "missing": {}, "errors": {}},
            "points": {}})

    def add(self, other):
        _add_into(self.data, other.data if isinstance(other, Tally) else other)
        return self

    def to_json(self):
        return _canonical(self.data)


def _canonical(data):
    return json.loads(json.dumps(data, sort_keys=True))


def hand_features(deal, seat):
    """The analysed hand's features as dealt: trumps, kings, honours, whole card points."""
    return {"trumps": deal.trumps(seat), "kings": deal.kings(seat), "honours": deal.honours(seat),
            "points": int(deal.points(seat))}


def evaluate(task, deal, tally, stats):
    """Set up and solve every contract of ``task`` for ``deal``; count into ``tally``."""
    seat = task.spec.seat
    tally.data["deals"] += 1
    features = hand_features(deal, seat)
    for cid in task.contracts:
        ct = tally.contract(cid)
        ct["deals"] += 1
        try:
            st = task.setup(deal, cid)
        except Unavailable as exc:
            ct["unavailable"][exc.reason] = ct["unavailable"].get(exc.reason, 0) + 1
            continue
        solver = Solver(task.memory_mb)
        each = st.position.contract.each_for_himself
        side = seat if each else None
        chosen = [st.position]

        def run(goal, line=False, position=None):
            r = solver.solve(position or chosen[0], goal, side=side, line=line, limit=task.limit)
            stats["solves"] += 1
            stats["nodes"] += r.nodes
            stats["solve_seconds"] += r.seconds
            return r

        answers = {}
        if not each and task.policy == EXHAUSTIVE and st.position.contract.talon == EXCHANGE \
                and not task.spec.discards:
            chosen[0], answers["win"] = _best_exchange(task, deal, cid, st, run, ct)
        elif not each:
            r = run("win")
            answers["win"] = r.value if r.exact else None
        pos = chosen[0]
        for goal in task.goals:
            reason = applies(pos, goal)
            if reason:
                ct["not_applicable"][goal] = reason
                continue
            r = run(goal)
            answers[goal] = r.value if r.exact else None
        if task.settle and not each:
            _settle(task, pos, ct, answers, run)
        for goal, value in answers.items():
            counts = ct["answers"].setdefault(goal, [0, 0, 0])
            counts[_outcome(value)] += 1
            by = ct["by_feature"].setdefault(goal, {})
            for name, x in features.items():
                cell = by.setdefault(name, {}).setdefault(str(x), [0, 0, 0])
                cell[_outcome(value)] += 1


def _best_exchange(task, deal, cid, first, run, ct):
    """Policy ``exhaustive``: (position, made?) — the first exchange (group and discard) that
    makes the contract, tried in :func:`analysis.talon.exchanges` order.  None (undecided) when
    no exchange is proven to make it and some answer was left open by the limit or more than
    ``MAX_EXCHANGES`` exchanges exist; the heuristic's position when none makes it."""
    ex = ct.setdefault("exchanges", {"tried": 0, "capped": 0})
    open_ = False
    for count, st in enumerate(exchanges(deal, cid, call=task.call, options=dict(task.options),
                                         values=dict(task.values), announce=task.announce)):
        if count == MAX_EXCHANGES:
            ex["capped"] += 1
            open_ = True
            break
        ex["tried"] += 1
        r = run("win", position=st.position)
        if r.exact and r.value:
            return st.position, True
        open_ = open_ or not r.exact
    return first.position, None if open_ else False


def _settle(task, pos, ct, answers, run):
    s = ct["settlement"]
    positive = pos.contract.kind == POSITIVE
    r = run("points" if positive else "win", line=True)
    if positive:
        target = win_target(pos)
        if answers.get("win") is None and target is not None:  # the bounds may decide the contract
            lo, hi = r.bounds
            answers["win"] = True if lo >= target else False if hi < target else None
        if r.exact:
            key = str(r.value)
            ct["points"][key] = ct["points"].get(key, 0) + 1
    elif answers.get("win") is None and r.exact:  # the same question, with the table now warm
        answers["win"] = r.value
    if not r.exact:
        s["undecided"] += 1
        return
    try:
        for token in r.line:
            pos.play(token)
        amount = Fraction(pos.settlement().amounts[pos.declarer])
    except MissingValueError as exc:
        key = exc.key or str(exc)
        s["missing"][key] = s["missing"].get(key, 0) + 1
        return
    except TarokError as exc:  # never expected: reported, not hidden
        s["errors"][str(exc)] = s["errors"].get(str(exc), 0) + 1
        return
    s["n"] += 1
    s["sum"] = fraction_text(parse_fraction(s["sum"]) + amount)
    s["squares"] = fraction_text(parse_fraction(s["squares"]) + amount * amount)


def chunk_rng(entropy, index):
    """The generator of chunk ``index``: the index-th child of the run's SeedSequence."""
    return np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(index,)))


def run_chunk(task, entropy, index, size):
    """Deal and solve one chunk (on whatever worker); returns its small JSON record."""
    started = time.perf_counter()
    rng = chunk_rng(entropy, index)
    tally = Tally()
    stats = Counter(solves=0, nodes=0, solve_seconds=0.0)
    for _ in range(size):
        evaluate(task, task.spec.deal(rng, dict(task.options)), tally, stats)
    return {"type": "chunk", "chunk": index, "deals": size, "result": tally.to_json(),
            "timing": {"seconds": time.perf_counter() - started, "solves": stats["solves"],
                       "nodes": stats["nodes"], "solve_seconds": stats["solve_seconds"], "pid": os.getpid()}}


# ------------------------------------------------------------------ the summary

class Summary:
    """The merged result of a run (complete or not): rates, intervals, expected settlement."""

    def __init__(self, header, records=(), confidence=0.95, method="auto"):
        self.header = header
        self.confidence = confidence
        self.method = method
        self.tally = Tally()
        self.chunks = {}
        self.timing = Counter(seconds=0.0, solves=0, nodes=0, solve_seconds=0.0)
        self.wall = None  # this session's wall time and workers, when known
        self.workers = None
        self.interrupted = False
        for record in records:
            self.add(record)

    def add(self, record):
        index = record["chunk"]
        if index in self.chunks:
            return False
        self.chunks[index] = record["deals"]
        self.tally.add(record["result"])
        for key in ("seconds", "solves", "nodes", "solve_seconds"):
            self.timing[key] += record.get("timing", {}).get(key, 0)
        return True

    # -- what the run is
    @property
    def task(self):
        return self.header["task"]

    @property
    def variant(self):
        return get_variant(self.task["spec"]["variant"])

    @property
    def contracts(self):
        return list(self.task["contracts"])

    @property
    def deals(self):
        return sum(self.chunks.values())

    @property
    def complete(self):
        return self.deals == self.header["deals"]

    # -- the numbers
    def _contract(self, contract):
        cid = self.variant.contract(contract).id
        if cid not in self.contracts:
            raise AnalysisError("%s was not part of this run (contracts: %s)" % (cid, ", ".join(self.contracts)))
        return cid, self.tally.data["contracts"].get(cid) or Tally().contract(cid)

    def rate(self, contract, goal="win"):
        """:class:`Rate` of a yes/no goal (default: the contract is made)."""
        cid, ct = self._contract(contract)
        yes, no, undecided = ct["answers"].get(goal, [0, 0, 0])
        return Rate(yes, no, undecided, self.confidence, self.method)

    def feature_rates(self, contract, feature="trumps", goal="win"):
        """{feature value: Rate} over the analysed hand's feature as dealt."""
        if feature not in FEATURES:
            raise AnalysisError("feature %r: choose one of %s" % (feature, ", ".join(FEATURES)))
        cid, ct = self._contract(contract)
        cells = ct["by_feature"].get(goal, {}).get(feature, {})
        return {int(x): Rate(*cells[x], confidence=self.confidence, method=self.method)
                for x in sorted(cells, key=int)}

    def expected(self, contract):
        """:class:`Mean` of the analysed seat's settlement over the settled deals."""
        cid, ct = self._contract(contract)
        s = ct["settlement"]
        return Mean(s["n"], parse_fraction(s["sum"]), parse_fraction(s["squares"]), self.confidence)

    def points(self, contract):
        """{units: deals} of the declarer side's card points under double-dummy play."""
        cid, ct = self._contract(contract)
        return {int(k): n for k, n in sorted(ct["points"].items(), key=lambda kv: int(kv[0]))}

    def threshold(self, contract):
        """The declarer's point threshold in units (None where it depends on bouts: French)."""
        v = self.variant
        c = v.contract(contract)
        if c.kind != POSITIVE:
            return None
        if v.family in ("slovenian", "koenigrufen"):
            return 106 if dict(self.task.get("options") or {}).get("win_at_35_plus_card") else 107
        return None

    def row(self, contract):
        cid, ct = self._contract(contract)
        c = self.variant.contracts[cid]
        s = ct["settlement"]
        row = {"contract": cid, "name": c.name, "deals": ct["deals"], "unavailable": dict(ct["unavailable"])}
        if not c.each_for_himself:
            row["success"] = self.rate(cid).to_json()
        row["goals"] = {g: self.rate(cid, g).to_json() for g in self.task["goals"] if g in ct["answers"]}
        row["not_applicable"] = dict(ct["not_applicable"])
        if "exchanges" in ct:
            row["exchanges"] = dict(ct["exchanges"])
        if self.task["settle"] and not c.each_for_himself:
            row["settlement"] = dict(self.expected(cid).to_json(), undecided=s["undecided"],
                                     missing=dict(s["missing"]), errors=dict(s["errors"]))
        return row

    def ranking(self):
        """'settlement' when every contract's expected settlement covers at least half of its
        deals (the table is then ranked by it), else 'success' (ranked by success rate)."""
        rows = [self.row(c) for c in self.contracts]
        ok = self.task["settle"] and all(
            "settlement" in r and 2 * r["settlement"]["n"] >= max(1, r["deals"]) for r in rows)
        return "settlement" if ok else "success"

    def rows(self):
        """One row per contract, best first: by expected settlement when it is known for
        (at least half of the deals of) every contract, else by success rate (see :meth:`ranking`)."""
        rows = [self.row(c) for c in self.contracts]
        by_ev = self.ranking() == "settlement"

        def key(row):
            ev = (row.get("settlement") or {}).get("mean")
            rate = (row.get("success") or {}).get("rate")
            first = (ev is None, -(ev or 0)) if by_ev else (rate is None, -(rate or 0))
            second = (rate is None, -(rate or 0)) if by_ev else (ev is None, -(ev or 0))
            return first + second + (self.contracts.index(row["contract"]),)
        return sorted(rows, key=key)

    def throughput(self):
        """Deals per second per core (from the chunks' compute time) and, for this session, on
        the wall clock."""
        out = {"deals": self.deals, "core_seconds": round(self.timing["seconds"], 3),
               "deals_per_core_second": self.deals / self.timing["seconds"] if self.timing["seconds"] else None,
               "solves": self.timing["solves"], "nodes": self.timing["nodes"],
               "nodes_per_second": self.timing["nodes"] / self.timing["solve_seconds"]
               if self.timing["solve_seconds"] else None}
        if self.wall:
            out.update(wall_seconds=round(self.wall[1], 3), wall_deals=self.wall[0], workers=self.workers,
                       deals_per_second=self.wall[0] / self.wall[1] if self.wall[1] else None)
        return out

    def result_json(self):
        """The result alone (no timing): equal for equal task, seed and deals."""
        return {"deals": self.deals, "tally": self.tally.to_json()}

    def to_json(self):
        return {"format": FORMAT, "variant": self.variant.id, "task": self.task, "seed": self.header["seed"],
                "deals": self.deals, "deals_requested": self.header["deals"], "complete": self.complete,
                "chunk_size": self.header["chunk_size"], "interrupted": self.interrupted,
                "talon_policy": self.task["policy"], "limit": self.task["limit"],
                "confidence": self.confidence, "ranked_by": self.ranking(), "contracts": self.rows(),
                "throughput": self.throughput()}

    # -- text
    def format(self, title="simulation"):
        """The run as a text table: one row per contract (best first), goals below it."""
        v = self.variant
        t = self.task
        spec = DealSpec.from_json(t["spec"])
        pct = round(100 * self.confidence)
        lines = ["%s — %s, %d deal%s%s (seed %s)" % (
            v.name, title, self.deals, "" if self.deals == 1 else "s",
            "" if self.complete else " of %d requested" % self.header["deals"], self.header["seed"]),
            "known: " + spec.describe(),
            "talon: %s policy; solver limit %s per solve; %d%% intervals (%s)" % (
                t["policy"], t["limit"] if t["limit"] is not None else "none", pct,
                "Wilson, Clopper-Pearson near 0 or 1" if self.method == "auto" else self.method), ""]
        rows = self.rows()
        table = [["contract", "success", "%d%% interval" % pct, "decided", "undecided"]]
        if any("settlement" in r for r in rows):
            table[0] += ["E[settlement]", "%d%% interval" % pct, "settled", "unsettled"]
        notes = []

        def rate_cells(rate):
            if not rate.decided:
                return ["--", "", "0", str(rate.undecided)]
            low, high = rate.interval
            return ["%.1f%%" % (100 * rate.rate), "[%.1f, %.1f]" % (100 * low, 100 * high), str(rate.decided),
                    str(rate.undecided)]

        for r in rows:
            cid = r["contract"]
            cells = [cid] + (rate_cells(self.rate(cid)) if "success" in r else ["(each for himself)", "", "", ""])
            if "settlement" in r:
                s = r["settlement"]
                ev = self.expected(cid)
                unsettled = s["undecided"] + sum(s["missing"].values()) + sum(s["errors"].values())
                if ev.n:
                    iv = ev.interval
                    cells += ["%+.1f" % float(ev.mean), "[%+.1f, %+.1f]" % iv if ev.n > 1 else "", str(ev.n),
                              str(unsettled)]
                else:
                    cells += ["--", "", "0", str(unsettled)]
                if ev.n < r["deals"] / 2:
                    notes.append("%s: the expected settlement covers only %d of %d deals (the others: limit "
                                 "reached or a value missing)" % (cid, ev.n, r["deals"]))
                for key, n in s["missing"].items():
                    notes.append("%s: no settlement for %d deal%s: the value of %r is not set (RULES.md Q-AT1; "
                                 "give it with --value %s=N)" % (cid, n, "" if n == 1 else "s", key, key))
                for msg, n in s["errors"].items():
                    notes.append("%s: %d deal%s could not be settled: %s" % (cid, n, "" if n == 1 else "s", msg))
            table.append(cells)
            for goal in t["goals"]:
                if goal in r["goals"]:
                    table.append(["  " + goal] + rate_cells(self.rate(cid, goal)))
                elif goal in r["not_applicable"]:
                    table.append(["  " + goal, "n/a: " + r["not_applicable"][goal]])
            if r.get("exchanges"):
                ex = r["exchanges"]
                notes.append("%s: exhaustive talon: %d exchanges solved%s" % (
                    cid, ex["tried"], "; %d deal%s had more than %d (left undecided unless one made it)"
                    % (ex["capped"], "" if ex["capped"] == 1 else "s", MAX_EXCHANGES) if ex["capped"] else ""))
            for reason, n in r["unavailable"].items():
                notes.append("%s: not played in %d deal%s: %s" % (cid, n, "" if n == 1 else "s", reason))
        lines += _columns(table)
        if len(rows) > 1:
            lines.append("(best first, by %s)" % ("expected settlement" if self.ranking() == "settlement" else
                                                   "success rate: the expected settlement is incomplete"
                                                   if t["settle"] else "success rate"))
        if notes:
            lines += [""] + ["note: " + n for n in notes]
        tp = self.throughput()
        if tp["deals_per_core_second"]:
            line = "throughput: %.3g deals/s per core (%d solves, %.3g nodes/s)" % (
                tp["deals_per_core_second"], tp["solves"], tp["nodes_per_second"] or 0)
            if tp.get("deals_per_second") and tp.get("wall_deals"):
                line += "; this run %.3g deals/s on %d worker%s" % (tp["deals_per_second"], tp["workers"] or 1,
                                                                   "" if tp["workers"] == 1 else "s")
            lines += ["", line]
        if not self.complete:
            lines.append("incomplete: %d of %d chunks done%s" % (
                len(self.chunks), _n_chunks(self.header["deals"], self.header["chunk_size"]),
                "; --resume completes it" if self.interrupted else ""))
        return "\n".join(lines)


def _columns(table):
    """Rows of cells as aligned text (a cell running past its column spans the rest)."""
    widths = {}
    for row in table:
        if len(row) > 2 or row is table[0]:
            for i, cell in enumerate(row):
                widths[i] = max(widths.get(i, 0), len(cell))
    out = []
    for row in table:
        if len(row) == 2 and row is not table[0]:
            out.append(("%-*s  %s" % (widths[0], row[0], row[1])).rstrip())
            continue
        out.append("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) if i else cell
                             for i, cell in enumerate(row)).rstrip())
    return out


def _n_chunks(deals, chunk_size):
    return math.ceil(deals / chunk_size)


# ------------------------------------------------------------------ results files

def make_header(task, deals, seed, chunk_size):
    return {"type": "header", "format": FORMAT, "task": task.to_json(), "seed": str(seed), "deals": deals,
            "chunk_size": chunk_size}


def _same_run(a, b):
    keys = ("format", "task", "seed", "deals", "chunk_size")
    return [k for k in keys if _canonical(a.get(k)) != _canonical(b.get(k))]


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
                    isinstance(data.get("task"), dict) and isinstance(data.get("deals"), int)
                    and isinstance(data.get("chunk_size"), int)):
                raise AnalysisError("%s is not a tarokdd results file (no %s header)" % (path, FORMAT))
            header = data
        elif data.get("type") == "chunk":
            records.append(data)
        at = good = end
    if header is None:
        raise AnalysisError("%s holds no results header" % path)
    return header, records, good


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
                raise AnalysisError("%s holds another run (different %s); --resume needs the same task, seed, "
                                    "deals and chunk size" % (self.path, ", ".join(diff)))
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


def simulate(task, deals=100, seed=None, chunk_size=DEFAULT_CHUNK, executor=None, jobs=None, output=None,
             resume=False, progress=None, on_chunk=None, window=None, confidence=0.95, method="auto"):
    """Run ``task`` over ``deals`` random deals; returns a :class:`Summary`.

    ``executor``: any :class:`concurrent.futures.Executor` (e.g. a Dask
    ``distributed.Client(...).get_executor()``); by default a process pool of ``jobs``
    workers (all cores), and ``jobs=1`` runs in this process.  ``output``: a JSON-lines file
    the chunks are appended to as they finish; ``resume=True`` completes the run it holds.
    ``progress``: a tqdm bar on stderr (default: when stderr is a terminal).  ``on_chunk``:
    called with the summary after every chunk.  Ctrl-C raises :class:`SimulationInterrupted`
    carrying the summary of the finished chunks (all saved)."""
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise AnalysisError("the number of deals must be a positive whole number")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, (int, np.integer)) or chunk_size < 1:
        raise AnalysisError("the chunk size must be a positive whole number")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise AnalysisError("jobs must be a positive whole number")
    entropy = _seed(seed)
    header = make_header(task, int(deals), entropy, int(chunk_size))
    store = _Store(output) if output else None
    done = store.open(header, resume) if store else []
    summary = Summary(header, done, confidence, method)
    try:
        todo = [i for i in range(_n_chunks(deals, chunk_size)) if i not in summary.chunks]
        if todo:
            task.spec.check_feasible(np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(2 ** 32,))))
        sizes = {i: min(chunk_size, deals - i * chunk_size) for i in todo}
        _run(task, entropy, todo, sizes, summary, store, executor, jobs, progress, on_chunk, window)
    finally:
        if store:
            store.close()
    return summary


def _run(task, entropy, todo, sizes, summary, store, executor, jobs, progress, on_chunk, window):
    bar = _progress_bar(progress, summary)
    started = time.perf_counter()
    fresh = [0]
    workers = 1 if executor is None and jobs == 1 else (jobs or getattr(executor, "_max_workers", None)
                                                       or os.cpu_count() or 1)
    summary.workers = workers

    def finish(record, callback=True):
        if summary.add(record):
            fresh[0] += record["deals"]
            if store:
                store.write(record)
            summary.wall = (fresh[0], time.perf_counter() - started)
            if bar is not None:
                bar.update(record["deals"])
            if on_chunk is not None and callback:
                on_chunk(summary)

    own = None
    try:
        if executor is None and jobs == 1:
            for i in todo:
                finish(run_chunk(task, entropy, i, sizes[i]))
            return
        if executor is None:
            executor = own = ProcessPoolExecutor(max_workers=workers)
        window = window or max(4, 2 * workers)
        queue = list(todo)
        pending = set()
        try:
            while queue or pending:
                while queue and len(pending) < window:
                    i = queue.pop(0)
                    pending.add(executor.submit(run_chunk, task, entropy, i, sizes[i]))
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    finish(future.result())
        except KeyboardInterrupt:
            for future in list(pending):
                if future.done() and not future.cancelled() and future.exception() is None:
                    finish(future.result(), callback=False)  # finished before the interrupt: keep it
                future.cancel()
            raise
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    except KeyboardInterrupt:
        summary.interrupted = True
        summary.wall = (fresh[0], time.perf_counter() - started)
        if own is not None:
            own.shutdown(wait=False, cancel_futures=True)
            own = None
        raise SimulationInterrupted(summary) from None
    finally:
        if own is not None:
            own.shutdown(wait=True)
        if bar is not None:
            bar.close()
        summary.wall = (fresh[0], time.perf_counter() - started)


def _progress_bar(progress, summary):
    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return None
    from tqdm import tqdm
    return tqdm(total=summary.header["deals"], initial=summary.deals, unit="deal", file=sys.stderr,
                dynamic_ncols=True, desc="tarokdd", leave=False)


def resume(path, executor=None, jobs=None, progress=None, on_chunk=None, confidence=0.95, method="auto"):
    """Complete the run stored in ``path`` (its header holds the task, the seed and the deals)."""
    header, _, _ = read_results(path)
    task = Task.from_json(header["task"])
    return simulate(task, header["deals"], int(header["seed"]), header["chunk_size"], executor, jobs, path, True,
                    progress, on_chunk, confidence=confidence, method=method)


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

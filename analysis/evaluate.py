"""One deal, every contract: the questions asked of the solver, and what is proven so far.

Per deal and contract the record holds what is proven:

* ``win`` — the contract is made (True / False / None while open);
* ``count`` — for point contracts, proven bounds [low, high] on the count the contract is
  judged on (:mod:`analysis.settle`); ``win`` follows from it;
* ``goals`` — each yes/no goal: True / False / None;
* ``settle`` — the analysed seat's amount as [lowest, highest] (exact when equal);
* ``missing`` / ``error`` — why an amount cannot be given.

A *pass* asks every open question once under the pass's node limit, with one transposition
table per deal and pass (shared by that deal's questions: the win test warms the threshold
tests).  Every question is a yes/no test: the contract (``win``), each goal, and for the
settlement ``solve(..., at_least=e)`` at the edges of the count between the proven bounds
(binary search), so a deal is settled to exactly the resolution its score needs — once the
contract is decided: while it is open a pass spends its limit on the contract first.  A fresh
table per pass keeps the result of a pass independent of which worker ran the deal before.
"""

import copy
import os
import time
from fractions import Fraction

import numpy as np

from solver import MissingValueError, Solver, TarokError
from solver.goals import applies
from solver.variants import EXCHANGE

from .settle import Score
from .stats import fraction_text
from .talon import EXHAUSTIVE, MAX_EXCHANGES, Unavailable, exchanges

FIRST_LIMIT = 100_000  # nodes per test in the first pass (about 0.1 s)
GROWTH = 8  # each later pass multiplies the limit


def pass_limit(cap, pass_no):
    """The per-test limit of pass ``pass_no``: FIRST_LIMIT x GROWTH^pass, capped by ``cap`` (the
    task's limit: None or a node count); a time limit is used as it is (one pass)."""
    if isinstance(cap, str):
        return cap
    nodes = FIRST_LIMIT * GROWTH ** pass_no
    return nodes if cap is None else min(nodes, cap)


def last_pass(task):
    """The last pass there is (None: passes go on until the budget is spent)."""
    cap = task.limit
    if isinstance(cap, str):
        return 0
    if cap is None:
        return None
    p = 0
    while FIRST_LIMIT * GROWTH ** p < cap:
        p += 1
    return p


def deal_rng(entropy, index):
    """The generator of deal ``index``: the index-th child of the run's SeedSequence, so a deal
    is the same whatever the chunks, the workers or the order."""
    return np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(index,)))


def hand_features(deal, seat):
    """The analysed hand's features as dealt: trumps, kings, honours, whole card points."""
    return {"trumps": deal.trumps(seat), "kings": deal.kings(seat), "honours": deal.honours(seat),
            "points": int(deal.points(seat))}


class _Asker:
    """Asks one deal's questions under the pass's limit, until the deadline."""

    def __init__(self, task, limit, deadline, stats):
        self.task, self.limit, self.deadline, self.stats = task, limit, deadline, stats
        self.solver = None

    def fresh(self):
        self.solver = Solver(self.task.memory_mb)

    def _limit(self):
        """The pass's node limit, or the time left when the budget ends sooner (at this
        process's node rate so far): a test never runs far past the budget."""
        if self.deadline is None or isinstance(self.limit, str):
            return self.limit
        left = self.deadline - time.time()
        rate = self.stats["nodes"] / self.stats["solve_seconds"] if self.stats["solve_seconds"] > 0.5 else 1e6
        return self.limit if self.limit <= left * rate else "%.3fs" % max(left, 0.01)

    @property
    def late(self):
        return self.deadline is not None and time.time() >= self.deadline

    def __call__(self, position, goal, side=None, at_least=None):
        r = self.solver.solve(position, goal, side=side, limit=self._limit(), at_least=at_least)
        self.stats["solves"] += 1
        self.stats["nodes"] += r.nodes
        self.stats["solve_seconds"] += r.seconds
        return r


def run_chunk(task, entropy, items, deadline=None):
    """Deal and evaluate ``items`` — (deal index, pass, the deal's record so far or None) — on
    whatever worker; returns the chunk's small JSON record."""
    started, cpu = time.perf_counter(), time.process_time()
    stats = {"solves": 0, "nodes": 0, "solve_seconds": 0.0}
    out = []
    for index, pass_no, before in items:
        asker = _Asker(task, pass_limit(task.limit, pass_no), deadline, stats)
        if before is not None and asker.late:
            out.append(before)  # the budget is spent: this deal keeps its last pass
            continue
        deal = task.spec.deal(deal_rng(entropy, index), dict(task.options))
        out.append(evaluate_deal(task, deal, index, pass_no, before, asker))
    return {"type": "chunk", "deals": out,
            "timing": dict(stats, seconds=time.perf_counter() - started, cpu_seconds=time.process_time() - cpu,
                           pid=os.getpid())}


def evaluate_deal(task, deal, index, pass_no, before, ask):
    """The record of deal ``index`` after pass ``pass_no`` (``before``: its record so far)."""
    record = {"deal": index, "pass": pass_no, "features": hand_features(deal, task.spec.seat), "contracts": {}}
    for cid in task.contracts:
        old = (before or {}).get("contracts", {}).get(cid)
        if old is not None and not is_open(old):
            record["contracts"][cid] = old
            continue
        record["contracts"][cid] = _contract(task, deal, cid, copy.deepcopy(old or {}), ask)
    return record


def is_open(ct):
    """Whether a contract's record still has a question the solver has not answered."""
    if "unavailable" in ct:
        return False
    if ct.get("win", False) is None or None in ct.get("goals", {}).values():
        return True
    s = ct.get("settle")
    return s is not None and s[0] != s[1] and "missing" not in ct


def _contract(task, deal, cid, ct, ask):
    try:
        st = task.setup(deal, cid)
    except Unavailable as exc:
        return {"unavailable": exc.reason}
    ask.fresh()
    pos = st.position
    each = pos.contract.each_for_himself
    side = task.spec.seat if each else None
    if not each:
        if task.policy == EXHAUSTIVE and pos.contract.talon == EXCHANGE and not task.spec.discards:
            pos = _best_exchange(task, deal, cid, st, ct, ask)
        else:
            _ask_win(task, pos, ct, ask)
    goals = ct.setdefault("goals", {})
    for goal in task.goals:
        if goals.get(goal) is not None or goal in ct.get("not_applicable", {}):
            continue
        reason = applies(pos, goal)
        if reason:
            ct.setdefault("not_applicable", {})[goal] = reason
            continue
        goals[goal] = None
        if not ask.late:
            r = ask(pos, goal, side)
            goals[goal] = r.value if r.exact else None
    if task.settle and not each:  # while the contract is open the budget goes to it first
        _settle(task, pos, ct, ask, tests=ct.get("win") is not None)
    return ct


def _score(task, pos):
    return Score(pos, dict(task.values))


def _ask_win(task, pos, ct, ask):
    """The contract: one yes/no test (for point contracts it also bounds the count)."""
    score = _score(task, pos)
    if score.by_count:
        low, high = ct.get("count") or (0, score.max_count)
        if low < score.target <= high and not ask.late:
            r = ask(pos, "win")
            low, high = max(low, r.bounds[0]), min(high, r.bounds[1])
        ct["count"] = [low, high]
        ct["win"] = True if low >= score.target else False if high < score.target else None
    elif ct.get("win") is None:
        ct["win"] = None
        if not ask.late:
            r = ask(pos, "win")
            ct["win"] = r.value if r.exact else None


def _best_exchange(task, deal, cid, first, ct, ask):
    """Policy ``exhaustive``: the first exchange (group and discard, in :func:`exchanges` order)
    proven to make the contract; none proven and some left open (or more than MAX_EXCHANGES):
    undecided; all proven lost: lost.  Returns the position the goals and settlement follow."""
    tried, capped, open_, chosen = 0, 0, False, None
    positions = []
    for count, st in enumerate(exchanges(deal, cid, call=task.call, options=dict(task.options),
                                         values=dict(task.values), announce=task.announce)):
        if count == MAX_EXCHANGES:
            capped, open_ = 1, True
            break
        if ask.late:
            open_ = True
            break
        tried += 1
        r = ask(st.position, "win")
        positions.append(st.position)
        if r.exact and r.value:
            chosen = st.position
            break
        open_ = open_ or not r.exact
    ct["exchanges"] = {"tried": tried, "capped": capped}
    ct["win"] = True if chosen is not None else None if open_ else False
    pos = chosen or first.position
    score = _score(task, pos)
    if score.by_count:  # the count of the exchange played: bounded by the settlement's tests
        ct["count"] = [score.target, score.max_count] if chosen is not None else \
            [0, score.target - 1] if ct["win"] is False else [0, score.max_count]
    return pos


def _settle(task, pos, ct, ask, tests=True):
    """The amount to the resolution the score needs: threshold tests at the edges of the
    count between the proven bounds (binary search), or the contract made.  ``tests=False``:
    no test this pass, the amount's bounds from the count's bounds alone."""
    try:
        score = _score(task, pos)
        if not score.by_count:
            win = ct.get("win")
            low, high = (score.amount_won(win),) * 2 if win is not None else sorted(
                (score.amount_won(False), score.amount_won(True)))
        else:
            low, high = ct.get("count") or (0, score.max_count)
            edges = score.edges(low, high) if tests else []
            while edges and not ask.late:
                edge = edges[len(edges) // 2]
                r = ask(pos, "win", at_least=edge)
                if not r.exact:
                    low, high = max(low, r.bounds[0]), min(high, r.bounds[1])
                    break  # this pass's limit is not enough: the next pass asks again
                low, high = (max(low, edge, r.bounds[0]), high) if r.value else (low, min(high, edge - 1,
                                                                                           r.bounds[1]))
                edges = score.edges(low, high)
            ct["count"] = [low, high]
            ct["win"] = True if low >= score.target else False if high < score.target else None
            low, high = score.amounts(low, high)
    except MissingValueError as exc:
        ct["missing"] = exc.key or str(exc)
        return
    except TarokError as exc:  # never expected: reported, not hidden
        ct["error"] = str(exc)
        return
    ct["settle"] = [fraction_text(Fraction(low)), fraction_text(Fraction(high))]

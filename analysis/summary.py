"""The merged result of a run: rates with their brackets, the expected settlement, the table.

A :class:`Summary` holds the latest record of every deal (a deal re-solved in a later pass
replaces its earlier record) and counts them: per contract the answers of every yes/no goal
(yes, no, undecided), the settlement's sums (low and high ends: exact when equal) and the
count bands the solver proved.  Rates are over all deals dealt; undecided deals make a
bracket (:class:`analysis.stats.Rate`), never a rate over the decided ones.
"""

import json
from fractions import Fraction

from solver import get_variant
from solver.variants import POSITIVE

from solver.goals import FRENCH_REQUIREMENT

from .deal import AnalysisError
from .stats import Mean, Rate, parse_fraction

FEATURES = ("trumps", "kings", "honours", "points")
FEW_DEALS = 30  # fewer deals than this: reports and charts say so


def canonical(data):
    return json.loads(json.dumps(data, sort_keys=True))


def _empty_contract():
    return {"deals": 0, "unavailable": {}, "answers": {}, "by_feature": {}, "not_applicable": {},
            "settlement": {"n": 0, "open": 0, "sum": Fraction(0), "squares": Fraction(0), "high_sum": Fraction(0),
                           "high_squares": Fraction(0), "missing": {}, "errors": {}},
            "counts": {}}


def _outcome(value):
    return 0 if value is True else 1 if value is False else 2


def tally(records, contracts):
    """Per contract: the counts of the deal ``records`` (see the module doc)."""
    out = {cid: _empty_contract() for cid in contracts}
    for record in records:
        for cid, ct in record["contracts"].items():
            t = out.setdefault(cid, _empty_contract())
            t["deals"] += 1
            if "unavailable" in ct:
                t["unavailable"][ct["unavailable"]] = t["unavailable"].get(ct["unavailable"], 0) + 1
                continue
            answers = dict(ct.get("goals", {}))
            if "win" in ct:
                answers["win"] = ct["win"]
            for goal, value in answers.items():
                t["answers"].setdefault(goal, [0, 0, 0])[_outcome(value)] += 1
                by = t["by_feature"].setdefault(goal, {})
                for name, x in record["features"].items():
                    by.setdefault(name, {}).setdefault(str(x), [0, 0, 0])[_outcome(value)] += 1
            t["not_applicable"].update(ct.get("not_applicable", {}))
            if "exchanges" in ct:
                ex = t.setdefault("exchanges", {"tried": 0, "capped": 0})
                ex["tried"] += ct["exchanges"]["tried"]
                ex["capped"] += ct["exchanges"]["capped"]
            if "count" in ct:
                key = "%d:%d" % tuple(ct["count"])
                t["counts"][key] = t["counts"].get(key, 0) + 1
            s = t["settlement"]
            if "missing" in ct:
                s["missing"][ct["missing"]] = s["missing"].get(ct["missing"], 0) + 1
            elif "error" in ct:
                s["errors"][ct["error"]] = s["errors"].get(ct["error"], 0) + 1
            elif "settle" in ct:
                low, high = (parse_fraction(x) for x in ct["settle"])
                s["n"] += 1
                s["open"] += low != high
                s["sum"] += low
                s["squares"] += low * low
                s["high_sum"] += high
                s["high_squares"] += high * high
    return out


class Summary:
    """The merged result of a run (complete or not): rates, brackets, expected settlement."""

    def __init__(self, header, records=(), confidence=0.95, method="auto"):
        self.header = header
        self.confidence = confidence
        self.method = method
        self.latest = {}  # deal index -> its latest record
        self.timing = {"seconds": 0.0, "cpu_seconds": 0.0, "solves": 0, "nodes": 0, "solve_seconds": 0.0}
        self.wall = None  # this session: (deals finished, seconds)
        self.workers = None
        self.interrupted = False
        self.budget = None  # this session: how the budget went (see simulate)
        self.pids = set()  # the processes that evaluated the chunks added
        self._tally = None
        for record in records:
            self.add(record)

    def add(self, record):
        """Merge a chunk record; returns the deal records it brought (new deals, later passes)."""
        fresh = []
        for deal in record["deals"]:
            old = self.latest.get(deal["deal"])
            if old is None or deal["pass"] > old["pass"]:
                fresh.append(deal)
                self.latest[deal["deal"]] = deal
        for key in self.timing:
            self.timing[key] += record.get("timing", {}).get(key, 0)
        self.pids.add(record.get("timing", {}).get("pid"))
        self._tally = None
        return fresh

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
        return len(self.latest)

    @property
    def complete(self):
        return self.deals == self.header["deals"]

    @property
    def tally(self):
        if self._tally is None:
            self._tally = tally([self.latest[i] for i in sorted(self.latest)], self.contracts)
        return self._tally

    def name(self, contract):
        """The contract's local name (trojka, Solodreier, garde …)."""
        return self.variant.contracts[self._contract(contract)[0]].name.split(" (")[0]

    # -- the numbers
    def _contract(self, contract):
        cid = self.variant.contract(contract).id
        if cid not in self.contracts:
            raise AnalysisError("%s was not part of this run (contracts: %s)" % (cid, ", ".join(self.contracts)))
        return cid, self.tally.get(cid) or _empty_contract()

    def rate(self, contract, goal="win"):
        """:class:`Rate` of a yes/no goal (default: the contract is made) over all deals."""
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
        """:class:`Mean` of the analysed seat's settlement: every settled deal, exact or (while
        its count is open) between its bounds."""
        cid, ct = self._contract(contract)
        s = ct["settlement"]
        return Mean(s["n"], s["sum"], s["squares"], self.confidence, s["high_sum"], s["high_squares"], s["open"])

    def counts(self, contract):
        """{(low, high): deals}: the count bands the solver proved (units of the count the
        contract is judged on; narrow enough for the score when settled)."""
        cid, ct = self._contract(contract)
        return {tuple(int(x) for x in k.split(":")): n for k, n in sorted(
            ct["counts"].items(), key=lambda kv: tuple(int(x) for x in kv[0].split(":")))}

    def threshold(self, contract):
        """The count the contract needs (units; French: points plus the bout bonus), or None."""
        c = self.variant.contract(contract)
        if c.kind != POSITIVE or self.variant.family == "danish":
            return None
        if self.variant.family == "french":
            return FRENCH_REQUIREMENT[0]
        return 106 if dict(self.task.get("options") or {}).get("win_at_35_plus_card") else 107

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
            row["settlement"] = dict(self.expected(cid).to_json(), missing=dict(s["missing"]),
                                     errors=dict(s["errors"]))
        return row

    def ranking(self):
        """'settlement' when every contract's expected settlement covers at least half of its
        deals (the table is then ranked by it), else 'success' (ranked by success rate)."""
        rows = [self.row(c) for c in self.contracts]
        ok = self.task["settle"] and all(
            "settlement" in r and 2 * r["settlement"]["n"] >= max(1, r["deals"]) for r in rows)
        return "settlement" if ok else "success"

    def rows(self):
        """One row per contract, best first: by expected settlement (the middle of its bracket)
        when it is known for at least half of every contract's deals, else by success rate."""
        rows = [self.row(c) for c in self.contracts]
        by_ev = self.ranking() == "settlement"

        def middle(bracket):
            return None if not bracket else sum(bracket) / 2

        def key(row):
            ev = middle((row.get("settlement") or {}).get("bracket"))
            rate = middle((row.get("success") or {}).get("bracket"))
            first = (ev is None, -(ev or 0)) if by_ev else (rate is None, -(rate or 0))
            second = (rate is None, -(rate or 0)) if by_ev else (ev is None, -(ev or 0))
            return first + second + (self.contracts.index(row["contract"]),)
        return sorted(rows, key=key)

    def passes(self):
        """{pass: deals whose latest record is from it}."""
        out = {}
        for record in self.latest.values():
            out[record["pass"]] = out.get(record["pass"], 0) + 1
        return dict(sorted(out.items()))

    def throughput(self):
        """Deals per second per core (the workers' CPU time: true on a shared machine too) and,
        for this session, on the wall clock with how busy the workers were."""
        seconds = self.timing["cpu_seconds"] or self.timing["seconds"]
        out = {"deals": self.deals, "core_seconds": round(seconds, 3),
               "deals_per_core_second": self.deals / seconds if seconds else None,
               "solves": self.timing["solves"], "nodes": self.timing["nodes"],
               "nodes_per_second": self.timing["nodes"] / self.timing["solve_seconds"]
               if self.timing["solve_seconds"] else None}
        if self.wall:
            deals, wall, busy = self.wall
            out.update(wall_seconds=round(wall, 3), wall_deals=deals, workers=self.workers,
                       deals_per_second=deals / wall if wall else None,
                       busy=min(1.0, busy / (wall * (self.workers or 1))) if wall else None)
        return out

    def result_json(self):
        """The result alone (no timing): equal for equal task, seed and deals."""
        return canonical({"deals": self.deals, "records": [self.latest[i] for i in sorted(self.latest)]})

    def to_json(self):
        return {"format": self.header["format"], "variant": self.variant.id, "task": self.task,
                "seed": self.header["seed"], "deals": self.deals, "deals_requested": self.header["deals"],
                "complete": self.complete, "interrupted": self.interrupted,
                "talon_policy": self.task["policy"], "limit": self.task["limit"], "passes": self.passes(),
                "budget": self.budget, "confidence": self.confidence, "ranked_by": self.ranking(),
                "contracts": self.rows(), "throughput": self.throughput()}

    # -- text
    def format(self, title="simulation"):
        """The run as a text table: one row per contract (best first), goals below it."""
        from .report import format_summary
        return format_summary(self, title)


def deals_text(n):
    return "%d deal%s" % (n, "" if n == 1 else "s")

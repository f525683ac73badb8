"""The merged result of a run: rates with their brackets, the expected settlement, the table.

A :class:`Summary` holds the latest record of every deal (a deal re-solved in a later pass
replaces its earlier record) and counts them: per contract the answers of every yes/no goal
(yes, no, undecided), the settlement's sums (low and high ends: exact when equal) and the
count bands the solver proved.  Rates are over all deals dealt; undecided deals make a
bracket (:class:`analysis.stats.Rate`), never a rate over the decided ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from solver import get_variant
from solver.goals import FRENCH_REQUIREMENT
from solver.variants import POSITIVE, Variant

from .deal import AnalysisError
from .stats import Mean, Rate, parse_fraction

if TYPE_CHECKING:
    import pandas

# A record of the results file, or a tally: JSON values.
Record = dict[str, Any]

FEATURES = ("trumps", "kings", "honours", "points")
FEW_DEALS = 30  # fewer deals than this: reports and charts say so
_SUMMARY_COLUMNS = ("contract", "name", "deals", "unavailable", "yes", "no", "undecided", "rate", "rate_low", "rate_high",
                    "ci_low", "ci_high", "expected", "expected_low", "expected_high", "expected_ci_low",
                    "expected_ci_high", "settled", "open")


def canonical(data: Any) -> Any:
    """``data`` as JSON reads it back (tuples as lists, keys as text, sorted)."""
    return json.loads(json.dumps(data, sort_keys=True))


def _empty_contract() -> Record:
    return {"deals": 0, "unavailable": {}, "answers": {}, "by_feature": {}, "not_applicable": {},
            "settlement": {"n": 0, "open": 0, "sum": Fraction(0), "squares": Fraction(0), "high_sum": Fraction(0),
                           "high_squares": Fraction(0), "missing": {}, "errors": {}},
            "counts": {}}


def _outcome(value: bool | None) -> int:
    return 0 if value is True else 1 if value is False else 2


def tally(records: Iterable[Record], contracts: Iterable[str]) -> dict[str, Record]:
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

    def __init__(self, header: Record, records: Iterable[Record] = (), confidence: float = 0.95,
                 method: str = "auto") -> None:
        self.header = header
        self.confidence = confidence
        self.method = method
        self.latest: dict[int, Record] = {}  # deal index -> its latest record
        self.timing: dict[str, float] = {"seconds": 0.0, "cpu_seconds": 0.0, "solves": 0, "nodes": 0,
                                         "solve_seconds": 0.0}
        self.wall: tuple[int, float, float] | None = None  # this session: (deals finished, seconds, busy seconds)
        self.workers: int | None = None
        self.interrupted = False
        self.budget: dict[str, Any] | None = None  # this session: how the budget went (see simulate)
        self.pids: set[int | None] = set()  # the processes that evaluated the chunks added
        self._tally: dict[str, Record] | None = None
        for record in records:
            self.add(record)

    def add(self, record: Record) -> list[Record]:
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
    def task(self) -> Record:
        """The run's task as the results file records it."""
        task: Record = self.header["task"]
        return task

    @property
    def variant(self) -> Variant:
        return get_variant(self.task["spec"]["variant"])

    @property
    def contracts(self) -> list[str]:
        return list(self.task["contracts"])

    @property
    def deals(self) -> int:
        """Deals with a record so far."""
        return len(self.latest)

    @property
    def complete(self) -> bool:
        """Whether every deal asked for has a record."""
        return bool(self.deals == self.header["deals"])

    @property
    def tally(self) -> dict[str, Record]:
        """Per contract: the counts of the latest records (see :func:`tally`)."""
        if self._tally is None:
            self._tally = tally([self.latest[i] for i in sorted(self.latest)], self.contracts)
        return self._tally

    def name(self, contract: str) -> str:
        """The contract's local name (trojka, Solodreier, garde …)."""
        return self.variant.contracts[self._contract(contract)[0]].name.split(" (")[0]

    # -- the numbers
    def _contract(self, contract: str) -> tuple[str, Record]:
        cid = self.variant.contract(contract).id
        if cid not in self.contracts:
            raise AnalysisError("%s was not part of this run (contracts: %s)" % (cid, ", ".join(self.contracts)))
        return cid, self.tally.get(cid) or _empty_contract()

    def rate(self, contract: str, goal: str = "win") -> Rate:
        """:class:`Rate` of a yes/no goal (default: the contract is made) over all deals."""
        _, ct = self._contract(contract)
        yes, no, undecided = ct["answers"].get(goal, [0, 0, 0])
        return Rate(yes, no, undecided, self.confidence, self.method)

    def feature_rates(self, contract: str, feature: str = "trumps", goal: str = "win") -> dict[int, Rate]:
        """{feature value: Rate} over the analysed hand's feature as dealt."""
        if feature not in FEATURES:
            raise AnalysisError("feature %r: choose one of %s" % (feature, ", ".join(FEATURES)))
        _cid, ct = self._contract(contract)
        cells = ct["by_feature"].get(goal, {}).get(feature, {})
        return {int(x): Rate(cells[x][0], cells[x][1], cells[x][2], self.confidence, self.method)
                for x in sorted(cells, key=int)}

    def expected(self, contract: str) -> Mean:
        """:class:`Mean` of the analysed seat's settlement: every settled deal, exact or (while
        its count is open) between its bounds."""
        _cid, ct = self._contract(contract)
        s = ct["settlement"]
        return Mean(s["n"], s["sum"], s["squares"], self.confidence, s["high_sum"], s["high_squares"], s["open"])

    def counts(self, contract: str) -> dict[tuple[int, ...], int]:
        """{(low, high): deals}: the count bands the solver proved (units of the count the
        contract is judged on; narrow enough for the score when settled)."""
        _cid, ct = self._contract(contract)
        return {tuple(int(x) for x in k.split(":")): n for k, n in sorted(
            ct["counts"].items(), key=lambda kv: tuple(int(x) for x in kv[0].split(":")))}

    def threshold(self, contract: str) -> int | None:
        """The count the contract needs (units; French: points plus the bout bonus), or None."""
        c = self.variant.contract(contract)
        if c.kind != POSITIVE or self.variant.family == "danish":
            return None
        if self.variant.family == "french":
            return FRENCH_REQUIREMENT[0]
        return 106 if dict(self.task.get("options") or {}).get("win_at_35_plus_card") else 107

    def row(self, contract: str) -> Record:
        """The contract's line of the table as JSON values: success, goals, settlement."""
        cid, ct = self._contract(contract)
        c = self.variant.contracts[cid]
        s = ct["settlement"]
        row: Record = {"contract": cid, "name": c.name, "deals": ct["deals"], "unavailable": dict(ct["unavailable"])}
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

    def ranking(self) -> str:
        """'settlement' when every contract's expected settlement covers at least half of its
        deals (the table is then ranked by it), else 'success' (ranked by success rate)."""
        rows = [self.row(c) for c in self.contracts]
        ok = self.task["settle"] and all(
            "settlement" in r and 2 * r["settlement"]["n"] >= max(1, r["deals"]) for r in rows)
        return "settlement" if ok else "success"

    def rows(self) -> list[Record]:
        """One row per contract, best first: by expected settlement (the middle of its bracket)
        when it is known for at least half of every contract's deals, else by success rate."""
        rows = [self.row(c) for c in self.contracts]
        by_ev = self.ranking() == "settlement"

        def middle(bracket: list[float] | None) -> float | None:
            return None if not bracket else sum(bracket) / 2

        def key(row: Record) -> tuple[Any, ...]:
            ev = middle((row.get("settlement") or {}).get("bracket"))
            rate = middle((row.get("success") or {}).get("bracket"))
            first = (ev is None, -(ev or 0)) if by_ev else (rate is None, -(rate or 0))
            second = (rate is None, -(rate or 0)) if by_ev else (ev is None, -(ev or 0))
            return first + second + (self.contracts.index(row["contract"]),)
        return sorted(rows, key=key)

    def passes(self) -> dict[int, int]:
        """{pass: deals whose latest record is from it}."""
        out: dict[int, int] = {}
        for record in self.latest.values():
            out[record["pass"]] = out.get(record["pass"], 0) + 1
        return dict(sorted(out.items()))

    def throughput(self) -> dict[str, Any]:
        """Deals per second per core (the workers' CPU time: true on a shared machine too) and,
        for this session, on the wall clock with how busy the workers were."""
        seconds = self.timing["cpu_seconds"] or self.timing["seconds"]
        out: dict[str, Any] = {"deals": self.deals, "core_seconds": round(seconds, 3),
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

    def to_dataframe(self) -> pandas.DataFrame:
        """The table as a DataFrame, one row per contract (best first, as :meth:`rows`), indexed
        by contract id: ``name``, ``deals``, ``unavailable``; the success counts (``yes``, ``no``,
        ``undecided``), ``rate`` (None while deals are undecided), the bracket ``rate_low`` ..
        ``rate_high`` and the interval ``ci_low`` .. ``ci_high``; the expected settlement
        ``expected`` (None while open), its bracket ``expected_low`` .. ``expected_high``, interval
        ``expected_ci_low`` .. ``expected_ci_high`` and the deals it covers (``settled``,
        ``open``).  Needs pandas."""
        from solver.tables import data_frame
        rows = []
        for row in self.rows():
            success, ev = row.get("success") or {}, row.get("settlement") or {}
            rate_bracket, ev_bracket = success.get("bracket") or (None, None), ev.get("bracket") or (None, None)
            rows.append({
                "contract": row["contract"], "name": row["name"], "deals": row["deals"],
                "unavailable": sum(row["unavailable"].values()),
                "yes": success.get("yes"), "no": success.get("no"), "undecided": success.get("undecided"),
                "rate": success.get("rate"), "rate_low": rate_bracket[0], "rate_high": rate_bracket[1],
                "ci_low": success.get("low"), "ci_high": success.get("high"),
                "expected": ev.get("mean"), "expected_low": ev_bracket[0], "expected_high": ev_bracket[1],
                "expected_ci_low": ev.get("low"), "expected_ci_high": ev.get("high"),
                "settled": ev.get("n"), "open": ev.get("open")})
        return data_frame(rows, _SUMMARY_COLUMNS, index="contract")

    def deals_dataframe(self) -> pandas.DataFrame:
        """Every deal and contract as a DataFrame row (the latest pass of each deal): ``deal``,
        ``contract``, ``pass``, the analysed hand's features as dealt (``trumps``, ``kings``,
        ``honours``, ``points``), ``win`` (True, False or None while undecided), the count's
        proven bounds ``count_low`` .. ``count_high`` (units of the count the contract is judged
        on), the settlement's bounds ``settle_low`` .. ``settle_high``, one column per yes/no goal
        asked, and ``unavailable`` (why the contract could not be played from the deal).  Needs
        pandas."""
        from solver.tables import data_frame
        goals = list(self.task["goals"])
        rows = []
        for index in sorted(self.latest):
            record = self.latest[index]
            for cid, ct in record["contracts"].items():
                count, settle = ct.get("count") or (None, None), ct.get("settle") or (None, None)
                row = {"deal": index, "contract": cid, "pass": record["pass"], **record["features"],
                       "win": ct.get("win"), "count_low": count[0], "count_high": count[1],
                       "settle_low": None if settle[0] is None else float(parse_fraction(settle[0])),
                       "settle_high": None if settle[1] is None else float(parse_fraction(settle[1])),
                       "unavailable": ct.get("unavailable")}
                row.update({goal: ct.get("goals", {}).get(goal) for goal in goals})
                rows.append(row)
        columns = ["deal", "contract", "pass", *FEATURES, "win", "count_low", "count_high", "settle_low", "settle_high",
                   *goals, "unavailable"]
        return data_frame(rows, columns)

    def result_json(self) -> Any:
        """The result alone (no timing): equal for equal task, seed and deals."""
        return canonical({"deals": self.deals, "records": [self.latest[i] for i in sorted(self.latest)]})

    def to_json(self) -> Record:
        """The run as JSON values (``simulate --json`` prints it; schema ``simulate.schema.json``)."""
        return {"format": self.header["format"], "variant": self.variant.id, "task": self.task,
                "seed": self.header["seed"], "deals": self.deals, "deals_requested": self.header["deals"],
                "complete": self.complete, "interrupted": self.interrupted,
                "talon_policy": self.task["policy"], "limit": self.task["limit"], "passes": self.passes(),
                "budget": self.budget, "confidence": self.confidence, "ranked_by": self.ranking(),
                "contracts": self.rows(), "throughput": self.throughput()}

    # -- text
    def format(self, title: str = "simulation") -> str:
        """The run as a text table: one row per contract (best first), goals below it."""
        from .report import format_summary
        return format_summary(self, title)


def deals_text(n: int) -> str:
    return "%d deal%s" % (n, "" if n == 1 else "s")

"""Double-dummy solving: the Python face of the compiled search.

``solve(position, goal=...)`` answers what the analysed side ends with under perfect
play by everybody, with every card visible.  The side is the declarer's by default;
in each-for-himself games (klop, Trischaken, Danish) it is one seat against the
coalition of all the others (the *paranoid* model: the others cooperate to hold that
seat down, so the value is what the seat can guarantee).

>>> from solver import load_example, solve
>>> game = load_example("slovenian4_three")
>>> for _ in range(8): _ = game.undo()      # back to two tricks before the end
>>> r = solve(game, all_cards=True, line=True)
>>> r.display, r.cards
('46 2/3', {'D1': 140, 'CJ': 140})
>>> for card in r.line: game.play(card)   # the optimal line reaches that value
>>> game.points_display(game.party_of(r.side[0]))
'46 2/3'
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Union

from . import goals as goal_defs
from ._core import MAX_SEARCH_THREADS, Engine
from .errors import ParameterError, TarokError
from .goals import FRENCH_REQUIREMENT, GOALS  # noqa: F401 (GOALS: the goals solve() takes)
from .position import DEMAND, Position
from .text import is_whole, shown, whole_number
from .trick_rules import SKUS_NAMES
from .variants import ALL_TRICKS, EXCUSE, NO_TRICKS, ONE_TRICK, SKUS, TRUMP_22

if TYPE_CHECKING:
    import pandas

    from ._core import SolveOutput, Spec

EVENT_WINS_WITH, EVENT_FALLS_TO, EVENT_CAPTURES = 1, 2, 3  # _types.pxd EventKind
_BOUT_BONUS = [FRENCH_REQUIREMENT[b] - FRENCH_REQUIREMENT[b + 1] for b in range(3)] + [0]

class GoalError(TarokError):
    """A goal that does not exist or does not apply to this position."""


PROGRESS_EVERY = 0.5  # seconds between progress reports

# A goal's answer: a count (points in exact units, tricks), yes/no, or None when a limit stopped it.
Value = Union[int, bool, None]
# How a search's limit is given: a node count, or text with a node count or a time with its unit.
Limit = Union[int, str, None]


class Progress(NamedTuple):
    """A running search: ``nodes`` searched so far, ``seconds`` since it started, and the
    ``bounds`` (lower, upper) proven so far on the side's final count (card points in exact units,
    tricks, or the count a yes/no goal is decided on)."""

    nodes: int
    seconds: float
    bounds: tuple[int, int]


class SolveInterrupted(KeyboardInterrupt):
    """Ctrl-C during a solve: the search stopped cleanly; ``result`` holds the bounds it proved."""

    def __init__(self, result: Result) -> None:
        super().__init__("interrupted")
        self.result = result


@dataclass
class Result:
    """What :func:`solve` found.

    ``value`` is an int in the variant's exact units for ``points`` (thirds, halves, P),
    a trick count for ``tricks``, a bool for yes/no goals; ``None`` when a limit stopped
    the search before the bounds met (``bounds`` then holds what was proven).
    """

    goal: str
    side: tuple[int, ...]
    value: Value
    display: str
    bounds: tuple[int, int]
    exact: bool
    cards: dict[str, Value] = field(default_factory=dict)
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    table_hits: int = 0
    table_probes: int = 0

    def to_dataframe(self) -> pandas.DataFrame:
        """The value of every legal card (``all_cards=True``) as a DataFrame indexed by card:
        ``value`` in the goal's units (a bool for yes/no goals; None where a limit stopped it).
        Needs pandas."""
        from .tables import data_frame
        return data_frame([{"card": card, "value": value} for card, value in self.cards.items()],
                          ("card", "value"), index="card")

    def to_json(self) -> dict[str, Any]:
        """The result as JSON values (``solve --json`` prints it; schema ``solve.schema.json``)."""
        return {"goal": self.goal, "side": list(self.side), "value": self.value, "display": self.display,
                "bounds": list(self.bounds), "exact": self.exact, "cards": self.cards, "line": self.line,
                "nodes": self.nodes, "seconds": round(self.seconds, 6)}


MAX_NODES = 10 ** 18  # a node limit no search reaches (the core counts nodes in 64 bits)
MAX_SECONDS = 10 ** 9  # about 30 years
MAX_MEMORY_MB = 65536  # the table's largest size: 2**32 entries of 16 bytes
_LIMIT = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|n|nodes)?\s*")
_LIMIT_FORMS = "a node count (100000) or a time with its unit ('2s', '0.5s', '500ms')"


def parse_limit(limit: object) -> tuple[int, float]:
    """A solve limit as (nodes, seconds), 0 meaning none.

    ``None`` is no limit; an int is a node count; text is a node count ('100000',
    '100000 nodes') or a time with its unit ('2s', '0.5s', '500ms').  A float, or text
    with a fraction and no unit ('0.5'), is refused: it is neither a whole node count
    nor a time with its unit.
    """
    if limit is None:
        return 0, 0.0
    if isinstance(limit, str):
        m = _LIMIT.fullmatch(limit)
        if not m:
            raise ParameterError("limit %s: give %s" % (shown(limit), _LIMIT_FORMS))
        number, unit = m.group(1), m.group(2) or "nodes"
        if unit in ("n", "nodes"):
            if "." in number:
                raise ParameterError("limit %s: a node count is a whole number; a time is written with its unit "
                                     "('%ss')" % (shown(limit), number))
            return _node_limit(limit, whole_number(number)), 0.0
        seconds = float(number) / (1000.0 if unit == "ms" else 1.0)
        if seconds <= 0:
            raise ParameterError("limit %s: a time limit must be positive" % shown(limit))
        if seconds > MAX_SECONDS:
            raise ParameterError("limit %s: a time limit is at most %d s" % (shown(limit), MAX_SECONDS))
        return 0, seconds
    if isinstance(limit, int) and is_whole(limit):
        return _node_limit(limit, limit), 0.0
    raise ParameterError("limit %s: give %s; a float is neither" % (shown(limit), _LIMIT_FORMS))


def _node_limit(limit: object, nodes: int | None) -> int:
    if nodes is not None and nodes < 1:
        raise ParameterError("limit %s: a node limit must be positive" % shown(limit))
    if nodes is None or nodes > MAX_NODES:
        raise ParameterError("limit %s: a node limit is at most 10**18" % shown(limit))
    return nodes


def check_settings(memory_mb: object = 256, threads: object = 1, workers: object = None) -> None:
    """ParameterError unless ``memory_mb`` is 1-65536, ``threads`` 1-32 and ``workers`` None or 1 or more."""
    if not is_whole(memory_mb, 1, MAX_MEMORY_MB):
        raise ParameterError("memory_mb is the table's size in MB, a whole number 1-%d, not %s"
                             % (MAX_MEMORY_MB, shown(memory_mb)))
    if not is_whole(threads, 1, MAX_SEARCH_THREADS):
        raise ParameterError("threads must be a whole number 1-%d, not %s" % (MAX_SEARCH_THREADS, shown(threads)))
    if workers is not None and not is_whole(workers, 1):
        raise ParameterError("workers is a number of threads, 1 or more (None: every core), not %s" % shown(workers))


def side_seats(pos: Position, side: str | int | None) -> tuple[int, ...]:
    """Seats of the analysed side (a tuple)."""
    if side is None:
        if pos.contract.each_for_himself:
            return (pos.to_move if pos.to_move is not None else 0,)
        return pos.parties[0]
    if isinstance(side, str):
        key = side.strip().lower()
        if whole_number(key) is not None:
            side = whole_number(key)
        elif pos.contract.each_for_himself:
            raise GoalError("side %s: %s is each for himself, give a seat number (0-%d)"
                            % (shown(side), pos.contract.name, pos.players - 1))
        elif key in ("declarer", "declarer side"):
            return pos.parties[0]
        elif key in ("defence", "defense", "opponents"):
            return pos.parties[1]
        else:
            raise GoalError("side %s: use 'declarer', 'defence' or a seat number" % shown(side))
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < pos.players:
        raise GoalError("side seat %s is out of range 0-%d" % (shown(side), pos.players - 1))
    return pos.parties[pos.party_of(side)]


@dataclass(frozen=True)
class GoalSpec:
    """A goal as the core counts it: tables, and how the count reads as an answer.

    ``compare`` is "count" (the count is the answer), ">=" or "<=" (yes when the final
    count meets ``target``); ``so_far`` is what the side has already counted."""

    goal: str
    tables: dict[str, Any]
    compare: str
    target: int | None
    so_far: int


def goal_spec(pos: Position, goal: str, party: int) -> GoalSpec:
    """Translate a goal (``goals.GOALS``) into the core's counting tables for ``party``."""
    v, d, c = pos.variant, pos.deck, pos.contract
    reason = goal_defs.applies(pos, goal)
    if reason:
        raise GoalError(reason)
    if goal == "win":
        if party != 0:
            raise GoalError("goal 'win' is the declarer side's")
        goal = {NO_TRICKS: "no-tricks", ONE_TRICK: "one-trick", ALL_TRICKS: "valat"}.get(c.objective, "win")
    sr: Callable[[int], tuple[int, int]] = lambda card: (d.suit[card], d.rank[card])
    t: dict[str, Any] = {"points": [], "trick_units": 0, "excuse_exchange": 0, "event_kind": 0, "event_trick": 0,
         "event_cards": [], "bout_bonus": [0, 0, 0, 0], "bout_cards": [], "exactly_one": 0}
    tricks = pos.tricks_won(party)
    pile = set(pos.pile(party))
    card_points = [sr(card) + (v.points[card],) for card in range(d.size)]
    if goal in ("points", "win"):
        t.update(points=card_points, trick_units=v.trick_units, excuse_exchange=int(v.special == EXCUSE))
        if goal == "points":
            return GoalSpec(goal, t, "count", None, pos.points(party))
        if v.family == "french" and d.special is not None:  # FR-6.4 as a count: points + a bonus per bout held
            held = goal_defs.bouts(pos, party)
            t.update(bout_bonus=_BOUT_BONUS, bout_cards=[sr(d.trump(1)), sr(d.trump(21)), sr(d.special)])
            return GoalSpec("win", t, ">=", FRENCH_REQUIREMENT[0], pos.points(party) + sum(_BOUT_BONUS[:held]))
        return GoalSpec("win", t, ">=", goal_defs.win_target(pos), pos.points(party))
    if goal in ("tricks", "valat", "no-tricks"):
        t["trick_units"] = 1
        compare, target = {"tricks": ("count", None), "valat": (">=", pos.n_tricks), "no-tricks": ("<=", 0)}[goal]
        return GoalSpec(goal, t, compare, target, tricks)
    if goal == "one-trick":
        t["exactly_one"] = 1
        return GoalSpec(goal, t, ">=", 1, 0)
    if goal in ("trula", "kings"):
        wanted = [d.trump(n) for n in (1, 21, 22)] if goal == "trula" else [d.king(s) for s in range(4)]
        t["points"] = [sr(card) + (1,) for card in wanted]
        return GoalSpec(goal, t, ">=", len(wanted), sum(d.tokens[x] in pile for x in wanted))
    last = pos.n_tricks
    event: tuple[int, int, list[int]] = {
        "pagat-ultimo": (EVENT_WINS_WITH, last, [d.trump(1)]),
        "uhu": (EVENT_WINS_WITH, last - 1, [d.trump(2)]),
        "pelikan": (EVENT_WINS_WITH, last - 2, [d.trump(3)]),
        "quapil": (EVENT_WINS_WITH, last - 3, [d.trump(4)]),
        "petit-au-bout": (EVENT_FALLS_TO, last, [d.trump(1)]),
        "mond-capture": (EVENT_CAPTURES, 0, [d.trump(21)]),
        "king-ultimo": (EVENT_WINS_WITH, last, [d.king(s) for s in range(4)]) if v.family == "danish"
        else (EVENT_FALLS_TO, last, [] if pos.called_king is None else [pos.called_king]),
    }[goal]
    t.update(event_kind=event[0], event_trick=event[1], event_cards=[sr(card) for card in event[2]])
    return GoalSpec(goal, t, ">=", 1, int(goal_defs.achieved(pos, goal, party)) if pos.tricks else 0)


def threshold_spec(spec: GoalSpec, at_least: object) -> GoalSpec:
    """``spec`` asked as the yes/no test "the final count reaches ``at_least``": for the
    counts ``points`` and ``tricks``, and for ``win`` of a point contract the count it is
    judged on (card points; French: points plus the bout bonus, FR-6.4)."""
    if isinstance(at_least, bool) or not isinstance(at_least, int):
        raise GoalError("at_least is a whole number of the goal's units, not %r" % (at_least,))
    if spec.goal not in ("points", "tricks", "win"):
        raise GoalError("at_least tests a count (points, tricks, or the point count of win), not %s" % spec.goal)
    return replace(spec, compare=">=", target=at_least)


def encode(pos: Position, seats: tuple[int, ...], spec: GoalSpec) -> Spec:
    """The integer description of ``pos`` the compiled core reads (see _types.pxd)."""
    v, d, c = pos.variant, pos.deck, pos.contract
    rules = pos.play_rules
    party = pos.party_of(seats[0])
    t = spec.tables
    maxer = [int((s in seats) != (spec.compare == "<=")) for s in range(pos.players)]
    # cards whose identity a play rule or the goal uses keep it in table keys and are never
    # equivalent moves; the others are told apart by rank and point class only (kings, for
    # one: no play rule names them, and a goal that counts them gives them points or events)
    special_roles = set(rules.reserved)
    if d.special is not None:
        special_roles.add(d.special)
    if rules.pagat_rule or rules.emperor:
        special_roles.add(d.trump(1))
    if rules.emperor:
        special_roles.add(d.trump(21))
        if v.special == TRUMP_22:
            special_roles.add(d.trump(22))

    def sr(card: int) -> tuple[int, int]:
        return d.suit[card], d.rank[card]

    keep_apart = {sr(card) for card in special_roles} | set(t["event_cards"]) | set(t["bout_cards"])
    return {
        "n_seats": pos.players, "n_tricks": pos.n_tricks,
        "special_kind": {TRUMP_22: 0, EXCUSE: 1, SKUS: 2}[v.special],
        "tarock_trumps": int(not c.colour), "tarockzwang": int(rules.tarockzwang),
        "colour_lead_rule": int(c.colour), "must_overtrump": int(v.must_overtrump),
        "overtrump_on_trump_lead": int(pos.options.get("overtrump_on_trump_lead", False)),
        "must_beat": 0 if not rules.must_beat else (1 if rules.must_beat_mode == "beat_winner" else 2),
        "pagat_rule": {"": 0, "si": 1, "at": 2}[rules.pagat_rule],
        "emperor": int(rules.emperor),
        "colour_valat_seat": pos.declarer if c.colour_valat else -1,
        "demand_policy": 0 if v.special != SKUS else
        {"solver_choice": 1, "always": 2, "never": 3}[pos.options["skus_demand_policy"]],
        "reserved": [(holder,) + sr(card) + (trick,) for card, (holder, trick, _) in rules.reserved.items()],
        "keep_apart": sorted(keep_apart),
        "deck": [sr(card) for card in range(d.size)],
        "side": [int(s in seats) for s in range(pos.players)],
        "maxer": maxer,
        "party": [pos.party_of(s) for s in range(pos.players)],
        "hands": [[sr(card) for card in pos._hands[s]] for s in range(pos.players)],
        "leader": pos.leader, "trick_no": pos.trick_number,
        "trick": [(s,) + sr(card) for s, card in pos._trick],
        "named": -1 if pos._named is None else pos._named,
        "demanded": int(pos._demanded),
        "won_mask": sum(1 << p for p in range(len(pos.parties)) if pos.tricks_won(p)),
        "side_tricks": min(2, pos.tricks_won(party)),
        "bouts": goal_defs.bouts(pos, party) if t["bout_cards"] else 0,
        **t,
        **_early_end(pos),
    }


def _early_end(pos: Position) -> dict[str, int]:
    """Position's early ends (AT-6.7, SI-6.7), so solver and rules engine stop together."""
    stop_party, stop_after, guard = -1, 0, 0
    if pos.options.get("early_end") and not pos.contract.each_for_himself:
        if pos.contract.objective in (NO_TRICKS, ONE_TRICK):
            stop_party, stop_after = 0, 1 if pos.contract.objective == NO_TRICKS else 2
        guard = sum(1 << p for p in pos.valat_guard)
    return {"stop_party": stop_party, "stop_after": stop_after, "guard_mask": guard,
            "stop_count": pos.tricks_won(0) if stop_party == 0 else 0}


class Solver:
    """A reusable solver: keeps its transposition table between related calls
    (the same deal at later points of play, other goals, other sides).

    ``memory_mb`` is the table's memory budget; it is never exceeded (the entries are a power
    of two beside a filter a 64th of their size: 256 MB hold 128 MB of entries).  ``threads=N``
    (1-32) searches on N threads sharing the table (all on the same null-window test, sharing
    its nodes out ABDADA-style; the others join once a search passes 100,000 nodes); a node
    limit is then shared out among them.  More threads than the machine's cores only cost time.
    Trick counts and valat in the 4-player games without must-overtrump and in French 5-player
    tarot search on one thread with the partition table, which serves one thread and was
    faster there than several threads without it.
    """

    def __init__(self, memory_mb: int = 256, threads: int = 1) -> None:
        check_settings(memory_mb, threads)
        self.memory_mb = memory_mb
        self.threads = threads
        self._engine = Engine(memory_mb)

    def clear(self) -> None:
        """Forget every table entry; the exact table starts again at its first size and grows as it fills."""
        self._engine.clear()

    @property
    def table_bytes(self) -> int:
        """The table's size now: it grows as it fills, up to ``memory_mb``."""
        return self._engine.table_bytes

    def solve(self, position: Position, goal: str = "points", side: str | int | None = None,
              all_cards: bool = False, line: bool = False, limit: Limit = None,
              progress: Callable[[Progress], object] | None = None, at_least: int | None = None) -> Result:
        """See :func:`solve`.  ``progress``: a function called about twice a second while a
        search runs in the main thread, with a :class:`Progress` (for a progress display)."""
        pos = position
        if not isinstance(pos, Position):
            raise ParameterError("solve takes a Position, not %s" % shown(pos))
        if pos.is_over:
            raise GoalError("play is over: nothing to solve")
        seats = side_seats(pos, side)
        spec = goal_spec(pos, goal, pos.party_of(seats[0]))
        if at_least is not None:
            spec = threshold_spec(spec, at_least)
        nodes, seconds = parse_limit(limit)
        start = time.perf_counter()
        target = -1  # count goals: the exact count; yes/no goals: one test against the target
        if spec.target is not None and spec.compare == ">=":
            target = max(0, spec.target - spec.so_far)
        elif spec.target is not None and spec.compare == "<=":
            target = max(0, spec.target - spec.so_far + 1)
        report: Callable[[int, int, int], None] | None = None
        if progress is not None:
            def report(nodes: int, lower: int, upper: int) -> None:
                progress(Progress(nodes, time.perf_counter() - start, (lower + spec.so_far, upper + spec.so_far)))
        raw, interrupted = self._run(encode(pos, seats, spec), report, node_limit=nodes, time_limit=seconds,
                                     target=target, all_cards=all_cards, line=line, threads=self.threads)
        elapsed = time.perf_counter() - start
        lower, upper = raw["lower"] + spec.so_far, raw["upper"] + spec.so_far
        to_token = _token_map(pos)
        value, display = _present(pos, spec, lower, upper)
        result = Result(goal=goal, side=tuple(seats), value=value, display=display, bounds=(lower, upper),
                        exact=value is not None, nodes=raw["nodes"], seconds=elapsed,
                        table_hits=raw["hits"], table_probes=raw["probes"])
        for move, (lo, hi) in raw.get("cards", {}).items():
            result.cards[to_token(move)] = _present(pos, spec, lo + spec.so_far, hi + spec.so_far)[0]
        result.line = [DEMAND if m == -1 else to_token(m) for m in raw.get("line", [])]
        if interrupted:
            raise SolveInterrupted(result)
        return result

    def _run(self, spec: Spec, report: Callable[[int, int, int], None] | None = None,
             **kwargs: Any) -> tuple[SolveOutput, bool]:
        """Run the engine; in the main thread in a helper thread, so that Ctrl-C stops the
        search (which runs without the GIL) and keeps what it proved, and ``report(nodes,
        lower, upper)`` is called every half second."""
        if threading.current_thread() is not threading.main_thread():
            return self._engine.solve(spec, **kwargs), False
        box: dict[str, Any] = {}
        done = threading.Event()  # (Thread.join is not safe to interrupt and resume)

        def work() -> None:
            try:
                box["raw"] = self._engine.solve(spec, **kwargs)
            except BaseException as exc:  # handed to the caller's thread
                box["error"] = exc
            finally:
                done.set()
        threading.Thread(target=work, daemon=True).start()
        interrupted = False
        due = time.perf_counter() + PROGRESS_EVERY
        try:
            while not done.wait(0.05):
                if report is not None and time.perf_counter() >= due:
                    report(*self._engine.progress)
                    due = time.perf_counter() + PROGRESS_EVERY
        except KeyboardInterrupt:
            self._engine.stop()
            done.wait()
            interrupted = True
        if "error" in box:
            raise box["error"]
        raw: SolveOutput = box["raw"]
        return raw, interrupted


def _present(pos: Position, spec: GoalSpec, lower: int, upper: int) -> tuple[Value, str]:
    """(value, display) from proven bounds on the side's final count."""
    if spec.compare == "count" or spec.target is None:
        fmt: Callable[[int], str] = pos.variant.format_units if spec.goal == "points" else str
        if lower == upper:
            return lower, fmt(lower)
        return None, "between %s and %s" % (fmt(lower), fmt(upper))
    if spec.compare == "<=":
        yes, no = upper <= spec.target, lower > spec.target
    else:
        yes, no = lower >= spec.target, upper < spec.target
    if yes or no:
        return yes, "yes" if yes else "no"
    return None, "unknown (search stopped)"


def _token_map(pos: Position) -> Callable[[int], str]:
    d = pos.deck
    by_code = {(d.suit[c] << 5) | d.rank[c]: d.tokens[c] for c in range(d.size)}

    def token(move: int) -> str:
        tok = by_code[move & 0xFF]
        name = move >> 8
        return tok + (":" + SKUS_NAMES[name - 1] if name else "")
    return token


def solve(position: Position, goal: str = "points", side: str | int | None = None, all_cards: bool = False,
          line: bool = False, limit: Limit = None, memory_mb: int = 256, threads: int = 1,
          progress: Callable[[Progress], object] | None = None, at_least: int | None = None) -> Result:
    """Solve ``position`` double dummy for ``goal`` (see :data:`GOALS`).

    ``side``: None (the declarer's side; in each-for-himself games the player to move),
    'declarer', 'defence' or a seat.  ``all_cards``: also the value of every legal card
    of the player to move.  ``line``: an optimal line of play to the end (empty when the
    limit stops the search first).  ``limit``: a node count (an int, or text such as
    '100000') or a time with its unit ('2s', '0.5s', '500ms'); a float is refused; a stopped
    search returns proven ``bounds`` and ``value=None`` (a count's last quarter of the limit
    narrows them from both ends).  ``memory_mb``: the table's size,
    1-65536.  ``threads``: how many cores search the one position (1-32; trick counts and valat
    where the partition table serves them search on one: see :class:`Solver`).  ``progress``: see
    :meth:`Solver.solve`.  Ctrl-C stops the search: :class:`SolveInterrupted` holds the
    bounds proven.  ``at_least``: ask the count goal (``points``, ``tricks``, or the count
    ``win`` is judged on) as the yes/no test "the side ends with at least this many units" —
    one null-window test, much cheaper than the exact count; ``bounds`` are still bounds on
    the count.
    """
    return Solver(memory_mb, threads).solve(position, goal, side, all_cards, line, limit, progress, at_least)


def solve_many(positions: Iterable[Position], goal: str = "points", side: str | int | None = None,
               all_cards: bool = False, line: bool = False, limit: Limit = None, workers: int | None = None,
               memory_mb: int = 256) -> list[Result]:
    """Solve many positions on ``workers`` threads (default: every core), one table each.

    The search runs without the GIL, so threads scale on one machine.  Results come
    back in the order of ``positions``.  Each thread's table is ``memory_mb``.
    """
    positions = list(positions)
    check_settings(memory_mb, 1, workers)
    parse_limit(limit)
    workers = workers or os.cpu_count() or 1
    local = threading.local()

    def one(pos: Position) -> Result:
        solver: Solver | None = getattr(local, "solver", None)
        if solver is None:
            solver = local.solver = Solver(memory_mb)
        return solver.solve(pos, goal, side, all_cards, line, limit)

    if workers == 1 or len(positions) <= 1:
        return [one(p) for p in positions]
    with ThreadPoolExecutor(max_workers=min(workers, len(positions))) as pool:
        return list(pool.map(one, positions))

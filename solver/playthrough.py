"""Play-through analysis: the double-dummy value before and after every card of a game record.

``analyse_game(position)`` replays the play record of ``position`` from the start of
play and solves the position before each card (with the value of every legal card),
so each card can be compared with the best card its player had.  A card is a
*mistake* when it is worse for its player than that best card: lower for the seats
of the analysed side, higher for everybody else (the side's opponents, or in
each-for-himself games the coalition of the other seats -- the solver's paranoid
model).  One :class:`~solver.search.Solver` serves the whole game, so its table is
reused from card to card.

>>> from solver import load_example
>>> from solver.playthrough import analyse_game
>>> game = load_example("slovenian4_three")
>>> a = analyse_game(game, from_trick=11)
>>> a.display(a.start.value), a.display(a.end.value), len(a.steps), a.mistakes
('46 2/3', '46 2/3', 8, [])
>>> step = a.steps[0]
>>> step.trick, step.seat, step.token, a.display(step.before), a.display(step.played)
(11, 0, 'D1', '46 2/3', '46 2/3')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from . import goals as goal_defs
from .errors import TarokError
from .position import DEMAND, Position
from .search import GoalError, Limit, Result, Solver, Value as Answer, side_seats

if TYPE_CHECKING:
    import pandas

__all__ = ["AnalysisError", "GameAnalysis", "Step", "Value", "analyse_game", "at_trick"]

COUNT_GOALS = ("points", "tricks")


class AnalysisError(TarokError):
    """A game record that cannot be analysed as asked (e.g. a trick it never reaches)."""


@dataclass(frozen=True)
class Value:
    """The side's double-dummy value of one position.

    ``value`` is exact (an int in the goal's units, or a bool for yes/no goals) or
    ``None`` when a limit stopped the search; ``bounds`` are the proven bounds on the
    side's final count (equal when exact).  ``final`` is True for a finished game,
    whose value is read from :func:`solver.goals.achieved` rather than searched.
    """

    value: Answer
    bounds: tuple[int, int]
    exact: bool
    nodes: int = 0
    seconds: float = 0.0
    final: bool = False


@dataclass(frozen=True)
class Step:
    """One token of the play record and what the solver says about it.

    ``before``: the value of the position before the token; ``played``: the value
    after it (the value of the card played); ``best``: the best value any legal card
    offered ``seat`` (None for a DEMAND or when the search was stopped) and
    ``best_cards`` the cards that reach it.  ``loss`` is how much worse than the best
    card the card played was, for its player (an int; 1 for a lost yes/no goal).
    """

    index: int  # position of the token in the whole play record (0-based)
    trick: int
    seat: int | None  # None for a DEMAND (the holder's opponents' decision)
    token: str
    on_side: bool | None  # whether seat belongs to the analysed side
    before: Answer
    played: Answer
    best: Answer = None
    best_cards: tuple[str, ...] = ()
    mistake: bool = False
    loss: int = 0
    exact: bool = True
    bounds: tuple[int, ...] = ()
    note: str = ""

    @property
    def is_demand(self) -> bool:
        """Whether this step is a Danish skus demand (DK-3.7) rather than a card."""
        return self.token == DEMAND


@dataclass
class GameAnalysis:
    """What :func:`analyse_game` found; ``steps`` are in the order of the play record.

    ``complete`` is False while (or when) the analysis stopped before the end of the
    record, e.g. after Ctrl-C: ``steps`` then hold what was finished and ``end`` is None.
    """

    variant: str
    contract: str
    goal: str
    side: tuple[int, ...]
    from_trick: int
    unit_name: str
    start: Value | None = None
    end: Value | None = None
    steps: list[Step] = field(default_factory=list)
    complete: bool = False
    _format: Callable[[int], str] | None = field(default=None, repr=False, compare=False)
    _searched: list[Value] = field(default_factory=list, repr=False, compare=False)

    @property
    def mistakes(self) -> list[Step]:
        """The steps whose card was worse for its player than the best card."""
        return [s for s in self.steps if s.mistake]

    @property
    def nodes(self) -> int:
        """Nodes searched in the whole analysis."""
        return sum(v.nodes for v in self._searched)

    @property
    def seconds(self) -> float:
        """Search time of the whole analysis."""
        return sum(v.seconds for v in self._searched)

    def display(self, value: Answer) -> str:
        """A value (or a loss) as text: '46 2/3', '7', 'yes'; '?' for None."""
        if value is None:
            return "?"
        if isinstance(value, bool):
            return "yes" if value else "no"
        return self._format(value) if self._format else str(value)

    def display_bounds(self, bounds: tuple[int, ...]) -> str:
        """Proven bounds on the side's final count, as text."""
        lo, hi = bounds
        fmt = self._format if self.goal == "points" and self._format else str
        return "%s .. %s" % (fmt(lo), fmt(hi))

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON values (``analyse --json`` prints it; schema ``analyse.schema.json``)."""
        def value(v: Value | None) -> dict[str, Any] | None:
            if v is None:
                return None
            return {"value": v.value, "display": self.display(v.value), "bounds": list(v.bounds),
                    "exact": v.exact, "final": v.final}

        steps = []
        for s in self.steps:
            steps.append({
                "index": s.index, "trick": s.trick, "seat": s.seat, "card": s.token, "on_side": s.on_side,
                "before": s.before, "before_display": self.display(s.before),
                "played": s.played, "played_display": self.display(s.played),
                "best": s.best, "best_display": None if s.best is None else self.display(s.best),
                "best_cards": list(s.best_cards), "mistake": s.mistake, "loss": s.loss,
                "loss_display": self.loss_display(s) if s.mistake else None,
                "exact": s.exact, "bounds": list(s.bounds), "note": s.note or None})
        return {"variant": self.variant, "contract": self.contract, "goal": self.goal,
                "side": list(self.side), "from_trick": self.from_trick, "complete": self.complete,
                "start": value(self.start), "end": value(self.end), "steps": steps,
                "mistakes": len(self.mistakes), "nodes": self.nodes, "seconds": round(self.seconds, 6)}

    def to_dataframe(self) -> pandas.DataFrame:
        """The steps as a DataFrame, one row per card (or Danish demand) in the order played:
        ``trick``, ``seat``, ``card``, ``on_side``, the values ``before`` and ``played`` and the
        ``best`` the seat had (the goal's units, or bools), ``best_cards``, ``mistake``, ``loss``,
        ``exact`` and ``note``; indexed by the token's place in the play record.  Needs pandas."""
        from .tables import data_frame
        columns = ("index", "trick", "seat", "card", "on_side", "before", "played", "best", "best_cards", "mistake",
                   "loss", "exact", "note")
        rows = [{"index": s.index, "trick": s.trick, "seat": s.seat, "card": s.token, "on_side": s.on_side,
                 "before": s.before, "played": s.played, "best": s.best, "best_cards": " ".join(s.best_cards),
                 "mistake": s.mistake, "loss": s.loss, "exact": s.exact, "note": s.note} for s in self.steps]
        return data_frame(rows, columns, index="index")

    def loss_display(self, step: Step) -> str:
        """How much a mistake lost, as text: '5 1/3', '1', or 'yes -> no' for a yes/no goal."""
        if isinstance(step.best, bool):
            return "%s -> %s" % (self.display(step.best), self.display(step.played))
        return self.display(step.loss)


def _is_count(goal: str) -> bool:
    return goal in COUNT_GOALS


def _start_of_play(position: Position) -> tuple[Position, list[str]]:
    """A fresh Position at the start of ``position``'s play record, and the record's tokens."""
    data = position.to_json()
    data.pop("play", None)
    return Position.from_json(data), position.move_stack


def _demand_open(pos: Position) -> bool:
    """The Danish demand question (DK-3.7) is open: start of trick 23, skus still in a hand,
    not yet demanded (the solver decides it there, before the lead)."""
    return not pos.current_trick and pos.is_legal(DEMAND)


def _check_trick(pos: Position, trick: object) -> None:
    if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= pos.n_tricks:
        raise AnalysisError("trick %r: tricks are numbered 1-%d" % (trick, pos.n_tricks))


def _replay_to(pos: Position, tokens: list[str], trick: int) -> int:
    """Play ``tokens`` on ``pos`` up to the first card of ``trick``; how many were played."""
    first_trick = pos.trick_number
    start = 0
    while start < len(tokens) and (pos.trick_number < trick or pos.current_trick):
        pos.play(tokens[start])
        start += 1
    if pos.trick_number < trick or pos.current_trick or (pos.is_over and tokens and start == len(tokens)):
        last = pos.tricks[-1].number if pos.tricks else first_trick - 1
        where = "play ended after trick %d" % last if pos.is_over else "it ends in trick %d" % pos.trick_number
        raise AnalysisError("the game record does not reach trick %d (%s)" % (trick, where))
    return start


def at_trick(position: Position, trick: int) -> Position:
    """A new Position: ``position``'s game at the first card of ``trick`` (its record replayed
    from the start of play up to there).

    >>> from solver import load_example
    >>> " ".join(at_trick(load_example("slovenian4_three"), 11).move_stack[-4:])
    'C10 CQ CK S9'
    """
    _check_trick(position, trick)
    pos, tokens = _start_of_play(position)
    _replay_to(pos, tokens, trick)
    return pos


def analyse_game(position: Position, goal: str = "points", side: str | int | None = None, limit: Limit = None,
                 solver: Solver | None = None, from_trick: int | None = None,
                 on_step: Callable[[GameAnalysis, Step | None], object] | None = None) -> GameAnalysis:
    """Replay ``position``'s play record from the start and solve before every card.

    ``goal`` and ``side`` are those of :func:`solver.solve`; ``side=None`` is the
    declarer's side, or in each-for-himself games the seat to move at the start of the
    record (the side stays the same for the whole game).  ``limit`` is a per-step node
    or time limit: a stopped step has ``before=None`` and proven ``bounds``, and no
    mistake is flagged where a value is unknown.  ``from_trick``: analyse only from the
    first card of that trick (the earlier cards are replayed, not solved).  ``solver``:
    a :class:`Solver` to use (and whose table to keep).  ``on_step(analysis, step)`` is
    called with the analysis so far once the start is solved (``step`` None) and after
    each finished step, e.g. to show progress or to keep what was done if interrupted.

    A Danish ``DEMAND`` (DK-3.7) is a step too (``seat`` None), never a mistake.  The
    value at the start of trick 23 counts on the demand being made when it pays; if the
    record leads without it, that lead's step has a ``note`` and its ``before`` may
    differ from its ``best``.

    Returns a :class:`GameAnalysis`.
    """
    if from_trick is not None:
        _check_trick(position, from_trick)
    pos, tokens = _start_of_play(position)
    seats = side_seats(pos, side)
    party = pos.party_of(seats[0])
    reason = goal_defs.applies(pos, goal)
    if reason:
        raise GoalError(reason)
    engine = solver if solver is not None else Solver()
    first_trick = pos.trick_number
    if from_trick is None:
        from_trick = first_trick
    start = _replay_to(pos, tokens, from_trick)

    fmt: Callable[[int], str] = pos.variant.format_units if goal == "points" else str
    analysis = GameAnalysis(variant=pos.variant.id, contract=pos.contract.id, goal=goal, side=tuple(seats),
                            from_trick=max(from_trick, first_trick), unit_name=pos.variant.unit_name,
                            _format=fmt)
    side_key = seats[0]

    def evaluate(p: Position) -> tuple[Value, Result | None]:
        if p.is_over:
            got = goal_defs.achieved(p, goal, party)
            if not _is_count(goal):
                got = bool(got)
            return Value(got, (int(got), int(got)), True, final=True), None
        r = engine.solve(p, goal, side_key, all_cards=True, limit=limit)
        return Value(r.value, r.bounds, r.exact, r.nodes, r.seconds), r

    current, result = evaluate(pos)
    analysis.start = current
    analysis._searched.append(current)
    if on_step is not None:
        on_step(analysis, None)
    for index in range(start, len(tokens)):
        token = tokens[index]
        trick = pos.trick_number
        demand = token == DEMAND
        seat = None if demand else pos.to_move
        legal = [] if demand else pos.legal_moves
        skipped_demand = not demand and _demand_open(pos)
        pos.play(token)
        after, next_result = evaluate(pos)
        analysis._searched.append(after)
        step: Step
        if demand:
            step = Step(index, trick, None, token, None, current.value, after.value,
                        exact=current.exact, bounds=current.bounds,
                        note="the skus is demanded (DK-3.7)")
        else:
            on_side = seat in seats
            cards = result.cards if result is not None else {}
            played = cards.get(token)
            if played is None:
                played = after.value
            options = {t: cards[t] for t in legal if cards.get(t) is not None}
            best: Answer = None
            best_cards: tuple[str, ...] = ()
            mistake, loss = False, 0
            if options and len(options) == len(legal):
                counts = {t: int(x) for t, x in options.items() if x is not None}  # (a yes/no value as 1 or 0)
                best_count = (max if on_side else min)(counts.values())
                best = next(options[t] for t in legal if counts[t] == best_count)
                best_cards = tuple(t for t in legal if counts[t] == best_count)
                if played is not None and played != best:
                    mistake = True
                    loss = abs(best_count - int(played))
            note = ""
            if skipped_demand:
                note = "no demand for the skus was made (DK-3.7)"
            step = Step(index, trick, seat, token, on_side, current.value, played, best, best_cards,
                        mistake, loss, current.exact, current.bounds, note)
        analysis.steps.append(step)
        current, result = after, next_result
        if on_step is not None:
            on_step(analysis, step)
    analysis.end = current
    analysis.complete = True
    return analysis

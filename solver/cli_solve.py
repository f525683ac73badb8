"""The subcommands that search: ``solve`` (a position's double-dummy value, the value of
every card, an optimal line) and ``analyse`` (a game record card by card)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

from ._core import MAX_SEARCH_THREADS
from .cli_base import PROG, CliError, Command, add_format_option, add_position_input, party_label, print_json, read_position
from .errors import ParameterError, TarokError
from .position import DEMAND, Position
from .text import count_of, shown, whole_number

if TYPE_CHECKING:
    from .playthrough import GameAnalysis, Step, Value as AnalysisValue
    from .search import Progress, Result, Value

SOLVE_HELP = "solve a position double-dummy"
SOLVE_DESCRIPTION = ("Solve a position double dummy (every card visible, perfect play by everybody) after its "
                     "play record: the value for the analysed side, optionally the value of every legal card "
                     "(--all-cards) and an optimal line of play (--pv).  --at-trick N solves an earlier point "
                     "of the record.  Text for people, --json for machines.")
ANALYSE_HELP = "analyse a game record card by card (double dummy)"
ANALYSE_DESCRIPTION = ("Replay a game record and solve before every card: the double-dummy value before and "
                       "after each card, with the cards that lost value for their player (the mistakes) marked "
                       "'?' and the amount lost.  Values are the analysed side's (--side); * marks its seats.")


# ------------------------------------------------------------------ solve

def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by ``solve`` and ``analyse``: goal, side, limit, memory."""
    from .goals import GOALS
    parser.add_argument("-g", "--goal", choices=list(GOALS), default="points", metavar="GOAL",
                        help="what to solve for (default: points): " + ", ".join(GOALS))
    parser.add_argument("--side", metavar="SIDE",
                        help="the analysed side: declarer, defence or a seat number (default: the "
                        "declarer's side; each-for-himself games: the seat to move -- in analyse, at the start of the "
                        "record -- against all the others)")
    parser.add_argument("--limit", metavar="LIMIT",
                        help="stop the search after a node count (100000) or a time (2s, 500ms); a stopped "
                        "search reports proven bounds")
    parser.add_argument("--memory", type=int, default=256, metavar="MB",
                        help="memory budget of the transposition table in MB (default: 256; never exceeded)")
    parser.add_argument("--threads", type=_thread_count, default=min(2, os.cpu_count() or 1), metavar="N",
                        help="search threads sharing the table, 1-%d (default: 2 on a machine with two "
                        "cores or more; trick counts and valat that the partition table serves search on one)"
                        % MAX_SEARCH_THREADS)


def _thread_count(text: str) -> int:
    """--threads: a whole number 1-MAX_SEARCH_THREADS (argparse names the option in its error)."""
    count = whole_number(text)
    if count is None or not 1 <= count <= MAX_SEARCH_THREADS:
        raise argparse.ArgumentTypeError("a whole number of threads 1-%d, not %s" % (MAX_SEARCH_THREADS, shown(text)))
    return count


def _solver_settings(pos: Position, args: argparse.Namespace) -> tuple[str | None, str | None, int]:
    """Check --side, --limit, --memory and --threads before any search: (side, limit, memory_mb)."""
    from .search import check_settings, parse_limit
    side = args.side
    if side is not None:
        side = side.strip().lower()
        if pos.contract.each_for_himself and whole_number(side) is None:
            raise CliError("--side %s: in an each-for-himself game the side is one seat, 0-%d "
                           "(analysed against all the others)" % (shown(side), pos.players - 1))
    try:
        parse_limit(args.limit)
    except ParameterError as exc:
        raise CliError("--limit: %s" % exc) from None
    try:
        check_settings(args.memory, args.threads)
    except ParameterError as exc:
        raise CliError("--memory: %s" % exc) from None
    return side, args.limit, args.memory


class _StatusLine:
    """One line of progress on stderr, rewritten in place, only when stderr is a terminal."""

    def __init__(self) -> None:
        self.terminal = sys.stderr.isatty()
        self.showing = False

    def show(self, text: str) -> None:
        if self.terminal:
            sys.stderr.write("\r\x1b[K%s: %s" % (PROG, text))
            sys.stderr.flush()
            self.showing = True

    def clear(self) -> None:
        if self.showing:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.showing = False


def _side_label(pos: Position, seats: Sequence[int]) -> str:
    """'the declarer side (seats 0, 2)', 'the defence (seats 1, 3)' or 'seat 1 (against the others)'."""
    if pos.contract.each_for_himself:
        return "seat %d (against the others)" % seats[0]
    return "the " + party_label(pos, pos.party_of(seats[0]))


def _goal_value(pos: Position, goal: str, value: Value) -> str:
    """A solved value as text: '46 2/3 (140 thirds)', '8 tricks', 'yes'."""
    v = pos.variant
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if goal == "points":
        return v.format_units(value) + ("" if v.unit == 1 else " (%d %s)" % (value, v.unit_name))
    return count_of(value, "trick")


def _position_header(pos: Position) -> list[str]:
    """A short summary of a position to solve: contract, hands, the trick so far, scores."""
    lines = str(pos).splitlines()
    keep = [ln for ln in lines if not ln.startswith("  trick ")]
    body = [ln for ln in keep if not ln.endswith(" points") and not ln.startswith("play stopped")]
    body.append("trick %d of %d%s, seat %s to play" % (
        pos.trick_number, pos.n_tricks,
        ": " + "  ".join("%d:%s" % (s, tok) for s, tok in pos.current_trick) if pos.current_trick else "",
        pos.to_move))
    body.append("so far: " + "; ".join(
        "%s %s, %s" % (pos.party_name(i), count_of(pos.tricks_won(i), "trick"), count_of(pos.points_display(i), "point"))
        for i in range(len(pos.parties))))
    return body


def _line_by_tricks(pos: Position, tokens: Sequence[str]) -> list[str]:
    """The optimal line as rows 'trick 10  (2:C10  3:CQ)  0:CJ  1:SN  -> seat 0'."""
    p = pos.copy()
    rows: list[str] = []
    cells: list[str] = []
    if p.current_trick:
        cells.append("(%s)" % "  ".join("%d:%s" % (s, tok) for s, tok in p.current_trick))
    trick = p.trick_number
    rest = list(tokens)
    while rest:
        token = rest[0]
        try:
            if token == DEMAND:
                if p.is_legal(DEMAND):
                    p.play(DEMAND)
                    cells.append(DEMAND)
                rest.pop(0)
                continue
            seat = p.to_move
            p.play(token)
        except TarokError:  # never expected: show the rest of the line as it came
            break
        rest.pop(0)
        cells.append("%s:%s" % (seat, token))
        if not p.current_trick:  # the trick is complete
            last = p.tricks[-1]
            rows.append("  trick %2d  %s  -> seat %d" % (trick, "  ".join(cells), last.winner))
            cells, trick = [], p.trick_number
            if p.is_over:
                break
    if cells or rest:
        rows.append("  trick %2d  %s" % (trick, "  ".join(cells + rest)))
    if p.end_reason:
        rows.append("  play stops: %s" % p.end_reason)
    return rows


def _solve_text(pos: Position, goal: str, result: Result, all_cards: bool = False) -> str:
    lines = _position_header(pos) + [""]
    seats = result.side
    head = "%s for %s" % (goal, _side_label(pos, seats))
    if result.exact:
        lines.append("%s: %s" % (head, _goal_value(pos, goal, result.value)))
    else:
        lines.append("%s: unknown (search stopped)" % head)
        fmt: Callable[[int], str] = pos.variant.format_units if goal == "points" else str
        lo, hi = (fmt(x) for x in result.bounds)
        lines.append("proven bounds: %s .. %s%s" % (lo, hi, "" if goal in ("points", "tricks")
                                                    else " (the side's count for this goal)"))
    lines.append("searched %d nodes in %.3f s" % (result.nodes, result.seconds))
    if result.cards:
        mover = pos.to_move
        lines += ["", "cards of seat %s, best first:" % mover]
        groups: dict[Value, list[str]] = {}
        for token, value in result.cards.items():
            groups.setdefault(value, []).append(token)
        known = sorted((int(v) for v in groups if v is not None), reverse=mover in seats)
        known_values = [next(v for v in groups if v is not None and int(v) == k) for k in known]
        width = max(len(_short_value(pos, goal, v)) for v in groups)
        for value in known_values + ([None] if None in groups else []):
            lines.append("  %-*s  %s" % (width, _short_value(pos, goal, value), " ".join(groups[value])))
    elif all_cards:
        lines += ["", "cards: not valued (the search was stopped)"]
    if result.line:
        lines += ["", "optimal line:"] + _line_by_tricks(pos, result.line)
    return "\n".join(lines)


def _short_value(pos: Position, goal: str, value: Value) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return pos.variant.format_units(value) if goal == "points" else str(value)


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_input(parser)
    add_solver_options(parser)
    parser.add_argument("-a", "--all-cards", action="store_true",
                        help="also the value of every legal card of the player to move")
    parser.add_argument("--pv", action="store_true",
                        help="also an optimal line of play to the end (the principal variation)")
    parser.add_argument("-t", "--at-trick", type=int, metavar="N",
                        help="solve at the first card of trick N of the play record (default: after the "
                        "whole record)")
    add_format_option(parser, ("text", "json"))


def _solve(args: argparse.Namespace) -> int:
    from .playthrough import at_trick
    from .search import SolveInterrupted, Solver
    pos = read_position(args)
    if args.at_trick is not None:
        pos = at_trick(pos, args.at_trick)
    if pos.is_over:
        raise CliError("play is over (%s): nothing to solve" % (pos.end_reason or "all cards played"))
    side, limit, memory = _solver_settings(pos, args)
    status = _StatusLine()

    def progress(p: Progress) -> None:  # on a terminal: the bounds narrowing, nodes and time, twice a second
        bounds = ("%s .. %s, " % tuple(_short_value(pos, args.goal, x) for x in p.bounds)
                  if args.goal in ("points", "tricks") else "")
        status.show("searching: %s%s nodes, %.1f s (Ctrl-C stops with the bounds proven)"
                    % (bounds, format(p.nodes, ","), p.seconds))

    interrupted = False
    try:
        result = Solver(memory, args.threads).solve(pos, args.goal, side, all_cards=args.all_cards, line=args.pv,
                                                    limit=limit, progress=progress if status.terminal else None)
    except SolveInterrupted as stop:  # Ctrl-C: the search stopped cleanly with what it proved
        result, interrupted = stop.result, True
    finally:
        status.clear()
    if args.format == "json":
        print_json({"variant": pos.variant.id, "contract": pos.contract.id, "position": pos.to_line(),
                    **result.to_json(), **({"interrupted": True} if interrupted else {})})
    else:
        print(_solve_text(pos, args.goal, result, args.all_cards))
    if interrupted:
        sys.stdout.flush()
        print("%s: interrupted" % PROG, file=sys.stderr)
        return 130
    return 0


# ---------------------------------------------------------------- analyse

def _analyse_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_input(parser, "GAME", "game record (a position with its play)")
    add_solver_options(parser)
    parser.add_argument("-t", "--from-trick", type=int, metavar="N",
                        help="analyse from the first card of trick N (the earlier cards are only replayed)")
    add_format_option(parser, ("text", "json"))


def analysis_text(analysis: GameAnalysis, pos: Position) -> str:
    """The play-through as text: per card the value before and after, mistakes marked."""
    a = analysis
    lines = str(pos).splitlines()[:1 if pos.declarer is None else 2]  # contract, declarer and partner
    lines.append("%s for %s, from trick %d" % (a.goal, _side_label(pos, a.side), a.from_trick))
    lines.append("")
    width = max([len(s.token) for s in a.steps] + [2])
    vwidth = max([len(a.display(v)) for s in a.steps for v in (s.before, s.played)] + [1])
    trick = None
    for s in a.steps:
        label = "trick %2d" % s.trick if s.trick != trick else " " * 8
        trick = s.trick
        who = "        " if s.seat is None else "seat %d%s" % (s.seat, "*" if s.on_side else " ")
        row = "%s  %s  %-*s  %*s -> %-*s" % (label, who, width, s.token, vwidth, a.display(s.before),
                                           vwidth, a.display(s.played))
        if s.mistake:
            row += "  ? lost %s (best %s: %s)" % (a.loss_display(s), " ".join(s.best_cards), a.display(s.best))
        elif not s.exact:
            row += "  (stopped: %s)" % a.display_bounds(s.bounds)
        if s.note:
            row += "  [%s]" % s.note
        lines.append(row.rstrip())
    lines.append("")
    lines.append("value at the start: %s" % _analysis_value(a, a.start))
    if a.complete and a.end is not None:
        lines.append("value at the end: %s%s" % (_analysis_value(a, a.end),
                                                  " (play is over)" if a.end.final else ""))
    else:
        lines.append("interrupted: %s analysed" % count_of(len(a.steps), "card"))
    mistakes = a.mistakes
    if mistakes:
        by_seat: dict[int, int] = {}
        for s in mistakes:
            if s.seat is not None:
                by_seat[s.seat] = by_seat.get(s.seat, 0) + 1
        lines.append("mistakes: %d (%s)" % (len(mistakes), ", ".join(
            "seat %d: %d" % (seat, n) for seat, n in sorted(by_seat.items()))))
    else:
        lines.append("mistakes: none")
    lines.append("* = the analysed side; searched %d nodes in %.3f s" % (a.nodes, a.seconds))
    return "\n".join(lines)


def _analysis_value(a: GameAnalysis, value: AnalysisValue | None) -> str:
    if value is None:
        return "?"
    if value.exact:
        return a.display(value.value)
    return "? (stopped: %s)" % a.display_bounds(value.bounds)


def _analyse(args: argparse.Namespace) -> int:
    from .playthrough import analyse_game
    from .search import Solver
    pos = read_position(args)
    side, limit, memory = _solver_settings(pos, args)
    status = _StatusLine()
    state: dict[str, Any] = {"analysis": None, "trick": None}
    started = time.perf_counter()

    def show(trick: int) -> None:
        if trick != state["trick"] and 1 <= trick <= pos.n_tricks:
            state["trick"] = trick
            status.show("analysing trick %d of %d (%.1f s)" % (trick, pos.n_tricks, time.perf_counter() - started))

    def on_step(analysis: GameAnalysis, step: Step | None) -> None:
        state["analysis"] = analysis
        if step is not None:
            show(step.trick)

    def report(analysis: GameAnalysis) -> None:
        if args.format == "json":
            print_json(analysis.to_json())
        else:
            print(analysis_text(analysis, pos))

    first = pos.tricks[0].number if pos.tricks else pos.trick_number
    try:
        show(max(args.from_trick or first, first))
        analysis = analyse_game(pos, args.goal, side, limit=limit, solver=Solver(memory, args.threads),
                                from_trick=args.from_trick, on_step=on_step)
    except KeyboardInterrupt:  # (a search stopped by Ctrl-C raises SolveInterrupted, one)
        status.clear()
        if state["analysis"] is not None:
            report(state["analysis"])
        print("%s: interrupted" % PROG, file=sys.stderr)
        sys.stdout.flush()
        return 130
    finally:
        status.clear()
    report(analysis)
    return 0


SOLVE_COMMAND = Command("solve", SOLVE_HELP, _solve, _solve_arguments, SOLVE_DESCRIPTION)
ANALYSE_COMMAND = Command("analyse", ANALYSE_HELP, _analyse, _analyse_arguments, ANALYSE_DESCRIPTION)

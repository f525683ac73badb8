"""The ``tarokdd`` command line.

Every subcommand is a :class:`Command` in :data:`COMMANDS`: a function that adds its
arguments to an argparse sub-parser and a function that runs it and returns the exit
status.  A subcommand registers itself like this (``solve`` below, simplified)::

    def _solve_arguments(parser):
        add_position_input(parser)
        add_format_option(parser, ("text", "json"))

    @command("solve", "solve a position double-dummy", _solve_arguments)
    def _solve(args):
        pos = read_position(args)
        ...
        return 0

Data goes to stdout, messages to stderr.  A :class:`~solver.errors.TarokError` or an
unreadable file prints ``tarokdd: error: <message>`` and exits with status 2 (the
argparse convention for bad input); Ctrl-C exits with 130.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, cast

from . import __version__
from ._core import MAX_SEARCH_THREADS
from .bundled import example_names, example_path
from .errors import IllegalMoveError, NotationError, ParameterError, SeatError, TarokError
from .notation import position_kwargs_from_json, position_kwargs_from_line
from .position import DEMAND, Position
from .text import count_of, shown, whole_number
from .variants import VARIANTS, Variant, get_variant

if TYPE_CHECKING:
    from .playthrough import GameAnalysis, Step, Value as AnalysisValue
    from .search import Progress, Result, Value

PROG = "tarokdd"
# A subcommand's body: run(args) -> exit status
Runner = Callable[[argparse.Namespace], int]


class CliError(Exception):
    """A problem outside the game data (a missing file, …): printed like a TarokError."""


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, help, body and the function that adds its arguments."""

    name: str
    help: str
    run: Runner  # run(args) -> exit status
    arguments: Callable[[argparse.ArgumentParser], None] | None = None  # adds the subcommand's options
    description: str | None = None


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, arguments: Callable[[argparse.ArgumentParser], None] | None = None,
            description: str | None = None) -> Callable[[Runner], Runner]:
    """Decorator registering ``run(args)`` as the subcommand ``name``."""
    def register(run: Runner) -> Runner:
        COMMANDS[name] = Command(name, help, run, arguments, description or help)
        return run
    return register


# ------------------------------------------------------------ shared helpers

def add_position_input(parser: argparse.ArgumentParser, metavar: str = "FILE", what: str = "position file") -> None:
    """FILE (JSON or one-line form; ``-`` = stdin) or ``--line TEXT``."""
    parser.add_argument("file", nargs="?", metavar=metavar,
                        help="%s: JSON or the one-line form; - reads stdin; or the name of a bundled "
                        "example (%s)" % (what, ", ".join(example_names())))
    parser.add_argument("-l", "--line", dest="line_text", metavar="TEXT",
                        help="the position given directly in the one-line form (instead of %s)" % metavar)


def add_format_option(parser: argparse.ArgumentParser, choices: Sequence[str], default: str | None = None) -> None:
    """``--format`` with ``choices`` plus ``--json`` as a short form of ``--format json``."""
    default = default or choices[0]
    parser.add_argument("-f", "--format", choices=choices, default=default,
                        help="output format (default: %s)" % default)
    if "json" in choices:
        parser.add_argument("--json", dest="format", action="store_const", const="json",
                            help="same as --format json")


def read_text(args: argparse.Namespace) -> tuple[str, str]:
    """The position text named by FILE / ``-`` / ``--line``, and where it came from."""
    if args.line_text is not None:
        if args.file is not None:
            raise CliError("give either FILE or --line TEXT, not both")
        return args.line_text, "--line"
    if args.file is None:
        raise CliError("no position given: name a FILE, - for stdin, or use --line TEXT")
    if args.file == "-":
        try:
            return sys.stdin.read(), "stdin"
        except UnicodeDecodeError:
            raise CliError("cannot read stdin: not UTF-8 text") from None
    path = args.file
    bundled = None if os.path.exists(path) else example_path(path)
    if bundled is not None:
        path = bundled  # a bundled example by name: tarokdd solve slovenian4_three
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read(), args.file
    except FileNotFoundError:
        raise CliError("cannot read %s: no such file, nor a bundled example (%s)"
                       % (args.file, ", ".join(example_names()))) from None
    except IsADirectoryError:
        raise CliError("cannot read %s: it is a directory" % args.file) from None
    except UnicodeDecodeError:
        raise CliError("cannot read %s: not UTF-8 text" % args.file) from None
    except OSError as exc:
        raise CliError("cannot read %s: %s" % (args.file, exc.strerror or exc)) from None


def position_kwargs(text: str, source: str = "input") -> dict[str, Any]:
    """Keyword arguments of :class:`Position` from JSON or the one-line form.

    One-line text may be spread over several lines; lines starting with ``#`` are comments.
    """
    if text.lstrip()[:1] in ("{", "["):
        return position_kwargs_from_json(text)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise NotationError("%s holds no position" % source)
    return position_kwargs_from_line(" ".join(lines))


def read_position(args: argparse.Namespace) -> Position:
    """The :class:`Position` named on the command line, its play record replayed card by card."""
    text, source = read_text(args)
    return replay(position_kwargs(text, source))


def _play_tokens(play: str | Iterable[str] | None) -> list[str]:
    if play is None:
        return []
    return play.replace(",", " ").split() if isinstance(play, str) else list(play)


def _print_position(pos: Position, fmt: str) -> None:
    """A position as canonical JSON, the one-line form, or the readable summary."""
    if fmt == "json":
        _print_json(pos.to_json())
    elif fmt == "line":
        print(pos.to_line())
    else:
        print(pos)


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _seats(seats: Sequence[int]) -> str:
    return "seat%s %s" % ("s" if len(seats) > 1 else "", ", ".join(map(str, seats)))


def party_label(pos: Position, party: int) -> str:
    """'declarer side (seats 0, 2)', 'defence (seats 1, 3)', or 'seat 1' (each for himself)."""
    if pos.contract.each_for_himself:
        return pos.party_name(party)
    return "%s (%s)" % (pos.party_name(party), _seats(pos.parties[party]))


def _card_units(pos: Position, tokens: Iterable[str]) -> int:
    return sum(pos.variant.points[pos.deck.index[t]] for t in tokens)


# ------------------------------------------------------------------- show

def _show_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_input(parser)
    add_format_option(parser, ("text", "json", "line"))


@command("show", "read a position and print it", _show_arguments,
         "Read a position (JSON or the one-line form) and print a readable summary, the "
         "canonical JSON (--format json) or the canonical one-line form (--format line).")
def _show(args: argparse.Namespace) -> int:
    pos = read_position(args)
    _print_position(pos, args.format)
    if args.format not in ("json", "line") and not pos.is_over:
        print("seat %s to play in trick %d; legal: %s" % (pos.to_move, pos.trick_number, " ".join(pos.legal_moves)))
    return 0


# ----------------------------------------------------------------- replay

def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_input(parser)
    add_format_option(parser, ("text", "json"))


def replay(kwargs: Mapping[str, Any]) -> Position:
    """Build the start of play from ``kwargs`` and play its record card by card.

    An illegal card raises :class:`IllegalMoveError` saying which card of the record it was.
    """
    kwargs = dict(kwargs)
    play = kwargs.pop("play", None)
    pos = Position(**kwargs)
    for i, token in enumerate(_play_tokens(play), 1):
        try:
            pos.play(token)
        except IllegalMoveError as exc:
            raise IllegalMoveError("play record, move %d: %s" % (i, exc), card=exc.card, seat=exc.seat,
                                   trick=exc.trick, rule=exc.rule) from None
    return pos


def replay_report(pos: Position) -> dict[str, Any]:
    """The replay as a JSON-ready dict: tricks, parties, exact points (units and display)."""
    v = pos.variant
    tricks = [{"number": t.number, "leader": t.leader,
               "cards": [{"seat": s, "card": tok + (":" + t.named if t.named and tok == "EX" else "")}
                         for s, tok in t.cards],
               "winner": t.winner, "party": pos.party_of(t.winner)} for t in pos.tricks]
    parties = [{"party": i, "name": pos.party_name(i), "seats": list(pos.parties[i]),
                "tricks": pos.tricks_won(i), "units": pos.points(i), "points": pos.points_display(i)}
               for i in range(len(pos.parties))]
    talon = pos.to_json().get("talon", "").split()
    unplayed = [tok for hand in pos.hands for tok in hand]
    table = [tok for _, tok in pos.current_trick]

    def cards(tokens: list[str]) -> dict[str, Any]:
        units = _card_units(pos, tokens)
        return {"cards": tokens, "units": units, "points": v.format_units(units)}

    out = {"variant": v.id, "contract": pos.contract.id, "declarer": pos.declarer, "partner": pos.partner,
           "called_king": None if pos.called_king is None else pos.deck.tokens[pos.called_king],
           "unit": v.unit_name, "units_per_point": v.unit, "total_units": v.total_units,
           "tricks": tricks, "current_trick": [{"seat": s, "card": tok} for s, tok in pos.current_trick],
           "parties": parties, "talon": cards(talon), "on_table": cards(table), "unplayed": cards(unplayed),
           "complete": pos.is_over, "end_reason": pos.end_reason, "to_move": pos.to_move}
    return out


def _replay_text(pos: Position) -> str:
    v, c = pos.variant, pos.contract
    lines = ["%s — %s" % (v.name, c.name)]
    if pos.declarer is not None:
        side = "declarer seat %d" % pos.declarer
        if pos.called_king is not None:
            side += ", called %s" % pos.deck.tokens[pos.called_king]
            side += ", partner seat %d" % pos.partner if pos.partner is not None else " (declarer alone)"
        lines.append(side)
    width = max((len(tok) for t in pos.tricks for _, tok in t.cards), default=2) + 2
    for t in pos.tricks:
        cards = "  ".join(("%d:%s" % (s, tok + (":" + t.named if t.named and tok == "EX" else ""))
                           ).ljust(width + 2) for s, tok in t.cards)
        who = "seat %d" % t.winner
        if not c.each_for_himself:
            who += " (%s)" % pos.party_name(pos.party_of(t.winner))
        lines.append("trick %2d  %s -> %s" % (t.number, cards, who))
    if pos.current_trick:
        lines.append("trick %2d  %s" % (pos.trick_number, "  ".join(
            "%d:%s" % (s, tok) for s, tok in pos.current_trick)))
    if pos.end_reason:
        lines.append("play stopped after trick %d: %s" % (pos.tricks[-1].number, pos.end_reason))
    elif not pos.is_over:
        lines.append("the record ends in trick %d: seat %s to play" % (pos.trick_number, pos.to_move))
    lines.append("")
    for i in range(len(pos.parties)):
        won = pos.tricks_won(i)
        lines.append("%s: %s, %s" % (party_label(pos, i), count_of(won, "trick"), count_of(pos.points_display(i),
                                                                                             "point")))
    report = replay_report(pos)
    if report["talon"]["cards"]:
        lines.append("talon (counts for nobody): %s" % count_of(report["talon"]["points"], "point"))
    if report["on_table"]["cards"]:
        lines.append("in the unfinished trick: %s" % count_of(report["on_table"]["points"], "point"))
    if report["unplayed"]["cards"]:
        lines.append("still in the hands: %s" % count_of(report["unplayed"]["points"], "point"))
    lines.append("(%s points in the whole deal)" % v.format_units(v.total_units))
    return "\n".join(lines)


@command("replay", "replay a game record, checking every card", _replay_arguments,
         "Replay the play record (the 'play' field) of a position card by card, checking each "
         "against the rules; print every trick and its winner, then each party's tricks and "
         "exact card points.")
def _replay(args: argparse.Namespace) -> int:
    pos = read_position(args)
    if args.format == "json":
        _print_json(replay_report(pos))
    else:
        print(_replay_text(pos))
    return 0


# ------------------------------------------------------------------- score

def _score_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_input(parser, "GAME", "finished game record")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="override a rule option or a scoring input (repeatable): "
                             "diff_round=5, 'kontra={\"game\": 1}', cups=[80,60] …")
    add_format_option(parser, ("text", "json"))


@command("score", "settle a finished game: what each seat wins or pays", _score_arguments,
         "Replay the game record and settle it: one amount per seat and the itemised lines "
         "behind it (contract, bonuses, kontra, Danish cups …), with the variant's rule options.")
def _score(args: argparse.Namespace) -> int:
    from .scoring import parse_overrides
    pos = read_position(args)
    settlement = pos.settlement(**parse_overrides(args.set))
    if args.format == "json":
        _print_json(settlement.to_json())
    else:
        print(settlement.format())
    return 0


# ------------------------------------------------------------------- deal

def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="variant id (see: tarokdd variants)")
    parser.add_argument("-c", "--contract", help="contract id (default: the variant's usual one)")
    parser.add_argument("-s", "--seed", type=int, help="random seed, for a reproducible deal")
    parser.add_argument("-d", "--declarer", type=int, metavar="SEAT",
                        help="declarer seat (default: random)")
    add_format_option(parser, ("json", "line", "text"))


@command("deal", "deal a random position at the start of play", _deal_arguments,
         "Deal a random legal position at the start of play (talon exchange done) and print it.")
def _deal(args: argparse.Namespace) -> int:
    from .deal import random_position
    v = get_variant(args.variant)
    c = v.contract(args.contract) if args.contract else v.contract(v.default_contract)
    if args.declarer is not None:
        if c.each_for_himself:
            raise SeatError("%s is each for himself: it has no declarer" % c.name)
        if not 0 <= args.declarer < v.players:
            raise SeatError("declarer seat %d is out of range: seats are 0-%d in order of play"
                            % (args.declarer, v.players - 1))
    pos = random_position(v.id, c.id, seed=args.seed, declarer=args.declarer)
    if pos.contract.id != c.id:
        print("%s: a seat was dealt no tarok: the deal was thrown in and redealt as a forced klop (SI-2.4)"
              % PROG, file=sys.stderr)
    _print_position(pos, args.format)
    return 0


# --------------------------------------------------------------- variants

def _variants_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", nargs="?", metavar="VARIANT", help="show only this variant, in detail")
    add_format_option(parser, ("text", "json", "markdown"))


def _value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(value)
    return str(value)


def variant_info(v: Variant) -> dict[str, Any]:
    """A variant as a JSON-ready dict."""
    return {
        "id": v.id, "name": v.name, "players": v.players, "deck": v.deck.name, "cards": v.deck.size,
        "hand_size": v.hand_size, "tricks": v.tricks, "talon": {"name": v.talon_name, "size": v.talon_size},
        "unit": v.unit_name, "units_per_point": v.unit, "total_points": v.format_units(v.total_units),
        "default_contract": v.default_contract,
        "contracts": [{"id": c.id, "name": c.name, "kind": c.kind, "called_king": c.called_king,
                       "aliases": list(c.aliases)} for c in v.contracts.values()],
        "announcements": list(v.announcements),
        "options": [{"name": o.name, "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                     "choices": list(o.choices), "rule": o.rule, "doc": o.doc} for o in v.options.values()],
    }


def _md_escape(text: object) -> str:
    return str(text).replace("|", "\\|")


def variants_markdown(variants: Sequence[Variant] | None = None) -> str:
    """The README's two tables (variants; rule options), generated from :data:`VARIANTS`."""
    variants = list(VARIANTS.values()) if variants is None else variants
    lines = ["| Variant | Players | Deck | Hand / talon | Points counted in | Contracts |",
             "|---|---|---|---|---|---|"]
    for v in variants:
        contracts = ", ".join("`%s`%s" % (c.id, " (called king)" if c.called_king else "")
                              for c in v.contracts.values())
        lines.append("| `%s` %s | %d | %s | %d / %d (%s) | %s (1 point = %d), %s in all | %s |"
                     % (v.id, _md_escape(v.name), v.players, _md_escape(v.deck.name), v.hand_size,
                        v.talon_size, v.talon_name, v.unit_name, v.unit, v.format_units(v.total_units),
                        contracts))
    lines += ["", "| Option | Variants | Default | Choices | RULES.md | Meaning |", "|---|---|---|---|---|---|"]
    seen: dict[Any, list[str]] = {}
    for v in variants:
        for o in v.options.values():
            seen.setdefault(o, []).append(v.id)
    for o, ids in seen.items():
        choices = " / ".join(_value(ch) for ch in o.choices)
        lines.append("| `%s` | %s | `%s` | %s | %s | %s |" % (
            o.name, ", ".join(ids), _value(o.default), choices, o.rule, _md_escape(o.doc)))
    return "\n".join(lines)


def _variant_text(v: Variant) -> str:
    lines = ["%s — %s" % (v.id, v.name),
             "  %d players, %s; %d cards each, %s of %d; %d tricks" % (
                 v.players, v.deck.name, v.hand_size, v.talon_name, v.talon_size, v.tricks),
             "  points counted in %s%s, %s in the whole deal" % (
                 v.unit_name, "" if v.unit == 1 else " (1 point = %d units)" % v.unit,
                 v.format_units(v.total_units))]
    lines.append("  contracts (default %s):" % v.default_contract)
    width = max(len(c) for c in v.contracts)
    for c in v.contracts.values():
        extra = ["each for himself" if c.each_for_himself else c.kind] + (["called king"] if c.called_king else [])
        if c.aliases:
            extra.append("also: " + ", ".join(c.aliases))
        lines.append("    %-*s  %s  [%s]" % (width, c.id, c.name, "; ".join(extra)))
    lines.append("  announcements: %s" % (", ".join(v.announcements) or "none"))
    lines.append("  rule options (name, default, choices, RULES.md):")
    for o in v.options.values():
        lines.append("    %s = %s   choices: %s   [%s]" % (o.name, _value(o.default),
                                                         " / ".join(_value(ch) for ch in o.choices), o.rule))
        lines.append("        %s" % o.doc)
    return "\n".join(lines)


@command("variants", "list the variants, their contracts and rule options", _variants_arguments,
         "List the variants (or one VARIANT) with their contracts (id and name), announcements and "
         "rule options (default, choices and the RULES.md section behind each).")
def _variants(args: argparse.Namespace) -> int:
    chosen = [get_variant(args.variant)] if args.variant else list(VARIANTS.values())
    if args.format == "json":
        info = [variant_info(v) for v in chosen]
        _print_json(info[0] if args.variant else info)
    elif args.format == "markdown":
        print(variants_markdown(chosen))
    else:
        print("\n\n".join(_variant_text(v) for v in chosen))
    return 0


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
                        help="transposition table size in MB (default: 256; never exceeded)")
    parser.add_argument("--threads", type=_thread_count, default=min(2, os.cpu_count() or 1), metavar="N",
                        help="search threads sharing the table, 1-%d (default: 2 on a machine with two "
                        "cores or more)" % MAX_SEARCH_THREADS)


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


def goals_markdown() -> str:
    """The README's goals table, generated from :data:`solver.goals.GOALS`."""
    from .goals import GOALS
    lines = ["| Goal | Value | Meaning |", "|---|---|---|"]
    for goal, doc in GOALS.items():
        kind = {"points": "int, exact units", "tricks": "int"}.get(goal, "bool")
        lines.append("| `%s` | %s | %s |" % (goal, kind, _md_escape(doc)))
    return "\n".join(lines)


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


@command("solve", "solve a position double-dummy", _solve_arguments,
         "Solve a position double dummy (every card visible, perfect play by everybody) after its "
         "play record: the value for the analysed side, optionally the value of every legal card "
         "(--all-cards) and an optimal line of play (--pv).  --at-trick N solves an earlier point "
         "of the record.  Text for people, --json for machines.")
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
        _print_json({"variant": pos.variant.id, "contract": pos.contract.id, "position": pos.to_line(),
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


@command("analyse", "analyse a game record card by card (double dummy)", _analyse_arguments,
         "Replay a game record and solve before every card: the double-dummy value before and "
         "after each card, with the cards that lost value for their player (the mistakes) marked "
         "'?' and the amount lost.  Values are the analysed side's (--side); * marks its seats.")
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
            _print_json(analysis.to_json())
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


# ------------------------------------------------- registered subcommands

COMMAND_GROUP = "tarokdd.commands"  # entry points: Command objects of other packages (analysis)


def registered_commands() -> list[Command]:
    """The :class:`Command` s other installed packages add through the entry-point group
    ``tarokdd.commands`` (the hand analysis adds simulate, bid, odds and plot): the solver
    reaches them without importing those packages by name."""
    from importlib.metadata import entry_points
    found = entry_points()
    group = found.select(group=COMMAND_GROUP) if hasattr(found, "select") else found.get(COMMAND_GROUP, ())
    return [cast("Command", ep.load()) for ep in group]


# ------------------------------------------------------------------- main

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Double-dummy solver and hand analysis for tarot card games "
        "(Slovenian Tarok, Königrufen, French Tarot, Danish Tarok).")
    parser.add_argument("--version", action="version", version="%(prog)s " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    commands = dict(COMMANDS)
    for cmd in registered_commands():
        commands.setdefault(cmd.name, cmd)
    for cmd in commands.values():
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.description)
        if cmd.arguments:
            cmd.arguments(p)
        p.set_defaults(_run=cmd.run)
    return parser


def _error(message: object) -> int:
    print("%s: error: %s" % (PROG, message), file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (the console script exits with it)."""
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help, or a usage error argparse has already printed
            return exc.code if isinstance(exc.code, int) else 2
        try:
            status: int | None = args._run(args)
        except (TarokError, CliError) as exc:
            return _error(exc)
        sys.stdout.flush()
        return status or 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `tarokdd replay … | head`
        import os
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1

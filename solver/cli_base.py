"""What every ``tarokdd`` subcommand builds on: the :class:`Command` type, the position
input (FILE, ``-`` or ``--line``) and ``--format`` options, reading and replaying a position,
and the errors and output conventions of :mod:`solver.cli`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable

from .bundled import example_names, example_path
from .errors import IllegalMoveError, NotationError
from .notation import position_kwargs_from_json, position_kwargs_from_line
from .position import Position

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


def print_json(data: object) -> None:
    """``data`` as indented JSON on stdout, non-ASCII text as it is."""
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _seats(seats: Sequence[int]) -> str:
    return "seat%s %s" % ("s" if len(seats) > 1 else "", ", ".join(map(str, seats)))


def party_label(pos: Position, party: int) -> str:
    """'declarer side (seats 0, 2)', 'defence (seats 1, 3)', or 'seat 1' (each for himself)."""
    if pos.contract.each_for_himself:
        return pos.party_name(party)
    return "%s (%s)" % (pos.party_name(party), _seats(pos.parties[party]))

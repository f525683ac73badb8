"""The ``tarokdd`` command line.

Every subcommand is a :class:`Command`: a function that adds its arguments to an argparse
sub-parser and a function that runs it and returns the exit status.  The solver's own are in
:data:`COMMANDS`, their code in ``cli_game.py`` (show, replay, score, deal),
``cli_reference.py`` (variants) and ``cli_solve.py`` (solve, analyse), on the building blocks
of ``cli_base.py`` (the names other code uses from those are importable from here).  Other installed
packages add theirs through the entry-point group ``tarokdd.commands``; :func:`command`
registers one in a running program, like this::

    def _count_arguments(parser):
        add_position_input(parser)

    @command("count", "count the cards still in the hands", _count_arguments)
    def _count(args):
        pos = read_position(args)
        print(sum(map(len, pos.hands)))
        return 0

Data goes to stdout, messages to stderr.  A :class:`~solver.errors.TarokError` or an
unreadable file prints ``tarokdd: error: <message>`` and exits with status 2 (the
argparse convention for bad input); Ctrl-C exits with 130.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Callable, cast

from . import __version__
from .cli_base import (
    PROG,
    CliError,
    Command,
    Runner,
    add_format_option,
    add_position_input,
    party_label,
    position_kwargs,
    read_position,
    read_text,
    replay,
)
from .cli_game import DEAL_COMMAND, REPLAY_COMMAND, SCORE_COMMAND, SHOW_COMMAND, replay_report
from .cli_reference import VARIANTS_COMMAND, goals_markdown, variant_info, variants_markdown
from .cli_solve import ANALYSE_COMMAND, SOLVE_COMMAND, add_solver_options, analysis_text
from .errors import TarokError
from .variants import VARIANTS

__all__ = ["COMMANDS", "COMMAND_GROUP", "PROG", "VARIANTS", "CliError", "Command", "Runner", "add_format_option",
           "add_position_input", "add_solver_options", "analysis_text", "build_parser", "command", "goals_markdown",
           "main", "party_label", "position_kwargs", "read_position", "read_text", "registered_commands", "replay",
           "replay_report", "variant_info", "variants_markdown"]

COMMANDS: dict[str, Command] = {cmd.name: cmd for cmd in (
    SHOW_COMMAND, REPLAY_COMMAND, SCORE_COMMAND, DEAL_COMMAND, VARIANTS_COMMAND, SOLVE_COMMAND, ANALYSE_COMMAND)}


def command(name: str, help: str, arguments: Callable[[argparse.ArgumentParser], None] | None = None,
            description: str | None = None) -> Callable[[Runner], Runner]:
    """Decorator registering ``run(args)`` as the subcommand ``name``."""
    def register(run: Runner) -> Runner:
        COMMANDS[name] = Command(name, help, run, arguments, description or help)
        return run
    return register


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

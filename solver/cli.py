"""The ``tarokdd`` command line.

Every subcommand is a :class:`Command` in :data:`COMMANDS`: a function that adds its
arguments to an argparse sub-parser and a function that runs it and returns the exit
status.  A later subcommand (``solve``, ``analyse``) registers itself the same way::

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

import argparse
import json
import sys
from dataclasses import dataclass

from .errors import IllegalMoveError, NotationError, SeatError, TarokError
from .notation import position_kwargs_from_json, position_kwargs_from_line
from .position import Position
from .variants import VARIANTS, get_variant

PROG = "tarokdd"


class CliError(Exception):
    """A problem outside the game data (a missing file, …): printed like a TarokError."""


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    run: object  # run(args) -> exit status (None = 0)
    arguments: object = None  # arguments(parser) adds the subcommand's options
    description: str = None


COMMANDS = {}


def command(name, help, arguments=None, description=None):
    """Decorator registering ``run(args)`` as the subcommand ``name``."""
    def register(run):
        COMMANDS[name] = Command(name, help, run, arguments, description or help)
        return run
    return register


# ------------------------------------------------------------ shared helpers

def add_position_input(parser):
    """FILE (JSON or one-line form; ``-`` = stdin) or ``--line TEXT``."""
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help="position file: JSON or the one-line form; - reads stdin")
    parser.add_argument("-l", "--line", dest="line_text", metavar="TEXT",
                        help="the position given directly in the one-line form (instead of FILE)")


def add_format_option(parser, choices, default=None):
    """``--format`` with ``choices`` plus ``--json`` as a short form of ``--format json``."""
    default = default or choices[0]
    parser.add_argument("-f", "--format", choices=choices, default=default,
                        help="output format (default: %s)" % default)
    if "json" in choices:
        parser.add_argument("--json", dest="format", action="store_const", const="json",
                            help="same as --format json")


def read_text(args):
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
    try:
        with open(args.file, encoding="utf-8-sig") as handle:
            return handle.read(), args.file
    except FileNotFoundError:
        raise CliError("cannot read %s: no such file" % args.file) from None
    except IsADirectoryError:
        raise CliError("cannot read %s: it is a directory" % args.file) from None
    except UnicodeDecodeError:
        raise CliError("cannot read %s: not UTF-8 text" % args.file) from None
    except OSError as exc:
        raise CliError("cannot read %s: %s" % (args.file, exc.strerror or exc)) from None


def position_kwargs(text, source="input"):
    """Keyword arguments of :class:`Position` from JSON or the one-line form.

    One-line text may be spread over several lines; lines starting with ``#`` are comments.
    """
    if text.lstrip()[:1] in ("{", "["):
        return position_kwargs_from_json(text)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise NotationError("%s holds no position" % source)
    return position_kwargs_from_line(" ".join(lines))


def read_position(args):
    """The :class:`Position` named on the command line, its play record replayed card by card."""
    text, source = read_text(args)
    return replay(position_kwargs(text, source))


def _play_tokens(play):
    if play is None:
        return []
    return play.replace(",", " ").split() if isinstance(play, str) else list(play)


def _print_json(data):
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _seats(seats):
    return "seat%s %s" % ("s" if len(seats) > 1 else "", ", ".join(map(str, seats)))


def party_label(pos, party):
    """'declarer side (seats 0, 2)', 'defence (seats 1, 3)', or 'seat 1' (each for himself)."""
    if pos.contract.each_for_himself:
        return pos.party_name(party)
    return "%s (%s)" % (pos.party_name(party), _seats(pos.parties[party]))


def _card_units(pos, tokens):
    return sum(pos.variant.points[pos.deck.index[t]] for t in tokens)


# ------------------------------------------------------------------- show

def _show_arguments(parser):
    add_position_input(parser)
    add_format_option(parser, ("text", "json", "line"))


@command("show", "read a position and print it", _show_arguments,
         "Read a position (JSON or the one-line form) and print a readable summary, the "
         "canonical JSON (--format json) or the canonical one-line form (--format line).")
def _show(args):
    pos = read_position(args)
    if args.format == "json":
        _print_json(pos.to_json())
    elif args.format == "line":
        print(pos.to_line())
    else:
        print(pos)
        if not pos.is_over:
            print("seat %d to play in trick %d; legal: %s"
                  % (pos.to_move, pos.trick_number, " ".join(pos.legal_moves)))
    return 0


# ----------------------------------------------------------------- replay

def _replay_arguments(parser):
    add_position_input(parser)
    add_format_option(parser, ("text", "json"))


def replay(kwargs):
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


def replay_report(pos):
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

    def cards(tokens):
        units = _card_units(pos, tokens)
        return {"cards": tokens, "units": units, "points": v.format_units(units)}

    out = {"variant": v.id, "contract": pos.contract.id, "declarer": pos.declarer, "partner": pos.partner,
           "called_king": None if pos.called_king is None else pos.deck.tokens[pos.called_king],
           "unit": v.unit_name, "units_per_point": v.unit, "total_units": v.total_units,
           "tricks": tricks, "current_trick": [{"seat": s, "card": tok} for s, tok in pos.current_trick],
           "parties": parties, "talon": cards(talon), "on_table": cards(table), "unplayed": cards(unplayed),
           "complete": pos.is_over, "end_reason": pos.end_reason, "to_move": pos.to_move}
    return out


def _replay_text(pos):
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
        lines.append("the record ends in trick %d: seat %d to play" % (pos.trick_number, pos.to_move))
    lines.append("")
    for i in range(len(pos.parties)):
        won = pos.tricks_won(i)
        lines.append("%s: %d trick%s, %s points" % (party_label(pos, i), won, "" if won == 1 else "s",
                                                    pos.points_display(i)))
    report = replay_report(pos)
    if report["talon"]["cards"]:
        lines.append("talon (counts for nobody): %s points" % report["talon"]["points"])
    if report["on_table"]["cards"]:
        lines.append("in the unfinished trick: %s points" % report["on_table"]["points"])
    if report["unplayed"]["cards"]:
        lines.append("still in the hands: %s points" % report["unplayed"]["points"])
    lines.append("(%s points in the whole deal)" % v.format_units(v.total_units))
    return "\n".join(lines)


@command("replay", "replay a game record, checking every card", _replay_arguments,
         "Replay the play record (the 'play' field) of a position card by card, checking each "
         "against the rules; print every trick and its winner, then each party's tricks and "
         "exact card points.")
def _replay(args):
    pos = read_position(args)
    if args.format == "json":
        _print_json(replay_report(pos))
    else:
        print(_replay_text(pos))
    return 0


# ------------------------------------------------------------------- deal

def _deal_arguments(parser):
    parser.add_argument("variant", metavar="VARIANT", help="variant id (see: tarokdd variants)")
    parser.add_argument("-c", "--contract", help="contract id (default: the variant's usual one)")
    parser.add_argument("-s", "--seed", type=int, help="random seed, for a reproducible deal")
    parser.add_argument("-d", "--declarer", type=int, metavar="SEAT",
                        help="declarer seat (default: random)")
    add_format_option(parser, ("json", "line", "text"))


@command("deal", "deal a random position at the start of play", _deal_arguments,
         "Deal a random legal position at the start of play (talon exchange done) and print it.")
def _deal(args):
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
    if args.format == "json":
        _print_json(pos.to_json())
    elif args.format == "line":
        print(pos.to_line())
    else:
        print(pos)
    return 0


# --------------------------------------------------------------- variants

def _variants_arguments(parser):
    parser.add_argument("variant", nargs="?", metavar="VARIANT", help="show only this variant, in detail")
    add_format_option(parser, ("text", "json", "markdown"))


def _value(value):
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(value)
    return str(value)


def variant_info(v):
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


def _md_escape(text):
    return str(text).replace("|", "\\|")


def variants_markdown(variants=None):
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
    seen = {}
    for v in variants:
        for o in v.options.values():
            seen.setdefault(o, []).append(v.id)
    for o, ids in seen.items():
        choices = " / ".join(_value(ch) for ch in o.choices)
        lines.append("| `%s` | %s | `%s` | %s | %s | %s |" % (
            o.name, ", ".join(ids), _value(o.default), choices, o.rule, _md_escape(o.doc)))
    return "\n".join(lines)


def _variant_text(v):
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
def _variants(args):
    chosen = [get_variant(args.variant)] if args.variant else list(VARIANTS.values())
    if args.format == "json":
        info = [variant_info(v) for v in chosen]
        _print_json(info[0] if args.variant else info)
    elif args.format == "markdown":
        print(variants_markdown(chosen))
    else:
        print("\n\n".join(_variant_text(v) for v in chosen))
    return 0


# ------------------------------------------------------------------- main

def build_parser():
    parser = argparse.ArgumentParser(
        prog=PROG, description="Double-dummy solver and hand analysis for tarot card games "
        "(Slovenian Tarok, Königrufen, French Tarot, Danish Tarok).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for cmd in COMMANDS.values():
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.description)
        if cmd.arguments:
            cmd.arguments(p)
        p.set_defaults(_run=cmd.run)
    return parser


def _error(message):
    print("%s: error: %s" % (PROG, message), file=sys.stderr)
    return 2


def main(argv=None):
    """Run the command line; returns the exit status (the console script exits with it)."""
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help, or a usage error argparse has already printed
            return exc.code if isinstance(exc.code, int) else 2
        try:
            status = args._run(args)
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

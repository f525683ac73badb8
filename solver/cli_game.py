"""The subcommands that read, replay, settle and deal positions: ``show``, ``replay``,
``score`` and ``deal``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from .cli_base import PROG, Command, add_format_option, add_position_input, party_label, print_json, read_position
from .errors import SeatError
from .position import Position
from .text import count_of
from .variants import get_variant

SHOW_HELP = "read a position and print it"
SHOW_DESCRIPTION = ("Read a position (JSON or the one-line form) and print a readable summary, the "
                    "canonical JSON (--format json) or the canonical one-line form (--format line).")
REPLAY_HELP = "replay a game record, checking every card"
REPLAY_DESCRIPTION = ("Replay the play record (the 'play' field) of a position card by card, checking each "
                      "against the rules; print every trick and its winner, then each party's tricks and "
                      "exact card points.")
SCORE_HELP = "settle a finished game: what each seat wins or pays"
SCORE_DESCRIPTION = ("Replay the game record and settle it: one amount per seat and the itemised lines "
                     "behind it (contract, bonuses, kontra, Danish cups …), with the variant's rule options.")
DEAL_HELP = "deal a random position at the start of play"
DEAL_DESCRIPTION = "Deal a random legal position at the start of play (talon exchange done) and print it."


def _print_position(pos: Position, fmt: str) -> None:
    """A position as canonical JSON, the one-line form, or the readable summary."""
    if fmt == "json":
        print_json(pos.to_json())
    elif fmt == "line":
        print(pos.to_line())
    else:
        print(pos)


def _card_units(pos: Position, tokens: Iterable[str]) -> int:
    return sum(pos.variant.points[pos.deck.index[t]] for t in tokens)


# ------------------------------------------------------------------- show

def _show_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_input(parser)
    add_format_option(parser, ("text", "json", "line"))


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


def _replay(args: argparse.Namespace) -> int:
    pos = read_position(args)
    if args.format == "json":
        print_json(replay_report(pos))
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


def _score(args: argparse.Namespace) -> int:
    from .scoring import parse_overrides
    pos = read_position(args)
    settlement = pos.settlement(**parse_overrides(args.set))
    if args.format == "json":
        print_json(settlement.to_json())
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


SHOW_COMMAND = Command("show", SHOW_HELP, _show, _show_arguments, SHOW_DESCRIPTION)
REPLAY_COMMAND = Command("replay", REPLAY_HELP, _replay, _replay_arguments, REPLAY_DESCRIPTION)
SCORE_COMMAND = Command("score", SCORE_HELP, _score, _score_arguments, SCORE_DESCRIPTION)
DEAL_COMMAND = Command("deal", DEAL_HELP, _deal, _deal_arguments, DEAL_DESCRIPTION)

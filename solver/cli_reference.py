"""``tarokdd variants``, and the README's reference tables generated from the code: the
variants, their rule options and the goals."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .cli_base import Command, add_format_option, print_json
from .variants import VARIANTS, Variant, get_variant

VARIANTS_HELP = "list the variants, their contracts and rule options"
VARIANTS_DESCRIPTION = ("List the variants (or one VARIANT) with their contracts (id and name), announcements and "
                        "rule options (default, choices and the RULES.md section behind each).")


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


def goals_markdown() -> str:
    """The README's goals table, generated from :data:`solver.goals.GOALS`."""
    from .goals import GOALS
    lines = ["| Goal | Value | Meaning |", "|---|---|---|"]
    for goal, doc in GOALS.items():
        kind = {"points": "int, exact units", "tricks": "int"}.get(goal, "bool")
        lines.append("| `%s` | %s | %s |" % (goal, kind, _md_escape(doc)))
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


def _variants(args: argparse.Namespace) -> int:
    chosen = [get_variant(args.variant)] if args.variant else list(VARIANTS.values())
    if args.format == "json":
        info = [variant_info(v) for v in chosen]
        print_json(info[0] if args.variant else info)
    elif args.format == "markdown":
        print(variants_markdown(chosen))
    else:
        print("\n\n".join(_variant_text(v) for v in chosen))
    return 0


VARIANTS_COMMAND = Command("variants", VARIANTS_HELP, _variants, _variants_arguments, VARIANTS_DESCRIPTION)

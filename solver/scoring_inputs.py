"""The scoring inputs of a deal beyond its cards, checked: kontra, French poignées, Danish
declarations and cup contents, Königrufen values (with the published tariffs that give them).

A :class:`~solver.position.Position` checks its inputs here when it is built
(:func:`scoring_inputs`), and :func:`solver.scoring.settle` checks its overrides the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional

from . import goals
from .errors import MissingValueError, ScoringError
from .text import is_whole, item_and_seat, shown, whole_number
from .variants import EACH

if TYPE_CHECKING:
    from .position import Position

# The checked scoring inputs of a position: kontra, poignées, declarations, cups, values.
ScoringInputs = tuple[dict[str, int], tuple[str, ...], Optional[tuple[str, ...]], Optional[dict[str, int]],
                      dict[str, int]]

KONTRA_WORDS = {"none": 0, "kontra": 1, "contra": 1, "re": 2, "rekontra": 2, "sub": 3, "subkontra": 3,
                "mort": 4}
KONTRA_NAMES = ("", "kontra", "re", "sub", "mort")
POIGNEES = ("single", "double", "triple")
POIGNEE_VALUES = (20, 30, 40)  # FR-7.2
_POIGNEE_ALIASES = {"single": 0, "simple": 0, "enkel": 0, "double": 1, "dubbel": 1, "triple": 2,
                    "trippel": 2}

# Königrufen (AT-7, AT-8): bonus names of the value profile; contract values come from
# variants.py (what the seed states) plus the position's ``values``.
AT_BONUSES = ("pagat", "uhu", "pelikan", "quapil", "king_ultimo", "koenigfang", "mondfang", "trull",
              "kings", "honneurs", "absolut", "valat")
# Published Königrufen tariffs, the option ``tariff`` (RULES.md §2.8 cites each): the values the
# seed's missing tables would give (Q-AT1).  Contract values are the bid table's (solo doubling
# included); bonus values are the simple (silent) ones, doubled when announced (AT-7.2) and in solo
# games (AT-8.5); 0 = the tariff does not score it.  "valat" may be a multiple of the game value
# (("game", 4): 4 times the contract's value, not doubled again in solo games).
AT_TARIFFS: dict[str, dict[str, int | tuple[str, int]]] = {
    # Oberösterreichische Tarockregeln – Königrufen, version 4/2023 (Tarif: "Spiele und Punkte",
    # "Ansagen/Prämien und Punkte"; Ansagen 1-2): Besserrufer = 1 + the bird, announced
    "ooe_2023": {
        "rufer": 1, "rufer_pagat": 1, "rufer_uhu": 1, "rufer_pelikan": 1, "rufer_quapil": 1, "solorufer": 2,
        "farbendreier": 3, "sechserdreier": 4, "dreier": 4, "solofarbendreier": 6, "solodreier": 8,
        "piccolo": 2, "bettler": 2, "piccolo_ouvert": 6, "bettler_ouvert": 7, "trischaken": 1,
        "pagat": 1, "uhu": 2, "pelikan": 3, "quapil": 4, "king_ultimo": 1, "trull": 1, "kings": 1,
        "mondfang": 0, "koenigfang": 0, "honneurs": 0, "absolut": 0, "valat": ("game", 4),
    },
}
MAX_AMOUNT = 10 ** 9  # no cup content or tariff value is larger (a guard against typos, not a rule)
AT_SECHSERDREIER_LOST = 12  # AT-8.1 "im Verlustfall Grundwert 12"

DANISH_LEVEL_ALIASES = {"half": "half", "halv": "half", "full": "full", "fuld": "full",
                        "sprojtefuld": "sprojtefuld", "sprøjtefuld": "sprojtefuld",
                        "sproejtefuld": "sprojtefuld", "sprojtefulde": "sprojtefuld",
                        "sprøjtefulde": "sprojtefuld"}


def scoring_inputs(pos: Position, kontra: Any = None, poignees: Any = None, declarations: Any = None,
                   cups: Any = None, values: Any = None, options: Mapping[str, Any] | None = None) -> ScoringInputs:
    """Check and normalise a position's scoring inputs: (kontra, poignees, declarations,
    cups, values).  Normalised values read back unchanged, so this is also used on overrides."""
    options = pos.options if options is None else options
    return (_kontra(pos, kontra), _poignees(pos, poignees, options), _declarations(pos, declarations),
            _cups(pos, cups), _values(pos, values))


def _family_only(pos: Position, what: str, value: object, family: str, rule: str) -> None:
    if value and pos.variant.family != family:
        raise ScoringError("%s is a %s scoring input (%s); %s has none" % (what, family, rule, pos.variant.id))


def _check_list(what: str, items: object, example: str) -> None:
    if not isinstance(items, (list, tuple)):
        raise ScoringError("%s takes a list such as %s, not %s" % (what, example, shown(items)))


def _kontra(pos: Position, kontra: Any) -> dict[str, int]:
    """{'game' or announcement name: level 1..}: kontra / re / sub (/ mort) (AT-6.6, SI-6.5)."""
    if not kontra:
        return {}
    if not isinstance(kontra, dict):
        raise ScoringError('kontra takes an object such as {"game": 1, "trula": 2}')
    fam, c = pos.variant.family, pos.contract
    if fam not in ("slovenian", "koenigrufen") or c.kind == EACH:
        raise ScoringError("%s has no kontra (%s)" % (
            c.name if c.kind == EACH else pos.variant.name,
            "AT-8.7" if fam == "koenigrufen" else "SI-6.8" if fam == "slovenian" else "no kontra in its seed"))
    top = 4 if fam == "slovenian" else 3
    announced = {name for name, _ in pos.announcements}
    out: dict[str, int] = {}
    for key, level in kontra.items():
        key = key.strip().lower() if isinstance(key, str) else key
        if key != "game" and key not in announced:
            raise ScoringError("kontra on %s: only the game or an announcement of this deal (%s) can be "
                               "doubled" % (shown(key), ", ".join(sorted(announced)) or "none announced"))
        if isinstance(level, str):
            word = level.strip().lower()
            level = KONTRA_WORDS.get(word, whole_number(word))
        if not is_whole(level, 0, top):
            raise ScoringError("kontra level of %s must be 0-%d (%s), not %s"
                               % (key, top, ", ".join("%d %s" % (i, KONTRA_NAMES[i]) for i in range(1, top + 1)),
                                  shown(level)))
        if level:
            out[key] = level
    return out


def _poignees(pos: Position, items: Any, options: Mapping[str, Any]) -> tuple[str, ...]:
    """French poignées shown (FR-7.2): ('single@seat', …), checked against the hands."""
    if not items:
        return ()
    _family_only(pos, "poignees", items, "french", "FR-7.2")
    _check_list("poignees", items, '["double@0"]')
    levels: dict[int, int] = {}
    seat: Any
    for item in items:
        size, seat = item_and_seat(item, "size")
        level = _POIGNEE_ALIASES.get(str(size).strip().lower())
        if level is None:
            raise ScoringError("poignée %s: the sizes are single, double, triple" % shown(item))
        seat = pos.declarer if seat is None else seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < pos.players:
            raise ScoringError("poignée %s: seat must be 0-%d" % (shown(item), pos.players - 1))
        if seat in levels:
            raise ScoringError("seat %d shows two poignées" % seat)
        need = goals.POIGNEE_TRUMPS[pos.players][level]
        if not pos.composed:
            have = goals.poignee_trumps(pos.initial_hand(seat), options["poignee_excuse_counts"])
            if have < need:
                raise ScoringError("seat %d cannot show a %s poignée: it needs %d trumps with %d players and "
                                   "seat %d holds %d%s (FR-7.2, Q-FR11)"
                                   % (seat, POIGNEES[level], need, pos.players, seat, have,
                                      "" if options["poignee_excuse_counts"] else ", the Excuse not counted"))
        levels[seat] = level
    return tuple("%s@%d" % (POIGNEES[levels[s]], s) for s in sorted(levels))


def _declarations(pos: Position, items: Any) -> tuple[str, ...] | None:
    """Danish declarations made (DK-6): None = everything each hand must declare (DK-6.1)."""
    if items is None:
        return None
    _family_only(pos, "declarations", True, "danish", "DK-6")
    _check_list("declarations", items, '["tarokker:11@0", "konger@2"]')
    by_seat: dict[int, list[str]] = {s: [] for s in range(pos.players)}
    seat: Any
    for item in items:
        name, seat = item_and_seat(item, "name")
        text = "" if name is None else str(name)
        seat = pos.dealer if seat is None else seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < pos.players:
            raise ScoringError("declaration %s: seat must be 0-%d" % (shown(item), pos.players - 1))
        token = _declaration_token(text.strip().lower(), item)
        if token == "before_discard" and seat != pos.dealer:
            raise ScoringError("declaration %s: only the dealer (seat %s) discards (DK-2.8)" % (shown(item), pos.dealer))
        if token != "pas" and token not in by_seat[seat]:
            by_seat[seat].append(token)
    out: list[str] = []
    for s in range(pos.players):
        out += ["%s@%d" % (tok, s) for tok in by_seat[s]] or ["pas@%d" % s]
    return tuple(out)


def _declaration_token(text: str, item: object) -> str:
    parts = text.split(":")
    kind = parts[0]
    bad = ScoringError("declaration %s: write tarokker:N, matadorer:N, kavaleri:SUIT[:half|full|sprojtefuld], "
                       "konger[:half|full|sprojtefuld], pas or before_discard, then @seat (DK-6.2)" % shown(item))
    if kind in ("pas", "before_discard") and len(parts) == 1:
        return kind
    if kind in ("tarokker", "matadorer"):
        n, low = whole_number(parts[1]) if len(parts) == 2 else None, 10 if kind == "tarokker" else 3
        if n is None:
            raise bad
        if n < low or n > 22:
            raise ScoringError("declaration %s: %s counts %d to 22" % (shown(item), kind, low))
        return "%s:%d" % (kind, n)
    if kind == "kavaleri" and len(parts) in (2, 3) and parts[1].upper() in ("S", "H", "D", "C"):
        level = DANISH_LEVEL_ALIASES.get(parts[2] if len(parts) == 3 else "full")
        if level:
            return "kavaleri:%s:%s" % (parts[1].upper(), level)
    if kind == "konger" and len(parts) in (1, 2):
        level = DANISH_LEVEL_ALIASES.get(parts[1] if len(parts) == 2 else "full")
        if level:
            return "konger:%s" % level
    raise bad


def _cups(pos: Position, cups: Any) -> dict[str, int] | None:
    """Danish cup contents before the deal (DK-8): {'pagat': P, 'king': P}."""
    if cups is None:
        return None
    _family_only(pos, "cups", True, "danish", "DK-8")
    if isinstance(cups, (list, tuple)) and len(cups) == 2:
        cups = {"pagat": cups[0], "king": cups[1]}
    if not isinstance(cups, dict) or set(cups) != {"pagat", "king"}:
        raise ScoringError('cups takes both contents, e.g. {"pagat": 60, "king": 60}, not %s' % shown(cups))
    out: dict[str, int] = {}
    for key in ("pagat", "king"):
        out[key] = _amount(cups[key], key, "the %s cup holds a whole number of P (0 to %d), not %s")
    return out


def _values(pos: Position, values: Any) -> dict[str, int]:
    """Königrufen values the seed leaves out (Q-AT1): {contract id or bonus name: value}."""
    if not values:
        return {}
    _family_only(pos, "values", True, "koenigrufen", "Q-AT1")
    if not isinstance(values, dict):
        raise ScoringError('values takes an object such as {"bettler": 10, "trull": 1}')
    known = [c for c in pos.variant.contracts if c != "sechserdreier"] + list(AT_BONUSES)
    out: dict[str, int] = {}
    for key, value in values.items():
        key = key.strip().lower() if isinstance(key, str) else key
        if key == "sechserdreier":
            raise ScoringError("the Sechserdreier's value is the option sechserdreier_won_value "
                               "(a lost one costs the seed's %d, AT-8.1)" % AT_SECHSERDREIER_LOST)
        if key not in known:
            raise ScoringError("values: %s is neither a Königrufen contract nor a bonus; keys are %s"
                               % (shown(key), ", ".join(known)))
        out[key] = _amount(value, key, "values: %s must be a whole number (0 to %d), not %s")
    return out


def _amount(value: Any, key: str, message: str) -> int:
    """``value`` (text such as "60" read as the number) checked as a whole number from 0 to
    MAX_AMOUNT, else a ScoringError: ``message`` % (key, MAX_AMOUNT, the value)."""
    if whole_number(value) is not None:
        value = whole_number(value)
    if not is_whole(value, 0, MAX_AMOUNT):
        raise ScoringError(message % (key, MAX_AMOUNT, shown(value)))
    return int(value)


def at_value(pos: Position, key: str, values: Mapping[str, int] | None = None, tariff: str | None = None) -> int:
    """A Königrufen value (contract id or bonus name): the configured ``values`` first, then the
    tariff (option ``tariff``, :data:`AT_TARIFFS`), then what the seed states; a
    :class:`MissingValueError` naming it when none gives it (Q-AT1)."""
    values = pos.values if values is None else values
    table: Mapping[str, int | tuple[str, int]] = AT_TARIFFS.get(pos.options["tariff"] if tariff is None else tariff, {})
    if key in values:
        return values[key]
    entry = table.get(key)
    if isinstance(entry, tuple):  # a multiple of the game value, solo doubling included
        c = pos.contract
        return entry[1] * at_value(pos, c.id, values, tariff) // (2 if c.id.startswith("solo") else 1)
    if entry is not None:
        return entry
    contract = pos.variant.contracts.get(key)
    if contract is not None and contract.value is not None and key != "sechserdreier":
        return contract.value
    raise MissingValueError(missing_value_message([key]), key=key)


def missing_value_message(keys: Sequence[str]) -> str:
    """What a :class:`MissingValueError` says for the Königrufen values ``keys``: the seed's table
    that lacks them, and how to give them."""
    tables = " and ".join(sorted({"bonus table (Prämientabelle)" if k in AT_BONUSES else "bid table (Lizitationstabelle)"
                                  for k in keys}))
    given = ", ".join('"%s": N' % k for k in keys)
    return ("Königrufen: no value for %s: the seed's %s %s missing (RULES.md Q-AT1) and tarokdd does not guess; "
            "give %s with --set 'values={%s}' (the position's \"values\" field), or choose a complete tariff: "
            "--set tariff=%s (RULES.md §2.8)" % (", ".join(keys), tables, "is" if " and " not in tables else "are",
                                                  "it" if len(keys) == 1 else "them", given, " / ".join(AT_TARIFFS)))

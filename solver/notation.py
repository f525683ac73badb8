"""Position files: the JSON schema and the one-line form, in both directions.

JSON (also accepted as a Python dict)::

    {"variant": "slovenian4", "contract": "three", "declarer": 1, "called_king": "HK",
     "hands": ["SK S7 …", "…", "…", "…"], "declarer_pile": "…", "defence_pile": "…",
     "announcements": ["pagat_ultimo@1"], "play": "SK S8 …"}

One-line form: the same fields, ``;``-separated, variant and contract first::

    slovenian4 three; declarer 1; called_king HK; hands SK S7 … / … / … / …;
    declarer_pile …; defence_pile …; play SK S8 …

Both read leniently (any card spelling :func:`solver.cards.parse_card` takes) and are
written canonically, so ``from_line(p.to_line())`` gives back the same position.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NoReturn

from .cards import format_hand
from .errors import NotationError
from .text import count_of, shown, whole_number

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .position import Position

FIELDS = ("variant", "contract", "declarer", "partner", "called_king", "hands", "declarer_pile",
          "defence_pile", "talon", "skat", "seat_piles", "tricks_taken", "announcements", "options",
          "composed", "leader", "play") + ("kontra", "poignees", "declarations", "cups", "values")
_PAIR_FIELDS = ("kontra", "cups", "values")  # scoring inputs written key=value (solver/scoring_inputs.py)
_TOKEN_FIELDS = ("poignees", "declarations")  # scoring inputs written as tokens like announcements
_SEAT_FIELDS = ("declarer", "partner", "leader")
_LIST_FIELDS = ("hands", "seat_piles")  # one entry per seat, '/'-separated in the line form


MAX_DEPTH = 32  # nesting no input needs (a position file uses 3 levels); deeper is refused, not recursed into


def position_kwargs_from_json(data: str | bytes | bytearray | Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments of :class:`solver.Position` from a dict or JSON text (str or UTF-8 bytes)."""
    if isinstance(data, (str, bytes, bytearray)):
        data = read_json(data)
    if not isinstance(data, dict):
        raise NotationError("a position is a JSON object (dict), not %s" % type(data).__name__)
    check_plain(data)
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise NotationError("unknown field%s %s; fields are %s"
                            % ("s" if len(unknown) > 1 else "", ", ".join(map(shown, unknown)), ", ".join(FIELDS)))
    for key in ("variant", "hands"):
        if key not in data:
            raise NotationError("a position needs %r" % key)
    kwargs = dict(data)
    for key in _SEAT_FIELDS:
        if whole_number(kwargs.get(key)) is not None:
            kwargs[key] = whole_number(kwargs[key])
    _check_types(kwargs)
    return kwargs


def read_json(text: str | bytes | bytearray) -> Any:
    """JSON text (str or UTF-8 bytes) as Python values; a NotationError for anything unreadable:
    bad JSON, bytes that are not UTF-8, numbers longer than any field takes, deep nesting."""
    if isinstance(text, (bytes, bytearray)):
        text = decoded(text)
    try:
        return json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise NotationError("not valid JSON: %s (line %d, column %d)" % (exc.msg, exc.lineno, exc.colno)) from None
    except RecursionError:
        raise NotationError("not valid JSON here: nested too deeply") from None


def decoded(data: bytes | bytearray) -> str:
    """UTF-8 bytes as text (a byte-order mark dropped); NotationError when they are not UTF-8."""
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotationError("not UTF-8 text (byte %d)" % exc.start) from None


def _json_int(text: str) -> int:
    """JSON numbers with more digits than any field takes are refused before Python reads them."""
    if whole_number(text) is None:
        raise NotationError("a number of %d digits: no field takes one" % len(text.lstrip("-")))
    return int(text)


def check_plain(data: object) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and ints beyond 64 bits anywhere in ``data`` (a
    dict given from Python may hold what JSON text cannot), so that later checks and messages can
    handle every value."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise NotationError("nested more than %d levels deep: no input of tarokdd is" % MAX_DEPTH)
        if isinstance(value, dict):
            stack += [(x, depth + 1) for x in value.values()] + [(k, depth + 1) for k in value]
        elif isinstance(value, (list, tuple)):
            stack += [(x, depth + 1) for x in value]
        elif isinstance(value, int) and value.bit_length() > 64:
            raise NotationError("%s: no field takes a number that large" % shown(value))


def _is_cards(value: object) -> bool:
    """Card text ("SK S7 …"), or a list of tokens / card indices."""
    return isinstance(value, str) or (isinstance(value, (list, tuple)) and all(
        isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool)) for x in value))


_CARDS_DOC = 'card text such as "SK S7 T1" (or a list of tokens)'


def _check_types(data: dict[str, Any]) -> None:
    """Reject values of the wrong JSON type with a NotationError naming the field."""
    def bad(key: str, want: str) -> NoReturn:
        raise NotationError("field %r takes %s, got %s" % (key, want, shown(data[key])))

    for key in ("variant", "contract", "called_king"):
        if data.get(key) is not None and not isinstance(data[key], str):
            bad(key, "a name (text)")
    for key in ("declarer_pile", "defence_pile", "talon", "skat"):
        if data.get(key) is not None and not _is_cards(data[key]):
            bad(key, _CARDS_DOC)
    for key in _LIST_FIELDS:
        if data.get(key) is not None and not (
                isinstance(data[key], (list, tuple)) and all(_is_cards(h) for h in data[key])):
            bad(key, "a list with one entry of %s per seat" % _CARDS_DOC)
    if data.get("play") is not None and not (
            isinstance(data["play"], str) or (isinstance(data["play"], (list, tuple))
                                              and all(isinstance(t, str) for t in data["play"]))):
        bad("play", 'the cards played, as text ("SK S8 …") or a list of tokens')
    if data.get("announcements") is not None and not (
            isinstance(data["announcements"], (list, tuple))
            and all(isinstance(a, (str, dict)) for a in data["announcements"])):
        bad("announcements", 'a list such as ["pagat_ultimo@1"]')
    if data.get("options") is not None and not isinstance(data["options"], dict):
        bad("options", 'an object such as {"early_end": false}')
    for key, example in (("kontra", '{"game": 1, "trula": 2}'), ("cups", '{"pagat": 60, "king": 60}'),
                         ("values", '{"bettler": 10, "trull": 1}')):
        if data.get(key) is not None and not isinstance(data[key], dict) and not (
                key == "cups" and isinstance(data[key], (list, tuple))):
            bad(key, "an object such as " + example)
    for key, example in (("poignees", '["single@0"]'), ("declarations", '["tarokker:11@0", "konger@1"]')):
        if data.get(key) is not None and not (isinstance(data[key], (list, tuple))
                                              and all(isinstance(a, (str, dict)) for a in data[key])):
            bad(key, "a list such as " + example)
    if "composed" in data and not isinstance(data["composed"], bool):
        bad("composed", "true or false")


def position_kwargs_from_line(text: str | bytes | bytearray) -> dict[str, Any]:
    """Keyword arguments of :class:`solver.Position` from the one-line form (str or UTF-8 bytes)."""
    if isinstance(text, (bytes, bytearray)):
        text = decoded(text)
    if not isinstance(text, str):
        raise NotationError("the one-line form is text, not %s" % type(text).__name__)
    parts = [p.strip() for p in text.strip().split(";")]
    head = parts[0].split()
    if not head:
        raise NotationError("a one-line deal starts with the variant (and the contract): "
                            "'slovenian4 three; declarer 1; hands …'")
    if len(head) > 2:
        raise NotationError("the first part holds only variant and contract, got %s" % shown(parts[0]))
    data: dict[str, Any] = {"variant": head[0]}
    if len(head) == 2:
        data["contract"] = head[1]
    for part in parts[1:]:
        if not part:
            continue
        key, _, value = part.partition(" ")
        key, value = key.strip().lower(), value.strip()
        if key not in FIELDS or key in ("variant", "contract"):
            raise NotationError("unknown field %s in the one-line form; fields are %s"
                                % (shown(key), ", ".join(FIELDS[2:])))
        if key in data:
            raise NotationError("field %r given twice" % key)
        if key in _LIST_FIELDS:
            data[key] = [h.strip() for h in value.split("/")]
        elif key in _SEAT_FIELDS:
            if whole_number(value) is None:
                raise NotationError("%s takes a seat number, got %s" % (key, shown(value)))
            data[key] = whole_number(value)
        elif key == "tricks_taken":
            data[key] = [whole_number(x) for x in value.split()]
            if None in data[key]:
                raise NotationError("tricks_taken takes one whole number per seat, got %s" % shown(value))
        elif key == "announcements":
            data[key] = value.replace(",", " ").split()
        elif key == "options":
            data[key] = dict(_option(item) for item in value.split())
        elif key in _PAIR_FIELDS:
            data[key] = dict(_pair(key, item) for item in value.replace(",", " ").split())
        elif key in _TOKEN_FIELDS:
            data[key] = value.replace(",", " ").split()
        elif key == "composed":
            if value not in ("", "true", "yes"):
                raise NotationError("composed takes no value")
            data[key] = True
        else:
            data[key] = value
    if "hands" not in data:
        raise NotationError("a one-line deal needs a 'hands' field: hands SK S7 … / … / …")
    return data


def _option(item: str) -> tuple[str, bool | str]:
    key, eq, value = item.partition("=")
    if not eq:
        raise NotationError("options are written key=value, got %s" % shown(item))
    return key, {"true": True, "false": False}.get(value.lower(), value)


def _pair(field: str, item: str) -> tuple[str, int | str]:
    key, eq, value = item.partition("=")
    if not eq:
        raise NotationError("%s is written key=value, got %s" % (field, shown(item)))
    number = whole_number(value)
    return key, value if number is None else number


def position_to_json(pos: Position) -> dict[str, Any]:
    """Canonical dict: the start of play and the record; empty fields left out."""
    d = pos.deck
    out: dict[str, Any] = {"variant": pos.variant.id, "contract": pos.contract.id}
    if pos.declarer is not None:
        out["declarer"] = pos.declarer
    if pos.called_king is not None:
        out["called_king"] = d.tokens[pos.called_king]
        if pos.composed and pos.partner is not None and not any(pos.called_king in h for h in pos._initial):
            out["partner"] = pos.partner
    elif pos.partner is not None:
        out["partner"] = pos.partner
    out["hands"] = [format_hand(h, d) for h in pos._initial]
    if pos.contract.each_for_himself:
        piles = [pos._piles[s] if s != pos.dealer else [c for c in pos._piles[s] if c not in pos._skat]
                 for s in range(pos.players)]
        if any(piles):
            out["seat_piles"] = [format_hand(p, d) for p in piles]
    else:
        for party, key in ((0, "declarer_pile"), (1, "defence_pile")):
            if pos._piles[party]:
                out[key] = format_hand(pos._piles[party], d)
    for key, cards in (("talon", pos._talon), ("skat", pos._skat)):
        if cards:
            out[key] = format_hand(cards, d)
    if pos.composed:
        out["composed"] = True
        if pos.composed_leader is not None:
            out["leader"] = pos.composed_leader
        if any(pos._tricks_before):
            out["tricks_taken"] = list(pos._tricks_before)
    implied = {(name, pos.declarer) for name in pos.contract.implied}
    anns = ["%s@%d" % a for a in pos.announcements if a not in implied]
    if anns:
        out["announcements"] = anns
    for key in ("kontra", "poignees", "declarations", "cups", "values"):  # scoring inputs
        value = getattr(pos, key, None)
        if value:
            out[key] = list(value) if isinstance(value, tuple) else dict(value)
    opts = {k: (list(v) if isinstance(v, tuple) else v) for k, v in pos.options.items()
            if v != pos.variant.options[k].default}
    if opts:
        out["options"] = opts
    if pos.move_stack:
        out["play"] = " ".join(pos.move_stack)
    return out


def position_to_line(pos: Position) -> str:
    """Canonical one-line form."""
    data = position_to_json(pos)
    parts = ["%s %s" % (data.pop("variant"), data.pop("contract"))]
    for key, value in data.items():
        if key in _LIST_FIELDS:
            value = " / ".join(value)
        elif key == "tricks_taken":
            value = " ".join(map(str, value))
        elif key == "announcements" or key in _TOKEN_FIELDS:
            value = " ".join(value)
        elif key in _PAIR_FIELDS:
            value = " ".join("%s=%s" % kv for kv in value.items())
        elif key == "options":
            value = " ".join("%s=%s" % (k, ",".join(v) if isinstance(v, list) else str(v).lower()
                                        if isinstance(v, bool) else v) for k, v in value.items())
        elif key == "composed":
            parts.append("composed")
            continue
        parts.append("%s %s" % (key, value))
    return "; ".join(parts)


def position_summary(pos: Position) -> str:
    """A readable description: contract, hands, tricks so far, points."""
    lines = ["%s — %s" % (pos.variant.name, pos.contract.name)]
    if pos.declarer is not None:
        side = "declarer seat %d" % pos.declarer
        if pos.partner is not None:
            side += ", partner seat %d" % pos.partner
        if pos.called_king is not None:
            side += " (called %s)" % pos.deck.tokens[pos.called_king]
        lines.append(side)
    for s in range(pos.players):
        mark = "*" if s == pos.to_move else " "
        lines.append("%s seat %d: %s" % (mark, s, " ".join(pos.hand(s)) or "-"))
    for t in pos.tricks:
        cards = "  ".join("%d:%s" % (s, tok) for s, tok in t.cards)
        lines.append("  trick %2d  %s  -> seat %d" % (t.number, cards, t.winner))
    if pos.current_trick:
        lines.append("  trick %2d  %s" % (pos.trick_number,
                                          "  ".join("%d:%s" % (s, tok) for s, tok in pos.current_trick)))
    for party in range(len(pos.parties)):
        lines.append("%s: %s, %s" % (pos.party_name(party), count_of(pos.tricks_won(party), "trick"),
                                     count_of(pos.points_display(party), "point")))
    if pos.end_reason:
        lines.append("play stopped: %s" % pos.end_reason)
    return "\n".join(lines)

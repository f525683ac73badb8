"""The settlement of a finished deal: what every seat wins or pays, item by item.

``settle(position)`` (or ``position.settlement()``) turns a finished :class:`solver.Position`
into a :class:`Settlement`: one amount per seat and the itemised :class:`Line` s behind
them (item, party, amount, why).  The rules are RULES.md §1.6–1.9 (Danish), §2.6–2.8
(Königrufen), §3.6–3.8, §4, §5 (Slovenian) and §6.6–6.8 (French); every §8 choice that
changes a score is a rule option of the variant (``diff_round``, ``mond_penalty``,
``tout_includes_ultimo`` …, defaults from RULES.md Appendix B).

Every bonus condition is read from :mod:`solver.goals`, where the solver reads its goals,
so the two can never disagree.

Units: Slovenian and Königrufen game points, French game points (exact, a half point
can occur with 3 or 5 players; amounts are then :class:`fractions.Fraction`), Danish P.

What the amounts mean per variant:

* Königrufen, French, Trischaken: payments between the players; they sum to zero.
* Danish: payments between the players and the two cups (pagat cup, king cup), which are
  state carried from deal to deal (``cups`` in, ``Settlement.cups_after`` out); the
  players' amounts plus the change of both cups sum to zero.  With ``table_players`` 4 or
  5 the seats sitting out appear after the three active seats: they only re-fund cups.
* Slovenian: the seeds keep a score sheet, not payments (SI-8): the declarer, and in a
  partnership game his partner, each write the score; the opponents write nothing (0).
  The personal mond penalty (option ``mond_penalty``) is written for the mond's owner.
  Klop has no scoring in the seeds (Q-SI3): by default only the raw results.

The rooms behind this module (every name below is importable from here): the checked
inputs and the Königrufen tariffs in :mod:`solver.scoring_inputs`, the result and the
ledger the rules write it into in :mod:`solver.settlement`, and the rules of each family
in ``solver/scoring_slovenian.py``, ``scoring_koenigrufen.py``, ``scoring_french.py`` and
``scoring_danish.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Callable

from .errors import NotationError, ScoringError
from .notation import check_plain, read_json
from .scoring_danish import settle_danish
from .scoring_french import settle_french
from .scoring_inputs import (
    AT_BONUSES,
    AT_SECHSERDREIER_LOST,
    AT_TARIFFS,
    DANISH_LEVEL_ALIASES,
    KONTRA_NAMES,
    KONTRA_WORDS,
    MAX_AMOUNT,
    POIGNEE_VALUES,
    POIGNEES,
    ScoringInputs,
    at_value,
    scoring_inputs,
)
from .scoring_koenigrufen import settle_koenigrufen
from .scoring_slovenian import settle_slovenian
from .settlement import Amount, Cups, Ledger, Line, Settlement
from .text import shown, whole_number

if TYPE_CHECKING:
    from .position import Position

__all__ = ["AT_BONUSES", "AT_SECHSERDREIER_LOST", "AT_TARIFFS", "DANISH_LEVEL_ALIASES", "KONTRA_NAMES", "KONTRA_WORDS",
           "MAX_AMOUNT", "POIGNEES", "POIGNEE_VALUES", "Amount", "Cups", "Line", "ScoringInputs", "Settlement", "at_value",
           "parse_overrides", "scoring_inputs", "settle"]


def settle(pos: Position, **overrides: Any) -> Settlement:
    """The :class:`Settlement` of the finished deal ``pos``.

    ``overrides``: rule options (``diff_round=5``, ``si.mond_penalty=False`` …) or scoring
    inputs replacing the position's (``kontra``, ``poignees``, ``declarations``, ``cups``,
    ``values``).  Raises :class:`ScoringError` if play is not over and
    :class:`MissingValueError` for a Königrufen value that is not configured.
    """
    if not pos.is_over:
        raise ScoringError("play is not over (trick %d of %d): a settlement needs a finished deal"
                           % (pos.trick_number, pos.n_tricks))
    check_plain(overrides)
    inputs = dict(kontra=pos.kontra, poignees=pos.poignees, declarations=pos.declarations, cups=pos.cups,
                  values=pos.values)
    given: dict[str, Any] = {}
    for key, value in overrides.items():
        if key in inputs:
            inputs[key] = value
        else:
            given[key] = value
    opts = dict(pos.options)
    checked = pos.variant.resolve_options(given)
    for raw in given:
        name = raw.split(".", 1)[1] if "." in raw else raw
        opts[name] = checked[name]
    kontra, poignees, declarations, cups, values = scoring_inputs(pos, options=opts, **inputs)
    ctx = Ledger(pos, opts, kontra, poignees, declarations, cups, values)
    settlers: dict[str, Callable[[Ledger], Settlement]] = {
        "slovenian": settle_slovenian, "koenigrufen": settle_koenigrufen, "french": settle_french,
        "danish": settle_danish}
    settlement = settlers[pos.variant.family](ctx)
    ctx.check_values()
    return settlement


def parse_overrides(items: Iterable[str] | None) -> dict[str, Any]:
    """``settle`` keyword arguments from ``key=value`` texts (for a command line):
    ``["diff_round=5", "mond_penalty=false", 'kontra={"game": 1}', "cups=[80,60]"]``.
    Values: JSON objects / lists, true / false, whole numbers, else the text."""
    out: dict[str, Any] = {}
    for item in items or ():
        key, eq, text = str(item).partition("=")
        key, text = key.strip(), text.strip()
        if not eq or not key:
            raise ScoringError("a scoring override is written key=value, got %s" % shown(item))
        value: Any = text
        if text[:1] in ("{", "["):
            try:
                value = read_json(text)
            except NotationError as exc:
                raise ScoringError("override %s: %s" % (key, exc)) from None
        elif text.lower() in ("true", "false"):
            value = text.lower() == "true"
        elif whole_number(text) is not None:
            value = whole_number(text)
        out[key] = value
    return out

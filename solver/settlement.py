"""A settlement: what every seat wins or pays, item by item, and the ledger that writes it.

:class:`Settlement` (one amount per seat, the itemised :class:`Line` s, the Danish :class:`Cups`)
is what :func:`solver.scoring.settle` returns (the module doc there says what the amounts mean
per variant).  :class:`Ledger` is a deal being settled: the variants' settlement rules
(``solver/scoring_*.py``) write their lines into it, and it adds them up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from .errors import MissingValueError, ScoringError
from .scoring_inputs import KONTRA_NAMES, at_value, missing_value_message

if TYPE_CHECKING:
    from .position import Position

# An amount of a settlement: whole, or a Fraction where French scoring makes half points.
Amount = Union[int, Fraction]


class Cups(NamedTuple):
    """Danish cup contents in P: the pagat cup and the king cup (DK-8.1)."""

    pagat: int
    king: int


@dataclass(frozen=True)
class Line:
    """One item of a settlement.

    ``amount`` is the item's value as the rules state it, for ``party`` (a party index of the
    position; in each-for-himself games a seat): Königrufen the unit each loser pays (AT-8.2),
    French what each defender pays the preneur (FR-8, from the preneur's side), Slovenian the
    score written for the declarer side (SI-8), Danish what the player receives from (or pays
    to) each other player.  ``seats`` is the change of every seat's balance, ``cups`` the
    change of the Danish (pagat cup, king cup)."""

    item: str
    party: int | None
    label: str
    amount: Amount
    why: str
    seats: tuple[Amount, ...]
    cups: tuple[int, int] = (0, 0)

    def to_json(self) -> dict[str, Any]:
        """The line as JSON values (half points as floats)."""
        out: dict[str, Any] = {"item": self.item, "party": self.party, "party_name": self.label,
               "amount": _json_number(self.amount), "why": self.why,
               "seats": [_json_number(x) for x in self.seats]}
        if any(self.cups):
            out["cups"] = {"pagat": self.cups[0], "king": self.cups[1]}
        return out


@dataclass(frozen=True)
class Settlement:
    """The settlement of one finished deal (:mod:`solver.scoring` says what the amounts mean)."""

    variant: str
    contract: str
    title: str
    seat_names: tuple[str, ...]
    amounts: tuple[Amount, ...]
    lines: tuple[Line, ...]
    zero_sum: bool
    unit: str
    cups_before: Cups | None = None
    cups_after: Cups | None = None
    notes: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict)

    def amount(self, seat: int) -> Amount:
        """What ``seat`` wins (positive) or pays."""
        return self.amounts[seat]

    def to_json(self) -> dict[str, Any]:
        """The settlement as JSON values (half points as floats)."""
        out: dict[str, Any] = {"variant": self.variant, "contract": self.contract, "unit": self.unit,
               "seats": list(self.seat_names), "amounts": [_json_number(x) for x in self.amounts],
               "lines": [line.to_json() for line in self.lines], "zero_sum": self.zero_sum}
        if self.cups_before is not None and self.cups_after is not None:
            out["cups_before"] = dict(self.cups_before._asdict())
            out["cups_after"] = dict(self.cups_after._asdict())
        if self.notes:
            out["notes"] = list(self.notes)
        if self.raw:
            out["raw"] = self.raw
        return out

    def format(self) -> str:
        """A readable table: one row per item, then every seat's total (and the cups)."""
        out = [self.title]
        if self.cups_before is not None:
            out.append("cups before: pagat %d, king %d" % self.cups_before)
        wi = max([4] + [len(x.item) for x in self.lines])
        wp = max([5] + [len(x.label) for x in self.lines])
        wa = max([6] + [len(signed_amount(x.amount)) for x in self.lines])
        for x in self.lines:
            out.append("  %-*s  %-*s  %*s  %s" % (wi, x.item, wp, x.label, wa, signed_amount(x.amount), x.why))
        out.append("result (%s): %s" % (self.unit, "   ".join(
            "%s %s" % (name, signed_amount(a)) for name, a in zip(self.seat_names, self.amounts))))
        if self.cups_after is not None:
            out.append("cups after: pagat %d, king %d" % self.cups_after)
        out += ["note: " + n for n in self.notes]
        return "\n".join(out)

    def __str__(self) -> str:
        return self.format()


def exact_amount(x: Amount) -> Amount:
    """An exact number: int when whole, else a Fraction."""
    exact = Fraction(x)
    return int(exact) if exact.denominator == 1 else exact


def _json_number(x: Amount) -> int | float:
    return x if isinstance(x, int) else float(x)


def signed_amount(amount: Amount) -> str:
    """An amount as the tables write it: '+3', '-1.5', '0'."""
    x = exact_amount(amount)
    if isinstance(x, int):
        return "%+d" % x if x else "0"
    text = ("%.1f" % float(abs(x))) if x.denominator == 2 else str(abs(x))
    return ("-" if x < 0 else "+") + text


class Ledger:
    """A deal being settled: the position, resolved options and inputs, and the lines so far."""

    def __init__(self, pos: Position, opts: dict[str, Any], kontra: dict[str, int], poignees: tuple[str, ...],
                 declarations: tuple[str, ...] | None, cups: dict[str, int] | None, values: dict[str, int]) -> None:
        self.pos, self.opts = pos, opts
        self.kontra, self.poignees, self.declarations, self.cups, self.values = (
            kontra, poignees, declarations, cups, values)
        self.n = pos.players
        self.lines: list[Line] = []
        self.notes: list[str] = []
        self.missing: list[str] = []  # Königrufen values not set, in the order they were needed
        self.announced: dict[str, int] = {}  # announcement name -> announcing party
        for name, seat in pos.announcements:
            party = self.announced.setdefault(name, pos.party_of(seat))
            if party != pos.party_of(seat) and pos.variant.family != "danish":
                raise ScoringError("%s was announced by both parties; a bonus is announced (and scored) by one "
                                   "party only (AT-6.6)" % name)

    def value(self, key: str) -> int:
        """A Königrufen value (:func:`at_value`); one that is not set counts 0 here and is noted,
        so that :meth:`check_values` names every missing value at once."""
        try:
            return at_value(self.pos, key, self.values, self.opts.get("tariff"))
        except MissingValueError:
            if key not in self.missing:
                self.missing.append(key)
            return 0

    def check_values(self) -> None:
        if self.missing:
            raise MissingValueError(missing_value_message(self.missing), key=self.missing[0], keys=self.missing)

    def label(self, party: int | None) -> str:
        if party is None:
            return "-"
        if self.pos.contract.each_for_himself or self.pos.variant.family == "danish":
            return "seat %d" % party if party < self.n else "sitting out"
        return self.pos.party_name(party)

    def add(self, item: str, party: int | None, amount: Amount, why: str, seats: Sequence[Amount],
            cups: tuple[int, int] = (0, 0)) -> None:
        self.lines.append(Line(item, party, self.label(party), exact_amount(amount), why,
                               tuple(exact_amount(x) for x in seats), cups))

    def k(self, name: str) -> int:
        """Kontra multiplier of the game or of an announcement."""
        return 1 << self.kontra.get(name, 0)

    def kontra_why(self, name: str) -> str:
        level = self.kontra.get(name, 0)
        return " × %d (%s)" % (2 ** level, KONTRA_NAMES[level]) if level else ""

    def result(self, zero_sum: bool, unit: str, seat_names: Sequence[str] | None = None,
               cups_before: Cups | None = None, cups_after: Cups | None = None,
               raw: dict[str, Any] | None = None) -> Settlement:
        pos = self.pos
        width = len(self.lines[0].seats) if self.lines else self.n
        amounts: list[Amount] = [0] * width
        for line in self.lines:
            for s, x in enumerate(line.seats):
                amounts[s] += x
        names = seat_names or tuple("seat %d" % s for s in range(width))
        if pos.composed and pos.tricks and pos.tricks[0].number > 1:
            self.notes.append("a composed endgame: tricks 1-%d are not in its play record, so only card "
                              "points and trick counts (not who played what) count from them"
                              % (pos.tricks[0].number - 1))
        return Settlement(pos.variant.id, pos.contract.id, _title(pos), tuple(names),
                          tuple(exact_amount(a) for a in amounts), tuple(self.lines), zero_sum, unit,
                          cups_before, cups_after, tuple(self.notes), raw or {})


def _title(pos: Position) -> str:
    text = "%s — %s" % (pos.variant.name, pos.contract.name)
    if pos.declarer is not None:
        text += ": declarer seat %d" % pos.declarer
        if pos.partner is not None:
            text += ", partner seat %d" % pos.partner
        elif pos.called_king is not None:
            text += " (alone)"
    if pos.end_reason:
        text += "\nplay stopped: %s" % pos.end_reason
    return text

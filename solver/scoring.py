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
"""

from collections import namedtuple
from dataclasses import dataclass, field
from fractions import Fraction

from . import goals
from .errors import MissingValueError, NotationError, ScoringError
from .notation import check_plain, read_json
from .text import count_of, is_whole, shown, whole_number
from .variants import EACH, NEGATIVE, POSITIVE, VALAT

Cups = namedtuple("Cups", "pagat king")
Cups.__doc__ = "Danish cup contents in P: the pagat cup and the king cup (DK-8.1)."

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
AT_TARIFFS = {
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
_AT_ULTIMO = {"pagat": "pagat-ultimo", "uhu": "uhu", "pelikan": "pelikan", "quapil": "quapil"}
_AT_WHERE = {"pagat": "black", "uhu": "black", "pelikan": "black", "quapil": "black", "mondfang": "black",
             "trull": "black", "king_ultimo": "rufer", "koenigfang": "rufer", "kings": "all",
             "honneurs": "all", "absolut": "all"}

DANISH_LEVEL_ALIASES = {"half": "half", "halv": "half", "full": "full", "fuld": "full",
                        "sprojtefuld": "sprojtefuld", "sprøjtefuld": "sprojtefuld",
                        "sproejtefuld": "sprojtefuld", "sprojtefulde": "sprojtefuld",
                        "sprøjtefulde": "sprojtefuld"}


# ------------------------------------------------------------------ result

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
    party: object
    label: str
    amount: object
    why: str
    seats: tuple
    cups: tuple = (0, 0)

    def to_json(self):
        out = {"item": self.item, "party": self.party, "party_name": self.label,
               "amount": _json_number(self.amount), "why": self.why,
               "seats": [_json_number(x) for x in self.seats]}
        if any(self.cups):
            out["cups"] = {"pagat": self.cups[0], "king": self.cups[1]}
        return out


@dataclass(frozen=True)
class Settlement:
    """The settlement of one finished deal (see the module doc for what amounts mean)."""

    variant: str
    contract: str
    title: str
    seat_names: tuple
    amounts: tuple
    lines: tuple
    zero_sum: bool
    unit: str
    cups_before: object = None
    cups_after: object = None
    notes: tuple = ()
    raw: dict = field(default_factory=dict)

    def amount(self, seat):
        return self.amounts[seat]

    def to_json(self):
        out = {"variant": self.variant, "contract": self.contract, "unit": self.unit,
               "seats": list(self.seat_names), "amounts": [_json_number(x) for x in self.amounts],
               "lines": [line.to_json() for line in self.lines], "zero_sum": self.zero_sum}
        if self.cups_before is not None:
            out["cups_before"] = dict(self.cups_before._asdict())
            out["cups_after"] = dict(self.cups_after._asdict())
        if self.notes:
            out["notes"] = list(self.notes)
        if self.raw:
            out["raw"] = self.raw
        return out

    def format(self):
        """A readable table: one row per item, then every seat's total (and the cups)."""
        out = [self.title]
        if self.cups_before is not None:
            out.append("cups before: pagat %d, king %d" % self.cups_before)
        wi = max([4] + [len(x.item) for x in self.lines])
        wp = max([5] + [len(x.label) for x in self.lines])
        wa = max([6] + [len(_signed(x.amount)) for x in self.lines])
        for x in self.lines:
            out.append("  %-*s  %-*s  %*s  %s" % (wi, x.item, wp, x.label, wa, _signed(x.amount), x.why))
        out.append("result (%s): %s" % (self.unit, "   ".join(
            "%s %s" % (name, _signed(a)) for name, a in zip(self.seat_names, self.amounts))))
        if self.cups_after is not None:
            out.append("cups after: pagat %d, king %d" % self.cups_after)
        out += ["note: " + n for n in self.notes]
        return "\n".join(out)

    __str__ = format


def _num(x):
    """An exact number: int when whole, else a Fraction."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else x


def _json_number(x):
    return x if isinstance(x, int) else float(x)


def _signed(x):
    x = _num(x)
    if isinstance(x, int):
        return "%+d" % x if x else "0"
    text = ("%.1f" % float(abs(x))) if x.denominator == 2 else str(abs(x))
    return ("-" if x < 0 else "+") + text


# ------------------------------------------------------------------ inputs

def scoring_inputs(pos, kontra=None, poignees=None, declarations=None, cups=None, values=None, options=None):
    """Check and normalise a position's scoring inputs: (kontra, poignees, declarations,
    cups, values).  Normalised values read back unchanged, so this is also used on overrides."""
    options = pos.options if options is None else options
    return (_kontra(pos, kontra), _poignees(pos, poignees, options), _declarations(pos, declarations),
            _cups(pos, cups), _values(pos, values))


def _family_only(pos, what, value, family, rule):
    if value and pos.variant.family != family:
        raise ScoringError("%s is a %s scoring input (%s); %s has none" % (what, family, rule, pos.variant.id))


def _check_list(what, items, example):
    if not isinstance(items, (list, tuple)):
        raise ScoringError("%s takes a list such as %s, not %s" % (what, example, shown(items)))


def _kontra(pos, kontra):
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
    out = {}
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


def _poignees(pos, items, options):
    """French poignées shown (FR-7.2): ('single@seat', …), checked against the hands."""
    if not items:
        return ()
    _family_only(pos, "poignees", items, "french", "FR-7.2")
    _check_list("poignees", items, '["double@0"]')
    levels = {}
    for item in items:
        if isinstance(item, dict):
            size, seat = item.get("size"), item.get("seat")
        else:
            size, _, seat = str(item).partition("@")
            seat = (seat or None) if whole_number(seat) is None else whole_number(seat)
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


def _declarations(pos, items):
    """Danish declarations made (DK-6): None = everything each hand must declare (DK-6.1)."""
    if items is None:
        return None
    _family_only(pos, "declarations", True, "danish", "DK-6")
    _check_list("declarations", items, '["tarokker:11@0", "konger@2"]')
    by_seat = {s: [] for s in range(pos.players)}
    for item in items:
        if isinstance(item, dict):
            text, seat = str(item.get("name", "")), item.get("seat")
        else:
            text, _, seat = str(item).partition("@")
            seat = (seat or None) if whole_number(seat) is None else whole_number(seat)
        seat = pos.dealer if seat is None else seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < pos.players:
            raise ScoringError("declaration %s: seat must be 0-%d" % (shown(item), pos.players - 1))
        token = _declaration_token(text.strip().lower(), item)
        if token == "before_discard" and seat != pos.dealer:
            raise ScoringError("declaration %s: only the dealer (seat %d) discards (DK-2.8)" % (shown(item), pos.dealer))
        if token != "pas" and token not in by_seat[seat]:
            by_seat[seat].append(token)
    out = []
    for s in range(pos.players):
        out += ["%s@%d" % (tok, s) for tok in by_seat[s]] or ["pas@%d" % s]
    return tuple(out)


def _declaration_token(text, item):
    parts = text.split(":")
    kind = parts[0]
    bad = ScoringError("declaration %s: write tarokker:N, matadorer:N, kavaleri:SUIT[:half|full|sprojtefuld], "
                       "konger[:half|full|sprojtefuld], pas or before_discard, then @seat (DK-6.2)" % shown(item))
    if kind in ("pas", "before_discard") and len(parts) == 1:
        return kind
    if kind in ("tarokker", "matadorer"):
        if len(parts) != 2 or whole_number(parts[1]) is None:
            raise bad
        n, low = whole_number(parts[1]), 10 if kind == "tarokker" else 3
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


def _cups(pos, cups):
    """Danish cup contents before the deal (DK-8): {'pagat': P, 'king': P}."""
    if cups is None:
        return None
    _family_only(pos, "cups", True, "danish", "DK-8")
    if isinstance(cups, (list, tuple)) and len(cups) == 2:
        cups = {"pagat": cups[0], "king": cups[1]}
    if not isinstance(cups, dict) or set(cups) != {"pagat", "king"}:
        raise ScoringError('cups takes both contents, e.g. {"pagat": 60, "king": 60}, not %s' % shown(cups))
    out = {}
    for key in ("pagat", "king"):
        value = cups[key]
        if whole_number(value) is not None:
            value = whole_number(value)
        if not is_whole(value, 0, MAX_AMOUNT):
            raise ScoringError("the %s cup holds a whole number of P (0 to %d), not %s" % (key, MAX_AMOUNT, shown(value)))
        out[key] = value
    return out


def _values(pos, values):
    """Königrufen values the seed leaves out (Q-AT1): {contract id or bonus name: value}."""
    if not values:
        return {}
    _family_only(pos, "values", True, "koenigrufen", "Q-AT1")
    if not isinstance(values, dict):
        raise ScoringError('values takes an object such as {"bettler": 10, "trull": 1}')
    known = [c for c in pos.variant.contracts if c != "sechserdreier"] + list(AT_BONUSES)
    out = {}
    for key, value in values.items():
        key = key.strip().lower() if isinstance(key, str) else key
        if key == "sechserdreier":
            raise ScoringError("the Sechserdreier's value is the option sechserdreier_won_value "
                               "(a lost one costs the seed's %d, AT-8.1)" % AT_SECHSERDREIER_LOST)
        if key not in known:
            raise ScoringError("values: %s is neither a Königrufen contract nor a bonus; keys are %s"
                               % (shown(key), ", ".join(known)))
        if whole_number(value) is not None:
            value = whole_number(value)
        if not is_whole(value, 0, MAX_AMOUNT):
            raise ScoringError("values: %s must be a whole number (0 to %d), not %s" % (key, MAX_AMOUNT, shown(value)))
        out[key] = value
    return out


# ------------------------------------------------------------------ settle

def settle(pos, **overrides):
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
    given = {}
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
    ctx = _Context(pos, opts, kontra, poignees, declarations, cups, values)
    settlement = {"slovenian": _slovenian, "koenigrufen": _koenigrufen, "french": _french,
                  "danish": _danish}[pos.variant.family](ctx)
    ctx.check_values()
    return settlement


def parse_overrides(items):
    """``settle`` keyword arguments from ``key=value`` texts (for a command line):
    ``["diff_round=5", "mond_penalty=false", 'kontra={"game": 1}', "cups=[80,60]"]``.
    Values: JSON objects / lists, true / false, whole numbers, else the text."""
    out = {}
    for item in items or ():
        key, eq, value = str(item).partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise ScoringError("a scoring override is written key=value, got %s" % shown(item))
        if value[:1] in ("{", "["):
            try:
                value = read_json(value)
            except NotationError as exc:
                raise ScoringError("override %s: %s" % (key, exc)) from None
        elif value.lower() in ("true", "false"):
            value = value.lower() == "true"
        elif whole_number(value) is not None:
            value = whole_number(value)
        out[key] = value
    return out


class _Context:
    """A deal being settled: the position, resolved options and inputs, and the lines so far."""

    def __init__(self, pos, opts, kontra, poignees, declarations, cups, values):
        self.pos, self.opts = pos, opts
        self.kontra, self.poignees, self.declarations, self.cups, self.values = (
            kontra, poignees, declarations, cups, values)
        self.n = pos.players
        self.lines = []
        self.notes = []
        self.missing = []  # Königrufen values not set, in the order they were needed
        self.announced = {}  # announcement name -> announcing party
        for name, seat in pos.announcements:
            party = self.announced.setdefault(name, pos.party_of(seat))
            if party != pos.party_of(seat) and pos.variant.family != "danish":
                raise ScoringError("%s was announced by both parties; a bonus is announced (and scored) by one "
                                   "party only (AT-6.6)" % name)

    def value(self, key):
        """A Königrufen value (:func:`at_value`); one that is not set counts 0 here and is noted,
        so that :meth:`check_values` names every missing value at once."""
        try:
            return at_value(self.pos, key, self.values, self.opts.get("tariff"))
        except MissingValueError:
            if key not in self.missing:
                self.missing.append(key)
            return 0

    def check_values(self):
        if self.missing:
            raise MissingValueError(_missing_message(self.missing), key=self.missing[0], keys=self.missing)

    def label(self, party):
        if party is None:
            return "-"
        if self.pos.contract.each_for_himself or self.pos.variant.family == "danish":
            return "seat %d" % party if party < self.n else "sitting out"
        return self.pos.party_name(party)

    def add(self, item, party, amount, why, seats, cups=(0, 0)):
        self.lines.append(Line(item, party, self.label(party), _num(amount), why,
                               tuple(_num(x) for x in seats), tuple(cups)))

    def k(self, name):
        """Kontra multiplier of the game or of an announcement."""
        return 2 ** self.kontra.get(name, 0)

    def kontra_why(self, name):
        level = self.kontra.get(name, 0)
        return " × %d (%s)" % (2 ** level, KONTRA_NAMES[level]) if level else ""

    def result(self, zero_sum, unit, seat_names=None, cups_before=None, cups_after=None, raw=None):
        pos = self.pos
        width = len(self.lines[0].seats) if self.lines else self.n
        amounts = [0] * width
        for line in self.lines:
            for s, x in enumerate(line.seats):
                amounts[s] += x
        names = seat_names or tuple("seat %d" % s for s in range(width))
        if pos.composed and pos.tricks and pos.tricks[0].number > 1:
            self.notes.append("a composed endgame: tricks 1-%d are not in its play record, so only card "
                              "points and trick counts (not who played what) count from them"
                              % (pos.tricks[0].number - 1))
        return Settlement(pos.variant.id, pos.contract.id, _title(pos), tuple(names),
                          tuple(_num(a) for a in amounts), tuple(self.lines), zero_sum, unit,
                          cups_before, cups_after, tuple(self.notes), raw or {})


def _title(pos):
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


def _counted(units):
    """SI-5.3: counted points = exact thirds rounded to the nearest whole point."""
    return (units + 1) // 3


# ------------------------------------------------------------------ Slovenian

def _slovenian(ctx):
    pos, o, c = ctx.pos, ctx.opts, ctx.pos.contract
    side = pos.parties[0] if not c.each_for_himself else ()

    def sheet(item, amount, why):  # SI-8: declarer (and partner) write the score, opponents nothing
        ctx.add(item, 0, amount, why, [amount if s in side else 0 for s in range(ctx.n)])

    valat = False  # a valat (silent, announced or the contract) cancels every other item (Q-SI9)
    if c.kind == EACH:
        raw = _klop(ctx)
    else:
        raw = {}
        km, kwhy = ctx.k("game"), ctx.kontra_why("game")
        if c.kind == POSITIVE:
            valat = _slovenian_point_game(ctx, sheet, km, kwhy)
        else:  # NEGATIVE, VALAT: fixed value, no difference, no bonuses (SI-8)
            valat = c.kind == VALAT
            win = goals.achieved(pos, "win", 0)
            what = {"no_tricks": "no trick", "one_trick": "exactly one trick", "all_tricks": "every trick"}[
                c.objective]
            sheet("game", (1 if win else -1) * c.value * km,
                  "%s: %s %s (%s) — %d%s" % (c.name, "made" if win else "lost", what,
                                              count_of(pos.tricks_won(0), "trick"), c.value, kwhy))
    seat = goals.mond_penalty_seat(pos) if o["mond_penalty"] else None
    if seat is not None and valat:
        ctx.notes.append("no mond penalty for seat %d: the valat cancels every other item ([003], Q-SI9)" % seat)
    elif seat is not None:
        ctx.add("mond_penalty", pos.party_of(seat), -20, "seat %d's mond fell to the škis (personal, [003], Q-SI13)"
                % seat, [-20 if s == seat else 0 for s in range(ctx.n)])
    ctx.notes.append("a Slovenian score sheet (SI-8): %s the score, the opponents write 0"
                     % ("the declarer and his partner each write" if pos.partner is not None
                        else "the declarer writes")
                     if c.kind != EACH else "klop: each for himself")
    return ctx.result(False, "points", raw=raw)


def _slovenian_point_game(ctx, sheet, km, kwhy):
    """The game and its bonuses; True when a valat decided the deal alone (Q-SI9)."""
    pos, o, c = ctx.pos, ctx.opts, ctx.pos.contract
    sign = {0: 1, 1: -1}
    if "valat" in ctx.announced:  # Q-SI9: an announced valat decides the deal alone
        party = ctx.announced["valat"]
        made = goals.achieved(pos, "valat", party)
        unit = 500 * km * ctx.k("valat")
        sheet("valat", sign[party] * (unit if made else -unit),
              "valat announced by the %s and %s: 500%s%s; replaces game and bonuses (Q-SI9)"
              % (pos.party_name(party), "made" if made else "lost", kwhy, ctx.kontra_why("valat")))
        return True
    for party in (0, 1):
        if goals.achieved(pos, "valat", party):
            sheet("valat", sign[party] * 250 * km, "silent valat: the %s took every trick: 250%s; replaces "
                  "game and bonuses (SI-7, Q-SI9)" % (pos.party_name(party), kwhy))
            return True
    units = pos.points(0)
    points = _counted(units)
    win = goals.achieved(pos, "win", 0, o)
    diff = abs(points - 35)
    exact = diff
    if o["diff_round"] == 5:
        diff = diff - diff % 5 + (5 if diff % 5 >= 3 else 0)
    with_diff = c.id != "solo_without" or o["solo_brez_adds_difference"]
    if not with_diff:
        diff = 0
    how = "%d + difference %d" % (c.value, diff) if with_diff else "%d (no difference, Q-SI7)" % c.value
    if with_diff and diff != exact:
        how += " (|%d - 35| = %d rounded to 5)" % (points, exact)
    threshold = "; 35 1/3 wins: win_at_35_plus_card" if o["win_at_35_plus_card"] else ""
    sheet("game", (1 if win else -1) * (c.value + diff) * km,
          "%s with %s (counted %d%s): %s%s" % ("won" if win else "lost", count_of(pos.points_display(0), "point"),
                                               points, threshold, how, kwhy))
    # bonuses (SI-7), signed from the declarer side's view (Q-SI14)
    for name, goal, silent in (("trula", "trula", 10), ("kings", "kings", 10)):
        _si_bonus(ctx, sheet, name, silent, lambda p, g=goal: goals.achieved(pos, g, p),
                  _si_silent_party(lambda p, g=goal: goals.achieved(pos, g, p)),
                  "all three trula cards" if name == "trula" else "all four kings")
    _si_bonus(ctx, sheet, "pagat_ultimo", 25, lambda p: goals.achieved(pos, "pagat-ultimo", p),
              goals.ultimo_party(pos, "pagat-ultimo"), "the pagat in the last trick")
    if pos.called_king is not None and pos.variant.players == 4:
        _si_bonus(ctx, sheet, "king_ultimo", 10, lambda p: goals.achieved(pos, "king-ultimo", p),
                  _si_silent_party(lambda p: goals.achieved(pos, "king-ultimo", p)),
                  "the called king in the last trick")
    return False


def _si_silent_party(cond):
    return next((p for p in (0, 1) if cond(p)), None)


def _si_bonus(ctx, sheet, name, silent, achieved, silent_party, what):
    pos = ctx.pos
    sign = {0: 1, 1: -1}
    if name in ctx.announced:
        party = ctx.announced[name]
        made = achieved(party)
        unit = 2 * silent * ctx.k(name)
        sheet(name, sign[party] * (unit if made else -unit),
              "announced by the %s and %s: %s, %d%s" % (pos.party_name(party), "made" if made else "failed",
                                                       what, 2 * silent, ctx.kontra_why(name)))
    elif silent_party is not None:
        if name == "pagat_ultimo":
            found = goals.card_trick(pos, "T1")
            owner = pos.party_of(found[1])
            why = ("the %s's pagat won the last trick" % pos.party_name(owner) if owner == silent_party
                   else "the %s's pagat fell in the last trick and lost it" % pos.party_name(owner))
        elif name == "king_ultimo":
            why = "the %s won the last trick with the called king in it" % pos.party_name(silent_party)
        else:
            why = "the %s has %s" % (pos.party_name(silent_party), what)
        km = ctx.k("game") if ctx.opts["kontra_on_silent_bonuses"] else 1  # SI-8, Q-SI15
        if km > 1:
            why += ": %d%s, the game's kontra (kontra_on_silent_bonuses)" % (silent, ctx.kontra_why("game"))
        sheet(name, sign[silent_party] * silent * km, "silent: " + why)


def _klop(ctx):
    pos, o = ctx.pos, ctx.opts
    raw = {"tricks": [pos.tricks_won(s) for s in range(ctx.n)],
           "points": [pos.points_display(s) for s in range(ctx.n)],
           "counted": [_counted(pos.points(s)) for s in range(ctx.n)]}
    if o["klop_scorer"] == "raw":
        for s in range(ctx.n):
            ctx.add("klop", s, 0, "%s, %s (counted %d); not scored: the seeds give no klop scoring (Q-SI3)"
                    % (count_of(raw["tricks"][s], "trick"), count_of(raw["points"][s], "point"), raw["counted"][s]),
                    [0] * ctx.n)
        return raw
    for s in range(ctx.n):  # [X] outside practice, RULES.md §3.6.8
        tricks, units, counted = raw["tricks"][s], pos.points(s), raw["counted"][s]
        if tricks == 0:
            amount, why = 70, "no trick: +70"
        elif units >= goals.win_target(pos, o):  # "more than 35" counts as the win threshold does (SI-6.6)
            amount, why = -70, "more than half (%s, counted %d): -70" % (count_of(raw["points"][s], "point"), counted)
        else:
            amount, why = -counted, "minus his counted points (%s exact)" % raw["points"][s]
        ctx.add("klop", s, amount, why + " [X outside practice]", [amount if x == s else 0 for x in range(ctx.n)])
    return raw


# ------------------------------------------------------------------ Königrufen

def _team_seats(pos, party, unit):
    """AT-8.2: a single player receives (pays) the unit from (to) each of the others; in 2 vs 2
    each loser pays the unit once and each winner receives it once."""
    win, lose = pos.parties[party], pos.parties[1 - party]
    seats = [0] * pos.players
    if len(win) == 1 or len(lose) == 1:
        for w in win:
            for l in lose:
                seats[w] += unit
                seats[l] -= unit
    else:
        for w in win:
            seats[w] += unit
        for l in lose:
            seats[l] -= unit
    return seats


def at_value(pos, key, values=None, tariff=None):
    """A Königrufen value (contract id or bonus name): the configured ``values`` first, then the
    tariff (option ``tariff``, :data:`AT_TARIFFS`), then what the seed states; a
    :class:`MissingValueError` naming it when none gives it (Q-AT1)."""
    values = pos.values if values is None else values
    table = AT_TARIFFS.get(pos.options["tariff"] if tariff is None else tariff, {})
    if key in values:
        return values[key]
    if isinstance(table.get(key), tuple):  # a multiple of the game value, solo doubling included
        c = pos.contract
        return table[key][1] * at_value(pos, c.id, values, tariff) // (2 if c.id.startswith("solo") else 1)
    if key in table:
        return table[key]
    c = pos.variant.contracts.get(key)
    if c is not None and c.value is not None and key != "sechserdreier":
        return c.value
    raise MissingValueError(_missing_message([key]), key=key)


def _missing_message(keys):
    tables = " and ".join(sorted({"bonus table (Prämientabelle)" if k in AT_BONUSES else "bid table (Lizitationstabelle)"
                                  for k in keys}))
    given = ", ".join('"%s": N' % k for k in keys)
    return ("Königrufen: no value for %s: the seed's %s %s missing (RULES.md Q-AT1) and tarokdd does not guess; "
            "give %s with --set 'values={%s}' (the position's \"values\" field), or choose a complete tariff: "
            "--set tariff=%s (RULES.md §2.8)" % (", ".join(keys), tables, "is" if " and " not in tables else "are",
                                                  "it" if len(keys) == 1 else "them", given, " / ".join(AT_TARIFFS)))


def _koenigrufen(ctx):
    pos, c = ctx.pos, ctx.pos.contract
    if c.kind == EACH:
        return _trischaken(ctx)
    km, kwhy = ctx.k("game"), ctx.kontra_why("game")
    if c.kind == NEGATIVE:  # AT-8.6: fixed value, no bonuses, only kontra on the game
        value = ctx.value(c.id)
        win = goals.achieved(pos, "win", 0)
        unit = value * km * (1 if win else -1)
        tricks = pos.tricks_won(0)
        ctx.add("game", 0, unit, "%s %s (%s): %d%s" % (
            c.name, "made" if win else "lost", count_of(tricks, "trick"), value, kwhy),
            _team_seats(pos, 0, unit))
        return ctx.result(True, "points")
    solo = 2 if c.id.startswith("solo") else 1  # AT-8.5
    swhy = " × 2 (solo)" if solo == 2 else ""
    if "valat" in ctx.announced:  # an announced valat decides the deal alone (AT-8.4, AT-6.7)
        party = ctx.announced["valat"]
        made = goals.achieved(pos, "valat", party)
        unit = ctx.value("valat") * 2 * solo * ctx.k("valat") * (1 if made else -1)
        ctx.add("valat", party, unit, "announced by the %s and %s: valat × 2%s%s; cancels game and bonuses "
                "(AT-8.4)" % (pos.party_name(party), "made" if made else "lost", swhy, ctx.kontra_why("valat")),
                _team_seats(pos, party, unit))
        return ctx.result(True, "points")
    items = []  # (item, party, unit, why)
    win = goals.achieved(pos, "win", 0, ctx.opts)
    if c.id == "sechserdreier" and "sechserdreier" not in AT_TARIFFS.get(ctx.opts["tariff"], {}):
        value = ctx.opts["sechserdreier_won_value"] if win else AT_SECHSERDREIER_LOST
    else:  # (a tariff's lost Sechserdreier counts double, as the seed's 12 does)
        value = ctx.value(c.id) * (2 if c.id == "sechserdreier" and not win else 1)
    items.append(("game", 0, value * km * (1 if win else -1), "%s with %s (35 2/3 needed): %d%s" % (
        "won" if win else "lost", count_of(pos.points_display(0), "point"), value, kwhy)))
    black, rufer = not c.colour, c.called_king
    for name in AT_BONUSES[:-1]:
        where = _AT_WHERE[name]
        if (where == "black" and not black) or (where == "rufer" and not rufer):
            continue
        scorer = _at_scorer(pos, name)
        if (scorer is None and name not in ctx.announced) or ctx.value(name) == 0:
            continue  # nobody scores it, or the tariff does not
        if name in ctx.announced:  # AT-7.2: double, won or lost, for the announcing party only
            party = ctx.announced[name]
            made = scorer == party
            unit = ctx.value(name) * 2 * solo * ctx.k(name) * (1 if made else -1)
            items.append((name, party, unit, "announced by the %s and %s: %s, %d × 2%s%s" % (
                pos.party_name(party), "made" if made else "failed", _AT_TEXT[name],
                ctx.value(name), swhy, ctx.kontra_why(name))))
        elif scorer is not None:
            unit = ctx.value(name) * solo
            items.append((name, scorer, unit, "silent: %s, %d%s" % (_at_why(pos, name, scorer), ctx.value(name),
                                                                    swhy)))
    valat_party = next((p for p in (0, 1) if goals.achieved(pos, "valat", p)), None)
    if valat_party is not None:  # AT-8.4 silent valat, compared as Q-AT10
        unit = ctx.value("valat") * solo
        members = pos.parties[valat_party]
        with_valat = sum(_team_seats(pos, valat_party, unit)[s] for s in members)
        without = sum(_team_seats(pos, p, u)[s] for _, p, u, _ in items for s in members)
        if with_valat >= without:
            items = [("valat", valat_party, unit, "silent: the %s took every trick%s; cancels game and bonuses "
                      "(AT-8.4)" % (pos.party_name(valat_party), swhy))]
        else:
            ctx.notes.append("silent valat of the %s ignored: worth %d, less than the game without it (%d) "
                             "(AT-8.4, Q-AT10)" % (pos.party_name(valat_party), with_valat, without))
    for item, party, unit, why in items:
        ctx.add(item, party, unit, why, _team_seats(pos, party, unit))
    return ctx.result(True, "points")


_AT_TEXT = {"pagat": "Pagat in the last trick", "uhu": "Uhu in trick 11", "pelikan": "Pelikan in trick 10",
            "quapil": "Quapil in trick 9", "king_ultimo": "the called king in the last trick",
            "koenigfang": "the called king captured", "mondfang": "the Mond captured",
            "trull": "the Trull", "kings": "all four kings", "honneurs": "5 of the 7 honours",
            "absolut": "45 1/3 points"}


def _at_scorer(pos, name):
    """The party that scores the Königrufen bonus ``name`` (AT-7), or None."""
    if name in _AT_ULTIMO:
        return goals.ultimo_party(pos, _AT_ULTIMO[name])
    cond = {"king_ultimo": lambda p: goals.achieved(pos, "king-ultimo", p),
            "koenigfang": lambda p: goals.king_capture(pos, p),
            "mondfang": lambda p: goals.achieved(pos, "mond-capture", p),
            "trull": lambda p: goals.achieved(pos, "trula", p),
            "kings": lambda p: goals.achieved(pos, "kings", p),
            "honneurs": lambda p: goals.honneurs(pos, p),
            "absolut": lambda p: goals.absolut(pos, p)}[name]
    return next((p for p in (0, 1) if cond(p)), None)


def _at_why(pos, name, party):
    if name in _AT_ULTIMO:
        card = "T%d" % ("pagat uhu pelikan quapil".split().index(name) + 1)
        found = goals.card_trick(pos, card)
        owner = pos.party_of(found[1])
        return ("the %s's %s won trick %d" % (pos.party_name(owner), card, found[0].number) if owner == party
                else "the %s's %s fell in trick %d and lost it" % (pos.party_name(owner), card, found[0].number))
    return "the %s: %s" % (pos.party_name(party), _AT_TEXT[name])


def _trischaken(ctx):
    pos, o = ctx.pos, ctx.opts
    if ctx.kontra:
        raise ScoringError("Trischaken has no Kontras (AT-8.7)")
    n = ctx.n
    points = [pos.points(s) for s in range(n)]
    top = max(points)
    if o["trischaken_tie_order"] == "vorhand_backwards":  # Q-AT4: Vorhand, then before him …
        order = [0] + list(range(n - 1, 0, -1))
    else:
        order = list(range(n))
    loser = next(s for s in order if points[s] == top)
    value = ctx.value("trischaken")
    mult, why = 1, []
    if goals.buergermeister(pos, loser):
        mult *= 2
        why.append("Bürgermeister, 32 or more")
    if loser == 0:
        mult *= 2
        why.append("Vorhand")
    unit = value * mult
    tie = [s for s in range(n) if points[s] == top]
    ctx.add("trischaken", loser, -unit, "most card points (%s)%s: pays each other player %d%s (AT-8.7)" % (
        pos.points_display(loser), ", tie with seat%s %s broken by %s" % (
            "s" if len(tie) > 2 else "", ", ".join(str(s) for s in tie if s != loser),
            o["trischaken_tie_order"]) if len(tie) > 1 else "",
        value, "".join(" × 2 (%s)" % w for w in why)), [-(n - 1) * unit if s == loser else unit for s in range(n)])
    return ctx.result(True, "points", raw={"points": [pos.points_display(s) for s in range(n)]})


# ------------------------------------------------------------------ French

def _french(ctx):
    pos, o, c = ctx.pos, ctx.opts, ctx.pos.contract
    if ctx.kontra:
        raise ScoringError("French Tarot has no kontra in its seed")
    factor = c.value
    win = goals.achieved(pos, "win", 0)
    bouts = goals.bouts(pos, 0)
    need = goals.FRENCH_REQUIREMENT[bouts]
    pts = pos.points(0)
    diff = Fraction(abs(pts - need), 2)
    exact = diff
    if o["halfpoint_rounding"] == "up":
        diff = Fraction(-(-diff.numerator // diff.denominator))
    elif o["halfpoint_rounding"] == "down":
        diff = Fraction(diff.numerator // diff.denominator)
    sign = 1 if win else -1
    defenders = pos.parties[1]

    def settle_line(item, amount, why):  # FR-8 step 5 with Q-FR3 for 3 and 5 players
        amount = Fraction(amount)
        seats = [Fraction(0)] * ctx.n
        for s in defenders:
            seats[s] -= amount
        total = amount * len(defenders)
        if pos.partner is None:
            seats[pos.declarer] += total
        elif o.get("five_player_split", "2:1") == "2:1":
            seats[pos.declarer] += total * 2 / 3
            seats[pos.partner] += total / 3
        else:
            seats[pos.declarer] += total / 2
            seats[pos.partner] += total / 2
        ctx.add(item, 0, amount, why, seats)

    rounding = "" if diff == exact else " (%s rounded %s)" % (_signed(exact)[1:], o["halfpoint_rounding"])
    settle_line("contract", sign * (25 + diff) * factor, "%s: %s with %s (%d needed): (25 + %s%s) × %d (%s)" % (
        "made" if win else "lost", count_of(pos.points_display(0), "point"), count_of(bouts, "bout"), need // 2,
        _signed(diff)[1:], rounding, factor, c.name))
    for party in (0, 1):
        if goals.achieved(pos, "petit-au-bout", party):  # FR-7.1, Q-FR4
            settle_line("petit_au_bout", (10 if party == 0 else -10) * factor,
                        "the petit in the last trick, won by the %s: 10 × %d" % (pos.party_name(party), factor))
    for item in ctx.poignees:  # FR-7.2: to the side that wins the deal, not multiplied
        size, _, seat = item.partition("@")
        value = POIGNEE_VALUES[POIGNEES.index(size)]
        settle_line("poignee", sign * value, "%s poignée shown by seat %d: %d to the side that %s the deal" % (
            size, int(seat), value, "wins" if win else "wins (the defence)"))
    party_chelem = next((p for p in (0, 1) if goals.achieved(pos, "valat", p)), None)
    sgn = {0: 1, 1: -1}
    if "chelem" in ctx.announced:  # FR-7.3, Q-FR6
        party = ctx.announced["chelem"]
        made = party_chelem == party
        settle_line("chelem", sgn[party] * (400 if made else -200), "announced by the %s and %s: %s" % (
            pos.party_name(party), "made" if made else "failed", "+400" if made else "-200"))
    elif party_chelem is not None:
        settle_line("chelem", sgn[party_chelem] * 200, "unannounced chelem of the %s: 200"
                    % pos.party_name(party_chelem))
    return ctx.result(True, "points")


# ------------------------------------------------------------------ Danish

def _danish(ctx):
    pos, o = ctx.pos, ctx.opts
    if ctx.kontra:
        raise ScoringError("Danish Tarok has no kontra")
    n, table = ctx.n, o["table_players"]
    before = Cups(**ctx.cups) if ctx.cups else Cups(20 * table, 20 * table)  # DK-8.1 session start
    cups = dict(before._asdict())
    names = tuple("seat %d" % s for s in range(n)) + tuple("sitting out %d" % i for i in range(1, table - n + 1))

    def add(item, seat, amount, why, seats, cup=None, into=0):
        seats = list(seats) + [0] * (table - len(seats))
        delta = (into if cup == "pagat" else 0, into if cup == "king" else 0)
        if cup:
            cups[cup] += into
        ctx.add(item, seat, amount, why, seats, delta)

    def from_each(seat, x):  # seat receives x from each other active player
        return [x * (n - 1) if s == seat else -x for s in range(n)]

    def refund(cup):  # DK-8.1: an emptied cup is re-funded with 20 P by every player seated
        add("refund %s cup" % cup, None, -20, "the emptied %s cup is re-funded: 20 P from each of the %d "
            "players seated (DK-8.1, Q-DK12)" % (cup, table), [-20] * table, cup, 20 * table)

    def take(seat, cup, why):
        amount = cups[cup]
        add("%s cup" % cup, seat, amount, why, [amount if s == seat else 0 for s in range(n)], cup, -amount)
        refund(cup)

    dealer = pos.dealer
    for cup in ("pagat", "king"):  # step 0
        add("dealer's stake", dealer, -5, "the dealer pays 5 P into the %s cup (DK-2.5)" % cup,
            [-5 if s == dealer else 0 for s in range(n)], cup, 5)
    no_ultimo = set()
    _danish_declarations(ctx, add, from_each, no_ultimo)
    for number, seat, tok in goals.danish_lost_honours(pos):  # step 2, DK-7.1
        cup = "pagat" if tok == "T1" else "king"
        seats = from_each(seat, -5)
        seats[seat] -= 5
        add("lost %s" % tok, seat, -5, "trick %d: %s played and not won: 5 P to each other player and 5 P "
            "into the %s cup (DK-7.1)" % (number, tok, cup), seats, cup, 5)
    for number, seat in goals.danish_pagat_wins(pos):  # DK-7.2
        add("pagat trick", seat, 5, "trick %d won with the pagat: 5 P from each other player (DK-7.2)" % number,
            from_each(seat, 5))
    last = pos.tricks[-1] if pos.tricks and pos.tricks[-1].number == pos.n_tricks else None
    if last is not None:  # step 3, DK-7.3
        add("last trick", last.winner, 20, "won the last trick: 20 P from each other player (DK-7.3)",
            from_each(last.winner, 20))
    tout = next((s for s in range(n) if goals.achieved(pos, "valat", s)), None)
    if tout is None or o["bagud_in_tout"]:  # step 4, DK-7.4, Q-DK2: in order of play, each doubles
        for seat, tok in goals.danish_bagud(pos):
            cup = "pagat" if tok == "T1" else "king"
            add("bagud", seat, -40, "%s lost in the last trick: 40 P to each other player (DK-7.4)" % tok,
                from_each(seat, -40))
            content = cups[cup]
            add("bagud %s cup" % cup, seat, -content, "bagud doubles the %s cup: %d P into it (DK-7.4)"
                % (cup, content), [-content if s == seat else 0 for s in range(n)], cup, content)
    ultimo = goals.danish_ultimo(pos)
    if tout is not None:  # step 5, DK-7.5, Q-DK1
        add("tout", tout, 80, "won all %d tricks: 80 P from each other player (DK-7.5)" % pos.n_tricks,
            from_each(tout, 80))
        add("tout card count", tout, 25, "tout: 25 P from each other player for the card count (DK-7.5)",
            from_each(tout, 25))
        if not o["tout_includes_ultimo"] and ultimo is not None and tout not in no_ultimo:
            add("ultimo", tout, 40, "last trick won with the %s: 40 P from each other player as well "
                "(tout_includes_ultimo off)" % ultimo[1], from_each(tout, 40))
        for cup in ("pagat", "king"):
            take(tout, cup, "tout takes the %s cup (DK-7.5)" % cup)
    else:
        nolo = next((s for s in range(n) if goals.achieved(pos, "no-tricks", s)), None)
        if nolo is not None:  # step 6, DK-7.6
            add("nolo", nolo, 25, "won no trick: 25 P from each other player; no ultimo, no card count "
                "(DK-7.6)", from_each(nolo, 25))
        else:
            if ultimo is not None:  # step 7, DK-7.7
                seat, cup = ultimo
                if seat in no_ultimo:
                    ctx.notes.append("seat %d won the last trick with the %s but has lost the right to ultimo "
                                     "(DK-7.8)" % (seat, cup))
                else:
                    add("ultimo", seat, 40, "last trick won with the %s: 40 P from each other player (DK-7.7)"
                        % ("pagat" if cup == "pagat" else "a king"), from_each(seat, 40))
                    take(seat, cup, "ultimo takes the %s cup (DK-7.7)" % cup)
            _danish_card_count(ctx, add, n, o)
    after = Cups(cups["pagat"], cups["king"])
    return ctx.result(True, "P", names, before, after,
                      raw={"points": [pos.points(s) for s in range(n)],
                           "tricks": [pos.tricks_won(s) for s in range(n)]})


def _danish_declarations(ctx, add, from_each, no_ultimo):
    """DK-6.2 payments, DK-6.3 wrong declarations, DK-2.8 item 5 (declared before discarding)."""
    pos = ctx.pos
    hands = [pos.initial_hand(s) for s in range(ctx.n)]
    named = [pos.deck.tokens[x] for x in pos.named_discards]
    if named:  # DK-2.8 item 4: laid away from a declaration, unavoidably: named, and still declared
        hands[pos.dealer] += named
        ctx.notes.append("the dealer (seat %d) could not help laying %s away from a declaration: named, it still "
                         "counts for his declarations (DK-2.8)" % (pos.dealer, " ".join(named)))
    if ctx.declarations is None:
        if pos.composed:
            return  # a composed endgame does not know the hands the players declared from
        made = {s: [(k, d, pay, True) for k, d, pay in goals.danish_declarations(hands[s])] for s in range(ctx.n)}
        early = set()
    else:
        made = {s: [] for s in range(ctx.n)}
        early = set()
        for token in ctx.declarations:
            text, _, seat = token.partition("@")
            seat = int(seat)
            if text == "pas":
                continue
            if text == "before_discard":
                early.add(seat)
                continue
            kind, _, detail = text.partition(":")
            if kind in ("tarokker", "matadorer"):
                detail = int(detail)
                pay = 5 * (detail - 8) if kind == "tarokker" else 5 * (detail - 1)
            else:
                pay = goals.DANISH_LEVELS[detail.split(":")[-1]]
            ok = pos.composed or goals.danish_supports(hands[seat], kind, detail)
            made[seat].append((kind, detail, pay, ok))
    for seat in range(ctx.n):
        for kind, detail, pay, ok in made[seat]:
            what = "%s %s" % (kind, detail)
            if seat in early:
                ctx.notes.append("seat %d declared %s before discarding: nothing for it (DK-2.8)" % (seat, what))
            elif ok:
                add("declaration", seat, pay, "%s: %d P from each other player (DK-6.2)" % (what, pay),
                    from_each(seat, pay))
            else:
                no_ultimo.add(seat)
                for cup in ("pagat", "king"):
                    add("wrong declaration", seat, -40, "%s is not in seat %d's hand: annulled, 40 P into the %s "
                        "cup, no ultimo (DK-6.3)" % (what, seat, cup),
                        [-40 if s == seat else 0 for s in range(ctx.n)], cup, 40)
        if seat in early:
            no_ultimo.add(seat)


def _danish_card_count(ctx, add, n, o):
    """Step 8 (DK-5.2): each player gets his points above 26 (pays below); Q-DK3 rounding."""
    pos = ctx.pos
    nets = [pos.points(s) - 26 for s in range(n)]
    settled = list(nets)
    if o["round_settlement_to_5"]:
        floors = [x - x % 5 for x in nets]
        short = -sum(floors) // 5  # this many players get +5 (largest remainders, then lower seat)
        for s in sorted(range(n), key=lambda s: (-(nets[s] - floors[s]), s))[:short]:
            floors[s] += 5
        settled = floors
    for s in range(n):
        why = "%s - 26 (DK-5.2)" % count_of(pos.points(s), "point")
        if settled[s] != nets[s]:
            why += ", %+d rounded to a multiple of 5 (Q-DK3)" % nets[s]
        add("card count", s, settled[s], why, [settled[s] if x == s else 0 for x in range(n)])

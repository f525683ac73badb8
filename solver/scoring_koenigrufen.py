"""The Königrufen settlement (RULES.md §2.6–2.8): the game and the negative games, kontra,
the bonuses announced and silent (AT-7), valat, the solo doubling, and Trischaken.

Payments between the players (AT-8.2); the values come from :func:`~solver.scoring.at_value`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from . import goals
from .errors import ScoringError
from .scoring_inputs import AT_BONUSES, AT_SECHSERDREIER_LOST, AT_TARIFFS
from .settlement import Ledger, Settlement
from .text import count_of
from .variants import EACH, NEGATIVE

if TYPE_CHECKING:
    from .position import Position

_AT_ULTIMO = {"pagat": "pagat-ultimo", "uhu": "uhu", "pelikan": "pelikan", "quapil": "quapil"}
_AT_WHERE = {"pagat": "black", "uhu": "black", "pelikan": "black", "quapil": "black", "mondfang": "black",
             "trull": "black", "king_ultimo": "rufer", "koenigfang": "rufer", "kings": "all",
             "honneurs": "all", "absolut": "all"}


def _team_seats(pos: Position, party: int, unit: int) -> list[int]:
    """AT-8.2: a single player receives (pays) the unit from (to) each of the others; in 2 vs 2
    each loser pays the unit once and each winner receives it once."""
    win, lose = pos.parties[party], pos.parties[1 - party]
    seats = [0] * pos.players
    if len(win) == 1 or len(lose) == 1:
        for w in win:
            for loser in lose:
                seats[w] += unit
                seats[loser] -= unit
    else:
        for w in win:
            seats[w] += unit
        for loser in lose:
            seats[loser] -= unit
    return seats


def settle_koenigrufen(ctx: Ledger) -> Settlement:
    """The Königrufen payments of the finished deal in ``ctx`` (Trischaken included)."""
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
    items: list[tuple[str, int, int, str]] = []  # (item, party, unit, why)
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


def _at_scorer(pos: Position, name: str) -> int | None:
    """The party that scores the Königrufen bonus ``name`` (AT-7), or None."""
    if name in _AT_ULTIMO:
        return goals.ultimo_party(pos, _AT_ULTIMO[name])
    conds: dict[str, Callable[[int], int | bool]] = {
            "king_ultimo": lambda p: goals.achieved(pos, "king-ultimo", p),
            "koenigfang": lambda p: goals.king_capture(pos, p),
            "mondfang": lambda p: goals.achieved(pos, "mond-capture", p),
            "trull": lambda p: goals.achieved(pos, "trula", p),
            "kings": lambda p: goals.achieved(pos, "kings", p),
            "honneurs": lambda p: goals.honneurs(pos, p),
            "absolut": lambda p: goals.absolut(pos, p)}
    cond = conds[name]
    return next((p for p in (0, 1) if cond(p)), None)


def _at_why(pos: Position, name: str, party: int) -> str:
    card = "T%d" % ("pagat uhu pelikan quapil".split().index(name) + 1) if name in _AT_ULTIMO else ""
    found = goals.card_trick(pos, card) if card else None
    if found is not None:  # an ultimo card, which fell in its designated trick
        owner = pos.party_of(found[1])
        return ("the %s's %s won trick %d" % (pos.party_name(owner), card, found[0].number) if owner == party
                else "the %s's %s fell in trick %d and lost it" % (pos.party_name(owner), card, found[0].number))
    return "the %s: %s" % (pos.party_name(party), _AT_TEXT[name])


def _trischaken(ctx: Ledger) -> Settlement:
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

"""The Slovenian settlement (RULES.md §3.6–3.8, §4, §5): the score sheet of SI-8, kontra,
the bonuses announced and silent (SI-7), valat, the personal mond penalty, and klop.

The seeds keep a score sheet, not payments: the declarer, and in a partnership game his
partner, each write the score; the opponents write nothing.
"""

from __future__ import annotations

from typing import Any, Callable

from . import goals
from .settlement import Ledger, Settlement
from .text import count_of
from .variants import EACH, POSITIVE, VALAT

# A sheet writer of the Slovenian settlement: (item, amount, why).
_Sheet = Callable[[str, int, str], None]


def _counted(units: int) -> int:
    """SI-5.3: counted points = exact thirds rounded to the nearest whole point."""
    return (units + 1) // 3


def settle_slovenian(ctx: Ledger) -> Settlement:
    """The Slovenian score sheet of the finished deal in ``ctx``."""
    pos, o, c = ctx.pos, ctx.opts, ctx.pos.contract
    side = pos.parties[0] if not c.each_for_himself else ()

    def sheet(item: str, amount: int, why: str) -> None:  # SI-8: declarer (and partner) write the score
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
            assert c.value is not None  # every Slovenian contract but klop has its value
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


def _slovenian_point_game(ctx: Ledger, sheet: _Sheet, km: int, kwhy: str) -> bool:
    """The game and its bonuses; True when a valat decided the deal alone (Q-SI9)."""
    pos, o, c = ctx.pos, ctx.opts, ctx.pos.contract
    assert c.value is not None  # every Slovenian point contract has its value
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
    def reached(goal: str) -> Callable[[int], bool]:
        return lambda party: bool(goals.achieved(pos, goal, party))

    for name, goal, silent in (("trula", "trula", 10), ("kings", "kings", 10)):
        _si_bonus(ctx, sheet, name, silent, reached(goal), _si_silent_party(reached(goal)),
                  "all three trula cards" if name == "trula" else "all four kings")
    _si_bonus(ctx, sheet, "pagat_ultimo", 25, reached("pagat-ultimo"),
              goals.ultimo_party(pos, "pagat-ultimo"), "the pagat in the last trick")
    if pos.called_king is not None and pos.variant.players == 4:
        _si_bonus(ctx, sheet, "king_ultimo", 10, reached("king-ultimo"), _si_silent_party(reached("king-ultimo")),
                  "the called king in the last trick")
    return False


def _si_silent_party(cond: Callable[[int], bool]) -> int | None:
    return next((p for p in (0, 1) if cond(p)), None)


def _si_bonus(ctx: Ledger, sheet: _Sheet, name: str, silent: int, achieved: Callable[[int], bool],
              silent_party: int | None, what: str) -> None:
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
        found = goals.card_trick(pos, "T1")
        if name == "pagat_ultimo" and found is not None:
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


def _klop(ctx: Ledger) -> dict[str, Any]:
    pos, o = ctx.pos, ctx.opts
    raw: dict[str, Any] = {"tricks": [pos.tricks_won(s) for s in range(ctx.n)],
           "points": [pos.points_display(s) for s in range(ctx.n)],
           "counted": [_counted(pos.points(s)) for s in range(ctx.n)]}
    if o["klop_scorer"] == "raw":
        for s in range(ctx.n):
            ctx.add("klop", s, 0, "%s, %s (counted %d); not scored: the seeds give no klop scoring (Q-SI3)"
                    % (count_of(raw["tricks"][s], "trick"), count_of(raw["points"][s], "point"), raw["counted"][s]),
                    [0] * ctx.n)
        return raw
    target = goals.win_target(pos, o)
    assert target is not None  # Slovenian
    for s in range(ctx.n):  # [X] outside practice, RULES.md §3.6.8
        tricks, units, counted = raw["tricks"][s], pos.points(s), raw["counted"][s]
        if tricks == 0:
            amount, why = 70, "no trick: +70"
        elif units >= target:  # "more than 35" counts as the win threshold does (SI-6.6)
            amount, why = -70, "more than half (%s, counted %d): -70" % (count_of(raw["points"][s], "point"), counted)
        else:
            amount, why = -counted, "minus his counted points (%s exact)" % raw["points"][s]
        ctx.add("klop", s, amount, why + " [X outside practice]", [amount if x == s else 0 for x in range(ctx.n)])
    return raw

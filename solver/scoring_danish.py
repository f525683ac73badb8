"""The Danish settlement (RULES.md §1.6–1.9): declarations, honours, the last trick, bagud,
tout, nolo, ultimo and the card count, with the pagat cup and the king cup (DK-6 to DK-8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Callable

from . import goals
from .errors import ScoringError
from .settlement import Cups, Ledger, Settlement
from .text import count_of

# The Danish settlement's line writer: (item, seat, amount, why, seats, cup=None, into=0).
_DanishAdd = Callable[..., None]


def settle_danish(ctx: Ledger) -> Settlement:
    """The Danish settlement of the finished deal in ``ctx``, cups included."""
    pos, o = ctx.pos, ctx.opts
    if ctx.kontra:
        raise ScoringError("Danish Tarok has no kontra")
    n, table = ctx.n, o["table_players"]
    before = Cups(**ctx.cups) if ctx.cups else Cups(20 * table, 20 * table)  # DK-8.1 session start
    cups = dict(before._asdict())
    names = tuple("seat %d" % s for s in range(n)) + tuple("sitting out %d" % i for i in range(1, table - n + 1))

    def add(item: str, seat: int | None, amount: int, why: str, seats: Sequence[int], cup: str | None = None,
            into: int = 0) -> None:
        seats = list(seats) + [0] * (table - len(seats))
        delta = (into if cup == "pagat" else 0, into if cup == "king" else 0)
        if cup:
            cups[cup] += into
        ctx.add(item, seat, amount, why, seats, delta)

    def from_each(seat: int, x: int) -> list[int]:  # seat receives x from each other active player
        return [x * (n - 1) if s == seat else -x for s in range(n)]

    def refund(cup: str) -> None:  # DK-8.1: an emptied cup is re-funded with 20 P by every player seated
        add("refund %s cup" % cup, None, -20, "the emptied %s cup is re-funded: 20 P from each of the %d "
            "players seated (DK-8.1, Q-DK12)" % (cup, table), [-20] * table, cup, 20 * table)

    def take(seat: int, cup: str, why: str) -> None:
        amount = cups[cup]
        add("%s cup" % cup, seat, amount, why, [amount if s == seat else 0 for s in range(n)], cup, -amount)
        refund(cup)

    dealer = pos.dealer
    assert dealer is not None  # Danish Tarok always has its dealer
    for cup in ("pagat", "king"):  # step 0
        add("dealer's stake", dealer, -5, "the dealer pays 5 P into the %s cup (DK-2.5)" % cup,
            [-5 if s == dealer else 0 for s in range(n)], cup, 5)
    no_ultimo: set[int] = set()
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


def _danish_declarations(ctx: Ledger, add: _DanishAdd, from_each: Callable[[int, int], list[int]],
                         no_ultimo: set[int]) -> None:
    """DK-6.2 payments, DK-6.3 wrong declarations, DK-2.8 item 5 (declared before discarding)."""
    pos = ctx.pos
    hands = [pos.initial_hand(s) for s in range(ctx.n)]
    named = [pos.deck.tokens[x] for x in pos.named_discards]
    if named and pos.dealer is not None:  # DK-2.8 item 4: laid away from a declaration, unavoidably
        hands[pos.dealer] += named
        ctx.notes.append("the dealer (seat %d) could not help laying %s away from a declaration: named, it still "
                         "counts for his declarations (DK-2.8)" % (pos.dealer, " ".join(named)))
    if ctx.declarations is None:
        if pos.composed:
            return  # a composed endgame does not know the hands the players declared from
        made = {s: [(k, d, pay, True) for k, d, pay in goals.danish_declarations(hands[s])] for s in range(ctx.n)}
        early: set[int] = set()
    else:
        made = {s: [] for s in range(ctx.n)}
        early = set()
        for token in ctx.declarations:
            text, _, seat_text = token.partition("@")
            seat = int(seat_text)
            if text == "pas":
                continue
            if text == "before_discard":
                early.add(seat)
                continue
            kind, _, detail_text = text.partition(":")
            detail: int | str = detail_text
            if kind in ("tarokker", "matadorer"):
                detail = int(detail_text)
                pay = 5 * (detail - 8) if kind == "tarokker" else 5 * (detail - 1)
            else:
                pay = goals.DANISH_LEVELS[detail_text.split(":")[-1]]
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


def _danish_card_count(ctx: Ledger, add: _DanishAdd, n: int, o: Mapping[str, Any]) -> None:
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

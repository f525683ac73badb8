"""The French settlement (RULES.md §6.6–6.8): the contract, petit au bout, poignées and
chelem (FR-7, FR-8), half points kept exact."""

from __future__ import annotations

from fractions import Fraction

from . import goals
from .errors import ScoringError
from .scoring_inputs import POIGNEE_VALUES, POIGNEES
from .settlement import Amount, Ledger, Settlement, signed_amount
from .text import count_of


def settle_french(ctx: Ledger) -> Settlement:
    """The French payments of the finished deal in ``ctx``."""
    pos, o, c = ctx.pos, ctx.opts, ctx.pos.contract
    if ctx.kontra:
        raise ScoringError("French Tarot has no kontra in its seed")
    factor = c.value
    declarer = pos.declarer
    assert factor is not None and declarer is not None  # every French contract has both
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

    def settle_line(item: str, value: Amount, why: str) -> None:  # FR-8 step 5 with Q-FR3 for 3 and 5 players
        amount = Fraction(value)
        seats: list[Amount] = [Fraction(0)] * ctx.n
        for s in defenders:
            seats[s] -= amount
        total = amount * len(defenders)
        if pos.partner is None:
            seats[declarer] += total
        elif o.get("five_player_split", "2:1") == "2:1":
            seats[declarer] += total * 2 / 3
            seats[pos.partner] += total / 3
        else:
            seats[declarer] += total / 2
            seats[pos.partner] += total / 2
        ctx.add(item, 0, amount, why, seats)

    rounding = "" if diff == exact else " (%s rounded %s)" % (signed_amount(exact)[1:], o["halfpoint_rounding"])
    settle_line("contract", sign * (25 + diff) * factor, "%s: %s with %s (%d needed): (25 + %s%s) × %d (%s)" % (
        "made" if win else "lost", count_of(pos.points_display(0), "point"), count_of(bouts, "bout"), need // 2,
        signed_amount(diff)[1:], rounding, factor, c.name))
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

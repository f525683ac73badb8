"""The rules of a trick: which cards the player to move may play (and the rule behind each
restriction), the suit to follow, and which card wins, for every variant.

These are functions of a :class:`~solver.position.Position` in play, the readable rules engine
that the compiled core is checked against; ``Position.legal_moves``, ``play`` and ``is_legal``
are built on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Callable

from .cards import SUIT_LETTERS, TRUMP
from .variants import EXCUSE, SKUS, TRUMP_22

if TYPE_CHECKING:
    from .position import Position

# A move's legality: (rule id, reason, the cards that rule removed).
Step = tuple[str, str, set[int]]
SKUS_NAMES = SUIT_LETTERS + "T"  # what a led skus may be named: a suit or T (tarok)


def led_suit(pos: Position, trick: Sequence[tuple[int, int]] | None = None, named: int | None = None) -> int | None:
    """Suit to follow: the first card's suit; after a led Excuse the second card's (FR-3.2);
    after a led skus the named suit (DK-3.5).  None when nothing sets it yet."""
    trick = pos._trick if trick is None else trick
    named = pos._named if named is None else named
    d = pos.deck
    for i, (_, card) in enumerate(trick):
        if card != d.special:
            return d.suit[card]
        if pos.variant.special == SKUS and i == 0:
            return named
    return None


def winner_index(pos: Position, trick: Sequence[tuple[int, int]], named: int | None = None,
                 last: bool = False) -> int | None:
    """Index in ``trick`` of the card winning it so far (trick may be partial; None while
    only a led Excuse or skus is in it)."""
    d = pos.deck
    cards = [c for _, c in trick]
    if (last and pos.variant.special == EXCUSE and d.special in cards
            and _excuse_chelem(pos, trick[cards.index(d.special)][0])):  # FR-4.4
        return cards.index(d.special)
    led = led_suit(pos, trick, named)
    trumps_win = not pos.contract.colour and not (  # AT-4.2 colour games, SI-4.3 colour valat
        pos.contract.colour_valat and led != TRUMP
        and any(s == pos.declarer and d.suit[c] == led for s, c in trick))
    # SI-4.1, AT-4.3; in colour valat the declarer's suit card outranks the trula as well
    if (pos.play_rules.emperor and (trumps_win or led == TRUMP)
            and {d.trump(1), d.trump(21), d.trump(22)} <= set(cards)):
        return cards.index(d.trump(1))
    best, best_key = None, None
    for i, c in enumerate(cards):
        if c == d.special and pos.variant.special != TRUMP_22:
            continue  # Excuse and skus never win (FR-4.2, DK-4.2)
        if d.suit[c] == TRUMP and (trumps_win or led == TRUMP):
            key = (2, d.rank[c])
        elif d.suit[c] == led:
            key = (1, d.rank[c])
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def _excuse_chelem(pos: Position, seat: int) -> bool:
    """FR-4.4 / Q-FR5: the Excuse's side has won every earlier trick."""
    party = pos._party_of[seat]
    others_before = sum(t for s, t in enumerate(pos._tricks_before) if pos._party_of[s] != party)
    return others_before == 0 and all(pos._party_of[t.winner] == party for t in pos._tricks)


def _beats_category(pos: Position, card: int, led: int) -> bool:
    """beat_highest_of_category (Q-X2): above every card of its own category already played."""
    d = pos.deck
    cat = TRUMP if d.suit[card] == TRUMP else d.suit[card]
    if cat not in (led, TRUMP):
        return False
    return all(d.rank[card] > d.rank[c] for _, c in pos._trick if d.suit[c] == cat)


def legal_steps(pos: Position, seat: int) -> tuple[set[int], list[Step]]:
    """The cards ``seat`` may play now, with the rule behind each restriction.

    Returns (cards, steps); steps is a list of (rule id, reason, cards it removed).
    """
    v, d, hand = pos.variant, pos.deck, pos._hands[seat]
    t = pos.trick_number
    ex = d.special
    steps: list[Step] = []
    if v.special == SKUS and ex in hand and t == pos.n_tricks - 2 and (
            pos._demanded or pos.options["skus_demand_policy"] == "always"):
        return {ex}, [("DK-3.7", "the skus was demanded for trick %d" % t, hand - {ex})]
    wild = ex in hand and v.special in (EXCUSE, SKUS)
    cards = hand - {ex} if wild else set(hand)
    legal = set(cards)

    def narrow(rule: str, reason: str, allowed: set[int]) -> None:
        nonlocal legal
        if allowed != legal:
            steps.append((rule, reason, legal - allowed))
            legal = allowed

    fam = v.family
    follow_rule = {"slovenian": "SI-3.1", "koenigrufen": "AT-3.1", "french": "FR-3.3", "danish": "DK-3.1"}[fam]
    trump_rule = {"slovenian": "SI-3.1", "koenigrufen": "AT-3.2", "french": "FR-3.4", "danish": "DK-3.2"}[fam]
    if not pos._trick:
        if pos.contract.colour and any(d.suit[x] < TRUMP for x in legal):
            narrow("AT-3.5", "in a colour game tarock may be led only without suit cards",
                   {x for x in legal if d.suit[x] < TRUMP})
    else:
        led = led_suit(pos)
        if led is not None:
            follow = {x for x in legal if d.suit[x] == led}
            if follow:
                narrow(follow_rule, "must follow %s" % _suit_name(led), follow)
            else:
                trumps = {x for x in legal if d.suit[x] == TRUMP}
                if trumps and pos.play_rules.tarockzwang:
                    narrow(trump_rule, "void in %s: must play a trump" % _suit_name(led), trumps)
            if v.must_overtrump and all(d.suit[x] == TRUMP for x in legal) and legal and (
                    led != TRUMP or pos.options["overtrump_on_trump_lead"]):
                top = max((d.rank[c] for _, c in pos._trick if d.suit[c] == TRUMP), default=0)
                higher = {x for x in legal if d.rank[x] > top}
                if higher:
                    narrow("FR-3.5", "must overtrump T%d" % top, higher)
            if pos.play_rules.must_beat:
                if pos.play_rules.must_beat_mode == "beat_winner":
                    beat = {x for x in legal
                            if winner_index(pos, pos._trick + [(seat, x)]) == len(pos._trick)}
                else:
                    beat = {x for x in legal if _beats_category(pos, x, led)}
                if beat:
                    narrow("SI-3.3" if fam == "slovenian" else "AT-3.3",
                           "negative contract: must beat the trick", beat)
    pagat = d.trump(1)
    if pos.play_rules.pagat_rule == "si" and pagat in legal and len(legal) > 1:
        narrow("SI-3.4", "negative contract: the pagat only when no other card is legal", legal - {pagat})
    if pos.play_rules.pagat_rule == "at" and pagat in legal and any(
            d.suit[x] == TRUMP and x != pagat for x in legal):
        narrow("AT-3.6", "negative game (rule 4c): the Pagat only when no other tarock may be played",
               legal - {pagat})
    if pos.play_rules.reserved:
        legal = _apply_reservations(pos, seat, legal, t, narrow)
    if wild and ex is not None:
        if v.special == EXCUSE:
            legal = legal | {ex}  # FR-3.1
        elif t != pos.n_tricks - 1:
            legal = legal | {ex}  # DK-3.4
        else:
            steps.append(("DK-3.6", "the skus may not be played in the next-to-last trick", {ex}))
    return legal, steps


def _apply_reservations(pos: Position, seat: int, legal: set[int], t: int,
                        narrow: Callable[[str, str, set[int]], None]) -> set[int]:
    """AT-3.4 rule 4a (and SI-3.5 for an announced pagat ultimo)."""
    rule = "SI-3.5" if pos.variant.family == "slovenian" else "AT-3.4"
    mine = {c: (trick, name) for c, (holder, trick, name) in pos.play_rules.reserved.items()
            if holder == seat and c in pos._hands[seat] and trick >= t}
    if not mine:
        return legal
    due = {c for c, (trick, _) in mine.items() if trick == t and c in legal}
    if due:
        narrow(rule, "announced %s: the card must be played to trick %d"
               % (" and ".join(sorted(mine[c][1] for c in due)), t), due)
        return due
    free = legal - set(mine)
    if free:
        narrow(rule, "announced ultimo cards are kept for their trick", free)
        return free
    first = min(mine[c][0] for c in legal if c in mine)
    forced = {c for c in legal if c in mine and mine[c][0] == first}
    narrow(rule, "forced to play an announced card early: the one due first", forced)
    return forced


def skus_names(pos: Position, seat: int) -> list[str]:
    """DK-3.5: a led skus is named as a suit (or T) that another player holds."""
    d = pos.deck
    held = {d.suit[c] for s in range(pos.players) if s != seat for c in pos._hands[s] if c != d.special}
    return [SKUS_NAMES[i] for i in range(5) if i in held]


def _suit_name(suit: int) -> str:
    return ("spades", "hearts", "diamonds", "clubs", "trumps", "the Excuse")[suit]

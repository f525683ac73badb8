"""The checks of a deal at the start of play: seats in range, every card of the deck once,
hand sizes, the talon and the piles each contract leaves, the discard rules, the SI-2.4 redeal,
the tricks a composed endgame has behind it, and who may make each announcement.

These are functions of the :class:`~solver.position.Position` being built: each one accepts
the deal or raises the :class:`~solver.errors.TarokError` that names the problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import format_hand
from .discards import check_discards
from .errors import (
    AnnouncementError,
    CardCountError,
    DuplicateCardError,
    HandSizeError,
    IllegalDiscardError,
    NotationError,
    RedealError,
    SeatError,
)
from .text import is_whole, item_and_seat, shown
from .variants import EXCHANGE, SKAT, SOLORUFER, TO_DECLARER, TO_DEFENCE, UNUSED

if TYPE_CHECKING:
    from .position import Position


def seat_number(pos: Position, value: object, role: str) -> int:
    """``value`` as the seat of ``role`` (declarer, partner, leader, announcing), checked."""
    if value is None:
        raise SeatError("%s needs a %s seat (0-%d)" % (pos.contract.name, role, pos.players - 1))
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < pos.players:
        raise SeatError("%s seat %s is out of range: seats are 0-%d in order of play"
                        % (role, shown(value), pos.players - 1))
    return value


def check_deck(pos: Position, places: list[tuple[str, list[int]]]) -> None:
    """Every card of the deck in exactly one of ``places`` ((name, cards): hands, piles, talon, skat)."""
    where: dict[int, str] = {}
    for name, cards in places:
        for card in cards:
            if card in where:
                raise DuplicateCardError("%s is both in %s and in %s"
                                         % (pos.deck.tokens[card], where[card], name))
            where[card] = name
    missing = [c for c in range(pos.deck.size) if c not in where]
    if missing:
        raise CardCountError("%d card%s of the %s deck %s nowhere in the deal: %s"
                             % (len(missing), "s" if len(missing) > 1 else "", pos.variant.id,
                                "is" if len(missing) == 1 else "are", format_hand(missing, pos.deck)))


def check_hand_sizes(pos: Position, initial: list[list[int]]) -> None:
    """Full hands at the start of play; a composed endgame's equal and not longer."""
    size = pos.variant.hand_size
    for s, h in enumerate(initial):
        if not pos.composed and len(h) != size:
            raise HandSizeError("seat %d holds %d cards; %s hands have %d at the start of play "
                                "(mark a shorter deal as composed)" % (s, len(h), pos.variant.id, size))
        if pos.composed and len(h) != len(initial[0]):
            raise HandSizeError("a composed endgame needs equal hands: seat 0 holds %d cards, "
                                "seat %d holds %d" % (len(initial[0]), s, len(h)))
    if pos.composed and not 0 < len(initial[0]) <= size:
        raise HandSizeError("a composed endgame needs 1 to %d cards per hand" % size)


def check_talon_fields(pos: Position, piles: dict[int, list[int]]) -> None:
    """The talon, skat and piles hold as many cards as the contract's talon rule leaves in each."""
    v, c = pos.variant, pos.contract
    t = v.talon_size
    sizes = {"talon": len(pos._talon), "skat": len(pos._skat)}
    if c.each_for_himself:
        sizes["seat_piles"] = sum(len(p) for p in piles.values())
    else:
        sizes.update(declarer_pile=len(piles[0]), defence_pile=len(piles[1]))
    want = {EXCHANGE: {"declarer_pile": c.group, "defence_pile": t - c.group},
            TO_DEFENCE: {"defence_pile": t}, TO_DECLARER: {"declarer_pile": t},
            UNUSED: {"talon": t}, SKAT: {"skat": t}}.get(c.talon, {})
    if c.talon == SOLORUFER:  # AT-6.5: the talon half holding the called king ends with the declarer
        want = {"declarer_pile": 3, "defence_pile": 3} if sizes["declarer_pile"] else {"defence_pile": t}
        if sizes["declarer_pile"] and pos.called_king not in piles[0]:
            raise IllegalDiscardError("Solorufer: the declarer keeps a talon half only when it holds "
                                      "the called king (AT-6.5)")
        if pos.called_king in piles[1]:
            raise IllegalDiscardError(
                "Solorufer: the called king %s is in the talon, so the declarer gets the talon half holding "
                "it (AT-6.5): give that half as declarer_pile and the other as defence_pile"
                % pos.deck.tokens[pos.called_king])
    for name, size in sizes.items():
        if size != want.get(name, 0):
            raise CardCountError("%s (%s) needs %d cards in %s, got %d"
                                 % (c.name, v.id, want.get(name, 0), name, size))


def check_deal_discards(pos: Position, initial: list[list[int]], piles: dict[int, list[int]]) -> tuple[int, ...]:
    """The discard rules (solver/discards.py) for the declarer's discard or the Danish skat."""
    c = pos.contract
    if c.talon == EXCHANGE:
        discards, holder = piles[0], pos.declarer
    elif c.talon == SKAT:
        discards, holder = pos._skat, pos.dealer
    else:
        return ()
    assert holder is not None  # an exchange has a declarer, a skat a dealer
    return check_discards(pos.variant, c, initial[holder], discards,
                          tout=("tout", pos.dealer) in pos.announcements)


def check_redeal(pos: Position, initial: list[list[int]], piles: dict[int, list[int]]) -> None:
    """SI-2.4 (option no_tarok_redeal): a seat dealt no tarok is shown and the deal is redealt
    as a forced klop, so only klop can follow such a deal.  The exchanging declarer's dealt
    hand is not known, but its taroks are among his hand and his discards."""
    if pos.contract.id == "klop":
        return
    dealt = [list(h) for h in initial]
    if pos.contract.talon == EXCHANGE and pos.declarer is not None:
        dealt[pos.declarer] += piles[0]
    seat = pos.variant.redeal_seat(dealt, pos.options)
    if seat is not None:
        raise RedealError("seat %d was dealt no tarok: the deal is thrown in and redealt as a forced klop "
                          "(SI-2.4), so it is not played as %s; set the option no_tarok_redeal=false for a "
                          "composed study" % (seat, pos.contract.name))


def check_tricks_taken(pos: Position, tricks_taken: object, hand_len: int) -> list[int]:
    """The tricks each seat won before a composed endgame: they add up to the tricks played."""
    before = pos.variant.tricks - hand_len
    if tricks_taken is None:
        if before:
            raise NotationError("a composed endgame with %d tricks already played needs tricks_taken "
                                "(tricks won so far, one number per seat)" % before)
        return [0] * pos.players
    if not isinstance(tricks_taken, (list, tuple)) or len(tricks_taken) != pos.players or not all(
            is_whole(t, 0) for t in tricks_taken):
        raise NotationError("tricks_taken needs %d non-negative numbers, one per seat" % pos.players)
    if sum(tricks_taken) != before:
        raise NotationError("tricks_taken adds up to %d, but %d tricks were played before this endgame"
                            % (sum(tricks_taken), before))
    return list(tricks_taken)


def parse_announcements(pos: Position, items: object) -> tuple[tuple[str, int], ...]:
    """The deal's announcements as (name, seat): those the contract implies, then ``items``
    (``"name@seat"`` or ``{"name": …, "seat": …}``), each checked against the variant, the
    contract and who may announce it."""
    v, c = pos.variant, pos.contract
    out = [(name, pos.declarer) for name in c.implied if pos.declarer is not None]
    given = items or ()
    if not isinstance(given, (list, tuple)):
        raise AnnouncementError('announcements take a list such as ["pagat_ultimo@1"], not %s' % shown(items))
    seat: object
    for item in given:
        name, seat = item_and_seat(item, "name")
        name = name.strip().lower() if isinstance(name, str) else name
        ann = v.announcements.get(name) if isinstance(name, str) else None
        if ann is None:
            raise AnnouncementError("%s is not an announcement of %s; known: %s"
                                    % (shown(name), v.id, ", ".join(v.announcements)))
        assert isinstance(name, str)
        if not ann.allowed_in(c):
            raise AnnouncementError("%s cannot be announced in %s" % (name, c.name))
        if name == "king_ultimo" and pos.called_king is None:
            raise AnnouncementError("king_ultimo needs the called_king to be given")
        if seat is None:
            seat = (pos.partner if ann.by == "partner" and pos.partner is not None
                    else pos.dealer if c.each_for_himself else pos.declarer)
        seat_no = seat_number(pos, seat, "announcing")
        _check_announcer(pos, name, seat_no)
        if (name, seat_no) not in out:
            out.append((name, seat_no))
    return tuple(out)


def _check_announcer(pos: Position, name: str, seat: int) -> None:
    if seat in pos.announcers(name):
        return
    if pos.variant.announcements[name].by == "partner":
        who = ("seat %d (write %s@%d)" % (pos.partner, name, pos.partner) if pos.partner is not None
               else "nobody here, the declarer has no partner")
        raise AnnouncementError("%s may be announced only by the partner, the holder of the called king "
                                "(SI-7): %s, not seat %d" % (name, who, seat))
    raise AnnouncementError("%s can be scored only by the opposing party (AT-7): seat %d is on the "
                            "declarer's side" % (name, seat))

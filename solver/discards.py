"""The discard rules: what the declarer may lay away from the talon exchange, and the Danish skat.

:func:`check_discards` is what :class:`solver.Position` enforces (SI-6.4, AT-6.5, FR-6.3 with
Q-FR8, DK-2.8); :func:`danish_skat` finds a legal skat for the dealing code, under the same
rules, so a dealt position is never refused.
"""

from .cards import TRUMP
from .errors import IllegalDiscardError
from .goals import danish_declaration_cards

_KING_RULE = {"slovenian": "SI-6.4", "koenigrufen": "AT-6.5", "french": "FR-6.3", "danish": "DK-2.8"}


def check_discards(variant, contract, hand, discards, tout=False):
    """Refuse (:class:`IllegalDiscardError`, naming card and rule) a discard the rules forbid.

    ``hand``: the holder's cards at the start of play, ``discards`` what he laid away (card
    indices); ``tout``: the Danish dealer announced tout.  Returns the discarded cards that
    belong to a Danish declaration, which DK-2.8 item 4 allows only when the hand leaves no
    other skat (the dealer then names them, and his declarations count them)."""
    v, c, d = variant, contract, variant.deck
    kings = {d.king(s) for s in range(4)}
    trula = (d.trump(1), d.trump(21), d.trump(22)) if v.family in ("slovenian", "koenigrufen") else ()

    def refuse(card, rule, why):
        raise IllegalDiscardError("%s may not be discarded: %s (%s)" % (d.tokens[card], why, rule))

    trumps_in_hand = [x for x in hand if d.suit[x] == TRUMP]
    for card in discards:
        if card in kings:
            refuse(card, _KING_RULE[v.family], "kings are never discarded")
        if card in trula:
            refuse(card, "SI-6.4" if v.family == "slovenian" else "AT-6.5", "trula cards are never discarded")
        if v.family == "koenigrufen" and c.colour and d.suit[card] < TRUMP and any(
                x not in trula for x in trumps_in_hand):
            refuse(card, "AT-6.5", "in a colour game no suit card while holding non-Trull tarock")
        if v.family == "french" and card in (d.trump(1), d.trump(21), d.special):
            refuse(card, "FR-6.3", "bouts are never discarded")
        if v.family == "danish":
            if card == d.trump(21):
                refuse(card, "DK-2.8", "mondo is never discarded")
            if card == d.special and not tout:
                refuse(card, "DK-2.8", "the skus only when the dealer announces tout")
            if d.suit[card] == TRUMP and trumps_in_hand:
                refuse(card, "DK-2.8", "tarokker only when the dealer thereby becomes void in tarokker")
    if v.family == "french":  # Q-FR8: trumps only when the hand has too few plain cards
        plain = [x for x in list(hand) + list(discards) if d.suit[x] < TRUMP and x not in kings]
        trumps = [x for x in discards if d.suit[x] == TRUMP]
        if len(trumps) > max(0, len(discards) - len(plain)):
            refuse(trumps[0], "FR-6.3, Q-FR8", "a trump only when there are not enough other cards to discard")
    if v.family != "danish":
        return ()
    whole = list(hand) + list(discards)
    declared = declaration_cards(d, whole)
    named = tuple(x for x in discards if x in declared)
    if named and danish_skat(d, whole, len(discards), tout, keep=declared) is not None:
        refuse(named[0], "DK-2.8", "no discarding from a declaration while the hand offers another skat")
    return named


def declaration_cards(deck, hand):
    """DK-2.8 item 4: the cards of a Danish hand (card indices) that belong to one of its
    declarations (DK-6.2).  The skus is left out: item 2 alone says when it may be laid away."""
    return {deck.index[t] for t in danish_declaration_cards(deck.tokens[x] for x in hand)} - {deck.special}


def danish_skat(deck, hand, size, tout=False, keep=None, key=None):
    """A legal Danish skat (DK-2.8) of ``size`` cards from the dealer's ``hand`` (card indices),
    the lowest by ``key`` first; None if there is none.  It lays away no card of ``keep``; by
    default (None) no declaration card, as long as the hand offers another skat (item 4).
    Plain cards (and the skus with ``tout``) are preferred; tarokker go only all together, to
    make the dealer void, and never with the mondo in hand."""
    if keep is None:
        return danish_skat(deck, hand, size, tout, declaration_cards(deck, hand), key) or danish_skat(
            deck, hand, size, tout, (), key)
    key = key or (lambda x: x)
    kings = {deck.king(s) for s in range(4)}
    plain = sorted((x for x in hand if x not in keep and (deck.suit[x] < TRUMP and x not in kings
                                                         or (tout and x == deck.special))), key=key)
    if len(plain) >= size:
        return plain[:size]
    tarokker = [x for x in hand if deck.suit[x] == TRUMP]
    if (deck.trump(21) in tarokker or any(x in keep for x in tarokker) or len(tarokker) > size
            or len(tarokker) + len(plain) < size):
        return None
    return plain[:size - len(tarokker)] + tarokker

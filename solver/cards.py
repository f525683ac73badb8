"""Card identity and notation.

A card is an ``int``: its index in the variant's deck.  Decks list the four
suits S H D C, each from its lowest to its highest card, then the trumps
T1, T2, … and last the Excuse/skus ``EX`` where the deck has one.  The index
order therefore also sorts cards by suit and strength.

Canonical tokens: suit letter then rank (``SK``, ``HQ``, ``DN``, ``CJ``,
``S10``, ``H1``), trumps ``T1``…``T21``, ``T22`` for the škis/Sküs of the
54-card games, ``EX`` for the French Excuse and the Danish skus.
:func:`parse_card` is lenient (aliases, Roman numerals, suit symbols, lower
case); :func:`format_hand` always writes the canonical form.
"""

import re
import unicodedata
from dataclasses import dataclass

from .errors import CardNotInDeckError, DuplicateCardError, NotationError, UnknownCardError
from .text import shown, whole_number

SUIT_LETTERS = "SHDC"
TRUMP = 4  # the suit index of trumps
SPECIAL = 5  # the suit index of the French Excuse and the Danish skus (EX)
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs", "trumps", "special")
COURTS = ("J", "N", "Q", "K")  # lowest to highest (RULES.md Q-X6: K > Q > N > J)

# Pip order of each deck family, lowest first (RULES.md DK-1.3, AT-1.2, SI-1.3, FR-1.2).
_PIPS_54_BLACK = (7, 8, 9, 10)
_PIPS_54_RED = (4, 3, 2, 1)
_PIPS_78 = tuple(range(1, 11))
_PIPS_DANISH_RED = tuple(range(10, 0, -1))


@dataclass(frozen=True)
class Deck:
    """The cards of one deck family, as parallel tuples indexed by card."""

    name: str
    tokens: tuple
    suit: tuple  # 0..3 suits S H D C, 4 trumps, 5 EX
    rank: tuple  # strength inside the suit, 0 = lowest; trumps: their number; EX: 0
    index: dict  # canonical token -> card

    @property
    def size(self):
        return len(self.tokens)

    @property
    def special(self):
        """The card index of EX, or None (54-card decks have T22 instead)."""
        return self.index.get("EX")

    def trump(self, number):
        return self.index["T%d" % number]

    def king(self, suit):
        return self.index[SUIT_LETTERS[suit] + "K"]


def _build_deck(name, pips_by_suit, top_trump, has_excuse):
    tokens, suit, rank = [], [], []
    for s, letter in enumerate(SUIT_LETTERS):
        ranks = ["%s%d" % (letter, p) for p in pips_by_suit[s]] + [letter + c for c in COURTS]
        for r, tok in enumerate(ranks):
            tokens.append(tok)
            suit.append(s)
            rank.append(r)
    for n in range(1, top_trump + 1):
        tokens.append("T%d" % n)
        suit.append(TRUMP)
        rank.append(n)
    if has_excuse:
        tokens.append("EX")
        suit.append(SPECIAL)
        rank.append(0)
    return Deck(name, tuple(tokens), tuple(suit), tuple(rank), {t: i for i, t in enumerate(tokens)})


DECK_54 = _build_deck(
    "54 cards (Slovenian, Königrufen)",
    (_PIPS_54_BLACK, _PIPS_54_RED, _PIPS_54_RED, _PIPS_54_BLACK), 22, False)
DECK_FRENCH = _build_deck("78 cards (French)", (_PIPS_78,) * 4, 21, True)
DECK_DANISH = _build_deck(
    "78 cards (Danish)", (_PIPS_78, _PIPS_DANISH_RED, _PIPS_DANISH_RED, _PIPS_78), 21, True)


# ---------------------------------------------------------------- parsing

_SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_RANK_ALIASES = {
    "K": "K",
    "Q": "Q", "D": "Q",  # Dame / dama
    "N": "N", "C": "N", "KN": "N", "R": "N", "CV": "N",  # knight, cavalier, kaval, Reiter
    "J": "J", "B": "J", "F": "J", "V": "J",  # jack, Bube/bonde, fant, valet
    "A": "1",
}
_NAMED = {  # whole-word aliases; "SPECIAL" is the 22nd trump-like card of the variant
    "PAGAT": "T1", "PETIT": "T1", "MOND": "T21", "MONDO": "T21",
    "SKIS": "SPECIAL", "SKUS": "SPECIAL", "SKYS": "SPECIAL", "EXCUSE": "SPECIAL",
    "FOOL": "SPECIAL", "*": "SPECIAL", "EX": "EX",
    "UHU": "T2", "PELIKAN": "T3", "QUAPIL": "T4",
}
_TOKEN_SPLIT = re.compile(r"[\s,;]+")


def _roman(text):
    """Value of a Roman numeral I..XXII (also the traditional IIII), or None."""
    if not text or any(ch not in "IVX" for ch in text):
        return None
    if text == "IIII":
        return 4
    return next((n for n in range(1, 23) if _to_roman(n) == text), None)


def _to_roman(n):
    out = ""
    for value, sym in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += sym
            n -= value
    return out


def _fold(text):
    """Upper case without diacritics: 'škis' -> 'SKIS', 'Sküs' -> 'SKUS'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).upper()


def canonical_token(text, deck):
    """The canonical spelling of a card token for ``deck``, whether or not it is in the deck.

    Raises :class:`UnknownCardError` when the text is not a card in any notation.
    """
    raw = text.strip()
    t = _fold(raw)
    for sym, letter in _SUIT_SYMBOLS.items():
        if t.endswith(sym) and len(t) > 1:  # "K♠" -> "♠K"
            t = sym + t[:-1]
        t = t.replace(sym, letter)
    t = t.replace(" ", "")
    named = _NAMED.get(t)
    if named == "SPECIAL":
        return "EX" if deck.special is not None else "T22"
    if named:
        return named
    if t.startswith("T") and _number(t[1:]):
        return "T%d" % _number(t[1:])
    for body in (t[1:] if t.startswith("T") else None, t):
        n = _roman(body) if body else None
        if n:
            return "T%d" % n
    if len(t) >= 2 and t[0] in SUIT_LETTERS:
        rank = t[1:]
        rank = _RANK_ALIASES.get(rank, rank)
        if rank in COURTS:
            return t[0] + rank
        if _number(rank) and _number(rank) <= 10:
            return "%s%d" % (t[0], _number(rank))
    raise UnknownCardError("%s is not a card: write suit then rank (SK, H10, DN, CJ), "
                           "T1..T22 for trumps, EX for the Excuse/skus" % shown(raw))


def _number(text):
    """A card number written in ASCII digits (leading zeros allowed), else None (or 0)."""
    return whole_number(text) if text.isascii() and text.isdigit() else None


def parse_card(text, deck):
    """Card index of a token, leniently parsed.

    >>> DECK_54.tokens[parse_card("♥k", DECK_54)]
    'HK'
    >>> DECK_54.tokens[parse_card("škis", DECK_54)], DECK_FRENCH.tokens[parse_card("excuse", DECK_FRENCH)]
    ('T22', 'EX')
    >>> DECK_54.tokens[parse_card("XXI", DECK_54)]
    'T21'
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < deck.size:
            return text
        raise CardNotInDeckError("card index %s is outside the %s deck (0-%d)" % (shown(text), deck.name,
                                                                                deck.size - 1))
    if not isinstance(text, str):
        raise UnknownCardError("%s is not a card: a card is a token such as SK or T21" % shown(text))
    tok = canonical_token(text, deck)
    try:
        return deck.index[tok]
    except KeyError:
        hint = ""
        if tok == "T22" and deck.special is not None:
            hint = " (the special card of this deck is EX)"
        elif tok == "EX":
            hint = " (the special card of this deck is T22, the škis/Sküs)"
        raise CardNotInDeckError("%s is not a card of the %s deck%s" % (tok, deck.name, hint)) from None


def parse_cards(text, deck, what="hand"):
    """A list of card indices from text (tokens separated by spaces or commas) or an iterable.

    Duplicates raise :class:`DuplicateCardError` naming the card and ``what``.
    """
    if text is None:
        return []
    if isinstance(text, str):
        items = _TOKEN_SPLIT.split(text.strip())
    elif isinstance(text, (list, tuple)):
        items = list(text)
    else:
        raise NotationError("%s takes card text such as 'SK S7 T1' or a list of tokens, not %s" % (what, shown(text)))
    cards, seen = [], set()
    for item in items:
        if item == "":
            continue
        c = parse_card(item, deck)
        if c in seen:
            raise DuplicateCardError("%s appears twice in %s" % (deck.tokens[c], what))
        seen.add(c)
        cards.append(c)
    return cards


def sort_key(deck):
    """Canonical display order: suits S H D C, then trumps, then EX; highest card first."""
    return lambda c: (deck.suit[c], -deck.rank[c])


def format_hand(cards, deck):
    """Canonical text of a set of cards."""
    return " ".join(deck.tokens[c] for c in sorted(cards, key=sort_key(deck)))

"""What the scoring tests share: composed endgames whose piles hold an exact number of card
points (``endgame``), one such deal per family (``si_game``, ``fr_game``, ``dk``), a Königrufen
value profile, and readers of a settlement's lines."""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed, rest_of_deck  # noqa: E402

from solver import get_variant  # noqa: E402

# A complete Königrufen value profile for tests only (the seed's tables are missing, Q-AT1):
# distinct numbers so a wrong item shows.
AT_VALUES = {"rufer_pagat": 3, "rufer_uhu": 4, "rufer_pelikan": 5, "rufer_quapil": 6, "farbendreier": 7,
             "solofarbendreier": 14, "bettler": 8, "bettler_ouvert": 16, "piccolo": 9, "piccolo_ouvert": 18,
             "pagat": 1, "uhu": 2, "pelikan": 3, "quapil": 4, "king_ultimo": 5, "koenigfang": 6,
             "mondfang": 7, "trull": 8, "kings": 9, "honneurs": 10, "absolut": 11, "valat": 100}


def units_of(variant, tokens):
    v = get_variant(variant)
    return sum(v.points[v.deck.index[t]] for t in tokens.split())


def endgame(variant, contract, hands, decl="", defe="", decl_units=None, play=None, **kw):
    """A composed endgame: ``hands`` per seat, the cards ``decl`` / ``defe`` in the declarer's /
    defence's pile, and the rest of the deck: into the declarer's pile until it holds
    ``decl_units`` (greedily, high cards first), the remainder to the defence.  Then the
    endgame is played (``play`` tokens, else the first legal card each time)."""
    v = get_variant(variant)
    free = rest_of_deck(variant, *hands, decl, defe).split()
    pile = decl.split()
    if decl_units is not None:
        need = decl_units - units_of(variant, decl)
        for tok in sorted(free, key=lambda t: -v.points[v.deck.index[t]]):
            value = v.points[v.deck.index[tok]]
            if value <= need:
                pile.append(tok)
                need -= value
        assert need == 0, "cannot fill the declarer's pile exactly"
    defence = defe.split() + [t for t in free if t not in pile]
    pos = composed(variant, hands, contract=contract, declarer_pile=" ".join(pile),
                   defence_pile=" ".join(defence), rest="defence", **kw)
    for tok in (play.split() if play else ()):
        pos.play(tok)
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos


def items(settlement):
    return {line.item: line.amount for line in settlement.lines}


def line_of(settlement, item):
    return next(x for x in settlement.lines if x.item == item)


# one deal per family, its count fixed exactly

SI_HANDS = ["T5", "S7", "H4", "D4"]  # seat 0 (declarer) wins the last trick: 4 thirds
SI_SPLIT = dict(decl="T1 SK HK", defe="T21 T22 DK CK")  # no trula, no kings for either side


def si_game(points, contract="solo_two", tricks_taken=(5, 2, 2, 2), variant="slovenian4", **kw):
    """Declarer seat 0 ends with ``points`` exact points (a number of thirds if given as a Fraction)."""
    target = int(Fraction(points) * 3)
    return endgame(variant, contract, SI_HANDS if variant == "slovenian4" else SI_HANDS[:3],
                   decl_units=target - (4 if variant == "slovenian4" else 3),
                   tricks_taken=list(tricks_taken), **dict(SI_SPLIT, **kw))


FR_HANDS = ["T5", "S1", "H1", "D1"]


def fr_game(points, contract="garde", variant="french4", decl="T1 T21", defe="EX", hands=None, **kw):
    """Preneur seat 0 ends with ``points`` (exact, may be x.5) and the bouts of ``decl``."""
    hands = hands or FR_HANDS[:get_variant(variant).players]
    target = int(Fraction(points) * 2)
    kw.setdefault("tricks_taken", [5] + [4] * (get_variant(variant).players - 1)
                  if variant == "french4" else None)
    if kw["tricks_taken"] is None:
        n = get_variant(variant).tricks - 1
        p = get_variant(variant).players
        kw["tricks_taken"] = [n - (p - 1) * (n // p)] + [n // p] * (p - 1)
    return endgame(variant, contract, hands, decl=decl, defe=defe,
                   decl_units=target - units_of(variant, " ".join(hands)), **kw)


DK = "danish"


def dk(hands, taken=(8, 8, 8), rest=0, play=None, **kw):
    pos = composed(DK, hands, rest=rest, tricks_taken=list(taken), **kw)
    for tok in (play.split() if play else ()):
        pos.play(tok)
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos

"""Goal and bonus conditions, each defined once on a finished (or stopped) Position.

The solver's goals and the scoring's bonuses both read these definitions, so the
two can never disagree: the solver tests check every solved value against these
predicates evaluated at the end of the solver's own line and of the reference
minimax.  ``party`` is a party index of the position (0 = declarer side in team
games; the seat itself in each-for-himself games).
"""

from .text import shown

# goal id -> (description, which variants / contracts it applies to)
GOALS = {
    "points": "card points the side ends with (exact units)",
    "tricks": "tricks the side ends with",
    "win": "the contract is made (point threshold, French bouts requirement, beggar, piccolo, valat)",
    "valat": "the side wins every trick (valat, tout, chelem)",
    "no-tricks": "the side wins no trick (beggar, Bettler, nolo)",
    "one-trick": "the side wins exactly one trick (piccolo)",
    "pagat-ultimo": "the side's pagat wins the last trick",
    "king-ultimo": "54-card games: the called king falls in the last trick and the side wins it; "
                   "Danish: the side wins the last trick with a king",
    "petit-au-bout": "French: the petit falls in the last trick and the side wins it",
    "uhu": "Königrufen: the side's tarock II wins the second-to-last trick",
    "pelikan": "Königrufen: the side's tarock III wins the third-to-last trick",
    "quapil": "Königrufen: the side's tarock IIII wins the fourth-to-last trick",
    "trula": "54-card games: pagat, mond and škis all end in the side's pile",
    "kings": "all four kings end in the side's pile",
    "mond-capture": "54-card games: an opponent's mond (T21) is beaten",
}

# Königrufen designated tricks, counted from the end (AT-3.4)
_FROM_END = {"pagat-ultimo": 0, "uhu": 1, "pelikan": 2, "quapil": 3}
_TAROCK = {"pagat-ultimo": 1, "uhu": 2, "pelikan": 3, "quapil": 4}

FRENCH_REQUIREMENT = {0: 112, 1: 102, 2: 82, 3: 72}  # FR-6.4 in half points, by bouts held


def applies(pos, goal):
    """None if ``goal`` can be asked of ``pos``, else the reason it cannot."""
    v, c = pos.variant, pos.contract
    fam = v.family
    if not isinstance(goal, str) or goal not in GOALS:
        return "unknown goal %s; goals are %s" % (shown(goal), ", ".join(GOALS))
    if goal == "win":
        if c.each_for_himself:
            return "%s has no contract to make" % c.name
        return None
    if goal in ("trula", "mond-capture") and v.deck.size != 54:
        return "%s is a goal of the 54-card games" % goal
    if goal == "petit-au-bout" and fam != "french":
        return "petit-au-bout is a French goal"
    if goal in ("uhu", "pelikan", "quapil") and fam != "koenigrufen":
        return "%s is a Königrufen goal" % goal
    if goal == "king-ultimo" and fam != "danish" and pos.called_king is None:
        return "king-ultimo needs a called king"
    return None


def bouts(pos, party):
    """French bouts (T1, T21, EX) in the party's pile."""
    return sum(1 for tok in ("T1", "T21", "EX") if tok in pos.pile(party))


def win_target(pos, options=None):
    """The declarer side's point threshold in units (Slovenian / Königrufen), or None;
    ``options``: rule options to read instead of the position's (a settlement's overrides)."""
    options = pos.options if options is None else options
    if pos.variant.family in ("slovenian", "koenigrufen"):
        return 106 if options.get("win_at_35_plus_card") else 107  # SI-6.6 / Q-SI1, AT-5.3
    return None


def achieved(pos, goal, party, options=None):
    """The goal's value at the end of play: an int for points/tricks, else a bool (``options``:
    rule options to read instead of the position's, see :func:`win_target`)."""
    reason = applies(pos, goal)
    if reason:
        raise ValueError(reason)
    d = pos.deck
    last = pos.tricks[-1] if pos.tricks and pos.tricks[-1].number == pos.n_tricks else None
    members = pos.parties[party]
    if goal == "points":
        return pos.points(party)
    if goal == "tricks":
        return pos.tricks_won(party)
    if goal == "win":
        obj = pos.contract.objective
        if obj == "no_tricks":
            return pos.tricks_won(party) == 0
        if obj == "one_trick":
            return pos.tricks_won(party) == 1
        if obj == "all_tricks":
            return pos.tricks_won(party) == pos.n_tricks
        if pos.variant.family == "french":  # FR-6.4: the requirement follows the bouts held at the end
            return pos.points(party) >= FRENCH_REQUIREMENT[bouts(pos, party)]
        return pos.points(party) >= win_target(pos, options)
    if goal == "valat":
        return pos.tricks_won(party) == pos.n_tricks
    if goal == "no-tricks":
        return pos.tricks_won(party) == 0
    if goal == "one-trick":
        return pos.tricks_won(party) == 1
    if goal in _FROM_END:
        number = pos.n_tricks - _FROM_END[goal]
        trick = next((t for t in pos.tricks if t.number == number), None)
        card = "T%d" % _TAROCK[goal]
        return trick is not None and any(s == trick.winner and tok == card for s, tok in trick.cards) \
            and trick.winner in members
    if goal == "king-ultimo":
        if last is None:
            return False
        if pos.variant.family == "danish":  # DK-7.7: the last trick won with a king
            return last.winner in members and any(
                s == last.winner and tok.endswith("K") and tok[0] in "SHDC" for s, tok in last.cards)
        king = d.tokens[pos.called_king]
        return last.winner in members and any(tok == king for _, tok in last.cards)
    if goal == "petit-au-bout":
        return last is not None and last.winner in members and any(tok == "T1" for _, tok in last.cards)
    if goal in ("trula", "kings"):
        wanted = {"trula": ("T1", "T21", "T22"), "kings": ("SK", "HK", "DK", "CK")}[goal]
        pile = set(pos.pile(party))
        return all(tok in pile for tok in wanted)
    if goal == "mond-capture":  # Q-X3: the other party's mond is beaten, whoever beats it
        for t in pos.tricks:
            for s, tok in t.cards:
                if tok == "T21":
                    return s not in members and t.winner != s
        return False
    raise AssertionError(goal)



# ------------------------------------------------------------------ scoring conditions
#
# Bonus conditions that the settlement (solver/scoring.py) needs beyond the solver's goals
# above.  Each is a function of the finished deal's tricks and piles, defined here once;
# where a goal above already decides a case, these call ``achieved`` rather than repeat it.

HONOURS_54 = ("SK", "HK", "DK", "CK", "T1", "T21", "T22")  # AT-7 Honneurs: 4 kings + the Trull
ULTIMO_GOALS = ("pagat-ultimo", "uhu", "pelikan", "quapil")
ABSOLUT_UNITS = 136  # AT-5.3: 45 1/3 points in thirds
BUERGERMEISTER_UNITS = 96  # AT-8.7: 32 points in thirds


def card_trick(pos, token):
    """(trick, seat) of the completed trick in which ``token`` was played, or None."""
    for trick in pos.tricks:
        for seat, tok in trick.cards:
            if tok == token:
                return trick, seat
    return None


def ultimo_party(pos, goal):
    """AT-7 Pagat/Uhu/Pelikan/Quapil and SI-7 silent pagat ultimo: the party that scores
    the bonus of a low tarock played to its designated trick (``goal`` one of
    :data:`ULTIMO_GOALS`): the party of its player if the card itself won the trick (the
    goal ``achieved``), otherwise the other party (even if the player's partner won the
    trick).  None when the card did not fall in that trick.  Team games only."""
    number = pos.n_tricks - _FROM_END[goal]
    found = card_trick(pos, "T%d" % _TAROCK[goal])
    if found is None or found[0].number != number:
        return None
    own = pos.party_of(found[1])
    return own if achieved(pos, goal, own) else 1 - own


def honneurs(pos, party):
    """AT-7 Honneurs: at least 5 of the 7 honours (4 kings, Pagat, Mond, Sküs) in the party's
    pile (talon cards and discards included, Q-AT6)."""
    pile = set(pos.pile(party))
    return sum(tok in pile for tok in HONOURS_54) >= 5


def absolut(pos, party):
    """AT-7 Absolut: at least 45 1/3 card points (136 thirds) in the party's pile."""
    return pos.points(party) >= ABSOLUT_UNITS


def king_capture(pos, party):
    """AT-7 Königfang: the called king ends with the opposing party (``party`` 1, the
    defence) — won in a trick, or in the talon left to it.  False for the declarer side."""
    if pos.called_king is None or party == pos.party_of(pos.declarer):
        return False
    return pos.deck.tokens[pos.called_king] in pos.pile(party)


def mond_penalty_seat(pos):
    """SI-7 mond captured ([003], Q-X3): the seat whose mond (T21) fell in the same trick as
    the škis (T22) without an emperor trick (the pagat winning), else None."""
    found = card_trick(pos, "T21")
    if found is None:
        return None
    trick, seat = found
    tokens = dict((s, tok) for s, tok in trick.cards)
    if "T22" not in tokens.values() or tokens[trick.winner] == "T1":
        return None
    return seat


def buergermeister(pos, seat):
    """AT-8.7 Bürgermeister: a Trischaken player with at least 32 card points."""
    return pos.points(pos.party_of(seat)) >= BUERGERMEISTER_UNITS


def danish_lost_honours(pos):
    """DK-7.1: (trick number, seat, token) for every pagat or king played to a trick that its
    player did not win, in order of play."""
    return [(t.number, s, tok) for t in pos.tricks for s, tok in t.cards
            if s != t.winner and (tok == "T1" or (tok[0] in "SHDC" and tok.endswith("K")))]


def danish_pagat_wins(pos):
    """DK-7.2: (trick number, seat) for every trick won with the pagat (T1 the winning card)."""
    return [(t.number, t.winner) for t in pos.tricks
            if any(s == t.winner and tok == "T1" for s, tok in t.cards)]


def danish_bagud(pos):
    """DK-7.4 bagud: (seat, token) for every pagat or king played to the last trick by a player
    who did not win it, in order of play; empty if the last trick was not played."""
    last = pos.n_tricks
    return [(s, tok) for number, s, tok in danish_lost_honours(pos) if number == last]


def danish_ultimo(pos):
    """DK-7.7 ultimo: (seat, cup) when the last trick was won with the pagat ("pagat") or with a
    king ("king"), else None.  Reads the goals pagat-ultimo / king-ultimo."""
    if not pos.tricks or pos.tricks[-1].number != pos.n_tricks:
        return None
    winner = pos.tricks[-1].winner
    party = pos.party_of(winner)
    if achieved(pos, "pagat-ultimo", party):
        return winner, "pagat"
    if achieved(pos, "king-ultimo", party):
        return winner, "king"
    return None


DANISH_LEVELS = {"half": 5, "full": 10, "sprojtefuld": 15}  # DK-6.2 kavaleri / konger tariffs


def danish_declarations(hand):
    """DK-6.2: everything a Danish hand (tokens, after the skat is laid) must declare
    (DK-6.1), as (kind, detail, payment from each other player):
    ("tarokker", T, 5 (T - 8)) for T >= 10 tarokker, skus included;
    ("matadorer", M, 5 (M - 1)) for T21 + T1 + skus (+ T20, T19 … unbroken);
    ("kavaleri", "S:full", 10) / "S:half" (3 courts + skus, 5) / "S:sprojtefuld" (4 + skus, 15);
    ("konger", "full", 10) / "half" (3 kings + skus, 5) / "sprojtefuld" (4 + skus, 15).
    One skus may complete several half declarations (Q-DK9)."""
    hand = set(hand)
    skus = "EX" in hand
    out = []
    tarokker = sum(1 for tok in hand if tok.startswith("T")) + skus
    if tarokker >= 10:
        out.append(("tarokker", tarokker, 5 * (tarokker - 8)))
    if {"T21", "T1", "EX"} <= hand:
        run = 3
        while "T%d" % (21 - (run - 2)) in hand and run < 22:
            run += 1
        out.append(("matadorer", run, 5 * (run - 1)))
    for suit in "SHDC":
        courts = sum(suit + c in hand for c in "KQNJ")
        level = _danish_level(courts, skus)
        if level:
            out.append(("kavaleri", "%s:%s" % (suit, level), DANISH_LEVELS[level]))
    level = _danish_level(sum(s + "K" in hand for s in "SHDC"), skus)
    if level:
        out.append(("konger", level, DANISH_LEVELS[level]))
    return out


def danish_declaration_cards(hand):
    """DK-2.8 item 4 ("Der må ikke ecarteres fra meldinger"): the cards of a Danish hand (tokens)
    that belong to one of its declarations (DK-6.2): every tarok and the skus of a tarokker
    declaration, the run of matadorer, the courts of a kavaleri and the kings of konger (with
    the skus that completes a half or sprøjtefuld one)."""
    hand = set(hand)
    out = set()
    for kind, detail, _ in danish_declarations(hand):
        if kind == "tarokker":
            out |= {t for t in hand if t.startswith("T")} | {"EX"}
        elif kind == "matadorer":
            out |= {"T21", "T1", "EX"} | {"T%d" % (21 - i) for i in range(1, detail - 2)}
        else:
            level = detail.split(":")[-1]
            cards = {detail[0] + c for c in "KQNJ"} if kind == "kavaleri" else {s + "K" for s in "SHDC"}
            out |= (cards & hand) | ({"EX"} if level != "full" else set())
    return out


def _danish_level(count, skus):
    if count == 4:
        return "sprojtefuld" if skus else "full"
    if count == 3 and skus:
        return "half"
    return None


def danish_supports(hand, kind, detail):
    """DK-6.3: whether a Danish hand supports the declaration (kind, detail) as declared: at
    least that many tarokker / matadorer, or exactly the kavaleri / konger condition."""
    made = {(k, d) for k, d, _ in danish_declarations(hand)}
    if kind in ("tarokker", "matadorer"):
        return any(k == kind and d >= detail for k, d in made)
    hand = set(hand)
    skus = "EX" in hand
    if kind == "kavaleri":
        suit, level = detail.split(":")
        count = sum(suit + c in hand for c in "KQNJ")
    else:
        level, count = detail, sum(s + "K" in hand for s in "SHDC")
    return {"half": count >= 3 and skus, "full": count == 4,
            "sprojtefuld": count == 4 and skus}[level]


POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # FR-7.2: single, double, triple


def poignee_trumps(hand, excuse_counts=False):
    """FR-7.2 / Q-FR11: trumps a French hand can show in a poignée (T1..T21; the Excuse only
    when ``excuse_counts``)."""
    return sum(1 for tok in hand if tok.startswith("T")) + (1 if excuse_counts and "EX" in hand else 0)

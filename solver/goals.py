"""Goal and bonus conditions, each defined once on a finished (or stopped) Position.

The solver's goals and the scoring's bonuses both read these definitions, so the
two can never disagree: the solver tests check every solved value against these
predicates evaluated at the end of the solver's own line and of the reference
minimax.  ``party`` is a party index of the position (0 = declarer side in team
games; the seat itself in each-for-himself games).
"""

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
    if goal not in GOALS:
        return "unknown goal %r; goals are %s" % (goal, ", ".join(GOALS))
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


def win_target(pos):
    """The declarer side's point threshold in units (Slovenian / Königrufen), or None."""
    if pos.variant.family in ("slovenian", "koenigrufen"):
        return 106 if pos.options.get("win_at_35_plus_card") else 107  # SI-6.6 / Q-SI1, AT-5.3
    return None


def achieved(pos, goal, party):
    """The goal's value at the end of play: an int for points/tricks, else a bool."""
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
        return pos.points(party) >= win_target(pos)
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


"""The bounds of the yes/no goals that count special cards: the event goals (pagat ultimo,
uhu, pelikan, quapil) are decided before any search when the event can no longer happen,
and only then; the French contract counts only the bouts the taker may still end with.

The solver bounds an event goal by whether a card of the event is still held by a seat that
can make it count (the side, for an ultimo) and, for a trump that must win a given trick,
whether another player holds nothing but higher trumps (one of them falls in that trick)
while no emperor trick can still let the pagat win (SI-4.1, AT-4.3).  On composed endgames
dense in those cards (``endgames.special_endgame``), this test works the same conditions
out from the hands, in Python, and checks:

* where they say the event is lost, the solver answers no after 0 nodes;
* everywhere, the answer equals the plain reference minimax;
* each case (no event card for the side, only higher trumps, the emperor still possible)
  occurs often enough to mean something.
"""

import os
import random
import sys

from solver import Position, get_variant
from solver.search import Solver, side_seats

sys.path.insert(0, os.path.dirname(__file__))
import reference  # noqa: E402
from endgames import ref_game, special_endgame  # noqa: E402

ULTIMO_TRICK = {"pagat-ultimo": 0, "uhu": 1, "pelikan": 2, "quapil": 3}  # tricks before the last
EVENT_TRUMP = {"pagat-ultimo": 1, "uhu": 2, "pelikan": 3, "quapil": 4}
MIN_CASES = 15


def _trump(token):
    return int(token[1:]) if token[0] == "T" and token[1:].isdigit() else None


def _case(pos, goal, seats):
    """Which case the hands make of ``goal``: "no card", "higher trumps", "emperor" (only
    higher trumps but the pagat may still win the emperor trick), or None (the event is
    still open)."""
    number = EVENT_TRUMP[goal]
    token = "T%d" % number
    if not any(token in pos.hand(s) for s in seats):
        return "no card"
    out = {_trump(t) for s in range(pos.players) for t in pos.hand(s)}
    for s in range(pos.players):
        trumps = [_trump(t) for t in pos.hand(s)]
        if trumps and all(t is not None and t > number for t in trumps):
            if number == 1 and pos.play_rules.emperor and {21, 22} <= out:
                return "emperor"
            return "higher trumps"
    return None


def test_lost_ultimos_are_decided_before_any_search():
    cases = {"no card": 0, "higher trumps": 0, "emperor": 0}
    rng = random.Random("event bound")
    for k in range(1500):
        vid, cid, goals = (("slovenian4", "three", ["pagat-ultimo"]) if k % 2 else
                           ("koenigrufen", "rufer", ["pagat-ultimo", "uhu"]))
        pos = special_endgame(vid, cid, rng, sizes=(1, 2))
        if pos is None or pos.is_over:
            continue
        for goal in goals:
            tricks_left = pos.n_tricks - pos.trick_number + 1
            if tricks_left <= ULTIMO_TRICK[goal]:
                continue  # the event's trick has passed
            seats = side_seats(pos, None)
            case = _case(pos, goal, seats)
            r = Solver(4).solve(pos, goal)
            assert int(r.value) == reference.value(ref_game(pos), seats, goal), (goal, pos.to_line())
            if case in ("no card", "higher trumps"):
                assert r.value is False and r.nodes == 0, (goal, case, r.nodes, pos.to_line())
                cases[case] += 1
            elif case == "emperor":
                cases[case] += 1
    assert min(cases.values()) >= MIN_CASES, cases


def _chelem_endgame(vid, rng):
    """A composed French endgame of 1-2 cards a hand where the taker holds the Excuse and has
    won every trick, and a defender holds the 21 (FR-4.4: the Excuse may still take it in the
    last trick); the other cards and the piles are random."""
    v = get_variant(vid)
    d, n = v.deck, v.players
    size = rng.choice((1, 2))
    taker = rng.randrange(n)
    holder = rng.choice([s for s in range(n) if s != taker])
    rest = [x for x in range(d.size) if x not in (d.special, d.trump(21))]
    rng.shuffle(rest)
    hands = [rest[s * (size - 1):(s + 1) * (size - 1)] for s in range(n)]
    extra = rest[n * (size - 1):]
    hands[taker].append(d.special)
    hands[holder].append(d.trump(21))
    for s in range(n):
        if len(hands[s]) < size:
            hands[s].append(extra.pop())
    taken = [0] * n
    taken[taker] = v.tricks - size
    mine = [x for x in extra if rng.random() < 0.55]
    data = {"variant": vid, "contract": "garde", "composed": True, "declarer": taker,
            "leader": rng.randrange(n), "tricks_taken": taken,
            "hands": [" ".join(d.tokens[x] for x in h) for h in hands],
            "declarer_pile": " ".join(d.tokens[x] for x in mine),
            "defence_pile": " ".join(d.tokens[x] for x in extra if x not in mine)}
    return Position.from_json(data)


def test_french_contract_counts_the_bouts_still_to_come():
    """The French contract goal (FR-6.4) bounds its bout bonus by the bouts the taker may still
    end with: not the 21 in a defender's hand, except while the taker may still win every
    trick and take it with the Excuse in the last (FR-4.4).  Endgames built around that
    exception: the solver equals the reference minimax on each, and in some of them the
    taker's best play ends with the 21 in his pile."""
    rng = random.Random("chelem excuse")
    takes_21 = 0
    for k in range(400):
        pos = _chelem_endgame(("french3", "french4")[k % 2], rng)
        seats = side_seats(pos, None)
        r = Solver(4).solve(pos, "win", line=True)
        assert int(r.value) == reference.value(ref_game(pos), seats, "win"), pos.to_line()
        for move in r.line:
            pos.play(move)
        takes_21 += "T21" in pos.pile(0)
    assert takes_21 >= 20, takes_21

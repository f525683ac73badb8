"""A seat's cards that only points tell apart — one suit, no card of another seat still out
between them, none with a role of its own (solver/_moves.pxd: near_gap, near_bound): once
one's value lies beyond the window by more than the points between them (or by nothing, where
the trick's winner is sure and says which way the points go), the others are not searched.
Checked against the independent reference on endgames dealt from the honours, where such cards
abound, and against the search that tries them all (Engine ablation use_near=False) on larger
ones."""

import os
import random
import sys

import pytest

from solver._core import Engine
from solver.search import Solver, encode, goal_spec, side_seats
from solver.variants import VARIANTS

sys.path.insert(0, os.path.dirname(__file__))

from endgames import reference_values  # noqa: E402
from helpers import composed  # noqa: E402

GAMES = ("slovenian4", "slovenian3", "koenigrufen", "french3", "french4", "french5", "danish")


def honours_endgame(variant, rng, tricks):
    """``tricks`` tricks left, the hands dealt from the kings, queens, knights and jacks of two
    plain suits (more where the hands need them), the two highest pips of each and a few
    trumps: a seat often holds two cards of a suit that only points tell apart, next to one
    another or with a pip."""
    v = VARIANTS[variant]
    seats = v.players
    order = rng.sample("SHDC", 4)
    for k in range(2, 5):  # (as few suits as the hands allow)
        pool = []
        for s in order[:k]:
            cards = [t for t in v.deck.tokens if t[0] == s]  # (in rank order)
            pool += [t for t in cards if t[1:] in ("K", "Q", "N", "J")] + [t for t in cards if t[1:].isdigit()][-2:]
        if len(pool) >= tricks * (seats - 1):
            break
    trumps = [t for t in v.deck.tokens if t[0] == "T" and t not in ("T1", "T21", "T22")]
    cards = rng.sample(pool, tricks * (seats - 1)) + rng.sample(trumps, tricks)
    rng.shuffle(cards)
    hands = [" ".join(cards[tricks * i:tricks * (i + 1)]) for i in range(seats)]
    taken = [v.tricks - tricks] + [0] * (seats - 1)
    kw = {"partner": 1} if variant == "french5" else {}
    return composed(variant, hands, leader=rng.randrange(seats), tricks_taken=taken, **kw)


@pytest.mark.parametrize("variant", GAMES)
def test_honours_endgames_match_the_reference(variant):
    rng = random.Random(41)
    solver = Solver(16)
    goals = ["points"] if variant == "danish" else ["points", "win"]  # (Danish Tarok: each for himself)
    for _ in range(25):
        pos = honours_endgame(variant, rng, 3)
        values, moves = reference_values(pos, list(side_seats(pos, 0)), goals)
        for goal in goals:
            solver.clear()
            r = solver.solve(pos, goal, side=0, all_cards=True)
            assert r.value == values[goal], (goal, pos.to_line())
            assert r.cards == {card: v[goal] for card, v in moves.items()}, (goal, pos.to_line())


@pytest.mark.parametrize("variant", GAMES)
def test_larger_honours_endgames_match_the_search_that_tries_every_card(variant):
    """Five and six tricks, too many for the reference: the count with near cards settled by
    one another against the count with each searched, the table carried over from one test
    of the count to the next; and fewer nodes in all."""
    rng = random.Random(43)
    nodes = {True: 0, False: 0}
    for i in range(10):
        pos = honours_endgame(variant, rng, 5 + i % 2)
        spec = encode(pos, side_seats(pos, 0), goal_spec(pos, "points", pos.party_of(0)))
        out = {near: Engine(16).solve(spec, use_near=near) for near in (True, False)}
        assert (out[True]["lower"], out[True]["upper"]) == (out[False]["lower"],) * 2, pos.to_line()
        for near in out:
            nodes[near] += out[near]["nodes"]
    assert nodes[True] < nodes[False], nodes

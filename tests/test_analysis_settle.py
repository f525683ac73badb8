"""analysis.settle: the contract's amount from the count (or from the contract being made) is the
game / contract line of solver.scoring's settlement, for finished deals of every variant with a
score (SI-8, AT-8.1/8.2, FR-8), with the rounding options."""

import random

import pytest

from analysis.settle import Score
from solver import load_example
from solver.deal import random_position
from solver.goals import FRENCH_REQUIREMENT, bouts
from solver.scoring import AT_BONUSES

CASES = [("slovenian4", c) for c in ("three", "two", "one", "solo_three", "solo_without", "beggar", "valat")] + \
        [("slovenian3", c) for c in ("three", "one", "solo_without")] + \
        [("koenigrufen", c) for c in ("rufer", "dreier", "solodreier", "sechserdreier")] + \
        [("french3", "garde"), ("french4", "petite"), ("french5", "garde_sans")]
OPTIONS = {"slovenian": [{}, {"diff_round": 5}, {"solo_brez_adds_difference": True}],
           "french": [{}, {"halfpoint_rounding": "up"}, {"halfpoint_rounding": "down"}],
           "koenigrufen": [{}]}


def _count(pos):
    """The count the contract is judged on, at the end of play."""
    if pos.variant.family == "french":
        return pos.points(0) + FRENCH_REQUIREMENT[0] - FRENCH_REQUIREMENT[bouts(pos, 0)]
    return pos.points(0)


def _game_line(settlement):
    return next(line for line in settlement.lines if line.item in ("game", "contract", "valat"))


@pytest.mark.parametrize("variant, contract", CASES)
def test_amount_is_the_settlements_game_line(variant, contract):
    rng = random.Random("%s:%s" % (variant, contract))
    checked = 0
    for k in range(12):
        for options in OPTIONS[variant.rstrip("345")] if variant != "koenigrufen" else OPTIONS["koenigrufen"]:
            pos = random_position(variant, contract=contract, rng=random.Random("%d:%s" % (k, rng.random())))
            if options:
                pos = type(pos).from_json(dict(pos.to_json(), options=dict(options)))
            values = None
            if variant == "koenigrufen":  # every bonus valued (the seed gives none, Q-AT1)
                values = dict({b: 1 for b in AT_BONUSES}, **({} if contract == "sechserdreier" else {contract: 5}))
            score = Score(pos, values)
            while not pos.is_over:
                pos.play(rng.choice(pos.legal_moves))
            s = pos.settlement(values=values) if values else pos.settlement()
            line = _game_line(s)
            if line.item == "valat" and pos.contract.kind == "positive":
                continue  # a silent valat replaces the game: a bonus, not the contract's amount
            want = line.seats[pos.declarer] if variant != "slovenian3" and variant != "slovenian4" else line.amount
            got = score.amount(_count(pos)) if score.by_count else score.amount_won(pos.tricks and _won(pos))
            assert got == want, (variant, contract, options, _count(pos), got, want, line.why)
            checked += 1
    assert checked >= 12


def _won(pos):
    from solver.goals import achieved
    return achieved(pos, "win", 0)


def test_edges_are_where_the_amount_changes():
    slovenian = Score(load_example("slovenian4_three"))
    assert slovenian.edges(100, 112) == [101, 104, 107, 110]  # counted 34, 35, 36, 37 begin there
    five = Score(type(slovenian.pos).from_json(dict(load_example("slovenian4_three").to_json(),
                                                    options={"diff_round": 5})))
    assert [(e + 1) // 3 for e in five.edges(0, 210)][:4] == [3, 8, 13, 18]  # SI-8: |c - 35| rounded to 5
    assert 36 in [(e + 1) // 3 for e in five.edges(0, 210)]  # the contract made
    french = Score(load_example("french4_garde"))
    assert french.edges(110, 114) == [111, 112, 113, 114]  # every half point counts by default
    assert french.amounts(110, 114) == (french.amount(110), french.amount(114))

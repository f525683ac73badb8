"""solve(..., at_least=N): a count asked as one yes/no test, the way the hand analysis settles a deal
to the resolution its score needs (issue 18)."""

import random

import pytest

from solver import GoalError, Solver, load_example, solve
from solver.deal import random_position
from solver.goals import FRENCH_REQUIREMENT, bouts
from solver.variants import VARIANTS


def _endgame(vid, tricks_left=5, seed=3):
    rng = random.Random("%s:%d" % (vid, seed))
    pos = random_position(vid, rng=rng)
    while pos.n_tricks - len(pos.tricks) > tricks_left:
        pos.play(rng.choice(pos.legal_moves))
    return pos


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_at_least_agrees_with_the_exact_count(vid):
    pos = _endgame(vid)
    s = Solver(16)
    for goal in ("points", "tricks"):
        exact = s.solve(pos, goal).value
        assert s.solve(pos, goal, at_least=exact).value is True
        assert s.solve(pos, goal, at_least=exact + 1).value is False
        low = s.solve(pos, goal, at_least=exact + 1, limit=1)  # a stopped test still bounds the count
        assert low.bounds[0] <= exact <= low.bounds[1]


def test_win_count_of_a_french_contract_includes_the_bout_bonus():
    game = load_example("french4_garde")
    for _ in range(8):
        game.undo()
    made = solve(game, "win").value
    count = next(c for c in range(400, -1, -1) if solve(game, "win", at_least=c).value)  # the exact count
    assert made == (count >= FRENCH_REQUIREMENT[0])
    # FR-6.4: the count is the points plus a bonus for each bout held (none: 0 bonus)
    points = solve(game, "points").value
    bonus = count - points
    assert bonus in {FRENCH_REQUIREMENT[0] - FRENCH_REQUIREMENT[b] for b in range(4)}
    assert bonus >= FRENCH_REQUIREMENT[0] - FRENCH_REQUIREMENT[bouts(game, 0)]  # bouts already won stay won


def test_at_least_is_only_for_counts():
    pos = load_example("slovenian4_three")
    for _ in range(8):
        pos.undo()
    with pytest.raises(GoalError, match="whole number"):
        solve(pos, "points", at_least=1.5)
    with pytest.raises(GoalError, match="tests a count"):
        solve(pos, "kings", at_least=1)
    assert solve(pos, "win", at_least=140).value is True and solve(pos, "win", at_least=141).value is False

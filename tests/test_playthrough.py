"""solver.playthrough: the card-by-card analysis of a game record (endgames only: fast)."""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed  # noqa: E402

from solver import Solver, load_example, solve  # noqa: E402
from solver.goals import achieved  # noqa: E402
from solver.playthrough import AnalysisError, analyse_game, at_trick  # noqa: E402
from solver.position import DEMAND  # noqa: E402
from solver.search import GoalError  # noqa: E402

EXAMPLES = ["slovenian4_three", "slovenian3_three", "koenigrufen_rufer", "french3_garde",
            "french4_garde", "french5_garde", "danish"]
# a count goal and a yes/no goal that exist in every variant, plus one variant's own
GOALS = ["points", "tricks", "kings"]
EXTRA = {"french3_garde": "petit-au-bout", "koenigrufen_rufer": "uhu", "slovenian4_three": "king-ultimo",
         "danish": "king-ultimo", "french5_garde": "win", "slovenian3_three": "win", "french4_garde": "valat"}


def last_tricks(name, n):
    """The bundled game, and the number of its first trick of the last n."""
    game = load_example(name)
    return game, game.n_tricks - n + 1


def check_consistent(a, game, goal):
    """The invariants of a finished analysis of a complete game record."""
    assert a.complete and a.start.exact and a.end.exact and a.end.final
    assert a.steps[0].before == a.start.value
    for step, following in zip(a.steps, a.steps[1:] + [None]):
        assert step.exact
        after = following.before if following is not None else a.end.value
        assert step.played == after, step  # the card's value is the value of the next position
        if step.is_demand:
            assert step.seat is None and not step.mistake
            continue
        if not step.note:  # (a Danish trick 23 start without a demand: the value counted it)
            assert step.before == step.best, step  # the value before = the best card's value
        assert step.token in step.best_cards or step.mistake
        assert step.mistake == (step.played != step.best)
        if step.mistake:
            worse = step.played < step.best if step.on_side else step.played > step.best
            assert worse and step.loss == abs(int(step.best) - int(step.played)) > 0
        else:
            assert step.loss == 0
    party = game.party_of(a.side[0])
    assert a.end.value == achieved(game, goal, party)
    assert a.mistakes == [s for s in a.steps if s.mistake]


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("goal", GOALS + ["extra"])
def test_endgame_of_every_example(name, goal):
    goal = EXTRA[name] if goal == "extra" else goal
    game, first = last_tricks(name, 3)
    a = analyse_game(game, goal=goal, from_trick=first)
    assert len(a.steps) == 3 * game.players
    assert [s.index for s in a.steps] == list(range(len(game.move_stack) - 3 * game.players,
                                                    len(game.move_stack)))
    assert a.steps[0].trick == first and a.from_trick == first and a.goal == goal
    assert [s.token for s in a.steps] == game.move_stack[-3 * game.players:]
    check_consistent(a, game, goal)
    if goal in ("points", "tricks"):
        assert all(isinstance(s.before, int) and not isinstance(s.before, bool) for s in a.steps)
    else:
        assert all(isinstance(s.before, bool) for s in a.steps)


@pytest.mark.parametrize("name", ["slovenian4_three", "french5_garde", "danish"])
def test_values_are_those_of_solve(name):
    game, first = last_tricks(name, 2)
    a = analyse_game(game, from_trick=first)
    pos = at_trick(game, first)
    for step in a.steps:
        r = solve(pos, side=a.side[0], all_cards=True)
        assert (r.value, step.seat, step.trick) == (step.before, pos.to_move, pos.trick_number)
        assert step.played == r.cards[step.token]
        pos.play(step.token)
    assert pos.is_over


def test_mistakes_of_the_slovenian_game():
    game = load_example("slovenian4_three")
    a = analyse_game(game, from_trick=5)
    check_consistent(a, game, "points")
    found = [(m.trick, m.seat, m.token, m.loss, m.best_cards) for m in a.mistakes]
    assert found[:4] == [(5, 2, "T13", 3, ("C10", "T20", "T18")), (5, 1, "T8", 12, ("T1",)),
                         (6, 3, "T10", 16, ("D4",)), (6, 2, "T20", 13, ("T14", "T11"))]
    assert a.display(a.start.value) == "37 1/3" and a.display(a.mistakes[2].loss) == "5 1/3"
    # the defence's view: every value is the rest of the 70 points, the same cards are mistakes
    d = analyse_game(game, side="defence", from_trick=5)
    assert d.side == (1, 3)
    assert [s.before for s in d.steps] == [210 - s.before for s in a.steps]
    assert [(s.index, s.loss) for s in d.mistakes] == [(s.index, s.loss) for s in a.mistakes]
    assert all(s.on_side == (s.seat in (1, 3)) for s in d.steps)


def test_each_for_himself_side():
    game, first = last_tricks("danish", 3)
    a = analyse_game(game, from_trick=first)
    assert a.side == (0,)  # the seat to move at the start of the record
    for seat in range(3):
        b = analyse_game(game, side=seat, from_trick=first)
        assert b.side == (seat,)
        check_consistent(b, game, "points")
        assert all(s.on_side == (s.seat == seat) for s in b.steps)


def test_from_trick():
    game = load_example("koenigrufen_rufer")
    whole_end = analyse_game(game, from_trick=11)
    assert [s.trick for s in whole_end.steps] == [11] * 4 + [12] * 4
    last = analyse_game(game, from_trick=12)
    assert last.steps == whole_end.steps[4:]
    assert last.start.value == whole_end.steps[4].before
    for bad in (0, 13, -1, "3", True, 2.0):
        with pytest.raises(AnalysisError):
            analyse_game(game, from_trick=bad)


def test_partial_record():
    game = load_example("slovenian4_three")
    for _ in range(6):
        game.undo()  # the record stops in trick 11, after two of its cards
    with pytest.raises(AnalysisError, match="does not reach trick 12"):
        analyse_game(game, from_trick=12)
    a = analyse_game(game, from_trick=11)
    assert [s.token for s in a.steps] == game.move_stack[-2:]
    assert a.complete and not a.end.final and a.end.value == solve(game).value
    with pytest.raises(AnalysisError):
        at_trick(game, 12)
    assert at_trick(game, 11).move_stack == game.move_stack[:-2]


def test_record_without_cards_and_early_end():
    start = composed("slovenian4", ["SK T1", "S7 T2", "S8 T3", "S9 T4"])
    a = analyse_game(start)
    assert a.steps == [] and a.end == a.start and a.start.value == solve(start).value
    # a beggar lost in its first trick ends play early (SI-6.7): the record ends there
    beggar = composed("slovenian4", ["SK T21", "S7 T2", "S8 T3", "S9 T4"], contract="beggar", play="SK S7 S8 S9")
    assert beggar.is_over and beggar.end_reason
    b = analyse_game(beggar, goal="win")
    assert b.end.final and b.end.value is False and len(b.steps) == 4
    with pytest.raises(AnalysisError, match="play ended after trick"):
        analyse_game(beggar, goal="win", from_trick=beggar.n_tricks)


def test_goal_and_side_errors():
    game, first = last_tricks("slovenian4_three", 2)
    with pytest.raises(GoalError, match="French"):
        analyse_game(game, goal="petit-au-bout", from_trick=first)
    with pytest.raises(GoalError):
        analyse_game(game, goal="no-such-goal", from_trick=first)
    with pytest.raises(GoalError):
        analyse_game(game, side=4, from_trick=first)
    with pytest.raises(GoalError, match="declarer"):
        analyse_game(game, goal="win", side="defence", from_trick=first)


def test_one_solver_for_the_whole_game(monkeypatch):
    game, first = last_tricks("french4_garde", 3)
    solver = Solver(memory_mb=4)
    calls = []
    real = solver.solve

    def counting(*args, **kwargs):
        calls.append(args[0].move_stack[-1] if args[0].move_stack else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(solver, "solve", counting)
    a = analyse_game(game, from_trick=first, solver=solver)
    assert len(calls) == len(a.steps)  # one search per position; the finished game is counted, not searched
    assert solver._engine.entries > 0
    assert a.nodes > 0 and a.seconds >= 0


def test_on_step_sees_the_analysis_grow():
    game, first = last_tricks("french3_garde", 2)
    seen = []
    a = analyse_game(game, from_trick=first, on_step=lambda an, step: seen.append((len(an.steps), step)))
    assert seen[0] == (0, None)
    assert [n for n, _ in seen[1:]] == list(range(1, len(a.steps) + 1))
    assert [s for _, s in seen[1:]] == a.steps


def test_limit_stops_steps_without_false_mistakes():
    game = load_example("french5_garde")
    a = analyse_game(game, from_trick=10, limit=100)
    stopped = [s for s in a.steps if not s.exact]
    assert stopped, "a 100-node limit stops the searches of six tricks"
    for s in stopped:
        assert s.before is None and s.bounds[0] <= s.bounds[1] and not s.mistake and s.best is None
    for s in a.steps:
        if s.mistake:
            assert s.played is not None and s.best is not None
    assert a.end.final and a.end.exact  # the finished game is counted, never searched
    exact = analyse_game(game, from_trick=10)
    for s, t in zip(a.steps, exact.steps):
        if s.exact:
            assert s.before == t.before
        else:  # the proven bounds hold the exact value (points: the same count)
            assert s.bounds[0] <= t.before <= s.bounds[1]
    timed = analyse_game(game, from_trick=12, limit="2s")
    assert all(s.exact for s in timed.steps)


def test_demand_steps():
    # trick 23 of a Danish game: the skus is still in seat 1's hand; the record demands it
    hands = ["S1 H1 D1", "S2 EX H2", "S3 H3 D3"]
    for play in ("DEMAND S1 EX", "S1 DEMAND EX"):
        p = composed("danish", hands, play=play + " S3 H3 H1 H2 D1 S2 D3")
        assert p.is_over and DEMAND in p.move_stack
        for seat in range(3):
            a = analyse_game(p, side=seat)
            demand = [s for s in a.steps if s.is_demand]
            assert len(demand) == 1 and demand[0].seat is None and not demand[0].mistake
            assert demand[0].trick == 23 and demand[0].on_side is None
            check_consistent(a, p, "points")


def test_demand_not_made():
    # seat 2 holds the skus; seat 0 (the side) would gain 2 P by demanding it, but nobody does:
    # the value falls before the lead without any card being a mistake
    p = composed("danish", ["T10 CJ S1", "H5 CK T6", "S5 HN EX"], play="S1 T6 S5 H5 HN T10 CJ CK EX")
    a = analyse_game(p, side=0)
    first = a.steps[0]
    assert "no demand" in first.note and not first.is_demand
    assert (first.before, first.best, first.played, first.mistake) == (66, 64, 64, False)
    assert all(not s.note for s in a.steps[1:])
    check_consistent(a, p, "points")


def test_json_form():
    game, first = last_tricks("slovenian3_three", 4)
    data = analyse_game(game, from_trick=first).to_json()
    assert data["variant"] == "slovenian3" and data["complete"] and data["mistakes"] == 1
    assert data["start"]["display"] == "16" and data["end"]["display"] == "19" and data["end"]["final"]
    step = data["steps"][0]
    assert (step["card"], step["mistake"], step["loss_display"], step["best_cards"]) == ("CQ", True, "3", ["C10"])
    assert json.loads(json.dumps(data)) == data

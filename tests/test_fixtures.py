"""Known-answer fixtures (like chess perft files): re-solve every line of tests/fixtures/solved.jsonl.

Each line holds a position (one-line form), a goal, a seat of the analysed side, the
exact value and the optimal cards of the player to move (``best``), written by
``benchmarks/make_fixtures.py`` (see its docstring: seeded endgames of 4-8 tricks of every
variant for points and yes/no goals, and the full deals that solved within the limit).
A fresh solver must give the same value, display and best cards, exactly.

Generation: ``python benchmarks/make_fixtures.py`` (seed 1; 10 endgames a variant, each
for points and three yes/no goals; up to 8 full deals tried a variant under a 2 s limit,
at most 3 recorded) took 107 s on the 2-core machine (shared with other work, load ~3),
core build of 2026-11-30 08:51: 287 fixtures, 280 endgame records (40 a variant) and 7
full deals (slovenian4 3 of 6 tried, slovenian3 3 of 7, koenigrufen 1 of 8; french3/4/5
0 of 8; danish 0 of 8, two of them crashing the core).  Re-run it as the solver gets
faster: the endgame records come out the same, more full deals get recorded.

Provenance: the values are the solver's own output, so each record also says what the
independent reference (tests/reference.py, the rules written again from RULES.md and the
seeds) confirmed of it: ``reference`` = ``"value+best"`` (the value and every best card),
``"value"`` (the value; the best cards not within the budget) or ``"unfinished"``.
``python benchmarks/make_fixtures.py --recheck --reference-nodes 500000`` (2026-12-01, after
FR-4.4 of issue 22; 4715 s on the shared 2-core machine, niced): 186 records value+best, 20
value, 81 unfinished (most of the 7-8 trick endgames, the French 6-trick ones of 4 and 5
players, and 6 of the 7 full deals; one Slovenian 3-player full deal was confirmed), no
disagreement.  ``test_fixture_value_by_the_independent_reference`` repeats the cheap part of
that check (the confirmed 4-trick records but those of 4 and 5 French players) in CI.
"""

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402
from solver import Position  # noqa: E402
from solver.search import Solver  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "solved.jsonl"
RECORDS = [json.loads(line) for line in FIXTURES.read_text(encoding="utf-8").splitlines() if line.strip()]
IDS = ["%s-%s-%d-%s" % (r["variant"], r["kind"], i, r["goal"]) for i, r in enumerate(RECORDS)]


def test_fixture_file_covers_every_variant():
    from solver.variants import VARIANTS
    assert {r["variant"] for r in RECORDS} == set(VARIANTS)
    for r in RECORDS:
        assert set(r) <= {"variant", "kind", "tricks_left", "position", "goal", "side", "value", "display", "best",
                          "reference"}
        assert r.get("reference", "unfinished") in ("value+best", "value", "unfinished")
        assert r["kind"] in ("endgame", "full")
        assert r["kind"] == "full" or 4 <= r["tricks_left"] <= 8


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_fixture(record):
    pos = Position.from_line(record["position"])
    assert pos.variant.id == record["variant"]
    assert pos.n_tricks - len(pos.tricks) == record["tricks_left"]
    want_cards = "best" in record
    r = Solver(256).solve(pos, record["goal"], side=record["side"], all_cards=want_cards)
    assert r.exact
    assert (r.value, r.display) == (record["value"], record["display"])
    if want_cards:
        assert sorted(c for c, v in r.cards.items() if v == r.value) == record["best"]


# the 4-trick records, but those of 4 and 5 French players (seconds each for the reference)
RECHECKED = [(i, r) for i, r in enumerate(RECORDS) if r["tricks_left"] == 4 and r.get("reference") != "unfinished"
             and r["variant"] not in ("french4", "french5")]


@pytest.mark.parametrize("index, record", RECHECKED, ids=[IDS[i] for i, _ in RECHECKED])
def test_fixture_value_by_the_independent_reference(index, record):
    """Cheap records re-checked here by the independent reference (tests/reference.py), as
    ``make_fixtures.py`` re-checks them all: the side reaches the value, not one more."""
    del index
    game = reference.Game(Position.from_line(record["position"]).to_json())
    seats = [s for s in range(game.n) if game.party[s] == game.party[record["side"]]]
    v = int(record["value"])
    assert reference.at_least(game, seats, record["goal"], v)
    assert not reference.at_least(game, seats, record["goal"], v + 1)

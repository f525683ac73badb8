"""Partition search (solver/_partition.pxd): table entries that keep only the ranks their
proofs read, for the goals that only who wins each trick decides.

Checked against the exact table (the Engine ablation ``use_partition=False``) on seeded
endgames of every variant and goal, with one engine carried along each deal's play, so
that entries written for one position answer later ones; and where it must stay off (a
rank decides which cards are legal, a card's value or an event counts, several threads);
and the one memory budget that the two tables share.  The independent reference checks it
too: the search uses it by default, in tests/test_solver_reference.py and the crosscheck.
"""

import os
import random
import sys

import pytest

from solver import Position
from solver._core import Engine
from solver.deal import random_position
from solver.variants import VARIANTS

sys.path.insert(0, os.path.dirname(__file__))

from endgames import core_spec, goals_for, random_endgame, random_move, random_side  # noqa: E402

# partition search applies to the trick-counting goals in the 4-player games without
# must-overtrump and in French 5-player tarot (elsewhere it measured slower)
APPLIES = ["french5", "koenigrufen", "slovenian4"]


def played_along(pos, rng, steps):
    """``pos`` and the positions after each of ``steps`` random cards (copies)."""
    out = [pos.copy()]
    for _ in range(steps):
        if pos.is_over:
            break
        pos.play(random_move(pos, rng))
        if not pos.is_over:
            out.append(pos.copy())
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_partition_search_gives_the_exact_tables_counts_along_each_deal(variant):
    """Endgames of 5 to 8 tricks, every goal that applies, the count (or the yes/no answer)
    and each card's value: one engine with partition search carried along the play of each
    endgame against a fresh engine with the exact table for each position."""
    rng = random.Random("partition:" + variant)
    partitioned = Engine(16)
    used = set()
    for i in range(10):
        start = random_endgame(variant, rng, 5 + i % 4, partial=0)
        seats = random_side(start, rng)
        for pos in played_along(start, rng, 6):
            for goal in goals_for(pos, pos.party_of(seats[0])):
                spec = core_spec(pos, goal, seats)
                got = partitioned.solve(spec, all_cards=True)
                want = Engine(16).solve(spec, all_cards=True, use_partition=False)
                assert not want["partition"]
                assert (got["lower"], got["upper"], got["cards"]) == (want["lower"], want["upper"], want["cards"]), \
                    (goal, seats, pos.to_line())
                if got["partition"]:
                    used.add(goal)
    if variant in APPLIES:
        assert "tricks" in used  # (the check above compared something)
        assert "points" not in used  # card values count: the exact table
    else:
        assert not used  # the 3-player games, French 4-player (FR-3.5 where it measured slower)


@pytest.mark.parametrize("variant", APPLIES)
def test_partition_search_counts_the_tricks_of_full_deals_as_the_exact_table(variant):
    """Whole deals (of French 5-player tarot from 10 tricks, where the exact table takes
    seconds), where entries are shared most: the tricks count, exactly, with fewer nodes in
    sum (the reason for the partition table; its time is measured by benchmarks/)."""
    nodes = {True: 0, False: 0}
    for seed in range(3):
        pos = random_position(variant, seed=seed)
        rng = random.Random(seed)
        while variant == "french5" and len(pos.tricks) < 5:
            pos.play(random_move(pos, rng))
        spec = core_spec(pos, "tricks", pos.parties[0])
        counts = {}
        for use in (True, False):
            out = Engine(64).solve(spec, use_partition=use)
            assert out["partition"] == use
            counts[use] = (out["lower"], out["upper"])
            nodes[use] += out["nodes"]
        assert counts[True] == counts[False] and counts[True][0] == counts[True][1], (seed, counts)
    assert nodes[True] < nodes[False], nodes


def trump_dense_endgame(rng, tricks):
    """A composed French 5-player garde of ``tricks`` cards a hand drawn three fifths from the
    trumps, so that must-overtrump (FR-3.5) decides the legal cards at most nodes."""
    deck = VARIANTS["french5"].deck
    trumps = [t for t in deck.tokens if t.startswith("T")]
    plain = [t for t in deck.tokens if t[0] in "SHDC" and t != "CK"]
    cards = rng.sample(rng.sample(trumps, 3 * tricks) + rng.sample(plain, 2 * tricks), 5 * tricks)
    rest = [t for t in deck.tokens if t not in cards]
    rng.shuffle(rest)
    declarer = rng.randrange(5)
    taken = [0] * 5
    for _ in range(15 - tricks):
        taken[rng.randrange(5)] += 1
    return Position("french5", [" ".join(cards[s * tricks:(s + 1) * tricks]) for s in range(5)],
                    contract="garde", declarer=declarer, partner=(declarer + rng.randrange(1, 5)) % 5,
                    called_king="CK", composed=True, leader=rng.randrange(5), tricks_taken=taken,
                    declarer_pile=" ".join(rest[:20]), defence_pile=" ".join(rest[20:]))


def test_partition_search_keeps_the_trumps_must_overtrump_compared():
    """FR-3.5: a seat that must beat the trick's highest trump plays one of the trumps above
    it, so an entry whose proof passed such a node keeps the trumps down to that one (entries
    without them, answering positions where a lower trump was his to play, gave wrong card
    values at 3 of these 7,465 positions)."""
    rng = random.Random("overtrump")
    checks = 0
    for _ in range(300):
        pos = trump_dense_endgame(rng, rng.randint(4, 6))
        seats = pos.parties[rng.randrange(2)]
        partitioned = Engine(16)
        while not pos.is_over:
            spec = core_spec(pos, "tricks", seats)
            got = partitioned.solve(spec, all_cards=True)
            assert got["partition"]
            want = Engine(16).solve(spec, all_cards=True, use_partition=False)
            assert (got["lower"], got["upper"], got["cards"]) == (want["lower"], want["upper"], want["cards"]), \
                pos.to_line()
            checks += 1
            pos.play(random_move(pos, rng))
    assert checks > 7000


def test_a_goal_the_partition_table_serves_is_searched_on_one_thread_with_it():
    """The partition table serves one thread: asked for two, such a solve searches on one with
    it (the same nodes); without it, on two threads with the exact table."""
    pos = random_position("slovenian4", seed=1)
    spec = core_spec(pos, "tricks", pos.parties[0])
    one = Engine(64).solve(spec)
    two = Engine(64).solve(spec, threads=2)
    assert one["partition"] and two["partition"] and one["nodes"] == two["nodes"]
    exact = Engine(64)
    exact.solo_nodes = 0
    parallel = exact.solve(spec, threads=2, use_partition=False)
    assert not parallel["partition"]
    assert (one["lower"], one["upper"]) == (two["lower"], two["upper"]) == (parallel["lower"], parallel["upper"])


def test_the_two_tables_share_the_memory_budget():
    """The partition table takes what the budget leaves beside the exact table, and the exact
    table then grows only into what it leaves: a 16 MB engine solving trick counts and card
    points of full deals stays within 16 MB.  A budget of 1 MB holds the exact table at its
    largest (512 kB and its filter) and a partition table in what that leaves."""
    engine = Engine(16)
    for seed in range(3):
        pos = random_position("koenigrufen", seed=seed)
        for goal in ("tricks", "points"):
            out = engine.solve(core_spec(pos, goal, pos.parties[0]), node_limit=3_000_000)
            assert out["partition"] == (goal == "tricks")
            assert engine.table_bytes <= 16 * 2 ** 20
    assert engine.max_entries * 16 + engine.max_entries // 4 + 6 * 2 ** 20 <= 16 * 2 ** 20  # (room kept)
    small = Engine(1)
    pos = random_position("koenigrufen", seed=0)
    out = small.solve(core_spec(pos, "tricks", pos.parties[0]))
    assert out["partition"] and out["lower"] == out["upper"]
    assert small.table_bytes <= 2 ** 20


def test_clear_forgets_the_partition_entries():
    pos = random_position("slovenian4", seed=4)
    spec = core_spec(pos, "tricks", pos.parties[0])
    engine = Engine(16)
    first = engine.solve(spec)
    again = engine.solve(spec)
    engine.clear()
    cleared = engine.solve(spec)
    assert again["nodes"] < first["nodes"] // 10  # answered from the entries
    assert cleared["nodes"] == first["nodes"]
    assert first["lower"] == again["lower"] == cleared["lower"]

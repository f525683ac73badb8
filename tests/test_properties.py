"""Random playouts of every variant and contract, held card by card to the independent reference.

``tests/reference.py`` is the rules written again from RULES.md and the seeds (it imports
nothing from ``solver``).  Along every playout, at every card:

* the legal set equals the reference's **exactly**, both ways: no legal card missing (a
  must-overtrump, must-beat, pagat-last or reserved-card rule applied where it should not
  be) and none extra (one not applied); a led Danish skus once per name (``EX:H``); the
  Danish ``DEMAND`` allowed exactly when the reference allows it;
* the player to move, whether play is over (the early ends of AT-6.7 / SI-6.7), the winner
  of every completed trick and every party's tricks and exact points agree;
* at the end the totals are conserved: 210 thirds, 182 half points, 78 P (the unused talon
  and any cards left in hand after an early end counted apart);
* ``undo()`` back to the start restores the exact ``to_json()`` and legal list of every
  step, and ``to_line``/``from_line`` and ``to_json``/``from_json`` round trips give the
  same position.

Two ways of walking: seeded playouts of every (variant, contract) with random rule options
and announcements (:func:`test_random_playouts`), and a hypothesis state machine
(:class:`PlayAgainstReference`) that plays, jumps ahead and takes back cards in sequences
hypothesis chooses and shrinks.
"""

import os
import random
import sys

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402
from endgames import random_announcements, random_options, special_endgame  # noqa: E402
from solver import Position, get_variant  # noqa: E402
from solver.deal import random_position  # noqa: E402
from solver.position import DEMAND  # noqa: E402
from solver.variants import VARIANTS  # noqa: E402

COMBOS = [(vid, cid) for vid, v in VARIANTS.items() for cid in v.contracts]
PLAYOUTS = {"danish": 120}  # one contract only: more deals
DEFAULT_PLAYOUTS = 24
SPECIAL_PER_CONTRACT = 24  # composed special-card endgames walked line by line, per contract
TOTAL_UNITS = {"slovenian": 210, "koenigrufen": 210, "french": 182, "danish": 78}  # SI-5.3, AT-5.2, FR-5.1, DK-5


def new_position(vid, cid, rng):
    """A random deal at the start of play with random options and announcements."""
    v = get_variant(vid)
    pos = random_position(vid, cid, rng=rng, options=random_options(v, rng))
    anns = random_announcements(pos, rng, p=0.4)
    if anns:
        pos = Position.from_json(dict(pos.to_json(), announcements=anns))
    return pos


def assert_same(pos, game):
    """Position and the reference agree on everything play depends on, now (the counts
    change only when a trick is complete, so they are compared between tricks)."""
    assert pos.is_over == game.over(), ("over", pos.end_reason, pos.to_line())
    if not pos.current_trick:
        assert [t.winner for t in pos.tricks] == [t[2] for t in game.tricks], pos.to_line()
        for party in range(len(pos.parties)):
            assert (pos.tricks_won(party), pos.points(party)) == (game.tricks_won(party), game.points(party)), (
                "party %d: tricks and points" % party, pos.to_line())
    if pos.is_over:
        assert pos.legal_moves == []
        return
    assert pos.to_move == game.to_move, pos.to_line()
    moves = pos.legal_moves
    ours, theirs = set(moves), set(game.legal())
    assert ours == theirs and len(moves) == len(ours), (
        "missing %s, extra %s" % (sorted(theirs - ours), sorted(ours - theirs)), pos.to_line())
    if pos.variant.family == "danish":
        assert pos.is_legal(DEMAND) == game.may_demand(), pos.to_line()


def choose(pos, rng, keep_excuse):
    """A random legal move; half the deals hold the Excuse / skus back (to reach FR-4.4,
    DK-3.6 and DK-3.7), and a Danish DEMAND half the time it is allowed."""
    if pos.variant.family == "danish" and rng.random() < 0.5 and pos.is_legal(DEMAND):
        return DEMAND
    moves = pos.legal_moves
    pool = [m for m in moves if not m.startswith("EX")] if keep_excuse else moves
    return rng.choice(pool or moves)


def playout(vid, cid, rng):
    pos = new_position(vid, cid, rng)
    game = reference.Game(pos.to_json())
    start_json, start_line = pos.to_json(), pos.to_line()
    snapshots = []
    check_at = rng.randrange(0, 40)
    keep_excuse = rng.random() < 0.5
    while True:
        assert_same(pos, game)
        if pos.is_over:
            break
        snapshots.append((pos.to_json(), pos.legal_moves))
        move = choose(pos, rng, keep_excuse)
        pos.play(move)
        game.play(move)
        if len(snapshots) == check_at:
            round_trip(pos)
    fam = pos.variant.family
    left = sum(reference.card_units(fam, tok) for s in range(pos.players) for tok in pos.hand(s))
    talon = sum(reference.card_units(fam, tok) for tok in pos.to_json().get("talon", "").split())
    assert sum(pos.points(p) for p in range(len(pos.parties))) + talon + left == TOTAL_UNITS[fam], start_line
    if pos.end_reason is None:
        assert left == 0 and sum(pos.tricks_won(p) for p in range(len(pos.parties))) == pos.n_tricks
    round_trip(pos)
    for expected, moves in reversed(snapshots):
        pos.undo()
        game.undo()
        assert pos.to_json() == expected and pos.legal_moves == moves
        assert_same(pos, game)
    assert pos.to_json() == start_json and pos.to_line() == start_line
    with pytest.raises(IndexError):
        pos.undo()


def round_trip(pos):
    data = pos.to_json()
    line = pos.to_line()
    for other in (Position.from_json(data), Position.from_line(line)):
        assert other.to_json() == data and other.to_line() == line
        assert other.legal_moves == pos.legal_moves and other.tricks == pos.tricks
        assert other.to_move == pos.to_move and other.trick_number == pos.trick_number
        assert [other.points(i) for i in range(len(pos.parties))] == [pos.points(i) for i in range(len(pos.parties))]


@pytest.mark.parametrize("vid,cid", COMBOS, ids=["%s-%s" % c for c in COMBOS])
def test_random_playouts(vid, cid):
    rng = random.Random("%s/%s" % (vid, cid))
    for _ in range(PLAYOUTS.get(vid, DEFAULT_PLAYOUTS)):
        playout(vid, cid, rng)


def walk(pos, game):
    """Every line of play from here, Position and the reference in lock step."""
    assert_same(pos, game)
    moves = pos.legal_moves + ([DEMAND] if pos.is_legal(DEMAND) else [])
    for move in moves:
        pos.play(move)
        game.play(move)
        walk(pos, game)
        pos.undo()
        game.undo()
    return 1 + sum(1 for _ in moves)


@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_special_card_endgames_every_line(vid):
    """Composed 2-card endgames dense in the cards with special roles (``special_endgame``:
    pagat, mond, škis or Excuse or skus, kings, few suits; the whole trula in three hands
    half the time; the earlier tricks all won by one seat half the time, for the Excuse
    chelem), every contract of the variant in turn with random rule options, walked along
    every line of play: emperor tricks, Märchenstich scopes, chelem last tricks and led skus
    are met on purpose, not by chance."""
    v = get_variant(vid)
    contracts = list(v.contracts)
    rng = random.Random("special lines %s" % vid)
    walked = 0
    for i in range(SPECIAL_PER_CONTRACT * len(contracts)):
        pos = special_endgame(vid, contracts[i % len(contracts)], rng, random_options(v, rng), sizes=(2,))
        if pos is not None and not pos.is_over:
            walked += 1
            walk(pos, reference.Game(pos.to_json()))
    assert walked >= SPECIAL_PER_CONTRACT * len(contracts) // 2


class PlayAgainstReference(RuleBasedStateMachine):
    """Plays, random runs ahead and undos in any order, with Position and the reference in
    lock step; after every step they must agree (:func:`assert_same`), and every undo must
    give back the exact position of before."""

    @initialize(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2 ** 32 - 1))
    def deal(self, combo, seed):
        self.rng = random.Random(seed)
        self.pos = new_position(*combo, self.rng)
        self.game = reference.Game(self.pos.to_json())
        self.before = []  # to_json() before each move
        self.keep_excuse = self.rng.random() < 0.5

    def _move(self, move):
        self.before.append(self.pos.to_json())
        self.pos.play(move)
        self.game.play(move)

    @precondition(lambda self: not self.pos.is_over)
    @rule(pick=st.integers(0, 255))
    def play(self, pick):
        moves = self.pos.legal_moves + ([DEMAND] if self.pos.is_legal(DEMAND) else [])
        self._move(moves[pick % len(moves)])

    @precondition(lambda self: not self.pos.is_over)
    @rule(cards=st.integers(1, 60))
    def run_ahead(self, cards):
        for _ in range(cards):
            if self.pos.is_over:
                break
            self._move(choose(self.pos, self.rng, self.keep_excuse))

    @precondition(lambda self: self.before)
    @rule(count=st.integers(1, 12))
    def undo(self, count):
        for _ in range(min(count, len(self.before))):
            self.pos.undo()
            self.game.undo()
            assert self.pos.to_json() == self.before.pop()

    @invariant()
    def agree(self):
        assert_same(self.pos, self.game)


PlayAgainstReference.TestCase.settings = settings(
    max_examples=60, stateful_step_count=25, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow])
test_play_undo_against_reference = PlayAgainstReference.TestCase


# ------------------------------------------------------------------ a few targeted properties

@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_reference_rank_order_agrees_with_deck_order(vid):
    """The deck lists each suit lowest to highest: the reference's rank order (RULES.md) agrees."""
    v = get_variant(vid)
    fam = v.family
    for s in "SHDCT":
        toks = [t for t in v.deck.tokens if reference.suit(t) == s]
        assert [reference.strength(fam, t) for t in toks] == sorted(reference.strength(fam, t) for t in toks)


@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_card_values_agree_with_the_reference(vid):
    """The variant's point table equals the seeds' card values (AT-5.1, SI-5.3, FR-5, DK-5)."""
    v = get_variant(vid)
    assert [reference.card_units(v.family, t) for t in v.deck.tokens] == list(v.points)
    tricks = v.tricks + 1 if v.family == "danish" else 0  # DK-5.1: a P a trick, the skat one more
    assert sum(v.points) + v.trick_units * tricks == TOTAL_UNITS[v.family]


def test_danish_demand_playouts_every_policy():
    """Trick 23 with the skus still in a hand: 'always' forces it, a DEMAND forces it, 'never' does not."""
    rng = random.Random(23)
    seen = {"always": 0, "demand": 0, "never": 0}
    for i in range(300):
        policy = ("always", "solver_choice", "never")[i % 3]
        p = random_position("danish", seed=rng.randrange(1 << 30), options={"skus_demand_policy": policy})
        while not p.is_over and p.trick_number < 23:
            moves = p.legal_moves
            p.play(rng.choice([m for m in moves if not m.startswith("EX")] or moves))
        holder = next((s for s in range(3) if "EX" in p.hand(s)), None)
        if holder is None or p.trick_number != 23 or p.current_trick:
            continue
        if policy == "solver_choice":
            p.play("DEMAND")
        while p.to_move != holder:
            p.play(rng.choice(p.legal_moves))
        moves = p.legal_moves
        if policy == "never":
            assert "EX" in moves or any(m.startswith("EX:") for m in moves)
            if len(p.hand(holder)) > 1 and len(moves) > 1:
                seen["never"] += 1
        else:
            assert all(m == "EX" or m.startswith("EX:") for m in moves)
            seen["always" if policy == "always" else "demand"] += 1
    assert min(seen.values()) > 0, seen

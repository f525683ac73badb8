"""The compiled core's card-play rules equal `Position`'s, on thousands of random positions.

``solver._core.Engine.legal(spec)`` (every legal move code) and ``Engine.winner(spec,
last)`` (the index of the card winning the spec's trick) read the same integer
description of a position that the search reads (``solver.search.encode``).  For every
variant, every contract and random rule options (must-beat modes, early end, win
thresholds, the Danish demand policy, the French overtrump option …) and announcements
(which reserve the pagat, uhu, pelikan, quapil or the called king for their trick, or
end play on a lost valat), random legal playouts are walked card by card, and at every
position:

* the core's legal moves (decoded to tokens: a led Danish skus once per name, ``EX:H``)
  are exactly ``Position.legal_moves``, without duplicates;
* the winner the core gives for the trick so far equals ``Position``'s;
* before the last card of a trick, for every legal last card, the core's winner of the
  completed trick (with the last-trick rules: the French Excuse chelem) is the seat
  ``Position`` records as the trick's winner.

The playouts lead the Danish skus and the French Excuse and make the Danish demand more
often than uniform play would, and composed endgames with a random leader are mixed in;
the coverage of each special case is counted and asserted.
"""

import os
import random
import sys
from collections import Counter

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from endgames import announcer, compose, random_options, special_endgame  # noqa: E402

from solver import get_variant  # noqa: E402
from solver._core import Engine  # noqa: E402
from solver.deal import random_position  # noqa: E402
from solver.position import DEMAND, Position  # noqa: E402
from solver.search import _token_map, encode, goal_spec  # noqa: E402
from solver.trick_rules import winner_index  # noqa: E402
from solver.variants import VARIANTS  # noqa: E402

SEED = 7001
SPECIAL_ENDGAMES = 450  # per variant, the contracts in turn
DEALS = {"danish": 60, "french3": 16, "french4": 16, "french5": 16}  # per contract; default 8
COMBOS = [(vid, cid) for vid, v in VARIANTS.items() for cid in v.contracts]
TOTALS = Counter()  # what the checks covered, summed over the combinations run (for reports)


def _spec(pos):
    return encode(pos, pos.parties[0], goal_spec(pos, "points", 0))


def _options(v, k, rng):
    """Rule options of the k-th deal: each switch / choice cycles through all its values
    (so every value occurs in every contract's deals), list options at random."""
    opts = random_options(v, rng)
    for j, (name, opt) in enumerate(v.options.items()):
        if name != "direction" and not isinstance(opt.default, tuple):
            opts[name] = opt.choices[(k + j) % len(opt.choices)]
    return opts


def _deal(vid, cid, rng, k):
    v = get_variant(vid)
    pos = random_position(vid, cid, rng=rng, options=_options(v, k, rng))
    anns = _announcements(pos, rng)
    if anns:
        pos = Position.from_json(dict(pos.to_json(), announcements=anns))
    return pos


def _announcements(pos, rng):
    """Announcements allowed in the contract: one reserving a card (AT-3.4, SI-3.5) with
    probability 0.8, by the card's holder three times in four; the others with 0.4."""
    v, out = pos.variant, []
    for name, ann in v.announcements.items():
        if not ann.allowed_in(pos.contract) or rng.random() >= (0.8 if ann.reserves else 0.4):
            continue
        if name == "king_ultimo" and pos.called_king is None:
            continue
        seat = rng.randrange(pos.players)
        if ann.reserves and rng.random() < 3 / 4:
            card = pos.called_king if ann.reserves == "called_king" else pos.deck.index[ann.reserves]
            seat = next((s for s in range(pos.players) if card in pos._initial[s]), seat)
        seat = announcer(pos, name, seat)
        if seat is not None:
            out.append("%s@%d" % (name, seat))
    return out


def _move(pos, rng, seen, keep=False):
    """A random legal move, steering towards the special cases: a led skus / Excuse (or,
    with ``keep``, the skus / Excuse kept to the end: the demand, the Excuse chelem)."""
    if pos.variant.special == "SKUS" and rng.random() < 0.5 and pos.is_legal(DEMAND):
        seen["demand made"] += 1
        return DEMAND
    moves = pos.legal_moves
    special = [m for m in moves if m.startswith("EX")]
    others = [m for m in moves if not m.startswith("EX")]
    if keep:
        return rng.choice(others or moves)
    if special and rng.random() < 0.4:
        return rng.choice(special)
    return rng.choice(moves)


def _check(pos, engine, seen):
    """Legal moves and winners of the core against Position at this point of play."""
    spec = _spec(pos)
    token = _token_map(pos)
    codes = engine.legal(spec)
    got = [token(c) for c in codes]
    where = pos.to_line()
    assert len(got) == len(set(got)), ("duplicate legal moves", got, where)
    assert sorted(got) == sorted(pos.legal_moves), ("legal moves", got, pos.legal_moves, where)
    seen["positions"] += 1
    seen["legal moves"] += len(got)
    if pos._demanded:
        seen["after a demand"] += 1
    if any(m.startswith("EX:") for m in got):
        seen["named skus leads"] += 1
    if pos.play_rules.reserved:
        seen["reservations in force"] += 1
    if pos.play_rules.must_beat:
        seen["must beat: " + pos.play_rules.must_beat_mode] += 1
    trick = pos.current_trick
    if trick:
        want = winner_index(pos, pos._trick, pos._named)
        assert engine.winner(spec) == (-1 if want is None else want), ("winner so far", trick, where)
    if len(trick) == pos.players - 1:
        last = pos.trick_number == pos.n_tricks
        seat = pos.to_move
        d = pos.deck
        for move in pos.legal_moves:
            card = d.index[move.split(":")[0]]
            full = dict(spec)
            full["trick"] = spec["trick"] + [(seat, d.suit[card], d.rank[card])]
            full["hands"] = [h if s != seat else [x for x in h if x != (d.suit[card], d.rank[card])]
                             for s, h in enumerate(spec["hands"])]
            pos.play(move)
            t = pos.tricks[-1]
            pos.undo()
            index = [s for s, _ in t.cards].index(t.winner)
            assert engine.winner(full, last=last) == index, ("trick winner", t, where)
            seen["completed tricks"] += 1
            toks = [tok for _, tok in t.cards]
            if last and "EX" in toks:
                seen["last tricks with the Excuse"] += 1
                if t.cards[toks.index("EX")][0] == t.winner:
                    seen["Excuse chelem"] += 1
            if {"T1", "T21", "T22"} <= set(toks):
                seen["emperor tricks"] += 1


@pytest.mark.parametrize("vid,cid", COMBOS, ids=["%s-%s" % c for c in COMBOS])
def test_core_rules_match_position(vid, cid):
    rng = random.Random("%s:%s:%s" % (SEED, vid, cid))
    engine = Engine(1)
    seen = Counter()
    for deal in range(DEALS.get(vid, 8)):
        pos = _deal(vid, cid, rng, deal)
        keep = rng.random() < 0.5
        if deal % 3 == 2:  # a composed endgame with a random leader, from a random point of play
            stop = rng.randrange(pos.n_tricks)
            while not pos.is_over and (len(pos.tricks) < stop or pos.current_trick):
                pos.play(_move(pos, rng, Counter(), keep))
            if pos.is_over:
                continue
            pos = compose(pos, rng.randrange(pos.players))
        while not pos.is_over:
            _check(pos, engine, seen)
            pos.play(_move(pos, rng, seen, keep))
    TOTALS.update({(vid, k): n for k, n in seen.items()})
    assert seen["positions"] >= 100
    v = get_variant(vid)
    if v.family == "koenigrufen" and v.contract(cid).kind in ("negative", "each"):
        assert seen["must beat: beat_winner"] and seen["must beat: beat_highest_of_category"], seen
    if v.special == "SKUS":
        assert seen["named skus leads"] >= 20 and seen["demand made"] >= 5 and seen["after a demand"] >= 5, seen
    if any(a.reserves for a in v.announcements.values() if a.allowed_in(v.contract(cid))):
        assert seen["reservations in force"] >= 5, seen


# ------------------------------------------------------------------ special-card endgames

@pytest.mark.parametrize("vid", list(VARIANTS))
def test_core_rules_on_special_card_endgames(vid):
    """Emperor tricks (SI-4.1, AT-4.3 with the Märchenstich option), colour valat (SI-4.3),
    colour games (AT-4.2), the Excuse chelem (FR-4.4), led Excuse / skus: composed
    endgames a contract, dense in special cards, every option value in turn."""
    rng = random.Random("%s:special:%s" % (SEED, vid))
    engine = Engine(1)
    seen = Counter()
    contracts = list(VARIANTS[vid].contracts)
    for k in range(SPECIAL_ENDGAMES):
        pos = special_endgame(vid, contracts[k % len(contracts)], rng, _options(VARIANTS[vid], k // len(contracts), rng))
        if pos is not None:
            while not pos.is_over:
                _check(pos, engine, seen)
                pos.play(_move(pos, rng, seen, keep=rng.random() < 0.5))
    assert seen["completed tricks"] >= 400, seen
    if VARIANTS[vid].deck.size == 54:
        assert seen["emperor tricks"] >= 30, seen
    if VARIANTS[vid].special == "EXCUSE":
        assert seen["Excuse chelem"] >= 10, seen
    TOTALS.update({(vid + " (special)", k): n for k, n in seen.items()})

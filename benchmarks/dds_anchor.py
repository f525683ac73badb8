"""Bridge double-dummy solving with Bo Haglund's DDS, the yardstick of the solver benchmark.

DDS comes bundled in the PyPI package ``endplay`` (``pip install -e ".[bench]"``).  A deal is
solved the way ``SolveBoard`` is called with one solution (``solutions=1, target=-1``: the
best card and its trick count), on one DDS thread, from a seeded random deal with a random
trump denomination and a random leader.
"""

import random
import time

SUITS = "SHDC"
RANKS = "AKQJT98765432"


def _endplay():
    try:
        import endplay._dds as dds
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player
    except ImportError as exc:
        raise SystemExit("the DDS anchor needs endplay: pip install -e \".[bench]\" (%s)" % exc)
    return dds, solve_board, SolveMode, Deal, Denom, Player


def bridge_deal(seed, i):
    """The i-th seeded random bridge deal: (PBN text, trump 0-4 = S H D C NT, leader 0-3 = N E S W)."""
    rng = random.Random("bridge:%s:%d" % (seed, i))
    cards = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        mine = cards[13 * seat:13 * seat + 13]
        hands.append(".".join("".join(RANKS[r] for r in sorted(r for s2, r in mine if s2 == s))
                              for s in range(4)))
    return "N:" + " ".join(hands), rng.randrange(5), rng.randrange(4)


class DDS:
    """One-thread DDS: ``solve(pbn, trump, leader)`` -> (tricks for the leader's side, nodes, seconds)."""

    def __init__(self):
        dds, self._solve_board, mode, self._Deal, self._Denom, self._Player = _endplay()
        dds.SetMaxThreads(1)
        self._mode = mode.OptimalOne
        self._denoms = [self._Denom.spades, self._Denom.hearts, self._Denom.diamonds, self._Denom.clubs,
                        self._Denom.nt]
        self._players = [self._Player.north, self._Player.east, self._Player.south, self._Player.west]

    def solve(self, pbn, trump, leader):
        deal = self._Deal.from_pbn(pbn)
        deal.trump = self._denoms[trump]
        deal.first = self._players[leader]
        start = time.perf_counter()
        result = self._solve_board(deal, self._mode)
        seconds = time.perf_counter() - start
        best = max(score for _, score in result)
        return best, result._data.nodes, seconds

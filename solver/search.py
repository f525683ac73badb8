"""Double-dummy solving: the Python face of the compiled search.

``solve(position, goal=...)`` answers what the analysed side ends with under perfect
play by everybody, with every card visible.  The side is the declarer's by default;
in each-for-himself games (klop, Trischaken, Danish) it is one seat against the
coalition of all the others (the *paranoid* model: the others cooperate to hold that
seat down, so the value is what the seat can guarantee).

>>> from solver import load_example, solve
>>> game = load_example("slovenian4_three")
>>> for _ in range(8): _ = game.undo()      # back to two tricks before the end
>>> r = solve(game, all_cards=True, line=True)
>>> r.display, r.cards
('46 2/3', {'D1': 140, 'CJ': 140})
>>> r.line
['D1', 'DN', 'DK', 'D4', 'DJ', 'HQ', 'CJ', 'SN']
"""

import re
import time
from dataclasses import dataclass, field

from ._core import Engine
from .errors import TarokError
from .position import DEMAND, _NAMES
from .variants import EXCUSE, NO_TRICKS, ONE_TRICK, POSITIVE, SKUS, TRUMP_22

GOALS = {
    "points": "card points the side ends with",
    "tricks": "tricks the side ends with",
    "win": "the point contract is made (Slovenian ≥ 35 2/3, or 35 1/3 with win_at_35_plus_card; "
           "Königrufen ≥ 35 2/3)",
    "valat": "the side wins every trick (valat, tout, chelem)",
    "no-tricks": "the side wins no trick (beggar, Bettler, nolo)",
}
_GOAL_CODE = {"points": 0, "tricks": 1, "win": 0, "valat": 1, "no-tricks": 1}


class GoalError(TarokError):
    """A goal that does not exist or does not apply to this position."""


@dataclass
class Result:
    """What :func:`solve` found.

    ``value`` is an int in the variant's exact units for ``points`` (thirds, halves, P),
    a trick count for ``tricks``, a bool for yes/no goals; ``None`` when a limit stopped
    the search before the bounds met (``bounds`` then holds what was proven).
    """

    goal: str
    side: tuple
    value: object
    display: str
    bounds: tuple
    exact: bool
    cards: dict = field(default_factory=dict)
    line: list = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    table_hits: int = 0
    table_probes: int = 0

    def to_json(self):
        return {"goal": self.goal, "side": list(self.side), "value": self.value, "display": self.display,
                "bounds": list(self.bounds), "exact": self.exact, "cards": self.cards, "line": self.line,
                "nodes": self.nodes, "seconds": round(self.seconds, 6)}


def _parse_limit(limit):
    """None, a node count (int), or a time like '2s' / '500ms' -> (nodes, seconds)."""
    if limit is None:
        return 0, 0.0
    if isinstance(limit, bool):
        raise GoalError("limit is a node count or a time such as '2s'")
    if isinstance(limit, int):
        if limit <= 0:
            raise GoalError("a node limit must be positive")
        return limit, 0.0
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|n|nodes)?\s*", str(limit))
    if not m:
        raise GoalError("limit %r: give a node count (100000) or a time (2s, 500ms)" % (limit,))
    number, unit = float(m.group(1)), m.group(2) or "n"
    if unit in ("n", "nodes"):
        return int(number), 0.0
    return 0, number / 1000.0 if unit == "ms" else number


def _side_seats(pos, side):
    """Seats of the analysed side (a tuple)."""
    if side is None:
        if pos.contract.each_for_himself:
            return (pos.to_move if pos.to_move is not None else 0,)
        return pos.parties[0]
    if isinstance(side, str):
        key = side.strip().lower()
        if key in ("declarer", "declarer side") and not pos.contract.each_for_himself:
            return pos.parties[0]
        if key in ("defence", "defense", "opponents") and not pos.contract.each_for_himself:
            return pos.parties[1]
        if key.isdigit():
            side = int(key)
        else:
            raise GoalError("side %r: use 'declarer', 'defence' or a seat number" % side)
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < pos.players:
        raise GoalError("side seat %r is out of range 0-%d" % (side, pos.players - 1))
    return pos.parties[pos.party_of(side)]


def encode(pos, seats, goal):
    """The integer description of ``pos`` the compiled core reads (see _core.pxd)."""
    v, d, c = pos.variant, pos.deck, pos.contract
    rules = pos.play_rules
    code = _GOAL_CODE[goal]
    maxer = [0 if (s in seats) == (goal == "no-tricks") else 1 for s in range(pos.players)]
    special_roles = {d.trump(1), d.trump(21)} | {card for card in rules.reserved}
    special_roles |= {d.king(s) for s in range(4)}
    if d.special is not None:
        special_roles.add(d.special)
    if v.special == TRUMP_22:
        special_roles.add(d.trump(22))

    def sr(card):
        return d.suit[card], d.rank[card]

    return {
        "n_seats": pos.players, "n_tricks": pos.n_tricks,
        "special_kind": {TRUMP_22: 0, EXCUSE: 1, SKUS: 2}[v.special],
        "tarock_trumps": int(not c.colour), "tarockzwang": int(rules.tarockzwang),
        "colour_lead_rule": int(c.colour), "must_overtrump": int(v.must_overtrump),
        "overtrump_on_trump_lead": int(pos.options.get("overtrump_on_trump_lead", False)),
        "must_beat": 0 if not rules.must_beat else (1 if rules.must_beat_mode == "beat_winner" else 2),
        "pagat_rule": {"": 0, "si": 1, "at": 2}[rules.pagat_rule],
        "emperor": int(rules.emperor),
        "colour_valat_seat": pos.declarer if c.colour_valat else -1,
        "demand_policy": 0 if v.special != SKUS else
        {"solver_choice": 1, "always": 2, "never": 3}[pos.options["skus_demand_policy"]],
        "trick_units": v.trick_units, "goal": code,
        "reserved": [(holder,) + sr(card) + (trick,) for card, (holder, trick, _) in rules.reserved.items()],
        "points": [sr(card) + (v.points[card],) for card in range(d.size)],
        "keep_apart": [sr(card) for card in special_roles],
        "side": [int(s in seats) for s in range(pos.players)],
        "maxer": maxer,
        "party": [pos.party_of(s) for s in range(pos.players)],
        "hands": [[sr(card) for card in pos._hands[s]] for s in range(pos.players)],
        "leader": pos.leader, "trick_no": pos.trick_number,
        "trick": [(s,) + sr(card) for s, card in pos._trick],
        "named": -1 if pos._named is None else pos._named,
        "demanded": int(pos._demanded),
        "won_mask": sum(1 << p for p in range(len(pos.parties)) if pos.tricks_won(p)),
        **_early_end(pos),
    }


def _early_end(pos):
    """Position's early ends (AT-6.7, SI-6.7), so solver and rules engine stop together."""
    stop_party, stop_after, guard = -1, 0, 0
    if pos.options.get("early_end") and not pos.contract.each_for_himself:
        if pos.contract.objective in (NO_TRICKS, ONE_TRICK):
            stop_party, stop_after = 0, 1 if pos.contract.objective == NO_TRICKS else 2
        guard = sum(1 << p for p in pos.valat_guard)
    return {"stop_party": stop_party, "stop_after": stop_after, "guard_mask": guard,
            "stop_count": pos.tricks_won(0) if stop_party == 0 else 0}


class Solver:
    """A reusable solver: keeps its transposition table between related calls
    (the same deal at later points of play, other goals, other sides).

    ``memory_mb`` is the fixed size of the table; it is never exceeded.
    """

    def __init__(self, memory_mb=256):
        self.memory_mb = memory_mb
        self._engine = Engine(memory_mb)

    def clear(self):
        self._engine.clear()

    def solve(self, position, goal="points", side=None, all_cards=False, line=False, limit=None):
        pos = position
        if goal not in GOALS:
            raise GoalError("unknown goal %r; goals are %s" % (goal, ", ".join(GOALS)))
        if pos.is_over:
            raise GoalError("play is over: nothing to solve")
        seats = _side_seats(pos, side)
        party = pos.party_of(seats[0])
        target = self._target(pos, goal, party)
        nodes, seconds = _parse_limit(limit)
        spec = encode(pos, seats, goal)
        start = time.perf_counter()
        raw = self._engine.solve(spec, node_limit=nodes, time_limit=seconds, all_cards=all_cards, line=line)
        elapsed = time.perf_counter() - start
        so_far = pos.points(party) if _GOAL_CODE[goal] == 0 else pos.tricks_won(party)
        lower, upper = raw["lower"] + so_far, raw["upper"] + so_far
        to_token = _token_map(pos)
        result = Result(goal=goal, side=tuple(seats), value=None, display="", bounds=(lower, upper),
                        exact=lower == upper, nodes=raw["nodes"], seconds=elapsed, table_hits=raw["hits"],
                        table_probes=raw["probes"])
        result.value, result.display = self._present(pos, goal, target, lower, upper)
        for move, (lo, hi) in raw.get("cards", {}).items():
            result.cards[to_token(move)] = self._present(pos, goal, target, lo + so_far, hi + so_far)[0]
        result.line = [DEMAND if m == -1 else to_token(m) for m in raw.get("line", [])]
        return result

    @staticmethod
    def _target(pos, goal, party):
        """For yes/no goals: the count the side must reach (>=), or for no-tricks stay at (<=)."""
        v, c = pos.variant, pos.contract
        if goal == "win":
            if c.kind != POSITIVE or v.family not in ("slovenian", "koenigrufen"):
                raise GoalError("goal 'win' is solved here for Slovenian and Königrufen point contracts; "
                                "%s %s is not one (French bout requirements come with the next solver step)"
                                % (v.id, c.id))
            if party != 0:
                raise GoalError("goal 'win' is the declarer side's")
            return 106 if pos.options.get("win_at_35_plus_card") else 107  # SI-6.6, AT-5.3 (thirds)
        if goal == "valat":
            return pos.n_tricks
        if goal == "no-tricks":
            return 0
        return None

    @staticmethod
    def _present(pos, goal, target, lower, upper):
        """(value, display) from proven bounds on the side's final count."""
        if goal == "points":
            if lower == upper:
                return lower, pos.variant.format_units(lower)
            return None, "between %s and %s" % (pos.variant.format_units(lower), pos.variant.format_units(upper))
        if goal == "tricks":
            if lower == upper:
                return lower, str(lower)
            return None, "between %d and %d" % (lower, upper)
        if goal == "no-tricks":
            yes, no = upper <= target, lower > target
        else:
            yes, no = lower >= target, upper < target
        if yes or no:
            return yes, "yes" if yes else "no"
        return None, "unknown (search stopped)"


def _token_map(pos):
    d = pos.deck
    by_code = {(d.suit[c] << 5) | d.rank[c]: d.tokens[c] for c in range(d.size)}

    def token(move):
        tok = by_code[move & 0xFF]
        name = move >> 8
        return tok + (":" + _NAMES[name - 1] if name else "")
    return token


def solve(position, goal="points", side=None, all_cards=False, line=False, limit=None, memory_mb=256):
    """Solve ``position`` double dummy for ``goal`` (see :data:`GOALS`).

    ``side``: None (the declarer's side; in each-for-himself games the player to move),
    'declarer', 'defence' or a seat.  ``all_cards``: also the value of every legal card
    of the player to move.  ``line``: an optimal line of play to the end.  ``limit``: a
    node count or a time ('2s'); a stopped search returns proven ``bounds`` and
    ``value=None``.
    """
    return Solver(memory_mb).solve(position, goal, side, all_cards, line, limit)

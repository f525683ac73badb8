"""The plain reference: exhaustive minimax over `Position`, no tricks of any kind.

Slow and obviously right: it plays every legal card (every skus name, both answers to
the Danish demand question) through the readable rules engine and scores the finished
position with the goal's definition in `solver.goals`.  The side maximises that value,
everybody else minimises it.  The compiled solver must agree with it exactly.
"""

from solver.goals import achieved
from solver.position import DEMAND


def _demand_holder(pos):
    """The skus holder when the Danish demand question is open now (DK-3.7), else None."""
    if pos.variant.special != "SKUS" or pos.options["skus_demand_policy"] != "solver_choice":
        return None
    if pos.is_over or pos.current_trick or pos.trick_number != pos.n_tricks - 2 or pos.move_stack[-1:] == [DEMAND]:
        return None  # (a demand already made closes the question)
    return next((s for s in range(pos.players) if "EX" in pos.hand(s)), None)


def value(pos, seats, goal):
    """The goal's final value for the party of ``seats`` under perfect play (bools as 0/1).
    ``goal`` may also be a function (position, party) -> int scoring the end of play."""
    if pos.is_over:
        party = pos.party_of(seats[0])
        return goal(pos, party) if callable(goal) else int(achieved(pos, goal, party))
    holder = _demand_holder(pos)
    if holder is not None:
        pos.play(DEMAND)
        demanded = value(pos, seats, goal)
        pos.undo()
        if holder not in seats:
            return demanded  # the side may demand, and so may the holder's partners in the coalition
        return min(demanded, _best(pos, seats, goal))  # the opponents decide
    return _best(pos, seats, goal)


def _best(pos, seats, goal):
    maximise = pos.to_move in seats
    best = None
    for move in pos.legal_moves:
        pos.play(move)
        v = value(pos, seats, goal)
        pos.undo()
        if best is None or (v > best if maximise else v < best):
            best = v
    return best

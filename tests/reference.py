"""The plain reference: exhaustive minimax over `Position`, no tricks of any kind.

Slow and obviously right: it plays every legal card (every skus name, both answers to
the Danish demand question) through the readable rules engine and reads the counts off
the finished position.  The compiled solver must agree with it exactly.
"""

from solver.position import DEMAND


def _demand_choice(pos):
    """Whether the Danish demand question is open now (DK-3.7, policy solver_choice)."""
    v = pos.variant
    if v.special != "SKUS" or pos.options["skus_demand_policy"] != "solver_choice":
        return None
    if pos.current_trick or pos.trick_number != pos.n_tricks - 2 or pos.is_over:
        return None
    return next((s for s in range(pos.players) if "EX" in pos.hand(s)), None)


def final_count(pos, seats, goal):
    """Points (or tricks) the party of ``seats`` ends with under perfect play.

    ``seats`` maximise, everybody else minimises; for ``no-tricks`` the roles swap
    (the side wants few tricks)."""
    party = pos.party_of(seats[0])
    if pos.is_over or not any(pos.hand(s) for s in range(pos.players)):
        return pos.points(party) if goal == "points" else pos.tricks_won(party)
    holder = _demand_choice(pos)
    if holder is not None:
        pos.play(DEMAND)
        with_demand = final_count(pos, seats, goal)
        pos.undo()
        maximisers_hold = (holder in seats) != (goal == "no-tricks")
        if not maximisers_hold:
            return with_demand  # some maximiser may demand, and so may a minimiser
        return min(with_demand, _best(pos, seats, goal))
    return _best(pos, seats, goal)


def _best(pos, seats, goal):
    maximise = (pos.to_move in seats) != (goal == "no-tricks")
    best = None
    for move in pos.legal_moves:
        pos.play(move)
        value = final_count(pos, seats, goal)
        pos.undo()
        if best is None or (value > best if maximise else value < best):
            best = value
    return best

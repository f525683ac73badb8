"""What the page and the API show of a position, a solve and an analysis: plain JSON built on
the solver's public API (``Position``, ``Result``, ``GameAnalysis``).

A request names a deal (JSON, as an object or text, or the one-line form) with its whole play
record, and ``at``: how many tokens of the record have been played in the position looked at.
Keeping the record whole lets the page step back and forth without losing the game.
"""

from solver import GOALS, NotationError, ParameterError, Position
from solver.goals import applies
from solver.text import is_whole, shown

PILES = (  # start-of-play fields that hold cards outside the hands, and what they count for
    ("declarer_pile", "counts for the declarer side"),
    ("defence_pile", "counts for the defence"),
    ("talon", "talon, counts for nobody"),
    ("skat", "skat, counts for the dealer"),
)


def read_deal(deal):
    """A Position from a deal: a JSON object, or text (JSON or the one-line form)."""
    if isinstance(deal, dict):
        return Position.from_json(deal)
    if isinstance(deal, str):
        if not deal.strip():
            raise NotationError("the deal is empty: paste a deal in JSON or the one-line form")
        return Position.parse(deal)
    raise NotationError("deal %s: give a JSON object or text (JSON or the one-line form)" % shown(deal))


def start_of_play(full):
    """A fresh Position at the start of ``full``'s play record."""
    data = full.to_json()
    data.pop("play", None)
    return Position.from_json(data)


def position_at(full, at):
    """The position after ``at`` tokens of ``full``'s play record (None: the whole record)."""
    record = full.move_stack
    if at is None:
        return full
    if not is_whole(at, 0, len(record)):
        raise ParameterError("at %s: a number of cards played, 0-%d (the record has %d)"
                             % (shown(at), len(record), len(record)))
    if at == len(record):
        return full
    pos = start_of_play(full)
    for token in record[:at]:
        pos.play(token)
    return pos


def trick_starts(full):
    """{trick number: the record index of its first card} for the tricks ``full``'s record reaches."""
    pos = start_of_play(full)
    starts = {} if pos.is_over else {pos.trick_number: 0}
    for index, token in enumerate(full.move_stack, 1):
        pos.play(token)
        if not pos.current_trick and not pos.is_over:
            starts.setdefault(pos.trick_number, index)  # (a Danish DEMAND starts no trick)
    return starts


def _trick(trick):
    return {"number": trick.number, "leader": trick.leader, "cards": [list(c) for c in trick.cards],
            "winner": trick.winner, "named": trick.named}


def goals_for(pos):
    """The goals ``solve`` takes for this position, with their meaning."""
    return [{"id": goal, "meaning": meaning} for goal, meaning in GOALS.items() if applies(pos, goal) is None]


def sides_for(pos):
    """The sides a solve can take: declarer side and defence, or each seat (each for himself)."""
    if pos.contract.each_for_himself:
        return ([{"value": None, "label": "the seat to move"}]
                + [{"value": seat, "label": "seat %d" % seat} for seat in range(pos.players)])
    return [{"value": name, "label": "%s (%s)" % (pos.party_name(party), _seats(pos.parties[party]))}
            for party, name in enumerate(("declarer", "defence"))]


def _seats(seats):
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in seats)


def position_view(full, at=None):
    """Everything the page draws for ``full`` after ``at`` tokens of its record."""
    pos = position_at(full, at)
    record = full.move_stack
    data = full.to_json()
    roles = {seat: [] for seat in range(pos.players)}
    if pos.declarer is not None:
        roles[pos.declarer].append("declarer")
    if pos.partner is not None:
        roles[pos.partner].append("partner")
    if pos.dealer is not None:
        roles[pos.dealer].append("dealer")
    piles = [{"field": key, "label": label, "cards": data[key].split()} for key, label in PILES if data.get(key)]
    for seat, cards in enumerate(data.get("seat_piles") or []):
        if cards:
            piles.append({"field": "seat_piles", "label": "won by seat %d before" % seat, "cards": cards.split()})
    v, c = pos.variant, pos.contract
    return {
        "deal": data, "line": full.to_line(), "record": record, "at": len(pos.move_stack),
        "trick_starts": {str(n): index for n, index in sorted(trick_starts(full).items())},
        "variant": {"id": v.id, "name": v.name, "family": v.family, "players": v.players, "unit": v.unit,
                    "unit_name": v.unit_name, "total": v.total_units, "tricks": pos.n_tricks},
        "contract": {"id": c.id, "name": c.name, "each_for_himself": c.each_for_himself},
        "declarer": pos.declarer, "partner": pos.partner, "called_king": data.get("called_king"), "dealer": pos.dealer,
        "announcements": data.get("announcements", []), "composed": bool(data.get("composed")),
        "direction": pos.options.get("direction", "counter-clockwise"),
        "seats": [{"seat": s, "hand": pos.hand(s), "party": pos.party_of(s), "roles": roles[s]}
                  for s in range(pos.players)],
        "piles": piles,
        "tricks": [_trick(t) for t in pos.tricks],
        "record_tricks": [_trick(t) for t in full.tricks],
        "current_trick": [list(c) for c in pos.current_trick],
        "trick_number": pos.trick_number,
        "to_move": pos.to_move, "legal": [] if pos.is_over else pos.legal_moves,
        "is_over": pos.is_over, "end_reason": pos.end_reason,
        "parties": [{"party": p, "name": pos.party_name(p), "seats": list(pos.parties[p]),
                     "tricks": pos.tricks_won(p), "points": pos.points(p), "display": pos.points_display(p)}
                    for p in range(len(pos.parties))],
        "goals": goals_for(pos), "sides": sides_for(pos),
    }


def solve_view(pos, goal, result):
    """A solve's result (``Result.to_json()``) for the page: every legal card's value with what
    it loses against the best card *for the seat to move* (the highest value when that seat is
    on the analysed side, the lowest otherwise), and the optimal line trick by trick."""
    fmt = _formatter(pos, goal)
    mover = pos.to_move
    on_side = mover in result["side"]
    known = {card: value for card, value in result["cards"].items() if value is not None}
    best = None
    if known and len(known) == len(result["cards"]):
        best = (max if on_side else min)(known.values())
    cards = []
    for card in pos.legal_moves:
        value = result["cards"].get(card)
        entry = {"card": card, "value": value, "display": "?" if value is None else fmt(value),
                 "best": best is not None and value == best, "loss": None, "loss_display": None}
        if best is not None and value != best:
            entry["loss"] = 1 if isinstance(value, bool) else abs(best - value)
            entry["loss_display"] = ("%s → %s" % (fmt(best), fmt(value)) if isinstance(value, bool)
                                     else fmt(entry["loss"]))
        cards.append(entry)
    out = dict(result)
    out.update(cards=cards, mover=mover, mover_on_side=on_side, line_tricks=_line_tricks(pos, result["line"]),
               bounds_display=bounds_display(pos, goal, result["bounds"]))
    return out


def bounds_display(pos, goal, bounds):
    """Proven bounds on the side's final count as text ('35 2/3', '7'); for a yes/no goal the
    count it is decided on (points, tricks or events) as a plain number."""
    return [pos.variant.format_units(b) if goal == "points" else str(b) for b in bounds]


def _formatter(pos, goal):
    def fmt(value):
        if isinstance(value, bool):
            return "yes" if value else "no"
        return pos.variant.format_units(value) if goal == "points" else str(value)
    return fmt


def _line_tricks(pos, line):
    """The optimal line played out: the tricks it completes or starts, with their winners
    (played on ``pos`` and taken back)."""
    tricks, open_cards, number = [], [], pos.trick_number
    played = 0
    try:
        for token in line:
            before = len(pos.tricks)
            pos.play(token)
            played += 1
            if len(pos.tricks) > before:
                tricks.append(_trick(pos.tricks[-1]))
                open_cards, number = [], pos.trick_number
            elif pos.current_trick:
                open_cards = [list(c) for c in pos.current_trick]
    finally:
        for _ in range(played):
            pos.undo()
    if open_cards:
        tricks.append({"number": number, "leader": open_cards[0][0], "cards": open_cards, "winner": None,
                       "named": None})
    return tricks


def error_view(exc):
    """A TarokError as the API shows it: the message, its class, and for an illegal card
    the card, seat, trick and rule."""
    out = {"error": str(exc), "type": type(exc).__name__}
    for key in ("card", "seat", "trick", "rule", "keys"):
        value = getattr(exc, key, None)
        if value not in (None, []):
            out[key] = value
    return out


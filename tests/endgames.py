"""Random endgames and the checks that hold the compiled solver to the independent reference.

Shared by ``tests/test_solver_reference.py`` (a few hundred endgames per variant and goal
in CI) and ``benchmarks/crosscheck.py`` (the offline run of thousands).

* :func:`random_endgame` deals a random legal deal of a variant (random contract, rule
  options and announcements), plays uniformly random legal moves (a Danish ``DEMAND``
  now and then) until ``tricks_left`` tricks remain, optionally re-composes the result
  as a composed endgame with a random leader (hands, piles and tricks taken carried
  over), and plays a random part of the current trick.
* :func:`reference_values` is the independent reference's plain minimax
  (``tests/reference.py``, which reads the endgame from its JSON and replays the record
  with its own rules) for several goals in one walk of the game tree; at the root it also
  gives the value of every legal move.
* :func:`check_endgame` solves one endgame for every goal that applies and returns the
  list of disagreements (empty when all is well): value = reference; ``all_cards`` = the
  reference's value of every legal move, and the best card's value = the value (when no
  Danish demand question is open at the root); the ``line`` is legal (for ``Position``
  and the reference), reaches the end, and the reference's goal there equals the value;
  solving again from points along the line gives the value again.
* :func:`special_endgame` composes small endgames dense in special cards (emperor tricks,
  the Excuse chelem, led skus, voids); :func:`known_bug` names the configurations of
  reported, unfixed solver bugs that the special batches skip.
* :func:`self_check`: the reference-free checks for 5-8 trick endgames (invariants, and
  the raw core with each search feature switched off).
* :func:`make_endgames`, :func:`make_special_endgames`, :func:`make_big_endgames` build
  seeded batches (one-line positions, so they travel to worker processes) and
  :func:`run_items` checks a batch on two processes.
"""

import random

import reference

from solver import Position, get_variant
from solver.deal import random_position
from solver.errors import TarokError
from solver.goals import GOALS, applies
from solver.position import DEMAND
from solver.search import Solver, encode, goal_spec, side_seats
from solver.variants import VARIANTS

VARIANT_IDS = list(VARIANTS)


# ------------------------------------------------------------------ the compiled core

def core_spec(pos, goal, seats=None):
    """What the compiled core solves for ``goal`` in ``pos``: its spec, for ``seats`` (by
    default the side of the seat to move, as Solver.solve takes it)."""
    seats = side_seats(pos, None) if seats is None else seats
    return encode(pos, seats, goal_spec(pos, goal, pos.party_of(seats[0])))


def core_solve(line, goal, **flags):
    """The compiled core's raw answer (a dict: bounds, nodes, ...) for the position ``line``
    and ``goal``, on a new engine of 64 MB, with Engine.solve's ``flags``."""
    from solver._core import Engine

    return Engine(64).solve(core_spec(Position.from_line(line), goal), **flags)


# ------------------------------------------------------------------ random endgames

def random_options(v, rng):
    """Each rule option other than its default with probability 1/2 (direction is only recorded)."""
    opts = {}
    for name, opt in v.options.items():
        if name == "direction" or rng.random() < 0.5:
            continue
        if isinstance(opt.default, tuple):
            opts[name] = list(rng.sample(list(opt.choices), rng.randrange(1, len(opt.choices) + 1)))
        else:
            opts[name] = rng.choice(list(opt.choices))
    return opts


def random_announcements(pos, rng, p=0.35):
    """Announcements allowed in the contract, each with probability ``p``, by a random seat."""
    v, c = pos.variant, pos.contract
    out = []
    for name, ann in v.announcements.items():
        if not ann.allowed_in(c) or rng.random() >= p:
            continue
        if name == "king_ultimo" and pos.called_king is None:
            continue
        seat = announcer(pos, name, rng.randrange(pos.players))
        if seat is not None:
            out.append("%s@%d" % (name, seat))
    return out


def announcer(pos, name, seat):
    """``seat`` if it may make the announcement ``name`` here, else one that may (SI-7 kralj
    ultimo: the partner; AT-7 Königfang: the defence), None if nobody may."""
    allowed = pos.announcers(name)
    if seat in allowed or not allowed:
        return seat if allowed else None
    return allowed[seat % len(allowed)]


def random_deal(variant, rng, contract=None):
    """A random deal at the start of play: random contract, options and announcements."""
    v = get_variant(variant)
    contract = contract or rng.choice(list(v.contracts))
    pos = random_position(v.id, contract, rng=rng, options=random_options(v, rng))
    anns = random_announcements(pos, rng)
    if anns:
        pos = Position.from_json(dict(pos.to_json(), announcements=anns))
    return pos


def random_move(pos, rng, keep_special=False):
    """A uniformly random legal move; a Danish DEMAND a quarter of the time it is legal.
    With ``keep_special`` the Excuse / skus is played only when nothing else is legal, so
    that it reaches the last trick (FR-4.4, DK-4.4)."""
    if pos.variant.special == "SKUS" and rng.random() < 0.25 and pos.is_legal(DEMAND):
        return DEMAND
    moves = pos.legal_moves
    if keep_special and len(moves) > 1:
        moves = [m for m in moves if not m.startswith("EX")] or moves
    return rng.choice(moves)


def compose(pos, leader):
    """``pos`` (at a trick boundary) as a composed endgame led by ``leader``: same hands,
    piles, tricks taken per seat, contract, partner, announcements and options."""
    data = pos.to_json()
    taken = [0] * pos.players
    for s, t in enumerate(pos._tricks_before):
        taken[s] += t
    for t in pos.tricks:
        taken[t.winner] += 1
    out = {k: data[k] for k in ("variant", "contract", "declarer", "called_king", "talon", "options")
           if k in data}
    out.update(hands=[" ".join(h) for h in pos.hands], composed=True, leader=leader, tricks_taken=taken)
    if pos.called_king is not None and pos.partner is not None:
        out["partner"] = pos.partner
    if pos.contract.each_for_himself:
        out["seat_piles"] = [" ".join(pos.pile(s)) for s in range(pos.players)]
    else:
        out["declarer_pile"] = " ".join(pos.pile(0))
        out["defence_pile"] = " ".join(pos.pile(1))
    implied = {(name, pos.declarer) for name in pos.contract.implied}
    anns = ["%s@%d" % a for a in pos.announcements if a not in implied]
    if anns:
        out["announcements"] = anns
    return Position.from_json(out)


def random_endgame(variant, rng, tricks_left, partial=None, contract=None, compose_p=0.5, tries=50,
                   keep_special=False):
    """A random endgame with ``tricks_left`` tricks to go (the current one included) and
    ``partial`` cards of the current trick played (random when None); ``keep_special``: see
    :func:`random_move`."""
    for _ in range(tries):
        pos = random_deal(variant, rng, contract)
        n = pos.n_tricks
        while not pos.is_over and (pos.trick_number < n - tricks_left + 1 or pos.current_trick):
            pos.play(random_move(pos, rng, keep_special))
        if pos.is_over:
            continue  # an early end (beggar lost, announced valat failed): deal again
        if rng.random() < compose_p:
            pos = compose(pos, rng.randrange(pos.players))
        cards = rng.randrange(pos.players) if partial is None else partial
        for _ in range(cards):
            pos.play(random_move(pos, rng))
            if pos.is_over:
                break
        if not pos.is_over:
            return pos
    raise RuntimeError("no %s endgame with %d tricks left in %d tries" % (variant, tricks_left, tries))


def special_endgame(vid, cid, rng, options=None, sizes=(1, 1, 2, 3)):
    """A composed endgame of 1-3 cards a hand drawn mostly from the cards with special roles
    (pagat, mond, škis / Excuse / skus, kings, a few cards of one suit), a random leader and
    the earlier tricks all won by one seat half of the time (the French Excuse chelem).
    None when the draw makes no legal position (a declarer holding a king he may not call)."""
    v = get_variant(vid)
    c = v.contract(cid)
    d = v.deck
    n = v.players
    pool = [d.trump(1), d.trump(21), d.trump(2), d.trump(3), d.trump(4)] + [d.king(s) for s in range(4)]
    pool += [d.special] if d.special is not None else [d.trump(22)]
    pool += rng.sample([x for x in range(d.size) if d.suit[x] == 0 and x not in pool], 3)
    pool += rng.sample([x for x in range(d.size) if x not in pool], 3)
    size = rng.choice(sizes)
    cards = rng.sample(pool, size * n)
    if v.deck.size == 54 and rng.random() < 0.5:  # the whole trula, in three hands
        trula = [d.trump(1), d.trump(21), d.trump(22)]
        cards = [x for x in cards if x not in trula]
        seats = rng.sample(range(n), 3)
        for i, s in enumerate(seats):
            cards.insert(s * size, trula[i])
        cards = cards[:size * n]
    hands = [cards[s * size:(s + 1) * size] for s in range(n)]
    rest = [x for x in range(d.size) if x not in cards]
    data = {"variant": vid, "contract": cid, "composed": True, "leader": rng.randrange(n),
            "options": options or {},
            "hands": [" ".join(d.tokens[x] for x in h) for h in hands]}
    before = v.tricks - size
    taken = [0] * n
    if rng.random() < 0.5:
        taken[rng.randrange(n)] = before
    else:
        for _ in range(before):
            taken[rng.randrange(n)] += 1
    data["tricks_taken"] = taken
    text = " ".join(d.tokens[x] for x in rest)
    if c.each_for_himself:
        data["seat_piles"] = [text if s == 0 else "" for s in range(n)]
    else:
        data["declarer"] = rng.randrange(n)
        data["declarer_pile" if rng.random() < 0.5 else "defence_pile"] = text
        if c.called_king:
            king = rng.choice([d.king(s) for s in range(4)])
            data["called_king"] = d.tokens[king]
            if not any(king in h for h in hands):
                data["partner"] = rng.choice([s for s in range(n) if s != data["declarer"]])
    try:
        return Position.from_json(data)
    except TarokError:
        return None  # e.g. a declarer holding his own called king where that is not allowed


def random_side(pos, rng, p_other=0.3):
    """The analysed seats: mostly the solver's default side, sometimes another party."""
    if pos.contract.each_for_himself:
        seat = pos.to_move if rng.random() >= p_other else rng.randrange(pos.players)
        return (seat,)
    return pos.parties[1 if rng.random() < p_other else 0]


def goals_for(pos, party):
    """The goals that can be asked of ``pos`` for ``party`` (``win`` is the declarer side's)."""
    return [g for g in GOALS if applies(pos, g) is None and not (g == "win" and party != 0)]


# ------------------------------------------------------------------ the independent reference

def ref_game(pos):
    """``pos`` as the independent reference (tests/reference.py) reads it: from its JSON."""
    return reference.Game(pos.to_json())


def reference_valat(pos, seats):
    """The reference's answer (0/1) whether the party of ``seats`` takes every trick: its
    AND/OR search, which stops at the first move that settles a node (the minimax of
    reference_values searches every move: minutes for some 4-trick hands)."""
    return int(reference.at_least(ref_game(pos), seats, "valat", 1))


def reference_values(pos, seats, goals):
    """(values, moves): each goal's minimax value for the party of ``seats`` by the
    independent reference (bools as 0/1), and per legal move of the player to move its
    values (the demand not made)."""
    return reference.root_values(ref_game(pos), seats, goals)


# Threshold goals whose answer is a non-decreasing function of a count follow from that
# count's minimax (minimax commutes with such functions): win = points >= target, valat =
# tricks == all.  A check of the reference's search, never instead of it.
def derived(pos, goal, counts):
    """The value of ``goal`` from the side's minimax ``points``/``tricks``, or None."""
    game = ref_game(pos)
    if goal == "valat":
        return int(counts["tricks"] == game.n_tricks)
    if goal == "win" and game.objective == "points" and game.family != "french":
        return int(counts["points"] >= reference.point_target(game))
    if goal == "win" and game.objective == "all_tricks":
        return int(counts["tricks"] == game.n_tricks)
    return None


# ------------------------------------------------------------------ the checks

def resolve_along_line(solver, pos, seats, goal, line, expected, count, rng):
    """Solve again after ``count`` random prefixes of the optimal line: the value must stay."""
    problems = []
    for cut in sorted(rng.sample(range(1, len(line)), min(count, len(line) - 1))):
        for tok in line[:cut]:
            pos.play(tok)
        try:
            if not pos.is_over:
                again = solver.solve(pos, goal, side=seats[0])
                if _as_int(again.value) != expected:
                    problems.append(describe(pos, seats, goal, "value after %d moves of the line %s"
                                             % (cut, " ".join(line)), expected, again.value))
        finally:
            for _ in range(cut):
                pos.undo()
    return problems


def _as_int(value):
    return int(value) if isinstance(value, bool) else value


def describe(pos, seats, goal, what, expected, got):
    return ("%s: goal %s, side %s: %s: expected %r, got %r\n  position: %s"
            % (pos.variant.id, goal, list(seats), what, expected, got, pos.to_line()))


def check_line(pos, seats, goal, party, line, value):
    """Problems with a solver's line: it must be legal to the end (for ``Position`` and the
    reference) and reach ``value`` by the reference's goal (played on ``pos`` itself, then
    taken back)."""
    problems, played = [], 0
    game = ref_game(pos)
    try:
        for tok in line:
            pos.play(tok)
            game.play(tok)
            played += 1
        if not pos.is_over or not game.over():
            problems.append(describe(pos, seats, goal, "line %s reaches the end" % " ".join(line),
                                     "play over", pos.hands))
        elif _as_int(game.achieved(goal, party)) != value:
            problems.append(describe(pos, seats, goal, "achieved at the end of the line %s" % " ".join(line),
                                     value, _as_int(game.achieved(goal, party))))
    except Exception as exc:  # noqa: BLE001 - any rejection of the line is a finding
        problems.append(describe(pos, seats, goal, "line %s is legal" % " ".join(line), "legal",
                                 "move %d rejected: %s" % (played, exc)))
    finally:
        for _ in range(played):
            pos.undo()
    return problems


def check_endgame(pos, seats, solver, rng, goals=None, resolve=2, ref=None):
    """Solve ``pos`` for every applicable goal and compare with the reference.

    Returns (checked goals, problems): problems is a list of readable disagreements,
    each naming the position in one-line form."""
    party = pos.party_of(seats[0])
    goals = goals_for(pos, party) if goals is None else goals
    ref_values, ref_moves = ref or reference_values(pos, seats, goals)
    problems = []
    root_demand = reference.demand_question(ref_game(pos))
    maximise = pos.to_move in seats
    for goal in goals:
        before = len(problems)
        expected = ref_values[goal]
        r = solver.solve(pos, goal, side=seats[0], all_cards=True, line=True)
        if _as_int(r.value) != expected or not r.exact:
            problems.append(describe(pos, seats, goal, "value", expected, r.value))
            continue
        if r.bounds[0] != r.bounds[1] and r.goal in ("points", "tricks"):
            problems.append(describe(pos, seats, goal, "exact bounds", (expected, expected), r.bounds))
        # all_cards: every legal move's value, the best of them being the value
        want = {m: v[goal] for m, v in ref_moves.items()}
        got = {m: _as_int(v) for m, v in r.cards.items()}
        if got != want:
            problems.append(describe(pos, seats, goal, "all_cards", want, got))
        elif not root_demand and (max if maximise else min)(got.values()) != expected:
            problems.append(describe(pos, seats, goal, "best card", expected, got))
        problems += check_line(pos, seats, goal, party, r.line, expected)
        if len(problems) > before:
            continue
        # solving again from points along the line gives the same value
        problems += resolve_along_line(solver, pos, seats, goal, r.line, expected, resolve, rng)
    return goals, problems


# ------------------------------------------------------------------ larger endgames: no reference

FLAGS_OFF = ("use_table", "use_order", "use_forecast", "use_hints", "use_follow_hints", "use_equiv", "use_near",
             "use_bounds", "use_partition", "use_quasi", "use_one", "use_capped")


def self_check(pos, seats, solver, rng, goals=None, node_limit=3_000_000, capped_tricks=None):
    """Checks that need no reference, for endgames too large for it (5-8 tricks).

    Per goal: the value is exact; the best card's value is the value; two cards played
    and solved again give their ``all_cards`` value; the line reaches the end where the
    reference's goal is the value; solving again along the line gives the value.  For
    ``points`` and ``tricks`` the raw core is also run with each search feature switched
    off in turn (table, move ordering, lead forecast, lead and followers' hints, equivalent cards,
    near cards, quick bounds, partition table, quasi table, one-trick search, capped search)
    and with all of them off under ``node_limit``: the same exact count, or bounds around it
    when stopped.  ``capped_tricks``: the raw core's Engine.capped_tricks (its default if None).
    Returns (checked goals, problems)."""
    from solver._core import Engine
    party = pos.party_of(seats[0])
    goals = goals_for(pos, party) if goals is None else goals
    problems = []
    root_demand = reference.demand_question(ref_game(pos))
    maximise = pos.to_move in seats
    for goal in goals:
        before = len(problems)
        r = solver.solve(pos, goal, side=seats[0], all_cards=True, line=True)
        value = _as_int(r.value)
        if not r.exact or any(v is None for v in r.cards.values()):
            problems.append(describe(pos, seats, goal, "exact without a limit", "exact", r))
            continue
        cards = {m: _as_int(v) for m, v in r.cards.items()}
        if sorted(cards) != sorted(pos.legal_moves):
            problems.append(describe(pos, seats, goal, "all_cards covers the legal moves", pos.legal_moves, cards))
        if not root_demand and (max if maximise else min)(cards.values()) != value:
            problems.append(describe(pos, seats, goal, "best card", value, cards))
        for move in rng.sample(sorted(cards), min(2, len(cards))):
            pos.play(move)
            try:
                if pos.is_over:
                    got = _as_int(ref_game(pos).achieved(goal, party))
                else:
                    got = _as_int(solver.solve(pos, goal, side=seats[0]).value)
            finally:
                pos.undo()
            if got != cards[move]:
                problems.append(describe(pos, seats, goal, "value after playing %s" % move, cards[move], got))
        problems += check_line(pos, seats, goal, party, r.line, value)
        if len(problems) > before:
            continue
        problems += resolve_along_line(solver, pos, seats, goal, r.line, value, 2, rng)
        if goal in ("points", "tricks"):
            spec = goal_spec(pos, goal, party)
            raw = encode(pos, seats, spec)
            want = value - spec.so_far
            for flags in [{f: False} for f in FLAGS_OFF] + [dict.fromkeys(FLAGS_OFF, False)]:
                engine = Engine(16)
                if capped_tricks is not None:
                    engine.capped_tricks = capped_tricks
                out = engine.solve(raw, node_limit=node_limit, **flags)
                lo, hi = out["lower"], out["upper"]
                if not (lo <= want <= hi) or (not out["aborted"] and lo != hi):
                    problems.append(describe(pos, seats, goal, "core with %s off" % ", ".join(flags),
                                             (want, want), (lo, hi)))
    return goals, problems


def make_big_endgames(vid, seed, count, tricks=(5, 6, 7, 8), node_limit=3_000_000):
    """``count`` seeded endgames of ``vid`` with 5-8 tricks left (contracts in turn), for
    :func:`self_check` (``node_limit``: for the core with every search feature off)."""
    v = get_variant(vid)
    contracts = list(v.contracts)
    out = []
    for i in range(count):
        rng = random.Random("%s:%s:big:%d" % (seed, vid, i))
        tricks_left = tricks[i % len(tricks)]
        pos = random_endgame(vid, rng, tricks_left, contract=contracts[i % len(contracts)])
        seats = random_side(pos, rng)
        out.append({"index": i, "line": pos.to_line(), "seats": tuple(seats), "tricks_left": tricks_left,
                    "goals": goals_for(pos, pos.party_of(seats[0])), "seed": "%s:%s:big:%d:check" % (seed, vid, i),
                    "big": True, "node_limit": node_limit})
    return out


# ------------------------------------------------------------------ batches (CI test and offline run)

def variant_goals(vid):
    """Goals that apply in some endgame of the variant (for some contract and side)."""
    v = get_variant(vid)
    out = {"points", "tricks", "valat", "no-tricks", "one-trick", "pagat-ultimo", "kings"}
    if not all(c.each_for_himself for c in v.contracts.values()):
        out.add("win")
    if v.family == "danish" or any(c.called_king for c in v.contracts.values()):
        out.add("king-ultimo")
    if v.deck.size == 54:
        out |= {"trula", "mond-capture"}
    if v.family == "french":
        out.add("petit-au-bout")
    if v.family == "koenigrufen":
        out |= {"uhu", "pelikan", "quapil"}
    return out


def _plan(v, i, counts, wanted, rng, four_every, fours_left):
    """(tricks_left, partial, contract, want_declarer) of the i-th endgame: the contracts in
    turn, except that in every other round a lagging goal (king-ultimo, win) gets a
    contract where it applies."""
    n = v.players
    contracts = list(v.contracts)
    lagging = min(wanted, key=lambda g: (counts[g], g))
    contract = contracts[i % len(contracts)]
    if (i // len(contracts)) % 2 == 0:
        pass  # every other round: every contract in turn, unbiased
    elif lagging == "king-ultimo" and v.family != "danish":
        contract = rng.choice([c for c in contracts if v.contracts[c].called_king])
    elif lagging == "win" and v.contracts[contract].each_for_himself:
        contract = rng.choice([c for c in contracts if not v.contracts[c].each_for_himself])
    if fours_left and i % four_every == four_every - 1:
        tricks_left = 4  # the reference walks these in seconds: with most of the current trick played
        partial = n - 1 if n >= 4 else rng.randrange(n - 2, n)
    else:
        tricks_left = 2 + (i % 5 in (1, 3))  # 60 % two tricks left, 40 % three
        partial = rng.randrange(2 if tricks_left == 3 and n == 5 else 0, n)
    return tricks_left, partial, contract, lagging == "win"


def make_endgames(vid, seed, min_per_goal=None, count=None, fours=0, four_every=25, keep_special=0.0):
    """Seeded endgames of ``vid``: until every goal of the variant has ``min_per_goal``
    endgames (or exactly ``count`` endgames), ``fours`` of them with 4 tricks left; in a
    share ``keep_special`` of them random play keeps the Excuse / skus to the end.

    Returns a list of dicts: index, line (one-line form), seats, goals, tricks_left."""
    v = get_variant(vid)
    wanted = variant_goals(vid)
    counts = dict.fromkeys(wanted, 0)
    out = []
    i = 0
    while (count is not None and i < count) or (count is None and min(counts.values()) < min_per_goal):
        rng = random.Random("%s:%s:%d" % (seed, vid, i))
        fours_left = fours - sum(1 for e in out if e["tricks_left"] == 4)
        tricks_left, partial, contract, want_declarer = _plan(v, i, counts, wanted, rng, four_every, fours_left)
        keep = keep_special > 0 and rng.random() < keep_special
        pos = random_endgame(vid, rng, tricks_left, partial=partial, contract=contract, keep_special=keep)
        if want_declarer and not pos.contract.each_for_himself:
            seats = pos.parties[0]
        else:
            seats = random_side(pos, rng)
        goals = goals_for(pos, pos.party_of(seats[0]))
        for g in goals:
            counts[g] += 1
        out.append({"index": i, "line": pos.to_line(), "seats": tuple(seats), "goals": goals,
                    "tricks_left": tricks_left, "seed": "%s:%s:%d:check" % (seed, vid, i)})
        i += 1
    return out


def known_bug(pos):
    """Why ``pos`` hits a solver bug reported and not yet fixed, else None.

    The special-card batches skip such positions (``benchmarks/crosscheck.py
    --include-known-bugs`` does not); each bug gets a strict-xfail regression test in
    tests/test_solver_reference.py, and its clause here goes when it is fixed.  None open
    now: the three found by these batches (a core segfault after a led skus that the next
    card neither follows nor trumps, the quick bounds ignoring the Excuse chelem FR-4.4, a
    composed beggar whose declarer had already taken a trick) were fixed on 2026-11-30 and
    are ordinary regression tests now."""
    del pos


def make_special_endgames(vid, seed, count, skip_known=True):
    """``count`` seeded composed endgames of 2-3 tricks dense in special cards
    (:func:`special_endgame`: emperor tricks, the Excuse chelem, led skus named a suit
    others lack, reserved ultimo cards …), random options, a random part of the current
    trick played; the contracts in turn.  ``skip_known``: leave out :func:`known_bug` ones."""
    v = get_variant(vid)
    contracts = list(v.contracts)
    out = []
    i = 0
    while len(out) < count:
        rng = random.Random("%s:%s:special:%d" % (seed, vid, i))
        i += 1
        pos = special_endgame(vid, contracts[i % len(contracts)], rng, random_options(v, rng), sizes=(2, 3))
        if pos is None or (skip_known and known_bug(pos)):
            continue
        tricks_left = pos.n_tricks - pos.trick_number + 1
        for _ in range(rng.randrange(pos.players)):
            if not pos.is_over:
                pos.play(random_move(pos, rng))
        if pos.is_over:
            continue
        seats = random_side(pos, rng)
        out.append({"index": len(out), "line": pos.to_line(), "seats": tuple(seats), "tricks_left": tricks_left,
                    "goals": goals_for(pos, pos.party_of(seats[0])),
                    "seed": "%s:%s:special:%d:check" % (seed, vid, i)})
    return out


_SOLVER = {}


def tuned(solver, item):
    """``solver`` as ``item`` asks: its engine's capped_tricks (Engine.capped_tricks) the
    item's, or the default where it names none."""
    if "default_capped_tricks" not in _SOLVER:
        from solver._core import Engine
        _SOLVER["default_capped_tricks"] = Engine(1).capped_tricks
    wanted = item.get("capped_tricks")
    solver._engine.capped_tricks = _SOLVER["default_capped_tricks"] if wanted is None else wanted
    return solver


def check_item(item):
    """Reference and solver on one endgame of :func:`make_endgames` (also in a worker
    process).  Returns (index, problems, reference seconds, solver seconds per goal)."""
    import time
    solver = _SOLVER.get("solver")
    if solver is None:  # one table per process for the whole batch: other deals' entries must never match
        solver = _SOLVER["solver"] = Solver(16)
    tuned(solver, item)
    pos = Position.from_line(item["line"])
    seats, goals = item["seats"], item["goals"]
    problems = []
    if item.get("big"):
        start = time.perf_counter()
        try:
            _, found = self_check(pos, seats, solver, random.Random(item["seed"]), goals,
                                  node_limit=item.get("node_limit", 3_000_000),
                                  capped_tricks=item.get("capped_tricks"))
        except Exception as exc:  # noqa: BLE001 - a solver error is a finding, with its position
            found = [describe(pos, seats, "(all)", "solving raised", "a result", "%s: %s" % (type(exc).__name__, exc))]
            _SOLVER.pop("solver", None)
        return item["index"], found, 0.0, {"all": time.perf_counter() - start}
    start = time.perf_counter()
    ref = reference_values(pos, seats, goals)
    ref_seconds = time.perf_counter() - start
    for goal in goals:
        want = derived(pos, goal, ref[0])
        if want is not None and want != ref[0][goal]:
            problems.append(describe(pos, seats, goal, "threshold derived from the count minimax",
                                     ref[0][goal], want))
    timing = {}
    real = solver.solve

    def timed(position, goal, *args, **kw):
        r = real(position, goal, *args, **kw)
        timing[goal] = timing.get(goal, 0.0) + r.seconds
        return r

    solver.solve = timed
    try:
        _, found = check_endgame(pos, seats, solver, random.Random(item["seed"]), goals, ref=ref)
    except Exception as exc:  # noqa: BLE001 - a solver error is a finding, with its position
        found = [describe(pos, seats, "(all)", "solving raised", "a result", "%s: %s" % (type(exc).__name__, exc))]
        _SOLVER.pop("solver", None)
    finally:
        del solver.solve
    if found:
        try:
            fresh = len(check_endgame(pos, seats, tuned(Solver(16), item), random.Random(item["seed"]), goals, ref=ref)[1])
        except Exception as exc:  # noqa: BLE001
            fresh = "raised %s" % type(exc).__name__
        found.append("(solved again with a fresh table: %s problem(s))" % fresh)
    return item["index"], problems + found, ref_seconds, timing


def _checked_with_breadcrumb(item):
    """check_item in a worker, leaving the item's index where the parent finds it if the
    worker dies (a crash in the compiled core takes the process with it)."""
    import os
    folder = _SOLVER.get("breadcrumbs")
    if folder:
        with open(os.path.join(folder, str(os.getpid())), "w", encoding="utf-8") as f:
            f.write(str(item["index"]))
    return check_item(item)


def run_items(items, workers=None, stop_on_problem=True):
    """Check ``items`` on ``workers`` processes (default: $TAROKDD_TEST_WORKERS, else the
    cores, at most 2; 1 = in this process).  Yields the results of :func:`check_item` in
    the order of ``items``; stops after the first problem when ``stop_on_problem``.  A
    worker that dies (a crash in the core) ends the run with one result naming the
    endgames that were being checked, each confirmed or not by a re-run in a subprocess."""
    import os
    workers = workers or int(os.environ.get("TAROKDD_TEST_WORKERS", "0")) or min(2, os.cpu_count() or 1)
    if workers == 1 or len(items) < 8:
        for item in items:
            result = check_item(item)
            yield result
            if result[1] and stop_on_problem:
                return
        return
    import multiprocessing
    import tempfile
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    ctx = multiprocessing.get_context("fork")
    by_index = {item["index"]: item for item in items}
    with tempfile.TemporaryDirectory() as folder:
        _SOLVER["breadcrumbs"] = folder
        try:
            # big chunks, interleaved, so both workers get their share of the slow 4-trick endgames
            with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
                for result in pool.map(_checked_with_breadcrumb, items,
                                       chunksize=max(1, len(items) // (workers * 8))):
                    yield result
                    if result[1] and stop_on_problem:
                        pool.shutdown(wait=True, cancel_futures=True)
                        return
        except BrokenProcessPool:
            suspects = []
            for name in os.listdir(folder):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    suspects.append(by_index[int(f.read())])
            yield _crash_report(suspects)
        finally:
            _SOLVER.pop("breadcrumbs", None)


def _crash_report(suspects):
    """Re-run each endgame that was in flight when a worker died, alone in a subprocess."""
    import json
    import subprocess
    import sys
    lines = []
    for item in suspects:
        code = ("import json, sys; sys.path.insert(0, %r); import endgames; "
                "item = json.loads(sys.argv[1]); item['seats'] = tuple(item['seats']); "
                "print(len(endgames.check_item(item)[1]))" % str(__import__("os").path.dirname(__file__)))
        out = subprocess.run([sys.executable, "-c", code, json.dumps(item)], capture_output=True, text=True)
        verdict = "crashes (exit status %d)" % out.returncode if out.returncode else "ran fine alone"
        lines.append("a worker process died; endgame %d %s:\n  seats %s, position: %s"
                     % (item["index"], verdict, list(item["seats"]), item["line"]))
    index = suspects[0]["index"] if suspects else -1
    return index, lines or ["a worker process died (no breadcrumb)"], 0.0, {}


if __name__ == "__main__":  # a quick look: a few endgames per variant
    for vid in VARIANT_IDS:
        batch = make_endgames(vid, 1, count=5)
        print(vid, [r[1] for r in run_items(batch, workers=1)])

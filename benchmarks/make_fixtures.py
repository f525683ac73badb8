"""Write the known-answer fixtures: solved positions, one JSON object a line (like perft files).

    python benchmarks/make_fixtures.py                          # tests/fixtures/solved.jsonl
    python benchmarks/make_fixtures.py --full-limit 2s --full-deals 6 --out /tmp/solved.jsonl

Each line: ``variant``, ``kind`` ("endgame" or "full": the start of play, after the talon
exchange), ``tricks_left``, ``position`` (one-line form), ``goal``, ``side`` (a seat of
the analysed side, as ``solve(side=...)`` takes it), ``value`` (exact units, a trick count
or a bool), ``display``, and ``best``: the legal cards of the player to move whose value
is the position's value (every optimal card; omitted for a full deal whose all-cards
search did not finish).  No node counts or times: the fixtures stay valid while the
search gets faster; ``tests/test_fixtures.py`` re-solves every line.

What is written, per variant (all seeded by ``--seed``, so a re-run writes the same
endgames; the full deals depend on the machine's speed):

* ``--endgames`` (10) endgames of 4 to 8 tricks (4, 5, 6, 7, 8, 6, …; every other one
  with a partly played current trick), the contracts in turn, random legal play from a
  random deal; each solved for ``points`` and three yes/no goals (the applicable ones in
  turn, so every goal of the variant appears), the analysed side alternating;
* full deals: up to ``--full-deals`` (8) seeded deals at the start of play (the
  contracts in turn) solved for ``points`` under ``--full-limit`` (2s); only deals that
  solved exactly are written, at most ``--full-max`` (3) a variant (with ``best`` when
  the all-cards search also finished within 5 x the limit).  As the solver gets faster, re-run this script to record more; keep
  ``tests/test_fixtures.py`` under about a minute (it re-solves each full deal with all
  cards: 21 full deals of about 2 s each is the budget).

Every record written is then re-checked by the independent reference
(``tests/reference.py``: the rules written again from RULES.md and the seeds, its yes/no
search ``at_least``) within ``--reference-nodes`` (2,000,000) nodes: the value (at least v,
not at least v + 1) and, where given, the best cards (a card is in ``best`` exactly when
the value after it is v).  The record's ``reference`` field says what it confirmed:
``"value+best"``, ``"value"`` (the best cards not within the budget), or ``"unfinished"``;
a disagreement stops the script.  ``--recheck`` only re-checks an existing file.

Prints what it wrote and how long it took.
"""

import argparse
import json
import random
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import reference  # noqa: E402  (the independent reference of the tests)

from solver.deal import random_position  # noqa: E402
from solver.goals import GOALS, applies  # noqa: E402
from solver.search import Solver, parse_limit  # noqa: E402
from solver.variants import VARIANTS  # noqa: E402

ENDGAME_TRICKS = (4, 5, 6, 7, 8, 6)
YES_NO = [g for g in GOALS if g not in ("points", "tricks")]


def _best(result):
    """Every card whose value is the position's value."""
    return sorted(card for card, v in result.cards.items() if v == result.value)


def _side(pos, k):
    """The k-th analysed side: declarer side / defence alternately; in each-for-himself
    games the player to move, then the other seats."""
    if pos.contract.each_for_himself:
        return (pos.to_move + k) % pos.players
    return pos.parties[k % 2][0]


def _goals(pos, party, k):
    """points and three yes/no goals that apply, taken in turn (offset k)."""
    usable = [g for g in YES_NO if applies(pos, g) is None and not (g == "win" and party != 0)]
    picked = [usable[(k * 3 + j) % len(usable)] for j in range(3)]
    return ["points"] + list(dict.fromkeys(picked))


def endgame(vid, seed, k):
    v = VARIANTS[vid]
    rng = random.Random("fixtures:%s:%s:endgame:%d" % (seed, vid, k))
    contracts = list(v.contracts)
    tricks_left = ENDGAME_TRICKS[k % len(ENDGAME_TRICKS)]
    for attempt in range(60):
        # beggar / piccolo / valat usually end early under random play: then without early_end
        opts = {"early_end": False} if attempt >= 20 and "early_end" in v.options else None
        pos = random_position(vid, contracts[k % len(contracts)], rng=rng, options=opts)
        while not pos.is_over and (pos.n_tricks - len(pos.tricks) > tricks_left or pos.current_trick):
            pos.play(rng.choice(pos.legal_moves))
        for _ in range(rng.randrange(1, pos.players) if k % 2 else 0):
            if not pos.is_over:
                pos.play(rng.choice(pos.legal_moves))
        if not pos.is_over:
            return pos, tricks_left
    raise RuntimeError("no endgame for %s" % vid)


def record(vid, kind, tricks_left, pos, goal, side, result):
    out = {"variant": vid, "kind": kind, "tricks_left": tricks_left, "position": pos.to_line(), "goal": goal,
           "side": side, "value": result.value, "display": result.display}
    if result.cards and all(v is not None for v in result.cards.values()):
        out["best"] = _best(result)
    return out


def _full_in_child(line, side, limit, card_limit):
    from solver import Position
    pos = Position.from_line(line)
    solver = Solver(256)
    r = solver.solve(pos, "points", side=side, limit=limit)
    if not r.exact:
        return None
    cards = solver.solve(pos, "points", side=side, all_cards=True, limit=card_limit)
    best = _best(cards) if cards.exact and all(v is not None for v in cards.cards.values()) else None
    return r.value, r.display, best


def _solve_full(line, side, limit, card_limit):
    """(value, display, best or None) of a full deal, or None when it did not solve within
    the limit; in a child process, so that a crash of the core costs only this deal."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork")) as pool:
        return pool.submit(_full_in_child, line, side, limit, card_limit).result()


def reference_check(rec, nodes):
    """What the independent reference confirms of a record within ``nodes`` nodes:
    "value+best", "value" or "unfinished"; raises AssertionError on a disagreement."""
    from solver import Position
    game = reference.Game(Position.from_line(rec["position"]).to_json())
    seats = [s for s in range(game.n) if game.party[s] == game.party[rec["side"]]]
    goal, v = rec["goal"], int(rec["value"])
    budget = [nodes]

    def equals_v():
        return reference.at_least(game, seats, goal, v, budget) and not reference.at_least(game, seats, goal, v + 1,
                                                                                            budget)
    try:
        assert equals_v(), "the reference disagrees with the value %r: %s" % (rec["value"], rec["position"])
    except TimeoutError:
        return "unfinished"
    if "best" not in rec or reference.demand_question(game):
        return "value"
    try:
        for move in game.legal():
            game.play(move)
            try:
                best = equals_v()
            finally:
                game.undo()
            assert best == (move in rec["best"]), "the reference disagrees on %s: %s" % (move, rec["position"])
    except TimeoutError:
        return "value"
    return "value+best"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", default="1")
    ap.add_argument("--endgames", type=int, default=10, help="endgames of 4-8 tricks per variant (default 10)")
    ap.add_argument("--full-deals", type=int, default=8, help="full deals tried per variant (default 8)")
    ap.add_argument("--full-max", type=int, default=3, help="full deals recorded per variant at most (default 3)")
    ap.add_argument("--full-limit", default="2s", help="limit per full deal: a time (2s) or a node count")
    ap.add_argument("--variants", nargs="*", default=list(VARIANTS))
    ap.add_argument("--out", default=str(ROOT / "tests" / "fixtures" / "solved.jsonl"))
    ap.add_argument("--reference-nodes", type=int, default=2_000_000,
                    help="node budget of the independent reference per record (default 2000000)")
    ap.add_argument("--recheck", action="store_true", help="only re-check the records of --out with the reference")
    args = ap.parse_args(argv)
    if args.recheck:
        return recheck(Path(args.out), args.reference_nodes)
    nodes, seconds = parse_limit(args.full_limit)
    card_limit = nodes * 5 if nodes else "%gs" % (seconds * 5)
    started = time.perf_counter()
    lines, crashed = [], []
    for vid in args.variants:
        t0 = time.perf_counter()
        n_end = n_full = tried = 0
        for k in range(args.endgames):
            pos, tricks_left = endgame(vid, args.seed, k)
            side = _side(pos, k)
            for goal in _goals(pos, pos.party_of(side), k):
                r = Solver(256).solve(pos, goal, side=side, all_cards=True, limit="120s")
                if r.exact:
                    lines.append(record(vid, "endgame", tricks_left, pos, goal, side, r))
                    n_end += 1
        contracts = list(VARIANTS[vid].contracts)
        for k in range(args.full_deals):
            if n_full >= args.full_max:
                break
            rng = random.Random("fixtures:%s:%s:full:%d" % (args.seed, vid, k))
            pos = random_position(vid, contracts[k % len(contracts)], rng=rng)
            side = _side(pos, 0)
            tried += 1
            try:
                out = _solve_full(pos.to_line(), side, args.full_limit, card_limit)
            except BrokenProcessPool:
                print("  %s full deal %d: the solver crashed (exit by signal): %s" % (vid, k, pos.to_line()))
                crashed.append(pos.to_line())
                continue
            if out is None:
                continue
            value, display, cards = out
            rec = {"variant": vid, "kind": "full", "tricks_left": pos.n_tricks, "position": pos.to_line(),
                   "goal": "points", "side": side, "value": value, "display": display}
            if cards is not None:
                rec["best"] = cards
            lines.append(rec)
            n_full += 1
        print("%-12s %3d endgame records, full deals recorded %d (solved %d of %d tried, limit %s), %.1f s"
              % (vid, n_end, n_full, n_full, tried, args.full_limit, time.perf_counter() - t0), flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    print("wrote %d fixtures to %s in %.1f s" % (len(lines), out, time.perf_counter() - started))
    if crashed:
        print("the solver crashed on %d full deal(s) (listed above); they are not recorded" % len(crashed))
    return recheck(out, args.reference_nodes)


def recheck(path, nodes):
    """Re-check every record of ``path`` with the independent reference and write its
    ``reference`` field back; prints a summary by variant and tricks left."""
    started = time.perf_counter()
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    summary = {}
    for rec in records:
        rec["reference"] = reference_check(rec, nodes)
        key = "%s %s" % (rec["variant"], rec["tricks_left"] if rec["kind"] == "endgame" else "full")
        summary.setdefault(key, {}).setdefault(rec["reference"], 0)
        summary[key][rec["reference"]] += 1
        path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in records), encoding="utf-8")
    for key, counts in summary.items():
        print("%-16s %s" % (key, ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    print("re-checked %d records with the independent reference (%d nodes each at most) in %.1f s"
          % (len(records), nodes, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())

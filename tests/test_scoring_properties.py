"""Scoring properties over thousands of random finished deals of every variant and contract.

Königrufen, French and Trischaken: what one side wins the others pay (every item sums to
zero).  Danish: the players plus both cups sum to zero.  Slovenian (a score sheet, SI-8): the
declarer and his partner write the same score, the opponents nothing (only the personal mond
penalty is written for its owner).  Every settlement's lines add up to its amounts, and the game
item agrees with the goal 'win' that the solver uses.
"""

import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from endgames import announcer  # noqa: E402
from scoring_cases import AT_VALUES  # noqa: E402

from solver import VARIANTS, Position, goals, solve  # noqa: E402
from solver.deal import random_position  # noqa: E402
from solver.variants import EACH, POSITIVE  # noqa: E402

PER_CONTRACT = {"slovenian4": 60, "slovenian3": 60, "koenigrufen": 50, "french3": 60, "french4": 60,
                "french5": 60, "danish": 600}  # about 3,500 deals in all
CASES = [(v.id, c) for v in VARIANTS.values() for c in v.contracts]


def random_extras(v, c, rng):
    """Random announcements, kontra levels and options for a contract."""
    extra = {}
    anns = [a for a in v.announcements.values() if a.allowed_in(c)]
    chosen = [a.name for a in anns if rng.random() < 0.2 and v.family != "danish" and a.name not in c.implied]
    if chosen:
        extra["announcements"] = ["%s@%d" % (name, rng.randrange(v.players)) for name in chosen]
    if v.family in ("slovenian", "koenigrufen") and c.kind != EACH:
        top = 4 if v.family == "slovenian" else 3
        kontra = {name: rng.randrange(top + 1) for name in ["game"] + chosen + list(c.implied)
                  if rng.random() < 0.3}
        if kontra:
            extra["kontra"] = kontra
    options = {}
    for name, opt in v.options.items():
        if name in ("direction", "early_end", "must_beat_mode", "must_beat_contracts", "skus_demand_policy",
                    "declarer_leads_above_solo_one", "tarockzwang_in_colour_games", "overtrump_on_trump_lead",
                    "maerchenstich_in_negative"):
            continue
        if rng.random() < 0.3:
            options[name] = rng.choice(opt.choices)
    if options:
        extra["options"] = options
    if v.family == "koenigrufen":
        extra["values"] = AT_VALUES
    if v.family == "danish" and rng.random() < 0.7:
        extra["cups"] = {"pagat": 5 * rng.randrange(60), "king": 5 * rng.randrange(60)}
    return extra


def finished(variant, contract, seed):
    rng = random.Random(seed)
    v = VARIANTS[variant]
    c = v.contracts[contract]
    extra = random_extras(v, c, rng)
    anns, kontra = extra.pop("announcements", ()), extra.pop("kontra", None)
    pos = random_position(variant, contract, rng=rng, **extra)
    if (anns or kontra) and pos.contract.id == contract:  # not after a redeal as a forced klop (SI-2.4)
        fixed = []
        for item in anns:
            name, seat = item.split("@")
            seat = announcer(pos, name, int(seat))
            if seat is not None:
                fixed.append("%s@%d" % (name, seat))
        kontra = {k: x for k, x in (kontra or {}).items() if k == "game" or any(a.startswith(k + "@") for a in fixed)
                  or k in c.implied}
        pos = Position.from_json(dict(pos.to_json(), announcements=fixed, kontra=kontra))
    if v.family == "french" and rng.random() < 0.5:  # show every poignée a hand can
        shown = []
        for seat in range(v.players):
            have = goals.poignee_trumps(pos.initial_hand(seat), pos.options["poignee_excuse_counts"])
            sizes = [i for i, need in enumerate(goals.POIGNEE_TRUMPS[v.players]) if have >= need]
            if sizes:
                shown.append("%s@%d" % (("single", "double", "triple")[max(sizes)], seat))
        if shown:
            pos = Position.from_json(dict(pos.to_json(), poignees=shown))
    while not pos.is_over:
        pos.play(rng.choice(pos.legal_moves))
    return pos


def check(pos):
    s = pos.settlement()
    fam, c = pos.variant.family, pos.contract
    width = len(s.amounts)
    for seat in range(width):
        assert sum(line.seats[seat] for line in s.lines) == s.amounts[seat]
    if fam == "danish":
        assert sum(pos.points(seat) for seat in range(3)) == 78
        cups = sum(s.cups_after) - sum(s.cups_before)
        assert sum(s.amounts) + cups == 0, s.format()
        assert min(s.cups_after) >= 0
        count = [x.amount for x in s.lines if x.item == "card count"]
        assert sum(count) == 0
        if pos.options["round_settlement_to_5"]:
            assert all(x % 5 == 0 for x in count)
        for line in s.lines:
            if line.item != "card count":
                assert sum(line.seats) + sum(line.cups) == 0, line
    elif fam == "slovenian":
        assert not s.zero_sum
        sheet = [sum(x.seats[seat] for x in s.lines if x.item != "mond_penalty") for seat in range(width)]
        if c.kind == EACH:
            if pos.options["klop_scorer"] == "raw":
                assert sheet == [0] * width
        else:
            side, others = pos.parties
            assert len({sheet[seat] for seat in side}) == 1 and all(sheet[seat] == 0 for seat in others)
        mond = [x for x in s.lines if x.item == "mond_penalty"]
        assert len(mond) <= 1 and all(sum(x.seats) == -20 for x in mond)
        if not pos.options["mond_penalty"]:
            assert not mond
    else:
        assert s.zero_sum and sum(s.amounts) == 0, s.format()
        for line in s.lines:
            assert sum(line.seats) == 0, line
    game = [x for x in s.lines if x.item in ("game", "contract")]
    if game and c.kind != EACH:
        assert (game[0].amount > 0) == goals.achieved(pos, "win", 0), s.format()
        if fam == "slovenian" and c.kind == POSITIVE and pos.options["diff_round"] == 5:
            assert game[0].amount % 5 == 0
    return s


@pytest.mark.parametrize("variant, contract", CASES, ids=["%s-%s" % case for case in CASES])
def test_random_finished_deals_settle_and_balance(variant, contract):
    for seed in range(PER_CONTRACT[variant]):
        check(finished(variant, contract, seed))


def test_json_and_text_of_random_settlements():
    import json
    for variant, contract in CASES[::5]:
        s = finished(variant, contract, 99).settlement()
        assert json.loads(json.dumps(s.to_json()))["amounts"] == [float(x) if not isinstance(x, int) else x
                                                                  for x in s.amounts]
        assert s.format().splitlines()[0].startswith(VARIANTS[variant].name)


@pytest.mark.parametrize("variant, contract", [("slovenian4", "three"), ("koenigrufen", "dreier"),
                                               ("french4", "garde"), ("slovenian3", "two")])
def test_solver_and_settlement_agree_on_the_game(variant, contract):
    """The solver's 'win' goal and the settlement's game item read the same definition."""
    rng = random.Random(5)
    for _ in range(6):
        pos = random_position(variant, contract, rng=rng, values=AT_VALUES if variant == "koenigrufen" else None)
        while pos.trick_number < pos.n_tricks - 2:
            pos.play(rng.choice(pos.legal_moves))
        result = solve(pos, goal="win", line=True)
        for token in result.line:
            pos.play(token)
        assert pos.is_over
        game = next(x for x in pos.settlement().lines if x.item in ("game", "contract"))
        assert (game.amount > 0) == result.value

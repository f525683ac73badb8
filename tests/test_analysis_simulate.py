"""analysis.simulate: counting, brackets, passes within a budget, settlement by threshold tests,
reproducibility (workers, executors, order), resume, Dask.

The runs are small and use contracts that decide fast (beggar, valat, Bettler) or a small
node limit, with the undecided deals checked to make a bracket.
"""

import json
import math
import random
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

from analysis.deal import AnalysisError, Deal, DealSpec, ImpossibleConstraints
from analysis.evaluate import deal_rng, run_chunk
from analysis.settle import Score
from analysis.simulate import (
    SimulationInterrupted,
    Summary,
    Task,
    analyse_hand,
    bid,
    load_results,
    read_results,
    resume,
    simulate,
)
from analysis.stats import clopper_pearson, z_value
from analysis.talon import setup
from solver import Solver, get_variant, parse_cards, solve

MONSTER = "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7"
FAST = ["beggar", "valat", "open_beggar"]  # the monster hand decides these in a few nodes
STRICT = 0.999


def fast_task(limit=200_000, **kw):
    spec = DealSpec.make("slovenian4", MONSTER)
    return Task.make(spec, kw.pop("contracts", FAST), kw.pop("goals", ["trula", "kings"]), limit=limit, **kw)


def test_counts_and_settlement_of_a_small_run():
    summary = simulate(fast_task(), deals=10, seed=4, jobs=1, chunk_size=4)
    assert summary.complete and summary.deals == 10 and summary.budget["stopped"] == "decided"
    for cid in FAST:
        r = summary.rate(cid)
        assert r.deals == 10 and r.undecided == 0 and r.bracket[0] == r.bracket[1] == r.rate
        ev = summary.expected(cid)  # the score written: plus the contract's value if made, else minus it
        value = get_variant("slovenian4").contracts[cid].value
        assert ev.n == 10 and not ev.open and ev.mean == Fraction(value * (r.yes - r.no), 10)
    assert summary.rate("beggar").yes == 0  # 7 trumps and 4 kings: the beggar is hopeless
    assert summary.rate("beggar", "kings").deals == 10
    row = summary.row("valat")
    assert set(row) >= {"success", "goals", "settlement", "unavailable"} and row["goals"]["trula"]["deals"] == 10
    data = summary.to_json()
    assert data["talon_policy"] == "heuristic" and data["seed"] == "4" and data["complete"]
    means = [r["settlement"]["mean"] for r in data["contracts"]]
    assert means == sorted(means, reverse=True) and data["ranked_by"] == "settlement"
    text = summary.format()
    assert "seed 4" in text and "heuristic policy" in text and "beggar" in text and "throughput" in text
    assert "stopped: every deal decided" in text
    tp = summary.throughput()
    assert tp["deals"] == 10 and tp["deals_per_core_second"] > 0 and tp["solves"] == 10 * 3 * 3


def test_undecided_deals_make_a_bracket_in_text_json_and_rate():
    task = fast_task(limit=1, contracts=["three"], goals=[])  # one node: almost nothing is proven
    summary = simulate(task, deals=6, seed=1, jobs=1)
    r = summary.rate("three")
    assert r.undecided >= 1 and r.decided + r.undecided == r.deals == 6
    assert r.rate is None and r.bracket == (r.yes / 6, (r.yes + r.undecided) / 6)
    low, high = r.interval
    assert low <= r.bracket[0] and high >= r.bracket[1]
    assert "-" in r.format() and "%d undecided" % r.undecided in r.format()
    data = summary.row("three")
    assert data["success"]["rate"] is None and data["success"]["bracket"] == list(r.bracket)
    s = data["settlement"]
    assert s["n"] == 6 and s["open"] >= 1 and s["mean"] is None and s["bracket"][0] < s["bracket"][1]
    text = summary.format()
    line = next(ln for ln in text.splitlines() if ln.startswith("three*"))
    assert "%.1f-%.1f%%" % (100 * r.bracket[0], 100 * r.bracket[1]) in line  # the bracket, never a lone rate
    assert "* undecided deals: the rate is the bracket" in text
    assert summary.ranking() == "settlement" and summary.budget["stopped"] == "limit"


def test_passes_decide_what_the_first_limit_leaves_open():
    """The first pass (100,000 nodes) leaves hard deals open; later passes with 8x the limit
    decide them, and the answers are those of a solve without a limit."""
    task = Task.make(DealSpec.make("slovenian4", "T21 T20 T17 T15 T11 T7 T3 SK SQ HK D2 C8"), ["three"], [],
                     settle=False, limit=6_400_000)
    # (seed 1: three of its six deals take more than the first pass's 100,000 nodes)
    first = simulate(Task.make(task.spec, ["three"], [], settle=False, limit=100_000), deals=6, seed=1, jobs=1)
    whole = simulate(task, deals=6, seed=1, jobs=1)
    assert first.rate("three").undecided >= 1 and whole.rate("three").undecided == 0
    assert max(whole.passes()) >= 1 and "pass 1 (800,000 nodes)" in whole.format()
    for index, record in whole.latest.items():
        deal = task.spec.deal(deal_rng(int(whole.header["seed"]), index))
        assert record["contracts"]["three"]["win"] == solve(task.setup(deal, "three").position, "win").value


def test_a_spent_budget_stops_the_passes_and_says_so():
    task = Task.make(DealSpec.make("slovenian4", "T21 T19 T17 T15 T13 T10 T8 T1 SK HK C7 D4"), ["solo_three"],
                     [], settle=False)  # no cap: only the budget stops the passes
    summary = simulate(task, deals=6, seed=1, jobs=1, budget=0.1)  # (the passes take about 0.6 s here)
    assert summary.deals == 6 and summary.budget["stopped"] == "budget"
    assert summary.budget["spent"] < 15  # a test never runs far past the budget
    assert "stopped: the budget was spent" in summary.format()


def test_settlement_to_the_resolution_the_score_needs():
    """Slovenian: the count is settled to the counted whole point (never to the third) and the
    amount is the score's for the exact points; Königrufen needs only the contract made."""
    spec = DealSpec.make("slovenian4", "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7")
    summary = simulate(Task.make(spec, ["solo_three"], [], limit=50_000_000), deals=2, seed=3, jobs=1)
    for index, record in summary.latest.items():
        ct = record["contracts"]["solo_three"]
        low, high = ct["count"]
        assert (low + 1) // 3 == (high + 1) // 3  # one counted point
        pos = Task.make(spec, ["solo_three"]).setup(spec.deal(deal_rng(3, index)), "solo_three").position
        exact = solve(pos, "points").value
        assert low <= exact <= high and ct["settle"][0] == ct["settle"][1] == str(Score(pos).amount(exact))
    at = simulate(Task.make(DealSpec.make("koenigrufen", "T22 T21 T20 T19 T18 T17 T1 SK HK DK CQ C7"),
                            ["solodreier"], [], limit=10_000_000), deals=2, seed=1, jobs=1)
    for record in at.latest.values():
        ct = record["contracts"]["solodreier"]
        assert ct["win"] is not None and "count" not in ct
        assert ct["settle"] == [str(12 * 3 * (1 if ct["win"] else -1))] * 2  # AT-8.2: 12 from each of 3


def hypergeometric_tail(total, good, drawn, at_least):
    """P(at least ``at_least`` of the ``good`` cards among ``drawn`` of ``total``), exactly."""
    return Fraction(sum(math.comb(good, k) * math.comb(total - good, drawn - k)
                        for k in range(at_least, min(good, drawn) + 1)), math.comb(total, drawn))


def test_dealt_hands_follow_the_exact_odds():
    """The runner's merged counts of the analysed hand as dealt (``feature_rates``; Königrufen,
    which has no redeal) against the exact hypergeometric odds of a random 12 of 54 cards,
    computed here: at least 6 of the 22 tarocks (p = 0.3390…), at least 2 of the 4 kings
    (p = 0.2105…).  The false-alarm rate is stated: each exact p must lie in the 99.95 %
    Clopper-Pearson interval of its count (two checks, so at most 0.1 % in all); 800 deals
    put those intervals within about ±0.06 of p (asserted), so a dealing bias of that size
    fails."""
    task = Task.make(DealSpec.make("koenigrufen", seat=0), ["bettler"], [], settle=False, limit=1)
    summary = simulate(task, deals=800, seed=31, jobs=1)
    for feature, good, at_least in (("trumps", 22, 6), ("kings", 4, 2)):
        cells = summary.feature_rates("bettler", feature)
        n = sum(r.deals for r in cells.values())
        k = sum(r.deals for x, r in cells.items() if x >= at_least)
        exact = hypergeometric_tail(54, good, 12, at_least)
        low, high = clopper_pearson(k, n, 1 - 0.001 / 2)
        assert n == 800 and low <= exact <= high, (feature, k, n, float(exact))
        assert high - low < 0.13, (feature, low, high)


def test_runner_answers_equal_plain_solves_of_its_own_deals():
    """Deal i of a run is dealt from ``SeedSequence(seed, spawn_key=(i,))``: those deals, set
    up and solved one by one with plain ``solve`` calls, give exactly the answers the runner
    recorded for each deal (contract and goal), and its tally counts them."""
    task = fast_task(contracts=["valat", "beggar"], goals=["trula"], settle=False, limit=200_000)
    summary = simulate(task, deals=6, seed=17, jobs=1)
    want = {cid: {"win": [0, 0, 0], "trula": [0, 0, 0]} for cid in task.contracts}
    for index in range(6):
        deal = task.spec.deal(deal_rng(17, index), dict(task.options))
        for cid in task.contracts:
            pos = task.setup(deal, cid).position
            recorded = summary.latest[index]["contracts"][cid]
            for goal, got in (("win", recorded["win"]), ("trula", recorded["goals"]["trula"])):
                r = solve(pos, goal, limit=200_000)
                assert r.exact and got == r.value, (index, cid, goal)
                want[cid][goal][0 if r.value else 1] += 1
    rates = {cid: {g: summary.rate(cid, g) for g in ("win", "trula")} for cid in task.contracts}
    assert {cid: {g: [r.yes, r.no, r.undecided] for g, r in by.items()} for cid, by in rates.items()} == want


def test_statistical_agreement_with_an_independent_loop():
    """Valat with the monster hand, goal trula: the runner (numpy dealing, chunks, merge)
    against a plain loop (random.shuffle of the 42 unknown cards, one Solver call per deal).
    Under the null hypothesis the two rates differ by a normal variable with the pooled
    standard error; the tolerance is its 99.9 % quantile (false alarms 0.1 %), and 260
    decided deals a side keep it below 0.12 (asserted), so a difference of that size fails."""
    deals, limit = 260, 200_000
    summary = simulate(fast_task(limit=limit, contracts=["valat"], goals=["trula"], settle=False), deals=deals,
                       seed=2, jobs=1)
    ours = summary.rate("valat", "trula")
    v = get_variant("slovenian4")
    mine = parse_cards(MONSTER, v.deck)
    unknown = [x for x in range(v.deck.size) if x not in mine]
    r = random.Random(2)
    yes = no = 0
    for _ in range(deals):
        while True:  # [003] SI-2.4: a seat dealt no tarok throws the deal in ("jako uusitaan")
            r.shuffle(unknown)
            hands = [sorted(unknown[i * 12:(i + 1) * 12]) for i in range(3)]
            if all(any(v.deck.tokens[x].startswith("T") for x in hand) for hand in hands):
                break
        deal = Deal(v, [sorted(mine)] + hands, unknown[36:], seat=0)
        res = Solver(64).solve(setup(deal, "valat").position, "trula", limit=limit)
        if res.exact:
            yes, no = yes + res.value, no + (not res.value)
    assert ours.decided > 0.95 * deals and yes + no > 0.95 * deals
    pooled = (ours.yes + yes) / (ours.decided + yes + no)
    tolerance = z_value(STRICT) * math.sqrt(pooled * (1 - pooled) * (1 / ours.decided + 1 / (yes + no)))
    assert tolerance < 0.12, tolerance
    assert abs(ours.yes / ours.decided - yes / (yes + no)) <= tolerance


def test_same_seed_same_result_whatever_the_workers_or_order():
    task = fast_task(limit=2_000, contracts=["beggar", "three"], goals=["valat"], settle=False)
    one = simulate(task, deals=9, seed=99, jobs=1)
    two = simulate(task, deals=9, seed=99, jobs=2)
    three = simulate(task, deals=9, seed=99, jobs=3, chunk_size=2)
    with ThreadPoolExecutor(3) as pool:  # another executor; chunks finish in any order
        threads = simulate(task, deals=9, seed=99, executor=pool, chunk_size=1, window=2)
    assert one.result_json() == two.result_json() == three.result_json() == threads.result_json()
    assert one.rate("three", "valat").undecided > 0  # the limit bites, and bites the same way
    other = simulate(task, deals=9, seed=100, jobs=1)
    assert other.result_json() != one.result_json()
    # deal i is dealt from SeedSequence(seed, spawn_key=(i,)): the same as spawning from the root
    assert run_chunk(task, 99, [(2, 0, None)])["deals"] == [one.latest[2]]  # deal 2 alone = in the run
    child = np.random.SeedSequence(99).spawn(3)[2]
    assert np.random.default_rng(child).integers(1 << 30) == deal_rng(99, 2).integers(1 << 30)


def test_chunks_give_every_worker_work():
    task = fast_task(contracts=["three"], goals=[], limit=100_000, settle=False)  # one pass: no later work
    summary = simulate(task, deals=8, seed=1, jobs=2)
    assert summary.workers == 2 and summary.throughput()["workers"] == 2
    assert len(summary.pids) == 2  # 8 deals on 2 workers: chunks of 1, both worker processes solved deals


def test_resume_after_an_interruption_gives_the_uninterrupted_result(tmp_path):
    # passes: 100,000 then 300,000 nodes (one deal's pagat ultimo needs the second)
    task = fast_task(limit=300_000, contracts=["beggar", "three"], goals=["pagat-ultimo"])
    whole = simulate(task, deals=14, seed=7, jobs=1, chunk_size=3)
    assert max(whole.passes()) == 1
    path = tmp_path / "run.jsonl"
    seen = []

    def stop_after_two(summary):
        seen.append(summary.deals)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as info:
        simulate(task, deals=14, seed=7, jobs=1, chunk_size=3, output=str(path), on_chunk=stop_after_two)
    partial = info.value.summary
    assert partial.interrupted and not partial.complete and partial.deals == 6
    assert "--resume completes it" in partial.format()
    header, records, _ = read_results(path)
    assert header["seed"] == "7" and len(records) == 2  # every finished chunk is saved
    with open(path, "a", encoding="utf-8") as handle:  # a write cut short by the kill
        handle.write('{"type": "chunk", "deals": [{"deal": 6, "res')
    with pytest.raises(AnalysisError, match="already exists"):
        simulate(task, deals=14, seed=7, jobs=1, chunk_size=3, output=str(path))
    with pytest.raises(AnalysisError, match="another run.*seed"):
        simulate(task, deals=14, seed=8, jobs=1, chunk_size=3, output=str(path), resume=True)
    done = simulate(task, deals=14, seed=7, jobs=2, output=str(path), resume=True)  # other chunks, other workers
    assert done.complete and done.result_json() == whole.result_json()
    assert load_results(path).result_json() == whole.result_json()
    count = len(read_results(path)[1])
    again = resume(str(path), jobs=1)  # nothing left to do
    assert again.result_json() == whole.result_json() and len(read_results(path)[1]) == count


def test_interrupt_with_a_process_pool_keeps_finished_chunks(tmp_path):
    task = fast_task()
    path = tmp_path / "pool.jsonl"

    def stop(summary):
        raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as info:
        simulate(task, deals=12, seed=3, jobs=2, chunk_size=2, output=str(path), on_chunk=stop)
    kept = info.value.summary
    saved = read_results(path)[1]
    assert 2 <= kept.deals <= 12 and sum(len(r["deals"]) for r in saved) == kept.deals
    done = resume(str(path), jobs=2)
    assert done.result_json() == simulate(task, deals=12, seed=3, jobs=1, chunk_size=2).result_json()


def test_dask_local_cluster():
    from distributed import Client, LocalCluster
    task = fast_task(contracts=["beggar", "valat"], goals=[])
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        summary = simulate(task, deals=8, seed=21, executor=client.get_executor())
    assert summary.result_json() == simulate(task, deals=8, seed=21, jobs=1, chunk_size=3).result_json()


def test_missing_values_are_reported_not_fatal():
    hand = "SK SQ HK HQ D1 D2 C7 C8 C9 T2 T10 T15"  # a Bettler lost at once: fast to prove
    run = dict(contracts=["bettler"], deals=4, seed=1, jobs=1, limit=100_000)
    summary = analyse_hand("koenigrufen", hand, **run)
    s = summary.row("bettler")["settlement"]
    assert s["n"] == 0 and s["missing"]["bettler"] == 4
    assert "the value of 'bettler' is not set" in summary.format() and "--value bettler=N" in summary.format()
    valued = analyse_hand("koenigrufen", hand, values={"bettler": 10}, **run)
    ev = valued.expected("bettler")
    s = valued.row("bettler")["settlement"]
    assert ev.n == 4 and not s["missing"] and not ev.open
    total = ev.mean * ev.n  # each deal: +10 from each of the 3 others, or -10 to each
    assert total.denominator == 1 and total % 30 == 0 and abs(total) <= 30 * ev.n


def test_each_for_himself_goals_and_unavailable_contracts():
    summary = analyse_hand("koenigrufen", "SK HK DK CK T22 T21 T1 T2 T3 T4 T5 T6",
                           contracts=["rufer", "trischaken"], goals=["no-tricks"], deals=3, seed=1, jobs=1,
                           limit=20_000, settle=False)
    assert summary.row("rufer")["unavailable"] == {"the declarer holds all four kings: no king to call": 3}
    assert summary.rate("trischaken", "no-tricks").deals == 3
    assert "success" not in summary.row("trischaken")
    assert "not played in 3 deals" in summary.format()


def test_task_and_run_errors():
    spec = DealSpec.make("slovenian4", MONSTER)
    for kwargs, words in [
        (dict(contracts=["klop"]), "each for himself"),
        (dict(goals=["points"]), "not a yes/no goal"),
        (dict(goals=["quapil"]), "Königrufen goal"),
        (dict(contracts=["nine"]), "not a contract"),
        (dict(limit=0), "positive"),
        (dict(limit="fast"), "node count"),
        (dict(announce=["uhu"]), "not an announcement"),
        (dict(options={"no_such": 1}), "not a rule option"),
    ]:
        with pytest.raises(Exception) as info:
            Task.make(spec, **kwargs)
        assert words in str(info.value), (kwargs, str(info.value))
    with pytest.raises(ImpossibleConstraints):
        simulate(Task.make(DealSpec.make("slovenian4", MONSTER, constraints=["trumps(1) > 15"], max_tries=500),
                           FAST), deals=2, jobs=1)
    for budget in (0, "soon", -3, "5x"):
        with pytest.raises(AnalysisError, match="budget"):
            simulate(fast_task(), deals=1, jobs=1, budget=budget)
    with pytest.raises(AnalysisError, match="positive"):
        simulate(fast_task(), deals=0)
    with pytest.raises(AnalysisError, match="Python function"):
        simulate(Task.make(DealSpec.make("slovenian4", MONSTER, constraints=[lambda d: True]), FAST), deals=1,
                 jobs=1, output="/nonexistent/x.jsonl")


def test_SI_2_4_a_hand_without_tarok_is_never_played():
    """[003] "Jos joku ei saa yhtään tarokkia, hän näyttää kätensä ja jako uusitaan pakkokloppina":
    the analysed hand itself holding no tarok is thrown in every time."""
    spec = DealSpec.make("slovenian4", "SK SQ SN SJ S10 S9 HK HQ HN HJ H1 H2")
    with pytest.raises(AnalysisError, match="no tarok.*SI-2.4.*no_tarok_redeal=false"):
        Task.make(spec, ["beggar"])
    task = Task.make(spec, ["beggar"], options={"no_tarok_redeal": False})
    assert dict(task.options) == {"no_tarok_redeal": False}


def test_bidding_table_ranks_by_expected_settlement():
    summary = bid("slovenian4", MONSTER, deals=4, seed=5, contracts=FAST + ["colour_valat"], jobs=1, limit=200_000)
    rows = summary.rows()
    assert summary.ranking() == "settlement"
    means = [r["settlement"]["mean"] for r in rows]
    assert means == sorted(means, reverse=True)
    assert json.loads(json.dumps(summary.to_json()))["ranked_by"] == "settlement"
    assert "(best first, by expected settlement)" in summary.format("bidding table")


def test_random_hands_give_feature_breakdowns():
    summary = analyse_hand("slovenian4", contracts=["three"], deals=16, seed=3, jobs=1, limit=20_000, settle=False)
    by = summary.feature_rates("three", "trumps")
    total = summary.rate("three")
    assert sum(r.yes for r in by.values()) == total.yes and sum(r.undecided for r in by.values()) == total.undecided
    assert all(0 <= x <= 12 for x in by)
    with pytest.raises(AnalysisError):
        summary.feature_rates("three", "shoe size")
    with pytest.raises(AnalysisError, match="not part of this run"):
        summary.rate("two")


def test_summary_merge_is_order_free_and_a_later_pass_replaces_a_deal():
    task = fast_task(contracts=["beggar", "three"], goals=[], limit=300_000)
    records = [run_chunk(task, 5, [(2 * i, 0, None), (2 * i + 1, 0, None)]) for i in range(4)]
    header = {"format": "tarokdd-simulate/2", "task": task.to_json(), "seed": "5", "deals": 8}
    a = Summary(header, records)
    b = Summary(header, records[::-1] + records[:1])  # another order, and a duplicate (ignored)
    assert a.result_json() == b.result_json() and a.deals == 8
    later = run_chunk(task, 5, [(0, 1, a.latest[0])])
    c = Summary(header, [later] + records)
    assert c.latest[0]["pass"] == 1 and c.deals == 8


def test_exhaustive_talon_tries_every_exchange():
    from analysis.talon import exchanges
    spec = DealSpec.make("slovenian4", "T22 T20 T19 T15 T12 T9 T4 T2 SK HK D1 C7")
    deal = spec.deal(np.random.default_rng(4), {})  # dealt for a game: SI-2.4 redeals a seat without tarok
    every = list(exchanges(deal, "two"))
    first = setup(deal, "two")
    assert (every[0].group, every[0].discards) == (first.group, first.discards)  # the heuristic's first
    keys = {(st.group, tuple(st.discards)) for st in every}
    assert len(keys) == len(every) > 50  # 3 groups x C(pool, 2), each exchange once, all legal
    d = get_variant("slovenian4").deck
    assert not any(d.tokens[c] in ("SK", "HK", "DK", "CK", "T1", "T21", "T22") for st in every for c in st.discards)
    # per deal, the exhaustive policy makes the contract whenever the heuristic's exchange does
    kw = dict(contracts=["one"], goals=[], settle=False, limit=3000)
    heuristic = Task.make(spec, **kw)
    exhaustive = Task.make(spec, policy="exhaustive", **kw)
    for index in range(3):
        h = run_chunk(heuristic, 8, [(index, 0, None)])["deals"][0]["contracts"]["one"]
        e = run_chunk(exhaustive, 8, [(index, 0, None)])["deals"][0]["contracts"]["one"]
        assert e["win"] is True or h["win"] is not True
        assert 1 <= e["exchanges"]["tried"] <= 500
    summary = simulate(exhaustive, deals=2, seed=8, jobs=1)
    assert summary.to_json()["talon_policy"] == "exhaustive" and "exhaustive policy" in summary.format()
    assert "exchanges solved" in summary.format()


def test_progress_bar_only_when_asked_or_on_a_terminal(capsys):
    task = fast_task(contracts=["beggar"], goals=[])
    simulate(task, deals=4, seed=1, jobs=1, chunk_size=2)  # stderr is not a terminal here: no bar
    assert capsys.readouterr().err == ""
    simulate(task, deals=4, seed=1, jobs=1, chunk_size=2, progress=True)
    err = capsys.readouterr().err
    assert "0/4" in err and "deal/s" in err  # the bar (cleared at the end: leave=False)

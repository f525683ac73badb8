"""The analysis commands (simulate, bid, odds, plot) and the charts."""

import json
import re
import shlex
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from helpers import (
    processes,  # noqa: E402
    run_cli as run,  # noqa: E402
)
from matplotlib.container import ErrorbarContainer  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from analysis import plots  # noqa: E402
from analysis.deal import DealSpec  # noqa: E402
from analysis.simulate import Summary, Task, analyse_hand, bid  # noqa: E402
from solver import cli  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MONSTER = "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7"
FAST = ["-c", "beggar", "-c", "valat", "-c", "open_beggar"]


# ------------------------------------------------------------------ simulate / bid

def test_simulate_text_and_json(capsys):
    status, out, err = run(capsys, "simulate", "slovenian4", "--hand", MONSTER, *FAST, "-g", "trula", "-n", 6,
                           "-s", 3, "-j", 1, "-q")
    assert status == 0 and err == ""
    assert "simulation, 6 deals (seed 3)" in out and "heuristic policy" in out and "  trula" in out
    assert re.search(r"^beggar\s+0\.0%\s+\[0\.0, \d+\.\d\]\s+6\s+0\s+-70\.0", out, re.M)
    status, out, _ = run(capsys, "simulate", "slovenian4", "--hand", MONSTER, *FAST, "-n", 6, "-s", 3, "-j", 1, "--json")
    data = json.loads(out)
    assert status == 0 and data["seed"] == "3" and data["deals"] == 6 and data["talon_policy"] == "heuristic"
    beggar = next(r for r in data["contracts"] if r["contract"] == "beggar")
    assert beggar["success"]["deals"] == 6 and beggar["success"]["rate"] == 0 and beggar["settlement"]["mean"] == -70
    assert (data["budget"]["stopped"] == "decided" and data["passes"] == {"0": 6}) or data["passes"] == {0: 6}
    assert data["throughput"]["deals_per_core_second"] > 0
    status, out, _ = run(capsys, "simulate", "slovenian4", "--hand", MONSTER, "-c", "one", "-n", 1, "-s", 1, "-j", 1,
                         "--limit", 2000, "--no-settlement", "--exhaustive-talon")
    assert status == 0 and "exhaustive policy" in out and "exchanges solved" in out


def test_bid_sorted_table(capsys):
    status, out, _ = run(capsys, "bid", "slovenian4", "--hand", MONSTER, *FAST, "-n", 4, "-s", 1, "-j", 1)
    assert status == 0 and "bidding table, 4 deals" in out and "(best first, by expected settlement)" in out
    rows = [ln.split()[0] for ln in out.splitlines() if ln.split() and ln.split()[0] in ("beggar", "valat", "open_beggar")]
    assert rows == ["beggar", "open_beggar", "valat"]  # -70, -90, -500 (all lost)
    status, out, _ = run(capsys, "bid", "slovenian4", "--hand", MONSTER, *FAST, "-n", 4, "-s", 1, "-j", 1, "--json")
    assert [r["contract"] for r in json.loads(out)["contracts"]] == ["beggar", "open_beggar", "valat"]


@pytest.mark.parametrize("argv, words", [
    (["simulate", "slovenian4", "--hand", "T1 T2 T3"], "has 3 cards"),
    (["simulate", "slovenian4", "--hand", MONSTER, "-w", "trumps(1) >= 16", "--max-tries", "300"], "no deal met"),
    (["simulate", "slovenian4", "-w", "trumps(9) > 1"], "seat 9 is out of range"),
    (["simulate", "slovenian4", "-w", "kings(1) >"], "not an expression"),
    (["simulate", "slovenian4", "-g", "petit-au-bout"], "petit-au-bout is a French goal"),
    (["simulate", "slovenian4", "-g", "tricks"], "not a yes/no goal"),
    (["simulate", "slovenian4", "-c", "klop"], "each for himself"),
    (["simulate", "slovenian4", "-c", "nine"], "not a contract of slovenian4"),
    (["simulate", "atlantis"], "not a variant"),
    (["simulate"], "name the VARIANT"),
    (["simulate", "slovenian4", "--known", "T22"], "SEAT=CARDS"),
    (["simulate", "slovenian4", "--hand", MONSTER, "--known", "1=T22"], "T22 is both"),
    (["simulate", "slovenian4", "--limit", "soon"], "node count"),
    (["simulate", "slovenian4", "-n", "0"], "positive"),
    (["simulate", "slovenian4", "--resume"], "--resume needs --output"),
    (["simulate", "slovenian4", "--option", "early_end"], "NAME=VALUE"),
    (["simulate", "slovenian4", "--option", "bogus=1"], "not a rule option"),
    (["simulate", "slovenian4", "--confidence", "95"], "between 0 and 1"),
    (["bid", "slovenian4"], "--hand"),
    (["odds", "danish", "--hand", "S1"], "has 1 card;"),
    (["odds", "slovenian4"], "required: --hand"),
    (["plot", "/no/such/results.jsonl", "-o", "x.png"], "no such file"),
])
def test_bad_input_exits_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and words in err, err


def test_odds_danish_has_no_talon(capsys):
    hand = " ".join(["T%d" % i for i in range(1, 22)] + ["S1", "S2", "S3", "S4"])
    status, out, err = run(capsys, "odds", "danish", "--hand", hand)
    assert status == 2 and "skat is the dealer's own discard" in err


def test_odds_text_and_json(capsys):
    status, out, err = run(capsys, "odds", "slovenian4", "--hand", MONSTER)
    assert status == 0 and "what the talon of 6 may hold (42 unknown cards)" in out
    assert re.search(r"^  0\s+5\.643%\s+100\.000%$", out, re.M)  # C(27,6) / C(42,6)
    status, out, _ = run(capsys, "odds", "french5", "--hand", "SK HK DK CK T1 T21 EX S1 S2 S3 H1 H2 H3 D1 D2",
                         "--samples", "500", "-s", "1", "--json")
    data = json.loads(out)
    assert status == 0 and data["talon"] == "dog" and data["size"] == 3 and data["samples"] == 500
    assert data["features"]["kings"]["distribution"] == [{"value": 0, "p": 1.0, "exact": "1/1", "at_least": 1.0,
                                                          "sampled": data["features"]["kings"]["distribution"][0]["sampled"]}]
    assert data["features"]["kings"]["distribution"][0]["sampled"]["yes"] == 500
    status, out, _ = run(capsys, "odds", "koenigrufen", "--hand", MONSTER, "-w", "holder(T2) == 1", "--samples", "200")
    assert status == 0 and "the exact odds ignore (they name other places): holder(T2) == 1" in out
    status, out, _ = run(capsys, "odds", "koenigrufen", "--hand", MONSTER, "-w", "trumps(talon) == 0", "--json")
    data = json.loads(out)
    assert data["constraints_honoured"] == ["trumps(talon) == 0"] and data["constraints_ignored"] == []
    assert [row["value"] for row in data["features"]["trumps"]["distribution"]] == [0]


def test_resume_and_ctrl_c(capsys, tmp_path, monkeypatch):
    import analysis.simulate as sim
    path = tmp_path / "bid.jsonl"
    args = ["bid", "slovenian4", "--hand", MONSTER, *FAST, "-n", 10, "-s", 5, "-j", 1, "--chunk-size", 2, "--json"]
    status, whole, _ = run(capsys, *args)
    real = sim.run_chunk
    calls = []

    def flaky(*a):
        calls.append(a)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*a)

    monkeypatch.setattr(sim, "run_chunk", flaky)
    status, out, err = run(capsys, *args, "-o", path)
    assert status == 130 and "interrupted after 4 of 10 deals" in err and "--resume" in err
    assert json.loads(out)["deals"] == 4 and json.loads(out)["interrupted"]
    monkeypatch.setattr(sim, "run_chunk", real)
    status, out, err = run(capsys, *args, "-o", path)
    assert status == 2 and "already exists" in err
    status, out, _ = run(capsys, "bid", "--resume", "-o", path, "--json")  # all from the file
    assert status == 0
    done, first = json.loads(out), json.loads(whole)
    for data in (done, first):
        data.pop("throughput")
        data["budget"].pop("spent")
    assert done == first


def test_scheduler_option(capsys):
    from distributed import LocalCluster
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        status, out, err = run(capsys, "simulate", "slovenian4", "--hand", MONSTER, "-c", "beggar", "-n", 4, "-s", 2,
                               "--scheduler", cluster.scheduler_address, "--json")
    assert status == 0 and json.loads(out)["contracts"][0]["success"]["deals"] == 4
    status, out, err = run(capsys, "simulate", "slovenian4", "--scheduler", "tcp://x:1", "-j", 2)
    assert status == 2 and "not both" in err


# ------------------------------------------------------------------ plots

@pytest.fixture(scope="module")
def feature_run():
    return analyse_hand("slovenian4", contracts=["three"], deals=24, seed=3, jobs=1, limit=20_000, settle=False)


def points_summary(undecided=0):
    """A synthetic run: 30 deals of a trojka, counted points 25 .. 54 (each deal's count proven to
    the third), the last ``undecided`` deals known only to lie between 0 and 210."""
    task = Task.make(DealSpec.make("slovenian4", MONSTER), ["three"], settle=True)
    records = []
    for i, counted in enumerate(range(25, 55)):
        low, high = (3 * counted - 1, 3 * counted) if i < 30 - undecided else (0, 210)
        win = True if low >= 107 else False if high < 107 else None
        records.append({"deal": i, "pass": 0, "features": {"trumps": 7, "kings": 4, "honours": 3, "points": 30},
                        "contracts": {"three": {"win": win, "count": [low, high], "goals": {}, "settle": ["1", "1"]}}})
    header = {"format": "tarokdd-simulate/2", "task": task.to_json(), "seed": "1", "deals": 30}
    return Summary(header, [{"type": "chunk", "deals": records, "timing": {}}])


def test_plot_feature(feature_run, tmp_path):
    fig = Figure()
    ax = plots.plot_feature(feature_run, "three", "trumps", ax=fig.add_subplot())
    assert "trojka" in ax.get_title() and "by trumps" in ax.get_title() and "24 deals" in ax.get_title()
    assert any(isinstance(c, ErrorbarContainer) for c in ax.containers)
    assert not [ln for ln in ax.lines if ln.get_linestyle() not in ("None", "") and len(ln.get_xdata()) > 2]
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert ticks and all(float(t).is_integer() for t in ticks)  # counts have integer ticks
    labels = [t.get_text() for t in ax.texts if "deal" in t.get_text() and "only" not in t.get_text()]
    rates = feature_run.feature_rates("three", "trumps")
    assert len(labels) == len(rates) and all(re.match(r"\d+ deals?(, \d+ undecided)?$", x) for x in labels)
    assert sum(int(x.split()[0]) for x in labels) == 24
    assert "%" in ax.yaxis.get_major_formatter()(50, 0)
    assert ax.get_xlabel() == "trumps in the hand (as dealt)"
    assert any("only 24 deals" in t.get_text() for t in ax.texts)  # few deals: said on the chart
    for ext in ("png", "svg"):
        path = plots.save(fig, tmp_path / ("feature." + ext))
        assert Path(path).stat().st_size > 1000
    assert (tmp_path / "feature.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "deals" in (tmp_path / "feature.svg").read_text()


def test_plots_draw_the_bracket_of_undecided_deals():
    run = analyse_hand("slovenian4", MONSTER, contracts=["three", "beggar"], deals=6, seed=1, jobs=1, limit=1,
                       settle=False)
    assert run.rate("three").undecided  # one node per test: undecided deals
    for draw in (lambda ax: plots.plot_bidding(run, ax=ax), lambda ax: plots.plot_feature(run, "three", ax=ax)):
        ax = draw(Figure().add_subplot())
        brackets = [ln for ln in ax.lines if ln.get_color() == plots.BRACKET_STYLE["color"]] + \
            [c for c in ax.containers if c.get_label() == "bracket"]
        assert brackets, "the bracket is drawn"
        assert "undecided" in ax.get_title() + ax.get_xlabel()


def test_plot_points_marks_the_threshold():
    import matplotlib.pyplot as plt
    summary = points_summary(undecided=2)
    plt.figure()
    ax = plots.plot_points(summary, "three")  # ax=None: pyplot's current Axes
    assert ax is plt.gca()
    assert ax.get_title() == "trojka: result per deal, 28 of 30 deals drawn"
    assert len(ax.patches) == 28
    assert any("2 deals known only as a range" in t.get_text() for t in ax.texts)
    lines = [ln for ln in ax.lines if ln.get_label().startswith("needed")]
    assert len(lines) == 1 and lines[0].get_label() == "needed: 36 counted (35 2/3)"
    assert lines[0].get_xdata()[0] == 35.5
    plt.close("all")


def test_plot_bidding(tmp_path):
    summary = bid("slovenian4", MONSTER, deals=3, seed=1, contracts=["beggar", "valat", "piccolo"], jobs=1)
    ax = plots.plot_bidding(summary, ax=Figure().add_subplot())
    assert ax.get_title() == "bidding table: Slovenian Tarok, 4 players, 3 deals"
    assert any(isinstance(c, ErrorbarContainer) for c in ax.containers)
    names = [summary.name(r["contract"]) for r in summary.rows()][::-1]
    assert [t.get_text() for t in ax.get_yticklabels()] == names
    assert "berač" in names and "pikolo" in names and "beggar" not in names  # the local names, not ids
    assert len(ax.patches) == 3  # 0 % bars are bars too (and no bracket: every deal decided)
    assert ax.get_xlim() == (0, 100) and "%" in ax.xaxis.get_major_formatter()(50, 0)
    labels = [t.get_text() for t in ax.texts if not t.get_text().startswith("only")]
    assert len(labels) == 3 and all(x.startswith("3 deals, E ") for x in labels)
    assert any(t.get_text() == "only 3 deals: wide intervals" for t in ax.texts)


def test_plot_command(capsys, tmp_path):
    results = tmp_path / "run.jsonl"
    status, _, _ = run(capsys, "simulate", "slovenian4", "-c", "three", "-c", "beggar", "-n", 8, "-s", 2, "-j", 1,
                       "--limit", 20000, "--no-settlement", "-o", results, "-q")
    assert status == 0
    for kind, name in (("bid", "bid.svg"), ("feature", "feature.png"), ("points", "points.png")):
        status, out, err = run(capsys, "plot", results, "--kind", kind, "-c", "three", "-o", tmp_path / name)
        assert status == 0 and (tmp_path / name).exists() and "wrote" in err, err
    assert "bidding table" in (tmp_path / "bid.svg").read_text()
    status, _, err = run(capsys, "plot", results, "-o", tmp_path / "chart.pdf")
    assert status == 2 and ".png or .svg" in err
    status, _, err = run(capsys, "plot", results, "--kind", "feature", "-c", "two", "-o", tmp_path / "x.png")
    assert status == 2 and "not part of this run" in err
    status, _, err = run(capsys, "plot", results, "--kind", "feature", "-g", "valat", "-o", tmp_path / "x.png")
    assert status == 2 and "valat" in err
    (tmp_path / "junk.jsonl").write_text("hello\n")
    status, _, err = run(capsys, "plot", tmp_path / "junk.jsonl", "-o", tmp_path / "x.png")
    assert status == 2 and "not a results record" in err


# ------------------------------------------------------------------ README

def test_readme_hand_analysis_commands_run(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    section = (ROOT / "docs" / "howto" / "rate-a-hand.md").read_text(encoding="utf-8")
    block = section.split("```sh\n")[1].split("```")[0]
    commands = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("#")]
    assert len(commands) >= 4
    for command in commands:
        argv = shlex.split(command)
        assert argv[0] == "tarokdd"
        assert cli.main(argv[1:] + (["-q"] if argv[1] in ("simulate", "bid") else [])) == 0, command
        capsys.readouterr()
    sample = section.split("```text\n")[1].split("```")[0]
    first = shlex.split(commands[0])
    cli.main(first[1:])
    out = capsys.readouterr().out
    for line in sample.splitlines():
        if line != "…" and not line.startswith("throughput"):
            assert line in out.splitlines(), line


def test_ctrl_c_stops_every_worker_within_a_second(tmp_path):
    """Ctrl-C (SIGINT to the terminal's process group) during `bid` with two worker processes:
    every worker is gone within a second, the command prints what is done and exits 130."""
    import os
    import signal
    import subprocess
    import sys
    import time
    path = tmp_path / "stop.jsonl"
    argv = [sys.executable, "-m", "solver", "bid", "slovenian4", "--hand", "T21 T20 T17 T15 T11 T7 T3 SK SQ HK D2 C8",
            "-c", "three", "-c", "solo_three", "-n", "60", "-s", "1", "-j", "2", "--chunk-size", "8", "-q",
            "-o", str(path)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            start_new_session=True)
    try:
        waited = time.time() + 120
        while time.time() < waited and len(processes(pgrp=proc.pid)) < 3:
            time.sleep(0.05)
        time.sleep(2)  # both workers are in their first chunk of 8 deals (several seconds each)
        assert proc.poll() is None and len(processes(pgrp=proc.pid)) == 3, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        start = time.time()
        while [p for p in processes(pgrp=proc.pid) if p != proc.pid] and time.time() - start < 10:
            time.sleep(0.01)
        workers_gone = time.time() - start
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert workers_gone < 1.0, workers_gone
    assert proc.returncode == 130 and "interrupted after" in err and "Traceback" not in err, err
    assert not processes(pgrp=proc.pid) and "bidding table" in out

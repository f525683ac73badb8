"""The command line as a program: Ctrl-C (in a search and while it starts), progress on a
terminal, --version, bundled examples by name, and which package imports which."""

import importlib.metadata
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from helpers import Terminal, cpu_seconds, run_cli  # noqa: E402

import solver  # noqa: E402
from solver import (  # noqa: E402
    __main__ as entry,  # noqa: E402
    cli,
    search,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the child's CPU time from /proc")
def test_ctrl_c_in_a_long_solve_prints_the_proven_bounds():
    """A full French 3-player deal (minutes to solve): Ctrl-C, sent to the process group as a
    terminal does, once the search runs, stops it at once; the bounds proven so far are printed
    and the status is 130 (it used to exit with no message and no bounds)."""
    child = subprocess.Popen([sys.executable, "-m", "solver", "solve", "french3_garde", "-t", "1", "--threads", "1"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while cpu_seconds(child.pid) < 1.5 and time.monotonic() < deadline:  # started, then searched a while
            time.sleep(0.05)
        os.killpg(child.pid, signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
    assert child.returncode == 130 and err == "tarokdd: interrupted\n", (child.returncode, err)
    assert "points for the declarer side (seat 1): unknown (search stopped)" in out
    assert re.search(r"^proven bounds: \d+(\.5)? \.\. \d+(\.5)?$", out, re.M), out
    assert waited < 5, waited


def test_ctrl_c_while_the_program_loads_is_quiet(monkeypatch):
    """Ctrl-C while the command line is imported: status 130, no traceback (the entry point
    imports the command line inside its own handler)."""
    class Interrupt:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name == "solver.cli":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "solver.cli")
    monkeypatch.setattr(sys, "meta_path", [Interrupt()] + sys.meta_path)
    assert entry.main(["--version"]) == 130


def test_solve_shows_progress_on_a_terminal(capsys, monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setattr(search, "PROGRESS_EVERY", 0.0)  # (a report every 50 ms)
    # (2,000,000 nodes: about half a second, so that a quiet machine's search outlasts the first
    # 50 ms; with 300,000 it took 80 ms and now and then ended before any report)
    status, out, _ = run_cli(capsys, "solve", "french3_garde", "-t", "1", "--limit", "2000000", "--threads", "1")
    shown = terminal.getvalue()
    assert status == 0 and "proven bounds:" in out
    assert re.search(r"\r\x1b\[Ktarokdd: searching: \d+(\.5)? \.\. \d+(\.5)?, [\d,]+ nodes, \d+\.\d s", shown), shown
    assert shown.endswith("\r\x1b[K")  # the progress line is cleared before the answer


def test_progress_reports_bounds_that_narrow_to_the_value():
    game = solver.load_example("slovenian4_three")
    for _ in range(24):
        game.undo()
    seen = []
    search.PROGRESS_EVERY, every = 0.0, search.PROGRESS_EVERY
    try:
        r = solver.Solver(16).solve(game, progress=seen.append)
    finally:
        search.PROGRESS_EVERY = every
    assert all(lo <= r.value <= hi for _, _, (lo, hi) in seen)
    assert all(a.nodes <= b.nodes for a, b in zip(seen, seen[1:]))


def test_version_and_license(capsys):
    status, out, _ = run_cli(capsys, "--version")
    assert status == 0 and out == "tarokdd %s\n" % solver.__version__
    assert importlib.metadata.version("tarokdd") == solver.__version__  # pyproject reads solver.__version__
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_bundled_examples_by_name_from_anywhere(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli(capsys, "replay", "danish")
    assert status == 0 and out.startswith("Danish Tarok")
    assert run_cli(capsys, "solve", "slovenian4_three.json", "-t", "12")[0] == 0
    status, _, err = run_cli(capsys, "show", "nothing")
    assert status == 2 and "nor a bundled example (danish, french3_garde" in err


def _modules_after(code):
    run = subprocess.run([sys.executable, "-c", code + "; import sys; print(' '.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True)
    return run.stdout.split()


def _runtime_source(path):
    """A module's text without its ``if TYPE_CHECKING:`` block (imports for annotations only)."""
    return re.sub(r"^if TYPE_CHECKING:\n(?:[ \t]+.*\n|\n)+", "", path.read_text(encoding="utf-8"), flags=re.M)


def test_dependencies_run_one_way():
    """analysis builds on solver, and the web app on both, never the reverse (the analysis verbs
    and serve reach the command line through the entry-point group tarokdd.commands); notation
    does not import position; the command line does not load the web framework until serve runs."""
    loaded = _modules_after("import solver.cli, solver.search, solver.playthrough, solver.scoring, solver.deal")
    assert not any(m == "analysis" or m.startswith("analysis.") for m in loaded)
    loaded = _modules_after("import solver.cli, analysis, analysis.commands, analysis.simulate")
    assert not any(m == "web" or m.startswith("web.") for m in loaded)
    assert "solver.position" not in _modules_after("import solver.notation")
    assert "analysis.commands" in _modules_after("import analysis.commands")  # no import cycle
    for package in ("solver", "analysis"):
        for path in (ROOT / package).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(from|import) web\b", text, re.M), path.name
            if package == "solver":
                assert not re.search(r"^\s*(from|import) analysis", text, re.M), path.name
    assert not re.search(r"^\s*from \.position|^\s*from \. import position", _runtime_source(ROOT / "solver" /
                                                                                            "notation.py"), re.M)
    names = {command.name for command in cli.registered_commands()}
    assert names == {"simulate", "bid", "odds", "plot", "serve"}
    assert not {"fastapi", "uvicorn", "starlette"} & set(_modules_after("import solver.cli; solver.cli.build_parser()"))


def test_heavy_libraries_are_imported_only_when_used():
    """matplotlib (charts), SciPy (intervals) and pandas (tables) load when a chart, an interval or a
    table is made, not with the packages nor with the command line (issue 21: start-up time)."""
    heavy = ("matplotlib", "scipy", "pandas")
    loaded = _modules_after("import solver, solver.cli, solver.search, solver.playthrough, analysis, analysis.commands, "
                            "analysis.simulate, analysis.summary, analysis.plots, analysis.odds; solver.cli.build_parser()")
    assert not [m for m in loaded if m.split(".")[0] in heavy]
    assert "numpy" not in _modules_after("import solver, solver.cli; solver.cli.build_parser()")
    loaded = _modules_after("from analysis.stats import wilson; wilson(3, 10)")
    assert "scipy.special" in loaded and "scipy.stats" not in loaded  # the quantiles, not the whole of scipy.stats

"""Nothing but clear errors on any input; the cases the fuzzing run of issue 19 found, and a
bounded fuzz run (hypothesis over ``tests/fuzzing.py``; ``benchmarks/fuzz.py`` is the long one).

Every bad input raises a :class:`solver.TarokError`; the command line prints it as one line
``tarokdd: error: …`` and exits with status 2 (argparse's usage message for bad options).
"""

import json
import math
import os
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(__file__))

from fuzzing import KINDS, Fuzzer  # noqa: E402
from helpers import run_cli  # noqa: E402

from solver import GoalError, Position, Solver, TarokError, load_example, solve, solve_many  # noqa: E402
from solver.deal import random_position  # noqa: E402
from solver.errors import NotationError, ParameterError  # noqa: E402

SLOVENIAN = random_position("slovenian4", "three", seed=3).to_json()


def endgame():
    game = load_example("slovenian4_three")
    for _ in range(8):
        game.undo()
    return game


# ------------------------------------------------------------------ notation

@pytest.mark.parametrize("read, text", [
    (Position.from_json, b"\xd4"),                               # not UTF-8
    (Position.parse, b"\xd4"),
    (Position.from_line, "slovenian4 three; declarer ᧚; hands x"),  # digits str.isdigit() takes, int() does not
    (Position.from_line, "slovenian4 three; declarer 2; tricks_taken ² 1 1 1; hands x"),
    (Position.from_json, "9" * 5000),                              # past Python's int-string limit
    (Position.from_json, '{"variant": "slovenian4", "hands": [], "declarer": ' + "9" * 5000 + "}"),
    (Position.from_json, "[" * 100000),                            # nesting past the recursion limit
    (Position.parse, '{"variant": ' + "[" * 100000 + "]" * 100000 + "}"),
])
def test_unreadable_text_is_a_notation_error(read, text):
    with pytest.raises(NotationError):
        read(text)


def _with(**changes):
    return dict(json.loads(json.dumps(SLOVENIAN)), **changes)


@pytest.mark.parametrize("data", [
    _with(declarer="²"), _with(declarer="᧚"), _with(play="T᧚"), _with(play="S" + "9" * 5000),
    _with(announcements=["trula@²"]), _with(announcements=["trula@" + "9" * 30]),
    _with(kontra={"game": "᧚"}), _with(tricks_taken=5), _with(tricks_taken=["᧚", 0, 0, 0]),
    _with(declarer=10 ** 5000), _with(hands=[10 ** 40] * 4), _with(options=[1]), _with(options={"early_end": [[]]}),
    _with(options={"must_beat_contracts": [[1]]}), _with(hands=[[[[[]]]]] * 4),
])
def test_odd_fields_are_tarok_errors(data):
    with pytest.raises(TarokError):
        Position.from_json(data)


def test_odd_scoring_inputs_are_tarok_errors():
    french = random_position("french4", seed=1).to_json()
    danish = random_position("danish", seed=1).to_json()
    for data in (dict(french, poignees=["single@᧚"]), dict(danish, declarations=["tarokker:᧚@0"]),
                 dict(danish, cups={"pagat": "᧚", "king": 1}), dict(danish, cups={"pagat": 10 ** 30, "king": 1})):
        with pytest.raises(TarokError):
            Position.from_json(data)
    game = load_example("slovenian4_three")
    for overrides in ({"diff_round": "᧚"}, {"kontra": {"game": 10 ** 5000}}, {"kontra": 5},
                      {"must_beat_contracts": [1, 2]}, {"values": {"x": 1}}):
        with pytest.raises(TarokError):
            game.settlement(**overrides)


def test_an_empty_choice_list_reads_back():
    """options={"must_beat_contracts": []} is accepted, and the one-line form it writes
    (must_beat_contracts=) reads back to the same position."""
    pos = Position.from_json(_with(options={"must_beat_contracts": []}))
    assert pos.options["must_beat_contracts"] == ()
    assert "must_beat_contracts=" in pos.to_line()
    assert Position.from_line(pos.to_line()).to_json() == pos.to_json()
    assert Position.from_json(pos.to_json()).to_json() == pos.to_json()


# ------------------------------------------------------------------ API parameters

@pytest.mark.parametrize("kwargs", [
    dict(threads=0), dict(threads=-1), dict(threads=64), dict(threads="2"), dict(threads=1.0),
    dict(memory_mb=0), dict(memory_mb=-1), dict(memory_mb=0.5), dict(memory_mb="64"), dict(memory_mb=None),
    dict(memory_mb=math.inf), dict(memory_mb=2 ** 63), dict(memory_mb=True),
    dict(limit=2 ** 63), dict(limit=10 ** 30), dict(limit=0.5), dict(limit="0.5"), dict(limit=math.inf),
    dict(limit=math.nan), dict(limit="9" * 30), dict(limit="᧚"),
    dict(goal=["points"]), dict(goal=None), dict(goal="᧚"), dict(side="᧚"), dict(side=[0]), dict(side=2 ** 70),
])
def test_odd_solve_parameters_are_tarok_errors(kwargs):
    with pytest.raises(TarokError):
        solve(endgame(), **kwargs)


@pytest.mark.parametrize("workers", ["2", -1, 0, 1.5, True])
def test_odd_worker_counts_are_parameter_errors(workers):
    with pytest.raises(ParameterError, match="workers"):
        solve_many([endgame()], workers=workers)


def test_parameter_errors_name_the_parameter():
    with pytest.raises(ParameterError, match="memory_mb"):
        Solver(memory_mb="64")
    with pytest.raises(ParameterError, match="threads"):
        Solver(threads=64)
    with pytest.raises(GoalError, match="goal"):
        solve(endgame(), goal=["points"])
    with pytest.raises(ParameterError, match="0.5s"):
        solve(endgame(), limit="0.5")
    with pytest.raises(ParameterError):
        Solver().solve("not a position")


def test_a_limit_that_stops_the_line_gives_no_line():
    """The node limit runs out while the optimal line is checked: the line is empty (it used to be
    a RuntimeError "no move keeps the value"; a fuzzing find)."""
    pos = Position.from_line(
        "french5 petite; declarer 1; called_king DK; hands S1 HQ H8 H4 H1 DN DJ D8 D3 D1 C7 C3 T16 T11 T8 / "
        "SJ HN HJ D9 D6 CK CQ C8 T21 T19 T12 T10 T7 T1 EX / SQ S7 S6 S5 HK H10 H5 H2 DK DQ CN CJ C9 T5 T3 / "
        "SK S9 S3 H6 H3 D10 D7 C10 C5 C2 T18 T14 T9 T4 T2 / SN S10 S8 S4 S2 H9 H7 D4 C6 C4 T20 T17 T15 T13 T6; "
        "declarer_pile D5 D2 C1; announcements chelem@3; play DN EX DK D10 D4 H5 H3 H7 H1 HJ D6 DQ D7 T20 D8 C6 "
        "C3 CQ CJ C5 HN H2 H6 H9 H4 T1 T3 T4 T15 T16 HQ T12 H10 T14 T17 S2 S1 SJ SQ S3 S5 SK S8 T11 T21 C8 CN C2 "
        "C4 C7 T5 T9 T13 T8 T19 CK C9 C10 T6 D1 S10 H8 T7 S6 S9 T10 S7")
    r = solve(pos, "king-ultimo", 3, limit=1, line=True)
    assert r.value is False and r.line == []
    assert solve(pos, "king-ultimo", 3, line=True).line  # without the limit, a line


# ------------------------------------------------------------------ the command line

@pytest.mark.parametrize("content", ["[" * 100000, '{"variant": ' + "9" * 5000 + "}", b"\xd4\xff"])
@pytest.mark.parametrize("command", ["show", "replay", "solve", "analyse", "score", "plot", "simulate"])
def test_malformed_files_are_one_line_errors(capsys, tmp_path, command, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    argv = {"plot": ["plot", str(path), "-o", str(tmp_path / "x.png")],
            "simulate": ["simulate", "--resume", "-o", str(path)]}.get(command, [command, str(path)])
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and err.startswith("tarokdd: error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("extra, words", [
    (["--side", "᧚"], ["a seat number"]), (["--limit", "9" * 30], ["--limit"]), (["--limit", "0.5"], ["0.5s"]),
    (["--memory", "9" * 30], ["--memory"]),
])
def test_odd_solver_options_are_one_line_errors(capsys, extra, words):
    status, out, err = run_cli(capsys, "solve", "slovenian4_three", "-t", "11", *extra)
    assert status == 2 and err.startswith("tarokdd: error: ") and err.count("\n") == 1, err
    assert all(w in err for w in words), err


def test_odd_score_override_is_a_one_line_error(capsys):
    status, out, err = run_cli(capsys, "score", "slovenian4_three", "--set", "diff_round=᧚")
    assert status == 2 and err.startswith("tarokdd: error: ") and "diff_round" in err and err.count("\n") == 1


# ------------------------------------------------------------------ bounded fuzzing

_WORKDIR = tempfile.TemporaryDirectory()
_FUZZER = []


def fuzzer():
    if not _FUZZER:
        _FUZZER.append(Fuzzer("ci", _WORKDIR.name, bases=7))
    return _FUZZER[0]


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=30, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_fuzz_only_clear_errors(kind, rng):
    """Mutated input of every kind (tests/fuzzing.py): only TarokErrors, one-line CLI errors,
    positions that read back (``benchmarks/fuzz.py`` runs 100,000)."""
    fuzzer().one(kind, rng)

"""The JSON formats against the JSON Schemas shipped in the packages (issue 21).

Every bundled example and every JSON output of the command line — show, deal, replay, score,
variants, solve, analyse, simulate, bid, odds and the lines of a results file — is checked
against its schema with ``jsonschema``, on small fast inputs; and each schema refuses what the
format does not allow, so that none passes everything.
"""

import json
import re
from pathlib import Path

import jsonschema
import pytest
from helpers import run_cli as run

from solver import VARIANTS, load_example
from solver.bundled import example_names, example_path, load_schema
from solver.deal import random_position

ROOT = Path(__file__).resolve().parent.parent
SOLVER_SCHEMAS = ("position", "solve", "analyse", "replay", "score", "variants")
ANALYSIS_SCHEMAS = ("simulate", "odds", "results-record")
FAST = ("--limit", "20000", "--budget", "30s", "-j", "1", "-q")


def _validator(name):
    package = "analysis" if name in ANALYSIS_SCHEMAS else "solver"
    schema = load_schema(name, package)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(name, data):
    errors = sorted(_validator(name).iter_errors(data), key=str)
    assert not errors, "%s: %s" % (name, "; ".join("%s at %s" % (e.message, list(e.absolute_path)) for e in errors[:5]))


def refused(name, data):
    return not _validator(name).is_valid(data)


def cli_json(capsys, *argv):
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    return json.loads(out)


def test_every_schema_is_valid_and_published():
    formats = (ROOT / "docs" / "reference" / "formats.md").read_text(encoding="utf-8")
    for name in SOLVER_SCHEMAS + ANALYSIS_SCHEMAS:
        _validator(name)
        package = "analysis" if name in ANALYSIS_SCHEMAS else "solver"
        assert '--8<-- "%s/schemas/%s.schema.json"' % (package, name) in formats, name  # shown in the docs


@pytest.mark.parametrize("name", example_names())
def test_bundled_examples_are_positions(name):
    check("position", json.loads(example_path(name).read_text(encoding="utf-8")))


def test_deal_show_and_composed_positions(capsys):
    for vid in VARIANTS:
        check("position", cli_json(capsys, "deal", vid, "--seed", "3", "--format", "json"))
        check("position", random_position(vid, seed=5).to_json())
    check("position", cli_json(capsys, "show", "slovenian4_three", "--json"))
    text = (ROOT / "docs" / "reference" / "position-format.md").read_text(encoding="utf-8")
    for block in re.findall(r"```json\n(.*?)```", text, re.S):  # the documented examples (one composed)
        check("position", json.loads(block))


def test_position_schema_refuses_what_the_format_refuses():
    game = load_example("slovenian4_three").to_json()
    assert not refused("position", game)
    assert refused("position", {k: v for k, v in game.items() if k != "hands"})
    assert refused("position", dict(game, trumps="T1"))  # an unknown field
    assert refused("position", dict(game, declarer=True))
    assert refused("position", dict(game, composed="yes"))
    assert refused("position", dict(game, hands="SK S7"))


@pytest.mark.parametrize("name", example_names())
def test_replay_score_solve_and_analyse_of_each_example(name, capsys):
    check("replay", cli_json(capsys, "replay", name, "--json"))
    check("score", cli_json(capsys, "score", name, "--json"))
    last = load_example(name).n_tricks
    check("solve", cli_json(capsys, "solve", name, "--at-trick", str(last - 1), "-a", "--pv", "--json"))
    check("analyse", cli_json(capsys, "analyse", name, "--from-trick", str(last - 1), "--json"))


def test_yes_no_goals_stopped_searches_and_other_sides(capsys):
    check("solve", cli_json(capsys, "solve", "slovenian4_three", "-t", "10", "--goal", "kings", "--side", "defence",
                            "--json"))
    stopped = cli_json(capsys, "solve", "slovenian4_three", "-t", "1", "--limit", "500", "-a", "--pv", "--json")
    assert stopped["value"] is None
    check("solve", stopped)
    check("analyse", cli_json(capsys, "analyse", "danish", "--from-trick", "23", "--side", "1", "--goal", "tricks",
                              "--json"))
    check("analyse", cli_json(capsys, "analyse", "koenigrufen_rufer", "--from-trick", "11", "--goal", "win", "--json"))
    check("score", cli_json(capsys, "score", "french5_garde", "--set", "halfpoint_rounding=up", "--json"))


def test_solve_and_analyse_schemas_refuse_a_wrong_value(capsys):
    out = cli_json(capsys, "solve", "slovenian4_three", "-t", "12", "--json")
    assert refused("solve", dict(out, value="46 2/3")) and refused("solve", dict(out, bounds=[1]))
    out = cli_json(capsys, "analyse", "slovenian4_three", "--from-trick", "12", "--json")
    assert refused("analyse", dict(out, steps=[dict(out["steps"][0], loss=-1)]))


def test_variants(capsys):
    check("variants", cli_json(capsys, "variants", "--format", "json"))
    check("variants", cli_json(capsys, "variants", "french5", "--format", "json"))


def test_simulate_bid_and_the_results_file(capsys, tmp_path):
    hand = "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7"
    output = tmp_path / "run.jsonl"
    data = cli_json(capsys, "simulate", "slovenian4", "--hand", hand, "-c", "beggar", "-c", "three", "-g", "trula",
                    "-n", "3", "-s", "1", *FAST, "-o", str(output), "--json")
    check("simulate", data)
    lines = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and len(lines) >= 2
    for record in lines:
        check("results-record", record)
    assert refused("results-record", dict(lines[0], type="chunk"))
    assert refused("results-record", dict(lines[1], deals=[dict(lines[1]["deals"][0], deal=-1)]))
    check("simulate", cli_json(capsys, "bid", "french4", "--hand", "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX SK HK DK CK "
                               "S10 H10 D10", "-c", "garde", "-c", "garde_contre", "-n", "2", "-s", "2", *FAST, "--json"))
    check("simulate", cli_json(capsys, "simulate", "danish", "--seat", "2", "-g", "no-tricks", "-n", "2", "-s", "4",
                               "--no-settlement", *FAST, "--json"))


def test_odds(capsys):
    hand = "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7"
    check("odds", cli_json(capsys, "odds", "slovenian4", "--hand", hand, "--json"))
    data = cli_json(capsys, "odds", "slovenian4", "--hand", hand, "-w", "points(talon) <= 5", "-w", "trumps(1) >= 3",
                    "--samples", "200", "-s", "1", "--json")
    check("odds", data)
    assert refused("odds", dict(data, size="six"))

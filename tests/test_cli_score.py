"""tarokdd score: the settlement of a bundled finished game, text and JSON, and its errors."""

import json

from pathlib import Path

from helpers import run_cli as run
from solver import load_example

EXAMPLES = Path(__file__).resolve().parent.parent / "solver" / "examples"


def test_score_prints_the_settlement(capsys):
    code, out, _ = run(capsys, "score", str(EXAMPLES / "slovenian4_three.json"))
    assert code == 0
    assert "result (points): seat 0 +22   seat 1 0   seat 2 +22   seat 3 0" in out


def test_score_json_matches_the_api(capsys):
    code, out, _ = run(capsys, "score", str(EXAMPLES / "french4_garde.json"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["amounts"] == list(load_example("french4_garde").settlement().amounts)
    assert sum(data["amounts"]) == 0


def test_the_bundled_koenigrufen_game_scores_with_its_published_tariff(capsys):
    code, out, err = run(capsys, "score", "koenigrufen_rufer")
    assert code == 0 and err == ""
    assert "lost with 13 points (35 2/3 needed): 1" in out and "seat 0 -1   seat 1 +1   seat 2 +1   seat 3 -1" in out


def test_score_override_changes_the_option(capsys):
    code, out, _ = run(capsys, "score", str(EXAMPLES / "slovenian4_three.json"), "--set", "diff_round=5")
    assert code == 0 and "seat 2 +20" in out  # difference 12 rounds to 10 (SI-8, Q-SI2)


def test_score_errors_exit_2_without_traceback(capsys):
    code, out, err = run(capsys, "score", str(EXAMPLES / "koenigrufen_rufer.json"), "--set", "tariff=seed")
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    assert """--set 'values={"koenigfang": N, "honneurs": N, "absolut": N}'""" in err
    code, out, err = run(capsys, "score", str(EXAMPLES / "slovenian4_three.json"), "--set", "diff_round=7")
    assert code == 2 and "diff_round" in err
    code, out, err = run(capsys, "score", str(EXAMPLES / "slovenian4_three.json"), "--set", "nonsense")
    assert code == 2 and "key=value" in err

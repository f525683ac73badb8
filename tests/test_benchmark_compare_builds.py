"""benchmarks/compare_builds.py, which measures one build of the solver against another (the
speed figures of solver changes come from it): it runs each build in its own process on the
same deals and reports their nodes, times and any values that differ."""

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import compare_builds  # noqa: E402


def test_a_build_against_itself_has_the_same_nodes_and_values(capsys):
    compare_builds.main([str(ROOT), str(ROOT), "--sets", "slovenian4:3:2", "french4:3:1", "--reps", "1"])
    report = json.loads(capsys.readouterr().out)
    assert [row["set"] for row in report["sets"]] == ["slovenian4:3", "french4:3"]
    for row in report["sets"]:
        base, other = row["builds"]
        assert base["nodes"] == other["nodes"] > 0
        assert base["differing_values"] == other["differing_values"] == []
        assert base["median_ratio_to_first"] == 1.0 and other["ns_per_node"] > 0


def test_values_that_differ_are_listed():
    best = {"a": [{"nodes": 5, "seconds": 0.5, "bounds": [3, 3]}, {"nodes": 7, "seconds": 1.0, "bounds": [0, 9]}],
            "b": [{"nodes": 4, "seconds": 1.0, "bounds": [3, 3]}, {"nodes": 7, "seconds": 1.0, "bounds": [0, 8]}]}
    a, b = compare_builds.summary(["a", "b"], best, {"a": "1234567", "b": None})
    assert (a["differing_values"], b["differing_values"]) == ([], [1])
    assert (a["commit"], b["commit"]) == ("1234567", None)
    assert (b["nodes"], b["sum_s"], b["median_ratio_to_first"]) == (11, 2.0, 1.5)
    assert (a["median_s"], a["median_nodes"], b["median_s"], b["median_nodes"]) == (0.75, 6, 1.0, 5)


def test_a_directory_that_is_no_checkout_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        compare_builds.main([str(ROOT), str(tmp_path), "--sets", "slovenian4:3:1"])
    assert "no solver/ in it" in capsys.readouterr().err


def test_solves_on_several_threads_give_the_same_values(capsys):
    compare_builds.main([str(ROOT), str(ROOT), "--sets", "koenigrufen:6:2", "--reps", "1", "--threads", "2"])
    report = json.loads(capsys.readouterr().out)
    assert report["args"]["threads"] == 2
    assert [build["differing_values"] for build in report["sets"][0]["builds"]] == [[], []]


def test_a_thread_count_out_of_range_is_refused(capsys):
    with pytest.raises(SystemExit):
        compare_builds.main([str(ROOT), "--threads", "0"])
    assert "--threads must be 1 to 32" in capsys.readouterr().err

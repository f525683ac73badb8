"""Scoring (solver/scoring.py): its inputs, errors and output, for every family.

Each family's worked examples, bonuses and options are in test_scoring_slovenian.py,
test_scoring_koenigrufen.py, test_scoring_french.py and test_scoring_danish.py; their deals
are composed endgames whose piles are filled to an exact number of card points
(scoring_cases.py), so each test states the points it scores.  The zero-sum properties over
random deals are in test_scoring_properties.py.
"""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from helpers import composed  # noqa: E402
from scoring_cases import dk, fr_game, si_game  # noqa: E402

from solver import Position  # noqa: E402
from solver.errors import OptionError, ScoringError  # noqa: E402
from solver.scoring import Settlement  # noqa: E402

# ------------------------------------------------------------------ inputs, errors, output

def test_kontra_input_checked_and_round_trips():
    pos = si_game(44, announcements=["trula@0"], kontra={"game": "kontra", "trula": "2"})
    assert pos.kontra == {"game": 1, "trula": 2}
    assert Position.from_line(pos.to_line()).to_json() == pos.to_json()
    assert "kontra game=1 trula=2" in pos.to_line()
    with pytest.raises(ScoringError, match="only the game or an announcement"):
        si_game(44, kontra={"kings": 1})
    with pytest.raises(ScoringError, match="0-4"):
        si_game(44, kontra={"game": 5})
    with pytest.raises(ScoringError, match="no kontra"):
        fr_game(56, kontra={"game": 1})


def test_notation_rejects_bad_types():
    from solver.errors import NotationError
    with pytest.raises(NotationError, match="kontra"):
        Position.from_json(dict(si_game(44).to_json(), kontra=["game"]))
    with pytest.raises(NotationError, match="poignees"):
        Position.from_json(dict(si_game(44).to_json(), poignees="single"))


def test_settlement_needs_a_finished_deal_and_unknown_options_fail():
    pos = composed("slovenian4", ["T5 T6", "S7 S8", "H4 H3", "D4 D3"], contract="solo_two",
                   tricks_taken=[4, 2, 2, 2])
    with pytest.raises(ScoringError, match="not over"):
        pos.settlement()
    with pytest.raises(OptionError):
        si_game(44).settlement(no_such_option=1)


def test_settlement_output_text_and_json():
    s = si_game(44, decl="T1 T21 T22 SK HK DK CK", defe="").settlement()
    assert isinstance(s, Settlement)
    text = s.format()
    assert "game" in text and "+59" in text and "seat 0 +79" in text and str(s) == text
    data = s.to_json()
    json.dumps(data)
    assert data["amounts"] == [79, 0, 0, 0] and data["lines"][0]["item"] == "game"
    assert sum(x.seats[0] for x in s.lines) == s.amounts[0]
    d = dk(["T1", "S2", "S3"]).settlement()
    assert "cups after" in d.format() and d.to_json()["cups_after"] == {"pagat": 60, "king": 65}


def test_parse_overrides_for_a_command_line():
    from solver.scoring import parse_overrides
    got = parse_overrides(["diff_round=5", "mond_penalty=false", 'kontra={"game": 1}', "cups=[80,60]",
                           "trischaken_tie_order=vorhand_forwards"])
    assert got == {"diff_round": 5, "mond_penalty": False, "kontra": {"game": 1}, "cups": [80, 60],
                   "trischaken_tie_order": "vorhand_forwards"}
    pos = si_game(44)
    assert pos.settlement(**parse_overrides(["diff_round=5", 'kontra={"game": "re"}'])).amounts[0] == 240
    with pytest.raises(ScoringError):
        parse_overrides(["diff_round"])
    with pytest.raises(ScoringError, match="JSON"):
        parse_overrides(["kontra={game"])


def test_a_bonus_announced_by_both_parties_is_refused():
    pos = si_game(44, announcements=["trula@0", "trula@1"])
    with pytest.raises(ScoringError, match="both parties"):
        pos.settlement()

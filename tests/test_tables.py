"""Results as pandas DataFrames (issue 21): every table holds what the result it comes from holds."""

import sys

import pytest

from analysis import analyse_hand, talon_odds
from solver import load_example, solve
from solver.playthrough import analyse_game

MONSTER = "T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7"


@pytest.fixture(scope="module")
def run():
    return analyse_hand("slovenian4", MONSTER, contracts=["beggar", "three"], goals=["trula"], deals=6, seed=3,
                        jobs=1, progress=False, limit=200000)


def test_summary_table_is_the_rows(run):
    table = run.to_dataframe()
    rows = run.rows()
    assert list(table.index) == [row["contract"] for row in rows]  # best first, as the text table
    for row in rows:
        line = table.loc[row["contract"]]
        success, ev = row["success"], row["settlement"]
        assert (line["yes"], line["no"], line["undecided"]) == (success["yes"], success["no"], success["undecided"])
        assert line["ci_low"] == success["low"] and line["ci_high"] == success["high"]
        assert (line["rate_low"], line["rate_high"]) == tuple(success["bracket"])
        assert line["settled"] == ev["n"] and line["expected_low"] == ev["bracket"][0]
        assert line["deals"] == 6


def test_deal_table_counts_what_the_summary_counts(run):
    deals = run.deals_dataframe()
    assert len(deals) == 6 * 2 and set(deals["contract"]) == {"beggar", "three"}
    for cid in ("beggar", "three"):
        mine = deals[deals["contract"] == cid]
        rate = run.rate(cid)
        assert ((mine["win"] == True).sum(), (mine["win"] == False).sum()) == (rate.yes, rate.no)  # noqa: E712
        trula = run.rate(cid, "trula")
        assert (mine["trula"] == True).sum() == trula.yes  # noqa: E712
        assert list(mine["trumps"]) == [7] * 6  # the hand as dealt
    settled = deals.dropna(subset=["settle_low"])
    assert (settled["settle_low"] <= settled["settle_high"]).all()


def test_analysis_table_is_the_steps():
    a = analyse_game(load_example("slovenian4_three"), from_trick=9)
    table = a.to_dataframe()
    assert len(table) == len(a.steps) and list(table.index) == [s.index for s in a.steps]
    assert table["mistake"].sum() == len(a.mistakes)
    assert list(table["card"]) == [s.token for s in a.steps]
    assert list(table["loss"]) == [s.loss for s in a.steps]


def test_result_and_odds_tables():
    game = load_example("slovenian4_three")
    for _ in range(8):
        game.undo()
    r = solve(game, all_cards=True)
    assert r.to_dataframe()["value"].to_dict() == r.cards
    odds = talon_odds("slovenian4", hand=MONSTER).to_dataframe()
    assert set(odds["feature"]) == {"trumps", "kings", "honours", "points"}
    assert odds.groupby("feature")["p"].sum().round(12).eq(1).all()


def test_without_pandas_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if it were not installed
    game = load_example("slovenian4_three")
    for _ in range(4):
        game.undo()
    with pytest.raises(ImportError, match=r"tarokdd\[pandas\]"):
        solve(game, all_cards=True).to_dataframe()

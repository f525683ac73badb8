"""The bundled example games, and the README that shows them (snippets, tables, commands)."""

import doctest
import json
import re
import shlex
from pathlib import Path

import pytest

from solver import VARIANTS, Position, cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "solver" / "examples"
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.name != "RULES.md")  # the site's pages (RULES.md has no code)
FILES = sorted(EXAMPLES.glob("*.json"))


def load(path):
    return Position.from_json(path.read_text(encoding="utf-8"))


def test_one_example_per_variant():
    variants = [json.loads(p.read_text(encoding="utf-8"))["variant"] for p in FILES]
    assert sorted(variants) == sorted(VARIANTS)
    for path in FILES:
        assert path.name.split("_")[0].split(".")[0] == json.loads(path.read_text(encoding="utf-8"))["variant"]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_is_a_complete_legal_game(path):
    game = load(path)
    v = game.variant
    assert game.is_over and game.end_reason is None
    assert len(game.tricks) == v.tricks and not any(game.hands)
    assert not game.contract.each_for_himself or v.id == "danish"  # realistic: positive contracts
    if game.contract.called_king:
        assert game.partner is not None and game.partner != game.declarer
    # replaying card by card (as `tarokdd replay` does) reaches the same end
    data = game.to_json()
    start = Position.from_json(dict(data, play=None))
    assert start.move_stack == [] and start.trick_number == 1
    for token in data["play"].split():
        assert token in start.legal_moves, token
        start.play(token)
    assert start.tricks == game.tricks


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_totals_are_conserved(path):
    game = load(path)
    v = game.variant
    talon = [game.deck.index[t] for t in game.to_json().get("talon", "").split()]
    parties = range(len(game.parties))
    assert sum(game.points(p) for p in parties) + sum(v.points[c] for c in talon) == v.total_units
    assert sum(game.tricks_won(p) for p in parties) == v.tricks
    assert sum(len(game.pile(p)) for p in parties) + len(talon) == game.deck.size
    report = cli.replay_report(game)
    assert sum(p["units"] for p in report["parties"]) + report["talon"]["units"] == report["total_units"]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_files_are_canonical(path):
    game = load(path)
    assert path.read_text(encoding="utf-8") == json.dumps(game.to_json(), indent=2, ensure_ascii=False) + "\n"
    assert Position.from_line(game.to_line()).to_json() == game.to_json()


# ------------------------------------------------------------------ README

def _doctest_page(path):
    """Run the ``>>>`` snippets of a Markdown page (as the README and the docs show them)."""
    text = path.read_text(encoding="utf-8").replace("\n```", "\n\n```")  # a fence ends the output
    test = doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_readme_python_snippets(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = _doctest_page(README)
    assert result.attempted >= 5 and result.failed == 0


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_docs_python_snippets(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = _doctest_page(path)
    assert result.failed == 0


def test_docs_snippets_cover_the_api():
    """The pages that walk through the API carry their snippets (a page losing them fails)."""
    counts = {p.relative_to(DOCS).as_posix(): len(re.findall(r"^>>> ", p.read_text(encoding="utf-8"), re.M))
              for p in PAGES}
    for page in ("getting-started.md", "howto/solve-a-deal.md", "howto/find-mistakes.md", "howto/rate-a-hand.md",
                 "howto/talon-odds.md", "howto/notebook.md", "reference/scoring.md"):
        assert counts[page] >= 2, page
    assert sum(counts.values()) > 40


def test_readme_tables_are_generated_from_the_data():
    text = (DOCS / "reference" / "variants.md").read_text(encoding="utf-8")
    table = text.split("<!-- variants-table -->\n")[1].split("<!-- /variants-table -->")[0]
    assert table.strip() == cli.variants_markdown()


def test_readme_quick_start_matches_ci():
    text = README.read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    block = text.split("## Quick start")[1].split("```sh\n")[1].split("```")[0].splitlines()
    assert block == ['pip install -e . && tarokdd analyse solver/examples/slovenian4_three.json --from-trick 5',
                     'pip install -e ".[test]" && python -m pytest']
    assert block[1] in ci.splitlines()
    assert "python3 -m venv .venv && . .venv/bin/activate" in text


def test_readme_json_and_line_examples_are_valid():
    text = (DOCS / "reference" / "position-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    for block in blocks:
        pos = Position.from_json(block)
        assert json.loads(block) == pos.to_json()  # written canonically
    line = text.split("### One-line form")[1].split("```text\n")[1].split("```")[0].strip()
    pos = Position.from_line(line)
    assert pos.to_line() == line and pos.composed and pos.move_stack == ["T22", "T21", "C10"]


def test_readme_cli_commands_run(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = (DOCS / "reference" / "command-line.md").read_text(encoding="utf-8")
    block = text.split("```sh\n")[1].split("```")[0]
    for command in block.splitlines():
        if "|" in command:  # a pipe: run each side in turn
            first, second = (shlex.split(part)[1:] for part in command.split("|"))
            assert cli.main(first) == 0
            monkeypatch.setattr("sys.stdin", __import__("io").StringIO(capsys.readouterr().out))
            assert cli.main(second) == 0
        else:
            assert cli.main(shlex.split(command)[1:]) == 0, command
        capsys.readouterr()

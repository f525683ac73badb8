"""The tarokdd command line: every subcommand, and clean errors (status 2, no traceback)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver import Position, cli
from solver.deal import random_position
from helpers import cli_fails as fails, run_cli as run  # noqa: E402

EXAMPLES = Path(cli.__file__).resolve().parent / "examples"
SLOVENIAN = EXAMPLES / "slovenian4_three.json"


def write(tmp_path, data, name="pos.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# ------------------------------------------------------------------- show

def test_show_text(capsys):
    status, out, err = run(capsys, "show", SLOVENIAN)
    assert status == 0 and err == ""
    assert out.startswith("Slovenian Tarok, 4 players — trojka (three)\n")
    assert "trick 12" in out and "declarer side: 8 tricks" in out


def test_show_formats_are_canonical(capsys, tmp_path):
    start = random_position("french4", "garde", seed=7)
    path = write(tmp_path, start.to_json())
    status, out, _ = run(capsys, "show", path, "--format", "json")
    assert status == 0 and json.loads(out) == start.to_json()
    status, out, _ = run(capsys, "show", path, "--json")
    assert json.loads(out) == start.to_json()
    status, out, _ = run(capsys, "show", path, "--format", "line")
    assert out == start.to_line() + "\n"
    status, out, _ = run(capsys, "show", path)
    assert "seat 0 to play in trick 1; legal: " in out


def test_show_one_line_input(capsys, tmp_path):
    start = random_position("slovenian3", "two", seed=2)
    status, out, _ = run(capsys, "show", "--line", start.to_line(), "-f", "json")
    assert status == 0 and json.loads(out) == start.to_json()
    # a one-line file may be spread over lines and carry comments
    text = "# a Slovenian deal\n" + start.to_line().replace("; ", ";\n") + "\n"
    status, out, _ = run(capsys, "show", write(tmp_path, text, "deal.txt"), "--format", "line")
    assert out == start.to_line() + "\n"


def test_show_stdin(capsys, monkeypatch):
    start = random_position("danish", seed=3)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(start.to_json())))
    status, out, _ = run(capsys, "show", "-", "--format", "line")
    assert status == 0 and out == start.to_line() + "\n"


def test_show_mid_game(capsys):
    pos = Position.from_json(json.loads(SLOVENIAN.read_text(encoding="utf-8")))
    while len(pos.move_stack) > 6:
        pos.undo()
    status, out, _ = run(capsys, "show", "--line", pos.to_line())
    assert "trick  2  2:T5  3:T9" in out and "seat 0 to play in trick 2" in out


# ----------------------------------------------------------------- replay

def test_replay_text(capsys):
    status, out, err = run(capsys, "replay", SLOVENIAN)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[1] == "declarer seat 2, called CK, partner seat 0"
    assert lines[2].startswith("trick  1  0:H2") and lines[2].endswith("-> seat 2 (declarer side)")
    assert sum(line.startswith("trick ") for line in lines) == 12
    assert "declarer side (seats 0, 2): 8 tricks, 46 2/3 points" in lines
    assert "defence (seats 1, 3): 4 tricks, 23 1/3 points" in lines
    assert lines[-1] == "(70 points in the whole deal)"


def test_replay_json(capsys):
    status, out, _ = run(capsys, "replay", SLOVENIAN, "--json")
    report = json.loads(out)
    assert status == 0 and report["complete"] and report["to_move"] is None
    assert len(report["tricks"]) == 12
    assert report["tricks"][0]["cards"][0] == {"seat": 0, "card": "H2"}
    assert [p["points"] for p in report["parties"]] == ["46 2/3", "23 1/3"]
    assert sum(p["units"] for p in report["parties"]) == report["total_units"] == 210
    assert report["unit"] == "thirds" and report["units_per_point"] == 3


def test_replay_half_points_and_named_skus(capsys):
    status, out, _ = run(capsys, "replay", EXAMPLES / "french3_garde.json", "--format", "json")
    parties = json.loads(out)["parties"]
    assert [p["points"] for p in parties] == ["47.5", "43.5"]
    status, out, _ = run(capsys, "replay", EXAMPLES / "danish.json")
    assert "trick  1  0:EX:H" in out and "seat 0: " in out


def test_replay_partial_record_and_talon(capsys):
    pos = random_position("slovenian4", "klop", seed=1)
    for _ in range(6):
        pos.play(pos.legal_moves[0])
    status, out, _ = run(capsys, "replay", "--line", pos.to_line())
    assert status == 0
    assert "trick  2  " in out and "the record ends in trick 2: seat" in out
    assert "talon (counts for nobody): " in out and "still in the hands: " in out
    status, out, _ = run(capsys, "replay", "--line", pos.to_line(), "--json")
    report = json.loads(out)
    assert not report["complete"] and len(report["current_trick"]) == 2
    assert sum(p["units"] for p in report["parties"]) + report["talon"]["units"] + \
        report["on_table"]["units"] + report["unplayed"]["units"] == 210


def test_replay_early_end(capsys):
    pos = random_position("slovenian4", "beggar", seed=2)
    while not pos.is_over:
        pos.play(pos.legal_moves[-1])
    status, out, _ = run(capsys, "replay", "--line", pos.to_line())
    assert status == 0 and "play stopped after trick" in out and "took a trick" in out


def test_replay_illegal_card_names_card_seat_trick_rule(capsys, tmp_path):
    data = json.loads(SLOVENIAN.read_text(encoding="utf-8"))
    data["play"] = data["play"].replace("H2 H1", "H2 T22", 1)  # seat 1 holds H1: must follow hearts
    err = fails(capsys, "replay", write(tmp_path, data),
                contains=["play record, move 2", "seat 1 may not play T22 in trick 1",
                          "must follow hearts", "SI-3.1"])
    assert "legal: H1" in err
    fails(capsys, "show", write(tmp_path, data), contains=["T22", "seat 1", "trick 1", "SI-3.1"])


# ------------------------------------------------------------------- deal

@pytest.mark.parametrize("variant", list(cli.VARIANTS))
def test_deal_every_variant(capsys, variant):
    status, out, _ = run(capsys, "deal", variant, "--seed", 11)
    assert status == 0
    pos = Position.from_json(out)
    assert pos.variant.id == variant and pos.move_stack == [] and not pos.is_over
    assert run(capsys, "deal", variant, "--seed", 11)[1] == out  # reproducible


def test_deal_options(capsys):
    status, out, _ = run(capsys, "deal", "koenigrufen", "--contract", "solorufer", "--seed", 2,
                         "--declarer", 3, "--format", "line")
    pos = Position.from_line(out)
    assert status == 0 and pos.contract.id == "solorufer" and pos.declarer == 3
    status, out, _ = run(capsys, "deal", "french", "-c", "guard", "-s", 1, "-f", "text")
    assert status == 0 and out.startswith("French Tarot, 4 players — garde")


def test_deal_SI_2_4_no_tarok_redealt_as_forced_klop(capsys):
    """[003] "Jos joku ei saa yhtään tarokkia, hän näyttää kätensä ja jako uusitaan pakkokloppina"."""
    status, out, err = run(capsys, "deal", "slovenian4", "--contract", "three", "--seed", 106)
    assert status == 0 and Position.from_json(out).contract.id == "klop"
    assert "forced klop (SI-2.4)" in err
    status, out, err = run(capsys, "deal", "slovenian4", "--contract", "three", "--seed", 107)
    assert status == 0 and Position.from_json(out).contract.id == "three" and err == ""


# --------------------------------------------------------------- variants

def test_variants_list(capsys):
    status, out, _ = run(capsys, "variants")
    assert status == 0
    for v in cli.VARIANTS:
        assert "\n%s — " % v in "\n" + out
    assert "    three         trojka (three)  [positive; called king; also: trojka]" in out
    assert "    tarok  Danish Tarok (each for himself)  [each for himself]" in out
    assert out.count("rule options (name, default, choices, RULES.md):") == len(cli.VARIANTS)


def test_variants_one(capsys):
    status, out, _ = run(capsys, "variants", "slovenian4")
    assert status == 0
    assert "trojka (three)" in out and "called king" in out
    assert "win_at_35_plus_card = false   choices: false / true   [SI-6.6, Q-SI1]" in out
    status, out, _ = run(capsys, "variants", "danish", "--json")
    info = json.loads(out)
    assert info["contracts"] == [{"id": "tarok", "name": "Danish Tarok (each for himself)", "kind": "each",
                                  "called_king": False, "aliases": []}]
    assert {"name": "skus_demand_policy", "default": "solver_choice",
            "choices": ["solver_choice", "always", "never"], "rule": "DK-3.7, Q-DK6"} .items() <= \
        info["options"][1].items()


def test_variants_json_and_markdown(capsys):
    status, out, _ = run(capsys, "variants", "--json")
    info = json.loads(out)
    assert [v["id"] for v in info] == list(cli.VARIANTS)
    assert info[0]["options"][4]["default"] == ["klop", "beggar", "open_beggar", "piccolo"]
    status, out, _ = run(capsys, "variants", "--format", "markdown")
    assert out.startswith("| Variant | Players |") and "| `skus_demand_policy` | danish |" in out


# ---------------------------------------------------------------- errors

def test_unknown_variant(capsys, tmp_path):
    fails(capsys, "deal", "bridge", contains=["'bridge' is not a variant", "slovenian4"])
    fails(capsys, "variants", "bridge", contains=["not a variant"])
    data = random_position("french3", seed=1).to_json()
    fails(capsys, "show", write(tmp_path, dict(data, variant="tarot7")), contains=["'tarot7' is not a variant"])


def _edited(variant, edit, contract=None, seed=1):
    data = random_position(variant, contract, seed=seed).to_json()
    hands = [h.split() for h in data["hands"]]
    edit(data, hands)
    data["hands"] = [" ".join(h) for h in hands]
    return data


@pytest.mark.parametrize("variant, edit, words", [
    ("slovenian4", lambda d, h: h[0].__setitem__(0, "QQ"), ["'QQ' is not a card"]),
    ("slovenian4", lambda d, h: h[0].__setitem__(0, "S2"), ["S2 is not a card of the 54"]),
    ("french4", lambda d, h: h[1].__setitem__(0, "T22"), ["T22 is not a card", "EX"]),
    ("slovenian4", lambda d, h: h[2].__setitem__(0, h[1][0]), ["is both in seat 1's hand and in seat 2's hand"]),
    ("slovenian3", lambda d, h: h[0].append(h[0][0]), ["appears twice in seat 0's hand"]),
    ("french5", lambda d, h: h[1].append(h[0].pop()), ["seat 0 holds 14 cards", "15"]),
    ("koenigrufen", lambda d, h: h[3].pop(), ["nowhere in the deal"]),
    ("slovenian4", lambda d, h: d.__setitem__("contract", "garde"), ["'garde' is not a contract of slovenian4"]),
    ("slovenian4", lambda d, h: d.__setitem__("declarer", 7), ["declarer seat 7 is out of range", "0-3"]),
    ("danish", lambda d, h: d.__setitem__("options", {"speed": 1}), ["'speed' is not a rule option"]),
    ("slovenian4", lambda d, h: d.__setitem__("colour", "red"), ["unknown field 'colour'"]),
    ("slovenian4", lambda d, h: d.__setitem__("play", "SK, SK"), ["not in seat"]),
])
def test_bad_positions(capsys, tmp_path, variant, edit, words):
    data = _edited(variant, edit)
    fails(capsys, "show", write(tmp_path, data), contains=words)
    fails(capsys, "replay", "--line", _line(data), contains=words)


def _line(data):
    """A one-line form of possibly bad data (written by hand: Position cannot be built)."""
    parts = ["%s %s" % (data["variant"], data.get("contract", ""))]
    for key, value in data.items():
        if key in ("variant", "contract"):
            continue
        if key == "hands":
            value = " / ".join(value)
        elif key == "options":
            value = " ".join("%s=%s" % kv for kv in value.items())
        parts.append("%s %s" % (key, value))
    return "; ".join(parts)


def test_bad_json_and_files(capsys, tmp_path):
    fails(capsys, "show", write(tmp_path, '{"variant": "slovenian4", "hands": ['),
          contains=["not valid JSON", "line 1"])
    fails(capsys, "replay", write(tmp_path, "[1, 2]", "list.json"), contains=["a position is a JSON object"])
    bom = write(tmp_path, "\ufeff" + SLOVENIAN.read_text(encoding="utf-8"), "bom.json")
    assert run(capsys, "show", bom, "--format", "line")[0] == 0
    fails(capsys, "show", tmp_path / "nope.json", contains=["cannot read", "nope.json", "no such file"])
    fails(capsys, "show", tmp_path, contains=["is a directory"])
    (tmp_path / "latin1.json").write_bytes(b"\xff\xfe{")
    fails(capsys, "show", tmp_path / "latin1.json", contains=["not UTF-8"])
    fails(capsys, "show", write(tmp_path, "# only a comment\n", "empty.txt"), contains=["holds no position"])
    fails(capsys, "show", contains=["no position given"])
    fails(capsys, "show", SLOVENIAN, "--line", "x", contains=["not both"])


def test_bad_deal_arguments(capsys):
    fails(capsys, "deal", "slovenian4", "--contract", "garde", contains=["'garde' is not a contract"])
    fails(capsys, "deal", "slovenian4", "--declarer", 4, contains=["declarer seat 4 is out of range"])
    fails(capsys, "deal", "danish", "--declarer", 0, contains=["no declarer"])


def test_usage_errors_and_help(capsys):
    status, out, err = run(capsys)
    assert status == 2 and "usage: tarokdd" in err
    status, out, err = run(capsys, "deal")
    assert status == 2 and "VARIANT" in err and "Traceback" not in err
    status, out, err = run(capsys, "show", SLOVENIAN, "--format", "xml")
    assert status == 2 and "invalid choice" in err
    status, out, err = run(capsys, "--help")
    assert status == 0 and "replay" in out and "variants" in out


def test_keyboard_interrupt_is_quiet(capsys, monkeypatch):
    def interrupted(args):
        raise KeyboardInterrupt
    monkeypatch.setitem(cli.COMMANDS, "show", cli.COMMANDS["show"].__class__(
        "show", "", interrupted, cli.COMMANDS["show"].arguments))
    status, out, err = run(capsys, "show", SLOVENIAN)
    assert (status, out, err) == (130, "", "")


def test_new_subcommands_register(capsys, monkeypatch):
    monkeypatch.setattr(cli, "COMMANDS", dict(cli.COMMANDS))

    def arguments(parser):
        cli.add_position_input(parser)
        cli.add_format_option(parser, ("text", "json"))

    @cli.command("count", "count cards still in the hands", arguments)
    def count(args):
        pos = cli.read_position(args)
        print(sum(map(len, pos.hands)))
        return 0

    assert run(capsys, "count", SLOVENIAN) == (0, "0\n", "")


# ------------------------------------------------------------- subprocess

def _python_m(*argv, stdin=None):
    return subprocess.run([sys.executable, "-m", "solver", *map(str, argv)], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def test_python_m_solver():
    done = _python_m("replay", SLOVENIAN)
    assert done.returncode == 0 and done.stderr == ""
    assert "declarer side (seats 0, 2): 8 tricks, 46 2/3 points" in done.stdout
    line = random_position("french5", seed=4).to_line()
    done = _python_m("show", "-", "--format", "json", stdin=line)
    assert done.returncode == 0 and Position.from_json(done.stdout).to_line() == line


def test_python_m_solver_error():
    done = _python_m("show", "--line", "slovenian4 three; declarer 9; hands SK")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("tarokdd: error: ") and "Traceback" not in done.stderr

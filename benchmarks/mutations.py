"""Curated mutations: realistic one-line bugs planted in a scratch copy, to see which tests catch them.

    python benchmarks/mutations.py                      # every mutation, a table at the end
    python benchmarks/mutations.py --only fr-req-1-bout core-emperor-trula --out mutants.json
    python benchmarks/mutations.py --list
    python benchmarks/mutations.py --baseline           # first check that the selections pass unmutated

The repository (without .git and the virtualenv) is copied to a scratch directory; each
mutation replaces one line fragment there (it must occur exactly once, or the mutation is
reported as no longer applying), rebuilds the compiled core when the fragment is in a
``.pyx`` or ``.pxd`` file, runs the mutation's test selection with the scratch copy first on the
import path, and puts the file (and the core) back.  A test file stops at its first
failure, and the selection once failures in ``--kills`` (2) different test files are seen:
a mutation counts as killed only when tests of at least two files fail, so no single test
is the only thing standing between the code and the bug.  A selection that runs into ``--timeout`` kills the
mutation too (a hang is caught), and is reported as such.

The mutations cover the rules of play (``Position``), the counting tables, the
requirements and thresholds, the special cards (Excuse, skus, emperor trick), the search
core's rules, table and bounds, the Excuse exchange and scoring.  Output: one line per
mutation as it finishes, then the table (name, kind, status, the first failing test of
each file, seconds); ``--out`` writes the same as JSON.  Exit status 1 when a
mutation survives or no longer applies.

Run it with ``nice``: it is CPU heavy (a Cython rebuild per core mutation, and the
slower test selections take minutes).  The rebuilds need Cython>=3 and setuptools>=77 in
the environment (``pip install 'Cython>=3' 'setuptools>=77'``).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Test selections (pytest node ids), cheap ones first.
PROPS = "tests/test_properties.py"
KNOWN = "tests/test_known_answers.py"
CORE_RULES = "tests/test_core_rules.py"
SCORING_SI = "tests/test_scoring_slovenian.py"
SCORING_AT = "tests/test_scoring_koenigrufen.py"
SCORING_FR = "tests/test_scoring_french.py"
SCORING_DK = "tests/test_scoring_danish.py"
CROSS = "tests/test_solver_reference.py::test_solver_matches_reference"
SPECIAL = "tests/test_solver_reference.py::test_special_card_endgames_match_reference"
EVENTS = "tests/test_solver_events.py"
FIXTURES = "tests/test_fixtures.py"
COUNT = "tests/test_solver_reference.py::test_french_contract_count_matches_reference"


def rules(family, *more):
    return ("tests/test_rules_%s.py" % family,) + more + (PROPS, CORE_RULES)


@dataclass(frozen=True)
class Mutation:
    name: str
    kind: str
    path: str
    old: str
    new: str
    tests: tuple
    why: str


M = Mutation
MUTATIONS = [
    # ---------------------------------------------------------------- rules of play (Position)
    M("pos-follow-trump-lead", "rules", "solver/trick_rules.py",
      "            if follow:\n", "            if follow and led != TRUMP:\n",
      rules("slovenian"), "a led trump need not be followed with a trump (SI-3.1)"),
    M("pos-tarockzwang-colour", "rules", "solver/position.py",
      'tarockzwang=not c.colour or o["tarockzwang_in_colour_games"]',
      'tarockzwang=not c.colour and o["tarockzwang_in_colour_games"]',
      rules("koenigrufen"), "Farbendreier never forces a tarock (AT-3.7 option ignored)"),
    M("pos-overtrump-on-trump-lead", "rules", "solver/trick_rules.py",
      'led != TRUMP or pos.options["overtrump_on_trump_lead"]',
      'led != TRUMP and pos.options["overtrump_on_trump_lead"]',
      rules("french"), "no overtrump when trumps are led (FR-3.5, Q-FR7)"),
    M("pos-overtrump-first-trump", "rules", "solver/trick_rules.py",
      "top = max((d.rank[c] for _, c in pos._trick if d.suit[c] == TRUMP), default=0)",
      "top = next((d.rank[c] for _, c in pos._trick if d.suit[c] == TRUMP), 0)",
      rules("french"), "overtrump the first trump played instead of the highest (FR-3.5)"),
    M("pos-must-beat-trischaken", "rules", "solver/position.py",
      'must_beat = v.family == "koenigrufen" and c.kind in (NEGATIVE, EACH)',
      'must_beat = v.family == "koenigrufen" and c.kind == NEGATIVE',
      rules("koenigrufen"), "Trischaken without Stichzwang (AT-3.3, AT-9.1)"),
    M("pos-beat-category-trump", "rules", "solver/trick_rules.py",
      "    if cat not in (led, TRUMP):\n", "    if cat != led:\n",
      rules("slovenian", "tests/test_rules_koenigrufen.py"),
      "must_beat_mode=beat_highest_of_category: a trump never beats (Q-X2)"),
    M("pos-pagat-si", "rules", "solver/trick_rules.py",
      'pagat_rule == "si" and pagat in legal and len(legal) > 1',
      'pagat_rule == "si" and pagat in legal and len(legal) > 2',
      rules("slovenian"), "the pagat also with one other legal card (SI-3.4)"),
    M("pos-pagat-at", "rules", "solver/trick_rules.py",
      "d.suit[x] == TRUMP and x != pagat for x in legal):",
      "x != pagat for x in legal):",
      rules("koenigrufen"), "rule 4c held back by any other card, not another tarock (AT-3.6)"),
    M("pos-emperor-colour-games", "rules", "solver/position.py",
      "emperor = (c.kind == POSITIVE and not c.colour) or (",
      "emperor = (c.kind == POSITIVE) or (",
      rules("koenigrufen"), "Märchenstich also in the colour games (AT-4.3, Q-X4)"),
    M("pos-emperor-winner", "special card", "solver/trick_rules.py",
      "        return cards.index(d.trump(1))\n", "        return cards.index(d.trump(22))\n",
      rules("slovenian"), "the emperor trick won by the škis, not the pagat (SI-4.1)"),
    M("pos-colour-lead", "rules", "solver/trick_rules.py",
      "if pos.contract.colour and any(d.suit[x] < TRUMP for x in legal):",
      "if pos.contract.colour and all(d.suit[x] < TRUMP for x in legal):",
      rules("koenigrufen"), "rule 4b lets a colour game lead tarock with suit cards in hand (AT-3.5)"),
    M("pos-colour-trumps", "rules", "solver/trick_rules.py",
      "trumps_win = not pos.contract.colour and not (", "trumps_win = not (",
      rules("koenigrufen"), "tarocks beat suit cards in the colour games (AT-4.2)"),
    M("pos-colour-valat-anyone", "rules", "solver/trick_rules.py",
      "and any(s == pos.declarer and d.suit[c] == led for s, c in trick))",
      "and any(d.suit[c] == led for s, c in trick))",
      rules("slovenian"), "colour valat: anyone's card of the led suit beats the taroks (SI-4.3)"),
    M("pos-excuse-led", "special card", "solver/trick_rules.py",
      "        if card != d.special:\n", "        if card != d.special or i == 0:\n",
      rules("french"), "a led Excuse sets the suit to follow (FR-3.2)"),
    M("pos-excuse-chelem", "special card", "solver/trick_rules.py",
      "return others_before == 0 and all(", "return others_before == 0 or all(",
      rules("french", EVENTS), "the Excuse wins the last trick without a chelem (FR-4.4)"),
    M("pos-excuse-exchange", "Excuse exchange", "solver/position.py",
      "units += -1 if self._party_of[seat] == party else (",
      "units += 0 if self._party_of[seat] == party else (",
      rules("french", KNOWN), "the Excuse's side gives no half point for it (FR-4.3)"),
    M("pos-excuse-last-trick", "special card", "solver/position.py",
      "owner_party = 1 - self._party_of[seat]  # FR-4.4", "owner_party = self._party_of[trick.winner]  # FR-4.4",
      rules("french", KNOWN), "the Excuse in the last trick to the trick's winners (seed 004: it leaves its side)"),
    M("pos-excuse-returns", "Excuse exchange", "solver/position.py",
      "owner_party = self._party_of[seat]  # returns to its holder's side",
      "owner_party = self._party_of[trick.winner]  # returns to its holder's side",
      rules("french", "tests/test_rules_danish.py"), "the Excuse and the skus stay with the trick (FR-4.3, DK-4.4)"),
    M("pos-skus-trick-24", "special card", "solver/trick_rules.py",
      "        elif t != pos.n_tricks - 1:\n", "        elif t != pos.n_tricks - 2:\n",
      rules("danish"), "the skus banned from trick 23 instead of 24 (DK-3.6)"),
    M("pos-skus-names", "special card", "solver/trick_rules.py",
      "return [SKUS_NAMES[i] for i in range(5) if i in held]", "return [SKUS_NAMES[i] for i in range(4) if i in held]",
      rules("danish"), "a led skus cannot be named tarok (DK-3.5)"),
    M("pos-demand-trick", "special card", "solver/position.py",
      "t != self.n_tricks - 2 or holder", "t != self.n_tricks - 3 or holder",
      rules("danish"), "the skus demanded in the fourth-to-last trick (DK-3.7)"),
    M("pos-reserved-released", "rules", "solver/trick_rules.py",
      "if holder == seat and c in pos._hands[seat] and trick >= t}",
      "if holder == seat and c in pos._hands[seat] and trick > t}",
      rules("koenigrufen", "tests/test_rules_slovenian.py"),
      "an announced ultimo card free in its own trick (AT-3.4 rule 4a, SI-3.5)"),
    M("pos-negative-lead", "rules", "solver/position.py",
      'if v.family == "koenigrufen" and c.kind == NEGATIVE and self.declarer is not None:  # AT-2.3',
      'if v.family == "koenigrufen" and c.kind == POSITIVE and self.declarer is not None:  # AT-2.3',
      rules("koenigrufen"), "Vorhand leads Bettler and Piccolo, the declarer the positive games (AT-2.3)"),
    M("pos-piccolo-early-end", "rules", "solver/position.py",
      "if obj == ONE_TRICK and won >= 2:", "if obj == ONE_TRICK and won >= 3:",
      rules("slovenian", "tests/test_rules_koenigrufen.py"), "piccolo played on after a second trick (AT-6.7)"),
    # ---------------------------------------------------------------- counting
    M("pts-54-knight", "counting table", "solver/variants.py",
      'court = {"K": 13, "Q": 10, "N": 7, "J": 4}', 'court = {"K": 13, "Q": 10, "N": 8, "J": 4}',
      ("tests/test_cards_and_counting.py", KNOWN, PROPS), "Reiter/kaval 2 2/3 instead of 2 1/3 (AT-5.1)"),
    M("pts-french-jack", "counting table", "solver/variants.py",
      'court = {"K": 9, "Q": 7, "N": 5, "J": 3}', 'court = {"K": 9, "Q": 7, "N": 5, "J": 2}',
      ("tests/test_cards_and_counting.py", KNOWN, PROPS), "a jack 1 point instead of 1.5 (FR-5)"),
    M("pts-danish-queen", "counting table", "solver/variants.py",
      'court = {"K": 4, "Q": 3, "N": 2, "J": 1}', 'court = {"K": 4, "Q": 2, "N": 2, "J": 1}',
      ("tests/test_cards_and_counting.py", SCORING_DK, PROPS), "a Danish queen 2 P instead of 3 (DK-5)"),
    M("pts-danish-skat", "counting table", "solver/position.py",
      "dealer_party = None if self.dealer is None else self._party_of[self.dealer]",
      "dealer_party = self._party_of[0]",
      ("tests/test_rules_danish.py", SCORING_DK, PROPS), "the skat's trick point to forehand, not the dealer (DK-5.1)"),
    # ---------------------------------------------------------------- requirements and thresholds
    M("fr-req-1-bout", "requirement", "solver/goals.py",
      "FRENCH_REQUIREMENT = {0: 112, 1: 102, 2: 82, 3: 72}", "FRENCH_REQUIREMENT = {0: 112, 1: 104, 2: 82, 3: 72}",
      (KNOWN, SCORING_FR, "tests/test_rules_french.py", COUNT), "51 -> 52 points with one bout (FR-6.4)"),
    M("fr-req-3-bouts", "requirement", "solver/goals.py",
      "FRENCH_REQUIREMENT = {0: 112, 1: 102, 2: 82, 3: 72}", "FRENCH_REQUIREMENT = {0: 112, 1: 102, 2: 82, 3: 70}",
      (KNOWN, SCORING_FR, "tests/test_rules_french.py", COUNT), "36 -> 35 points with three bouts (FR-6.4)"),
    M("win-target-35-2-3", "threshold", "solver/goals.py",
      'return 106 if options.get("win_at_35_plus_card") else 107',
      'return 106 if options.get("win_at_35_plus_card") else 108',
      (KNOWN, SCORING_SI, SCORING_AT, CROSS + "[slovenian4]"), "36 points needed instead of 35 2/3 (SI-6.6, AT-5.3)"),
    M("absolut-45-1-3", "threshold", "solver/goals.py",
      "ABSOLUT_UNITS = 136", "ABSOLUT_UNITS = 137", (KNOWN, SCORING_AT), "Absolut at 45 2/3 (AT-7)"),
    M("buergermeister-32", "threshold", "solver/goals.py",
      "BUERGERMEISTER_UNITS = 96", "BUERGERMEISTER_UNITS = 95", (KNOWN, SCORING_AT), "Bürgermeister at 31 2/3 (AT-8.7)"),
    M("danish-tarokker-tariff", "scoring", "solver/goals.py",
      'out.append(("tarokker", tarokker, 5 * (tarokker - 8)))', 'out.append(("tarokker", tarokker, 5 * (tarokker - 9)))',
      (SCORING_DK, KNOWN, "tests/test_scoring_properties.py"), "10 tarokker pay 5 P (DK-6.2)"),
    M("si-diff-round", "scoring", "solver/scoring_slovenian.py",
      "diff = diff - diff % 5 + (5 if diff % 5 >= 3 else 0)", "diff = diff - diff % 5 + (5 if diff % 5 > 3 else 0)",
      (SCORING_SI, KNOWN, "tests/test_cli_score.py"), "a difference of 8 rounds to 5 (SI-8, [003])"),
    M("fr-base-25", "scoring", "solver/scoring_french.py",
      'settle_line("contract", sign * (25 + diff) * factor,', 'settle_line("contract", sign * (20 + diff) * factor,',
      (SCORING_FR, KNOWN, "tests/test_cli_score.py"), "the French contract from 20, not 25 (FR-8)"),
    M("at-sechserdreier-lost", "scoring", "solver/scoring_inputs.py",
      "AT_SECHSERDREIER_LOST = 12", "AT_SECHSERDREIER_LOST = 6", (SCORING_AT, KNOWN, "tests/test_scoring_properties.py"),
      "a lost Sechserdreier pays 6 (AT-8.1)"),
    # ---------------------------------------------------------------- the search core
    M("core-emperor-trula", "special card", "solver/_rules.pxd",
      "        if S.trula == 7:\n", "        if S.trula == 6:\n",
      (CORE_RULES, SPECIAL + "[slovenian4]", EVENTS, CROSS + "[slovenian4]", KNOWN),
      "the emperor trick noticed with mond and škis alone (SI-4.1)"),
    M("core-emperor-winner", "special card", "solver/_rules.pxd",
      "if R.emperor and p1 >= 0 and p21 and p22 and (trumps_win or led == TRUMP):",
      "if R.emperor and p1 >= 0 and p21 and (trumps_win or led == TRUMP):",
      (CORE_RULES, SPECIAL + "[slovenian4]", CROSS + "[slovenian4]"), "pagat and mond alone make an emperor trick"),
    M("core-excuse-chelem", "special card", "solver/_rules.pxd",
      "        if (won_mask & ~(1 << R.party[seat[ex]])) == 0:\n",
      "        if (won_mask & (1 << R.party[seat[ex]])) != 0:\n",
      (CORE_RULES, SPECIAL + "[french3]", EVENTS, CROSS + "[french3]"), "the Excuse wins any last trick of a side that won one (FR-4.4)"),
    M("core-overtrump-trump-lead", "rules", "solver/_rules.pxd",
      "(led != TRUMP or R.overtrump_on_trump_lead):  # FR-3.5", "(led != TRUMP and R.overtrump_on_trump_lead):  # FR-3.5",
      (CORE_RULES, CROSS + "[french4]", FIXTURES), "the core forgets the overtrump on a trump lead (FR-3.5)"),
    M("core-tarockzwang", "rules", "solver/_rules.pxd",
      "            elif L[TRUMP] and R.tarockzwang:  # void: trump\n", "            elif L[TRUMP]:  # void: trump\n",
      (CORE_RULES, CROSS + "[koenigrufen]"), "the core forces a tarock in colour games regardless of the option (AT-3.7)"),
    M("core-pagat-si", "rules", "solver/_rules.pxd",
      "if R.pagat_rule == 1 and (L[TRUMP] & 2) and count_cards(L) > 1:",
      "if R.pagat_rule == 1 and (L[TRUMP] & 2) and count_cards(L) > 2:",
      (CORE_RULES, CROSS + "[slovenian4]", CROSS + "[slovenian3]"), "the core lets the pagat go with one other legal card (SI-3.4)"),
    M("core-skus-trick-24", "special card", "solver/_rules.pxd",
      "if R.special_kind == SPECIAL_EXCUSE or t != R.n_tricks - 1:", "if R.special_kind == SPECIAL_EXCUSE or t != R.n_tricks - 2:",
      (CORE_RULES, CROSS + "[danish]", SPECIAL + "[danish]"), "the core bans the skus from trick 23 (DK-3.6)"),
    M("core-excuse-exchange", "Excuse exchange", "solver/_rules.pxd",
      "v += R.side[ws] - R.side[S.t_seat[ex]]", "v += R.side[S.t_seat[ex]] - R.side[ws]",
      (KNOWN, SPECIAL + "[french3]", CROSS + "[french3]", CROSS + "[french4]"),
      "the half point for the Excuse goes the wrong way (FR-4.3)"),
    M("core-excuse-last-trick", "special card", "solver/_rules.pxd",
      "to_side = not R.side[S.t_seat[i]]  # FR-4.4", "to_side = R.side[ws]  # FR-4.4",
      (KNOWN, SPECIAL + "[french4]", SPECIAL + "[french5]", CROSS + "[french5]"),
      "the core gives the last-trick Excuse to the winners (seed 004: it leaves its side)"),
    M("core-excuse-returns", "Excuse exchange", "solver/_rules.pxd",
      "to_side = R.side[S.t_seat[i]]  # returns", "to_side = R.side[ws]  # returns",
      (KNOWN, SPECIAL + "[french3]", SPECIAL + "[danish]", CROSS + "[danish]"),
      "the core leaves the Excuse / skus with the trick (FR-4.3, DK-4.4)"),
    M("core-sure-count-excuse", "table bound", "solver/_bounds.pxd",
      "others = -1  # their own Excuse", "others = 0  # their own Excuse",
      (KNOWN, SPECIAL + "[french4]", SPECIAL + "[french3]", CROSS + "[french4]", CROSS + "[french3]", FIXTURES),
      "the sure-count bound forgets that a side's own Excuse may leave it in the last trick"),
    M("core-table-store-bound", "table bound", "solver/_table.pxd",
      "    elif v >= beta:\n        if v > c.lower:", "    elif v > beta:\n        if v > c.lower:",
      (CROSS + "[slovenian4]", CROSS + "[danish]", FIXTURES, KNOWN), "a fail-high at beta stored as an exact value"),
    M("core-table-store-fail-low", "table bound", "solver/_table.pxd",
      "    if v <= alpha:\n        if v < c.upper:", "    if v < alpha:\n        if v < c.upper:",
      (CROSS + "[slovenian4]", CROSS + "[danish]", FIXTURES, KNOWN), "a fail-low at alpha stored as an exact value"),
    M("core-least-excess-cap", "table bound", "solver/_bounds.pxd",
      "        if n > k:\n            n = k\n        excess += n * R.dear_excess[c]",
      "        excess += n * R.dear_excess[c]",
      (SPECIAL, COUNT, FIXTURES), "the sure counts take all of a seat's dearer cards of a class, not the k it must give"),
    M("core-least-excess-leader", "table bound", "solver/_bounds.pxd",
      "        if seat != lead:\n            # his trump leads take",
      "        if True:\n            # his trump leads take",
      (FIXTURES, "tests/test_solver_pips.py"), "the leader's plan counts his own cards again among the others'"),
    M("core-uncaptured-all", "table bound", "solver/_bounds.pxd",
      "    least = max(least, n - popcount32(rivals))", "    least = max(least, n - popcount32(rivals) + 1)",
      (CROSS + "[slovenian3]", CROSS + "[french4]", FIXTURES, KNOWN),
      "a seat's trumps the other party cannot all beat counted one too many"),
    M("core-remaining-max", "table bound", "solver/_bounds.pxd",
      "return v + R.trick_units * (R.n_tricks - S.trick_no + 1)", "return v + R.trick_units * (R.n_tricks - S.trick_no)",
      (CROSS + "[danish]", CROSS + "[slovenian3]", FIXTURES), "the upper bound misses the current trick's trick unit"),
    M("search-bout-bonus", "requirement", "solver/search.py",
      "pos.points(party) + sum(_BOUT_BONUS[:held]))", "pos.points(party) + sum(_BOUT_BONUS[:held + 1]))",
      (KNOWN, COUNT, EVENTS, CROSS + "[french4]"), "the French contract counts one bout more than held (FR-6.4)"),
]


# ------------------------------------------------------------------ the pytest plugin (loaded with -p)

_KILLED = []
_SESSION = []


def pytest_sessionstart(session):
    import solver
    want = os.environ.get("TAROKDD_MUTANT_ROOT")
    if want and not Path(solver.__file__).resolve().is_relative_to(Path(want).resolve()):
        raise RuntimeError("the tests import %s, not the scratch copy %s" % (solver.__file__, want))
    _SESSION.append(session)


def pytest_runtest_setup(item):
    """Skip the rest of a test file that has already failed: one failure a file is enough."""
    if item.nodeid.split("::")[0] in {nodeid.split("::")[0] for nodeid in _KILLED}:
        import pytest
        pytest.skip("this file has already failed")


def pytest_runtest_logreport(report):
    """Log each failing test; stop the session once tests of enough files have failed."""
    if not report.failed or not os.environ.get("TAROKDD_KILL_LOG"):
        return
    _KILLED.append(report.nodeid)
    with open(os.environ["TAROKDD_KILL_LOG"], "a", encoding="utf-8") as f:
        f.write(report.nodeid + "\n")
    files = {nodeid.split("::")[0] for nodeid in _KILLED}
    if len(files) >= int(os.environ.get("TAROKDD_KILLS", "2")) and _SESSION:
        _SESSION[0].shouldstop = "failures in %d test files" % len(files)


# ------------------------------------------------------------------ the runner

def scratch_copy():
    """The repository, without .git and the virtualenv, in a temporary directory."""
    where = Path(tempfile.mkdtemp(prefix="tarokdd-mutants-"))
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "build")
    shutil.copytree(ROOT, where / "repo", ignore=ignore)
    return where / "repo"


def build_core(repo):
    # (unguided: a mutant's build is tested, not timed, and its training might not run)
    out = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=repo,
                         capture_output=True, text=True, env=dict(os.environ, TAROKDD_PGO="0"))
    if out.returncode:
        raise RuntimeError("the core did not build (an in-place build needs Cython>=3 and setuptools>=77 in "
                           "this environment: pip install 'Cython>=3' 'setuptools>=77'):\n" + out.stderr[-2000:])


def run_tests(repo, tests, kills, timeout):
    """(failing node ids, timed out) of the selection, stopped after failures in ``kills`` files."""
    log = repo / ".kill-log"
    log.write_text("", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(repo), str(repo / "benchmarks")]),
               TAROKDD_KILL_LOG=str(log), TAROKDD_KILLS=str(kills), TAROKDD_MUTANT_ROOT=str(repo))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "mutations", "-o", "addopts=",
           *tests]
    try:
        subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True, timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        timed_out = True
    return [x for x in log.read_text(encoding="utf-8").splitlines() if x], timed_out


def apply(repo, m):
    path = repo / m.path
    text = path.read_text(encoding="utf-8")
    if text.count(m.old) != 1:
        return None
    path.write_text(text.replace(m.old, m.new), encoding="utf-8")
    return text


def run_mutation(repo, m, kills, timeout, core_backup):
    start = time.perf_counter()
    original = apply(repo, m)
    if original is None:
        return {"name": m.name, "kind": m.kind, "status": "does not apply", "killers": [], "seconds": 0.0}
    try:
        if m.path.endswith((".pyx", ".pxd")):
            build_core(repo)
        failed, timed_out = run_tests(repo, m.tests, kills, timeout)
    finally:
        (repo / m.path).write_text(original, encoding="utf-8")
        if m.path.endswith((".pyx", ".pxd")):
            for so in core_backup:
                shutil.copy2(so, repo / "solver" / so.name)
    files = sorted({x.split("::")[0] for x in failed})
    functions = sorted({x.split("[")[0] for x in failed})
    if len(files) >= kills:
        status = "killed"
    elif timed_out:
        status = "killed (timeout)"
    else:
        status = "SURVIVED" if not failed else "killed by one file only"
    return {"name": m.name, "kind": m.kind, "path": m.path, "why": m.why, "status": status,
            "killer_files": files, "killers": functions, "seconds": round(time.perf_counter() - start, 1)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", help="run only these mutations (names)")
    ap.add_argument("--list", action="store_true", help="list the mutations and exit")
    ap.add_argument("--kills", type=int, default=2, help="test files that must fail (default 2)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per selection (default 1800)")
    ap.add_argument("--baseline", action="store_true", help="first run every selection unmutated")
    ap.add_argument("--out", help="JSON results file")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTATIONS if not args.only or m.name in args.only]
    if args.list:
        for m in chosen:
            print("%-28s %-16s %-22s %s" % (m.name, m.kind, m.path, m.why))
        return 0
    unknown = set(args.only or ()) - {m.name for m in MUTATIONS}
    if unknown:
        ap.error("unknown mutations: %s" % ", ".join(sorted(unknown)))
    repo = scratch_copy()
    core_backup = sorted((repo / "solver").glob("_core*.so"))
    if not core_backup:
        build_core(repo)
        core_backup = sorted((repo / "solver").glob("_core*.so"))
    backup_dir = repo.parent / "core-backup"
    backup_dir.mkdir()
    core_backup = [Path(shutil.copy2(so, backup_dir / so.name)) for so in core_backup]
    results = {"command": " ".join(["python", "benchmarks/mutations.py"] + (argv or sys.argv[1:])),
               "kills": args.kills, "mutations": []}
    try:
        if args.baseline:
            tests = sorted({t for m in chosen for t in m.tests})
            failed, timed_out = run_tests(repo, tests, 1, args.timeout)
            if failed or timed_out:
                print("the unmutated copy fails: %s" % (failed or "timeout"), file=sys.stderr)
                return 2
            print("baseline: every selection passes unmutated", flush=True)
        for m in chosen:
            r = run_mutation(repo, m, args.kills, args.timeout, core_backup)
            results["mutations"].append(r)
            print("%-28s %-22s %6.1f s  %s" % (r["name"], r["status"], r["seconds"], " ".join(r["killer_files"])),
                  flush=True)
            if args.out:
                Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    finally:
        shutil.rmtree(repo.parent, ignore_errors=True)
    print()
    print(table(results["mutations"]))
    return 0 if all(r["status"].startswith("killed") and "only" not in r["status"]
                    for r in results["mutations"]) else 1


def table(rows):
    """The results as a Markdown table."""
    out = ["| mutation | kind | status | failing tests (the first of each file) | s |", "|---|---|---|---|---|"]
    for r in rows:
        tests = ", ".join(k.replace("tests/", "") for k in r["killers"])
        out.append("| %s | %s | %s | %s | %.0f |" % (r["name"], r["kind"], r["status"], tests, r["seconds"]))
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())

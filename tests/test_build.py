"""The build of the search core: setup.py's profile-guided build trains on
tools/pgo_training.py, in a subprocess, with the instrumented extension's path.  If the
training stopped working (the API it drives changed), every build would quietly fall back to
the unprofiled core: these tests run it as setup.py does."""

import subprocess
import sys
from pathlib import Path

import solver._core

ROOT = Path(__file__).resolve().parent.parent
TRAINING = ROOT / "tools" / "pgo_training.py"


def test_the_training_runs_on_a_built_core_as_setup_py_runs_it():
    out = subprocess.run([sys.executable, str(TRAINING), solver._core.__file__], capture_output=True, text=True,
                         cwd=ROOT / "tests", timeout=300)
    assert out.returncode == 0, out.stderr
    words = out.stdout.split()
    assert words[:2] == ["trained", "on"] and int(words[2]) > 1_000_000  # (every solve of it searches)


def test_the_training_fails_loudly_without_a_core(tmp_path):
    out = subprocess.run([sys.executable, str(TRAINING), str(tmp_path / "missing.so")], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode != 0  # (setup.py then builds without a profile, and says so)


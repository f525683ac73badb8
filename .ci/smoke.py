"""Smoke test of an installed tarokdd, run from outside the source tree (cibuildwheel's test
command, and .ci/run after installing the built wheel in a fresh virtualenv).

It checks what the wheel must hold — the compiled core, its type stub, py.typed, the JSON
Schemas and the bundled examples, and no generated C — and that the command and the API work.
"""

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path


def main() -> int:
    import analysis
    import solver
    from solver import load_example, solve
    from solver.bundled import load_schema

    here = Path(solver.__file__).resolve().parent
    assert "site-packages" in str(here) or "dist-packages" in str(here), "not an installed copy: %s" % here
    files = {p.name for p in here.iterdir()}
    assert any(name.startswith("_core.") and name.endswith((".so", ".pyd")) for name in files), files
    assert {"_core.pyi", "py.typed"} <= files and "_core.c" not in files, files
    assert (resources.files("analysis") / "py.typed").is_file()
    for name in ("position", "solve", "analyse"):
        assert load_schema(name)["$schema"].startswith("https://json-schema.org/")
    assert load_schema("simulate", "analysis")["title"]

    game = load_example("slovenian4_three")
    for _ in range(8):
        game.undo()
    assert solve(game).display == "46 2/3"
    out = subprocess.run([sys.executable, "-m", "solver", "solve", "slovenian4_three", "-t", "11", "--json"],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out)["display"] == "46 2/3"
    assert analysis.talon_odds("slovenian4", hand="T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7").unknown == 42
    print("smoke test passed: tarokdd %s at %s" % (solver.__version__, here))
    return 0


if __name__ == "__main__":
    sys.exit(main())

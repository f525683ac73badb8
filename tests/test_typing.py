"""The packages as type checkers see them (issue 21): the lazily imported names of ``solver`` and
``analysis`` are declared for type checkers exactly as they are imported at run time, and the
markers and the stub of the compiled core are where a type checker looks for them.
(``.ci/run`` runs mypy --strict and stubtest; this checks what those cannot see.)"""

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _declared(package):
    """{name: module} of the ``if TYPE_CHECKING:`` imports of the package's __init__."""
    tree = ast.parse((ROOT / package / "__init__.py").read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING")
    out = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.level == 1
        for alias in node.names:
            assert alias.asname == alias.name, "re-exported as itself: %s" % alias.name  # (explicit re-export)
            out[alias.name] = node.module
    return out


@pytest.mark.parametrize("package", ["solver", "analysis"])
def test_lazy_exports_are_declared_for_type_checkers(package):
    module = importlib.import_module(package)
    assert _declared(package) == module._EXPORTS
    assert sorted(module.__all__) == sorted(module._EXPORTS)
    for name, where in module._EXPORTS.items():
        value = getattr(importlib.import_module("%s.%s" % (package, where)), name)
        assert getattr(module, name) is value or name == where == "simulate", name


def test_the_runner_and_its_module_share_a_name():
    """``analysis.simulate`` is both a module and its runner: whatever was imported first, the
    name imported from the package runs the runner."""
    import analysis
    import analysis.simulate as module  # the import system now binds the package attribute to it
    from analysis import simulate
    assert simulate is module and callable(simulate) and simulate.Task is module.Task
    summary = simulate(module.Task.make(analysis.DealSpec.make("slovenian4", hand="T22 T21 T20 T19 T18 T17 T1 SK HK "
                                                                "DK CK C7"), ["valat"], settle=False, limit=20000),
                       deals=2, seed=1, jobs=1, progress=False)
    assert summary.deals == 2 and summary.rate("valat").deals == 2


def test_typed_markers_and_the_core_stub():
    for package in ("solver", "analysis"):
        assert (ROOT / package / "py.typed").is_file()
    stub = ast.parse((ROOT / "solver" / "_core.pyi").read_text(encoding="utf-8"))
    engine = next(node for node in stub.body if isinstance(node, ast.ClassDef) and node.name == "Engine")
    methods = {node.name for node in engine.body if isinstance(node, ast.FunctionDef)}
    from solver._core import Engine
    public = {name for name in dir(Engine) if not name.startswith("__")}
    # (stubtest checks signatures and types)
    assert public <= methods | {"solo_nodes", "round_nodes", "capped_tricks"}, public - methods

"""The example games shipped in ``solver/examples/``: their names, their files, as Positions.

Every command that reads a position also takes an example by name (``tarokdd solve
slovenian4_three``), so they are reachable after a non-editable install too, where the files
live inside site-packages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import NotationError

if TYPE_CHECKING:
    from .position import Position

EXAMPLES_DIR = Path(__file__).parent / "examples"


def load_schema(name: str, package: str = "solver") -> dict[str, Any]:
    """The JSON Schema ``name`` shipped in ``package``'s ``schemas/`` folder
    (docs/reference/formats.md lists them): ``position``, ``solve``, ``analyse``, ``replay``,
    ``score``, ``variants``; in ``analysis``: ``simulate``, ``odds``, ``results-record``.

    >>> load_schema("position")["title"]
    'tarokdd position'
    """
    from importlib.resources import files
    path = files(package) / "schemas" / (name + ".schema.json")
    if not path.is_file():
        raise NotationError("no schema %r in %s" % (name, package))
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def example_names() -> list[str]:
    """The names of the bundled examples, sorted."""
    return sorted(p.stem for p in EXAMPLES_DIR.glob("*.json"))


def example_path(name: str | Path) -> Path | None:
    """The file of the bundled example ``name`` ('slovenian4_three', '.json' optional), or None."""
    stem = str(name)[:-5] if str(name).endswith(".json") else str(name)
    return EXAMPLES_DIR / (stem + ".json") if stem in example_names() else None


def load_example(name: str) -> Position:
    """A bundled example game (``solver/examples/NAME.json``) as a Position.

    >>> load_example("slovenian4_three").variant.id
    'slovenian4'
    """
    from .position import Position
    path = example_path(name)
    if path is None:
        raise NotationError("no bundled example %r; examples: %s" % (name, ", ".join(example_names())))
    return Position.from_json(path.read_text(encoding="utf-8"))

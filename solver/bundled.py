"""The example games shipped in ``solver/examples/``: their names, their files, as Positions.

Every command that reads a position also takes an example by name (``tarokdd solve
slovenian4_three``), so they are reachable after a non-editable install too, where the files
live inside site-packages.
"""

from pathlib import Path

from .errors import NotationError

EXAMPLES_DIR = Path(__file__).parent / "examples"


def example_names():
    """The names of the bundled examples, sorted."""
    return sorted(p.stem for p in EXAMPLES_DIR.glob("*.json"))


def example_path(name):
    """The file of the bundled example ``name`` ('slovenian4_three', '.json' optional), or None."""
    stem = str(name)[:-5] if str(name).endswith(".json") else str(name)
    return EXAMPLES_DIR / (stem + ".json") if stem in example_names() else None


def load_example(name):
    """A bundled example game (``solver/examples/NAME.json``) as a Position.

    >>> load_example("slovenian4_three").variant.id
    'slovenian4'
    """
    from .position import Position
    path = example_path(name)
    if path is None:
        raise NotationError("no bundled example %r; examples: %s" % (name, ", ".join(example_names())))
    return Position.from_json(path.read_text(encoding="utf-8"))

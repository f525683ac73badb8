"""Regenerate the bundled example games in ``solver/examples/`` (not a test).

Each example is a random legal deal (:func:`solver.deal.random_position`) played to the
end with a seeded random playout, written canonically with ``Position.to_json()``::

    python tests/make_examples.py            # rewrite every example
    python tests/make_examples.py --check    # exit 1 if a file differs from what it would write

The seeds below were picked so that called-king games have a partner and the
Danish game shows a led, named skus (EX:H).
"""

import argparse
import json
import random
import sys
from pathlib import Path

from solver.deal import random_position

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "solver" / "examples"

# file name -> (variant, contract, seed[, rule options])
EXAMPLES = {
    "slovenian4_three.json": ("slovenian4", "three", 3),
    "slovenian3_three.json": ("slovenian3", "three", 1),
    # a published complete tariff, so that the game can be scored (RULES.md §2.8, Q-AT1)
    "koenigrufen_rufer.json": ("koenigrufen", "rufer", 1, {"tariff": "ooe_2023"}),
    "french3_garde.json": ("french3", "garde", 1),
    "french4_garde.json": ("french4", "garde", 1),
    "french5_garde.json": ("french5", "garde", 3),
    "danish.json": ("danish", "tarok", 6),
}


def make(variant, contract, seed, options=None):
    """A complete game: the deal for ``seed``, then random legal cards until play is over."""
    pos = random_position(variant, contract, seed=seed, **({"options": options} if options else {}))
    if pos.contract.called_king and pos.partner is None:
        raise ValueError("%s %s seed %d: the declarer has no partner; pick another seed"
                         % (variant, contract, seed))
    rng = random.Random(seed)
    while not pos.is_over:
        pos.play(rng.choice(pos.legal_moves))
    return pos


def render(pos):
    return json.dumps(pos.to_json(), indent=2, ensure_ascii=False) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for name, spec in EXAMPLES.items():
        path = EXAMPLES_DIR / name
        text = render(make(*spec))
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print("wrote", path)
    if stale:
        print("out of date:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

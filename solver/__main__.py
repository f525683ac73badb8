"""``python -m solver``: the same command line as the ``tarokdd`` script."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())

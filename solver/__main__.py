"""``python -m solver`` and the ``tarokdd`` command.

The command line is imported inside :func:`main`, so that Ctrl-C while the program is still
loading ends it quietly (status 130) instead of with a traceback.
"""

import sys


def main(argv=None):
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        return 130
    return run(argv)


if __name__ == "__main__":
    sys.exit(main())

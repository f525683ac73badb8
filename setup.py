"""Build the compiled search core (Cython, optimised); everything else is in pyproject.toml."""

import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}

extensions = [
    Extension("solver." + pyx.stem, [str(pyx)], extra_compile_args=["/O2"] if sys.platform == "win32" else ["-O3"])
    for pyx in sorted(Path("solver").glob("*.pyx"))
]

setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES))

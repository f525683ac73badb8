"""A griffe extension (mkdocs.yml, mkdocstrings ``extensions:``): the docstrings' Sphinx roles
(:class:`Position`, :meth:`solve`, :func:`~solver.search.solve` …) shown as the code they name.

The docstrings are written for ``help()`` and doctest as much as for the site; the site's
Markdown has no roles, so without this they would show as ':meth:' before the name.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|meth|func|mod|data|attr|exc|obj):`~?([^`]+)`")


class SphinxRoles(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _ROLE.sub(r"`\1`", obj.docstring.value)

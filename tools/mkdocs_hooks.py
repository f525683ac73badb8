"""mkdocs hooks (mkdocs.yml ``hooks:``) for ``mkdocs build --strict``.

RULES.md cites its sources in brackets — ``[001][003]``, ``[X]``, ``[verified, Appendix A]`` —
which Markdown reads as reference-style links and mkdocs-autorefs reports as cross-references
it cannot find.  They are citations, not links: only those warnings, only for RULES.md, are
dropped; every other warning still fails a strict build.
"""

import logging
import re

_CITATION = re.compile(r"RULES\.md: Could not find cross-reference target '([0-9]{3}|[A-Z]( [^']*)?|verified, [^']*)'")


class _Citations(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not _CITATION.search(record.getMessage())


def on_config(config: object) -> None:
    # (a filter on a logger misses its children's records: the handlers see them all, the
    # one that counts warnings for --strict included)
    for handler in logging.getLogger("mkdocs").handlers + logging.getLogger().handlers:
        handler.addFilter(_Citations())

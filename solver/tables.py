"""Results as pandas DataFrames, for a user who continues in a notebook.

pandas is an optional extra (``pip install "tarokdd[pandas]"``): it is imported only when a
``to_dataframe()`` is called, and its absence is a clear error, not an ImportError from deep
inside.  Each result type builds plain rows (one dict per row) and hands them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas


def data_frame(rows: Sequence[dict[str, Any]], columns: Sequence[str], index: str | None = None) -> pandas.DataFrame:
    """A DataFrame of ``rows`` with ``columns`` in this order (also when there are no rows)."""
    try:
        import pandas
    except ImportError:
        raise ImportError("results as tables need pandas: pip install \"tarokdd[pandas]\"") from None
    frame: pandas.DataFrame = pandas.DataFrame(list(rows), columns=list(columns))
    return frame.set_index(index) if index is not None else frame

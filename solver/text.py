"""Reading numbers from text, and showing input values in error messages.

Every module that reads a number out of user text uses :func:`whole_number`: ASCII digits
only (``str.isdigit`` also accepts '²' and '᧚', which ``int`` refuses or reads as something
else) and a bounded length (``int`` refuses more than 4,300 digits).  Error messages echo
input through :func:`shown`, which never fails and stays short (a 5,000-digit number or a
list nested 100,000 deep cannot be printed with ``%r``).
"""

from __future__ import annotations

import re

MAX_DIGITS = 18  # every number tarokdd reads fits in a signed 64-bit integer
_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(text: object) -> int | None:
    """The int written in ``text`` ('12', ' -3 ', '+7'), or None when it is not a plain ASCII
    whole number of at most 18 digits."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not _WHOLE.fullmatch(text) or len(text.lstrip("+-").lstrip("0")) > MAX_DIGITS:
        return None
    return int(text)


def item_and_seat(item: object, key: str) -> tuple[object, object]:
    """An input item written ``"what@seat"`` or ``{key: what, "seat": seat}``, as (what, seat):
    the seat an int where it is written as a whole number, None where it is not given."""
    if isinstance(item, dict):
        return item.get(key), item.get("seat")
    what, _, seat_text = str(item).partition("@")
    seat = whole_number(seat_text)
    return what, (seat_text or None) if seat is None else seat


def is_whole(value: object, low: int | None = None, high: int | None = None) -> bool:
    """Whether ``value`` is an int (not a bool) within [low, high]."""
    return (isinstance(value, int) and not isinstance(value, bool)
            and (low is None or value >= low) and (high is None or value <= high))


def shown(value: object, width: int = 60) -> str:
    """A short printable form of an input value, for error messages; never raises."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a %d-digit number" % len(str(value)) if value.bit_length() < 10000 else "a number of thousands of digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int too long to print, or deep nesting inside
        text = "a %s too large to show" % type(value).__name__
    return text if len(text) <= width else text[:width - 1] + "…"


def count_of(number: object, noun: str) -> str:
    """'1 trick', '3 tricks', '1 point', '46 2/3 points': ``number`` an int or its display text."""
    text = str(number)
    return "%s %s" % (text, noun if text in ("1", "-1") else noun + "s")

"""tarokdd: double-dummy solving and hand analysis for the tarot family of card games.

>>> from solver import load_example, solve
>>> game = load_example("slovenian4_three")
>>> game.variant.id, game.contract.id, len(game.tricks)
('slovenian4', 'three', 12)

Names are imported when first used, so ``import solver`` (and the start of the ``tarokdd``
command, which must answer Ctrl-C from its first instant) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it)

_EXPORTS = {
    "Position": "position", "Trick": "position", "VARIANTS": "variants", "get_variant": "variants",
    "parse_card": "cards", "parse_cards": "cards", "load_example": "bundled",
    "solve": "search", "solve_many": "search", "Solver": "search", "Result": "search",
    "SolveInterrupted": "search", "GoalError": "search", "GOALS": "goals",
    **dict.fromkeys((
        "TarokError", "NotationError", "UnknownCardError", "CardNotInDeckError", "DuplicateCardError",
        "CardCountError", "HandSizeError", "UnknownVariantError", "UnknownContractError", "SeatError",
        "IllegalDiscardError", "IllegalMoveError", "AnnouncementError", "OptionError", "ParameterError", "RedealError",
        "ScoringError", "MissingValueError"), "errors"),
}

if TYPE_CHECKING:  # the names as type checkers and editors see them (imported lazily below)
    from .bundled import load_example as load_example
    from .cards import parse_card as parse_card, parse_cards as parse_cards
    from .errors import (
        AnnouncementError as AnnouncementError,
        CardCountError as CardCountError,
        CardNotInDeckError as CardNotInDeckError,
        DuplicateCardError as DuplicateCardError,
        HandSizeError as HandSizeError,
        IllegalDiscardError as IllegalDiscardError,
        IllegalMoveError as IllegalMoveError,
        MissingValueError as MissingValueError,
        NotationError as NotationError,
        OptionError as OptionError,
        ParameterError as ParameterError,
        RedealError as RedealError,
        ScoringError as ScoringError,
        SeatError as SeatError,
        TarokError as TarokError,
        UnknownCardError as UnknownCardError,
        UnknownContractError as UnknownContractError,
        UnknownVariantError as UnknownVariantError,
    )
    from .goals import GOALS as GOALS
    from .position import Position as Position, Trick as Trick
    from .search import (
        GoalError as GoalError,
        Result as Result,
        SolveInterrupted as SolveInterrupted,
        Solver as Solver,
        solve as solve,
        solve_many as solve_many,
    )
    from .variants import VARIANTS as VARIANTS, get_variant as get_variant

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> object:
    if name in _EXPORTS:
        import importlib
        value = getattr(importlib.import_module("." + _EXPORTS[name], __name__), name)
        globals()[name] = value  # the next look-up is a plain attribute
        return value
    raise AttributeError("module 'solver' has no attribute %r" % name)


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)

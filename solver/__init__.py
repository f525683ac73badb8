"""tarokdd: double-dummy solving and hand analysis for the tarot family of card games.

>>> from solver import load_example, solve
>>> game = load_example("slovenian4_three")
>>> game.variant.id, game.contract.id, len(game.tricks)
('slovenian4', 'three', 12)

Names are imported when first used, so ``import solver`` (and the start of the ``tarokdd``
command, which must answer Ctrl-C from its first instant) stays cheap.
"""

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it)

_EXPORTS = {
    "Position": "position", "Trick": "position", "VARIANTS": "variants", "get_variant": "variants",
    "parse_card": "cards", "parse_cards": "cards", "load_example": "bundled",
    "solve": "search", "solve_many": "search", "Solver": "search", "Result": "search",
    "SolveInterrupted": "search", "GoalError": "search", "GOALS": "goals",
    **{name: "errors" for name in (
        "TarokError", "NotationError", "UnknownCardError", "CardNotInDeckError", "DuplicateCardError",
        "CardCountError", "HandSizeError", "UnknownVariantError", "UnknownContractError", "SeatError",
        "IllegalDiscardError", "IllegalMoveError", "AnnouncementError", "OptionError", "ParameterError", "RedealError",
        "ScoringError", "MissingValueError")},
}

__all__ = list(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        import importlib
        value = getattr(importlib.import_module("." + _EXPORTS[name], __name__), name)
        globals()[name] = value  # the next look-up is a plain attribute
        return value
    raise AttributeError("module 'solver' has no attribute %r" % name)


def __dir__():
    return sorted(list(globals()) + __all__)

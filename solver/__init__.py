"""tarokdd: double-dummy solving and hand analysis for the tarot family of card games.

>>> from solver import load_example, solve
>>> game = load_example("slovenian4_three")
>>> game.variant.id, game.contract.id, len(game.tricks)
('slovenian4', 'three', 12)
"""

from .cards import parse_card, parse_cards
from .errors import (AnnouncementError, CardCountError, CardNotInDeckError, DuplicateCardError,
                     HandSizeError, IllegalDiscardError, IllegalMoveError, NotationError, OptionError,
                     RedealError, SeatError, TarokError, UnknownCardError, UnknownContractError, UnknownVariantError)
from .errors import MissingValueError, ScoringError
from .notation import load_example
from .position import Position, Trick
from .goals import GOALS
from .search import GoalError, Result, SolveInterrupted, Solver, solve, solve_many
from .variants import VARIANTS, get_variant

__all__ = [
    "Position", "Trick", "VARIANTS", "get_variant", "parse_card", "parse_cards", "load_example",
    "solve", "solve_many", "Solver", "Result", "GOALS", "SolveInterrupted", "GoalError",
    "TarokError", "NotationError", "UnknownCardError", "CardNotInDeckError", "DuplicateCardError",
    "CardCountError", "HandSizeError", "UnknownVariantError", "UnknownContractError", "SeatError",
    "IllegalDiscardError", "IllegalMoveError", "AnnouncementError", "OptionError", "RedealError",
    "ScoringError", "MissingValueError",
]

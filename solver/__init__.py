"""tarokdd: double-dummy solving and hand analysis for the tarot family of card games.

>>> from solver import Position
>>> p = Position.from_line(EXAMPLE_LINE)
>>> p.variant.id, p.contract.id, p.to_move
('slovenian4', 'three', 0)
"""

from .cards import parse_card, parse_cards
from .errors import (AnnouncementError, CardCountError, CardNotInDeckError, DuplicateCardError,
                     HandSizeError, IllegalDiscardError, IllegalMoveError, NotationError, OptionError,
                     SeatError, TarokError, UnknownCardError, UnknownContractError, UnknownVariantError)
from .position import Position, Trick
from .variants import VARIANTS, get_variant

__all__ = [
    "Position", "Trick", "VARIANTS", "get_variant", "parse_card", "parse_cards",
    "TarokError", "NotationError", "UnknownCardError", "CardNotInDeckError", "DuplicateCardError",
    "CardCountError", "HandSizeError", "UnknownVariantError", "UnknownContractError", "SeatError",
    "IllegalDiscardError", "IllegalMoveError", "AnnouncementError", "OptionError",
]

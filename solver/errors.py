"""The errors a user can see.

Every problem with a deal, a card or a move raises a subclass of
:class:`TarokError` (itself a :class:`ValueError`) whose message names the
card, the seat, the trick or the rule involved.  Nothing else should reach a
user; the CLI prints these messages and exits with status 2.
"""


class TarokError(ValueError):
    """Base class of every error about user input."""


class NotationError(TarokError):
    """Text that cannot be read: bad JSON, a malformed one-line deal, a bad field."""


class UnknownCardError(NotationError):
    """A token that is not a card in any notation we know."""


class CardNotInDeckError(TarokError):
    """A real card name that does not exist in this variant's deck (e.g. S2 in a 54-card game)."""


class DuplicateCardError(TarokError):
    """The same card given twice (in one hand, or in two places)."""


class CardCountError(TarokError):
    """Cards missing or extra: a deal must account for the whole deck exactly once."""


class HandSizeError(TarokError):
    """A hand of the wrong length for the variant or for the point of the game."""


class UnknownVariantError(TarokError):
    """A variant id we do not know."""


class UnknownContractError(TarokError):
    """A contract that does not exist in this variant."""


class SeatError(TarokError):
    """A seat number out of range, or a seat that cannot have this role."""


class IllegalDiscardError(TarokError):
    """A discard (talon exchange, skat, dog) that the rules forbid."""


class RedealError(TarokError):
    """A deal the rules throw in and deal again instead of playing it (SI-2.4: a Slovenian
    seat dealt no tarok)."""


class AnnouncementError(TarokError):
    """An announcement that does not exist in, or is not allowed by, this contract."""


class OptionError(TarokError):
    """An unknown rule option, or a value it cannot take."""


class IllegalMoveError(TarokError):
    """A card that may not be played now.

    Attributes name everything a player needs to see the problem: ``card``,
    ``seat``, ``trick`` (1-based) and ``rule`` (a RULES.md id such as SI-3.1).
    """

    def __init__(self, message, card=None, seat=None, trick=None, rule=None):
        super().__init__(message)
        self.card = card
        self.seat = seat
        self.trick = trick
        self.rule = rule


class ScoringError(TarokError):
    """A settlement that cannot be made: play not over, or a bad scoring input (kontra
    levels, poignée, Danish declarations or cups, Königrufen values)."""


class ParameterError(TarokError):
    """A bad argument to the solving API or to the command line's solver options (``limit``,
    ``memory_mb``, ``threads``, ``workers``): names the parameter and the values it takes."""


class MissingValueError(ScoringError):
    """Values the seeds do not give and the configuration does not set (the Königrufen bid
    and bonus tables, RULES.md Q-AT1).  ``keys`` names every one the settlement needs, ``key``
    the first."""

    def __init__(self, message, key=None, keys=None):
        super().__init__(message)
        self.key = key
        self.keys = list(keys) if keys is not None else [] if key is None else [key]

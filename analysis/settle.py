"""What a contract's settlement needs to know, and what it comes to (issue 18: settle only to
the resolution the score needs).

The analysed seat is the declarer.  Its amount for the contract's game (RULES.md SI-8,
AT-8.1/8.2, FR-8; bonuses apart: they are yes/no goals of their own) depends on the play
only through

* the contract being made, for negative and valat contracts and for Königrufen (its values
  are fixed);
* the *count* the contract is judged on for the point contracts of the other variants:
  Slovenian counted whole points (the difference, or its 5-point band with ``diff_round=5``),
  French the points plus the bout bonus (the difference, halves kept or rounded as
  ``halfpoint_rounding`` says).

A :class:`Score` lists the *edges* of that count — the counts where the amount changes — so
the runner asks the solver only "does the count reach e?" at the edges between the bounds
it has proven (``solve(..., at_least=e)``), never for the exact card points.

>>> from solver import load_example
>>> game = load_example("slovenian4_three")
>>> score = Score(game)          # reads only the contract, the options and the parties
>>> score.by_count, score.target, score.amount(107), score.amount(106), score.amount(140)
(True, 107, 11, -10, 22)
>>> len(score.edges(0, 210))     # every counted whole point changes a Slovenian score
70
"""

from fractions import Fraction

from solver.goals import FRENCH_REQUIREMENT, win_target
from solver.scoring import AT_SECHSERDREIER_LOST, at_value
from solver.variants import ALL_TRICKS, NO_TRICKS, ONE_TRICK, POSITIVE

# the most a count can be: every card point (thirds or halves) plus the French bonus of three bouts
_MAX_COUNT = {"slovenian": 70 * 3, "koenigrufen": 70 * 3, "french": 91 * 2 + FRENCH_REQUIREMENT[0] - FRENCH_REQUIREMENT[3]}


class Score:
    """The declarer's amount for the contract of ``pos`` (at the start of play), as a function
    of the count (``by_count``) or of the contract being made."""

    def __init__(self, pos, values=None):
        self.pos = pos
        self.variant = v = pos.variant
        self.contract = c = pos.contract
        self.options = pos.options
        self.values = dict(values or {}) or dict(pos.values or {})
        self.by_count = c.objective not in (NO_TRICKS, ONE_TRICK, ALL_TRICKS) and v.family in _MAX_COUNT \
            and c.kind == POSITIVE and v.family != "koenigrufen"
        self.target = FRENCH_REQUIREMENT[0] if v.family == "french" else win_target(pos)
        self.max_count = _MAX_COUNT.get(v.family, 0)

    # -- the amount
    def amount(self, count):
        """The amount when the final count is ``count`` (point contracts)."""
        won = count >= self.target
        family = self.variant.family
        if family == "slovenian":
            return (1 if won else -1) * (self.contract.value + self._slovenian_difference(count))
        if family == "french":
            return self._french(won, Fraction(abs(count - self.target), 2))
        raise AssertionError(family)

    def amount_won(self, won):
        """The amount when only the contract being made matters (``by_count`` is False)."""
        family, c = self.variant.family, self.contract
        sign = 1 if won else -1
        if family == "slovenian":
            return sign * c.value
        if family == "koenigrufen":
            if c.id == "sechserdreier":
                value = self.options["sechserdreier_won_value"] if won else AT_SECHSERDREIER_LOST
            else:
                value = at_value(self.pos, c.id, self.values)
            return sign * value * self._team_share()
        if family == "french":  # a French contract is always a point contract; kept for completeness
            return self._french(won, Fraction(0))
        raise AssertionError(family)

    def amounts(self, low, high):
        """(lowest, highest) amount over the counts ``low`` .. ``high``."""
        seen = [self.amount(x) for x in [low, high] + [e for e in self.edges(low, high)]]
        return min(seen), max(seen)

    def edges(self, low, high):
        """Counts ``e`` with ``low < e <= high`` where the amount changes (amount(e) != amount(e - 1))."""
        return [e for e in range(max(low, 0) + 1, min(high, self.max_count) + 1)
                if self.amount(e) != self.amount(e - 1)]

    # -- the rules behind it
    def _slovenian_difference(self, count):
        counted = (count + 1) // 3  # SI-5.3: thirds rounded to the nearest whole point
        if self.contract.id == "solo_without" and not self.options["solo_brez_adds_difference"]:
            return 0  # Q-SI7
        diff = abs(counted - 35)
        if self.options["diff_round"] == 5:  # SI-8, Q-SI2
            diff = diff - diff % 5 + (5 if diff % 5 >= 3 else 0)
        return diff

    def _french(self, won, diff):
        rounding = self.options["halfpoint_rounding"]  # FR-8, Q-FR2
        if rounding == "up":
            diff = Fraction(-(-diff.numerator // diff.denominator))
        elif rounding == "down":
            diff = Fraction(diff.numerator // diff.denominator)
        each = (1 if won else -1) * (25 + diff) * self.contract.value  # what each defender pays
        defenders = len(self.pos.parties[1])
        total = each * defenders
        if self.pos.partner is None:
            return total
        return total * 2 / 3 if self.options.get("five_player_split", "2:1") == "2:1" else total / 2

    def _team_share(self):
        """AT-8.2: a single player receives the unit from each of the others; in 2 vs 2 once."""
        declarers, defenders = self.pos.parties
        return len(defenders) if len(declarers) == 1 else 1

"""Confidence intervals for success rates and expected values.

* :func:`wilson` — the Wilson score interval (the default: good coverage for moderate rates).
* :func:`clopper_pearson` — the exact (conservative) binomial interval, from beta quantiles;
  used for rates near 0 or 1, where Wilson's coverage drops.

The quantiles are SciPy's (``scipy.special.ndtri`` and ``betaincinv``, the functions
``scipy.stats.norm.ppf`` and ``scipy.stats.beta.ppf`` evaluate: the special-function module
imports in a fraction of the time ``scipy.stats`` takes, and only when an interval is asked).
* :func:`interval` picks between them (``method="auto"``): Clopper–Pearson when the observed
  rate is below 5 % or above 95 %, or when there are fewer than 5 successes or failures;
  Wilson otherwise.
* :class:`Rate` and :class:`Mean` are what the analysis reports: counts over all deals, with
  the undecided ones making a bracket (never left out), and exact sums (``Fraction``) so
  that partial results merge to the same value in any order.

>>> r = Rate(yes=45, no=55)
>>> r.rate, r.method_used, [round(x, 4) for x in r.interval]
(0.45, 'wilson', [0.3561, 0.5476])
>>> tuple(round(x, 4) for x in clopper_pearson(0, 20))
(0.0, 0.1684)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

# An exact value of a Mean: whole, or a Fraction (French half points, means of the settlement).
Exact = Union[int, Fraction]

METHODS = ("auto", "wilson", "clopper-pearson")


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard normal quantile for ``confidence`` (0.95 -> 1.96)."""
    if not 0 < confidence < 1:
        raise ValueError("confidence must be between 0 and 1, not %r" % (confidence,))
    from scipy.special import ndtri  # what scipy.stats.norm.ppf evaluates; imported when first needed
    return float(ndtri(0.5 + confidence / 2))


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials; (0, 1) when n is 0."""
    _check(k, n)
    if n == 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Clopper–Pearson ("exact") interval: beta quantiles of the binomial tails."""
    _check(k, n)
    if n == 0:
        return 0.0, 1.0
    from scipy.special import betaincinv  # the Beta quantile scipy.stats.beta.ppf evaluates
    alpha = 1 - confidence
    low = 0.0 if k == 0 else float(betaincinv(k, n - k + 1, alpha / 2))
    high = 1.0 if k == n else float(betaincinv(k + 1, n - k, 1 - alpha / 2))
    return low, high


def interval(k: int, n: int, confidence: float = 0.95, method: str = "auto") -> tuple[float, float, str]:
    """(low, high, method used) for ``k`` successes in ``n`` decided trials."""
    if method not in METHODS:
        raise ValueError("interval method %r: choose one of %s" % (method, ", ".join(METHODS)))
    if method == "auto":
        method = "clopper-pearson" if _near_edge(k, n) else "wilson"
    low, high = (wilson if method == "wilson" else clopper_pearson)(k, n, confidence)
    return low, high, method


def _near_edge(k: int, n: int) -> bool:
    return n == 0 or min(k, n - k) < 5 or not 0.05 <= k / n <= 0.95


def _check(k: int, n: int) -> None:
    if isinstance(k, bool) or isinstance(n, bool) or int(k) != k or int(n) != n or not 0 <= k <= n:
        raise ValueError("need 0 <= successes <= trials, got %r of %r" % (k, n))


# ------------------------------------------------------------ what is reported

@dataclass(frozen=True)
class Rate:
    """A yes/no count over all deals dealt: ``yes``, ``no`` and ``undecided`` (the solver did not
    prove the answer within the run's limits and budget).

    With undecided deals there is no single rate: the result is the *bracket* from the lowest
    rate (every undecided deal a failure) to the highest (every one a success), and the
    interval runs from the lowest end's lower limit to the highest end's upper limit.  The
    decided deals alone are never a rate: the undecided ones are the close ones."""

    yes: int = 0
    no: int = 0
    undecided: int = 0
    confidence: float = 0.95
    method: str = "auto"

    @property
    def decided(self) -> int:
        """Deals whose answer was proven."""
        return self.yes + self.no

    @property
    def deals(self) -> int:
        """Every deal dealt, decided or not."""
        return self.yes + self.no + self.undecided

    @property
    def rate(self) -> float | None:
        """The success rate when every deal is decided, else None (see :attr:`bracket`)."""
        return self.yes / self.deals if self.deals and not self.undecided else None

    @property
    def bracket(self) -> tuple[float, float] | None:
        """(lowest, highest) rate over all deals: undecided deals as failures, as successes."""
        if not self.deals:
            return None
        return self.yes / self.deals, (self.yes + self.undecided) / self.deals

    @property
    def _ends(self) -> tuple[tuple[float, float, str], tuple[float, float, str]]:
        return (interval(self.yes, self.deals, self.confidence, self.method),
                interval(self.yes + self.undecided, self.deals, self.confidence, self.method))

    @property
    def interval(self) -> tuple[float, float]:
        """(low, high): the confidence interval around the bracket (or the rate)."""
        low, high = self._ends
        return low[0], high[1]

    @property
    def method_used(self) -> str:
        """'wilson' or 'clopper-pearson': the interval :func:`interval` chose."""
        return self._ends[0][2]

    def to_json(self) -> dict[str, Any]:
        """The counts, rate, bracket and interval as JSON values."""
        low, high = self.interval
        bracket = self.bracket
        return {"yes": self.yes, "no": self.no, "undecided": self.undecided, "deals": self.deals,
                "rate": self.rate, "bracket": list(bracket) if bracket else None, "low": low, "high": high,
                "interval": self.method_used, "confidence": self.confidence}

    def format(self, digits: int = 1) -> str:
        """'45.0 % [35.6, 54.8] n=100', or with undecided deals the bracket:
        '40.0-52.0 % [30.4, 61.8] n=100, 12 undecided'."""
        bracket = self.bracket
        if bracket is None:
            return "-- (no deals)"
        low, high = self.interval
        first, last = bracket
        value = "%.*f" % (digits, 100 * first) if not self.undecided else "%.*f-%.*f" % (
            digits, 100 * first, digits, 100 * last)
        text = "%s %% [%.*f, %.*f] n=%d" % (value, digits, 100 * low, digits, 100 * high, self.deals)
        if self.undecided:
            text += ", %d undecided" % self.undecided
        return text


@dataclass(frozen=True)
class Mean:
    """The mean of exact values (``int`` or ``Fraction``) from their count, sum and sum of
    squares; the interval is the normal one, mean ± z · s / √n.

    Values known only between bounds are given by the sums of the low ends (``total``,
    ``squares``) and of the high ends (``high_total``, ``high_squares``); ``open`` counts them.
    The mean is then a bracket, and the interval runs from the low end's lower limit to the
    high end's upper limit."""

    n: int = 0
    total: Exact = Fraction(0)
    squares: Exact = Fraction(0)
    confidence: float = 0.95
    high_total: Exact | None = None
    high_squares: Exact | None = None
    open: int = 0

    @property
    def _high(self) -> tuple[Exact, Exact]:
        return (self.total if self.high_total is None else self.high_total,
                self.squares if self.high_squares is None else self.high_squares)

    @property
    def mean(self) -> Fraction | None:
        """The mean when every value is exact, else None (see :attr:`bracket`)."""
        return None if not self.n or self.open else Fraction(self.total) / self.n

    @property
    def bracket(self) -> tuple[Fraction, Fraction] | None:
        """(lowest, highest) mean: the values known only between bounds at their low, high ends."""
        if not self.n:
            return None
        return Fraction(self.total) / self.n, Fraction(self._high[0]) / self.n

    def _sd(self, total: Exact, squares: Exact) -> float | None:
        if self.n < 2:
            return None
        var = (Fraction(squares) - Fraction(total) ** 2 / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, float(var)))

    @property
    def sd(self) -> float | None:
        """The sample standard deviation of the low ends (None below two values)."""
        return self._sd(self.total, self.squares)

    @property
    def interval(self) -> tuple[float, float] | None:
        """(low, high): mean ± z · s / √n around the bracket's ends."""
        if not self.n:
            return None
        ends = []
        for (total, squares), sign in (((self.total, self.squares), -1), (self._high, 1)):
            m = float(Fraction(total) / self.n)
            sd = self._sd(total, squares)
            ends.append(m if sd is None else m + sign * z_value(self.confidence) * sd / math.sqrt(self.n))
        return ends[0], ends[1]

    def to_json(self) -> dict[str, Any]:
        """The mean (float and exact text), bracket, sd and interval as JSON values."""
        iv = self.interval
        bracket = self.bracket
        return {"n": self.n, "open": self.open, "mean": None if self.mean is None else float(self.mean),
                "exact_mean": None if self.mean is None else fraction_text(self.mean),
                "bracket": None if bracket is None else [float(x) for x in bracket],
                "exact_bracket": None if bracket is None else [fraction_text(x) for x in bracket],
                "sd": self.sd, "low": None if iv is None else iv[0], "high": None if iv is None else iv[1],
                "confidence": self.confidence}

    def format(self, digits: int = 1) -> str:
        """'+12.5 [+3.1, +21.9] n=40', with values between bounds '-10.0..+10.0 [...] n=4, 2 open'."""
        iv, bracket = self.interval, self.bracket
        if iv is None or bracket is None:
            return "--"
        low, high = iv
        first, last = bracket
        value = "%+.*f" % (digits, float(first)) if not self.open else "%+.*f..%+.*f" % (
            digits, float(first), digits, float(last))
        text = "%s [%+.*f, %+.*f] n=%d" % (value, digits, low, digits, high, self.n)
        return text + (", %d open" % self.open if self.open else "")


def fraction_text(x: Exact | str) -> str:
    """An exact number as JSON-safe text: '7', '-5/2'."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else "%d/%d" % (x.numerator, x.denominator)


def parse_fraction(text: object) -> Fraction:
    """The exact number of :func:`fraction_text`'s text (or an int)."""
    return Fraction(str(text))

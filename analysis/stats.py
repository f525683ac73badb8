"""Confidence intervals for success rates and expected values (no SciPy needed).

* :func:`wilson` — the Wilson score interval (the default: good coverage for moderate rates).
* :func:`clopper_pearson` — the exact (conservative) binomial interval, from beta quantiles;
  used for rates near 0 or 1, where Wilson's coverage drops.
* :func:`interval` picks between them (``method="auto"``): Clopper–Pearson when the observed
  rate is below 5 % or above 95 %, or when there are fewer than 5 successes or failures;
  Wilson otherwise.
* :class:`Rate` and :class:`Mean` are what the analysis reports: counts over all deals, with
  the undecided ones making a bracket (never left out), and exact sums (``Fraction``) so
  that partial results merge to the same value in any order.

>>> r = Rate(yes=45, no=55)
>>> r.rate, r.method_used, [round(x, 4) for x in r.interval]
(0.45, 'wilson', [0.3561, 0.5476])
>>> [round(x, 4) for x in clopper_pearson(0, 20)]
[0.0, 0.1684]
"""

import math
from dataclasses import dataclass
from fractions import Fraction

METHODS = ("auto", "wilson", "clopper-pearson")


def z_value(confidence=0.95):
    """The two-sided standard normal quantile for ``confidence`` (0.95 -> 1.96)."""
    if not 0 < confidence < 1:
        raise ValueError("confidence must be between 0 and 1, not %r" % (confidence,))
    return _norm_ppf(0.5 + confidence / 2)


def _norm_ppf(p):
    """Inverse of the standard normal CDF (bisection on erf: exact to ~1e-12)."""
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if 0.5 * math.erfc(-mid / math.sqrt(2)) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def wilson(k, n, confidence=0.95):
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


def clopper_pearson(k, n, confidence=0.95):
    """Clopper–Pearson ("exact") interval: beta quantiles of the binomial tails."""
    _check(k, n)
    if n == 0:
        return 0.0, 1.0
    alpha = 1 - confidence
    low = 0.0 if k == 0 else beta_ppf(alpha / 2, k, n - k + 1)
    high = 1.0 if k == n else beta_ppf(1 - alpha / 2, k + 1, n - k)
    return low, high


def interval(k, n, confidence=0.95, method="auto"):
    """(low, high, method used) for ``k`` successes in ``n`` decided trials."""
    if method not in METHODS:
        raise ValueError("interval method %r: choose one of %s" % (method, ", ".join(METHODS)))
    if method == "auto":
        method = "clopper-pearson" if _near_edge(k, n) else "wilson"
    low, high = (wilson if method == "wilson" else clopper_pearson)(k, n, confidence)
    return low, high, method


def _near_edge(k, n):
    return n == 0 or min(k, n - k) < 5 or not 0.05 <= k / n <= 0.95


def _check(k, n):
    if isinstance(k, bool) or isinstance(n, bool) or int(k) != k or int(n) != n or not 0 <= k <= n:
        raise ValueError("need 0 <= successes <= trials, got %r of %r" % (k, n))


# ------------------------------------------------------------ the beta function

def betainc(a, b, x):
    """The regularised incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1 - x) / b


def _betacf(a, b, x):
    tiny, eps = 1e-300, 1e-15
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < eps:
            break
    return h


def beta_ppf(q, a, b):
    """The ``q`` quantile of the Beta(a, b) distribution (bisection on :func:`betainc`)."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if betainc(a, b, mid) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


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
    def decided(self):
        return self.yes + self.no

    @property
    def deals(self):
        return self.yes + self.no + self.undecided

    @property
    def rate(self):
        """The success rate when every deal is decided, else None (see :attr:`bracket`)."""
        return self.yes / self.deals if self.deals and not self.undecided else None

    @property
    def bracket(self):
        """(lowest, highest) rate over all deals: undecided deals as failures, as successes."""
        if not self.deals:
            return None
        return self.yes / self.deals, (self.yes + self.undecided) / self.deals

    @property
    def _ends(self):
        return (interval(self.yes, self.deals, self.confidence, self.method),
                interval(self.yes + self.undecided, self.deals, self.confidence, self.method))

    @property
    def interval(self):
        low, high = self._ends
        return low[0], high[1]

    @property
    def method_used(self):
        return self._ends[0][2]

    def to_json(self):
        low, high = self.interval
        bracket = self.bracket
        return {"yes": self.yes, "no": self.no, "undecided": self.undecided, "deals": self.deals,
                "rate": self.rate, "bracket": list(bracket) if bracket else None, "low": low, "high": high,
                "interval": self.method_used, "confidence": self.confidence}

    def format(self, digits=1):
        """'45.0 % [35.6, 54.8] n=100', or with undecided deals the bracket:
        '40.0-52.0 % [30.4, 61.8] n=100, 12 undecided'."""
        if not self.deals:
            return "-- (no deals)"
        low, high = self.interval
        first, last = self.bracket
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
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)
    confidence: float = 0.95
    high_total: Fraction = None
    high_squares: Fraction = None
    open: int = 0

    @property
    def _high(self):
        return (self.total if self.high_total is None else self.high_total,
                self.squares if self.high_squares is None else self.high_squares)

    @property
    def mean(self):
        """The mean when every value is exact, else None (see :attr:`bracket`)."""
        return None if not self.n or self.open else Fraction(self.total) / self.n

    @property
    def bracket(self):
        if not self.n:
            return None
        return Fraction(self.total) / self.n, Fraction(self._high[0]) / self.n

    def _sd(self, total, squares):
        if self.n < 2:
            return None
        var = (Fraction(squares) - Fraction(total) ** 2 / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, float(var)))

    @property
    def sd(self):
        return self._sd(self.total, self.squares)

    @property
    def interval(self):
        if not self.n:
            return None
        ends = []
        for (total, squares), sign in (((self.total, self.squares), -1), (self._high, 1)):
            m = float(Fraction(total) / self.n)
            sd = self._sd(total, squares)
            ends.append(m if sd is None else m + sign * z_value(self.confidence) * sd / math.sqrt(self.n))
        return tuple(ends)

    def to_json(self):
        iv = self.interval
        bracket = self.bracket
        return {"n": self.n, "open": self.open, "mean": None if self.mean is None else float(self.mean),
                "exact_mean": None if self.mean is None else fraction_text(self.mean),
                "bracket": None if bracket is None else [float(x) for x in bracket],
                "exact_bracket": None if bracket is None else [fraction_text(x) for x in bracket],
                "sd": self.sd, "low": None if iv is None else iv[0], "high": None if iv is None else iv[1],
                "confidence": self.confidence}

    def format(self, digits=1):
        if not self.n:
            return "--"
        low, high = self.interval
        first, last = self.bracket
        value = "%+.*f" % (digits, float(first)) if not self.open else "%+.*f..%+.*f" % (
            digits, float(first), digits, float(last))
        text = "%s [%+.*f, %+.*f] n=%d" % (value, digits, low, digits, high, self.n)
        return text + (", %d open" % self.open if self.open else "")


def fraction_text(x):
    """An exact number as JSON-safe text: '7', '-5/2'."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else "%d/%d" % (x.numerator, x.denominator)


def parse_fraction(text):
    return Fraction(str(text))

"""analysis.stats and analysis.odds against library code.

The intervals' quantiles come from SciPy (issue 21); the hand-written normal quantile (bisection
on erf) and incomplete beta (Lentz's continued fraction) they replaced are kept here, as they
were, to show that the library gives the same intervals everywhere the analysis uses them.  The
exact talon odds stay Fractions (exactness is their point) and are checked against
``scipy.stats.hypergeom``.
"""

import math
from fractions import Fraction

import pytest
from scipy import stats as scipy_stats

from analysis.odds import hypergeometric, talon_odds
from analysis.stats import clopper_pearson, interval, wilson, z_value

# ------------------------------------------------------ the code the library replaced

def _old_norm_ppf(p):
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if 0.5 * math.erfc(-mid / math.sqrt(2)) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _old_betainc(a, b, x):
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _old_betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _old_betacf(b, a, 1 - x) / b


def _old_betacf(a, b, x):
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


def _old_beta_ppf(q, a, b):
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if _old_betainc(a, b, mid) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _old_wilson(k, n, confidence):
    z = _old_norm_ppf(0.5 + confidence / 2)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _old_clopper_pearson(k, n, confidence):
    alpha = 1 - confidence
    low = 0.0 if k == 0 else _old_beta_ppf(alpha / 2, k, n - k + 1)
    high = 1.0 if k == n else _old_beta_ppf(1 - alpha / 2, k + 1, n - k)
    return low, high


# ------------------------------------------------------------------------ the checks

CONFIDENCES = (0.9, 0.95, 0.99, 0.999)  # the reports use 0.95; the statistical tests 0.999


def test_normal_quantile_as_before():
    for confidence in CONFIDENCES + (0.5, 0.6827, 0.999999):
        assert z_value(confidence) == pytest.approx(_old_norm_ppf(0.5 + confidence / 2), abs=1e-10)


@pytest.mark.parametrize("n", [1, 2, 5, 10, 37, 100, 1000, 20000])
def test_intervals_as_before(n):
    """Every k of n (a spread of them for large n), at every confidence used."""
    ks = range(n + 1) if n <= 100 else sorted({0, 1, 2, 5, n // 20, n // 3, n // 2, n - 5, n - 1, n})
    for confidence in CONFIDENCES:
        for k in ks:
            assert wilson(k, n, confidence) == pytest.approx(_old_wilson(k, n, confidence), abs=1e-9)
            assert clopper_pearson(k, n, confidence) == pytest.approx(_old_clopper_pearson(k, n, confidence),
                                                                      abs=1e-9)


def test_intervals_as_scipy_stats_gives_them():
    """The whole intervals as scipy.stats' binomial test reports them (Wilson without continuity
    correction; Clopper-Pearson is its 'exact')."""
    for k, n in ((0, 20), (3, 10), (45, 100), (97, 100), (500, 1000)):
        test = scipy_stats.binomtest(k, n)
        assert wilson(k, n) == pytest.approx(tuple(test.proportion_ci(0.95, "wilson")), abs=1e-12)
        assert clopper_pearson(k, n) == pytest.approx(tuple(test.proportion_ci(0.95, "exact")), abs=1e-12)
        assert interval(k, n)[:2] == (wilson if interval(k, n)[2] == "wilson" else clopper_pearson)(k, n)


def test_hypergeometric_odds_as_scipy_stats():
    for population, successes, draws in ((60, 11, 6), (54, 22, 6), (48, 4, 3), (10, 10, 4), (9, 0, 3)):
        exact = hypergeometric(population, successes, draws)
        assert sum(exact.values()) == 1 and all(isinstance(p, Fraction) for p in exact.values())
        for x in range(draws + 1):
            assert float(exact.get(x, 0)) == pytest.approx(
                scipy_stats.hypergeom.pmf(x, population, successes, draws), abs=1e-12)


def test_talon_odds_as_scipy_stats():
    """The talon's trump count of a Slovenian hand: the exact odds as scipy's hypergeometric."""
    odds = talon_odds("slovenian4", hand="T22 T21 T20 T19 T18 T17 T1 SK HK DK CK C7")
    trumps = odds.features["trumps"].probs
    expected = scipy_stats.hypergeom(odds.unknown, 22 - 7, odds.size)
    assert set(trumps) == set(range(odds.size + 1))
    for x, p in trumps.items():
        assert float(p) == pytest.approx(expected.pmf(x), abs=1e-12)
    assert float(odds.features["trumps"].mean) == pytest.approx(expected.mean(), abs=1e-12)

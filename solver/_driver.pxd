# cython: language_level=3
# The driver's state (Tests: the root's proven bounds, for an exact count and a yes/no test
# alike) and which null-window test comes next when the search looks for an exact count, with
# its first guess (playout).  _search.pxd runs the tests on one thread (search_value, narrow),
# _core.pyx on several (Engine._bounds_parallel); both take their targets from here and
# record here.

from solver._types cimport *
from solver._bounds cimport terminal_value
from solver._moves cimport gen_moves
from solver._rules cimport finish_trick, play_card, seat_at

cdef enum:
    WALK_STEPS = 25     # a walk from an estimate starts with steps of 1/25 of the interval


cdef struct Tests:
    int lb, ub          # the count is known to lie in [lb, ub]
    int guess           # the first target (-1: none)
    int estimate        # the guess is a playout's estimate (walk from it), not an exact guess
    int step            # the walk's next step
    int probe           # 1: a first test before the estimate's (a wide interval), else 0
    int passed, failed  # tests from the estimate on: one the count reached, one it did not
    int n               # tests begun
    int beta            # the current test's target (-1: none yet)


cdef inline void tests_start(Tests* T, int lb, int ub, int guess, int estimate) noexcept nogil:
    T.lb, T.ub = lb, ub
    T.guess = guess if lb < guess <= ub else -1
    T.estimate = estimate
    T.step = (ub - lb) // WALK_STEPS
    if T.step < 1:
        T.step = 1
    T.probe = estimate and T.step > 1
    T.passed = T.failed = T.n = 0
    T.beta = -1


cdef inline int next_target(int lb, int ub) noexcept nogil:
    """A test for a value known to be in [lb, ub] (lb < ub): two fifths of the way up, not
    the middle.  A test the side fails (the value is below it) costs more than one it passes,
    even far from the value, so the driver leans low.  Against bisection, on four sets of
    16-24 seeded full Slovenian deals: 11 % and 13 % fewer nodes on two, 5 % fewer and 4 %
    more (the benchmark's own set) on the others, 11 % fewer in all; the same total on
    Königrufen."""
    return lb + (ub - lb) * 2 // 5 + 1


cdef inline int tests_next(Tests* T) noexcept nogil:
    """The target of the next test: the current one while the bounds leave it open (several
    threads ask for it), else a new one.  With an exact guess (a card that keeps the root's
    value) the first two tests are MTD(f)'s: is the count at least the guess, then the test
    that makes the bound just found exact.  With an estimate, a walk from it in steps that
    double, up while the count reaches them and down while it does not, until the count is
    bracketed; then next_target.  On a wide interval (card units, not tricks) next_target's
    test comes first, which far from the count is decided cheaply either way, so that a
    search stopped by a limit keeps a bound however far off the estimate is; and the walk
    does not go down (a test the count fails costs most near it)."""
    cdef int beta
    if T.beta >= 0 and T.lb < T.beta <= T.ub:
        return T.beta
    if T.estimate and T.n == T.probe and not T.lb < T.guess <= T.ub:
        T.guess = -1  # (the first test settled more than the estimate knew)
    if T.guess < 0 or (not T.estimate and T.n > 1) or (T.estimate and (
            T.n < T.probe or (T.passed and T.failed) or (T.failed and T.probe))):
        beta = next_target(T.lb, T.ub)
    elif not T.estimate:
        beta = T.guess if T.n == 0 else T.lb + 1 if T.lb >= T.guess else T.ub
    elif T.n == T.probe:
        beta = T.guess
    else:
        beta = T.ub - T.step + 1 if T.failed else T.lb + T.step
        T.step *= 2
        if beta > T.ub:
            beta = T.ub
        if beta <= T.lb:
            beta = T.lb + 1
    T.n += 1
    T.beta = beta
    return beta


cdef inline void tests_record(Tests* T, int beta, int g) noexcept nogil:
    """The result g of the test of ``beta`` (fail-soft: g itself is a bound)."""
    if g >= beta:
        T.passed |= T.n > T.probe  # (a test from the estimate on)
        if g > T.lb:
            T.lb = g
    else:
        T.failed |= T.n > T.probe
        if g < T.ub:
            T.ub = g


cdef inline int playout(Search* X, const State* root) noexcept nogil:
    """The count of one line of play in which every player plays the move the search would
    try first (gen_moves' order, without the table): the estimate a walk starts from.  On
    full Slovenian and Königrufen deals it is within about 20 units of the count, mostly
    below; with it full Slovenian deals took 11-16 % fewer nodes than splitting from the start
    (issue 17's measurements)."""
    cdef State S = root[0]
    cdef int moves[MAX_MOVES]
    cdef int v = 0, seat
    while S.trick_no <= X.R.n_tricks and not S.over:
        seat = seat_at(&X.R, S.leader, S.n_played)
        gen_moves(X, &S, seat, moves, -1, NULL)
        play_card(&X.R, &S, seat, moves[0])
        if S.n_played == X.R.n_seats:
            v += finish_trick(&X.R, &S)
    return v + terminal_value(&X.R, &S)

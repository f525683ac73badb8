# cython: language_level=3
# The driver's state (Tests: the root's proven bounds, for an exact count and a yes/no test
# alike) and which test comes next when the search looks for an exact count (null-window tests,
# and one search of the whole window once a count in card units is bracketed), with its first
# guess (playout), and under a limit the tests' budgets (tests_budgets).
# _search.pxd runs the tests on one thread (search_value, narrow), _core.pyx on several
# (Engine._bounds_parallel); both take their targets and budgets from here and record here.

from solver._types cimport *
from solver._bounds cimport terminal_value
from solver._moves cimport gen_moves
from solver._rules cimport finish_trick, play_card, seat_at

cdef enum:
    WALK_STEPS = 25     # a walk from an estimate starts with steps of 1/25 of the interval
    FIRST_SHARE = 32    # narrowing: a test of the first round may take 1/32 of what was left
    PV_BRACKET = 64     # card units: a bracket this narrow is settled by one search (tests_next)


cdef struct Tests:
    int lb, ub          # the count is known to lie in [lb, ub]
    int guess           # the first target (-1: none)
    int estimate        # the guess is a playout's estimate (walk from it), not an exact guess
    int step            # the walk's next step
    int probe           # 1: a first test before the estimate's (a wide interval), else 0
    int high            # 1: tests the count passes are the dear ones (passes_dear): lean high
    int passed, failed  # tests from the estimate on: one the count reached, one it did not
    int n               # tests begun
    int beta            # the current test's target (-1: none yet)
    int alpha           # its window is (alpha, beta): beta - 1, or below the bracket (tests_next)
    int bracket         # a bracket this narrow is searched whole (0: never; tests_start)
    long long node_limit      # the solve's limits, which the tests' budgets share out (0: none)
    double deadline
    long long phase_nodes     # the first phase's end (tests_budgets; 0: no such limit)
    double phase_end
    int aside           # tests put aside so far; from the first on, the bounds narrow
    int side            # narrowing: the bound the next test moves (0: lower, 1: upper)
    int reach[2]        # narrowing: the next test's distance from that bound
    double share        # narrowing: the share of what was left at the first put aside a test may take
    long long left_nodes      # what the limits left at the first put aside (0: no such limit)
    double left_seconds


cdef inline int passes_dear(const Rules* R) noexcept nogil:
    """Whether fewer seats maximise the count than minimise it (a lone declarer against two
    or three, the French 5-player declarer and partner against three).  A test the count
    passes then answers every card of the others' with one of the side's at most plies, and
    its tree is all proof: with the moves known beforehand (Engine.forget_bounds) French
    4-player and Slovenian 3-player tests at the count kept 96 % of their nodes, the tests
    one above it 18-21 %."""
    cdef int seat, maxers = 0
    for seat in range(R.n_seats):
        maxers += R.maxer[seat]
    return 2 * maxers < R.n_seats


cdef inline void tests_start(Tests* T, int lb, int ub, int guess, int estimate, int high,
                             int bracket) noexcept nogil:
    """Tests of a count known to lie in [lb, ub]: an exact ``guess`` first (-1: none), or a
    walk from it (``estimate``); ``high`` where passing tests are the dear ones (passes_dear);
    ``bracket``: from the second test on, an interval this narrow is searched whole (0: never)."""
    T.lb, T.ub = lb, ub
    T.bracket = bracket
    T.high = high
    T.guess = guess if lb < guess <= ub else -1
    T.estimate = estimate
    T.step = (ub - lb) // WALK_STEPS
    if T.step < 1:
        T.step = 1
    T.probe = estimate and T.step > 1
    T.passed = T.failed = T.n = 0
    T.beta = T.alpha = -1
    T.aside = T.side = 0
    T.node_limit, T.deadline = 0, 0  # (no budgets until tests_budgets)


cdef inline int next_target(int lb, int ub, int high) noexcept nogil:
    """A test for a value known to be in [lb, ub] (lb < ub): two fifths of the way up, not
    the middle.  A test the side fails (the value is below it) costs more than one it passes,
    even far from the value, so the driver leans low.  Against bisection, on four sets of
    16-24 seeded full Slovenian deals: 11 % and 13 % fewer nodes on two, 5 % fewer and 4 %
    more (the benchmark's own set) on the others, 11 % fewer in all; the same total on
    Königrufen.  Where passing tests are the dear ones (``high``) three fifths of the way up."""
    if high:
        return lb + (ub - lb) * 3 // 5 + 1
    return lb + (ub - lb) * 2 // 5 + 1


cdef inline int probe_target(int lb, int ub, int high) noexcept nogil:
    """The first test of a wide interval, before the estimate's, there so that a search a limit
    stops keeps a bound however far off the estimate is: a quarter of the way up, far below
    most counts, where a test the count passes is cheap; where passing tests are the dear ones
    (``high``) next_target's three fifths.  Against two fifths (next_target's), nodes in sum
    on seeds 1 to 5: 16 full Slovenian deals -1.8, -3.6, -1.1, -0.2 and -1.2 % (the median
    deal of seed 1 2.29 M nodes instead of 2.46 M), 8 Königrufen deals from 12 tricks +6.6,
    +0.4, -3.6, -15.6 and -1.2 %; a sixth of the way up, over seeds 1, 2 and 4 of both sets,
    -1.6 % where a quarter gave -2.2 %."""
    if high:
        return next_target(lb, ub, 1)
    return lb + (ub - lb) // 4 + 1


cdef inline int tests_next(Tests* T) noexcept nogil:
    """The target of the next test: the current one while the bounds leave it open (several
    threads ask for it), else a new one.  With an exact guess (a card that keeps the root's
    value) the first two tests are MTD(f)'s: is the count at least the guess, then the test
    that makes the bound just found exact.  With an estimate, a walk from it in steps that
    double, up while the count reaches them and down while it does not, until the count is
    bracketed; then next_target.  On a wide interval (card units, not tricks) probe_target's
    test comes first, which far from the count is decided cheaply either way, so that a
    search stopped by a limit keeps a bound however far off the estimate is; and the walk
    does not go down after it (a test the count fails costs most near it).  Where passing
    tests are the dear ones (T.high) the walk steps down from the upper bound after a test
    the count passes too, instead of up from the lower: one more passing test below the
    count costs about as much as the one at it.  Once a test has been put aside
    (tests_put_aside), tests that narrow the bounds from both ends.

    From the second test on, an interval of at most T.bracket units is settled by one search
    of its whole window, (lb - 1, ub), whose fail-soft result within it is the count (expand
    searches such a window as a principal variation search: scout_move).  The tests at the
    count and one above it would each prove much of the same tree.  Against null-window tests
    alone, on seeded deals of seeds 1 and 2 (nodes in sum): French 4-player from 12 tricks 16 %
    and 14 % fewer, Slovenian 3-player from 14 6 % and 24 %, Königrufen from 12 7 % and 13 %,
    16 full Slovenian deals 2 % and 8 % (their median deal 21 % and 0.4 %); a bracket of 96 or
    128 units instead of PV_BRACKET, about as many in all, the full Slovenian deals of seed 2
    8 % and 29 % more (docs/reference/solving-speed.md).  Only for card units (the Engine's
    choice)."""
    cdef int beta
    if T.beta >= 0 and T.lb < T.beta <= T.ub:
        return T.beta
    if T.aside:
        beta = (T.lb + T.reach[0] if T.lb + T.reach[0] < T.ub else T.ub) if T.side == 0 else (
            T.ub - T.reach[1] + 1 if T.ub - T.reach[1] + 1 > T.lb else T.lb + 1)
        T.n += 1
        T.beta, T.alpha = beta, beta - 1
        return beta
    if T.n > 0 and T.ub - T.lb <= T.bracket:
        T.n += 1
        T.beta, T.alpha = T.ub, T.lb - 1  # (a result of ub or more is ub: the count is at most ub)
        return T.ub
    if T.estimate and T.n == T.probe and not T.lb < T.guess <= T.ub:
        T.guess = -1  # (the first test settled more than the estimate knew)
    if T.n < T.probe:  # (a probe only before an estimate's walk)
        beta = probe_target(T.lb, T.ub, T.high)
    elif T.guess < 0 or (not T.estimate and T.n > 1) or (T.estimate and (
            (T.passed and T.failed) or (T.failed and T.probe))):
        beta = next_target(T.lb, T.ub, T.high)
    elif not T.estimate:
        beta = T.guess if T.n == 0 else T.lb + 1 if T.lb >= T.guess else T.ub
    elif T.n == T.probe:
        beta = T.guess
    else:
        beta = T.ub - T.step + 1 if T.failed or T.high else T.lb + T.step
        T.step *= 2
        if beta > T.ub:
            beta = T.ub
        if beta <= T.lb:
            beta = T.lb + 1
    T.n += 1
    T.beta, T.alpha = beta, beta - 1
    return beta


cdef inline void tests_record(Tests* T, int alpha, int beta, int g) noexcept nogil:
    """The result g of the test of the window (alpha, beta) (fail-soft: g itself is a bound,
    and within the window the count)."""
    if g >= beta:
        T.passed |= T.n > T.probe  # (a test from the estimate on)
        if g > T.lb:
            T.lb = g
    elif g <= alpha:
        T.failed |= T.n > T.probe
        if g < T.ub:
            T.ub = g
    else:
        T.lb = T.ub = g
    if T.aside:  # (a narrowing test that ended: the next on that side goes twice as far)
        T.reach[T.side] = T.reach[T.side] * 2 if T.reach[T.side] * 2 < T.ub - T.lb else max(1, T.ub - T.lb)


cdef inline void tests_budgets(Tests* T, long long nodes, double t, long long node_limit,
                               double deadline) noexcept nogil:
    """Budgets for the tests of an exact count under a limit (``node_limit``, ``deadline``),
    from now (``nodes`` searched, time ``t``).  Without them a test that the limit stops
    keeps only the bounds of the tests before it, and one test near the count can take the
    whole limit (on French full deals it often left one bound where the root's bounds had
    it).  So the tests have a first phase of three quarters of what the limits leave; the
    test that runs past it is put aside (tests_put_aside) and the bounds narrow from both
    ends with what is left."""
    T.node_limit, T.deadline = node_limit, deadline
    T.phase_nodes = nodes + (node_limit - nodes) * 3 // 4 + 1 if node_limit else 0
    T.phase_end = t + (deadline - t) * 0.75 if deadline > 0 else 0


cdef inline bint budgeted(const Tests* T) noexcept nogil:
    """Whether the tests have budgets (tests_budgets was given a limit)."""
    return T.node_limit > 0 or T.deadline > 0


cdef inline void test_caps(const Tests* T, long long nodes, double t, long long* cap_nodes,
                           double* cap_end) noexcept nogil:
    """Where a test begun now (``nodes``, time ``t``) runs out of its budget: the first
    phase's end, or once tests are put aside T's share of what the limits left then; within
    the limits (0: no such limit)."""
    cap_nodes[0] = cap_end[0] = 0
    if T.node_limit:
        cap_nodes[0] = nodes + <long long>(T.left_nodes * T.share) + 1 if T.aside else T.phase_nodes
        if cap_nodes[0] > T.node_limit:
            cap_nodes[0] = T.node_limit
    if T.deadline > 0:
        cap_end[0] = t + T.left_seconds * T.share if T.aside else T.phase_end
        if cap_end[0] > T.deadline:
            cap_end[0] = T.deadline


cdef inline void tests_put_aside(Tests* T, long long nodes, double t) noexcept nogil:
    """The current test ran out of its budget (test_caps) at ``nodes``, time ``t``: put it
    aside, and narrow the bounds from both ends: on one side after the other, tests a
    distance from the bound that doubles after each that ends and halves after each put
    aside; each side's tests until one is put aside make a round, and the budgets double
    from round to round, from 1/FIRST_SHARE of what the limits left at the first put aside."""
    if not T.aside:
        T.left_nodes = T.node_limit - nodes if T.node_limit else 0
        T.left_seconds = T.deadline - t if T.deadline > 0 else 0
        T.reach[0] = T.reach[1] = max(1, (T.ub - T.lb) // 4)
        T.share = 1.0 / FIRST_SHARE
    else:
        T.reach[T.side] = max(1, T.reach[T.side] // 2)
        T.side ^= 1
        if T.side == 0:
            T.share *= 2
    T.aside += 1
    T.beta = -1


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

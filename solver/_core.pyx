# cython: language_level=3
"""Compiled double-dummy search: the Engine that Python drives.  The search (_search.pxd:
alpha-beta with a transposition table and the null-window tests of an MTD(f) driver), the
rules of play (_rules.pxd), the bounds (_bounds.pxd), the table (_table.pxd), the quasi
table (_quasi.pxd) and the partition table (_partition.pxd), the move ordering
(_moves.pxd), the loading of a position's description (_spec.pxd), the choice of the
driver's next test (_driver.pxd), ABDADA's marks (_abdada.pxd) and the system's memory and
clock (_system.pxd) are inline units, cimported here or by one another.

The value searched is what the analysed side still collects from the current point
to the end of play (card units or tricks), never what it has already taken: so one
table entry serves every path to a position and every target.  Entries are written
at trick boundaries and hold a lower and an upper bound on that remaining value.

The search runs without the GIL and keeps all of its state in one ``Engine`` object:
several engines can search at once from several threads, and one engine can search one
position on several threads that share its table (``threads=N``, ABDADA).
"""

import queue
import threading

from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

from solver._types cimport *
from solver._bounds cimport remaining_max
from solver._moves cimport FOLLOW_SLOTS, HINT_SLOTS, HINT_TRICKS, gen_moves, skus_holder
from solver._rules cimport finish_trick, legal_moves, play_card, seat_at, trick_winner
from solver._spec cimport load_spec
from solver._table cimport START_ENTRIES, forget_bounds, grow, table_bytes_for
from solver._quasi cimport QUASI_START, quasi_grow
from solver._partition cimport PART_BUCKETS, PART_START, PART_WAYS, PView
from solver._driver cimport (PV_BRACKET, Tests, budgeted, passes_dear, playout, test_caps, tests_budgets,
                             tests_next, tests_put_aside, tests_record, tests_start)
from solver._system cimport now, release_table, reserve_table, x86_features_missing
from solver._search cimport log_test, narrow, null_window, search_value, undecided, window_test

MAX_SEARCH_THREADS = MAX_THREADS  # threads of one parallel solve, at most

if x86_features_missing():
    raise ImportError("this build of tarokdd's search core uses bit instructions (POPCNT, LZCNT, BMI) that this "
                      "processor lacks (it was built on another machine): build it again here, or with "
                      "TAROKDD_PORTABLE=1 for any machine (in a checkout: pip install -e .)")


# ------------------------------------------------------------------ Python face

cdef class Engine:
    """One search: its transposition table (a fixed memory budget) and counters.

    ``solver.search`` builds the integer description of a position (``spec``) and
    calls :meth:`solve`; the tests also call :meth:`legal` and :meth:`winner` to check
    the compiled rules against :class:`solver.Position`.
    """
    def __cinit__(self, memory_mb=256):
        cdef uint64_t n = 4, q = 64, budget
        if not 1 <= memory_mb <= 65536:
            raise ValueError("memory_mb must be 1 to 65536")
        budget = <uint64_t>memory_mb * 1024 * 1024
        # an eighth of the budget for the quasi table (_quasi.pxd), the rest for the exact
        # table and the partition table
        while q * 2 * sizeof(QEntry) <= budget // 8:
            q *= 2
        self.X.quasi = <QEntry*>reserve_table(q * sizeof(QEntry))
        if self.X.quasi == NULL:
            raise MemoryError("cannot reserve the quasi table")
        self.X.q_max = q
        self.X.q_entries = min(q, QUASI_START)
        budget -= q * sizeof(QEntry)
        while table_bytes_for(n * 2) <= budget and n < (<uint64_t>1 << 32):
            n *= 2
        self.X.table = NULL
        self.X.filter = NULL
        while self.X.table == NULL and n >= 4:  # a system that refuses the space: a smaller budget
            self.X.table = <Entry*>reserve_table(n * sizeof(Entry))
            self.X.filter = <uint8_t*>reserve_table(n // 4)
            if self.X.table == NULL or self.X.filter == NULL:
                release_table(self.X.table, n * sizeof(Entry))
                release_table(self.X.filter, n // 4)
                self.X.table = NULL
                self.X.filter = NULL
                n //= 2
        if self.X.table == NULL:
            release_table(self.X.quasi, q * sizeof(QEntry))
            self.X.quasi = NULL
            raise MemoryError("cannot reserve a transposition table")
        self.X.max_entries = self.reserved_entries = n
        self.X.lead_hints = <uint32_t*>calloc(HINT_SLOTS + FOLLOW_SLOTS, sizeof(uint32_t))
        if self.X.lead_hints == NULL:
            release_table(self.X.table, n * sizeof(Entry))
            release_table(self.X.filter, n // 4)
            release_table(self.X.quasi, q * sizeof(QEntry))
            self.X.table = NULL
            self.X.filter = NULL
            self.X.quasi = NULL
            raise MemoryError("cannot allocate the lead hints")
        self.budget_bytes = budget  # (what the quasi table leaves)
        self.X.n_entries = min(n, START_ENTRIES)
        self.X.use_table = self.X.use_order = self.X.use_equiv = self.X.use_bounds = self.X.use_near = 1
        self.X.use_forecast = self.X.use_hints = self.X.use_follow_hints = 1
        self.X.crew = 1
        self.crew = NULL
        self.threads = 1
        self.solo_nodes = 100000  # about 10 ms: smaller searches do not pay for a second thread
        self.round_nodes = ROUND_NODES
        self.capped_tricks = CAPPED_TRICKS
        self.stopping = threading.Event()

    def __dealloc__(self):
        release_table(self.X.table, self.reserved_entries * sizeof(Entry))
        release_table(self.X.filter, self.reserved_entries // 4)
        release_table(self.X.quasi, self.X.q_max * sizeof(QEntry))
        free(self.X.lead_hints)
        self._release_partition()
        free(self.crew)

    def stop(self):
        """Ask a search running in another thread to stop now (it returns its proven bounds)."""
        cdef int w
        self.stopping.set()
        self.X.stopped = 1
        for w in range(self.threads):
            self._search(w).aborted = 1

    def clear(self):
        """Forget every table entry.  The exact table starts again at a new engine's size and
        grows as it fills: grown by a large solve, it would spread a small solve's entries over
        all of it, fewer of them in the processor's caches (the card points of 16 full
        Slovenian deals solved one after another on one engine, the first of them growing the
        table to 128 MB: the median deal 0.218 s against 0.201-0.206 s, the same nodes as on a
        new engine).  Its memory stays reserved; the part grown into again is zeroed.  So does
        the quasi table (_quasi.pxd).  The partition table (at most 6 MB) keeps its size: the
        valats of the French 5-player dominant hands took 21 % more nodes on the median deal
        when it, too, started small."""
        memset(self.X.table, 0, self.X.n_entries * sizeof(Entry))
        memset(self.X.filter, 0, self.X.n_entries // 4)
        self.X.n_entries = min(self.X.max_entries, START_ENTRIES)
        self.X.fills = 0
        memset(self.X.quasi, 0, self.X.q_entries * sizeof(QEntry))
        self.X.q_entries = min(self.X.q_max, QUASI_START)
        self.X.q_fills = 0
        if self.X.part != NULL:
            memset(self.X.part, 0, self.X.part_buckets * PART_WAYS * sizeof(PEntry))
            memset(self.X.shapes, 0, self.X.n_shapes * sizeof(PatSlot))
            self.X.part_fills = 0

    def forget_bounds(self):
        """Forget the bounds of every exact table entry, keep its move: what a search then
        visits, against one on an emptied table, is what better ordering of the leads could
        save (``bench_solver.py --driver``).  The quasi table, which holds only bounds, is
        emptied; the partition table is left as it is."""
        forget_bounds(&self.X)
        memset(self.X.quasi, 0, self.X.q_entries * sizeof(QEntry))

    cdef void _capped(self, dict spec, State* child) except *:
        """Search.capped_rules: the count's rules with every card worth more than min_pts
        worth the least of those (_search.pxd capped_search).  Their table keys are the
        count's own, so that the entries of both serve each other (what a capped search
        proves holds for the count); the quasi table has a context of theirs."""
        cdef Rules* R = &self.X.R
        cap = R.min_pts + min([R.dear_excess[c] for c in range(R.n_dear_classes)])
        # (capped above min_pts, the same cards are dear and the same are pips: the state's
        # counts of them hold under both rules)
        context = load_spec(dict(spec, points=[(s, r, min(p, cap)) for s, r, p in spec["points"]]),
                            &self.capped_rules, child)
        memcpy(self.capped_rules.key_sym, R.key_sym, sizeof(R.key_sym))
        memcpy(self.capped_rules.blind_sym, R.blind_sym, sizeof(R.blind_sym))
        self.X.capped_quasi_context = context
        self.X.capped_top = cap + R.trick_units + (R.n_seats - 1) * R.min_pts
        self.X.capped_tricks = self.capped_tricks
        self.X.capped_rules = &self.capped_rules

    cdef void _load(self, dict spec, State* S) except *:
        self.X.context = self.X.quasi_context = load_spec(spec, &self.X.R, S)
        self.X.budget_end = NO_BUDGET
        self.X.rounds_until = self.X.beaters_order = self.X.all_tricks = 0

    cdef bint _partition_table(self):
        """Whether the partition table is there (made at the first solve that wants it): it may
        grow to PART_BUCKETS buckets, or to what the budget leaves beside the exact table now,
        which from then on may grow only into what the partition table leaves."""
        cdef uint64_t buckets = PART_BUCKETS, room = self.budget_bytes - table_bytes_for(self.X.n_entries)
        if self.X.part != NULL:
            return True
        while buckets >= 256 and self._partition_bytes(buckets) > room:
            buckets //= 2
        if buckets < 256:  # (a budget the exact table fills: that table alone)
            return False
        self.X.part = <PEntry*>reserve_table(buckets * PART_WAYS * sizeof(PEntry))
        self.X.shapes = <PatSlot*>reserve_table(buckets // 2 * sizeof(PatSlot))
        self.X.views = <PView*>calloc(MAX_TRICKS + 1, sizeof(PView))
        self.X.part_max = buckets
        if self.X.part == NULL or self.X.shapes == NULL or self.X.views == NULL:
            self._release_partition()
            return False
        self.X.part_buckets = min(buckets, PART_START)
        self.X.n_shapes = self.X.part_buckets // 2
        self.X.part_fills = 0
        while self.X.max_entries > self.X.n_entries and (
                table_bytes_for(self.X.max_entries) + self._partition_bytes(buckets) > self.budget_bytes):
            self.X.max_entries //= 2
        return True

    cdef void _release_partition(self) noexcept:
        release_table(self.X.part, self.X.part_max * PART_WAYS * sizeof(PEntry))
        release_table(self.X.shapes, self.X.part_max // 2 * sizeof(PatSlot))
        free(self.X.views)
        self.X.part, self.X.shapes, self.X.views = NULL, NULL, NULL

    cdef uint64_t _partition_bytes(self, uint64_t buckets) noexcept:
        """The partition table's memory at ``buckets`` buckets."""
        return buckets * PART_WAYS * sizeof(PEntry) + buckets // 2 * sizeof(PatSlot)

    def legal(self, dict spec):
        """Codes (suit << 5 | rank, plus (name + 1) << 8 for a named skus) of every legal move."""
        cdef State S
        cdef int moves[MAX_MOVES]
        self._load(spec, &S)
        n = legal_moves(&self.X.R, &S, moves)
        return [moves[i] for i in range(n)]

    def winner(self, dict spec, bint last=False):
        """Index of the card winning the spec's (possibly partial) trick."""
        cdef State S
        self._load(spec, &S)
        return trick_winner(&self.X.R, &S, S.n_played, last)

    def solve(self, dict spec, long long node_limit=0, double time_limit=0, int target=-1,
              bint all_cards=False, bint line=False, bint use_table=True, bint use_order=True,
              bint use_equiv=True, bint use_bounds=True, int threads=1, bint use_estimate=True,
              bint use_forecast=True, bint use_partition=True, bint use_near=True, bint use_hints=True,
              bint use_follow_hints=True, bint use_rounds=True, bint use_beaters=True, bint use_lean=True,
              bint use_bracket=True, bint use_quasi=True, bint use_one=True,
              bint use_capped=True):
        """The side's remaining count for the spec's position: exact, or proven bounds when a
        limit stopped the search.  With ``target`` >= 0 only whether the count reaches it
        is decided (one null-window test, for yes/no goals).  With ``threads`` > 1 the tests
        are searched by that many threads on one table (after the first ``solo_nodes`` on one;
        a node limit is shared out).  An exact count's tests walk from the count of a playout
        (use_estimate), or without it split the interval from the start; where fewer seats
        maximise the count than minimise it they lean high (use_lean, _driver.pxd
        passes_dear); a count in card units, once bracketed narrowly, is searched whole
        (use_bracket, _driver.pxd tests_next).  A trick start's first lead comes from the lead
        hints where they name one (in partition search only where its table names none), else
        from the table (use_hints, _moves.pxd lead_shape); a follower's but the trick's last
        from the followers' hints where they name one (use_follow_hints, follow_shape).  Trick
        starts that differ only in what some plain cards are worth share their bounds, widened
        by those points (use_quasi, _quasi.pxd), where any card is worth more than another.
        A goal that only who wins each trick decides, in a 4-player game without
        must-overtrump or in French 5-player tarot, is searched with the partition table
        (use_partition, _partition.pxd), on one thread whatever ``threads`` says; other goals
        with the exact one.  Under a limit an exact count's tests have budgets: one that runs
        out is put aside and the bounds narrow from both ends (tests_budgets, _driver.pxd).  A
        test whether the side takes every trick still to play (valat) searches the moves of its
        first trick in rounds of doubling budgets (use_rounds, _search.pxd expand) and the
        opponents' leads those first that the fewest of the side's cards can beat
        (use_beaters, _moves.pxd order_by_beaters).  A trick start of a card-points test that
        one trick decides, with no special card out, is searched for whether the side takes a
        trick, with tricks as the count (use_one, _search.pxd one_trick); from
        ``capped_tricks`` tricks left, one whose test asks little is searched with the dear
        cards' points capped (use_capped, _search.pxd capped_search).

        Returns a dict: lower, upper, nodes, probes, hits, iterations, put_aside (tests whose
        budget ran out), aborted, partition (the partition table was used), ``tests`` (the
        root count's tests in order, the first MAX_LOGGED: window, fail-soft result, whether a
        budget or the limit stopped it, and its nodes, all threads'; not the cards' tests), and
        when asked ``cards`` (move code -> (lower, upper)) and ``line`` (move codes, DEMAND as
        -1).
        """
        cdef State S, child
        cdef int lo, hi, tv, i, n, guess
        cdef int moves[MAX_MOVES]
        cdef Rules* R
        self._load(spec, &S)
        self.X.nodes = self.X.probes = self.X.hits = self.X.iterations = self.X.put_aside = self.X.n_logged = 0
        if self.hints_kept:  # each solve starts afresh, with no lead hints
            memset(self.X.lead_hints, 0, (HINT_SLOTS + FOLLOW_SLOTS) * sizeof(uint32_t))
        memset(self.X.trick_shape, 0, sizeof(self.X.trick_shape))  # (nor a shape from before, at a root within a trick)
        self.hints_kept = (use_hints or use_follow_hints) and self.X.R.n_tricks - S.trick_no + 1 >= HINT_TRICKS
        self.X.aborted = 0
        self.X.node_limit = node_limit
        self.X.deadline = now() + time_limit if time_limit > 0 else 0
        self.X.use_table, self.X.use_order, self.X.use_equiv = use_table, use_order, use_equiv
        self.X.use_bounds, self.X.use_forecast, self.X.use_near = use_bounds, use_forecast, use_near
        self.X.use_hints, self.X.use_follow_hints = use_hints, use_follow_hints
        # partition search: not where a card's value or an event counts (entries keep ranks by
        # who wins tricks), nor where must-beat (SI-3.3, AT-3.3) reads ranks for the legal cards;
        # in the 4-player games without must-overtrump and in French 5-player tarot.  Measured
        # slower elsewhere: the 3-player games took 12-27 % fewer nodes and 14-27 % more time,
        # French 4-player trick counts from 12 tricks 16 % fewer nodes and 45 % more time, from
        # 15 twice the nodes (its 6 MB table fills up), must-beat contracts more time
        # (docs/reference/solving-speed.md)
        R = &self.X.R
        if not 1 <= threads <= MAX_THREADS:
            raise ValueError("threads must be 1 to %d" % MAX_THREADS)
        self.X.partition = (use_partition and use_table and not (
            R.n_dear_classes or R.event_kind or R.must_beat) and (
            R.n_seats == 5 or (R.n_seats == 4 and not R.must_overtrump))
            and self._partition_table())
        if self.X.partition:
            # the partition table serves one thread: on the exact table two threads took longer
            # (the tricks of 8 full French 5-player deals: 2 of 8 within 10 s against 5 of 8,
            # valat on the dominant French 5-player hands 0.026 s on the median deal against
            # 0.005 s) or were a little faster (full Slovenian and Königrufen trick counts: the
            # median deal 0.023 s and 0.015 s against 0.025 s and 0.016 s, the slowest 0.073 s
            # and 0.079 s against 0.090 s and 0.127 s; docs/reference/solving-speed.md)
            threads = 1
        self.X.use_quasi = use_quasi and use_table and R.quasi_ok and not self.X.partition
        self.X.one_rules = self.X.capped_rules = NULL
        self.X.in_one = self.X.in_capped = 0
        if (use_table and use_bounds and R.n_dear_classes and not self.X.partition
                and R.last_card_ok and R.event_kind == EVENT_NONE and not any(spec["bout_bonus"])):
            memcpy(&self.count_rules, R, sizeof(Rules))
            self.X.count_rules = &self.count_rules
            memset(&child, 0, sizeof(State))
            self.X.one_at = R.trick_units + R.n_seats * R.min_pts
            if use_one:
                # positions where one trick decides a test of card points are searched for the
                # side's tricks (_search.pxd one_trick), whose cards differ less
                self.X.one_context = load_spec(dict(spec, points=[], trick_units=1), &self.one_rules, &child)
                # (its proofs report the suits whose pips' order they read: of its pips, which
                # must hold these rules' pips)
                if all([R.pips[s] & ~self.one_rules.pips[s] == 0 for s in range(N_PLAIN)]):
                    self.X.one_rules = &self.one_rules
            if use_capped and R.n_dear_classes > 1:
                self._capped(spec, &child)
        self.X.shared_until = S.trick_no + SHARED_TRICKS
        self.use_estimate = use_estimate
        self.use_lean = use_lean
        self.use_bracket = use_bracket
        self.use_rounds = use_rounds
        self.use_beaters = use_beaters
        self.X.round_nodes = max(1, self.round_nodes)
        self.X.age = self.X.age % 255 + 1
        if threads > 1 and self.crew == NULL:
            self.crew = <Crewmate*>calloc(MAX_THREADS, sizeof(Crewmate))
            if self.crew == NULL:
                raise MemoryError("cannot allocate the threads' search states")
        self.threads = threads
        self.stopping.clear()
        self.X.stopped = 0
        self.at_root = self.X.logging = 1
        try:
            lo, hi = self._bounds(&S, target, -1)
        finally:
            self.at_root = self.X.logging = 0
        out = {"lower": lo, "upper": hi}
        if all_cards and not self.X.aborted:
            cards = {}
            n = legal_moves(&self.X.R, &S, moves)
            # each card's first test at the value of the card before it (a seat's cards of a suit
            # often share one), the first card's at the root's; an optimal card keeps that, and
            # a guess that is the value settles it in two tests.  The values of every card of 16
            # full Slovenian deals took 6.8 % fewer nodes than with the root's value as the guess
            # for every card, French 4-player from 12 tricks 8.3 %, Königrufen 3.6 %, French
            # 5-player from 10 tricks 4.0 %; Slovenian 3-player from 14 tricks 1.3 % more
            guess = lo if lo == hi else -1
            for i in range(n):
                child = S
                tv = self._child(&child, moves[i])
                lo2, hi2 = self._bounds(&child, target - tv if target >= 0 else -1,
                                        guess - tv if guess >= 0 else -1)
                cards[moves[i]] = (lo2 + tv, hi2 + tv)
                if lo2 == hi2:
                    guess = lo2 + tv
            out["cards"] = cards
        if line and not self.X.aborted:
            if lo == hi:
                out["line"] = self._line(&S, lo, 0)
            elif target >= 0:
                out["line"] = self._line(&S, target, 1) if lo >= target else self._line(&S, target - 1, 2)
        out["tests"] = [(t.alpha, t.beta, t.result, bool(t.stopped), t.nodes)
                        for t in self.X.logged[:self.X.n_logged]]
        out.update(iterations=self.X.iterations, put_aside=self.X.put_aside, nodes=self.X.nodes,
                   probes=self.X.probes, hits=self.X.hits,
                   aborted=bool(self.X.aborted), partition=bool(self.X.partition))
        return out

    cdef tuple _bounds(self, State* S, int target, int guess):
        """Proven (lower, upper) of the remaining count: exact (first testing ``guess``, -1:
        none: a walk from a playout's estimate), or decided against target.  The root's bounds
        narrow in ``live``, where :attr:`progress` reads them."""
        cdef int local[2]
        cdef int* b = &self.live[0] if self.at_root else &local[0]
        cdef long long limit = self.X.node_limit
        cdef Tests T  # the proven bounds, and an exact count's next tests
        # a test whether the side takes every trick still to play: the first trick's moves in
        # rounds (expand), the opponents' leads by order_by_beaters.  One first move often
        # decides a valat cheaply (a defender's lead that beats it, a lead that makes it) where
        # a move that does not decide it costs a proof of millions of nodes; the card points
        # and the other yes/no goals measured slower with rounds (docs/reference/solving-speed.md)
        cdef bint all_tricks = (target > 0 and target == remaining_max(&self.X.R, S)
                                and self.X.R.trick_units == 1 and self.X.R.n_dear_classes == 0)  # (tricks alone)
        self.X.rounds_until = S.trick_no + 1 if self.use_rounds and all_tricks else 0
        self.X.beaters_order = self.use_beaters and all_tricks
        self.X.all_tricks = all_tricks
        cdef int high = self.use_lean and passes_dear(&self.X.R)
        # a count in card units, once bracketed, is searched whole (tests_next; a yes/no test
        # never asks it), a card's value from its guess too (all_cards: 3-6 % fewer nodes on
        # full Slovenian deals, 4-11 % on French 4-player from 10 tricks, 1-4 % more on Danish
        # ones).  Trick counts keep the null-window tests: searched whole, the tricks of 16 full
        # Slovenian deals took 6 % fewer nodes, of 8 French 5-player deals from 12 tricks 2 %
        # more, and the partition table that serves most of them is searched with null windows
        # alone
        cdef int bracket = PV_BRACKET if self.use_bracket and self.X.R.n_dear_classes > 0 else 0
        cdef int estimate = target < 0 and guess < 0 and self.use_estimate
        with nogil:
            tests_start(&T, 0, remaining_max(&self.X.R, S), playout(&self.X, S) if estimate else guess,
                        estimate, high, bracket)
        b[0], b[1] = T.lb, T.ub
        if self.threads > 1 and undecided(T.lb, T.ub, target):
            # one thread first: a small search is over before more threads would pay
            self.X.node_limit = self.X.nodes + self.solo_nodes
            if limit and limit < self.X.node_limit:
                self.X.node_limit = limit
            if self.solo_nodes > 0:
                with nogil:
                    narrow(&self.X, S, b, target, &T)
            self.X.node_limit = limit
            if not undecided(T.lb, T.ub, target) or self.stopping.is_set() or (
                    limit and limit - self.X.nodes < self.threads) or (self.X.deadline > 0 and now() > self.X.deadline):
                return T.lb, T.ub
            self.X.aborted = 0
            if target < 0:
                tests_budgets(&T, self.X.nodes, now(), limit, self.X.deadline)
            return self._bounds_parallel(S, target, &T)
        with nogil:
            if target < 0:
                tests_budgets(&T, self.X.nodes, now(), limit, self.X.deadline)
            narrow(&self.X, S, b, target, &T)
        return T.lb, T.ub

    cdef Search* _search(self, int w) noexcept:
        return &self.X if w == 0 else &self.crew[w].X

    cdef tuple _bounds_parallel(self, State* S, int target, Tests* T):
        """search_value's tests (T's, or the one test of ``target`` >= 0) on ``threads`` threads:
        all test the same target on the shared table, sharing out the work ABDADA's way
        (``expand``); the first answer ends the test and the others are recalled.  The table
        grows only while all are stopped.  (Testing different targets at once, on two threads
        about the interval's thirds, measured no better: 26 % and 3 % less time on two sets of
        seeded deals, 8 % more on two others.)  Under a limit (budgeted) a test that runs out
        of its budget is put aside (tests_budgets): each thread searching it stops at its share
        of the budget left when it began."""
        cdef int n = self.threads, w, o
        cdef long long full_limit = self.X.node_limit, left = full_limit - self.X.nodes
        cdef long long cap_nodes = 0, searched, own
        cdef double cap_end = 0, deadline = self.X.deadline
        cdef Search* H
        for w in range(1, n):
            H = &self.crew[w].X
            H[0] = self.X  # the same rules, table, limits and age
            H.nodes = H.probes = H.hits = H.iterations = H.fills = H.q_fills = 0
        for w in range(n):
            H = self._search(w)
            H.crew, H.grow_wanted, H.q_grow_wanted = n, 0, 0
            if self.X.use_table:  # (without the table a thread cannot use the others' results)
                H.busy = &self.busy_marks[0]
            if full_limit:  # what is left of the limit, shared out (_bounds leaves at least n)
                H.node_limit = H.nodes + left // n + (1 if w < left % n else 0)
        shares = [self._search(w).node_limit for w in range(n)]  # each thread's part of the limit
        memset(self.busy_marks, 0, sizeof(self.busy_marks))
        results = queue.SimpleQueue()
        busy = [None] * n       # the target each thread is testing
        began = {}              # the nodes searched when each target's test began (its log)
        recalled = [False] * n  # stopped by the driver (moot test, growth, budget), not by a limit
        workers = []
        halted = False
        testing = -1  # the target whose budget is running (budgeted)
        try:
            while True:
                growing = any(self._search(w).grow_wanted or self._search(w).q_grow_wanted for w in range(n))
                if not halted and not self.stopping.is_set() and growing:
                    for w in range(n):
                        if busy[w] is not None and not recalled[w]:
                            recalled[w] = True
                            self._search(w).aborted = 1
                    if all(b is None for b in busy):
                        if any(self._search(w).grow_wanted for w in range(n)):
                            for w in range(1, n):
                                self.X.fills += self.crew[w].X.fills
                            grow(&self.X)
                            for w in range(n):  # (each thread counts its share of the fills)
                                self._search(w).fills = self.X.fills // n
                        if any(self._search(w).q_grow_wanted for w in range(n)):
                            for w in range(1, n):
                                self.X.q_fills += self.crew[w].X.q_fills
                            quasi_grow(&self.X)
                            for w in range(n):
                                self._search(w).q_fills = self.X.q_fills // n
                        for w in range(n):
                            H = self._search(w)
                            H.table, H.n_entries, H.max_entries = self.X.table, self.X.n_entries, self.X.max_entries
                            H.q_entries = self.X.q_entries
                            H.grow_wanted = H.q_grow_wanted = 0
                        growing = False
                if not (halted or self.stopping.is_set() or growing) and undecided(T.lb, T.ub, target):
                    searched = sum(self._search(o).nodes for o in range(n))
                    for w in range(n):
                        if busy[w] is None:
                            busy[w] = beta = target if target >= 0 else tests_next(T)
                            alpha = target - 1 if target >= 0 else T.alpha
                            began.setdefault(beta, (alpha, searched))
                            if budgeted(T):
                                if beta != testing:
                                    testing = beta
                                    test_caps(T, searched, now(), &cap_nodes, &cap_end)
                                H = self._search(w)
                                H.node_limit = shares[w]
                                own = H.nodes + max(1, (cap_nodes - searched) // n)
                                if cap_nodes and (not H.node_limit or own < H.node_limit):
                                    H.node_limit = own
                                H.deadline = cap_end if cap_end > 0 else deadline
                            recalled[w] = False
                            worker = self._worker(w, alpha, beta, S, results)
                            workers.append(worker)
                            worker.start()
                if all(b is None for b in busy):
                    break
                try:
                    w, alpha, beta, g, aborted = results.get(timeout=0.01)
                except queue.Empty:
                    continue
                busy[w] = None
                if aborted:
                    H = self._search(w)
                    if recalled[w]:
                        continue
                    if (beta == testing and not self.stopping.is_set() and not (shares[w] and H.nodes >= shares[w])
                            and not (deadline > 0 and now() >= deadline)):
                        for o in range(n):  # the test's budget ran out: put it aside
                            if busy[o] == testing and not recalled[o]:
                                recalled[o] = True
                                self._search(o).aborted = 1
                        searched = sum(self._search(o).nodes for o in range(n))
                        self._log(began, beta, 0, 1, searched)
                        tests_put_aside(T, searched, now())
                        self.X.put_aside += 1
                        testing = -1
                        continue
                    halted = True  # a limit or stop(): finish with what is proven
                    for o in range(n):
                        self._search(o).aborted = 1
                    self._log(began, beta, 0, 1, sum(self._search(o).nodes for o in range(n)))
                    continue
                self._log(began, beta, g, 0, sum(self._search(o).nodes for o in range(n)))
                tests_record(T, alpha, beta, g)
                if beta == testing:
                    testing = -1
                if self.at_root:
                    self.live[0], self.live[1] = T.lb, T.ub
                for o in range(n):
                    if busy[o] is not None and not (T.lb < busy[o] <= T.ub) and not recalled[o]:
                        recalled[o] = True  # its answer is known now
                        self._search(o).aborted = 1
        finally:
            # left by an exception (Ctrl-C in this thread) the searches may still run, on this
            # engine's memory: stop them and wait.  A Ctrl-C that comes while waiting is
            # raised once they are done (even when the search itself had ended), never lost.
            interrupt = None
            for w in range(n):
                self._search(w).aborted = 1
            for worker in workers:
                while True:
                    try:
                        if worker.ident is None or not worker.is_alive():
                            break
                        worker.join()
                    except KeyboardInterrupt as exc:
                        interrupt = exc
                        halted = True
            for w in range(1, n):
                H = &self.crew[w].X
                self.X.nodes += H.nodes
                self.X.probes += H.probes
                self.X.hits += H.hits
                self.X.iterations += H.iterations
                self.X.fills += H.fills
                self.X.q_fills += H.q_fills
            self.X.crew = 1
            self.X.busy = NULL
            self.X.grow_wanted = self.X.q_grow_wanted = 0
            self.X.node_limit, self.X.deadline = full_limit, deadline
            self.X.aborted = 1 if halted or self.stopping.is_set() else 0
            if interrupt is not None:
                raise interrupt
        return T.lb, T.ub

    cdef void _log(self, dict began, int beta, int result, int stopped, long long searched):
        """A parallel solve's test of ``beta``, decided or stopped, in the log (log_test), once."""
        if beta in began:
            alpha, start = began.pop(beta)
            log_test(&self.X, alpha, beta, result, stopped, searched - start)

    cdef object _worker(self, int w, int alpha, int beta, State* root, object results):
        """A thread (not started) that tests the window (alpha, beta) on search ``w`` from a
        copy of the root."""
        cdef State* S = &self.crew[w].root
        self._search(w).aborted = 0
        S[0] = root[0]
        S.key_dirty = (1 << N_SUITS) - 1
        S.blind_dirty = (1 << N_PLAIN) - 1
        return threading.Thread(target=self._test, args=(w, alpha, beta, results), daemon=True)

    def _test(self, int w, int alpha, int beta, results):
        cdef Search* X = self._search(w)
        cdef int g
        with nogil:
            X.iterations += 1
            g = window_test(X, &self.crew[w].root, alpha, beta)
        results.put((w, alpha, beta, g, bool(X.aborted)))

    cdef int _child(self, State* S, int move) noexcept:
        cdef int seat = seat_at(&self.X.R, S.leader, S.n_played)
        play_card(&self.X.R, S, seat, move)
        if S.n_played == self.X.R.n_seats:
            return finish_trick(&self.X.R, S)
        return 0

    cdef bint _holds(self, State* S, int value, int mode):
        """Whether the remaining count is == value (mode 0), >= value (1) or <= value (2)."""
        cdef int g
        if mode == 0:
            return self._bounds(S, -1, value)[0] == value
        with nogil:
            if mode == 1:
                g = null_window(&self.X, S, value)
            else:
                g = null_window(&self.X, S, value + 1)
        return g >= value if mode == 1 else g <= value

    cdef list _line(self, State* root, int value, int mode):
        """A line of optimal play: at each step a move that keeps the claim about the count
        (== value, or >= / <= value for yes/no goals).  The side that cannot change the
        outcome plays its first move in search order."""
        cdef State S = root[0], child
        cdef int moves[MAX_MOVES]
        cdef int n, i, seat, tv, holder, maximizing, deciding
        out = []
        while S.trick_no <= self.X.R.n_tricks and not S.over and not self.X.aborted:
            if S.n_played == 0:
                holder = skus_holder(&self.X.R, &S)
                if holder >= 0:
                    child = S
                    child.demanded = 1
                    # the demand is made unless the side holds the skus and is better off without it
                    if not self.X.R.maxer[holder] or self._holds(&child, value, mode):
                        S.demanded = 1
                        out.append(-1)
            seat = seat_at(&self.X.R, S.leader, S.n_played)
            maximizing = self.X.R.maxer[seat]
            deciding = mode == 0 or (mode == 1) == maximizing
            n = gen_moves(&self.X, &S, seat, moves, -1, NULL)
            for i in range(n):
                child = S
                tv = self._child(&child, moves[i])
                if not deciding or self._holds(&child, value - tv, mode if mode else (1 if maximizing else 2)):
                    out.append(moves[i])
                    S = child
                    value -= tv
                    break
            else:
                if self.X.aborted:  # the limit ran out while the moves were checked
                    break
                raise RuntimeError("no move keeps the value %d (search inconsistency)" % value)
        return [] if self.X.aborted else out  # a line cut short by the limit is no line

    @property
    def progress(self):
        """(nodes, lower, upper) of a solve running in another thread: the nodes searched so far
        and the bounds proven so far on the root's remaining count (read without a lock, for a
        progress display; after the root is done, its final bounds)."""
        cdef long long nodes = self.X.nodes
        cdef int w
        if self.X.crew > 1:
            for w in range(1, self.X.crew):
                nodes += self.crew[w].X.nodes
        return nodes, self.live[0], self.live[1]

    @property
    def entries(self):
        """Entries now in the table (it grows up to max_entries)."""
        return self.X.n_entries

    @property
    def max_entries(self):
        return self.X.max_entries

    @property
    def table_bytes(self):
        """The tables' memory now: the exact table's with its filter, the quasi table's, and the
        partition table's once made."""
        return (table_bytes_for(self.X.n_entries) + self.X.q_entries * sizeof(QEntry)
                + (self._partition_bytes(self.X.part_buckets) if self.X.part else 0))

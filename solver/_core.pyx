# cython: language_level=3
"""Compiled double-dummy search: alpha-beta with a transposition table, an MTD(f) driver,
and the Engine that Python drives.  The rules of play (_rules.pxd), the bounds (_bounds.pxd),
the table (_table.pxd) and the partition table (_partition.pxd), the move ordering
(_moves.pxd), the loading of a position's description (_spec.pxd), the choice of the
driver's next test (_driver.pxd), ABDADA's marks (_abdada.pxd) and the system's memory and
clock (_system.pxd) are inline units cimported here.

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
from solver._bounds cimport (lead_pips_used, lead_sure_count, length_counts, lone_lead_count, remaining_max,
                             sure_count, terminal_value)
from solver._moves cimport LastCard, gen_moves, last_card_by_table, order_leads, skus_holder
from solver._rules cimport (card_key, ended_trick_pips, finish_trick, legal_moves,
                            play_card, seat_at, trick_winner)
from solver._spec cimport load_spec
from solver._table cimport boundary_key, forget_bounds, grow, mix, store, table_bounds
from solver._partition cimport (PART_BUCKETS, PART_START, PART_WAYS, PView, lead_rel, lone_lead_rel,
                                overtrump_rel, partition_bounds, partition_store, rel_min, rel_set, runs_rel,
                                skipped_pip_rel, trick_rel, view_of)
from solver._driver cimport Tests, playout, tests_next, tests_record, tests_start
from solver._system cimport now, release_table, reserve_table
from solver._abdada cimport claim, release

MAX_SEARCH_THREADS = MAX_THREADS  # threads of one parallel solve, at most


cdef inline int try_move(Search* X, State* S, int seat, int move, int alpha, int beta,
                         int exclusive, int* pips_used, const LastCard* L, int i, int* rel) noexcept nogil:
    """The value of one move (or DEFER, see ab); ``pips_used`` gets the plain suits whose
    pips' order its proof used (see expand), ``rel`` (partition search) the lowest rank per suit
    it read.  ``L`` (or NULL): a trick's last card, the i-th, whose next position's table key
    parts last_card_setup has made."""
    cdef int v, tv, win, win_key, slow, trula, named, trick_pips
    cdef uint64_t node_key
    cdef State child
    cdef int read[N_SUITS]
    if S.n_played == X.R.n_seats - 1:  # the trick ends: a new state
        child = S[0]
        play_card(&X.R, &child, seat, move)
        if X.partition:
            trick_rel(&X.R, &child, read)  # (before finish_trick clears the trick)
        tv = finish_trick(&X.R, &child)
        if L != NULL:
            memcpy(child.suit_key, L.parts, sizeof(child.suit_key))
            child.suit_key[(move >> 5) & 7] = L.moved[i]
            child.key_dirty = 0
        trick_pips = ended_trick_pips(&X.R, &child)  # (before the search plays the next trick)
        v = ab(X, &child, alpha - tv, beta - tv, exclusive, pips_used, rel)
        pips_used[0] |= trick_pips
        if X.partition:
            rel_min(rel, read)
        return v if v == DEFER else tv + v
    # within a trick: play and take back in place
    win, win_key, slow, trula, named, node_key = S.win, S.win_key, S.slow, S.trula, S.named, S.node_key
    if X.busy != NULL:
        S.node_key = mix(node_key, move + 1, <uint64_t>0x9E3779B97F4A7C15)
    play_card(&X.R, S, seat, move)
    v = ab(X, S, alpha, beta, exclusive, pips_used, rel)
    S.n_played -= 1
    S.hand[seat][(move >> 5) & 7] |= <uint32_t>1 << (move & 31)
    S.win, S.win_key, S.slow, S.trula, S.named, S.node_key = win, win_key, slow, trula, named, node_key
    return v


cdef int expand(Search* X, State* S, int alpha, int beta, int first, int* best_move,
                int* pips_used, int* rel) noexcept nogil:
    """Try every move of the player to move (fail-soft alpha-beta).  At a trick's last card
    the table entries of the positions after each move are read first (last_card_setup).  In
    a parallel solve (ABDADA) every move but the first is first tried exclusively: a move
    whose node another thread is searching is put off to the end, when its result is usually
    in the table.

    Pips (Rules.pips) of one suit are one move unless a proof reads their order: once the
    proof of a pip's move used no comparison of two pips of its suit (``pips_used``, which
    each proof reports: tricks a pip won over another pip, and the table entries and bounds
    it used), the other pips of that suit give the same value (the positions differ only by
    the two pips' ranks) and are not searched.  Sequences of equal cards are merged before,
    in gen_moves; this merges pips that cards of other players lie between.  ``pips_used``
    gets what this node's proof used.

    In partition search ``rel`` gets the lowest rank per suit the proof read: a cutoff's
    proof is its move's, any other reads what all the moves' proofs read."""
    cdef int moves[MAX_MOVES]
    cdef int deferred[MAX_MOVES]
    cdef int seat = seat_at(&X.R, S.leader, S.n_played)
    cdef int part = X.partition
    cdef int last_card = (S.n_played == X.R.n_seats - 1 and X.R.last_card_ok and X.use_table and not part
                          and not S.slow and S.trick_no < X.R.n_tricks)
    cdef LastCard L
    cdef int n = gen_moves(X, S, seat, moves, first, &L if last_card else NULL)
    cdef int maximizing = X.R.maxer[seat]
    cdef int best = -INF if maximizing else INF
    cdef int i = 0, v, move, n_deferred = 0, exclusive, suit, pip, used
    cdef int pips_on = X.use_equiv  # (a local: the calls below may write X)
    cdef int one_move = 0  # plain suits whose pips are one move here (see above)
    cdef int proof_pips = 0  # (pips_used, kept in a register until the return)
    cdef int known[MAX_MOVES]
    cdef int known_used[MAX_MOVES]
    cdef int move_rel[N_SUITS]
    cdef int all_rel[N_SUITS]
    cdef int cut_rel[N_SUITS]
    cdef int played[MAX_MOVES]      # partition search: the moves searched or left out as pips,
    cdef int n_played = 0
    cdef int pip_searched[N_SUITS]  # per suit the pip whose value the pips left out take,
    cdef int pip_read[N_SUITS]      # and the lowest rank of the suit its proof read
    if part:
        rel_set(all_rel, NOT_READ)
    # a lead with six tricks or more to go: the moves after the table's or the killer move
    # (all of them, with neither in front) are ordered by order_leads once that one fails to
    # cut; a lead that cuts at once costs no forecast.  Nearer the end the forecast saved
    # no nodes (the same counts from three tricks to go) and cost time: 16 full Slovenian
    # deals took 37.9 s with it from three tricks to go, 32.4 s from six, 43.6 s without.
    # In games of more than KILLER_TRICKS tricks the killer is ordered with the others (a
    # killer is kept per seat and trick, and a longer game puts more positions under each)
    cdef int order_from = -1
    if S.n_played == 0 and X.use_forecast and X.use_order and S.trick_no <= X.R.n_tricks - 5:
        order_from = 1 if moves[0] == first or (X.iterations > 1 and X.R.n_tricks <= KILLER_TRICKS
                                                and moves[0] == X.killer[seat][S.trick_no]) else 0
        if n - order_from < 2:
            order_from = -1
    best_move[0] = moves[0]
    if last_card:
        # enhanced transposition cutoff: the table entries of all the next positions (loaded
        # at once, in gen_moves) first; one that cuts spares the search of the moves before it
        for i in range(n):
            known[i] = last_card_by_table(X, S, &L, i, moves[i], alpha, beta, &known_used[i])
            if known[i] != NO_CUT and (known[i] >= beta if maximizing else known[i] <= alpha):
                best_move[0] = moves[i]
                pips_used[0] = known_used[i]
                return known[i]
        i = 0
    while i < n + n_deferred:
        if i < n:
            if i == order_from:
                order_leads(X, S, seat, moves, i, n)
            move = moves[i]
            exclusive = i > 0 and X.busy != NULL
        else:
            move = deferred[i - n]
            exclusive = 0
        i += 1
        suit = (move >> 5) & 7
        pip = (X.R.pips[suit] >> (move & 31)) & pips_on  # (none in TRUMP, SPECIAL; no branch)
        if (one_move >> suit) & pip:
            if part:
                skipped_pip_rel(move, pip_searched[suit], pip_read[suit], all_rel)
                played[n_played] = move
                n_played += 1
            continue  # (the value of the pip of this suit already searched)
        if last_card and i <= n and known[i - 1] != NO_CUT:
            v = known[i - 1]  # (it fails: alpha and beta moved only towards it)
            used = known_used[i - 1]
        else:
            v = try_move(X, S, seat, move, alpha, beta, exclusive, &used,
                         &L if last_card and i <= n else NULL, i - 1, move_rel)
        if X.aborted:
            pips_used[0] = proof_pips
            return best if (best > -INF and best < INF) else alpha
        if v == DEFER:
            deferred[n_deferred] = move
            n_deferred += 1
            continue
        proof_pips |= used
        if part:
            played[n_played] = move
            n_played += 1
            if pip and not ((used >> suit) & 1) and not ((one_move >> suit) & 1):
                pip_searched[suit] = move & 31  # (for the pips of this suit left out: skipped_pip_rel)
                pip_read[suit] = move_rel[suit]
            rel_min(all_rel, move_rel)
        one_move |= (pip & ~(used >> suit)) << suit
        if maximizing:
            if v > best:
                best = v
                best_move[0] = move
                if best > alpha:
                    alpha = best
        else:
            if v < best:
                best = v
                best_move[0] = move
                if best < beta:
                    beta = best
        if alpha >= beta:
            if S.n_played == 0:
                X.killer[seat][S.trick_no] = move
            if part:
                memcpy(cut_rel, move_rel, sizeof(cut_rel))
            break
    pips_used[0] = proof_pips
    if part:
        if alpha < beta:
            memcpy(cut_rel, all_rel, sizeof(cut_rel))
        if X.R.must_overtrump:  # (which moves are legal read ranks too; before runs_rel, which
            overtrump_rel(&X.R, S, seat, cut_rel)  # keeps whole a run across the kept rank)
        if alpha < beta and X.use_equiv:
            runs_rel(S, seat, played, n_played, cut_rel)
        memcpy(rel, cut_rel, sizeof(cut_rel))
    return best


cdef int ab(Search* X, State* S, int alpha, int beta, int exclusive, int* pips_used, int* rel) noexcept nogil:
    """Fail-soft alpha-beta on the value still to come for the side; ``pips_used`` gets the
    plain suits whose pips' order the proof used (see expand), ``rel`` in partition search the
    lowest rank per suit it read (_partition.pxd).  In a parallel solve an ``exclusive`` visit
    to a node another thread is searching returns DEFER."""
    cdef uint64_t key = 0
    cdef uint32_t slot = 0
    cdef int lo = 0, hi, top, v, v2, first = -1, best = -1, holder, whose = 0, entry_used = 0, used2
    cdef int counts[2]
    cdef int shared = X.busy != NULL and S.trick_no < X.shared_until  # ABDADA's marks
    cdef int part = X.partition
    cdef int read[N_SUITS]  # partition search: what the table's entries and the bounds read
    cdef int trump_read = NOT_READ
    cdef PView* view = NULL
    if X.node_limit and X.nodes >= X.node_limit:
        X.aborted = 1
    elif X.deadline > 0 and (X.nodes & 0x3FFF) == 0 and now() > X.deadline:
        X.aborted = 1
    pips_used[0] = 0
    if X.aborted:
        return alpha
    X.nodes += 1
    if S.n_played:
        if not shared:
            return expand(X, S, alpha, beta, -1, &best, pips_used, rel)
        if not claim(X, S.node_key, exclusive, &slot):
            return DEFER
        v = expand(X, S, alpha, beta, -1, &best, pips_used, rel)
        release(X, S.node_key, slot)
        return v
    if part:
        rel_set(read, NOT_READ)
        rel_set(rel, NOT_READ)
    if S.trick_no > X.R.n_tricks or S.over:
        return terminal_value(&X.R, S)
    hi = top = remaining_max(&X.R, S)
    if part:  # the table first: it settles most positions
        view = &X.views[S.trick_no]  # (one trick start of each trick is being searched at a time)
        view_of(X, S, view)
        if partition_bounds(X, S, view, alpha, beta, &lo, &hi, &first, &entry_used, read):
            pips_used[0] = entry_used
            memcpy(rel, read, sizeof(read))
            return lo if lo >= beta else hi
    elif X.use_table:
        key = boundary_key(X, S)
        S.node_key = key
        if table_bounds(X, key, &lo, &hi, &first, &entry_used):
            pips_used[0] = entry_used
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
    if X.use_bounds:
        # (in partition search a bound that narrows lo or hi adds the ranks it read)
        v = sure_count(&X.R, S, &whose, &trump_read)
        if part and v and (v > lo if whose else hi > top - v) and trump_read < read[TRUMP]:
            read[TRUMP] = trump_read
        if whose:
            if v > lo:
                lo = v
        elif hi > top - v:
            hi = top - v
        v = lead_sure_count(&X.R, S, &whose)
        if part and v and (v > lo if whose else hi > top - v):
            lead_rel(X, S, read)
        if whose:
            if v > lo:
                lo = v
        elif hi > top - v:
            hi = top - v
        if lo < beta and hi > alpha:  # (the dearest bound: only where the others did not cut)
            length_counts(&X.R, S, counts)
            if part and (counts[1] > lo or hi > top - counts[0]):
                read[TRUMP] = 0
            if counts[1] > lo:
                lo = counts[1]
            if hi > top - counts[0]:
                hi = top - counts[0]
        if hi - alpha <= X.R.trick_units + X.R.n_seats * X.R.min_pts:  # (it counts one trick)
            v = lone_lead_count(&X.R, S)
            if hi > top - v:
                hi = top - v
                if part:
                    lone_lead_rel(S, read)
    if lo >= beta or hi <= alpha:
        pips_used[0] = entry_used | lead_pips_used(&X.R, S)  # (the bounds may have read them)
        if part:
            memcpy(rel, read, sizeof(read))
        return lo if lo >= beta else hi
    if shared and not claim(X, S.node_key, exclusive, &slot):
        return DEFER
    holder = skus_holder(&X.R, S)
    if holder >= 0:  # DK-3.7 (Q-DK6): the demand decision at the start of trick 23
        S.demanded = 1
        v = expand(X, S, alpha, beta, first, &best, pips_used, rel)
        if X.R.maxer[holder] and v > alpha and not X.aborted:
            S.demanded = 0  # the opponents may leave the demand unmade: a min node
            v2 = expand(X, S, alpha, beta if beta < v else v, first, &best, &used2, read)
            pips_used[0] |= used2
            if part:
                rel_min(rel, read)
            if v2 < v:
                v = v2
        S.demanded = 0
    else:
        v = expand(X, S, alpha, beta, first, &best, pips_used, rel)
    if shared:
        release(X, S.node_key, slot)
    if part and not X.aborted:
        partition_store(X, S, view, v, alpha, beta, best, pips_used[0], rel, X.R.n_tricks - S.trick_no + 1)
    elif X.use_table and not X.aborted:
        store(X, key, v, alpha, beta, best, pips_used[0], X.R.n_tricks - S.trick_no + 1)
    return v


cdef inline int null_window(Search* X, State* S, int beta) noexcept nogil:
    """One null-window test of the root: fail-soft, at least ``beta`` when the count reaches it."""
    cdef int pips_used
    cdef int rel[N_SUITS]
    return ab(X, S, beta - 1, beta, 0, &pips_used, rel)


cdef void search_value(Search* X, State* S, Tests* T, int* b) noexcept nogil:
    """Null-window tests (their targets from tests_next) until the bounds meet; b[0], b[1]
    follow T's bounds as they narrow (Engine.progress reads them from another thread).  On
    abort the bounds proven so far stay."""
    cdef int g, beta
    while T.lb < T.ub and not X.aborted:
        beta = tests_next(T)
        X.iterations += 1
        g = null_window(X, S, beta)
        if X.aborted:
            break
        tests_record(T, beta, g)
        b[0] = T.lb
        b[1] = T.ub


cdef inline bint undecided(int lb, int ub, int target) noexcept nogil:
    """Whether bounds [lb, ub] leave the question open: the exact count (target < 0), or
    whether the count reaches ``target``."""
    return lb < ub and (target < 0 or lb < target <= ub)


cdef void narrow(Search* X, State* S, int* b, int target, Tests* T) noexcept nogil:
    """One thread's answer: the exact count (search_value, T's tests) or the one null-window
    test of ``target``; T's bounds, and b[0], b[1] with them, narrow to what is proven."""
    cdef int g
    if target < 0:
        search_value(X, S, T, b)
    elif undecided(T.lb, T.ub, target):
        X.iterations += 1
        g = null_window(X, S, target)
        if not X.aborted:
            tests_record(T, target, g)
            b[0] = T.lb
            b[1] = T.ub


# ------------------------------------------------------------------ Python face

cdef class Engine:
    """One search: its transposition table (a fixed memory budget) and counters.

    ``solver.search`` builds the integer description of a position (``spec``) and
    calls :meth:`solve`; the tests also call :meth:`legal` and :meth:`winner` to check
    the compiled rules against :class:`solver.Position`.
    """
    def __cinit__(self, memory_mb=256):
        cdef uint64_t n = 4
        if not 1 <= memory_mb <= 65536:
            raise ValueError("memory_mb must be 1 to 65536")
        while n * 2 * sizeof(Entry) <= <uint64_t>memory_mb * 1024 * 1024 and n < (<uint64_t>1 << 32):
            n *= 2
        self.X.table = NULL
        while self.X.table == NULL and n >= 4:  # a system that refuses the space: a smaller budget
            self.X.table = <Entry*>reserve_table(n * sizeof(Entry))
            if self.X.table == NULL:
                n //= 2
        if self.X.table == NULL:
            raise MemoryError("cannot reserve a transposition table")
        self.X.max_entries = self.reserved_entries = n
        self.budget_bytes = <uint64_t>memory_mb * 1024 * 1024
        self.X.n_entries = min(n, 1 << 16)
        self.X.use_table = self.X.use_order = self.X.use_equiv = self.X.use_bounds = 1
        self.X.use_forecast = 1
        self.X.crew = 1
        self.crew = NULL
        self.threads = 1
        self.solo_nodes = 100000  # about 10 ms: smaller searches do not pay for a second thread
        self.stopping = threading.Event()

    def __dealloc__(self):
        release_table(self.X.table, self.reserved_entries * sizeof(Entry))
        self._release_partition()
        free(self.crew)

    def stop(self):
        """Ask a search running in another thread to stop now (it returns its proven bounds)."""
        cdef int w
        self.stopping.set()
        for w in range(self.threads):
            self._search(w).aborted = 1

    def clear(self):
        """Forget every table entry."""
        memset(self.X.table, 0, self.X.n_entries * sizeof(Entry))
        self.X.fills = 0
        if self.X.part != NULL:
            memset(self.X.part, 0, self.X.part_buckets * PART_WAYS * sizeof(PEntry))
            memset(self.X.shapes, 0, self.X.n_shapes * sizeof(PatSlot))
            self.X.part_fills = 0

    def forget_bounds(self):
        """Forget the bounds of every exact table entry, keep its move: what a search then
        visits, against one on an emptied table, is what better ordering of the leads could
        save (``bench_solver.py --driver``).  The partition table is left as it is."""
        forget_bounds(&self.X)

    cdef void _load(self, dict spec, State* S) except *:
        self.X.context = load_spec(spec, &self.X.R, S)

    cdef bint _partition_table(self):
        """Whether the partition table is there (made at the first solve that wants it): it may
        grow to PART_BUCKETS buckets, or to what the budget leaves beside the exact table now,
        which from then on may grow only into what the partition table leaves."""
        cdef uint64_t buckets = PART_BUCKETS, room = self.budget_bytes - self.X.n_entries * sizeof(Entry)
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
                self.X.max_entries * sizeof(Entry) + self._partition_bytes(buckets) > self.budget_bytes):
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
              bint use_forecast=True, bint use_partition=True):
        """The side's remaining count for the spec's position: exact, or proven bounds when a
        limit stopped the search.  With ``target`` >= 0 only whether the count reaches it
        is decided (one null-window test, for yes/no goals).  With ``threads`` > 1 the tests
        are searched by that many threads on one table (after the first ``solo_nodes`` on one;
        a node limit is shared out).  An exact count's tests walk from the count of a playout
        (use_estimate), or without it split the interval from the start.  One thread on a goal
        that only who wins each trick decides, in a 4-player game without must-overtrump or in
        French 5-player tarot, searches with the partition table (use_partition,
        _partition.pxd); other solves with the exact one.

        Returns a dict: lower, upper, nodes, probes, hits, iterations, aborted, partition (the
        partition table was used), and when asked
        ``cards`` (move code -> (lower, upper)) and ``line`` (move codes, DEMAND as -1).
        """
        cdef State S, child
        cdef int lo, hi, tv, i, n
        cdef int moves[MAX_MOVES]
        cdef Rules* R
        self._load(spec, &S)
        self.X.nodes = self.X.probes = self.X.hits = self.X.iterations = 0
        memset(self.X.killer, 0xFF, sizeof(self.X.killer))  # all -1: each solve starts afresh
        self.X.aborted = 0
        self.X.node_limit = node_limit
        self.X.deadline = now() + time_limit if time_limit > 0 else 0
        self.X.use_table, self.X.use_order, self.X.use_equiv = use_table, use_order, use_equiv
        self.X.use_bounds, self.X.use_forecast = use_bounds, use_forecast
        # partition search: not where a card's value or an event counts (entries keep ranks by
        # who wins tricks), nor where must-beat (SI-3.3, AT-3.3) reads ranks for the legal cards;
        # in the 4-player games without must-overtrump and in French 5-player tarot.  Measured
        # slower elsewhere: the 3-player games took 12-27 % fewer nodes and 14-27 % more time,
        # French 4-player trick counts from 12 tricks 16 % fewer nodes and 45 % more time, from
        # 15 twice the nodes (its 6 MB table fills up), must-beat contracts more time
        # (docs/reference/solving-speed.md)
        R = &self.X.R
        self.X.partition = (use_partition and use_table and threads == 1 and not (
            R.n_dear_classes or R.event_kind or R.must_beat) and (
            R.n_seats == 5 or (R.n_seats == 4 and not R.must_overtrump))
            and self._partition_table())
        self.X.shared_until = S.trick_no + SHARED_TRICKS
        self.use_estimate = use_estimate
        self.X.age = self.X.age % 255 + 1
        if not 1 <= threads <= MAX_THREADS:
            raise ValueError("threads must be 1 to %d" % MAX_THREADS)
        if threads > 1 and self.crew == NULL:
            self.crew = <Crewmate*>calloc(MAX_THREADS, sizeof(Crewmate))
            if self.crew == NULL:
                raise MemoryError("cannot allocate the threads' search states")
        self.threads = threads
        self.stopping.clear()
        self.at_root = 1
        try:
            lo, hi = self._bounds(&S, target, -1)
        finally:
            self.at_root = 0
        out = {"lower": lo, "upper": hi}
        if all_cards and not self.X.aborted:
            cards = {}
            n = legal_moves(&self.X.R, &S, moves)
            for i in range(n):
                child = S
                tv = self._child(&child, moves[i])
                # (an optimal card keeps the root's value: the guess that settles it in two tests)
                lo2, hi2 = self._bounds(&child, target - tv if target >= 0 else -1,
                                        lo - tv if lo == hi else -1)
                cards[moves[i]] = (lo2 + tv, hi2 + tv)
            out["cards"] = cards
        if line and not self.X.aborted:
            if lo == hi:
                out["line"] = self._line(&S, lo, 0)
            elif target >= 0:
                out["line"] = self._line(&S, target, 1) if lo >= target else self._line(&S, target - 1, 2)
        out.update(iterations=self.X.iterations, nodes=self.X.nodes, probes=self.X.probes, hits=self.X.hits,
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
        with nogil:
            if target >= 0 or guess >= 0 or not self.use_estimate:
                tests_start(&T, 0, remaining_max(&self.X.R, S), guess, 0)
            else:
                tests_start(&T, 0, remaining_max(&self.X.R, S), playout(&self.X, S), 1)
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
            return self._bounds_parallel(S, target, &T)
        with nogil:
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
        seeded deals, 8 % more on two others.)"""
        cdef int n = self.threads, w, o
        cdef long long full_limit = self.X.node_limit, left = full_limit - self.X.nodes
        cdef Search* H
        for w in range(1, n):
            H = &self.crew[w].X
            H[0] = self.X  # the same rules, table, limits and age
            H.nodes = H.probes = H.hits = H.iterations = H.fills = 0
        for w in range(n):
            H = self._search(w)
            H.crew, H.grow_wanted = n, 0
            if self.X.use_table:  # (without the table a thread cannot use the others' results)
                H.busy = &self.busy_marks[0]
            if full_limit:  # what is left of the limit, shared out (_bounds leaves at least n)
                H.node_limit = H.nodes + left // n + (1 if w < left % n else 0)
        memset(self.busy_marks, 0, sizeof(self.busy_marks))
        results = queue.SimpleQueue()
        busy = [None] * n       # the target each thread is testing
        recalled = [False] * n  # stopped by the driver (moot test, growth), not by a limit
        workers = []
        halted = False
        try:
            while True:
                growing = any(self._search(w).grow_wanted for w in range(n))
                if not halted and not self.stopping.is_set() and growing:
                    for w in range(n):
                        if busy[w] is not None and not recalled[w]:
                            recalled[w] = True
                            self._search(w).aborted = 1
                    if all(b is None for b in busy):
                        for w in range(1, n):
                            self.X.fills += self.crew[w].X.fills
                        grow(&self.X)
                        share = self.X.fills // n  # (each thread counts its share of the fills)
                        for w in range(n):
                            H = self._search(w)
                            H.table, H.n_entries, H.max_entries = self.X.table, self.X.n_entries, self.X.max_entries
                            H.fills = share
                            H.grow_wanted = 0
                        growing = False
                if not (halted or self.stopping.is_set() or growing) and undecided(T.lb, T.ub, target):
                    for w in range(n):
                        if busy[w] is None:
                            busy[w] = beta = target if target >= 0 else tests_next(T)
                            recalled[w] = False
                            worker = self._worker(w, beta, S, results)
                            workers.append(worker)
                            worker.start()
                if all(b is None for b in busy):
                    break
                try:
                    w, beta, g, aborted = results.get(timeout=0.01)
                except queue.Empty:
                    continue
                busy[w] = None
                if aborted:
                    if not recalled[w]:  # a limit or stop(): finish with what is proven
                        halted = True
                        for o in range(n):
                            self._search(o).aborted = 1
                    continue
                tests_record(T, beta, g)
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
            self.X.crew = 1
            self.X.busy = NULL
            self.X.grow_wanted = 0
            self.X.node_limit = full_limit
            self.X.aborted = 1 if halted or self.stopping.is_set() else 0
            if interrupt is not None:
                raise interrupt
        return T.lb, T.ub

    cdef object _worker(self, int w, int beta, State* root, object results):
        """A thread (not started) that tests ``beta`` on search ``w`` from a copy of the root."""
        cdef State* S = &self.crew[w].root
        self._search(w).aborted = 0
        S[0] = root[0]
        S.key_dirty = (1 << N_SUITS) - 1
        return threading.Thread(target=self._test, args=(w, beta, results), daemon=True)

    def _test(self, int w, int beta, results):
        cdef Search* X = self._search(w)
        cdef int g
        with nogil:
            X.iterations += 1
            g = null_window(X, &self.crew[w].root, beta)
        results.put((w, beta, g, bool(X.aborted)))

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
        """The tables' memory now: the exact table's, and the partition table's once made."""
        return self.X.n_entries * sizeof(Entry) + (self._partition_bytes(self.X.part_buckets) if self.X.part else 0)

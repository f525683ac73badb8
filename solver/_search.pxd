# cython: language_level=3
# The search: fail-soft alpha-beta on the value still to come for the side (ab: a trick start
# reads the table and the bounds; expand tries the moves, scout_move as a principal variation
# search in a wider window), and the tests that decide a count (search_value: the driver's
# tests; narrow: one thread's answer).  Inline
# units cimported by _core.pyx, whose Engine sets up the Search and the State they run on.

from libc.string cimport memcpy

from solver._types cimport *
from solver._bounds cimport (kept_special, lead_pips_used, lead_sure_count, length_counts, lone_lead_count,
                             remaining_max, sure_count, terminal_value, trick_lost)
from solver._moves cimport (HINT_TRICKS, LastCard, follow_shape, gen_moves, hinted_card, keep_hint, last_card_by_table,
                            lead_shape, limit_reached, near_bound, order_by_beaters, order_leads, run_move, skus_holder,
                            to_front)
from solver._rules cimport count_cards, ended_trick_pips, finish_trick, play_card, seat_at
from solver._table cimport boundary_key, mix, store, table_bounds
from solver._partition cimport (PView, lead_rel, overtrump_rel, partition_bounds, partition_store,
                                rel_min, rel_set, runs_rel, skipped_pip_rel, trick_rel, view_of)
from solver._driver cimport Tests, budgeted, test_caps, tests_next, tests_put_aside, tests_record
from solver._system cimport now
from solver._abdada cimport claim, release
from solver._quasi cimport quasi_bounds, quasi_key, quasi_prefetch, quasi_store


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


cdef inline int scout_move(Search* X, State* S, int seat, int move, int maximizing, int alpha, int beta,
                           int exclusive, int* pips_used, const LastCard* L, int i, int* rel) noexcept nogil:
    """A move after the first in a window wider than a null one (principal variation search):
    first a null-window test of whether it does better than the best so far (the node's
    alpha, or its beta at a minimizing seat), then the window above (below) that only where it
    does.  Most moves do not: a test costs less than the search of their exact value.  The
    proof reads what both searches read (``pips_used``, ``rel``)."""
    cdef int v, g, used
    cdef int read[N_SUITS]
    if maximizing:
        v = try_move(X, S, seat, move, alpha, alpha + 1, exclusive, pips_used, L, i, rel)
        if v <= alpha or v >= beta or X.aborted:  # (DEFER too, above every beta)
            return v
        g = try_move(X, S, seat, move, v - 1, beta, exclusive, &used, L, i, read)
    else:
        v = try_move(X, S, seat, move, beta - 1, beta, exclusive, pips_used, L, i, rel)
        if v >= beta or v <= alpha or X.aborted:
            return v
        g = try_move(X, S, seat, move, alpha, v + 1, exclusive, &used, L, i, read)
    pips_used[0] |= used
    if X.partition:
        rel_min(rel, read)
    return g


cdef inline int expand(Search* X, State* S, int alpha, int beta, int first, int* best_move,
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

    Cards of the seat that only points tell apart (near_gap: no card of another seat between
    them) are searched until one's value settles the others (near_bound): at a node that has
    not cut, a card whose near card's value lies beyond the window by more than the points
    between them is not searched.

    In partition search ``rel`` gets the lowest rank per suit the proof read: a cutoff's
    proof is its move's, any other reads what all the moves' proofs read.

    In rounds (a valat test's first trick, Search.rounds_until) each move's search stops once
    it has taken its budget and is put off, like a deferred one, to the next round: a move
    that decides the node cheaply is found before the dear ones are finished.  A first round
    of SCOUT_NODES a move (at most Search.round_nodes) finds those decided at once; then the
    budget is Search.round_nodes, the first move's FIRST_MOVE_SHARE times that, doubled each
    round.  The budget is the node limit while the move is searched (Search.budget_end says
    so); it runs out as ``aborted`` 2 (ab), taken back here only by the node whose budget it
    was.  In a valat test the opponents' leads are ordered by order_by_beaters, not by the
    forecast.

    In a window wider than a null one (the driver's search of a bracket, tests_next) every move
    after the first is scouted (scout_move): a principal variation search."""
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
    cdef int rounds = S.trick_no < X.rounds_until, round_end = n
    cdef int scouting = rounds, share_at = -1  # (the first round, and the move of the next with the share)
    cdef long long budget = X.round_nodes, outer_limit = X.node_limit, outer_end = X.budget_end, child_end = 0
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
    cdef int near_on = X.R.classed if X.use_near else 0  # (bits: the suits where cards may be near;
    # none where only tricks count, nor so in partition search, which serves only those goals)
    cdef int near_suits = 0, n_near = 0  # the moves searched (or settled), and their values:
    cdef int near_move[MAX_MOVES]         # for near_bound
    cdef int near_v[MAX_MOVES]
    if first >= 0 and S.n_played < X.R.n_seats - 1 and n > 1 and moves[0] != first:
        first = run_move(moves, n, first)  # (a hint may name a card within a run, or no move)
        if first >= 0:
            to_front(moves, n, first)
    if part:
        rel_set(all_rel, NOT_READ)
    # a lead with six tricks or more to go: the moves after the hint or the table's move (all
    # of them, with neither in front) are ordered by order_leads (by order_by_beaters for the
    # opponents of a side that must take every trick) once that one fails to cut;
    # a lead that cuts at once costs no forecast.  Nearer the end the forecast saved no nodes
    # (the same counts from three tricks to go) and cost time: 16 full Slovenian deals took
    # 37.9 s with it from three tricks to go, 32.4 s from six, 43.6 s without
    cdef int order_from = -1
    if S.n_played == 0 and X.use_forecast and X.use_order and S.trick_no <= X.R.n_tricks - 5:
        order_from = 1 if moves[0] == first else 0
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
                if X.beaters_order and not maximizing:
                    order_by_beaters(X, S, moves, i, n)
                else:
                    order_leads(X, S, seat, moves, i, n)
            move = moves[i]
            exclusive = i > 0 and X.busy != NULL
        else:
            move = deferred[(i - n) % MAX_MOVES]  # (a ring: a move put off again comes last)
            exclusive = 0
            if i >= round_end:  # a new round of the moves put off: round_nodes after the first, then twice
                if scouting:
                    scouting = 0
                    share_at = i + 1
                else:
                    budget *= 2
                round_end = n + n_deferred
        i += 1
        suit = (move >> 5) & 7
        pip = (X.R.pips[suit] >> (move & 31)) & pips_on  # (none in TRUMP, SPECIAL; no branch)
        if (one_move >> suit) & pip:
            if part:
                skipped_pip_rel(move, pip_searched[suit], pip_read[suit], all_rel)
                played[n_played] = move
                n_played += 1
            continue  # (the value of the pip of this suit already searched)
        v = NO_CUT
        if (near_suits >> suit) & 1:
            v = near_bound(&X.R, S, seat, move, maximizing, alpha, beta, near_move, near_v, n_near, &used)
        if v != NO_CUT:
            pass  # (settled by a near card's value)
        elif last_card and i <= n and known[i - 1] != NO_CUT:
            v = known[i - 1]  # (it fails: alpha and beta moved only towards it)
            used = known_used[i - 1]
        else:
            if rounds:
                child_end = X.nodes + (min(budget, SCOUT_NODES) if scouting  # (budget: round_nodes still)
                                       else budget * FIRST_MOVE_SHARE if i == share_at else budget)
                if outer_limit == 0 or child_end < outer_limit:
                    X.node_limit = X.budget_end = child_end
                else:
                    child_end = 0  # (the limit above comes first: not this node's to take back)
            if beta - alpha > 1 and best > -INF and best < INF:
                v = scout_move(X, S, seat, move, maximizing, alpha, beta, exclusive, &used,
                               &L if last_card and i <= n else NULL, i - 1, move_rel)
            else:
                v = try_move(X, S, seat, move, alpha, beta, exclusive, &used,
                             &L if last_card and i <= n else NULL, i - 1, move_rel)
            if rounds:
                X.node_limit, X.budget_end = outer_limit, outer_end
                if X.aborted == 2 and child_end and X.nodes >= child_end and cas_int(&X.aborted, 2, 0):
                    v = DEFER  # its budget ran out: put off to the next round
        if X.aborted:
            pips_used[0] = proof_pips
            return best if (best > -INF and best < INF) else alpha
        if v == DEFER:
            deferred[n_deferred % MAX_MOVES] = move
            n_deferred += 1
            continue
        proof_pips |= used
        if (near_on >> suit) & 1:
            near_move[n_near] = move
            near_v[n_near] = v
            n_near += 1
            near_suits |= 1 << suit
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
            X.cut_late = i > 1
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
            runs_rel(&X.R, S, seat, played, n_played, X.all_tricks, cut_rel)
        memcpy(rel, cut_rel, sizeof(cut_rel))
    return best


cdef inline int ab(Search* X, State* S, int alpha, int beta, int exclusive, int* pips_used, int* rel) noexcept nogil:
    """Fail-soft alpha-beta on the value still to come for the side; ``pips_used`` gets the
    plain suits whose pips' order the proof used (see expand), ``rel`` in partition search the
    lowest rank per suit it read (_partition.pxd).  In a parallel solve an ``exclusive`` visit
    to a node another thread is searching returns DEFER."""
    cdef uint64_t key = 0
    cdef uint32_t slot = 0
    cdef int lo = 0, hi, top, v, v2, first = -1, best = -1, holder, whose = 0, kept_side = 0, kept = 0, entry_used = 0, used2, partner = -1, pair_plan, spare = 0, lone = 0
    cdef int counts[2]
    cdef int len_reads[2]
    cdef int lone_reads[N_SUITS]
    cdef int shared = X.busy != NULL and S.trick_no < X.shared_until  # ABDADA's marks
    cdef int part = X.partition
    cdef int read[N_SUITS]  # partition search: what the table's entries and the bounds read
    cdef int trump_read = NOT_READ
    cdef PView* view = NULL
    cdef uint64_t shape = 0
    cdef int hinted = 0, hint, w
    cdef uint64_t qkey = 0
    if not limit_reached(X) and X.deadline > 0 and (X.nodes & 0x3FFF) == 0 and now() > X.deadline:
        X.aborted = 1
    pips_used[0] = 0
    if X.aborted:
        return alpha
    X.nodes += 1
    if S.n_played:
        if X.all_tricks and X.use_bounds:
            # a valat test fails once the opponents hold the trick in play: the side's cards
            # still to come would each be searched only to lose it.  That read the winner's
            # rank against the side's cards of its suit
            top = remaining_max(&X.R, S) - X.R.trick_units
            if top <= alpha and trick_lost(&X.R, S):
                w = S.win
                if X.R.pips[S.t_suit[w]] >> S.t_rank[w] & 1:
                    pips_used[0] = 1 << S.t_suit[w]
                if part:
                    rel_set(rel, NOT_READ)
                    rel[S.t_suit[w]] = S.t_rank[w]
                return top
        # a follower but the trick's last first tries the card that last cut after another
        # had failed, where the trick start's shape, the tricks left and the trick's cards so
        # far were alike (follow_shape; kept only after a miss: where the order's first card
        # cuts, a hint would only name it less well).  Card points of 16 full Slovenian deals
        # (seeds 1, 2, 3) 18 %, 18 % and 17 % fewer nodes, 8 Königrufen deals 22 % and 17 %
        # (docs/reference/solving-speed.md)
        hint = -1
        if X.use_follow_hints and S.n_played < X.R.n_seats - 1:
            shape = follow_shape(X, S)
            if shape:
                hint = hinted_card(X, S, shape)
        if not shared:
            v = expand(X, S, alpha, beta, hint, &best, pips_used, rel)
        elif not claim(X, S.node_key, exclusive, &slot):
            return DEFER
        else:
            v = expand(X, S, alpha, beta, hint, &best, pips_used, rel)
            release(X, S.node_key, slot)
        if shape and not X.aborted and X.cut_late and (
                v >= beta if X.R.maxer[seat_at(&X.R, S.leader, S.n_played)] else v <= alpha):
            keep_hint(X, S, shape, best)
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
            if lo >= beta or lo == hi:  # (the count itself, in a window wider than a null one)
                return lo
            if hi <= alpha:
                return hi
        if X.use_quasi:  # (its entries are read after the bounds: their loads start now)
            qkey = quasi_key(X, S)
            quasi_prefetch(X, qkey)
    if X.use_bounds:
        # (in partition search a bound that narrows lo or hi adds the ranks it read)
        v = sure_count(&X.R, S, &whose, &trump_read)
        if part and v and (v > lo if whose else hi > top - v) and trump_read < read[TRUMP]:
            read[TRUMP] = trump_read
        kept = kept_special(&X.R, S, &kept_side)
        if kept:  # (its holder plays it now, whatever the top trumps win)
            if v and kept_side == whose:
                # (played to those tricks it counted there as one of the cheapest cards)
                v += kept - max(0, X.R.min_pts - X.R.excuse_exchange)
            elif kept_side:
                if kept > lo:
                    lo = kept
            elif hi > top - kept:
                hi = top - kept
        if whose:
            if v > lo:
                lo = v
        elif hi > top - v:
            hi = top - v
        v = lead_sure_count(&X.R, S, &whose, &partner, &pair_plan)
        if partner >= 0:
            # a partner's masters only to cut, and only as many as it takes: his masters pin
            # the ranks down to the lowest counted (lead_rel)
            v2 = X.R.trick_units * min(pair_plan, X.R.n_tricks - S.trick_no + 1)
            if v2 > v and (v2 >= beta if whose else top - v2 <= alpha):
                v = v2  # (the tricks beyond those the cut needs are spare)
                spare = pair_plan - ((beta if whose else top - alpha) + X.R.trick_units - 1) // X.R.trick_units
            else:
                partner = -1
        if part and v and (v > lo if whose else hi > top - v):
            lead_rel(X, S, partner, spare, read)
        if whose:
            if v > lo:
                lo = v
        elif hi > top - v:
            hi = top - v
        if lo < beta and hi > alpha:  # (the dearest bound: only where the others did not cut)
            length_counts(&X.R, S, counts, len_reads)
            if part and counts[1] > lo:
                read[TRUMP] = min(read[TRUMP], len_reads[1])
            if part and hi > top - counts[0]:
                read[TRUMP] = min(read[TRUMP], len_reads[0])
            if counts[1] > lo:
                lo = counts[1]
            if hi > top - counts[0]:
                hi = top - counts[0]
        if hi - alpha <= X.R.trick_units + X.R.n_seats * X.R.min_pts:  # (it counts one trick)
            v = lone_lead_count(&X.R, S, lone_reads)
            if hi > top - v:
                hi = top - v
                lone = 1
                if part:
                    rel_min(read, lone_reads)
    if X.use_quasi and lo < beta and hi > alpha and lo < hi:
        # the bounds of positions that differ only in plain cards' points (_quasi.pxd), where
        # neither the exact entry nor the bounds settle it.  Card points, nodes and time in
        # sum, each deal's best of three: 16 full Slovenian deals 63 % fewer nodes and 50 %
        # less time, Königrufen from 12 tricks 61 % and 50 %, Slovenian 3-player from 14
        # 43 % and 31 %, French 4-player from 12 33 % and 11 %, Danish from 12 54 % and 29 %
        # (docs/reference/solving-speed.md)
        quasi_bounds(X, qkey, S.cls, &lo, &hi, &entry_used)
    if lo >= beta or hi <= alpha or lo == hi:
        pips_used[0] = entry_used | lead_pips_used(&X.R, S, partner, lone_reads if lone else NULL)  # (the bounds may have read them)
        if part:
            memcpy(rel, read, sizeof(read))
        return lo if lo >= beta else hi
    if X.one_rules != NULL and beta <= X.one_at and not X.in_one and S.start_out[SPECIAL] == 0:
        # one trick reaches the test: whether the side takes one (one_trick).  Card points,
        # the same values: 6 Slovenian 3-player deals from 14 tricks 7.5 % fewer nodes, 8
        # French 4-player deals from 12 4.7 % (docs/reference/solving-speed.md)
        v = one_trick(X, S, pips_used)
        if X.aborted:
            return alpha
        v = X.one_at if v else 0  # (without a trick the side gains nothing: no special card is out)
        store(X, key, v, alpha, beta, first, pips_used[0], X.R.n_tricks - S.trick_no + 1)
        return v
    if (X.capped_rules != NULL and beta <= X.capped_top and not X.in_capped and not X.in_one
            and S.start_out[SPECIAL] == 0 and X.R.n_tricks - S.trick_no + 1 >= X.capped_tricks):
        # the test asks little: searched with the dear cards worth alike (capped_search; its
        # search stores the entry, the same key's).  Card points, the same values: 8 full
        # Slovenian 3-player deals 30 % fewer nodes (the slowest 47 %), 16 full Slovenian deals
        # 2 %; endgames from 10-14 tricks within 1 %, Danish 2.6 % more
        # (docs/reference/solving-speed.md)
        v = capped_search(X, S, alpha, beta, pips_used)
        return alpha if X.aborted else v
    # a window wider than a null one narrows to the bounds: the count lies within them, and the
    # search of the narrower window finds it with fewer moves searched whole (scout_move)
    if lo > alpha + 1:
        alpha = lo - 1
    if hi < beta - 1:
        beta = hi + 1
    if shared and not claim(X, S.node_key, exclusive, &slot):
        return DEFER
    if (X.use_hints or X.use_follow_hints) and (first < 0 or not part) and X.R.n_tricks - S.trick_no + 1 >= HINT_TRICKS:
        # first the lead that last cut where the suit lengths and the seats' highest cards'
        # places were alike (lead_shape).  Where the table knows no move: card points of full
        # Slovenian deals 11-19 % fewer nodes (up to 13.5 % less time), French 4-player,
        # 5-player and Slovenian 3-player endgames 15-18 %, Königrufen 5 %; in partition search
        # the tricks of full Slovenian deals 13 % (16 % less time), French 5-player from 10
        # tricks 23 %.  Before the exact table's move too, often found by an earlier test for
        # another target: of the trick starts that cut, on 16 full Slovenian deals, the
        # table's move failed at 9 % of those it led, the hint (where the table knew no move)
        # at 0.4 %; with it in front their card points took 6 % (seed 1) and 9 % (seed 2)
        # fewer nodes and 7 % and 13 % less time.  Before the partition table's move, the
        # tricks of those deals took 4 % fewer nodes but 1.5 % more time, of Königrufen deals
        # the same nodes and 4 % more time (docs/reference/solving-speed.md)
        shape = lead_shape(X, S)
        if X.use_hints:
            hint = hinted_card(X, S, shape)
            if hint >= 0:
                first = hint
            hinted = 1
    X.trick_shape[S.trick_no] = shape if X.use_follow_hints else 0  # (for its followers' hints)
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
    if hinted and not X.aborted and best >= 0 and (v >= beta if X.R.maxer[S.leader] else v <= alpha):
        keep_hint(X, S, shape, best)
    if part and not X.aborted:
        partition_store(X, S, view, v, alpha, beta, best, pips_used[0], rel, X.R.n_tricks - S.trick_no + 1)
    elif X.use_table and not X.aborted:
        store(X, key, v, alpha, beta, best, pips_used[0], X.R.n_tricks - S.trick_no + 1)
        if X.use_quasi:
            quasi_store(X, qkey, S.cls, v, alpha, beta, pips_used[0], X.R.n_tricks - S.trick_no + 1)
    return v


cdef inline int one_trick(Search* X, const State* S, int* pips_used) noexcept nogil:
    """Whether the side takes a trick by force from the trick start S, where no special card is
    out: searched with the side's tricks as the count (Search.one_rules, on their own table
    context), where cards that only points tell apart are one move and positions that differ
    only in points one entry.  Where a test of card points needs no more than one trick
    (Search.one_at), that decides it."""
    cdef State C = S[0]
    cdef int seat, v, quasi = X.use_quasi
    cdef uint64_t context = X.context
    cdef int rel[N_SUITS]
    C.rem_pts = 0
    for seat in range(X.R.n_seats):
        C.cheap[seat] = count_cards(C.hand[seat])  # (none is dear)
    C.key_dirty = (1 << N_SUITS) - 1
    memcpy(&X.R, X.one_rules, sizeof(Rules))
    X.context = X.one_context
    X.use_quasi = 0
    X.in_one = 1
    v = ab(X, &C, 0, 1, 0, pips_used, rel)
    X.in_one = 0
    X.use_quasi = quasi
    X.context = context
    memcpy(&X.R, X.capped_rules if X.in_capped else X.count_rules, sizeof(Rules))
    return v >= 1


cdef inline int capped_search(Search* X, const State* S, int alpha, int beta, int* pips_used) noexcept nogil:
    """The count from the trick start S, where no special card is out, searched on the window
    (alpha, beta) with every card worth more than min_pts worth the least of those
    (Search.capped_rules).  A trick the side takes with such a card then brings at least
    capped_top, which is at least beta, as it did before; without one the count is what it
    was.  So for every target up to beta the count reaches it exactly where the capped count
    does, and as capping only lowers the count, every bound this search finds, in any of its
    positions, holds for the count: the table's entries serve both.  A lower bound of the
    count's own that it reads there counts as no more than capped_top, all the capped count is
    then known to reach (table_bounds): its equivalent cards, near cards and quasi entries
    step from the capped count.  Cards that only points tell apart are one move."""
    cdef State C = S[0]
    cdef int c, s, v, quasi = X.use_quasi
    cdef int cap = X.capped_rules.min_pts + X.capped_rules.dear_excess[0]
    cdef int rel[N_SUITS]
    for c in range(X.R.n_dear_classes):  # (at a trick start the cards out are those in hand)
        for s in range(N_SUITS):
            C.rem_pts -= popcount32(S.start_out[s] & X.R.dear_class[c][s]) * (X.R.min_pts + X.R.dear_excess[c] - cap)
    memcpy(&X.R, X.capped_rules, sizeof(Rules))
    X.quasi_context = X.capped_quasi_context
    X.use_quasi = quasi and X.R.quasi_ok
    X.in_capped = 1
    v = ab(X, &C, alpha, beta, 0, pips_used, rel)
    X.in_capped = 0
    X.use_quasi = quasi
    X.quasi_context = X.context
    memcpy(&X.R, X.count_rules, sizeof(Rules))
    return v


cdef inline int window_test(Search* X, State* S, int alpha, int beta) noexcept nogil:
    """One test of the root on the window (alpha, beta), fail-soft (tests_record)."""
    cdef int pips_used
    cdef int rel[N_SUITS]
    return ab(X, S, alpha, beta, 0, &pips_used, rel)


cdef inline int null_window(Search* X, State* S, int beta) noexcept nogil:
    """One null-window test of the root: fail-soft, at least ``beta`` when the count reaches it."""
    return window_test(X, S, beta - 1, beta)


cdef inline void log_test(Search* X, int alpha, int beta, int result, int stopped, long long nodes) noexcept nogil:
    """Keep a test of the root's count in X.logged (the first MAX_LOGGED), where it is logged."""
    cdef LoggedTest* t
    if X.logging and X.n_logged < MAX_LOGGED:
        t = &X.logged[X.n_logged]
        t.alpha, t.beta, t.result, t.stopped, t.nodes = alpha, beta, result, stopped, nodes
        X.n_logged += 1


cdef inline void search_value(Search* X, State* S, Tests* T, int* b) noexcept nogil:
    """Tests (their windows from tests_next) until the bounds meet; b[0], b[1]
    follow T's bounds as they narrow (Engine.progress reads them from another thread).  Under
    a limit (budgeted) a test that runs out of its budget is put aside (tests_budgets).  On
    abort (a limit, stop) the bounds proven so far stay."""
    cdef int g, beta
    cdef long long node_limit = X.node_limit, start
    cdef double deadline = X.deadline
    while T.lb < T.ub and not X.aborted:
        beta = tests_next(T)
        X.iterations += 1
        if budgeted(T):
            test_caps(T, X.nodes, now(), &X.node_limit, &X.deadline)
        start = X.nodes
        g = window_test(X, S, T.alpha, beta)
        X.node_limit, X.deadline = node_limit, deadline
        log_test(X, T.alpha, beta, g, X.aborted != 0, X.nodes - start)
        if X.aborted:
            if not budgeted(T) or (node_limit and X.nodes >= node_limit) or (deadline > 0 and now() >= deadline):
                break
            X.aborted = 0
            if X.stopped:  # (stop(), perhaps asked while the budget ran out)
                X.aborted = 1
                break
            X.put_aside += 1
            tests_put_aside(T, X.nodes, now())
            continue
        tests_record(T, T.alpha, beta, g)
        b[0] = T.lb
        b[1] = T.ub


cdef inline bint undecided(int lb, int ub, int target) noexcept nogil:
    """Whether bounds [lb, ub] leave the question open: the exact count (target < 0), or
    whether the count reaches ``target``."""
    return lb < ub and (target < 0 or lb < target <= ub)


cdef inline void narrow(Search* X, State* S, int* b, int target, Tests* T) noexcept nogil:
    """One thread's answer: the exact count (search_value, T's tests) or the one null-window
    test of ``target``; T's bounds, and b[0], b[1] with them, narrow to what is proven."""
    cdef int g
    cdef long long start = X.nodes
    if target < 0:
        search_value(X, S, T, b)
    elif undecided(T.lb, T.ub, target):
        X.iterations += 1
        g = null_window(X, S, target)
        log_test(X, target - 1, target, g, X.aborted != 0, X.nodes - start)
        if not X.aborted:
            tests_record(T, target - 1, target, g)
            b[0] = T.lb
            b[1] = T.ub

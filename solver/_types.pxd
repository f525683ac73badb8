# The data of the compiled search: rules as integer tables, the state of play, table entries
# and one search's working set; the other .pxd units (_rules, _bounds, _table, _moves, _spec,
# _driver, _search) and _core.pyx work on these.  solver/search.py builds the integers
# (encode) that _spec.pxd's load_spec puts here.
#
# Cards are (suit, rank) pairs: suits 0-3 = S H D C, 4 = trumps (rank = trump number,
# 1..22), 5 = the Excuse/skus (rank 0).  A hand is six bit masks, bit r = rank r.
# Nothing here holds a Python object; everything under the search runs without the GIL.

from libc.stdint cimport uint16_t, uint32_t, uint64_t, int16_t, uint8_t

cdef extern from *:
    """
    /* bit counts and a prefetch: GCC and Clang builtins, MSVC intrinsics (x == 0 never asked) */
    #if defined(_MSC_VER) && !defined(__clang__)
    #include <intrin.h>
    static __inline int tdd_popcount32(unsigned int x) { return (int)__popcnt(x); }
    static __inline int tdd_ctz32(unsigned int x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
    static __inline int tdd_clz32(unsigned int x) { unsigned long i; _BitScanReverse(&i, x); return 31 - (int)i; }
    #if defined(_M_X64) || defined(_M_IX86)
    #define tdd_prefetch(p) _mm_prefetch((const char*)(p), _MM_HINT_T0)
    #else
    #define tdd_prefetch(p) ((void)(p))
    #endif
    #else
    #if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    #define tdd_popcount32(x) __builtin_popcount(x)
    #else
    /* x86 built without -mpopcnt: __builtin_popcount is a call to libgcc's __popcountdi2;
       the same bit arithmetic inline, on 32 bits, spares the call */
    static inline int tdd_popcount32(unsigned int x) {
        x = x - ((x >> 1) & 0x55555555u);
        x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
        return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
    }
    #endif
    #define tdd_ctz32(x) __builtin_ctz(x)
    #define tdd_clz32(x) __builtin_clz(x)
    #define tdd_prefetch(p) __builtin_prefetch(p)
    #endif
    #if defined(_MSC_VER) && !defined(__clang__)
    #define tdd_cas_int(p, old, new) (_InterlockedCompareExchange((volatile long*)(p), (new), (old)) == (old))
    #else
    #define tdd_cas_int(p, old, new) __sync_bool_compare_and_swap((p), (old), (new))
    #endif
    #define TDD_NO_BUDGET ((long long)1 << 62)  /* Search.budget_end when no round's budget runs */
    """
    int popcount32 "tdd_popcount32"(unsigned int) nogil
    int ctz32 "tdd_ctz32"(unsigned int) nogil
    int clz32 "tdd_clz32"(unsigned int) nogil
    void prefetch "tdd_prefetch"(const void*) nogil
    bint cas_int "tdd_cas_int"(int* p, int old, int new) nogil
    long long NO_BUDGET "TDD_NO_BUDGET"

cdef enum:
    INF = 30000
    NO_CUT = 31000                  # expand: a last card the table does not settle
    DEFER = 32000                   # ABDADA: "another thread is searching this node", never a value
    BUSY = 1024                     # slots of the parallel solve's busy marks: a few dozen are live
                                    # at a time, and measured (two threads), 4 KB (in L1) beat 16 KB
                                    # and 256 KB by 10-20 % on full deals
    MAX_THREADS = 32                # threads of one parallel solve
    MAX_LOGGED = 64                 # the root's tests a solve logs (Engine.solve's "tests")
    SHARED_TRICKS = 5               # tricks from the root in which threads mark the nodes they
                                    # search (ABDADA): deeper, the marks (writes to memory all
                                    # threads read) cost more than the work they spare.  Two
                                    # threads, each deal's best of three to six runs, against 3:
                                    # card points of 16 full Slovenian deals -4 % and -9 % time
                                    # in sum (seeds 1, 2), Königrufen -7 %, French 4-player and
                                    # Slovenian 3-player endgames -9 %, 6-9 % fewer nodes; 7 the
                                    # same as 5, every node +2.6 % (measured on 2 cores only)
    SCOUT_NODES = 32                # expand's rounds: every move's budget in the first round,
    ROUND_NODES = 10000             # in the second (Engine.round_nodes), then doubled each round,
    FIRST_MOVE_SHARE = 64           # and the first move's in the second, that many times it
    CAPPED_TRICKS = 8               # capped_search from this many tricks left (Engine.capped_tricks):
                                    # nearer the end its subtrees are small, and the bounds of
                                    # the capped count, weaker where the side reaches the test,
                                    # cost more than the cards it makes alike save (from every
                                    # trick start: Danish endgames 7 % more nodes, French
                                    # 3-player 2 %; from 10: the slowest Slovenian 3-player deal
                                    # 6 % more than from 8)
    WORTH_TRICKS = 12               # games of up to this many tricks order the leads the
                                    # forecast holds by their trick's card points (order_leads)

cdef enum:
    MAX_SEATS = 5
    MAX_TRICKS = 31                 # trick numbers (1-based) that per-trick arrays hold
    NOT_READ = 32                   # partition search: the rank a proof read down to in a suit
                                    # whose ranks it did not read (_partition.pxd)
    MAX_DEAR_CLASSES = 8
    N_SUITS = 6
    N_PLAIN = 4                     # the plain suits, 0-3
    TRUMP = 4
    SPECIAL = 5
    MAX_RESERVED = 8
    MAX_MOVES = 40
    NO_NAME = -1

cdef enum SpecialKind:
    SPECIAL_NONE = 0      # 54-card games: T22 is an ordinary top trump
    SPECIAL_EXCUSE = 1    # French Excuse (FR-3.1, FR-4.x)
    SPECIAL_SKUS = 2      # Danish skus (DK-3.4 .. DK-4.4)

cdef enum EventKind:       # a goal event, counted 1 for the side (see Rules.event_*)
    EVENT_NONE = 0
    EVENT_WINS_WITH = 1       # the trick's winning card is in event_mask and the side wins it
    EVENT_FALLS_TO = 2        # a card of event_mask is in the trick and the side wins it
    EVENT_CAPTURES = 3        # an opponent's card of event_mask falls and does not win

cdef struct Rules:
    int n_seats
    int n_tricks                    # tricks in the whole deal
    int special_kind
    int tarock_trumps               # 0 in Königrufen colour games (AT-4.2)
    int tarockzwang                 # void in the led suit -> must trump
    int colour_lead_rule            # AT-3.5: no tarock lead while holding suit cards
    int must_overtrump              # FR-3.5
    int overtrump_on_trump_lead
    int must_beat                   # 0 off, 1 beat_winner, 2 beat_highest_of_category
    int pagat_rule                  # 0 off, 1 Slovenian SI-3.4, 2 Königrufen AT-3.6
    int emperor                     # SI-4.1 / AT-4.3
    int colour_valat_seat           # SI-4.3 declarer seat, or -1
    int demand_policy               # DK-3.7: 0 none, 1 opponents' choice, 2 always, 3 never
    # what the side counts (the goal as tables): pts per card it takes, trick_units per trick
    # it wins, one event, the French bout bonus, or "exactly one trick"
    int trick_units
    int excuse_exchange             # FR-4.3: the Excuse's side gives a half point to the winners
    int event_kind
    int event_trick                 # 1-based, 0 = any trick
    uint32_t event_mask[N_SUITS]
    int bout_bonus[4]               # added when the side takes its (b+1)-th bout (FR-6.4)
    uint32_t bout_mask[N_SUITS]
    int exactly_one                 # the value is 1 when the side ends with exactly one trick
    int event_only                  # EVENT_WINS_WITH of one card and nothing else counts: the
                                    # side's playing it before the event trick is worth 0, the least
    int plain_count                 # a card counts only its points for the side that takes it:
                                    # no event, bout bonus or Excuse exchange
    int last_card_ok                # no early end: expand reads the table entries of the
                                    # positions after a trick's last card without building them
                                    # (not for a trick with a special, event or bout card)
    int stop_party                  # play stops when this party has won stop_after tricks
    int stop_after                  # (beggar 1, piccolo 2: AT-6.7, SI-6.7), else stop_party = -1
    int guard_mask                  # parties whose first lost trick stops play (announced valat)
    int n_reserved                  # AT-3.4 / SI-3.5 reserved cards
    int res_seat[MAX_RESERVED]
    int res_suit[MAX_RESERVED]
    int res_rank[MAX_RESERVED]
    int res_trick[MAX_RESERVED]     # 1-based designated trick
    int pts[N_SUITS][32]            # value per card the side takes
    uint16_t key_sym[N_SUITS][32]   # a card's symbol in the table keys: its point class, or
                                    # its identity when kept apart (1..63), and its holder << 6
                                    # (cards never change hands during play)
    int min_pts                     # the smallest pts of any card of the deck
    uint32_t dear[N_SUITS]          # the cards worth more than min_pts (none in SPECIAL)
    int n_dear_classes              # their values, cheapest first, and the cards of each
    int dear_excess[MAX_DEAR_CLASSES]   # (the value less min_pts)
    uint32_t dear_class[MAX_DEAR_CLASSES][N_SUITS]
    uint32_t keep_apart[N_SUITS]    # cards never merged as equivalent (special roles)
    uint16_t blind_sym[N_PLAIN][32] # a plain card's symbol in the quasi table's keys: key_sym
                                    # without the point class (_quasi.pxd)
    uint8_t excess[N_PLAIN][32]     # a plain card's points above min_pts (class_gap)
    int quasi_ok                    # some plain cards differ in points, and each suit's cards of
                                    # min_pts rank below its dearer ones, all below rank 16: the
                                    # quasi table may serve
    int classed                     # bits: the suits whose cards not kept apart have more than
                                    # one point class (where near_gap may find two cards)
    uint32_t pips[N_SUITS]          # per plain suit its cards of the deck's least value, ranked
                                    # below its others and with no special role: when no proof
                                    # of a move used their order among themselves, they are one
                                    # move (expand); none where a must-beat rule reads ranks
    int side[MAX_SEATS]             # 1 for the seats whose tricks/points are counted
    int maxer[MAX_SEATS]            # 1 for the seats that maximise the count (the side, or the
                                    # side's opponents when it is to stay low: beggar)
    int party[MAX_SEATS]            # owner of tricks (Excuse exchange, chelem rule)

cdef struct State:
    uint32_t hand[MAX_SEATS][N_SUITS]
    int leader
    int trick_no                    # 1-based number of the trick in progress
    int n_played                    # cards already in the current trick
    int t_seat[MAX_SEATS]
    int t_suit[MAX_SEATS]
    int t_rank[MAX_SEATS]
    int win                         # index of the card winning the trick so far (-1: none); between
                                    # tricks the last trick's winner (finish_trick)
    int win_key                     # its card_key (when not slow)
    int slow                        # the plain comparison is not exact in this trick: a special
                                    # card, the emperor trick's cards, colour valat (winner_of)
    int trula                       # the emperor trick's cards in the trick (bits: I, XXI, škis)
    int named                       # suit named for a led skus, or NO_NAME
    int demanded                    # DK-3.7 demand in force for the current trick
    int won_mask                    # bit p: party p has won a trick (FR-4.4 chelem rule)
    int stop_count                  # tricks won so far by Rules.stop_party
    int side_tricks                 # tricks won by the side, up to 2 (exactly_one)
    int bouts                       # bouts the side holds (bout_bonus)
    int rem_pts                     # pts of the cards in hands and in the current trick
    int cheap[MAX_SEATS]            # per seat its cards not in Rules.dear at the start of the
                                    # current trick (least_excess; kept by finish_trick)
    uint32_t start_out[N_SUITS]     # cards out at the start of the current trick
    uint64_t suit_key[N_SUITS]      # each suit's part of the table key
    int key_dirty                   # suits whose part must be recomputed
    uint64_t blind_key[N_PLAIN]     # each plain suit's part of the quasi key (_quasi.pxd), and
    uint64_t cls                    # the points of the plain cards (QEntry.cls); recomputed
    int blind_dirty                 # where these bits say
    uint64_t node_key               # parallel: the trick start's key mixed with the cards played
                                    # since (a node's busy mark)
    int over                        # play stopped early

cdef packed struct Entry:          # 16 bytes: a bucket of four is one cache line
    uint64_t check                  # the key XOR the other fields: an entry torn by two threads
                                    # writing it at once does not open to its key
    int16_t lower                   # bounds on the remaining value
    int16_t upper
    uint16_t best                   # low 12 bits: the best move found (a hint only); high 4: the
                                    # plain suits whose pips' order the bounds' proofs used
    uint8_t tricks_left             # replacement keeps the deeper work
    uint8_t age                     # the solve call that wrote it (1..255; 0 marks an empty slot)

cdef struct QEntry:                # 24 bytes: an entry of the quasi table (_quasi.pxd)
    uint64_t check                  # the key XOR a hash of the other fields (see Entry.check)
    uint64_t cls                    # the points of the plain cards: 16 bits per suit, the
                                    # suit's cards out that are worth more than min_pts
    int16_t lower                   # bounds on the remaining value of the position of these points
    int16_t upper
    uint8_t tricks_left             # replacement keeps the deeper work
    uint8_t age                     # the solve call that wrote it (0: an empty slot)
    uint8_t pips_used               # the plain suits whose pips' order the bounds' proofs used

cdef struct PEntry:                # 16 bytes: an entry of the partition table (_partition.pxd)
    uint64_t key                    # shape, pattern and the pattern's holders, hashed (0: empty)
    int16_t lower                   # bounds on the remaining value
    int16_t upper
    uint16_t best                   # as Entry.best
    uint8_t tricks_left             # replacement keeps the deeper work
    uint8_t age                     # the solve call that last wrote it

cdef struct PatSlot:                # a shape's patterns: per suit the count of kept cards from the top
    uint64_t shape                  # (0: empty)
    uint8_t k[8][N_SUITS]           # (8 = _partition.pxd's PART_PATTERNS)
    uint8_t n
    uint8_t next                    # the pattern that gives way to a new one
    uint8_t age

cdef struct PView:                 # a trick start as the partition table reads it (view_of)
    uint64_t shape
    uint64_t held_by[N_SUITS][33]   # per suit: a hash of the holders of its j highest remaining cards
    uint8_t rank_at[N_SUITS][32]    # per suit: the rank of its (j+1)-th highest remaining card
    uint32_t out[N_SUITS]           # per suit: its remaining cards
    uint32_t unread[N_SUITS]        # per suit: those whose holders held_by does not hold yet
    uint64_t fixed[N_SUITS]         # per suit: held_by's hash up to the last card read whose
    uint64_t run[N_SUITS]           # order counts, and the opponents' cards read since (held_to)
    uint8_t read[N_SUITS]           # per suit: how many it holds

cdef struct LoggedTest:             # a test of the root's count (Engine.solve's "tests")
    int alpha, beta                 # its window
    int result                      # its fail-soft result (meaningless where stopped)
    int stopped                     # 1: its budget or the limit ran out first
    long long nodes                 # its nodes, all threads'

cdef struct Search:
    Rules R
    Entry* table
    uint8_t* filter                 # per bucket of the table, the bits of the keys it holds (_table.pxd)
    uint64_t n_entries              # a power of two, 4-entry buckets
    uint64_t max_entries            # the memory budget; the table grows up to it as it fills
    uint64_t fills                  # slots this search filled since the last growth
    uint32_t* busy                  # parallel: the marks of the nodes being searched, else NULL
    int shared_until                # parallel: the trick from which threads no longer mark nodes
    int crew                        # threads searching this table (1: alone)
    int grow_wanted                 # set instead of growing while other threads search the table
    QEntry* quasi                   # the quasi table (_quasi.pxd): 4-entry buckets, grown in place
    uint64_t q_entries              # a power of two
    uint64_t q_max                  # its share of the memory budget
    uint64_t q_fills                # its slots filled (this thread's share in a parallel solve)
    int q_grow_wanted               # set instead of growing it while other threads search it
    int use_quasi                   # this solve reads and writes it
    const Rules* one_rules          # the side's tricks as the count, where one trick decides a test
                                    # of card points (_search.pxd one_trick), else NULL
    const Rules* count_rules        # (R itself, put back after such a search)
    uint64_t one_context            # one_rules' table context
    int one_at                      # the least a trick is worth: trick_units + n_seats * min_pts
    int in_one                      # 1 while one_trick's search runs
    const Rules* capped_rules       # the count's rules with every card worth more than min_pts
                                    # worth the least of those, where a test asks little
                                    # (_search.pxd capped_search), else NULL
    int capped_top                  # the highest target that capped_rules decide as the count's own
    int capped_tricks               # capped_search only from this many tricks left
    int in_capped                   # 1 while capped_search's search runs
    uint64_t capped_quasi_context   # the quasi table's context under capped_rules
    uint64_t context                # mixed into every key: rules, side, goal
    uint64_t quasi_context          # mixed into the quasi table's keys: the context of the rules
                                    # in force (context, or capped_quasi_context)
    long long nodes
    long long node_limit            # 0 = none
    double deadline                 # monotonic seconds, 0 = none
    int aborted                     # 1: stop (a limit, stop(), a recall); 2: a budget of expand's ran out
    long long budget_end            # expand's rounds: node_limit while it is a move's budget
    int rounds_until                # the trick from which expand no longer searches its moves in rounds
    int beaters_order               # a valat test: the opponents' leads by order_by_beaters
    int all_tricks                  # a valat test: the side must take every trick still to play
    long long round_nodes           # a move's budget there after the first round, doubled each round
    int stopped                     # stop() was asked (an abort that is not a test's budget running out)
    int use_table
    int use_order
    int use_equiv
    int use_near                    # a seat's cards that differ only in points (expand, near_gap)
    int use_bounds
    int use_forecast                # leads ordered by held_trick_worth (_moves.pxd)
    int use_hints                   # a trick start's first lead from lead_hints (_moves.pxd)
    int use_follow_hints            # a follower's first card from them (follow_shape)
    uint32_t* lead_hints            # HINT_SLOTS per lead_shape, then FOLLOW_SLOTS per follow_shape: the card
                                    # that last cut there (_moves.pxd hint_slot)
    uint64_t trick_shape[MAX_TRICKS + 1]  # per trick number: the lead_shape of the trick start being
                                    # searched, for its followers' hints (0: none)
    int cut_late                    # expand's last cutoff came after a first move that did not cut
                                    # (read by ab as soon as expand returns)
    uint8_t age
    long long probes
    long long hits
    int iterations                  # null-window searches at the root
    int put_aside                   # tests put aside when their budget ran out (search_value)
    int partition                   # this solve uses the partition table, not the exact one
    PEntry* part                    # the partition table (NULL until a solve needs it)
    uint64_t part_buckets           # a power of two, PART_WAYS entries each; grows up to part_max
    uint64_t part_max
    uint64_t part_fills             # its slots filled since its last growth
    PatSlot* shapes                 # the shapes' patterns, a power of two of them
    uint64_t n_shapes
    PView* views                    # per trick number: the view of the trick start being searched
    int logging                     # 1 while the root's count is searched: its tests are logged
    int n_logged                    # (last: the log is read once a solve, and would part hot fields)
    LoggedTest logged[MAX_LOGGED]


cdef struct Crewmate:               # one thread of a parallel solve: its search and its copy of the
    Search X                        # root (thread 0 searches with the Engine's own Search), apart
    State root                      # from the others' on cache lines of its own
    char gap[128]

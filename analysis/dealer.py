"""Dealing at compiled speed: batches of candidate deals as arrays, constraints evaluated on them.

A :class:`BatchDealer` draws ``B`` candidate deals at once: ``B`` rows of uniform random
numbers from the caller's numpy ``Generator`` drive a Fisher–Yates shuffle of the unknown
cards into the free places (one numba kernel, :func:`_deal_batch`), which also counts, per
candidate and place, the features the constraints read (cards per suit, kings, honours,
card points).  The constraint language (:class:`analysis.deal.Expression`) is then evaluated
on whole columns with numpy (:func:`evaluate`), exactly: numbers are kept as integer
numerators over a common denominator, so ``points(talon) <= 5`` compares thirds and halves
exactly, as the one-deal evaluator does.  Candidates are taken in order, so the same
generator state gives the same deals whatever the batch sizes.

Speed (``benchmarks/bench_analysis.py --dealer``): several million candidate deals per second
on one core, so a constraint that one deal in a million meets finds its deals in seconds.
"""

import numpy as np

from solver import get_variant
from solver.cards import TRUMP

FIRST_BATCH = 256  # candidates drawn first for a constrained deal; grows x8 while none is found
MAX_BATCH = 1 << 16
# feature columns of the per-place counts: the six suits (S H D C, trumps, the Excuse/skus), then
COL_KING, COL_HONOUR, COL_POINTS, N_COLS = 6, 7, 8, 9
SUIT_COLUMNS = 6
_SUIT_USERS = frozenset(("count", "void", "length"))
_COLUMN_USERS = [_SUIT_USERS] * TRUMP + [_SUIT_USERS | {"trumps"}, _SUIT_USERS, frozenset(["kings"]),
                                         frozenset(["honours"]), frozenset(["points"])]

_kernel = None


def _compiled():
    """The numba kernel, compiled on first use (and cached on disk: ``cache=True``)."""
    global _kernel
    if _kernel is None:
        from numba import njit

        @njit(cache=True, nogil=True)
        def deal_batch(unknown, slot_place, base_places, base_counts, weights, randoms, slots, places, counts):
            batch, size = slots.shape
            n_places, n_cols = base_counts.shape
            with_places = places.shape[0] == batch
            mask = np.uint64(0xFFFFFFFF)
            for b in range(batch):
                for k in range(size):
                    slots[b, k] = unknown[k]
                for i in range(size - 1, 0, -1):  # Fisher-Yates: j in 0 .. i from 32 random bits
                    bits = randoms[b, i >> 1]
                    if i & 1:
                        bits >>= np.uint64(32)
                    j = ((bits & mask) * np.uint64(i + 1)) >> np.uint64(32)
                    held = slots[b, i]
                    slots[b, i] = slots[b, j]
                    slots[b, j] = held
                if with_places:
                    for c in range(base_places.shape[0]):
                        places[b, c] = base_places[c]
                for p in range(n_places):
                    for col in range(n_cols):
                        counts[b, p, col] = base_counts[p, col]
                for k in range(size):
                    card = slots[b, k]
                    place = slot_place[k]
                    if with_places:
                        places[b, card] = place
                    for col in range(n_cols):
                        counts[b, place, col] += weights[card, col]
        _kernel = deal_batch
    return _kernel


def feature_weights(variant):
    """(deck size, N_COLS) int32: what each card adds to its place's counts."""
    from .deal import honour_cards
    v = get_variant(variant)
    d = v.deck
    honours = honour_cards(v)
    w = np.zeros((d.size, N_COLS), dtype=np.int32)
    for c in range(d.size):
        w[c, d.suit[c]] = 1
        w[c, COL_KING] = int(d.suit[c] < TRUMP and d.tokens[c].endswith("K"))
        w[c, COL_HONOUR] = int(c in honours)
        w[c, COL_POINTS] = v.points[c]
    return w


class Batch:
    """``size`` candidate deals: ``places`` (size, deck) the place of every card (seats, then the
    talon as place ``talon``), ``counts`` (size, places, N_COLS) the features per place, and
    ``slots`` (size, unknown) the unknown cards in the order of the free places."""

    __slots__ = ("dealer", "places", "counts", "slots", "size")

    def __init__(self, dealer, places, counts, slots):
        self.dealer, self.places, self.counts, self.slots = dealer, places, counts, slots
        self.size = len(slots)


class BatchDealer:
    """Draws candidate deals of a :class:`analysis.deal.DealSpec` in batches (see the module doc)."""

    def __init__(self, spec):
        from .deal import dealt_sizes
        self.spec = spec
        v = get_variant(spec.variant)
        self.variant = v
        sizes, self.talon_size = dealt_sizes(v)
        self.players = v.players
        self.talon_place = v.players
        known = dict(spec.known)
        self.fixed = []  # per seat: the cards it is known to hold
        slot_place = []
        for s, size in enumerate(sizes):
            fixed = list(spec.hand) if s == spec.seat and spec.hand else list(known.get(s, ()))
            self.fixed.append(fixed)
            slot_place += [s] * (size - len(fixed))
        slot_place += [self.talon_place] * (self.talon_size - len(spec.talon))
        self.unknown = np.array(spec.unknown_cards(), dtype=np.int16)
        self.slot_place = np.array(slot_place, dtype=np.int8)
        self.free = [slot_place.count(s) for s in range(v.players)]
        assert len(self.unknown) == len(self.slot_place)
        self.vector_checks = [c for c in spec.constraints if hasattr(c, "evaluate_batch")]
        self.other_checks = [c for c in spec.constraints if not hasattr(c, "evaluate_batch")]
        # only the feature columns the constraints read are counted
        used = set()
        for check in self.vector_checks:
            used |= check.functions()
        if "no_tarok_redeal" in v.resolve_options({}):  # SI-2.4 may throw a deal in: trumps per seat
            used.add("trumps")
        columns = [col for col, names in enumerate(_COLUMN_USERS) if used & names]
        self.column = {col: k for k, col in enumerate(columns)}
        self.weights = np.ascontiguousarray(feature_weights(v)[:, columns]).astype(np.int32)
        self.with_places = bool(used & {"has", "holder"})
        self.base_places = np.full(v.deck.size, -1, dtype=np.int8)
        self.base_counts = np.zeros((v.players + 1, len(columns)), dtype=np.int32)
        for place, cards in list(enumerate(self.fixed)) + [(self.talon_place, list(spec.talon))]:
            for c in cards:
                self.base_places[c] = place
                self.base_counts[place] += self.weights[c]
        # a partly known talon: its cards go to random places in it (so the groups are random)
        self.shuffle_talon = 0 < len(spec.talon) < self.talon_size

    def draw(self, rng, size):
        """``size`` candidate deals (constraints not applied) as a :class:`Batch`."""
        randoms = rng.bit_generator.random_raw((size, (len(self.unknown) + 1) // 2))
        slots = np.empty((size, len(self.unknown)), dtype=np.int16)
        places = np.empty((size if self.with_places else 1, len(self.base_places)), dtype=np.int8)
        counts = np.empty((size,) + self.base_counts.shape, dtype=np.int32)
        _compiled()(self.unknown, self.slot_place, self.base_places, self.base_counts, self.weights, randoms,
                    slots, places, counts)
        return Batch(self, places, counts, slots)

    def dealt(self, batch):
        """Which candidates are played: SI-2.4 throws in a deal where a seat holds no tarok."""
        return (batch.counts[:, :self.players, self.column[TRUMP]] > 0).all(axis=1)

    def accepted(self, batch, redeal=False):
        """Indices of the candidates that meet the expression constraints (in order), and with
        ``redeal`` are not thrown in."""
        ok = self.dealt(batch) if redeal else np.ones(batch.size, dtype=bool)
        for check in self.vector_checks:
            ok &= check.evaluate_batch(batch)
        return np.flatnonzero(ok)

    def deal_at(self, batch, i, rng):
        """Candidate ``i`` of ``batch`` as a :class:`analysis.deal.Deal`."""
        from .deal import Deal
        row = batch.slots[i].tolist()
        hands, at = [], 0
        for seat, fixed in enumerate(self.fixed):
            need = self.free[seat]
            hands.append(fixed + row[at:at + need])
            at += need
        talon = list(self.spec.talon) + row[at:]
        if self.shuffle_talon:
            talon = [talon[k] for k in rng.permutation(len(talon))]
        return Deal(self.spec.variant, hands, talon, self.spec.seat)

    def deals(self, rng, count, max_tries, redeal=False):
        """``count`` deals meeting every constraint (with ``redeal``: and not thrown in, SI-2.4),
        taken in the order drawn.  Raises :class:`analysis.deal.ImpossibleConstraints` after
        ``max_tries`` candidates without one."""
        out = []
        tried = thrown_in = 0
        size = FIRST_BATCH if self.spec.constraints or redeal else max(1, min(count, MAX_BATCH))
        while len(out) < count:
            if tried >= max_tries:
                raise self.spec.impossible(thrown_in)
            size = min(size, max_tries - tried)
            batch = self.draw(rng, size)
            tried += size
            if redeal:
                thrown_in += int(size - self.dealt(batch).sum())
            for i in self.accepted(batch, redeal):
                deal = self.deal_at(batch, int(i), rng)
                if all(check(deal) for check in self.other_checks):
                    out.append(deal)
                    tried = 0  # the budget is per deal found
                    if len(out) == count:
                        break
            size = min(MAX_BATCH, size * 8 if not out else size)
        return out


# ------------------------------------------------------------------ the language on columns

class Num:
    """An exact number column: ``num / den`` (``num`` an int64 array or a Python int)."""

    __slots__ = ("num", "den")

    def __init__(self, num, den=1):
        self.num, self.den = num, den

    def over(self, den):
        return self.num * (den // self.den)


def _lcm(a, b):
    import math
    return a * b // math.gcd(a, b)


def _as_num(value, fail):
    from fractions import Fraction
    if isinstance(value, Num):
        return value
    if isinstance(value, np.ndarray) and value.dtype == bool:
        return Num(value.astype(np.int64))
    if isinstance(value, bool):
        return Num(int(value))
    if isinstance(value, int):
        return Num(value)
    if isinstance(value, Fraction):
        return Num(value.numerator, value.denominator)
    fail("%r is not a number" % (value,))


def _common(a, b):
    den = _lcm(a.den, b.den)
    return a.over(den), b.over(den), den


def _equal(a, b, fail):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    x, y, _ = _common(_as_num(a, fail), _as_num(b, fail))
    return x == y


def _compare(op, a, b, fail):
    """``a op b`` elementwise; ``op`` is the comparison's name."""
    if op in ("in", "not in"):
        if not isinstance(b, tuple):
            fail("'in' needs a list of values, e.g. holder(HK) in (1, 2)")
        hit = False
        for item in b:
            hit = hit | _equal(a, item, fail)
        return hit if op == "in" else ~np.asarray(hit) if isinstance(hit, np.ndarray) else not hit
    if op == "==":
        return _equal(a, b, fail)
    if op == "!=":
        same = _equal(a, b, fail)
        return ~same if isinstance(same, np.ndarray) else not same
    if isinstance(a, str) or isinstance(b, str) or isinstance(a, tuple) or isinstance(b, tuple):
        fail("cannot compare %r with %r" % (a, b))
    x, y, _ = _common(_as_num(a, fail), _as_num(b, fail))
    return {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal}[op](x, y)


def _arith(op, a, b, fail):
    a, b = _as_num(a, fail), _as_num(b, fail)
    if op == "*":
        return Num(a.num * b.num, a.den * b.den)
    x, y, den = _common(a, b)
    return Num(x + y if op == "+" else x - y, den)


def _extreme(name, values, fail):
    nums = [_as_num(x, fail) for x in values]
    den = 1
    for n in nums:
        den = _lcm(den, n.den)
    cols = [n.over(den) for n in nums]
    pick = np.maximum if name == "max" else np.minimum
    out = cols[0]
    for col in cols[1:]:
        out = pick(out, col)
    return Num(out, den)


def _place_index(dealer, place, fail):
    """A place as the batch reads it: the talon is place ``players``; an array of seats stays one."""
    if isinstance(place, str):
        if place == "talon":
            return dealer.talon_place
        if place == "me":
            return dealer.spec.seat
    if isinstance(place, Num) and place.den == 1:
        place = place.num
    if isinstance(place, (int, np.integer)) and not isinstance(place, bool):
        if 0 <= place < dealer.players:
            return int(place)
    elif isinstance(place, np.ndarray) and place.dtype != bool:
        if place.size and (place.min() < 0 or place.max() >= dealer.players):
            fail("%s is not a place: use a seat 0-%d, me or talon" % (int(place.min()), dealer.players - 1))
        return place.astype(np.intp)
    fail("%r is not a place: use a seat 0-%d, me or talon" % (place, dealer.players - 1))


def _column(batch, place, col):
    k = batch.dealer.column[col]
    if isinstance(place, np.ndarray):
        return np.take_along_axis(batch.counts[:, :, k], place[:, None], axis=1)[:, 0].astype(np.int64)
    return batch.counts[:, place, k].astype(np.int64)


def _index_arg(value, fail):
    """A card or suit argument (a constant: its index)."""
    if isinstance(value, Num) and value.den == 1 and isinstance(value.num, int):
        return value.num
    fail("a card or a suit is written as a token (HK, T21; S H D C T), not %r" % (value,))


def _call(name, args, batch, fail):
    dealer = batch.dealer
    if name in ("max", "min"):
        return _extreme(name, args, fail)
    if name == "abs":
        n = _as_num(args[0], fail)
        return Num(np.abs(n.num) if isinstance(n.num, np.ndarray) else abs(n.num), n.den)
    if name == "holder":
        at = batch.places[:, _index_arg(args[0], fail)].astype(np.int64)
        return Num(np.where(at == dealer.talon_place, -1, at))
    place = _place_index(dealer, args[0], fail)
    if name == "has":
        at = batch.places[:, _index_arg(args[1], fail)]
        return at == place
    if name == "points":
        return Num(_column(batch, place, COL_POINTS), dealer.variant.unit)
    if name == "length":
        return Num(sum(_column(batch, place, col) for col in range(SUIT_COLUMNS)))
    if name in ("count", "void"):
        n = _column(batch, place, _index_arg(args[1], fail))
        return n == 0 if name == "void" else Num(n)
    col = {"trumps": TRUMP, "kings": COL_KING, "honours": COL_HONOUR}[name]
    return Num(_column(batch, place, col))


def evaluate(node, batch, fail):
    """The expression tree ``node`` (as :class:`analysis.deal.Expression` builds it) on a batch:
    a bool column for conditions, a :class:`Num` for numbers."""
    kind = node[0]
    if kind == "const":
        value = node[1]
        return value if isinstance(value, (str, bool)) else _as_num(value, fail)
    if kind in ("and", "or"):
        out = None
        for item in node[1]:
            col = truth(evaluate(item, batch, fail))
            out = col if out is None else (out & col if kind == "and" else out | col)
        return out
    if kind == "not":
        return ~truth(evaluate(node[1], batch, fail))
    if kind == "neg":
        n = _as_num(evaluate(node[1], batch, fail), fail)
        return Num(-n.num, n.den)
    if kind == "bin":
        return _arith(node[1], evaluate(node[2], batch, fail), evaluate(node[3], batch, fail), fail)
    if kind == "tuple":
        return tuple(evaluate(x, batch, fail) for x in node[1])
    if kind == "cmp":
        left = evaluate(node[1], batch, fail)
        out = True
        for op, right in node[2]:
            right = evaluate(right, batch, fail)
            out = out & _compare(op, left, right, fail)
            left = right
        return out
    if kind == "call":
        return _call(node[1], [evaluate(x, batch, fail) for x in node[2]], batch, fail)
    raise AssertionError(kind)


def truth(value):
    if isinstance(value, Num):
        return value.num != 0
    return value

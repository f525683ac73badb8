"""Malformed input for every way into tarokdd, and the check that only clear errors come out.

Shared by ``tests/test_fuzz.py`` (hypothesis, a few seconds) and ``benchmarks/fuzz.py``
(a long seeded run).  Each *kind* of input is a function ``(fuzzer, rng)`` that builds one
input from ``rng`` (a ``random.Random``), feeds it in and checks what comes out:

* ``json`` — positions as JSON text, bytes or dicts, mutated field by field (odd types,
  Unicode digits, numbers of 5,000 digits, deep nesting, bad cards, scoring inputs …) and
  byte by byte; what reads must read back the same through ``to_json`` and ``to_line``;
* ``line`` — the one-line form, mutated part by part and character by character;
* ``api`` — ``solve``, ``Solver`` and ``solve_many`` with odd goals, sides, limits,
  table sizes, thread and worker counts, on endgames of at most three tricks;
* ``scoring`` — ``settlement(**overrides)`` and ``parse_overrides`` with odd options and
  scoring inputs on finished games;
* ``cli`` — the ``tarokdd`` command line in this process, with mutated files and odd
  options: the status is 0 or 2 and an error is one line ``tarokdd: error: …`` (or
  argparse's usage message).

Anything but a :class:`solver.TarokError` (or the checks above failing) raises
:class:`Escape` with the input that caused it.
"""

import contextlib
import copy
import io
import json
import os
import random
import sys
import traceback

sys.path.insert(0, os.path.dirname(__file__))

from endgames import random_deal, random_endgame, random_move  # noqa: E402

from solver import GOALS, Position, Solver, TarokError, load_example, solve, solve_many  # noqa: E402
from solver.bundled import example_names  # noqa: E402
from solver.cli import main as cli_main  # noqa: E402
from solver.notation import FIELDS  # noqa: E402
from solver.scoring import AT_BONUSES, parse_overrides  # noqa: E402
from solver.search import parse_limit  # noqa: E402
from solver.variants import VARIANTS  # noqa: E402

KINDS = ("json", "line", "api", "scoring", "cli")

# digits str.isdigit() accepts and int() does not (or reads as something else)
UNICODE_DIGITS = ("᧚", "²", "³", "٣", "１", "߁", "𝟘", "Ⅻ", "½", "⑤", "〇")
HUGE = "9" * 5000  # past Python's int-string limit (4300 digits)


class Escape(Exception):
    """Input that produced something other than a clear error."""

    def __init__(self, kind, shown, what):
        super().__init__("%s: %s\n  input: %s" % (kind, what, shown))
        self.kind, self.shown, self.what = kind, shown, what


def shown(value, width=600):
    text = repr(printable(value))
    return text if len(text) <= width else text[:width] + "… (%d characters)" % len(text)


# ------------------------------------------------------------------ odd values

def weird_scalar(rng):
    pick = rng.randrange(16)
    if pick == 0:
        return rng.choice(UNICODE_DIGITS) + rng.choice(("", "1", rng.choice(UNICODE_DIGITS)))
    if pick == 1:
        return rng.choice((HUGE, "9" * 30, "1" * 19, "-" + "9" * 30, "0" * 50 + "1"))
    if pick == 2:
        return rng.choice((0, -1, 1, 2, 3, 5, 99, 2 ** 31, 2 ** 63, 2 ** 64, -2 ** 63, 10 ** 30))
    if pick == 3:
        return rng.choice((0.5, -0.0, 1.0, 2.0, 1e308, float("inf"), float("-inf"), float("nan")))
    if pick == 4:
        return rng.choice((True, False, None))
    if pick == 5:
        return rng.choice(("", " ", "\x00", "\n", ";", "/", "@", "=", ":", ",", "{", "[", "a" * 10000))
    if pick == 6:
        return "".join(rng.choice("aT1 ;/@=:,{}[]\"\\\x00é♠♥★᧚²") for _ in range(rng.randrange(1, 12)))
    if pick == 7:
        return rng.choice(("true", "false", "null", "none", "yes", "NaN", "inf", "-1", "0", "1e3", "0x10",
                           "1_000", " 7 ", "+3", "3.0", "0.5", "2s", "500ms", "-2s", "1e400s"))
    if pick == 8:
        return rng.choice(list(GOALS) + ["declarer", "defence", "klop", "valat", "kontra", "re"])
    if pick == 9:
        return weird_token(rng)
    if pick == 10:
        return 10 ** rng.choice((5, 18, 19, 100, 5000))  # a Python int too long to print (int-string limit)
    return rng.choice((0, 1, 2, 3, -1, "0", "1", "2", "3"))


def weird_text(rng):
    """A weird scalar as text (an int too long to print written as its 5,000 nines)."""
    value = weird_scalar(rng)
    return HUGE if isinstance(value, int) and value.bit_length() > 10000 else str(value)


def weird_value(rng, depth=0):
    pick = rng.randrange(8)
    if pick < 5 or depth > 2:
        return weird_scalar(rng)
    if pick == 5:
        return [weird_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 6:
        return {weird_text(rng): weird_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    return rng.choice(([], {}, [[]], [None], [[[[[]]]]], {"": None}, [1, "a"], {"game": {"x": 1}}))


def weird_token(rng):
    """Card-like tokens: real ones, near misses, Unicode digits, suit symbols, skus names."""
    base = rng.choice(("T1", "T21", "T22", "SK", "H10", "D1", "C7", "EX", "EX:H", "DEMAND", "pagat", "XXI",
                       "♠K", "K♠", "HA", "S02", "škis", "mond", "T", "K", "EX:", ":H", "T0", "T23", "S11", "C1"))
    pick = rng.randrange(6)
    if pick == 0:
        return base
    if pick == 1:
        return base[:1] + rng.choice(UNICODE_DIGITS)
    if pick == 2:
        return base + rng.choice(("", ":", ":᧚", ":T", "@", "x", "²", "0" * 40))
    if pick == 3:
        return base[:1] + rng.choice(("9" * 30, HUGE[:4400], "-1", "1.5", "1e2"))
    if pick == 4:
        return base.lower() if rng.random() < 0.5 else base.upper()
    return "".join(rng.choice("TSHDCKQNJBEX0123456789♠♥♦♣:I*᧚") for _ in range(rng.randrange(1, 6)))


def mutate_text(rng, text, edits=None):
    """Random character edits: delete, insert, replace, duplicate a stretch."""
    chars = list(text)
    for _ in range(edits or rng.randrange(1, 4)):
        i = rng.randrange(len(chars) + 1)
        pick = rng.randrange(5)
        if pick == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif pick == 1:
            chars.insert(i, rng.choice("{}[]\",:;/@= \n\\0123456789" + "".join(UNICODE_DIGITS) + "é♠"))
        elif pick == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice("0123456789abcT;:/,\"{}" + "".join(UNICODE_DIGITS))
        elif pick == 3 and chars:
            j = min(len(chars), i + rng.randrange(1, 30))
            chars[i:i] = chars[i:j]
        else:
            chars.insert(i, weird_text(rng)[:60])
    return "".join(chars)


def mutate_bytes(rng, data):
    out = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(out) + 1)
        out[i:i] = rng.choice((b"\xd4", b"\xff", b"\xc3", b"\xe2\x82", b"\x00", b"\xef\xbb\xbf", b"\xed\xa0\x80"))
    return bytes(out)


# ------------------------------------------------------------------ positions

def mutate_cards(rng, value):
    tokens = value.split() if isinstance(value, str) else list(value) if isinstance(value, list) else []
    for _ in range(rng.randrange(1, 3)):
        pick = rng.randrange(5)
        if pick == 0 and tokens:
            tokens[rng.randrange(len(tokens))] = weird_token(rng)
        elif pick == 1 and tokens:
            tokens.append(rng.choice(tokens))  # a duplicate
        elif pick == 2 and tokens:
            tokens.pop(rng.randrange(len(tokens)))
        elif pick == 3:
            tokens.insert(rng.randrange(len(tokens) + 1), weird_token(rng))
        else:
            tokens = [rng.randrange(-2, 80) if rng.random() < 0.5 else t for t in tokens]  # card indices
    if rng.random() < 0.5 and all(isinstance(t, str) for t in tokens):
        return " ".join(tokens)
    return tokens


def weird_announcement(rng, v):
    name = rng.choice(list(v.announcements) + ["valat", "trula", "nothing", ""]) if v.announcements else "valat"
    pick = rng.randrange(4)
    if pick == 0:
        return "%s@%s" % (name, weird_text(rng))
    if pick == 1:
        return {"name": rng.choice((name, weird_scalar(rng))), "seat": weird_scalar(rng)}
    if pick == 2:
        return weird_value(rng)
    return "%s@%d" % (name, rng.randrange(-1, 6))


def weird_options(rng, v):
    opts = {}
    for _ in range(rng.randrange(1, 4)):
        name = rng.choice(list(v.options) + ["nothing", "si.early_end", "at.", ".", ""])
        opt = v.options.get(name)
        pick = rng.randrange(4)
        if opt is not None and pick == 0:
            value = rng.choice(list(opt.choices))
        elif opt is not None and isinstance(opt.default, tuple) and pick == 1:
            value = rng.choice(([], "", ",", list(opt.choices)[:1], ["klop", "klop"], [weird_scalar(rng)]))
        else:
            value = weird_value(rng)
        opts[name] = value
    return opts


def weird_scoring_input(rng, v, key):
    if key == "kontra":
        return {rng.choice(("game", "trula", "valat", "x", "")): rng.choice(
            (weird_scalar(rng), "kontra", "re", "sub", "mort", rng.randrange(-1, 6)))}
    if key == "values":
        names = list(v.contracts) + list(AT_BONUSES) + ["profile", "x"]
        return {rng.choice(names): rng.choice((weird_scalar(rng), rng.randrange(0, 20)))}
    if key == "cups":
        return rng.choice(({"pagat": weird_scalar(rng), "king": 60}, [weird_scalar(rng), 1], weird_value(rng)))
    if key == "poignees":
        return ["%s@%s" % (rng.choice(("single", "double", "triple", "x")), weird_text(rng))]
    return ["%s:%s@%s" % (rng.choice(("tarokker", "matadorer", "kavaleri", "konger", "pas")),
                          weird_text(rng), rng.choice(("0", "1", "2", weird_text(rng))))]


def mutate_position(rng, data):
    """One field-level change to a position's JSON dict (in place)."""
    v = VARIANTS.get(data.get("variant") if isinstance(data.get("variant"), str) else None) or VARIANTS["slovenian4"]
    key = rng.choice(FIELDS + ("hands", "hands", "play", "play", "options", "unknown"))
    pick = rng.randrange(10)
    if key == "unknown":
        data[weird_text(rng)] = weird_value(rng)
    elif pick == 0:
        data.pop(key, None)
    elif pick == 1:
        data[key] = weird_value(rng)
    elif key == "hands" and isinstance(data.get("hands"), list) and data["hands"]:
        hands = data["hands"]
        seat = rng.randrange(len(hands))
        hands[seat] = mutate_cards(rng, hands[seat])
        if rng.random() < 0.1:
            hands.append(rng.choice(hands))
    elif key in ("declarer_pile", "defence_pile", "talon", "skat", "play"):
        data[key] = mutate_cards(rng, data.get(key, ""))
    elif key == "seat_piles":
        data[key] = [mutate_cards(rng, "") for _ in range(rng.randrange(5))]
    elif key in ("declarer", "partner", "leader"):
        data[key] = rng.choice((weird_scalar(rng), rng.randrange(-1, 6), str(rng.randrange(6))))
    elif key == "tricks_taken":
        data[key] = rng.choice((weird_scalar(rng), [weird_scalar(rng) for _ in range(v.players)],
                                [rng.randrange(-1, 4) for _ in range(v.players)]))
    elif key == "announcements":
        data[key] = [weird_announcement(rng, v) for _ in range(rng.randrange(1, 3))]
    elif key == "options":
        data[key] = weird_options(rng, v)
    elif key in ("kontra", "values", "cups", "poignees", "declarations"):
        data[key] = weird_scoring_input(rng, v, key)
    elif key in ("variant", "contract", "called_king"):
        data[key] = rng.choice((weird_token(rng), weird_scalar(rng), rng.choice(list(VARIANTS)),
                                rng.choice(list(v.contracts)), "HK", "T1"))
    else:
        data[key] = weird_value(rng)


def deep(rng):
    n = rng.choice((100, 1000, 100000))
    return rng.choice(("[" * n, "{\"a\":" * n, "[" * n + "]" * n, "{\"variant\": " + "[" * n + "]" * n + "}",
                       "{\"variant\": \"slovenian4\", \"hands\": " + "[" * n + "]" * n + "}"))


def printable(value):
    """``value`` with every int too long for json to write (the int-string limit) as '<huge>'."""
    if isinstance(value, int) and value.bit_length() > 10000:
        return "<huge>"
    if isinstance(value, list):
        return [printable(x) for x in value]
    if isinstance(value, dict):
        return {k: printable(x) for k, x in value.items()}
    return value


def json_input(rng, data):
    """A mutated position as JSON text (sometimes bytes, sometimes the dict itself)."""
    data = copy.deepcopy(data)
    for _ in range(rng.randrange(1, 4)):
        mutate_position(rng, data)
    form = rng.random()
    if form < 0.25:
        return data
    text = json.dumps(printable(data), ensure_ascii=rng.random() < 0.5).replace('"<huge>"', HUGE)
    if form < 0.35:
        text = text.replace("0", HUGE, 1) if rng.random() < 0.5 else text.replace(", \"", ", \"x\": " + HUGE
                                                                                 + ", \"", 1)
    elif form < 0.45:
        text = deep(rng)
    elif form < 0.75:
        text = mutate_text(rng, text)
    if rng.random() < 0.15:
        return mutate_bytes(rng, text.encode("utf-8"))
    return text


def line_input(rng, line):
    parts = line.split("; ")
    for _ in range(rng.randrange(1, 3)):
        pick = rng.randrange(7)
        i = rng.randrange(len(parts))
        key = parts[i].split(" ", 1)[0]
        if pick == 0:
            parts[i] = "%s %s" % (key, weird_text(rng))
        elif pick == 1:
            parts.insert(rng.randrange(len(parts) + 1), "%s %s" % (
                rng.choice(FIELDS + ("composed", "x", "")), weird_text(rng)))
        elif pick == 2:
            parts[i] = mutate_text(rng, parts[i])
        elif pick == 3:
            parts.append(rng.choice(("options must_beat_contracts=", "options early_end=maybe", "options x",
                                     "tricks_taken 5", "tricks_taken ᧚ 1 1 1", "declarer ᧚", "leader ²",
                                     "kontra game=᧚", "kontra game", "poignees single@᧚",
                                     "declarations tarokker:᧚@0", "cups pagat=᧚ king=1", "values rufer=᧚",
                                     "announcements trula@²", "composed maybe", "hands /", "hands " + "/" * 9,
                                     "play T᧚", "declarer " + HUGE, "tricks_taken " + HUGE + " 0 0 0")))
        elif pick == 4:
            parts[i] = parts[i].replace(" ", "  ").replace("/", " / /", rng.randrange(2))
        elif pick == 5 and len(parts) > 1:
            parts.pop(i)
        else:
            parts[i] = " ".join(weird_token(rng) if rng.random() < 0.2 else t for t in parts[i].split(" "))
    text = "; ".join(parts) if rng.random() < 0.9 else mutate_text(rng, line, rng.randrange(1, 6))
    if rng.random() < 0.1:
        return mutate_bytes(rng, text.encode("utf-8"))
    return text


def check_round_trip(pos):
    """What reads must read back: JSON and the one-line form give the same position."""
    data = pos.to_json()
    again = Position.from_json(json.loads(json.dumps(data)))
    if again.to_json() != data:
        raise AssertionError("to_json does not read back: %r" % (data,))
    line = pos.to_line()
    if Position.from_line(line).to_json() != data:
        raise AssertionError("to_line does not read back: %r" % line)
    str(pos)
    pos.legal_moves


# ------------------------------------------------------------------ the fuzzer

def _long_limit(text):
    """Whether ``text`` is a limit that lets a search run for more than a second."""
    try:
        nodes, seconds = parse_limit(text)
    except TarokError:
        return False
    return nodes > 200000 or seconds > 1 or (nodes, seconds) == (0, 0.0)


class Fuzzer:
    """The material (base positions, files) and one run per call of :meth:`one`."""

    def __init__(self, seed=0, workdir=None, bases=24):
        rng = random.Random("fuzz-%s" % seed)
        self.workdir = workdir
        games = [load_example(name) for name in example_names()]
        self.finished = list(games)
        self.bases = [g.to_json() for g in games]
        vids = list(VARIANTS)
        for i in range(bases):
            pos = random_deal(vids[i % len(vids)], rng)
            for _ in range(rng.randrange(pos.n_tricks * pos.players)):
                if pos.is_over:
                    break
                pos.play(random_move(pos, rng))
            self.bases.append(pos.to_json())
            if not pos.is_over and rng.random() < 0.5:
                while not pos.is_over:
                    pos.play(random_move(pos, rng))
            if pos.is_over:
                self.finished.append(pos)
        self.endgames = [random_endgame(vids[i % len(vids)], rng, rng.randrange(1, 4)) for i in range(bases)]
        self.bases += [p.to_json() for p in self.endgames]
        self.lines = [Position.from_json(b).to_line() for b in self.bases]
        self.counts = {kind: 0 for kind in KINDS}
        self.refused = {kind: 0 for kind in KINDS}
        self._files = 0

    def one(self, kind, rng):
        """Build and run one input of ``kind``; True when it was refused with a TarokError."""
        self.counts[kind] += 1
        refused = getattr(self, "_" + kind)(rng)
        self.refused[kind] += bool(refused)
        return refused

    @staticmethod
    def _guard(kind, shown_input, run):
        try:
            run()
        except TarokError:
            return True
        except Exception as exc:  # noqa: BLE001 - the point of the exercise
            raise Escape(kind, shown_input, "".join(traceback.format_exception_only(type(exc), exc)).strip()
                         + "\n" + "".join(traceback.format_tb(exc.__traceback__)[-3:])) from None
        return False

    def _json(self, rng):
        return self._reads("json", json_input(rng, rng.choice(self.bases)), Position.from_json, rng.random() < 0.8)

    def _line(self, rng):
        return self._reads("line", line_input(rng, rng.choice(self.lines)), Position.from_line, rng.random() < 0.7)

    def _reads(self, kind, data, reader, direct):
        """Read ``data`` with ``reader`` (else with Position.parse); what reads must read back."""
        return self._guard(kind, shown(data), lambda: check_round_trip(reader(data) if direct else Position.parse(data)))

    def _api(self, rng):
        pos = rng.choice(self.endgames)
        odd = set(rng.sample(range(6), rng.choice((0, 1, 1, 1, 2, 3))))  # which parameters get odd values
        goal = weird_value(rng) if 0 in odd else rng.choice(list(GOALS))
        side = weird_value(rng) if 1 in odd else rng.choice((None, None, "declarer", "defence", 0, 1, 2, 3))
        limit = weird_scalar(rng) if 2 in odd else rng.choice((None, None, 1, 50, 10000, "1s", "200ms", "5000"))
        memory = weird_scalar(rng) if 3 in odd else rng.choice((1, 4, 16))
        threads = weird_scalar(rng) if 4 in odd else rng.choice((1, 2))
        workers = weird_scalar(rng) if 5 in odd else rng.choice((None, 1, 2))
        flags = dict(all_cards=rng.random() < 0.3, line=rng.random() < 0.3)
        how = rng.randrange(3)
        call = ("solve", "Solver", "solve_many")[how]
        desc = "%s(%s, goal=%s, side=%s, limit=%s, memory_mb=%s, threads=%s, workers=%s, %s)" % (
            call, pos.to_line(), shown(goal, 80), shown(side, 80), shown(limit, 80), shown(memory, 80),
            shown(threads, 80), shown(workers, 80), flags)

        def run():
            if how == 0:
                results = [solve(pos, goal, side, limit=limit, memory_mb=memory, threads=threads, **flags)]
            elif how == 1:
                results = [Solver(memory, threads).solve(pos, goal, side, limit=limit, **flags)]
            else:
                results = solve_many([pos, pos], goal, side, limit=limit, workers=workers, memory_mb=memory,
                                     **flags)
            for r in results:
                if r.exact and r.value is None or r.bounds[0] > r.bounds[1]:
                    raise AssertionError("inconsistent result %r" % (r,))
        return self._guard("api", desc, run)

    def _scoring(self, rng):
        pos = rng.choice(self.finished)
        v = pos.variant
        overrides = {}
        for _ in range(rng.randrange(1, 4)):
            pick = rng.randrange(3)
            if pick == 0:
                name = rng.choice(list(v.options) + ["si.diff_round", "x", "values"])
                opt = v.options.get(name)
                overrides[name] = rng.choice(list(opt.choices)) if opt and rng.random() < 0.5 else weird_value(rng)
            elif pick == 1:
                key = rng.choice(("kontra", "values", "cups", "poignees", "declarations"))
                overrides[key] = weird_scoring_input(rng, v, key) if rng.random() < 0.7 else weird_value(rng)
            else:
                texts = ["%s=%s" % (rng.choice(list(v.options) + ["kontra", "values", "x", ""]),
                                    rng.choice((weird_text(rng)[:50], "{\"game\": 1}", "[1, 2]",
                                                "{" * 3000, "[" + HUGE + "]", "᧚", "-5", "true")))]
                overrides["__texts__"] = texts
        texts = overrides.pop("__texts__", None)

        def run():
            extra = parse_overrides(texts) if texts is not None else {}
            pos.settlement(**{**overrides, **extra}).format()
        return self._guard("scoring", "%s.settlement(%s, texts=%s)" % (pos.to_line(), shown(overrides, 300),
                                                                       shown(texts, 300)), run)

    def _file(self, rng, content):
        self._files += 1
        path = os.path.join(self.workdir, "f%d" % (self._files % 50))
        with open(path, "wb") as handle:
            handle.write(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
        return path

    def _cli(self, rng):
        command = rng.choice(("show", "replay", "solve", "analyse", "score", "deal", "variants", "solve", "score",
                              "plot", "simulate"))
        pick = rng.random()
        if pick < 0.2:
            source = rng.choice(example_names() + ["nothing", ".", "/", ""])
        elif pick < 0.5:
            data = json_input(rng, rng.choice(self.bases))
            source = self._file(rng, data if isinstance(data, (str, bytes)) else json.dumps(printable(data)))
        elif pick < 0.6:
            source = self._file(rng, rng.choice((deep(rng), "{\"variant\": " + HUGE + "}", HUGE, b"\xd4",
                                                 "\ufeff" + deep(rng), "# only a comment\n")))
        else:
            base = rng.choice(self.endgames).to_json() if command in ("solve", "analyse") else rng.choice(self.bases)
            source = self._file(rng, json.dumps(base))
        argv = [command]
        if command in ("plot", "simulate"):  # a results file that is not one (the analysis reads it first)
            results = self._file(rng, rng.choice((deep(rng), HUGE, b"\xd4\n", "5\n", "[]\n", "{}\n",
                                                  '{"type": "header", "format": "x"}\n',
                                                  '{"type": "header", "format": "tarokdd-simulate/1", "task": 5}\n')))
            argv += [results, "-o", os.path.join(self.workdir, "chart.png")] if command == "plot" else [
                "--resume", "-o", results]
        elif command == "deal" or (command == "variants" and rng.random() < 0.5):
            argv.append(rng.choice(list(VARIANTS) + [weird_text(rng)[:40]]))
        elif command != "variants":
            argv.append(source)
        options = {"solve": ("--goal", "--side", "--limit", "--memory", "--threads", "--at-trick", "--all-cards",
                             "--pv", "--json"),
                   "analyse": ("--goal", "--side", "--limit", "--memory", "--from-trick", "--json"),
                   "score": ("--set", "--set", "--json"), "show": ("--format",), "replay": ("--json",),
                   "deal": ("--contract", "--seed", "--declarer", "--format"),
                   "variants": ("--format",)}.get(command, ())
        for _ in range(rng.randrange(0, 4) if options else 0):
            flag = rng.choice(options)
            argv.append(flag)
            if flag in ("--all-cards", "--pv", "--json"):
                continue
            if flag == "--set":
                key = rng.choice(("diff_round", "kontra", "values", "cups", "x", "win_at_35_plus_card", "tariff"))
                argv.append("%s=%s" % (key, weird_text(rng)[:4500]))
            elif flag == "--limit" and rng.random() < 0.5:
                argv.append(rng.choice(("100", "1s", "0.5", "9" * 30, "0", "-1", "᧚", "1e3", "inf")))
            elif flag == "--goal" and rng.random() < 0.7:
                argv.append(rng.choice(list(GOALS)))
            else:
                argv.append(weird_text(rng)[:4500])
        if command in ("solve", "analyse"):  # a full deal could take minutes: every search is bounded
            argv = [a if not (b == "--limit" and _long_limit(a)) else "20000" for b, a in zip([None] + argv, argv)]
            if "--limit" not in argv:
                argv += ["--limit", "20000"]
        out, err = io.StringIO(), io.StringIO()
        result = {}

        def run():
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                result["status"] = cli_main(argv)
        desc = "tarokdd %s" % " ".join(shown(a, 200) for a in argv)
        self._guard("cli", desc, run)
        status, message = result.get("status"), err.getvalue()
        if status not in (0, 2):
            raise Escape("cli", desc, "exit status %r; stderr %r" % (status, message[-2000:]))
        if status == 2:
            one_line = message.startswith("tarokdd: error: ") and message.count("\n") == 1
            usage = message.startswith("usage: tarokdd") and "error: " in message
            if not (one_line or usage) or "Traceback" in message:
                raise Escape("cli", desc, "not a one-line error: %r" % message[-2000:])
        return status == 2

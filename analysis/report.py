"""The text report of a run (:meth:`analysis.summary.Summary.format`)."""

from .deal import DealSpec
from .evaluate import pass_limit
from .summary import FEW_DEALS, deals_text
from .talon import MAX_EXCHANGES


def limit_text(limit):
    return limit if isinstance(limit, str) else "{:,}".format(limit) + " nodes"


def _rate_cells(rate):
    """success, interval, deals, undecided: a bracket 'low-high%' while deals are undecided."""
    if not rate.deals:
        return ["--", "", "0", "0"]
    low, high = rate.interval
    first, last = rate.bracket
    value = "%.1f%%" % (100 * first) if not rate.undecided else "%.1f-%.1f%%" % (100 * first, 100 * last)
    return [value, "[%.1f, %.1f]" % (100 * low, 100 * high), str(rate.deals), str(rate.undecided)]


def _mean_cells(ev):
    if not ev.n:
        return ["--", "", "0", "0"]
    first, last = ev.bracket
    value = "%+.1f" % float(first) if not ev.open else "%+.1f..%+.1f" % (float(first), float(last))
    low, high = ev.interval
    return [value, "[%+.1f, %+.1f]" % (low, high) if ev.n > 1 else "", str(ev.n), str(ev.open)]


def budget_lines(summary):
    """How the budget went: the passes, their limits, what stopped the run."""
    b = summary.budget
    passes = summary.passes()
    cap = summary.task["limit"]
    parts = ["pass %d (%s): %d" % (p, limit_text(pass_limit(cap, p)), n) for p, n in passes.items()]
    line = "passes: " + "; ".join(parts) + " (deals whose answers came from each pass)"
    if not b:
        return [line]
    why = {"decided": "every deal decided", "budget": "the budget was spent", "limit": "the limit (--limit) "
           "was reached", "interrupted": "interrupted"}[b["stopped"]]
    return ["budget: %s of %s used; stopped: %s" % (_duration(b["spent"]), _duration(b["seconds"]), why), line]


def _duration(seconds):
    seconds = int(round(seconds))
    return "%dm%02ds" % divmod(seconds, 60) if seconds >= 60 else "%ds" % seconds


def format_summary(summary, title):
    s = summary
    v = s.variant
    t = s.task
    spec = DealSpec.from_json(t["spec"])
    pct = round(100 * s.confidence)
    lines = ["%s — %s, %s%s (seed %s)" % (v.name, title, deals_text(s.deals),
                                         "" if s.complete else " of %d requested" % s.header["deals"], s.header["seed"]),
             "known: " + spec.describe(),
             "talon: %s policy; solver limit per test %s; %d%% intervals (%s)" % (
                 t["policy"], "grows from %s%s" % (limit_text(pass_limit(t["limit"], 0)), " to %s" % limit_text(
                     t["limit"]) if t["limit"] is not None else "") if not isinstance(t["limit"], str)
                 else t["limit"], pct,
                 "Wilson, Clopper-Pearson near 0 or 1" if s.method == "auto" else s.method), ""]
    rows = s.rows()
    table = [["contract", "success", "%d%% interval" % pct, "deals", "undecided"]]
    settle = any("settlement" in r for r in rows)
    if settle:
        table[0] += ["E[settlement]", "%d%% interval" % pct, "settled", "open"]
    notes = []
    marked = False
    for r in rows:
        cid = r["contract"]
        rate = s.rate(cid)
        mark = "*" if rate.undecided else ""
        marked = marked or bool(mark)
        cells = [cid + mark] + (_rate_cells(rate) if "success" in r else ["(each for himself)", "", "", ""])
        if "settlement" in r:
            st = r["settlement"]
            ev = s.expected(cid)
            cells += _mean_cells(ev)
            marked = marked or bool(ev.open)
            if ev.open and not mark:
                cells[0] += "*"
            for key, n in st["missing"].items():
                notes.append("%s: no settlement for %s: the value of %r is not set (RULES.md Q-AT1; give it with "
                             "--value %s=N)" % (cid, deals_text(n), key, key))
            for msg, n in st["errors"].items():
                notes.append("%s: %s could not be settled: %s" % (cid, deals_text(n), msg))
        table.append(cells)
        for goal in t["goals"]:
            if goal in r["goals"]:
                g = s.rate(cid, goal)
                table.append(["  " + goal + ("*" if g.undecided else "")] + _rate_cells(g))
                marked = marked or bool(g.undecided)
            elif goal in r["not_applicable"]:
                table.append(["  " + goal, "n/a: " + r["not_applicable"][goal]])
        if r.get("exchanges"):
            ex = r["exchanges"]
            notes.append("%s: exhaustive talon: %d exchanges solved%s" % (
                cid, ex["tried"], "; %s had more than %d (left undecided unless one made it)"
                % (deals_text(ex["capped"]), MAX_EXCHANGES) if ex["capped"] else ""))
        for reason, n in r["unavailable"].items():
            notes.append("%s: not played in %s: %s" % (cid, deals_text(n), reason))
    lines += _columns(table)
    if marked:
        lines.append("* undecided deals: the rate is the bracket from all of them lost to all of them won, "
                     "the interval spans both ends%s" % ("; a settlement between its proven bounds is 'open'"
                                                        if settle else ""))
    if len(rows) > 1:
        lines.append("(best first, by %s)" % ("expected settlement" if s.ranking() == "settlement" else
                                               "success rate: the expected settlement is incomplete"
                                               if t["settle"] else "success rate"))
    if settle:
        notes.append("the settlement is the contract's game for the analysed seat (won or lost, the difference "
                     "as the score counts it); bonuses are goals of their own (-g)")
    if s.deals and s.deals < FEW_DEALS:
        notes.append("only %s: the intervals are wide" % deals_text(s.deals))
    if notes:
        lines += [""] + ["note: " + n for n in notes]
    lines += [""] + budget_lines(s)
    tp = s.throughput()
    if tp["deals_per_core_second"]:
        line = "throughput: %.3g deals/s per core (CPU time; %d solves, %.3g nodes/s)" % (
            tp["deals_per_core_second"], tp["solves"], tp["nodes_per_second"] or 0)
        if tp.get("deals_per_second") and tp.get("wall_deals"):
            line += "; this run %.3g deals/s on %d worker%s, busy %d%% of the time" % (
                tp["deals_per_second"], tp["workers"] or 1, "" if tp["workers"] == 1 else "s",
                round(100 * (tp["busy"] or 0)))
        lines.append(line)
    if not s.complete:
        lines.append("incomplete: %d of %d deals done%s" % (s.deals, s.header["deals"],
                                                           "; --resume completes it" if s.interrupted else ""))
    return "\n".join(lines)


def _columns(table):
    """Rows of cells as aligned text (a cell running past its column spans the rest)."""
    widths = {}
    for row in table:
        if len(row) > 2 or row is table[0]:
            for i, cell in enumerate(row):
                widths[i] = max(widths.get(i, 0), len(cell))
    out = []
    for row in table:
        if len(row) == 2 and row is not table[0]:
            out.append(("%-*s  %s" % (widths[0], row[0], row[1])).rstrip())
            continue
        out.append("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                             for i, cell in enumerate(row)).rstrip())
    return out

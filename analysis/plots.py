"""Charts of a run (matplotlib), readable at a glance.  Every function takes ``ax=None`` (then
the current Axes of pyplot) and returns the Axes it drew on; :func:`save` writes a chart to PNG
or SVG without any display (the Agg canvas), as ``tarokdd plot`` does.

* :func:`plot_feature` — success rate against a feature of the analysed hand as dealt
  (trumps, kings, honours, points): one point per value with deals (no line across empty
  values), integer ticks, the interval as error bars, the deals behind each point written out;
* :func:`plot_points` — the declarer side's result under double-dummy play, to the resolution
  the run settled it (Slovenian counted points, French points with the bout bonus, else won /
  lost), the contract's threshold marked;
* :func:`plot_bidding` — the bidding table: success rate per contract (local names) with its
  interval and expected settlement, 0 % bars shown.

Rates are in percent.  While deals are undecided a rate is a bracket: it is drawn as a band
from the lowest to the highest rate, with the interval over both ends.  A chart of fewer than
``FEW_DEALS`` deals says so on its face.
"""

from .summary import FEATURES, FEW_DEALS

BRACKET_STYLE = {"color": "tab:orange", "alpha": 0.45, "linewidth": 7, "solid_capstyle": "butt"}  # (feature)


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt
        ax = plt.gca()
    return ax


def _percent_axis(axis):
    from matplotlib.ticker import PercentFormatter
    axis.set_major_formatter(PercentFormatter(100))


def _few_deals_note(ax, deals):
    if deals < FEW_DEALS:
        ax.text(0.99, 0.02, "only %d deal%s: wide intervals" % (deals, "" if deals == 1 else "s"),
                transform=ax.transAxes, ha="right", va="bottom", fontsize=9, color="tab:red",
                bbox={"facecolor": "white", "edgecolor": "tab:red", "alpha": 0.85})


def _deals_label(rate):
    text = "%d deal%s" % (rate.deals, "" if rate.deals == 1 else "s")
    return text + (", %d undecided" % rate.undecided if rate.undecided else "")


def _point(rate):
    """(value, lower error, upper error) in percent: the bracket's middle with the interval."""
    first, last = rate.bracket
    low, high = rate.interval
    middle = 50 * (first + last)
    return middle, max(0.0, middle - 100 * low), max(0.0, 100 * high - middle)


def plot_feature(summary, contract, feature="trumps", goal="win", ax=None, title=None):
    """Success rate of ``goal`` (default: the contract) against ``feature`` of the hand."""
    from matplotlib.ticker import MaxNLocator
    ax = _axes(ax)
    if feature not in FEATURES:
        raise ValueError("feature %r: choose one of %s" % (feature, ", ".join(FEATURES)))
    rates = {x: r for x, r in summary.feature_rates(contract, feature, goal).items() if r.deals}
    xs = list(rates)
    points = [_point(rates[x]) for x in xs]
    name = summary.name(contract)
    if xs:
        ax.errorbar(xs, [p[0] for p in points], yerr=[[p[1] for p in points], [p[2] for p in points]], fmt="o",
                    capsize=4, label="%s %s" % (name, "success" if goal == "win" else goal))
    for x, (y, _, _) in zip(xs, points):
        r = rates[x]
        if r.undecided:
            first, last = r.bracket
            ax.plot([x, x], [100 * first, 100 * last], **BRACKET_STYLE)
        ax.annotate(_deals_label(r), (x, y), textcoords="offset points", xytext=(6, 6), ha="left", fontsize=8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(-5, 112)
    _percent_axis(ax.yaxis)
    ax.set_xlabel("%s in the hand (as dealt)" % feature)
    ax.set_ylabel("success rate" if goal == "win" else "%s rate" % goal)
    undecided = sum(r.undecided for r in rates.values())
    ax.set_title(title or "%s: %s by %s (%d%% intervals, %d deals%s)" % (
        name, "success" if goal == "win" else goal, feature, round(100 * summary.confidence), summary.deals,
        "; orange: bracket of %d undecided" % undecided if undecided else ""))
    ax.grid(True, alpha=0.3)
    _few_deals_note(ax, summary.deals)
    return ax


def plot_points(summary, contract, ax=None, title=None):
    """The declarer side's result per deal, as the run settled it, with the threshold marked.

    Slovenian: counted points; French: points plus the bout bonus (so that 56 is the threshold
    whatever the bouts); deals known only to lie on one side of the threshold (or between
    wider bounds) are counted in a note on the chart, not drawn."""
    from matplotlib.ticker import MaxNLocator
    ax = _axes(ax)
    v = summary.variant
    name = summary.name(contract)
    bands = summary.counts(contract)
    threshold = summary.threshold(contract)
    french = v.family == "french"
    step = 2 if french else 3  # a point: two halves, three thirds
    drawn, undrawn = {}, 0
    for (low, high), n in bands.items():
        if high - low < step:  # known to a point (Slovenian counts whole points: thirds rounded)
            x = high / 2 if french else (high + 1) // 3
            drawn[x] = drawn.get(x, 0) + n
        else:
            undrawn += n
    xs = sorted(drawn)
    ax.bar(xs, [drawn[x] for x in xs], width=0.5 if french else 0.8, align="center", color="tab:blue", alpha=0.8,
           label="deals")
    if threshold is not None:  # between the last losing and the first winning result
        first_won = threshold / 2 if french else (threshold + 1) // 3
        ax.axvline(first_won - (0.25 if french else 0.5), color="tab:red", linestyle="--",
                   label="needed: %s" % ("56 (points + bout bonus)" if french else "%d counted (%s)" % (
                       first_won, v.format_units(threshold))))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("declarer side's %s (double dummy)" % ("points + bout bonus, FR-6.4" if french else
                                                        "counted points"))
    ax.set_ylabel("deals")
    total = sum(bands.values())
    ax.set_title(title or "%s: result per deal, %d of %d deals drawn" % (name, sum(drawn.values()), total))
    if undrawn or not bands:
        ax.text(0.02, 0.9, "%d deal%s known only as a range (won / lost, or still open): not drawn"
                % (undrawn, "" if undrawn == 1 else "s") if bands else
                "no points to draw: this run settled %s as won or lost only (or without the settlement)" % name,
                transform=ax.transAxes, ha="left", va="top", fontsize=9, color="tab:red",
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85})
    ax.legend(fontsize=8, loc="upper right")
    _few_deals_note(ax, total)
    return ax


def plot_bidding(summary, ax=None, title=None):
    """The bidding table as horizontal bars: success rate (percent) with its interval, the
    bracket while deals are undecided, and the expected settlement written beside each bar."""
    ax = _axes(ax)
    rows = [r for r in summary.rows() if "success" in r and r["success"]["deals"]][::-1]
    ids = [r["contract"] for r in rows]
    rates = [summary.rate(cid) for cid in ids]
    ys = list(range(len(ids)))
    points = [_point(r) for r in rates]
    ax.barh(ys, [100 * r.bracket[0] for r in rates], height=0.6, color="tab:green", alpha=0.7,
            label="success (lowest)")
    open_ = [(y, r.bracket) for y, r in zip(ys, rates) if r.undecided]
    if open_:
        ax.barh([y for y, _ in open_], [100 * (last - first) for _, (first, last) in open_], height=0.6,
                left=[100 * first for _, (first, _) in open_], color=BRACKET_STYLE["color"],
                alpha=BRACKET_STYLE["alpha"], label="bracket")
    if ids:
        ax.errorbar([p[0] for p in points], ys, xerr=[[p[1] for p in points], [p[2] for p in points]], fmt="|",
                    color="black", capsize=4)
    for y, cid, r in zip(ys, ids, rates):
        label = _deals_label(r)
        if summary.task["settle"]:
            ev = summary.expected(cid)
            if ev.n:
                first, last = ev.bracket
                label += ", E %+.1f" % float(first) if not ev.open else ", E %+.1f..%+.1f" % (float(first),
                                                                                              float(last))
        ax.text(1.02, y, label, va="center", fontsize=8, transform=ax.get_yaxis_transform())
    ax.set_yticks(ys)
    ax.set_yticklabels([summary.name(cid) for cid in ids])
    ax.set_ylim(-0.7, max(len(ids), 2) - 0.3)
    ax.set_xlim(0, 100)
    _percent_axis(ax.xaxis)
    undecided = any(r.undecided for r in rates)
    ax.set_xlabel("success rate (%d%% interval%s)" % (round(100 * summary.confidence),
                                                       "; orange: bracket of undecided deals" if undecided else ""))
    ax.set_title(title or "bidding table: %s, %d deals" % (summary.variant.name, summary.deals))
    _few_deals_note(ax, summary.deals)
    return ax


def figure(kind, summary, contract=None, feature="trumps", goal="win", title=None, size=(8, 4.8)):
    """A new matplotlib Figure (no pyplot, no display) with one chart of ``kind``:
    'bid', 'feature' or 'points'."""
    from matplotlib.figure import Figure
    fig = Figure(figsize=size)
    ax = fig.add_subplot(1, 1, 1)
    if kind == "bid":
        plot_bidding(summary, ax=ax, title=title)
    elif kind == "feature":
        plot_feature(summary, contract, feature, goal, ax=ax, title=title)
    elif kind == "points":
        plot_points(summary, contract, ax=ax, title=title)
    else:
        raise ValueError("plot kind %r: choose bid, feature or points" % kind)
    fig.tight_layout()
    return fig


def save(fig, path):
    """Write ``fig`` to ``path`` (PNG or SVG by the extension) with the Agg canvas."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    FigureCanvasAgg(fig)
    fig.savefig(path)
    return path

"""Charts of a run (matplotlib).  Every function takes ``ax=None`` (then the current Axes of
pyplot) and returns the Axes it drew on; :func:`save` writes a chart to PNG or SVG without
any display (the Agg canvas), as ``tarokdd plot`` does.

* :func:`plot_feature` — success rate against a feature of the analysed hand as dealt
  (trumps, kings, honours, points), with the interval as error bars and ``n`` per point;
* :func:`plot_points` — the distribution of the declarer side's card points under
  double-dummy play, the contract's threshold marked (French: the four bout requirements);
* :func:`plot_bidding` — the bidding table: success rate per contract with error bars, ``n``
  and the expected settlement.
"""

from .simulate import FEATURES

FRENCH_REQUIREMENTS = {0: 56, 1: 51, 2: 41, 3: 36}  # FR-6.4, points by bouts


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt
        ax = plt.gca()
    return ax


def _errors(rates):
    lows, highs = [], []
    for r in rates:
        low, high = r.interval
        lows.append(max(0.0, r.rate - low))
        highs.append(max(0.0, high - r.rate))
    return [lows, highs]


def plot_feature(summary, contract, feature="trumps", goal="win", ax=None, title=None):
    """Success rate of ``goal`` (default: the contract) against ``feature`` of the hand."""
    ax = _axes(ax)
    if feature not in FEATURES:
        raise ValueError("feature %r: choose one of %s" % (feature, ", ".join(FEATURES)))
    rates = {x: r for x, r in summary.feature_rates(contract, feature, goal).items() if r.decided}
    xs = list(rates)
    ys = [rates[x].rate for x in xs]
    ax.errorbar(xs, ys, yerr=_errors(rates.values()) if xs else None, fmt="o-", capsize=4,
                label="%s %s" % (contract, "success" if goal == "win" else goal))
    for x, y in zip(xs, ys):
        r = rates[x]
        ax.annotate("n=%d" % r.decided + (" (+%d?)" % r.undecided if r.undecided else ""), (x, y),
                    textcoords="offset points", xytext=(0, 8), ha="center", fontsize=8)
    ax.set_ylim(-0.05, 1.12)
    ax.set_xlabel("%s in the hand (as dealt)" % feature)
    ax.set_ylabel("success rate" if goal == "win" else "%s rate" % goal)
    ax.set_title(title or "%s: %s by %s (%d%% intervals, %d deals)" % (
        summary.variant.contract(contract).name, "success" if goal == "win" else goal, feature,
        round(100 * summary.confidence), summary.deals))
    ax.grid(True, alpha=0.3)
    return ax


def plot_points(summary, contract, ax=None, title=None):
    """Histogram of the declarer side's card points, with the threshold marked."""
    ax = _axes(ax)
    v = summary.variant
    hist = summary.points(contract)
    xs = [u / v.unit for u in hist]
    ns = list(hist.values())
    width = 1 / v.unit if v.unit > 1 else 0.8
    ax.bar(xs, ns, width=width, align="center", color="tab:blue", alpha=0.8, label="deals")
    threshold = summary.threshold(contract)
    if threshold is not None:
        ax.axvline(threshold / v.unit, color="tab:red", linestyle="--",
                   label="threshold %s" % v.format_units(threshold))
    elif v.family == "french":
        for bouts, need in FRENCH_REQUIREMENTS.items():
            ax.axvline(need, color="tab:red", linestyle=":", alpha=0.4 + 0.2 * bouts,
                       label="%d with %d bout%s" % (need, bouts, "" if bouts == 1 else "s"))
    ax.set_xlabel("declarer side's card points (double dummy)")
    ax.set_ylabel("deals")
    ax.set_title(title or "%s: card points, n=%d" % (v.contract(contract).name, sum(ns)))
    ax.legend(fontsize=8)
    return ax


def plot_bidding(summary, ax=None, title=None):
    """The bidding table as horizontal bars: success rate with its interval and n, and the
    expected settlement written beside each bar."""
    ax = _axes(ax)
    rows = [r for r in summary.rows() if "success" in r and r["success"]["decided"]]
    names = [r["contract"] for r in rows][::-1]
    rates = [summary.rate(name) for name in names]
    ys = list(range(len(names)))
    ax.barh(ys, [r.rate for r in rates], color="tab:green", alpha=0.7)
    if names:
        ax.errorbar([r.rate for r in rates], ys, xerr=_errors(rates), fmt="none", ecolor="black", capsize=4)
    for y, name, r in zip(ys, names, rates):
        label = "n=%d" % r.decided + (", %d?" % r.undecided if r.undecided else "")
        ev = summary.expected(name) if summary.task["settle"] else None
        if ev is not None and ev.n:
            label += ", EV %+.1f" % float(ev.mean)
        ax.text(1.02, y, label, va="center", fontsize=8, transform=ax.get_yaxis_transform())
    ax.set_yticks(ys)
    ax.set_yticklabels(names)
    ax.set_xlim(0, 1)
    ax.set_xlabel("success rate (%d%% interval)" % round(100 * summary.confidence))
    ax.set_title(title or "bidding table: %s, %d deals" % (summary.variant.name, summary.deals))
    return ax


def figure(kind, summary, contract=None, feature="trumps", goal="win", title=None, size=(7, 4.5)):
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

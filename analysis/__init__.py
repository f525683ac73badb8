"""Monte Carlo hand analysis on top of the double-dummy solver.

* :mod:`analysis.deal` — constrained, reproducible dealing (:class:`DealSpec`, :class:`Deal`)
* :mod:`analysis.dealer` — the same at compiled speed: batches of candidate deals as arrays,
  the constraint language evaluated on them (numpy, numba)
* :mod:`analysis.talon` — king call, talon group and discard (the documented heuristic)
* :mod:`analysis.evaluate` — one deal's yes/no questions to the solver, pass by pass
* :mod:`analysis.settle` — what the settlement needs (the count's edges) and its amount
* :mod:`analysis.simulate` — the runner on any ``concurrent.futures.Executor`` within a time
  budget, JSON-lines results with resume (:func:`simulate`, :func:`analyse_hand`, :func:`bid`)
* :mod:`analysis.summary`, :mod:`analysis.report` — the merged result (:class:`Summary`) and its text
* :mod:`analysis.stats` — Wilson and Clopper–Pearson intervals, brackets (:class:`Rate`, :class:`Mean`)
* :mod:`analysis.odds` — exact (hypergeometric) talon / dog odds, cross-checked by sampling
* :mod:`analysis.plots` — matplotlib charts (``ax=None``, return the Axes)

Names are imported lazily, so ``import analysis`` stays cheap.
"""

_EXPORTS = {
    "DealSpec": "deal", "Deal": "deal", "Expression": "deal", "AnalysisError": "deal", "ConstraintError": "deal",
    "ImpossibleConstraints": "deal",
    "setup": "talon", "Setup": "talon", "Unavailable": "talon", "HEURISTIC": "talon",
    "Task": "simulate", "Summary": "summary", "Score": "settle", "BatchDealer": "dealer", "simulate": "simulate", "analyse_hand": "simulate",
    "bid": "simulate", "resume": "simulate", "load_results": "simulate", "SimulationInterrupted": "simulate",
    "Rate": "stats", "Mean": "stats", "wilson": "stats", "clopper_pearson": "stats", "interval": "stats",
    "talon_odds": "odds", "sample_talon_odds": "odds", "TalonOdds": "odds",
    "plot_feature": "plots", "plot_points": "plots", "plot_bidding": "plots",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        import importlib
        return getattr(importlib.import_module("." + _EXPORTS[name], __name__), name)
    raise AttributeError("module 'analysis' has no attribute %r" % name)

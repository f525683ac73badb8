"""Monte Carlo hand analysis on top of the double-dummy solver (see the analysis issue)."""

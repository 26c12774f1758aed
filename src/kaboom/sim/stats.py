"""Statistics for simulation reports."""

from __future__ import annotations

import math
from typing import TypedDict

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class WinFigures(TypedDict):
    """A report row's wins, win rate and its 95% interval."""

    wins: int
    win_rate: float
    ci95: list[float]


def win_figures(wins: int, played: int) -> WinFigures:
    """A report row's figures for ``wins`` out of ``played`` games: the wins, the win rate
    and its 95% Wilson interval (the keys every report writes them under).

    >>> figures = win_figures(50, 100)
    >>> figures["wins"], figures["win_rate"], [round(x, 3) for x in figures["ci95"]]
    (50, 0.5, [0.404, 0.596])
    """
    lo, hi = wilson_interval(wins, played)
    return {"wins": wins, "win_rate": wins / max(1, played), "ci95": [lo, hi]}

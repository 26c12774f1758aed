"""Determinisation helpers: sampling full worlds that agree with what a seat sees."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: Tries at drawing a sample that fits what every seat sees, before a game repairs one.
SAMPLE_TRIES = 64


def sample_fitting(
    draw: Callable[[], T], fits: Callable[[T], bool], tries: int = SAMPLE_TRIES
) -> T | None:
    """The first of up to ``tries`` samples from ``draw`` that ``fits``; None if none does.
    Rejection keeps the sample uniform among the worlds that fit.

    >>> import random
    >>> rng = random.Random(1)
    >>> sample_fitting(lambda: rng.randrange(10), lambda x: x > 7)
    9
    >>> print(sample_fitting(lambda: 1, lambda x: x > 7, tries=3))
    None
    """
    for _ in range(tries):
        sample = draw()
        if fits(sample):
            return sample
    return None

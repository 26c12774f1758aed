"""Determinisation helpers: sampling full worlds that agree with what a seat sees."""

from __future__ import annotations

import random
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


def unseen_pool(
    counts: tuple[int, ...], seen: list[int], need: int, rng: random.Random
) -> list[int]:
    """``need`` of a box's pieces (``counts`` per kind) less those ``seen``, in random order:
    built in sorted order before the shuffle, so that a sample depends on what the seat
    sees alone. (A table laid out by hand may hold fewer pieces than the box, or more: the
    box's pieces then count again.)

    >>> sorted(unseen_pool((2, 1), [0], 2, random.Random(1)))
    [0, 1]
    """
    left = list(counts)
    for piece in seen:
        left[piece] = max(0, left[piece] - 1)
    pool = [t for t, k in enumerate(left) for _ in range(k)]
    everything = [t for t, k in enumerate(counts) for _ in range(k)] or [0]
    while len(pool) < need:
        pool += everything[: need - len(pool)]
    rng.shuffle(pool)
    return pool[:need]

"""Draws from a game's generator as ``random.Random``'s own methods make them, compiled.

``random.Random.randrange``, ``choice`` and ``shuffle`` are Python code around the C
generator's ``getrandbits``: each draw costs a few Python frames. These functions make the
very same draws (the same numbers from the same state, so seeded games stay the same
games; ``tests/test_fast_paths.py`` checks them against the methods) with no frame of
their own in the compiled build.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def uniform_index(rng: random.Random, n: int) -> int:
    """A uniformly random index below ``n`` (positive): the draw of ``rng.randrange(n)``
    and of ``rng.choice`` among ``n`` items (``random.Random._randbelow``: ``n``'s bit
    length in bits, drawn again while out of range).

    >>> rng, twin = random.Random(3), random.Random(3)
    >>> [uniform_index(rng, 5) for _ in range(6)] == [twin.randrange(5) for _ in range(6)]
    True
    """
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does (Fisher-Yates from the end).

    >>> a, b = list(range(9)), list(range(9))
    >>> shuffle(random.Random(2), a); random.Random(2).shuffle(b); a == b
    True
    """
    for i in range(len(items) - 1, 0, -1):
        j = uniform_index(rng, i + 1)
        items[i], items[j] = items[j], items[i]

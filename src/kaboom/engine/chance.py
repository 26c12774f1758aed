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

from mypy_extensions import i64

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

    Its words are drawn in batches. Each index of ``rng.shuffle`` is ``getrandbits(k)``
    (``k`` at most 32: the top ``k`` bits of the generator's next 32-bit word) until it is in
    range, and ``getrandbits(32 * m)`` is the next ``m`` words, the first the lowest. A batch
    is the words of the indices left, each of which takes one word at least: the generator
    is never drawn past where ``rng.shuffle`` leaves it. (A call for each index was most of
    a deal: 12% of an Eleminis step in the vector env.)

    >>> a, b = list(range(9)), list(range(9))
    >>> shuffle(random.Random(2), a); random.Random(2).shuffle(b); a == b
    True
    """
    i: i64 = len(items) - 1
    k: i64 = len(items).bit_length()  # (the bits of an index below i + 1)
    words = b""
    at: i64 = 0
    while i > 0:
        if at == len(words):  # (the indices i .. 1 are left: i words at least)
            words = rng.getrandbits(32 * i).to_bytes(4 * i, "little")
            at = 0
        b0: i64 = words[at]
        b1: i64 = words[at + 1]
        b2: i64 = words[at + 2]
        b3: i64 = words[at + 3]
        at += 4
        j = (b0 | b1 << 8 | b2 << 16 | b3 << 24) >> (32 - k)
        if j <= i:  # (else drawn again, as ``_randbelow`` does)
            items[i], items[j] = items[j], items[i]
            i -= 1
            if i + 1 < 1 << (k - 1):
                k -= 1

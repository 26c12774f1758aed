"""What one seat remembers of a face-down pile: the places it saw, and runs whose order it saw.

A pile is a list with its top last; a place is an index from the bottom (0). A seat that saw
some places (See the Future, its own secret placement) knows them exactly (``exact``: place →
piece). When another seat hides a piece in the pile at a place this seat does not know, those
places are lost, but not their order: the pieces still lie in that order, top first, one
above the other, somewhere among the places the seat has not seen. That is a *run*
(``runs``: lists of pieces, top first). Several runs may be known at once; their pieces
interleave in ways the seat cannot tell.

Every function here keeps the memory *true*: what it says of the pile holds in the real
pile. Where an event might or might not have touched a remembered piece, the piece is
forgotten (knowing less is always true; knowing wrongly would let a sample contradict the
table).

>>> exact, runs = {5: 1, 4: 2, 3: 3}, []   # saw the top three of six: 1, 2, 3
>>> hidden_insert(exact, runs)              # another seat hid a card somewhere
>>> exact, runs
({}, [[1, 2, 3]])
>>> drawn(exact, runs, 6, piece=None, bottom=False)   # someone drew a card it did not see
>>> runs                                               # it may have been the 1
[[2, 3]]
"""

from __future__ import annotations

import random

#: Pieces known to lie in this order, top first, among the places a seat has not seen.
Runs = list[list[int]]


def drawn(exact: dict[int, int], runs: Runs, index: int, piece: int | None, bottom: bool) -> None:
    """The piece at ``index`` left the pile (the top one, or the bottom one with ``bottom``).
    ``piece``: what it was, if this seat saw it; None if it did not."""
    if index in exact:
        del exact[index]  # a place it saw: no run lies there
    elif runs:
        # It came from the topmost (or lowest) place the seat did not see: the first (or
        # last) piece of any run could have been there.
        end = -1 if bottom else 0
        for run in runs:
            if piece is None or run[end] == piece:
                run.pop(end)
        runs[:] = [run for run in runs if run]
    if bottom and exact:
        moved = {i - 1: p for i, p in exact.items()}
        exact.clear()
        exact.update(moved)


def hidden_insert(exact: dict[int, int], runs: Runs) -> None:
    """Another seat put a piece in at a place this seat does not know: the places it saw
    shift by an amount it cannot know, so they become a run (their order holds)."""
    if exact:
        runs.append([exact[i] for i in sorted(exact, reverse=True)])
        exact.clear()


def own_insert(exact: dict[int, int], index: int, piece: int) -> None:
    """This seat put ``piece`` in at ``index``: it knows where, and where the rest went.
    Its runs still hold (the piece went to a place they do not lie in)."""
    moved = {(i + 1 if i >= index else i): p for i, p in exact.items()}
    moved[index] = piece
    exact.clear()
    exact.update(moved)


def seen(exact: dict[int, int], runs: Runs, places: dict[int, int]) -> None:
    """This seat looked at ``places`` (place → piece), the topmost places of the pile. The
    ones it had not seen before were the topmost places a run could lie in, so a run's
    pieces among them are a prefix of the run: the longest prefix that could be there is
    forgotten from the run (now known exactly, or never there)."""
    new = [places[i] for i in sorted(places, reverse=True) if i not in exact]
    exact.update(places)
    for r, run in enumerate(runs):
        k = 0
        for piece in new:
            if k < len(run) and run[k] == piece:
                k += 1
        runs[r] = run[k:]
    runs[:] = [run for run in runs if run]


def forget(exact: dict[int, int], runs: Runs) -> None:
    """The pile was shuffled: nothing of its order is known."""
    exact.clear()
    runs.clear()


def holds(pile: list[int], exact: dict[int, int], runs: Runs) -> bool:
    """Whether the memory is true of ``pile``: each place seen holds its piece, and each run
    lies in order among the other places.

    >>> holds([3, 2, 1], {}, [[1, 3]]), holds([3, 2, 1], {2: 1}, [[1, 3]])
    (True, False)
    """
    if any(not 0 <= i < len(pile) or pile[i] != p for i, p in exact.items()):
        return False
    unseen = [pile[i] for i in range(len(pile) - 1, -1, -1) if i not in exact]
    for run in runs:
        rest = iter(unseen)
        if not all(any(piece == p for p in rest) for piece in run):
            return False
    return True


def run_pieces(runs: Runs) -> list[int]:
    """Every piece the runs hold."""
    return [piece for run in runs for piece in run]


def place_runs(free: list[int], runs: Runs, rng: random.Random) -> dict[int, int]:
    """Places for the runs' pieces among ``free`` places (not seen exactly), each run in its
    order, top first: a random set of places, and a random interleaving of the runs.

    >>> placed = place_runs([0, 1, 2, 3], [[7, 8]], random.Random(2))
    >>> [placed[i] for i in sorted(placed, reverse=True)]
    [7, 8]
    """
    total = sum(len(run) for run in runs)
    if total > len(free):
        raise ValueError("more pieces in runs than places to hold them")
    chosen = sorted(rng.sample(free, total), reverse=True)
    labels = [r for r, run in enumerate(runs) for _ in run]
    rng.shuffle(labels)
    nxt = [0] * len(runs)
    placed: dict[int, int] = {}
    for place, r in zip(chosen, labels, strict=True):
        placed[place] = runs[r][nxt[r]]
        nxt[r] += 1
    return placed

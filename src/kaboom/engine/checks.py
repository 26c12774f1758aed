"""Checks of a stored state's fields (``State.from_json``) and a rigged table's: each
value of the right type and range, or ``BadInput`` naming the field and what was expected.
A value that would load silently but describe no reachable table (a seat 7 of a two-seat
game, card 999, a Defuse too many) is refused like a missing one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from kaboom.engine.errors import BadInput

#: The most turns, owed turns or games any counter of a stored state may hold.
MAX_COUNTER = 10**6


def integer(value: object, low: int, high: int, field: str) -> int:
    """``value``, an int (never a bool) in ``low..high``.

    >>> integer(7, -1, 1, "state.actor")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: state.actor: an integer in -1..1, got 7
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(field, f"an integer in {low}..{high}, got {value!r}")
    return value


def flag(value: object, field: str) -> bool:
    """``value``, a bool."""
    if not isinstance(value, bool):
        raise BadInput(field, f"true or false, got {value!r}")
    return value


def integers(
    value: object, low: int, high: int, field: str, length: int | None = None
) -> list[int]:
    """A list of ints in ``low..high`` (of ``length`` items if given).

    >>> integers([0, 999], 0, 55, "state.pile")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: state.pile[1]: an integer in 0..55, got 999
    """
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f"{length} " if length is not None else ""
        raise BadInput(field, f"a list of {size}integers in {low}..{high}")
    return [integer(v, low, high, f"{field}[{i}]") for i, v in enumerate(value)]


def flags(value: object, field: str, length: int) -> list[bool]:
    """A list of ``length`` bools."""
    if not isinstance(value, list) or len(value) != length:
        raise BadInput(field, f"a list of {length} true/false values")
    return [flag(v, f"{field}[{i}]") for i, v in enumerate(value)]


def table(value: object, field: str) -> dict[str, Any]:
    """``value``, a JSON object."""
    if not isinstance(value, dict):
        raise BadInput(field, f"an object, got {value!r}")
    return value


def within_box(found: Iterable[int], box: list[int], names: Iterable[str], field: str) -> None:
    """No card is found (by title, everywhere) more often than the box (``box``: the count
    of each title) holds it: none is made up. (Fewer is allowed: a table rigged for a
    scenario lays out only the cards it needs, and may be saved.)

    >>> try:
    ...     within_box([0, 1, 1], [1, 1], ["kitten", "defuse"], "state")
    ... except BadInput as err:
    ...     print(err.expected)
    at most as many of each card as the box holds; defuse: 2 found, 1 in the box
    """
    have = Counter(found)
    for title, name in enumerate(names):
        if have[title] > box[title]:
            raise BadInput(
                field,
                "at most as many of each card as the box holds; "
                f"{name}: {have[title]} found, {box[title]} in the box",
            )

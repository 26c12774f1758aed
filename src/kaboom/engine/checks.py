"""Checks of a stored state's fields (``State.from_json``) and a rigged table's: each
value of the right type and range, or ``BadInput`` naming the field and what was expected.
A value that would load silently but describe no reachable table (a seat 7 of a two-seat
game, card 999, a Defuse too many) is refused like a missing one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

from kaboom.engine.errors import BadInput
from kaboom.engine.parsing import ascii_number
from kaboom.i18n import _

W = TypeVar("W")

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
        why = _("an integer in {low}..{high}, got {value!r}")
        raise BadInput(field, why.format(low=low, high=high, value=value))
    return value


def flag(value: object, field: str) -> bool:
    """``value``, a bool."""
    if not isinstance(value, bool):
        raise BadInput(field, _("true or false, got {value!r}").format(value=value))
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
        if length is None:
            why = _("a list of integers in {low}..{high}").format(low=low, high=high)
        else:
            why = _("a list of {n} integers in {low}..{high}").format(n=length, low=low, high=high)
        raise BadInput(field, why)
    return [integer(v, low, high, f"{field}[{i}]") for i, v in enumerate(value)]


def flags(value: object, field: str, length: int) -> list[bool]:
    """A list of ``length`` bools."""
    if not isinstance(value, list) or len(value) != length:
        raise BadInput(field, _("a list of {n} true/false values").format(n=length))
    return [flag(v, f"{field}[{i}]") for i, v in enumerate(value)]


def table(value: object, field: str) -> dict[str, object]:
    """``value``, a JSON object."""
    if not isinstance(value, dict):
        raise BadInput(field, _("an object, got {value!r}").format(value=value))
    return {str(k): v for k, v in value.items()}


def items(value: object, field: str, length: int | None = None) -> list[object]:
    """``value``, a list (of ``length`` items if given)."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        if length is None:
            raise BadInput(field, _("a list of any number"))
        raise BadInput(field, _("a list of {n}").format(n=length))
    return list(value)


def rows(
    value: object, low: int, high: int, field: str, length: int, width: int
) -> list[list[int]]:
    """``length`` lists of ``width`` ints in ``low..high`` (a count per title per seat)."""
    return [
        integers(row, low, high, f"{field}[{i}]", width)
        for i, row in enumerate(items(value, field, length))
    ]


def seat_maps(value: object, low: int, high: int, field: str, length: int) -> list[dict[int, int]]:
    """Per seat, places as keys (``"3"``) and ints in ``low..high`` as values: the cards of
    a pile a seat has seen, by index into the pile."""
    out: list[dict[int, int]] = []
    for i, known in enumerate(items(value, field, length)):
        seen: dict[int, int] = {}
        for at, card in table(known, f"{field}[{i}]").items():
            place = ascii_number(at)
            if place is None:
                raise BadInput(f"{field}[{i}]", _("positions as keys, got {key!r}").format(key=at))
            seen[place] = integer(card, low, high, f"{field}[{i}].{at}")
        out.append(seen)
    return out


def seat_runs(value: object, low: int, high: int, field: str, length: int) -> list[list[list[int]]]:
    """Per seat, runs of ints in ``low..high`` (``engine.pile_memory``)."""
    return [
        [
            integers(run, low, high, f"{field}[{i}][{j}]")
            for j, run in enumerate(items(runs, f"{field}[{i}]"))
        ]
        for i, runs in enumerate(items(value, field, length))
    ]


def counts_by_key(
    value: object, low: int, high: int, field: str
) -> dict[tuple[int, int, int], int]:
    """Counts by (observer, holder, title), stored as ``[observer, holder, title, count]``."""
    out: dict[tuple[int, int, int], int] = {}
    for i, entry in enumerate(items(value, field)):
        a, b, c, k = integers(entry, low, high, f"{field}[{i}]", 4)
        out[a, b, c] = k
    return out


def pairs(value: object, low: int, high: int, field: str) -> set[tuple[int, int]]:
    """A set of pairs of ints in ``low..high``, stored as a list of ``[a, b]``."""
    out: set[tuple[int, int]] = set()
    for i, pair in enumerate(items(value, field)):
        a, b = integers(pair, low, high, f"{field}[{i}]", 2)
        out.add((a, b))
    return out


def optional_counts(
    value: object, low: int, high: int, field: str, length: int
) -> tuple[int, ...] | None:
    """None, or ``length`` ints in ``low..high``."""
    return None if value is None else tuple(integers(value, low, high, field, length))


def name_index(value: object, names: tuple[str, ...], field: str) -> int:
    """The index of ``value`` in ``names`` (a field stored by name)."""
    if not isinstance(value, str) or value not in names:
        why = _("one of {names}, got {value!r}")
        raise BadInput(field, why.format(names=", ".join(names), value=value))
    return names.index(value)


def name_indices(value: object, names: tuple[str, ...], field: str) -> list[int]:
    """A list of names, as their indices in ``names``."""
    return [name_index(v, names, f"{field}[{i}]") for i, v in enumerate(items(value, field))]


def name_rows(value: object, names: tuple[str, ...], field: str, length: int) -> list[list[int]]:
    """``length`` lists of names (a hand per seat), as indices in ``names``."""
    return [
        name_indices(row, names, f"{field}[{i}]")
        for i, row in enumerate(items(value, field, length))
    ]


def window(
    value: object,
    field: str,
    players: int,
    high: int,
    length: int,
    make: Callable[[dict[str, object], list[int]], W],
) -> W | None:
    """None, or a reaction window checked (its play ``length`` ints in ``-1..high``, its
    player, the seats asked and those that Noped, seats all) and made by ``make`` from the
    stored window and its play (the game's ``ReactionWindow.from_json``)."""
    if value is None:
        return None
    w = table(value, field)
    play = integers(w.get("play"), -1, high, f"{field}.play", length)
    integer(w.get("player"), 0, players - 1, f"{field}.player")
    integers(w.get("asked"), 0, players - 1, f"{field}.asked")
    integers(w.get("nopes"), 0, players - 1, f"{field}.nopes")
    return make(w, play)


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
            # TRANSLATORS: {card} is a card's slug, {found} and {held} numbers.
            why = _("at most as many of each card as the box holds; "
                    "{card}: {found} found, {held} in the box")  # fmt: skip
            raise BadInput(field, why.format(card=name, found=have[title], held=box[title]))

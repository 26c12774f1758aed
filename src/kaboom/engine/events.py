"""Events: what happened, and who may see it.

A family types its events in its own ``events.py``: each kind's data a ``TypedDict``, each
kind built there by a function. The rules build their events only through those functions,
so mypy checks every field; the words (``words.py``) read them through the same types.
``events.schema.json`` beside it is the same list as JSON Schema, and docs/observations.md
gives an example of each. At run time the data is a plain dict (``Event.data``): JSON and
speed are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar, cast, final

from kaboom.i18n import _

#: The audience of an event seen by every seat and by spectators.
EVERYONE: frozenset[int] | None = None


@final
class Event:
    """One thing that happened in a game.

    ``kind`` is a short name (``"play"``, ``"draw"``, ``"explode"``), ``seat`` the seat it is
    about (or ``None``), ``data`` plain JSON-able details, ``audience`` the seats allowed to see
    it (``None``: everyone, spectators included). Treat events as immutable. Equal when
    their four parts are. (A class written out, not a dataclass: the dataclasses module
    writes a dataclass's ``__init__`` in Python, which mypyc cannot compile; a compiled
    ``__init__`` builds an event in a tenth of the time, and the rules build one or more at
    every action.)

    >>> e = Event("draw", 1, {"card": "skip"}, frozenset({1}))
    >>> e.visible_to(1), e.visible_to(2), e.visible_to(None)
    (True, False, False)
    >>> e
    Event(kind='draw', seat=1, data={'card': 'skip'}, audience=frozenset({1}))
    """

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        data: dict[str, Any] | None = None,
        audience: frozenset[int] | None = EVERYONE,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.data: dict[str, Any] = {} if data is None else data
        self.audience = audience

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind
            and self.seat == other.seat
            and self.data == other.data
            and self.audience == other.audience
        )

    def __reduce__(self) -> tuple[type[Event], tuple[Any, ...]]:
        """Pickled as its four parts (a compiled class is made through its ``__init__``)."""
        return (Event, (self.kind, self.seat, self.data, self.audience))

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, seat={self.seat!r}, data={self.data!r}, "
            f"audience={self.audience!r})"
        )

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see this event."""
        if self.audience is None:
            return True
        return seat is not None and seat in self.audience

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": self.data}
        out["audience"] = None if self.audience is None else sorted(self.audience)
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        audience = raw.get("audience")
        return cls(
            raw["kind"],
            raw.get("seat"),
            dict(raw.get("data", {})),
            None if audience is None else frozenset(audience),
        )


def event_of(
    kind: str, seat: int | None, data: Mapping[str, object], audience: frozenset[int] | None
) -> Event:
    """An event whose data a family typed (a ``TypedDict``, games/<family>/events.py): at run
    time a plain dict, so the event and its JSON are those of :class:`Event`."""
    return Event(kind, seat, cast(dict[str, Any], data), audience)


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see, in order."""
    return [e for e in events if e.visible_to(seat)]


# -- events in plain words (each family's ``words.py``: a phrase per kind) -------------------
class Speaker(Protocol):
    """What every family's phrases read (its ``words.Said``): at least the seat's name."""

    @property
    def who(self) -> str: ...


S = TypeVar("S", bound=Speaker)


def fixed_phrase(words: str) -> Callable[[Speaker, Event], str]:
    """A phrase that names at most the seat: ``{who}`` in ``words``, a message of the
    catalogue (``fixed_phrase`` is one of its marks: docs/i18n.md), said in the language of
    the context that tells it."""

    def phrase(w: Speaker, e: Event) -> str:
        return _(words).format(who=w.who)

    return phrase


def in_words(phrases: Mapping[str, Callable[[S, Event], str]], said: S, e: Event) -> str:
    """``e`` by its kind's phrase, said by ``said``; a kind with no phrase as its raw parts."""
    phrase = phrases.get(e.kind)
    if phrase is None:
        return f"P{e.seat}: {e.kind} {e.data}"
    return phrase(said, e)

"""The board game's events, typed as ``kaboom.engine.events`` says: ``rules.py`` builds them
here, ``words.py`` reads them, ``events.schema.json`` lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, NotRequired, TypedDict, get_args

from kaboom.engine.events import EVERYONE, Event, event_of

#: Every kind of event the board game produces, in rulebook order.
Kind = Literal[
    "turn", "draw-cards", "reshuffle-discs", "disc", "stay", "flip", "move", "kitten-space",
    "defuse", "explode", "swap", "discard", "play", "nope", "pass", "noped", "skip", "attack",
    "see-the-future", "shuffle", "add-magnet", "place-magnet", "time-up", "win",
]  # fmt: skip
KINDS: Final[tuple[str, ...]] = get_args(Kind)

#: The kinds that carry no data.
Bare = Literal[
    "stay", "kitten-space", "defuse", "explode", "pass", "skip", "shuffle", "add-magnet", "win"
]  # fmt: skip

Audience = frozenset[int] | None


class Owed(TypedDict):
    """``turn``: how many turns the seat owes, this one included."""

    owed: int


class Drawn(TypedDict):
    """``draw-cards``: the Action Cards, for the drawer; how many, for the others."""

    cards: NotRequired[list[str]]
    count: NotRequired[int]
    redacted: NotRequired[Literal[True]]


class Discs(TypedDict):
    """``reshuffle-discs``: how many Move Discs the new Move Deck holds."""

    discs: int


class Disc(TypedDict):
    """``disc``: the Move Disc flipped."""

    disc: str


class Side(TypedDict):
    """``flip``: the side the board now shows (``calm`` or ``chaos``)."""

    side: str


class Moved(TypedDict):
    """``move``: the space the seat lands on."""

    to: int


#: ``swap``: the seat swapped with (``with`` is a keyword: the functional form).
Swap = TypedDict("Swap", {"with": int})


class Card(TypedDict):
    """``discard``, ``noped``: the Action Card."""

    card: str


class Played(TypedDict):
    """``play``: the Action Card and, for a card played on a seat, the seat."""

    card: str
    target: NotRequired[int]


class Nope(TypedDict):
    """``nope``: how many Nopes now lie on the play."""

    depth: int


class Attacked(TypedDict):
    """``attack``: the seat attacked and the turns it owes."""

    next: int
    owed: int


class Seen(TypedDict):
    """``see-the-future``: the Move Discs on top, for its player only."""

    discs: NotRequired[list[str]]
    redacted: NotRequired[Literal[True]]


class Placed(TypedDict):
    """``place-magnet``: where the Danger Magnet went, for its player only."""

    position: NotRequired[int]
    redacted: NotRequired[Literal[True]]


class Turns(TypedDict):
    """``time-up``: how many turns were played."""

    turns: int


class Nothing(TypedDict):
    """The kinds that carry no data."""


def _event(
    kind: Kind, seat: int | None, data: Mapping[str, object], audience: Audience = EVERYONE
) -> Event:
    return event_of(kind, seat, data, audience)


def plain(kind: Bare, seat: int | None, audience: Audience = EVERYONE) -> Event:
    nothing: Nothing = {}
    return _event(kind, seat, nothing, audience)


def turn(seat: int, owed: int) -> Event:
    data: Owed = {"owed": owed}
    return _event("turn", seat, data)


def draw_cards(seat: int, cards: list[str]) -> list[Event]:
    seen: Drawn = {"cards": cards}
    hidden: Drawn = {"count": len(cards), "redacted": True}
    return [_event("draw-cards", seat, seen, frozenset({seat})), _event("draw-cards", seat, hidden)]


def reshuffle_discs(discs: int) -> Event:
    data: Discs = {"discs": discs}
    return _event("reshuffle-discs", None, data)


def disc(seat: int, slug: str) -> Event:
    data: Disc = {"disc": slug}
    return _event("disc", seat, data)


def flip(seat: int, side: str) -> Event:
    data: Side = {"side": side}
    return _event("flip", seat, data)


def move(seat: int, to: int) -> Event:
    data: Moved = {"to": to}
    return _event("move", seat, data)


def swap(seat: int, other: int) -> Event:
    data: Swap = {"with": other}
    return _event("swap", seat, data)


def card(kind: Literal["discard", "noped"], seat: int, slug: str) -> Event:
    data: Card = {"card": slug}
    return _event(kind, seat, data)


def play(seat: int, data: Played) -> Event:
    return _event("play", seat, data)


def nope(seat: int, depth: int) -> Event:
    data: Nope = {"depth": depth}
    return _event("nope", seat, data)


def attack(seat: int, nxt: int, owed: int) -> Event:
    data: Attacked = {"next": nxt, "owed": owed}
    return _event("attack", seat, data)


def see_the_future(seat: int, discs: list[str]) -> list[Event]:
    seen: Seen = {"discs": discs}
    hidden: Seen = {"redacted": True}
    solo = frozenset({seat})
    return [_event("see-the-future", seat, seen, solo), _event("see-the-future", seat, hidden)]


def place_magnet(seat: int, position: int) -> list[Event]:
    seen: Placed = {"position": position}
    hidden: Placed = {"redacted": True}
    solo = frozenset({seat})
    return [_event("place-magnet", seat, seen, solo), _event("place-magnet", seat, hidden)]


def time_up(turns: int) -> Event:
    data: Turns = {"turns": turns}
    return _event("time-up", None, data)

"""The exploding family's events, typed as ``kaboom.engine.events`` says: ``rules.py`` and
``state.py`` build them here, ``words.py`` reads them, ``events.schema.json`` lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, NotRequired, TypedDict, get_args

from kaboom.engine.events import EVERYONE, Event, event_of

#: Every kind of event the exploding family produces, in rulebook order.
Kind = Literal[
    "hand", "turn", "play", "nope", "pass", "noped", "attack", "skip", "shuffle",
    "see-the-future", "favor", "favor-empty", "give", "steal", "steal-empty", "name-hit",
    "name-miss", "five", "take", "draw-bottom", "draw", "draw-bomb", "explode", "win",
    "defuse", "place",
]  # fmt: skip
KINDS: Final[tuple[str, ...]] = get_args(Kind)

Audience = frozenset[int] | None


class Redacted(TypedDict):
    """What the other seats see of a private event."""

    redacted: Literal[True]


class Cards(TypedDict):
    """``hand``, and ``see-the-future`` seen by its player: card slugs (top first)."""

    cards: list[str]


class Owed(TypedDict):
    """``turn``: how many turns the seat owes, this one included."""

    owed: int


class Played(TypedDict):
    """``play``: the action's text; in editions of ranks, the cards it spent."""

    action: str
    cards: NotRequired[list[str]]


class Noped(TypedDict):
    """``noped``: the text of the action cancelled."""

    action: str


class Nope(TypedDict):
    """``nope``: how many Nopes now lie on the play; the card, when it is not a Nope."""

    depth: int
    card: NotRequired[str]


class Attacked(TypedDict):
    """``attack``: the seat attacked and the turns it owes."""

    next: int
    owed: int


class Target(TypedDict):
    """``favor``, ``favor-empty``, ``steal-empty``: the seat asked."""

    target: int


class Stolen(TypedDict):
    """``steal``: the seat robbed; the card, for the two seats concerned."""

    target: int
    card: NotRequired[str]
    redacted: NotRequired[Literal[True]]


class Named(TypedDict):
    """``name-hit``, ``name-miss``: the seat asked, the rank named, the card given."""

    target: int
    card: str
    given: NotRequired[str]


class Given(TypedDict):
    """``give``: the seat given to; the card, for the two seats concerned."""

    to: int
    card: NotRequired[str]
    redacted: NotRequired[Literal[True]]


class Card(TypedDict):
    """``draw`` seen by its drawer, ``draw-bomb``, ``take``: the card."""

    card: str


class MaybeCard(TypedDict):
    """``defuse``: the card played as a Defuse, when it is not a Defuse."""

    card: NotRequired[str]


class Placed(TypedDict):
    """``place``: the bomb put back; where, for its player only."""

    card: str
    position: NotRequired[int]
    redacted: NotRequired[Literal[True]]


class Exploded(TypedDict):
    """``explode``: the hand that went to the Discard Pile (Dynamitt)."""

    discarded: NotRequired[list[str]]


class Nothing(TypedDict):
    """The kinds that carry no data (``pass``, ``skip``, ``shuffle``, ``five``, ...)."""


#: The kinds that carry no data.
Bare = Literal["pass", "skip", "shuffle", "five", "draw-bottom", "win"]


def _event(
    kind: Kind, seat: int | None, data: Mapping[str, object], audience: Audience = EVERYONE
) -> Event:
    return event_of(kind, seat, data, audience)


def _private(
    kind: Kind, seat: int, seen: Mapping[str, object], hidden: Mapping[str, object], solo: Audience
) -> list[Event]:
    """The event its audience sees, then the same with the secret left out for the others."""
    return [_event(kind, seat, seen, solo), _event(kind, seat, hidden)]


def hand(seat: int, cards: list[str], solo: Audience) -> Event:
    data: Cards = {"cards": cards}
    return _event("hand", seat, data, solo)


def turn(seat: int, owed: int) -> Event:
    data: Owed = {"owed": owed}
    return _event("turn", seat, data)


def play(seat: int, data: Played) -> Event:
    return _event("play", seat, data)


def nope(seat: int, data: Nope) -> Event:
    return _event("nope", seat, data)


def noped(seat: int, action: str) -> Event:
    data: Noped = {"action": action}
    return _event("noped", seat, data)


def attack(seat: int, nxt: int, owed: int) -> Event:
    data: Attacked = {"next": nxt, "owed": owed}
    return _event("attack", seat, data)


def plain(kind: Bare, seat: int | None, audience: Audience = EVERYONE) -> Event:
    """An event with no data: ``pass``, ``skip``, ``shuffle``, ``five``, ``draw-bottom``,
    ``win``."""
    nothing: Nothing = {}
    return _event(kind, seat, nothing, audience)


def see_the_future(seat: int, cards: list[str], solo: Audience) -> list[Event]:
    seen: Cards = {"cards": cards}
    hidden: Redacted = {"redacted": True}
    return _private("see-the-future", seat, seen, hidden, solo)


def asked(kind: Literal["favor", "favor-empty", "steal-empty"], seat: int, target: int) -> Event:
    data: Target = {"target": target}
    return _event(kind, seat, data)


def steal(seat: int, target: int, card: str) -> list[Event]:
    seen: Stolen = {"target": target, "card": card}
    hidden: Stolen = {"target": target, "redacted": True}
    return _private("steal", seat, seen, hidden, frozenset({seat, target}))


def named(kind: Literal["name-hit", "name-miss"], seat: int, data: Named) -> Event:
    return _event(kind, seat, data)


def give(seat: int, to: int, card: str) -> list[Event]:
    seen: Given = {"to": to, "card": card}
    hidden: Given = {"to": to, "redacted": True}
    return _private("give", seat, seen, hidden, frozenset({to, seat}))


def card(kind: Literal["draw-bomb", "take"], seat: int, slug: str) -> Event:
    data: Card = {"card": slug}
    return _event(kind, seat, data)


def draw(seat: int, slug: str, solo: Audience) -> list[Event]:
    seen: Card = {"card": slug}
    hidden: Redacted = {"redacted": True}
    return _private("draw", seat, seen, hidden, solo)


def explode(seat: int, data: Exploded) -> Event:
    return _event("explode", seat, data)


def defuse(seat: int, data: MaybeCard) -> Event:
    return _event("defuse", seat, data)


def place(seat: int, bomb: str, position: int, solo: Audience) -> list[Event]:
    seen: Placed = {"card": bomb, "position": position}
    hidden: Placed = {"card": bomb, "redacted": True}
    return _private("place", seat, seen, hidden, solo)

"""Eleminis events, typed as ``kaboom.engine.events`` says: ``rules.py`` and ``state.py`` build
them here, ``words.py`` reads them, ``events.schema.json`` lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, NotRequired, TypedDict, get_args

from kaboom.engine.events import EVERYONE, Event, event_of

#: Every kind of event Eleminis produces, in rulebook order.
Kind = Literal[
    "new-game", "turnover", "draw", "place", "move", "swap", "discard", "recycle", "pass",
    "win", "time-up", "score", "match-over",
]  # fmt: skip
KINDS: Final[tuple[str, ...]] = get_args(Kind)


class Card(TypedDict):
    """``draw``, ``pass``: the card drawn (or discarded unplayed)."""

    card: str


class Placed(TypedDict):
    """``place``: the card, its slot (``p1.4``: seat 1, slot 4) and the card it replaced."""

    card: str
    to: str
    replaced: NotRequired[str]


#: ``move``: the card and its two slots (``from`` is a keyword: the functional form).
Moved = TypedDict("Moved", {"card": str, "from": str, "to": str})

#: ``discard``, ``recycle``: the card and the slot it left.
FromSlot = TypedDict("FromSlot", {"card": str, "from": str})


class Swapped(TypedDict):
    """``swap``: the two slots and the cards now in them (``a``'s first)."""

    a: str
    b: str
    cards: list[str]


class Turnover(TypedDict):
    """``turnover``: how many cards the new Deck holds."""

    cards: int


class Won(TypedDict):
    """``win``: the winner's team (``None`` without teams)."""

    team: int | None


class Turns(TypedDict):
    """``time-up``: how many turns were played."""

    turns: int


class Scores(TypedDict):
    """``score``: this game's scores and the match's totals, by seat."""

    scores: list[int]
    totals: list[int]


class Winners(TypedDict):
    """``match-over``: the seats that won the match."""

    winners: list[int]


class Game(TypedDict):
    """``new-game``: the game's number in the match."""

    game: int


def _event(kind: Kind, seat: int | None, data: Mapping[str, object]) -> Event:
    return event_of(kind, seat, data, EVERYONE)


def card(kind: Literal["draw", "pass"], seat: int, slug: str) -> Event:
    data: Card = {"card": slug}
    return _event(kind, seat, data)


def place(seat: int, data: Placed) -> Event:
    return _event("place", seat, data)


def move(seat: int, slug: str, a: str, b: str) -> Event:
    data: Moved = {"card": slug, "from": a, "to": b}
    return _event("move", seat, data)


def swap(seat: int, a: str, b: str, cards: list[str]) -> Event:
    data: Swapped = {"a": a, "b": b, "cards": cards}
    return _event("swap", seat, data)


def from_slot(kind: Literal["discard", "recycle"], seat: int, data: FromSlot) -> Event:
    return _event(kind, seat, data)


def turnover(cards: int) -> Event:
    data: Turnover = {"cards": cards}
    return _event("turnover", None, data)


def win(seat: int, team: int | None) -> Event:
    data: Won = {"team": team}
    return _event("win", seat, data)


def time_up(turns: int) -> Event:
    data: Turns = {"turns": turns}
    return _event("time-up", None, data)


def score(scores: list[int], totals: list[int]) -> Event:
    data: Scores = {"scores": scores, "totals": totals}
    return _event("score", None, data)


def match_over(winners: list[int]) -> Event:
    data: Winners = {"winners": winners}
    return _event("match-over", None, data)


def new_game(first: int, game: int) -> Event:
    data: Game = {"game": game}
    return _event("new-game", first, data)

"""One shape for every game's observation (``docs/observations.md``).

Every game's ``observe(seat)`` is built by :func:`observation`: the parts games share (the
seat, who is to act, the players with their public facts, the piles with their sizes, the
seat's hand, the open reaction window, what the seat knows, the last action's events it may
see) and a section of the game's family under the family's name. The shared parts are
checked against ``schemas/observation.schema.json``; each family ships the schema of its
section as ``observation.schema.json`` in its package (:func:`family_schema`).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, NotRequired, TypedDict

from kaboom._paths import package_dir
from kaboom.engine.events import Event
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.state import Observation, State

SCHEMA_PATH = package_dir("kaboom.engine") / "schemas" / "observation.schema.json"


class Window(TypedDict):
    """An observation's ``window`` (observation.schema.json): the play waiting on its
    reaction window, who played it, the seats that Noped it in turn, and, where the
    family tells them, the card and its target."""

    player: int
    play: str
    nopes: list[int]
    card: NotRequired[str]
    target: NotRequired[int | None]


def observation(
    state: State,
    seat: int | None,
    *,
    family: str,
    phase: str,
    to_act: int | None,
    current: int | None,
    players: list[dict[str, Any]],
    piles: dict[str, dict[str, Any]],
    hand: list[str] | None,
    window: dict[str, Any] | None,
    known: dict[str, Any],
    turns: int,
    section: dict[str, Any],
) -> Observation:
    """An observation in the shared shape.

    ``players``: one object per seat (``seat``, ``in``, ``hand_size`` and the family's
    public facts); ``piles``: by name, each with its ``size`` and, when face up, its
    ``cards`` from the top; ``hand``: the seat's cards (``None`` for a spectator);
    ``window``: the play waiting on its reaction window (``player``, ``play``, ``nopes``),
    or ``None``; ``known``: what this seat has seen that others may not have (``piles``: a
    pile's cards by place from the top, 0 = top; ``hands``: cards it knows in other hands,
    by seat); ``turns``: turns played so far; ``section``: the family's own part, kept
    under the family's name.
    """
    return {
        "game": state.game_id,
        "family": family,
        "seat": seat,
        "phase": phase,
        "to_act": to_act,
        "current": current,
        "players": players,
        "piles": piles,
        "hand": hand,
        "window": window,
        "known": known,
        "events": [
            {"kind": e.kind, "seat": e.seat, "data": e.data}
            for e in state.last_events
            if e.visible_to(seat)
        ],
        "turns": turns,
        "winners": list(state.winners),
        family: section,
    }


def seen_events(observed: Observation) -> list[Event]:
    """The events an observation shows, as events its seat may see: what a sample built
    from the observation (``State.sample``) keeps as its last events, so that it shows
    its seat the same.

    >>> seen_events({"seat": 1, "events": [{"kind": "draw", "seat": 1, "data": {}}]})
    [Event(kind='draw', seat=1, data={}, audience=frozenset({1}))]
    """
    seat = observed["seat"]
    audience = None if seat is None else frozenset({seat})
    return [Event(e["kind"], e["seat"], dict(e["data"]), audience) for e in observed["events"]]


def no_knowledge() -> JsonObject:
    """What a spectator (or a seat that saw nothing private) knows beyond the table."""
    return {"piles": {}, "hands": {}}


@cache
def schema() -> JsonObject:
    """The schema of the shared parts."""
    loaded: JsonObject = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


@cache
def family_schema(package: str) -> JsonObject:
    """The schema of a family's section, shipped as ``observation.schema.json`` in the
    family's package (``kaboom.games.kittens``)."""
    text = (package_dir(package) / "observation.schema.json").read_text("utf-8")
    loaded: JsonObject = json.loads(text)
    return loaded

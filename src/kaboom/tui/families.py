"""Which table draws a game: its family, looked up in the registry (never by the state's
class), and what every table shows alike (whose move it is, the whole table at the end)."""

from __future__ import annotations

import re
from collections.abc import Callable

from kaboom.engine.registry import ByFamily, get_game
from kaboom.engine.state import Observation, State
from kaboom.i18n import _
from kaboom.tui.panel import Family, counted

__all__ = ["PANELS", "Family", "family_of", "reveal", "status_line"]

#: Each family's panel, made from a state of its game: registered by the family that brings
#: it (the ``kaboom.panels`` entry points, or ``PANELS.put``), loaded when its game is drawn.
PANELS: ByFamily[Callable[[State], Family]] = ByFamily("kaboom.panels")


def family_of(state: State) -> Family:
    """What draws ``state``'s game: its family's panel (``PANELS``, by the family the game
    registered, never by the state's class); the generic table for a family that has none."""
    make = PANELS.get(get_game(state.game_id).family)
    return Family() if make is None else make(state)


def status_line(family: Family, obs: Observation, viewer: int) -> str:
    """What is happening and what is asked of the seat at the device, as it may know it.
    In a reaction window every seat is asked in turn whatever it holds, and the line says
    only that the window is open and what is in it."""
    if obs.get("phase") == "over":
        return _("Game over")
    window = obs.get("window")
    if window:
        return _("Reaction window: {chain}").format(chain=family.chain(window, viewer))
    return family.doing(obs, viewer)


def without_key(line: str) -> str:
    """A status line without the table's key at its end (``(d)``), for a screen where that
    key does nothing (a lesson chooses by number).

    >>> without_key("Your turn: play cards, then draw (d)")
    'Your turn: play cards, then draw'
    """
    return re.sub(r" \([a-z]\)$", "", line)


def reveal(state: State, you: int | None = None) -> str:
    """The whole table with every hand shown, for replays of finished games only: the
    family's panel of the public table, each seat's hand, and the game's own render;
    ``you`` is the seat told as "You" (the one that played at this device)."""
    family = family_of(state)
    lines = [family.panel(state.observe(None), -1 if you is None else you), ""]
    for q in range(state.players):
        seen = state.observe(q)
        cards = family.hand(seen) if seen["hand"] else []  # in the family's order
        if cards:
            names = counted([family.name(c) for c in cards])
            holds = _("You hold: {cards}") if q == you else _("{seat} holds: {cards}")
            lines.append(holds.format(seat=f"P{q}", cards=names))
    board = state.render() if type(family) is Family else ""  # a family's panel draws it
    return "\n".join([*lines, *([board] if board else [])])

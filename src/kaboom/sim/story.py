"""A game's event log told as a readable story."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from kaboom.bots.base import Bot
from kaboom.engine.events import Event
from kaboom.engine.state import State
from kaboom.i18n import _
from kaboom.sim.simulate import play_game


def story_lines(state: State, events: list[Event]) -> Iterator[str]:
    """The table's view with every private detail shown: a private event is told, its
    public, redacted twin is not."""
    yield from state.describe_all([e for e in events if not e.data.get("redacted")])


def tell(
    state: State, bots: Sequence[Bot], say: Callable[[list[str]], None] | None = None
) -> list[str]:
    """Play ``state`` to the end and return the story of the game, line by line; ``say``
    hears the lines as they come, once before the first move and once after each move
    (``kaboom watch`` prints them, at its pace)."""
    played = _("{who} is played by the {bot} bot")
    lines = [played.format(who=f"P{q}", bot=bots[q].name) for q in range(state.players)]
    lines.append(_("{who} goes first.").format(who=f"P{state.to_act}"))
    lines.extend(story_lines(state, state.opening()))
    if say is not None:
        say(list(lines))

    def record(s: State, events: list[Event]) -> None:
        told = list(story_lines(s, events))
        lines.extend(told)
        if say is not None and told:
            say(told)

    play_game(state, bots, record)
    board = state.render()
    if board and say is not None:
        say(board.splitlines())
    return [*lines, *board.splitlines()] if board else lines

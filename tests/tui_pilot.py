"""Driving the terminal table with key presses only, as a person would (for the tests)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList

from kaboom.engine.jsonvalue import JsonValue
from kaboom.tui.app import KaboomApp, screen_text
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import PassScreen
from kaboom.tui.session import Session
from kaboom.tui.table import TableScreen


async def screen_line(pilot: Pilot[None], app: App[None], words: str, seconds: float = 20.0) -> str:
    """The first line on screen holding ``words``, once drawn (a loaded machine may draw a
    screen's footer a while after it opens); fails showing the screen if none comes."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:
        screen = screen_text(app)
        found = next((line for line in screen.splitlines() if words in line), None)
        if found is not None:
            return found
        assert loop.time() < end, f"no line with {words!r} on the screen:\n{screen}"
        await pilot.pause(0.05)


async def footer(pilot: Pilot[None], app: App[None], seconds: float = 20.0) -> str:
    """The screen's last line once the footer is drawn there (every screen's footer ends
    with its ``q`` key: a blank line means not drawn yet)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:
        lines = screen_text(app).rstrip("\n").splitlines()
        if lines and "Quit" in lines[-1]:
            return lines[-1]
        assert loop.time() < end, "no footer on the screen:\n" + "\n".join(lines)
        await pilot.pause(0.05)


def table_app(seating: Seating, tmp: object, hotseat: bool = False) -> KaboomApp:
    """An app at the table with no pacing: bots move at once, windows wait for n or p."""
    from pathlib import Path

    folder = Path(str(tmp))
    pace = Pace(0.0, 0.0, folder / "log.json", folder / "save.json", hotseat, guard=0.0)
    return KaboomApp(pace, Session(seating))


def at_the_end(game: str, players: int, seed: int, **options: JsonValue) -> KaboomApp:
    """The table at the end of a game the heuristic bots played, you in seat 0 (the log is
    written to log.json where the test runs: a name the same every run)."""
    bots = played(Session(Seating(game, players, seed, options, ["heuristic"] * players)))
    seating = Seating(game, players, seed, options, [HUMAN] + ["heuristic"] * (players - 1))
    pace = Pace(0.0, 0.0, Path("log.json"), Path("save.json"), guard=0.0)
    return KaboomApp(pace, Session(seating, bots.state))


def played(bots: Session) -> Session:
    """The session with its bots' game played to the end (every seat a bot)."""
    while not bots.state.is_over:
        seat = bots.state.to_act
        assert seat is not None
        bots.apply(bots.decide(seat), seat)
    return bots


def waiting(app: KaboomApp) -> bool:
    """Whether the app waits for a key: a person's move, a window, a pass screen, the end."""
    table = app.table
    if table is None:
        return True
    if isinstance(app.screen, PassScreen) or table.session.state.is_over:
        return True
    return table.window is not None or table.my_move()


async def settle(pilot: Pilot[None], app: KaboomApp) -> TableScreen:
    """Let the bots play until the app waits for a key (a full pause, screen drawn, only
    then: bot moves need just the event loop's turn)."""
    for _ in range(100_000):
        await app.workers.wait_for_complete()
        await asyncio.sleep(0)
        if waiting(app) and not app.workers:
            await pilot.pause()
            if waiting(app) and not app.workers:
                break
    table = app.table
    assert table is not None
    return table


async def my_move(pilot: Pilot[None], table: TableScreen, rng: random.Random) -> None:
    """Pick an action with the keys: sometimes select a card first, then move down, enter
    (few keys: each press waits for the app to be idle)."""
    hand = table.hand()
    keys: list[str] = []
    if hand and rng.random() < 0.2:
        keys += ["right"] * rng.randrange(min(len(hand), 3)) + ["space"]
        await pilot.press(*keys)
        keys = ["c"] if table.playable == 0 else []
    keys += ["down"] * rng.randrange(min(table.playable or 1, 3))
    if table.query_one("#actions", OptionList).highlighted is None:
        keys.append("down")  # no default (each choice costs a Defuse or your own card)
    await pilot.press(*keys, "enter")


async def play_out(
    pilot: Pilot[None],
    app: KaboomApp,
    seed: int,
    look: Callable[[KaboomApp], None] | None = None,
    steps: int = 5000,
) -> TableScreen:
    """Play the game to its end with key presses; ``look`` checks every screen on the way."""
    rng = random.Random(seed)
    for _ in range(steps):
        table = await settle(pilot, app)
        if look is not None:
            look(app)
        if table.session.state.is_over:
            return table
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
        elif table.window is not None:
            await pilot.press(rng.choice("np"))
        else:
            await my_move(pilot, table, rng)
    raise AssertionError("the game did not end")

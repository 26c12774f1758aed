"""Driving the terminal table with key presses only, as a person would (for the tests)."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.pilot import Pilot

from kaboom.tui.app import KaboomApp
from kaboom.tui.save import Seating
from kaboom.tui.screens import PassScreen
from kaboom.tui.session import Session
from kaboom.tui.table import Pace, TableScreen


def table_app(seating: Seating, tmp: object, hotseat: bool = False) -> KaboomApp:
    """An app at the table with no pacing: bots move at once, windows wait for n or p."""
    from pathlib import Path

    folder = Path(str(tmp))
    pace = Pace(0.0, 0.0, folder / "log.json", folder / "save.json", hotseat)
    return KaboomApp(pace, Session(seating))


def waiting(app: KaboomApp) -> bool:
    """Whether the app waits for a key: a person's move, a window, a pass screen, the end."""
    table = app.table
    if table is None:
        return True
    if isinstance(app.screen, PassScreen) or table.session.state.is_over:
        return True
    return table.window is not None or table.my_move()


async def settle(pilot: Pilot[None], app: KaboomApp) -> TableScreen:
    """Let the bots play until the app waits for a key."""
    for _ in range(10_000):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if waiting(app) and not app.workers:
            break
    table = app.table
    assert table is not None
    return table


async def my_move(pilot: Pilot[None], table: TableScreen, rng: random.Random) -> None:
    """Pick an action with the keys: sometimes select a card first, then move down, enter."""
    hand = table.hand()
    if hand and rng.random() < 0.3:
        for _ in range(rng.randrange(len(hand))):
            await pilot.press("right")
        await pilot.press("space")
        if table.playable == 0:
            await pilot.press("c")
    for _ in range(rng.randrange(min(table.playable, 6))):
        await pilot.press("down")
    await pilot.press("enter")


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

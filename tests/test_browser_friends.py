"""A game of each family from the lobby's "Play with friends" with the defaults, to the end, in
Chromium (Exploding Kittens, the board game, Eleminis: each family's table; every game is
played by clicks in ``test_browser.py``). At each of the three tables at once a host at a
desktop and a friend on a phone who follows the invite link, and one bot ("Bots too": the
medium level Play now uses); the server's defaults throughout (a secret seed, the default
reaction window and bots' pace). The people click until every table is over: at every
decision on the phone its actions are inside the 390×844 screen without scrolling
(``click_once``); no risky choice is ever the default; the end shows the seed the export
names and, where cards are held, the hands; the replay steps from the deal to the last step;
no page names a card that only others held then (the oracle, on every render); no console
errors.

The three tables run side by side (the defaults' windows and the bots' pace are waits, and the
waits of three games overlap): the time of the longest game, not of all three. (Five tables,
one per game, took over five minutes of CI's fifteen, five medium bots searching at once.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    DEFAULT_BOT_DELAY,
    DEFAULT_WINDOW,
    Person,
    Tally,
    export_of,
    join,
    leaks,
    lobby,
    play_out,
    screenshot_folder,
    server_fixture,
    shots,
    start,
    table_id,
    table_info,
    visitor,
)
from kaboom.web.words import guide
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_friends")]

#: One game of each family.
GAMES = ["exploding-kittens", "kittens-board-game", "eleminis"]
#: Seconds for all three games (each a few minutes at the default pace: every card played
#: holds its table for the default window).
ALL_THREE = 900.0


def open_for_friends(host: Person, game: str) -> str:
    """The lobby, by clicks: Play with friends, the game, one friend and one bot; make the
    private table. Its invite link."""
    lobby(host)
    host.page.fill("#name", host.name)
    host.page.click("#play-friends")
    host.page.select_option("#friends-game", game)
    host.page.fill("#friends-bots", "1")
    host.page.dispatch_event("#friends-bots", "change")
    summary = host.page.inner_text("#friends-summary")
    assert "you, 1 friend and 1 bot (3 players)" in summary, summary
    host.page.click("#friends-create")
    host.page.wait_for_selector("#invite:not(.hidden)")
    return str(host.page.input_value("#invite-link"))


def test_each_game_from_play_with_friends_with_the_defaults_to_the_end(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    tables: dict[str, tuple[str, Person, Person]] = {}
    for game in GAMES:
        host = visitor(browser, server.base, "Hana", motion=True)
        friend = visitor(browser, server.base, "Femi", phone=True, motion=True)
        link = open_for_friends(host, game)
        join(friend, link)
        host.page.click("#go-table")
        host.page.wait_for_function("() => location.pathname.startsWith('/tables/')")
        start(host)
        friend.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
        assert (host.seat, friend.seat) == (0, 1)
        assert host.page.inner_text("#whoami") == "You are Hana (P0)"
        tables[game] = (link, host, friend)
    people = [p for _, host, friend in tables.values() for p in (host, friend)]

    tally = Tally()
    play_out(people, tally, limit=ALL_THREE)
    assert tally.clicks > 0 and tally.risky_default == 0, tally
    assert tally.phone_decisions > 0, tally

    for game, (link, host, friend) in tables.items():
        table, invite = table_id(link), link.split("invite=")[1]
        info = table_info(server.base, table, invite)
        assert info["private"] is True and info["options"] == {}
        assert (info["window"], info["bot_delay"]) == (DEFAULT_WINDOW, DEFAULT_BOT_DELAY)
        export = export_of(server.base, table, invite)
        assert export["game"] == game and export["players"] == 3
        assert export["seats"][2] == "ismcts:level=medium", export["seats"]
        seed = export["seed"]
        assert isinstance(seed, str) and 0 <= int(seed) < 2**64  # secret: the page sent none
        for p in (host, friend):
            end = p.page.inner_text("#end")
            assert f"Seed {seed}." in end, (game, end)
            assert "could not be read" not in p.page.inner_text("body")
            if game != "eleminis":  # (Eleminis ends with each seat's points: no hands)
                assert "The hands" in end, (game, end)
            shots(screenshot_folder(tmp_path), p, game, "friends-end")
        names = {c["slug"]: c["name"] for c in guide(game, 3, export["options"])["cards"]}
        for p, seat in ((host, 0), (friend, 1)):
            p.harvest()
            assert leaks(p, seat, export, names) == [], f"{game}: {p.name} saw others' cards"
            assert p.errors == [], (game, p.name, p.errors)
        replay_steps_to_the_end(friend, len(export["history"]))
    for p in people:
        p.page.context.close()


def replay_steps_to_the_end(p: Person, steps: int) -> None:
    """The end's replay link: the deal, then one arrow key a step to the last (the seed,
    a string, replays exactly: a JSON number above 2**53 would be rounded in the page)."""
    page = p.page
    page.click("#replay-link")
    page.wait_for_selector("#hands li")
    assert page.inner_text("#status").startswith(f"Step 0 of {steps} ")
    for i in range(1, steps + 1):
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#status").startswith(f"Step {i} of {steps} ")
    assert "Winners" in page.inner_text("#lines")

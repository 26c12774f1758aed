"""The ladder's pages in Chromium (issue 35): ``/ladder`` shows a game's leaderboard (a
signed-in person and the bots, best first) and links a person to ``/players/{name}``, whose
chart of the rating over time is an inline SVG; both pages axe-clean at phone size
(390x844) and desktop size (1280x800), with screenshots of each. The lobby's Rated box is
enabled only once signed in."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from browser_support import DESKTOP, PHONE, faults, screenshot_folder, table_server, visitor
from ladder_support import GAME, PASSWORD, game, sign_up
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_ladder")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with table_server(tmp_path_factory.mktemp("ladder")) as srv:
        yield srv


def off_the_loop(coro: Any) -> None:
    """Run ``coro`` to its end in a thread of its own (Playwright's runs a loop here)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


def looked_at(axe: Any, page: Any, folder: Path, where: str) -> list[str]:
    """axe's serious faults at both sizes, and a screenshot of each."""
    found = []
    folder.mkdir(parents=True, exist_ok=True)
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        found += [f"{where}, {name}: {f}" for f in faults(axe, page)]
        page.screenshot(path=str(folder / f"ladder-{where}-{name}.png"), full_page=True)
    return found


def test_the_ladder_and_a_profile(server: Server, browser: Any, axe: Any, tmp_path: Path) -> None:
    async def rated_games() -> None:
        ann = await sign_up(server.base, "Ann Page")
        for _ in range(3):
            await game([server.base], [ann], ["heuristic", "random"])
        await ann.aclose()

    off_the_loop(rated_games())
    folder = screenshot_folder(tmp_path)
    who = visitor(browser, server.base, "reader")
    page = who.page
    page.goto(f"/ladder?game={GAME}&players=3")
    page.wait_for_selector("body[data-ready='1']")
    names = page.locator("#rows tr td:nth-child(2)").all_inner_texts()
    assert any("Ann Page" in n for n in names)
    assert {"Bot · simple", "Bot · random"} <= set(names)  # a bot by its level (issue 46)
    assert page.locator("#game").input_value() == GAME
    found = looked_at(axe, page, folder, "board")
    page.click("#rows a:text('Ann Page')")
    page.wait_for_url("**/players/Ann%20Page")
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#games") == "3"
    chart = page.locator("svg.chart")
    assert chart.count() == 1 and chart.locator("polyline").count() == 1
    assert chart.locator("circle").count() == 4  # the start and three games
    found += looked_at(axe, page, folder, "profile")
    assert found == [] and who.errors == [], found + who.errors
    page.goto("/players/nobody-at-all")  # (its 404 is the console's one error)
    page.wait_for_selector("body[data-ready='1']")
    assert "No player is called nobody-at-all" in page.inner_text("#status")


def test_the_rated_box_waits_for_a_sign_in(server: Server, browser: Any) -> None:
    async def account() -> None:
        await (await sign_up(server.base, "Rae")).aclose()

    off_the_loop(account())
    who = visitor(browser, server.base, "rae")
    page = who.page
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#rated").is_disabled()
    assert page.locator("a[href='/ladder']").count() == 1
    page.click("#sign-in-btn")
    page.fill("#account-user", "Rae")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#signed-in:not(.hidden)")
    assert page.locator("#rated").is_enabled()
    page.click("#sign-out-btn")
    page.wait_for_selector("#signed-out:not(.hidden)")
    assert page.locator("#rated").is_disabled()
    assert who.errors == [], who.errors

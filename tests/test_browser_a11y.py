"""The browser table against WCAG 2.2 AA, by axe-core (the PyPI package
``axe-playwright-python``, which carries axe-core's own script) run by Playwright in
Debian's Chromium: no violation of any impact on the lobby, on each game's table
(early, in a reaction window, at a bomb where the game has one, at the end) and on the
replay, at phone size (390x844) and at desktop size (1280x800). A seat plays against a bot
by clicks on a real ``kaboom serve``; and the check itself fails on a page with a fault.

The page-text oracle of ``browser_support.leaks`` runs over every render here too."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_support import (
    DESKTOP,
    PHONE,
    Person,
    export_of,
    faults,
    leaks,
    person,
    table_server,
)
from kaboom.web.words import guide
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_a11y")]

#: The games, each with a seed that reaches a reaction window and a bomb quickly.
GAMES = {
    "exploding-kittens": 5,
    "exploding-minions": 5,
    "dynamitt": 5,
    "kittens-board-game": 5,
    "eleminis": 5,
}
#: How long a reaction window stays open where one is looked at (axe takes a second).
WINDOW = 4.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with table_server(tmp_path_factory.mktemp("a11y")) as srv:
        yield srv


def at_both_sizes(axe: Any, page: Any, where: str) -> list[str]:
    """The faults at phone size and at desktop size (``where`` names the moment; with
    ``KABOOM_A11Y_SHOTS`` set, a screenshot of each into that folder)."""
    shots = Path(os.environ["KABOOM_A11Y_SHOTS"]) if os.environ.get("KABOOM_A11Y_SHOTS") else None
    found = []
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        page.wait_for_timeout(30)
        found += [f"{where}, {name}: {f}" for f in faults(axe, page)]
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{where.replace(' ', '-')}-{name}.png"))
    return found


@dataclass
class Seen:
    """The moments of one game looked at so far."""

    moments: set[str] = field(default_factory=set)
    faults: list[str] = field(default_factory=list)


#: What the page shows now: a reaction window this seat answers, a bomb drawn (or a
#: choice that spends a Defuse), the action buttons (their index and text), the end.
NOW = """() => ({
  seq: Number(document.body.dataset.seq ?? -1),
  over: document.body.dataset.over === '1',
  window: !!document.querySelector('#window:not(.hidden) #pass-btn'),
  bomb: !!document.querySelector('#middle .bomb-banner, #actions button[data-text^="defuse"], '
    + '#actions button[data-text^="place"]'),
  buttons: [...document.querySelectorAll('#actions button:not([disabled])')]
    .map((b) => ({index: b.dataset.index, text: b.dataset.text, cls: b.className})),
})"""


def step(page: Any, seen: Seen, axe: Any, game: str, prefer: str) -> bool:
    """Look at a new moment if this is one (axe at both sizes), then one click: Pass in a
    window; else a card played (``prefer`` "play": until a window opens) or a draw
    ("draw": to a bomb and to the end soonest), else the highlighted default. Whether the
    game is over."""
    now = page.evaluate(NOW)
    if now["over"]:
        return True
    for moment in ("window", "bomb"):
        if now[moment] and moment not in seen.moments:
            seen.moments.add(moment)
            seen.faults += at_both_sizes(axe, page, f"{game} {moment}")
    if now["window"]:
        click(page, "#pass-btn")
        return False
    buttons = now["buttons"]
    if not buttons:
        page.wait_for_timeout(20)
        return False
    plays = [b for b in buttons if b["text"] and b["text"] != "draw" and "risky" not in b["cls"]]
    draws = [b for b in buttons if b["text"] == "draw"]
    default = [b for b in buttons if "default" in b["cls"]]
    choice = (plays if prefer == "play" else draws) or default or buttons
    click(page, f'#actions button[data-index="{choice[0]["index"]}"]:not([disabled])')
    return False


def click(page: Any, selector: str) -> None:
    from playwright.sync_api import Error as PlaywrightError

    with contextlib.suppress(PlaywrightError):  # the moment passed (a bot moved, a window shut)
        page.click(selector, timeout=1500)


def seated(
    browser: Any, base: str, game: str, seed: int, window: float, seat: int = 0
) -> tuple[Person, str]:
    """A table of one person (at ``seat``) and a bot playing at once, started; the person's
    page on it."""
    r = httpx.post(
        f"{base}/api/tables",
        json={"game": game, "players": 2, "seats": ["heuristic", "human"][::1 - 2 * (seat == 0)],
              "window": window, "bot_delay": 0, "seed": str(seed)},
        timeout=10,
    )  # fmt: skip
    r.raise_for_status()
    table = r.json()["id"]
    j = httpx.post(
        f"{base}/api/tables/{table}/join", json={"name": "ann", "seat": seat}, timeout=10
    )
    j.raise_for_status()
    token = j.json()["token"]
    who = person(browser, base, "ann")
    stored = {"token": token, "seat": seat, "name": "ann"}
    key, value = json.dumps(f"kaboom.seat.{table}"), json.dumps(json.dumps(stored))
    who.page.add_init_script(f"localStorage.setItem({key}, {value})")
    httpx.post(
        f"{base}/api/tables/{table}/start", headers={"Authorization": f"Bearer {token}"}, timeout=10
    ).raise_for_status()
    who.page.goto(f"/tables/{table}")
    return who, table


def play(who: Person, seen: Seen, axe: Any, game: str, prefer: str, until: str) -> None:
    """Click until the moment ``until`` ("window", or "over": the end) is reached."""
    end = time.monotonic() + 60
    while not step(who.page, seen, axe, game, prefer) and until not in seen.moments:
        assert time.monotonic() < end, f"{game}: no {until} in 60 s (seen {seen.moments})"


def named_and_described(page: Any, g: dict[str, Any]) -> None:
    """The landmarks are named; a card in hand is called by its name and described by its
    few words (not the field guide's first line); the board is told space by space."""
    from playwright.sync_api import expect

    for region in ("Actions", "Your hand", "Players", "Log"):
        assert page.get_by_role("region", name=region).count() == 1, region
    card = page.locator("#hand .card").first
    design = next(c["design"] for c in g["cards"] if c["slug"] == card.get_attribute("data-slug"))
    expect(card).to_have_accessible_name(design["label"])
    expect(card).to_have_accessible_description(design["description"])
    if g["family"] == "board":
        spaces = page.get_by_role("list", name=re.compile("^The board, .* side up, space by space"))
        assert spaces.get_by_role("listitem").count() == g["board"]["spaces"] + 2
        assert spaces.get_by_role("listitem").first.inner_text().startswith("Litter Box")
        assert tokens_apart(page), "two tokens on one space cover each other"


#: Whether no two players' tokens on the board overlap (at the deal all stand in the Box).
TOKENS_APART = """() => {
  const boxes = [...document.querySelectorAll('[data-token]')]
    .map((t) => t.getBoundingClientRect());
  return boxes.length > 1 && boxes.every((a, i) => boxes.every((b, j) => i === j
    || a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top));
}"""


def tokens_apart(page: Any) -> bool:
    return bool(page.evaluate(TOKENS_APART))


def finish(who: Person, game: str, base: str, table: str) -> None:
    """No card on the page that only the other seat held; no script error."""
    export = export_of(base, table)
    names = {c["slug"]: c["name"] for c in guide(game, 2, {})["cards"]}
    who.harvest()
    assert leaks(who, 0, export, names) == []
    assert who.errors == []
    who.page.context.close()


def test_the_lobby_has_no_fault(server: Server, browser: Any, axe: Any) -> None:
    who = person(browser, server.base, "ann")
    page = who.page
    page.goto("/")
    page.wait_for_selector("#games input[type=radio]", state="attached")
    found = at_both_sizes(axe, page, "lobby")
    # and with everything a person may open: the friends' form, the custom table's folds
    page.click("#play-friends")
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    found += at_both_sizes(axe, page, "lobby, opened")
    assert found == [], "\n".join(found)
    who.page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_has_no_fault_from_the_deal_to_the_end_and_its_replay(
    server: Server, browser: Any, axe: Any, game: str
) -> None:
    """A reaction window on a table whose windows stay open long enough to look (a card
    played at once); then a table without windows, played by draws: a bomb, the end, the
    replay at its first and last step."""
    g = guide(game, 2, {})
    seen = Seen()
    if g["has_windows"]:
        # the bot goes first and plays a card: the person is asked at once
        who, table = seated(browser, server.base, game, GAMES[game], WINDOW, seat=1)
        play(who, seen, axe, game, "play", "window")
        assert who.errors == []
        who.page.context.close()
        assert "window" in seen.moments, f"{game}: no reaction window reached"
    who, table = seated(browser, server.base, game, GAMES[game], 0)
    page = who.page
    page.wait_for_selector("#actions button:not([disabled])")
    seen.faults += at_both_sizes(axe, page, f"{game} early")
    named_and_described(page, g)
    play(who, seen, axe, game, "draw", "over")
    page.wait_for_selector("#end:not(.hidden)")
    seen.faults += at_both_sizes(axe, page, f"{game} end")
    assert page.get_by_role("dialog", name="Game over").is_visible()
    assert page.evaluate("() => !!document.activeElement?.closest('#end')"), "focus not in the end"
    assert page.locator("#announce p").count() > 0, "nothing said in the live region"
    if g["family"] == "exploding":
        assert "bomb" in seen.moments, f"{game}: no bomb reached"
    page.goto(f"/replay/{table}")
    page.wait_for_selector("#hands li")
    seen.faults += at_both_sizes(axe, page, f"{game} replay")
    page.keyboard.press("End")
    seen.faults += at_both_sizes(axe, page, f"{game} replay end")
    assert seen.faults == [], "\n".join(seen.faults)
    finish(who, game, server.base, table)


def test_the_check_fails_on_a_page_with_a_fault(browser: Any, axe: Any) -> None:
    """A button with no name and grey text on white: both are caught."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.set_content(
        '<!doctype html><html lang="en"><head><title>a fault</title></head><body><main>'
        '<button><svg width="10" height="10"></svg></button>'
        '<p style="color:#bbb;background:#fff">faint words</p></main></body></html>'
    )
    found = at_both_sizes(axe, page, "faulty page")
    rules = {f.split(": ")[1].split(" (")[0] for f in found}
    assert {"button-name", "color-contrast"} <= rules, found
    ctx.close()

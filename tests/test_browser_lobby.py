"""The lobby for people, end to end (Playwright for Python driving Debian's Chromium against
a real ``kaboom serve``): "Play now" sits you at a started table of Exploding Kittens against
three ISMCTS bots at the medium level with the server's defaults (a secret seed, the default
reaction window and bots' pace), played to the end by clicks, the page naming no card only
the bots held; "Play with friends" makes a private table whose invite link
copies and shows as a QR code segno drew, and a friend who follows the link sits down and
the game starts; on a phone the lists' headings are on the first screen; no console errors.

``KABOOM_SCREENSHOTS=folder`` keeps the screenshots (phone and desktop)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import httpx
import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    DEFAULT_BOT_DELAY,
    DEFAULT_WINDOW,
    PHONE,
    Person,
    Tally,
    click_once,
    export_of,
    join,
    leaks,
    lobby,
    open_folds,
    pick_game,
    play_out,
    server_fixture,
    start,
    table_id,
    table_info,
    visitor,
)
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_lobby")]

#: Seconds a whole game of Play now may take (three medium bots at the default pace, each
#: card played holding the table for the default window: a few minutes on a free core;
#: the machine may be shared).
WHOLE_GAME = 720.0


def shot(folder: Path, p: Person, moment: str, full_page: bool = False) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    size = "phone" if p.phone else "desktop"
    p.page.screenshot(path=str(folder / f"lobby-{size}-{moment}.png"), full_page=full_page)


def shots_folder(tmp_path: Path) -> Path:
    kept = os.environ.get("KABOOM_SCREENSHOTS")
    return Path(kept) if kept else tmp_path / "shots"


def test_play_now_is_one_click_to_a_started_table_against_three_medium_bots(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    ann = visitor(browser, server.base, "ann")
    lobby(ann)
    shot(shots_folder(tmp_path), ann, "load")
    # the POST that makes the table (the lobby's list, GET /api/tables, refreshes meanwhile)
    with ann.page.expect_request(
        lambda r: r.method == "POST" and r.url.endswith("/api/tables")
    ) as created:
        ann.page.click("#play-now")
    sent = json.loads(created.value.post_data or "{}")
    # the server's defaults: no seed (a secret one), no window, no pace, no options
    assert sent == {
        "game": "exploding-kittens",
        "players": 4,
        "seats": ["human", *["ismcts:level=medium"] * 3],
    }
    ann.page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    ann.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
    table = table_id(str(ann.page.evaluate("() => location.href")))
    info = table_info(server.base, table)
    assert info["game"] == "exploding-kittens" and info["status"] == "playing"
    assert (info["window"], info["bot_delay"], info["clock"]) == (
        DEFAULT_WINDOW,
        DEFAULT_BOT_DELAY,
        None,
    )
    assert info["private"] is False and info["options"] == {}
    assert info["hints"] is True  # against bots only, the coach's hints are on (issue 32)
    assert [(s["kind"], s["bot"]) for s in info["seats"]] == [
        ("human", None),
        *[("bot", "ismcts:level=medium")] * 3,
    ]
    # the name box left empty: a guest's name, never "You" (issue 46)
    guest = info["seats"][0]["name"]
    assert re.fullmatch(r"Guest \d{4}", guest) and info["seats"][0]["taken"], guest
    assert ann.seat == 0
    assert ann.page.inner_text("#whoami") == f"You are {guest} (P0)"
    assert "Waiting" not in ann.page.inner_text("#status")

    # the first turns by clicks (the whole of this game, at every decision, at both sizes, with
    # its leak check, is tests/test_browser_table.py's Play now game: the same defaults)
    tally = Tally()
    play_out([ann], tally, limit=WHOLE_GAME, until=FIRST_TURNS)
    assert tally.clicks >= 1 and tally.risky_default == 0, tally
    ann.harvest()
    assert ann.errors == []


#: How far the Play now table is played here: a few turns of each seat (log entries).
FIRST_TURNS = 12


def test_play_with_friends_a_private_table_its_link_and_qr_code_a_friend_joins(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    folder = shots_folder(tmp_path)
    host = visitor(browser, server.base, "Hana", phone=True)
    host.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    lobby(host)
    host.page.fill("#name", "Hana")
    host.page.click("#play-friends")
    assert host.page.input_value("#friends-game") == "exploding-kittens"
    assert "you, 1 friend (2 players)" in host.page.inner_text("#friends-summary")
    host.page.click("#friends-create")
    host.page.wait_for_selector("#invite:not(.hidden)")
    link = host.page.input_value("#invite-link")
    table, invite = table_id(link), link.split("invite=")[1]
    assert link.startswith(f"{server.base}/tables/")

    # Copy: the Clipboard API puts the link there
    host.page.click("#copy-btn")
    host.page.wait_for_function(
        "() => document.querySelector('#copy-note').textContent.startsWith('Copied')"
    )
    assert host.page.evaluate("() => navigator.clipboard.readText()") == link
    # no Clipboard API: the link is selected for the person to copy
    host.page.evaluate("() => Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    host.page.click("#copy-btn")
    picked = host.page.evaluate(
        "() => { const i = document.querySelector('#invite-link');"
        " return [i.selectionStart, i.selectionEnd, document.activeElement === i]; }"
    )
    assert picked == [0, len(link), True]

    # the QR code: segno's SVG of this table's link, shown on the page
    host.page.wait_for_function("() => document.querySelector('#invite-qr').naturalWidth > 0")
    src = host.page.get_attribute("#invite-qr", "src")
    svg = httpx.get(f"{server.base}{src}", timeout=10)
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    root = ElementTree.fromstring(svg.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and "segno" in root.attrib["class"]
    shot(folder, host, "invite")

    info = table_info(server.base, table, invite)
    assert info["private"] is True and info["status"] == "open"
    assert [s["kind"] for s in info["seats"]] == ["human", "human"]
    assert (info["window"], info["bot_delay"]) == (DEFAULT_WINDOW, DEFAULT_BOT_DELAY)
    # a private table is not in the open list
    assert table not in [t["id"] for t in httpx.get(f"{server.base}/api/tables").json()["open"]]

    friend = visitor(browser, server.base, "Femi")
    join(friend, link)
    host.page.click("#go-table")
    host.page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    host.page.wait_for_selector("#start-btn:not([disabled])")
    start(host)
    friend.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
    assert table_info(server.base, table, invite)["status"] == "playing"
    assert friend.seat == 1 and host.seat == 0
    # a click each, then both leave: bots play the seats on
    tally = Tally()
    for p in (host, friend):
        click_once(p, tally)
    tokens = [
        p.page.evaluate(f"() => JSON.parse(localStorage.getItem('kaboom.seat.{table}')).token")
        for p in (host, friend)
    ]
    for token in tokens:
        httpx.post(
            f"{server.base}/api/tables/{table}/leave", headers={"Authorization": f"Bearer {token}"}
        )
    assert host.errors == [] and friend.errors == []


def test_on_a_phone_the_lists_are_on_the_first_screen(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    folder = shots_folder(tmp_path)
    for phone in (True, False):
        p = visitor(browser, server.base, "gus", phone=phone)
        lobby(p)
        height = PHONE["height"] if phone else 800
        for heading in ("#open-title", "#playing-title"):
            box = p.page.locator(heading).bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, (heading, box)
        assert (
            p.page.locator("#play-now").is_visible()
            and p.page.locator("#play-friends").is_visible()
        )
        # the custom form is folded; the history has a visible label
        assert not p.page.locator("#create-btn").is_visible()
        assert p.page.locator("label[for=history-name]").is_visible()
        # Exploding Kittens is the picked game; each game says its players and its pitch
        assert p.page.locator("#games input:checked").get_attribute("value") == "exploding-kittens"
        cards = p.page.locator(".game-card")
        assert cards.count() == 5
        for i in range(5):
            text = cards.nth(i).inner_text()
            assert "players" in text and len(text.splitlines()) >= 3
        shot(folder, p, "first-screen")
        assert p.errors == []


#: What a person should never read in the lobby: an option's code name, a pointer to the
#: docs, a blank choice.
CODE_WORDS = ("five_different", "nope_defuse", "shuffle_turnover", "docs/", ".md", "§")


def test_every_games_options_in_plain_words(server: Server, browser: Any, tmp_path: Path) -> None:
    p = visitor(browser, server.base, "ida")
    lobby(p)
    open_folds(p.page, "#custom", "#house")
    for game in (
        "exploding-kittens",
        "exploding-minions",
        "dynamitt",
        "kittens-board-game",
        "eleminis",
    ):
        pick_game(p.page, game)
        text = p.page.inner_text("#create")
        assert not [w for w in CODE_WORDS if w in text], (game, text)
        blank = p.page.evaluate(
            "() => [...document.querySelectorAll('#create option')]"
            ".filter((o) => !o.textContent.trim()).length"
        )
        assert blank == 0, game
        # rarely used options are folded under House rules
        if game != "eleminis":
            assert "Who goes first" in p.page.inner_text("#house-options")
    pick_game(p.page, "exploding-kittens")
    assert "Fast game" in p.page.inner_text("#options")  # (kaboom.games.option_words)
    assert "Attack stacking" in p.page.inner_text("#house-options")
    # seat 0 is you; every other seat defaults to a bot, never a person
    kinds = p.page.eval_on_selector_all("#seats select", "(s) => s.map((x) => x.value)")
    assert kinds and all(k == "ismcts" for k in kinds)
    shot(shots_folder(tmp_path), p, "custom", full_page=True)
    # a rule chosen survives a redraw (fewer players) and reaches the table; the defaults not
    p.page.check("#options [data-option=fast]")
    classic = "classic rules: always 2 turns"
    p.page.select_option("#house-options [data-option=attack]", label=classic)
    p.page.fill("#players", "2")
    p.page.dispatch_event("#players", "change")
    assert p.page.is_checked("#options [data-option=fast]")
    p.page.click("#create-btn")
    p.page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    info = table_info(server.base, table_id(str(p.page.evaluate("() => location.href"))))
    assert info["options"] == {"fast": True, "attack": "classic"} and info["players"] == 2
    assert [s["kind"] for s in info["seats"]] == ["human", "bot"]
    phone = visitor(browser, server.base, "jo", phone=True)
    lobby(phone)
    open_folds(phone.page, "#custom", "#house", "#timing")
    shot(shots_folder(tmp_path), phone, "custom", full_page=True)
    assert p.errors == [] and phone.errors == []


def test_a_picked_game_against_bots_is_one_more_click(server: Server, browser: Any) -> None:
    p = visitor(browser, server.base, "kim", phone=True)
    lobby(p)
    pick_game(p.page, "dynamitt")
    assert p.page.inner_text("#play-picked") == "Play Dynamitt against 3 bots"
    p.page.click("#play-picked")
    p.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
    info = table_info(server.base, table_id(str(p.page.evaluate("() => location.href"))))
    assert info["game"] == "dynamitt" and info["status"] == "playing"
    assert [s["bot"] for s in info["seats"]] == [None, *["ismcts:level=medium"] * 3]
    assert p.errors == []

"""The browser table laid out as a table (issue 46): Playwright for Python driving Debian's
Chromium against a real ``kaboom serve``, with the lobby's defaults (Play now, or a game's
"Play … against bots": a secret seed, the default reaction window and bots' pace).

At every decision of a whole game of each family, at 1280x800 and at 390x844 (the viewport
resized at each decision, the same moment looked at twice): every action, your hand and the
Draw Pile (or the family's middle: the board, the rows) are on screen, whole, and nothing
covers them (the topmost element at their corners and centre is theirs); nothing sticks out
sideways; a hint open changes none of it. The hidden-information oracle
(``browser_support.leaks``) runs on every render.

``KABOOM_SCREENSHOTS=docs/screenshots`` keeps the gallery (``make screenshots``): each game
at both sizes at the deal, in a reaction window, at the bomb, with its fullest hand, at the
end."""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    DESKTOP,
    PHONE,
    Person,
    export_of,
    leaks,
    person,
    pick_game,
    screenshot_folder,
    server_fixture,
    table_id,
)
from kaboom.web.words import guide
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_table")]

#: The checks run in the page (``tests/browser_table.js``), each as a function to evaluate.
CHECKS = (Path(__file__).parent / "browser_table.js").read_text()
#: What is wrong with the page as it is now: each thing a person must see to decide (every
#: action, each card of the hand, the family's middle) that is outside the screen, not drawn
#: or covered; anything that sticks out sideways; the board's spaces and pawns.
PROBLEMS = f"() => ({CHECKS}).problems()"
#: The page now, in one round trip: its decision, the buttons to press, the hand, a moment.
NOW = f"() => ({CHECKS}).now()"
#: The moments of the table the page showed (their tone), kept from the start.
MOMENTS = f"({CHECKS}).moments();"

#: The page laid out again (two frames) after a resize.
FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: A moment of the table gone; a hint come (or refused).
MOMENT_GONE = "() => document.querySelector('#moment').classList.contains('hidden')"
HINT_CAME = """() => { const b = document.querySelector('#hint-box');
  return b && !b.classList.contains('hidden') && !/thinking/.test(b.innerText); }"""


@dataclass
class Seen:
    """What the player saw over a game."""

    decisions: int = 0
    problems: list[str] = field(default_factory=list)
    most_cards: int = 0
    most_actions: int = 0
    hints: int = 0
    shots: set[str] = field(default_factory=set)


def check_both_sizes(p: Person, seen: Seen, where: str) -> None:
    """The page as it is at 1280x800, then at 390x844 (then back): every problem, named."""
    page = p.page
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.evaluate(FRAME)
        found = [f"{where}, {name}: {x}" for x in page.evaluate(PROBLEMS)]
        if found and not seen.problems and os.environ.get("KABOOM_FAULT_SHOTS"):
            page.screenshot(path=f"{os.environ['KABOOM_FAULT_SHOTS']}-{name}.png")
        seen.problems += found
    page.set_viewport_size(DESKTOP)


def shoot(p: Person, seen: Seen, folder: Path, game: str, moment: str) -> None:
    """The moment at both sizes, once a game (the gallery)."""
    if moment in seen.shots:
        return
    seen.shots.add(moment)
    folder.mkdir(parents=True, exist_ok=True)
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        p.page.set_viewport_size(size)
        p.page.evaluate(FRAME)
        p.page.screenshot(path=str(folder / f"{game}-{name}-{moment}.png"))
    p.page.set_viewport_size(DESKTOP)


def settle(p: Person) -> None:
    """A moment of the table goes by itself (1.6 s): the player reads it, then decides."""
    p.page.wait_for_function(MOMENT_GONE, timeout=5000)


def play_whole_game(p: Person, game: str, folder: Path | None, limit: float = 420.0) -> Seen:
    """Decide by clicks until the end: the highlighted default (else the first action), Pass
    in a reaction window; at each decision the page is checked at both sizes; a hint is asked
    for once, at the longest list of actions seen so far after the first few decisions."""
    from playwright.sync_api import Error as PlaywrightError

    seen = Seen()
    answered: set[tuple[int, bool]] = set()
    end = time.monotonic() + limit
    while time.monotonic() < end:
        now = p.page.evaluate(NOW)
        if now["over"]:
            break
        if folder is not None and now["moment"] and now["bomb"]:
            shoot(p, seen, folder, game, "bomb")  # the moment itself, on the whole felt
        key = (now["seq"], bool(now["act"]))
        if not (now["act"] or now["pass"]) or key in answered:
            p.page.wait_for_timeout(40)
            continue
        answered.add(key)
        if now["moment"]:
            settle(p)
            now = p.page.evaluate(NOW)
            if not (now["act"] or now["pass"]):
                continue
        seen.decisions += 1
        seen.most_cards = max(seen.most_cards, now["hand"])
        seen.most_actions = max(seen.most_actions, len(now["act"]))
        where = f"seq {now['seq']} ({len(now['act'])} actions, {now['hand']} cards)"
        if now["hint"] and not seen.hints and len(now["act"]) >= 5:
            p.page.keyboard.press("h")
            p.page.wait_for_function(HINT_CAME, timeout=15000)
            seen.hints += 1
            where += ", a hint open"
        check_both_sizes(p, seen, where)
        if folder is not None:
            if seen.decisions == 1:
                shoot(p, seen, folder, game, "deal")
            if now["pass"]:
                shoot(p, seen, folder, game, "window")
            if now["hand"] >= 10:
                shoot(p, seen, folder, game, "full-hand")
        try:
            if now["act"]:
                choice = next((a for a in now["act"] if a["def"]), now["act"][0])
                p.page.click(
                    f'#actions button[data-index="{choice["i"]}"]:not([disabled])', timeout=1500
                )
            else:
                p.page.click("#pass-btn", timeout=1500)
        except PlaywrightError:
            pass  # the moment went by (a window closed, a bot moved first)
    else:
        raise AssertionError(f"{game}: no end within {limit:.0f} s ({seen.decisions} decisions)")
    p.page.wait_for_selector("#end:not(.hidden)")
    if folder is not None:
        p.page.wait_for_timeout(1700)
        shoot(p, seen, folder, game, "end")
    return seen


def sit_down_with_defaults(p: Person, game: str) -> None:
    """The lobby's one click: Play now (Exploding Kittens), else the game's card and its
    "Play … against bots" button; the table deals at once."""
    page = p.page
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    if game == "exploding-kittens":
        page.click("#play-now")
    else:
        pick_game(page, game)
        page.click("#play-picked")
    page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")


#: Play now (Exploding Kittens) with every default, the window and the bots' pace
#: included, on a worker of its own; each other game by the lobby's custom table, four
#: seats, "Bot that thinks ahead" in each other seat, a short window and no bots' pace (the
#: layout is the same at any pace: the checks are of each decision, not of the clock).
GAMES = [
    pytest.param("exploding-kittens", marks=pytest.mark.xdist_group("browser_table_play_now")),
    "exploding-minions",
    "dynamitt",
    "kittens-board-game",
    "eleminis",
]


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_shows_everything_whole_at_both_sizes(
    server: Server, browser: Any, game: str, tmp_path: Path
) -> None:
    """A whole game: at every decision, at both sizes, every action, the hand and the
    middle of the table on screen, whole and uncovered; the moments of the table shown."""
    from browser_support import create_table, start

    # (the defaults' game with the cards in flight: what a newcomer sees)
    ann = person(browser, server.base, "ann", motion=game == "exploding-kittens")
    ann.page.add_init_script(MOMENTS)
    if game == "exploding-kittens":
        sit_down_with_defaults(ann, game)
    else:
        create_table(ann, game, ["human", "heuristic", "heuristic", "heuristic"], window=0.3)
        start(ann)
    url = ann.page.evaluate("() => location.href")
    folder = screenshot_folder(tmp_path) if "KABOOM_SCREENSHOTS" in os.environ else None
    seen = play_whole_game(ann, game, folder, limit=540.0 if game == "exploding-kittens" else 420.0)
    assert seen.decisions >= 3, seen
    assert seen.problems == [], "\n".join(seen.problems[:20])
    assert seen.hints == 1 or game == "eleminis", seen  # hints are on against bots
    if game in ("exploding-kittens", "exploding-minions", "dynamitt"):
        # all but one explode: each explosion (and each bomb drawn) a moment of the table
        moments = ann.page.evaluate("() => window.__moments")
        assert "explode" in moments and "bomb" in moments, moments
    export = export_of(server.base, table_id(url))
    names = {
        c["slug"]: c["name"] for c in guide(game, export["players"], export["options"])["cards"]
    }
    ann.harvest()
    assert leaks(ann, 0, export, names) == []
    assert ann.errors == [], ann.errors
    ann.page.context.close()


def test_the_check_finds_a_covered_action(server: Server, browser: Any) -> None:
    """The check can fail: an action covered by a box laid over it, and a page too wide,
    are both named."""
    ann = person(browser, server.base, "ann")
    sit_down_with_defaults(ann, "exploding-kittens")
    ann.page.wait_for_selector("#actions button:not([disabled])")
    ann.page.evaluate("""() => {
      const r = document.querySelector('#actions button').getBoundingClientRect();
      const lid = document.createElement('div');
      Object.assign(lid.style, {position: 'fixed', left: `${r.left}px`, top: `${r.top}px`,
                                width: `${r.width}px`, height: `${r.height}px`, zIndex: 99});
      document.body.append(lid);
      const wide = document.createElement('div');
      Object.assign(wide.style, {width: '3000px', height: '1px'});
      document.body.append(wide);
    }""")
    found = ann.page.evaluate(PROBLEMS)
    assert any("covered" in f and f.startswith("action") for f in found), found
    assert any("too wide" in f for f in found), found
    ann.page.context.close()


# -- the board game: discarding down to three in one choice ----------------------------------
#: Seed 1, two people (found with the engine, tools: every window passed): seat 0 flips and
#: draws, seat 1 plays, until seat 0 lands on an Exploding Kitten space with no Defuse left
#: and more than three Action Cards: it explodes, then discards down to three.
DISCARD_DOWN_SEED = 1
DISCARD_DOWN_PATH = [
    "draw",
    "draw",
    "draw",
    "flip",
    "draw",
    "flip",
    "draw",
    "draw",
    "draw",
    "play swap-spaces @0",
    "pass",
    "play attack",
    "pass",
    "draw",
    "draw",
    "explode",
]


def drive_to(base: str, table: str, tokens: list[str], path: list[str]) -> None:
    """Both seats play ``path`` over their sockets (a window's pass is the clock's)."""
    import asyncio

    from kaboom.server.client import SeatClient

    async def run() -> None:
        seats = [SeatClient(base, table, token) for token in tokens]
        for c in seats:
            await c.connect()
        todo = [text for text in path if text != "pass"]
        while todo:
            for c in seats:
                d = c.decision
                if d is not None and d["kind"] == "turn":
                    hit = next((a for a in d["legal"] if a["text"] == todo[0]), None)
                    if hit is not None:
                        await c.act(hit["id"], at=d["at"])
                        todo.pop(0)
                        break
            else:
                await asyncio.wait(
                    [asyncio.ensure_future(c.recv(30.0)) for c in seats],
                    return_when=asyncio.FIRST_COMPLETED,
                )
                continue
            await asyncio.sleep(0.05)
            for c in seats:
                with contextlib.suppress(asyncio.TimeoutError):
                    while True:
                        await c.recv(0.3)
        for c in seats:
            await c.close()

    # (Playwright's own event loop runs in this thread: the sockets get a thread of theirs)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def two_people(server: Server, game: str, seed: int, path: list[str]) -> tuple[str, list[str]]:
    """A table of two people dealt from ``seed``, played along ``path`` over their sockets:
    the table and the seats' tokens."""
    import httpx

    body = {"game": game, "players": 2, "seats": ["human", "human"], "window": 0.2, "seed": seed}
    r = httpx.post(f"{server.base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    table = str(r.json()["id"])
    tokens = []
    for q, name in enumerate(["ann", "bob"]):
        joined = httpx.post(
            f"{server.base}/api/tables/{table}/join", json={"name": name, "seat": q}, timeout=10
        )
        tokens.append(str(joined.json()["token"]))
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    httpx.post(f"{server.base}/api/tables/{table}/start", headers=auth, timeout=10)
    drive_to(server.base, table, tokens, path)
    return table, tokens


def seat_zero(browser: Any, server: Server, table: str, token: str) -> Person:
    """Seat 0's page of ``table`` (its token in this browser's storage)."""
    ann = person(browser, server.base, "ann")
    seat = json.dumps({"token": token, "seat": 0, "name": "ann"})
    ann.page.add_init_script(f"localStorage.setItem('kaboom.seat.{table}', {seat!r});")
    ann.page.goto(f"/tables/{table}")
    return ann


def test_discarding_down_to_three_is_one_choice(server: Server, browser: Any) -> None:
    """After an explosion on a Kitten space the board game asks for discards down to three
    Action Cards: the page takes them as one choice (select the cards, one click), where it
    took a click a card."""
    table, tokens = two_people(server, "kittens-board-game", DISCARD_DOWN_SEED, DISCARD_DOWN_PATH)
    ann = seat_zero(browser, server, table, tokens[0])
    ann.page.wait_for_selector("#bulk")
    hand = ann.page.locator("#hand .card").count()
    need = hand - 3
    assert need >= 2, hand
    assert ann.page.locator("#bulk-btn[disabled]").count() == 1  # nothing chosen yet
    for i in range(need):
        ann.page.click(f'#hand .card[data-index="{hand - 1 - i}"]')
    before = int(ann.page.evaluate("() => Number(document.body.dataset.seq)"))
    assert ann.page.locator("#bulk-btn[disabled]").count() == 0, ann.page.inner_text("#actions-box")
    ann.page.click("#bulk-btn:not([disabled])")
    ann.page.wait_for_function(
        f"() => Number(document.body.dataset.seq) >= {before + need}"
        " && document.querySelectorAll('#hand .card').length === 3"
    )
    assert ann.page.locator("#bulk").count() == 0
    assert ann.errors == []
    ann.page.context.close()


# -- the header, the hints' word, the reactions beside a seat ---------------------------------
def test_the_phone_header_keeps_the_game_name_and_the_language_whole(
    server: Server, browser: Any
) -> None:
    """At 390x844 the header shows the game's name uncut and the hints' word on one line;
    the language menu (behind ☰ with Look back and Keys) shows its language whole."""
    ann = person(browser, server.base, "ann", phone=True)
    sit_down_with_defaults(ann, "exploding-kittens")
    page = ann.page
    cut = page.evaluate(
        "() => { const n = document.querySelector('#game-name');"
        " return n.scrollWidth - n.clientWidth; }"
    )
    assert cut <= 0, cut
    h1 = page.evaluate(
        "() => { const h = document.querySelector('header.bar h1');"
        " return h.scrollWidth - h.clientWidth; }"
    )
    assert h1 <= 0, h1
    tag = page.locator("#hints-tag")
    assert tag.is_visible() and tag.bounding_box()["height"] < 26  # one line
    assert page.locator("#hints-tag").bounding_box()["y"] < 44  # in the header, not the table
    page.click("#tools-btn")
    lang = page.locator("#bar-tools select")
    assert lang.is_visible()
    assert page.evaluate(
        "() => { const s = document.querySelector('#bar-tools select');"
        " return s.scrollWidth <= s.clientWidth + 1; }"
    )
    page.click("#tools-btn")
    assert not lang.is_visible()
    ann.page.context.close()


def test_a_reaction_shows_beside_the_seat_at_a_friends_table(server: Server, browser: Any) -> None:
    """At a table of friends, once the game has started, a reaction pops beside its seat
    on every page (it used to go to the hidden waiting room's list)."""
    from browser_support import create_table, join, start

    host = person(browser, server.base, "ann")
    friend = person(browser, server.base, "bob", phone=True)
    url = create_table(host, "exploding-kittens", ["human", "human"])
    join(friend, url)
    start(host)
    friend.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
    if friend.page.evaluate("() => document.body.dataset.sheet") != "chat":
        friend.page.click('#sheet-btns [data-sheet="chat"]')
    friend.page.click('#reacts button[aria-label="React: laugh"]')
    friend.page.click('#sheet-btns [data-sheet="chat"]')
    for p in (host, friend):
        p.page.wait_for_selector(
            '.player[data-seat="1"] .react-pop', state="attached", timeout=5000
        )
        assert p.page.locator('.player[data-seat="1"] .react-pop').is_visible()
    for p in (host, friend):
        assert p.errors == []
        p.page.context.close()


#: Seed 1 of Exploding Kittens for two (found with the engine): ten draws, five each, and no
#: Exploding Kitten: seat 0 holds thirteen cards.
FULL_HAND_SEED = 1


def test_a_hand_of_thirteen_fans_out_within_its_place(server: Server, browser: Any) -> None:
    """Thirteen cards in the hand at both sizes: every card's band in sight, the hand within
    its column (never over the log and the chat), every action and the Draw Pile whole."""
    table, tokens = two_people(server, "exploding-kittens", FULL_HAND_SEED, ["draw"] * 10)
    ann = seat_zero(browser, server, table, tokens[0])
    ann.page.wait_for_selector("#actions button:not([disabled])")
    assert ann.page.locator("#hand .card").count() == 13
    seen = Seen()
    check_both_sizes(ann, seen, "thirteen cards")
    assert seen.problems == []
    beside = ann.page.evaluate(
        "() => [document.querySelector('#hand').getBoundingClientRect().right,"
        " document.querySelector('#panel-col').getBoundingClientRect().left]"
    )
    assert beside[0] <= beside[1], beside  # the hand ends before the column begins
    assert ann.page.locator("#sheet-btns").is_visible()
    assert ann.errors == []
    ann.page.context.close()


# -- a short phone: the table drawn tighter, the places in the pile whole -------------------
#: Exploding Minions, seed 3, four seats: seat 0's first draw is an Exploding Minion (found
#: with the engine); Defuse, then the places in the Draw Pile, with a hint open.
SHORT_PHONE_SEED = 3
#: An iPhone SE: the shortest phone screen in common use.
SHORT_PHONE = {"width": 375, "height": 667}


def test_a_short_phone_keeps_the_places_in_the_pile_whole_with_a_hint_open(
    server: Server, browser: Any
) -> None:
    """The felt holds the Draw Pile, the Discard Pile and the row of places while a hint is
    open on a 375x667 screen: the page draws itself tighter, step by step (table.css), and
    without that the places are covered (checked: the same page with the steps taken back)."""
    from browser_support import create_table, start

    ann = person(browser, server.base, "ann")
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    create_table(ann, "exploding-minions", seats, window=0.3, seed=SHORT_PHONE_SEED)
    start(ann)
    page = ann.page
    page.set_viewport_size(SHORT_PHONE)
    page.wait_for_selector("#actions button:not([disabled])")
    page.keyboard.press("d")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#actions button')]"
        ".some((b) => /Defuse/.test(b.innerText))"
    )
    settle(ann)
    page.click("#actions button.default")
    page.wait_for_selector("#depth-pile .depth-pile")
    page.keyboard.press("h")
    page.wait_for_function(HINT_CAME, timeout=15000)
    page.evaluate(FRAME)
    assert page.evaluate("() => document.body.dataset.tight"), "drawn as roomy as ever"
    assert page.evaluate(PROBLEMS) == []
    page.evaluate("() => { delete document.body.dataset.tight; }")
    page.evaluate(FRAME)
    assert any("places in the pile" in f for f in page.evaluate(PROBLEMS))
    assert ann.errors == [], ann.errors
    ann.page.context.close()

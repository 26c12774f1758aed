"""The browser table's direct manipulation, motion and sound (``touch.js``, ``motion.js``,
``sound.js``): Playwright for Python driving Debian's Chromium against a real ``kaboom
serve``. A person (seat 0) and a bot; each deal is a seed that puts seat 0 where the test
needs it on its first turn (found with the engine: the comment by each seed says what it
deals). What was played is read from the updates the page received (the table's own
WebSocket frames), what the page showed from its DOM; the hidden-information oracle
(``browser_support.leaks``) runs on every render of every page here.

Under ``CI=true`` a missing Chromium fails these tests; elsewhere they are skipped."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from browser_support import (
    DESKTOP,
    PHONE,
    RECORDER,
    Person,
    chromium_or_skip,
    launch,
    leaks,
)
from kaboom.engine.registry import new_game
from kaboom.web.words import guide
from needs import missing
from server_support import Server, sqlite_server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_touch")]

#: Counts what the page asks of the Web Audio and Web Animations APIs.
COUNTERS = """
(() => {
  window.__audioContexts = 0;
  const Native = window.AudioContext;
  if (Native) window.AudioContext = class extends Native {
    constructor(...a) { super(...a); window.__audioContexts += 1; }
  };
  window.__animations = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...a) {
    window.__animations += 1;
    return animate.apply(this, a);
  };
})();
"""

#: Whether the page has received an event of this kind that seat 0 caused.
EVENT_OF_SEAT_0 = """(kind) => window.__frames.some((f) => {
  const m = JSON.parse(f);
  const lists = m.type === "update" ? [m.events]
    : m.type === "sync" ? m.missed.map((x) => x.events) : [];
  return lists.some((events) => events.some((e) => e.kind === kind && e.seat === 0));
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    chromium_or_skip()
    with sqlite_server(tmp_path_factory.mktemp("browser-touch")) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module (Debian's, under Playwright)."""
    chromium_or_skip()
    if importlib.util.find_spec("playwright") is None:
        missing("playwright is not installed (the dev extra brings it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, contextlib.closing(launch(pw)) as chromium:
        yield chromium


class Seat:
    """Seat 0 of a table against a bot, at a browser page of its own, already dealt."""

    def __init__(self, browser: Any, base: str, game: str, seed: int, **kw: Any) -> None:
        players = kw.pop("players", 2)
        phone = kw.pop("phone", False)
        body = {
            "game": game,
            "players": players,
            "seats": ["human"] + ["random"] * (players - 1),
            "window": kw.pop("window", 0.3),
            "bot_delay": kw.pop("bot_delay", 0.05),
            "seed": seed,
        }
        r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
        r.raise_for_status()
        self.table = str(r.json()["id"])
        joined = httpx.post(f"{base}/api/tables/{self.table}/join", json={"name": "ann", "seat": 0})
        joined.raise_for_status()
        token = self.token = str(joined.json()["token"])
        self.base, self.game, self.players = base, game, players
        viewport = PHONE if phone else DESKTOP
        # (reduced motion unless a test asks for it: the flights cost CI's CPU, not the taps)
        kw.setdefault("reduced_motion", "reduce")
        self.ctx = browser.new_context(
            viewport=viewport, is_mobile=phone, has_touch=phone, base_url=base, **kw
        )
        self.ctx.set_default_timeout(20_000)
        seat = json.dumps({"token": token, "seat": 0, "name": "ann"})
        self.ctx.add_init_script(f"localStorage.setItem('kaboom.seat.{self.table}', {seat!r});")
        self.page = self.ctx.new_page()
        self.page.add_init_script(RECORDER)
        self.page.add_init_script(COUNTERS)
        self.who = Person("ann", self.page, phone)
        self.page.on("pageerror", lambda err: self.who.errors.append(str(err)))
        headers = {"Authorization": f"Bearer {token}"}
        httpx.post(f"{base}/api/tables/{self.table}/start", headers=headers).raise_for_status()
        self.page.goto(f"/tables/{self.table}")
        self.page.wait_for_selector("#actions button[data-text]")

    def updates(self) -> list[dict[str, Any]]:
        """The updates the page received so far."""
        frames = self.page.evaluate("() => window.__frames")
        msgs = [json.loads(f) for f in frames]
        return [m for m in msgs if m.get("type") in ("update", "sync")]

    def my_events(self, kind: str) -> list[dict[str, Any]]:
        """The events of ``kind`` seat 0 caused, as the page received them."""
        out = []
        for m in self.updates():
            events = (
                m["events"]
                if m["type"] == "update"
                else [e for x in m["missed"] for e in x["events"]]
            )
            out += [e for e in events if e["kind"] == kind and e["seat"] == 0]
        return out

    def wait_event(self, kind: str, test: Any) -> dict[str, Any]:
        """The first event of ``kind`` of seat 0 that passes ``test`` (waiting for it)."""
        self.page.wait_for_function(EVENT_OF_SEAT_0, arg=kind)
        found = [e for e in self.my_events(kind) if test(e)]
        assert found, self.my_events(kind)
        return found[0]

    def click_action(self, text: str) -> None:
        self.page.click(f'#actions button[data-text="{text}"]:not([disabled])')

    def close(self) -> None:
        """Seat 0 leaves (a bot plays it to the end), then the oracle: the page's recorded
        renders against every hand at each moment, dealt again from the export."""
        self.who.harvest()
        assert self.who.errors == []
        auth = {"Authorization": f"Bearer {self.token}"}
        httpx.post(f"{self.base}/api/tables/{self.table}/leave", headers=auth).raise_for_status()
        export = self.finished()
        names = {c["slug"]: c["name"] for c in guide(self.game, self.players, {})["cards"]}
        assert leaks(self.who, 0, export, names) == []
        self.ctx.close()

    def finished(self, limit: float = 90.0) -> dict[str, Any]:
        """The export, once the bots have played the game to its end."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            r = httpx.get(f"{self.base}/api/games/{self.table}/export", timeout=10)
            if r.status_code == 200:
                data: dict[str, Any] = r.json()
                return data
            time.sleep(0.25)
        raise AssertionError(f"the game did not end within {limit:.0f} s")


def rects_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


# -- direct manipulation ------------------------------------------------------------------------
def test_tapping_a_player_plays_the_favor_on_them(server: Server, browser: Any) -> None:
    # seed 40: seat 0 is dealt a Favor and no pair; "play favor @1" is its one move at P1
    seat = Seat(browser, server.base, "exploding-kittens", 40, phone=True)
    page = seat.page
    assert page.locator("#me .player[data-seat='0']").get_attribute("data-tap") is None
    target = page.locator("#players .player.tap-target[data-seat='1']")
    assert target.get_attribute("role") == "listitem"  # (still an item of the players' list)
    bot = page.inner_text("#players .player[data-seat='1'] .who")  # its name, "Ada"
    cover = page.get_by_role("button", name=f"{bot}: Play Favor on {bot}", exact=True)
    assert cover.count() == 1
    cover.tap()
    seat.wait_event("play", lambda e: e["data"]["action"] == "play favor @1")
    seat.close()


def test_a_player_target_answers_the_keyboard_too(server: Server, browser: Any) -> None:
    # seed 40 (as above): Enter on the focused player plays the Favor, not the table's
    # default (drawing)
    seat = Seat(browser, server.base, "exploding-kittens", 40)
    page = seat.page
    page.focus("#players .player.tap-target[data-seat='1'] > button.tap-cover")
    page.keyboard.press("Enter")
    seat.wait_event("play", lambda e: e["data"]["action"] == "play favor @1")
    assert not [e for e in seat.my_events("draw") if e["seat"] == 0]
    seat.close()


def test_tapping_a_player_with_several_steals_asks_which(server: Server, browser: Any) -> None:
    # seed 11: seat 0 holds pairs of Defuse, Tacocat and Rainbow-Ralphing Cat, no Favor
    seat = Seat(browser, server.base, "exploding-kittens", 11)
    page = seat.page
    page.click("#players .player.tap-target[data-seat='1']")
    page.click("#status")  # a tap elsewhere closes the menu, plays nothing
    assert page.locator("#tap-menu").count() == 0
    page.click("#players .player.tap-target[data-seat='1']")
    items = page.locator("#tap-menu button[role=menuitem]").all_inner_texts()
    bot = page.inner_text("#players .player[data-seat='1'] .who")  # the menu names the bot
    steal = f"Play a pair of Tacocat against {bot}: steal a random card"
    assert steal in items
    page.click(f"#tap-menu button:text-is('{steal}')")
    seat.wait_event("play", lambda e: e["data"]["action"] == "pair tacocat @1")
    assert page.locator("#tap-menu").count() == 0
    seat.close()


def test_tapping_an_eleminis_slot_puts_the_card_there(server: Server, browser: Any) -> None:
    # seed 0: seat 0 starts with a Fire drawn; every empty slot of both rows takes it
    seat = Seat(browser, server.base, "eleminis", 0, phone=True)
    page = seat.page
    slot = page.locator("#middle .slot.tap-target[data-cell='p1.3'] > button.tap-cover")
    assert "slot 3" in (slot.get_attribute("aria-label") or "")
    slot.tap()
    placed = seat.wait_event("place", lambda e: True)
    assert placed["data"] == {"card": "fire", "to": "p1.3"}
    seat.close()


def test_tapping_a_board_space_moves_there(server: Server, browser: Any) -> None:
    # seed 0: seat 0's first Move Disc offers a move (its label names the space)
    seat = Seat(browser, server.base, "kittens-board-game", 0)
    page = seat.page
    assert page.locator("#middle rect.tap-target").count() == 0  # no move on offer yet
    seat.click_action("draw")
    page.wait_for_selector("#actions button[data-text='move']")
    label = page.locator("#actions button[data-text='move']").inner_text()
    space = page.locator("#middle rect.tap-target")
    assert space.count() == 1
    where = int(space.get_attribute("data-space") or -1)
    assert f"space {where}" in label
    space.click()
    moved = seat.wait_event("move", lambda e: True)
    assert moved["data"]["to"] == where
    seat.close()


def test_choosing_a_depth_on_the_pile_puts_the_bomb_there(server: Server, browser: Any) -> None:
    # seed 10: the top card after the deal is the Exploding Kitten; seat 0 holds a Defuse
    seat = Seat(browser, server.base, "exploding-kittens", 10, phone=True)
    page = seat.page
    assert page.locator("#depth-pile").count() == 0
    seat.click_action("draw")
    page.wait_for_selector("#actions button[data-text='defuse']")
    seat.click_action("defuse")
    page.wait_for_selector("#depth-pile button.depth")
    depths = page.locator("#depth-pile button.depth")
    size = new_game("exploding-kittens", 2, 10).observe(0)["piles"]["draw"]["size"] - 1
    assert depths.count() == size + 1  # on top, under each card, at the bottom
    third = page.locator("#depth-pile button.depth[data-depth='2']")
    assert third.get_attribute("aria-label") == "Put the Exploding Kitten back 3rd from the top"
    third.tap()
    placed = seat.wait_event("place", lambda e: not e["data"].get("redacted"))
    assert placed["data"] == {"card": "exploding-kitten", "position": 2}
    seat.close()
    # the game dealt again from its export: seat 0 put the Kitten back 3rd from the top
    export = seat.finished()
    state = new_game("exploding-kittens", 2, int(export["seed"]))
    for action in export["history"]:
        text = state.action_text(action)
        state.apply(action)
        if text.startswith("place"):
            assert text == "place 2"
            assert state.observe(0)["known"]["piles"]["draw"] == {"2": "exploding-kitten"}
            break
    else:
        raise AssertionError("no bomb was put back")


def test_tokens_on_one_space_stand_side_by_side(server: Server, browser: Any) -> None:
    # six players: every token starts in the Litter Box (no window and no pace: the bots
    # play the game out at once when the seat leaves, as close() waits for its end)
    seat = Seat(
        browser, server.base, "kittens-board-game", 0, players=6, phone=True, window=0, bot_delay=0
    )
    boxes = seat.page.eval_on_selector_all(
        "#middle [data-token]",
        "(gs) => gs.map((g) => g.getBoundingClientRect().toJSON())",
    )
    assert len(boxes) == 6
    for i, a in enumerate(boxes):
        assert a["width"] > 4
        for b in boxes[i + 1 :]:
            assert not rects_overlap(a, b), (a, b)
    seat.close()


# -- motion -------------------------------------------------------------------------------------
def test_a_draw_animates(server: Server, browser: Any) -> None:
    seat = Seat(browser, server.base, "exploding-kittens", 40, reduced_motion="no-preference")
    seat.click_action("draw")
    seat.page.wait_for_function("() => document.getAnimations().length > 0")
    seat.page.wait_for_function("() => document.querySelector('.ghost') !== null")
    seat.close()


def test_no_motion_when_reduced(server: Server, browser: Any) -> None:
    seat = Seat(browser, server.base, "exploding-kittens", 40, reduced_motion="reduce")
    page = seat.page
    seq = int(page.evaluate("() => Number(document.body.dataset.seq)"))
    seat.click_action("draw")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
    page.wait_for_timeout(600)
    assert page.evaluate("() => window.__animations") == 0
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert page.locator(".ghost").count() == 0
    seat.close()


# -- sound --------------------------------------------------------------------------------------
def test_sound_is_off_by_default_and_made_only_when_on(server: Server, browser: Any) -> None:
    seat = Seat(browser, server.base, "exploding-kittens", 40)
    page = seat.page
    button = page.locator("#sound-btn")
    assert button.get_attribute("aria-pressed") == "false"
    seq = int(page.evaluate("() => Number(document.body.dataset.seq)"))
    seat.click_action("draw")  # the bot's turn, then seat 0's again: no sound while off
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq + 1}")
    assert page.evaluate("() => window.__audioContexts") == 0
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => window.__audioContexts") == 1
    assert page.evaluate("() => localStorage.getItem('kaboom.sound')") == "on"
    seat.who.harvest()
    page.reload()
    page.wait_for_selector("#sound-btn[aria-pressed='true']")
    seat.close()

"""People and pace in Chromium (issue 46), against a real ``kaboom serve``: a guest who types
no name sits down as "Guest 4821" (the same on every visit), never "You"; the open tables
name a bot "Ada (bot, simple)"; a signed-in person's name fills the lobby's box; ticking
Rated turns Hints off and says why, and a request for both is stopped with the reason before
it is sent (desktop size, 1280x800); the invite of a server on 127.0.0.1 says other devices
cannot open it and how to start the server so they can; the ladder lists a bot as
"Bot · random", the review says "Review of ann", the replay names the bots; and the ladder
and the review have no axe-core violation of any impact."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from browser_support import DESKTOP, PHONE, chromium_or_skip, lobby, visitor
from kaboom.server.people import bot_name
from ladder_support import PASSWORD, game, sign_up
from server_support import Server, play_person, quick_args, scripted

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_people")]

GAME = "exploding-kittens"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server: a review searched within a second."""
    chromium_or_skip()
    folder = tmp_path_factory.mktemp("people")
    args = quick_args("--review-seconds", "1")
    srv = Server(f"sqlite:///{folder}/tables.db", folder / "server.log", *args).start()
    try:
        yield srv
    finally:
        srv.stop()
    assert srv.errors() == []


def off_the_loop(coro: Any) -> Any:
    """Run ``coro`` to its end in a thread of its own (Playwright's runs a loop here)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def every_fault(axe: Any, page: Any) -> list[str]:
    """axe-core's violations of any impact on the page, at phone and at desktop size."""
    found = []
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        for v in axe.run(page).response["violations"]:
            where = "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:3])
            found.append(f"{name}: {v['id']} ({v['impact']}): {v['help']} ({where})")
    return found


def test_a_guest_plays_now_as_guest_nnnn_never_you(server: Server, browser: Any) -> None:
    """The lobby's defaults, at phone size: the name box left empty."""
    who = visitor(browser, server.base, "guest", phone=True)
    page = who.page
    lobby(who)
    guest = page.get_attribute("#name", "placeholder")
    assert re.fullmatch(r"Guest \d{4}", guest or ""), guest
    assert page.input_value("#name") == ""
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/join")) as sat:
        page.click("#play-now")
    assert json.loads(sat.value.post_data or "{}")["name"] == guest
    page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    table = page.evaluate("() => location.pathname.split('/').pop()")
    info = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
    assert info["seats"][0]["name"] == guest  # what the others read: never "You"
    assert [s["level"] for s in info["seats"][1:]] == ["medium"] * 3
    page.wait_for_selector("#whoami:has-text('P0')")
    assert page.inner_text("#whoami") == f"You are {guest} (P0)"
    # the same guest on the next visit; the box stays empty (a guest's name is no name typed)
    lobby(who)
    assert page.get_attribute("#name", "placeholder") == guest
    assert page.input_value("#name") == ""
    assert who.errors == [], who.errors
    page.context.close()


def test_the_open_tables_name_the_bots(server: Server, browser: Any) -> None:
    r = httpx.post(f"{server.base}/api/tables", json={
        "game": GAME, "players": 3, "seats": ["human", "human", "heuristic"],
    }, timeout=10)  # fmt: skip
    table = r.json()["id"]
    httpx.post(f"{server.base}/api/tables/{table}/join", json={"name": "Kim"}, timeout=10)
    who = visitor(browser, server.base, "reader")
    lobby(who)
    line = who.page.locator(f"#open li:has(a[href='/tables/{table}'])")
    line.wait_for()
    assert f"(Kim, {bot_name(table, 2)} (bot, simple))" in line.inner_text()
    assert "heuristic" not in line.inner_text()
    who.page.context.close()


def test_rated_turns_hints_off_and_says_why_at_desktop_size(server: Server, browser: Any) -> None:
    off_the_loop(close_after(sign_up(server.base, "Rita Rated")))
    who = visitor(browser, server.base, "rita")
    page = who.page
    lobby(who)
    page.click("#sign-in-btn")
    page.fill("#account-user", "Rita Rated")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#signed-in:not(.hidden)")
    # a signed-in person's name fills the box (and it is the one the server seats them under)
    assert page.input_value("#name") == "Rita Rated"
    assert page.evaluate("() => document.querySelector('#name').readOnly")
    page.click("#custom > summary")
    page.check("#hints")
    page.check("#rated")
    assert not page.is_checked("#hints") and page.is_disabled("#hints")
    note = page.locator("#hints-note")
    assert note.is_visible() and "No hints at a rated table" in note.inner_text()
    assert "players alone" in note.inner_text()
    page.uncheck("#rated")
    assert page.is_enabled("#hints") and not note.is_visible()
    # both asked anyway (the boxes set by a script): stopped with the reason, nothing sent
    page.check("#rated")
    page.evaluate("() => { const h = document.querySelector('#hints'); h.disabled = false; "
                  "h.checked = true; }")  # fmt: skip
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.click("#create-btn")
    page.wait_for_selector("#error:not(.hidden)")
    assert "No hints at a rated table" in page.inner_text("#error")
    assert not [u for u in sent if u.endswith("/api/tables")], sent
    assert who.errors == [], who.errors
    page.context.close()


async def close_after(client: Any) -> None:
    await (await client).aclose()


def test_an_invite_on_127_0_0_1_says_other_devices_cannot_open_it(
    server: Server, browser: Any
) -> None:
    who = visitor(browser, server.base, "Hana", phone=True)
    page = who.page
    lobby(who)
    page.fill("#name", "Hana")
    page.click("#play-friends")
    page.click("#friends-create")
    page.wait_for_selector("#invite:not(.hidden)")
    note = page.locator("#invite-reach")
    note.wait_for(state="visible")
    said = note.inner_text()
    assert "Other devices cannot open this address" in said and "127.0.0.1" in said
    assert "kaboom serve --host 0.0.0.0" in said
    assert page.get_attribute("#invite-qr", "aria-describedby") == "invite-reach"
    assert who.errors == [], who.errors
    page.context.close()


async def finished_with_ann(base: str) -> tuple[str, str]:
    """Ann against two bots, played to the end by scripted clicks: the table, her token."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        table = (await http.post("/api/tables", json={
            "game": GAME, "players": 3, "seats": ["human", "random", "heuristic"],
            "window": 0.05, "bot_delay": 0,
        })).json()["id"]  # fmt: skip
        token = (await http.post(f"/api/tables/{table}/join", json={"name": "ann"})).json()
    from kaboom.server.client import SeatClient

    seat = SeatClient(base, table, token["token"])
    await seat.connect()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        await http.post(f"/api/tables/{table}/start",
                        headers={"Authorization": f"Bearer {token['token']}"})  # fmt: skip
    await play_person(seat, scripted(46))
    await seat.close()
    return table, token["token"]


def test_the_ladder_review_and_replay_name_people_and_have_no_fault(
    server: Server, browser: Any, axe: Any
) -> None:
    async def setup() -> tuple[str, str]:
        dan = await sign_up(server.base, "Dan Ladder")
        await game([server.base], [dan], ["Random"])
        await game([server.base], [dan], ["random"])
        await dan.aclose()
        return await finished_with_ann(server.base)

    table, token = off_the_loop(setup())
    who = visitor(browser, server.base, "ann")
    page = who.page
    page.goto("/ladder?game=eleminis&players=2")
    page.wait_for_selector("body[data-ready='1']")
    names = page.locator("#rows tr td:nth-child(2)").all_inner_texts()
    assert sorted(names) == ["Bot · random", "Dan Ladder"], names  # one bot, whatever spelled
    found = [f"ladder, {f}" for f in every_fault(axe, page)]

    stored = json.dumps(json.dumps({"token": token, "seat": 0, "name": "ann"}))
    page.evaluate(f"() => localStorage.setItem('kaboom.seat.{table}', {stored})")
    page.goto(f"/review/{table}")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.inner_text("#status").startswith("Review of ann: ")
    found += [f"review, {f}" for f in every_fault(axe, page)]

    page.goto(f"/replay/{table}")
    page.wait_for_selector("#hands li")
    hands = page.inner_text("#hands")
    assert f"P1 {bot_name(table, 1)} (bot, random):" in hands, hands
    assert f"P2 {bot_name(table, 2)} (bot, simple):" in hands, hands
    assert found == [], "\n".join(found)
    assert who.errors == [], who.errors
    page.context.close()


#: people.js's functions, as the table page calls them (its end, its seats, its join form).
PEOPLE = """async () => {
  const P = await import('/static/js/people.js');
  const seats = [{seat: 0, kind: 'human', name: 'Bob'}, {seat: 1, kind: 'bot', name: 'Ada',
    level: 'medium'}, {seat: 2, kind: 'human', name: null}];
  localStorage.removeItem('kaboom.account');
  localStorage.removeItem('kaboom.name');
  const guest = P.defaultName();
  localStorage.setItem('kaboom.name', 'kim');
  const typed = P.defaultName();
  localStorage.setItem('kaboom.account', 'Rita');
  const account = P.defaultName();
  return {label: P.seatLabel(seats[1]), person: P.seatLabel(seats[0]), free: P.seatLabel(seats[2]),
    one: P.winnersLine([0], seats, 2), two: P.winnersLine([0, 1], seats, 2),
    mine: P.winnersLine([2], seats, 2), guest, same: guest === P.guestName(), typed, account,
    ladder: P.ladderName({kind: 'bot', level: 'simple', name: 'heuristic'})};
}"""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", {"label": "Ada (bot, medium)", "one": "Bob won.", "two": "Bob and Ada won.",
                "mine": "You won.", "ladder": "Bot · simple", "guest": r"Guest \d{4}"}),
        ("nb", {"label": "Ada (bot, middels)", "one": "Bob vant.", "two": "Bob og Ada vant.",
                "mine": "Du vant.", "ladder": "Bot · enkel", "guest": r"Gjest \d{4}"}),
    ],
)  # fmt: skip
def test_the_names_people_js_gives_the_table_page(
    server: Server, browser: Any, lang: str, said: dict[str, str]
) -> None:
    who = visitor(browser, server.base, "reader")
    who.page.goto(f"/?lang={lang}")
    got = who.page.evaluate(PEOPLE)
    assert re.fullmatch(said.pop("guest"), got["guest"]), got
    assert {k: got[k] for k in said} == said
    assert (got["person"], got["free"], got["same"]) == ("Bob", "P2", True)
    assert (got["typed"], got["account"]) == ("kim", "Rita")  # account, else typed, else guest
    who.page.context.close()

"""The table's chat and reactions in Chromium (issue 35), over a real ``kaboom serve``: two
seats, each in a browser context of its own (a host at a desktop, a friend on a phone), and
a spectator.

- a seat's line reaches the other seat and the spectator; on the phone, with the chat
  folded away, it shows as an unread count on the Chat button;
- a spectator's line reaches the spectators only while the game runs: the oracle in the
  style of ``browser_support.leaks`` reads every WebSocket frame a seat's page received and
  its text at every render, and the line is nowhere in them; after the end a seat sees it;
- hostile text (an ``<img onerror>``, a ``<b>``) shows literally and makes no element;
- a sixth line within ten seconds is refused, and the chat's note says so;
- mute hides a person's lines, those shown and those to come; a reaction shows beside the
  sender's seat; the host turns the chat off (everyone's box to write in and reactions
  are then disabled, and the chat's note says so) and on;
- axe-core finds no serious fault on the table with the chat open, at both sizes; and the
  replay shows the lines at the step they were said; the lobby's Chat box, unticked, makes
  a table whose chat starts off.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    DESKTOP,
    PHONE,
    Person,
    Tally,
    create_table,
    export_of,
    faults,
    join,
    open_folds,
    pick_game,
    play_out,
    screenshot_folder,
    server_fixture,
    shots,
    start,
    table_id,
    visitor,
)
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_chat")]

GAME = "exploding-kittens"
SEED = 5
HELLO = "hello from the host"
ASIDE = "spectators-only-aside-7731"
HOSTILE = ["<img src=x onerror=window.__pwned=1>", "<b>bold</b> & co"]


@pytest.fixture(scope="module")
def table(server: Server, browser: Any) -> Iterator[tuple[str, Person, Person, Person]]:
    """A table of two people (the host at a desktop, a friend on a phone) and a spectator,
    all three on the table's page before the start."""
    host = visitor(browser, server.base, "Hana")
    friend = visitor(browser, server.base, "Femi", phone=True)
    watcher = visitor(browser, server.base, "Wes")
    url = create_table(host, GAME, ["human", "human"], window=0.2, seed=SEED)
    join(friend, url)
    watcher.page.goto(url)
    watcher.page.click("#watch-btn")
    watcher.page.wait_for_selector("#waiting:not(.hidden)")
    yield url, host, friend, watcher
    for p in (host, friend, watcher):
        p.page.context.close()


# -- helpers -----------------------------------------------------------------------------------
def open_chat(p: Person) -> None:
    """The chat is one of the side's tabs (a phone: a sheet behind its button): open it."""
    if p.page.evaluate("() => document.body.dataset.sheet") != "chat":
        p.page.click('#sheet-btns [data-sheet="chat"]')
        p.page.wait_for_selector("#chat-box", state="visible")


def close_chat(p: Person) -> None:
    """Back to the log's tab (a phone: the sheet closed)."""
    if p.page.evaluate("() => document.body.dataset.sheet") == "chat":
        p.page.click(f'#sheet-btns [data-sheet="{"chat" if p.phone else "log"}"]')


def say(p: Person, text: str) -> None:
    """A line, typed and sent with Enter."""
    open_chat(p)
    p.page.fill("#chat-input", text)
    p.page.press("#chat-input", "Enter")


def lines(p: Person) -> str:
    return str(p.page.evaluate("() => document.querySelector('#chat-lines').textContent"))


def sees(p: Person, text: str, timeout: float = 10_000) -> None:
    p.page.wait_for_function(
        "(t) => document.querySelector('#chat-lines').textContent.includes(t)",
        arg=text,
        timeout=timeout,
    )


def note(p: Person) -> str:
    return str(p.page.text_content("#chat-note") or "")


def everything_received(p: Person) -> str:
    """Every WebSocket frame the page received, and its text at every render and now."""
    got = p.page.evaluate(
        "() => ({f: window.__frames || [], r: (window.__renders || []).map((r) => r.text),"
        " now: document.body.textContent})"
    )
    return "\n".join([*got["f"], *got["r"], got["now"]])


# -- the tests (in order: one table, one game) -------------------------------------------------
def test_a_seat_line_reaches_the_other_seat_and_the_spectator(
    table: tuple[str, Person, Person, Person],
) -> None:
    _, host, friend, watcher = table
    say(host, HELLO)
    for p in (host, friend, watcher):
        sees(p, HELLO)
    assert "You: " + HELLO in lines(host)
    assert "Hana: " + HELLO in lines(watcher)
    # the phone's chat is folded away: the Chat button counts the line
    friend.page.wait_for_selector("#chat-unread:not(.hidden)")
    assert friend.page.text_content("#chat-unread") == "1"
    label = friend.page.get_attribute('#sheet-btns [data-sheet="chat"]', "aria-label")
    assert label == "Chat, 1 unread"
    open_chat(friend)
    assert friend.page.is_hidden("#chat-unread")
    say(friend, "hi Hana")
    sees(host, "Femi: hi Hana")
    sees(watcher, "Femi: hi Hana")
    close_chat(friend)


def test_hostile_text_is_shown_as_text(table: tuple[str, Person, Person, Person]) -> None:
    _, host, friend, watcher = table
    for text in HOSTILE:
        say(friend, text)
    close_chat(friend)
    for p in (host, watcher, friend):
        for text in HOSTILE:
            sees(p, text)
        made = p.page.evaluate(
            "() => ({pwned: typeof window.__pwned, imgs: document.querySelectorAll("
            "'#chat-lines img, #chat-lines b, img[src=x]').length})"
        )
        assert made == {"pwned": "undefined", "imgs": 0}, (p.name, made)


def test_a_reaction_shows_beside_the_sender_seat(table: tuple[str, Person, Person, Person]) -> None:
    _, host, friend, watcher = table
    host.page.click('#reacts button[aria-label="React: laugh"]')
    for p in (host, friend, watcher):
        p.page.wait_for_selector('#waiting li[data-seat="0"] .react-pop', state="attached")
        drawn = p.page.locator('#waiting li[data-seat="0"] .react-pop svg[role="img"]')
        assert drawn.get_attribute("aria-label") == "laugh"  # our drawing, not an emoji


def test_the_host_turns_the_chat_off_and_on(table: tuple[str, Person, Person, Person]) -> None:
    _, host, friend, watcher = table
    assert friend.page.is_hidden("#chat-switch") and watcher.page.is_hidden("#chat-switch")
    host.page.click("#chat-switch")
    for p in (host, friend, watcher):
        p.page.wait_for_selector("#chat-input[disabled]", state="attached")
    assert host.page.text_content("#chat-switch") == "Turn chat on"
    assert watcher.page.is_disabled('#reacts button[aria-label="React: clap"]')
    assert "Chat is off" in note(watcher)
    host.page.click("#chat-switch")
    for p in (host, friend, watcher):
        p.page.wait_for_selector("#chat-input:not([disabled])", state="attached")


def test_a_spectator_line_stays_with_the_spectators_while_the_game_runs(
    table: tuple[str, Person, Person, Person], server: Server, tmp_path: Path, axe: Any
) -> None:
    url, host, friend, watcher = table
    start(host)
    for p in (friend, watcher):
        p.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
    say(watcher, ASIDE)
    sees(watcher, ASIDE)
    assert "(spectator)" in lines(watcher)
    say(host, "after the aside")  # (sent after it: when it has come, the aside would have)
    for p in (friend, watcher):
        sees(p, "after the aside")
    for p in (host, friend):
        assert ASIDE not in everything_received(p), f"{p.name} was sent the spectators' line"

    # the table with the chat open, judged by axe and looked at, at both sizes
    folder = screenshot_folder(tmp_path)
    open_chat(friend)
    found = []
    for p in (host, friend):
        found += [f"{p.name}: {f}" for f in faults(axe, p.page)]
        shots(folder, p, "chat", "game")
    close_chat(friend)
    shots(folder, friend, "chat", "game-folded")
    for size in (PHONE, DESKTOP):  # the spectator's page at both sizes too
        watcher.page.set_viewport_size(size)
        watcher.page.wait_for_timeout(50)
        if size == PHONE:
            watcher.page.click('#sheet-btns [data-sheet="chat"]')
        found += [f"{watcher.name} {size['width']}: {f}" for f in faults(axe, watcher.page)]
        watcher.phone = size == PHONE
        shots(folder, watcher, "chat", "game-spectator")
        if size == PHONE:
            watcher.page.click('#sheet-btns [data-sheet="chat"]')
    assert found == []

    tally = Tally()
    play_out([host, friend], tally, limit=240)
    watcher.page.wait_for_function("() => document.body.dataset.over === '1'")
    # every frame before the end: never the spectators' line
    for p in (host, friend):
        frames = p.page.evaluate("() => window.__frames")
        over = next(i for i, f in enumerate(frames) if '"type":"over"' in f.replace(" ", ""))
        assert not any(ASIDE in f for f in frames[:over]), p.name
        renders = p.page.evaluate("() => window.__renders")
        assert not any(ASIDE in r["text"] for r in renders if r["frames"] <= over), p.name
    # after the end it is everyone's: the seats' pages get it at the end, as it comes
    for p in (host, friend):
        sees(p, ASIDE)
    # and in a welcome: a seat's page reloaded shows it
    friend.page.reload()
    friend.page.wait_for_function("() => document.body.dataset.over === '1'")
    sees(friend, ASIDE)
    friend.page.click("#close-end")
    export = export_of(server.base, table_id(url))
    said = [line["text"] for line in export.get("chat", [])]
    assert HELLO in said and ASIDE in said, said


def test_the_rate_limit_says_so(table: tuple[str, Person, Person, Person]) -> None:
    _, host, _, _ = table
    host.page.click("#close-end")
    for k in range(6):
        say(host, f"spam {k}")
    host.page.wait_for_function(
        "() => document.querySelector('#chat-note').textContent.includes('Slow down')"
    )
    assert "at most 5 lines" in note(host)


def test_mute_hides_a_person_lines(table: tuple[str, Person, Person, Person]) -> None:
    _, host, friend, watcher = table
    watcher.page.click("#close-end")
    sees(watcher, HELLO)
    open_chat(watcher)
    watcher.page.click('#chat-lines .line[data-who="P0"] button.who >> nth=0')
    watcher.page.wait_for_selector('#chat-muted button[aria-label="Unmute Hana"]')
    assert "Hana:" not in lines(watcher) and HELLO not in lines(watcher)
    host.page.wait_for_timeout(2500)  # (the rate limit's bucket refills)
    say(host, "muted words")
    say(friend, "heard words")
    close_chat(friend)
    sees(watcher, "heard words")
    sees(friend, "muted words")
    assert "muted words" not in lines(watcher)
    watcher.page.click('#chat-muted button[aria-label="Unmute Hana"]')
    sees(watcher, HELLO)


def test_the_replay_shows_the_chat(
    table: tuple[str, Person, Person, Person], tmp_path: Path
) -> None:
    url, _, friend, _ = table
    page = friend.page
    page.goto(url.replace("/tables/", "/replay/"))
    page.wait_for_selector("#hands li")
    assert page.is_visible("#chat-box")
    before = str(page.text_content("#chat-lines"))
    assert HELLO in before and "muted words" not in before  # (said after the end)
    page.keyboard.press("End")
    sees(friend, ASIDE)
    sees(friend, "muted words")
    folder = screenshot_folder(tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        page.locator("#chat-box").scroll_into_view_if_needed()
        page.screenshot(path=str(folder / f"chat-{name}-replay.png"))


def test_the_lobby_makes_a_table_with_the_chat_off(server: Server, browser: Any) -> None:
    """The custom table's Chat box, unticked: the table's chat starts off."""
    host = visitor(browser, server.base, "Olu")
    page = host.page
    page.goto("/")
    pick_game(page, GAME)
    open_folds(page, "#custom")
    assert page.is_checked("#chat")
    page.uncheck("#chat")
    page.fill("#name", host.name)
    page.click("#create-btn")
    page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    page.wait_for_selector("#chat-input[disabled]", state="attached")
    page.click('#sheet-btns [data-sheet="chat"]')  # the chat's tab
    assert page.is_visible("#chat-switch") and page.text_content("#chat-switch") == "Turn chat on"
    page.click("#chat-switch")
    page.wait_for_selector("#chat-input:not([disabled])")
    assert host.errors == []
    page.context.close()

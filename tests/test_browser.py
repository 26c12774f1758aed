"""The browser table, end to end: Playwright for Python driving Debian's Chromium against a
real ``kaboom serve``. Two people (one at a desktop, one at a phone) and a bot play a whole
game of each of the five games by clicks only, a spectator watches; mid-game the phone's
page is reloaded and takes its seat back; no risky choice is ever the highlighted default;
and after every render the text of each page names no card that only other seats held then
(the oracle of ``browser_support.leaks``). Under ``CI=true`` a missing Chromium fails these
tests; elsewhere they are skipped with the reason.

``KABOOM_SCREENSHOTS=docs/screenshots`` keeps the screenshots (``make screenshots``)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    LOOK,
    RECORDER,
    Person,
    Tally,
    create_table,
    export_of,
    is_over,
    join,
    leaks,
    person,
    play_out,
    screenshot_folder,
    seq_of,
    server_fixture,
    shots,
    start,
    table_id,
    table_server,
)
from kaboom.web.words import guide
from server_support import Server

#: One ``kaboom serve`` and one Chromium for the module (its fixtures): on one xdist worker.
pytestmark = pytest.mark.xdist_group("browser")

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]
#: The log entry at which the mid-game screenshot is taken and the phone's page reloaded.
MIDGAME = 8


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.browser
@pytest.mark.slow
def test_a_whole_game_by_clicks(server: Server, browser: Any, game: str, tmp_path: Path) -> None:
    ann = person(browser, server.base, "ann")
    bob = person(browser, server.base, "bob", phone=True)
    url = create_table(ann, game, ["human", "human", "heuristic"], seed=7)
    join(bob, url)
    start(ann)
    watcher = person(browser, server.base, "cat")
    watcher.page.goto(url)
    people = [ann, bob]
    tally = Tally()
    folder = screenshot_folder(tmp_path)

    play_out(people, tally, until=MIDGAME)
    if not any(p.page.evaluate("() => document.body.dataset.over === '1'") for p in people):
        for p in people:
            shots(folder, p, game, "mid")
        # the phone's page is reloaded mid-game: it takes the same seat back and goes on
        before = seq_of(bob)
        bob.harvest()
        bob.page.reload()
        bob.page.wait_for_function(f"() => Number(document.body.dataset.seq) >= {before}")
        assert bob.seat == 1
        assert bob.page.locator("#hand-box").is_visible() or game == "eleminis"
        # look back: an earlier moment, from this seat's view; Escape returns to now
        ann.page.keyboard.press("l")
        assert ann.page.locator("#lookback-bar").is_visible()
        assert "Looking back" in ann.page.inner_text("#status")
        ann.page.keyboard.press("Escape")
        assert not ann.page.locator("#lookback-bar").is_visible()
    # a spectator's page shows no hand
    assert watcher.page.locator("#hand .card").count() == 0
    assert not watcher.page.locator("#hand-box").is_visible()
    assert "watching" in watcher.page.inner_text("#whoami")

    play_out(people, tally)
    for p in people:
        p.page.wait_for_selector("#end:not(.hidden)")
        assert p.page.locator("#end .won").inner_text()
        shots(folder, p, game, "end")
    assert tally.clicks > 0 and tally.risky_default == 0, tally
    if game == "eleminis":  # a card into your own full row replaces one: risky, never the default
        assert tally.risky_offered > 0, tally

    if game == "eleminis":  # play again, same seats: both people land on the next table
        again_with_the_same_seats(ann, bob, url)
    export = export_of(server.base, table_id(url))
    names = {c["slug"]: c["name"] for c in guide(game, 3, export["options"])["cards"]}
    for p, seat in ((ann, 0), (bob, 1), (watcher, None)):
        p.harvest()
        assert p.sessions and any(r for r, _ in p.sessions), f"{p.name}: no render recorded"
        assert leaks(p, seat, export, names) == [], f"{p.name} saw a card only others held"
        assert p.errors == [], f"{p.name}'s page: script errors"
    for p in (ann, bob, watcher):
        p.page.context.close()


def again_with_the_same_seats(ann: Person, bob: Person, url: str) -> None:
    for p in (ann, bob):
        p.harvest()
        p.page.click("#again-btn")
        p.page.wait_for_function(
            f"() => location.pathname.startsWith('/tables/') && !location.href.startsWith({url!r})"
        )
        p.page.wait_for_selector("#waiting:not(.hidden)")
    text = ann.page.inner_text("#waiting")
    assert "seat 0: ann (you)" in text and "seat 1: bob" in text and "(bot, simple)" in text
    assert ann.page.locator("#start-btn:not([disabled])").count() == 1
    assert ann.page.evaluate("() => location.href") == bob.page.evaluate("() => location.href")


@pytest.mark.browser
@pytest.mark.slow
def test_the_replay_shows_every_hand_and_steps(server: Server, browser: Any) -> None:
    """A bots-only table plays at once; its replay page steps through every turn with every
    hand shown, and jumps to a turn."""
    r = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "exploding-kittens", "players": 2, "seats": ["heuristic", "random"],
              "window": 0, "bot_delay": 0, "seed": 3},
        timeout=10,
    )  # fmt: skip
    table = r.json()["id"]
    for _ in range(200):
        if httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["status"] == "over":
            break
        time.sleep(0.1)
    viewer = person(browser, server.base, "dee")
    page = viewer.page
    page.goto(f"/replay/{table}")
    page.wait_for_selector("#hands li")
    assert page.locator("#hands li").count() == 2
    first = page.inner_text("#status")
    page.keyboard.press("End")
    assert page.inner_text("#status") != first
    assert "Winners" in page.inner_text("#lines")
    page.fill("#turn", "2")
    page.dispatch_event("#turn", "change")
    assert "(turn 2)" in page.inner_text("#status") or "(turn 3)" in page.inner_text("#status")
    page.context.close()


def test_the_oracle_finds_a_card_only_others_hold() -> None:
    """The leak check can fail: a page whose text names a card only another seat holds, that
    the server never named to it, is caught; once a message named it, it is not."""
    from kaboom.engine.registry import new_game

    state = new_game("exploding-kittens", 2, 5)
    export = {"game": "exploding-kittens", "players": 2, "seed": 5, "options": {}, "history": []}
    names = {c["slug"]: c["name"] for c in guide("exploding-kittens", 2, {})["cards"]}
    mine, theirs = set(state.observe(0)["hand"]), set(state.observe(1)["hand"])
    secret = sorted(theirs - mine)[0]
    page = Person("eve", None)
    page.sessions = [([{"seq": 0, "frames": 1, "text": f"P1 holds {names[secret]}"}], ["{}"])]
    assert leaks(page, 0, export, names) == [f"seq 0: {names[secret]}"]
    page.sessions = [([{"seq": 0, "frames": 1, "text": f"P1 holds {names[secret]}"}], [secret])]
    assert leaks(page, 0, export, names) == []


@pytest.mark.parametrize(
    ("game", "players"), [("dynamitt", 9), ("eleminis", 8), ("kittens-board-game", 6)]
)
@pytest.mark.browser
@pytest.mark.slow
def test_big_tables_fit_a_phone_and_a_desktop(
    server: Server, browser: Any, game: str, players: int
) -> None:
    """A bots-only table of 6 to 9 seats, watched: nothing sticks out sideways (the board's
    track scrolls inside its own box), at phone and at desktop size."""
    r = httpx.post(
        f"{server.base}/api/tables",
        json={"game": game, "players": players, "seats": ["random"] * players,
              "window": 0, "bot_delay": 1.0},
        timeout=10,
    )  # fmt: skip
    url = f"/tables/{r.json()['id']}"
    for phone in (True, False):
        watcher = person(browser, server.base, "cat", phone=phone)
        watcher.page.goto(url)
        watcher.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")
        assert watcher.page.locator(".player").count() == players
        wide = watcher.page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 0, f"{game}, {players} players: {wide} px too wide"
        watcher.page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_when_every_choice_is_risky_nothing_is_the_default(server: Server, browser: Any) -> None:
    """The page's own rule, whatever the words: every action marked risky (the word route's
    answers rewritten on the way) means no highlighted default, and Enter plays nothing."""
    ann = person(browser, server.base, "ann")

    def all_risky(route: Any) -> None:
        answer = route.fetch()
        said = answer.json()
        for a in said["actions"]:
            a["risk"] = "a test says so"
        route.fulfill(response=answer, body=json.dumps(said))

    ann.page.route("**/api/words", all_risky)
    create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=2)
    start(ann)
    ann.page.wait_for_selector("#actions button.risky")
    assert ann.page.locator("#actions button.default").count() == 0
    before = seq_of(ann)
    ann.page.keyboard.press("Enter")
    ann.page.wait_for_timeout(800)
    assert seq_of(ann) == before
    assert ann.page.locator("#actions button:not([disabled])").count() > 0
    ann.page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_keys_are_shown_on_question_mark_and_play(server: Server, browser: Any) -> None:
    """``?`` shows the keys; the keys play: a card selected with Space narrows the actions,
    c clears, d draws."""
    ann: Person = person(browser, server.base, "ann")
    create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=2)
    assert not ann.page.locator("#help").is_visible()
    ann.page.keyboard.press("?")
    assert ann.page.locator("#help").is_visible()
    assert "Enter" in ann.page.inner_text("#help")
    ann.page.keyboard.press("Escape")
    assert not ann.page.locator("#help").is_visible()
    start(ann)
    ann.page.wait_for_selector("#actions button:not([disabled])")
    every = ann.page.locator("#actions button").count()
    ann.page.keyboard.press(" ")  # select the card under the cursor
    assert ann.page.locator("#hand .card.selected").count() == 1
    assert ann.page.locator("#actions button").count() < every  # no draw: it uses no card
    ann.page.keyboard.press("c")
    assert ann.page.locator("#hand .card.selected").count() == 0
    before = seq_of(ann)
    ann.page.keyboard.press("d")
    ann.page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    assert ann.errors == []
    ann.page.context.close()


#: One game of each family, played by keys alone.
FAMILIES = ["exploding-kittens", "kittens-board-game", "eleminis"]


def key_once(p: Person, answered: set[int]) -> bool:
    """One key if the page asks for one: Enter on the highlighted default, else 1 (the
    first choice, or its group); P once per reaction window. Whether it pressed."""
    look = p.page.evaluate(LOOK)
    if look["over"]:
        return False
    if look["buttons"]:
        p.page.keyboard.press("Enter" if look["defaults"] else "1")
        return True
    if look["pass"] and look["seq"] not in answered:
        answered.add(look["seq"])
        p.page.keyboard.press("p")
        return True
    return False


@pytest.mark.parametrize("game", FAMILIES)
@pytest.mark.browser
@pytest.mark.slow
def test_a_whole_game_by_keys_alone(server: Server, browser: Any, game: str) -> None:
    """No click after the lobby: a person against a bot plays to the end with Enter, the
    number keys and P, and the page never showed a card only the bot held."""
    ann = person(browser, server.base, "ann")
    url = create_table(ann, game, ["human", "heuristic"], seed=4)
    start(ann)
    answered: set[int] = set()
    end = time.monotonic() + 240
    while not is_over(ann):
        assert time.monotonic() < end, f"{game}: no end by keys"
        if not key_once(ann, answered):
            ann.page.wait_for_timeout(30)
    ann.page.wait_for_selector("#end:not(.hidden)")
    export = export_of(server.base, table_id(url))
    names = {c["slug"]: c["name"] for c in guide(game, 2, export["options"])["cards"]}
    ann.harvest()
    assert leaks(ann, 0, export, names) == []
    assert ann.errors == [], ann.errors
    ann.page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_a_seat_in_a_second_tab_says_so_and_either_tab_takes_it(
    server: Server, browser: Any
) -> None:
    """The same seat opened in a second tab plays there; the first says "This seat is being
    played in another tab", offers no action, and takes the seat back with T."""
    ann = person(browser, server.base, "ann")
    url = create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=2)
    start(ann)
    ann.page.wait_for_selector("#actions button:not([disabled])")
    second = ann.page.context.new_page()
    second.add_init_script(RECORDER)
    second.goto(url)
    second.wait_for_selector("#actions button:not([disabled])")
    first = ann.page
    first.wait_for_selector("#take-btn")
    assert "being played in another tab" in first.inner_text("#tabs-note")
    assert first.locator("#actions button").count() == 0
    assert "open in 2 tabs; this one plays it" in second.inner_text("#tabs-note")
    before = seq_of(ann)
    first.keyboard.press("d")  # not this tab's to play: nothing is sent
    first.wait_for_timeout(400)
    assert seq_of(ann) == before
    first.keyboard.press("t")
    first.wait_for_selector("#actions button:not([disabled])")
    second.wait_for_selector("#take-btn")
    assert second.locator("#actions button").count() == 0
    first.keyboard.press("d")
    first.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    second.close()
    first.wait_for_selector("#tabs-note", state="hidden")
    assert ann.errors == [], ann.errors
    first.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_words_that_fail_are_retried_and_the_actions_play_meanwhile(
    server: Server, browser: Any
) -> None:
    """/api/words fails three times in a row: the page says so, shows each action by its
    own text and plays it; the words arrive by a retry and the page reads as before."""
    ann = person(browser, server.base, "ann")
    failed: list[str] = []

    def fail_three(route: Any) -> None:
        if len(failed) < 3:
            failed.append(route.request.url)
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    ann.page.route("**/api/words", fail_three)
    create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=2)
    start(ann)
    page = ann.page
    page.wait_for_selector('#actions button[data-text="draw"]:not([disabled])')
    assert "retrying" in page.inner_text("#error")
    assert "draw" in page.inner_text('#actions button[data-text="draw"]')
    before = seq_of(ann)
    page.click('#actions button[data-text="draw"]')
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    page.wait_for_function("() => document.querySelector('#error').classList.contains('hidden')")
    page.wait_for_selector("#log p")
    assert len(failed) == 3
    assert page.locator("#actions button, #hand .card").count() > 0
    assert ann.errors == [], ann.errors
    page.context.close()


def reloaded_mid_game(browser: Any, server: Server, until: int) -> tuple[Person, int]:
    """Ann, playing the heuristic bot (seed 3), reloads her page after ``until`` moves and
    waits for it to catch up: Ann, and the seq her page had before the reload."""
    ann = person(browser, server.base, "ann")
    create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=3)
    start(ann)
    play_out([ann], Tally(), until=until)
    now = seq_of(ann)
    ann.harvest()
    ann.page.reload()
    ann.page.wait_for_function(f"() => Number(document.body.dataset.seq) >= {now}")
    ann.page.wait_for_timeout(300)  # the views come after the sync
    return ann, now


def status_says(page: Any, words: str) -> None:
    """Wait until the status line holds ``words``."""
    page.wait_for_function(
        f"() => document.querySelector('#status').innerText.includes({json.dumps(words)})"
    )


@pytest.mark.browser
@pytest.mark.slow
def test_look_back_after_a_reload_reaches_the_deal(server: Server, browser: Any) -> None:
    """A page reloaded mid-game looks back to before the reload (to the deal), from the
    server's record of this seat's own view; the words of each moment come as it shows."""
    ann, now = reloaded_mid_game(browser, server, until=6)
    page = ann.page
    page.keyboard.press("l")
    for _ in range(now + 2):
        page.keyboard.press("ArrowLeft")
    status_says(page, "after log entry 0 ")
    assert page.locator("#lookback-bar").is_visible()
    page.keyboard.press("ArrowRight")
    status_says(page, "after log entry 1 ")
    page.keyboard.press("Escape")
    assert not page.locator("#lookback-bar").is_visible()
    assert ann.errors == [], ann.errors
    page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_the_selection_bounds_the_cards_an_action_plays(server: Server, browser: Any) -> None:
    """Three cards selected offer no pair: how many cards each text form plays (the page's
    own rule, from table.js), for each verb."""
    ann = person(browser, server.base, "ann")
    create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=2)
    played = ann.page.evaluate(
        """async () => { const t = await import('/static/js/table.js');
        return ['pair defuse @1', 'triple attack @1 nope', 'five a+2+4+7+8', 'pair a+joker @1',
                'play skip', 'draw', 'nope', 'pair a+b+c @1'].map(t.cardsPlayed); }"""
    )
    assert played == [2, 3, 5, 2, 1, 1, 1, 3]
    ann.page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_looking_back_shows_its_bar_while_a_moments_words_are_on_their_way(
    server: Server, browser: Any
) -> None:
    """The look-back bar (and Escape's way back) shows at once: the words of an earlier
    moment are asked of the server, and the page waits for them in the look-back view."""
    # (the moments before a reload come with no words: they are asked for)
    ann, now = reloaded_mid_game(browser, server, until=4)
    page = ann.page
    held: list[Any] = []

    def hold(route: Any) -> None:  # every moment's words held back
        held.append(route)

    page.route("**/api/words", hold)
    page.keyboard.press("l")
    for _ in range(now + 2):
        page.keyboard.press("ArrowLeft")
    status_says(page, "its words are on their way")
    assert page.locator("#lookback-bar").is_visible()
    for route in held:
        route.continue_()
    page.unroute("**/api/words")  # (and any asked since goes on)
    status_says(page, "(your view then)")
    page.keyboard.press("Escape")
    assert not page.locator("#lookback-bar").is_visible()
    assert ann.errors == [], ann.errors

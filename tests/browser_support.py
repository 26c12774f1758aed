"""Helpers of the browser table's tests (and ``make screenshots``): Playwright for Python
driving Debian's Chromium (``/usr/bin/chromium``; Playwright never downloads a browser), a
real ``kaboom serve``, and people who play by clicking.

Every page gets an init script that records, at each render of the table (its ``data-seq``
changing), the page's visible text and how many WebSocket messages it had received by then,
and keeps those messages: the oracle compares what a page showed with what the server told
that seat and with the hands every other seat held at that moment.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from kaboom.engine.registry import new_game
from needs import missing
from server_support import Server, quick_args

CHROMIUM = Path(os.environ.get("KABOOM_CHROMIUM", "/usr/bin/chromium"))
#: How Chromium runs here: headless, no sandbox (containers), nothing fetched from outside.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: Injected into every page before its own scripts: the WebSocket messages it receives and
#: its visible text at every render (``document.body.dataset.seq`` set by the table).
RECORDER = """
(() => {
  window.__frames = [];
  window.__renders = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => window.__frames.push(String(ev.data)));
    }
  };
  const watch = () => {
    new MutationObserver(() => {
      // (a card's long words carry soft hyphens, where a small card may break them: the
      // text as read, the words whole)
      window.__renders.push({seq: Number(document.body.dataset.seq), frames: window.__frames.length,
                             text: document.body.innerText.replaceAll("\\u00ad", "")});
    }).observe(document.body, {attributes: true, attributeFilter: ["data-seq"], subtree: false});
  };
  if (document.body) watch(); else document.addEventListener("DOMContentLoaded", watch);
})();
"""


def chromium_or_skip() -> Path:
    """Debian's Chromium. Under CI (``CI=true``) its absence fails the test (the browser
    tests must run there); elsewhere the test is skipped with the reason."""
    if CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def launch(playwright: Any) -> Any:
    """Debian's Chromium under Playwright (never a downloaded browser)."""
    path = chromium_or_skip()
    return playwright.chromium.launch(executable_path=str(path), args=CHROMIUM_ARGS, headless=True)


@pytest.fixture(scope="module", name="server")
def server_fixture(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Server]:
    """The module's ``kaboom serve`` (``table_server``): import it into a browser test
    module (the module's Chromium is ``tests/conftest.py``'s ``browser``)."""
    with table_server(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])) as srv:
        yield srv


@dataclass
class Person:
    """Someone at a browser: a context of their own (desktop or phone), one page."""

    name: str
    page: Any
    phone: bool = False
    #: (renders, frames) of each page load: what the recorder kept before a reload.
    sessions: list[tuple[list[dict[str, Any]], list[str]]] = field(default_factory=list)
    answered: set[int] = field(default_factory=set)
    #: Uncaught errors of the page's scripts (none expected).
    errors: list[str] = field(default_factory=list)

    def harvest(self) -> None:
        """Keep what the recorder holds (before a reload wipes it)."""
        got = self.page.evaluate("() => ({r: window.__renders || [], f: window.__frames || []})")
        self.sessions.append((got["r"], got["f"]))

    @property
    def seat(self) -> int | None:
        text = self.page.inner_text("#whoami")
        m = re.search(r"You are (?:.* )?\(?P(\d+)\)?", text)
        return int(m.group(1)) if m else None


def person(browser: Any, base: str, name: str, phone: bool = False, motion: bool = False) -> Person:
    """A person with a browser context of their own (their own storage: their own seat).

    Their system asks for reduced motion unless ``motion``: the cards' flights drawn frame
    by frame in software (CI has no GPU) cost a whole game's test more than its play. The
    tests of the defaults a newcomer gets (``test_browser_table``'s Play now game, the
    friends' games) and of the motion itself (``test_browser_touch``) keep it on."""
    ctx = browser.new_context(
        viewport=PHONE if phone else DESKTOP,
        is_mobile=phone,
        has_touch=phone,
        base_url=base,
        reduced_motion="no-preference" if motion else "reduce",
    )
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.add_init_script(RECORDER)
    who = Person(name, page, phone)
    page.on("pageerror", lambda err: who.errors.append(str(err)))
    return who


def create_table(
    host: Person, game: str, seats: list[str], window: float = 0.2, seed: int | None = None
) -> str:
    """The lobby, by clicks: the game, the seats (the host is seat 0), a short reaction
    window, bots at once; create and sit down. The table's URL."""
    page = host.page
    page.goto("/")
    pick_game(page, game)
    open_folds(page, "#custom", "#timing")
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    page.fill("#name", host.name)
    for q, kind in enumerate(seats[1:], 1):
        page.select_option(f"#seats select[name=seat{q}]", kind)
    page.fill("#window", str(window))
    page.fill("#bot_delay", "0")
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create-btn")
    # (``page.url`` lags behind a navigation by ``location.href`` with some Chromium builds)
    page.wait_for_function("() => location.pathname.startsWith('/tables/')")
    page.wait_for_selector("#waiting:not(.hidden)")
    return str(page.evaluate("() => location.href"))


def pick_game(page: Any, game: str) -> None:
    """The lobby's game picker: the game's card, by a click (once the games are drawn)."""
    page.wait_for_selector("body[data-ready='1']")
    page.click(f".game-card[data-game='{game}']")
    page.wait_for_function(
        f"() => document.querySelector('#games input[value=\"{game}\"]').checked"
    )


def open_folds(page: Any, *folds: str) -> None:
    """Open the lobby's folded ``<details>`` (the custom table, its timing), by clicks."""
    for fold in folds:
        if not page.evaluate(f"() => document.querySelector('{fold}').open"):
            page.click(f"{fold} > summary")


def join(guest: Person, url: str) -> None:
    """The link, a name, the seat: by clicks."""
    page = guest.page
    page.goto(url)
    page.fill("#join-name", guest.name)
    page.click("#join-btn")
    page.wait_for_selector("#waiting:not(.hidden), #actions-box h2")


def start(host: Person) -> None:
    host.page.click("#start-btn:not([disabled])")
    host.page.wait_for_function("() => Number(document.body.dataset.seq) >= 0")


#: What a page offers now (one round trip): its seq, whether the game is over, the enabled
#: action buttons, whether a default is risky, the window's Pass button.
LOOK = """() => {
  const buttons = [...document.querySelectorAll('#actions button:not([disabled])')];
  const answers = [...document.querySelectorAll(
    '#window button, #actions button, #hand-box:not(.hidden)')];
  const off = (b) => { const r = b.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5; };
  return {
    offscreen: answers.filter(off).map((b) => b.innerText),
    scrolled: scrollY,
    seq: Number(document.body.dataset.seq ?? -1),
    over: document.body.dataset.over === '1',
    buttons: buttons.map((b) => ({index: Number(b.dataset.index), cls: b.className})),
    riskyDefault: document.querySelectorAll('#actions button.default.risky').length,
    risky: document.querySelectorAll('#actions button.risky').length,
    defaults: document.querySelectorAll('#actions button.default').length,
    pass: !!document.querySelector('#pass-btn'),
    hand: document.querySelectorAll('#hand .card').length,
  };
}"""


@dataclass
class Tally:
    """What the clicking saw: steps, risky choices on offer, a risky default (never)."""

    clicks: int = 0
    #: Decisions seen at a phone, each with its actions checked inside the viewport.
    phone_decisions: int = 0
    risky_offered: int = 0
    all_risky: int = 0
    risky_default: int = 0


def click_once(p: Person, tally: Tally) -> bool:
    """One click if the page asks for one: the highlighted default, else the first choice;
    a reaction window's Pass once per window. Whether it clicked."""
    if p.phone:  # the page as it is, never scrolled: the table above scrolls, not the dock
        p.page.evaluate("() => window.scrollTo(0, 0)")
    look = p.page.evaluate(LOOK)
    if look["over"]:
        return False
    if p.phone and (look["buttons"] or look["pass"]):
        tally.phone_decisions += 1
        assert look["offscreen"] == [], f"{p.name}: outside the phone's screen: {look['offscreen']}"
    tally.risky_default += look["riskyDefault"]
    if look["buttons"]:
        if look["risky"]:
            tally.risky_offered += 1
        if look["defaults"] == 0:
            tally.all_risky += 1
        choice = next((b for b in look["buttons"] if "default" in b["cls"]), look["buttons"][0])
        if _click(p, f'#actions button[data-index="{choice["index"]}"]:not([disabled])'):
            tally.clicks += 1
            return True
        return False
    if look["pass"] and look["seq"] not in p.answered:
        p.answered.add(look["seq"])
        if _click(p, "#pass-btn"):
            tally.clicks += 1
            return True
    return False


def _click(p: Person, selector: str) -> bool:
    """A click on what the page showed a moment ago (False: it has gone, the game moved on:
    a reaction window closed, a bot's move came first)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        p.page.click(selector, timeout=1500)
    except PlaywrightError:
        return False
    return True


def is_over(p: Person) -> bool:
    return bool(p.page.evaluate("() => document.body.dataset.over === '1'"))


def play_out(
    people: list[Person], tally: Tally, limit: float = 240.0, until: int | None = None
) -> None:
    """Click until every page shows the end (or a page reaches seq ``until``)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if until is not None and max(seq_of(p) for p in people) >= until:
            return
        if all(is_over(p) for p in people):
            return
        clicked = False
        for p in people:
            clicked = click_once(p, tally) or clicked
        if not clicked:
            time.sleep(0.03)
    raise AssertionError(f"the game did not end within {limit:.0f} s ({tally})")


def seq_of(p: Person) -> int:
    return int(p.page.evaluate("() => Number(document.body.dataset.seq ?? -1)"))


def table_id(url: str) -> str:
    return url.split("/tables/")[1].split("?")[0]


# -- the oracle: nothing on a page that only other seats hold ----------------------------------
def hands_by_seq(export: dict[str, Any]) -> list[list[list[str]]]:
    """Every seat's hand after each log entry (0: the deal), dealt again from the export."""
    state = new_game(export["game"], export["players"], int(export["seed"]), **export["options"])
    out = [[list(state.observe(q)["hand"] or []) for q in range(state.players)]]
    for action in export["history"]:
        state.apply(action)
        out.append([list(state.observe(q)["hand"] or []) for q in range(state.players)])
    return out


def _pattern(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])")


def leaks(p: Person, seat: int | None, export: dict[str, Any], names: dict[str, str]) -> list[str]:
    """Every render of ``p``'s pages where the visible text names a card that, at that
    moment, only other seats held and that nothing the server sent this page had named:
    each as ``seq N: Name``. Empty: the page showed nothing the seat may not know."""
    hands = hands_by_seq(export)
    slugs = {s: _pattern(s) for s in names}
    named = {s: _pattern(n) for s, n in names.items()}
    found = []
    for renders, frames in p.sessions:
        first: dict[str, int] = {}
        for i, text in enumerate(frames):
            for s, pat in slugs.items():
                if s not in first and pat.search(text):
                    first[s] = i
        for r in renders:
            k = r["seq"]
            if not 0 <= k < len(hands):
                continue
            mine = set(hands[k][seat]) if seat is not None else set()
            others = {c for q, h in enumerate(hands[k]) if q != seat for c in h} - mine
            for slug in sorted(others):
                told = first.get(slug, len(frames)) < r["frames"]
                if not told and named[slug].search(r["text"]):
                    found.append(f"seq {k}: {names[slug]}")
    return found


#: The server's defaults for a table (``CreateTable``): what the lobby's one click keeps
#: (the window: ``kaboom.server.clocks.DEFAULT_WINDOW``, measured by bench/window_pace.py).
DEFAULT_WINDOW, DEFAULT_BOT_DELAY = 9.5, 0.8


def visitor(
    browser: Any, base: str, name: str, phone: bool = False, motion: bool = False
) -> Person:
    """A person whose page's console errors are kept with its uncaught ones."""
    who = person(browser, base, name, phone, motion)
    who.page.on("console", lambda m: who.errors.append(m.text) if m.type == "error" else None)
    return who


def lobby(p: Person) -> None:
    p.page.goto("/")
    p.page.wait_for_selector("body[data-ready='1']")


def api_get(base: str, path: str, invite: str | None = None) -> dict[str, Any]:
    """GET one of the server's JSON answers (``invite``: a private table's, which is found
    by its link only)."""
    params = {"invite": invite} if invite else {}
    r = httpx.get(f"{base}{path}", params=params, timeout=10)
    r.raise_for_status()
    data: dict[str, Any] = r.json()
    return data


def table_info(base: str, table: str, invite: str | None = None) -> dict[str, Any]:
    return api_get(base, f"/api/tables/{table}", invite)


def export_of(base: str, table: str, invite: str | None = None) -> dict[str, Any]:
    return api_get(base, f"/api/games/{table}/export", invite)


#: Waits for the page's animations to end (two seconds at most: a clock's may not).
SETTLED = """() => Promise.race([
  Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
  new Promise((done) => setTimeout(done, 2000)),
])"""


def screenshot_folder(tmp_path: Path) -> Path:
    """Where a test's screenshots go: ``KABOOM_SCREENSHOTS`` (``make screenshots``), else
    the test's own temporary folder."""
    kept = os.environ.get("KABOOM_SCREENSHOTS")
    return Path(kept) if kept else tmp_path / "shots"


def shots(folder: Path | None, p: Person, game: str, moment: str) -> Path | None:
    """A screenshot of the page (desktop or phone size) into ``folder``."""
    if folder is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}-{'phone' if p.phone else 'desktop'}-{moment}.png"
    p.page.evaluate("() => window.scrollTo(0, 0)")
    p.page.evaluate(SETTLED)  # (a card in flight would cover the table in the picture)
    p.page.screenshot(path=str(path), full_page=False)
    return path


@contextlib.contextmanager
def table_server(folder: Path) -> Iterator[Server]:
    """A ``kaboom serve`` on SQLite in ``folder`` with no limits, for a module of browser
    tests; its log must hold no error at the end."""
    chromium_or_skip()
    srv = Server(f"sqlite:///{folder}/tables.db", folder / "server.log", *quick_args()).start()
    try:
        yield srv
    finally:
        srv.stop()
    assert srv.errors() == []


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright, for a module of browser tests."""
    chromium_or_skip()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:  # the dev extra brings it
        missing(f"playwright is not installed ({err})")
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            yield browser
        finally:
            browser.close()


def faults(axe: Any, page: Any) -> list[str]:
    """axe-core's violations of any impact (minor to critical: issue 46) on the page as it
    is: each as ``rule (impact): help (first places)``, once the motion of the last update is
    over (a card in flight or a flash fades through every colour: judged at rest, as a
    person reads it)."""
    out = _violations(axe, page)
    if out:
        # A live table may move while axe reads it (a bot's card lands, a window opens: an
        # element caught fading in): what is wrong at rest is wrong again a moment later.
        out = _violations(axe, page)
    return out


def _violations(axe: Any, page: Any) -> list[str]:
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    results = axe.run(page)
    out = []
    for v in results.response["violations"]:
        where = [" ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"])
                 for n in v["nodes"][:3]]  # fmt: skip
        out.append(f"{v['id']} ({v.get('impact')}): {v['help']} ({'; '.join(where)})")
    return out

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

#: What is wrong with the page as it is now: each thing a person must see to decide (every
#: action, each card of the hand, the family's middle) that is outside the screen, not drawn
#: or covered; anything that sticks out sideways.
PROBLEMS = """() => {
  const out = [];
  const name = (n) => n ? `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${[...n.classList].join('.')}` : 'nothing';
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const mine = (node, x, y) => { const top = document.elementFromPoint(x, y); return top && (top === node || node.contains(top)) ? null : top; };
  const whole = (node, what) => {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) { out.push(`${what}: not drawn`); return; }
    if (!inside(r)) { out.push(`${what}: outside the screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`); return; }
    const inset = Math.min(6, r.width / 4, r.height / 4);
    for (const [x, y] of [[r.left + r.width / 2, r.top + r.height / 2], [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
                          [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]]) {
      const over = mine(node, x, y);
      if (over) { out.push(`${what}: covered at ${Math.round(x)},${Math.round(y)} by ${name(over)}`); return; }
    }
  };
  for (const b of document.querySelectorAll('#actions button, #window button, #bulk-btn')) {
    if (b.offsetParent !== null) whole(b, `action "${b.innerText.replace(/\\s+/g, ' ').trim()}"`);
  }
  // where a bomb goes back: the pile of places (it scrolls in its own box) in sight
  const depth = document.querySelector('#depth-pile .depth-pile');
  if (depth) whole(depth, 'the places in the pile');
  // the hand: every card whole on screen, or (a fan) its band and name in sight
  for (const c of document.querySelectorAll('#hand .card')) {
    const r = c.getBoundingClientRect();
    if (!inside(r)) { out.push(`card ${c.dataset.slug}: outside the screen`); continue; }
    const over = mine(c, r.left + 5, r.top + 12);
    if (over) out.push(`card ${c.dataset.slug}: its band covered by ${name(over)}`);
  }
  const middle = document.querySelector('#middle .pile[data-pile="draw"]') || document.querySelector('#middle .track') || document.querySelector('#middle .rows');
  if (middle) whole(middle, 'the middle of the table'); else out.push('the middle of the table: not drawn');
  const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (wide > 0) out.push(`the page is ${wide} px too wide`);
  return out;
}"""

#: The page now, in one round trip: its decision, the buttons to press, the hand, a moment.
NOW = """() => ({
  seq: Number(document.body.dataset.seq ?? -1),
  over: document.body.dataset.over === '1',
  act: [...document.querySelectorAll('#actions button:not([disabled])')].map((b) => ({i: Number(b.dataset.index), def: b.classList.contains('default'), text: b.dataset.text})),
  pass: !!document.querySelector('#pass-btn'),
  hand: document.querySelectorAll('#hand .card').length,
  bomb: !!document.querySelector('#middle .bomb-banner') || document.querySelector('#moment')?.dataset.tone === 'bomb',
  moment: !document.querySelector('#moment')?.classList.contains('hidden'),
  hint: !!document.querySelector('#hint-btn:not(.hidden):not([disabled])'),
})"""


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
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        seen.problems += [f"{where}, {name}: {x}" for x in page.evaluate(PROBLEMS)]
    page.set_viewport_size(DESKTOP)


def shoot(p: Person, seen: Seen, folder: Path, game: str, moment: str) -> None:
    """The moment at both sizes, once a game (the gallery)."""
    if moment in seen.shots:
        return
    seen.shots.add(moment)
    folder.mkdir(parents=True, exist_ok=True)
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        p.page.set_viewport_size(size)
        p.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        p.page.screenshot(path=str(folder / f"{game}-{name}-{moment}.png"))
    p.page.set_viewport_size(DESKTOP)


def settle(p: Person) -> None:
    """A moment of the table goes by itself (1.6 s): the player reads it, then decides."""
    p.page.wait_for_function("() => document.querySelector('#moment').classList.contains('hidden')", timeout=5000)


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
            p.page.wait_for_function("() => { const b = document.querySelector('#hint-box'); return b && !b.classList.contains('hidden') && !/thinking/.test(b.innerText); }", timeout=15000)
            seen.hints += 1
            where += ", a hint open"
        check_both_sizes(p, seen, where)
        if folder is not None:
            if seen.decisions == 1:
                shoot(p, seen, folder, game, "deal")
            if now["pass"]:
                shoot(p, seen, folder, game, "window")
            if now["bomb"]:
                shoot(p, seen, folder, game, "bomb")
            if now["hand"] >= 10:
                shoot(p, seen, folder, game, "full-hand")
        try:
            if now["act"]:
                choice = next((a for a in now["act"] if a["def"]), now["act"][0])
                p.page.click(f'#actions button[data-index="{choice["i"]}"]:not([disabled])', timeout=1500)
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


GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_shows_everything_whole_at_both_sizes(
    server: Server, browser: Any, game: str, tmp_path: Path
) -> None:
    """A whole game with the lobby's defaults: at every decision, at both sizes, every
    action, the hand and the middle of the table on screen, whole and uncovered."""
    ann = person(browser, server.base, "ann")
    sit_down_with_defaults(ann, game)
    url = ann.page.evaluate("() => location.href")
    folder = screenshot_folder(tmp_path) if "KABOOM_SCREENSHOTS" in os.environ else None
    seen = play_whole_game(ann, game, folder)
    assert seen.decisions >= 3, seen
    assert seen.problems == [], "\n".join(seen.problems[:20])
    assert seen.hints == 1 or game == "eleminis", seen  # hints are on against bots
    export = export_of(server.base, table_id(url))
    names = {c["slug"]: c["name"] for c in guide(game, export["players"], export["options"])["cards"]}
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
      Object.assign(lid.style, {position: 'fixed', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px`, zIndex: 99, background: 'red'});
      document.body.append(lid);
      const wide = document.createElement('div');
      Object.assign(wide.style, {width: '3000px', height: '1px'});
      document.body.append(wide);
    }""")
    found = ann.page.evaluate(PROBLEMS)
    assert any("covered" in f and f.startswith("action") for f in found), found
    assert any("too wide" in f for f in found), found
    ann.page.context.close()

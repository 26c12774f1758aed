"""The browser table in the person's language (docs/i18n.md), in Debian's Chromium: a whole
Dynamitt game in Norwegian bokmål (the browser's Accept-Language), axe-core clean, its text
Norwegian; the same game in the pseudo-language with no English outside its brackets; one
online table with a Norwegian and an English person, each page in its own language; the
language switch remembered across a reload (the ``kaboom_lang`` cookie)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    DESKTOP,
    PHONE,
    RECORDER,
    Person,
    Tally,
    create_table,
    faults,
    join,
    play_out,
    screenshot_folder,
    server_fixture,
    shots,
    start,
)
from i18n_support import untranslated
from kaboom.i18n import use_language
from kaboom.web.words import guide
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_i18n")]

server = server_fixture

#: English a Norwegian table page must not show (the page's own words).
ENGLISH = ["Actions", "What you know", "Your hand", "Look back", "Keys", "Log", "Odds", "Players"]


def speaker(browser: Any, base: str, name: str, lang: str, phone: bool = False) -> Person:
    """A person whose browser asks for ``lang`` first (its Accept-Language)."""
    ctx = browser.new_context(
        viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone, base_url=base,
        locale=lang, extra_http_headers={"Accept-Language": f"{lang},en;q=0.3"},
    )  # fmt: skip
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.add_init_script(RECORDER)
    who = Person(name, page, phone)
    page.on("pageerror", lambda err: who.errors.append(str(err)))
    return who


#: A page's visible text with its labels, titles and placeholders, one a line.
SAID = """() => [document.body.innerText, ...[...document.querySelectorAll(
  '[aria-label],[title],[placeholder]')].flatMap((e) => ['aria-label', 'title', 'placeholder']
  .map((a) => e.getAttribute(a))).filter(Boolean)].join('\\n')"""


def text_of(p: Person) -> str:
    """What the page shows and says: its visible text, its labels and titles."""
    return str(p.page.evaluate(SAID))


def axe_at_both_sizes(axe: Any, page: Any) -> list[str]:
    found = []
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        found += faults(axe, page)
    page.set_viewport_size(DESKTOP)
    return found


def seat_names(game: str) -> set[str]:
    """The card names of ``game`` in English and Norwegian (names on a page, not English)."""
    names = {c["name"] for c in guide(game, 2, {})["cards"]}
    with use_language("nb"):
        names |= {c["name"] for c in guide(game, 2, {})["cards"]}
    return {w for n in names for w in re.findall(r"[A-Za-z]{3,}", n)}


def test_a_dynamitt_game_in_norwegian_reads_norwegian_and_is_axe_clean(
    server: Server, browser: Any, axe: Any, tmp_path: Path
) -> None:
    folder = screenshot_folder(tmp_path)
    kari = speaker(browser, server.base, "kari", "nb")
    url = create_table(kari, "dynamitt", ["human", "heuristic"], seed=5)
    assert kari.page.get_attribute("html", "lang") == "nb"
    start(kari)
    kari.page.wait_for_selector("#actions-box h2")
    shots(folder, kari, "dynamitt-nb", "start")
    assert axe_at_both_sizes(axe, kari.page) == []
    said = text_of(kari).lower()
    assert "handlinger" in said and "det du vet" in said and "logg" in said
    shown = kari.page.inner_text("body")
    assert [w for w in ENGLISH if re.search(rf"(?<!\w){w}(?!\w)", shown)] == []
    phone = speaker(browser, server.base, "kari", "nb", phone=True)
    phone.page.goto(url)
    phone.page.wait_for_selector("#status")
    shots(folder, phone, "dynamitt-nb", "start")
    phone.page.context.close()
    play_out([kari], Tally())
    kari.page.wait_for_selector("#end:not(.hidden)")
    shots(folder, kari, "dynamitt-nb", "end")
    assert axe_at_both_sizes(axe, kari.page) == []
    end = kari.page.text_content("#end") or ""
    assert "Spill igjen (samme plasser)" in end and "Play again" not in end
    assert kari.errors == []
    kari.page.context.close()


def english_lines(text: str, allowed: frozenset[str]) -> set[str]:
    """The lines of ``text`` with English outside the pseudo-language's brackets."""
    return {line.strip() for line in text.splitlines() if untranslated(line, allowed)}


def test_a_pseudo_game_shows_no_english_outside_its_brackets(server: Server, browser: Any) -> None:
    """Every word on the page is a catalogue's: what is left outside ⟦…⟧ is English no one
    marked (names, numbers and notation aside)."""
    who = speaker(browser, server.base, "ann", "en")
    url = create_table(who, "dynamitt", ["human", "heuristic"], seed=5)
    who.page.goto(f"{url}{'&' if '?' in url else '?'}lang=pseudo")
    who.page.wait_for_selector("#start-btn")
    start(who)
    who.page.wait_for_selector("#actions-box h2")
    # (the language switch names each language in itself, as every site does)
    allowed = frozenset(seat_names("dynamitt") | {"ann", "Dynamitt", "English", "Norsk", "bokmål"})
    lines = english_lines(text_of(who), allowed)
    play_out([who], Tally())
    who.page.wait_for_selector("#end:not(.hidden)")
    lines |= english_lines(text_of(who), allowed)
    assert sorted(lines) == [], "\n".join(sorted(lines))
    who.page.context.close()


def test_one_table_two_languages_each_page_in_its_own(server: Server, browser: Any) -> None:
    kari = speaker(browser, server.base, "kari", "nb")
    john = speaker(browser, server.base, "john", "en")
    url = create_table(kari, "dynamitt", ["human", "human"], seed=5)
    join(john, url)
    start(kari)
    for p in (kari, john):
        p.page.wait_for_selector("#actions-box h2")
    assert kari.page.get_attribute("html", "lang") == "nb"
    assert john.page.get_attribute("html", "lang") == "en"
    assert kari.page.text_content("#actions-box h2") == "Handlinger"
    assert john.page.text_content("#actions-box h2") == "Actions"
    assert kari.page.inner_text("#whoami").startswith("Du er")
    assert john.page.inner_text("#whoami").startswith("You are")
    assert "Det du vet" in (kari.page.text_content("#known") or "")
    assert "What you know" in (john.page.text_content("#known") or "")
    play_out([kari, john], Tally())
    assert "Spill igjen" in (kari.page.text_content("#end") or "")
    assert "Play again" in (john.page.text_content("#end") or "")
    assert kari.errors == [] and john.errors == []
    for p in (kari, john):
        p.page.context.close()


def test_the_switch_is_remembered_across_a_reload(server: Server, browser: Any) -> None:
    who = speaker(browser, server.base, "ann", "en")
    page = who.page
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("html", "lang") == "en"
    with page.expect_navigation():
        page.select_option("#lang-switch", "nb")
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("html", "lang") == "nb"
    assert page.text_content("#play-friends .big-line") == "Spill med venner"
    cookie = next(c for c in page.context.cookies() if c["name"] == "kaboom_lang")
    assert cookie["value"] == "nb" and cookie["sameSite"] == "Lax"
    assert cookie["expires"] > __import__("time").time() + 360 * 86400
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("html", "lang") == "nb"
    page.goto("/ladder")
    assert page.get_attribute("html", "lang") == "nb"
    with page.expect_navigation():
        page.select_option("#lang-switch", "en")
    assert page.get_attribute("html", "lang") == "en"
    assert who.errors == []
    page.context.close()

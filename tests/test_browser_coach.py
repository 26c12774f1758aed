"""The coach in Chromium (issue 32), over a real ``kaboom serve``, at a desktop and at a
phone: a short game against a bot with the table's default settings (hints on: every other
seat is a bot), where the page says hints are on, the Hint button shows the best choices
with their chance of winning in the page's own words; the game is clicked to its end, and
the end screen's Review opens the review page: the curve of the seat's chance as an SVG
and the table of its decisions, each a link to the replay at that step (which opens
there). axe-core finds no serious fault on the table with a hint shown nor on the review,
and the review fits the phone's width."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    Tally,
    create_table,
    faults,
    play_out,
    screenshot_folder,
    server_fixture,
    shots,
    start,
    visitor,
)
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_coach")]

GAME = "exploding-kittens"


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_hint_then_the_review_from_the_end_screen(
    server: Server, browser: Any, axe: Any, phone: bool, tmp_path: Path
) -> None:
    folder = screenshot_folder(tmp_path)
    p = visitor(browser, server.base, "Rae", phone=phone)
    page = p.page
    create_table(p, GAME, ["human", "random"], window=0.2, seed=21)
    start(p)
    # everyone at the table is told; the seat to decide asks
    page.wait_for_selector("#hints-tag:not(.hidden)")
    # everyone is told, in the header: the word "hints on", the sentence in its title
    assert page.inner_text("#hints-tag") == "hints on"
    assert "Hints are on" in (page.get_attribute("#hints-tag", "title") or "")
    page.wait_for_selector("#actions button:not([disabled])")
    page.click("#hint-btn")
    # the coach searches for two seconds in the bots' processes (the first hint starts one:
    # on a loaded machine that takes long); an error is said in the box, not a list
    page.wait_for_function(
        "() => !!document.querySelector('#hint-box ol.hint-choices li')"
        " || !!document.querySelector('#hint-box p:not(.muted)')",
        timeout=90_000,
    )
    assert page.locator("#hint-box ol.hint-choices li").count(), page.inner_text("#hint-box")
    choices = page.locator("#hint-box ol.hint-choices li").all_inner_texts()
    assert 1 <= len(choices) <= 3
    labels = page.locator("#actions button").all_inner_texts()
    for line in choices:
        assert re.search(r"\d+% to win", line), line
        said = line.split(" · ")[0].strip()
        assert any(said in label for label in labels) or p.phone, (said, labels)
    assert faults(axe, page) == []
    shots(folder, p, GAME, "hint")
    page.click("#hint-close")
    page.wait_for_selector("#hint-box", state="hidden")
    # the game to its end, then its review
    play_out([p], Tally(), limit=240)
    page.wait_for_selector("#review-link")
    page.click("#review-link")
    page.wait_for_function("() => location.pathname.startsWith('/review/')")
    page.wait_for_selector("body[data-ready='1']", timeout=90_000)
    rows = page.locator("#decisions tbody tr")
    assert rows.count() >= 1
    dots = page.locator("#curve svg[role=img] .dot").count()
    assert dots == rows.count()
    marked = page.locator("#decisions tbody tr.marked").count()
    assert page.locator("#curve svg path.dot").count() == marked
    assert "decisions" in page.inner_text("#status")
    # the choices in the table's words (POST /api/labels), not in notation
    played = rows.locator("td:nth-child(2)").all_inner_texts()
    assert all(cell[:1].isupper() and "@" not in cell for cell in played), played
    wide = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, f"the review is {wide}px wider than the screen"
    assert faults(axe, page) == []
    shots(folder, p, GAME, "review")
    step = int(rows.first.get_attribute("data-step") or "-1")
    rows.first.locator("a").click()
    page.wait_for_function("() => location.pathname.startsWith('/replay/')")
    # the replay's page loads after the URL changes: #status may not be there yet
    page.wait_for_function(
        f"() => /^Step {step} of/.test(document.querySelector('#status')?.textContent ?? '')"
    )
    assert p.errors == []
    page.context.close()

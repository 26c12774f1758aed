"""A lesson in the browser (issue 32): Learn opened from the lobby, played to the end by
clicks (and a mistake typed in notation, answered by its rule), at phone size (390x844) and
at desktop size (1280x800), with no serious or critical axe-core fault on the way (the
lobby with its Learn links included)."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    DESKTOP,
    PHONE,
    faults,
    lobby,
    server_fixture,
    visitor,
)
from kaboom.engine.lesson import built_in
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_learn")]


def at_both_sizes(axe: Any, page: Any, where: str, phone: bool) -> list[str]:
    """axe-core's serious faults at phone size and at desktop size, then back to the size
    the lesson is played at."""
    found = []
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        found += [f"{where}, {name}: {f}" for f in faults(axe, page)]
    page.set_viewport_size(PHONE if phone else DESKTOP)
    return found


def answered(page: Any, before: str) -> None:
    """Wait until the lesson's answer has changed from ``before``."""
    page.wait_for_function(
        "(b) => { const a = document.querySelector('#answer'); return a && a.innerText !== b; }",
        arg=before,
    )


@pytest.mark.parametrize(
    ("game", "phone"), [("exploding-kittens", True), ("eleminis", False), ("dynamitt", True)]
)
def test_a_lesson_from_the_lobby_to_the_end(
    browser: Any, axe: Any, server: Server, game: str, phone: bool
) -> None:
    lesson = built_in(game)
    learner = visitor(browser, server.base, "Lea", phone=phone)
    page = learner.page
    page.set_viewport_size(PHONE if phone else DESKTOP)
    lobby(learner)
    lobby_faults = at_both_sizes(axe, page, "lobby", phone)
    page.click(f"a[data-learn='{game}']")
    page.wait_for_selector("body[data-ready='1']")
    assert page.url.endswith(f"/learn/{game}")
    found = lobby_faults + at_both_sizes(axe, page, "lesson opened", phone)
    steps = lesson["steps"]
    for i, step in enumerate(steps):
        page.wait_for_function(
            "(t) => document.querySelector('#step-title').textContent === t", arg=step["title"]
        )
        assert f"Step {i + 1} of {len(steps)}" in page.inner_text("#progress")
        assert step["say"] in page.inner_text("#say")
        if i == len(steps) // 2:
            found += at_both_sizes(axe, page, f"step {i}", phone)
        for mistake in step.get("wrong", [])[:1]:  # one mistake a step, typed in notation
            before = page.inner_text("#answer")
            page.fill("#typed-action", mistake["do"])
            page.click("#typed button[type=submit]")
            answered(page, before)
            assert mistake["say"] in " ".join(page.inner_text("#answer").split())
            assert page.text_content("#step-title") == step["title"]
        before = page.inner_text("#answer")
        page.click(f"#actions button[data-text='{step['expect'][0]}']")
        answered(page, before)
    page.wait_for_selector("#finished:not(.hidden)")
    assert "Lesson complete" in page.inner_text("#finished")
    assert steps[-1]["after"] in " ".join(page.inner_text("#answer").split())
    found += at_both_sizes(axe, page, "finished", phone)
    assert found == []
    assert learner.errors == []


def test_an_illegal_action_typed_is_answered_by_its_rule(browser: Any, server: Server) -> None:
    learner = visitor(browser, server.base, "Rui")
    page = learner.page
    page.goto("/learn/exploding-kittens")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#typed-action", "play skip")
    page.press("#typed-action", "Enter")
    page.wait_for_selector("#answer-box.no")
    assert "The rules do not allow that (Skip)" in page.inner_text("#answer")
    assert "Step 1 of" in page.inner_text("#progress")
    page.keyboard.press("Escape")
    page.focus("#step-title")
    page.keyboard.press("1")  # the first choice, by its key
    page.wait_for_function(
        "() => (document.querySelector('#progress')?.innerText ?? '').includes('Step 2')"
    )
    assert learner.errors == []


def test_an_unknown_lesson_says_so(browser: Any, server: Server) -> None:
    learner = visitor(browser, server.base, "Ned")
    page = learner.page
    page.goto("/learn/chess")
    page.wait_for_function(
        "() => document.querySelector('#progress').innerText.startsWith('No lesson')"
    )
    assert "no lesson for 'chess'" in page.inner_text("#progress")

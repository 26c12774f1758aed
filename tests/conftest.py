"""Fixtures shared by the test files."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import scale
from kaboom.engine import registry
from kaboom.engine.registry import GameSpec

#: The Hypothesis profiles: ``full`` unless ``--hypothesis-profile=fast`` (tests/scale.py).
scale.register_profiles()


@pytest.fixture
def tiny_nim(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    """Tiny Nim (tests/tiny_game, docs/adding-a-game.md) registered for one test: in a copy
    of the registry, so no other test (the picker's list of games, say) sees it."""
    import tiny_game

    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_loaded", True)  # the built-in games are not needed here
    yield tiny_game.register()


@pytest.fixture
def tiny_nim_panel(tiny_nim: GameSpec, monkeypatch: pytest.MonkeyPatch) -> GameSpec:
    """Tiny Nim with its own terminal panel (tests/tiny_game/panel.py), registered in a copy
    of the terminal's registry of panels."""
    from kaboom.tui.families import PANELS
    from tiny_game import panel

    monkeypatch.setattr(PANELS, "parts", dict(PANELS.parts))
    panel.register()
    return tiny_nim


@pytest.fixture
def tiny_nim_encoder(tiny_nim: GameSpec, monkeypatch: pytest.MonkeyPatch) -> GameSpec:
    """Tiny Nim with its own RL encoder (tests/tiny_game/encoder.py, the rl extra),
    registered in a copy of kaboom.rl's registry of encoders."""
    pytest.importorskip("gymnasium")
    from kaboom.rl.encoding import ENCODERS
    from tiny_game import encoder

    monkeypatch.setattr(ENCODERS, "parts", dict(ENCODERS.parts))
    encoder.register()
    return tiny_nim


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, one for a module of browser tests."""
    from browser_support import chromium

    with chromium() as chromium_browser:
        yield chromium_browser


@pytest.fixture(scope="module")
def axe() -> Any:
    """axe-core for a module of browser tests (the dev extra brings it)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError as err:
        from needs import missing

        missing(f"axe-playwright-python is not installed ({err})")
    return Axe()


#: The xdist groups that take longest, longest first: ``make test`` starts them at once
#: (``--no-loadscope-reorder``: the groups go to the workers in the order of the tests
#: here), so that none of them starts last and runs alone at the end.
LONGEST_FIRST = ("browser_lobby", "browser_friends", "browser", "browser_touch", "browser_a11y")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest work first (the groups above, then the other groups and the slow tests,
    then the rest, each in collection order): the shortest tests fill the end."""

    def rank(item: pytest.Item) -> int:
        mark = item.get_closest_marker("xdist_group")
        group = (mark.args[0] if mark.args else mark.kwargs.get("name")) if mark else None
        if group in LONGEST_FIRST:
            return LONGEST_FIRST.index(group)
        return len(LONGEST_FIRST) + (0 if group or item.get_closest_marker("slow") else 1)

    items.sort(key=rank)

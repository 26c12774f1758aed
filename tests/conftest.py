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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, one for a module of browser tests."""
    from browser_support import chromium

    with chromium() as chromium_browser:
        yield chromium_browser

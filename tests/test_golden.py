"""Golden playthroughs: a seeded game's full story kept as a file and diffed on change.

A change that alters play (a rule, the RNG's use, an event's words) shows here as a diff.
When the change is intended, regenerate with ``KABOOM_UPDATE_GOLDEN=1 pytest tests/test_golden.py``
and review the diff of the files.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from kaboom.bots.make import make_bot
from kaboom.engine.registry import new_game
from kaboom.sim.story import tell

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("exploding-kittens", 4, 2026, {}),
    ("exploding-kittens", 2, 7, {"fast": True}),
    ("exploding-kittens", 5, 11, {"five_different": True}),
    ("exploding-minions", 4, 2026, {}),
    ("exploding-minions", 2, 3, {}),
    ("dynamitt", 4, 2026, {}),
    ("dynamitt", 7, 5, {"jokers": False}),
    ("eleminis", 3, 1, {}),
    ("eleminis", 4, 2, {"teams": 2, "match": True, "target": 200}),
    ("kittens-board-game", 3, 4, {}),
    ("kittens-board-game", 5, 8, {}),
]


def story(game: str, players: int, seed: int, options: dict[str, Any]) -> str:
    state = new_game(game, players, seed, **options)
    rng = random.Random(seed)
    bots = [make_bot("random", rng.getrandbits(63)) for _ in range(players)]
    lines = tell(state, bots)
    history = " ".join(str(a) for a in state.history)
    return "\n".join([*lines, f"actions: {history}", ""])


@pytest.mark.parametrize(("game", "players", "seed", "options"), CASES)
def test_golden_story(game: str, players: int, seed: int, options: dict[str, Any]) -> None:
    flags = "".join(f"-{k}" for k in sorted(options))
    path = GOLDEN / f"{game}-{players}p-seed{seed}{flags}.txt"
    text = story(game, players, seed, options)
    if os.environ.get("KABOOM_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}: run with KABOOM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")

"""Every rule scenario under tests/scenarios/<game>/ runs as a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaboom.engine.scenario import run_file

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*/*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.ok, "\n".join(result.failures)


def test_there_are_scenarios_for_every_game_folder() -> None:
    assert SCENARIOS, "no scenario files found"

"""A new game family, written outside the engine (tests/tiny_game, docs/adding-a-game.md),
plays through the conformance check, its perft counts, a tournament and the terminal table,
and brings its own terminal panel and RL encoder (registered by family, as the built-in
families' are), with nothing added to the engine, the bots, the terminal, kaboom.rl or the
CLI for it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaboom.engine.conformance import check_game, perft
from kaboom.engine.registry import GameSpec, new_game
from kaboom.sim.tournament import tournament
from kaboom.tui.app import screen_text
from kaboom.tui.families import family_of
from kaboom.tui.panel import Family
from kaboom.tui.save import HUMAN, Seating
from tui_pilot import play_out, settle, table_app

DOC = Path(__file__).parents[1] / "docs" / "adding-a-game.md"


def test_tiny_nim_passes_the_conformance_check(tiny_nim: GameSpec) -> None:
    report = check_game(tiny_nim.game_id, seeds=range(4))
    assert report.games == 12 and report.steps > 12


def test_tiny_nim_counts_its_lines(tiny_nim: GameSpec) -> None:
    state = new_game(tiny_nim.game_id, 2, seed=3)
    counts = [perft(state, d) for d in range(4)]
    assert counts[0] == 1 and counts[1] == len(state.legal_actions())
    assert counts == sorted(counts)


@pytest.mark.parametrize(
    "bots",
    [
        ["random", "ismcts:iterations=20:bias=0"],
        # the heuristic of a family without one is its playout policy (kaboom.bots.make)
        ["heuristic", "ismcts:iterations=20"],
    ],
)
def test_tiny_nim_plays_a_tournament(tiny_nim: GameSpec, bots: list[str]) -> None:
    report = tournament(tiny_nim.game_id, 3, bots, 6, seed=2)
    assert len(report.outcomes) == 6
    assert all(len(o.winners) == 1 for o in report.outcomes)
    again = tournament(tiny_nim.game_id, 3, bots, 6, seed=2)
    assert again.to_json() == report.to_json()


async def test_tiny_nim_is_played_at_the_terminal_table(tiny_nim: GameSpec, tmp_path: Path) -> None:
    seating = Seating(tiny_nim.game_id, 3, 4, {}, [HUMAN, "random", "ismcts:iterations=10:bias=0"])
    app = table_app(seating, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_out(pilot, app, seed=1)
        assert table.session.state.is_over
        text = screen_text(app)
        assert "Game over" in text
        # the generic panel shows the family's section (behind the end's dialog, whose log
        # path wraps where the temporary folder is long: an xdist worker's)
        await pilot.press("escape")
        await pilot.pause()
        assert "stones" in screen_text(app)
    assert json.loads((tmp_path / "log.json").read_text())["game"] == tiny_nim.game_id
    assert family_of(table.session.state).name("two") == "Two"
    assert type(family_of(table.session.state)) is Family  # the generic panel: none registered


async def test_tiny_nim_is_drawn_with_its_own_panel(
    tiny_nim_panel: GameSpec, tmp_path: Path
) -> None:
    from tiny_game.panel import NimPanel

    seating = Seating(tiny_nim_panel.game_id, 2, 4, {}, [HUMAN, "random"])
    app = table_app(seating, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        state = (await settle(pilot, app)).session.state
        assert isinstance(family_of(state), NimPanel)
        assert f"Heap: {'o' * 12} (12 stones)" in screen_text(app)  # tiny.toml: 12 stones
        table = await play_out(pilot, app, seed=1)
        assert table.session.state.is_over
        await pilot.press("escape")
        await pilot.pause()
        stones = table.session.state.observe(None)["tiny"]["stones"]
        assert f"Heap: {'o' * stones} ({stones} stones)" in screen_text(app)


def test_tiny_nim_is_encoded_with_its_own_encoder(tiny_nim_encoder: GameSpec) -> None:
    from kaboom.rl.encoding import encoder_for
    from kaboom.rl.gym_env import KaboomGymEnv
    from tiny_game.encoder import NimEncoder

    env = KaboomGymEnv(tiny_nim_encoder.game_id, 2, opponents="random")
    assert isinstance(env.encoder, NimEncoder)
    vector, info = env.reset(seed=3)
    at = {f.name: f.offset for f in env.encoder.fields}
    seen = []
    while True:
        state = env.state
        stones = state.observe(None)["tiny"]["stones"]
        assert vector[at["tiny.stones"]] == pytest.approx(stones / 12)  # tiny.toml: 12 stones
        assert (vector == encoder_for(state).encode(state.observe(env.seat))).all()
        seen.append(stones)
        legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
        vector, _, done, _, info = env.step(legal[0])
        if done:
            break
    assert len(set(seen)) > 1  # the stones went down as the game went on


def test_the_guide_shows_the_files_the_tests_use() -> None:
    doc = DOC.read_text(encoding="utf-8")
    files = ("rules.py", "fields.py", "playout.py", "__init__.py", "tiny.toml",
             "observation.schema.json", "panel.py", "encoder.py")  # fmt: skip
    for name in files:
        source = (Path(__file__).parent / "tiny_game" / name).read_text(encoding="utf-8")
        assert source.strip() in doc, f"docs/adding-a-game.md must show tests/tiny_game/{name}"

"""MaskablePPO agents (kaboom.rl.train, kaboom.rl.bots): ``kaboom train`` writes a model
that plays as the bot ``ppo:path=FILE`` in tournaments; the shipped Exploding Kittens model
beats random. Training here is a few hundred steps."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaboom.bots.make import make_bot
from kaboom.cli.main import app
from kaboom.engine.errors import BadInput
from kaboom.engine.registry import new_game
from kaboom.engine.view import PlayerView
from kaboom.rl.bots import META, load_model, shipped_models
from kaboom.rl.train import Teaching, teacher_games, train
from kaboom.sim.tournament import tournament

#: The module trains one model (its fixture) that its tests share: on one xdist worker.
pytestmark = [pytest.mark.rl, pytest.mark.slow, pytest.mark.xdist_group("rl_ppo")]


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ppo") / "minions.zip"
    report = train("exploding-minions", 2, "random", 128, str(path), seed=3)
    assert report.steps >= 128 and Path(report.path) == path
    return path


def test_a_trained_model_records_what_it_plays(model: Path) -> None:
    meta = json.loads(zipfile.ZipFile(model).read(META))
    state = new_game("exploding-minions", 2, 0)
    assert (meta["game"], meta["players"], meta["actions"]) == (
        "exploding-minions", 2, state.num_distinct_actions)  # fmt: skip


def test_the_model_plays_as_a_bot_in_a_tournament(model: Path) -> None:
    report = tournament("exploding-minions", 2, ["random", f"ppo:path={model}"], 4, seed=2)
    assert len(report.outcomes) == 4
    bot = make_bot(f"ppo:path={model}", 1, "exploding-minions")
    state = new_game("exploding-minions", 2, 9)
    view = PlayerView(state, state.to_act or 0)
    assert bot.act(view) in state.legal_actions()
    assert bot.act(view) == bot.act(view)  # the same view, the same choice
    other = state.determinize(view.seat, random.Random(4))  # a world that looks the same
    assert bot.act(PlayerView(other, view.seat)) == bot.act(view)


def test_a_model_refuses_another_game_and_a_file_cut_short_or_damaged(
    model: Path, tmp_path: Path
) -> None:
    with pytest.raises(BadInput, match="exploding-minions"):
        make_bot(f"ppo:path={model}", 1, "exploding-kittens")
    data = model.read_bytes()
    cut = tmp_path / "cut.zip"  # (a download or a copy that stopped half way)
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(BadInput, match=r"cut\.zip: not a model written by kaboom train"):
        make_bot(f"ppo:path={cut}", 1, "exploding-minions")
    damaged = tmp_path / "damaged.zip"  # (the policy's bytes changed, the list of files whole)
    at = zipfile.ZipFile(model).getinfo("policy.pth").header_offset + 100
    damaged.write_bytes(data[:at] + bytes(b ^ 0xFF for b in data[at : at + 200]) + data[at + 200 :])
    with pytest.raises(BadInput, match=r"damaged\.zip: a damaged model"):
        make_bot(f"ppo:path={damaged}", 1, "exploding-minions")
    with pytest.raises(BadInput, match="ppo path"):
        make_bot("ppo:path=/nonexistent/model.zip", 1)
    with pytest.raises(BadInput, match="ppo"):
        make_bot("ppo", 1)


def test_the_train_command(tmp_path: Path) -> None:
    out = tmp_path / "ek.zip"
    args = ["train", "exploding-kittens", "--players", "2", "--steps", "64", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["steps"] >= 64 and out.is_file()
    bad = CliRunner().invoke(app, ["train", "exploding-kittens", "--steps", "0", "--out", str(out)])
    assert bad.exit_code == 2 and "--steps" in bad.output
    folder = CliRunner().invoke(app, ["train", "eleminis", "--out", str(tmp_path / "no" / "m")])
    assert folder.exit_code == 2 and "--out" in folder.output


def _agreement(path: Path, held: Teaching) -> float:
    """The share of the teacher's held-out decisions that the model's most likely legal
    action matches."""
    model, _ = load_model(str(path))
    same = 0
    for vector, mask, action in zip(held.vectors, held.masks, held.actions, strict=True):
        chosen, _ = model.predict(vector, action_masks=mask, deterministic=True)
        same += int(chosen) == action
    return same / len(held.actions)


def test_a_teachers_games_are_learned_before_ppo(tmp_path: Path) -> None:
    """Behaviour cloning does fit: a model taught 6,000 of the heuristic's decisions
    chooses as the heuristic does in games it never saw far more often than one untaught
    (the same seed, the same 64 PPO steps after)."""
    taught, untaught = tmp_path / "taught.zip", tmp_path / "untaught.zip"
    train("exploding-kittens", 2, "heuristic", 64, str(taught), seed=5, teacher="heuristic",
          taught=6000)  # fmt: skip
    train("exploding-kittens", 2, "heuristic", 64, str(untaught), seed=5)
    with zipfile.ZipFile(taught) as z:
        meta = json.loads(z.read(META))
    assert (meta["teacher"], meta["taught"]) == ("heuristic", 6000)
    held = teacher_games("exploding-kittens", 2, {}, "heuristic", 600, seed=99)
    assert sum(r > 0 for r in held.results) > 0  # (the results: each game has a winner)
    learned, chance = _agreement(taught, held), _agreement(untaught, held)
    assert learned > chance + 0.2, (learned, chance)
    with pytest.raises(BadInput, match="bots"):
        train("exploding-kittens", 2, "random", 64, str(taught), teacher="nobody")
    with pytest.raises(BadInput, match="--taught"):
        train("exploding-kittens", 2, "random", 64, str(taught), teacher="heuristic", taught=-1)


def test_the_shipped_model_beats_random_at_exploding_kittens() -> None:
    assert "exploding-kittens-2p" in shipped_models()
    report = tournament("exploding-kittens", 2, ["random", "ppo:model=exploding-kittens-2p"],
                        100, seed=1)  # fmt: skip
    ppo = report.rows()[1]
    assert ppo["verdict"] == "above", ppo


def test_learned_is_the_shipped_model_for_the_game_and_its_seats(tmp_path: Path) -> None:
    bot = make_bot("learned", 5, "exploding-kittens")
    state = new_game("exploding-kittens", 2, 3)
    view = PlayerView(state, state.to_act or 0)
    shipped = make_bot("ppo:model=exploding-kittens-2p", 5, "exploding-kittens")
    assert bot.act(view) == shipped.act(view)
    # from its seat's view alone: a world that looks the same, the same choice
    other = state.determinize(view.seat, random.Random(8))
    assert bot.act(PlayerView(other, view.seat)) == bot.act(view)
    report = tournament("exploding-kittens", 2, ["random", "learned"], 6, seed=4)
    assert len(report.outcomes) == 6
    # a game with no model is refused when the bot is made; a count with none, at its move
    with pytest.raises(BadInput, match=r"none is shipped for dynamitt \(exploding-kittens-2p"):
        make_bot("learned", 1, "dynamitt")
    # at 4 players, the 4-player model, from its seat's view alone too
    four = new_game("exploding-kittens", 4, 6)
    seat4 = four.to_act or 0
    at_four = make_bot("learned", 5, "exploding-kittens")
    shipped4 = make_bot("ppo:model=exploding-kittens-4p", 5, "exploding-kittens")
    assert at_four.act(PlayerView(four, seat4)) == shipped4.act(PlayerView(four, seat4))
    for k in range(3):
        world = four.determinize(seat4, random.Random(k))
        assert at_four.act(PlayerView(world, seat4)) == at_four.act(PlayerView(four, seat4))
    three = new_game("exploding-kittens", 3, 2)
    with pytest.raises(BadInput, match="none is shipped for exploding-kittens at 3 players"):
        make_bot("learned", 1, "exploding-kittens").act(PlayerView(three, three.to_act or 0))
    with pytest.raises(BadInput, match="no parameters"):
        make_bot("learned:level=hard", 1, "exploding-kittens")

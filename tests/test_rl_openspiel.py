"""Every kaboom game as an OpenSpiel Python game (kaboom.rl.spiel, docs/rl.md): OpenSpiel's
own random-simulation checks (serialising every state on the way), its Python ISMCTS
playing whole games, tensors and strings from the seat's observation alone, and games and
states that pickle and serialise."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import kaboom.rl
from kaboom.bots.make import make_bot
from kaboom.engine.errors import BadInput, BadOption
from kaboom.engine.registry import list_games, new_game
from kaboom.engine.view import PlayerView
from kaboom.rl.spiel import DEAL_DRAWS, DEAL_OUTCOMES, KaboomSpielState, register, short_name
from kaboom.sim.tournament import tournament

pytestmark = pytest.mark.rl

GAMES = [spec.game_id for spec in list_games()]


def dealt(game: Any, seed: int) -> Any:
    """A new game of ``game`` past its deal's chance nodes (the bytes drawn from ``seed``)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    return state


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_passes_serialising_every_state(game: str) -> None:
    pyspiel.random_sim_test(kaboom.rl.openspiel_game(game, 2), num_sims=2, serialize=True,
                            verbose=False)  # fmt: skip


def test_random_sim_test_passes_at_four_players_with_options() -> None:
    g = kaboom.rl.openspiel_game("exploding-kittens", 4, fast=True, five_different=True)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_the_game_type_is_imperfect_information_with_the_deal_as_chance() -> None:
    g = kaboom.rl.openspiel_game("dynamitt", 3)
    kind = g.get_type()
    assert kind.short_name == short_name("dynamitt") == "kaboom_dynamitt"
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert g.num_players() == 3 and g.max_chance_outcomes() == DEAL_OUTCOMES
    assert pyspiel.load_game("kaboom_dynamitt", {"players": 3}).num_players() == 3
    # the deal: DEAL_DRAWS chance nodes, each byte equally likely; then the seats decide
    state = g.new_initial_state()
    for _ in range(DEAL_DRAWS):
        assert state.is_chance_node() and state.observation_tensor(0) == [0.0] * g.encoder.size
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        state.apply_action(7)
    assert state.current_player() == 0 and not state.is_chance_node()
    # the same bytes, the same deal; other bytes, another
    again = g.new_initial_state()
    for _ in range(DEAL_DRAWS):
        again.apply_action(7)
    assert again.information_state_string(0) == state.information_state_string(0)
    assert dealt(g, 1).information_state_string(0) != dealt(g, 2).information_state_string(0)


def test_options_are_parameters_of_their_own_names() -> None:
    register()  # (pyspiel.load_game by name: the games registered first, as docs/rl.md says)
    g = pyspiel.load_game("kaboom_dynamitt", {"players": 4, "jokers": False})
    assert g.options == {"jokers": False}
    assert dealt(g, 3).kaboom.options["jokers"] is False
    with pytest.raises(BadOption, match="'fast'"):
        kaboom.rl.openspiel_game("eleminis", 2, fast=True)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("kaboom_eleminis", {"fast": True})


@pytest.mark.parametrize("game", GAMES)
def test_games_and_states_pickle_and_serialise(game: str) -> None:
    g = kaboom.rl.openspiel_game(game, 3 if game != "eleminis" else 2, rng_seed=5)
    state = dealt(g, 11)
    rng = random.Random(4)
    for _ in range(9):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    copies = [
        pickle.loads(pickle.dumps(state)),
        g.deserialize_state(state.serialize()),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))[1],
    ]
    for copy in copies:
        assert isinstance(copy, KaboomSpielState)
        assert copy.history() == state.history() and str(copy) == str(state)
        assert copy.kaboom.to_json() == state.kaboom.to_json()  # the RNG included
        if not state.is_terminal():  # the same future: the state's own RNG came along
            action = state.legal_actions()[0]
            assert copy.child(action).kaboom.to_json() == state.child(action).kaboom.to_json()
    loaded = pickle.loads(pickle.dumps(g))
    assert loaded == g and loaded.options == g.options and loaded.rng_seed == 5
    midway = pickle.loads(pickle.dumps(g.new_initial_state().child(3)))
    assert midway.is_chance_node() and midway.history() == [3]


@pytest.mark.parametrize("game", GAMES)
def test_openspiels_ismcts_plays_whole_games(game: str) -> None:
    g = kaboom.rl.openspiel_game(game, 2)
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
    state = dealt(g, 7)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_tensors_and_strings_come_from_the_seats_observation_alone() -> None:
    g = kaboom.rl.openspiel_game("exploding-kittens", 3)
    state = dealt(g, 5)
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    for p in range(3):
        world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert isinstance(world, KaboomSpielState)
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.observation_tensor(p) == state.observation_tensor(p)
        assert world.information_state_tensor(p) == state.information_state_tensor(p)
    others = {state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
              .information_state_string(1) for _ in range(8)}  # fmt: skip
    assert len(others) > 1  # what seat 0 cannot see does change between worlds


def test_openspiel_ismcts_is_a_kaboom_bot() -> None:
    report = tournament("exploding-kittens", 2, ["random", "openspiel-ismcts:iterations=3"],
                        games=2, seed=1)  # fmt: skip
    assert sum(len(o.winners) for o in report.outcomes) == 2
    assert make_bot("openspiel-ismcts:seconds=0.01", 1).name == "openspiel-ismcts:0.01s"


def test_bad_parameters_are_refused_by_name() -> None:
    with pytest.raises(BadInput, match="openspiel-ismcts iterations"):
        make_bot("openspiel-ismcts:iterations=-1", 0)
    with pytest.raises(BadInput, match="2 or more"):
        make_bot("openspiel-ismcts:iterations=1", 0)
    with pytest.raises(BadInput, match="openspiel-ismcts"):
        make_bot("openspiel-ismcts:depth=3", 0)
    with pytest.raises(BadOption, match="players"):
        kaboom.rl.openspiel_game("eleminis", 12)


def test_openspiel_ismcts_decides_from_its_information_set_alone() -> None:
    """Two worlds that look the same to seat 0, the same bot seed: the same decision."""
    state = new_game("exploding-kittens", 3, 5)
    rng = random.Random(3)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    other = state.determinize(seat, random.Random(1))
    assert other.to_json() != state.to_json() and other.observe(seat) == state.observe(seat)
    spec = "openspiel-ismcts:iterations=5"
    a = make_bot(spec, 99, "exploding-kittens").act(PlayerView(state, seat))
    b = make_bot(spec, 99, "exploding-kittens").act(PlayerView(other, seat))
    assert a == b

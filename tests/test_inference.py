"""Search that reasons about what the others did (``kaboom.bots.inference``): its worlds
always agree with what its seat saw, they follow the others' steps weighted by the model
(a Kitten the heuristic put back is believed on top), and the bot decides from its seat's
observations alone."""

from __future__ import annotations

import asyncio
import json
import pickle
import random
import time
from collections.abc import Callable
from itertools import islice
from types import SimpleNamespace
from typing import Any, cast

import pytest

from kaboom.bots.base import Watcher, watchers
from kaboom.bots.inference import EPSILON, Beliefs
from kaboom.bots.ismcts import IsmctsBot
from kaboom.bots.make import make_bot
from kaboom.engine import BadInput, PlayerView, State, new_game
from kaboom.engine.registry import list_games
from kaboom.engine.state import Observation
from kaboom.games.kittens.core import KittensCore
from kaboom.server.bot import BotAgent
from kaboom.sim.simulate import play_game
from kaboom.tui.save import Seating
from kaboom.tui.session import Session

GAMES = [spec.game_id for spec in list_games()]
KITTENS = ["exploding-kittens", "exploding-minions", "dynamitt"]
INFERRING = "ismcts:iterations=12:infer=1"


def inferring(seed: int, game: str) -> IsmctsBot:
    bot = make_bot(INFERRING, seed, game)
    assert isinstance(bot, IsmctsBot) and bot.beliefs is not None
    return bot


@pytest.mark.parametrize("game", GAMES)
def test_the_worlds_agree_with_what_the_seat_saw_and_follow_the_steps(game: str) -> None:
    """At every decision, every world the search may draw looks to the seat exactly as the
    game does. In the Exploding Kittens games, whose draws are secret, steps are followed,
    not all sampled anew (the filter keeps its worlds); in Eleminis every card drawn is
    shown, which tells most worlds apart at each step."""
    state = new_game(game, 3, 4)
    bot = inferring(5, game)
    others = [make_bot("heuristic", q, game) for q in range(3)]
    checked = 0
    while state.to_act is not None and checked < 12:
        seat = state.to_act
        view = PlayerView(state, seat)
        if seat == 0:
            action = bot.act(view)
            beliefs = bot.beliefs
            assert beliefs is not None
            if len(view.legal_actions()) > 1:  # (a forced move searches nothing)
                assert beliefs.at == view.observation()
                rng = random.Random(checked)
                for _ in range(8):
                    assert beliefs.draw(rng).observe(0) == view.observation()
                checked += 1
        else:
            action = others[seat].act(view)
        state.apply(action, seat)
        bot.see(state.observe(0))
    beliefs = bot.beliefs
    assert beliefs is not None and checked
    assert beliefs.steps > 0, "the worlds never followed a step"
    if game in KITTENS:
        assert beliefs.restarts < beliefs.steps / 2, "most steps sampled the worlds anew"


def top_is_a_kitten(world: State) -> bool:
    assert isinstance(world, KittensCore)
    return bool(world.pile) and world.edition.slugs[world.pile[-1]] == "exploding-kitten"


def believed_on_top(beliefs: Beliefs, rng: random.Random, draws: int = 200) -> float:
    return sum(top_is_a_kitten(beliefs.draw(rng)) for _ in range(draws)) / draws


def sampled_on_top(view: PlayerView, rng: random.Random, draws: int = 200) -> float:
    return sum(top_is_a_kitten(view.determinize(rng)) for _ in range(draws)) / draws


def kitten_put_back_before(seed: int) -> tuple[PlayerView, Beliefs] | None:
    """A 4-player game of heuristics, to the first turn of a seat right after the seat
    before it defused a Kitten and put it back (the heuristic puts it on top); the next
    seat's view and its beliefs, fed every step it saw."""
    state = new_game("exploding-kittens", 4, seed)
    players = [make_bot("heuristic", q, "exploding-kittens") for q in range(4)]
    beliefs = [Beliefs(make_bot("heuristic", 10 + q, "exploding-kittens"), q) for q in range(4)]
    placed_by: int | None = None
    while state.to_act is not None:
        seat = state.to_act
        observation = state.observe(seat)
        if placed_by is not None and observation["phase"] == "turn" and seat != placed_by:
            view = PlayerView(state, seat)
            beliefs[seat].update(view)
            return view, beliefs[seat]
        placed_by = seat if observation["phase"] == "place" else None
        if placed_by is not None and observation["exploding"]["turns_owed"] > 1:
            placed_by = None  # (it must draw again: the heuristic puts it at the bottom)
        state.apply(players[seat].act(PlayerView(state, seat)), seat)
        for q in range(4):
            beliefs[q].see(state.observe(q))
    return None


def test_a_kitten_the_heuristic_put_back_is_believed_on_top() -> None:
    """The next seat saw a Kitten defused and put back somewhere it could not see. Sampled
    from its observation alone, the Kitten is on top in few worlds (one place of many);
    weighted by the model (the heuristic puts it on top for the next player), in most."""
    found = list(islice(filter(None, map(kitten_put_back_before, range(40))), 3))
    assert found, "no Kitten put back in 40 games"
    for view, beliefs in found:
        rng = random.Random(1)
        believed, sampled = believed_on_top(beliefs, rng), sampled_on_top(view, rng)
        assert believed >= 1 - 2 * EPSILON, (believed, sampled)
        assert sampled <= 0.5 and believed >= sampled + 0.3, (believed, sampled)


def test_a_wrong_model_costs_weight_not_worlds() -> None:
    """A model that is mostly wrong still leaves worlds that agree with the seat's view
    (a step by another action keeps ``EPSILON`` of the weight): the filter follows the
    steps, it does not drop them all."""

    class Contrary:
        name = "contrary"

        def act(self, view: PlayerView) -> int:
            return view.legal_actions()[-1]  # (a draw where the heuristic looks, and so on)

    state = new_game("exploding-kittens", 3, 2)
    beliefs = Beliefs(Contrary(), 3)
    players = [make_bot("heuristic", q, "exploding-kittens") for q in range(3)]
    for _ in range(40):
        seat = state.to_act
        if seat is None:
            break
        state.apply(players[seat].act(PlayerView(state, seat)), seat)
        beliefs.see(state.observe(0))
    view = PlayerView(state, 0)
    beliefs.update(view)
    assert beliefs.worlds and beliefs.draw(random.Random(2)).observe(0) == view.observation()
    assert beliefs.restarts < beliefs.steps / 2


def remote_copy(observation: Observation) -> Observation:
    copied: Observation = json.loads(json.dumps(observation))
    return copied


def test_the_inferring_bot_decides_from_its_seats_observations_alone() -> None:
    """Played at a table, and again from nothing but the observations its seat received
    (as a remote client gets them, JSON and all, with no game behind its views): the same
    bot makes the same choices."""
    game = "exploding-kittens"
    state = new_game(game, 4, 8)
    bot = inferring(21, game)
    others = [make_bot("heuristic", q, game) for q in range(4)]
    record: list[tuple[str, Observation, list[int]]] = []
    chosen: list[int] = []
    while state.to_act is not None and len(chosen) < 10:
        seat = state.to_act
        if seat == 0:
            view = PlayerView(state, 0)
            record.append(("decide", remote_copy(view.observation()), view.legal_actions()))
            chosen.append(bot.act(view))
            state.apply(chosen[-1], 0)
        else:
            state.apply(others[seat].act(PlayerView(state, seat)), seat)
        bot.see(state.observe(0))
        record.append(("see", remote_copy(state.observe(0)), []))
    again = inferring(21, game)
    replayed = []
    for kind, observation, legal in record:
        if kind == "see":
            again.see(observation)
        else:
            view = PlayerView.of(type(state), dict(state.options), observation, legal)
            replayed.append(again.act(view))
    assert len(chosen) == 10 and replayed == chosen


def test_every_table_tells_a_watching_bot_each_step() -> None:
    """The tournament's games and the terminal table tell an inferring bot its seat's
    observation after every step; a bot that does not infer is told nothing."""
    game = "exploding-kittens"
    bots = [make_bot("heuristic", 1, game), inferring(2, game), make_bot("ismcts:iterations=5", 3)]
    assert [q for q, _b in watchers(bots)] == [1]
    seen: list[Observation] = []
    watcher = bots[1]
    assert isinstance(watcher, Watcher) and isinstance(watcher, IsmctsBot)
    assert watcher.beliefs is not None
    watcher.beliefs.see = seen.append  # type: ignore[method-assign,assignment]
    state = new_game(game, 3, 6)
    decisions = play_game(state, bots)
    assert len(seen) == decisions and seen[-1] == state.observe(1)

    session = Session(Seating(game, 2, 4, {}, ["human", INFERRING]))
    told: list[Observation] = []
    table_bot = session.bot(1)
    assert isinstance(table_bot, IsmctsBot) and table_bot.beliefs is not None
    table_bot.beliefs.see = told.append  # type: ignore[method-assign,assignment]
    for _ in range(5):
        seat = session.state.to_act
        assert seat is not None
        session.apply(session.state.legal_actions()[0], seat)
    assert len(told) == 5 and told[-1] == session.observe(1)


def test_infer_is_a_search_option_checked_by_name() -> None:
    """``infer=1`` on a search with a budget or a level; anything else is refused by name."""
    assert make_bot("ismcts:level=easy:infer=1", 1).name == "ismcts:easy:infer"
    assert make_bot("ismcts:iterations=30:infer=1", 1).name == "ismcts:30:infer"
    assert make_bot("ismcts:level=easy:infer=0", 1).name == "ismcts:easy"
    with pytest.raises(BadInput, match="ismcts infer"):
        make_bot("ismcts:infer=yes", 1)
    with pytest.raises(BadInput, match="ismcts level"):
        make_bot("ismcts:level=easy:iterations=5", 1)


class ShelfTable:
    """Just enough of a server table for a bot's agent (``server.bot.Host``): it thinks in
    this process, through a pickled copy of the bot as the server's pool does."""

    driving = False

    def __init__(self, game: str) -> None:
        self.row = SimpleNamespace(game=game, options={}, bot_delay=0.0)
        self._class = type(new_game(game, 3, 0))

    def game_class(self) -> type[State]:
        return self._class

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        copied = pickle.loads(pickle.dumps(args))
        return pickle.loads(pickle.dumps(fn(*copied)))


def test_a_server_bot_is_handed_the_updates_it_saw_when_it_decides() -> None:
    """A server seat's agent keeps the seat's observation of each update and hands them to
    the bot when it next decides, in the process it decides in: the worlds follow the
    steps there and come back with the bot (pickled both ways)."""
    game = "exploding-kittens"
    table = ShelfTable(game)
    agent = BotAgent(cast(Any, table), 0, INFERRING)
    state = new_game(game, 3, 12)
    heuristics = [make_bot("heuristic", q, game) for q in range(3)]
    decided = 0
    while state.to_act is not None and decided < 6:
        seat = state.to_act
        if seat == 0 and len(state.legal_actions()) > 1:
            observation, legal = state.observe(0), state.legal_actions()
            view = PlayerView.of(table.game_class(), {}, observation, legal)
            action = asyncio.run(agent._think(view, time.monotonic() + 5.0))
            assert action in legal
            decided += 1
        else:
            action = heuristics[seat].act(PlayerView(state, seat))
        state.apply(action, seat)
        agent.deliver({"type": "update", "observation": state.observe(0)}, "")
    bot = agent.bot
    assert isinstance(bot, IsmctsBot) and bot.beliefs is not None
    assert bot.beliefs.steps > 0 and bot.beliefs.restarts < bot.beliefs.steps
    assert bot.beliefs.at is not None and bot.beliefs.worlds

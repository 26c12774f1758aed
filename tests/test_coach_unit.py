"""The server's coach (issue 32, ``kaboom.server.coach``) without a server: a hint reads the
seat's view only (two worlds that differ only in cards the seat cannot see give the same
hint, and a card the seat holds changes it), a review's time bound still answers, and the
cache of finished reviews searches each once and keeps at most its bound."""

from __future__ import annotations

import asyncio
import random

import pytest

from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.registry import list_games, new_game
from kaboom.engine.state import State
from kaboom.engine.view import PlayerView
from kaboom.server.coach import Reviews, hint_choices, hint_view, review_json, search_seed
from kaboom.server.hub import hints_allowed

GAMES = [g.game_id for g in list_games()]


def decision_of(game: str, seed: int, steps: int) -> State:
    """A game ``steps`` random actions in (fewer where it ends), at a decision with a
    choice."""
    spec = next(g for g in list_games() if g.game_id == game)
    state = new_game(game, max(2, spec.min_players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over or state.to_act is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    while not state.is_over and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    assert not state.is_over and state.to_act is not None, f"{game}: no decision left"
    return state


def server_hint(world: State, seat: int, table: str = "t1") -> list[JsonObject]:
    """The hint the server searches for ``seat`` at ``world``: from what the seat is sent."""
    view = hint_view(type(world), dict(world.options), world.observe(seat), world.legal_actions())
    return hint_choices(view, 12, search_seed(table, 7, seat), 30.0)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_depends_on_the_seats_view_only(game: str) -> None:
    differed = 0
    for seed, steps in ((1, 3), (2, 9)):
        state = decision_of(game, seed, steps)
        seat = state.to_act
        assert seat is not None
        # another world the seat may be in: every card it cannot see dealt again
        other = PlayerView(state, seat).determinize(random.Random(seed + 100))
        assert other.observe(seat) == state.observe(seat)
        assert other.legal_actions() == state.legal_actions()
        differed += other.to_json() != state.to_json()
        assert server_hint(other, seat) == server_hint(state, seat)
    assert differed, f"{game}: the worlds compared never differed in a hidden card"
    # and the check can fail: a card the seat holds, changed, changes what is searched
    state = decision_of(game, 3, 5)
    seat = state.to_act
    assert seat is not None
    obs = dict(state.observe(seat))
    hand = obs.get("hand")
    if isinstance(hand, list) and len(hand) >= 1:
        swapped = {**obs, "hand": [*reversed(hand), "?not-a-card"]}
        view = hint_view(type(state), dict(state.options), swapped, state.legal_actions())
        assert view.observation() != PlayerView(state, seat).observation()


def test_the_search_seed_is_public() -> None:
    assert search_seed("abc", 3, 1) == search_seed("abc", 3, 1)
    assert len({search_seed("abc", 3, 1), search_seed("abd", 3, 1), search_seed("abc", 4, 1),
                search_seed("abc", 3, 0)}) == 4  # fmt: skip


def test_hints_are_on_where_nobody_else_sits() -> None:
    assert hints_allowed(None, ["human", "random", "heuristic"]) is True
    assert hints_allowed(None, ["human", "human"]) is False
    assert hints_allowed(True, ["human", "human"]) is True
    assert hints_allowed(False, ["human", "ismcts"]) is True  # always, against bots only


def test_a_tiny_time_bound_still_answers() -> None:
    state = new_game("exploding-kittens", 4, 11)
    rng = random.Random(11)
    history: list[int] = []
    while not state.is_over and len(history) < 60:
        a = rng.choice(state.legal_actions())
        history.append(a)
        state.apply(a)
    body = review_json("exploding-kittens", 4, 11, {}, history, 0, 200, 5, 1e-6)
    decisions = body["decisions"]
    assert isinstance(decisions, list) and decisions
    for d in decisions:
        assert isinstance(d, dict) and d["seat"] == 0
        played = d["played"]
        assert isinstance(played, dict) and isinstance(played["playouts"], int)
        assert played["playouts"] <= 1  # out of time: one round at most, wider intervals
    full = review_json("exploding-kittens", 4, 11, {}, history, 0, 4, 5, 60.0)
    steps = [d["step"] for d in decisions if isinstance(d, dict)]
    fully = full["decisions"]
    assert isinstance(fully, list)
    assert [d["step"] for d in fully if isinstance(d, dict)] == steps


def test_the_cache_searches_once_and_keeps_its_bound() -> None:
    async def go() -> None:
        reviews = Reviews(2)
        calls: list[str] = []

        def maker(name: str) -> object:
            async def make() -> JsonObject:
                calls.append(name)
                await asyncio.sleep(0.01)
                return {"review": name}

            return make

        first, second = await asyncio.gather(
            reviews.get(("t", 0, 9), maker("a")),  # type: ignore[arg-type]
            reviews.get(("t", 0, 9), maker("a")),  # type: ignore[arg-type]
        )
        assert calls == ["a"] and first[0] == second[0] == {"review": "a"}
        assert sorted([first[1], second[1]]) == [False, True]
        again = await reviews.get(("t", 0, 9), maker("a"))  # type: ignore[arg-type]
        assert again == ({"review": "a"}, True) and calls == ["a"]
        await reviews.get(("t", 1, 9), maker("b"))  # type: ignore[arg-type]
        await reviews.get(("t", 2, 9), maker("c"))  # type: ignore[arg-type]
        assert list(reviews.done) == [("t", 1, 9), ("t", 2, 9)]  # the oldest forgotten
        assert reviews.searched == 3

    asyncio.run(go())

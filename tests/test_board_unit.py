"""The board game: its box as data, the track, and that random games end."""

from __future__ import annotations

import copy
import random
import tomllib
from typing import Any

import pytest

from kaboom.engine import BadInput, IllegalAction, new_game
from kaboom.engine.registry import state_from_json
from kaboom.games.board import BOX, BoardGameState
from kaboom.games.board.data import DATA, parse_box


@pytest.fixture
def raw_box() -> dict[str, Any]:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def test_the_box_holds_64_cards_and_21_discs() -> None:
    assert sum(BOX.card_counts) == 64
    assert sum(BOX.disc_counts) == 21
    assert BOX.disc_counts[BOX.magnet] == 10
    assert BOX.ribbon == 41 and BOX.loop_back_to == 30


def test_both_sides_of_the_board() -> None:
    calm, chaos = BOX.sides
    assert sorted(calm.kittens) == [7, 14, 21, 28, 34, 38]
    assert [s for s in range(1, 41) if calm.values[s] == 2] == [5, 12, 19, 26, 33]
    assert sorted(chaos.kittens) == [4, 8, 12, 16, 20, 24, 28, 32, 35, 37, 39]
    assert [s for s in range(1, 41) if chaos.values[s] == 3] == [10, 22, 30]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["board"]["calm"].update(kittens=[0]), "test.toml: board.calm.kittens"),
        (lambda r: r["board"].update(loop_back_to=99), "test.toml: board.loop_back_to"),
        (lambda r: r["disc"][0].update(kind="teleport"), "test.toml: disc[0].kind"),
        (lambda r: r["card"][2].update(effect="fireball"), "test.toml: card[2].effect"),
        (lambda r: r["card"][0].pop("name"), "test.toml: card[0].name"),
        (lambda r: r["game"].pop("hand_size"), "test.toml: game.hand_size"),
    ],
)
def test_a_bad_box_names_the_field(raw_box: dict[str, Any], change: Any, field: str) -> None:
    broken = copy.deepcopy(raw_box)
    change(broken)
    with pytest.raises(BadInput) as err:
        parse_box(broken, "test.toml")
    assert err.value.field == field


def test_the_loop_back_arrow() -> None:
    state = BoardGameState.rig(2, {}, 0, {"positions": [39, 0], "move_deck": ["move-4"]})
    state.apply_text("draw")
    assert state.facts()["positions"][0] == 31


def test_the_board_renders_as_text() -> None:
    state = BoardGameState.rig(2, {}, 0, {"positions": [7, 0], "side": "chaos"})
    text = state.render()
    assert "Chaos Mode" in text and "Litter Box: P1" in text and " 7 +2 P0" in text


def test_random_games_all_end() -> None:
    """Random seeded games end (the 10,000-game run is in the closing note, via simulate)."""
    for seed in range(300):
        state = new_game("kittens-board-game", 2 + seed % 5, seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over and len(state.winners) == 1


def test_a_users_own_box_file(tmp_path: Any) -> None:
    text = DATA.read_text(encoding="utf-8").replace(
        "kittens = [7, 14, 21, 28, 34, 38]", "kittens = [3, 14, 21, 28, 34, 38]"
    )
    mine = tmp_path / "my-box.toml"
    mine.write_text(text, encoding="utf-8")
    options = {"board": str(mine)}
    boxed = BoardGameState.variant(options)
    state = boxed.rig(2, options, 0, {"positions": [0, 0], "move_deck": ["move-3"]})
    events = state.apply_text("draw")
    # Space 3 is an Exploding Kitten space on this board: P0, with no Defuse, explodes
    # (its only choice: every mover decides) and swaps with P1.
    assert state.legal_actions() == [state.parse_action("explode")]
    events += state.apply_text("explode")
    kinds = [e.kind for e in events if e.kind != "reshuffle-discs"]
    assert kinds[:4] == ["disc", "move", "kitten-space", "explode"]
    assert state.facts()["positions"] == [0, 3]
    restored = state_from_json(state.to_json())
    assert isinstance(restored, BoardGameState)
    assert type(restored).box == type(state).box
    game = new_game("kittens-board-game", 3, 1, board=str(mine))
    assert isinstance(game, BoardGameState)
    assert 3 in type(game).box.sides[0].kittens


def test_a_missing_or_bad_box_file_is_refused(tmp_path: Any) -> None:
    from kaboom.engine import BadOption

    with pytest.raises(BadOption, match="board"):
        new_game("kittens-board-game", 2, 0, board=str(tmp_path / "none.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text(DATA.read_text(encoding="utf-8").replace('kind = "magnet"', 'kind = "x"'))
    with pytest.raises(BadInput, match=r"disc\[11\]\.kind"):
        new_game("kittens-board-game", 2, 0, board=str(bad))


@pytest.mark.slow
def test_observations_have_the_shared_shape_and_the_board_section() -> None:
    """Every observation along random games fits the shared schema and the board's section
    schema, with exactly the keys docs/observations.md lists for the board family."""
    import jsonschema

    from kaboom.engine.observation import family_schema, schema

    shared = jsonschema.Draft202012Validator(schema())
    section = jsonschema.Draft202012Validator(family_schema("kaboom.games.board"))
    top = {"game", "family", "seat", "phase", "to_act", "current", "players", "piles", "hand",
           "window", "known", "events", "turns", "winners", "board"}  # fmt: skip
    piles = {"action_deck", "action_discard", "move_deck", "move_discard"}
    windows = 0
    for seed in range(4):
        state = new_game("kittens-board-game", 3, seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in (None, 0, 1, 2):
                obs = state.observe(seat)
                shared.validate(obs)
                section.validate(obs["board"])
                assert set(obs) == top and obs["family"] == "board"
                assert set(obs["piles"]) == piles
                assert all(
                    set(p) == {"seat", "in", "hand_size", "position"} for p in obs["players"]
                )
                assert (obs["hand"] is None) == (seat is None)
                assert set(obs["known"]["piles"]) == (set() if seat is None else {"move_deck"})
                if obs["window"] is not None:
                    windows += 1
                    assert set(obs["window"]) == {"player", "play", "card", "target", "nopes"}
            state.apply(rng.choice(state.legal_actions()))
    assert windows


def _samples_read_only_the_observation(game: str, players: int, seed: int) -> int:
    """At random steps of a game, for every seat: a sample observes as the seat does, and a
    sample of a world the seat cannot tell from the real one (a sample itself) is the
    same sample, whatever the hidden cards: nothing hidden leaks into a sample."""
    state, rng, checked = new_game(game, players, seed), random.Random(seed), 0
    game_class = type(state)
    while not state.is_over:
        if rng.random() < 0.1:
            for seat in range(players):
                seen = state.observe(seat)
                other = state.determinize(seat, random.Random(checked))
                assert other.observe(seat) == seen
                a = game_class.sample(seen, state.options, random.Random(7)).to_json()
                b = game_class.sample(other.observe(seat), state.options, random.Random(7))
                assert a == b.to_json()
                checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return checked


@pytest.mark.parametrize("players", [2, 4])
def test_a_sample_depends_on_the_observation_alone(players: int) -> None:
    assert _samples_read_only_the_observation("kittens-board-game", players, seed=3) > 0


def test_a_sample_never_hands_back_the_true_table() -> None:
    state = new_game("kittens-board-game", 4, 5)
    hands = {str(state.determinize(0, random.Random(i)).to_json()["hands"]) for i in range(20)}
    assert len(hands) > 1  # other hands dealt at random, not kept


def test_a_window_asks_everyone_and_everyone_sees_whom() -> None:
    state = BoardGameState.rig(
        3, {}, 0, {"hands": [["skip"], ["skip"], ["nope"]], "move_deck": ["move-1"]}
    )
    state.apply_text("play skip")
    assert state.to_act == 1 and state.legal_actions() == [state.parse_action("pass")]
    assert all(state.observe(q)["to_act"] == 1 for q in (0, 1, 2, None))
    with pytest.raises(IllegalAction, match="no Nope"):
        state.apply_text("nope")
    sample = BoardGameState.sample(state.observe(0), {}, random.Random(1))
    assert sample.window is not None and sample.window.asked == [1, 2]


def test_a_mover_without_a_defuse_is_asked_and_may_only_explode() -> None:
    state = BoardGameState.rig(
        2, {}, 0, {"positions": [4, 0], "hands": [["skip"], []], "move_deck": ["move-3"]}
    )
    state.apply_text("draw")
    assert state.facts()["phase"] == "landed" and state.to_act == 0
    assert state.legal_actions() == [state.parse_action("explode")]
    with pytest.raises(IllegalAction, match="no Defuse"):
        state.apply_text("defuse")

"""Dynamitt's deck as data: the rank mapping, a user's own mapping file, jokers, decks."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaboom.engine import BadInput, BadOption, IllegalAction, new_game
from kaboom.engine.registry import state_from_json
from kaboom.games.kittens.dynamitt import DYNAMITT, RANKS, parse_ranks
from kaboom.games.kittens.state import KittensState

DEFAULT = {
    "a": "nope", "2": "attack", "3": "see-the-future", "4": "skip", "5": "favor",
    "6": "shuffle", "7": "draw-from-the-bottom", "8": "clone", "9": "none", "10": "none",
    "j": "dynamite", "q": "defuse", "k": "defuse",
}  # fmt: skip


def mapping_file(tmp_path: Path, ranks: dict[str, str], name: str = "mine.toml") -> Path:
    path = tmp_path / name
    lines = ["[ranks]", *(f'"{rank}" = "{card}"' for rank, card in ranks.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_default_deck_is_52_cards_and_two_jokers_per_deck() -> None:
    assert len(DYNAMITT.slugs) == 53
    assert sum(DYNAMITT.deck_counts(5)) == 54
    assert sum(DYNAMITT.deck_counts(6)) == 108
    assert DYNAMITT.names[DYNAMITT.slugs.index("7s")] == "7♠"
    assert set(DYNAMITT.nope_proof) == {"j", "q", "k"}


@pytest.mark.parametrize(
    ("players", "jokers", "total"), [(2, True, 54), (5, False, 52), (6, True, 108), (9, False, 104)]
)
def test_cards_in_play(players: int, jokers: bool, total: int) -> None:
    state = new_game("dynamitt", players, 3, jokers=jokers)
    assert isinstance(state, KittensState)
    assert state.card_count() == total
    assert all(size == 8 for size in state.sizes)


def test_a_missing_rank_is_named() -> None:
    ranks = dict(DEFAULT)
    del ranks["7"]
    with pytest.raises(BadInput) as err:
        parse_ranks(ranks, "mine.toml")
    assert err.value.field == "mine.toml: ranks.7" and "missing" in err.value.expected


def test_an_unknown_card_name_is_named() -> None:
    with pytest.raises(BadInput) as err:
        parse_ranks(DEFAULT | {"4": "teleport"}, "mine.toml")
    assert err.value.field == "mine.toml: ranks.4" and "'teleport'" in err.value.expected


def test_an_unknown_rank_is_named() -> None:
    with pytest.raises(BadInput) as err:
        parse_ranks(DEFAULT | {"11": "skip"}, "mine.toml")
    assert err.value.field == "mine.toml: ranks.11"


def test_a_mapping_needs_one_bomb_one_nope_a_defuse_and_one_clone_at_most(tmp_path: Path) -> None:
    cases = {
        "no-bomb.toml": (DEFAULT | {"j": "skip"}, "bomb"),
        "two-nopes.toml": (DEFAULT | {"9": "nope"}, "nope"),
        "no-defuse.toml": (DEFAULT | {"q": "none", "k": "none"}, "defuse"),
        "two-clones.toml": (DEFAULT | {"9": "clone"}, "clone"),
    }
    for name, (ranks, missing) in cases.items():
        path = mapping_file(tmp_path, ranks, name)
        with pytest.raises(BadInput) as err:
            new_game("dynamitt", 2, 0, mapping=str(path))
        assert missing in err.value.expected, err.value


def test_a_user_mapping_changes_what_a_rank_does(tmp_path: Path) -> None:
    path = mapping_file(tmp_path, DEFAULT | {"2": "skip", "4": "attack"})
    state = new_game("dynamitt", 3, 0, mapping=str(path))
    assert isinstance(state, KittensState)
    assert state.table.reffect[state.table.rslug.index("2")] == "skip"
    rigged = type(state).rig(
        3, dict(state.options), 0, {"hands": [["2s"], [], []], "draw_pile": ["9s", "9h"]}
    )
    rigged.apply_text("play 2")
    rigged.apply_text("pass")  # everyone is asked, Nope in hand or not
    rigged.apply_text("pass")
    assert rigged.facts()["current"] == 1 and rigged.facts()["turns_owed"] == 1  # a Skip
    restored = state_from_json(rigged.to_json())
    assert isinstance(restored, KittensState)
    assert restored.to_json() == rigged.to_json()
    assert type(restored).edition == type(rigged).edition


def test_a_mapping_file_that_is_missing_or_broken_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadOption, match="mapping"):
        new_game("dynamitt", 2, 0, mapping=str(tmp_path / "nope.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("[ranks\n", encoding="utf-8")
    with pytest.raises(BadInput, match="valid TOML"):
        new_game("dynamitt", 2, 0, mapping=str(broken))
    partial = mapping_file(tmp_path, {k: v for k, v in DEFAULT.items() if k != "q"}, "p.toml")
    with pytest.raises(BadInput, match=r"ranks\.q"):
        new_game("dynamitt", 2, 0, mapping=str(partial))


def test_a_joker_is_never_played_alone() -> None:
    state = new_game("dynamitt", 2, 0)
    for text in ("play joker", "pair joker+joker @1", "triple joker+joker+joker @1 a"):
        with pytest.raises(IllegalAction, match="joker"):
            state.parse_action(text)


def test_every_rank_has_a_mapping_entry() -> None:
    assert set(DEFAULT) == set(RANKS)


def test_the_suit_played_is_drawn_at_random_among_those_held() -> None:
    """Issue 15, leak 3: which suit goes down tells nothing but the rank; the choice is
    uniform among the cards of that rank the hand holds, from the game RNG (so a seed
    replays it)."""
    seen = set()
    for seed in range(40):
        state = new_game("dynamitt", 2, 0)
        assert isinstance(state, KittensState)
        rigged = type(state).rig(
            2, dict(state.options), seed, {"hands": [["7c", "7h", "7s"], []], "draw_pile": ["9s"]}
        )
        events = rigged.apply_text("play 7")
        seen.add(tuple(events[0].data["cards"]))
        again = type(state).rig(
            2, dict(state.options), seed, {"hands": [["7c", "7h", "7s"], []], "draw_pile": ["9s"]}
        )
        assert again.apply_text("play 7")[0].data == events[0].data
    assert seen == {("7s",), ("7h",), ("7c",)}

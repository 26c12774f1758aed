"""House rules as data (docs/house-rules.md): a deck file plays as the edition it describes,
every field of the format refuses a bad value by name, and the rule switches that are not
deck contents (the Attack stacking rule) are plain options too."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kaboom.bots.make import make_bot
from kaboom.engine.conformance import check_game
from kaboom.engine.errors import BadInput, BadOption, KaboomError
from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.games.kittens.edition import DATA_DIR
from kaboom.games.kittens.state import KittensState
from kaboom.sim.simulate import play_game

ORIGINAL = DATA_DIR / "original.toml"
MINIONS = DATA_DIR / "minions.toml"
DECKS = Path(__file__).resolve().parent.parent / "docs" / "decks"


def played(game: str, players: int, seed: int, **options: object) -> State:
    """A game between random bots seeded from ``seed``, played to the end."""
    state = new_game(game, players, seed, **options)
    rng = random.Random(seed)
    play_game(state, [make_bot("random", rng.getrandbits(63), game) for _ in range(players)])
    return state


@pytest.mark.parametrize(
    ("game", "shipped"), [("exploding-kittens", ORIGINAL), ("exploding-minions", MINIONS)]
)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_copy_of_a_shipped_edition_plays_the_same_games(
    tmp_path: Path, game: str, shipped: Path, players: int
) -> None:
    deck = tmp_path / "mine.toml"
    deck.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    for seed in range(4):
        ours, built_in = played(game, players, seed, deck=str(deck)), played(game, players, seed)
        assert ours.history == built_in.history
        assert ours.winners == built_in.winners
        mine, theirs = ours.to_json(), built_in.to_json()
        mine["options"], theirs["options"] = {}, {}
        assert mine == theirs


def edited(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


#: Every field of the deck format, with a bad value: (the line, its bad form, the field the
#: error must name).
BAD_FIELDS = [
    ('id = "exploding-kittens"', "id = 7", "edition.id"),
    ('name = "Exploding Kittens (Original Edition)"', "name = false", "edition.name"),
    ("min_players = 2", "min_players = 0", "edition.min_players"),
    ("max_players = 5", "max_players = 1", "edition.max_players"),
    ("hand_size = 7", "hand_size = 21", "edition.hand_size"),
    ("hand_size = 7", "hand_size = 12", "hand_size"),  # too few cards to deal 5 hands of 12
    ("defuses_per_player = 1", "defuses_per_player = -1", "edition.defuses_per_player"),
    ("defuses_per_player = 1", "defuses_per_player = 2", "defuses"),  # 6 Defuses for 10
    ("spare_defuses_back = 2", 'spare_defuses_back = "some"', "edition.spare_defuses_back"),
    ('bombs = "players - 1"', 'bombs = "players + 1"', "edition.bombs"),
    ('bombs = "players - 1"', "bombs = 2", "bombs"),  # 5 players need 4
    ('bombs = "players - 1"', "bombs = 9", "bombs"),  # the box holds 4
    ('attack = "2025"', 'attack = "2015"', "edition.attack"),
    ("nope_defuse = false", 'nope_defuse = "sometimes"', "edition.nope_defuse"),
    ('character_cards = "Cat Cards"', "character_cards = 3", "edition.character_cards"),
    ('dead_hand = "face-down"', 'dead_hand = "burnt"', "edition.dead_hand"),
    ('summary = "Draw', 'summary = 5\n# "Draw', "edition.summary"),
    ('[[card]]\nslug = "exploding-kitten"', "[[card]]\nslug = 1", "card[0].slug"),
    ('name = "Exploding Kitten"', "name = []", "card[0].name"),
    ("count = 4", "count = -1", "card[0].count"),
    ('effect = "bomb"', 'effect = "boom"', "card[0].effect"),
    ('text = "Show it', 'text = 0\n# "Show it', "card[0].text"),
]
COMBO_FIELDS = [
    ('pairs = "any"', 'pairs = "none"', "edition.combos.pairs"),
    ("threes = true", "threes = 3", "edition.combos.threes"),
    ("five_different = true", 'five_different = "yes"', "edition.combos.five_different"),
]


@pytest.mark.parametrize(("old", "new", "field"), BAD_FIELDS)
def test_each_deck_field_with_a_bad_value_is_named(
    tmp_path: Path, old: str, new: str, field: str
) -> None:
    deck = tmp_path / "house.toml"
    deck.write_text(edited(ORIGINAL.read_text(encoding="utf-8"), old, new), encoding="utf-8")
    with pytest.raises(BadInput) as err:
        new_game("exploding-kittens", 3, 1, deck=str(deck))
    assert field in str(err.value)
    assert "house.toml" in str(err.value)


@pytest.mark.parametrize(("old", "new", "field"), COMBO_FIELDS)
def test_each_combo_field_with_a_bad_value_is_named(
    tmp_path: Path, old: str, new: str, field: str
) -> None:
    text = edited(
        ORIGINAL.read_text(encoding="utf-8"),
        "[[card]]",
        '[edition.combos]\npairs = "any"\nthrees = true\nfive_different = true\n\n[[card]]',
    )
    deck = tmp_path / "house.toml"
    deck.write_text(edited(text, old, new), encoding="utf-8")
    with pytest.raises(BadInput, match=field.replace(".", r"\.")):
        new_game("exploding-kittens", 3, 1, deck=str(deck))


def test_card_sets_by_players_are_checked(tmp_path: Path) -> None:
    text = MINIONS.read_text(encoding="utf-8")
    deck = tmp_path / "sets.toml"
    deck.write_text(edited(text, '2 = ["gru"]', '2 = ["grue"]'), encoding="utf-8")
    with pytest.raises(BadInput, match=r"edition\.sets_by_players\.2"):
        new_game("exploding-minions", 2, 1, deck=str(deck))
    deck.write_text(edited(text, "count = { gru = 3", "count = { gru = -3"), encoding="utf-8")
    with pytest.raises(BadInput, match=r"card\[1\]\.count\.gru"):
        new_game("exploding-minions", 2, 1, deck=str(deck))


def test_a_missing_or_broken_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BadOption, match="option 'deck'"):
        new_game("exploding-kittens", 2, deck=str(tmp_path / "none.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("[edition\n", encoding="utf-8")
    with pytest.raises(BadInput, match="valid TOML"):
        new_game("exploding-kittens", 2, deck=str(broken))


def test_a_deck_file_seats_only_its_own_player_counts(tmp_path: Path) -> None:
    deck = tmp_path / "duel.toml"
    deck.write_text(
        edited(ORIGINAL.read_text(encoding="utf-8"), "max_players = 5", "max_players = 2"),
        encoding="utf-8",
    )
    new_game("exploding-kittens", 2, 1, deck=str(deck))
    with pytest.raises(BadOption, match="players"):
        new_game("exploding-kittens", 3, 1, deck=str(deck))


def test_a_fixed_number_of_bombs_is_dealt_whatever_the_players(tmp_path: Path) -> None:
    deck = tmp_path / "four.toml"
    deck.write_text(
        edited(ORIGINAL.read_text(encoding="utf-8"), 'bombs = "players - 1"', "bombs = 4"),
        encoding="utf-8",
    )
    for players in (2, 3, 5):
        facts = new_game("exploding-kittens", players, 1, deck=str(deck)).facts()
        assert facts["draw_pile_counts"]["exploding-kitten"] == 4
        assert "exploding-kitten" not in facts["out_of_game"]
    built_in = new_game("exploding-kittens", 3, 1).facts()
    assert built_in["draw_pile_counts"]["exploding-kitten"] == 2


@pytest.mark.parametrize(("defuses", "cards"), [(0, 6), (1, 6), (2, 12), (3, 17)])
def test_the_example_decks_deal_their_defuses(defuses: int, cards: int) -> None:
    deck = DECKS / f"original-defuses-{defuses}.toml"
    for seed in range(3):
        facts = new_game("exploding-kittens", 5, seed, deck=str(deck)).facts()
        held = [facts["hands"][str(q)].count("defuse") for q in range(5)]
        # Dealt first, then (at most) 2 spares shuffled in before the 7 cards each.
        assert min(held) >= defuses
        spares = min(2, cards - 5 * defuses)
        assert sum(held) + facts["draw_pile_counts"].get("defuse", 0) == 5 * defuses + spares


def attack_rule_of(state: State) -> str:
    assert isinstance(state, KittensState)
    return state.edition.attack


@pytest.mark.parametrize("game", ["exploding-kittens", "exploding-minions", "dynamitt"])
def test_the_attack_option_takes_the_two_rules_and_nothing_else(game: str) -> None:
    for rule in ("2025", "classic", 2025):
        assert attack_rule_of(new_game(game, 3, 1, attack=rule)) == str(rule)
    assert attack_rule_of(new_game(game, 3, 1)) == "2025"
    with pytest.raises(BadOption, match="option 'attack'"):
        new_game(game, 3, 1, attack="2015")


def test_the_deck_option_is_refused_where_a_game_has_its_own_format() -> None:
    with pytest.raises(KaboomError, match="option 'deck': unknown option"):
        new_game("dynamitt", 3, 1, deck=str(ORIGINAL))


@pytest.mark.parametrize(
    "options",
    [
        {"nope_defuse": True},
        {"attack": "classic"},
        {"deck": str(DECKS / "original-defuses-3.toml")},
    ],
)
def test_house_rules_keep_the_engine_contract(options: dict[str, object]) -> None:
    """Every invariant at every step (legal actions, refusals, JSON, observations, samples
    consistent with a seat's knowledge) in random games under each house rule."""
    report = check_game("exploding-kittens", players=[3], seeds=[1, 2], options=options)
    assert report.games == 2


def test_a_deck_file_can_let_a_nope_answer_a_defuse(tmp_path: Path) -> None:
    deck = tmp_path / "nope-defuse.toml"
    deck.write_text(
        edited(ORIGINAL.read_text(encoding="utf-8"), "nope_defuse = false", "nope_defuse = true"),
        encoding="utf-8",
    )
    for options in ({"deck": str(deck)}, {"nope_defuse": True}):
        state = new_game("exploding-kittens", 3, 1, **options)
        assert isinstance(state, KittensState) and state.edition.nope_defuse

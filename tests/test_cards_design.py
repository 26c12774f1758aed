"""The cards' design data (``kaboom.web.design``), as the page reads it through
``POST /api/guide``: every card of every game has an icon the page can draw, a letter and
its effect in a few words; no two kinds of card of one game share both icon and letter (nor,
in fact, a letter); the same card looks the same in every game; and a card's short words
name no card of a game where others' hands are secret."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from kaboom.engine.registry import get_game
from kaboom.web.design import CARDS, ICONS, SUIT_WORDS, Design, design_of, spoken_name
from kaboom.web.words import guide

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]


def kinds(game: str) -> dict[str, dict[str, str]]:
    """Each kind of card of ``game`` (as the page gets it) -> its design."""
    spec = get_game(game)
    cards = guide(game, spec.min_players, {})["cards"]
    return {c["design"]["kind"]: c["design"] for c in cards}


@pytest.mark.parametrize("game", GAMES)
def test_no_two_kinds_of_a_game_share_icon_and_letter(game: str) -> None:
    seen: dict[tuple[str, str], str] = {}
    letters: dict[str, str] = {}
    for kind, d in kinds(game).items():
        pair = (d["icon"], d["letter"])
        assert pair not in seen, f"{game}: {kind} and {seen[pair]} share {pair}"
        seen[pair] = kind
        assert d["letter"] not in letters, (
            f"{game}: {kind} and {letters[d['letter']]} share a letter"
        )
        letters[d["letter"]] = kind


@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_a_drawn_icon_a_letter_and_a_few_words(game: str) -> None:
    spec = get_game(game)
    g = guide(game, spec.min_players, {})
    assert set(g["icons"]) == set(ICONS)
    for card in g["cards"]:
        d = card["design"]
        assert d["icon"] in g["icons"] and d["icon"] != "other", card["slug"]
        assert 1 <= len(d["letter"]) <= 2, card["slug"]
        assert d["short"] and len(d["short"]) <= 40, (card["slug"], d["short"])
        assert d["label"] and d["description"], card["slug"]
        assert d["kind"] in CARDS[game], f"{game}: {d['kind']} has no design of its own"


def test_the_icons_are_different_drawings() -> None:
    by_path: dict[str, list[str]] = defaultdict(list)
    for name, (path, draw) in ICONS.items():
        assert draw in ("fill", "line")
        assert re.fullmatch(r"[MmLlHhVvCcSsQqTtAaZz0-9 .,\-]+", path), name
        by_path[path].append(name)
    assert [names for names in by_path.values() if len(names) > 1] == []


def test_a_card_looks_the_same_in_every_game() -> None:
    """Skip is ``Sk`` with the double arrow wherever it is (Dynamitt's ranks aside)."""
    looks: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for game in GAMES:
        if game == "dynamitt":
            continue
        for kind, d in kinds(game).items():
            looks[kind].add((d["icon"], d["letter"]))
    assert {k: v for k, v in looks.items() if len(v) > 1} == {}


@pytest.mark.parametrize("game", [g for g in GAMES if g != "eleminis"])
def test_short_words_name_no_other_card(game: str) -> None:
    """(Its own name is on the card anyway. Eleminis aside: nothing there is in a secret
    hand, and an Elemini says what it beats.)"""
    spec = get_game(game)
    cards = guide(game, spec.min_players, {})["cards"]
    names = {c["name"].lower() for c in cards}
    for card in cards:
        words = card["design"]["short"].lower()
        others = names - {card["name"].lower()}
        named = [n for n in others if re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", words)]
        assert named == [], (card["slug"], words)


def test_dynamitt_says_rank_and_role_and_speaks_the_suit() -> None:
    cards = {c["slug"]: c["design"] for c in guide("dynamitt", 2, {})["cards"]}
    assert cards["as"]["short"] == "A · Nope"
    assert cards["qh"]["short"] == "Q · Defuse"
    assert cards["jc"]["short"] == "J · Dynamite"
    assert cards["qh"]["label"] == "Queen of hearts"
    assert cards["qh"]["description"] == "Defuse"
    assert spoken_name(None, "Defuse") == "Defuse"


def test_an_elemini_says_what_it_beats_from_the_deck() -> None:
    cards = {c["slug"]: c for c in guide("eleminis", 2, {})["cards"]}
    for slug in ("air", "water", "rock", "fire", "plant"):
        beaten = cards[slug]["design"]["short"].removeprefix("Beats ").split(", ")
        assert len(beaten) == 2
        for other in beaten:
            assert other in cards[slug]["help"], (slug, other)


def test_a_card_no_design_knows_gets_a_plain_square() -> None:
    assert design_of("exploding-kittens", "house-card", "House Card") == Design("other", "Ho", "")


def test_each_suit_has_a_drawing_of_its_own() -> None:
    """Dynamitt's cards show their suit drawn in the corners and the middle (``cards.js``,
    by these names): a shape for each suit, so red and black are never the only cue, and
    no reliance on the system's font for the suit signs."""
    suits = {"suit-spade", "suit-heart", "suit-diamond", "suit-club"}
    assert suits <= set(ICONS)
    assert len({ICONS[s][0] for s in suits}) == 4
    assert all(ICONS[s][1] == "fill" for s in suits)
    cards = guide("dynamitt", 2, {})["cards"]
    assert {c["name"][-1] for c in cards if c["slug"] != "joker"} == set(SUIT_WORDS)

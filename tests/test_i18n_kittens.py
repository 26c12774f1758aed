"""The exploding games in Norwegian bokmål (docs/i18n.md): event phrases, play phrases,
refusals, option words and card names said in ``nb``, English unchanged, and Dynamitt's
refusals in the words of its Norwegian rulebook."""

from __future__ import annotations

import random
import re

import pytest

from kaboom.engine import IllegalAction, new_game
from kaboom.engine.events import Event
from kaboom.engine.state import State
from kaboom.games.kittens import DYNAMITT, MINIONS, ORIGINAL
from kaboom.games.kittens.state import EXPLODING, KittensState
from kaboom.games.kittens.words import card_name, describe_event, play_phrase, rank_name
from kaboom.games.option_words import value_words, words_of
from kaboom.i18n import use_language

GAMES = {
    "exploding-kittens": {"five_different": True},
    "exploding-minions": {},
    "dynamitt": {},
}
#: A line made only of seats, card faces, numbers and notation reads the same everywhere.
NAMES_ONLY = re.compile(r"^[P0-9\s,:()@=+♠♥♦♣A-Z-]*$")


def played(game: str, seed: int) -> tuple[State, list[Event]]:
    """A seeded game played out at random: the state at its end and every event."""
    state = new_game(game, 3, seed, **GAMES[game])
    rng = random.Random(seed)
    events = list(state.opening())
    while not state.is_over:
        events += state.apply(rng.choice(state.legal_actions()))
    return state, events


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_line_of_a_played_game_is_said_in_norwegian(game: str) -> None:
    for seed in range(4):
        state, events = played(game, seed)
        for e in events:
            english = state.describe(e)
            with use_language("nb"):
                norwegian = state.describe(e)
            assert norwegian != english or NAMES_ONLY.match(english), (e.kind, english)
            assert not re.search(r"\b(plays|draws|turn|Discard Pile|Draw Pile)\b", norwegian)


def test_event_phrases_in_norwegian() -> None:
    said = [
        (Event("turn", 1, {"owed": 3}), ("P1's turn (3 turns owed)", "P1s tur (3 turer igjen)")),
        (Event("draw", 2, {"redacted": True}), ("P2 draws a card", "P2 trekker et kort")),
        (
            Event("draw-bomb", 0, {"card": "exploding-kitten"}),
            (
                "P0 draws an Exploding Kitten!",
                "P0 trekker Eksploderende kattunge!",
            ),
        ),
        (
            Event("take", 0, {"card": "tacocat"}),
            (
                "P0 takes Tacocat from the Discard Pile",
                "P0 tar Tacokatt fra kastehaugen",
            ),
        ),
        (
            Event("attack", 0, {"next": 1, "owed": 2}),
            (
                "P0 attacks: P1 owes 2 turns",
                "P0 angriper: P1 må ta 2 turer",
            ),
        ),
        (
            Event("play", 0, {"action": "play favor @1"}),
            (
                "P0 plays Favor on P1",
                "P0 spiller Tjeneste på P1",
            ),
        ),
        (
            Event("noped", 0, {"action": "pair tacocat @2"}),
            (
                "P0's pair of Tacocat against P2 is Noped",
                "P0s par Tacokatt mot P2 blir nopet",
            ),
        ),
        (
            Event("place", 0, {"position": 0}),
            (
                "P0 puts the Exploding Kitten back at position 0 (0 = top)",
                "P0 legger Eksploderende kattunge tilbake på plass 0 (0 = øverst)",
            ),
        ),
    ]
    for e, (english, norwegian) in said:
        assert describe_event(ORIGINAL, e) == english
        with use_language("nb"):
            assert describe_event(ORIGINAL, e) == norwegian


def test_minions_and_dynamitt_cards_in_norwegian() -> None:
    clone = Event("play", 1, {"action": "play clone=attack", "cards": ["clone"]})
    assert describe_event(MINIONS, clone) == "P1 plays Clone (Clone as Attack)"
    jack = Event("draw-bomb", 0, {"card": "jh"})
    queen = Event("defuse", 0, {"card": "qs"})
    with use_language("nb"):
        assert describe_event(MINIONS, clone) == "P1 spiller Klon (Klon som Angrep)"
        assert describe_event(DYNAMITT, jack) == "P0 trekker Kn♥!"
        assert describe_event(DYNAMITT, queen) == "P0 spiller D♠ som Desarmer"
        assert card_name("A♣") == "E♣" and card_name("Joker") == "Joker"
        assert rank_name(DYNAMITT, "j") == "knekt" and rank_name(DYNAMITT, "7") == "7"
    assert describe_event(DYNAMITT, jack) == "P0 draws a J♥!"
    assert card_name("A♣") == "A♣" and rank_name(DYNAMITT, "j") == "J"


def test_play_phrases_in_norwegian() -> None:
    assert play_phrase(ORIGINAL, "triple skip @3 defuse") == (
        "plays three Skip against P3, naming Defuse",
        "three Skip against P3",
    )
    with use_language("nb"):
        assert play_phrase(ORIGINAL, "triple skip @3 defuse") == (
            "spiller tre Hopp over mot P3 og sier Desarmer",
            "tre Hopp over mot P3",
        )
        assert (
            play_phrase(MINIONS, "pair kevin+clone @1")[0] == "spiller et par Kevin og Klon mot P1"
        )
        assert play_phrase(DYNAMITT, "five 2+3+4+joker+joker")[1] == "fem forskjellige kort"


def exploding_with_a_queen() -> KittensState:
    """A Dynamitt table where P0 has drawn a Jack holding a Queen."""
    state = new_game("dynamitt", 2, 0)
    assert isinstance(state, KittensState)
    rigged = type(state).rig(
        2, dict(state.options), 0, {"hands": [["qs", "9s"], ["9h"]], "draw_pile": ["js", "9d"]}
    )
    rigged.apply_text("draw")
    assert rigged.phase == EXPLODING
    return rigged


def test_dynamitt_refuses_in_its_norwegian_rulebooks_words() -> None:
    state = exploding_with_a_queen()
    explode = state.parse_action("explode")
    rule, reason = state.explain_illegal(explode)
    assert rule == "Defuse"
    assert reason == (
        "you hold a Q: a player who draws a J holding a Q or K must play one ('defuse q'); "
        "you explode only without"
    )
    with use_language("nb"):
        rule, reason = state.explain_illegal(explode)
    assert rule == "Slokke lunta"
    assert reason.startswith("du har en dame på hånda, og den som trekker en knekt med dame")
    # "2. Trekke kort", verbatim
    assert (
        "«Om du har ei dame eller en konge på hånda, må du nå spille ut en av dem, og dette vil "
        "foreløpig slokke lunta på dynamitten.»"
    ) in reason
    with use_language("nb"):
        rule, reason = state.explain_illegal(state.parse_action("defuse k"))
    assert (rule, reason) == ("Slokke lunta", "du har ingen konge")


def test_the_other_editions_refuse_in_norwegian_without_dynamitts_rulebook() -> None:
    state = new_game("exploding-kittens", 2, 0)
    with use_language("nb"):
        rule, reason = state.explain_illegal(state.parse_action("nope"))
        with pytest.raises(IllegalAction) as err:
            state.parse_action("give exploding-kitten")
    assert rule == "Nope"
    assert reason == "en Nope svarer bare på et kort eller en kombinasjon i reaksjonsvinduet"
    assert err.value.rule == "Eksploderende kattunge"
    assert err.value.reason == "Eksploderende kattunge holdes aldri på hånda"
    with pytest.raises(IllegalAction) as err:
        state.parse_action("give exploding-kitten")
    assert err.value.reason == "an Exploding Kitten is never held in a hand"


def test_option_words_in_norwegian() -> None:
    english = words_of("dynamitt", "five_different")
    assert english is not None and english.label == "Five different ranks"
    with use_language("nb"):
        words = words_of("dynamitt", "five_different")
        assert words is not None and words.label == "Fem forskjellige verdier"
        assert value_words("exploding-kittens", "five_different", False) == "av"
        assert value_words("exploding-kittens", "first", 0) == "du"
        assert value_words("eleminis", "teams", 2, 4) == "2 lag med 2"
        assert value_words("exploding-kittens", "attack", "") == "utgavens egen regel"
    assert value_words("eleminis", "teams", 2, 4) == "2 teams of 2"


def test_deck_file_errors_in_norwegian() -> None:
    from kaboom.engine import BadInput
    from kaboom.games.kittens.dynamitt import parse_ranks
    from kaboom.games.kittens.edition import parse_edition

    with use_language("nb"), pytest.raises(BadInput) as err:
        parse_edition({"edition": {}}, "mine.toml")
    assert (err.value.field, err.value.expected) == ("mine.toml: [[card]]", "minst én korttabell")
    with use_language("nb"), pytest.raises(BadInput) as err:
        parse_ranks({"a": "nope"}, "mine.toml")
    assert err.value.expected == "et kort for denne verdien (mangler)"
    with use_language("nb"), pytest.raises(BadInput) as err:
        new_game("exploding-kittens", 2, 0).rig(2, {}, 0, {"current": 0, "draw_pile": []})
    assert err.value.expected == "minst ett kort: neste trekk er herfra"
    with pytest.raises(BadInput) as err:
        parse_ranks({"a": "nope"}, "mine.toml")
    assert err.value.expected == "a card for this rank (missing)"


def test_play_labels_and_effect_names_in_norwegian() -> None:
    from kaboom.games.kittens.words import effect_name, play_label

    assert play_label(MINIONS, "play clone=attack") == "Play Clone as Attack"
    assert effect_name("bomb") == "Dynamite"
    with use_language("nb"):
        assert play_label(ORIGINAL, "pair tacocat @1") == "Spill et par Tacokatt mot P1"
        assert play_label(DYNAMITT, "triple 9 @1 k") == "Spill tre 9 mot P1 og si konge"
        assert play_label(MINIONS, "play clone=attack") == "Spill Klon som Angrep"
        assert effect_name("bomb") == "Dynamitt" and effect_name("cat") == "ingen effekt"


def test_dynamitt_never_legal_quotes_its_rulebook() -> None:
    state = new_game("dynamitt", 2, 0)
    with use_language("nb"):
        with pytest.raises(IllegalAction) as nine:
            state.parse_action("play 9")
        with pytest.raises(IllegalAction) as joker:
            state.parse_action("play joker")
    assert nine.value.rule == "niere og tiere"
    assert nine.value.reason == (
        "9 har ingen effekt alene, spill to som et par: «Niere og tiere har ingen individuell "
        "effekt, men kan også brukes i kombinasjoner.»"
    )
    assert joker.value.rule == "joker"
    assert joker.value.reason.endswith(
        "«Jokere kan erstatte andre kort i kombinasjoner, men du kan aldri spille en joker alene.»"
    )
    with pytest.raises(IllegalAction) as nine:
        state.parse_action("play 9")
    assert (nine.value.rule, nine.value.reason) == (
        "9s and 10s",
        "9 is useless on its own: play two as a pair",
    )

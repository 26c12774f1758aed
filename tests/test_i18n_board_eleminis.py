"""The board game, Eleminis, the engine's errors, the bots and the story in Norwegian bokmål
(docs/i18n.md): every event line a seeded game tells differs from its English but for lines
of names and notation only, refusals name their rule in Norwegian, and the English is
unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kaboom.bots.ismcts import level_name
from kaboom.bots.make import make_bot
from kaboom.engine import BadInput, BadOption, IllegalAction, new_game
from kaboom.engine.events import Event
from kaboom.engine.scenario import run_file
from kaboom.engine.state import State
from kaboom.games.board.words import disc_name
from kaboom.games.eleminis import EleminisState
from kaboom.i18n import use_language
from kaboom.sim.simulate import play_game
from kaboom.sim.story import tell
from kaboom.tui.words import polish

SCENARIOS = Path(__file__).parent / "scenarios"
#: A line of names and notation only (seats, numbers, punctuation): the same in every language.
NAMES_ONLY = re.compile(r"^[P0-9 ,.:;()+|@-]*$")


def _events(game: str, players: int, seed: int, **options: object) -> tuple[State, list[Event]]:
    """A seeded game played to its end by random bots, and every event it caused."""
    state = new_game(game, players, seed, **options)
    events = list(state.opening())
    bots = [make_bot("random", seed + q) for q in range(players)]
    play_game(state, bots, lambda s, new: events.extend(new))
    return new_game(game, players, seed, **options), events


@pytest.mark.parametrize(
    ("game", "players", "seed", "options"),
    [("kittens-board-game", 3, 5, {}), ("kittens-board-game", 4, 11, {}),
     ("eleminis", 3, 2, {}), ("eleminis", 4, 7, {"teams": 2}),
     ("eleminis", 3, 4, {"match": True, "target": 300})],
)  # fmt: skip
def test_every_event_of_a_seeded_game_is_said_in_norwegian(
    game: str, players: int, seed: int, options: dict[str, object]
) -> None:
    state, events = _events(game, players, seed, **options)
    kinds = set()
    for e in events:
        english = state.describe(e)
        with use_language("nb"):
            norwegian = state.describe(e)
        assert norwegian != english or NAMES_ONLY.match(english), (e.kind, english)
        assert "{" not in norwegian and "}" not in norwegian, norwegian
        kinds.add(e.kind)
    assert len(kinds) >= 6, kinds  # (the game said many kinds of thing)


def test_a_story_in_norwegian() -> None:
    with use_language("nb"):
        state = new_game("eleminis", 2, 3)
        lines = tell(state, [make_bot("random", 1), make_bot("random", 2)])
    assert lines[0] == "P0 spilles av roboten random"
    assert lines[2] == "P0 starter."
    assert any(" trekker " in line for line in lines)
    assert not any(" draws " in line for line in lines)


def test_the_board_in_words() -> None:
    state = new_game("kittens-board-game", 2, 1)
    with use_language("nb"):
        board = state.render()
        assert disc_name("move-3-or-flip") == "Flytt 3 eller snu"
        assert disc_name("flip-then-move-2") == "Snu, så flytt 2"
    assert board.startswith("Brett: Rolig modus (blå side)   Kattedo: P0 P1")
    assert "Målbånd (41); tilbakepilen fører til 30" in board
    assert state.render().startswith("Board: Calm Mode (blue side)   Litter Box: P0 P1")
    assert disc_name("move-3-or-flip") == "Move 3 or Flip"
    assert disc_name("cut-the-line") == "Cut the Line"


def test_counted_lines_say_their_plurals() -> None:
    state = new_game("kittens-board-game", 2, 1)
    one = Event("draw-cards", 0, {"count": 1, "redacted": True})
    three = Event("draw-cards", 0, {"count": 3, "redacted": True})
    assert [state.describe(one), state.describe(three)] == [
        "P0 draws 1 Action Card", "P0 draws 3 Action Cards",
    ]  # fmt: skip
    # the terminal's polish leaves them as they were when it counted "Card(s)" itself
    assert polish(state.describe(one)) == "P0 draws 1 Action Card"
    with use_language("nb"):
        assert state.describe(three) == "P0 trekker 3 handlingskort"
        owed = Event("turn", 1, {"owed": 2})
        assert state.describe(owed) == "P1s tur (2 turer igjen)"
    assert state.describe(Event("turn", 1, {"owed": 2})) == "P1's turn (2 turns owed)"


def test_a_refusal_in_norwegian_names_its_rule() -> None:
    board = new_game("kittens-board-game", 3, 0)
    nope = board.parse_action("nope")
    with use_language("nb"), pytest.raises(IllegalAction) as refused:
        board.verify(nope)
    assert refused.value.rule == "Nope"
    assert refused.value.reason == "en Nope svarer bare på et handlingskort i reaksjonsvinduet dets"
    assert str(refused.value).startswith("ulovlig trekk (Nope): ")
    with pytest.raises(IllegalAction, match=r"illegal action \(Nope\): a Nope only answers"):
        board.verify(nope)

    rows = [["star", *[None] * 4], [None] * 5, [None] * 5]
    eleminis = EleminisState.rig(3, {}, 0, {"drawn": "trash", "deck": ["air"], "rows": rows})
    trash_own_row = eleminis.parse_action("play trash -> p0.2")
    with use_language("nb"), pytest.raises(IllegalAction) as refused:
        eleminis.verify(trash_own_row)
    assert refused.value.rule == "Søppel"
    assert "annen spillers rekke" in refused.value.reason
    with use_language("nb"), pytest.raises(IllegalAction, match="du trakk Søppel, ikke Luft"):
        eleminis.parse_action("play air -> p1.1")


def test_engine_errors_in_norwegian() -> None:
    with use_language("nb"):
        with pytest.raises(BadOption, match="valget 'target': må være minst 1, fikk 0"):
            new_game("eleminis", 3, 0, target=0)
        with pytest.raises(BadOption, match="ukjent valg; kjente valg: "):
            new_game("eleminis", 3, 0, speedy=True)
        with pytest.raises(BadOption, match="tar 2 til 6 spillere, fikk 9"):
            new_game("kittens-board-game", 9, 0)
        state = new_game("kittens-board-game", 3, 0)
        with pytest.raises(BadInput, match="action: en av: draw, play CARD"):
            state.parse_action("fly away")
        with pytest.raises(BadInput, match=r"en plass skrevet pSETE\.PLASS"):
            new_game("eleminis", 3, 0).parse_action("play slot3")
        with pytest.raises(BadInput, match="ett robotnavn eller 3 kommaseparerte navn"):
            from kaboom.sim.simulate import bot_list

            bot_list("random,random", 3)
        assert level_name("hard") == "vanskelig"
    with pytest.raises(BadOption, match="option 'target': must be at least 1, got 0"):
        new_game("eleminis", 3, 0, target=0)
    assert level_name("hard") == "hard"


@pytest.mark.parametrize("game", ["kittens-board-game", "eleminis"])
def test_scenarios_run_in_english_for_a_norwegian_person(game: str) -> None:
    """Scenario files are written in English: a person who reads Norwegian runs them alike."""
    for path in sorted((SCENARIOS / game).glob("*.json")):
        with use_language("nb"):
            result = run_file(path)
        assert result.failures == [], (path.name, result.failures)

"""Lessons (issue 32): every built-in lesson played from start to end, every mistake it
anticipates answered by its explanation and changing nothing, and a malformed lesson refused
with the field named."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from kaboom.engine.errors import BadInput
from kaboom.engine.lesson import (
    Lesson,
    LessonRun,
    available,
    built_in,
    load,
    replay,
    validate,
)
from kaboom.engine.registry import list_games

GAMES = [spec.game_id for spec in list_games()]


def test_every_game_has_a_lesson() -> None:
    assert [game for game, _ in available()] == GAMES
    assert len(GAMES) == 5


@pytest.mark.parametrize("game", GAMES)
def test_lesson_played_to_the_end_with_every_mistake(game: str) -> None:
    lesson = built_in(game)
    assert 8 <= len(lesson["steps"]) <= 17  # about five minutes
    run = LessonRun(lesson)
    mistakes = 0
    while not run.done:
        step = run.step
        assert run.legal(), f"{step['title']}: the learner has a decision"
        for mistake in step.get("wrong", []):
            before = run.state.to_json()
            feedback = run.attempt(mistake["do"])
            assert not feedback.accepted
            assert mistake["say"] in feedback.words
            assert run.state.to_json() == before, f"{mistake['do']!r} changed the position"
            mistakes += 1
        feedback = run.attempt(step["expect"][0])
        assert feedback.accepted, feedback.words
        assert feedback.words == step.get("after", "Well done.")
        assert not run.legal()
        assert not run.attempt(step["expect"][0]).accepted  # solved: nothing more to do
        run.advance()
    assert mistakes >= 3


@pytest.mark.parametrize("game", GAMES)
def test_every_alternative_of_every_step_is_accepted(game: str) -> None:
    lesson = built_in(game)
    for index, step in enumerate(lesson["steps"]):
        for text in step["expect"]:
            run = LessonRun(lesson, index)
            assert run.index == index
            assert run.attempt(text).accepted, f"steps[{index}] {text!r}"


def test_an_illegal_action_is_explained_by_the_rule_it_breaks() -> None:
    run = LessonRun(built_in("exploding-kittens"))
    feedback = run.attempt("play skip")  # the first hand holds two Cat Cards only
    assert not feedback.accepted
    assert feedback.rule == "Skip"
    assert "The rules do not allow that (Skip)" in feedback.words


def test_an_anticipated_illegal_action_gets_the_rule_and_the_lesson_words() -> None:
    run = LessonRun(built_in("exploding-kittens"), 1)
    feedback = run.attempt("defuse")
    assert feedback.rule == "Defuse"
    assert "Exploding Kitten" in feedback.words
    assert "only when you have just drawn" in feedback.words


def test_a_legal_unexpected_action_says_what_the_step_asks() -> None:
    run = LessonRun(built_in("exploding-kittens"), 14)  # Three of a Kind, naming the Defuse
    before = run.state.to_json()
    legal = [text for _, text in run.legal() if text not in run.step["expect"]]
    anticipated = {m["do"] for m in run.step.get("wrong", [])}
    other = next(t for t in legal if t not in anticipated)
    feedback = run.attempt(other)
    assert not feedback.accepted
    assert (
        "That is legal, but this step asks you to try 'triple beard-cat @1 defuse'"
        in feedback.words
    )
    assert run.state.to_json() == before


def test_text_that_is_no_action_is_refused_with_words() -> None:
    run = LessonRun(built_in("eleminis"))
    feedback = run.attempt("fly to the moon")
    assert not feedback.accepted
    assert feedback.words == "'fly to the moon' is no action of this game."


def test_an_action_may_be_given_by_its_id() -> None:
    run = LessonRun(built_in("dynamitt"))
    (draw,) = [a for a, text in run.legal() if text == "draw"]
    assert run.attempt(draw).accepted


def test_replay_answers_a_story_of_attempts() -> None:
    lesson = built_in("exploding-kittens")
    run, feedback = replay(lesson, ["play skip", "draw", "draw"])
    assert run.index == 2 and feedback is not None and feedback.accepted
    assert run.step["title"] == "The Defuse saves you"
    run, feedback = replay(lesson, ["draw", "draw", "explode"])
    assert run.index == 2 and feedback is not None and not feedback.accepted
    everything = [step["expect"][0] for step in lesson["steps"]]
    run, feedback = replay(lesson, everything)
    assert run.done


def test_the_built_in_files_ship_in_the_package() -> None:
    for game in GAMES:
        path = Path(__file__).parent.parent / "src" / "kaboom" / "lessons" / f"{game}.json"
        assert load(path)["game"] == game


# -- a malformed lesson names its field ---------------------------------------------------------
def _lesson() -> Any:
    return copy.deepcopy(dict(built_in("exploding-kittens")))


def _refused(raw: object) -> str:
    with pytest.raises(BadInput) as caught:
        validate(raw, "my-lesson.json")
    return str(caught.value)


def test_schema_error_names_the_field() -> None:
    raw = _lesson()
    del raw["steps"][3]["expect"]
    assert _refused(raw).startswith("my-lesson.json: steps[3]: 'expect' is a required property")
    raw = _lesson()
    raw["players"] = "two"
    assert _refused(raw).startswith("my-lesson.json: players: 'two' is not of type 'integer'")
    raw = _lesson()
    raw["steps"][0]["wrong"] = [{"do": "draw"}]
    assert "steps[0].wrong[0]: 'say' is a required property" in _refused(raw)


def test_an_expected_action_that_is_not_legal_is_named() -> None:
    raw = _lesson()
    raw["steps"][4]["expect"] = ["play attack"]
    assert "my-lesson.json: steps[4].expect[0]: a legal action" in _refused(raw)


def test_an_unknown_card_in_a_setup_is_named() -> None:
    raw = _lesson()
    raw["steps"][0]["setup"]["hands"][0][0] = "unicorn"
    message = _refused(raw)
    assert message.startswith("my-lesson.json: steps[0].setup: setup.hands[0][0]"), message


def test_a_mistake_that_is_the_expected_action_is_named() -> None:
    raw = _lesson()
    raw["steps"][0]["wrong"] = [{"do": "draw", "say": "no"}]
    assert "steps[0].wrong[0].do: an action the step does not expect" in _refused(raw)


def test_the_first_step_needs_a_setup() -> None:
    raw = _lesson()
    del raw["steps"][0]["setup"]
    assert "steps[0].setup: a rigged position for the first step" in _refused(raw)


def test_a_reply_by_the_wrong_seat_is_named() -> None:
    raw = _lesson()
    raw["steps"][4]["replies"] = ["0: pass"]
    assert "steps[4].replies[0]: an action of seat 1" in _refused(raw)


def test_a_step_that_opens_on_another_seats_decision_is_named() -> None:
    raw = _lesson()
    raw["steps"][2]["seat"] = 1
    assert "steps[2].seat: the seat to act when the step opens (0), got 1" in _refused(raw)


def test_an_unknown_game_is_named() -> None:
    raw = _lesson()
    raw["game"] = "chess"
    assert "my-lesson.json: game: unknown game 'chess'" in _refused(raw)


def test_a_file_that_is_no_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "eleminis",\n  oops}', encoding="utf-8")
    with pytest.raises(BadInput, match=r"broken.json: line 2 column 3"):
        load(path)


def test_a_house_lesson_file_loads(tmp_path: Path) -> None:
    mine: Lesson = {
        "game": "exploding-kittens",
        "players": 3,
        "title": "Nope at three",
        "steps": [
            {
                "title": "Nope",
                "say": "Nope it.",
                "setup": {"hands": [["nope"], ["attack"], []], "draw_pile": ["skip"], "current": 1},
                "seat": 0,
                "before": ["1: play attack", "2: pass"],
                "expect": ["nope"],
                "replies": ["1: pass", "2: pass"],
            }
        ],
    }
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine), encoding="utf-8")
    run = LessonRun(load(path))
    assert run.attempt("nope").accepted
    assert run.state.to_act == 1


def test_a_player_count_the_game_does_not_take_is_named() -> None:
    raw = _lesson()
    raw["players"] = 9
    assert "my-lesson.json: players: option 'players'" in _refused(raw)


def test_an_unknown_option_is_named() -> None:
    raw = _lesson()
    raw["options"] = {"colour": "red"}
    assert "my-lesson.json: options: option 'colour'" in _refused(raw)


def test_the_example_of_the_docs_plays() -> None:
    text = (Path(__file__).parent.parent / "docs" / "lessons.md").read_text(encoding="utf-8")
    block = text.split("## Example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    run = LessonRun(validate(json.loads(block), "docs/lessons.md"))
    assert not run.attempt("pass").accepted
    assert run.attempt("nope").accepted
    run.advance()
    assert run.attempt("nope").accepted
    run.advance()
    assert run.done
    assert run.state.facts()["current"] == 1 and run.state.facts()["turns_owed"] == 1

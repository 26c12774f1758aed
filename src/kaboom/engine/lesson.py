"""Lessons: a newcomer walked through a game's cards and rules, one rigged position at a time.

A lesson is a JSON file (``lesson.schema.json``, documented in docs/lessons.md): per step a
position rigged in the scenario format (or the previous step's, played on), the words to show,
the action asked for, the mistakes anticipated with their explanation, and the other seats'
scripted replies. :class:`LessonRun` plays one for a learner; it knows no game and no screen:
the terminal (``kaboom learn``) and the browser (``POST /api/lessons/{game}``) draw it.

The built-in lessons lie in ``kaboom/lessons/<game-id>.json``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Required, TypedDict, cast

from kaboom._paths import package_dir
from kaboom.engine.datafile import check_schema, read_json
from kaboom.engine.errors import BadInput, IllegalAction, KaboomError
from kaboom.engine.events import Event
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.options import resolve_options
from kaboom.engine.parsing import ascii_number
from kaboom.engine.registry import get_game, list_games
from kaboom.engine.scenario import start
from kaboom.engine.state import Observation, State
from kaboom.i18n import _

SCHEMA_PATH = package_dir("kaboom.engine") / "schemas" / "lesson.schema.json"
LESSONS = package_dir("kaboom") / "lessons"


class Mistake(TypedDict):
    """A wrong action the lesson anticipates, and why it is wrong here."""

    do: str
    say: str


class LessonStep(TypedDict, total=False):
    """One step of a lesson (lesson.schema.json, ``$defs.step``)."""

    title: Required[str]
    say: Required[str]
    rule: str
    setup: JsonObject
    seed: int
    seat: int
    before: list[str]
    expect: Required[list[str]]
    replies: list[str]
    wrong: list[Mistake]
    after: str


class Lesson(TypedDict, total=False):
    """A lesson file as lesson.schema.json describes it."""

    game: Required[str]
    players: Required[int]
    title: Required[str]
    summary: str
    options: JsonObject
    steps: Required[list[LessonStep]]


@dataclass(frozen=True)
class Feedback:
    """What the lesson answers an attempt: whether it was the action asked for, the words
    to show (the rule broken, the anticipated explanation, or the words after success), the
    rule an illegal action breaks, and the events the action and the replies caused."""

    accepted: bool
    words: str
    rule: str | None = None
    events: tuple[Event, ...] = field(default=())


@dataclass(frozen=True)
class StepWords:
    """A step's words as a person reads them, in the language of the context: its heading,
    what to try, and the rule quoted (``None``: none)."""

    title: str
    say: str
    rule: str | None


def step_words(step: LessonStep) -> StepWords:
    """``step``'s words in the language of the context (the lesson's JSON holds English)."""
    rule = step.get("rule")
    return StepWords(_(step["title"]), _(step["say"]), _(rule) if rule else None)


def lesson_words(lesson: Lesson) -> tuple[str, str]:
    """The lesson's title and summary (``""``: none) in the language of the context."""
    summary = lesson.get("summary", "")
    return _(lesson["title"]), _(summary) if summary else ""


@cache
def schema() -> JsonObject:
    loaded: JsonObject = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def validate(raw: object, source: str = "lesson") -> Lesson:
    """Check ``raw`` against the schema, then play it through (:func:`rehearse`): the first
    error raises ``BadInput`` naming its field (``steps[2].expect[0]``)."""
    check_schema(raw, schema(), source)
    lesson = cast(Lesson, raw)  # (its shape is what the schema just checked)
    try:
        rehearse(lesson)
    except BadInput as err:
        raise BadInput(f"{source}: {err.field}", err.expected) from None
    except KaboomError as err:  # an unknown game, a bad option
        raise BadInput(f"{source}: game", str(err)) from None
    return lesson


def load(path: Path) -> Lesson:
    """Read, validate and rehearse a lesson file (``BadInput`` naming the field at fault)."""
    return validate(read_json(path), str(path))


def path_of(game: str) -> Path:
    """The built-in lesson of ``game``."""
    return LESSONS / f"{game}.json"


def available() -> list[tuple[str, str]]:
    """``(game id, lesson title)`` of every registered game that has a built-in lesson, the
    title in the language of the context (a list shown to a person)."""
    found = []
    for spec in list_games():
        path = path_of(spec.game_id)
        if path.is_file():
            found.append((spec.game_id, _(str(built_in(spec.game_id)["title"]))))
    return found


@cache
def built_in(game: str) -> Lesson:
    """The built-in lesson of ``game`` (``UnknownGame`` for a game not registered,
    ``BadInput`` for one without a lesson)."""
    get_game(game)
    path = path_of(game)
    if not path.is_file():
        have = ", ".join(g for g, _title in available()) or "none"
        raise BadInput("game", f"a game with a lesson ({have}), got {game!r}")
    return load(path)


def rehearse(lesson: Lesson) -> None:
    """Play ``lesson`` through as a learner who does what each step asks, checking that each
    step's expected actions are legal, each anticipated mistake is not one of them, and the
    scripted actions are legal and by the seat named: ``BadInput`` naming the field."""
    try:
        spec = get_game(lesson["game"])
    except KaboomError as err:
        raise BadInput("game", str(err)) from None
    try:
        spec.check_players(lesson["players"])
    except KaboomError as err:
        raise BadInput("players", str(err)) from None
    try:
        resolve_options(spec.options, dict(lesson.get("options", {})))
    except KaboomError as err:
        raise BadInput("options", str(err)) from None
    run = LessonRun(lesson)
    while not run.done:
        where = f"steps[{run.index}]"
        expected = run.expected()
        for j, mistake in enumerate(run.step.get("wrong", [])):
            try:
                wrong = run.state.parse_action(mistake["do"])
            except BadInput as err:
                raise BadInput(f"{where}.wrong[{j}].do", err.expected) from None
            if wrong in expected:
                raise BadInput(f"{where}.wrong[{j}].do", "an action the step does not expect")
        for j in range(len(run.step["expect"])):
            if j:  # each alternative from the step's own position
                run = LessonRun(lesson, run.index)
            feedback = run.attempt(run.step["expect"][j])
            if not feedback.accepted:
                raise BadInput(f"{where}.expect[{j}]", f"a legal action ({feedback.words})")
        run.advance()


class LessonRun:
    """One learner's way through a lesson: the current step, its position and the
    learner's view of it; ``attempt`` an action, ``advance`` once it is accepted, until
    ``done``. A refused attempt changes nothing."""

    def __init__(self, lesson: Lesson, index: int = 0) -> None:
        self.lesson = lesson
        self.index = -1
        if "setup" not in lesson["steps"][0]:
            raise BadInput("steps[0].setup", "a rigged position for the first step")
        self.state: State = self._position(0)
        self.solved = False
        self._open(0)
        while self.index < index:  # (a later step, for rehearsing one of its alternatives)
            for text in self.step["expect"][:1]:
                self.attempt(text)
            self.advance()

    # -- the step ----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether every step is done."""
        return self.index >= len(self.lesson["steps"])

    @property
    def step(self) -> LessonStep:
        return self.lesson["steps"][self.index]

    @property
    def seat(self) -> int:
        """The seat the learner plays in this step."""
        return self.step.get("seat", 0)

    def observation(self) -> Observation:
        """What the learner's seat may know now."""
        return self.state.observe(self.seat)

    def legal(self) -> list[tuple[int, str]]:
        """The learner's legal actions now, ``(id, text)`` (none once the step is solved)."""
        if self.solved or self.done or self.state.to_act != self.seat:
            return []
        return [(a, self.state.action_text(a)) for a in self.state.legal_actions()]

    def expected(self) -> list[int]:
        """The action ids the step asks for."""
        return [self._parse(t, f"steps[{self.index}].expect") for t in self.step["expect"]]

    # -- the learner's moves -----------------------------------------------------------------
    def attempt(self, action: str | int) -> Feedback:
        """Try ``action`` (its text, or its id): the step's expected action is played with
        the other seats' replies; anything else is refused, explained by the rule it breaks
        or by the lesson, and changes nothing."""
        if self.done or self.solved:
            return Feedback(False, _("This step is done: go on to the next one."))
        chosen: int | None = None  # (None: the text names an action never legal here)
        try:
            chosen = self.state.parse_action(action) if isinstance(action, str) else action
            self.state.verify(chosen, self.seat)
        except BadInput:
            said = _("{action} is no action of this game.").format(action=repr(action))
            return Feedback(False, said)
        except IllegalAction as err:
            words = _("The rules do not allow that ({rule}): {reason}.")
            said = words.format(rule=err.rule, reason=err.reason)
            anticipated = "" if chosen is None else self._anticipated(chosen)
            return Feedback(False, _joined(said, anticipated), err.rule)
        if chosen not in self.expected():
            return Feedback(False, self._anticipated(chosen) or self._generic())
        events = list(self.state.apply(chosen))
        for j, text in enumerate(self.step.get("replies", [])):
            events += self._scripted(text, f"steps[{self.index}].replies[{j}]")
        self.solved = True
        after = self.step.get("after")
        words = _(after) if after else _("Well done.")
        return Feedback(True, words, None, tuple(events))

    def advance(self) -> None:
        """Go on to the next step (its rigged position, or this one played on)."""
        if not self.solved:
            raise BadInput(f"steps[{self.index}]", "its expected action before the next step")
        self._open(self.index + 1)

    # -- inside ------------------------------------------------------------------------------
    def _open(self, index: int) -> None:
        self.index, self.solved = index, False
        if self.done:
            return
        where = f"steps[{index}]"
        self.state = self._position(index)
        for j, text in enumerate(self.step.get("before", [])):
            self._scripted(text, f"{where}.before[{j}]")
        if self.state.to_act != self.seat:
            raise BadInput(
                f"{where}.seat",
                f"the seat to act when the step opens ({self.state.to_act}), got {self.seat}",
            )

    def _position(self, index: int) -> State:
        step = self.lesson["steps"][index]
        if "setup" not in step:
            return self.state
        raw = {
            "game": self.lesson["game"],
            "players": self.lesson["players"],
            "options": self.lesson.get("options", {}),
            "seed": step.get("seed", 0),
            "setup": step["setup"],
        }
        try:
            return start(raw)
        except BadInput as err:
            raise BadInput(f"steps[{index}].setup: {err.field}", err.expected) from None
        except KaboomError as err:
            raise BadInput(f"steps[{index}].setup", str(err)) from None

    def _parse(self, text: str, where: str) -> int:
        try:
            return self.state.parse_action(text)
        except BadInput as err:
            raise BadInput(where, err.expected) from None

    def _scripted(self, text: str, where: str) -> list[Event]:
        """Play another seat's scripted action (``"1: pass"`` asserts seat 1 acts)."""
        head, sep, tail = text.partition(":")
        seat = ascii_number(head.strip()) if sep else None
        if seat is not None:
            text = tail.strip()
        if seat is not None and seat != self.state.to_act:
            raise BadInput(where, f"an action of seat {self.state.to_act}, who is to act")
        try:
            return self.state.apply(self._parse(text, where))
        except IllegalAction as err:
            raise BadInput(where, f"a legal action ({err})") from None

    def _generic(self) -> str:
        """The answer to a legal action the step does not ask for and did not anticipate."""
        asked = _(" or ").join(repr(t) for t in self.step["expect"])
        # TRANSLATORS: {asked} is one action in notation, or several joined by " or ".
        return _("That is legal, but this step asks you to try {asked}.").format(asked=asked)

    def _anticipated(self, action: int) -> str:
        """The lesson's own words on ``action``, in the context's language ("": none)."""
        for mistake in self.step.get("wrong", []):
            try:
                if self.state.parse_action(mistake["do"]) == action:
                    return _(mistake["say"])
            except BadInput:
                continue
        return ""


def _joined(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def replay(lesson: Lesson, attempts: Sequence[str | int]) -> tuple[LessonRun, Feedback | None]:
    """The run after ``attempts`` (each accepted one advances to the next step) and the
    feedback of the last: how a stateless server answers a learner's whole story."""
    run, feedback = LessonRun(lesson), None
    for attempt in attempts:
        if run.done:
            break
        feedback = run.attempt(attempt)
        if feedback.accepted:
            run.advance()
    return run, feedback

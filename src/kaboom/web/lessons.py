"""A lesson in the browser (``/learn/{game}``), told by a stateless route: the page sends the
actions the learner tried so far, the server plays the lesson again from its start
(:class:`kaboom.engine.lesson.LessonRun`) and answers with the current step's words, the
learner's own view of the position in the table's words (``kaboom.web.words``), and the
lesson's answer to the last attempt. Nothing is kept between requests.

Only the learner's observation and the events its seat may see are sent. Every word is
said in the person's language (``web.pages.request_language``); the notation of
the actions (``text``, ``kept``) is the same in every language.
"""

from __future__ import annotations

from typing import Any

from kaboom.engine.errors import BadInput, UnknownGame
from kaboom.engine.lesson import Feedback, LessonRun, available, built_in, lesson_words, step_words
from kaboom.engine.registry import get_game
from kaboom.i18n import _, use_language
from kaboom.tui.families import family_of, without_key
from kaboom.tui.session import seen_lines
from kaboom.tui.words import tell
from kaboom.web.words import words

#: The most attempts a request may replay (a lesson of 17 steps needs 17; the rest are
#: mistakes, which the page drops once answered).
MAX_ATTEMPTS = 200
#: The longest text of one attempt.
MAX_ACTION = 120


class NoLesson(LookupError):
    """A game without a lesson (or no game at all): the route answers 404 with these words."""


def lessons(lang: str = "en") -> list[dict[str, str]]:
    """Every built-in lesson: its game, the game's name and the lesson's title, in ``lang``."""
    with use_language(lang):
        return [
            {"game": game, "name": _(get_game(game).name), "title": title}
            for game, title in available()
        ]


def lesson_step(game: str, attempts: list[str], lang: str = "en") -> dict[str, Any]:
    """The lesson of ``game`` after ``attempts`` (each accepted one moves on a step): the
    step's words, the learner's view, the answer to the last attempt, and the attempts to
    keep (the accepted ones: a refused attempt changes nothing); the words in ``lang``."""
    with use_language(lang):
        return _lesson_step(game, attempts)


def _lesson_step(game: str, attempts: list[str]) -> dict[str, Any]:
    try:
        lesson = built_in(game)
    except (UnknownGame, BadInput):
        have = ", ".join(g for g, _title in available())
        said = _("no lesson for {game}; lessons: {have}")
        raise NoLesson(said.format(game=repr(game), have=have)) from None
    run, answer, kept = LessonRun(lesson), None, []
    for attempt in attempts[:MAX_ATTEMPTS]:
        if run.done:
            break
        answer = _answer(run, run.attempt(attempt))
        if answer["accepted"]:
            kept.append(attempt)
            run.advance()
    title, summary = lesson_words(lesson)
    return {
        "game": game,
        "name": _(get_game(game).name),
        "players": lesson["players"],
        "options": lesson.get("options", {}),
        "title": title,
        "summary": summary,
        "steps": len(lesson["steps"]),
        "index": run.index,
        "done": run.done,
        "step": None if run.done else _step(run),
        "feedback": answer,
        "kept": kept,
        "view": None if run.done else _view(run),
    }


def _answer(run: LessonRun, feedback: Feedback) -> dict[str, Any]:
    """The lesson's answer, with what the action and the replies did as the learner's seat
    saw it."""
    seen = seen_lines(run.state, list(feedback.events), run.seat)
    lines = [tell(line, run.seat) for line in seen]
    return {
        "accepted": feedback.accepted,
        "words": feedback.words,
        "rule": feedback.rule,
        "lines": lines,
    }


def _step(run: LessonRun) -> dict[str, Any]:
    said = step_words(run.step)
    return {"title": said.title, "say": said.say, "rule": said.rule, "seat": run.seat}


def _view(run: LessonRun) -> dict[str, Any]:
    """The learner's seat's observation in the table's words, its hand named."""
    lesson, obs = run.lesson, run.observation()
    legal = [{"id": a, "text": text} for a, text in run.legal()]
    told = words(
        lesson["game"], lesson["players"], lesson.get("options", {}), run.seat, obs, legal, []
    )
    family = family_of(run.state)
    return {
        "seat": run.seat,
        "observation": obs,
        "status": without_key(told["status"]),
        "panel": told["panel"],
        "hand": told["hand"],
        "hand_names": [family.name(slug) for slug in told["hand"]],
        "actions": [{k: a[k] for k in ("id", "text", "label")} for a in told["actions"]],
        "names": told["names"],
    }

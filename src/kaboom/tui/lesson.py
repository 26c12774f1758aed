"""A lesson at the terminal (``kaboom learn GAME``): each step's words, the learner's own
position (the family's panel and hand, as the table draws them), the legal actions numbered
in the table's words, and the lesson's answer to each choice. Fits 80 columns by 24 lines.

It shows only the learner's observation and the events its seat may see.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from kaboom.engine.lesson import Feedback, Lesson, LessonRun, lesson_words, step_words
from kaboom.engine.parsing import ascii_number
from kaboom.i18n import _
from kaboom.tui.families import Family, family_of, status_line, without_key
from kaboom.tui.panel import counted
from kaboom.tui.session import seen_lines
from kaboom.tui.words import tell

#: The lines of the smallest terminal a step fits, its choices and the prompt included.
SCREEN = 24
#: What the learner types to leave the lesson.
QUIT = frozenset({"q", "quit", "exit"})


class Quit(Exception):
    """The learner left the lesson (``q``, or the end of the input)."""


def play(lesson: Lesson, console: Console, ask: Callable[[str], str]) -> bool:
    """Walk the learner through ``lesson``, reading each choice with ``ask`` (the prompt
    given); whether the learner reached the end (``False``: they quit)."""
    run = LessonRun(lesson)
    title, summary = lesson_words(lesson)
    console.print(f"[bold]{escape(title)}[/bold]", highlight=False)
    if summary:
        console.print(escape(summary), highlight=False)
    console.print(_("Type the number of an action (or the action itself); q leaves the lesson."))
    try:
        while not run.done:
            _show_step(run, console)
            feedback = _until_accepted(run, console, ask)
            _show_success(run, feedback, console)
            run.advance()
    except Quit:
        console.print(_("You left the lesson. Come back any time: kaboom learn."))
        return False
    console.print(Rule(_("Lesson complete"), style="green"))
    return True


def _show_step(run: LessonRun, console: Console) -> None:
    """The step's heading, words and rule, and the learner's position; the rule's quote is
    left out where the step would not fit a screen of ``SCREEN`` lines with its choices."""
    said, total = step_words(run.step), len(run.lesson["steps"])
    family, obs = _family(run), run.observation()
    heading = _("Step {n}/{total}: {title}").format(
        n=run.index + 1, total=total, title=escape(said.title)
    )
    head: list[RenderableType] = [Rule(heading, style="cyan"), Text(said.say)]
    quoted = _("Rule: {rule}").format(rule=said.rule) if said.rule else None
    rule = Text(quoted, style="dim italic") if quoted else None
    position: list[RenderableType] = [
        Text(without_key(status_line(family, obs, run.seat)), style="bold"),
        Text(family.panel(obs, run.seat)),
    ]
    hand = family.hand(obs)
    if hand:
        position.append(Text(f"{family.hand_word()}: {counted([family.name(c) for c in hand])}"))
    choices = [Text(_choice(i, family.label(t))) for i, (_id, t) in enumerate(run.legal(), 1)]
    tall = _lines(console, [*head, *([rule] if rule else []), *position, *choices]) + 1
    parts = [*head, *([rule] if rule and tall <= SCREEN else []), *position]
    for part in parts:
        console.print(part, highlight=False)


def _lines(console: Console, parts: list[RenderableType]) -> int:
    """How many lines ``parts`` take at the console's width."""
    return sum(len(console.render_lines(p, console.options, pad=False)) for p in parts)


def _choice(number: int, label: str) -> str:
    return f"  {number:>2}. {label}"


def _family(run: LessonRun) -> Family:
    family = family_of(run.state)
    family.view(run.observation(), run.seat)
    return family


def _until_accepted(run: LessonRun, console: Console, ask: Callable[[str], str]) -> Feedback:
    family = _family(run)
    while True:
        legal = run.legal()
        for i, (_id, text) in enumerate(legal, 1):
            console.print(Text(_choice(i, family.label(text))), highlight=False)
        answer = _read(ask)
        number = ascii_number(answer)
        if number is not None and 1 <= number <= len(legal):
            feedback = run.attempt(legal[number - 1][0])
        elif number is not None:
            told = _("Choose a number from 1 to {n}.").format(n=len(legal))
            console.print(f"[yellow]{told}[/yellow]")
            continue
        else:
            feedback = run.attempt(answer)
        if feedback.accepted:
            return feedback
        console.print(f"[yellow]{escape(feedback.words)}[/yellow]", highlight=False)


def _read(ask: Callable[[str], str]) -> str:
    try:
        answer = ask(_("Your choice: ")).strip()
    except EOFError:
        raise Quit from None
    if answer.lower() in QUIT:
        raise Quit
    return answer


def _show_success(run: LessonRun, feedback: Feedback, console: Console) -> None:
    for line in seen_lines(run.state, list(feedback.events), run.seat):
        console.print(f"  {escape(tell(line, run.seat))}", highlight=False)
    console.print(f"[green]{escape(feedback.words)}[/green]", highlight=False)

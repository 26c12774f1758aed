"""``kaboom review LOG``: a game's review at the terminal, in 80 columns.

The log or save is read and checked as ``kaboom replay`` reads it (``save.replay``); the
seats reviewed are the people's (``human``) unless asked. An unfinished save is reviewed
only for the seat that saved it: the other seats' decisions are theirs to keep until the
game is over. Each decision is searched from the reviewed seat's view at that moment alone
(``kaboom.sim.review``); this module only chooses the seats and draws the result.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape

from kaboom.engine.errors import BadInput
from kaboom.sim.analysis import Choice
from kaboom.sim.review import MARK_COLOURS, Decision, Review, review, text_chart
from kaboom.tui.save import Replay
from kaboom.tui.save import replay as read_replay

#: Rounds per decision at the terminal: a 30-decision game of Exploding Kittens at four
#: players is reviewed in a few seconds on the compiled build (bench/bench_review.py).
REVIEW_PLAYOUTS = 400
#: Rows of the text chart of the curve (an odd number: a row at 50%).
CHART_ROWS = 9
#: Columns an action's text may take in a line of the review.
TEXT_COLUMNS = 15


@dataclass(frozen=True, slots=True)
class Asked:
    """What ``kaboom review`` was asked: the file, the seats (empty: the people's), and the
    search's budget and seed."""

    path: Path
    seats: tuple[int, ...] = ()
    playouts: int = REVIEW_PLAYOUTS
    seed: int = 0


def seats_to_review(game: Replay, asked: Sequence[int], path: Path) -> tuple[int, ...]:
    """The seats a review of ``game`` may read: those asked, else the people's. An
    unfinished save: only the seat that saved it (the others' decisions are not yet to be
    read); a bad seat, or none to review, is a ``BadInput`` naming the option."""
    players = game.seating.players
    for q in asked:
        if not 0 <= q < players:
            raise BadInput("--seat", f"a seat from 0 to {players - 1}, got {q}")
    if not game.finished:
        saver = game.viewer
        if saver is None:
            raise BadInput(
                f"{path}: saved_by",
                "the seat that saved this unfinished game (a review of it may read that "
                "seat's decisions only)",
            )
        others = sorted(set(asked) - {saver})
        if others:
            raise BadInput(
                "--seat",
                f"only P{saver}, who saved this unfinished game: a review of "
                f"P{others[0]} would read another seat's decisions before the end",
            )
        return (saver,)
    seats = tuple(sorted(set(asked))) or tuple(game.seating.humans())
    if not seats:
        raise BadInput("--seat", "a seat to review: no person played in this game")
    return seats


def run_review(asked: Asked, progress: Callable[[int], None] | None = None) -> Review:
    """Read the file, choose the seats and review their decisions."""
    if asked.playouts < 1:
        raise BadInput("--playouts", f"a positive number of rounds, got {asked.playouts}")
    game = read_replay(asked.path)
    seats = seats_to_review(game, asked.seats, asked.path)
    s = game.seating
    return review(s.game, s.players, s.seed, s.options, game.actions, seats, asked.playouts,
                  asked.seed, progress=progress)  # fmt: skip


def steps_of(path: Path) -> int:
    """The number of actions in a log or save (a progress bar's total)."""
    return len(read_replay(path).actions)


def short(text: str, columns: int = TEXT_COLUMNS) -> str:
    """``text`` in at most ``columns`` columns (cut with an ellipsis).

    >>> short("play see-the-future", 12), short("draw", 12)
    ('play see-th…', 'draw')
    """
    return text if len(text) <= columns else text[: columns - 1] + "…"


def chance(choice: Choice) -> str:
    """A choice's chance of winning and its interval's half-width, in whole percent.

    >>> chance(Choice(1, "draw", 0.41, 0.38, 0.44, 200))
    '41% ±3'
    """
    half = (choice.high - choice.low) / 2
    return f"{choice.win:.0%} ±{round(half * 100)}"


def decision_line(d: Decision) -> str:
    """One decision in a line of markup (78 columns of text at most): the step, what was
    played and its chance, the best choice and its, and the mark in its colour."""
    played = (
        f"{d.step:>4}  played {escape(short(d.played.text)):<{TEXT_COLUMNS}} {chance(d.played):<8}"
    )
    if d.best.action == d.played.action:
        return f"{played}  [dim]the best choice[/dim]"
    best = f"best {escape(short(d.best.text)):<{TEXT_COLUMNS}} {chance(d.best):<8}"
    mark = f" [bold {MARK_COLOURS[d.mark]}]{d.mark}[/]" if d.mark else ""
    return f"{played}  {best}{mark}"


def summary(decisions: Sequence[Decision]) -> str:
    """How many inaccuracies, mistakes and blunders, and the average loss.

    >>> summary([])
    'no decision with a choice'
    """
    if not decisions:
        return "no decision with a choice"
    count = {name: sum(1 for d in decisions if d.mark == name) for name in MARK_COLOURS}
    average = sum(max(d.loss, 0.0) for d in decisions) / len(decisions)
    marks = ", ".join(
        counted(count[name], name, plural)
        for name, plural in (("inaccuracy", "inaccuracies"), ("mistake", ""), ("blunder", ""))
    )
    return f"{counted(len(decisions), 'decision')}: {marks}; average loss {average:.1%}"


def counted(n: int, word: str, plural: str = "") -> str:
    """``n`` and the word, plural where ``n`` is not 1.

    >>> counted(1, "mistake"), counted(2, "inaccuracy", "inaccuracies"), counted(0, "blunder")
    ('1 mistake', '2 inaccuracies', '0 blunders')
    """
    return f"{n} {word if n == 1 else plural or word + 's'}"


def report_lines(result: Review, path: Path) -> list[str]:
    """The review in lines of markup: per seat its decisions, the summary, the curve as a
    text chart, and the command that opens the replay at each marked decision."""
    lines = [
        f"[b]{escape(result.game)}[/b], {result.players} players, {result.steps} steps; "
        f"{result.playouts} rounds a decision, search seed {result.seed}",
        "[dim]each chance of winning ±its 95% interval; marked: a loss beyond the noise[/dim]",
    ]
    for seat in result.seats:
        mine = result.of(seat)
        lines += ["", f"[b]P{seat}[/b]: {summary(mine)}"]
        lines += [decision_line(d) for d in mine]
        chart = text_chart(result.curve(seat), height=CHART_ROWS)
        if chart:
            lines += ["", f"P{seat}'s chance of winning after each decision:"]
            lines += [escape(row) for row in chart]
        marked = [d for d in mine if d.mark]
        if marked:
            lines += ["", "The marked decisions in the replay:"]
            where = shlex.quote(str(path))
            lines += [
                f"  {d.mark:>10}: kaboom replay {escape(where)} --step {d.step}" for d in marked
            ]
    return lines


def plot_paths(plot: Path, seats: Sequence[int]) -> dict[int, Path]:
    """Where each seat's curve goes: ``plot`` for one seat, else one file a seat named
    after it (``curve-P1.svg``).

    >>> plot_paths(Path("curve.svg"), [0, 2])[2].name
    'curve-P2.svg'
    """
    if len(seats) == 1:
        return {seats[0]: plot}
    return {q: plot.with_stem(f"{plot.stem}-P{q}") for q in seats}

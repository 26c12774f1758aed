"""``kaboom review LOG``: a game's review at the terminal, in 80 columns.

The log or save is read and checked as ``kaboom replay`` reads it (``save.replay``); the
seats reviewed are the people's (``human``) unless asked. An unfinished save is reviewed
only for the seat that saved it: the other seats' decisions are theirs to keep until the
game is over. Each decision is searched from the reviewed seat's view at that moment alone
(``kaboom.sim.review``); this module only chooses the seats and draws the result, each
decision's choices in notation and, beneath, in the table's words (the family's labels, in
the person's language).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape

from kaboom.engine.errors import BadInput
from kaboom.i18n import _, ngettext
from kaboom.sim.analysis import Choice
from kaboom.sim.review import MARK_COLOURS, Decision, Review, mark_word, review, text_chart
from kaboom.tui.families import family_of
from kaboom.tui.save import Replay
from kaboom.tui.save import replay as read_replay

#: Rounds per decision at the terminal: a 30-decision game of Exploding Kittens at four
#: players is reviewed in a few seconds on the compiled build (bench/bench_review.py).
REVIEW_PLAYOUTS = 400
#: Rows of the text chart of the curve (an odd number: a row at 50%).
CHART_ROWS = 9
#: Columns an action's text may take in a line of the review.
TEXT_COLUMNS = 15
#: Columns of a line of the review (the terminal's 80, less a margin).
LINE_COLUMNS = 78
#: Where a decision's words begin, beneath its notation.
WORDS_INDENT = " " * 6
#: A decision's choices in the table's words, by step: what was played and the best choice.
Said = dict[int, tuple[str, str]]


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
            said = _("a seat from 0 to {last}, got {seat}").format(last=players - 1, seat=q)
            raise BadInput("--seat", said)
    if not game.finished:
        saver = game.viewer
        if saver is None:
            said = _(
                "the seat that saved this unfinished game (a review of it may read that "
                "seat's decisions only)"
            )
            raise BadInput(f"{path}: saved_by", said)
        others = sorted(set(asked) - {saver})
        if others:
            said = _(
                "only P{saver}, who saved this unfinished game: a review of P{other} would "
                "read another seat's decisions before the end"
            ).format(saver=saver, other=others[0])
            raise BadInput("--seat", said)
        return (saver,)
    seats = tuple(sorted(set(asked))) or tuple(game.seating.humans())
    if not seats:
        raise BadInput("--seat", _("a seat to review: no person played in this game"))
    return seats


def run_review(asked: Asked, progress: Callable[[int], None] | None = None) -> Review:
    """Read the file, choose the seats and review their decisions."""
    if asked.playouts < 1:
        said = _("a positive number of rounds, got {n}").format(n=asked.playouts)
        raise BadInput("--playouts", said)
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
    """One decision in a line of markup (79 columns of text at most): the step, what was
    played and its chance, the best choice and its, and the mark in its colour (the best
    choice's notation cut shorter where the mark's word is longer than English's)."""
    # TRANSLATORS: a review's line, "  12  played draw ...": what was played, in notation.
    head = _("played")
    text = escape(short(d.played.text))
    played = f"{d.step:>4}  {head} {text:<{TEXT_COLUMNS}} {chance(d.played):<8}"
    if d.best.action == d.played.action:
        same = _("the best choice")
        return f"{played}  [dim]{same}[/dim]"
    # TRANSLATORS: a review's line, "best play skip ...": the best choice, in notation.
    word, word_best = mark_word(d.mark), _("best")
    over = max(0, len(head) - len("played")) + max(0, len(word_best) - len("best"))
    columns = TEXT_COLUMNS - over - max(0, len(word) - len("inaccuracy"))
    best_text = escape(short(d.best.text, columns))
    best = f"{word_best} {best_text:<{columns}} {chance(d.best):<8}"
    mark = f" [bold {MARK_COLOURS[d.mark]}]{word}[/]" if d.mark else ""
    return f"{played}  {best}{mark}"


def words_lines(d: Decision, said: Said) -> list[str]:
    """A decision's choices in the table's words, in lines of markup beneath its notation:
    one line where they fit, else what was played and the best choice each on its own;
    none where the words are the notation's own."""
    played, best = said.get(d.step, (d.played.text, d.best.text))
    if d.best.action == d.played.action or best == d.best.text:
        texts = [played] if played != d.played.text else []
    else:
        both = _("{played}; best: {best}").format(played=played, best=best)
        indent = len(WORDS_INDENT)
        alone = _("best: {best}").format(best=best)
        texts = [both] if indent + len(both) <= LINE_COLUMNS else [played, alone]
    return [f"[dim]{escape(short(WORDS_INDENT + text, LINE_COLUMNS))}[/dim]" for text in texts]


def summary(decisions: Sequence[Decision]) -> str:
    """How many inaccuracies, mistakes and blunders, and the average loss.

    >>> summary([])
    'no decision with a choice'
    """
    if not decisions:
        return _("no decision with a choice")
    count = {name: sum(1 for d in decisions if d.mark == name) for name in MARK_COLOURS}
    average = sum(max(d.loss, 0.0) for d in decisions) / len(decisions)
    n = count["inaccuracy"]
    marks = [ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)]
    n = count["mistake"]
    marks.append(ngettext("{n} mistake", "{n} mistakes", n).format(n=n))
    n = count["blunder"]
    marks.append(ngettext("{n} blunder", "{n} blunders", n).format(n=n))
    n = len(decisions)
    said = ngettext("{n} decision", "{n} decisions", n).format(n=n)
    # TRANSLATORS: {decisions}: "12 decisions"; {marks}: "1 inaccuracy, 0 mistakes, 2 blunders".
    line = _("{decisions}: {marks}; average loss {average}")
    return line.format(decisions=said, marks=", ".join(marks), average=f"{average:.1%}")


def counted(n: int, word: str, plural: str = "") -> str:
    """``n`` and the word, plural where ``n`` is not 1.

    >>> counted(1, "mistake"), counted(2, "inaccuracy", "inaccuracies"), counted(0, "blunder")
    ('1 mistake', '2 inaccuracies', '0 blunders')
    """
    return f"{n} {word if n == 1 else plural or word + 's'}"


def decision_words(result: Review, path: Path) -> Said:
    """Each reviewed decision's choices (what was played, the best) in the table's words as
    the seat saw the table then: the game dealt again and played to each decision."""
    game = read_replay(path)
    state = game.seating.deal()
    family = family_of(state)
    wanted = {d.step: d for d in result.decisions}
    said: Said = {}
    for step, action in enumerate(game.actions):
        d = wanted.get(step)
        if d is not None:
            family.view(state.observe(d.seat), d.seat)
            said[step] = (family.label(d.played.text), family.label(d.best.text))
        state.apply(action)
    return said


def report_lines(result: Review, path: Path, said: Said | None = None) -> list[str]:
    """The review in lines of markup: per seat its decisions (each in notation, and beneath
    in the table's words: ``said``, by default ``decision_words``), the summary, the curve
    as a text chart, and the command that opens the replay at each marked decision."""
    said = decision_words(result, path) if said is None else said
    head = ngettext(
        "{game}, {players} players, {n} step; {playouts} rounds a decision, search seed {seed}",
        "{game}, {players} players, {n} steps; {playouts} rounds a decision, search seed {seed}",
        result.steps,
    )
    game = f"[b]{escape(result.game)}[/b]"
    counts = {"players": result.players, "playouts": result.playouts, "seed": result.seed}
    note = _("each chance of winning ±its 95% interval; marked: a loss beyond the noise")
    lines = [head.format(game=game, n=result.steps, **counts), f"[dim]{note}[/dim]"]
    for seat in result.seats:
        lines += _seat_lines(result, seat, path, said)
    return lines


def _seat_lines(result: Review, seat: int, path: Path, said: Said) -> list[str]:
    mine = result.of(seat)
    lines = ["", f"[b]P{seat}[/b]: {summary(mine)}"]
    for d in mine:
        lines.append(decision_line(d))
        lines += words_lines(d, said)
    chart = text_chart(result.curve(seat), height=CHART_ROWS)
    if chart:
        lines += ["", _("P{seat}'s chance of winning after each decision:").format(seat=seat)]
        lines += [escape(row) for row in chart]
    marked = [d for d in mine if d.mark]
    if marked:
        lines += ["", _("The marked decisions in the replay:")]
        where = escape(shlex.quote(str(path)))
        width = max(10, *(len(mark_word(d.mark)) for d in marked))
        lines += [
            f"  {mark_word(d.mark):>{width}}: kaboom replay {where} --step {d.step}" for d in marked
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

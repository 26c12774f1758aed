"""A game review: each decision of a seat judged, as a coach would, from what that seat knew.

The game is dealt again from its seed and options and stepped through its actions. At each
decision of a reviewed seat that had a choice (one legal action is no decision), the seat's
view at that moment (``PlayerView``: its observation only) is searched
(``kaboom.sim.analysis.estimate``): the estimated chance of winning of what the seat did and
of the best choice, each with a 95% interval, and the loss between them, paired round by
round. A loss is marked only where it is beyond the search's noise (the paired interval
above zero) and at least ``INACCURACY``; the marks grow with the loss, as lichess's do.

The review of a decision reads the seat's view at that step alone: two games that differ
only in cards the seat could not see then get the same review of it (same seed).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from kaboom.engine.errors import BadInput
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.registry import new_game
from kaboom.engine.view import PlayerView
from kaboom.i18n import N_, _
from kaboom.sim.analysis import PLAYOUTS, Choice, estimate

#: The losses (shares of a win) from which a decision is marked, smallest first.
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20
#: The marks, from the worst.
MARKS = (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY))


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: the step of the game (actions before it), the seat, what it
    did and the best choice, the loss between them with its interval, and the mark
    (``""``: none)."""

    step: int
    seat: int
    played: Choice
    best: Choice
    choices: tuple[Choice, ...]
    loss: float
    loss_low: float
    loss_high: float
    mark: str

    def to_json(self) -> JsonObject:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "choices": [c.to_json() for c in self.choices],
            "loss": round(self.loss, 4),
            "loss_interval": [round(self.loss_low, 4), round(self.loss_high, 4)],
            "mark": self.mark,
        }


@dataclass(frozen=True, slots=True)
class Review:
    """The decisions of the reviewed seats, in the order they were made; ``steps``: the
    actions of the whole game; ``winners`` where it is over."""

    game: str
    players: int
    options: JsonObject
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    steps: int
    playouts: int
    seed: int
    winners: tuple[int, ...] | None

    def of(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def curve(self, seat: int) -> list[tuple[int, float]]:
        """The seat's estimated chance of winning after each of its decisions (what it
        did), by step: the curve of the game."""
        return [(d.step, d.played.win) for d in self.of(seat)]

    def to_json(self) -> JsonObject:
        return {
            "format": "kaboom-review",
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": list(self.seats),
            "steps": self.steps,
            "playouts": self.playouts,
            "seed": self.seed,
            "winners": None if self.winners is None else list(self.winners),
            "decisions": [d.to_json() for d in self.decisions],
        }


def mark_of(loss: float, loss_low: float) -> str:
    """The mark of a decision that lost ``loss`` (its paired interval's low end
    ``loss_low``): none unless the loss is beyond the noise.

    >>> mark_of(0.25, 0.1), mark_of(0.12, 0.01), mark_of(0.12, -0.01), mark_of(0.02, 0.01)
    ('blunder', 'mistake', '', '')
    """
    if loss_low <= 0:
        return ""
    return next((name for name, at in MARKS if loss >= at), "")


def judge(view: PlayerView, step: int, action: int, playouts: int, seed: int,
          deadline: float | None = None) -> Decision:  # fmt: skip
    """The review of one decision: ``view``'s seat played ``action`` at ``step``."""
    found = estimate(view, playouts, seed, deadline, also=(action,))
    played = found.of(action)  # (in ``also``: searched though another of its group leads)
    best = found.best()
    diff = found.difference(best.action, played.action)
    return Decision(
        step, view.seat, played, best, tuple(found.choices), diff.loss, diff.low, diff.high,
        mark_of(diff.loss, diff.low),
    )  # fmt: skip


def review(
    game: str,
    players: int,
    seed: int,
    options: JsonObject,
    history: Sequence[int],
    seats: Sequence[int],
    playouts: int = PLAYOUTS,
    search_seed: int = 0,
    deadline: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> Review:
    """Review the decisions of ``seats`` in the game dealt from ``seed`` and ``options``
    with the actions ``history``. Each decision is searched with ``playouts`` rounds and
    its own seed (``search_seed`` and the step), so that any one decision's review can be
    made again alone. ``deadline`` (``time.monotonic()``) bounds the whole review: the
    decisions left when it comes are searched with one round each. ``progress`` is told
    the steps done after each action (a progress bar's count out of ``len(history)``)."""
    state = new_game(game, players, seed, **options)
    wanted = set(seats)
    for q in wanted:
        if not 0 <= q < players:
            raise BadInput("seat", f"a seat from 0 to {players - 1}, got {q}")
    decisions: list[Decision] = []
    for step, action in enumerate(history):
        seat = state.to_act
        if seat is None:
            raise BadInput("history", f"no more actions after the game's end (step {step})")
        legal = state.legal_actions()
        if action not in legal:
            raise BadInput("history", f"a legal action at step {step}, got {action}")
        if seat in wanted and len(legal) > 1:
            view = PlayerView(state, seat)
            late = deadline is not None and time.monotonic() >= deadline
            budget, bound = (1, None) if late else (playouts, deadline)
            decisions.append(judge(view, step, action, budget, search_seed + step, bound))
        state.apply(action)
        if progress is not None:
            progress(step + 1)
    winners = tuple(state.winners) if state.is_over else None
    return Review(
        game, players, dict(options), tuple(sorted(wanted)), tuple(decisions), len(history),
        playouts, search_seed, winners,
    )  # fmt: skip


def text_chart(points: Sequence[tuple[int, float]], width: int = 60, height: int = 8) -> list[str]:
    """A chance-of-winning curve as text lines (``height`` rows from 100% down to 0%),
    one column per point (every point kept when they fit in ``width``, else sampled).

    >>> print("\\n".join(text_chart([(0, 0.5), (3, 1.0), (5, 0.0)], height=3)))
    100% |  █
     50% | ██
      0% | ███
    """
    if not points:
        return []
    if len(points) > width:
        points = [points[i * len(points) // width] for i in range(width)]
    rows = []
    for r in range(height - 1, -1, -1):
        level = r / (height - 1)
        labelled = r in (0, height - 1) or 2 * r == height - 1
        label = f"{round(level * 100):>3}%" if labelled else "    "
        cells = "".join("█" if win >= level - 1e-9 else " " for _, win in points)
        rows.append(f"{label} | {cells}".rstrip())
    return rows


#: The marks' colours in the curve's SVG (and the terminal's).
MARK_COLOURS = {"blunder": "#c62828", "mistake": "#ef6c00", "inaccuracy": "#9e7c00"}
#: The marks in words, as a coach says them (said with ``mark_word``; the JSON keeps the key).
MARK_WORDS = {
    # TRANSLATORS: the mark of a decision that lost at least 20% chance of winning.
    "blunder": N_("blunder"),
    # TRANSLATORS: the mark of a decision that lost at least 10% chance of winning.
    "mistake": N_("mistake"),
    # TRANSLATORS: the mark of a decision that lost at least 5% chance of winning.
    "inaccuracy": N_("inaccuracy"),
}


def mark_word(mark: str) -> str:
    """A mark in the language of the context (``""``: no mark).

    >>> mark_word("blunder"), mark_word("")
    ('blunder', '')
    """
    return _(MARK_WORDS[mark]) if mark in MARK_WORDS else mark


def curve_svg(review: Review, seat: int, width: int = 640, height: int = 240) -> str:
    """The seat's chance of winning over the game as an SVG drawing: the steps of the game
    across, 0 to 100% up, lines at 0, 50 and 100%, the curve through each of the seat's
    decisions, and a dot (with its words in a ``title``) on each marked one. The seat's
    own decisions only: what the review of that seat holds.

    >>> r = Review("dynamitt", 2, {}, (0,), (), 10, 8, 0, None)
    >>> svg = curve_svg(r, 0)
    >>> svg.startswith("<svg") and "50%" in svg and svg.endswith("</svg>")
    True
    """
    left, right, top, bottom = 44, 12, 28, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    last = max(review.steps, 1)

    def x(step: int) -> float:
        return left + plot_w * step / last

    def y(win: float) -> float:
        return top + plot_h * (1 - win)

    title = _("P{seat}'s chance of winning, {game}, by step").format(seat=seat, game=review.game)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}" '
        'font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{left}" y="18" fill="#222222">{escape(title)}</text>',
    ]
    for level in (0.0, 0.5, 1.0):
        dash = "" if level == 0.0 else ' stroke-dasharray="4 3"'
        parts.append(
            f'<line x1="{left}" y1="{y(level):.1f}" x2="{width - right}" y2="{y(level):.1f}" '
            f'stroke="#888888"{dash}/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y(level) + 4:.1f}" text-anchor="end" '
            f'fill="#222222">{round(level * 100)}%</text>'
        )
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{y(0.0):.1f}" stroke="#444444"/>')
    for step in (0, review.steps):
        parts.append(
            f'<text x="{x(step):.1f}" y="{height - 10}" text-anchor="middle" '
            f'fill="#222222">{step}</text>'
        )
    # TRANSLATORS: the label of the chart's axis across: the steps of the game.
    axis = escape(_("step"))
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 10}" text-anchor="middle" '
        f'fill="#222222">{axis}</text>'
    )
    mine = review.of(seat)
    if mine:
        points = " ".join(f"{x(d.step):.1f},{y(d.played.win):.1f}" for d in mine)
        parts.append(f'<polyline points="{points}" fill="none" stroke="#1565c0" stroke-width="2"/>')
    for d in mine:
        if d.mark:
            words = _(
                "step {step}: {mark}, played {played} ({played_win}), best {best} ({best_win})"
            ).format(
                step=d.step, mark=mark_word(d.mark), played=d.played.text,
                played_win=f"{d.played.win:.0%}", best=d.best.text, best_win=f"{d.best.win:.0%}",
            )  # fmt: skip
            parts.append(
                f'<circle cx="{x(d.step):.1f}" cy="{y(d.played.win):.1f}" r="5" '
                f'fill="{MARK_COLOURS[d.mark]}"><title>{escape(words)}</title></circle>'
            )
    parts.append("</svg>")
    return "\n".join(parts)

"""Tournaments: bots against each other over many seeded games, seats rotated, in parallel
worker processes, with win rates, 95% intervals and OpenSkill ratings.

Game ``i`` and its bots are seeded from the master seed and ``i`` alone, and results are read
back in game order, so the same seed gives the same results whatever the number of workers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaboom.bots.make import make_bot
from kaboom.engine.jsonvalue import JsonValue
from kaboom.engine.registry import get_game, new_game
from kaboom.i18n import _
from kaboom.sim.backend import Backend
from kaboom.sim.rating import Skill, rate_game
from kaboom.sim.simulate import Report, play_game
from kaboom.sim.stats import win_figures


@dataclass(frozen=True)
class Task:
    """One game of a tournament: who sits where, and its seeds."""

    index: int
    game: str
    options: tuple[tuple[str, JsonValue], ...]
    entrants: tuple[str, ...]  # the bot of each seat
    seed: int
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    index: int
    seats: tuple[int, ...]  # entrant index of each seat
    winners: tuple[int, ...]  # winning seats
    decisions: int
    turns: int


def seating(entrants: int, players: int, index: int) -> tuple[int, ...]:
    """Seats rotate from game to game so that no bot profits from its seat.

    >>> [seating(2, 2, i) for i in range(3)]
    [(0, 1), (1, 0), (0, 1)]
    """
    return tuple((seat + index) % entrants for seat in range(players))


def play_task(task: Task) -> tuple[tuple[int, ...], int, int]:
    """Play one game of the tournament (in a worker process or here): its winning seats,
    decisions and turns."""
    state = new_game(task.game, len(task.entrants), task.seed, **dict(task.options))
    seeds = zip(task.entrants, task.bot_seeds, strict=True)
    bots = [make_bot(name, bot_seed, task.game) for name, bot_seed in seeds]
    decisions = play_game(state, bots)
    return tuple(state.winners), decisions, int(state.facts().get("turns", 0))


@dataclass
class TournamentReport(Report):
    """The figures of a tournament: per bot, its wins with 95% intervals and its rating."""

    entrants: list[str]  # the bots, rotated through the seats (``seating``)
    outcomes: list[Outcome] = field(default_factory=list)

    def rows(self) -> list[dict[str, Any]]:
        """Per bot: seat-games played, wins, win rate, 95% interval, against an even share."""
        even = 1 / self.players
        out = []
        for e, name in enumerate(self.entrants):
            played = sum(seats.count(e) for seats in (o.seats for o in self.outcomes))
            wins = sum(1 for o in self.outcomes for s in o.winners if o.seats[s] == e)
            figures = win_figures(wins, played)
            lo, hi = figures["ci95"]
            verdict = "above" if lo > even else "below" if hi < even else "even"
            out.append({"bot": name, "seat_games": played, **figures,
                        "even_share": even, "verdict": verdict})  # fmt: skip
        ratings = self.ratings()
        for row, rating in zip(out, ratings, strict=True):
            row.update(rating)
        return out

    def ratings(self) -> list[dict[str, float]]:
        """OpenSkill (Plackett-Luce) ratings, games taken in order (``rating.rate_game``): a
        bot whose seat won ranks first, the others share second place."""
        skills = [Skill() for _ in self.entrants]
        for o in self.outcomes:
            present = sorted(set(o.seats))
            won = [any(o.seats[s] == e for s in o.winners) for e in present]
            new = rate_game([skills[e] for e in present], won)
            for e, skill in zip(present, new, strict=True):
                skills[e] = skill
        return [{"mu": s.mu, "sigma": s.sigma, "rating": s.rating} for s in skills]

    def to_json(self) -> dict[str, Any]:
        games = max(1, len(self.outcomes))
        return {
            **self.head(len(self.outcomes)),
            "bots": self.rows(),
            "mean_decisions": sum(o.decisions for o in self.outcomes) / games,
            "mean_turns": sum(o.turns for o in self.outcomes) / games,
        }


def tournament(
    game: str,
    players: int,
    entrants: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> TournamentReport:
    """Play ``games`` games between ``entrants`` (bot specs), seats rotated, on ``backend``
    (``workers`` local processes unless given)."""
    get_game(game).check_players(players)
    for name in entrants:
        make_bot(name, 0, game)  # a bad bot name fails here, not in a worker
    opts = dict(options or {})
    report = TournamentReport(game, players, seed, opts, list(entrants))
    tasks = []
    for i in range(games):
        seats = seating(len(entrants), players, i)
        rng = random.Random(f"{seed}:{i}")
        bot_seeds = tuple(rng.getrandbits(63) for _ in seats)
        names = tuple(entrants[e] for e in seats)
        options_items = tuple(sorted(opts.items()))
        tasks.append(Task(i, game, options_items, names, rng.getrandbits(63), bot_seeds))
    new_game(game, players, 0, **opts)  # bad options fail here, not in a worker
    runner = backend or Backend(workers=workers)
    _collect(report, tasks, runner.map(play_task, tasks), len(entrants), progress)
    return report


def _collect(
    report: TournamentReport,
    tasks: list[Task],
    results: Iterable[tuple[tuple[int, ...], int, int]],
    entrants: int,
    progress: Callable[[int], None] | None,
) -> None:
    """Results in game order, whoever played them."""
    for task, (winners, decisions, turns) in zip(tasks, results, strict=True):
        seats = seating(entrants, report.players, task.index)
        report.outcomes.append(Outcome(task.index, seats, winners, decisions, turns))
        if progress:
            progress(1)


def plot(report: TournamentReport, path: str) -> None:
    """A rating chart: each bot's OpenSkill rating (mu) with ±2 sigma, and its win rate."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = report.rows()
    names = [r["bot"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.bar(names, [r["mu"] for r in rows], yerr=[2 * r["sigma"] for r in rows], capsize=6)
    left.set_title(_("rating: OpenSkill skill μ ± 2σ (the table's rating)"))
    rates = [r["win_rate"] for r in rows]
    errors = [[r - r_["ci95"][0] for r, r_ in zip(rates, rows, strict=True)],
              [r_["ci95"][1] - r for r, r_ in zip(rates, rows, strict=True)]]  # fmt: skip
    right.bar(names, rates, yerr=errors, capsize=6, color="tab:orange")
    right.axhline(1 / report.players, color="grey", linestyle="--", label=_("even share"))
    right.set_title(_("win rate per seat-game (95% CI)"))
    right.legend()
    n, games = report.players, len(report.outcomes)
    fig.suptitle(_("{game}, {n} players, {games} games").format(game=report.game, n=n, games=games))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)

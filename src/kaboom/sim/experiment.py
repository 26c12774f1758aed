"""Experiments: what does a rule do? Vary options (or deck files, or the number of players)
over values, play the same number of seeded games in every cell of the grid, and compare
per cell the seats' and the bots' win rates, the game's length and how games end, each with
its 95% interval (docs/experiments.md).

Every cell is played from the same master seed, so the cells differ by the rule varied and
not by their luck (common random numbers), and the same seed gives the same figures on any
backend.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from kaboom.engine.errors import BadInput
from kaboom.engine.jsonvalue import JsonValue
from kaboom.engine.registry import get_game
from kaboom.i18n import _
from kaboom.sim.backend import Backend
from kaboom.sim.simulate import SimulationReport, bot_list, simulate
from kaboom.sim.stats import Z95, wilson_interval, win_figures

#: The axis that varies the number of players rather than an option.
PLAYERS = "players"


@dataclass(frozen=True)
class Axis:
    """One thing varied: an option's name (or ``players``) and its values, in order."""

    name: str
    values: tuple[JsonValue, ...]


@dataclass(frozen=True)
class Grid:
    """What an experiment plays: the game, its fixed options, the axes, bots and games."""

    game: str
    players: int
    axes: tuple[Axis, ...]
    bots: str
    games: int
    seed: int
    options: tuple[tuple[str, JsonValue], ...] = ()

    def values(self) -> dict[str, tuple[JsonValue, ...]]:
        """Each axis's values, as the game's declared option takes them (``2025`` typed
        for a text option is ``"2025"``); a bad value raises ``BadOption`` naming it."""
        declared = {o.name: o for o in get_game(self.game).options}
        return {
            a.name: tuple(declared[a.name].check(v) if a.name in declared else v for v in a.values)
            for a in self.axes
        }

    def cells(self) -> list[dict[str, Any]]:
        """Every combination of the axes' values, the first axis slowest."""
        values = self.values()
        return [
            dict(zip(values, combination, strict=True))
            for combination in itertools.product(*values.values())
        ]

    def check(self) -> None:
        """Bad axes, counts or bots: ``BadInput`` naming the option, before any game."""
        if self.games < 1:
            why = _("a positive number of games per cell, got {n}").format(n=self.games)
            raise BadInput("--games", why)
        if not self.axes:
            raise BadInput("--vary", _("at least one NAME=V1,V2 to vary"))
        names = [a.name for a in self.axes]
        for axis in self.axes:
            if names.count(axis.name) > 1:
                why = _("each name once; {name!r} is varied twice").format(name=axis.name)
                raise BadInput("--vary", why)
            if axis.name in dict(self.options):
                why = _("{name!r} is also fixed with -o").format(name=axis.name)
                raise BadInput("--vary", why)
            if not axis.values:
                raise BadInput(f"--vary {axis.name}", _("at least one value"))
        spec = get_game(self.game)
        for cell in self.cells():
            players = int(cell.get(PLAYERS, self.players))
            spec.check_players(players)
            bot_list(self.bots, players)


def run_experiment(
    grid: Grid,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every cell of ``grid``; the experiment's figures as JSON-able data."""
    grid.check()
    cells = []
    for cell in grid.cells():
        players = int(cell.get(PLAYERS, grid.players))
        options = {**dict(grid.options), **{k: v for k, v in cell.items() if k != PLAYERS}}
        names = bot_list(grid.bots, players)
        report = simulate(
            grid.game, players, grid.games, grid.seed, names, options, progress, backend
        )
        cells.append({"cell": cell, **cell_figures(report)})
    return {
        "game": grid.game,
        "seed": grid.seed,
        "games_per_cell": grid.games,
        "bots": grid.bots,
        "players": grid.players,
        "options": dict(grid.options),
        "vary": {name: list(values) for name, values in grid.values().items()},
        "cells": cells,
    }


def cell_figures(report: SimulationReport) -> dict[str, Any]:
    """One cell's figures: seats, bots, teams, length and endings, with 95% intervals."""
    figures = report.to_json()
    games = report.games
    endings = Counter(r.ending or "unknown" for r in report.records)
    return {
        "players": report.players,
        "games": games,
        "options": report.options,
        "even_share": 1 / report.players,
        "seats": figures["seats"],
        "bots": bot_rows(report),
        **({"teams": figures["teams"]} if "teams" in figures else {}),
        "turns": mean_interval([r.turns for r in report.records]),
        "decisions": mean_interval([r.decisions for r in report.records]),
        "endings": {
            kind: {"games": n, "share": n / games, "ci95": list(wilson_interval(n, games))}
            for kind, n in sorted(endings.items())
        },
    }


def bot_rows(report: SimulationReport) -> list[dict[str, Any]]:
    """Per bot (by spec): the seat-games it played, its wins, win rate and 95% interval."""
    rows = []
    for name in dict.fromkeys(report.bots):
        seats = [s for s, b in enumerate(report.bots) if b == name]
        played = len(seats) * report.games
        wins = sum(report.wins(s) for s in seats)
        rows.append({"bot": name, "seat_games": played, **win_figures(wins, played)})
    return rows


class MeanInterval(TypedDict):
    """A mean with its 95% interval."""

    mean: float
    ci95: list[float]


def mean_interval(values: Sequence[float]) -> MeanInterval:
    """The mean of ``values`` with its 95% interval (normal approximation).

    >>> figure = mean_interval([10, 12, 14])
    >>> figure["mean"], [round(x, 2) for x in figure["ci95"]]
    (12.0, [9.74, 14.26])
    """
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "ci95": [0.0, 0.0]}
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return {"mean": mean, "ci95": [mean - half, mean + half]}


def cell_label(cell: Mapping[str, object]) -> str:
    """``attack=classic, players=3``: a cell as its varied values (a data file by its name).

    >>> cell_label({"deck": "docs/decks/original-defuses-2.toml", "players": 3})
    'deck=original-defuses-2.toml, players=3'
    """
    return ", ".join(f"{k}={_shown(v)}" for k, v in cell.items())


def _shown(value: object) -> object:
    """A value as typed after ``-o NAME=`` (``true``), a ``.toml`` file by its name."""
    if isinstance(value, bool):
        return str(value).lower()
    return Path(value).name if isinstance(value, str) and value.endswith(".toml") else value


CSV_COLUMNS = ("cell", "players", "games", "figure", "key", "value", "ci_low", "ci_high")


def to_csv(result: dict[str, Any]) -> str:
    """The figures as CSV, one row per cell and figure (long format): ``seat_win_rate``
    (key: the seat), ``bot_win_rate`` (the bot), ``team_win_rate`` (the team),
    ``turns``, ``decisions`` and ``ending_share`` (how the games ended)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in figure_rows(result):
        writer.writerow(row)
    return buffer.getvalue()


def figure_rows(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every figure of every cell as (cell, players, games, figure, key, value, lo, hi)."""
    rows: list[tuple[Any, ...]] = []
    for c in result["cells"]:
        head = (cell_label(c["cell"]), c["players"], c["games"])
        for s in c["seats"]:
            rows.append((*head, "seat_win_rate", s["seat"], s["win_rate"], *s["ci95"]))
        for b in c["bots"]:
            rows.append((*head, "bot_win_rate", b["bot"], b["win_rate"], *b["ci95"]))
        for t in c.get("teams", []):
            rows.append((*head, "team_win_rate", t["team"], t["win_rate"], *t["ci95"]))
        for length in ("turns", "decisions"):
            rows.append((*head, length, "", c[length]["mean"], *c[length]["ci95"]))
        for kind, e in c["endings"].items():
            rows.append((*head, "ending_share", kind, e["share"], *e["ci95"]))
    return rows


def plot(result: dict[str, Any], path: str) -> None:
    """Four panels against the varied values: each seat's win rate (the even share dashed),
    each bot's (or team's) win rate, the game's length in turns and decisions, and the share
    of each ending; error bars are the 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells = result["cells"]
    labels = [cell_label(c["cell"]) for c in cells]
    xs = list(range(len(cells)))
    fig, axes = plt.subplots(2, 2, figsize=(12, 8))
    seats, bots, length, endings = axes[0][0], axes[0][1], axes[1][0], axes[1][1]
    seats_max = max(c["players"] for c in cells)
    for seat in range(seats_max):
        series = [(x, c["seats"][seat]) for x, c in zip(xs, cells, strict=True)
                  if seat < c["players"]]  # fmt: skip
        _bars(seats, series, "win_rate", _("seat {seat}").format(seat=seat))
    seats.plot(xs, [c["even_share"] for c in cells], "k--", label=_("even share"))
    seats.set_title(_("win rate per seat (95% CI)"))
    groups = "teams" if all("teams" in c for c in cells) else "bots"
    keys = list(dict.fromkeys(r["team" if groups == "teams" else "bot"]
                              for c in cells for r in c[groups]))  # fmt: skip
    for key in keys:
        series = [(x, r) for x, c in zip(xs, cells, strict=True) for r in c[groups]
                  if r["team" if groups == "teams" else "bot"] == key]  # fmt: skip
        _bars(bots, series, "win_rate", f"{groups[:-1]} {key}")
    bots.set_title(
        _("win rate per team (95% CI)") if groups == "teams" else _("win rate per bot (95% CI)")
    )
    for name in ("turns", "decisions"):
        _bars(length, [(x, c[name]) for x, c in zip(xs, cells, strict=True)], "mean", name)
    length.set_title(_("game length: mean turns and decisions (95% CI)"))
    kinds = sorted({k for c in cells for k in c["endings"]})
    for kind in kinds:
        series = [(x, c["endings"][kind]) for x, c in zip(xs, cells, strict=True)
                  if kind in c["endings"]]  # fmt: skip
        _bars(endings, series, "share", kind)
    endings.set_title(_("how games end: share of games (95% CI)"))
    for ax in (seats, bots, length, endings):
        ax.set_xticks(xs, labels, rotation=20, ha="right", fontsize=8)
        ax.legend(fontsize=7)
    title = _("{game}: {n} games per cell, bots {bots}, seed {seed}")
    fig.suptitle(
        title.format(
            game=result["game"],
            n=result["games_per_cell"],
            bots=result["bots"],
            seed=result["seed"],
        )
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _bars(ax: Any, series: list[tuple[int, dict[str, Any]]], key: str, label: str) -> None:
    """A line with 95% error bars through ``(x, figure)`` points."""
    xs = [x for x, _ in series]
    ys = [f[key] for _, f in series]
    low = [y - f["ci95"][0] for y, (_, f) in zip(ys, series, strict=True)]
    high = [f["ci95"][1] - y for y, (_, f) in zip(ys, series, strict=True)]
    ax.errorbar(xs, ys, yerr=[low, high], capsize=4, marker="o", label=label)

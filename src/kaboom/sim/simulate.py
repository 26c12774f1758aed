"""Play many seeded games between bots and gather per-seat figures."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaboom.bots.base import Bot, watchers
from kaboom.bots.make import make_bot
from kaboom.bots.random_bot import RandomBot
from kaboom.engine.events import Event
from kaboom.engine.jsonvalue import JsonObject, JsonValue
from kaboom.engine.playout import random_playout
from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.engine.view import PlayerView
from kaboom.sim.backend import Backend
from kaboom.sim.stats import win_figures


@dataclass
class GameRecord:
    """One finished game: who won, how many turns and decisions it took."""

    seed: int
    winners: list[int]
    turns: int
    decisions: int
    scores: list[int] | None = None  # final score per seat, where the game keeps score
    teams: list[int] | None = None  # team per seat, in a team game
    ending: str | None = None  # how the game ended (the ``ending`` fact), where it says


@dataclass
class Report:
    """What a simulation or a tournament played: the game, its seats, the master seed and
    the game options."""

    game: str
    players: int
    seed: int
    options: JsonObject

    def head(self, games: int) -> dict[str, Any]:
        """The first fields of the report's JSON: what was played, and how many games."""
        return {"game": self.game, "players": self.players, "games": games,
                "seed": self.seed, "options": self.options}  # fmt: skip


@dataclass
class SimulationReport(Report):
    """The figures of a simulation: win rate per seat with 95% intervals, mean lengths."""

    bots: list[str]  # the bot of each seat
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.records)

    def wins(self, seat: int) -> int:
        return sum(seat in r.winners for r in self.records)

    def mean_turns(self) -> float:
        return sum(r.turns for r in self.records) / max(1, self.games)

    def mean_decisions(self) -> float:
        return sum(r.decisions for r in self.records) / max(1, self.games)

    def mean_score(self, seat: int) -> float | None:
        scored = [r.scores[seat] for r in self.records if r.scores is not None]
        return sum(scored) / len(scored) if scored else None

    def team_rows(self) -> list[dict[str, Any]]:
        """Win rates per team, where the games were team games."""
        teams = self.records[0].teams if self.records else None
        if not teams:
            return []
        rows = []
        for team in sorted(set(teams)):
            seats = [s for s, t in enumerate(teams) if t == team]
            wins = sum(any(s in r.winners for s in seats) for r in self.records)
            rows.append({"team": team, "seats": seats, **win_figures(wins, self.games)})
        return rows

    def to_json(self) -> dict[str, Any]:
        seats = []
        for seat in range(self.players):
            row: dict[str, Any] = {
                "seat": seat,
                "bot": self.bots[seat],
                **win_figures(self.wins(seat), self.games),
            }
            if self.mean_score(seat) is not None:
                row["mean_score"] = self.mean_score(seat)
            seats.append(row)
        teams = self.team_rows()
        return {
            **self.head(self.games),
            "seats": seats,
            **({"teams": teams} if teams else {}),
            "mean_turns": self.mean_turns(),
            "mean_decisions": self.mean_decisions(),
        }


def play_game(
    state: State,
    bots: Sequence[Bot],
    on_events: Callable[[State, list[Event]], None] | None = None,
) -> int:
    """Play ``state`` to the end with one bot per seat; return the number of decisions.
    Where every seat is a random bot and nobody watches the events, the engine plays the
    game itself (``random_playout``: the same draws from the bots' generators, so the same
    game, without a view per decision)."""
    rngs = [bot.rng for bot in bots if type(bot) is RandomBot]
    if on_events is None and len(rngs) == len(bots):
        return random_playout(state, rngs)
    decisions = 0
    watching = watchers(bots)
    while True:
        seat = state.to_act
        if seat is None:
            return decisions
        # A view holds what the seat may know now, never the game: a new one each decision.
        events = state.apply(bots[seat].act(PlayerView(state, seat)), seat)
        decisions += 1
        for q, bot in watching:  # (each watching bot its own seat's observation)
            bot.see(state.observe(q))
        if on_events is not None:
            on_events(state, events)


def simulate(
    game: str,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    options: Mapping[str, JsonValue] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
    start: tuple[object, ...] | None = None,
) -> SimulationReport:
    """Play ``games`` games; game ``i`` and its bots are seeded from ``seed`` alone, so the
    same seed gives the same figures, on any ``backend`` (``in_parts``). ``start``: the
    master RNG's state to begin from (a part of a larger run)."""
    options = dict(options or {})
    report = SimulationReport(game, players, seed, options, list(bot_names))
    if backend is not None and backend.parallel:
        report.records = in_parts(report, games, backend, progress)
        return report
    master = random.Random(seed)
    if start is not None:
        master.setstate(start)
    for _ in range(games):
        game_seed = master.getrandbits(63)
        state = new_game(game, players, game_seed, **options)
        bots = [make_bot(name, master.getrandbits(63), game) for name in bot_names]
        decisions = play_game(state, bots)
        facts = state.facts()
        report.records.append(
            GameRecord(
                game_seed,
                list(state.winners),
                facts.get("turns", 0),
                decisions,
                facts.get("totals"),
                facts.get("team_of"),
                facts.get("ending"),
            )
        )
        if progress is not None:
            progress(1)
    return report


#: Parts per worker of a simulation split by seed (``in_parts``).
PARTS_PER_WORKER = 64


@dataclass(frozen=True)
class Part:
    """Consecutive games of a simulation, from the master RNG's state before the first."""

    game: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, JsonValue], ...]
    start: tuple[object, ...]


def play_part(part: Part) -> list[GameRecord]:
    """The games of one part (in a worker), as ``simulate`` plays them."""
    report = simulate(
        part.game, part.players, part.games, part.seed, part.bots, dict(part.options),
        start=part.start,
    )  # fmt: skip
    return report.records


def in_parts(
    report: SimulationReport,
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None,
) -> list[GameRecord]:
    """The games of ``report`` split by seed into parts that ``backend`` plays: the master
    RNG is stepped here as ``simulate`` steps it (a game's seed, then one per bot), so game
    ``i`` gets the seeds it gets in one process and the records are the same."""
    new_game(report.game, report.players, 0, **report.options)  # bad options fail here
    for name in report.bots:
        make_bot(name, 0, report.game)
    master = random.Random(report.seed)
    size = max(1, -(-games // (backend.capacity() * PARTS_PER_WORKER)))
    parts = []
    for first in range(0, games, size):
        count = min(size, games - first)
        parts.append(Part(report.game, report.players, count, report.seed, tuple(report.bots),
                          tuple(sorted(report.options.items())), master.getstate()))  # fmt: skip
        for _ in range(count * (1 + len(report.bots))):
            master.getrandbits(63)
    records: list[GameRecord] = []
    for part_records in backend.map(play_part, parts):
        records += part_records
        if progress is not None:
            progress(len(part_records))
    return records


def bot_list(spec: str | None, players: int) -> list[str]:
    """``random,random`` → one name per seat; a single name fills every seat."""
    from kaboom.engine.errors import BadInput
    from kaboom.i18n import _

    names = [n.strip() for n in (spec or "random").split(",") if n.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        why = _("one bot name or {n} comma-separated names").format(n=players)
        raise BadInput("--bots", why)
    return names

"""Random-playout throughput on one core, as a ratio against a reference run in the same
process: OpenSpiel's C++ ``crazy_eights`` at 4 players stepped from Python (the ``bench``
extra), each of our measurements alternating with one of the reference's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kaboom.engine.registry import new_game

#: OpenSpiel's game the figures are compared with (``pyspiel.load_game`` form): the card game
#: the issue names, at the 4 players of the figures quoted.
REFERENCE = "crazy_eights(players=4)"
#: CPU seconds a measurement runs before it hands over to the other, when two alternate.
SLICE = 0.05


@dataclass
class Throughput:
    """Games and decisions per CPU second of one random-playout run; with the reference's
    figure measured alongside it (``reference``: decisions per second), when there is one."""

    label: str
    games: int
    decisions: int
    seconds: float
    reference: float | None = None

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds

    @property
    def ratio(self) -> float | None:
        """Our decisions per second over the reference's measured alongside."""
        return None if self.reference is None else self.decisions_per_s / self.reference

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "games": self.games,
            "decisions": self.decisions,
            "cpu_seconds": self.seconds,
            "games_per_s": self.games_per_s,
            "decisions_per_s": self.decisions_per_s,
            "reference_decisions_per_s": self.reference,
            "ratio": self.ratio,
        }


@dataclass
class Meter:
    """A random-playout run that can stop and go on: games played until a budget of CPU
    seconds (process time: one core) is spent, added up over its turns."""

    label: str
    play_one: Callable[[int], int]
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def run(self, budget: float) -> None:
        """Play on for ``budget`` CPU seconds (at least one game)."""
        start = time.process_time()
        while True:
            self.decisions += self.play_one(self.games)
            self.games += 1
            spent = time.process_time() - start
            if spent >= budget:
                self.seconds += spent
                return

    def throughput(self, reference: float | None = None) -> Throughput:
        return Throughput(self.label, self.games, self.decisions, self.seconds, reference)


def alternating(ours: Meter, theirs: Meter | None, budget: float) -> Throughput:
    """``ours`` for ``budget`` CPU seconds, in slices (``SLICE``) that alternate with
    slices of ``theirs`` (the reference): on a machine whose load changes, both see the
    same load, and their ratio holds though each figure moves."""
    if theirs is None:
        ours.run(budget)
        return ours.throughput()
    while ours.seconds < budget:
        ours.run(min(SLICE, budget - ours.seconds))
        theirs.run(SLICE)
    return ours.throughput(theirs.throughput().decisions_per_s)


def kaboom_playout(game: str, players: int, options: dict[str, Any] | None = None) -> Any:
    """A function playing one uniformly random game from a seed; returns its decisions."""
    opts = dict(options or {})

    def play_one(seed: int) -> int:
        rng = random.Random(seed)
        state = new_game(game, players, seed, **opts)
        choice, legal, apply = rng.choice, state.legal_actions, state.apply
        decisions = 0
        while state.to_act is not None:
            apply(choice(legal()))
            decisions += 1
        return decisions

    return play_one


def openspiel_playout(name: str = "crazy_eights") -> Any | None:
    """The same loop over an OpenSpiel game, or None when open_spiel is not installed.
    Chance nodes are sampled from their outcomes and not counted as decisions."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def play_one(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play_one


def run_bench(
    games: tuple[str, ...] = ("exploding-kittens",),
    budget: float = 2.0,
    reference: str = REFERENCE,
    players: tuple[int, ...] | None = None,
) -> tuple[list[Throughput], Throughput | None]:
    """Our figures for each game at each player count (by default its smallest, 4 and its
    largest), each measured alternating with the reference (``alternating``), and the
    reference's over the whole run (None when open_spiel is missing)."""
    from kaboom.engine.registry import get_game

    ref_play = openspiel_playout(reference)
    ref = Throughput(f"open_spiel {reference}", 0, 0, 0.0)
    ours = []
    for game in games:
        spec = get_game(game)
        counts = players or (spec.min_players, min(4, spec.max_players), spec.max_players)
        for n in sorted(set(counts)):
            spec.check_players(n)
            theirs = None if ref_play is None else Meter(ref.label, ref_play)
            mine = Meter(f"{game} {n}p", kaboom_playout(game, n))
            ours.append(alternating(mine, theirs, budget))
            if theirs is not None:
                ref.games += theirs.games
                ref.decisions += theirs.decisions
                ref.seconds += theirs.seconds
    if ref_play is None:
        return ours, None
    ref.reference = ref.decisions_per_s
    return ours, ref


def ismcts_speed(
    game: str = "exploding-kittens", players: int = 4, decisions: int = 20, level: str = "medium"
) -> dict[str, Any]:
    """ISMCTS iterations per CPU second, and CPU seconds per decision at ``level``, over the
    first ``decisions`` decisions of seeded games (other seats play at random)."""
    from kaboom.bots.ismcts import IsmctsBot
    from kaboom.engine.view import PlayerView

    iterations = spent = 0.0
    made = 0
    seed = 0
    while made < decisions:
        state = new_game(game, players, seed)
        rng = random.Random(seed)
        bot = IsmctsBot.at_level(seed, level)
        while state.to_act is not None and made < decisions:
            seat = state.to_act
            if seat == 0 and len(state.legal_actions()) > 1:
                start = time.process_time()
                action = bot.act(PlayerView(state, 0))
                spent += time.process_time() - start
                iterations += bot.last_iterations
                made += 1
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
        seed += 1
    return {
        "game": game,
        "players": players,
        "level": level,
        "decisions": made,
        "iterations_per_s": iterations / spent,
        "seconds_per_decision": spent / made,
        "iterations_per_decision": iterations / made,
    }

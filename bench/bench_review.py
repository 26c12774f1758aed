"""The time of a game review: 30 decisions of a 4-player game of Exploding Kittens that the
heuristic bots play from a seed, reviewed at ``kaboom review``'s default budget, against
one ISMCTS decision at the medium level measured in the same run (the bots' own search).

Run: ``python bench/bench_review.py [--decisions N] [--playouts N] [--seed N] [--json]``.
The issue's bar: under 30 s on two cores with the compiled build (README, "Speed").
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from kaboom import build_kind
from kaboom.bots.make import make_bot
from kaboom.engine.registry import new_game
from kaboom.engine.view import PlayerView
from kaboom.sim.bench import ismcts_speed
from kaboom.sim.review import review
from kaboom.tui.review import REVIEW_PLAYOUTS

GAME, PLAYERS = "exploding-kittens", 4


def seeded_game(seed: int) -> list[int]:
    """The actions of a game the heuristic bots play from ``seed``."""
    state, rng = new_game(GAME, PLAYERS, seed), random.Random(seed)
    bots = [make_bot("heuristic", rng.getrandbits(63), GAME) for _ in range(PLAYERS)]
    while state.to_act is not None:
        state.apply(bots[state.to_act].act(PlayerView(state, state.to_act)))
    return list(state.history)


def decisions_to_review(seed: int, wanted: int) -> tuple[list[int], list[int]]:
    """The seats (seat 0 first, then more until there are enough) and the actions up to
    the ``wanted``-th decision of those seats (a decision: more than one legal action);
    the games of the next seeds follow if one game has too few."""
    for attempt in range(seed, seed + 50):
        history = seeded_game(attempt)
        for count in range(1, PLAYERS + 1):
            seats = list(range(count))
            state, made = new_game(GAME, PLAYERS, attempt), 0
            for step, action in enumerate(history):
                if state.to_act in seats and len(state.legal_actions()) > 1:
                    made += 1
                    if made == wanted:
                        return seats, [attempt, *history[: step + 1]]
                state.apply(action)
    raise SystemExit(f"no seeded game from {seed} has {wanted} decisions")


def measure(decisions: int, playouts: int, seed: int) -> dict[str, Any]:
    """The review's wall and CPU seconds, and the ISMCTS reference's CPU seconds a decision."""
    seats, found = decisions_to_review(seed, decisions)
    game_seed, history = found[0], found[1:]
    wall, cpu = time.perf_counter(), time.process_time()
    result = review(GAME, PLAYERS, game_seed, {}, history, seats, playouts)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert len(result.decisions) == decisions, len(result.decisions)
    reference = ismcts_speed(GAME, PLAYERS, decisions=10, level="medium")
    per_decision = cpu / decisions
    return {
        "game": GAME,
        "players": PLAYERS,
        "seed": game_seed,
        "seats": seats,
        "decisions": decisions,
        "playouts": playouts,
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 3),
        "decisions_per_s": round(decisions / wall, 3),
        "reference": "one ISMCTS medium decision (CPU seconds)",
        "reference_seconds": round(reference["seconds_per_decision"], 4),
        "ratio": round(per_decision / reference["seconds_per_decision"], 3),
        "build": build_kind(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=REVIEW_PLAYOUTS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one line of JSON")
    args = parser.parse_args()
    if args.decisions < 1 or args.playouts < 1:
        parser.error("--decisions and --playouts: positive numbers")
    figures = measure(args.decisions, args.playouts, args.seed)
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{GAME} {PLAYERS}p, {figures['build']}: review of {figures['decisions']} decisions "
        f"(seats {figures['seats']}, seed {figures['seed']}) at {figures['playouts']} rounds: "
        f"{figures['seconds']:.1f} s, {figures['decisions_per_s']:.2f} decisions/s"
    )
    print(
        f"a reviewed decision costs {figures['ratio']:.2f} x one ISMCTS medium decision "
        f"({figures['reference_seconds']:.3f} CPU s, same run)"
    )


if __name__ == "__main__":
    main()

"""How much better than the heuristic are a bot's decisions where they differ from it?

A tournament needs hundreds of games to see a few points of win rate. This looks at single
decisions instead: it plays heuristic games, and at a random third of the decisions asks the
bot too; where the two differ, it plays both moves on from the same sampled worlds (the
deciding seat's determinisations) with the same random streams, every seat following the
playout policy without its random moves, and records the difference in the seat's wins.
It is an in-model check (the playouts stand in for the real opponents), so read it beside a
tournament, not instead of one.

Run::

    .venv/bin/python bench/decision_gain.py exploding-kittens --players 4 \\
        --bot ismcts:iterations=1000 --decisions 100 --playouts 200

It prints the mean gain per differing decision with its standard error, how many decisions
agreed, and the gain by kind of change (the heuristic's move -> the bot's).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
from collections import defaultdict

from kaboom.bots.make import make_bot
from kaboom.engine.registry import get_game
from kaboom.engine.state import State
from kaboom.engine.view import PlayerView

#: The family's playout module, whose random moves are switched off while judging.
ROLLOUTS = {"eleminis": "kaboom.games.eleminis.rollout",
            "kittens-board-game": "kaboom.games.board.rollout"}  # fmt: skip
DEFAULT_ROLLOUT = "kaboom.games.kittens.rollout"


def wins_after(world: State, action: int, seat: int, seed: int) -> float:
    """Whether ``seat`` wins after ``action`` in ``world``, everyone playing on by policy."""
    state = world.clone()
    state.apply(action)
    rng = random.Random(seed)
    policy = get_game(world.game_id).playout.policy
    while state.to_act is not None:
        state.apply(policy(state, rng))
    return 1.0 if seat in state.winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="ismcts:iterations=1000")
    parser.add_argument("--decisions", type=int, default=60, help="differing decisions")
    parser.add_argument("--playouts", type=int, default=200, help="paired playouts each")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rollout = importlib.import_module(ROLLOUTS.get(args.game, DEFAULT_ROLLOUT))
    rollout.WANDER = 0.0  # type: ignore[attr-defined]  # judge by the policy itself, without its exploring moves
    game = get_game(args.game).state_class
    rng = random.Random(args.seed)
    heuristic = make_bot("heuristic", 1, args.game)
    gains: list[float] = []
    by_kind: dict[tuple[str, str], list[float]] = defaultdict(list)
    agreed = 0
    while len(gains) < args.decisions:
        state = game.start(args.players, rng.randrange(1 << 30), {})
        while state.to_act is not None and len(gains) < args.decisions:
            seat = state.to_act
            view = PlayerView(state, seat)
            usual = heuristic.act(view)
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                chosen = make_bot(args.bot, rng.randrange(1 << 30), args.game).act(view)
                if chosen == usual:
                    agreed += 1
                else:
                    diffs = []
                    for _ in range(args.playouts):
                        world = view.determinize(random.Random(rng.randrange(1 << 30)))
                        seed = rng.randrange(1 << 30)
                        diffs.append(
                            wins_after(world, chosen, seat, seed)
                            - wins_after(world, usual, seat, seed)
                        )
                    gains.append(statistics.mean(diffs))
                    kind = (
                        state.action_text(usual).split()[0],
                        state.action_text(chosen).split()[0],
                    )
                    by_kind[kind].append(gains[-1])
            state.apply(usual)
    mean, error = statistics.mean(gains), statistics.stdev(gains) / len(gains) ** 0.5
    print(f"{args.bot} in {args.game}, {args.players} players: {len(gains)} differing decisions")
    print(f"(and {agreed} agreeing); mean gain {mean:+.4f} ± {error:.4f} wins per differing one")
    for (was, now), values in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        print(f"  {was:>8} -> {now:<8} {len(values):4d}  mean {statistics.mean(values):+.4f}")


if __name__ == "__main__":
    main()

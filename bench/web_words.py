"""What the browser table's words cost the server: ``POST /api/words`` per decision.

For random games of each of the five games (4 players), every decision's seat is put into
words (``kaboom.web.words.words``: labels of every legal action, the status line, the log
of the last action's events, the table's panel) and timed beside the reference measured in
the same run on the same decisions: the observation and the legal actions' texts that the
server builds anyway for the update (``State.observe`` + ``State.action_text``). It prints
per game the median and the 99th percentile of both and their ratio.

    .venv/bin/python bench/web_words.py --games 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from kaboom.engine.registry import new_game
from kaboom.server.protocol import seen
from kaboom.web.words import words

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]


def measure(game: str, games: int, players: int) -> tuple[list[float], list[float]]:
    """Seconds per decision: the words, and the reference (observation + legal texts)."""
    said: list[float] = []
    reference: list[float] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(game, players, seed)
        while not state.is_over:
            seat = state.to_act
            t0 = time.perf_counter()
            obs = state.observe(seat)
            legal: list[dict[str, Any]] = [
                {"id": a, "text": state.action_text(a)} for a in state.legal_actions()
            ]
            t1 = time.perf_counter()
            words(game, players, {}, seat, obs, legal, [seen(state.last_events, seat)])
            t2 = time.perf_counter()
            reference.append(t1 - t0)
            said.append(t2 - t1)
            state.apply(rng.choice(state.legal_actions()))
    return said, reference


def pct(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="random games per game")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(f"{'game':20} {'decisions':>9} {'words p50':>10} {'p99':>9} {'ref p50':>9} {'ratio':>6}")
    for game in GAMES:
        said, ref = measure(game, args.games, args.players)
        ratio = statistics.median(said) / statistics.median(ref)
        print(
            f"{game:20} {len(said):9} {pct(said, 0.5) * 1e3:8.2f}ms {pct(said, 0.99) * 1e3:7.2f}ms"
            f" {pct(ref, 0.5) * 1e3:7.3f}ms {ratio:6.1f}"
        )


if __name__ == "__main__":
    main()

"""The differential test's games (``tests/test_builds.py``): every registered game at several
player counts and seeds, played by random, heuristic and ISMCTS bots (and with a few of
its options), each recorded as its actions, a digest of every step's events and its final
state. ``python tests/differential.py`` prints the records of the build it runs on as JSON
(with ``KABOOM_PURE=1``: the pure-Python modules)."""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from kaboom import build_kind
from kaboom.bots.make import make_bot
from kaboom.engine.events import Event
from kaboom.engine.registry import list_games, new_game
from kaboom.engine.state import State
from kaboom.sim.simulate import play_game

#: Seeds per player count: random bots, heuristic bots, ISMCTS against the heuristic.
RANDOM_SEEDS, HEURISTIC_SEEDS, ISMCTS_SEEDS = 20, 6, 3
ISMCTS = "ismcts:iterations=20"
#: Games played with options other than the defaults too: (game, players, options).
OPTION_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("exploding-kittens", 3, {"fast": True, "five_different": True, "first": 2}),
    ("dynamitt", 4, {"jokers": False, "five_different": False}),
    ("eleminis", 4, {"teams": 2, "match": True, "target": 100}),
    ("eleminis", 3, {"shuffle_turnover": True}),
    ("kittens-board-game", 3, {"first": 1}),
]

Case = tuple[str, int, int, str, dict[str, Any]]


def cases() -> list[Case]:
    """(game, players, seed, bots, options): one bot spec for every seat or one per seat."""
    out: list[Case] = []
    for spec in list_games():
        low, high = spec.min_players, spec.max_players
        for players in sorted({low, min(low + 2, high), high}):
            out += [(spec.game_id, players, s, "random", {}) for s in range(RANDOM_SEEDS)]
            out += [(spec.game_id, players, s, "heuristic", {}) for s in range(HEURISTIC_SEEDS)]
            if players <= 4:
                mixed = ",".join(ISMCTS if q % 2 == 0 else "heuristic" for q in range(players))
                out += [(spec.game_id, players, 100 + s, mixed, {}) for s in range(ISMCTS_SEEDS)]
    for game, players, options in OPTION_CASES:
        out += [(game, players, s, "random", options) for s in range(3)]
        out += [(game, players, 50, "heuristic", options)]
    return out


def play(case: Case) -> dict[str, Any]:
    """One game of ``case`` to the end: its actions, events digest and final state."""
    game, players, seed, bots, options = case
    names = bots.split(",")
    names = names * players if len(names) == 1 else names
    state = new_game(game, players, seed, **options)
    seats = [make_bot(name, seed * 31 + q, game) for q, name in enumerate(names)]
    digest = hashlib.sha256()

    def record(_: State, events: list[Event]) -> None:
        digest.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())

    play_game(state, seats, record)
    return {
        "case": [game, players, seed, bots, options],
        "actions": list(state.history),
        "events": digest.hexdigest(),
        "final": state.to_json(),
    }


def run() -> dict[str, Any]:
    return {"build": build_kind(), "games": [play(case) for case in cases()]}


if __name__ == "__main__":
    json.dump(run(), sys.stdout)

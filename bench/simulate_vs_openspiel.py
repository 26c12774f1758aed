"""``kaboom simulate`` as a whole process against OpenSpiel's ``crazy_eights`` stepped from
Python, in the same run: decisions per CPU second of each process (interpreter start,
imports, the games, the report), the two run alternately, and their ratio.

Run: ``python bench/simulate_vs_openspiel.py [--game exploding-kittens] [--players 4]
[--games 1000] [--rounds 3] [--pure]`` (``--pure``: kaboom's pure-Python modules,
``KABOOM_PURE=1``). Each round runs ``kaboom simulate GAME --players P --games N --seed R
--json`` and a Python process that plays N games of ``crazy_eights`` with P players, a
uniformly random legal action at each decision (chance nodes sampled, not counted), both
timed by the CPU time the operating system charges the child (``RUSAGE_CHILDREN``). The
reference needs OpenSpiel (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Run:
    """One process: its decisions and the CPU seconds it took."""

    decisions: int
    cpu_seconds: float

    @property
    def per_second(self) -> float:
        return self.decisions / self.cpu_seconds


def child_cpu(command: list[str], env: dict[str, str] | None = None) -> tuple[str, float]:
    """Run ``command`` to its end; its standard output and the CPU seconds (user and
    system) it and its children took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, capture_output=True, text=True, check=False, env={**os.environ, **(env or {})}
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, cpu


def kaboom_command() -> list[str]:
    """The ``kaboom`` command of this interpreter's environment."""
    script = Path(sys.executable).with_name("kaboom")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from kaboom.cli.main import app; app()"]


def run_simulate(game: str, players: int, games: int, seed: int, pure: bool) -> Run:
    """``kaboom simulate`` as a user runs it, reporting as JSON (decisions: games times the
    mean decisions per game)."""
    args = ["simulate", game, "--players", str(players), "--games", str(games)]
    args += ["--seed", str(seed), "--json"]
    out, cpu = child_cpu([*kaboom_command(), *args], {"KABOOM_PURE": "1"} if pure else None)
    report = json.loads(out)
    return Run(round(report["games"] * report["mean_decisions"]), cpu)


def run_reference(players: int, games: int, seed: int) -> Run:
    """``crazy_eights`` with ``players`` in a process of its own (this script, ``--play``)."""
    command = [sys.executable, __file__, "--play", str(players), str(games), str(seed)]
    out, cpu = child_cpu(command)
    return Run(int(out), cpu)


def play_crazy_eights(players: int, games: int, seed: int) -> int:
    """The reference's process: ``games`` games stepped from Python; its decisions.

    The same loop as ``kaboom.sim.bench.openspiel_playout``, written here on purpose: this
    process is timed whole, so it must import OpenSpiel alone, not kaboom."""
    import random

    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


def has_openspiel() -> bool:
    import importlib.util

    return importlib.util.find_spec("pyspiel") is not None


def measure(
    game: str, players: int, games: int, rounds: int, pure: bool, reference: bool = True
) -> dict[str, Any]:
    """Alternate the two processes ``rounds`` times; per round and overall figures."""
    ours: list[Run] = []
    theirs: list[Run] = []
    for r in range(rounds):
        ours.append(run_simulate(game, players, games, r, pure))
        if reference:
            theirs.append(run_reference(players, games, r))

    def total(runs: list[Run]) -> Run:
        return Run(sum(x.decisions for x in runs), sum(x.cpu_seconds for x in runs))

    figures: dict[str, Any] = {
        "game": game,
        "players": players,
        "games": games,
        "build": "pure" if pure else "default",
        "ours": [vars(x) | {"per_second": x.per_second} for x in ours],
        "ours_per_second": total(ours).per_second,
    }
    if theirs:
        figures["reference"] = [vars(x) | {"per_second": x.per_second} for x in theirs]
        figures["reference_per_second"] = total(theirs).per_second
        figures["ratio"] = total(ours).per_second / total(theirs).per_second
        pairs = zip(ours, theirs, strict=True)
        figures["round_ratios"] = [a.per_second / b.per_second for a, b in pairs]
    return figures


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--play", nargs=3, type=int, help=argparse.SUPPRESS)
    parser.add_argument("--game", default="exploding-kittens")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pure", action="store_true", help="kaboom's pure-Python modules")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.play:
        print(play_crazy_eights(*args.play))
        return
    reference = has_openspiel()
    figures = measure(args.game, args.players, args.games, args.rounds, args.pure, reference)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    label = f"kaboom simulate {args.game} --players {args.players} --games {args.games}"
    print(f"{label} ({figures['build']} build): {figures['ours_per_second']:,.0f} decisions/s")
    if not reference:
        print("reference missing: pip install -e '.[bench]' for open_spiel")
        return
    print(
        f"crazy_eights, {args.players} players, {args.games} games: "
        f"{figures['reference_per_second']:,.0f} decisions/s"
    )
    rounds = ", ".join(f"{r:.2f}" for r in figures["round_ratios"])
    print(f"ratio {figures['ratio']:.2f} (rounds: {rounds}); whole processes, CPU time")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Random-playout throughput, ours against OpenSpiel's crazy_eights in the same run.

Run: ``python bench/bench_playout.py [SECONDS]`` (same figures as ``kaboom bench``).
Install the reference with ``pip install -e '.[bench]'``; without it ours print alone.
"""

from __future__ import annotations

import sys

from kaboom.engine.registry import list_games
from kaboom.sim.bench import run_bench


def main(seconds: float) -> None:
    ours, ref = run_bench(tuple(g.game_id for g in list_games()), budget=seconds)
    for t in ours:
        ratio = f"{t.ratio:.2f}" if t.ratio is not None else "n/a"
        print(f"{t.label:28} {t.decisions_per_s:>12,.0f} decisions/s  ratio {ratio}")
    if ref is None:
        print("reference missing: pip install -e '.[bench]' for open_spiel")
    else:
        print(f"{ref.label:28} {ref.decisions_per_s:>12,.0f} decisions/s  (reference)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)

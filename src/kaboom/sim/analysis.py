"""Each choice's chance of winning, searched from one seat's information alone: the engine
of hints (the best few choices now) and game reviews (what you did against the best).

A decision is judged by paired Monte Carlo from the seat's view (``PlayerView``): each
round samples one full world from the seat's observation (``PlayerView.determinize``, so
nothing the seat could not see can enter) and one random stream, and plays every choice
from a copy of that world on with the game's playout policy (the moves ISMCTS plays out
with, ``Playout.policy``) to the end or the game's horizon. A choice's estimate is its mean
share of a win over the rounds, with a 95% interval; two choices are compared round by
round (common random numbers), which makes their difference far surer than either
estimate alone.

Everything is deterministic for a seed and a budget (``playouts`` rounds); a ``deadline``
(``time.monotonic()``) may stop it earlier, with wider intervals, as a table's time bound
requires. The time taken depends on what the seat knows and the seed, never on hidden cards.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.playout import play_out
from kaboom.engine.registry import get_game
from kaboom.engine.state import copy_rng
from kaboom.engine.view import PlayerView
from kaboom.sim.stats import Z95

#: Rounds per decision when nobody says: every choice is played out once a round.
PLAYOUTS = 200
#: How many choices a hint shows.
HINT_CHOICES = 3


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice's estimated chance of winning: ``win`` (a share of a win, 0 to 1) and
    its 95% interval ``low``..``high`` over ``playouts`` rounds."""

    action: int
    text: str
    win: float
    low: float
    high: float
    playouts: int

    def to_json(self) -> JsonObject:
        return {
            "action": self.action,
            "text": self.text,
            "win": round(self.win, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "playouts": self.playouts,
        }


@dataclass(slots=True)
class Tally:
    """Results of one choice, and its differences from every other choice on the same
    rounds (for a paired comparison)."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    #: Per other choice: the number of shared rounds, and the sums of the differences.
    paired: dict[int, tuple[int, float, float]] = field(default_factory=dict)

    def add(self, share: float) -> None:
        self.n += 1
        self.total += share
        self.squares += share * share

    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """The mean's 95% interval: a normal one around the mean, never narrower than a
        Wilson interval for the same count would be at this mean (few rounds prove little),
        within 0..1."""
        if self.n == 0:
            return 0.0, 1.0
        half = Z95 * math.sqrt(_variance(self.n, self.total, self.squares) / self.n)
        return max(0.0, self.mean() - half), min(1.0, self.mean() + half)


def _variance(n: int, total: float, squares: float) -> float:
    """The sample variance of ``n`` results, counting a win and a loss more (so that a few
    equal results do not look certain)."""
    k = n + 2
    mean = (total + 1) / k
    return max(0.0, (squares + 1) / k - mean * mean)


@dataclass(frozen=True, slots=True)
class Difference:
    """How much better ``better`` is than ``worse`` (a share of a win), paired round by
    round, with its 95% interval."""

    better: int
    worse: int
    loss: float
    low: float
    high: float


@dataclass(slots=True)
class Estimates:
    """Every choice of one decision, best first; ``rounds``: the rounds played."""

    seat: int
    choices: list[Choice]
    rounds: int
    tallies: dict[int, Tally]

    def best(self) -> Choice:
        return self.choices[0]

    def of(self, action: int) -> Choice:
        """The estimate of ``action`` (an action of the same group stands for it)."""
        for c in self.choices:
            if c.action == action:
                return c
        raise KeyError(action)

    def difference(self, better: int, worse: int) -> Difference:
        """``better``'s mean minus ``worse``'s over the rounds both were played."""
        if better == worse:
            return Difference(better, worse, 0.0, 0.0, 0.0)
        n, total, squares = self.tallies[better].paired.get(worse, (0, 0.0, 0.0))
        if n == 0:
            return Difference(better, worse, 0.0, -1.0, 1.0)
        mean = total / n
        half = Z95 * math.sqrt(max(0.0, squares / n - mean * mean) / max(1, n - 1))
        return Difference(better, worse, mean, mean - half, mean + half)


def estimate(
    view: PlayerView,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    deadline: float | None = None,
    also: tuple[int, ...] = (),
) -> Estimates:
    """Every distinct choice of ``view``'s seat (one of each group of moves that lead to the
    same position, and the actions in ``also``), played out ``playouts`` rounds from worlds
    sampled from the view alone; best first (ties: in the order of the legal actions).

    >>> from kaboom.engine.registry import new_game
    >>> state = new_game("exploding-kittens", 2, seed=5)
    >>> found = estimate(PlayerView(state, state.to_act), playouts=8, seed=1)
    >>> found.rounds, 0.0 <= found.best().low <= found.best().win <= found.best().high <= 1.0
    (8, True)
    """
    legal = view.legal_actions()
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if playouts < 1:
        raise ValueError(f"playouts: a positive number, got {playouts}")
    moves = view.distinct_actions(legal)
    moves += [a for a in also if a in legal and a not in moves]
    tallies = {a: Tally() for a in moves}
    playout = get_game(view.game_class.game_id).playout
    rng = random.Random(seed)
    seat, rounds = view.seat, 0
    while rounds < playouts and not (deadline is not None and time.monotonic() >= deadline):
        world, stream = view.determinize(rng), rng.getrandbits(64)
        chance = world.rng.getstate()
        shares: dict[int, float] = {}
        for a in moves:
            state = world.clone(copy_rng(chance))
            if a in state.legal_actions():  # (legal in every world the seat may be in)
                state.apply(a)
                shares[a] = play_out(playout, state, random.Random(stream))[seat]
        for a, share in shares.items():
            tally = tallies[a]
            tally.add(share)
            for b, other in shares.items():
                if b != a:
                    n, total, squares = tally.paired.get(b, (0, 0.0, 0.0))
                    d = share - other
                    tally.paired[b] = (n + 1, total + d, squares + d * d)
        rounds += 1
    order = {a: i for i, a in enumerate(legal)}
    ranked = sorted(moves, key=lambda a: (-tallies[a].mean(), order[a]))
    choices = [_choice(view, a, tallies[a]) for a in ranked]
    return Estimates(seat, choices, rounds, tallies)


def _choice(view: PlayerView, action: int, tally: Tally) -> Choice:
    low, high = tally.interval()
    return Choice(action, view.action_text(action), tally.mean(), low, high, tally.n)


def hint(
    view: PlayerView,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    deadline: float | None = None,
    shown: int = HINT_CHOICES,
) -> list[Choice]:
    """The best ``shown`` choices of the decision before ``view``'s seat, best first, each
    with its estimated chance of winning: what a hint shows."""
    return estimate(view, playouts, seed, deadline).choices[:shown]

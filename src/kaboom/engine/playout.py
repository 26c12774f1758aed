"""How a search plays a game out: search settings, kept apart from the rules.

A game registers one :class:`Playout` on its :class:`~kaboom.engine.registry.GameSpec`; a
search (``kaboom.bots.ismcts``) reads it there. The rules never import their playout: a
playout reads the state the rules built, never the other way round.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

from kaboom.engine.chance import uniform_index
from kaboom.engine.state import State

S = TypeVar("S", bound=State)


#: How many moves a playout may take in a game without a horizon before it is scored.
PLAYOUT_LIMIT = 5000


def uniform_policy(state: State, rng: random.Random) -> int:
    """A uniformly random legal move."""
    legal = state.legal_actions()
    return legal[uniform_index(rng, len(legal))]


def random_playout(state: State, rngs: list[random.Random]) -> int:
    """Play ``state`` to the end, each seat choosing uniformly among its legal actions with
    its own generator (``rngs[seat]``), as random bots seeded alike choose
    (``rng.choice``): the same game, with no view made per decision. Returns the number
    of decisions."""
    decisions = 0
    seat = state.to_act
    while seat is not None:
        legal = state.legal_now()
        state.apply(legal[uniform_index(rngs[seat], len(legal))])
        decisions += 1
        seat = state.to_act
    return decisions


def no_horizon(state: State) -> int | None:
    """Every playout goes to the end."""
    return None


def final_result(state: State) -> list[float]:
    """The winners share a win; a game cut short is nobody's yet."""
    return win_shares(state.winners, state.players)


@mypyc_attr(native_class=False)  # mypyc compiles no generic dataclass
@dataclass(frozen=True)
class Playout(Generic[S]):
    """A game's search settings: how a playout moves, how far it looks, how it is judged
    where it stops, and how deep a search's tree is worth growing.

    >>> from kaboom.engine.registry import get_game
    >>> get_game("eleminis").playout.tree_depth
    1
    """

    #: A quick, lifelike move for the seat to act (ISMCTS playouts); it must act only on
    #: what that seat knows. By default uniformly random.
    policy: Callable[[S, random.Random], int] = uniform_policy
    #: How many moves a playout from this state plays before it stops and is judged with
    #: ``result``; None: to the end.
    horizon: Callable[[S], int | None] = no_horizon
    #: Each seat's share of a win where a playout stops: the winners' at the end; a game
    #: cut short at the horizon is judged by its position.
    result: Callable[[S], list[float]] = final_result
    #: How many moves deep a search's tree is worth growing below a decision (None: no
    #: limit). A game whose later moves mean different things in different determinisations
    #: (Eleminis: where a card nobody has drawn yet goes) may stop at the decision's own.
    tree_depth: int | None = None


def play_out(
    playout: Playout[Any], state: State, rng: random.Random, limit: int = PLAYOUT_LIMIT
) -> list[float]:
    """A search's simulation: ``state`` played on by the playout's policy to its horizon
    (``limit`` moves in a game without one) or to the end, then each seat's share of a win
    there (``Playout.result``)."""
    policy = playout.policy
    for _ in range(playout.horizon(state) or limit):
        if state.to_act is None:
            break
        state.apply(policy(state, rng))
    return playout.result(state)


def judged_shares(features: list[dict[str, float] | None], weight: dict[str, float]) -> list[float]:
    """Each seat's share of a win judged from its features: a softmax of their weighted sum
    over the seats still in (``None``: out, no share). The model ``bench/fit_judge.py`` fits.

    >>> judged_shares([{"cards": 1.0}, None, {"cards": 0.0}], {"cards": math.log(3.0)})[1:]
    [0.0, 0.25]
    """
    score = [
        math.exp(sum(weight[k] * v for k, v in f.items())) if f is not None else 0.0
        for f in features
    ]
    total = sum(score)
    return [x / total for x in score]


def win_shares(seats: list[int], players: int) -> list[float]:
    """One win shared equally by ``seats``, as a share per seat.

    >>> win_shares([1, 2], 3)
    [0.0, 0.5, 0.5]
    >>> win_shares([], 2)
    [0.0, 0.0]
    """
    return [1 / len(seats) if q in seats else 0.0 for q in range(players)]

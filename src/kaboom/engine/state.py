"""The contract every game implements: state, actions, observations, events.

A game is a subclass of :class:`State`. Actions are integers in a fixed per-game space
(``num_distinct_actions``) with a canonical text form (``action_text`` / ``parse_action``);
chance is drawn from a seeded RNG that is part of the state, so ``seed + actions`` replays a
game exactly.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from kaboom.engine.events import Event

Observation = dict[str, Any]


class State(ABC):
    """A game in progress. Subclasses implement the abstract methods below."""

    game_id: ClassVar[str]
    __slots__ = ()

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[State]:
        """The class that plays a game with these options: this one, unless an option names
        a data file of the user's (Dynamitt's ``mapping``, the board game's ``board``). The
        registry, the scenario runner and ``state_from_json`` ask here before they start,
        rig or rebuild a state."""
        return cls

    @classmethod
    @abstractmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """A new game dealt from ``seed`` with checked ``options`` (see ``new_game``)."""

    # -- who decides -------------------------------------------------------------------------
    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats the game was started with."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (empty while the game goes on)."""

    @property
    @abstractmethod
    def history(self) -> list[int]:
        """Every action applied since the deal, in order."""

    # -- actions -----------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action space (for masks)."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The actions the seat to act may take now, each once, in an order fixed by the
        state (not necessarily increasing)."""

    @abstractmethod
    def explain_illegal(self, action: int) -> tuple[str, str]:
        """``(rule, reason)`` for an action that is not legal now."""

    def verify(self, action: int) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is not legal now."""
        from kaboom.engine.errors import IllegalAction

        if not isinstance(action, int) or not 0 <= action < self.num_distinct_actions:
            raise IllegalAction(
                "action id", f"expected an integer in 0..{self.num_distinct_actions - 1}"
            )
        if action not in self.legal_actions():
            raise IllegalAction(*self.explain_illegal(action))

    def can(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        return action in self.legal_actions()

    @abstractmethod
    def apply(self, action: int) -> list[Event]:
        """Verify, then play ``action``; return the events it caused."""

    @abstractmethod
    def action_text(self, action: int) -> str:
        """The canonical text form of an action id."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action id of a text form; raises ``BadInput`` naming what was expected."""

    def apply_text(self, text: str) -> list[Event]:
        """Parse then apply an action in text form."""
        return self.apply(self.parse_action(text))

    # -- information -------------------------------------------------------------------------
    @abstractmethod
    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator), as JSON-able data."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything ``seat`` knows, hidden parts sampled."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, RNG included."""

    @abstractmethod
    def describe(self, event: Event) -> str:
        """An event in plain words."""

    def rollout_action(self, rng: random.Random) -> int:
        """A quick move for simulations (ISMCTS playouts): uniformly random unless a game
        knows a cheap, more lifelike default policy."""
        legal = self.legal_actions()
        return legal[rng.randrange(len(legal))]

    def distinct_actions(self, actions: list[int]) -> list[int]:
        """One action of each group of ``actions`` that lead to the same position, the first
        of its group (a search need not compare moves that are the same move); by default
        every action is its own group. A game may group only by what the seat to act sees."""
        return list(actions)

    @property
    def playout_horizon(self) -> int | None:
        """How many moves a search's playout from here plays before it stops and scores the
        position with ``playout_result``; None (the default): every playout goes to the end."""
        return None

    @property
    def tree_depth(self) -> int | None:
        """How many moves deep a search's tree is worth growing below a decision; None (the
        default): no limit. A game whose later actions mean different things in different
        determinisations (Eleminis: where a card nobody has drawn yet goes) may stop the tree
        at the decision's own moves and let the playout policy play on."""
        return None

    def playout_result(self) -> list[float]:
        """Each seat's share of a win where a playout stops: at the end of the game the
        winners share it; a game cut short at ``playout_horizon`` judges its position (by
        default nobody has won it yet)."""
        return win_shares(self.winners, self.players)

    def render(self) -> str:
        """The table as text (a board, rows), for stories and terminals; empty if none."""
        return ""

    def opening(self) -> list[Event]:
        """What the deal showed, as events (each with its audience): a story or a log
        starts with these. Valid on a state fresh from ``new_game``."""
        return []

    # -- serialisation -----------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state, RNG included, as JSON-able data."""

    @classmethod
    @abstractmethod
    def from_json(cls, raw: dict[str, Any]) -> Self:
        """The inverse of :meth:`to_json`."""

    # -- scenarios ---------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> Self:
        """A state with every pile laid out by hand (see docs/scenarios.md)."""

    @abstractmethod
    def facts(self) -> dict[str, Any]:
        """Checkable facts about the state, by name, for scenario expectations."""


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

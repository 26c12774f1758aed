"""The class the exploding family's games register: the rules (``rules.py``) and their words.

Every family has the same layout: ``fields.py`` declares the fields (``_fields.py`` is
written from it), ``core.py`` deals and answers the small questions, ``knowledge.py`` is what
each seat knows and may sample, ``record.py`` the state written down (JSON, rigs, facts),
``rules.py`` the rules in the rulebook's order, and ``state.py`` the class a game
registers. Each edition's class (``OriginalState``, ``MinionsState``, ``DynamittState``)
extends :class:`KittensState` with its edition's data.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from kaboom.engine.events import Event
from kaboom.games.kittens import events
from kaboom.games.kittens.core import (
    EXPLODING,
    GIVING,
    OVER,
    PHASES,
    PLACING,
    REACT,
    TAKING,
    TURN,
)
from kaboom.games.kittens.rules import KittensRules
from kaboom.games.kittens.words import describe_event, describe_events

#: The phases, by name, for the adapters and tests that read a state's ``phase``.
__all__ = [
    "EXPLODING",
    "GIVING",
    "OVER",
    "PHASES",
    "PLACING",
    "REACT",
    "TAKING",
    "TURN",
    "KittensState",
]


@mypyc_attr(allow_interpreted_subclasses=True)
class KittensState(KittensRules):
    """A game of an exploding-family edition. Subclasses set ``edition`` and ``game_id``."""

    __slots__ = ()

    # -- words -----------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return describe_event(self.edition, event)

    def describe_all(self, events: list[Event]) -> list[str]:
        return describe_events(self.edition, events)

    def opening(self) -> list[Event]:
        """Each player looks at their hand ("Look at yours but keep them secret")."""
        return [events.hand(q, self.hand_slugs(q), self.table.solo[q]) for q in range(self.n)]

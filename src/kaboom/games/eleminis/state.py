"""Eleminis, the whole contract: the rules (``rules.py``) with the support code around them,
the text of actions (``actions.py``), what each seat knows (``knowledge.py``) and the
state written down (``record.py``)."""

from __future__ import annotations

from typing import ClassVar

from kaboom.engine.events import Event
from kaboom.games.eleminis import events as ev
from kaboom.games.eleminis.actions import (
    RECYCLE,
    action_text,
    cells_after,
    decode,
    encode,
    parse_action,
)
from kaboom.games.eleminis.rules import DECK, EleminisRules
from kaboom.games.eleminis.words import describe_event

__all__ = ["DECK", "EleminisState"]


class EleminisState(EleminisRules):
    """A game (or a match of games) of Eleminis."""

    __slots__ = ()

    # -- actions ---------------------------------------------------------------------------------
    def encode(self, kind: int, a: int = 0, b: int = 0) -> int:
        """The id of an action (``actions.encode``)."""
        return encode(self.n * self.slots, kind, a, b)

    def decode(self, action: int) -> tuple[int, int, int]:
        """``(kind, a, b)`` of an action id (``actions.decode``)."""
        return decode(self.n * self.slots, action)

    def action_text(self, action: object) -> str:
        drawn = self.deck_data.slugs[self.drawn] if self.drawn >= 0 else None
        return action_text(action, self.n, self.slots, drawn)

    def parse_action(self, text: object) -> int:
        """``play water -> p2.3``, ``move p1.2 -> p3.4``, ``swap p1.2 p3.4``,
        ``discard p1.2``, ``recycle p1.2``, ``pass``."""
        return parse_action(text, self.n, self.deck_data, self.drawn)

    def distinct_actions(self, actions: list[int]) -> list[int]:
        """The order of a row's cards is not important (rulebook, "Winning the Game"): a
        card into either of two empty slots of one row is one move. Actions group by the
        rows they leave (and Recycle, which plays again, apart from Discard)."""
        seen: set[tuple[object, ...]] = set()
        out = []
        for action in actions:
            key = (self.decode(action)[0] == RECYCLE, *self._rows_after(action))
            if key not in seen:
                seen.add(key)
                out.append(action)
        return out

    def _rows_after(self, action: int) -> list[tuple[int, ...]]:
        after, slots = cells_after(self.cells, self.drawn, action), self.slots
        return [tuple(sorted(after[q * slots : (q + 1) * slots])) for q in range(self.n)]

    # -- information -----------------------------------------------------------------------------
    # -- words -----------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return describe_event(self.deck_data, event)

    def opening(self) -> list[Event]:
        """The first player's first card, shown to all."""
        if self.drawn < 0:
            return []
        return [ev.card("draw", self.current, self.deck_data.slugs[self.drawn])]

    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset({"legal"})

"""The fields of a state, generated from the table in tests/tiny_game/fields.py
(``python tools/fields.py``): do not edit."""

from __future__ import annotations

from typing import Any, Final, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import checks
from kaboom.engine.state import State
from tiny_game.fields import SLUGS

#: The keys of a scenario's setup that the field table lays out (``_rig_fields``).
RIG_KEYS: Final = frozenset({"deck", "hands", "stones"})


@mypyc_attr(allow_interpreted_subclasses=True)
class TinyFields(State):
    """The fields of the state, their copy and their JSON (``fields.py``)."""

    __slots__ = ("current", "deck", "discard", "hands", "inside", "stones", "turns", "won")

    #: per seat, sorted values
    hands: list[list[int]]
    #: the top last
    deck: list[int]
    #: the top last
    discard: list[int]
    inside: list[bool]
    stones: int
    current: int
    turns: int
    won: list[int]

    def _copy_to(self, other: Self) -> None:
        other.hands = [list(x) for x in self.hands]
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.inside = list(self.inside)
        other.stones = self.stones
        other.current = self.current
        other.turns = self.turns
        other.won = list(self.won)

    def _json(self) -> dict[str, object]:
        return {
            "hands": [[SLUGS[c] for c in x] for x in self.hands],
            "deck": [SLUGS[x] for x in self.deck],
            "discard": [SLUGS[x] for x in self.discard],
            "in": list(self.inside),
            "stones": self.stones,
            "current": self.current,
            "turns": self.turns,
            "winners": list(self.won),
        }

    def _load_json(self, raw: dict[str, object]) -> None:
        """Each stored field, of its type and range (``BadInput`` names it)."""
        self.hands = checks.name_rows(raw["hands"], SLUGS, "state.hands", self.n)
        self.deck = checks.name_indices(raw["deck"], SLUGS, "state.deck")
        self.discard = checks.name_indices(raw["discard"], SLUGS, "state.discard")
        self.inside = checks.flags(raw["in"], "state.in", self.n)
        self.stones = checks.integer(raw["stones"], 0, checks.MAX_COUNTER, "state.stones")
        self.current = checks.integer(raw["current"], 0, self.n - 1, "state.current")
        self.turns = checks.integer(raw["turns"], 0, checks.MAX_COUNTER, "state.turns")
        self.won = checks.integers(raw["winners"], 0, self.n - 1, "state.winners")

    def _deal_fields(self, players: int, options: dict[str, Any]) -> None:
        """Each field that is a plain value at the deal, in table order."""
        self.hands = [[] for _ in range(players)]
        self.deck = []
        self.discard = []
        self.inside = [True] * players
        self.current = 0
        self.turns = 0
        self.won = []

    def _rig_fields(self, setup: dict[str, object]) -> None:
        """The plain parts of a rigged setup, each of its type and range."""
        self.hands = [
            sorted(h) for h in checks.name_rows(setup.get("hands"), SLUGS, "setup.hands", self.n)
        ]
        self.deck = checks.name_indices(setup.get("deck", []), SLUGS, "setup.deck")[::-1]
        self.stones = checks.integer(
            setup.get("stones", self.stones), 1, self.stones, "setup.stones"
        )

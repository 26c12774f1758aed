"""The fields of a state, generated from the table in src/kaboom/games/eleminis/fields.py
(``python tools/fields.py``): do not edit."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import checks
from kaboom.engine.state import State
from kaboom.games.eleminis.deck import Deck
from kaboom.games.eleminis.fields import MAX_MATCH_GAMES, rigged_cards, rigged_rows, rigged_totals

#: The keys of a scenario's setup that the field table lays out (``_rig_fields``).
RIG_KEYS: Final = frozenset({"current", "deck", "discard_pile", "game", "rows", "totals"})


@mypyc_attr(allow_interpreted_subclasses=True)
class EleminisFields(State):
    """The fields of the state, their copy and their JSON (``fields.py``)."""

    deck_data: ClassVar[Deck]
    __slots__ = (
        "_winners",
        "cells",
        "current",
        "deck",
        "deck_known",
        "discard",
        "drawn",
        "first",
        "game_number",
        "phase",
        "scores",
        "slots",
        "teams",
        "totals",
        "turns",
    )

    #: "each player starts with a row of five empty slots"
    slots: int
    #: the teams option: 0, or how many teams
    teams: int
    #: the rows, seat after seat: a card or -1
    cells: list[int]
    #: the top last
    deck: list[int]
    #: the top last
    discard: list[int]
    #: a Discard Pile turned over is a Deck everyone has seen
    deck_known: bool
    drawn: int
    current: int
    first: int
    #: PLAY (0) or OVER (1)
    phase: int
    #: the game of a match
    game_number: int
    #: the last finished game's
    scores: list[int]
    #: the match's
    totals: list[int]
    _winners: list[int]
    turns: int

    def _copy_to(self, other: Self) -> None:
        other.slots = self.slots
        other.teams = self.teams
        other.cells = list(self.cells)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.deck_known = self.deck_known
        other.drawn = self.drawn
        other.current = self.current
        other.first = self.first
        other.phase = self.phase
        other.game_number = self.game_number
        other.scores = list(self.scores)
        other.totals = list(self.totals)
        other._winners = list(self._winners)
        other.turns = self.turns

    def _json(self) -> dict[str, object]:
        return {
            "cells": list(self.cells),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "deck_known": self.deck_known,
            "drawn": self.drawn,
            "current": self.current,
            "first": self.first,
            "phase": self.phase,
            "game_number": self.game_number,
            "scores": list(self.scores),
            "totals": list(self.totals),
            "winners": list(self._winners),
            "turns": self.turns,
        }

    def _load_json(self, raw: dict[str, object]) -> None:
        """Each stored field, of its type and range (``BadInput`` names it)."""
        self.cells = checks.integers(
            raw["cells"], -1, len(self.deck_data.slugs) - 1, "state.cells", self.n * self.slots
        )
        self.deck = checks.integers(raw["deck"], 0, len(self.deck_data.slugs) - 1, "state.deck")
        self.discard = checks.integers(
            raw["discard"], 0, len(self.deck_data.slugs) - 1, "state.discard"
        )
        self.deck_known = checks.flag(raw["deck_known"], "state.deck_known")
        self.drawn = checks.integer(raw["drawn"], -1, len(self.deck_data.slugs) - 1, "state.drawn")
        self.current = checks.integer(raw["current"], 0, self.n - 1, "state.current")
        self.first = checks.integer(raw["first"], 0, self.n - 1, "state.first")
        self.phase = checks.integer(raw["phase"], 0, 1, "state.phase")
        self.game_number = checks.integer(
            raw["game_number"], 1, MAX_MATCH_GAMES, "state.game_number"
        )
        self.scores = checks.integers(
            raw["scores"], -checks.MAX_COUNTER, checks.MAX_COUNTER, "state.scores", self.n
        )
        self.totals = checks.integers(
            raw["totals"], -checks.MAX_COUNTER, checks.MAX_COUNTER, "state.totals", self.n
        )
        self._winners = checks.integers(raw["winners"], 0, self.n - 1, "state.winners")
        self.turns = checks.integer(raw["turns"], 0, checks.MAX_COUNTER, "state.turns")

    def _deal_fields(self, players: int, options: dict[str, Any]) -> None:
        """Each field that is a plain value at the deal, in table order."""
        self.cells = [-1] * (players * self.slots)
        self.deck = []
        self.discard = []
        self.deck_known = False
        self.drawn = -1
        self.current = 0
        self.first = 0
        self.phase = 0
        self.game_number = 1
        self.scores = [0] * players
        self.totals = [0] * players
        self._winners = []
        self.turns = 0

    def _rig_fields(self, setup: dict[str, object]) -> None:
        """The plain parts of a rigged setup, each of its type and range."""
        self.cells = rigged_rows(
            setup.get("rows", [[None] * self.slots for _ in range(self.n)]),
            self.deck_data.slugs,
            self.n,
            self.slots,
        )
        self.deck = rigged_cards(setup.get("deck", []), self.deck_data.slugs, "setup.deck")[::-1]
        self.discard = rigged_cards(
            setup.get("discard_pile", []), self.deck_data.slugs, "setup.discard_pile"
        )[::-1]
        self.current = checks.integer(setup.get("current", 0), 0, self.n - 1, "setup.current")
        self.game_number = checks.integer(setup.get("game", 1), 1, MAX_MATCH_GAMES, "setup.game")
        self.totals = rigged_totals(setup.get("totals", [0] * self.n), self.n)

"""Eleminis's table: the deal's values and the small questions the rules ask (who decides,
whether a row is complete, what it scores, the teams), which what each seat knows
(``knowledge.py``) and the record (``record.py``) read too. The rules themselves are
``rules.py``; the fields are declared in ``fields.py``."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from kaboom.engine.errors import BadOption
from kaboom.engine.events import Event
from kaboom.games.eleminis._fields import EleminisFields
from kaboom.games.eleminis.actions import (
    action_count,
    cell_text,
)
from kaboom.games.eleminis.deck import load_deck
from kaboom.games.eleminis.fields import MAX_MATCH_GAMES as MAX_MATCH_GAMES
from kaboom.i18n import ngettext

DECK = load_deck()
#: The phases: a card to play, or the game (the match) is over.
PLAY: Final = 0
OVER: Final = 1
#: A game ends when the turns played reach this many for each game dealt so far: the best
#: row wins as if completed (docs/rulings.md, "How long a game may last").
MAX_TURNS_PER_GAME = 1000
MAX_TARGET = 10_000


class EleminisCore(EleminisFields):
    """A game (or a match of games) of Eleminis: its fields at the deal and the questions
    the rules ask of them. ``EleminisRules`` (``rules.py``) plays it."""

    deck_data = DECK
    game_id: ClassVar[str] = DECK.id
    __slots__ = ()

    # -- Let's Play Eleminis! -------------------------------------------------------------------
    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.slots = self.deck_data.slots
        # Team Games (docs/rulings.md §6): teams of equal size, seated alternately.
        self.teams = int(options.get("teams", 0))
        if self.teams and (self.teams < 2 or players % self.teams or players == self.teams):
            why = ngettext(
                "2 to 4 teams of equal size of at least 2; {n} player",
                "2 to 4 teams of equal size of at least 2; {n} players",
                players,
            )
            raise BadOption("teams", why.format(n=players))
        self._deal_fields(players, options)  # the table's deal column (fields.py)

    def card_count(self) -> int:
        """The 81 cards: rows, Deck, Discard Pile and the drawn card."""
        on_table = sum(t >= 0 for t in self.cells)
        return on_table + len(self.deck) + len(self.discard) + (self.drawn >= 0)

    # -- who decides -----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def winners(self) -> list[int]:
        return list(self._winners) if self.phase == OVER else []

    def in_game(self, seat: int) -> bool:
        """Always: nobody leaves a game of Eleminis."""
        return True

    @property
    def num_distinct_actions(self) -> int:
        return action_count(self.n * self.slots)

    def row_of(self, cell: int) -> int:
        """The seat whose row holds ``cell``."""
        return cell // self.slots

    # -- Winning the Game --------------------------------------------------------------------------
    def complete(self, seat: int) -> bool:
        """A winning row: five different Eleminis, Stars wild, no Trash ("Eleminis!")."""
        cells, kinds, slots = self.cells, self.deck_data.kinds, self.slots
        eleminis: list[int] = []
        for cell in range(seat * slots, (seat + 1) * slots):
            t = cells[cell]
            if t < 0 or kinds[t] == "trash" or t in eleminis:  # (empty, Trash, a duplicate)
                return False
            if kinds[t] == "elemini":
                eleminis.append(t)
        return True

    # -- Scoring -----------------------------------------------------------------------------------
    def row_score(self, seat: int) -> int:
        """10 per unique Elemini, 5 per duplicate, +20 per Star, -20 per Trash, +100 for a
        winning row; never below 0."""
        d = self.deck_data
        row = [t for t in self.cells[seat * self.slots : (seat + 1) * self.slots] if t >= 0]
        eleminis = [t for t in row if d.kinds[t] == "elemini"]
        unique = len(set(eleminis))
        score = unique * d.score("unique") + (len(eleminis) - unique) * d.score("duplicate")
        score += sum(d.kinds[t] == "star" for t in row) * d.score("star")
        score += sum(d.kinds[t] == "trash" for t in row) * d.score("trash")
        if self.complete(seat):
            score += d.score("winning_row")
        return max(0, score)

    def target(self) -> int | None:
        """The match's target score (``None``: a single game)."""
        return int(self.options.get("target", 500)) if self.options.get("match") else None

    # -- Team Games --------------------------------------------------------------------------------
    def team_of(self, seat: int) -> int | None:
        """Teammates sit alternately: seat s plays for team s mod teams (docs/rulings.md §6)."""
        return seat % self.teams if self.teams else None

    def side(self, seat: int) -> int:
        """The seat's index among the sides: its team, or itself without teams."""
        return seat % self.teams if self.teams else seat

    def side_totals(self, totals: list[int]) -> list[int]:
        """Totals per team (or per seat without teams)."""
        if not self.teams:
            return list(totals)
        return [
            sum(totals[s] for s in range(self.n) if s % self.teams == t) for t in range(self.teams)
        ]

    def _draw(self) -> list[Event]:
        """Draw the top card and show it: a rule (``rules.py``), which a rigged table
        (``record.py``) asks for too."""
        raise NotImplementedError

    # -- the text of a cell --------------------------------------------------------------------
    def cell_text(self, cell: int) -> str:
        """``p2.3``: seat 2's third slot."""
        return cell_text(cell, self.slots)

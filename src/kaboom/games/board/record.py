"""The board game's table written down: JSON (``State.to_json``'s own part), a table laid
out by hand for a scenario (``rig``, docs/scenarios.md) and the facts scenarios check."""

from __future__ import annotations

import random
from typing import Any, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.checks import table, within_box
from kaboom.engine.errors import BadInput
from kaboom.games.board._fields import RIG_KEYS
from kaboom.games.board.core import PHASES, SIDES
from kaboom.games.board.knowledge import BoardKnowledge
from kaboom.i18n import _


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardRecord(BoardKnowledge):
    """The table written down: its JSON, a table laid out by hand, the facts scenarios check."""

    __slots__ = ()

    def _load_json(self, raw: dict[str, object]) -> None:
        """Read back what ``to_json`` wrote, each field checked as it is read
        (``BoardFields``); then what the fields say together: the Move Deck memories hold,
        and the cards and discs are the box's."""
        super()._load_json(raw)
        self.hand_sizes = [sum(h) for h in self.hands]
        for seat, seen in enumerate(self.known_move_deck):
            if not piles.holds(self.move_deck, seen, self.known_move_runs[seat]):
                field = f"state.known_move_deck[{seat}]"
                raise BadInput(field, _("places and runs the Move Deck holds"))
        box = self.box
        cards = [*self.action_deck, *self.action_discard]
        cards += [c for h in self.hands for c, k in enumerate(h) for _ in range(k)]
        within_box(cards, list(box.card_counts), box.card_slugs, "state (Action Cards)")
        discs = [*self.move_deck, *self.move_discard, *[box.magnet] * self.magnets_aside]
        within_box(discs, list(box.disc_counts), box.disc_slugs, "state (Move Discs)")

    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: object) -> Self:
        """``positions``, ``side`` (calm/chaos), ``hands``, ``move_deck`` and
        ``action_deck`` (top first), ``move_discard`` / ``action_discard`` (top first),
        ``magnets_aside``, ``current``, ``turns_owed``, ``attacked``."""
        setup = table(setup, "setup")
        s = cls(players, options, random.Random(seed))
        for key in setup:
            if key not in RIG_KEYS:
                raise BadInput(
                    f"setup.{key}", _("one of {names}").format(names=", ".join(sorted(RIG_KEYS)))
                )
        s._rig_fields(setup)  # the table's rig column (fields.py)
        s.hand_sizes = [sum(h) for h in s.hands]
        s.actor = s.current
        return s

    def ending(self) -> str | None:
        """How the race ended (None while it goes on): on the Ribbon, or when time was up."""
        if self.winner < 0:
            return None
        return "the Ribbon" if self.positions[self.winner] == self.box.ribbon else "time up"

    def _facts(self) -> dict[str, Any]:
        """The board game's own facts (docs/scenarios.md; ``State.facts`` adds ``to_act``,
        ``over`` and ``legal``)."""
        return {
            "phase": PHASES[self.phase],
            "current": self.current,
            "turns_owed": self.turns_owed,
            "attacked": self.attacked,
            "side": SIDES[self.side],
            "positions": list(self.positions),
            "winner": self.winner if self.winner >= 0 else None,
            "ending": self.ending(),
            "hands": {str(q): self.hand_slugs(q) for q in range(self.n)},
            "hand_sizes": list(self.hand_sizes),
            "move_deck": self.disc_names(self.move_deck[::-1]),
            "move_deck_size": len(self.move_deck),
            "move_discard": self.disc_names(self.move_discard[::-1]),
            "action_deck_size": len(self.action_deck),
            "action_discard": self.card_names(self.action_discard[::-1]),
            "magnets_aside": self.magnets_aside,
            "turns": self.turns,
            "cards_in_play": self.card_count(),
        }

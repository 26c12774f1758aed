"""An Eleminis table written down and laid out: its JSON, a rigged table for a scenario,
and the facts a scenario checks."""

from __future__ import annotations

import random
from typing import Any, Self

from kaboom.engine.checks import table, within_box
from kaboom.engine.errors import BadInput
from kaboom.games.eleminis._fields import RIG_KEYS
from kaboom.games.eleminis.core import OVER
from kaboom.games.eleminis.fields import rigged_card
from kaboom.games.eleminis.knowledge import EleminisKnowledge, row_slugs
from kaboom.i18n import _

#: The keys of a scenario's ``setup``: the field table's, and the card drawn (else the
#: Deck's top is drawn).
SETUP_KEYS = RIG_KEYS | {"drawn"}


class EleminisRecord(EleminisKnowledge):
    """The table written down: its JSON, a table laid out by hand, the facts scenarios check."""

    __slots__ = ()

    def _load_json(self, raw: dict[str, object]) -> None:
        """The game's own fields read back from :func:`to_json` output, each checked as it is
        read (``EleminisFields``); then the cards against the deck."""
        super()._load_json(raw)
        cards = [t for t in self.cells if t >= 0] + self.deck + self.discard
        cards += [self.drawn] if self.drawn >= 0 else []
        d = self.deck_data
        within_box(cards, list(d.counts), d.slugs, "state")

    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: object) -> Self:
        """Rows (one list of ``slots`` cards or null per seat), the Deck and Discard Pile (top
        first), who is to play, the drawn card (else the Deck's top is drawn), match totals."""
        setup = table(setup, "setup")
        s = cls(players, options, random.Random(seed))
        for key in setup:
            if key not in SETUP_KEYS:
                raise BadInput(
                    f"setup.{key}", _("one of {names}").format(names=", ".join(sorted(SETUP_KEYS)))
                )
        s._rig_fields(setup)  # the table's rig column (fields.py)
        s.first = s.current
        if "drawn" in setup:
            s.drawn = rigged_card(setup["drawn"], s.deck_data.slugs, "setup.drawn")
        else:
            if not s.deck:
                raise BadInput("setup.deck", _("a card to draw (or setup.drawn)"))
            s._draw()
        return s

    def ending(self) -> str | None:
        """How the (last) game ended (None while play goes on): a row completed, or time
        was up and the best row won."""
        if self.phase != OVER:
            return None
        return "a complete row" if any(self.complete(q) for q in range(self.n)) else "time up"

    def _facts(self) -> dict[str, Any]:
        """Eleminis's own facts for scenario expectations (``State.facts`` adds ``to_act``,
        ``over`` and ``legal``)."""
        slugs = self.deck_data.slugs
        return {
            "current": self.current,
            "drawn": slugs[self.drawn] if self.drawn >= 0 else None,
            "rows": {str(q): row_slugs(self, q) for q in range(self.n)},
            "deck": [slugs[t] for t in self.deck[::-1]],
            "deck_size": len(self.deck),
            "discard_pile": [slugs[t] for t in self.discard[::-1]],
            "complete_rows": [q for q in range(self.n) if self.complete(q)],
            "row_scores": [self.row_score(q) for q in range(self.n)],
            "scores": list(self.scores),
            "totals": list(self.totals),
            "side_totals": self.side_totals(self.totals),
            "team_of": [self.side(q) for q in range(self.n)] if self.teams else None,
            "game_number": self.game_number,
            "winners": self.winners,
            "ending": self.ending(),
            "turns": self.turns,
            "cards_in_play": self.card_count(),
        }

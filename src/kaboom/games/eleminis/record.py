"""An Eleminis table written down and laid out: its JSON, a rigged table for a scenario,
and the facts a scenario checks."""

from __future__ import annotations

import random
from typing import Any, Self

from kaboom.engine.checks import MAX_COUNTER, integer, integers, table, within_box
from kaboom.engine.errors import BadInput
from kaboom.games.eleminis.core import MAX_MATCH_GAMES, OVER, EleminisCore
from kaboom.games.eleminis.knowledge import EleminisKnowledge, row_slugs

#: The keys of a scenario's ``setup``.
SETUP_KEYS = frozenset({"rows", "deck", "discard_pile", "current", "drawn", "totals", "game"})


def _card(state: EleminisCore, slug: object, where: str) -> int:
    slugs = state.deck_data.slugs
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, f"a card, one of {', '.join(slugs)}")
    return slugs.index(slug)


def _slugs(setup: dict[str, object], key: str) -> list[object]:
    cards = setup.get(key, [])
    if not isinstance(cards, list):
        raise BadInput(f"setup.{key}", f"a list of cards, got {cards!r}")
    return cards


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
                raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(SETUP_KEYS))}")
        rows = setup.get("rows", [[None] * s.slots for _ in range(players)])
        if not isinstance(rows, list) or len(rows) != players:
            raise BadInput("setup.rows", f"a list of {players} rows")
        for q, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != s.slots:
                raise BadInput(f"setup.rows[{q}]", f"a list of {s.slots} cards or null")
            for i, slug in enumerate(row):
                where = f"setup.rows[{q}][{i}]"
                s.cells[q * s.slots + i] = -1 if slug is None else _card(s, slug, where)
        deck = _slugs(setup, "deck")
        s.deck = [_card(s, c, f"setup.deck[{i}]") for i, c in enumerate(deck)][::-1]
        pile = _slugs(setup, "discard_pile")
        s.discard = [_card(s, c, f"setup.discard_pile[{i}]") for i, c in enumerate(pile)][::-1]
        current = integer(setup.get("current", 0), 0, players - 1, "setup.current")
        s.current = s.first = current
        totals = setup.get("totals", [0] * players)
        if not isinstance(totals, list) or len(totals) != players:
            raise BadInput("setup.totals", f"a list of {players} numbers")
        s.totals = integers(totals, -MAX_COUNTER, MAX_COUNTER, "setup.totals", players)
        s.game_number = integer(setup.get("game", 1), 1, MAX_MATCH_GAMES, "setup.game")
        if "drawn" in setup:
            s.drawn = _card(s, setup["drawn"], "setup.drawn")
        else:
            if not s.deck:
                raise BadInput("setup.deck", "a card to draw (or setup.drawn)")
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

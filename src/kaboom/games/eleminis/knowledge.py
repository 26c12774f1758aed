"""What each seat knows of an Eleminis table, and a table sampled from it.

Nothing is hidden but the order of the Deck: the rows, the drawn card ("You must show the
card to all other players") and the Discard Pile are public, and so is a Deck that was the
Discard Pile turned over face down (everyone saw its order), unless the ``shuffle_turnover``
option shuffled it.
"""

from __future__ import annotations

import random
from typing import Any, Self

from kaboom.engine.observation import no_knowledge, observation
from kaboom.engine.state import Observation
from kaboom.games.eleminis.rules import OVER, EleminisRules


def row_slugs(state: EleminisRules, seat: int) -> list[str | None]:
    """The cards of a seat's row, slot by slot (``None``: empty)."""
    slugs, slots = state.deck_data.slugs, state.slots
    return [slugs[t] if t >= 0 else None for t in state.cells[seat * slots : (seat + 1) * slots]]


class EleminisKnowledge(EleminisRules):
    """The table with what each seat knows: its observation and its determinisation."""

    __slots__ = ()

    def observe(self, seat: int | None) -> Observation:
        """Everything but the order of an unseen Deck: rows, the drawn card, the piles."""
        slugs = self.deck_data.slugs
        deck: dict[str, Any] = {"size": len(self.deck)}
        if self.deck_known:
            deck["cards"] = [slugs[t] for t in self.deck[::-1]]
        players = [
            {
                "seat": q,
                "in": True,
                "hand_size": 0,
                "row": row_slugs(self, q),
                "score": self.scores[q],
                "total": self.totals[q],
                "team": self.team_of(q),
            }
            for q in range(self.n)
        ]
        section = {
            "teams": self.teams,
            "drawn": slugs[self.drawn] if self.drawn >= 0 else None,
            "game_number": self.game_number,
            "side_totals": self.side_totals(self.totals),
            "target": self.target(),
        }
        return observation(
            self,
            seat,
            family="eleminis",
            phase="over" if self.phase == OVER else "play",
            to_act=self.to_act,
            current=self.current,
            players=players,
            piles={
                "deck": deck,
                "discard": {
                    "size": len(self.discard),
                    "cards": [slugs[t] for t in self.discard[::-1]],
                },
            },
            hand=None if seat is None else [],
            window=None,
            known=no_knowledge(),
            turns=self.turns,
            section=section,
        )

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The order of an unseen Deck dealt again; the RNG reseeded; no history."""
        s = self.clone()
        if not s.deck_known:
            s.deck.sort()  # the sample depends on what the seat knows, not on the true order
            rng.shuffle(s.deck)
        s.rng = random.Random(rng.getrandbits(64))
        s.hist = []
        return s

"""What each seat knows of an Eleminis table, and a table sampled from it.

Nothing is hidden but the order of the Deck: the rows, the drawn card ("You must show the
card to all other players") and the Discard Pile are public, and so is a Deck that was the
Discard Pile turned over face down (everyone saw its order), unless the ``shuffle_turnover``
option shuffled it.
"""

from __future__ import annotations

import random
from typing import Any, Self

from kaboom.engine.observation import no_knowledge, observation, seen_events
from kaboom.engine.sampling import unseen_pool
from kaboom.engine.state import Observation
from kaboom.games.eleminis.core import OVER, PLAY, EleminisCore


def row_slugs(state: EleminisCore, seat: int) -> list[str | None]:
    """The cards of a seat's row, slot by slot (``None``: empty)."""
    slugs, slots = state.deck_data.slugs, state.slots
    return [slugs[t] if t >= 0 else None for t in state.cells[seat * slots : (seat + 1) * slots]]


class EleminisKnowledge(EleminisCore):
    """The table with what each seat knows: its observation, and tables sampled from it."""

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
            "first": self.first,
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

    @classmethod
    def sample(cls, observation: Observation, options: dict[str, Any], rng: random.Random) -> Self:
        """A table ``observation`` could have come from: everything as shown, and the order
        of an unseen Deck dealt at random from the 81 cards less the rows, the Discard Pile
        and the drawn card (sorted before the shuffle: the sample depends on the
        observation alone)."""
        seats, section = observation["players"], observation["eleminis"]
        s = cls(len(seats), options, random.Random(rng.getrandbits(64)))
        slugs = s.deck_data.slugs
        s.cells = [-1 if c is None else slugs.index(c) for q in seats for c in q["row"]]
        s.discard = [slugs.index(c) for c in reversed(observation["piles"]["discard"]["cards"])]
        drawn = section["drawn"]
        s.drawn = -1 if drawn is None else slugs.index(drawn)
        s.current, s.first, s.turns = observation["current"], section["first"], observation["turns"]
        s.phase = OVER if observation["phase"] == "over" else PLAY
        s.game_number = section["game_number"]
        s.scores = [int(q["score"]) for q in seats]
        s.totals = [int(q["total"]) for q in seats]
        s._winners = list(observation["winners"])
        deck = observation["piles"]["deck"]
        s.deck_known = "cards" in deck
        if s.deck_known:
            s.deck = [slugs.index(c) for c in reversed(deck["cards"])]
        else:
            shown = [t for t in s.cells if t >= 0] + s.discard + [t for t in (s.drawn,) if t >= 0]
            s.deck = unseen_pool(s.deck_data.counts, shown, deck["size"], rng)
        s.last_events = seen_events(observation)
        return s

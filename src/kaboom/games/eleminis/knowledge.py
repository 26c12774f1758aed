"""What each seat knows of an Eleminis table, and a table sampled from it.

Nothing is hidden but the order of the Deck: the rows, the drawn card ("You must show the
card to all other players") and the Discard Pile are public, and so is a Deck that was the
Discard Pile turned over face down (everyone saw its order), unless the ``shuffle_turnover``
option shuffled it.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from kaboom.engine.observation import no_knowledge, observation
from kaboom.engine.state import Observation
from kaboom.games.eleminis.rules import OVER, EleminisRules

R = TypeVar("R", bound=EleminisRules)


def row_slugs(state: EleminisRules, seat: int) -> list[str | None]:
    """The cards of a seat's row, slot by slot (``None``: empty)."""
    slugs, slots = state.deck_data.slugs, state.slots
    return [slugs[t] if t >= 0 else None for t in state.cells[seat * slots : (seat + 1) * slots]]


def observe(state: EleminisRules, seat: int | None) -> Observation:
    """Everything but the order of an unseen Deck: rows, the drawn card, the piles."""
    slugs = state.deck_data.slugs
    deck: dict[str, Any] = {"size": len(state.deck)}
    if state.deck_known:
        deck["cards"] = [slugs[t] for t in state.deck[::-1]]
    players = [
        {
            "seat": q,
            "in": True,
            "hand_size": 0,
            "row": row_slugs(state, q),
            "score": state.scores[q],
            "total": state.totals[q],
            "team": state.team_of(q),
        }
        for q in range(state.n)
    ]
    section = {
        "teams": state.teams,
        "drawn": slugs[state.drawn] if state.drawn >= 0 else None,
        "game_number": state.game_number,
        "side_totals": state.side_totals(state.totals),
        "target": state.target(),
    }
    return observation(
        state,
        seat,
        family="eleminis",
        phase="over" if state.phase == OVER else "play",
        to_act=state.to_act,
        current=state.current,
        players=players,
        piles={
            "deck": deck,
            "discard": {
                "size": len(state.discard),
                "cards": [slugs[t] for t in state.discard[::-1]],
            },
        },
        hand=None if seat is None else [],
        window=None,
        known=no_knowledge(),
        turns=state.turns,
        section=section,
    )


def determinize(state: R, rng: random.Random) -> R:
    """The order of an unseen Deck dealt again; the RNG reseeded; no history."""
    s = state.clone()
    if not s.deck_known:
        s.deck.sort()  # the sample depends on what the seat knows, not on the true order
        rng.shuffle(s.deck)
    s.rng = random.Random(rng.getrandbits(64))
    s.hist = []
    return s

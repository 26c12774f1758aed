"""What each seat of the board game knows: its observation, and the full tables that agree
with it (determinisation, for a search).

Public: where every character stands, the side showing, every hand's size, both Discard
Piles, the Danger Magnets aside, the play waiting on its reaction window. Private: a seat's
own Action Cards and the Move Discs it has seen (See the Future, a Danger Magnet it put in).
Who is asked in a reaction window is known only to the seat asked (docs/rulings.md §1).
"""

from __future__ import annotations

import random
from typing import Any, Self, TypeVar

from kaboom.engine.observation import no_knowledge, observation
from kaboom.engine.sampling import sample_fitting
from kaboom.engine.state import Observation
from kaboom.games.board.core import (
    CHOOSE,
    LANDED,
    PHASES,
    REACT,
    SIDES,
    BoardTable,
    seats_from_left,
)

T = TypeVar("T", bound=BoardTable)


def _window(state: BoardTable) -> dict[str, Any] | None:
    """The Action Card waiting on its reaction window: who played it, at whom, the Nopes."""
    window = state.window
    if window is None:
        return None
    card, target = window.play
    slug = state.box.card_slugs[card]
    return {
        "player": window.player,
        "play": slug,
        "card": slug,
        "target": target if target >= 0 else None,
        "nopes": list(window.nopes),
    }


def _known(state: BoardTable, seat: int | None) -> dict[str, Any]:
    """The Move Discs ``seat`` has seen that are still in the Move Deck, by place from the
    top (0 = the top)."""
    if seat is None:
        return no_knowledge()
    top, slugs = len(state.move_deck) - 1, state.box.disc_slugs
    seen = {str(top - i): slugs[d] for i, d in sorted(state.known_move_deck[seat].items())}
    return {"piles": {"move_deck": seen}, "hands": {}}


# -- determinisation -------------------------------------------------------------------------
def _resample(state: T, seat: int, rng: random.Random) -> T:
    """One table ``seat`` cannot tell from ``state``: the cards it cannot see dealt again."""
    s = state.clone()
    cards = len(state.box.card_slugs)
    pool = list(state.action_deck)
    for q in range(state.n):
        if q != seat:
            pool += [t for t, k in enumerate(state.hands[q]) for _ in range(k)]
    pool.sort()  # the sample depends on what the seat knows, not on the true deal
    rng.shuffle(pool)
    for q in range(state.n):
        if q != seat:
            hand = s.hands[q] = [0] * cards
            for _ in range(state.hand_sizes[q]):
                hand[pool.pop()] += 1
    s.action_deck = pool
    seen = state.known_move_deck[seat]
    slots = [i for i in range(len(state.move_deck)) if i not in seen]
    discs = sorted(state.move_deck[i] for i in slots)
    rng.shuffle(discs)
    for i, d in zip(slots, discs, strict=True):
        s.move_deck[i] = d
    s.known_move_deck = [dict(seen) if q == seat else {} for q in range(state.n)]
    s.rng = random.Random(rng.getrandbits(64))
    s.hist = []
    window = s.window
    if s.phase == REACT and s.actor != seat and window is not None:
        # Who is asked is hidden: ask again from the left of the card answered (the seat
        # itself only if it is still to be asked).
        still = seat in window.asked
        left = seats_from_left(state.n)[window.answering]
        window.asked = [q for q in left if q != seat or still]
    return s


def _fits(s: BoardTable, seat: int) -> bool:
    """Whether the sample can have come about: a seat on an Exploding Kitten space asked to
    defuse holds a Defuse; in a reaction window someone other than ``seat`` holding a Nope
    is asked first (the sample then asks them)."""
    if s.actor == seat:
        return True
    if s.phase == LANDED:
        return s.hands[s.actor][s.box.card("defuse")] > 0
    if s.phase == REACT and s.window is not None:
        nope = s.box.card("nope")
        asked = s.window.asked
        holders = [q for q in asked if s.hands[q][nope]]
        if holders and holders[0] != seat:
            s.window.asked = asked[asked.index(holders[0]) :]
            s.actor = holders[0]
            return True
        return False
    return True


class BoardKnowledge(BoardTable):
    """The table with what each seat knows: its observation and its determinisation."""

    __slots__ = ()

    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator), in the shape of
        ``docs/observations.md`` with the "board" section (``observation.schema.json``)."""
        box, phase = self.box, self.phase
        public_actor = phase != REACT or self.actor == seat
        return observation(
            self,
            seat,
            family="board",
            phase=PHASES[phase],
            to_act=self.to_act if public_actor else None,
            current=self.current,
            players=[
                {"seat": q, "in": True, "hand_size": self.hand_sizes[q], "position": space}
                for q, space in enumerate(self.positions)
            ],
            piles={
                "action_deck": {"size": len(self.action_deck)},
                "action_discard": {
                    "size": len(self.action_discard),
                    "cards": self.card_names(self.action_discard[::-1]),
                },
                "move_deck": {"size": len(self.move_deck)},
                "move_discard": {
                    "size": len(self.move_discard),
                    "cards": self.disc_names(self.move_discard[::-1]),
                },
            },
            hand=self.hand_slugs(seat) if seat is not None else None,
            window=_window(self),
            known=_known(self, seat),
            turns=self.turns,
            section={
                "side": SIDES[self.side],
                "turns_owed": self.turns_owed,
                "attacked": self.attacked,
                "magnets_aside": self.magnets_aside,
                "disc_to_choose": (
                    box.disc_slugs[self.disc_to_choose] if phase == CHOOSE else None
                ),
            },
        )

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Other hands and the Action Deck dealt again; the unseen part of the Move Deck
        shuffled; a seat asked to defuse keeps a Defuse, a window someone ahead who can Nope
        (drawn again until so, as in the exploding family)."""
        sample = sample_fitting(lambda: _resample(self, seat, rng), lambda s: _fits(s, seat))
        if sample is not None:
            return sample
        s = self.clone()  # unreachable in practice: keep the true cards, reseed the RNG
        s.rng, s.hist = random.Random(rng.getrandbits(64)), []
        s.known_move_deck = [
            dict(self.known_move_deck[seat]) if q == seat else {} for q in range(self.n)
        ]
        return s

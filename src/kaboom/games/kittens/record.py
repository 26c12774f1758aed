"""The exploding games on record: the state as JSON, a table rigged by hand for a scenario
(docs/scenarios.md), and the facts a scenario checks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.checks import table, within_box
from kaboom.engine.datafile import MAX_CARDS
from kaboom.engine.errors import BadInput
from kaboom.games.kittens._fields import RIG_KEYS
from kaboom.games.kittens.core import PHASES
from kaboom.games.kittens.knowledge import KittensKnowledge
from kaboom.i18n import _


@mypyc_attr(allow_interpreted_subclasses=True)
class KittensRecord(KittensKnowledge):
    """The table written down: its JSON, a table rigged by hand, the facts a scenario checks."""

    __slots__ = ()

    def _load_json(self, raw: dict[str, object]) -> None:
        """Read the game's own fields back (into a state fresh from its constructor), each
        checked as it is read (``KittensFields``); then what the fields say together: the
        pile memories hold, and the cards are the box's."""
        super()._load_json(raw)
        self.recount()
        for seat, (known, runs) in enumerate(zip(self.known_pile, self.known_runs, strict=True)):
            if not piles.holds(self.pile, known, runs):
                raise BadInput(
                    f"state.known_pile[{seat}]", _("places and runs the Draw Pile holds")
                )
        if self.rigged is not None and sum(self.rigged) > MAX_CARDS:
            # a table laid out by hand: its cards, bounded as a data file's
            raise BadInput("state.rigged", _("at most {n} cards in all").format(n=MAX_CARDS))
        self._check_every_card()

    def _check_every_card(self) -> None:
        """Every card of a loaded table is one of the box's (or of the rig's)."""
        bomb = [self.drawn_bomb] if self.drawn_bomb >= 0 else []
        every = [*self.pile, *self.discard, *self.out_of_game, *self.out_of_game_face_down, *bomb]
        every += [t for h in self.hands for t, k in enumerate(h) for _i in range(k)]
        # A table laid out by hand holds the cards it was laid out with (public).
        box = list(self.rigged) if self.rigged is not None else self.edition.deck_counts(self.n)
        within_box(every, box, self.edition.slugs, "state")
        if self.rigged is not None and len(every) != sum(self.rigged):
            # Cards are conserved: a rigged table holds every card it was laid out with.
            raise BadInput(
                "state",
                _("the {n} cards the table was laid out with").format(n=sum(self.rigged)),
            )

    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: object) -> Self:
        """A state laid out by hand: see docs/scenarios.md for the fields."""
        setup = table(setup, "setup")
        s = cls(players, options, random.Random(seed))
        for key in setup:
            if key not in RIG_KEYS:
                raise BadInput(
                    f"setup.{key}", _("one of {known}").format(known=", ".join(sorted(RIG_KEYS)))
                )
        s._rig_fields(setup)  # the table's rig column (fields.py); then what they say together
        s.recount()
        s.actor = s.current
        if not s.alive[s.current]:
            raise BadInput("setup.current", _("a living seat"))
        if not s.pile:  # (a real game's pile always holds a bomb while two seats live)
            raise BadInput("setup.draw_pile", _("at least one card: the next draw is from it"))
        counts = [sum(h[t] for h in s.hands) for t in range(s.edition.titles)]
        for t in [*s.pile, *s.discard, *s.out_of_game_face_down, *s.out_of_game]:
            counts[t] += 1
        s.rigged = tuple(counts)  # the game's cards are those laid out (public)
        return s

    def ending(self) -> str | None:
        """How the game ended (None while it goes on): the last explosion came on a turn
        owed to an Attack, or on a plain turn."""
        if self.winner < 0:
            return None
        return "last explosion under attack" if self.attacked else "last explosion"

    def _facts(self) -> dict[str, Any]:
        """The family's own facts for scenario expectations (``State.facts`` adds
        ``to_act``, ``over`` and ``legal``)."""
        slugs = self.edition.slugs
        return {
            "phase": PHASES[self.phase],
            "current": self.current,
            "turns_owed": self.turns_owed,
            "attacked": self.attacked,
            "alive": list(self.alive),
            "winner": self.winner if self.winner >= 0 else None,
            "ending": self.ending(),
            "hands": {str(q): self.hand_slugs(q) for q in range(self.n)},
            "hand_sizes": list(self.sizes),
            "draw_pile": self.slugs(self.pile[::-1]),
            "draw_pile_size": len(self.pile),
            "draw_pile_counts": dict(Counter(slugs[c] for c in self.pile)),
            "discard_pile": self.slugs(self.discard[::-1]),
            "discard_top": slugs[self.discard[-1]] if self.discard else None,
            "out_of_game": dict(Counter(slugs[c] for c in self.out_of_game)),
            "out_of_game_face_down": len(self.out_of_game_face_down),
            "cards_in_play": self.card_count(),
            "turns": self.turns,
            "pending": None if self.window is None else self.window_text(),
            "nopes": 0 if self.window is None else len(self.window.nopes),
        }

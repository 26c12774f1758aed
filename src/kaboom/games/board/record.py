"""The board game's table written down: JSON (``State.to_json``'s own part), a table laid
out by hand for a scenario (``rig``, docs/scenarios.md) and the facts scenarios check."""

from __future__ import annotations

import random
from typing import Any, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.checks import (
    flag,
    integer,
    table,
    within_box,
)
from kaboom.engine.errors import BadInput
from kaboom.games.board.core import PHASES, SIDES
from kaboom.games.board.data import Box
from kaboom.games.board.knowledge import BoardKnowledge

# -- JSON -----------------------------------------------------------------------------------------
# -- scenarios ------------------------------------------------------------------------------------
#: The keys of a rigged table (``rig``).
SETUP_KEYS = frozenset({
    "positions", "side", "hands", "move_deck", "action_deck", "move_discard",
    "action_discard", "magnets_aside", "current", "turns_owed", "attacked",
})  # fmt: skip


def _pile(setup: dict[str, object], key: str, slugs: tuple[str, ...]) -> list[int]:
    """A pile written top first, as the state keeps it (the top last)."""
    pile = setup.get(key, [])
    if not isinstance(pile, list):
        raise BadInput(f"setup.{key}", f"a list, top first, of {', '.join(slugs)}")
    return [_index(x, slugs, f"setup.{key}[{i}]") for i, x in enumerate(pile)][::-1]


def _index(slug: object, slugs: tuple[str, ...], where: str) -> int:
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, f"one of {', '.join(slugs)}")
    return slugs.index(slug)


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
                raise BadInput(field, "places and runs the Move Deck holds")
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
        box = s.box
        for key in setup:
            if key not in SETUP_KEYS:
                raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(SETUP_KEYS))}")
        s.positions = _rig_positions(setup.get("positions", [0] * players), players, box)
        side = setup.get("side", "calm")
        if not isinstance(side, str) or side not in SIDES:
            raise BadInput("setup.side", "calm or chaos")
        s.side = SIDES.index(side)
        s._rig_hands(setup.get("hands", [[] for _ in range(players)]))
        s.action_deck = _pile(setup, "action_deck", box.card_slugs)
        s.action_discard = _pile(setup, "action_discard", box.card_slugs)
        s.move_deck = _pile(setup, "move_deck", box.disc_slugs)
        s.move_discard = _pile(setup, "move_discard", box.disc_slugs)
        magnets = box.disc_counts[box.magnet]
        s.magnets_aside = integer(
            setup.get("magnets_aside", magnets), 0, magnets, "setup.magnets_aside"
        )
        s.current = s.actor = integer(setup.get("current", 0), 0, players - 1, "setup.current")
        s.turns_owed = integer(setup.get("turns_owed", 1), 1, 99, "setup.turns_owed")
        s.attacked = flag(setup.get("attacked", s.turns_owed > 1), "setup.attacked")
        return s

    def _rig_hands(self, hands: object) -> None:
        """Each seat's Action Cards, by slug."""
        if not isinstance(hands, list) or len(hands) != self.n:
            raise BadInput("setup.hands", f"{self.n} lists of Action Cards")
        for q, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise BadInput(f"setup.hands[{q}]", "a list of Action Cards")
            for i, slug in enumerate(hand):
                self.gain(q, _index(slug, self.box.card_slugs, f"setup.hands[{q}][{i}]"))

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


def _rig_positions(positions: object, players: int, box: Box) -> list[int]:
    """Each seat's space (0: the Litter Box); one character per space but the Litter Box."""
    if (
        not isinstance(positions, list)
        or len(positions) != players
        or any(isinstance(x, bool) or not isinstance(x, int) for x in positions)
        or any(not 0 <= x <= box.spaces for x in positions)
    ):
        raise BadInput("setup.positions", f"{players} spaces in 0..{box.spaces}")
    taken = [x for x in positions if x]
    if len(taken) != len(set(taken)):
        raise BadInput("setup.positions", "one character per space (but the Litter Box)")
    return list(positions)

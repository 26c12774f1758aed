"""The board game's table written down: JSON (``State.to_json``'s own part), a table laid
out by hand for a scenario (``rig``, docs/scenarios.md) and the facts scenarios check."""

from __future__ import annotations

import random
from typing import Any, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.checks import (
    MAX_COUNTER,
    flag,
    integer,
    integers,
    table,
    within_box,
)
from kaboom.engine.datafile import MAX_CARDS
from kaboom.engine.errors import BadInput
from kaboom.engine.parsing import ascii_number
from kaboom.games._nope import ReactionWindow
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


def _pile(setup: dict[str, Any], key: str, slugs: tuple[str, ...]) -> list[int]:
    """A pile written top first, as the state keeps it (the top last)."""
    pile = setup.get(key, [])
    if not isinstance(pile, list):
        raise BadInput(f"setup.{key}", f"a list, top first, of {', '.join(slugs)}")
    return [_index(x, slugs, f"setup.{key}[{i}]") for i, x in enumerate(pile)][::-1]


def _index(slug: Any, slugs: tuple[str, ...], where: str) -> int:
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, f"one of {', '.join(slugs)}")
    return slugs.index(slug)


def check_json(s: BoardKnowledge, raw: dict[str, Any]) -> None:
    """Each stored field of the right type and range for this table and box (``BadInput``
    naming ``state.FIELD``), before any is read."""
    n, box = s.n, s.box
    cards, discs = len(box.card_slugs) - 1, len(box.disc_slugs) - 1
    integers(raw["positions"], 0, box.ribbon, "state.positions", n)
    integer(raw["side"], 0, len(SIDES) - 1, "state.side")
    hands = raw["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise BadInput("state.hands", f"a list of {n} hands")
    for q, hand in enumerate(hands):
        integers(hand, 0, MAX_CARDS, f"state.hands[{q}]", cards + 1)
    integers(raw["action_deck"], 0, cards, "state.action_deck")
    integers(raw["action_discard"], 0, cards, "state.action_discard")
    integers(raw["move_deck"], 0, discs, "state.move_deck")
    integers(raw["move_discard"], 0, discs, "state.move_discard")
    integer(raw["magnets_aside"], 0, MAX_CARDS, "state.magnets_aside")
    integer(raw["current"], 0, n - 1, "state.current")
    integer(raw["actor"], -1, n - 1, "state.actor")
    integer(raw["turns_owed"], 0, MAX_COUNTER, "state.turns_owed")
    integer(raw["turns"], 0, MAX_COUNTER, "state.turns")
    integer(raw["winner"], -1, n - 1, "state.winner")
    integer(raw["phase"], 0, len(PHASES) - 1, "state.phase")
    integer(raw["disc_to_choose"], -1, discs, "state.disc_to_choose")
    flag(raw["attacked"], "state.attacked")
    window = raw["window"]
    if window is not None:
        w = table(window, "state.window")
        play = integers(w["play"], -1, max(cards, n - 1), "state.window.play", 2)
        integer(play[0], 0, cards, "state.window.play[0]")
        integer(w["player"], 0, n - 1, "state.window.player")
        integers(w["nopes"], 0, n - 1, "state.window.nopes")
        integers(w["asked"], 0, n - 1, "state.window.asked")
    known = raw["known_move_deck"]
    if not isinstance(known, list):
        raise BadInput("state.known_move_deck", "a list of objects")
    for i, seen in enumerate(known):
        for at, disc in table(seen, f"state.known_move_deck[{i}]").items():
            if ascii_number(at) is None:
                raise BadInput(f"state.known_move_deck[{i}]", f"positions as keys, got {at!r}")
            integer(disc, 0, discs, f"state.known_move_deck[{i}].{at}")
    runs = raw.get("known_move_runs", [[]] * n)
    if not isinstance(runs, list) or len(runs) != n:
        raise BadInput("state.known_move_runs", f"a list of {n} lists of runs")
    for i, seat_runs in enumerate(runs):
        if not isinstance(seat_runs, list):
            raise BadInput(f"state.known_move_runs[{i}]", "a list of runs")
        for j, run in enumerate(seat_runs):
            integers(run, 0, discs, f"state.known_move_runs[{i}][{j}]")


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardRecord(BoardKnowledge):
    """The table written down: its JSON, a table laid out by hand, the facts scenarios check."""

    __slots__ = ()

    def _json(self) -> dict[str, Any]:
        """The game'self own fields by the names observations use (decks the top last)."""
        window = self.window
        return {
            "positions": list(self.positions),
            "side": self.side,
            "hands": [list(h) for h in self.hands],
            "action_deck": list(self.action_deck),
            "action_discard": list(self.action_discard),
            "move_deck": list(self.move_deck),
            "move_discard": list(self.move_discard),
            "magnets_aside": self.magnets_aside,
            "current": self.current,
            "actor": self.actor,
            "turns_owed": self.turns_owed,
            "attacked": self.attacked,
            "phase": self.phase,
            "window": window.to_json(list(window.play)) if window is not None else None,
            "disc_to_choose": self.disc_to_choose,
            "known_move_deck": [
                {str(i): d for i, d in sorted(k.items())} for k in self.known_move_deck
            ],
            "known_move_runs": [[list(r) for r in runs] for runs in self.known_move_runs],
            "winner": self.winner,
            "turns": self.turns,
        }

    def _load_json(self, raw: dict[str, Any]) -> None:
        """Read back what ``to_json`` wrote (a malformed field raises, and the base class names
        the state as malformed); every field is checked first (``check_json``), and the cards
        and discs against the box."""
        check_json(self, raw)
        self.positions = [int(x) for x in raw["positions"]]
        self.side = int(raw["side"])
        self.hands = [[int(k) for k in hand] for hand in raw["hands"]]
        self.hand_sizes = [sum(h) for h in self.hands]
        self.action_deck = [int(c) for c in raw["action_deck"]]
        self.action_discard = [int(c) for c in raw["action_discard"]]
        self.move_deck = [int(d) for d in raw["move_deck"]]
        self.move_discard = [int(d) for d in raw["move_discard"]]
        self.magnets_aside = int(raw["magnets_aside"])
        self.current, self.actor = int(raw["current"]), int(raw["actor"])
        self.turns_owed, self.attacked = int(raw["turns_owed"]), bool(raw["attacked"])
        self.phase = int(raw["phase"])
        window = raw["window"]
        if window is not None:
            card, target = window["play"]
            self.window = ReactionWindow.from_json(window, (int(card), int(target)))
        self.disc_to_choose = int(raw["disc_to_choose"])
        self.known_move_deck = [
            {int(i): int(d) for i, d in k.items()} for k in raw["known_move_deck"]
        ]
        runs = raw.get("known_move_runs", [[]] * self.n)
        self.known_move_runs = [[list(r) for r in seat_runs] for seat_runs in runs]
        for seat, seen in enumerate(self.known_move_deck):
            if not piles.holds(self.move_deck, seen, self.known_move_runs[seat]):
                field = f"state.known_move_deck[{seat}]"
                raise BadInput(field, "places and runs the Move Deck holds")
        self.winner = int(raw["winner"])
        self.turns = int(raw["turns"])
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

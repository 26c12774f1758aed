"""The board game's table written down: JSON (``State.to_json``'s own part), a table laid
out by hand for a scenario (``rig``, docs/scenarios.md) and the facts scenarios check."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from kaboom.engine.errors import BadInput
from kaboom.engine.window import ReactionWindow
from kaboom.games.board.core import OVER, PHASES, SIDES, BoardTable

T = TypeVar("T", bound=BoardTable)


# -- JSON -----------------------------------------------------------------------------------------
def to_json(s: BoardTable) -> dict[str, Any]:
    """The game's own fields by the names observations use (decks the top last)."""
    window = s.window
    return {
        "positions": list(s.positions),
        "side": s.side,
        "hands": [list(h) for h in s.hands],
        "action_deck": list(s.action_deck),
        "action_discard": list(s.action_discard),
        "move_deck": list(s.move_deck),
        "move_discard": list(s.move_discard),
        "magnets_aside": s.magnets_aside,
        "current": s.current,
        "actor": s.actor,
        "turns_owed": s.turns_owed,
        "attacked": s.attacked,
        "phase": s.phase,
        "window": window.to_json(list(window.play)) if window is not None else None,
        "disc_to_choose": s.disc_to_choose,
        "known_move_deck": [{str(i): d for i, d in sorted(k.items())} for k in s.known_move_deck],
        "winner": s.winner,
        "turns": s.turns,
    }


def load_json(s: BoardTable, raw: dict[str, Any]) -> None:
    """Read back what ``to_json`` wrote (a malformed field raises, and the base class names
    the state as malformed)."""
    s.positions = [int(x) for x in raw["positions"]]
    s.side = int(raw["side"])
    s.hands = [[int(k) for k in hand] for hand in raw["hands"]]
    s.hand_sizes = [sum(h) for h in s.hands]
    s.action_deck = [int(c) for c in raw["action_deck"]]
    s.action_discard = [int(c) for c in raw["action_discard"]]
    s.move_deck = [int(d) for d in raw["move_deck"]]
    s.move_discard = [int(d) for d in raw["move_discard"]]
    s.magnets_aside = int(raw["magnets_aside"])
    s.current, s.actor = int(raw["current"]), int(raw["actor"])
    s.turns_owed, s.attacked = int(raw["turns_owed"]), bool(raw["attacked"])
    s.phase = int(raw["phase"])
    window = raw["window"]
    if window is not None:
        card, target = window["play"]
        s.window = ReactionWindow.from_json(window, (int(card), int(target)))
    s.disc_to_choose = int(raw["disc_to_choose"])
    s.known_move_deck = [{int(i): int(d) for i, d in k.items()} for k in raw["known_move_deck"]]
    s.winner = int(raw["winner"])
    s.turns = int(raw["turns"])


# -- scenarios ------------------------------------------------------------------------------------
#: The keys of a rigged table (``rig``).
SETUP_KEYS = frozenset({
    "positions", "side", "hands", "move_deck", "action_deck", "move_discard",
    "action_discard", "magnets_aside", "current", "turns_owed", "attacked",
})  # fmt: skip


def rig(cls: type[T], players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> T:
    """``positions``, ``side`` (calm/chaos), ``hands``, ``move_deck`` and
    ``action_deck`` (top first), ``move_discard`` / ``action_discard`` (top first),
    ``magnets_aside``, ``current``, ``turns_owed``, ``attacked``."""
    s = cls(players, options, random.Random(seed))
    box = s.box
    for key in setup:
        if key not in SETUP_KEYS:
            raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(SETUP_KEYS))}")
    positions = setup.get("positions", [0] * players)
    if (
        not isinstance(positions, list)
        or len(positions) != players
        or any(not isinstance(x, int) or not 0 <= x <= box.spaces for x in positions)
    ):
        raise BadInput("setup.positions", f"{players} spaces in 0..{box.spaces}")
    taken = [x for x in positions if x]
    if len(taken) != len(set(taken)):
        raise BadInput("setup.positions", "one character per space (but the Litter Box)")
    s.positions = list(positions)
    side = setup.get("side", "calm")
    if side not in SIDES:
        raise BadInput("setup.side", "calm or chaos")
    s.side = SIDES.index(side)
    hands = setup.get("hands", [[] for _ in range(players)])
    if not isinstance(hands, list) or len(hands) != players:
        raise BadInput("setup.hands", f"{players} lists of Action Cards")
    for q, hand in enumerate(hands):
        for i, slug in enumerate(hand):
            s.gain(q, _index(slug, box.card_slugs, f"setup.hands[{q}][{i}]"))
    s.action_deck = _pile(setup, "action_deck", box.card_slugs)
    s.action_discard = _pile(setup, "action_discard", box.card_slugs)
    s.move_deck = _pile(setup, "move_deck", box.disc_slugs)
    s.move_discard = _pile(setup, "move_discard", box.disc_slugs)
    s.magnets_aside = int(setup.get("magnets_aside", box.disc_counts[box.magnet]))
    current = setup.get("current", 0)
    if not isinstance(current, int) or not 0 <= current < players:
        raise BadInput("setup.current", f"a seat in 0..{players - 1}")
    s.current = s.actor = current
    s.turns_owed = int(setup.get("turns_owed", 1))
    s.attacked = bool(setup.get("attacked", s.turns_owed > 1))
    return s


def _pile(setup: dict[str, Any], key: str, slugs: tuple[str, ...]) -> list[int]:
    """A pile written top first, as the state keeps it (the top last)."""
    return [_index(x, slugs, f"setup.{key}[{i}]") for i, x in enumerate(setup.get(key, []))][::-1]


def _index(slug: Any, slugs: tuple[str, ...], where: str) -> int:
    if slug not in slugs:
        raise BadInput(where, f"one of {', '.join(slugs)}")
    return slugs.index(slug)


def facts(s: BoardTable) -> dict[str, Any]:
    """Checkable facts about the table, by name (docs/scenarios.md)."""
    return {
        "to_act": s.to_act,
        "phase": PHASES[s.phase],
        "current": s.current,
        "turns_owed": s.turns_owed,
        "attacked": s.attacked,
        "side": SIDES[s.side],
        "positions": list(s.positions),
        "winner": s.winner if s.winner >= 0 else None,
        "over": s.phase == OVER,
        "hands": {str(q): s.hand_slugs(q) for q in range(s.n)},
        "hand_sizes": list(s.hand_sizes),
        "move_deck": s.disc_names(s.move_deck[::-1]),
        "move_deck_size": len(s.move_deck),
        "move_discard": s.disc_names(s.move_discard[::-1]),
        "action_deck_size": len(s.action_deck),
        "action_discard": s.card_names(s.action_discard[::-1]),
        "magnets_aside": s.magnets_aside,
        "turns": s.turns,
        "cards_in_play": s.card_count(),
        "legal": [s.action_text(a) for a in s.legal_actions()],
    }

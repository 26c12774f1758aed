"""The exploding games on record: the state as JSON, a table rigged by hand for a scenario
(docs/scenarios.md), and the facts a scenario checks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, TypeVar

from kaboom.engine.errors import BadInput
from kaboom.engine.window import ReactionWindow
from kaboom.games.kittens.actions import Spec
from kaboom.games.kittens.core import OVER, PHASES, KittensCore

S = TypeVar("S", bound=KittensCore)


def to_json(state: KittensCore) -> dict[str, Any]:
    """The game's own fields, by the names observations use."""
    w = state.window
    return {
        "hands": [list(h) for h in state.hands],
        "pile": list(state.pile),
        "discard": list(state.discard),
        "out_of_game": list(state.out_of_game),
        "out_of_game_face_down": list(state.out_of_game_face_down),
        "alive": list(state.alive),
        "current": state.current,
        "turns_owed": state.turns_owed,
        "attacked": state.attacked,
        "phase": PHASES[state.phase],
        "actor": state.actor,
        "window": None if w is None else w.to_json(list(w.play)),
        "known_pile": [{str(i): c for i, c in sorted(k.items())} for k in state.known_pile],
        "known_hands": [[*k, v] for k, v in sorted(state.known_hands.items())],
        "turns": state.turns,
        "winner": state.winner,
        "drawn_bomb": state.drawn_bomb,
    }


def load_json(s: KittensCore, raw: dict[str, Any]) -> None:
    """Read the game's own fields back into ``s`` (fresh from its constructor)."""
    s.hands = [list(map(int, h)) for h in raw["hands"]]
    s.recount()
    s.drawn_bomb = int(raw["drawn_bomb"])
    s.pile, s.discard = list(raw["pile"]), list(raw["discard"])
    s.out_of_game = list(raw["out_of_game"])
    s.out_of_game_face_down = list(raw["out_of_game_face_down"])
    s.alive = [bool(a) for a in raw["alive"]]
    s.current, s.turns_owed = raw["current"], raw["turns_owed"]
    s.attacked = bool(raw["attacked"])
    s.phase, s.actor = PHASES.index(raw["phase"]), raw["actor"]
    w = raw["window"]
    s.window = None if w is None else ReactionWindow.from_json(w, Spec(*w["play"]))
    s.known_pile = [{int(i): c for i, c in k.items()} for k in raw["known_pile"]]
    s.known_hands = {(a, b, c): v for a, b, c, v in raw["known_hands"]}
    s.turns, s.winner = raw["turns"], raw["winner"]


#: The fields a rigged table may lay out.
RIG_FIELDS = frozenset({
    "hands", "draw_pile", "discard_pile", "removed", "out_of_game", "current", "turns_owed",
    "attacked", "alive",
})  # fmt: skip


def rig(cls: type[S], players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> S:
    """A state laid out by hand: see docs/scenarios.md for the fields."""
    s = cls(players, options, random.Random(seed))
    for key in setup:
        if key not in RIG_FIELDS:
            raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(RIG_FIELDS))}")
    hands = setup.get("hands", [[] for _ in range(players)])
    if not isinstance(hands, list) or len(hands) != players:
        raise BadInput("setup.hands", f"a list of {players} hands (one per seat)")
    for seat, hand in enumerate(hands):
        for t in _rig_cards(s, hand, f"setup.hands[{seat}]"):
            s.hands[seat][t] += 1
    s.recount()
    s.pile = _rig_cards(s, setup.get("draw_pile", []), "setup.draw_pile")[::-1]
    s.discard = _rig_cards(s, setup.get("discard_pile", []), "setup.discard_pile")[::-1]
    s.out_of_game_face_down = _rig_cards(s, setup.get("removed", []), "setup.removed")
    s.out_of_game = _rig_cards(s, setup.get("out_of_game", []), "setup.out_of_game")
    alive = setup.get("alive", [True] * players)
    if not isinstance(alive, list) or len(alive) != players:
        raise BadInput("setup.alive", f"a list of {players} true/false values")
    s.alive = [bool(a) for a in alive]
    s.current = s.actor = _rig_int(setup, "current", 0, 0, players - 1)
    if not s.alive[s.current]:
        raise BadInput("setup.current", "a living seat")
    s.turns_owed = _rig_int(setup, "turns_owed", 1, 1, 99)
    attacked = setup.get("attacked", s.turns_owed > 1)
    if not isinstance(attacked, bool):
        raise BadInput("setup.attacked", "true or false")
    s.attacked = attacked
    return s


def _rig_cards(s: KittensCore, cards: Any, field: str) -> list[int]:
    if not isinstance(cards, list):
        raise BadInput(field, "a list of card names")
    slugs = s.edition.slugs
    out = []
    for i, slug in enumerate(cards):
        if not isinstance(slug, str) or slug not in slugs:
            raise BadInput(f"{field}[{i}]", f"a card, one of {', '.join(slugs)}")
        out.append(slugs.index(slug))
    return out


def _rig_int(setup: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    value = setup.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadInput(f"setup.{key}", f"an integer in {lo}..{hi}, got {value!r}")
    return value


def facts(s: KittensCore) -> dict[str, Any]:
    """Checkable facts about the state, by name, for scenario expectations."""
    slugs = s.edition.slugs
    return {
        "to_act": s.to_act,
        "phase": PHASES[s.phase],
        "current": s.current,
        "turns_owed": s.turns_owed,
        "attacked": s.attacked,
        "alive": list(s.alive),
        "winner": s.winner if s.winner >= 0 else None,
        "over": s.phase == OVER,
        "hands": {str(q): s.hand_slugs(q) for q in range(s.n)},
        "hand_sizes": list(s.sizes),
        "draw_pile": s.slugs(s.pile[::-1]),
        "draw_pile_size": len(s.pile),
        "draw_pile_counts": dict(Counter(slugs[c] for c in s.pile)),
        "discard_pile": s.slugs(s.discard[::-1]),
        "discard_top": slugs[s.discard[-1]] if s.discard else None,
        "out_of_game": dict(Counter(slugs[c] for c in s.out_of_game)),
        "out_of_game_face_down": len(s.out_of_game_face_down),
        "cards_in_play": s.card_count(),
        "turns": s.turns,
        "pending": None if s.window is None else s.window_text(),
        "nopes": 0 if s.window is None else len(s.window.nopes),
        "legal": [s.table.text(a) for a in s.legal_actions()],
    }

"""An Eleminis table written down and laid out: its JSON, a rigged table for a scenario,
and the facts a scenario checks."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from kaboom.engine.errors import BadInput
from kaboom.games.eleminis.knowledge import row_slugs
from kaboom.games.eleminis.rules import OVER, EleminisRules

R = TypeVar("R", bound=EleminisRules)

#: The keys of a scenario's ``setup``.
SETUP_KEYS = frozenset({"rows", "deck", "discard_pile", "current", "drawn", "totals", "game"})


def to_json(state: EleminisRules) -> dict[str, Any]:
    """The game's own fields (``State.to_json`` adds the common ones)."""
    return {
        "cells": list(state.cells),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "deck_known": state.deck_known,
        "drawn": state.drawn,
        "current": state.current,
        "first": state.first,
        "phase": state.phase,
        "game_number": state.game_number,
        "scores": list(state.scores),
        "totals": list(state.totals),
        "winners": list(state._winners),
        "turns": state.turns,
    }


def load_json(state: EleminisRules, raw: dict[str, Any]) -> None:
    """The game's own fields read back from :func:`to_json` output."""
    state.cells, state.deck = list(raw["cells"]), list(raw["deck"])
    state.discard = list(raw["discard"])
    state.deck_known, state.drawn = bool(raw["deck_known"]), int(raw["drawn"])
    state.current, state.first, state.phase = raw["current"], raw["first"], raw["phase"]
    state.game_number = raw["game_number"]
    state.scores, state.totals = list(raw["scores"]), list(raw["totals"])
    state._winners, state.turns = list(raw["winners"]), raw["turns"]


def rig(cls: type[R], players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> R:
    """Rows (one list of ``slots`` cards or null per seat), the Deck and Discard Pile (top
    first), who is to play, the drawn card (else the Deck's top is drawn), match totals."""
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
    deck = setup.get("deck", [])
    s.deck = [_card(s, c, f"setup.deck[{i}]") for i, c in enumerate(deck)][::-1]
    pile = setup.get("discard_pile", [])
    s.discard = [_card(s, c, f"setup.discard_pile[{i}]") for i, c in enumerate(pile)][::-1]
    current = setup.get("current", 0)
    if not isinstance(current, int) or not 0 <= current < players:
        raise BadInput("setup.current", f"a seat in 0..{players - 1}")
    s.current = s.first = current
    totals = setup.get("totals", [0] * players)
    if not isinstance(totals, list) or len(totals) != players:
        raise BadInput("setup.totals", f"a list of {players} numbers")
    s.totals = [int(t) for t in totals]
    s.game_number = int(setup.get("game", 1))
    if "drawn" in setup:
        s.drawn = _card(s, setup["drawn"], "setup.drawn")
    else:
        if not s.deck:
            raise BadInput("setup.deck", "a card to draw (or setup.drawn)")
        s._draw()
    return s


def _card(state: EleminisRules, slug: Any, where: str) -> int:
    slugs = state.deck_data.slugs
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, f"a card, one of {', '.join(slugs)}")
    return slugs.index(slug)


def facts(state: EleminisRules, legal: list[str]) -> dict[str, Any]:
    """Checkable facts for scenario expectations; ``legal``: the legal actions' texts."""
    s, slugs = state, state.deck_data.slugs
    return {
        "to_act": s.to_act,
        "current": s.current,
        "over": s.phase == OVER,
        "drawn": slugs[s.drawn] if s.drawn >= 0 else None,
        "rows": {str(q): row_slugs(s, q) for q in range(s.n)},
        "deck": [slugs[t] for t in s.deck[::-1]],
        "deck_size": len(s.deck),
        "discard_pile": [slugs[t] for t in s.discard[::-1]],
        "complete_rows": [q for q in range(s.n) if s.complete(q)],
        "row_scores": [s.row_score(q) for q in range(s.n)],
        "scores": list(s.scores),
        "totals": list(s.totals),
        "side_totals": s.side_totals(s.totals),
        "team_of": [s.side(q) for q in range(s.n)] if s.teams else None,
        "game_number": s.game_number,
        "winners": s.winners,
        "turns": s.turns,
        "cards_in_play": s.card_count(),
        "legal": legal,
    }

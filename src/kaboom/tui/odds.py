"""The chance that the next card drawn is a bomb, from one seat's observation only."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def bomb_odds(obs: dict[str, Any], bombs: Collection[str]) -> float | None:
    """The probability that the top card of the Draw Pile is a bomb, as far as the seat
    that made ``obs`` knows: a known top card decides it; otherwise the bombs not yet
    located among the cards not yet seen. ``None`` where the game has no bombs in its pile.

    ``obs`` is an exploding-family observation: ``draw_pile_size``, ``bombs_in_pile`` and
    ``known_pile`` (cards seen, by position from the top, 0 = top); ``bombs`` the slugs
    of the bomb cards.

    >>> obs = {"draw_pile_size": 10, "bombs_in_pile": 2, "known_pile": {}}
    >>> bomb_odds(obs, {"exploding-kitten"})
    0.2
    >>> bomb_odds(obs | {"known_pile": {"0": "exploding-kitten"}}, {"exploding-kitten"})
    1.0
    >>> round(bomb_odds(obs | {"known_pile": {"1": "exploding-kitten"}}, {"exploding-kitten"}), 3)
    0.111
    """
    if "bombs_in_pile" not in obs:
        return None
    size = int(obs["draw_pile_size"])
    if size == 0:
        return 0.0
    known = {int(k): str(v) for k, v in dict(obs.get("known_pile") or {}).items()}
    if 0 in known:
        return 1.0 if known[0] in bombs else 0.0
    unknown = size - len(known)
    if unknown <= 0:
        return 0.0
    located = sum(1 for card in known.values() if card in bombs)
    left = max(int(obs["bombs_in_pile"]) - located, 0)
    return min(left / unknown, 1.0)

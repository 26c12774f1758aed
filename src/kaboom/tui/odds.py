"""The chance that the next card drawn is a bomb, from one seat's observation only."""

from __future__ import annotations

from collections.abc import Collection

from kaboom.engine.state import Observation


def bomb_odds(obs: Observation, bombs: Collection[str]) -> float | None:
    """The probability that the top card of the Draw Pile is a bomb, as far as the seat
    that made ``obs`` knows: a known top card decides it; otherwise the bombs not yet
    located among the cards not yet seen. ``None`` where the game has no bombs in its pile.

    ``obs`` is an observation (docs/observations.md) of a family whose section counts the
    ``bombs_in_pile`` (the exploding family): the ``draw`` pile's size, and the cards the
    seat knows in it (``known["piles"]["draw"]``, by place from the top, 0 = top);
    ``bombs`` the slugs of the bomb cards.

    >>> obs = {"family": "exploding", "exploding": {"bombs_in_pile": 2},
    ...        "piles": {"draw": {"size": 10}}, "known": {"piles": {"draw": {}}, "hands": {}}}
    >>> bomb_odds(obs, {"exploding-kitten"})
    0.2
    >>> obs["known"]["piles"]["draw"] = {"0": "exploding-kitten"}
    >>> bomb_odds(obs, {"exploding-kitten"})
    1.0
    >>> obs["known"]["piles"]["draw"] = {"1": "exploding-kitten"}
    >>> round(bomb_odds(obs, {"exploding-kitten"}), 3)
    0.111
    """
    section = obs.get(str(obs.get("family")))
    if not isinstance(section, dict) or "bombs_in_pile" not in section:
        return None
    size = int(obs["piles"]["draw"]["size"])
    if size == 0:
        return 0.0
    seen = obs["known"]["piles"].get("draw") or {}
    known = {int(k): str(v) for k, v in dict(seen).items()}
    if 0 in known:
        return 1.0 if known[0] in bombs else 0.0
    unknown = size - len(known)
    if unknown <= 0:
        return 0.0
    located = sum(1 for card in known.values() if card in bombs)
    left = max(int(section["bombs_in_pile"]) - located, 0)
    return min(left / unknown, 1.0)

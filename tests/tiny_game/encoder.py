"""Tiny Nim for reinforcement learning: its own encoder, registered for its family (``tiny``)
in kaboom.rl's registry of encoders; no file of kaboom.rl changes for it."""

from __future__ import annotations

from kaboom.engine.state import Observation, State
from kaboom.rl.encoding import ENCODERS, Encoder
from tiny_game.fields import SLUGS
from tiny_game.rules import DATA, STONES


class NimEncoder(Encoder):
    """The shared vector (phase, seats, piles, hand, what the seat knows) and the stones
    left (``tiny.stones``)."""

    PHASES = ("turn", "over")
    PILES = ("deck", "discard")
    FACE_UP = ("discard",)
    HIDDEN_PILE = "deck"

    @classmethod
    def make(cls, game: type[State], players: int, actions: int) -> Encoder:
        counts = [int(DATA["cards"][slug]) for slug in SLUGS[1:]]
        return cls(game.game_id, "tiny", players, SLUGS[1:], SLUGS[1:],
                   float(max(counts)), float(sum(counts)), actions)  # fmt: skip

    def _layout_family(self) -> None:
        self._add("tiny.stones", 1, f"stones left / {STONES}")

    def _encode_family(self, v: dict[int, float], obs: Observation) -> None:
        v[self._at["tiny.stones"]] = obs["tiny"]["stones"] / STONES


def register() -> None:
    """Encode Tiny Nim's games with ``NimEncoder`` (what a ``kaboom.encoders`` entry point
    named ``tiny`` would do for an installed package)."""
    ENCODERS.put("tiny", NimEncoder.make)

"""Eleminis's table: the rows, the drawn card, scores and teams, from the observation of
docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.state import Observation, State
from kaboom.games.eleminis.deck import Deck
from kaboom.tui.panel import Family, slot, you


class Eleminis(Family):
    """Eleminis: the rows, the drawn card, scores and teams."""

    hand_label = "Drawn"

    def __init__(self, deck: Deck) -> None:
        super().__init__(
            dict(zip(deck.slugs, zip(deck.names, deck.texts, strict=True), strict=True))
        )
        self.deck = deck

    @classmethod
    def of(cls, state: State) -> Eleminis:
        """The table of an Eleminis game: its deck's cards."""
        game: Any = state  # the game carries its deck's data
        return cls(game.deck_data)

    def hand(self, obs: Observation) -> list[str]:
        """The drawn card (public: every seat sees it)."""
        drawn = obs["eleminis"]["drawn"]
        return [drawn] if drawn else []

    def narrows(self, action: str, selected: list[str]) -> bool:
        return True  # every option plays the drawn card

    def label(self, action: str) -> str:
        """``play air -> p1.2`` -> ``Air into P1's slot 2``.

        >>> from kaboom.games.eleminis import DECK
        >>> Eleminis(DECK).label("swap p0.1 p2.5")
        "Swap P0's slot 1 with P2's slot 5"
        """
        word, *rest = action.split()
        cells = [slot(w) for w in rest if w.startswith("p") and "." in w]
        if word == "play":
            return f"{self.name(rest[0])} into {cells[-1]}"
        if word == "move":
            return f"Move {cells[0]} to {cells[1]}"
        if word == "swap":
            return f"Swap {cells[0]} with {cells[1]}"
        if word in ("discard", "recycle"):
            again = " and play again" if word == "recycle" else ""
            return f"{word.capitalize()} {cells[0]}{again}"
        return "Pass: the card cannot be played" if word == "pass" else action

    def panel(self, obs: Observation, viewer: int) -> str:
        piles, section = obs["piles"], obs["eleminis"]
        discard = piles["discard"]["cards"]
        top = discard[0] if discard else None
        head = (
            f"Deck {piles['deck']['size']}, Discard {len(discard)} "
            f"(top {self.name(top) if top else '-'}), game {section['game_number']}"
        )
        if section["target"]:
            head += f", match to {section['target']}"
        lines = [head]
        if section["drawn"]:
            lines.append(f"P{obs['current']} drew {self.name(section['drawn'])}")
        teams = int(section["teams"] or 0)
        rows = [player["row"] for player in obs["players"]]
        head = "".join(f"{s + 1:<6}" for s in range(len(rows[0])))
        lines.append(f"  {'':7}{head}{'pts':>4}" + (" tm" if teams else ""))
        for q, row in enumerate(rows):
            mark = ">" if q == obs["current"] else " "
            cells = "".join(f"{(self.name(c) if c else '.')[:5]:6}" for c in row)
            team = f" {q % teams:2}" if teams else ""
            lines.append(f"{mark} {you(q, viewer):7}{cells}{obs['players'][q]['total']:4}{team}")
        if obs["winners"]:
            lines.append("Winners: " + ", ".join(f"P{q}" for q in obs["winners"]))
        return "\n".join(lines)

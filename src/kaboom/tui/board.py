"""Exploding Kittens: The Board Game's table: the track on both sides, positions, the discs,
from the observation of docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.state import Observation, State
from kaboom.games.board.data import Box
from kaboom.games.board.words import SIDE_NAMES, disc_name
from kaboom.tui.panel import Family, known_from_top, known_runs, you


class Board(Family):
    """Exploding Kittens: The Board Game: the track on both sides, positions, the discs."""

    def __init__(self, box: Box) -> None:
        texts = box.card_texts or tuple("" for _ in box.card_slugs)
        super().__init__(
            dict(zip(box.card_slugs, zip(box.card_names, texts, strict=True), strict=True))
        )
        self.box = box

    @classmethod
    def of(cls, state: State) -> Board:
        """The table of a board game: its box (the board and the cards)."""
        game: Any = state  # the game carries its box
        return cls(game.box)

    def uses(self, action: str) -> set[str]:
        words = super().uses(action)
        return words | ({"defuse"} if action == "defuse" else set())

    def label(self, action: str) -> str:
        """``play swap-spaces @1`` -> ``Play Swap Spaces on P1``."""
        word, *rest = action.split()
        target = next((f" P{w[1:]}" for w in rest if w.startswith("@")), "")
        card = self.name(rest[0]) if rest and not rest[0].startswith("@") else ""
        words = {
            "draw": "Flip the top Move Disc (end your turn)",
            "nope": "Nope!",
            "pass": "Let it pass",
            "move": "Move",
            "flip": "Flip the board",
            "defuse": "Play a Defuse",
            "explode": "Explode: back to last place",
            "play": f"Play {card}" + (f" on{target}" if target else ""),
            "swap-with": f"Swap spaces with{target}",
            "discard": f"Discard {card}",
            "place": f"Put the Danger Magnet at position {rest[0] if rest else ''} (0 = top)",
        }
        return words.get(word, action)

    def track(self, side: int) -> str:
        """One side of the board, a character a space: K a kitten space, else its value."""
        layout = self.box.sides[side]
        return "".join(
            "K" if s in layout.kittens else str(layout.values[s])
            for s in range(1, self.box.spaces + 1)
        )

    def panel(self, obs: Observation, viewer: int) -> str:
        ribbon = self.box.ribbon
        piles, section = obs["piles"], obs["board"]
        marks = [" "] * (ribbon + 1)
        for player in obs["players"]:
            pos = player["position"]
            marks[pos] = str(player["seat"]) if marks[pos] == " " else "*"
        lines = [
            f"Board: {SIDE_NAMES[section['side']]}",
            f"Calm |{self.track(0)}|R",
            f"Chaos|{self.track(1)}|R",
            f"Who  {''.join(marks)}",
        ]
        for player in obs["players"]:
            q, pos = player["seat"], player["position"]
            mark = ">" if q == obs["current"] else " "
            where = "Litter Box" if pos == 0 else "Ribbon" if pos == ribbon else f"space {pos}"
            lines.append(f"{mark} {you(q, viewer):7} {player['hand_size']:2} cards  {where}")
        lines.append(
            f"Move Deck {piles['move_deck']['size']}, Action Deck {piles['action_deck']['size']}, "
            f"magnets aside {section['magnets_aside']}"
        )
        move_discard = piles["move_discard"]["cards"]
        if section["disc_to_choose"]:
            lines.append(f"Move Disc drawn: {disc_name(section['disc_to_choose'])}")
        elif move_discard:
            lines.append(f"Last Move Disc: {disc_name(move_discard[0])}")
        lines += self._extras(obs)
        return "\n".join(lines)

    def window_text(self, window: dict[str, Any]) -> str:
        return f"Play {self.name(window['card'])}"

    def _extras(self, obs: Observation) -> list[str]:
        out = []
        window = obs["window"]
        if window:
            target = f" on P{window['target']}" if window.get("target") is not None else ""
            out.append(
                f"On the table: P{window['player']} plays {self.name(window['card'])}{target}"
            )
        out += known_from_top(obs["known"]["piles"].get("move_deck") or {}, disc_name)
        out += known_runs(obs["known"].get("runs", {}).get("move_deck", []), disc_name)
        return out

"""The exploding family's table (Exploding Kittens, Exploding Minions, Dynamitt): piles,
hands, turns owed, from the observation of docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.state import Observation, State
from kaboom.games.kittens.edition import Edition
from kaboom.games.kittens.words import EFFECT_NAMES, play_phrase
from kaboom.tui.panel import Family, counted, known_from_top, known_runs, you


class Exploding(Family):
    """Exploding Kittens, Exploding Minions, Dynamitt: piles, hands, turns owed."""

    def __init__(self, edition: Edition) -> None:
        super().__init__(
            dict(zip(edition.slugs, zip(edition.names, edition.texts, strict=True), strict=True))
        )
        self.ed = edition

    @classmethod
    def of(cls, state: State) -> Exploding:
        """The table of an exploding-family game: its edition's cards."""
        game: Any = state  # every game of the family carries its edition
        return cls(game.edition)

    def rank(self, slug: str) -> str:
        return self.ed.rank_of(self.ed.title_of(slug)) if slug in self.ed.slugs else slug

    def bomb_word(self) -> str:
        """What the bombs are called: the card's name, or its effect where ranks play it."""
        return EFFECT_NAMES["bomb"] if self.ed.ranks else self.ed.names[self.ed.only("bomb")]

    def bombs(self) -> frozenset[str]:
        return frozenset(
            s for s, e in zip(self.ed.slugs, self.ed.effects, strict=True) if e == "bomb"
        )

    def label(self, action: str) -> str:
        """``pair tacocat @2`` -> ``Play a pair of Tacocat against P2``.

        >>> from kaboom.games.kittens import ORIGINAL
        >>> Exploding(ORIGINAL).label("place 0")
        'Put the Exploding Kitten back at position 0 (0 = top)'
        """
        word, *rest = action.split()
        if word in ("play", "pair", "triple", "five"):
            return "Play" + play_phrase(self.ed, action)[0].removeprefix("plays")
        fixed = {"draw": "Draw a card (ends your turn)", "nope": "Nope!", "pass": "Let it pass",
                 "explode": "Explode (you are out)"}  # fmt: skip
        if word in fixed:
            return fixed[word]
        card = (
            self.ed.rank_name(rest[0])
            if rest and word == "defuse"
            else (self.name(rest[0]) if rest else "")
        )
        if word == "defuse":
            return f"Defuse with {card}" if card else "Play a Defuse"
        if word == "place":
            return f"Put the {self.bomb_word()} back at position {rest[0]} (0 = top)"
        return {"give": f"Give {card}", "take": f"Take {card} from the Discard Pile"}.get(
            word, action
        )

    def panel(self, obs: Observation, viewer: int) -> str:
        piles, section = obs["piles"], obs["exploding"]
        discard = piles["discard"]["cards"]
        top = discard[0] if discard else None
        lines = [
            f"Draw Pile {piles['draw']['size']} ({section['bombs_in_pile']} {self.bomb_word()}), "
            f"Discard {len(discard)}",
            f"Top of the Discard Pile: {self.name(top) if top else '-'}",
            f"Out: {counted([self.name(c) for c in section['out_of_game']])}"
            + (
                f" + {section['out_of_game_face_down']} face down"
                if section["out_of_game_face_down"]
                else ""
            ),
        ]
        lines += self._players(obs, viewer)
        lines += self._knowledge(obs)
        return "\n".join(lines)

    def _players(self, obs: Observation, viewer: int) -> list[str]:
        out = []
        owed = obs["exploding"]["turns_owed"]
        for player in obs["players"]:
            q = player["seat"]
            state = "in" if player["in"] else "OUT"
            mark = ">" if q == obs["current"] else " "
            more = f", {owed} turns" if q == obs["current"] and owed > 1 else ""
            out.append(f"{mark} {you(q, viewer):7} {player['hand_size']:2} cards  {state}{more}")
        window = obs["window"]
        if window:
            nopes = (
                f", Noped by {', '.join(f'P{q}' for q in window['nopes'])}"
                if window["nopes"]
                else ""
            )
            out.append(f"On the table: P{window['player']}: {self.label(window['play'])}{nopes}")
        drawn = obs["exploding"]["drawn_bomb"]
        if drawn:
            out.append(f"P{obs['current']} drew {self.name(drawn)}!")
        return out

    def _knowledge(self, obs: Observation) -> list[str]:
        known = obs["known"]
        out = known_from_top(known["piles"].get("draw") or {}, self.name)
        out += known_runs(known.get("runs", {}).get("draw", []), self.name)
        for q, cards in known["hands"].items():
            out.append(f"You know P{q} holds {counted([self.name(c) for c in cards])}")
        return out

"""A sensible player of Exploding Kittens: The Board Game. It Defuses when it can, avoids landing
on an Exploding Kitten when it can see it coming (a purple disc flips instead; a known top
disc is dodged with Skip, Attack or a Flip), swaps with a far leader, Nopes what is aimed at
it, and discards its least useful cards."""

from __future__ import annotations

from kaboom.bots.heuristic import HeuristicBot
from kaboom.engine.state import Observation
from kaboom.engine.view import PlayerView
from kaboom.games.board.core import SIDES
from kaboom.games.board.data import Box
from kaboom.games.board.rollout import SWAP_LEAD, landing
from kaboom.games.board.state import BoardGameState

VALUE = {"defuse": 10, "swap": 7, "nope": 6, "attack": 5, "skip": 5, "magnet": 4,
         "see-the-future": 3, "flip": 3, "shuffle": 2}  # fmt: skip


class BoardHeuristic(HeuristicBot):
    def choose(self, view: PlayerView, legal: list[int]) -> int:
        game = view.game_class
        assert issubclass(game, BoardGameState)
        box, obs = game.box, view.observation()
        texts = {view.action_text(a): a for a in legal}
        phase = obs["phase"]
        if phase == "landed":  # every mover decides: defuse when it holds a Defuse
            return texts.get("defuse", texts["explode"])
        if phase == "choose":
            steps = box.disc_steps[box.disc_slugs.index(obs["board"]["disc_to_choose"])]
            return texts["flip" if self._lands_on_kitten(box, obs, steps) else "move"]
        if phase == "discard-down":
            return min(legal, key=lambda a: VALUE[self._effect(box, view.action_text(a))])
        if phase == "place-magnet":
            return texts.get("place 1", legal[0])  # under the disc it is about to draw
        if phase == "react":  # everyone is asked: without a Nope, pass at once
            nope = texts.get("nope")
            return nope if nope is not None and self._aimed_at(obs) else texts["pass"]
        if phase == "turn":
            return self._turn(box, obs, texts)
        return legal[0]

    @staticmethod
    def _effect(box: Box, text: str) -> str:
        return box.card_effects[box.card_slugs.index(text.split()[1])]

    @staticmethod
    def _aimed_at(obs: Observation) -> bool:
        window, me = obs["window"], obs["seat"]
        player, noped = window["player"], len(window["nopes"]) % 2 == 1
        if player == me or noped:
            return player == me and noped
        if window["target"] == me:
            return True
        return bool(window["card"] == "attack" and (player + 1) % len(obs["players"]) == me)

    @staticmethod
    def _positions(obs: Observation) -> list[int]:
        return [int(p["position"]) for p in obs["players"]]

    def _lands_on_kitten(self, box: Box, obs: Observation, steps: int) -> bool:
        side = box.sides[SIDES.index(obs["board"]["side"])]
        return landing(box, self._positions(obs), obs["seat"], steps) in side.kittens

    def _turn(self, box: Box, obs: Observation, texts: dict[str, int]) -> int:
        me, pos = obs["seat"], self._positions(obs)
        leader = max(range(len(pos)), key=lambda q: pos[q])
        swap = f"play swap-spaces @{leader}"
        if leader != me and pos[leader] - pos[me] >= SWAP_LEAD and swap in texts:
            return texts[swap]
        top = obs["known"]["piles"]["move_deck"].get("0")
        if top is None and "play see-the-future" in texts:
            return texts["play see-the-future"]
        plain_move = top is not None and top.startswith("move-") and top[5:].isdigit()
        if plain_move and self._lands_on_kitten(box, obs, int(top[5:])):
            for dodge in ("play flip-the-board", "play skip", "play attack", "play shuffle"):
                if dodge in texts:
                    return texts[dodge]
        return texts["draw"]

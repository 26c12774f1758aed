"""A sensible human at the exploding games (Original, Minions, Dynamitt).

It sees what its seat sees (the observation, its legal actions) and the edition's public card
list. It hoards Defuses and Nopes early, counts the Draw Pile, looks at the future when the risk
is real, escapes with Attack, Skip, Draw from the Bottom or Shuffle when it knows the next card
is a bomb, defuses a drawn bomb whenever it can (it explodes only without a Defuse), puts a
defused bomb on top for the next player (at the bottom if it must draw again), Nopes what is
aimed at it, and steals when it holds pairs to spare. How much it
values each card and the risks at which it looks or gets out are those of its game's playout
policy (``games/kittens/rollout.py``): one set of rules of thumb.
"""

from __future__ import annotations

from kaboom.bots.heuristic import HeuristicBot
from kaboom.engine.observation import Window
from kaboom.engine.state import Observation
from kaboom.engine.view import PlayerView
from kaboom.games.kittens.actions import (
    DEFUSE,
    DRAW,
    FIVE,
    NOPE,
    PAIR,
    PASS,
    PLAY,
    PLAY_AT,
    TRIPLE,
    ActionTable,
    Spec,
    action_table,
)
from kaboom.games.kittens.rollout import ESCAPE, LOOK_AT
from kaboom.games.kittens.rollout import KEEP as VALUE
from kaboom.games.kittens.state import KittensState


class KittensHeuristic(HeuristicBot):
    def choose(self, view: PlayerView, legal: list[int]) -> int:
        game = view.game_class
        assert issubclass(game, KittensState)
        obs = view.observation()
        tb = action_table(game.edition, len(obs["players"]))
        phase = obs["phase"]
        if phase == "react":
            return self._react(tb, obs, legal)
        if phase == "place":
            return self._place(tb, obs, legal)
        if phase in ("give", "take"):
            worth = [VALUE[tb.reffect[tb.rank_of[tb.specs[a].title]]] for a in legal]
            pick = min if phase == "give" else max
            return legal[worth.index(pick(worth))]
        if phase == "turn":
            return self._turn(tb, obs, legal)
        if phase == "exploding":  # defuse when it can; explode only without a Defuse
            return next((a for a in legal if tb.specs[a].kind == DEFUSE), legal[-1])
        return legal[0]

    # -- reaction windows ------------------------------------------------------------------------
    def _react(self, tb: ActionTable, obs: Observation, legal: list[int]) -> int:
        """Nope what is aimed at it; Yup its own card when someone Noped it."""
        me, window = obs["seat"], obs["window"]
        pass_ = next(a for a in legal if tb.specs[a].kind == PASS)
        nope = next((a for a in legal if tb.specs[a].kind == NOPE), -1)
        if nope < 0:  # everyone is asked, Nope in hand or not (docs/rulings.md §1)
            return pass_
        mine = window["player"] == me
        cancelled = len(window["nopes"]) % 2 == 1
        if mine and cancelled:
            return nope
        if not mine and not cancelled and self._aimed_at(tb, obs, window):
            return nope
        return pass_

    def _aimed_at(self, tb: ActionTable, obs: Observation, window: Window) -> bool:
        me, spec = obs["seat"], tb.specs[tb.parse(window["play"])]
        if spec.target == me or spec.kind == DEFUSE:  # a Noped Defuse (house rule) may kill
            return True
        effect = tb.reffect[spec.arg if spec.kind == PLAY and spec.arg >= 0 else spec.title]
        if spec.kind == PLAY and effect == "attack":
            players = obs["players"]
            n = len(players)
            nxt = (window["player"] + 1) % n
            while not players[nxt]["in"]:
                nxt = (nxt + 1) % n
            return bool(nxt == me)
        return False

    # -- putting a bomb back ---------------------------------------------------------------------
    def _place(self, tb: ActionTable, obs: Observation, legal: list[int]) -> int:
        """On top for the next player, unless it must draw again itself (then the bottom)."""
        positions = {tb.specs[a].arg: a for a in legal}
        again = obs["exploding"]["turns_owed"] > 1
        return positions[max(positions)] if again else positions[0]

    # -- its turn ----------------------------------------------------------------------------------
    @staticmethod
    def _risk(obs: Observation, bombs: set[str]) -> float:
        """The chance the top card is a bomb, from what this seat knows (it counts the pile,
        docs/rulings.md §1): certain if it saw the top card, else the unseen bombs over the
        unseen cards."""
        known = obs["known"]["piles"]["draw"]
        if "0" in known:
            return 1.0 if known["0"] in bombs else 0.0
        unknown = obs["piles"]["draw"]["size"] - len(known)
        known_bombs = sum(slug in bombs for slug in known.values())
        bombs_in_pile = obs["exploding"]["bombs_in_pile"]
        return (bombs_in_pile - known_bombs) / unknown if unknown > 0 else 0.0

    def _turn(self, tb: ActionTable, obs: Observation, legal: list[int]) -> int:
        ed = tb.edition
        bombs = {ed.slugs[t] for t in range(ed.titles) if tb.is_bomb[t]}
        held: dict[str, int] = {}
        for slug in obs["hand"]:
            effect = tb.reffect[tb.rank_of[ed.slugs.index(slug)]]
            held[effect] = held.get(effect, 0) + 1
        risk = self._risk(obs, bombs)
        plays = {a: tb.specs[a] for a in legal}

        def effect_of(spec: Spec) -> str:
            rank = spec.arg if spec.kind in (PLAY, PLAY_AT) and spec.arg >= 0 else spec.title
            return tb.reffect[rank]

        def first(*effects: str) -> int | None:
            for effect in effects:
                for a, spec in plays.items():
                    if spec.kind == PLAY and effect_of(spec) == effect:
                        return a
            return None

        known_draw = obs["known"]["piles"]["draw"]
        bottom_known = known_draw.get(str(obs["piles"]["draw"]["size"] - 1))
        bottom_safe = bottom_known not in bombs
        if risk >= 1.0:  # it knows the next card is a bomb: get out
            out = first("attack", "skip") or (first("draw-bottom") if bottom_safe else None)
            out = out or first("shuffle")
            if out is not None:
                return out
        unknown_top = "0" not in known_draw
        if unknown_top and risk >= LOOK_AT:
            look = first("see-the-future")
            if look is not None:
                return look
        if risk >= ESCAPE and not held.get("defuse"):
            out = first("attack", "skip", "draw-bottom")
            if out is not None:
                return out
        steal = self._steal(tb, obs, plays, held)
        if steal is not None:
            return steal
        return next(a for a, s in plays.items() if s.kind == DRAW)

    def _steal(
        self, tb: ActionTable, obs: Observation, plays: dict[int, Spec], held: dict[str, int]
    ) -> int | None:
        """Pairs of cards it does not need steal from the richest hand; a three asks it for
        a Defuse; a Favor when it has no Defuse."""
        players, me = obs["players"], obs["seat"]
        sizes = [p["hand_size"] for p in players]
        rich = max((q for q in range(len(players)) if q != me and players[q]["in"]),
                   key=lambda q: sizes[q])  # fmt: skip
        if not sizes[rich]:
            return None
        defuse = tb.defuse_t
        for a, spec in plays.items():
            if spec.target != rich:
                continue
            if spec.kind == TRIPLE and spec.arg == defuse and spec.wild == 0:
                return a
            cheap = VALUE[tb.reffect[spec.title]] <= 3
            if spec.kind == PAIR and spec.wild == 0 and spec.arg < 0 and cheap:
                return a
            if (
                spec.kind == PLAY_AT
                and tb.reffect[spec.title] == "favor"
                and not held.get("defuse")
            ):
                return a
        for a, spec in plays.items():
            if spec.kind == FIVE and held.get("defuse", 0) == 0:
                return a
        return None

"""How a search plays the board game out (``PLAYOUT``): a quick, lifelike policy, a
horizon, and a judge of the positions where a playout stops.

Like the exploding games' playout policy, it reads the true state but each seat acts only on
what it knows (its hand, the positions, the discs it saw): it Defuses when it can, flips the board
rather than walk onto an Exploding Kitten it can see, dodges a known deadly top disc, Nopes
what is aimed at it, and otherwise draws a disc, with some randomness (``WANDER``).
"""

from __future__ import annotations

import random

from kaboom.engine.playout import Playout, judged_shares, win_shares
from kaboom.games.board.actions import (
    DEFUSE,
    DRAW,
    FLIP,
    MOVE,
    NOPE,
    PASS,
)
from kaboom.games.board.core import (
    CHOOSE,
    LANDED,
    REACT,
    TURN,
)
from kaboom.games.board.data import Box
from kaboom.games.board.state import BoardGameState

#: How often a playout decision is a uniformly random legal move instead.
WANDER = 0.1
#: How often a seat Nopes what is aimed at it.
NOPE_AIMED = 0.7
#: How far ahead of a seat the leader is before it swaps spaces with them.
SWAP_LEAD = 6
#: The cards that get a seat out of moving onto a known Exploding Kitten, best first.
DODGES = ("flip", "skip", "attack", "shuffle")
#: How many moves a search's playout plays before it judges the position (``chances``).
HORIZON = 24
#: How far ahead a seat's ``danger`` looks for Exploding Kitten spaces (a disc moves 1 to 6).
REACH = 6
#: What a seat's chance of winning rises or falls by, on a log scale: per ten spaces along
#: the track, past the Loop Back Arrow, per Action Card it holds by effect, per Exploding
#: Kitten space within ``REACH`` ahead (a share), and for being the one to move: fitted to
#: who went on to win games of these playouts, 2 to 4 players (``bench/fit_judge.py board``).
WEIGHT = {"space": 0.148, "stretch": 0.142, "defuse": 0.053, "nope": 0.034, "flip": -0.007,
          "skip": 0.006, "magnet": 0.027, "see-the-future": -0.016, "shuffle": 0.0,
          "swap": 0.119, "attack": -0.026, "other": 0.0, "danger": -0.239,
          "to-play": 0.045}  # fmt: skip


def landing(box: Box, positions: list[int], p: int, steps: int) -> int:
    """The space seat ``p`` would reach moving ``steps`` from ``positions``:
    past the Ribbon the Loop Back Arrow, and occupied spaces send it on.

    >>> from kaboom.games.board.data import load_box
    >>> landing(load_box(), [3, 5, 0], 0, 2)
    6
    """
    space = positions[p]
    for _ in range(steps):
        space = box.next_space(space)
    others = positions[:p] + positions[p + 1 :]
    while space != box.ribbon and space and space in others:
        space = box.next_space(space)
    return space


def policy(state: BoardGameState, rng: random.Random) -> int:
    """The playout policy: each seat acts on what it knows."""
    legal = state.legal_actions()
    phase = state.phase
    if len(legal) == 1:
        return legal[0]  # a seat asked in a window without a Nope passes; one on an
        # Exploding Kitten space without a Defuse explodes
    if phase == LANDED:
        return DEFUSE  # nobody sensible explodes holding a Defuse
    if phase == CHOOSE:
        return choose(state)
    if phase == TURN:
        return turn(state, legal, rng)
    if phase == REACT:
        return react(state, rng)
    return legal[rng.randrange(len(legal))]


def horizon(state: BoardGameState) -> int:
    """A race is long: playouts look a few moves ahead and judge the positions there."""
    return HORIZON


def result(state: BoardGameState) -> list[float]:
    """A playout cut short: each seat's chance judged from where it stands and what it
    holds (``chances``); a game played out, its winner's."""
    if state.winner >= 0:
        return win_shares(state.winners, state.n)
    return chances(state)


def choose(state: BoardGameState) -> int:
    """A purple disc: flip instead when the move lands on an Exploding Kitten."""
    steps = state.box.disc_steps[state.disc_to_choose]
    lands = landing(state.box, state.positions, state.actor, steps)
    return FLIP if lands in state.kittens() else MOVE


def turn(state: BoardGameState, legal: list[int], rng: random.Random) -> int:
    """Dodge a known top disc that walks onto an Exploding Kitten; swap spaces with a far
    leader; else mostly draw."""
    box, p = state.box, state.current
    top = state.known_move_deck[p].get(len(state.move_deck) - 1)
    deadly = (
        top is not None
        and box.disc_kinds[top] == "move"
        and landing(box, state.positions, p, box.disc_steps[top]) in state.kittens()
    )
    if deadly:
        hand = state.hands[p]
        for effect in DODGES:
            card = box.card(effect)
            if hand[card]:
                return state.ids.play + card
    swap = _swap_with_leader(state, p)
    if swap >= 0:
        return swap
    if rng.random() < WANDER:
        return legal[rng.randrange(len(legal))]
    return DRAW


def _swap_with_leader(state: BoardGameState, p: int) -> int:
    """Swap Spaces with the leader when it is ``SWAP_LEAD`` spaces ahead (-1: no swap)."""
    box, pos = state.box, state.positions
    leader = max(range(state.n), key=pos.__getitem__)
    if pos[leader] - pos[p] < SWAP_LEAD or "swap" not in box.card_effects:
        return -1
    if not state.hands[p][box.card("swap")]:
        return -1
    return state.ids.swap_at + leader


def react(state: BoardGameState, rng: random.Random) -> int:
    """Nope an Attack on you or a card aimed at you; Nope back a Nope on your own card."""
    window = state.window
    if window is None or rng.random() >= NOPE_AIMED:
        return PASS
    me, (card, target), player = state.actor, window.play, window.player
    if player == me:
        return NOPE if window.cancelled else PASS
    if window.cancelled:
        return PASS
    attack = state.box.card_effects[card] == "attack"
    aimed = target == me or (attack and (player + 1) % state.n == me)
    return NOPE if aimed else PASS


def features(state: BoardGameState) -> list[dict[str, float] | None]:
    """What ``chances`` weighs for each seat: how far along the track it is, its Action
    Cards by effect, the Exploding Kitten spaces just ahead of it, whether it moves next."""
    box, kittens = state.box, state.kittens()
    out: list[dict[str, float] | None] = []
    for q, space in enumerate(state.positions):
        f = dict.fromkeys(WEIGHT, 0.0)
        f["space"] = space / 10
        f["stretch"] = float(space >= box.loop_back_to)
        for card, k in enumerate(state.hands[q]):
            if k:
                effect = box.card_effects[card]
                f[effect if effect in f else "other"] += k
        ahead, near = space, 0
        for _ in range(REACH):
            ahead = box.next_space(ahead)
            near += ahead in kittens
        f["danger"] = near / REACH
        f["to-play"] = float(q == state.current)
        out.append(f)
    return out


def chances(state: BoardGameState) -> list[float]:
    """Each seat's chance of winning from here, judged from where it stands, what it holds
    and who moves next (a softmax of ``WEIGHT`` over the seats)."""
    return judged_shares(features(state), WEIGHT)


#: The board game's search settings, registered with the game.
PLAYOUT: Playout[BoardGameState] = Playout(policy=policy, horizon=horizon, result=result)

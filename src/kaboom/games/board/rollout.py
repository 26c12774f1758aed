"""A quick, lifelike policy for the board game's playouts (``State.rollout_action``).

Like the exploding games' playout policy, it reads the true state but each seat acts only on
what it knows (its hand, the positions, the discs it saw): it always Defuses, flips the board
rather than walk onto an Exploding Kitten it can see, dodges a known deadly top disc, Nopes
what is aimed at it, and otherwise draws a disc, with some randomness (``WANDER``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from kaboom.games.board.data import Box

if TYPE_CHECKING:
    from kaboom.games.board.state import BoardGameState

#: How often a playout decision is a uniformly random legal move instead.
WANDER = 0.1
#: How often a seat Nopes what is aimed at it.
NOPE_AIMED = 0.7
#: The cards that get a seat out of moving onto a known Exploding Kitten, best first.
DODGES = ("flip", "skip", "attack", "shuffle")


def landing(box: Box, pos: list[int], p: int, steps: int) -> int:
    """The space seat ``p`` would reach moving ``steps`` from the positions ``pos``:
    past the Ribbon the Loop Back Arrow, and occupied spaces send it on.

    >>> from kaboom.games.board.data import load_box
    >>> landing(load_box(), [3, 5, 0], 0, 2)
    6
    """
    space = pos[p]
    for _ in range(steps):
        space = box.loop_back_to if space == box.ribbon else space + 1
    others = pos[:p] + pos[p + 1 :]
    while space != box.ribbon and space and space in others:
        space = box.loop_back_to if space == box.ribbon else space + 1
    return space


def choose(state: BoardGameState, legal: list[int], move: int, flip: int) -> int:
    """A purple disc: flip instead when the move lands on an Exploding Kitten."""
    steps = state.box.disc_steps[state.disc_now]
    return flip if landing(state.box, state.pos, state.actor, steps) in state.kittens() else move


def turn(state: BoardGameState, legal: list[int], rng: random.Random, draw: int) -> int:
    """Dodge a known top disc that walks onto an Exploding Kitten; else mostly draw."""
    box, p = state.box, state.current
    top = state.pk[p].get(len(state.mdeck) - 1)
    deadly = (
        top is not None
        and box.disc_kinds[top] == "move"
        and landing(box, state.pos, p, box.disc_steps[top]) in state.kittens()
    )
    if deadly:
        hand = state.hands[p]
        for effect in DODGES:
            card = box.card(effect)
            if hand[card]:
                return state.ids.play + card
    if rng.random() < WANDER:
        return legal[rng.randrange(len(legal))]
    return draw


def react(state: BoardGameState, rng: random.Random, nope: int, pass_: int) -> int:
    """Nope an Attack on you or a card aimed at you; Nope back a Nope on your own card."""
    if state.pending is None or rng.random() >= NOPE_AIMED:
        return pass_
    me, (card, target) = state.actor, state.pending
    cancelled = len(state.nopes) % 2 == 1
    if state.pending_seat == me:
        return nope if cancelled else pass_
    if cancelled:
        return pass_
    attack = state.box.card_effects[card] == "attack"
    aimed = target == me or (attack and (state.pending_seat + 1) % state.n == me)
    return nope if aimed else pass_

"""How a search plays the exploding games out: the family's :class:`Playout` (``PLAYOUT``).

Search bots finish thousands of games a second with it, so it reads the true state directly,
but each seat acts only on what *it* knows (its hand, the cards it saw on the Draw Pile, the
public counts), never on the hidden deck: a playout plays like a table of sensible people,
not like cheats. It is the heuristic bot's rules of thumb, made cheap, with some randomness
(``WANDER``) so that playouts explore.
"""

from __future__ import annotations

import random

from kaboom.engine.playout import Playout, judged_shares, win_shares
from kaboom.games.kittens.actions import ActionTable
from kaboom.games.kittens.core import EXPLODING, GIVING, OVER, PLACING, REACT, TURN
from kaboom.games.kittens.state import KittensState

#: How often a playout decision is a uniformly random legal move instead.
WANDER = 0.1
#: The chance the top card is a bomb above which a seat looks at the future, or, without
#: a Defuse, gets out of drawing.
LOOK_AT, ESCAPE = 0.2, 0.34
#: How often a seat Nopes what is aimed at it (it keeps some Nopes for later).
NOPE_AIMED = 0.7
#: How much a seat values keeping a card of each effect (it gives away the cheapest).
KEEP = {"defuse": 10, "nope": 6, "attack": 5, "skip": 5, "draw-bottom": 4,
        "see-the-future": 4, "clone": 4, "favor": 3, "shuffle": 3, "wild": 2, "cat": 1,
        "bomb": 0}  # fmt: skip
#: How many moves a search's playout plays before it judges the position (``chances``), and
#: the player counts whose playouts go to the end instead (``horizon``).
HORIZON, TO_THE_END = 16, frozenset({2})
#: What a seat's chance of winning rises or falls by, on a log scale, for each card it holds
#: by effect (the first Defuse counts ``first-defuse`` more), and for being the one to draw
#: next: fitted to who went on to win games of these playouts, all editions and 2 to 5
#: players (``bench/fit_judge.py``).
WEIGHT = {"defuse": 0.59, "first-defuse": 0.50, "nope": 0.17, "attack": 0.30, "skip": 0.24,
          "draw-bottom": 0.07, "shuffle": 0.09, "see-the-future": 0.16, "other": 0.12,
          "owed": -0.33, "risk": -0.27, "defuse-at-risk": 0.20, "knows-bomb": 0.32}  # fmt: skip


def policy(state: KittensState, rng: random.Random) -> int:
    """The playout's move: each seat acts on what it knows."""
    legal = state.legal_now()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == TURN:
        return turn(state, legal, rng)
    if phase == REACT:
        return react(state, legal, rng)
    if phase == PLACING:
        return place(state, legal, rng)
    if phase == GIVING:
        return give(state, legal)
    if phase == EXPLODING:  # defuse when it can: exploding (listed last) only without one
        return legal[0]
    return legal[rng.randrange(len(legal))]


def playout_horizon(state: KittensState) -> int | None:
    """Playouts look a few moves ahead and judge the hands there (``result``), except at
    two players (``horizon``)."""
    return horizon(state.n)


def result(state: KittensState) -> list[float]:
    """A playout cut short: each seat's chance judged from its cards and who draws next
    (``chances``); at the end of the game, the winner's."""
    if state.phase == OVER:
        return win_shares(state.winners, state.n)
    return chances(state)


def horizon(players: int) -> int | None:
    """The horizon of a search's playouts in a game of ``players``. At two players the judge
    of a cut playout cost more than the luck it takes out (one rival: less luck to take out),
    so there playouts go to the end (Exploding Minions at two players, ISMCTS at 1,000
    iterations against the heuristic: 44% with the horizon, 65% without)."""
    return None if players in TO_THE_END else HORIZON


def turn(state: KittensState, legal: list[int], rng: random.Random) -> int:
    """Get out when the next card is known to be a bomb; look at the future when the risk is
    real; without a Defuse, get out when the risk is high; sometimes steal; else draw."""
    tb, p, pile = state.table, state.current, state.pile
    held, known = state.ranks_held[p], state.known_pile[p]
    top = known.get(len(pile) - 1)
    if top is not None and tb.is_bomb[top]:
        out = _escape(state, held, known, ("attack", "skip", "draw-bottom", "shuffle"))
        if out >= 0:
            return out
    elif top is None and pile:
        risk = state.bombs_in_pile() / len(pile)
        if risk >= LOOK_AT:
            look = _first(tb.plays_of["see-the-future"], held)
            if look >= 0:
                return look
        if risk >= ESCAPE and not any(held[r] for r in tb.defuse_ranks):
            out = _escape(state, held, known, ("attack", "skip", "draw-bottom"))
            if out >= 0:
                return out
    steal = _steal(state, held, legal)
    if steal >= 0:
        return steal
    if rng.random() < WANDER:
        return legal[rng.randrange(len(legal))]
    return tb.draw


def _steal(state: KittensState, held: list[int], legal: list[int]) -> int:
    """Steal from the richest hand, as the heuristic does: a pair of cards worth little
    (``KEEP`` 3 or less), three of a kind naming a Defuse, a Favor without a Defuse; or -1."""
    tb, p, sizes, alive = state.table, state.current, state.sizes, state.alive
    rich = -1  # the first of the largest hands
    for q in range(state.n):
        if q != p and alive[q] and (rich < 0 or sizes[q] > sizes[rich]):
            rich = q
    if not sizes[rich]:
        return -1
    hints = _hints(tb)
    options = set(legal)
    for rank, k in enumerate(held):
        if k >= 3 and tb.triple[rank][rich]:
            named = tb.triple[rank][rich][hints.defuse_named]
            if named in options:
                return named
        if k >= 2 and hints.cheap[rank] and tb.pair[rank][rich] in options:
            return tb.pair[rank][rich]
    if not any(held[r] for r in tb.defuse_ranks):
        for rank, k in enumerate(held):
            if k and hints.favor[rank] and tb.play_at[rank][rich] in options:
                return tb.play_at[rank][rich]
    return -1


class Hints:
    """What the playout asks of an action table's ranks, worked out once per table."""

    __slots__ = ("cheap", "defuse_named", "favor", "feature")

    def __init__(self, tb: ActionTable) -> None:
        #: Ranks worth little (``KEEP`` 3 or less): a seat pairs them to steal.
        self.cheap = [KEEP[e] <= 3 for e in tb.reffect]
        #: Ranks that are Favors.
        self.favor = [e == "favor" for e in tb.reffect]
        #: Where a Three of a Kind naming a Defuse lies in its row of named ranks.
        self.defuse_named = tb.holdable.index(tb.defuse_t)
        #: The feature (``WEIGHT``) each rank's cards count toward.
        self.feature = [e if e in WEIGHT else "other" for e in tb.reffect]


_HINTS: dict[ActionTable, Hints] = {}


def _hints(tb: ActionTable) -> Hints:
    """The table's :class:`Hints`, made once (tables are shared and live on)."""
    hints = _HINTS.get(tb)
    if hints is None:
        hints = _HINTS[tb] = Hints(tb)
    return hints


def react(state: KittensState, legal: list[int], rng: random.Random) -> int:
    """Nope what is aimed at you (an Attack on you, a Favor or combo at you), and Nope back
    a Nope on your own play; otherwise let the play go."""
    tb, me, window = state.table, state.actor, state.window
    if window is None or legal[0] == tb.pass_ or rng.random() >= NOPE_AIMED:
        return tb.pass_
    spec, cancelled = window.play, window.cancelled
    if window.player == me:
        return legal[0] if cancelled else tb.pass_
    if cancelled:
        return tb.pass_
    aimed = spec.target == me
    if not aimed and spec.arg < 0 and tb.reffect[spec.title] == "attack":
        aimed = state.next_alive(window.player) == me
    return legal[0] if aimed else tb.pass_


def place(state: KittensState, legal: list[int], rng: random.Random) -> int:
    """A defused bomb goes on top for the next player, or at the bottom when you must draw
    again yourself; sometimes anywhere."""
    if rng.random() < WANDER:
        return legal[rng.randrange(len(legal))]
    return legal[-1] if state.turns_owed > 1 else legal[0]


def give(state: KittensState, legal: list[int]) -> int:
    """A Favor's target gives away the card it values least."""
    tb = state.table
    return min(legal, key=lambda a: KEEP[tb.reffect[tb.rank_of[tb.specs[a].title]]])


def _first(plays: list[tuple[int, int]], held: list[int]) -> int:
    """The first play whose rank the hand holds, or -1."""
    for rank, action in plays:
        if held[rank]:
            return action
    return -1


def _escape(
    state: KittensState, held: list[int], known: dict[int, int], ways: tuple[str, ...]
) -> int:
    """A card that ends the turn without drawing the top card, or -1. Drawing from the
    bottom is no way out when the bottom card is a known bomb."""
    tb = state.table
    for effect in ways:
        if effect == "draw-bottom" and (b := known.get(0)) is not None and tb.is_bomb[b]:
            continue
        out = _first(tb.plays_of[effect], held)
        if out >= 0:
            return out
    return -1


def features(state: KittensState) -> list[dict[str, float] | None]:
    """What ``chances`` weighs for each living seat (None for the fallen): its cards by
    effect, whether it saw a bomb on top, and, for the seat to draw next, its owed turns and
    the risk on the pile."""
    pile = state.pile
    risk = state.bombs_in_pile() / len(pile) if pile else 1.0
    return [_seat_features(state, seat, risk) if state.alive[seat] else None
            for seat in range(state.n)]  # fmt: skip


def _seat_features(state: KittensState, seat: int, risk: float) -> dict[str, float]:
    tb, feature = state.table, _hints(state.table).feature
    out = dict.fromkeys(WEIGHT, 0.0)
    for rank, k in enumerate(state.ranks_held[seat]):
        if k:
            out[feature[rank]] += k
    out["first-defuse"] = min(out["defuse"], 1.0)
    out["defuse-at-risk"] = out["defuse"] * risk
    if seat == state.current:
        out["owed"], out["risk"] = state.turns_owed - 1.0, risk
    top = state.known_pile[seat].get(len(state.pile) - 1)
    out["knows-bomb"] = 1.0 if top is not None and tb.is_bomb[top] else 0.0
    return out


def chances(state: KittensState) -> list[float]:
    """Each seat's chance of winning from here, judged from what it holds and who draws
    next (a softmax of ``WEIGHT`` over the living seats); the fallen have none."""
    return judged_shares(features(state), WEIGHT)


#: The exploding family's playout, registered with each of its games.
PLAYOUT: Playout[KittensState] = Playout(policy=policy, horizon=playout_horizon, result=result)

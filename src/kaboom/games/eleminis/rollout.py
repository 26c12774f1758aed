"""How a search plays Eleminis out (``PLAYOUT``): a quick, lifelike policy, a short horizon
and a judge of the rows where a playout stops.

A sensible player's rule of thumb, made cheap: of a few of the drawn card's options (all of
them when there are few), play the one that most advances your side's row and least
advances the others' (the rows it touches, scored by ``progress``), with some randomness
(``WANDER``). Everything it reads is on the table: the rows and the drawn card.
"""

from __future__ import annotations

import random
from collections import Counter

from kaboom.engine.playout import Playout, final_result, judged_shares
from kaboom.games.eleminis.actions import MOVE, PASS, RECYCLE, SWAP, cells_after, decode
from kaboom.games.eleminis.core import OVER
from kaboom.games.eleminis.state import EleminisState

#: How often a playout decision is a uniformly random legal move instead.
WANDER = 0.1
#: At most this many options are weighed (a Move or a Swap can have hundreds).
WEIGH = 8
#: A complete row's progress; a rival's progress counts this much against yours.
WIN, RIVAL = 1000.0, 1.2
#: Another card to play makes Recycle a little better than Discard.
RECYCLE_BONUS = 0.5
#: Playouts stop after this many moves; the rows there are judged by ``chances``.
HORIZON = 8
#: How deep a search's tree grows (``Playout.tree_depth``): the decision's own moves only.
#: Every later move plays a card nobody has drawn yet, so one action id ("into p1.3") means a
#: different move in each determinisation, and the policy, which reads the card, plays them
#: better than statistics that mix them.
TREE = 1
#: What a row's chance of being the first complete rises or falls by, on a log scale, per
#: unit of each of its ``features``: fitted to who went on to win games of these playouts,
#: 2 to 4 players (``bench/fit_judge.py``).
WEIGHT = {"elemini": -0.15, "star": 0.40, "trash": -0.43, "empty": 0.05, "closeness": 0.44,
          "short": -0.07, "to-play": 0.08, "drawn-fits": 0.17, "next": 0.07}  # fmt: skip


def progress(kinds: tuple[str, ...], row: list[int]) -> float:
    """How close a row of cards (``-1`` empty) is to five different Eleminis: different
    Eleminis and Stars count, Trash counts against, a complete row wins.

    >>> kinds = ("elemini", "elemini", "star", "trash")
    >>> progress(kinds, [0, 1, -1, -1, 3])
    0.5
    >>> progress(kinds, [0, 1, 2, 2, 2])
    1000.0
    """
    eleminis = {t for t in row if t >= 0 and kinds[t] == "elemini"}
    stars = sum(1 for t in row if t >= 0 and kinds[t] == "star")
    trash = sum(1 for t in row if t >= 0 and kinds[t] == "trash")
    filled = sum(1 for t in row if t >= 0)
    if filled == len(row) and not trash and len(eleminis) + stars == len(row):
        return WIN
    return len(eleminis) + stars - 1.5 * trash


def policy(state: EleminisState, rng: random.Random) -> int:
    """The playout policy: the best-looking of a few options (``act``)."""
    return act(state, state.legal_now(), rng)  # (not copied: ``act`` changes nothing)


def horizon(state: EleminisState) -> int | None:
    """Playouts look ``HORIZON`` moves ahead and judge the rows there (``result``)."""
    return HORIZON


def result(state: EleminisState) -> list[float]:
    """Where a playout stops: the winners' share at the end; a playout cut short, each
    side's chance from how close its best row is to complete (``chances``)."""
    if state.phase == OVER:
        return final_result(state)
    return chances(state)


def act(state: EleminisState, legal: list[int], rng: random.Random) -> int:
    """The best-looking of up to ``WEIGH`` options; sometimes any option."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < WANDER:
        return legal[rng.randrange(len(legal))]
    options = legal if len(legal) <= WEIGH else rng.sample(legal, WEIGH)
    best, best_score = options[0], -1e9
    for action in options:
        score = _score(state, action)
        if score > best_score:
            best, best_score = action, score
    return best


def _score(state: EleminisState, action: int) -> float:
    """What the option does to the rows it touches: yours up, the others' down."""
    kind, a, b = decode(len(state.cells), action)
    if kind == PASS:
        return 0.0
    after = cells_after(state.cells, state.drawn, action)
    slots, kinds, me = state.slots, state.deck_data.kinds, state.side(state.current)
    rows = {a // slots, b // slots} if kind in (MOVE, SWAP) else {a // slots}
    score = RECYCLE_BONUS if kind == RECYCLE else 0.0
    for r in rows:
        cells = slice(r * slots, (r + 1) * slots)
        change = progress(kinds, after[cells]) - progress(kinds, state.cells[cells])
        score += change if state.side(r) == me else -RIVAL * change
    return score


def features(state: EleminisState) -> list[dict[str, float] | None]:
    """What ``chances`` weighs for each seat's row: its different Eleminis, Stars, Trash and
    empty slots, how close it is (the square of the Eleminis and Stars, over five), how many
    it still needs times the share of the unseen cards that would do, and whose move is now
    and next (and whether the card just drawn is one the seat to play needs)."""
    kinds = state.deck_data.kinds
    unseen = list(state.deck_data.counts)
    for t in (*state.cells, *state.discard, state.drawn):
        if t >= 0:
            unseen[t] -= 1
    left = max(1, sum(unseen))
    stars_left = sum(k for t, k in enumerate(unseen) if kinds[t] == "star")
    out = list[dict[str, float] | None]()
    for q in range(state.n):
        out.append(_row_features(state, q, unseen, (stars_left, left)))
    return out


def _row_features(
    state: EleminisState, q: int, unseen: list[int], stars: tuple[int, int]
) -> dict[str, float]:
    """The features of seat ``q``'s row; ``stars``: the unseen Stars and all unseen cards."""
    d, slots, kinds, drawn = state.deck_data, state.slots, state.deck_data.kinds, state.drawn
    stars_left, left = stars
    row = state.cells[q * slots : (q + 1) * slots]
    have = {t for t in row if t >= 0 and kinds[t] == "elemini"}
    held = sum(1 for t in row if t >= 0 and kinds[t] == "star")
    missing = [t for t in d.eleminis if t not in have]
    useful = (sum(unseen[t] for t in missing) + stars_left) / left
    turn = (q - state.current) % state.n
    fits = turn == 0 and drawn >= 0 and (drawn in missing or kinds[drawn] == "star")
    return {
        "elemini": len(have), "star": held,
        "trash": sum(1 for t in row if t >= 0 and kinds[t] == "trash"),
        "empty": sum(1 for t in row if t < 0),
        "closeness": (len(have) + held) ** 2 / slots,
        "short": max(0, slots - len(have) - held) * useful,
        "to-play": float(turn == 0), "drawn-fits": float(fits), "next": float(turn == 1),
    }  # fmt: skip


def chances(state: EleminisState) -> list[float]:
    """Each seat's share of a win judged from the rows: each row's chance of being the
    first complete is a softmax of ``WEIGHT`` over the rows; a side's chance is its rows'
    sum, shared by its seats."""
    share = judged_shares(features(state), WEIGHT)
    side: dict[int, float] = {}
    for q in range(state.n):
        side[state.side(q)] = side.get(state.side(q), 0.0) + share[q]
    seats = Counter(state.side(q) for q in range(state.n))
    return [side[state.side(q)] / seats[state.side(q)] for q in range(state.n)]


PLAYOUT: Playout[EleminisState] = Playout(
    policy=policy, horizon=horizon, result=result, tree_depth=TREE
)

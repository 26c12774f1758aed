"""Determinisation in the exploding games: a full game consistent with what one seat knows.

Other hands, the unseen part of the Draw Pile and the face-down cards out of the game are
dealt again at random; the hidden RNG is reseeded; other seats' private knowledge is
dropped, and so is the history (a sample is a possible present, not a replay).

What every seat sees is kept true in the sample: a seat asked to defuse holds a Defuse, and
in an open reaction window somebody ahead of the seat can answer. The sample is drawn again
until it agrees (rejection keeps it uniform among the states that do); after
``SAMPLE_TRIES`` a hidden card is swapped in instead.
"""

from __future__ import annotations

import random
from typing import TypeVar

from kaboom.engine.sampling import SAMPLE_TRIES, sample_fitting
from kaboom.games.kittens.core import EXPLODING, REACT, KittensCore

S = TypeVar("S", bound=KittensCore)


def determinize(state: S, seat: int, rng: random.Random) -> S:
    """A sample of ``state`` as ``seat`` knows it (see the module's text)."""
    draw = lambda: resample(state, seat, rng)  # noqa: E731
    sample = sample_fitting(draw, lambda s: fits(s, seat), SAMPLE_TRIES)
    if sample is not None:
        return sample
    s = resample(state, seat, rng)
    if make_fit(s, seat, rng):
        return s
    # Unreachable from a real game (its own deal fits); keep the true hidden cards.
    s = state.clone()
    s.rng, s.hist = random.Random(rng.getrandbits(64)), []
    s.known_pile = [dict(state.known_pile[seat]) if q == seat else {} for q in range(state.n)]
    s.known_hands = {k: v for k, v in state.known_hands.items() if seat in (k[0], k[1])}
    return s


def resample(state: S, seat: int, rng: random.Random) -> S:
    """Deal what ``seat`` cannot see again at random (the sample may not fit yet)."""
    s = state.clone()
    titles = state.edition.titles
    is_bomb = state.table.is_bomb
    mine = state.known_hands
    pool: list[int] = []
    fixed: list[list[int]] = []
    for q in range(state.n):
        keep = [0] * titles
        if q != seat:
            for t in range(titles):
                keep[t] = min(mine.get((seat, q, t), 0), state.hands[q][t])
                pool += [t] * (state.hands[q][t] - keep[t])
        fixed.append(keep)
    seen = state.known_pile[seat]
    slots = [i for i in range(len(state.pile)) if i not in seen]
    pool += [state.pile[i] for i in slots] + state.out_of_game_face_down
    # Sorted first, so that the sample depends on what the seat knows, not on where the
    # hidden cards really lie (two worlds that look alike give the same sample).
    bombs = sorted(c for c in pool if is_bomb[c])
    cards = sorted(c for c in pool if not is_bomb[c])
    rng.shuffle(cards)
    rng.shuffle(bombs)
    bomb_slots = set(rng.sample(slots, len(bombs)))
    for i in slots:
        s.pile[i] = bombs.pop() if i in bomb_slots else cards.pop()
    for q in range(state.n):
        if q == seat:
            continue
        hand = fixed[q]
        for _ in range(state.sizes[q] - sum(hand)):
            hand[cards.pop()] += 1
        s.hands[q] = hand
    s.out_of_game_face_down = cards
    s.recount()
    s.rng = random.Random(rng.getrandbits(64))
    s.hist = []
    s.known_pile = [dict(seen) if q == seat else {} for q in range(state.n)]
    s.known_hands = {k: v for k, v in state.known_hands.items() if k[0] == seat or k[1] == seat}
    s._cached_legal = None
    w = s.window
    if s.phase == REACT and s.actor != seat and w is not None:
        asked_now = state.window.asked if state.window is not None else []
        w.asked = [q for q in s.others_from_left(w.answering) if q != seat or seat in asked_now]
    return s


def fits(s: KittensCore, seat: int) -> bool:
    """Whether a sample for ``seat`` agrees with what ``seat`` sees of the real game."""
    if s.actor == seat:
        return True
    if s.phase == EXPLODING:
        return s.can_defuse(s.actor)
    if s.phase == REACT:
        return ask_first_who_can_answer(s, seat)
    return True


def ask_first_who_can_answer(s: KittensCore, seat: int) -> bool:
    """In a window sampled for ``seat``, ask the first seat in line that can answer. The
    sample fits only if that is someone other than ``seat`` (who sees it is not asked)."""
    assert s.window is not None
    asked = list(s.window.asked)
    while asked and not s.can_answer(asked[0]):
        asked.pop(0)
    if asked and asked[0] != seat:
        s.window.asked, s.actor = asked, asked[0]
        return True
    return False


def make_fit(s: KittensCore, seat: int, rng: random.Random) -> bool:
    """Swap a hidden Defuse or Nope into a hand so that the sample fits."""
    if s.phase == EXPLODING:
        return swap_in(s, s.actor, s.table.defuse_t, seat, rng)
    if s.phase != REACT or s.window is None:
        return True
    asked = s.window.asked
    ahead = [q for q in asked if q != seat]
    if seat in asked and s.can_answer(seat):
        ahead = asked[: asked.index(seat)]  # seat would be asked: someone before it was
    rng.shuffle(ahead)
    return any(
        swap_in(s, q, s.table.nope_t, seat, rng) and ask_first_who_can_answer(s, seat)
        for q in ahead
    )


def swap_in(s: KittensCore, holder: int, rank: int, seat: int, rng: random.Random) -> bool:
    """Exchange a card of ``holder`` that ``seat`` does not know of for a hidden card of
    ``rank`` lying elsewhere (unseen pile slot, face-down pile, another unknown hand)."""
    known, hand, rank_of = s.known_hands, s.hands[holder], s.table.rank_of
    spare = [
        t
        for t in s.table.hold_titles
        if rank_of[t] != rank
        for _ in range(hand[t] - known.get((seat, holder, t), 0))
    ]
    places: list[tuple[str, int, int]] = [
        ("pile", i, c)
        for i, c in enumerate(s.pile)
        if rank_of[c] == rank and i not in s.known_pile[seat]
    ]
    places += [
        ("face-down", i, c) for i, c in enumerate(s.out_of_game_face_down) if rank_of[c] == rank
    ]
    places += [
        ("hand", q, t)
        for q in range(s.n)
        if q not in (seat, holder)
        for t in s.table.members[rank]
        if s.hands[q][t] > known.get((seat, q, t), 0)
    ]
    if not spare or not places:
        return False
    give = rng.choice(spare)
    where, i, card = rng.choice(places)
    if where == "pile":
        s.pile[i] = give
    elif where == "face-down":
        s.out_of_game_face_down[i] = give
    else:
        s.hands[i][card] -= 1
        s.hands[i][give] += 1
    hand[give] -= 1
    hand[card] += 1
    s.recount()
    return True

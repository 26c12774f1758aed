"""What each seat knows in the exploding games, and its observation.

A seat sees its hand, every public pile and count, the pending play; beyond that it knows
the Draw Pile cards it saw (See the Future, its own Kitten placement), the order of those
it saw before another seat hid a Kitten among them, and cards it saw change hands
(``known_pile``, ``known_runs``, ``known_hands`` on the state). The rules call these functions
when cards move; ``observe`` builds the seat's observation (docs/observations.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.observation import observation
from kaboom.engine.state import Observation
from kaboom.games.kittens import sample as sampler
from kaboom.games.kittens.core import PHASES, KittensCore


def forget(state: KittensCore, holder: int, title: int, k: int) -> None:
    """``holder`` lost ``k`` cards of ``title`` in view of everyone."""
    kh = state.known_hands
    for s in range(state.n):
        key = (s, holder, title)
        if key in kh:
            left = kh[key] - k
            if left > 0:
                kh[key] = left
            else:
                del kh[key]


def gained_unseen(state: KittensCore, p: int) -> None:
    """``p`` gained a card others did not see: it may be of any rank it lacked."""
    if state.absent:
        state.absent = {a for a in state.absent if a[0] != p}


def gained_seen(state: KittensCore, p: int, title: int) -> None:
    """Everyone saw ``p`` gain ``title``: it holds that rank now."""
    state.absent.discard((p, state.table.rank_of[title]))


def learn_draw(state: KittensCore, p: int, index: int, card: int, bottom: bool = False) -> None:
    """Whoever knew the drawn card now knows ``p`` holds it; the drawer and, for a bomb
    (shown), everyone saw what left the pile (``pile_memory.drawn``)."""
    bomb = state.table.is_bomb[card]
    if not bomb:
        gained_unseen(state, p)
    for s, known in enumerate(state.known_pile):
        if index in known and s != p and not bomb:
            key = (s, p, card)
            state.known_hands[key] = state.known_hands.get(key, 0) + 1
        runs = state.known_runs[s]
        if known or runs:
            piles.drawn(known, runs, index, card if s == p or bomb else None, bottom)


def learn_handed_over(state: KittensCore, v: int, p: int, title: int, *, public: bool) -> None:
    """Card ``title`` passed from ``v`` to ``p``, in public (named) or in private."""
    kh = state.known_hands
    if public:
        gained_seen(state, p, title)
    else:
        gained_unseen(state, p)
    if public:
        forget(state, v, title, 1)
        watchers = [s for s in range(state.n) if s != p]
    else:
        # The taker knows which card left; anyone else only that one card did, so each
        # title they knew in v's hand may be the one that went.
        for key in [k for k in kh if k[1] == v and (k[0] != p or k[2] == title)]:
            kh[key] -= 1
            if not kh[key]:
                del kh[key]
        watchers = [v]
    for s in watchers:
        key = (s, p, title)
        kh[key] = kh.get(key, 0) + 1


def learn_taken(state: KittensCore, p: int, title: int) -> None:
    """Everyone saw ``p`` take ``title`` from the Discard Pile."""
    gained_seen(state, p, title)
    for s in range(state.n):
        if s != p:
            key = (s, p, title)
            state.known_hands[key] = state.known_hands.get(key, 0) + 1


def learn_placed(state: KittensCore, p: int, index: int, bomb: int) -> None:
    """``p`` put ``bomb`` back at pile ``index``, in secret: only ``p`` knows where; the
    others keep the order of the cards they saw, not their places."""
    for seat, known in enumerate(state.known_pile):
        if seat == p:
            piles.own_insert(known, index, bomb)
        else:
            piles.hidden_insert(known, state.known_runs[seat])


def learn_seen(state: KittensCore, p: int, places: dict[int, int]) -> None:
    """``p`` looked at the top of the Draw Pile (See the Future)."""
    piles.seen(state.known_pile[p], state.known_runs[p], places)


def forget_pile(state: KittensCore) -> None:
    """The Draw Pile was shuffled: nobody knows where any card lies."""
    for known, runs in zip(state.known_pile, state.known_runs, strict=True):
        piles.forget(known, runs)


def forget_holder(state: KittensCore, p: int) -> None:
    """``p`` is out and holds nothing: nobody knows anything of its hand."""
    state.known_hands = {k: v for k, v in state.known_hands.items() if k[1] != p}
    gained_unseen(state, p)


def known_of(state: KittensCore, seat: int | None) -> dict[str, Any]:
    """What ``seat`` has seen that others may not have: Draw Pile cards by place from the
    top, cards in other hands by seat."""
    if seat is None:
        return {"piles": {}, "hands": {}}
    top = len(state.pile) - 1
    slugs = state.edition.slugs
    draw = {str(top - i): slugs[c] for i, c in sorted(state.known_pile[seat].items())}
    hands: dict[str, list[str]] = {}
    for (s, q, t), k in sorted(state.known_hands.items()):
        if s == seat:
            hands.setdefault(str(q), []).extend([slugs[t]] * k)
    known: dict[str, Any] = {
        "piles": {"draw": draw},
        "hands": {q: sorted(cards) for q, cards in hands.items()},
    }
    runs = state.known_runs[seat]
    if runs:
        known["runs"] = {"draw": [[slugs[c] for c in run] for run in runs]}
    return known


@mypyc_attr(allow_interpreted_subclasses=True)
class KittensKnowledge(KittensCore):
    """The table with what each seat knows: its observation, and the games it could be in."""

    __slots__ = ()

    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know: its hand, every public pile and count, the pending play, and
        what it saw (See the Future, its own Kitten placement, cards handed to it). Who is asked
        in a reaction window is public: everyone is, in order (docs/rulings.md §1)."""
        w = self.window
        window = None
        if w is not None:
            window = {"player": w.player, "play": self.window_text(), "nopes": list(w.nopes)}
        slugs = self.edition.slugs
        section = {
            "turns_owed": self.turns_owed,
            "attacked": self.attacked,
            "bombs_in_pile": self.bombs_in_pile(),
            "out_of_game": sorted(self.slugs(self.out_of_game)),
            "out_of_game_face_down": len(self.out_of_game_face_down),
            "drawn_bomb": slugs[self.drawn_bomb] if self.drawn_bomb >= 0 else None,
        }
        if self.absent:
            rslug, absent = self.table.rslug, dict[str, list[str]]()
            for q, r in sorted(self.absent):
                absent.setdefault(str(q), []).append(rslug[r])
            section["absent"] = absent
        if self.rigged is not None:
            section["cards"] = {slugs[t]: k for t, k in enumerate(self.rigged) if k}
        return observation(
            self,
            seat,
            family="exploding",
            phase=PHASES[self.phase],
            to_act=self.to_act,
            current=self.current,
            players=[
                {"seat": q, "in": self.alive[q], "hand_size": self.sizes[q]} for q in range(self.n)
            ],
            piles={
                "draw": {"size": len(self.pile)},
                "discard": {"size": len(self.discard), "cards": self.slugs(self.discard[::-1])},
            },
            hand=None if seat is None else self.hand_slugs(seat),
            window=window,
            known=known_of(self, seat),
            turns=self.turns,
            section=section,
        )

    @classmethod
    def sample(cls, observation: Observation, options: dict[str, Any], rng: random.Random) -> Self:
        """A game ``observation`` could have come from, built from it alone (``sample.py``)."""
        return sampler.sample(cls, observation, options, rng)

    @classmethod
    def sampler(
        cls, observation: Observation, options: dict[str, Any]
    ) -> Callable[[random.Random], Self]:
        """Samples of ``observation``, read once (``sample.Sampler``)."""
        return sampler.Sampler(cls, observation, options).draw

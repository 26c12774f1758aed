"""What each seat of the board game knows: its observation, and the full tables that agree
with it (``sample``, for a search).

Public: where every character stands, the side showing, every hand's size, both Discard
Piles, the Danger Magnets aside, the play waiting on its reaction window and who is asked
in it (everyone is asked in order from the left, Nope in hand or not: docs/rulings.md §1),
and the Exploding Kitten decision of a mover (offered to every mover, Defuse in hand or
not). Private: a seat's own Action Cards and the Move Discs it has seen (See the Future, a
Danger Magnet it put in).
"""

from __future__ import annotations

import random
from typing import Any, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.observation import no_knowledge, observation, seen_events
from kaboom.engine.pile_memory import Runs
from kaboom.engine.sampling import unseen_pool
from kaboom.engine.state import Observation
from kaboom.games._nope import ReactionWindow
from kaboom.games.board.core import (
    CHOOSE,
    OVER,
    PHASES,
    SIDES,
    BoardCore,
    seats_from_left,
)


def _window(state: BoardCore) -> dict[str, Any] | None:
    """The Action Card waiting on its reaction window: who played it, at whom, the Nopes."""
    window = state.window
    if window is None:
        return None
    card, target = window.play
    slug = state.box.card_slugs[card]
    return {
        "player": window.player,
        "play": slug,
        "card": slug,
        "target": target if target >= 0 else None,
        "nopes": list(window.nopes),
    }


def _known(state: BoardCore, seat: int | None) -> dict[str, Any]:
    """The Move Discs ``seat`` has seen that are still in the Move Deck, by place from the
    top (0 = the top)."""
    if seat is None:
        return no_knowledge()
    top, slugs = len(state.move_deck) - 1, state.box.disc_slugs
    seen = {str(top - i): slugs[d] for i, d in sorted(state.known_move_deck[seat].items())}
    known: dict[str, Any] = {"piles": {"move_deck": seen}, "hands": {}}
    runs = state.known_move_runs[seat]
    if runs:
        known["runs"] = {"move_deck": [[slugs[d] for d in run] for run in runs]}
    return known


# -- sampling: a table from an observation ------------------------------------------------------
def _window_asked(window: dict[str, Any], to_act: int | None, players: int) -> list[int]:
    """The seats still to be asked in the open window: everyone from the left of the card
    answered, in order, from the seat asked now on (docs/rulings.md §1)."""
    nopes = window["nopes"]
    left = seats_from_left(players)[nopes[-1] if nopes else window["player"]]
    return list(left[left.index(to_act) :]) if to_act in left else []


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardKnowledge(BoardCore):
    """The table with what each seat knows: its observation, and tables sampled from it."""

    __slots__ = ()

    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator), in the shape of
        ``docs/observations.md`` with the "board" section (``observation.schema.json``)."""
        box, phase = self.box, self.phase
        return observation(
            self,
            seat,
            family="board",
            phase=PHASES[phase],
            to_act=self.to_act,
            current=self.current,
            players=[
                {"seat": q, "in": True, "hand_size": self.hand_sizes[q], "position": space}
                for q, space in enumerate(self.positions)
            ],
            piles={
                "action_deck": {"size": len(self.action_deck)},
                "action_discard": {
                    "size": len(self.action_discard),
                    "cards": self.card_names(self.action_discard[::-1]),
                },
                "move_deck": {"size": len(self.move_deck)},
                "move_discard": {
                    "size": len(self.move_discard),
                    "cards": self.disc_names(self.move_discard[::-1]),
                },
            },
            hand=self.hand_slugs(seat) if seat is not None else None,
            window=_window(self),
            known=_known(self, seat),
            turns=self.turns,
            section={
                "side": SIDES[self.side],
                "turns_owed": self.turns_owed,
                "attacked": self.attacked,
                "magnets_aside": self.magnets_aside,
                "disc_to_choose": (
                    box.disc_slugs[self.disc_to_choose] if phase == CHOOSE else None
                ),
            },
        )

    @classmethod
    def sample(cls, observation: Observation, options: dict[str, Any], rng: random.Random) -> Self:
        """A table ``observation`` could have come from: the Action Cards the seat cannot
        see (other hands, sizes public, and the Action Deck) dealt at random from the box
        less its hand and the Action Discard Pile; the Move Discs in the Move Deck that it
        has not seen shuffled into their places. Nothing public constrains a hidden card:
        every seat is asked in a window and every mover on an Exploding Kitten space
        decides, Nope or Defuse in hand or not."""
        seats = observation["players"]
        s = cls(len(seats), options, random.Random(rng.getrandbits(64)))
        s._table_from(observation)
        s._deal_cards(observation, rng)
        s._deal_discs(observation, rng)
        s.last_events = seen_events(observation)
        return s

    def _table_from(self, obs: Observation) -> None:
        """The public table: spaces, side, phase, who acts, the window, the counters."""
        box, section = self.box, obs["board"]
        self.positions = [int(q["position"]) for q in obs["players"]]
        self.side = SIDES.index(section["side"])
        self.turns_owed, self.attacked = section["turns_owed"], section["attacked"]
        self.magnets_aside = section["magnets_aside"]
        chosen = section["disc_to_choose"]
        self.disc_to_choose = box.disc_slugs.index(chosen) if chosen is not None else -1
        self.phase = PHASES.index(obs["phase"])
        to_act = obs["to_act"]
        self.actor = -1 if to_act is None or self.phase == OVER else to_act
        self.current, self.turns = obs["current"], obs["turns"]
        self.winner = obs["winners"][0] if obs["winners"] else -1
        self.action_discard = _indices(box.card_slugs, obs["piles"]["action_discard"]["cards"])
        self.move_discard = _indices(box.disc_slugs, obs["piles"]["move_discard"]["cards"])
        window = obs["window"]
        if window is not None:
            play = (box.card_slugs.index(window["card"]), _seat_or_none(window["target"]))
            asked = _window_asked(window, to_act, self.n)
            self.window = ReactionWindow(play, window["player"], asked)
            self.window.nopes = list(window["nopes"])

    def _deal_cards(self, obs: Observation, rng: random.Random) -> None:
        """The seat's hand as shown; every other hand and the Action Deck dealt at random."""
        box, seat = self.box, obs["seat"]
        sizes = [int(q["hand_size"]) for q in obs["players"]]
        mine = _indices(box.card_slugs, obs["hand"] or [])
        hidden = [q for q in range(self.n) if q != seat]
        need = sum(sizes[q] for q in hidden) + obs["piles"]["action_deck"]["size"]
        pool = unseen_pool(box.card_counts, mine + self.action_discard, need, rng)
        if seat is not None:
            for card in mine:
                self.gain(seat, card)
        for q in hidden:
            for _ in range(sizes[q]):
                self.gain(q, pool.pop())
        self.action_deck = pool

    def _deal_discs(self, obs: Observation, rng: random.Random) -> None:
        """The Move Deck: the places the seat has seen as it saw them, the others shuffled
        from the box's discs less the Move Discard Pile and the Danger Magnets aside."""
        box, seat = self.box, obs["seat"]
        size = obs["piles"]["move_deck"]["size"]
        seen: dict[int, int] = {}
        runs: Runs = []
        if seat is not None:
            known = obs["known"]
            for place, slug in known["piles"].get("move_deck", {}).items():
                seen[size - 1 - int(place)] = box.disc_slugs.index(slug)
            for run in known.get("runs", {}).get("move_deck", []):
                runs.append([box.disc_slugs.index(slug) for slug in run])
        aside = [box.magnet] * self.magnets_aside
        in_runs = piles.run_pieces(runs)
        shown = self.move_discard + aside + list(seen.values()) + in_runs
        pool = unseen_pool(box.disc_counts, shown, size - len(seen) - len(in_runs), rng)
        free = [i for i in range(size) if i not in seen]
        placed = piles.place_runs(free, runs, rng) if runs else {}
        self.move_deck = [
            seen[i] if i in seen else placed[i] if i in placed else pool.pop() for i in range(size)
        ]
        if seat is not None:
            self.known_move_deck[seat] = seen
            self.known_move_runs[seat] = runs


def _indices(slugs: tuple[str, ...], names: list[str]) -> list[int]:
    """Pieces by index, from slugs written top first (the state keeps the top last)."""
    return [slugs.index(name) for name in reversed(names)]


def _seat_or_none(target: int | None) -> int:
    return -1 if target is None else int(target)

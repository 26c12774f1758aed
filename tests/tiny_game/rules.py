"""Tiny Nim's rules, in the order a rulebook would give them.

Setup: the deck (``tiny.toml``'s ``[cards]``) is shuffled and each seat is dealt a hand of
``[rules] hand`` cards; ``[rules] stones`` stones lie on the table.
A turn: play one card from your hand to take as many stones as it shows (never more stones
than are left), then draw a card if the deck has any. A seat that can play no card is out.
The end: whoever takes the last stone wins; so does the last seat left in.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Self

from kaboom.engine.datafile import field, read_header, read_toml
from kaboom.engine.errors import BadInput
from kaboom.engine.events import Event
from kaboom.engine.observation import no_knowledge, observation, seen_events
from kaboom.engine.state import Observation
from tiny_game._fields import TinyFields
from tiny_game.fields import SLUGS

DATA = read_toml(Path(__file__).with_name("tiny.toml"))
#: The game's id, name, summary and seats, read from the data file's ``[game]`` table.
HEADER = read_header(DATA.get("game"), "tiny.toml [game]")
STONES: int = field(DATA.get("rules"), "stones", int, "tiny.toml [rules]")
HAND: int = field(DATA.get("rules"), "hand", int, "tiny.toml [rules]")
DECK = tuple(v for v in (1, 2, 3) for _ in range(field(DATA.get("cards"), SLUGS[v], int, "cards")))
#: Action ids: 0 leaves the game, 1..3 play the card of that value.
OUT = 0


class TinyState(TinyFields):
    """A game of Tiny Nim: its fields are declared once, in ``fields.py``."""

    game_id = HEADER.id
    __slots__ = ()

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.stones = STONES  # from tiny.toml: the deal's other fields are in the table
        self._deal_fields(players, options)

    # -- setup -------------------------------------------------------------------------------
    def _setup(self, first: int) -> None:
        """Shuffle the deck, deal each seat its hand; ``first`` plays first."""
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)
        for hand in self.hands:
            hand.extend(sorted(self.deck.pop() for _ in range(HAND)))
        self.current = first

    # -- who decides -------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.won else self.current

    @property
    def winners(self) -> list[int]:
        return list(self.won)

    # -- actions -----------------------------------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        return len(SLUGS)

    def _legal(self) -> list[int]:
        """Each card value in hand that takes no more stones than are left; else leave."""
        if self.won:
            return []
        playable = sorted({v for v in self.hands[self.current] if v <= self.stones})
        return playable or [OUT]

    def explain_illegal(self, action: int) -> tuple[str, str]:
        if self.won:
            return ("end", "the game is over")
        if action == OUT:
            return ("out", "a seat leaves only when it can play no card")
        if action not in self.hands[self.current]:
            return ("turn", f"you hold no {SLUGS[action]}")
        return ("turn", f"only {self.stones} stones are left")

    def _apply(self, action: int) -> list[Event]:
        p = self.current
        if action == OUT:
            self.inside[p] = False
            events = [Event("out", p)]
        else:
            events = self._play(p, action)
        if not self.won:
            self._next_seat()
        return events

    def _play(self, p: int, value: int) -> list[Event]:
        """Play a card: take its stones; the last stone wins; else draw a card."""
        self.hands[p].remove(value)
        self.discard.append(value)
        self.stones -= value
        events = [Event("play", p, {"card": SLUGS[value], "stones": self.stones})]
        if self.stones == 0:
            self.won = [p]
            return [*events, Event("win", p)]
        if self.deck:
            card = self.deck.pop()
            self.hands[p].append(card)
            self.hands[p].sort()
            events.append(Event("draw", p, {"card": SLUGS[card]}, frozenset({p})))
            events.append(Event("draw", p, {"redacted": True}, frozenset(self._others(p))))
        return events

    def _others(self, p: int) -> list[int]:
        return [q for q in range(self.n) if q != p]

    def _next_seat(self) -> None:
        """The next seat still in, to the left; the last seat left in wins."""
        left = [q for q in range(self.n) if self.inside[q]]
        if len(left) == 1:
            self.won = left
            return
        self.turns += 1
        q = (self.current + 1) % self.n
        while not self.inside[q]:
            q = (q + 1) % self.n
        self.current = q

    def action_text(self, action: int) -> str:
        return "out" if action == OUT else f"play {SLUGS[action]}"

    def parse_action(self, text: str) -> int:
        words = text.split()
        if words == ["out"]:
            return OUT
        if len(words) == 2 and words[0] == "play" and words[1] in SLUGS[1:]:
            return SLUGS.index(words[1])
        raise BadInput("action", f"'out' or 'play one|two|three', got {text!r}")

    # -- information -------------------------------------------------------------------------
    def observe(self, seat: int | None) -> Observation:
        return observation(
            self,
            seat,
            family="tiny",
            phase="over" if self.won else "turn",
            to_act=self.to_act,
            current=self.current,
            players=[
                {"seat": q, "in": self.inside[q], "hand_size": len(self.hands[q])}
                for q in range(self.n)
            ],
            piles={
                "deck": {"size": len(self.deck)},
                "discard": {
                    "size": len(self.discard),
                    "cards": [SLUGS[v] for v in reversed(self.discard)],
                },
            },
            hand=None if seat is None else [SLUGS[v] for v in self.hands[seat]],
            window=None,
            known=no_knowledge(),
            turns=self.turns,
            section={"stones": self.stones},
        )

    @classmethod
    def sample(cls, observation: Observation, options: dict[str, Any], rng: random.Random) -> Self:
        """A game the observation could come from: the cards its seat cannot see (other
        hands, the deck) dealt at random from those not in its hand or the discard pile."""
        seat, seats = observation["seat"], observation["players"]
        s = cls(len(seats), options, random.Random(rng.getrandbits(64)))
        s.discard = [SLUGS.index(c) for c in reversed(observation["piles"]["discard"]["cards"])]
        s.inside = [bool(q["in"]) for q in seats]
        s.stones = observation["tiny"]["stones"]
        s.current, s.turns = observation["current"], observation["turns"]
        s.won = list(observation["winners"])
        s.last_events = seen_events(observation)
        unseen = list(DECK)
        for value in s.discard:
            unseen.remove(value)
        if seat is not None:
            s.hands[seat] = sorted(SLUGS.index(c) for c in observation["hand"])
            for value in s.hands[seat]:
                unseen.remove(value)
        rng.shuffle(unseen)
        for q, facts in enumerate(seats):
            if q != seat:
                size = facts["hand_size"]
                s.hands[q], unseen = sorted(unseen[:size]), unseen[size:]
        s.deck = unseen
        return s

    def card_count(self) -> int:
        """Every card in the game: conservation, checked by the conformance check."""
        return len(self.deck) + len(self.discard) + sum(len(h) for h in self.hands)

    def describe(self, event: Event) -> str:
        who = f"P{event.seat}"
        if event.kind == "play":
            card, left = event.data["card"], event.data["stones"]
            return f"{who} plays {card}: {left} stones left"
        if event.kind == "draw":
            return f"{who} draws a card" + (
                f": {event.data['card']}" if "card" in event.data else ""
            )
        if event.kind == "out":
            return f"{who} can play no card and is out"
        return f"{who} wins" if event.kind == "win" else f"{who}: {event.kind}"

    # -- scenarios ---------------------------------------------------------------------------
    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> Self:
        """``setup``: ``hands`` (slugs per seat), ``deck`` (top first), ``stones`` (the
        table's ``rig`` column); the options say who plays first."""
        s = cls(players, options, random.Random(seed))
        s._rig_fields(setup)
        s.current = int(options.get("first", 0))
        return s

    def _facts(self) -> dict[str, Any]:
        return {"stones": self.stones, "current": self.current, "in": list(self.inside)}

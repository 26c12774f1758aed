"""Sampling in the exploding games: a full game a seat's observation could come from.

Built from the observation alone (``State.sample``): the game's whole card multiset (the
edition's cards for the player count and options, counted as ``_setup`` deals them, or a
rigged table's cards, which its observation shows) less every card the seat sees (its
hand, the Discard Pile, cards out of the game face up, a drawn bomb, the Draw Pile cards and
the cards in other hands it knows of) is the hidden pool. The Draw Pile cards whose order the
seat saw but whose places it lost (runs) go first, in order, into random places it has not
seen. The pool is sorted, then dealt at random: bombs only into the Draw Pile places left
(how many bombs the pile holds is public), the other cards into those places, the unknown
part of other hands (their sizes are public) and the cards out of the game face down.

A seat that drew a bomb is asked whether to defuse or explode, Defuse in hand or not
(docs/rulings.md §1), so its phase says nothing of its hand and a sample need not agree with
anything more (in Dynamitt exploding shows there was no Queen or King, but the hand then goes
face up to the discard pile). Nothing of the true state is ever read.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Generic, TypeVar

from kaboom.engine import pile_memory as piles
from kaboom.engine.chance import shuffle
from kaboom.engine.errors import BadInput
from kaboom.engine.observation import seen_events
from kaboom.engine.state import Observation
from kaboom.games._nope import ReactionWindow
from kaboom.games.kittens.actions import ActionTable
from kaboom.games.kittens.core import PHASES, REACT, KittensCore
from kaboom.games.kittens.edition import Edition

S = TypeVar("S", bound=KittensCore)


@cache
def slug_index(edition: Edition) -> dict[str, int]:
    """Title index by slug."""
    return {slug: t for t, slug in enumerate(edition.slugs)}


@cache
def text_index(table: ActionTable) -> dict[str, int]:
    """Action id by canonical text (a window names its play by text)."""
    return {text: a for a, text in enumerate(table.texts)}


@cache
def rank_index(table: ActionTable) -> dict[str, int]:
    """Rank index by rank slug."""
    return {slug: r for r, slug in enumerate(table.rslug)}


@cache
def _composition(cls: type[KittensCore], players: int, key: tuple[Any, ...]) -> tuple[int, ...]:
    return tuple(cls.deck_counts(players, dict(key)))


def composition(cls: type[KittensCore], players: int, options: dict[str, Any]) -> tuple[int, ...]:
    """Every card of a game with these players and options, per title (cached)."""
    return _composition(cls, players, tuple(sorted(options.items())))


def _game_cards(s: KittensCore, cards: dict[str, int] | None, index: dict[str, int]) -> list[int]:
    """Every card of the game, per title: a table laid out by hand shows its cards."""
    if cards is None:
        return list(composition(type(s), s.n, s.options))
    counts = [0] * s.edition.titles
    for slug, k in cards.items():
        counts[index[slug]] += k
    return counts


class Deal:
    """What a seat's observation fixes, and the hidden pool that is dealt around it."""

    __slots__ = ("absent", "bombs", "cards", "face_down", "fixed", "known_pile", "pile_size",
                 "runs", "sizes", "slots")  # fmt: skip

    def __init__(self, s: KittensCore, obs: Observation, index: dict[str, int]) -> None:
        seat, titles = obs["seat"], s.edition.titles
        section = obs["exploding"]
        counts = _game_cards(s, section.get("cards"), index)
        self.sizes = [q["hand_size"] for q in obs["players"]]
        self.pile_size = obs["piles"]["draw"]["size"]
        self._read_known(obs, index, titles, s.n)
        in_runs = piles.run_pieces(self.runs)
        for t in self._seen(s, obs, index, in_runs):
            counts[t] -= 1
        if min(counts, default=0) < 0:
            raise BadInput("observation", "cards that the game's cards hold (more are shown)")
        is_bomb = s.table.is_bomb
        pool = [t for t in range(titles) for _ in range(counts[t])]  # sorted
        self.bombs = [t for t in pool if is_bomb[t]]
        self.cards = [t for t in pool if not is_bomb[t]]
        #: The places not seen exactly: the runs' cards lie among them, then the pool's.
        self.slots = [i for i in range(self.pile_size) if i not in self.known_pile]
        self.face_down = section["out_of_game_face_down"]
        #: Per seat, the ranks everyone saw it lacks (a missed Three of a Kind).
        self.absent: dict[int, set[int]] = {}
        for q, ranks in section.get("absent", {}).items():
            if int(q) != seat:
                self.absent[int(q)] = {rank_index(s.table)[r] for r in ranks}
        self._check_hidden(s, obs, in_runs)

    def _read_known(self, obs: Observation, index: dict[str, int], titles: int, n: int) -> None:
        """What the seat knows: places of the Draw Pile (from the top), runs, cards in
        other hands."""
        known, top = obs["known"], self.pile_size - 1
        seen_pile = known["piles"].get("draw", {})
        self.known_pile = {top - int(i): index[c] for i, c in seen_pile.items()}
        runs = known.get("runs", {}).get("draw", [])
        self.runs = [[index[c] for c in run] for run in runs]
        self.fixed = [[0] * titles for _ in range(n)]
        for q, held in known["hands"].items():
            for c in held:
                self.fixed[int(q)][index[c]] += 1

    def _seen(
        self, s: KittensCore, obs: Observation, index: dict[str, int], in_runs: list[int]
    ) -> list[int]:
        """Every card the seat sees or knows the place of: not in the hidden pool."""
        seen = [*s.discard, *s.out_of_game, *self.known_pile.values(), *in_runs]
        if s.drawn_bomb >= 0:
            seen.append(s.drawn_bomb)
        if obs["seat"] is not None:
            seen += [index[c] for c in obs["hand"]]
        for hand in self.fixed:
            seen += [t for t in range(len(hand)) for _ in range(hand[t])]
        return seen

    def _check_hidden(self, s: KittensCore, obs: Observation, in_runs: list[int]) -> None:
        """The hidden places (other hands, unseen places of the Draw Pile, cards out face
        down) are as many as the unseen cards, bombs apart."""
        is_bomb, section, seat = s.table.is_bomb, obs["exploding"], obs["seat"]
        hidden = sum(self.sizes[q] - sum(self.fixed[q]) for q in range(s.n) if q != seat)
        known_bombs = sum(is_bomb[c] for c in [*self.known_pile.values(), *in_runs])
        if (
            len(self.bombs) != section["bombs_in_pile"] - known_bombs
            or len(self.cards)
            != hidden + len(self.slots) - len(in_runs) - len(self.bombs) + self.face_down
        ):
            raise BadInput("observation", "hidden places that the game's unseen cards fill")

    def deal(self, s: S, seat: int | None, rng: random.Random) -> S:
        """Deal the hidden pool into ``s``."""
        cards, bombs = list(self.cards), list(self.bombs)
        fixed = [list(h) for h in self.fixed]
        shuffle(rng, cards)
        shuffle(rng, bombs)
        if self.absent:
            cards = self.deal_lacking(s, cards, fixed)
        placed = piles.place_runs(self.slots, self.runs, rng) if self.runs else {}
        free = [i for i in self.slots if i not in placed]
        bomb_slots = set(rng.sample(free, len(bombs)))
        pile = [self.known_pile.get(i, -1) for i in range(self.pile_size)]
        pile = [placed.get(i, c) for i, c in enumerate(pile)]
        for i in free:
            pile[i] = bombs.pop() if i in bomb_slots else cards.pop()
        for q in range(s.n):
            if q != seat:
                hand = fixed[q]
                for _ in range(self.sizes[q] - sum(hand)):
                    hand[cards.pop()] += 1
                s.hands[q] = hand
        s.pile = pile
        s.out_of_game_face_down = cards
        s.recount()
        return s

    def deal_lacking(self, s: KittensCore, cards: list[int], fixed: list[list[int]]) -> list[int]:
        """Fill first the hands known to lack some ranks, each with the first cards of the
        shuffled pool it may hold (a uniform choice among those); the rest of the pool."""
        rank_of = s.table.rank_of
        for q, ranks in sorted(self.absent.items()):
            hand, rest = fixed[q], list[int]()
            need = self.sizes[q] - sum(hand)
            for c in cards:
                if need and rank_of[c] not in ranks:
                    hand[c] += 1
                    need -= 1
                else:
                    rest.append(c)
            cards = rest
        return cards


def sample(cls: type[S], obs: Observation, options: dict[str, Any], rng: random.Random) -> S:
    """A game ``obs`` could have come from (see the module's text)."""
    return Sampler(cls, obs, options).draw(rng)


class Sampler(Generic[S]):
    """Samples of one observation: what it shows, read once (the table laid out as the
    seat sees it, and the hidden pool), then each sample a copy of that table with the pool
    dealt at random. A search samples one observation many times (``State.sampler``)."""

    __slots__ = ("cls", "deal", "options", "seat", "table")

    def __init__(self, cls: type[S], obs: Observation, options: dict[str, Any]) -> None:
        seats = obs["players"]
        s = cls(len(seats), options, random.Random(0))  # (each sample gets its own RNG)
        index = slug_index(s.edition)
        seat = obs["seat"]
        public(s, obs, index)
        if seat is not None:
            for c in obs["hand"]:
                s.hands[seat][index[c]] += 1
        deal = Deal(s, obs, index)
        if seat is not None:  # what this seat saw; other seats' knowledge is theirs
            s.known_pile[seat] = dict(deal.known_pile)
            s.known_runs[seat] = [list(run) for run in deal.runs]
            s.known_hands = {
                (seat, q, t): k
                for q, hand in enumerate(deal.fixed)
                for t, k in enumerate(hand)
                if k
            }
        self.cls, self.options, self.seat = cls, options, seat
        self.table, self.deal = s, deal

    def draw(self, rng: random.Random) -> S:
        """One sample: the table as the seat sees it, the hidden pool dealt from ``rng``
        (the sample's own RNG seeded from it first)."""
        table = self.table
        s = self.cls(table.n, self.options, random.Random(rng.getrandbits(64)))
        s.last_events = table.last_events
        table._copy_to(s)
        return self.deal.deal(s, self.seat, rng)


def public(s: KittensCore, obs: Observation, index: dict[str, int]) -> None:
    """Everything the observation shows every seat: turn, phase, actor, window, piles."""
    section = obs["exploding"]
    s.alive = [bool(q["in"]) for q in obs["players"]]
    s.discard = [index[c] for c in reversed(obs["piles"]["discard"]["cards"])]
    s.out_of_game = [index[c] for c in section["out_of_game"]]
    bomb = section["drawn_bomb"]
    s.drawn_bomb = -1 if bomb is None else index[bomb]
    s.current, s.turns = obs["current"], obs["turns"]
    s.turns_owed, s.attacked = section["turns_owed"], section["attacked"]
    s.phase = PHASES.index(obs["phase"])
    to_act = obs["to_act"]
    s.actor = -1 if to_act is None else to_act
    winners = obs["winners"]
    s.winner = winners[0] if winners else -1
    ranks = rank_index(s.table)
    absent = section.get("absent", {})
    s.absent = {(int(q), ranks[r]) for q, lacking in absent.items() for r in lacking}
    cards = section.get("cards")
    if cards is not None:
        s.rigged = tuple(cards.get(slug, 0) for slug in s.edition.slugs)
    w = obs["window"]
    if w is not None:
        tb = s.table
        play = tb.specs[text_index(tb)[w["play"]]]
        nopes = list(w["nopes"])
        answering = nopes[-1] if nopes else w["player"]
        # Everyone is asked in order from the answered card's left (docs/rulings.md §1).
        order = s.others_from_left(answering)
        asked = order[order.index(s.actor) :] if s.phase == REACT and s.actor in order else []
        s.window = ReactionWindow(play, w["player"], asked)
        s.window.nopes = nopes
    s.last_events = seen_events(obs)

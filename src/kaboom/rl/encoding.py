"""A seat's observation as a fixed-size ``float32`` vector, and the fixed action space.

The vector is specified by ``Encoder.encode(State.observe(seat))``: built from the
observation alone (the JSON a bot, a client or a person at the table is given), so it cannot
carry anything the seat may not know. The environments call ``Encoder.encode_state``, which
reads the same values straight from the state (``kaboom.rl.features``, compiled: no
observation built at each step); ``tests/test_rl_features.py`` checks both equal, bit for
bit, at every step of many games of every game, for every seat. Seats
are *relative*: index 0 is the observing seat, 1 the seat on its left, and so on, so that
one policy can play any seat. Every value lies in ``[0, 1]``. The layout (which value means
what) depends on the game, the player count and the options; ``Encoder.fields`` lists it
and ``docs/rl.md`` describes each field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar, cast

import numpy as np
import numpy.typing as npt

from kaboom.engine.errors import BadOption
from kaboom.engine.registry import ByFamily, get_game, new_game
from kaboom.engine.state import Observation, State
from kaboom.games.board.core import PHASES as BOARD_PHASES
from kaboom.games.board.core import BoardCore
from kaboom.games.eleminis.rules import EleminisRules
from kaboom.games.kittens.core import PHASES as KITTENS_PHASES
from kaboom.games.kittens.core import KittensCore
from kaboom.rl.features import (
    HAND_SCALE,
    KNOWN_PLACES,
    OWED_SCALE,
    TURNS_SCALE,
    BoardLayout,
    EleminisLayout,
    KittensLayout,
    Sink,
    write_features,
)

__all__ = ["HAND_SCALE", "KNOWN_PLACES", "OWED_SCALE", "TURNS_SCALE", "Encoder", "encoder"]

Vector = npt.NDArray[np.float32]
#: The item type of an array a sink is scattered into.
G = TypeVar("G", bound=np.generic)

# KNOWN_PLACES: cards of the hidden pile whose place a seat may know, counted from the top
# (See the Future shows three; Alter the Future and the like are within five).
# TURNS_SCALE, HAND_SCALE, OWED_SCALE: divisors that bring a count into [0, 1] (values past
# them are clipped to 1). All four live in ``kaboom.rl.features`` (compiled), shared here.

#: The first word of an action's text (``docs/notation.md``): what a window's play is.
VERBS = ("play", "pair", "triple", "five", "nope", "give", "defuse", "take", "draw")


@dataclass(frozen=True)
class Field:
    """One named run of the vector: ``size`` values from ``offset``."""

    name: str
    offset: int
    size: int
    doc: str


@dataclass
class Encoder:
    """The vector of one game at one player count (and options): its layout and
    :meth:`encode`. Built by :func:`encoder`."""

    game: str
    family: str
    players: int
    cards: tuple[str, ...]  # the titles (slugs) counted or one-hot, in a fixed order
    tokens: tuple[str, ...]  # the words a window's play may name: titles and ranks
    card_scale: float
    total_cards: float
    num_actions: int
    slots: int = 0  # Eleminis: the slots of a row
    fields: list[Field] = field(default_factory=list)
    size: int = 0

    #: The family's phases (``docs/observations.md``), in a fixed order; its piles, the
    #: face-up ones (their cards counted by title) and the hidden one whose known places are
    #: encoded. Each family's encoder (a subclass, registered in ``ENCODERS``) sets them.
    PHASES: ClassVar[tuple[str, ...]] = ()
    PILES: ClassVar[tuple[str, ...]] = ()
    FACE_UP: ClassVar[tuple[str, ...]] = ()
    HIDDEN_PILE: ClassVar[str] = ""

    def __post_init__(self) -> None:
        self._card = {c: i for i, c in enumerate(self.cards)}
        self._token = {t: i for i, t in enumerate(self.tokens)}
        self._verb = {v: i for i, v in enumerate(VERBS)}
        self._at: dict[str, int] = {}
        self._words: dict[str, tuple[int, list[int], list[int]]] = {}
        self._fast: object = None  # the layout its family's fast path reads (built once)
        self._layout()
        self._offsets()

    # -- the layout --------------------------------------------------------------------------
    def _add(self, name: str, size: int, doc: str) -> None:
        self.fields.append(Field(name, self.size, size, doc))
        self._at[name] = self.size
        self.size += size

    def _layout(self) -> None:
        n, c = self.players, len(self.cards)
        self._add("phase", len(self.PHASES), f"one-hot: {', '.join(self.PHASES)}")
        self._add("to_act", n, "one-hot relative seat to decide (0: this seat); none at the end")
        self._add("current", n, "one-hot relative seat whose turn it is")
        self._add("in", n, "per relative seat: still in the game")
        self._add("hand_size", n, f"per relative seat: cards in hand / {HAND_SCALE:g}")
        for pile in self.PILES:
            self._add(f"pile.{pile}.size", 1, "cards in the pile / cards in the game")
        for pile in self.FACE_UP:
            self._add(f"pile.{pile}.cards", c, "per title: copies in the face-up pile / scale")
            self._add(f"pile.{pile}.top", c, "one-hot title of its top card")
        self._add("hand", c, "per title: copies in this seat's hand / scale")
        self._add("window.open", 1, "a play waits in a reaction window")
        self._add("window.player", n, "one-hot relative seat that made the play")
        self._add("window.nopes", 1, "Nopes on it so far / players")
        self._add("window.verb", len(VERBS), f"one-hot first word of the play: {', '.join(VERBS)}")
        self._add("window.names", len(self.tokens), "titles and ranks the play names")
        self._add("window.target", n, "one-hot relative seat the play is aimed at")
        self._add(f"known.{self.HIDDEN_PILE}", KNOWN_PLACES * c,
                  f"per place from the top (0..{KNOWN_PLACES - 1}): one-hot title this seat "
                  "knows lies there (seen, or the pile's order is public)")  # fmt: skip
        self._add("known.hands", n * c, "per relative seat: copies of each title this seat "
                  "knows the seat holds / scale")  # fmt: skip
        self._add("turns", 1, f"turns played / {TURNS_SCALE:g}")
        self._add("winners", n, "per relative seat: won (at the end)")
        self._layout_family()

    def _layout_family(self) -> None:
        """The family's own section of the vector (its encoder's)."""

    def _encode_family(self, v: dict[int, float], obs: Observation) -> None:
        """The family's own section of ``obs`` into ``v`` (its encoder's)."""

    def _features(self, state: State, seat: int, out: Sink) -> bool:
        """``seat``'s vector of ``state`` into ``out`` straight from the state, where the
        family has a fast path (``kaboom.rl.features``); False where it has none."""
        if self._fast is None:
            self._fast = self.layout_of(state)
        return write_features(state, seat, self._fast, out)

    # -- encoding ----------------------------------------------------------------------------
    def _offsets(self) -> None:
        """The offsets ``encode`` reads, looked up once (it runs at every step)."""
        at = self._at
        self._piles = tuple((name, at[f"pile.{name}.size"]) for name in self.PILES)
        self._face_up = tuple(
            (name, at[f"pile.{name}.cards"], at[f"pile.{name}.top"]) for name in self.FACE_UP
        )
        self._hidden = self.HIDDEN_PILE
        self._phase = {phase: at["phase"] + i for i, phase in enumerate(self.PHASES)}
        self._sink = Sink()  # (each fast vector's values are written here, then scattered)
        self._step = 1.0 / self.card_scale
        self._at_to_act, self._at_current = at["to_act"], at["current"]
        self._at_in, self._at_hand_size, self._at_hand = at["in"], at["hand_size"], at["hand"]
        self._at_known, self._at_turns = at["known." + self._hidden], at["turns"]
        self._at_winners = at["winners"]

    def encode_state(self, state: State, seat: int) -> Vector:
        """The vector of ``seat``'s view of ``state``: ``encode(state.observe(seat))``, read
        straight from the state where its family has a fast path (``kaboom.rl.features``,
        compiled: the same values, as the tests check against ``encode`` at every step)."""
        out = self._sink
        out.start(0)
        if not self._features(state, seat, out):
            return self.encode(state.observe(seat))
        return scatter(out, (self.size,))

    def layout_of(self, state: State) -> object:
        """The layout of the family's fast path; None where the family has none."""
        return None

    def encode_into(self, state: State, seat: int, out: Sink) -> None:
        """``encode_state``'s nonzero values written into ``out`` (at its row) by the slow
        path: the observation's ``encode``."""
        values = self.encode(state.observe(seat))
        for i in np.flatnonzero(values).tolist():
            out.put(i, float(values[i]))

    def play_words(self, play: str) -> tuple[int, list[int], list[int]]:
        """What the vector reads from a play's text (``docs/notation.md``): the index of its
        first word among ``VERBS`` (-1: none), the tokens it names (titles and ranks), the
        seats it aims at ("@2")."""
        found = self._words.get(play)
        if found is not None:
            return found
        words = play.replace("+", " ").replace("=", " ").split()
        verb = self._verb.get(words[0], -1) if words else -1
        names: list[int] = []
        seats: list[int] = []
        for word in words[1:]:
            if word.startswith("@") and word[1:].isdigit():
                seats.append(int(word[1:]))
            elif word in self._token:
                names.append(self._token[word])
        self._words[play] = found = (verb, names, seats)
        return found

    def encode(self, obs: Observation) -> Vector:
        """The vector of one seat's observation (``obs["seat"]`` must be a seat)."""
        v: dict[int, float] = {}  # the values set, by index (sparse: most are 0)
        at, n, me, card = self._at, self.players, obs["seat"], self._card
        step, c = self._step, len(self.cards)
        v[self._phase[obs["phase"]]] = 1.0
        if obs["to_act"] is not None:
            v[self._at_to_act + (obs["to_act"] - me) % n] = 1.0
        if obs["current"] is not None:
            v[self._at_current + (obs["current"] - me) % n] = 1.0
        at_in, at_size = self._at_in, self._at_hand_size
        for p in obs["players"]:
            r = (p["seat"] - me) % n
            if p["in"]:
                v[at_in + r] = 1.0
            v[at_size + r] = p["hand_size"] / HAND_SCALE
        piles = obs["piles"]
        for name, offset in self._piles:
            v[offset] = piles[name]["size"] / self.total_cards
        for name, base, top in self._face_up:
            cards = piles[name].get("cards") or ()
            _count(v, base, card, cards, step)  # (clipped to 1 at the end)
            if cards:
                v[top + card[cards[0]]] = 1.0
        _count(v, self._at_hand, card, obs["hand"] or (), step)
        if obs["window"] is not None:
            self._encode_window(v, obs)
        known = obs["known"]
        base = self._at_known
        for place, slug in known["piles"].get(self._hidden, {}).items():
            if int(place) < KNOWN_PLACES:
                v[base + int(place) * c + card[slug]] = 1.0
        face_up = piles[self._hidden].get("cards") or ()  # (an order all may know)
        for k, slug in enumerate(face_up[:KNOWN_PLACES]):
            v[base + k * c + card[slug]] = 1.0
        at_hands = at["known.hands"]
        for q, cards in known["hands"].items():
            _count(v, at_hands + (int(q) - me) % n * c, card, cards, step)
        v[self._at_turns] = obs["turns"] / TURNS_SCALE
        for q in obs["winners"]:
            v[self._at_winners + (q - me) % n] = 1.0
        self._encode_family(v, obs)
        out = np.zeros(self.size, dtype=np.float32)
        out[list(v)] = list(v.values())
        return np.minimum(out, 1.0, out=out)

    def _rel(self, obs: Observation, q: int) -> int:
        """Seat ``q`` relative to the observing seat (0: itself, 1: on its left)."""
        return int((q - obs["seat"]) % self.players)

    def _encode_window(self, v: dict[int, float], obs: Observation) -> None:
        window, at = obs["window"], self._at
        v[at["window.open"]] = 1.0
        v[at["window.player"] + self._rel(obs, window["player"])] = 1.0
        v[at["window.nopes"]] = len(window["nopes"]) / self.players
        verb, names, seats = self.play_words(str(window["play"]))
        if verb >= 0:
            v[at["window.verb"] + verb] = 1.0
        card = window.get("card")
        if card in self._token:
            names = [*names, self._token[card]]
        for token in names:
            v[at["window.names"] + token] = 1.0
        for q in seats:
            v[at["window.target"] + self._rel(obs, q)] = 1.0
        if window.get("target") is not None:
            v[at["window.target"] + self._rel(obs, window["target"])] = 1.0

    def mask(self, legal: list[int]) -> npt.NDArray[np.int8]:
        """1 for each legal action id, 0 elsewhere, over the fixed action space."""
        marks = bytearray(self.num_actions)
        for action in legal:
            marks[action] = 1
        return np.frombuffer(marks, dtype=np.int8)


def _count(
    v: dict[int, float], base: int, index: dict[str, int], cards: Iterable[str], step: float
) -> None:
    """Add ``step`` at ``base + index[title]`` for each card of ``cards`` (copies counted
    by title, without building a ``Counter`` at every step)."""
    for slug in cards:
        i = base + index[slug]
        v[i] = v.get(i, 0.0) + step


def written(sink: Sink) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """The indices and values written into ``sink`` (numpy's views of them)."""
    return places(sink), np.frombuffer(memoryview(sink.values), np.float64, sink.n)


def places(sink: Sink) -> npt.NDArray[np.int64]:
    """The indices written into ``sink`` (numpy's view of them)."""
    return np.frombuffer(memoryview(sink.at), np.int64, sink.n)


def scatter(sink: Sink, shape: tuple[int, ...]) -> Vector:
    """The float32 array of ``shape`` that is zero but for ``sink``'s values (its indices
    run over the array flattened)."""
    return scatter_into(np.zeros(shape, np.float32), sink)


def scatter_into(out: npt.NDArray[G], sink: Sink) -> npt.NDArray[G]:
    """``out``, an array of zeros, with ``sink``'s values written at their indices (which
    run over it flattened), cast to its type. (Cast before they are written: numpy casts
    more slowly inside an assignment by indices, 64 Dynamitt vectors' values 30%.)"""
    at, values = written(sink)
    out.reshape(-1)[at] = values.astype(out.dtype)
    return out


def mark_into(out: npt.NDArray[G], marks: Sink) -> npt.NDArray[G]:
    """``out``, an array of zeros, with 1 at each index written into ``marks`` (a mask's
    ones: ``Batch.marks``), its values unread."""
    out.reshape(-1)[places(marks)] = 1
    return out


def _signed(value: float, scale: float) -> float:
    """``value`` (which may be negative) into [0, 1]: 0.5 is zero."""
    return min(1.0, max(0.0, 0.5 + value / scale))


def encoder(game: str, players: int, options: dict[str, object] | None = None) -> Encoder:
    """The encoder of ``game`` at ``players`` seats with ``options`` (checked as
    ``new_game`` checks them: a bad one raises ``BadOption`` naming it)."""
    state = new_game(game, players, 0, **(options or {}))
    return encoder_for(state)


def encoder_for(state: State) -> Encoder:
    """The encoder of the game ``state`` plays (its class's cards, its seats, its actions)."""
    return encoder_of(type(state), state.players, state.num_distinct_actions)


_CACHE: dict[tuple[type[State], int, int], Encoder] = {}


def encoder_of(cls: type[State], players: int, actions: int) -> Encoder:
    """The encoder of a game class at ``players`` seats with ``actions`` action ids (one per
    class, count and space: built once)."""
    key = (cls, players, actions)
    if key not in _CACHE:
        _CACHE[key] = _build(cls, players, actions)
    return _CACHE[key]


#: Makes a family's encoder from a game class, its seats and its action ids.
EncoderMaker = Callable[[type[State], int, int], Encoder]
#: Each family's encoder maker: registered by the family that brings it (the
#: ``kaboom.encoders`` entry points, or ``ENCODERS.put``).
ENCODERS: ByFamily[EncoderMaker] = ByFamily("kaboom.encoders")


def _build(cls: type[State], players: int, actions: int) -> Encoder:
    family = get_game(cls.game_id).family
    make = ENCODERS.get(family)
    if make is None:
        raise BadOption("game", f"a game of a family kaboom.rl encodes, got {family!r}")
    return make(cls, players, actions)


class ExplodingEncoder(Encoder):
    """The exploding games' vector (``exploding.*``), read fast from ``KittensCore``."""

    PHASES = KITTENS_PHASES
    PILES = ("draw", "discard")
    FACE_UP = ("discard",)
    HIDDEN_PILE = "draw"

    @classmethod
    def make(cls, game: type[State], players: int, actions: int) -> Encoder:
        ed = cast("type[KittensCore]", game).edition
        cards, counts = tuple(ed.slugs), list(ed.counts)
        tokens = tuple(dict.fromkeys([*ed.slugs, *ed.rank_slugs]))
        copies = 2 if sum(ed.deck_counts(players)) > sum(counts) else 1
        scale, total = float(max(counts) * copies), float(sum(counts) * copies)
        family = get_game(game.game_id).family
        return cls(game.game_id, family, players, cards, tokens, scale, total, actions)

    def _layout_family(self) -> None:
        n, c = self.players, len(self.cards)
        self._add("exploding.turns_owed", 1, f"turns the current seat owes / {OWED_SCALE:g}")
        self._add("exploding.attacked", 1, "the current seat was attacked")
        self._add("exploding.bombs_in_pile", 1, "bombs in the Draw Pile / players")
        self._add("exploding.out_of_game", c, "per title: copies out of the game face up / scale")
        self._add("exploding.out_of_game_face_down", 1, "cards out of the game face down / cards")
        self._add("exploding.drawn_bomb", c, "one-hot title of the bomb drawn and not yet settled")
        self._add("exploding.absent", n * len(self.tokens),
                  "per relative seat: titles or ranks everyone knows it holds none of")  # fmt: skip

    def _encode_family(self, v: dict[int, float], obs: Observation) -> None:
        at, sec, card = self._at, obs["exploding"], self._card
        v[at["exploding.turns_owed"]] = sec["turns_owed"] / OWED_SCALE
        if sec["attacked"]:
            v[at["exploding.attacked"]] = 1.0
        v[at["exploding.bombs_in_pile"]] = sec["bombs_in_pile"] / self.players
        _count(v, at["exploding.out_of_game"], card, sec["out_of_game"], self._step)
        v[at["exploding.out_of_game_face_down"]] = sec["out_of_game_face_down"] / self.total_cards
        if sec["drawn_bomb"] is not None:
            v[at["exploding.drawn_bomb"] + card[sec["drawn_bomb"]]] = 1.0
        for q, ranks in (sec.get("absent") or {}).items():
            base = at["exploding.absent"] + self._rel(obs, int(q)) * len(self.tokens)
            for rank in ranks:
                if rank in self._token:
                    v[base + self._token[rank]] = 1.0

    def layout_of(self, state: State) -> KittensLayout | None:
        """The offsets and tables ``kittens_features`` reads."""
        if not isinstance(state, KittensCore):
            return None
        table = state.table
        words = [self.play_words(text) for text in table.texts]
        ranks = [self._token.get(rank, -1) for rank in table.rslug]
        return KittensLayout(self.players, len(self.cards), len(self.tokens), self._at, self._step,
                             self.total_cards, words, ranks, table.is_bomb, self.size)  # fmt: skip


class BoardEncoder(Encoder):
    """The board game's vector (``board.*``), read fast from ``BoardCore``."""

    PHASES = BOARD_PHASES
    PILES = ("action_deck", "action_discard", "move_deck", "move_discard")
    FACE_UP = ("action_discard", "move_discard")
    HIDDEN_PILE = "move_deck"

    @classmethod
    def make(cls, game: type[State], players: int, actions: int) -> Encoder:
        box = cast("type[BoardCore]", game).box
        cards = tuple(box.card_slugs) + tuple(box.disc_slugs)
        counts = [*box.card_counts, *box.disc_counts]
        family = get_game(game.game_id).family
        return cls(game.game_id, family, players, cards, cards,
                   float(max(counts)), float(sum(counts)), actions)  # fmt: skip

    def _layout_family(self) -> None:
        n, c = self.players, len(self.cards)
        self._add("board.position", n, "per relative seat: its space on the track / 40")
        self._add("board.chaos", 1, "the board shows its chaos side")
        self._add("board.turns_owed", 1, f"turns the current seat owes / {OWED_SCALE:g}")
        self._add("board.attacked", 1, "the current seat was attacked")
        self._add("board.magnets_aside", 1, "Danger Magnets set aside / 10")
        self._add("board.disc_to_choose", c, "one-hot Move Disc drawn and waiting for a choice")

    def _encode_family(self, v: dict[int, float], obs: Observation) -> None:
        at, sec = self._at, obs["board"]
        for p in obs["players"]:
            v[at["board.position"] + self._rel(obs, p["seat"])] = p["position"] / 40.0
        if sec["side"] == "chaos":
            v[at["board.chaos"]] = 1.0
        v[at["board.turns_owed"]] = sec["turns_owed"] / OWED_SCALE
        if sec["attacked"]:
            v[at["board.attacked"]] = 1.0
        v[at["board.magnets_aside"]] = sec["magnets_aside"] / 10.0
        if sec["disc_to_choose"] is not None:
            v[at["board.disc_to_choose"] + self._card[sec["disc_to_choose"]]] = 1.0

    def layout_of(self, state: State) -> BoardLayout | None:
        """The offsets and tables ``board_features`` reads."""
        if not isinstance(state, BoardCore):
            return None
        box = state.box
        card_words = []
        for slug in box.card_slugs:
            verb, names, seats = self.play_words(slug)
            if slug in self._token:  # (the window's card, as ``_encode_window`` reads it)
                names = [*names, self._token[slug]]
            card_words.append((verb, names, seats))
        return BoardLayout(self.players, len(self.cards), self._at, self._step,
                           self.total_cards, [self._card[slug] for slug in box.card_slugs],
                           [self._card[slug] for slug in box.disc_slugs],
                           card_words, self.size)  # fmt: skip


class EleminisEncoder(Encoder):
    """Eleminis's vector (``eleminis.*``), read fast from ``EleminisRules``."""

    PHASES = ("play", "over")
    PILES = ("deck", "discard")
    FACE_UP = ("discard",)
    HIDDEN_PILE = "deck"

    @classmethod
    def make(cls, game: type[State], players: int, actions: int) -> Encoder:
        deck = cast("type[EleminisRules]", game).deck_data
        family = get_game(game.game_id).family
        return cls(game.game_id, family, players, tuple(deck.slugs), tuple(deck.slugs),
                   float(max(deck.counts)), float(sum(deck.counts)), actions,
                   deck.slots)  # fmt: skip

    def _layout_family(self) -> None:
        n, c = self.players, len(self.cards)
        self._add("eleminis.row", n * self.slots * c,
                  "per relative seat, per slot of its row: one-hot card")  # fmt: skip
        self._add("eleminis.score", n, "per relative seat: 0.5 + this game's score / 400")
        self._add("eleminis.total", n, "per relative seat: 0.5 + the match's total / 800")
        self._add("eleminis.teammate", n, "per relative seat: on this seat's team")
        self._add("eleminis.teams", 1, "teams / 4 (0: none)")
        self._add("eleminis.drawn", c, "one-hot card drawn")
        self._add("eleminis.game_number", 1, "game of the match / 10")
        self._add("eleminis.first", n, "one-hot relative seat that went first in this game")

    def _encode_family(self, v: dict[int, float], obs: Observation) -> None:
        at, sec, c, card = self._at, obs["eleminis"], len(self.cards), self._card
        me = obs["players"][obs["seat"]]
        for p in obs["players"]:
            r = self._rel(obs, p["seat"])
            base = at["eleminis.row"] + r * self.slots * c
            for slot, slug in enumerate(p["row"][: self.slots]):
                if slug is not None:
                    v[base + slot * c + card[slug]] = 1.0
            v[at["eleminis.score"] + r] = _signed(p["score"], 400.0)
            v[at["eleminis.total"] + r] = _signed(p["total"], 800.0)
            if p["team"] is not None and p["team"] == me["team"]:
                v[at["eleminis.teammate"] + r] = 1.0
        v[at["eleminis.teams"]] = sec["teams"] / 4.0
        if sec["drawn"] is not None:
            v[at["eleminis.drawn"] + card[sec["drawn"]]] = 1.0
        v[at["eleminis.game_number"]] = sec["game_number"] / 10.0
        v[at["eleminis.first"] + self._rel(obs, sec["first"])] = 1.0

    def layout_of(self, state: State) -> EleminisLayout | None:
        """The offsets ``eleminis_features`` reads."""
        if not isinstance(state, EleminisRules):
            return None
        return EleminisLayout(self.players, len(self.cards), self.slots, self._at,
                              self._step, self.total_cards, self.size)  # fmt: skip

"""The vector environment's loop over its games (compiled with mypyc): ``kaboom.rl.vector``
hands it the actions of all N games at once and reads what it writes.

Each step, for every game in turn: the action is played for the seat asked (an illegal one
is refused, naming the game and the rule, before any game moves); in a game against fixed
opponents their bots play until the learner is asked again; a seat that explodes gets -1,
at the end the winners +1 and every other seat still in -1 (``score``: Eleminis's score),
as ``kaboom.rl.pettingzoo_env`` gives them; a game that ends is dealt again at once (the
next deal from the game's own RNG: ``SAME_STEP`` autoreset). Then the vector and the mask of
the seat to decide are written into the batch's buffers, which numpy reads without a copy:
the vector's nonzero values by the family's fast path (``kaboom.rl.features``) into one
``Sink`` for all the rows, each row's indices from ``row * size`` (``encode`` of the
observation where a family has none), the mask as the place of each legal action id, from
``row * actions`` (numpy sets those to 1 in zeros).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from librt.random import Random as NativeRandom
from librt.vecs import vec
from mypy_extensions import i64, u8

from kaboom.engine.errors import BadInput, KaboomError
from kaboom.engine.events import Event
from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.engine.view import PlayerView
from kaboom.rl.encoding import Encoder
from kaboom.rl.features import Sink, write_features


class Opponent(Protocol):
    """A bot at a fixed opponent's seat: its move from its seat's view."""

    def act(self, view: PlayerView) -> int: ...


class Batch:
    """N games of one kind and their buffers: ``rows`` (the N vectors' nonzero values),
    ``marks`` (the N masks' ones), ``rewards`` (N × seats), ``done`` (N) and ``seats`` (N: the seat
    each row's vector and mask are of). ``learner`` is None in self-play (every seat's
    decision is a step); else each game's learner seat, the bots playing the others."""

    def __init__(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        encoder: Encoder,
        games: int,
        score: bool,
    ) -> None:
        self.game = game
        self.n = players
        self.options = options
        self.encoder = encoder
        self.games = games
        self.score = score
        self.size: int = encoder.size
        self.actions: int = encoder.num_actions
        #: The nonzero values of every row's vector (row i's indices from ``i * size``),
        #: written anew at each step; the last vectors of the games that ended at it
        #: (``final_obs``), the k-th of them from ``k * size``.
        self.rows = Sink(games * 64)
        self.ended = Sink(64)
        #: Where the masks are 1: each row's legal action ids, from ``row * actions`` (a
        #: mask of thousands of ids holds a few dozen ones), scattered as ``rows`` are.
        self.marks = Sink(games * 64)
        # (numbers in ``vec``s, which numpy copies whole, where a list is read item by item)
        self.rewards: vec[float] = vec[float]([0.0] * (players * games))
        #: Against fixed opponents: the learner's reward in each game at this step (its
        #: seat's, taken before an ended game is dealt again with a new learner seat).
        self.learned: vec[float] = vec[float]([0.0] * games)
        self.done: vec[u8] = vec[u8]([0] * games)
        self.seats: vec[i64] = vec[i64]([0] * games)
        #: ``random_actions``'s choices.
        self.chosen: vec[i64] = vec[i64]([0] * games)
        self.states: list[State] = []
        self.rngs: list[random.Random] = []
        self.legal: list[list[int]] = [[] for _ in range(games)]
        #: Per game, the seats already out (their -1 given).
        self.gone: list[list[int]] = [[] for _ in range(games)]
        self.self_play = True
        self.fixed_seat = -1
        self.learner: vec[i64] = vec[i64]([0] * games)
        self.specs: list[str] = []
        self.bots: list[list[Opponent | None]] = []
        self.make_bot: Any = None
        #: The layout of the family's fast path (None where it has none): every row's.
        self.layout = encoder.layout_of(new_game(game, players, 0, **options))

    # -- the deals ------------------------------------------------------------------------------
    def against(self, specs: list[str], seat: int, make_bot: Any) -> None:
        """Fixed opponents: the bots ``specs`` (one per other seat, in order) made by
        ``make_bot(spec, seed, game)``; the learner at ``seat`` (-1: drawn at each deal)."""
        self.self_play = False
        self.specs = specs
        self.fixed_seat = seat
        self.make_bot = make_bot

    def seed(self, seeds: list[int]) -> None:
        """Each game's RNG (its deals, its bots' seeds, its learner's seat), then a deal."""
        self.rngs = [random.Random(s) for s in seeds]
        self.states = []
        self.bots = []
        for i in range(self.games):
            self.states.append(self._deal(i))
            self.bots.append([])
        self.rows.start(0)
        self.ended.start(0)
        self.marks.start(0)
        for i in range(self.games):
            self._start(i)
            self._write(i)

    def _deal(self, i: int) -> State:
        return new_game(self.game, self.n, self.rngs[i].getrandbits(63), **self.options)

    def _start(self, i: int) -> None:
        """A fresh deal: no seat out; against opponents, the bots and their moves up to the
        learner's first decision."""
        self.gone[i] = []
        if self.self_play:
            return
        rng = self.rngs[i]
        seat = self.fixed_seat if self.fixed_seat >= 0 else rng.randrange(self.n)
        self.learner[i] = seat
        bots: list[Opponent | None] = []
        k = 0
        for q in range(self.n):
            if q == seat:
                bots.append(None)
            else:
                bots.append(self.make_bot(self.specs[k], rng.getrandbits(62), self.game))
                k += 1
        self.bots[i] = bots
        self._play_bots(i)

    def _play_bots(self, i: int) -> bool:
        """The bots' moves up to the learner's decision or the end; whether a seat exploded
        meanwhile."""
        state = self.states[i]
        seat = self.learner[i]
        bots = self.bots[i]
        exploded = False
        while True:
            q = state.to_act
            if q is None or q == seat:
                return exploded
            bot = bots[q]
            assert bot is not None
            exploded = _exploded(state.apply(bot.act(PlayerView(state, q)), q)) or exploded

    # -- a step ---------------------------------------------------------------------------------
    def check(self, actions: list[int]) -> None:
        """Every action legal in its game, or ``BadInput`` naming the first that is not and
        the rule it breaks (before any game moves)."""
        for i, a in enumerate(actions):
            if _among(a, self.legal[i]):  # (the row's mask: its legal ids)
                continue
            try:
                self.states[i].verify(a, self.seats[i])
            except KaboomError as err:
                raise BadInput(f"actions[{i}]", f"a legal action of game {i}: {err}") from None
            raise BadInput(f"actions[{i}]", f"a legal action of game {i}, got {a}")

    def step(self, actions: list[int]) -> None:
        self.check(actions)
        rewards = self.rewards
        for j in range(len(rewards)):
            rewards[j] = 0.0
        self.rows.start(0)
        self.ended.start(0)
        self.marks.start(0)
        ended = 0
        for i in range(self.games):
            state = self.states[i]
            seat = self.seats[i]
            # (``check`` found it among the legal actions of the seat to act: the engine
            # need not check again who plays it)
            exploded = _exploded(state.apply(actions[i]))
            if self.self_play:
                if exploded:
                    self._out(i, state)
                over = state.to_act is None
                if over:
                    self._end(i, state)
            else:
                over = self._learner_step(i, state, exploded)
                self.learned[i] = self.rewards[i * self.n + self.learner[i]]
            self.done[i] = 1 if over else 0
            if over:
                self._encode(ended, state, seat, self.ended)
                ended += 1
                self.states[i] = self._deal(i)
                self._start(i)
            self._write(i)

    def _learner_step(self, i: int, state: State, exploded: bool) -> bool:
        """Against fixed opponents: the bots play up to the learner's next decision; the
        learner's episode ends when it is out (-1) or the game is over (+1 for a win). (Who
        is out is asked only after a seat exploded: ``State.in_game``.)"""
        seat = self.learner[i]
        if state.to_act is not None:
            exploded = self._play_bots(i) or exploded
        if exploded and not state.in_game(seat):
            self.rewards[i * self.n + seat] = -1.0
            return True
        if state.to_act is None:
            self._end(i, state)
            return True
        return False

    def _out(self, i: int, state: State) -> None:
        """Seats that exploded in this step: -1 each (once: a seat out stays out)."""
        gone = self.gone[i]
        for q in range(self.n):
            if not state.in_game(q) and q not in gone:
                self.rewards[i * self.n + q] = -1.0
                gone.append(q)

    def _end(self, i: int, state: State) -> None:
        """The game is over: the winners +1 and every other seat still in -1 (``score``:
        each seat's score)."""
        gone = self.gone[i]
        # (the scores are read from the public observation, built for them alone)
        players = state.observe(None)["players"] if self.score else []
        winners = state.winners
        for q in range(self.n):
            if q in gone:
                continue
            if self.score:
                self.rewards[i * self.n + q] = float(players[q]["score"])
            else:
                self.rewards[i * self.n + q] = 1.0 if q in winners else -1.0

    # -- the buffers ----------------------------------------------------------------------------
    def _write(self, i: int) -> None:
        """Row ``i``: the vector and mask of the seat to decide (or the learner's)."""
        state = self.states[i]
        to_act = state.to_act
        assert to_act is not None  # (a game that ends is dealt again before this)
        self.seats[i] = to_act
        self._encode(i, state, to_act, self.rows)
        legal = state.legal_now()  # (the engine's own list until the next apply: read only)
        self.legal[i] = legal
        marks = self.marks
        marks.room(len(legal))
        at, ones, n, row = marks.at, marks.values, marks.n, i * self.actions
        for a in legal:
            at[n] = row + a
            ones[n] = 1.0
            n += 1
        marks.n = n

    def _encode(self, i: int, state: State, seat: int, out: Sink) -> None:
        """Row ``i`` of ``out`` (from ``i * size``): ``seat``'s vector of ``state`` (the
        family's fast path where it has one, compiled to compiled; else the encoder's slow
        path)."""
        out.row(i * self.size)
        if not write_features(state, seat, self.layout, out):
            self.encoder.encode_into(state, seat, out)

    def random_actions(self, seed: i64) -> vec[i64]:
        """A uniformly random legal action in each game (what a random policy masks to),
        drawn from ``seed`` by ``librt``'s generator (native: ``random.Random.choice``
        runs ``random.py``'s Python at each draw)."""
        rng = NativeRandom(seed)
        chosen = self.chosen
        for i, legal in enumerate(self.legal):
            chosen[i] = legal[rng.randrange(len(legal))]
        return chosen


def _among(action: int, legal: list[int]) -> bool:
    """Whether ``action`` is one of ``legal`` (compared as unboxed numbers)."""
    return any(a == action for a in legal)


def _exploded(events: list[Event]) -> bool:
    """Whether a seat exploded in ``events`` (the one way out of a game of every family)."""
    return any(e.kind == "explode" for e in events)

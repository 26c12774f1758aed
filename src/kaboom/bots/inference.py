"""What a seat can infer from what the others did: a particle filter over the worlds its
observations allow, each weighted by how likely a model of the others (the game's
heuristic) makes the choices they were seen to make.

A seat that let an Attack pass probably holds no Nope; a Kitten defused and put back by a
player who puts it on top for the next player is probably on top. A search that samples its
worlds from the seat's observation alone (``PlayerView.determinize``) treats every deal the
observation allows as equally likely; ``Beliefs`` keeps worlds whose past agrees with what
the seat saw, weighted by the model:

- The table tells the bot its seat's observation after every step, whoever acted
  (``see``; the adapters call it for a bot that is ``watching``). Nothing else reaches it.
- At the bot's next decision each world (a particle) is moved along the steps it missed.
  The seat that acted in it chooses by the model; a world where the model's choice shows
  the seat what it saw keeps ``1 - EPSILON`` of its weight; one where only another legal
  action does keeps ``EPSILON`` over the number of legal actions (the others are people and
  other bots: the model is sometimes wrong); one where no action shows what the seat saw is
  dropped (the seat's own moves cost nothing). The step's chance (a draw, a shuffle) is the
  world's own: a world whose chance shows the seat something else is dropped too.
- When too few worlds are left (``RESTART_SHARE``: a card the seat drew, a future it saw,
  tells most of them apart), the worlds are sampled anew from the observation of that step
  and the filter goes on from there: what the others did after it still counts.
- The search draws its determinisations from the worlds by weight (``draw``), each with a
  random stream of its own for the chance to come.

Every world agrees with the seat's current observation: before a decision, worlds that do
not (a step the table did not tell) are sampled anew from it. The filter's work is done in
the decision, inside its deadline (``kaboom.bots.clock``): the table's rhythm never shows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kaboom.bots.base import Bot
from kaboom.engine.state import Observation, State
from kaboom.engine.view import PlayerView

#: How many worlds the seat keeps.
PARTICLES = 64
#: The chance that a seat chooses other than the model says (then any legal action alike).
EPSILON = 0.2
#: The share of the worlds below which they are sampled anew from the seat's observation.
RESTART_SHARE = 0.25
#: The most observations kept between two decisions: past it the worlds are sampled anew
#: at the next decision (a bound on its work, whatever the wait).
MOST_PENDING = 256


class Beliefs:
    """The worlds one seat considers, weighted by what the others were seen to do.

    >>> from kaboom.engine.registry import new_game
    >>> from kaboom.bots.make import make_bot
    >>> game = new_game("exploding-kittens", 3, seed=2)
    >>> beliefs = Beliefs(make_bot("heuristic", 1, "exploding-kittens"), seed=3)
    >>> view = PlayerView(game, game.to_act)
    >>> beliefs.update(view)
    >>> world = beliefs.draw(random.Random(4))
    >>> world.observe(view.seat) == game.observe(view.seat)
    True
    """

    def __init__(
        self, model: Bot, seed: int = 0, particles: int = PARTICLES, epsilon: float = EPSILON
    ) -> None:
        self.model, self.particles, self.epsilon = model, particles, epsilon
        self.seat = -1  # (the seat of the first view it is given)
        self.rng = random.Random(seed)
        self.worlds: list[State] = []
        self.weights: list[float] = []
        #: The observation every world agrees with (None: no worlds yet).
        self.at: Observation | None = None
        self.pending: list[Observation] = []
        #: How often the worlds were sampled anew (``restarts``) and steps followed
        #: (``steps``): figures for a reader of the bot.
        self.restarts = self.steps = 0
        self._sampling: tuple[type[State], dict[str, object]] | None = None

    def see(self, observation: Observation) -> None:
        """The seat's observation after a step of the game (the table tells every step)."""
        if len(self.pending) >= MOST_PENDING:
            self.pending.clear()
            self.at = None  # (the worlds cannot follow: anew from the next decision's view)
        self.pending.append(observation)

    def update(self, view: PlayerView) -> None:
        """Move the worlds along the steps seen since the last decision; every world then
        agrees with ``view``'s observation."""
        self.seat, self._sampling = view.seat, (view.game_class, view.options)
        pending, self.pending = self.pending, []
        for observation in pending:
            if self.at is None:  # (the first it saw, or the first since it lost track)
                self._restart(observation)
            if observation == self.at:
                continue
            if self._follow(observation) < RESTART_SHARE * self.particles:
                self._restart(observation)
        now = view.observation()
        if self.at != now:
            self._restart(now)

    def draw(self, rng: random.Random) -> State:
        """A world by weight, with a random stream of its own for the chance to come."""
        world = rng.choices(self.worlds, self.weights)[0]
        return world.clone(random.Random(rng.getrandbits(64)))

    def __getstate__(self) -> dict[str, Any]:
        """For a copy in another process (the server's bots think in a pool): the worlds
        as their JSON (``State.to_json``), which every game reads back."""
        state = dict(self.__dict__)
        state["worlds"] = [w.to_json() for w in self.worlds]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if self.worlds:
            assert self._sampling is not None
            game_class = self._sampling[0]
            self.worlds = [game_class.from_json(raw) for raw in state["worlds"]]

    # -- the filter ---------------------------------------------------------------------------
    def _restart(self, observation: Observation) -> None:
        assert self._sampling is not None
        game_class, options = self._sampling
        sample = game_class.sampler(observation, options)
        self.worlds = [sample(self.rng) for _ in range(self.particles)]
        self.weights = [1.0] * self.particles
        self.at = observation
        self.restarts += 1

    def _follow(self, observation: Observation) -> int:
        """Each world moved by one step to where the seat saw ``observation``, weighted by
        the model's chance of the step (dropped where no step shows it); how many were
        left."""
        assert self.at is not None
        actor = self.at.get("to_act")
        self.steps += 1
        worlds: list[State] = []
        weights: list[float] = []
        for world, weight in zip(self.worlds, self.weights, strict=True):
            moved = self._move(world, actor, observation)
            if moved is not None:
                worlds.append(moved[0])
                weights.append(weight * moved[1])
        self.at = observation
        if not worlds:
            self.worlds, self.weights = [], []
            return 0
        top = max(weights)
        self.worlds, self.weights = worlds, [w / top for w in weights]
        self._resample_if_few()
        return len(worlds)

    def _move(
        self, world: State, actor: int | None, observation: Observation
    ) -> tuple[State, float] | None:
        """``world`` one step on where the seat sees ``observation``, and the step's
        likelihood: by the model for another seat, 1 for the seat's own move."""
        if actor is None or world.to_act != actor:
            return None
        legal = world.legal_actions()
        shown = self._shows(world, observation)
        if actor == self.seat:
            return _first(shown, legal, 1.0)
        predicted = self.model.act(PlayerView(world, actor))
        moved = shown(predicted) if predicted in legal else None
        if moved is not None:
            return moved, 1.0 - self.epsilon + self.epsilon / len(legal)
        others = [a for a in legal if a != predicted]
        self.rng.shuffle(others)
        return _first(shown, others, self.epsilon / len(legal))

    def _shows(self, world: State, observation: Observation) -> Callable[[int], State | None]:
        """The world after an action, if the seat would see ``observation`` there."""

        def after(action: int) -> State | None:
            moved = world.clone(random.Random(self.rng.getrandbits(64)))
            moved.apply(action)
            return moved if moved.observe(self.seat) == observation else None

        return after

    def _resample_if_few(self) -> None:
        """Systematic resampling back to ``particles`` worlds when the weights are uneven
        (the effective number of worlds under half of those kept); the worlds are shared,
        never changed in place."""
        total = sum(self.weights)
        effective = total * total / sum(w * w for w in self.weights)
        if effective >= self.particles / 2:
            return
        step = total / self.particles
        u, i, acc = self.rng.random() * step, 0, self.weights[0]
        chosen: list[State] = []
        for _k in range(self.particles):
            while acc < u and i < len(self.weights) - 1:
                i += 1
                acc += self.weights[i]
            chosen.append(self.worlds[i])
            u += step
        self.worlds, self.weights = chosen, [1.0] * self.particles


def _first(
    shown: Callable[[int], State | None], actions: list[int], likelihood: float
) -> tuple[State, float] | None:
    """The world after the first of ``actions`` that shows the seat what it saw, and the
    step's ``likelihood``; None if none does."""
    for action in actions:
        moved = shown(action)
        if moved is not None:
            return moved, likelihood
    return None

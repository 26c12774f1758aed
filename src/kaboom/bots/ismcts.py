"""Information-set Monte Carlo tree search (single observer; Cowling, Powley and Whitehouse,
2012) over the engine contract, for every game.

Each iteration determinises the root for the bot's seat (``PlayerView.determinize``), descends
the one tree by UCB over the actions legal *in that determinisation* (availability counts),
expands one untried action, plays on with the game's playout policy (the ``Playout`` the game
registers on its ``GameSpec``: ``policy``) to the end or to its ``horizon``, and credits each
node with the share of a win (``Playout.result``) of the seat that chose its action
(multi-player returns). The tree grows as deep as the game says it is worth
(``Playout.tree_depth``; ``depth`` overrides it).

At the root (by default, ``paired``) the moves are compared on common random numbers: each
round samples one determinisation and one random stream and runs one iteration of every move
still in from them; after each phase the worse half of the moves drops out (sequential
halving), and moves that lead to the same position count once (``State.distinct_actions``).
With a prior (the game's heuristic), the best move left is played only if it beats the
prior's move, paired round by round, by more than ``confidence`` standard errors; else the
prior's move. The classic root (``paired=False``) picks root moves by UCB too, with a
progressive bias toward the prior's move, and plays the most visited move under the same
margin. All randomness comes from the bot's own seeded RNG."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from kaboom.bots.base import Bot
from kaboom.bots.inference import Beliefs
from kaboom.engine.errors import BadInput
from kaboom.engine.playout import Playout, play_out
from kaboom.engine.registry import get_game
from kaboom.engine.state import Observation, State, copy_rng
from kaboom.engine.view import PlayerView
from kaboom.i18n import N_, _

#: Levels map to budgets: iterations, and a time limit per decision in seconds.
LEVELS = {"easy": (100, 0.2), "medium": (1000, 1.0), "hard": (5000, 5.0)}
#: The levels in words, for a person choosing one (``level_name``).
LEVEL_NAMES: Final = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def level_name(level: str) -> str:
    """A level (``easy``, ``medium``, ``hard``) in the language of the context; another
    word as it is."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


#: The progressive bias toward the prior bot's move at the root (in wins, fading as
#: ``BIAS / (visits + 1)``): the search keeps the rule of thumb unless playouts show better.
BIAS = 3.0
#: How sure the playouts must be (standard errors) before the search overrules the prior.
CONFIDENCE = 1.0


@dataclass
class Node:
    """A tree node: the action that led here, whose choice it was, and its statistics."""

    action: int = -1
    seat: int | None = None  # who chose ``action``
    visits: int = 0
    wins: float = 0.0
    squares: float = 0.0  # the sum of the squared results, for their variance
    available: int = 0
    children: dict[int, Node] = field(default_factory=dict)

    bias: float = 0.0  # progressive bias toward the prior's move, fading with visits

    def ucb(self, c: float) -> float:
        explore = c * math.sqrt(math.log(self.available) / self.visits)
        return self.wins / self.visits + explore + self.bias / (self.visits + 1)


class IsmctsBot:
    """An ISMCTS player with an iteration budget (and a time budget, if given)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        prior: Bot | None = None,
        bias: float = BIAS,
        confidence: float = CONFIDENCE,
        paired: bool = True,
        depth: int | None = None,
        beliefs: Beliefs | None = None,
    ) -> None:
        if iterations < 1:
            raise BadInput("iterations", _("a positive number, got {n}").format(n=iterations))
        self.rng = random.Random(seed)
        self.iterations, self.seconds, self.exploration = iterations, seconds, exploration
        self.prior, self.bias, self.confidence = prior, bias, confidence
        self.name = f"ismcts:{iterations}{':infer' if beliefs is not None else ''}"
        self.paired, self.depth = paired, depth
        #: The worlds it considers, weighted by what the others did (``infer``); None: it
        #: samples them from its seat's observation alone.
        self.beliefs = beliefs
        self.watching = beliefs is not None
        self.last_iterations = 0
        #: The playout of the game being played (read from the registry at each decision).
        self.playout: Playout[Any] = Playout()

    @classmethod
    def at_level(
        cls, seed: int, level: str, prior: Bot | None = None, beliefs: Beliefs | None = None
    ) -> IsmctsBot:
        if level not in LEVELS:
            why = _("one of {names}; got {word!r}").format(names=", ".join(LEVELS), word=level)
            raise BadInput("level", why)
        iterations, seconds = LEVELS[level]
        bot = cls(seed, iterations, seconds, prior=prior, beliefs=beliefs)
        bot.name = f"ismcts:{level}{':infer' if beliefs is not None else ''}"
        return bot

    def act(self, view: PlayerView) -> int:
        return self.act_by(view, None)

    def see(self, observation: Observation) -> None:
        """Its seat's observation after a step, whoever acted (``Watcher``)."""
        if self.beliefs is not None:
            self.beliefs.see(observation)

    def act_by(self, view: PlayerView, deadline: float | None) -> int:
        """The move, searched until the iteration budget, the time budget (``seconds``) or
        ``deadline`` (``time.monotonic()``), whichever comes first (``TimedBot``)."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.seconds is not None:  # (from the start: the filter's work counts too)
            own = time.monotonic() + self.seconds
            deadline = own if deadline is None else min(deadline, own)
        self.playout = get_game(view.game_class.game_id).playout
        worlds = view.determinize
        if self.beliefs is not None:
            self.beliefs.update(view)
            worlds = self.beliefs.draw
        root = Node()
        preferred = -1
        if self.prior is not None and self.bias > 0:
            preferred = self.prior.act(view)
            root.children[preferred] = Node(preferred, view.seat, bias=self.bias)
        legal = _distinct(view, legal, preferred)
        if self.paired:
            return self._paired_rounds(worlds, view.seat, root, legal, preferred, deadline)
        done = 0
        while done < self.iterations and not _past(deadline):
            self._iterate(root, worlds(self.rng))
            done += 1
        self.last_iterations = done
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        if preferred < 0 or best == preferred:
            return best
        return best if _better(root, best, preferred, self.confidence) else preferred

    def _paired_rounds(
        self,
        worlds: Callable[[random.Random], State],
        me: int,
        root: Node,
        legal: list[int],
        preferred: int,
        deadline: float | None,
    ) -> int:
        """Sequential halving at the root on common random numbers: each round samples one
        determinisation and one random stream and plays every move still in from it (one
        iteration each, through the one tree); after each phase the worse half of the moves
        by mean result drops out (never the prior's). The best move left is played if its
        result beats the prior's move, paired round by round, by ``confidence`` standard
        errors; else the prior's move. ``worlds``: the determinisations' source."""
        moves, done = list(legal), 0
        phases = max(1, math.ceil(math.log2(len(moves))))
        gain = {a: Pairs() for a in legal}  # each move's result minus the prior move's
        for phase in range(phases):
            rounds = math.ceil((self.iterations - done) / (len(moves) * (phases - phase)))
            for _round in range(rounds):
                if done >= self.iterations or _past(deadline):
                    break
                world, stream = worlds(self.rng), self.rng.getrandbits(64)
                result: dict[int, float] = {}
                # Every move plays from a copy of the world (its generator's state read
                # once), the last one from the world itself.
                chance, last = world.rng.getstate(), len(moves) - 1
                for i, a in enumerate(moves):
                    if done >= self.iterations or _past(deadline):  # (a round may be long)
                        break
                    state = world.clone(copy_rng(chance)) if i < last else world
                    if a in state.legal_actions():
                        result[a] = self._iterate(root, state, random.Random(stream), a)[me]
                        done += 1
                if preferred in result:
                    for a, r in result.items():
                        gain[a].add(r - result[preferred])
            if len(moves) > 2:
                moves = _better_half(root, moves, preferred)
        self.last_iterations = done
        best = max(moves, key=lambda a: _mean(root.children.get(a)))
        if preferred < 0 or best == preferred:
            return best
        return best if gain[best].beyond_noise(self.confidence) else preferred

    def _iterate(
        self, root: Node, state: State, rng: random.Random | None = None, first: int = -1
    ) -> list[float]:
        rng = rng or self.rng
        c, depth = self.exploration, self.depth or self.playout.tree_depth
        path = [root]
        node = root
        if first >= 0:
            node = root.children.get(first) or Node(first, state.to_act)
            root.children[first] = node
            node.available += 1
            state.apply(first)
            path.append(node)
            if node.visits == 0:
                return self._playout(path, state, rng)
        # Selection and expansion over the actions legal in this determinisation, as deep as
        # the game's tree goes (``Playout.tree_depth``).
        while state.to_act is not None and (depth is None or len(path) <= depth):
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children or not node.children[a].visits]
            seat = state.to_act
            if untried:
                action = rng.choice(untried)
                child = node.children.get(action) or Node(action, seat)
                node.children[action] = child
                for a in legal:
                    if a in node.children:
                        node.children[a].available += 1
                state.apply(action)
                path.append(child)
                break
            for a in legal:
                node.children[a].available += 1
            child = max((node.children[a] for a in legal), key=lambda n: n.ucb(c))
            state.apply(child.action)
            path.append(child)
            node = child
        return self._playout(path, state, rng)

    def _playout(self, path: list[Node], state: State, rng: random.Random) -> list[float]:
        # Simulation: the game's playout policy to the end, or to its horizon.
        result = play_out(self.playout, state, rng)
        # Backpropagation: each node scores for the seat that chose its action.
        for n in path:
            n.visits += 1
            if n.seat is not None:
                share = result[n.seat]
                n.wins += share
                n.squares += share * share
        return result


def _past(deadline: float | None) -> bool:
    """Whether the search's deadline (``time.monotonic()``; None: none) has come."""
    return deadline is not None and time.monotonic() >= deadline


def _distinct(view: PlayerView, legal: list[int], preferred: int) -> list[int]:
    """One move of each group that leads to the same position; the prior's move stands
    for its group."""
    distinct = view.distinct_actions(legal)
    if preferred < 0 or preferred in distinct or len(distinct) == len(legal):
        return distinct
    twin = view.distinct_actions([preferred, *distinct])  # its group's first, replaced
    return [preferred if a not in twin else a for a in distinct]


@dataclass
class Pairs:
    """Differences of results on the same determinisation and random stream."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, difference: float) -> None:
        self.n += 1
        self.total += difference
        self.squares += difference * difference

    def beyond_noise(self, confidence: float) -> bool:
        """Whether the mean difference is above zero by ``confidence`` standard errors,
        counting a difference of a whole win and of a whole loss more (few pairs prove
        nothing)."""
        k = self.n + 2
        mean = self.total / k
        variance = max(0.0, (self.squares + 2) / k - mean * mean) / k
        return mean > confidence * math.sqrt(variance)


def _mean(node: Node | None) -> float:
    return node.wins / node.visits if node is not None and node.visits else -1.0


def _better_half(root: Node, moves: list[int], preferred: int) -> list[int]:
    """The better half of the moves by mean result, and the prior's move."""
    ranked = sorted(moves, key=lambda a: -_mean(root.children.get(a)))
    keep = ranked[: (len(moves) + 1) // 2]
    return keep if preferred < 0 or preferred in keep else [*keep, preferred]


def _better(root: Node, best: int, preferred: int, confidence: float = CONFIDENCE) -> bool:
    """Whether the playouts show ``best`` better than the prior's move beyond their noise:
    its mean result higher by ``confidence`` standard errors of the difference. Each
    move's results count a loss and a win more, so that few playouts prove nothing."""
    a, b = root.children[best], root.children.get(preferred, Node())

    def mean_and_variance(n: Node) -> tuple[float, float]:
        k = n.visits + 2
        q = (n.wins + 1) / k
        return q, max(0.0, (n.squares + 1) / k - q * q) / k

    (qa, va), (qb, vb) = mean_and_variance(a), mean_and_variance(b)
    return qa - qb > confidence * math.sqrt(va + vb)

"""The bot interface, and making bots from their command-line names."""

from __future__ import annotations

from typing import Protocol

from kaboom.engine.errors import BadInput
from kaboom.engine.view import PlayerView


class Bot(Protocol):
    """A player: given its seat's view, it chooses one of the legal actions."""

    name: str

    def act(self, view: PlayerView) -> int: ...


def make_bot(spec: str, seed: int, game: str | None = None) -> Bot:
    """A bot from its name, seeded so that games replay: ``random``, ``heuristic``,
    ``ismcts`` with ``:iterations=N``, ``:seconds=S``, ``:c=X`` (the UCB exploration constant),
    ``:bias=B`` (the pull toward the heuristic's move; 0: no prior), ``:z=Z`` (how many
    standard errors better a move must look to overrule the heuristic), ``:depth=D`` (how
    deep the tree grows; 0: as deep as the game says), ``:paired=0`` (the classic root) —
    several:
    ``ismcts:iterations=N:seconds=S`` — or ``:level=easy|medium|hard``.

    >>> make_bot("random", 1).name
    'random'
    >>> make_bot("ismcts:iterations=50", 1).name
    'ismcts:50'
    """
    from kaboom.bots.ismcts import BIAS, CONFIDENCE, IsmctsBot
    from kaboom.bots.random_bot import RandomBot

    name, _, params = spec.strip().lower().partition(":")
    args = _params(params, spec)
    if name == "random" and not args:
        return RandomBot(seed)
    if name == "heuristic" and not args:
        return _heuristic(seed, game)
    if name == "ismcts":
        if "level" in args:
            return IsmctsBot.at_level(seed, args["level"], _heuristic(seed, game))
        try:
            iterations = int(args.get("iterations", "1000"))
            seconds = float(args["seconds"]) if "seconds" in args else None
            exploration = float(args.get("c", "0.7"))
            bias = float(args.get("bias", str(BIAS)))
            confidence = float(args.get("z", str(CONFIDENCE)))
            paired = {"1": True, "0": False}[args.get("paired", "1")]
            depth = int(args.get("depth", "0"))
            if depth < 0:
                raise ValueError(depth)
        except (ValueError, KeyError):
            raise BadInput(
                "bots",
                f"numbers for iterations, seconds, c, bias, z and depth, paired=0|1; got {spec!r}",
            ) from None
        prior = _heuristic(seed, game) if bias > 0 else None
        return IsmctsBot(
            seed, iterations, seconds, exploration, prior, bias, confidence, paired, depth or None
        )
    raise BadInput(
        "bots",
        "random, heuristic, ismcts, ismcts:iterations=N, ismcts:seconds=S or "
        f"ismcts:level=easy|medium|hard; got {spec!r}",
    )


def _params(text: str, spec: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        if not sep:
            raise BadInput("bots", f"NAME:KEY=VALUE, got {spec!r}")
        out[key.strip()] = value.strip()
    return out


def _heuristic(seed: int, game: str | None) -> Bot:
    """The heuristic player of the game's family."""
    from kaboom.bots.heuristic_board import BoardHeuristic
    from kaboom.bots.heuristic_eleminis import EleminisHeuristic
    from kaboom.bots.heuristic_kittens import KittensHeuristic
    from kaboom.engine.registry import get_game
    from kaboom.games.board.state import BoardGameState
    from kaboom.games.eleminis.state import EleminisState

    state_class = get_game(game).state_class if game is not None else None
    if state_class is not None and issubclass(state_class, EleminisState):
        return EleminisHeuristic(seed)
    if state_class is not None and issubclass(state_class, BoardGameState):
        return BoardHeuristic(seed)
    return KittensHeuristic(seed)

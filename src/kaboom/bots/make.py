"""Bots from their command-line names: ``random``, ``heuristic``, ``ismcts:...``."""

from __future__ import annotations

from collections.abc import Callable

from kaboom.bots.base import Bot
from kaboom.engine.errors import BadInput
from kaboom.engine.registry import get_game


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
    """The heuristic player of the game's family (looked up in the registry); a family
    without one plays its game's playout policy on what its seat knows."""
    from kaboom.bots.heuristic_board import BoardHeuristic
    from kaboom.bots.heuristic_eleminis import EleminisHeuristic
    from kaboom.bots.heuristic_kittens import KittensHeuristic
    from kaboom.bots.playout_bot import PlayoutBot

    by_family: dict[str, Callable[[int], Bot]] = {
        "exploding": KittensHeuristic,
        "board": BoardHeuristic,
        "eleminis": EleminisHeuristic,
    }
    family = get_game(game).family if game is not None else "exploding"
    return by_family.get(family, PlayoutBot)(seed)

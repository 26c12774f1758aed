"""Bots from their command-line names: ``random``, ``heuristic``, ``ismcts:...``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from kaboom.bots.base import Bot
from kaboom.engine.errors import BadInput
from kaboom.engine.registry import ByFamily, get_game
from kaboom.i18n import _

if TYPE_CHECKING:
    from kaboom.bots.inference import Beliefs


def make_bot(spec: str, seed: int, game: str | None = None) -> Bot:
    """A bot from its name, seeded so that games replay: ``random``, ``heuristic``,
    ``ismcts`` with ``:iterations=N``, ``:seconds=S``, ``:c=X`` (the UCB exploration constant),
    ``:bias=B`` (the pull toward the heuristic's move; 0: no prior), ``:z=Z`` (how many
    standard errors better a move must look to overrule the heuristic), ``:depth=D`` (how
    deep the tree grows; 0: as deep as the game says), ``:paired=0`` (the classic root),
    ``:infer=1`` (worlds weighted by what the others did, the heuristic their model:
    ``kaboom.bots.inference``) — several: ``ismcts:iterations=N:seconds=S`` — or
    ``:level=easy|medium|hard`` (with ``:infer=1`` if wanted).

    >>> make_bot("random", 1).name
    'random'
    >>> make_bot("ismcts:iterations=50", 1).name
    'ismcts:50'
    """
    from kaboom.bots.ismcts import BIAS, CONFIDENCE, IsmctsBot
    from kaboom.bots.random_bot import RandomBot

    name, _sep, params = spec.strip().lower().partition(":")
    args = _params(params, spec)
    if name == "random" and not args:
        return RandomBot(seed)
    if name == "heuristic" and not args:
        return _heuristic(seed, game)
    if name == "ismcts":
        beliefs = _beliefs(args, seed, game)
        if "level" in args:
            if set(args) - {"level", "infer"}:
                raise BadInput("bots: ismcts level", _("alone, or with infer"))
            return IsmctsBot.at_level(seed, args["level"], _heuristic(seed, game), beliefs)
        for key in args:
            if key not in ISMCTS_PARAMS:
                why = _("one of {names}").format(names=", ".join(ISMCTS_PARAMS))
                raise BadInput(f"bots: ismcts {key}", why)
        iterations = int(_number(args, "iterations", "1000", 1, MAX_ITERATIONS, integral=True))
        seconds = _number(args, "seconds", None, 0.001, MAX_SECONDS) if "seconds" in args else None
        exploration = _number(args, "c", "0.7", 0.0, MAX_WEIGHT)
        bias = _number(args, "bias", str(BIAS), 0.0, MAX_WEIGHT)
        confidence = _number(args, "z", str(CONFIDENCE), 0.0, MAX_WEIGHT)
        depth = int(_number(args, "depth", "0", 0, MAX_DEPTH, integral=True))
        paired = _flag(args, "paired", "1")
        prior = _heuristic(seed, game) if bias > 0 else None
        return IsmctsBot(
            seed, iterations, seconds, exploration, prior, bias, confidence, paired,
            depth or None, beliefs,
        )  # fmt: skip
    plugin = plugin_bot(name)
    if plugin is not None:  # (its parameters keep their case: a path is a path)
        return plugin(spec.strip().partition(":")[2], seed, game)
    names = "random, heuristic, ismcts, ismcts:iterations=N, ismcts:seconds=S or "
    names += f"ismcts:level=easy|medium|hard{''.join(', ' + p for p in PLUGINS)}"
    # TRANSLATORS: {choices} lists the bots' names as they are typed.
    raise BadInput("bots", _("{choices}; got {spec!r}").format(choices=names, spec=spec))


#: Bot parameters that name a file (``ppo:path=FILE``): refused over the network.
FILE_PARAMS = frozenset({"path"})


def names_a_file(spec: str) -> bool:
    """Whether a bot spec names a file to read (a model: ``ppo:path=FILE``), which a
    server never opens for a remote client (``refuse_file_options``, the same for bots).

    >>> names_a_file("ppo:path=/tmp/model.zip"), names_a_file("ppo:model=kittens")
    (True, False)
    """
    params = spec.strip().partition(":")[2]
    return any(p.partition("=")[0].strip().lower() in FILE_PARAMS for p in params.split(":"))


#: The entry-point group of bots that other packages (or kaboom's own extras) add:
#: ``ppo``, ``learned`` and ``openspiel-ismcts`` (the ``rl`` extra, ``docs/rl.md``).
PLUGIN_GROUP = "kaboom.bots"
#: Bot kinds an extra of kaboom provides, named in errors even where it is not installed.
PLUGINS = ("ppo:path=FILE", "learned", "openspiel-ismcts:iterations=N")

PluginFactory = Callable[[str, int, "str | None"], Bot]


def plugin_bot(name: str) -> PluginFactory | None:
    """The factory of a bot kind registered under the ``kaboom.bots`` entry points, called
    with the spec's parameters (``path=FILE``), the seed and the game; None if no package
    registers ``name``. Imported only when asked for: the core never imports an extra (a
    kind whose extra is missing says which to install)."""
    from importlib.metadata import entry_points

    for point in entry_points(group=PLUGIN_GROUP, name=name):
        try:
            factory: PluginFactory = point.load()
        except ImportError as err:
            why = _("needs the rl extra: pip install 'kaboom[rl]' ({error})").format(error=err)
            raise BadInput(f"bots: {name}", why) from None
        return factory
    return None


#: The parameters of ``ismcts:KEY=VALUE`` and their bounds (a search must end, and its
#: constants be finite numbers: ``nan``, ``inf`` and negatives are refused).
ISMCTS_PARAMS = (
    "iterations", "seconds", "c", "bias", "z", "paired", "depth", "level", "infer",
)  # fmt: skip
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 3600.0
MAX_WEIGHT = 1000.0
MAX_DEPTH = 1000


def _beliefs(args: dict[str, str], seed: int, game: str | None) -> Beliefs | None:
    """The worlds a search weights by what the others did (``infer=1``), the game's
    heuristic their model; None for ``infer=0`` (the default)."""
    from kaboom.bots.inference import Beliefs

    return Beliefs(_heuristic(seed, game), seed) if _flag(args, "infer", "0") else None


def _flag(args: dict[str, str], key: str, default: str) -> bool:
    """``args[key]`` (else ``default``) as a switch, ``0`` or ``1``; else ``BadInput``
    naming the parameter."""
    value = args.get(key, default)
    if value not in ("0", "1"):
        raise BadInput(f"bots: ismcts {key}", _("0 or 1, got {value!r}").format(value=value))
    return value == "1"


def _number(
    args: dict[str, str],
    key: str,
    default: str | None,
    low: float,
    high: float,
    integral: bool = False,
) -> float:
    """``args[key]`` (else ``default``) as a finite number in ``low..high`` (a whole
    number if ``integral``); else ``BadInput`` naming the parameter.

    >>> _number({"c": "nan"}, "c", "0.7", 0.0, 1000.0)
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: bots: ismcts c: a number in 0.0..1000.0, got 'nan'
    """
    text = args.get(key, default) or ""
    kind = _("a whole number") if integral else _("a number")
    try:  # (ASCII only: int and float also read other scripts' digits)
        value = (int(text) if integral else float(text)) if text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and low <= value <= high):
        why = _("{kind} in {low}..{high}, got {text!r}")
        raise BadInput(f"bots: ismcts {key}", why.format(kind=kind, low=low, high=high, text=text))
    return value


def _params(text: str, spec: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        if not sep:
            raise BadInput("bots", _("NAME:KEY=VALUE, got {spec!r}").format(spec=spec))
        out[key.strip()] = value.strip()
    return out


#: Each family's heuristic player, made from a seed: registered by the family that brings it
#: (the ``kaboom.heuristics`` entry points, or ``HEURISTICS.put``).
HEURISTICS: ByFamily[Callable[[int], Bot]] = ByFamily("kaboom.heuristics")
#: The game whose heuristic plays where no game is named.
DEFAULT_GAME = "exploding-kittens"


def _heuristic(seed: int, game: str | None) -> Bot:
    """The heuristic player of the game's family (``HEURISTICS``, by the family the game
    registered); a family without one plays its game's playout policy on what its seat
    knows."""
    from kaboom.bots.playout_bot import PlayoutBot

    make = HEURISTICS.get(get_game(game or DEFAULT_GAME).family)
    return (make or PlayoutBot)(seed)

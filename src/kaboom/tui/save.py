"""Save files: who sits where, how the game was dealt, and the game itself.

A save (key ``s``) and the log written at the end of a game are one JSON format: the game
id, the number of players, the seed, the options, each seat's player (``human`` or a bot
spec), the seat that saved it (``saved_by``: the person whose view was on screen; none in
a log), the actions played since the deal, and the full state (``State.to_json``), every
hand and the order of the deck included: a save of a game in progress is as private as a
hand of cards. A save resumes from the state; ``kaboom replay`` deals again from the seed
and steps through the actions, every hand shown once the game is over, and only the view
of the seat that saved it while the game is unfinished.

File names never hold the seed (``default_path``): from the seed and its own hand a seat
could deal the whole game again.
"""

from __future__ import annotations

import json
import secrets
import shlex
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from kaboom.engine.errors import BadInput, KaboomError
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.parsing import parse_seed
from kaboom.engine.registry import get_game, new_game, state_from_json
from kaboom.engine.state import State
from kaboom.i18n import _

HUMAN = "human"
FORMAT = "kaboom-table"
T = TypeVar("T")


@dataclass(slots=True)
class Seating:
    """A table's setup: the game, its deal and who plays each seat."""

    game: str
    players: int
    seed: int
    #: The options as given (JSON values; ``new_game`` checks them).
    options: JsonObject = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)

    def humans(self) -> list[int]:
        """The seats played by people at this device."""
        return [q for q, who in enumerate(self.seats) if who == HUMAN]

    def deal(self) -> State:
        """The game as dealt from the seed (checks the game, the players and the options)."""
        return new_game(self.game, self.players, self.seed, **self.options)

    def deal_command(self) -> str:
        """The command that deals this game again: the deal depends on the game, the
        players, the options and the seed, so the command names each of them.

        >>> Seating("eleminis", 3, 8, {"teams": 0, "match": True}).deal_command()
        'kaboom play eleminis --players 3 --seed 8 -o teams=0 -o match=true'
        >>> Seating("exploding-kittens", 4, 1, {"deck": "my deck.toml"}).deal_command()
        "kaboom play exploding-kittens --players 4 --seed 1 -o 'deck=my deck.toml'"
        """
        words = ["kaboom", "play", self.game, "--players", str(self.players)]
        words += ["--seed", str(self.seed)]
        for name, value in self.options.items():
            words += ["-o", f"{name}={option_text(value)}"]
        return " ".join(shlex.quote(w) for w in words)


def option_text(value: object) -> str:
    """An option's value as ``-o NAME=`` reads it back: JSON (``true``, ``2``), a text as
    it is unless it would read as JSON (``"2"`` stays a text).

    >>> [option_text(v) for v in (True, 2, "classic", "2")]
    ['true', '2', 'classic', '"2"']
    """
    if not isinstance(value, str):
        return json.dumps(value)
    try:
        json.loads(value)
    except json.JSONDecodeError:
        return value
    return json.dumps(value)


def seed_of(seed: int | None) -> int:
    """The seed given, else a secret one of 64 bits: from a small seed, its own hand and a
    draw or two, a seat could find the seed and so every hand. The table shows the seed
    only once the game is over."""
    return seed if seed is not None else secrets.randbits(64)


def stamp() -> str:
    """The local time as a file name part, ``20260130-184502``: a table's saves and log are
    named by when it opened, never by its seed."""
    return time.strftime("%Y%m%d-%H%M%S")


def default_path(game: str, when: str, kind: str = "") -> Path:
    """``kaboom-exploding-kittens-20260130-184502-save.json`` (``kind`` "save"), or the
    log's name without a kind; no seed in either.

    >>> default_path("dynamitt", "20260130-184502", "save").name
    'kaboom-dynamitt-20260130-184502-save.json'
    """
    return Path(f"kaboom-{game}-{when}" + (f"-{kind}" if kind else "") + ".json")


def to_json(seating: Seating, state: State, saved_by: int | None = None) -> dict[str, Any]:
    """The save file's content; ``saved_by`` is the seat whose view was on screen (a
    replay of the unfinished game shows that seat's view only)."""
    return {
        "format": FORMAT,
        "game": seating.game,
        "players": seating.players,
        "seed": seating.seed,
        "options": seating.options,
        "seats": seating.seats,
        "saved_by": saved_by,
        "history": list(state.history),
        "state": state.to_json(),
    }


def write(path: Path, seating: Seating, state: State, saved_by: int | None = None) -> Path:
    """Write the save file to ``path`` and return it."""
    path.write_text(json.dumps(to_json(seating, state, saved_by)), encoding="utf-8")
    return path


def check_writable(path: Path, name: str) -> None:
    """Refuse, before the game starts, a file the table could not write at its end (a
    folder, a missing folder, no permission, a read-only file system): ``BadInput``
    naming the option. The file is opened for appending and, if it was not there, removed."""
    if path.is_dir():
        raise BadInput(name, _("a file to write, got the folder {path}").format(path=path))
    folder = path.parent
    if not folder.is_dir():
        said = _("a file in an existing folder; {folder} does not exist")
        raise BadInput(name, said.format(folder=folder))
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as e:
        said = _("a file kaboom may write; {path}: {why}")
        raise BadInput(name, said.format(path=path, why=e.strerror or e)) from None
    if not existed:
        path.unlink(missing_ok=True)


def read_json(path: Path) -> JsonObject:
    """A save file's JSON object; a missing or unreadable file raises ``BadInput``."""
    if not path.is_file():
        raise BadInput(str(path), _("an existing save or log file (not found)"))
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise BadInput(str(path), _("a kaboom save file in JSON ({why})").format(why=e)) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        said = _("a kaboom save file (a JSON object with format {format})")
        raise BadInput(str(path), said.format(format=repr(FORMAT)))
    return raw


def _field(raw: Mapping[str, object], name: str, kind: type[T], path: Path) -> T:
    value = raw.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        said = _("a {kind}, got {value}").format(kind=kind.__name__, value=repr(value))
        raise BadInput(f"{path}: {name}", said)
    return value


def parse_seating(raw: Mapping[str, object], path: Path) -> Seating:
    """The seating of a save file; errors name the field at fault."""
    seating = Seating(
        game=_field(raw, "game", str, path),
        players=_field(raw, "players", int, path),
        seed=parse_seed(raw.get("seed"), f"{path}: seed"),
        options=_field(raw, "options", dict, path),
        seats=_field(raw, "seats", list, path),
    )
    spec = get_game(seating.game)
    spec.check_players(seating.players)
    if len(seating.seats) != seating.players or not all(isinstance(s, str) for s in seating.seats):
        said = _("{n} player names (human or a bot)").format(n=seating.players)
        raise BadInput(f"{path}: seats", said)
    return seating


def history(raw: Mapping[str, object], path: Path) -> list[int]:
    """The actions of a save file."""
    actions = _field(raw, "history", list, path)
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
        raise BadInput(f"{path}: history", _("a list of action ids"))
    return list(actions)


def read(path: Path) -> tuple[Seating, State]:
    """A saved table: its seating and the game where it was saved."""
    raw = read_json(path)
    seating = parse_seating(raw, path)
    state_raw = _field(raw, "state", dict, path)
    try:
        state = state_from_json(state_raw)
    except BadInput as e:
        raise BadInput(f"{path}: {e.field}", e.expected) from None
    except KaboomError as e:
        raise BadInput(f"{path}: state", str(e)) from None
    except Exception as e:  # a hand-edited state: say which file, not a traceback
        raise BadInput(
            f"{path}: state",
            _("a saved game state ({kind}: {why})").format(kind=type(e).__name__, why=e),
        ) from None
    if state.game_id != seating.game or state.players != seating.players:
        said = _("a {game} game of {n} players").format(game=seating.game, n=seating.players)
        raise BadInput(f"{path}: state", said)
    try:  # every seat's view and the legal moves: what the table will ask of it at once
        for seat in (*range(state.players), None):
            state.observe(seat)
        state.legal_actions()
    except Exception as e:  # a hand-edited state the loader let through
        raise BadInput(
            f"{path}: state",
            _("a saved game state ({kind}: {why})").format(kind=type(e).__name__, why=e),
        ) from None
    return seating, state


def saved_by(raw: Mapping[str, object], seating: Seating, path: Path) -> int | None:
    """The seat that saved the file (None: a log, or a save written before saves said)."""
    seat = raw.get("saved_by")
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < seating.players:
        said = _("a seat from 0 to {last}, got {seat}")
        raise BadInput(f"{path}: saved_by", said.format(last=seating.players - 1, seat=repr(seat)))
    return seat


@dataclass(slots=True)
class Replay:
    """A log or save to step through: its seating, every action since the deal, whether
    the game is over at the end, and whose view an unfinished game is shown from (None: a
    spectator's, for a save that does not say who saved it)."""

    seating: Seating
    actions: list[int]
    finished: bool
    viewer: int | None

    @property
    def you(self) -> int | None:
        """The seat a replay calls "You": the seat that saved it, else the one person at
        a table of bots (a log); None where several people played (hot-seat)."""
        if self.viewer is not None:
            return self.viewer
        people = self.seating.humans()
        return people[0] if len(people) == 1 else None


def replay(path: Path) -> Replay:
    """A log or save to replay, every action checked by dealing again from the seed."""
    raw = read_json(path)
    seating = parse_seating(raw, path)
    actions = history(raw, path)
    seat = saved_by(raw, seating, path)
    state = seating.deal()
    for i, action in enumerate(actions):
        if not state.can(action):
            said = _("a legal action, got {action}").format(action=action)
            raise BadInput(f"{path}: history[{i}]", said)
        state.apply(action)
    return Replay(seating, actions, state.is_over, seat)

"""Reading the data files games are made of: errors name the file, the field and what was
expected, never a traceback."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from kaboom.engine.errors import BadInput, BadOption
from kaboom.i18n import _


def option_file(path: str, option: str, what: str) -> Path:
    """The file a game option names; ``BadOption`` naming the option if there is none.

    >>> option_file("/no/such.toml", "board", "a board file")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadOption: option 'board': a board file; '/no/such.toml' does not exist
    """
    file = Path(path)
    if not file.is_file():
        why = _("{what}; {path!r} does not exist").format(what=_(what), path=path)
        raise BadOption(option, why)
    return file


def read_toml(path: Path, label: str | None = None) -> dict[str, Any]:
    """The tables of a TOML file; an unreadable or malformed file raises ``BadInput``
    naming it (as ``label`` if given)."""
    name = label or str(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadInput(name, _unreadable(err)) from None
    except UnicodeDecodeError as err:
        raise BadInput(name, _not_utf8(err)) from None
    except tomllib.TOMLDecodeError as err:
        raise BadInput(name, _("valid TOML ({error})").format(error=err)) from None


def read_json(path: Path) -> object:
    """The value of a JSON file (a scenario, a lesson); an unreadable or malformed file
    raises ``BadInput`` naming it, and the line and column at fault."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadInput(str(path), _unreadable(err)) from None
    except UnicodeDecodeError as err:
        raise BadInput(str(path), _not_utf8(err)) from None
    except json.JSONDecodeError as err:
        where = _("{path}: line {line} column {column}")
        raise BadInput(
            where.format(path=path, line=err.lineno, column=err.colno), err.msg
        ) from None


def _unreadable(err: OSError) -> str:
    return _("a readable file ({error})").format(error=err.strerror)


def _not_utf8(err: UnicodeDecodeError) -> str:
    return _("a file in UTF-8 (byte {n} is not)").format(n=err.start)


def check_schema(raw: object, schema: Mapping[str, Any], source: str) -> None:
    """Check ``raw`` against a JSON Schema (a scenario's, a lesson's): the first error, in
    the order of the fields, raises ``BadInput`` naming it (``source: steps[2].expect[0]``).

    >>> check_schema({"n": "x"}, {"properties": {"n": {"type": "integer"}}}, "f.json")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: f.json: n: 'x' is not of type 'integer'
    """
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(raw), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err.absolute_path)
        raise BadInput(f"{source}: {where.lstrip('.') or '(top level)'}", err.message)


T = TypeVar("T")


def field(table: object, key: str, kind: type[T], where: str) -> T:
    """``table[key]``, which must be a ``kind`` (an int is never a bool); else
    ``BadInput`` naming ``where.key``.

    >>> field({"count": 4}, "count", int, "card[0]")
    4
    >>> field({}, "count", int, "card[0]")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: card[0].count: a int (missing)
    """
    if not isinstance(table, dict) or key not in table:
        raise BadInput(f"{where}.{key}", _("a {kind} (missing)").format(kind=kind.__name__))
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadInput(
            f"{where}.{key}",
            _("a {kind}, got {value!r}").format(kind=kind.__name__, value=value),
        )
    return value


#: The most seats any game's data file may declare (a bound no file can lift).
MAX_SEATS = 16
#: The most copies of one card (or disc) a data file may put in the box, and the most
#: cards in all: a game's length is bounded by its cards (docs/rulings.md, "How long a
#: game may last"), so no file may make it endless or too large to deal.
MAX_COPIES = 100
MAX_CARDS = 500


def number(table: object, key: str, where: str, low: int, high: int) -> int:
    """``table[key]``, an int in ``low..high``; else ``BadInput`` naming ``where.key``.

    >>> number({"hand_size": 500}, "hand_size", "f", 0, 20)
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: f.hand_size: a number in 0..20, got 500
    """
    value = field(table, key, int, where)
    if not low <= value <= high:
        raise BadInput(
            f"{where}.{key}",
            _("a number in {low}..{high}, got {value}").format(low=low, high=high, value=value),
        )
    return int(value)


def known_keys(table: Mapping[str, object], known: tuple[str, ...], where: str) -> None:
    """``BadInput`` naming ``where.key`` for a key the format does not have (a misspelt
    field would otherwise be ignored and its default played).

    >>> known_keys({"hand_sise": 8}, ("hand_size",), "f")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: f.hand_sise: a known field (hand_size), got an unknown one
    """
    for key in table:
        if key not in known:
            raise BadInput(
                f"{where}.{key}",
                _("a known field ({names}), got an unknown one").format(names=", ".join(known)),
            )


def unique(values: list[str], where: str, what: str) -> None:
    """``BadInput`` naming ``where`` if a value appears twice."""
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise BadInput(
                where, _("unique {what}; {value!r} appears twice").format(what=what, value=value)
            )
        seen.add(value)


@dataclass(frozen=True)
class Card:
    """A ``[[card]]`` table of a game's data file: the fields the board game's Action Cards
    and the Eleminis cards share (titles in file order, each ``count`` copies in the box)."""

    slug: str
    name: str
    count: int
    #: What the card is: the file's ``effect`` (the board game) or ``kind`` (Eleminis).
    kind: str
    #: Its field-guide text; empty where the file gives none.
    text: str


def read_card(card: object, where: str, kind: str, kinds: tuple[str, ...]) -> Card:
    """A ``[[card]]`` table: its ``kind`` key (the file's name for it) one of ``kinds``, a
    slug, a name, a count in 0..``MAX_COPIES`` and an optional text, checked in that
    order; else ``BadInput`` naming ``where.field``.

    >>> read_card({"slug": "nope", "name": "Nope", "count": 4, "effect": "nope"},
    ...           "card[0]", "effect", ("defuse", "nope"))
    Card(slug='nope', name='Nope', count=4, kind='nope', text='')
    >>> read_card({"slug": "fire", "kind": "wind"}, "card[0]", "kind", ("elemini", "star"))
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: card[0].kind: one of elemini, star; got 'wind'
    """
    value = card.get(kind) if isinstance(card, dict) else None
    if value not in kinds or not isinstance(card, dict):  # (a non-table has no kind)
        raise BadInput(
            f"{where}.{kind}",
            _("one of {names}; got {value!r}").format(names=", ".join(kinds), value=value),
        )
    slug = field(card, "slug", str, where)
    name = field(card, "name", str, where)
    count = number(card, "count", where, 0, MAX_COPIES)
    text = card.get("text", "")
    if not isinstance(text, str):
        raise BadInput(f"{where}.text", _("a str"))
    return Card(slug, name, count, str(value), text)


@dataclass(frozen=True)
class GameHeader:
    """What a game's data file says of the game itself: its id, name, summary and seats."""

    id: str
    name: str
    summary: str
    min_players: int
    max_players: int


def read_header(head: object, where: str) -> GameHeader:
    """The header table of a game's data file (``[edition]`` or ``[game]``); a missing or
    wrong field raises ``BadInput`` naming ``where.field``.

    >>> read_header({"id": "g", "name": "G", "min_players": 2, "max_players": 4}, "f").name
    'G'
    >>> read_header({"id": "g", "name": "G", "min_players": 3, "max_players": 2}, "f")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: f.max_players: at least min_players (3) and at most 16, got 2
    """
    summary = head.get("summary", "") if isinstance(head, dict) else ""
    if not isinstance(summary, str):
        raise BadInput(f"{where}.summary", _("a str, got {summary!r}").format(summary=summary))
    low = field(head, "min_players", int, where)
    high = field(head, "max_players", int, where)
    if not 1 <= low <= MAX_SEATS:
        raise BadInput(
            f"{where}.min_players",
            _("1..{most}, got {low}").format(most=MAX_SEATS, low=low),
        )
    if not low <= high <= MAX_SEATS:
        raise BadInput(
            f"{where}.max_players",
            _("at least min_players ({low}) and at most {most}, got {high}").format(
                low=low, most=MAX_SEATS, high=high
            ),
        )
    return GameHeader(
        id=field(head, "id", str, where),
        name=field(head, "name", str, where),
        summary=summary,
        min_players=low,
        max_players=high,
    )

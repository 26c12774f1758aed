"""Reading the data files games are made of: errors name the file, the field and what was
expected, never a traceback."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from kaboom.engine.errors import BadInput, BadOption


def option_file(path: str, option: str, what: str) -> Path:
    """The file a game option names; ``BadOption`` naming the option if there is none.

    >>> option_file("/no/such.toml", "board", "a board file")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadOption: option 'board': a board file; '/no/such.toml' does not exist
    """
    file = Path(path)
    if not file.is_file():
        raise BadOption(option, f"{what}; {path!r} does not exist")
    return file


def read_toml(path: Path, label: str | None = None) -> dict[str, Any]:
    """The tables of a TOML file; an unreadable or malformed file raises ``BadInput``
    naming it (as ``label`` if given)."""
    name = label or str(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadInput(name, f"a readable file ({err.strerror})") from None
    except tomllib.TOMLDecodeError as err:
        raise BadInput(name, f"valid TOML ({err})") from None


def field(table: Any, key: str, kind: type, where: str) -> Any:
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
        raise BadInput(f"{where}.{key}", f"a {kind.__name__} (missing)")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadInput(f"{where}.{key}", f"a {kind.__name__}, got {value!r}")
    return value

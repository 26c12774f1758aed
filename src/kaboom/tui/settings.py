"""The terminal table's paces, and the settings it remembers between games.

A pace names how the table at this device keeps time: how long a reaction window's clock
runs and how long each bot move takes (``PACES``, the one place they are set). It is
remembered in a small settings file under the user's config directory
(``$XDG_CONFIG_HOME/kaboom/settings.json``, else ``~/.config/kaboom/settings.json``);
a file that cannot be read is reported in one line naming the field, and the defaults
are used.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from kaboom.engine.errors import BadInput
from kaboom.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Tempo:
    """What a pace sets: seconds a reaction window's clock runs (the seconds shown), and
    seconds a bot's move takes (at least; a bot's own search time if longer)."""

    react_seconds: float
    bot_delay: float
    #: Its seconds in words (marked: said with ``_``).
    words: str


#: The paces a person may choose, in the picker's order (slower to the right).
PACES: dict[str, Tempo] = {
    "fast": Tempo(3.0, 0.3, N_("windows 3 s, bots 0.3 s a move")),
    "normal": Tempo(5.0, 0.8, N_("windows 5 s, bots 0.8 s a move")),
    "relaxed": Tempo(8.0, 1.5, N_("windows 8 s, bots 1.5 s a move")),
}
#: The pace a newcomer gets.
DEFAULT_PACE = "normal"


def tempo(name: str) -> Tempo:
    """The pace named (``BadInput`` naming ``--pace`` for another name).

    >>> tempo("fast").react_seconds
    3.0
    """
    if name not in PACES:
        said = _("one of {choices}; got {value}")
        raise BadInput("--pace", said.format(choices=", ".join(PACES), value=repr(name)))
    return PACES[name]


@dataclass(slots=True)
class Settings:
    """What the terminal table remembers between games."""

    pace: str = DEFAULT_PACE


def settings_path() -> Path:
    """Where the settings are kept: under ``$XDG_CONFIG_HOME``, else ``~/.config``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "kaboom" / "settings.json"


def parse(raw: object) -> Settings:
    """Settings from the file's JSON (``BadInput`` naming the field that is wrong).

    >>> parse({"pace": "fast"}).pace
    'fast'
    >>> parse({"pace": "slow"})
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: pace: one of fast, normal, relaxed; got 'slow'
    """
    if not isinstance(raw, dict):
        said = _("a JSON object, got {kind}")
        raise BadInput("settings", said.format(kind=type(raw).__name__))
    pace = raw.get("pace", DEFAULT_PACE)
    if pace not in PACES:
        said = _("one of {choices}; got {value}")
        raise BadInput("pace", said.format(choices=", ".join(PACES), value=repr(pace)))
    return Settings(pace=pace)


def load(path: Path | None = None) -> tuple[Settings, str]:
    """The remembered settings, and "" or why the file was not used (the defaults then).
    No file yet: the defaults, nothing to say."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), ""
    except OSError as e:
        why = str(e.strerror or e)
        return Settings(), _("{path}: {why}; the defaults are used").format(path=path, why=why)
    try:
        return parse(json.loads(text)), ""
    except json.JSONDecodeError as e:
        said = _("{path}: not JSON ({why}, line {line}); the defaults are used")
        return Settings(), said.format(path=path, why=e.msg, line=e.lineno)
    except BadInput as e:
        return Settings(), _("{path}: {why}; the defaults are used").format(path=path, why=e)


def remember(settings: Settings, path: Path | None = None) -> str:
    """Keep the settings for the next game; "" or why they could not be written."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"pace": settings.pace}, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        why = str(e.strerror or e)
        return _("{path}: {why}; the pace is not remembered").format(path=path, why=why)
    return ""

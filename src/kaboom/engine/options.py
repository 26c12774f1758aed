"""Declared game options, validated by name, type and range."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from kaboom.engine.errors import BadOption
from kaboom.i18n import _

#: What a game option holds: a switch, a number or a text (a file's path among them).
OptionValue: TypeAlias = bool | int | str


@dataclass(frozen=True)
class Option:
    """One switch a game declares: its name, type, default and allowed values."""

    name: str
    kind: type
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: A file path: a scenario file's relative path is read from the scenario's folder.
    path: bool = False

    def check(self, value: object) -> OptionValue:
        """``value`` if it fits the option; a text option takes a whole number typed as one
        (``-o attack=2025``) as its text. Else ``BadOption`` naming the option.

        >>> Option("attack", str, "", "", choices=("", "2025")).check(2025)
        '2025'
        """
        if self.kind is str and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise BadOption(
                    self.name, _("expected true or false, got {value!r}").format(value=value)
                )
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(
                    self.name, _("expected an integer, got {value!r}").format(value=value)
                )
            if self.minimum is not None and value < self.minimum:
                why = _("must be at least {least}, got {value}")
                raise BadOption(self.name, why.format(least=self.minimum, value=value))
            if self.maximum is not None and value > self.maximum:
                why = _("must be at most {most}, got {value}")
                raise BadOption(self.name, why.format(most=self.maximum, value=value))
        elif not isinstance(value, self.kind) or not isinstance(value, (bool, int, str)):
            why = _("expected {kind}, got {value!r}")
            raise BadOption(self.name, why.format(kind=self.kind.__name__, value=value))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            why = _("expected one of {allowed}, got {value!r}")
            raise BadOption(self.name, why.format(allowed=allowed, value=value))
        return value


def resolve_options(
    declared: tuple[Option, ...], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises ``BadOption``.

    >>> opts = (Option("fast", bool, False, "faster variant"),)
    >>> resolve_options(opts, {"fast": True})
    {'fast': True}
    >>> resolve_options(opts, {"speedy": True})
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadOption: option 'speedy': unknown option; known options: fast
    """
    by_name = {o.name: o for o in declared}
    for name in given:
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or _("none")
            why = _("unknown option; known options: {known}").format(known=known)
            raise BadOption(name, why)
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}


def refuse_file_options(declared: tuple[Option, ...], given: Mapping[str, object]) -> None:
    """Refuse, for a request that came over the network, every option declared ``path``
    that has a value (a deck, a rank mapping, a box file): a remote client never makes the
    server open a path of its choosing. Raises ``BadOption`` naming the option.

    >>> opts = (Option("deck", str, "", "a deck file", path=True),)
    >>> refuse_file_options(opts, {"deck": ""})
    >>> refuse_file_options(opts, {"deck": "/etc/passwd"})
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadOption: option 'deck': names a file on the server's disk: ...
    """
    for o in declared:
        if o.path and given.get(o.name):
            why = _("names a file on the server's disk: not accepted over the network")
            raise BadOption(o.name, why)

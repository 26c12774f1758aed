"""The command group of ``kaboom``: Typer's, with a cheaper reading of plain values, and
built with only the command that runs.

Typer (0.29 on) reads every option's value through a Pydantic ``TypeAdapter``, so the first
command run imports Pydantic: about a third of the CPU time a short ``kaboom simulate`` spends
starting. :class:`KaboomGroup` gives the options whose type is ``str`` or ``int`` (or a list
of them) a reader of its own for the values that need no more than ``str`` and ``int`` do; a
value that does need more (``--players four``, ``--seed 1_000``) goes to Typer's own reader,
so it is read, or refused with its message, exactly as before. Where Typer has no such
readers (another version), the group is Typer's, unchanged.

Typer builds a click command for every command of an app before it runs one: ``kaboom``'s
twelve take about 0.015 CPU s. :func:`only_command` cuts the app down to the command the
arguments name, so ``kaboom simulate ...`` builds ``simulate`` alone; help, an option, a
group of commands or a name the app does not know get the whole app.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, get_args

import typer
from typer import core
from typer._click.core import Command, Context
from typer.main import get_command_name
from typer.models import CommandInfo

#: The Typer releases whose private per-parameter readers (``typer._coercion``) this module
#: was written and tested against; under any other the group is Typer's own, unchanged.
TESTED_TYPER = ("0.29.",)


def typer_is_tested(version: str) -> bool:
    """Whether ``version`` of Typer is one whose readers :class:`KaboomGroup` may replace.

    >>> typer_is_tested("0.29.2"), typer_is_tested("0.30.0"), typer_is_tested("0.12.5")
    (True, False, False)
    """
    return version.startswith(TESTED_TYPER)


try:
    if not typer_is_tested(typer.__version__):
        raise ImportError(typer.__version__)
    from typer._coercion import RuntimeParam, build_runtime_param
except ImportError:  # another Typer: its own readers, nothing to make cheaper
    RuntimeParam = None  # type: ignore[assignment,misc]


def plain_int(value: object) -> int | None:
    """``value`` as an ``int`` where it plainly is one (``4``, ``"12"``, ``"-3"``); None
    where Typer's reader must judge it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        digits = value[1:] if value[:1] == "-" else value
        if digits.isascii() and digits.isdigit():
            return int(value)
    return None


def plain_str(value: object) -> str | None:
    """``value`` where it is already a ``str``; None where Typer's reader must judge it."""
    return value if isinstance(value, str) else None


def plain_bool(value: object) -> bool | None:
    """``value`` where it is already a ``bool`` (a flag); None where Typer's reader must."""
    return value if isinstance(value, bool) else None


#: The plain readers, by the annotation Typer resolved for the option.
PLAIN: dict[object, Callable[[object], object]] = {int: plain_int, str: plain_str, bool: plain_bool}


def plain_reader(annotation: object) -> tuple[Callable[[object], object], bool] | None:
    """The plain reader of one value of ``annotation`` and whether the option takes a list
    (``list[int]``, ``list[str]``); None for any other type."""
    if annotation in PLAIN:
        return PLAIN[annotation], False
    if getattr(annotation, "__origin__", None) is list:
        (item,) = get_args(annotation)
        if item in PLAIN:
            return PLAIN[item], True
    return None


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        """Reads plain values itself, anything else with Typer's reader (built only then)."""

        read: Callable[[object], object] = field(default=plain_str)
        many: bool = False

        def _coerce_value(self, value: object, param: core._TyperParameter, ctx: Context) -> object:
            if self.many and isinstance(value, list | tuple):
                items = [self.read(item) for item in value]
                if None not in items:
                    return items
            elif not self.many:
                plain = self.read(value)
                if plain is not None:
                    return plain
            return build_runtime_param(param.type_descriptor).coerce(value, param, ctx)


def read_plainly(command: Command, ctx: Context) -> None:
    """Give ``command``'s plain options (``--help`` among them) the cheap reader (see the
    module's docstring)."""
    if RuntimeParam is None:
        return
    for param in command.get_params(ctx):
        descriptor = getattr(param, "type_descriptor", None)
        if (
            not isinstance(param, core._TyperParameter)
            or descriptor is None
            or getattr(param, "_runtime_param", False) is not None
        ):
            continue
        info = descriptor.parameter_info
        if descriptor.file_annotation is not None or info.parser is not None:
            continue
        if info.min is not None or info.max is not None:
            continue
        reader = plain_reader(descriptor.annotation)
        if reader is not None:
            read, many = reader
            param._runtime_param = PlainParam(info, descriptor.annotation, read, many)


class KaboomGroup(core.TyperGroup):
    """Typer's group; it and the commands it hands out read their plain options cheaply,
    and their help is said in the run's language (``kaboom.cli.language.said``)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from kaboom.cli.language import said

        said(self)
        return super().main(*args, **kwargs)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        read_plainly(self, ctx)
        return super().parse_args(ctx, args)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            read_plainly(command, ctx)
        return command


def only_command(app: typer.Typer, args: Sequence[str]) -> typer.Typer:
    """``app`` with the one command ``args`` begin with (its options and help as in
    ``app``), or ``app`` itself where they name none of its commands."""
    name = args[0] if args else ""
    chosen = [c for c in app.registered_commands if command_name(c) == name]
    if len(chosen) != 1:
        return app
    alone = copy.copy(app)
    alone.registered_commands = chosen
    alone.registered_groups = []
    return alone


def command_name(command: CommandInfo) -> str:
    """The name a registered command is typed as (Typer's: ``scenario_run`` → ``scenario-run``
    unless it was given one)."""
    if command.name:
        return str(command.name)
    assert command.callback is not None  # (a registered command has its function)
    return get_command_name(command.callback.__name__)

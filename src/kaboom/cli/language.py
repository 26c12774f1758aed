"""The language of ``kaboom`` (docs/i18n.md): ``--lang LANG``, else the environment's.

``main`` reads it before Typer builds a command (``asked``), so every help text, every
table and every error line of the run is said in it; the command group then says the
help of every command and option it holds in that language (``said``): the texts are
marked in English where they are written and translated here, once the language is known.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Final

from typer._click.core import Command, Context
from typer._click.formatting import HelpFormatter

from kaboom.i18n import (
    N_,
    SOURCE,
    _,
    from_environment,
    language,
    parse_language,
    spoken_languages,
)

#: The option naming the language, before a command or after it.
LANG: Final = "--lang"


def asked(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language the command line asks for (``--lang nb``, ``--lang=nb``, wherever it
    stands before a ``--``; the last wins; None: it asks for none) and the arguments
    without it.

    >>> asked(["--lang", "nb", "play", "dynamitt"])
    ('nb', ['play', 'dynamitt'])
    >>> asked(["play", "--lang=no_NO"])
    ('no_NO', ['play'])
    >>> asked(["simulate", "--", "--lang"])
    (None, ['simulate', '--', '--lang'])
    """
    rest: list[str] = []
    wanted: str | None = None
    items = iter(enumerate(args))
    for i, arg in items:
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == LANG:
            wanted = next(items, (i, ""))[1]
        elif arg.startswith(LANG + "="):
            wanted = arg[len(LANG) + 1 :]
        else:
            rest.append(arg)
    return wanted, rest


def chosen(wanted: str | None, environ: Mapping[str, str]) -> str | None:
    """The language of the run: ``wanted`` (``--lang``), else the environment's; None where
    ``wanted`` is not a language kaboom speaks.

    >>> chosen("nb_NO", {}), chosen(None, {"LANG": "nb_NO.UTF-8"}), chosen("xx", {})
    ('nb', 'nb', None)
    """
    if wanted is None:
        return from_environment(environ)
    return parse_language(wanted)


def refusal(wanted: str) -> str:
    """The one line an unknown ``--lang`` is refused with, naming the languages.

    >>> refusal("xx")
    'error: --lang xx: kaboom speaks en (English), nb (Norsk bokmål)'
    """
    return _("error: --lang {asked}: kaboom speaks {languages}").format(
        asked=wanted, languages=spoken_languages()
    )


def said(command: Command) -> None:
    """The help of ``command``, its options and every command under it in the language of
    the context (the texts are written in English, the catalogue's messages)."""
    if language() == SOURCE and "typer.rich_utils" not in sys.modules:
        return
    _said(command)
    _typer_words()


def _said(command: Command) -> None:
    for attr in ("help", "short_help", "epilog"):
        setattr(command, attr, _once(getattr(command, attr, None)))
    helper = command.get_help_option(Context(command))  # (made once, then kept)
    for param in [*command.params, *([helper] if helper else [])]:
        if hasattr(param, "help"):
            param.help = _once(param.help)
    commands = getattr(command, "commands", None)  # (a group: Typer's TyperGroup)
    if isinstance(commands, dict):
        for sub in commands.values():
            _said(sub)


def _once(text: str | None) -> str | None:
    """``text`` in the context's language, where it is not said yet (the options written
    in a command's signature are said as Typer builds it; the pseudo-language's
    brackets would otherwise double)."""
    if not text or text.startswith("⟦"):
        return text
    return _(text)


#: The help of ``--help`` (Typer's own, marked here).
HELP_OPTION: Final = N_("Show this message and exit.")
#: Typer's own words in its help screens, by the name its ``rich_utils`` keeps them under.
TYPER_WORDS: Final = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}


class SaidFormatter(HelpFormatter):
    """Click's help formatter with its usage line's prefix said in the context's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)


def _typer_words() -> None:
    from typer import rich_utils

    for name, english in TYPER_WORDS.items():
        setattr(rich_utils, name, _(english))
    Context.formatter_class = SaidFormatter

"""Every game option in the rulebooks' words: a plain label, a line of help, and how each
value reads. One source for every table that offers options (the terminal picker, the
browser lobby): a declared option (``kaboom.engine.options.Option``) keeps its developer
name for ``-o NAME=VALUE``; a person reads these words.

A game that declares an option with a name not here is offered under its declared help
until words are added (``tests/test_tui_read.py`` checks every registered game has them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kaboom.i18n import N_, _, ngettext, pgettext


@dataclass(frozen=True, slots=True)
class OptionWords:
    """How a person reads an option: its label, a line of help, and the words of values
    that are not read as they are (``values``: value -> words)."""

    label: str
    help: str
    values: tuple[tuple[Any, str], ...] = ()
    #: Set on the command line only (a file of the user's): the words for how.
    file: str = ""
    #: A house rule or a rarely used setting: the browser lobby folds it away.
    house: bool = False


#: The words of every option, by its declared name; ``(game id, name)`` where one game's
#: option of a shared name reads otherwise (Dynamitt plays five different *ranks*).
WORDS: dict[str | tuple[str, str], OptionWords] = {
    "fast": OptionWords(
        N_("Fast game"), N_("A random third of the deck is removed, unseen, before the deal")
    ),
    "five_different": OptionWords(
        N_("Five different cards"),
        N_("Play five different cards to take any card from the Discard Pile"),
        house=True,
    ),
    ("dynamitt", "five_different"): OptionWords(
        N_("Five different ranks"),
        N_("Play five cards of different ranks to take any card from the discard pile"),
        house=True,
    ),
    "first": OptionWords(
        N_("Who goes first"), N_("The player who takes the first turn"), house=True
    ),
    "deck": OptionWords(
        N_("Your own deck"),
        N_("A deck file of your own: cards and setup (docs/house-rules.md)"),
        file="kaboom play GAME -o deck=FILE",
    ),
    "attack": OptionWords(
        N_("Attack stacking"),
        N_("What an Attack played while under attack does"),
        (
            ("", N_("the edition's own rule")),
            ("2025", N_("2025 rules: the turns add up")),
            ("classic", N_("classic rules: always 2 turns")),
        ),
        house=True,
    ),
    "nope_defuse": OptionWords(
        N_("Nope a Defuse (house rule)"),
        N_("A Nope may cancel a Defuse: the drawer explodes"),
        house=True,
    ),
    "jokers": OptionWords(N_("Jokers"), N_("Jokers in the deck, wild in pairs and threes")),
    "mapping": OptionWords(
        N_("Your own rank meanings"),
        N_("A file saying what each rank does (docs/dynamitt.md)"),
        file="kaboom play dynamitt -o mapping=FILE",
    ),
    "board": OptionWords(
        N_("Your own box"),
        N_("A file with your own board, Move Discs and Action Cards"),
        file="kaboom play kittens-board-game -o board=FILE",
    ),
    "teams": OptionWords(
        N_("Teams"), N_("Teams of equal size, seated alternately"), ((0, N_("none")),)
    ),
    "match": OptionWords(
        N_("Match"), N_("Play game after game until a side reaches the target score")
    ),
    "target": OptionWords(N_("Match target"), N_("The score that wins the match")),
    "shuffle_turnover": OptionWords(
        N_("Shuffle the Discard Pile"),
        N_("Shuffle the Discard Pile when it becomes the new Deck"),
        house=True,
    ),
}


def words_of(game: str, name: str) -> OptionWords | None:
    """The words of ``game``'s option ``name`` in the context's language (None: none
    written yet).

    >>> words_of("dynamitt", "five_different").label, words_of("eleminis", "teams").label
    ('Five different ranks', 'Teams')
    """
    words = WORDS.get((game, name)) or WORDS.get(name)
    return None if words is None else in_language(words)


def in_language(words: OptionWords) -> OptionWords:
    """``words`` (the table's messages) in the context's language."""
    return OptionWords(
        _(words.label),
        _(words.help),
        tuple((value, _(text)) for value, text in words.values),
        file=words.file,
        house=words.house,
    )


def value_words(game: str, name: str, value: Any, players: int | None = None) -> str:
    """An option's value as a person reads it: ``on``/``off``, ``you`` or ``P2`` for the
    first player, ``2 teams of 2``, the words of a choice; a file option unset says how
    to set one.

    >>> value_words("exploding-kittens", "five_different", False)
    'off'
    >>> value_words("eleminis", "teams", 2, 4), value_words("eleminis", "teams", 0, 4)
    ('2 teams of 2', 'none')
    >>> value_words("exploding-kittens", "first", 0), value_words("exploding-kittens", "first", 3)
    ('you', 'P3')
    >>> value_words("exploding-kittens", "attack", "")
    "the edition's own rule"
    >>> value_words("exploding-kittens", "deck", "")
    'none (kaboom play GAME -o deck=FILE)'
    """
    words = words_of(game, name)
    for known, said in words.values if words else ():
        if known == value and type(known) is type(value):
            return said
    if isinstance(value, bool):
        return pgettext("option value", "on") if value else pgettext("option value", "off")
    if name == "first" and isinstance(value, int):
        return pgettext("option value", "you") if value == 0 else f"P{value}"
    if name == "teams" and isinstance(value, int) and players and value > 1:
        return ngettext("{n} team of {size}", "{n} teams of {size}", value).format(
            n=value, size=players // value
        )
    if value == "" and words is not None and words.file:
        return _("none ({how})").format(how=words.file)
    return str(value)

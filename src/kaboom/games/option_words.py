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
        "Fast game", "A random third of the deck is removed, unseen, before the deal"
    ),
    "five_different": OptionWords(
        "Five different cards",
        "Play five different cards to take any card from the Discard Pile",
        house=True,
    ),
    ("dynamitt", "five_different"): OptionWords(
        "Five different ranks",
        "Play five cards of different ranks to take any card from the discard pile",
        house=True,
    ),
    "first": OptionWords("Who goes first", "The player who takes the first turn", house=True),
    "deck": OptionWords(
        "Your own deck",
        "A deck file of your own: cards and setup (docs/house-rules.md)",
        file="kaboom play GAME -o deck=FILE",
    ),
    "attack": OptionWords(
        "Attack stacking",
        "What an Attack played while under attack does",
        (
            ("", "the edition's own rule"),
            ("2025", "2025 rules: the turns add up"),
            ("classic", "classic rules: always 2 turns"),
        ),
        house=True,
    ),
    "nope_defuse": OptionWords(
        "Nope a Defuse (house rule)",
        "A Nope may cancel a Defuse: the drawer explodes",
        house=True,
    ),
    "jokers": OptionWords("Jokers", "Jokers in the deck, wild in pairs and threes"),
    "mapping": OptionWords(
        "Your own rank meanings",
        "A file saying what each rank does (docs/dynamitt.md)",
        file="kaboom play dynamitt -o mapping=FILE",
    ),
    "board": OptionWords(
        "Your own box",
        "A file with your own board, Move Discs and Action Cards",
        file="kaboom play kittens-board-game -o board=FILE",
    ),
    "teams": OptionWords("Teams", "Teams of equal size, seated alternately", ((0, "none"),)),
    "match": OptionWords("Match", "Play game after game until a side reaches the target score"),
    "target": OptionWords("Match target", "The score that wins the match"),
    "shuffle_turnover": OptionWords(
        "Shuffle the Discard Pile",
        "Shuffle the Discard Pile when it becomes the new Deck",
        house=True,
    ),
}


def words_of(game: str, name: str) -> OptionWords | None:
    """The words of ``game``'s option ``name`` (None: none written yet).

    >>> words_of("dynamitt", "five_different").label, words_of("eleminis", "teams").label
    ('Five different ranks', 'Teams')
    """
    return WORDS.get((game, name)) or WORDS.get(name)


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
        return "on" if value else "off"
    if name == "first" and isinstance(value, int):
        return "you" if value == 0 else f"P{value}"
    if name == "teams" and isinstance(value, int) and players and value > 1:
        return f"{value} teams of {players // value}"
    if value == "" and words is not None and words.file:
        return f"none ({words.file})"
    return str(value)

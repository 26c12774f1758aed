"""How the browser table draws each kind of card: an icon (our own SVG path in a 24x24 box),
a letter or two, and the effect in a few words, for every game. The page reads this through
``POST /api/guide`` (each card's ``design``, and ``icons``), and ``tests/test_cards_design.py``
reads the same table: no two kinds of card of one game share both icon and letter.

A *kind* is what a player tells cards apart by: the card's name (each Cat Card pairs only
with its own name), except in Dynamitt, where the rank is the kind (suits never matter).
The short words never name another card of a game with hands (the exploding family, the
board game): a card's own words never tell a page about a card it may not know of.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from kaboom.i18n import N_, _, pgettext

#: Icons by name (``icons.json``, our own drawings): (SVG path data in a 24x24 box, drawn
#: filled or as a line).
ICONS: dict[str, tuple[str, str]] = {
    name: (icon["d"], icon["draw"])
    for name, icon in json.loads(
        resources.files("kaboom.web").joinpath("icons.json").read_text(encoding="utf-8")
    ).items()
}


@dataclass(frozen=True)
class Design:
    """One kind of card: its icon, its letter (one or two characters) and what it does in a
    few words (on the card at every size, and the card's accessible description)."""

    icon: str
    letter: str
    short: str


D = Design
_EXPLODING_COMMON = {
    "defuse": D("defuse", "D", N_("Saves you: hide the bomb again")),
    "nope": D("nope", "N", N_("Stops an action (any time)")),
    "attack": D("attack", "A", N_("End turn; next player takes 2")),
    "skip": D("skip", "Sk", N_("End your turn, no draw")),
    "shuffle": D("shuffle", "Sh", N_("Shuffle the Draw Pile")),
    "see-the-future": D("see-the-future", "SF", N_("Peek at the top 3 cards")),
}
_CAT = N_("Pair: steal a card")

#: Every game's kinds of card (the rank in Dynamitt, else the card's slug).
CARDS: dict[str, dict[str, Design]] = {
    "exploding-kittens": {
        "exploding-kitten": D("bomb", "EK", N_("You explode unless saved")),
        **_EXPLODING_COMMON,
        "favor": D("favor", "Fa", N_("They give you a card")),
        "tacocat": D("cat", "Tc", _CAT),
        "hairy-potato-cat": D("cat", "HP", _CAT),
        "rainbow-ralphing-cat": D("cat", "RR", _CAT),
        "beard-cat": D("cat", "BC", _CAT),
        "cattermelon": D("cat", "Cm", _CAT),
    },
    "exploding-minions": {
        "exploding-minion": D("bomb", "EM", N_("You explode unless saved")),
        **_EXPLODING_COMMON,
        "draw-from-the-bottom": D("draw-bottom", "DB", N_("End turn: bottom card")),
        "clone": D("clone", "Cl", N_("Copies the card below it")),
        "kevin": D("minion", "Ke", _CAT),
        "stuart": D("minion", "St", _CAT),
        "bob": D("minion", "Bo", _CAT),
        "dave": D("minion", "Da", _CAT),
        "jerry": D("minion", "Je", _CAT),
        "carl": D("minion", "Ca", _CAT),
    },
    "dynamitt": {
        "a": D("nope", "A", N_("A · Nope")),
        "2": D("attack", "2", N_("2 · Attack")),
        "3": D("see-the-future", "3", N_("3 · See the Future")),
        "4": D("skip", "4", N_("4 · Skip")),
        "5": D("favor", "5", N_("5 · Favor")),
        "6": D("shuffle", "6", N_("6 · Shuffle")),
        "7": D("draw-bottom", "7", N_("7 · Draw the bottom")),
        "8": D("clone", "8", N_("8 · Clone")),
        "9": D("cat", "9", N_("9 · Combos only")),
        "10": D("cat", "10", N_("10 · Combos only")),
        "j": D("bomb", "J", N_("J · Dynamite")),
        "q": D("defuse", "Q", N_("Q · Defuse")),
        "k": D("defuse", "K", N_("K · Defuse")),
        "joker": D("wild", "Jo", N_("Joker · Wild in combos")),
    },
    "kittens-board-game": {
        "defuse": D("defuse", "D", N_("Saves you on a Kitten space")),
        "nope": D("nope", "N", N_("Stops an action (any time)")),
        "flip-the-board": D("flip", "Fl", N_("Flip the board over")),
        "skip": D("skip", "Sk", N_("End your turn, no move")),
        "add-a-magnet": D("magnet", "Mg", N_("Hide it in the Move Deck")),
        "see-the-future": D("see-the-future", "SF", N_("Peek at the top 3 Move Discs")),
        "shuffle": D("shuffle", "Sh", N_("Shuffle the Move Deck")),
        "swap-spaces": D("swap-spaces", "Sw", N_("Swap spaces with a player")),
        "attack": D("attack", "A", N_("End turn; next player takes 2")),
    },
    "eleminis": {
        # an Elemini's short words are what it beats, from the deck (words.py)
        "star": D("star", "St", N_("Wild: counts as any Elemini")),
        "air": D("air", "Ai", ""),
        "water": D("water", "Wa", ""),
        "rock": D("rock", "Ro", ""),
        "fire": D("fire", "Fi", ""),
        "plant": D("plant", "Pl", ""),
        "trash": D("trash", "Tr", N_("Only into another's row")),
        "move": D("move", "Mv", N_("Move a card to another row")),
        "swap": D("swap", "Sw", N_("Swap two cards of two rows")),
        "discard": D("discard", "Di", N_("Discard a card from a row")),
        "recycle": D("recycle", "Re", N_("Discard a card, draw again")),
    },
}

#: What Dynamitt's ranks and suits are called aloud (a card's accessible name).
RANK_WORDS = {
    "a": N_("Ace"), "j": N_("Jack"), "q": N_("Queen"), "k": N_("King"), "joker": N_("Joker")
}  # fmt: skip
SUIT_WORDS = {"♠": N_("spades"), "♥": N_("hearts"), "♦": N_("diamonds"), "♣": N_("clubs")}


def design_of(game: str, kind: str, name: str) -> Design:
    """The design of a kind of card, its short words said in the language of the context; a
    card the table does not know (a house deck) gets the plain square and its name's first
    two letters."""
    found = CARDS.get(game, {}).get(kind)
    if found is None:
        return Design("other", name[:2].title(), "")
    # (a standard card's face letter as the game's rulebook writes it: Dynamitt's Kn, D, E)
    letter = pgettext("card face", found.letter) if game == "dynamitt" else found.letter
    return Design(found.icon, letter, _(found.short) if found.short else "")


def spoken_name(rank: str | None, name: str) -> str:
    """A card's accessible name: its name, or a ranked card's rank and suit in words
    (``Q♥``: ``Queen of hearts``), in the language of the context."""
    if rank is None:
        return name
    suit = next((_(SUIT_WORDS[ch]) for ch in name if ch in SUIT_WORDS), None)
    word = _(RANK_WORDS[rank]) if rank in RANK_WORDS else rank.upper()
    # TRANSLATORS: a playing card's accessible name, e.g. "Queen of hearts"
    return _("{rank} of {suit}").format(rank=word, suit=suit) if suit else word

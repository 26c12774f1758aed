"""Eleminis action ids and their text: which option of the drawn card an integer names.

Every slot of every row is a *cell*, numbered ``seat * slots + slot``. With ``c`` cells the
id ranges are, in order: ``PLACE`` a character into a cell (``c``), ``MOVE`` from one cell
to another (``c * c``), ``SWAP`` an unordered pair of cells (``c * (c - 1) / 2``),
``DISCARD`` a cell (``c``), ``RECYCLE`` a cell (``c``), then ``PASS``. The text form is what
a person types at the table: ``play water -> p2.3``, ``move p1.2 -> p3.4``, ``swap p1.2
p3.4``, ``discard p1.2``, ``recycle p1.2``, ``pass``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.engine.parsing import action_words, ascii_number, check_action_id
from kaboom.games.eleminis.deck import Deck
from kaboom.i18n import _, pgettext

# Action kinds, in the order of their id ranges.
PLACE: Final = 0
MOVE: Final = 1
SWAP: Final = 2
DISCARD: Final = 3
RECYCLE: Final = 4
PASS: Final = 5
#: The word of each kind in the text form.
WORDS = ("play", "move", "swap", "discard", "recycle", "pass")
EXPECTED = "play CARD -> pS.N, move pS.N -> pS.N, swap pS.N pS.N, discard pS.N, recycle pS.N, pass"


@cache
def swap_layout(cells: int) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    """The unordered pairs of cells (a < b), in order, and the index of each."""
    pairs = [(a, b) for a in range(cells) for b in range(a + 1, cells)]
    return pairs, {pair: i for i, pair in enumerate(pairs)}


def action_count(cells: int) -> int:
    """The size of the action space of a table of ``cells`` cells.

    >>> action_count(10)
    176
    """
    return 3 * cells + cells * cells + cells * (cells - 1) // 2 + 1


def encode(cells: int, kind: int, a: int = 0, b: int = 0) -> int:
    """The id of an action: ``PLACE`` cell, ``MOVE`` from a to b, ``SWAP`` cells a and b
    (either order), ``DISCARD`` / ``RECYCLE`` cell, ``PASS``.

    >>> [encode(10, k, 1, 2) for k in (PLACE, MOVE, SWAP, DISCARD, RECYCLE, PASS)]
    [1, 22, 119, 156, 166, 175]
    """
    c = cells
    if kind == PLACE:
        return a
    if kind == MOVE:
        return c + a * c + b
    if kind == SWAP:
        a, b = min(a, b), max(a, b)
        return c + c * c + swap_layout(c)[1][a, b]
    base = c + c * c + c * (c - 1) // 2
    if kind == DISCARD:
        return base + a
    if kind == RECYCLE:
        return base + c + a
    return base + 2 * c


def decode(cells: int, action: int) -> tuple[int, int, int]:
    """``(kind, a, b)`` of an action id (the inverse of :func:`encode`).

    >>> decode(10, 22), decode(10, 119), decode(10, 175)
    ((1, 1, 2), (2, 1, 2), (5, 0, 0))
    """
    c = cells
    if action < c:
        return PLACE, action, 0
    action -= c
    if action < c * c:
        return MOVE, *divmod(action, c)
    action -= c * c
    pairs = swap_layout(c)[0]
    if action < len(pairs):
        return SWAP, *pairs[action]
    action -= len(pairs)
    if action < c:
        return DISCARD, action, 0
    if action < 2 * c:
        return RECYCLE, action - c, 0
    return PASS, 0, 0


#: ``cell_text``'s words, per number of slots in a row, made once for the cells asked so far
#: (each event of a card placed names its cell: an f-string at each was 3% of a game).
_CELL_TEXTS: dict[int, list[str]] = {}


def cell_text(cell: int, slots: int) -> str:
    """``p2.3``: seat 2's third slot.

    >>> cell_text(13, 5), cell_text(0, 5)
    ('p2.4', 'p0.1')
    """
    texts = _CELL_TEXTS.get(slots)
    if texts is None or not 0 <= cell < len(texts):
        if cell < 0:
            return _words(cell, slots)
        texts = [_words(c, slots) for c in range(max(cell + 1, 10 * slots))]
        _CELL_TEXTS[slots] = texts
    return texts[cell]


def _words(cell: int, slots: int) -> str:
    return f"p{cell // slots}.{cell % slots + 1}"


def action_text(action: object, players: int, slots: int, drawn: str | None) -> str:
    """The text form of an action id; ``drawn`` is the drawn card's slug (named by a play).

    >>> action_text(3, 2, 5, "water"), action_text(110, 2, 5, None)
    ('play water -> p0.4', 'swap p0.1 p0.2')
    """
    cells = players * slots
    kind, a, b = decode(cells, check_action_id(action, action_count(cells)))
    if kind == PLACE:
        card = f"{drawn} " if drawn is not None else ""
        return f"play {card}-> {cell_text(a, slots)}"
    if kind == MOVE:
        return f"move {cell_text(a, slots)} -> {cell_text(b, slots)}"
    if kind == SWAP:
        return f"swap {cell_text(a, slots)} {cell_text(b, slots)}"
    if kind in (DISCARD, RECYCLE):
        return f"{WORDS[kind]} {cell_text(a, slots)}"
    return "pass"


def parse_cell(text: str, players: int, slots: int) -> int:
    """The cell written ``pSEAT.SLOT``; ``BadInput`` for another form, ``IllegalAction``
    for a slot not at this table."""
    head, dot, slot = text.lower().removeprefix("p").partition(".")
    seat, number = ascii_number(head), ascii_number(slot)
    if not dot or seat is None or number is None:
        raise BadInput(
            "action", _("a slot written pSEAT.SLOT (p2.3), got {text!r}").format(text=text)
        )
    index = number - 1
    if not (0 <= seat < players and 0 <= index < slots):
        why = _("{text} is no slot: seats 0..{last}, slots 1..{slots}")
        raise IllegalAction(_("slots"), why.format(text=text, last=players - 1, slots=slots))
    return seat * slots + index


def parse_action(text: object, players: int, deck: Deck, drawn: int) -> int:
    """The id of ``play water -> p2.3``, ``move p1.2 -> p3.4``, ``swap p1.2 p3.4``,
    ``discard p1.2``, ``recycle p1.2`` or ``pass``; a play that names a card must name the
    drawn one (``drawn``: its title, or ``-1``)."""
    slots, cells = deck.slots, players * deck.slots
    words = [w for word in action_words(text) for w in word.replace("->", " -> ").split()]
    if not words:
        raise BadInput("action", _("one of {notation} (empty text)").format(notation=EXPECTED))
    word, rest = words[0], [w for w in words[1:] if w != "->"]
    if word == "pass" and not rest:
        return encode(cells, PASS)
    if word == "play" and rest:
        slot = _played_slot(rest, deck, drawn)
        if slot is not None:
            return encode(cells, PLACE, parse_cell(slot, players, slots))
    if word in ("move", "swap") and len(rest) == 2:
        return _move_or_swap(word, rest, players, deck)
    if word in ("discard", "recycle") and len(rest) == 1:
        kind = DISCARD if word == "discard" else RECYCLE
        return encode(cells, kind, parse_cell(rest[0], players, slots))
    raise BadInput(
        "action", _("one of {notation}; got {text!r}").format(notation=EXPECTED, text=text)
    )


def _played_slot(rest: list[str], deck: Deck, drawn: int) -> str | None:
    """The slot of ``play [CARD] SLOT`` (``None``: not that form); a card named must be
    the one drawn."""
    if len(rest) == 2:
        card = deck.title_of(rest[0])
        if card != drawn:
            held = _(deck.names[drawn]) if drawn >= 0 else _("nothing")
            why = _("you drew {held}, not {card}").format(held=held, card=_(deck.names[card]))
            raise IllegalAction(pgettext("rule", "draw"), why)
        rest = rest[1:]
    return rest[0] if len(rest) == 1 else None


def _move_or_swap(word: str, rest: list[str], players: int, deck: Deck) -> int:
    """``move A -> B`` or ``swap A B`` (a swap of two different slots, lower first)."""
    slots = deck.slots
    a, b = parse_cell(rest[0], players, slots), parse_cell(rest[1], players, slots)
    if word == "swap" and a == b:
        why = _("a swap exchanges two different slots, got {slot} twice").format(slot=rest[0])
        raise IllegalAction(_("Swap"), why)
    if word == "swap" and a > b:
        a, b = b, a
    return encode(players * slots, MOVE if word == "move" else SWAP, a, b)


def cells_after(cells: list[int], drawn: int, action: int) -> list[int]:
    """The cells as ``action`` would leave them (before any card drawn after it);
    ``drawn``: the drawn card's title.

    >>> cells_after([5, -1, 2, -1], 7, encode(4, MOVE, 0, 3))
    [-1, -1, 2, 5]
    """
    kind, a, b = decode(len(cells), action)
    after = list(cells)
    if kind == PLACE:
        after[a] = drawn
    elif kind == MOVE:
        after[a], after[b] = -1, after[a]
    elif kind == SWAP:
        after[a], after[b] = after[b], after[a]
    elif kind in (DISCARD, RECYCLE):
        after[a] = -1
    return after

"""The fields of a game's state, declared once: a table of :class:`Field` per family
(``games/<family>/fields.py``) from which ``tools/fields.py`` writes the family's
``_fields.py``, a base class with the ``__slots__``, the typed attributes, ``_copy_to``,
``_json``, ``_load_json`` (the JSON reader that checks each field's type and range and
names the field it refuses), ``_deal_fields`` (each field's value at the deal) and
``_rig_fields`` (the plain parts of a scenario's ``setup``, docs/scenarios.md). Generated
code, not a loop over the table: the compiled build reads and writes each attribute
natively (docs/adding-a-game.md, "Fields")."""

from __future__ import annotations

from typing import NamedTuple


class Field(NamedTuple):
    """One field of a state. ``kind`` says how it is copied, written and read
    (``tools/fields.py`` KINDS); the bounds are Python expressions on ``self``."""

    name: str
    #: The attribute's type, as written in an annotation.
    type: str
    kind: str
    #: Its key in the state's JSON; "" when it is not stored (derived, or fixed by the
    #: options and the seat count).
    json: str = ""
    #: The least and the greatest value of an integer in it.
    low: str = "0"
    high: str = ""
    #: How many items it holds (a list per seat: ``self.n``), "" for any number.
    length: str = ""
    #: How many items each of its rows holds ("" for any number).
    width: str = ""
    #: What a stored state written before the field existed reads as ("" : required).
    default: str = ""
    #: The names of its values (a field stored by name, an index into ``names``).
    names: str = ""
    #: How a stored value is made the field's (a window's play: ``Spec``), "" : as read.
    make: str = ""
    #: How ``clone`` copies it, when its kind's way is not the field's ("" : the kind's).
    copy: str = ""
    #: Its value at the deal, a Python expression on ``self``, ``players`` and ``options``
    #: as the constructor has them ("" : the constructor gives it, not being a plain value).
    #: ``_deal_fields`` gives them in the table's order, so one may read one above it.
    deal: str = ""
    #: Its key in a scenario's ``setup`` (docs/scenarios.md); "" when a rig does not lay it
    #: out, or lays it out by hand (a check across fields).
    rig: str = ""
    #: How the setup's value is read and checked: an expression on ``{r}``, the value, and
    #: ``{f}``, the key in errors (``"setup.<rig>"``), with the family's or
    #: ``engine.checks``'s readers.
    rig_read: str = ""
    #: What an absent key reads as, in the setup's form ("" : required; "None": read as None).
    rig_default: str = ""
    #: What it is, for the reader of the generated class.
    doc: str = ""


class Fields(NamedTuple):
    """A state's field table and what its generated base class needs."""

    #: The generated base class's name, and the class it extends.
    name: str
    base: str
    fields: tuple[Field, ...]
    #: Import lines the generated module needs (the types and names its code uses).
    imports: tuple[str, ...] = ()
    #: Import lines for types alone (under ``TYPE_CHECKING``: a module that imports the
    #: generated one, as the class it extends does).
    type_imports: tuple[str, ...] = ()
    #: Lines declared in the class body beside the fields (class variables the bounds read).
    declarations: tuple[str, ...] = ()


# -- the fields the families share, declared once (each table calls these) -------------------
#: The greatest seat, as a bound (``self.n`` seats, from 0).
SEAT = "self.n - 1"


def current(*, rigged: bool = True) -> Field:
    """Whose turn it is: a seat, 0 at the deal; where ``rigged``, a scenario's setup lays it
    out as ``current`` (0 when absent)."""
    if not rigged:
        return Field("current", "int", "int", "current", high=SEAT, deal="0")
    return Field(
        "current",
        "int",
        "int",
        "current",
        high=SEAT,
        deal="0",
        rig="current",
        rig_read=f"checks.integer({{r}}, 0, {SEAT}, {{f}})",
        rig_default="0",
    )


def actor() -> Field:
    """The seat whose decision is due (not always the current player's: a reaction, a
    target's answer), 0 at the deal; -1 for none."""
    return Field("actor", "int", "int", "actor", low="-1", high=SEAT, deal="0")


def turns() -> Field:
    """The turns played so far, 0 at the deal."""
    return Field("turns", "int", "int", "turns", high="checks.MAX_COUNTER", deal="0")


def winner() -> Field:
    """The seat that won, -1 while the game goes on."""
    return Field("winner", "int", "int", "winner", low="-1", high=SEAT, deal="-1")


def pile(name: str, high: str, rig: str, rig_read: str, doc: str = "") -> Field:
    """A pile of pieces (each from 0 to ``high``), stored and rigged; empty at the deal and
    when the setup leaves it out (``rig_read`` reads the setup's, in the state's order)."""
    return Field(
        name,
        "list[int]",
        "ints",
        name,
        high=high,
        doc=doc,
        deal="[]",
        rig=rig,
        rig_read=rig_read,
        rig_default="[]",
    )


def hands(width: str, rig_read: str, doc: str) -> Field:
    """Per seat, the cards held of each of ``width`` kinds, none at the deal; a setup lays
    them out as ``hands`` (none when absent), read by ``rig_read``."""
    return Field(
        "hands",
        "list[list[int]]",
        "rows",
        "hands",
        high="MAX_CARDS",
        length="self.n",
        width=width,
        doc=doc,
        deal=f"[[0] * {width} for _ in range(players)]",
        rig="hands",
        rig_read=rig_read,
        rig_default="[[] for _ in range(self.n)]",
    )


def hand_sizes(name: str) -> Field:
    """Per seat, the cards held: a sum of the hands kept beside them, not stored."""
    return Field(
        name,
        "list[int]",
        "ints",
        doc="per seat, the cards held (from the hands)",
        deal="[0] * players",
    )


def seen_places(name: str, high: str, doc: str) -> Field:
    """Per seat, the places of a face-down pile it has seen (``engine.pile_memory``'s
    ``exact``: place -> piece, from 0 to ``high``), none at the deal."""
    return Field(
        name,
        "list[dict[int, int]]",
        "seat_maps",
        name,
        high=high,
        length="self.n",
        doc=doc,
        deal="[{} for _ in range(players)]",
    )


def seen_runs(name: str, high: str, doc: str) -> Field:
    """Per seat, the runs of a face-down pile it has seen in order, places lost
    (``engine.pile_memory``'s ``runs``), none at the deal nor in a state stored before
    runs were kept."""
    return Field(
        name,
        "list[Runs]",
        "seat_runs",
        name,
        high=high,
        length="self.n",
        default="[[] for _ in range(self.n)]",
        doc=doc,
        deal="[[] for _ in range(players)]",
    )

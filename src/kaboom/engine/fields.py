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

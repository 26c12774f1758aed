"""Tiny Nim's fields, declared once (``python tools/fields.py`` writes ``_fields.py``)."""

from kaboom.engine.fields import Field, Fields

#: Card slugs by value: a card's value is its index (0 names no card).
SLUGS = ("", "one", "two", "three")

FIELDS = Fields(
    "TinyFields",
    "State",
    (
        Field("hands", "list[list[int]]", "name_rows", "hands", length="self.n", names="SLUGS"),
        Field("deck", "list[int]", "names", "deck", names="SLUGS", doc="the top last"),
        Field("discard", "list[int]", "names", "discard", names="SLUGS", doc="the top last"),
        Field("inside", "list[bool]", "flags", "in", length="self.n"),
        Field("stones", "int", "int", "stones", high="checks.MAX_COUNTER"),
        Field("current", "int", "int", "current", high="self.n - 1"),
        Field("turns", "int", "int", "turns", high="checks.MAX_COUNTER"),
        Field("won", "list[int]", "ints", "winners", high="self.n - 1"),
    ),
    imports=(
        "from kaboom.engine.state import State",
        "from tiny_game.fields import SLUGS",
    ),
)

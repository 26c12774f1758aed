"""Tiny Nim's fields, declared once (``python tools/fields.py`` writes ``_fields.py``)."""

from kaboom.engine import fields as shared
from kaboom.engine.fields import Field, Fields

#: Card slugs by value: a card's value is its index (0 names no card).
SLUGS = ("", "one", "two", "three")

FIELDS = Fields(
    "TinyFields",
    "State",
    (
        Field(
            "hands",
            "list[list[int]]",
            "name_rows",
            "hands",
            length="self.n",
            names="SLUGS",
            deal="[[] for _ in range(players)]",
            rig="hands",
            rig_read="[sorted(h) for h in checks.name_rows({r}, SLUGS, {f}, self.n)]",
            rig_default="None",
            doc="per seat, sorted values",
        ),
        Field(
            "deck",
            "list[int]",
            "names",
            "deck",
            names="SLUGS",
            deal="[]",
            rig="deck",
            rig_read="checks.name_indices({r}, SLUGS, {f})[::-1]",  # written top first
            rig_default="[]",
            doc="the top last",
        ),
        Field(
            "discard", "list[int]", "names", "discard", names="SLUGS", deal="[]", doc="the top last"
        ),
        Field("inside", "list[bool]", "flags", "in", length="self.n", deal="[True] * players"),
        Field(
            "stones",
            "int",
            "int",
            "stones",
            high="checks.MAX_COUNTER",
            rig="stones",  # at most those the deal lays out (rules.STONES)
            rig_read="checks.integer({r}, 1, self.stones, {f})",
            rig_default="self.stones",
        ),
        shared.current(rigged=False),
        shared.turns(),
        Field("won", "list[int]", "ints", "winners", high="self.n - 1", deal="[]"),
    ),
    imports=(
        "from kaboom.engine.state import State",
        "from tiny_game.fields import SLUGS",
    ),
)

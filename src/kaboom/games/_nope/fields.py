"""The Nope family's shared fields (``kaboom.engine.fields``): the turns an Attack leaves
owed and the reaction window (docs/rulings.md §1), declared once for the exploding games'
table and the board game's."""

from __future__ import annotations

from kaboom.engine.fields import Field


def turns_owed() -> Field:
    """The turns the current player owes, 1 at the deal (an Attack adds to them:
    ``attack_owed``); a setup lays them out (1 when absent)."""
    return Field(
        "turns_owed",
        "int",
        "int",
        "turns_owed",
        high="checks.MAX_COUNTER",
        doc="turns the current player owes, the current one included",
        deal="1",
        rig="turns_owed",
        rig_read="checks.integer({r}, 1, 99, {f})",
        rig_default="1",
    )


def attacked(rig_read: str = "checks.flag({r}, {f})") -> Field:
    """Whether the turns owed came from an Attack, false at the deal; a setup lays it out
    (when absent: whether more than one turn is owed), read by ``rig_read``."""
    return Field(
        "attacked",
        "bool",
        "flag",
        "attacked",
        doc="whether those turns came from an Attack",
        deal="False",
        rig="attacked",
        rig_read=rig_read,
        rig_default="self.turns_owed > 1",
    )


def window(play: str, high: str, length: str, make: str, doc: str) -> Field:
    """The play waiting on its reaction window (a ``ReactionWindow`` of ``play``: ``length``
    numbers up to ``high``, made by ``make`` when read back), None at the deal."""
    return Field(
        "window",
        f"ReactionWindow[{play}] | None",
        "window",
        "window",
        high=high,
        length=length,
        make=make,
        doc=doc,
        deal="None",
    )

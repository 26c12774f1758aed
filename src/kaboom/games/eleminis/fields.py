"""The fields of a game (a match) of Eleminis: the table from which ``python tools/fields.py``
writes ``_fields.py`` (``kaboom.engine.fields`` says what it gives). The constructor
(``core.EleminisCore``) and ``record.EleminisRecord.rig`` keep what is not a plain value."""

from kaboom.engine import checks
from kaboom.engine import fields as shared
from kaboom.engine.errors import BadInput
from kaboom.engine.fields import Field, Fields
from kaboom.i18n import _

#: A match ends after this many games even if no side has reached the target; the highest
#: total wins (docs/rulings.md §6, "How long a match lasts"). With ``target`` at most
#: ``MAX_TARGET`` (an option bound), no option or file makes a match endless.
MAX_MATCH_GAMES = 100


# -- the readers of a rigged table's setup (docs/scenarios.md; the table's rig_read) ----------
def rigged_card(slug: object, slugs: tuple[str, ...], where: str) -> int:
    """A card, by slug."""
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, _("a card, one of {names}").format(names=", ".join(slugs)))
    return slugs.index(slug)


def rigged_cards(cards: object, slugs: tuple[str, ...], field: str) -> list[int]:
    """A list of cards, by slug, in the order written."""
    if not isinstance(cards, list):
        raise BadInput(field, _("a list of cards, got {cards!r}").format(cards=cards))
    return [rigged_card(c, slugs, f"{field}[{i}]") for i, c in enumerate(cards)]


def rigged_rows(rows: object, slugs: tuple[str, ...], players: int, slots: int) -> list[int]:
    """One row of ``slots`` cards or null per seat, as the cells (-1: an empty slot)."""
    if not isinstance(rows, list) or len(rows) != players:
        raise BadInput("setup.rows", _("a list of {players} rows").format(players=players))
    cells = [-1] * (players * slots)
    for q, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != slots:
            raise BadInput(
                f"setup.rows[{q}]", _("a list of {slots} cards or null").format(slots=slots)
            )
        for i, slug in enumerate(row):
            where = f"setup.rows[{q}][{i}]"
            cells[q * slots + i] = -1 if slug is None else rigged_card(slug, slugs, where)
    return cells


def rigged_totals(totals: object, players: int) -> list[int]:
    """Each seat's match total so far."""
    if not isinstance(totals, list) or len(totals) != players:
        raise BadInput("setup.totals", _("a list of {players} numbers").format(players=players))
    return checks.integers(totals, -checks.MAX_COUNTER, checks.MAX_COUNTER, "setup.totals", players)


_CARD = "len(self.deck_data.slugs) - 1"
#: The Deck or the Discard Pile rigged as a list of slugs, top first (the state's top last).
_RIGGED = "rigged_cards({r}, self.deck_data.slugs, {f})[::-1]"
_SCORE = "checks.MAX_COUNTER"

FIELDS = Fields(
    "EleminisFields",
    "State",
    (
        Field("slots", "int", "shared", doc='"each player starts with a row of five empty slots"'),
        Field("teams", "int", "shared", doc="the teams option: 0, or how many teams"),
        Field(
            "cells",
            "list[int]",
            "ints",
            "cells",
            low="-1",
            high=_CARD,
            length="self.n * self.slots",
            doc="the rows, seat after seat: a card or -1",
            deal="[-1] * (players * self.slots)",
            rig="rows",
            rig_read="rigged_rows({r}, self.deck_data.slugs, self.n, self.slots)",
            rig_default="[[None] * self.slots for _ in range(self.n)]",
        ),
        shared.pile("deck", _CARD, "deck", _RIGGED, "the top last"),
        shared.pile("discard", _CARD, "discard_pile", _RIGGED, "the top last"),
        Field(
            "deck_known",
            "bool",
            "flag",
            "deck_known",
            doc="a Discard Pile turned over is a Deck everyone has seen",
            deal="False",
        ),
        Field("drawn", "int", "int", "drawn", low="-1", high=_CARD, deal="-1"),
        shared.current(),
        Field("first", "int", "int", "first", high=shared.SEAT, deal="0"),
        Field("phase", "int", "int", "phase", high="1", doc="PLAY (0) or OVER (1)", deal="0"),
        Field(
            "game_number",
            "int",
            "int",
            "game_number",
            low="1",
            high="MAX_MATCH_GAMES",
            doc="the game of a match",
            deal="1",
            rig="game",
            rig_read="checks.integer({r}, 1, MAX_MATCH_GAMES, {f})",
            rig_default="1",
        ),
        Field(
            "scores",
            "list[int]",
            "ints",
            "scores",
            low=f"-{_SCORE}",
            high=_SCORE,
            length="self.n",
            doc="the last finished game's",
            deal="[0] * players",
        ),
        Field(
            "totals",
            "list[int]",
            "ints",
            "totals",
            low=f"-{_SCORE}",
            high=_SCORE,
            length="self.n",
            doc="the match's",
            deal="[0] * players",
            rig="totals",
            rig_read="rigged_totals({r}, self.n)",
            rig_default="[0] * self.n",
        ),
        Field("_winners", "list[int]", "ints", "winners", high=shared.SEAT, deal="[]"),
        shared.turns(),
    ),
    imports=(
        "from kaboom.engine.state import State",
        "from kaboom.games.eleminis.deck import Deck",
        "from kaboom.games.eleminis.fields import (",
        "    MAX_MATCH_GAMES, rigged_cards, rigged_rows, rigged_totals",
        ")",
    ),
    declarations=("deck_data: ClassVar[Deck]",),
)

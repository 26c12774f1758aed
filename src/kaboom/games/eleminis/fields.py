"""The fields of a game (a match) of Eleminis, declared once: ``python tools/fields.py``
writes ``_fields.py`` (the slots, the copy ``clone`` makes, the JSON and the checks that
name a stored field of the wrong type or range) from this table. The constructor
(``core.EleminisCore``) gives each field its value at the deal."""

from kaboom.engine.fields import Field, Fields

#: A match ends after this many games even if no side has reached the target; the highest
#: total wins (docs/rulings.md §6, "How long a match lasts"). With ``target`` at most
#: ``MAX_TARGET`` (an option bound), no option or file makes a match endless.
MAX_MATCH_GAMES = 100

_CARD = "len(self.deck_data.slugs) - 1"
_SEAT = "self.n - 1"
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
        ),
        Field("deck", "list[int]", "ints", "deck", high=_CARD, doc="the top last"),
        Field("discard", "list[int]", "ints", "discard", high=_CARD, doc="the top last"),
        Field(
            "deck_known",
            "bool",
            "flag",
            "deck_known",
            doc="a Discard Pile turned over is a Deck everyone has seen",
        ),
        Field("drawn", "int", "int", "drawn", low="-1", high=_CARD),
        Field("current", "int", "int", "current", high=_SEAT),
        Field("first", "int", "int", "first", high=_SEAT),
        Field("phase", "int", "int", "phase", high="1", doc="PLAY (0) or OVER (1)"),
        Field(
            "game_number",
            "int",
            "int",
            "game_number",
            low="1",
            high="MAX_MATCH_GAMES",
            doc="the game of a match",
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
        ),
        Field("_winners", "list[int]", "ints", "winners", high=_SEAT),
        Field("turns", "int", "int", "turns", high=_SCORE),
    ),
    imports=(
        "from kaboom.engine.state import State",
        "from kaboom.games.eleminis.deck import Deck",
        "from kaboom.games.eleminis.fields import MAX_MATCH_GAMES",
    ),
    declarations=("deck_data: ClassVar[Deck]",),
)

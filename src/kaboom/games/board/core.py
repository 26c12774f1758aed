"""The board game's table: the fields the rules play on, and the actions' ids and words.

Spaces: 0 is the Litter Box (any number of characters), 1..40 the track, 41 the Ribbon; the
Loop Back Arrow leads from the Ribbon to space 30 (docs/rulings.md §5). Action Cards are
indices into the box's cards, a hand is a count per card; the Move Deck is a list of disc
indices, the top last.

The rules (``state.py``) build on this class; the support modules (what each seat knows,
``knowledge.py``; JSON, rigged tables and facts, ``record.py``) read it too, so that none of
them imports the rules.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.engine.parsing import action_words, ascii_number, check_action_id
from kaboom.games._nope import others_from_left
from kaboom.games.board._fields import BoardFields
from kaboom.games.board.actions import (
    DISCARD,
    PLACE,
    PLAY,
    SWAP_AT,
    SWAP_WITH,
    WORDS,
    ActionIds,
)
from kaboom.games.board.data import load_box
from kaboom.games.board.fields import PHASES as PHASES
from kaboom.games.board.fields import SIDES as SIDES
from kaboom.i18n import _

BOX = load_box()

# -- phases: what kind of decision is due -----------------------------------------------------
TURN: Final = 0
REACT: Final = 1
CHOOSE: Final = 2
LANDED: Final = 3
SWAP_LAST: Final = 4
DISCARD_DOWN: Final = 5
PLACE_MAGNET: Final = 6
OVER: Final = 7
CALM: Final = 0

#: An Action Card waiting on its reaction window, and the seat it is aimed at (-1: none).
Play = tuple[int, int]


@cache
def seats_from_left(players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, every other seat in order from its left (nobody leaves the board game).

    >>> seats_from_left(3)
    ((1, 2), (2, 0), (0, 1))
    """
    everyone = [True] * players
    return tuple(tuple(others_from_left(seat, everyone)) for seat in range(players))


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardCore(BoardFields):
    """The fields of a game of Exploding Kittens: The Board Game (declared once, in
    ``fields.py``), and what reads them without playing: who acts, the winner, the actions'
    words. The rules are ``state.BoardGameState``."""

    box = BOX
    game_id: ClassVar[str] = BOX.header.id
    __slots__ = ()

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.ids = ActionIds(self.box, players)
        self._deal_fields(players, options)  # the table's deal column (fields.py)

    # -- who decides ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def in_game(self, seat: int) -> bool:
        """Always: nobody leaves the board game (an explosion swaps you with the player in
        last place, ``BoardRules._explode``)."""
        return True

    @property
    def num_distinct_actions(self) -> int:
        return self.ids.size

    # -- what the table holds -------------------------------------------------------------------
    def gain(self, q: int, card: int, k: int = 1) -> None:
        """Seat ``q`` takes ``k`` of ``card`` into its hand (gives it up, ``k`` < 0)."""
        self.hands[q][card] += k
        self.hand_sizes[q] += k

    def kittens(self) -> frozenset[int]:
        """The Exploding Kitten spaces of the side showing."""
        return self.box.sides[self.side].kittens

    def hand_slugs(self, q: int) -> list[str]:
        """Seat ``q``'s Action Cards, sorted."""
        slugs = self.box.card_slugs
        return sorted(slugs[t] for t, k in enumerate(self.hands[q]) for _ in range(k))

    def card_names(self, cards: list[int]) -> list[str]:
        """The slugs of ``cards``, in order."""
        slugs = self.box.card_slugs
        return [slugs[c] for c in cards]

    def disc_names(self, discs: list[int]) -> list[str]:
        slugs = self.box.disc_slugs
        return [slugs[d] for d in discs]

    def card_count(self) -> int:
        """Every Action Card and Move Disc, wherever it lies (Danger Magnets aside included)."""
        return (sum(self.hand_sizes) + len(self.action_deck) + len(self.action_discard)
                + len(self.move_deck) + len(self.move_discard) + self.magnets_aside)  # fmt: skip

    # -- the actions' words ---------------------------------------------------------------------
    def decode(self, action: object) -> tuple[int, int]:
        """``(kind, arg)``: a fixed action is its own kind (``DRAW`` .. ``EXPLODE``, arg -1);
        the others are ``PLAY`` (a card), ``SWAP_AT`` / ``SWAP_WITH`` (a seat), ``DISCARD`` (a
        card) or ``PLACE`` (a position from the top)."""
        ids = self.ids
        action = check_action_id(action, ids.size)
        if action < ids.play:
            return action, -1
        if action < ids.swap_at:
            return PLAY, action - ids.play
        if action < ids.swap_with:
            return SWAP_AT, action - ids.swap_at
        if action < ids.discard:
            return SWAP_WITH, action - ids.swap_with
        if action < ids.place:
            return DISCARD, action - ids.discard
        if action < ids.size:
            return PLACE, action - ids.place
        raise BadInput(
            "action",
            _("an action id in 0..{n}, got {action}").format(n=ids.size - 1, action=action),
        )

    def action_text(self, action: object) -> str:
        kind, arg = self.decode(action)
        box = self.box
        if kind == PLAY:
            return f"play {box.card_slugs[arg]}"
        if kind == SWAP_AT:
            return f"play {box.card_slugs[box.card('swap')]} @{arg}"
        if kind == SWAP_WITH:
            return f"swap-with @{arg}"
        if kind == DISCARD:
            return f"discard {box.card_slugs[arg]}"
        if kind == PLACE:
            return f"place {arg}"
        return WORDS[kind]

    def parse_action(self, text: object) -> int:
        """``draw``, ``play CARD``, ``play swap-spaces @2``, ``nope``, ``pass``, ``move``,
        ``flip``, ``defuse``, ``explode``, ``swap-with @2``, ``discard CARD``, ``place N``."""
        words = action_words(text)
        ids, box = self.ids, self.box
        if len(words) == 1 and words[0] in WORDS:
            return WORDS.index(words[0])
        if len(words) >= 2 and words[0] in ("play", "discard"):
            if words[1] not in box.card_slugs:
                raise BadInput(
                    "card",
                    _("one of {names}; got {word!r}").format(
                        names=", ".join(box.card_slugs), word=words[1]
                    ),
                )
            card = box.card_slugs.index(words[1])
            if words[0] == "discard" and len(words) == 2:
                return ids.discard + card
            if len(words) == 3 and box.card_effects[card] == "swap":
                return ids.swap_at + self._seat(words[2])
            if len(words) == 2:  # (never legal for Swap Spaces: it needs a target)
                return ids.play + card
        if len(words) == 2 and words[0] == "swap-with":
            return ids.swap_with + self._seat(words[1])
        position = ascii_number(words[1]) if len(words) == 2 and words[0] == "place" else None
        if position is not None:
            if position > ids.size - ids.place - 1:
                raise IllegalAction(
                    _("Add a Magnet NOW"), _("no position {n} in the Move Deck").format(n=position)
                )
            return ids.place + position
        notation = ("draw, play CARD, play swap-spaces @SEAT, nope, pass, move, flip, defuse, "
                    "explode, swap-with @SEAT, discard CARD, place N")  # fmt: skip
        raise BadInput(
            "action", _("one of: {notation}; got {text!r}").format(notation=notation, text=text)
        )

    def _seat(self, word: str) -> int:
        seat = ascii_number(word[1:]) if word.startswith("@") else None
        if seat is not None and seat < self.n:
            return seat
        raise BadInput(
            "action",
            _("a seat written @N with N in 0..{n}, got {word!r}").format(n=self.n - 1, word=word),
        )

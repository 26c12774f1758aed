"""The exploding family's table: the fields of a game and the small questions the rules ask.

The rules themselves (``rules.py``) extend :class:`KittensCore`; the support modules (what
each seat knows, ``knowledge.py``; sampling, ``sample.py``; JSON, rigs, facts,
``record.py``) read and write these fields and import nothing of the rules.

Cards are title indices. A hand is a list of counts per title (and, where cards come in
ranks, as Dynamitt's suits do, a list of counts per rank beside it); the draw pile is a list
of titles from the bottom (index 0) to the top (the last item), so drawing is ``pop()``.
Plays name ranks; the cards that go down are drawn at random among those of that rank the
hand holds (suits never matter and tell nothing, docs/rulings.md §4).
"""

from __future__ import annotations

import random
from typing import Any, Final

from mypy_extensions import mypyc_attr

from kaboom.engine.parsing import check_action_id
from kaboom.games.kittens._fields import KittensFields
from kaboom.games.kittens.actions import ActionTable, action_table
from kaboom.games.kittens.fields import PHASES as PHASES

# Phases: whose decision it is, and of what kind. (``Final``: the compiled build uses the
# numbers themselves, with no lookup of a module's name at each use.)
TURN: Final = 0
REACT: Final = 1
GIVING: Final = 2
EXPLODING: Final = 3
PLACING: Final = 4
TAKING: Final = 5
OVER: Final = 6

KnowledgeKey = tuple[int, int, int]  # (observer, holder, title)


#: The action table of each game class at each player count (``table_of``).
_TABLES: dict[tuple[type, int], ActionTable] = {}


def table_of(cls: type[KittensCore], players: int) -> ActionTable:
    """The action table of ``cls``'s edition for ``players`` seats (``action_table``),
    found by class: every state made (a clone, a sample) looks it up, and an edition's
    hash reads every field."""
    key = (cls, players)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = action_table(cls.edition, players)
    return table


@mypyc_attr(allow_interpreted_subclasses=True)
class KittensCore(KittensFields):
    """The fields of a game of an exploding-family edition (declared once, in
    ``fields.py``), and queries on them."""

    __slots__ = ()

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.table = table_of(type(self), players)
        self._deal_fields(players, options)  # the table's deal column (fields.py)
        # Cards held per rank: the hands themselves when every card is its own rank.
        self.ranks_held = self.hands if not self.table.grouped else self._rank_counts()

    # -- hands -----------------------------------------------------------------------------------
    def _rank_counts(self) -> list[list[int]]:
        rank_of, ranks = self.table.rank_of, len(self.table.rslug)
        out = [[0] * ranks for _ in self.hands]
        for seat, hand in enumerate(self.hands):
            for t, k in enumerate(hand):
                out[seat][rank_of[t]] += k
        return out

    def recount(self) -> None:
        """Hand sizes and counts per rank, from the hands (after a deal, a rig, a sample)."""
        self.sizes = [sum(h) for h in self.hands]
        self.ranks_held = self.hands if not self.table.grouped else self._rank_counts()

    def gain(self, seat: int, title: int, k: int = 1) -> None:
        """``seat`` gains ``k`` cards of ``title`` (loses them, with ``k`` negative)."""
        self.hands[seat][title] += k
        self.sizes[seat] += k
        if self.table.grouped:
            self.ranks_held[seat][self.table.rank_of[title]] += k

    def cards_of(self, seat: int, rank: int, k: int) -> list[int]:
        """``k`` cards of ``rank`` from ``seat``'s hand, uniformly at random among those it
        holds, from the game RNG: the suits that go down tell nothing but the rank
        (docs/rulings.md §4). No draw when the choice is forced."""
        hand = self.hands[seat]
        held = [t for t in self.table.members[rank] for _ in range(hand[t])]
        if len(held) == k or held.count(held[0]) == len(held):
            return held[:k]
        return self.rng.sample(held, k)

    @classmethod
    def deck_counts(cls, players: int, options: dict[str, Any]) -> list[int]:
        """How many of each card this game is dealt from (an edition may drop cards by
        option, as Dynamitt does its jokers)."""
        return cls.edition.deck_counts(players)

    # -- small questions -------------------------------------------------------------------------
    def top_rank(self) -> int:
        """The rank on top of the Discard Pile, or -1 when it is empty."""
        return self.table.rank_of[self.discard[-1]] if self.discard else -1

    def bombs_in_pile(self) -> int:
        """How many bombs the Draw Pile holds (public: a drawn bomb is shown, and one defused
        goes back)."""
        is_bomb, count = self.table.is_bomb, 0
        for c in self.pile:
            if is_bomb[c]:
                count += 1
        return count

    def clone_copies(self, held: list[int], rank: int) -> bool:
        """Whether ``held`` (counts per rank) has a Clone and ``rank`` tops the Discard Pile."""
        clone = self.table.clone
        return clone >= 0 and held[clone] > 0 and self.top_rank() == rank

    def can_defuse(self, p: int) -> bool:
        """Holds a Defuse (any Defuse rank), or a Clone with a Defuse on top (docs/rulings.md
        §3)."""
        held, ranks = self.ranks_held[p], self.table.defuse_ranks
        return any(held[r] for r in ranks) or any(self.clone_copies(held, r) for r in ranks)

    def must_defuse(self, p: int) -> bool:
        """The drawer may not explode: the edition forces a Defuse (``must_defuse``) and ``p``
        holds a Defuse card itself. Dynamitt: "Om du har ei dame eller en konge på hånda, må
        du nå spille ut en av dem" ("2. Trekke kort"); a Clone (an 8) is neither, so holding
        only a Clone leaves the choice (docs/rulings.md §1, "Exploding without a Defuse")."""
        if not self.edition.must_defuse:
            return False
        held = self.ranks_held[p]
        return any(held[r] for r in self.table.defuse_ranks)

    def next_alive(self, seat: int) -> int:
        """Order of play is clockwise by seat; a dead player is skipped (docs/rulings.md §1)."""
        n, alive = self.n, self.alive
        q = (seat + 1) % n
        while not alive[q]:
            q = (q + 1) % n
        return q

    def others_from_left(self, seat: int) -> list[int]:
        """Every other living player, in seat order from ``seat``'s left (docs/rulings.md §1)."""
        return list(self.table.others_from_left(seat, tuple(self.alive)))

    def window_text(self) -> str:
        """The pending play in text notation ("nothing" when no window is open)."""
        if self.window is None:
            return "nothing"
        return self.table.texts[self.table.index[self.window.play]]

    def slugs(self, cards: list[int]) -> list[str]:
        slugs = self.edition.slugs
        return [slugs[c] for c in cards]

    def hand_slugs(self, seat: int) -> list[str]:
        hand, slugs = self.hands[seat], self.edition.slugs
        return sorted(slugs[t] for t in range(len(hand)) for _ in range(hand[t]))

    def card_count(self) -> int:
        """Every card, wherever it lies: hands, piles, out of the game, and a drawn Kitten
        waiting to be defused and put back."""
        drawn_bomb = 1 if self.drawn_bomb >= 0 else 0
        return (
            sum(self.sizes) + len(self.pile) + len(self.discard)
            + len(self.out_of_game_face_down) + len(self.out_of_game) + drawn_bomb
        )  # fmt: skip

    # -- the contract's plain parts --------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def winners(self) -> list[int]:
        return [] if self.winner < 0 else [self.winner]

    def in_game(self, seat: int) -> bool:
        """Not exploded ("you are out of the game")."""
        return self.alive[seat]

    @property
    def num_distinct_actions(self) -> int:
        return len(self.table)

    def action_text(self, action: object) -> str:
        return self.table.text(check_action_id(action, len(self.table)))

    def parse_action(self, text: object) -> int:
        return self.table.parse(text)

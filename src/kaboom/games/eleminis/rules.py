"""The rules of Eleminis, in the order of the rulebook: rows of five slots, the element
cycle, Stars and Trash, the action cards, winning, scoring and teams.

The Eleminis rulebook, and docs/rulings.md §6 where it is silent. Every slot of every row is
a *cell*, numbered ``seat * slots + slot``; a cell holds a card (its title) or ``-1``.
Nothing is hidden but the order of the Deck: every drawn card is shown to all ("You must
show the card to all other players").

The contract's other parts (observations, JSON, scenarios, the text of actions) are support
code in ``state.py``, ``knowledge.py``, ``record.py`` and ``actions.py``.
"""

from __future__ import annotations

from typing import Final, cast

from kaboom.engine.chance import shuffle
from kaboom.engine.errors import BadInput
from kaboom.engine.events import Event
from kaboom.engine.parsing import check_action_id
from kaboom.games.eleminis import events as ev
from kaboom.games.eleminis.actions import (
    DISCARD,
    MOVE,
    PASS,
    PLACE,
    RECYCLE,
    SWAP,
    decode,
    encode,
)
from kaboom.games.eleminis.core import DECK as DECK
from kaboom.games.eleminis.core import MAX_MATCH_GAMES as MAX_MATCH_GAMES
from kaboom.games.eleminis.core import MAX_TARGET as MAX_TARGET
from kaboom.games.eleminis.core import MAX_TURNS_PER_GAME as MAX_TURNS_PER_GAME
from kaboom.games.eleminis.core import OVER as OVER
from kaboom.games.eleminis.core import PLAY as PLAY
from kaboom.games.eleminis.deck import CHARACTERS
from kaboom.games.eleminis.record import EleminisRecord
from kaboom.i18n import N_, _, pgettext


class EleminisRules(EleminisRecord):
    """A game (or a match of games) of Eleminis: its rules, in the rulebook's order.
    ``EleminisState`` (``state.py``) is the class the game registers."""

    __slots__ = ()

    # -- Let's Play Eleminis! -------------------------------------------------------------------
    def _setup(self, first: int) -> None:
        """Shuffle the Deck; ``first`` goes first and draws the first card."""
        self.current = self.first = first
        self._deal()
        self._draw()

    def _deal(self) -> None:
        """The Deck: every card shuffled, nothing in a row or on the Discard Pile (also the
        start of each game of a match)."""
        d = self.deck_data
        self.deck = [t for t in range(len(d.slugs)) for _ in range(d.counts[t])]
        shuffle(self.rng, self.deck)
        self.discard, self.deck_known = [], False
        self.cells = [-1] * (self.n * self.slots)

    # -- Taking Your Turn: 1. Draw a Card --------------------------------------------------------
    def _draw(self) -> list[Event]:
        """Draw the top card and show it; an empty Deck is the Discard Pile turned over."""
        events: list[Event] = []
        if not self.deck:
            # "If the Deck ever runs out of cards, turn the Discard Pile face down."
            self.deck, self.discard = self.discard[::-1], []
            if self.options.get("shuffle_turnover", False):
                shuffle(self.rng, self.deck)
            self.deck_known = not self.options.get("shuffle_turnover", False)
            events.append(ev.turnover(len(self.deck)))
        if not self.deck:  # only a rigged table can run out: 81 cards, at most 40 slots
            raise BadInput("setup", _("the Deck and the Discard Pile are empty: nothing to draw"))
        self.drawn = self.deck.pop()
        return [*events, ev.card("draw", self.current, self.deck_data.slugs[self.drawn])]

    # -- Taking Your Turn: 2. Choose an Option ---------------------------------------------------
    def _legal(self) -> list[int]:
        """Every option of the drawn card; none: ``pass`` (3. Play and Discard)."""
        if self.phase == OVER:
            return []
        kind = self.deck_data.kinds[self.drawn]
        if kind == "elemini":
            out = self._options_elemini()
        elif kind == "star":
            out = self._options_star()
        elif kind == "trash":
            out = self._options_trash()
        elif kind == "move":
            out = self._options_move()
        elif kind == "swap":
            out = self._options_swap()
        elif kind == "discard":
            out = self._options_discard()
        else:
            out = self._options_recycle()
        return out if out else [encode(self.n * self.slots, PASS)]

    def _options_elemini(self) -> list[int]:
        """Character Cards (Eleminis): into any empty slot, or replacing an Elemini it beats
        in the cycle ("Fire burns Plant and Air" ...)."""
        beats = self.deck_data.beats[self.drawn]
        return [c for c, t in enumerate(self.cells) if t < 0 or t in beats]

    def _options_star(self) -> list[int]:
        """Character Cards (Star): into any empty slot, or over any Elemini or Trash; never
        over a Star."""
        kinds = self.deck_data.kinds
        return [c for c, t in enumerate(self.cells) if t < 0 or kinds[t] != "star"]

    def _options_trash(self) -> list[int]:
        """Character Cards (Trash): only into another player's row (docs/rulings.md §6), into
        an empty slot or over an Elemini."""
        kinds, me = self.deck_data.kinds, self.current
        return [
            c
            for c, t in enumerate(self.cells)
            if self.row_of(c) != me and (t < 0 or kinds[t] == "elemini")
        ]

    def _options_move(self) -> list[int]:
        """Action Cards (Move): a character from any row to an empty slot of a different row
        (docs/rulings.md §6)."""
        cells, row, c = self.cells, self.row_of, self.n * self.slots
        full = [c for c, t in enumerate(cells) if t >= 0]
        empty = [c for c, t in enumerate(cells) if t < 0]
        return [encode(c, MOVE, a, b) for a in full for b in empty if row(a) != row(b)]

    def _options_swap(self) -> list[int]:
        """Action Cards (Swap): two different characters in two different rows
        (docs/rulings.md §6)."""
        cells, row, c = self.cells, self.row_of, self.n * self.slots
        full = [c for c, t in enumerate(cells) if t >= 0]
        return [
            encode(c, SWAP, a, b)
            for i, a in enumerate(full)
            for b in full[i + 1 :]
            if row(a) != row(b) and cells[a] != cells[b]
        ]

    def _options_discard(self) -> list[int]:
        """Action Cards (Discard): any character from any row."""
        c = self.n * self.slots
        return [encode(c, DISCARD, cell) for cell, t in enumerate(self.cells) if t >= 0]

    def _options_recycle(self) -> list[int]:
        """Action Cards (Recycle): any character from any row, then play again."""
        c = self.n * self.slots
        return [encode(c, RECYCLE, cell) for cell, t in enumerate(self.cells) if t >= 0]

    # -- Taking Your Turn: 3. Play and Discard ---------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        """Play the option; every row is checked; then the next player draws (or, after a
        Recycle, the same player)."""
        kind, a, b = decode(self.n * self.slots, action)
        p, card = self.current, self.drawn
        self.drawn = -1
        if kind == PLACE:
            events = self._play_character(p, card, a)
        else:
            # "Action Cards are discarded to the Discard Pile before their effects take place."
            self.discard.append(card)
            if kind == MOVE:
                events = self._move(p, a, b)
            elif kind == SWAP:
                events = self._swap(p, a, b)
            elif kind == DISCARD:
                events = self._discard(p, a)
            elif kind == RECYCLE:
                events = self._recycle(p, a)
            else:
                events = self._pass(p)
        events += self._check_rows(p)
        if self.phase == OVER or game_started_again(events):
            return events  # over, or the next game of the match has dealt and drawn
        if kind == RECYCLE:  # "Your turn now starts over. Draw a new card ... and play again."
            return events + self._draw()
        self.turns += 1
        if self.turns >= MAX_TURNS_PER_GAME * self.game_number:
            events += self._time_up(p)
            if self.phase == OVER or game_started_again(events):
                return events
        self.current = (p + 1) % self.n
        return events + self._draw()

    def _pass(self, p: int) -> list[Event]:
        """Pass: "If you can't play any of your card's options, discard it - you lose your
        turn." (the card is on the Discard Pile already)."""
        return [ev.card("pass", p, self.deck_data.slugs[self.discard[-1]])]

    # -- Character Cards: Eleminis, Star, Trash --------------------------------------------------
    def _play_character(self, p: int, card: int, cell: int) -> list[Event]:
        """An Elemini, a Star or Trash into a slot; one it replaces is discarded ("DO NOT
        STACK CARDS")."""
        old = self.cells[cell]
        if old >= 0:
            self.discard.append(old)
        self.cells[cell] = card
        data: ev.Placed = {"card": self.deck_data.slugs[card], "to": self.cell_text(cell)}
        if old >= 0:
            data["replaced"] = self.deck_data.slugs[old]
        return [ev.place(p, data)]

    # -- Action Cards: Move, Swap, Discard, Recycle ----------------------------------------------
    def _move(self, p: int, a: int, b: int) -> list[Event]:
        """Move: "Move any character card to any empty slot" (of another row, §6)."""
        card = self.cells[a]
        self.cells[a], self.cells[b] = -1, card
        return [ev.move(p, self.deck_data.slugs[card], self.cell_text(a), self.cell_text(b))]

    def _swap(self, p: int, a: int, b: int) -> list[Event]:
        """Swap: two different characters in two different rows change places (§6)."""
        cells, slugs = self.cells, self.deck_data.slugs
        cells[a], cells[b] = cells[b], cells[a]
        cards = [slugs[cells[b]], slugs[cells[a]]]
        return [ev.swap(p, self.cell_text(a), self.cell_text(b), cards)]

    def _discard(self, p: int, a: int) -> list[Event]:
        """Discard: any character from any row goes to the Discard Pile."""
        card = self.cells[a]
        self.cells[a] = -1
        self.discard.append(card)
        data: ev.FromSlot = {"card": self.deck_data.slugs[card], "from": self.cell_text(a)}
        return [ev.from_slot("discard", p, data)]

    def _recycle(self, p: int, a: int) -> list[Event]:
        """Recycle: discard any character, then "Your turn now starts over" (``_apply``)."""
        events = self._discard(p, a)
        return [ev.from_slot("recycle", p, cast(ev.FromSlot, events[0].data))]

    # -- Winning the Game --------------------------------------------------------------------------
    def _check_rows(self, p: int) -> list[Event]:
        """After every play every row is checked; several complete at once: the active
        player's wins if among them, else the first in turn order after them
        (docs/rulings.md §6)."""
        done = [q for q in range(self.n) if self.complete(q)]
        if not done:
            return []
        order = [(p + i) % self.n for i in range(self.n)]
        winner = next(q for q in order if q in done)
        events = [ev.win(winner, self.team_of(winner))]
        return events + self._end_game(winner)

    def _time_up(self, p: int) -> list[Event]:
        """The game has lasted its ``MAX_TURNS_PER_GAME`` turns: the best-scoring row wins
        it as if completed (a tie: the first in turn order from the active player)."""
        order = [(p + i) % self.n for i in range(self.n)]
        winner = max(order, key=lambda q: (self.row_score(q), -order.index(q)))
        events = [ev.time_up(self.turns)]
        events.append(ev.win(winner, self.team_of(winner)))
        return events + self._end_game(winner)

    # -- Scoring -----------------------------------------------------------------------------------
    def _end_game(self, winner: int) -> list[Event]:
        """Score every row; a single game is over, a match goes on to the next game until a
        side's total reaches the target, and the highest total wins it."""
        self.scores = [self.row_score(q) for q in range(self.n)]
        self.totals = [t + s for t, s in zip(self.totals, self.scores, strict=True)]
        events = [ev.score(list(self.scores), list(self.totals))]
        team = self.team_of(winner)
        if not self.options.get("match", False):
            self.phase = OVER
            self._winners = (
                [q for q in range(self.n) if self.team_of(q) == team] if self.teams else [winner]
            )
            return events
        sides = self.side_totals(self.totals)
        target = int(self.options.get("target", 500))
        # "Add scores from each game until someone reaches" the target (at most
        # MAX_MATCH_GAMES games: docs/rulings.md §6).
        if max(sides) < target and self.game_number < MAX_MATCH_GAMES:
            return events + self._next_game()
        best = max(sides)
        self.phase = OVER
        self._winners = [q for q in range(self.n) if sides[self.side(q)] == best]
        return [*events, ev.match_over(list(self._winners))]

    def _next_game(self) -> list[Event]:
        """The next game of a match: the next seat goes first, with a fresh shuffle."""
        self.game_number += 1
        self.first = (self.first + 1) % self.n
        self.current = self.first
        self._deal()
        self.drawn = -1
        return [ev.new_game(self.first, self.game_number), *self._draw()]

    # -- refusals: why an option is not one --------------------------------------------------------
    def explain_illegal(self, action: object) -> tuple[str, str]:
        """``(rule, reason)`` in the language of the context: the card drawn (the rule it
        follows) and why the action is not one of its plays."""
        action = check_action_id(action, self.num_distinct_actions)
        if self.phase == OVER:
            return pgettext("rule", "game over"), _("the game has ended")
        d, kind_now = self.deck_data, self.deck_data.kinds[self.drawn]
        kind, a, b = decode(self.n * self.slots, action)
        drawn = _(d.names[self.drawn])
        if kind == PASS:
            why = _("{card} can be played: a card is discarded only with no option")
            return drawn, why.format(card=drawn)
        if kind_now not in _wanted(kind):
            return drawn, _("you drew {card}: {how}").format(card=drawn, how=_how(kind_now))
        if kind == PLACE:
            return self._explain_place(a)
        return drawn, self._why_not_these(kind, a, b)

    def _why_not_these(self, kind: int, a: int, b: int) -> str:
        """Why a Move, Swap, Discard or Recycle may not take slot ``a`` (to slot ``b``)."""
        if kind in (MOVE, SWAP) and self.row_of(a) == self.row_of(b):
            return _("the two slots must be in different rows")
        if self.cells[a] < 0:
            return _("{slot} is empty").format(slot=self.cell_text(a))
        if kind == MOVE and self.cells[b] >= 0:
            return _("{slot} is not empty").format(slot=self.cell_text(b))
        if kind == SWAP and (self.cells[b] < 0 or self.cells[a] == self.cells[b]):
            return _("swap two different characters")
        return _("not legal now")

    def _explain_place(self, cell: int) -> tuple[str, str]:
        d = self.deck_data
        drawn, there = _(d.names[self.drawn]), self.cells[cell]
        kind, trash = d.kinds[self.drawn], _("Trash")
        if kind == "trash" and self.row_of(cell) == self.current:
            return trash, _("Trash may be played only into another player's row")
        if there >= 0 and d.kinds[there] == "star":
            return drawn, _("a Star is never replaced")
        if kind == "trash":
            return trash, _("Trash cannot replace {card}").format(card=_(d.names[there]))
        if kind == "elemini":
            why = _("{card} does not beat {other}")
            return drawn, why.format(card=drawn, other=_(d.names[there]))
        return drawn, _("not legal now")


def game_started_again(events: list[Event]) -> bool:
    """Whether a match's next game was dealt by these events."""
    return any(e.kind == "new-game" for e in events)


def _wanted(kind: int) -> frozenset[str]:
    """The kinds of drawn card an action of ``kind`` plays."""
    if kind == PLACE:
        return CHARACTERS
    if kind == MOVE:
        return frozenset({"move"})
    if kind == SWAP:
        return frozenset({"swap"})
    if kind == DISCARD:
        return frozenset({"discard"})
    if kind == RECYCLE:
        return frozenset({"recycle"})
    return frozenset()


#: What a drawn card of each kind is played as (said with ``_``).
HOW: Final = {
    "elemini": N_("play it into a slot"),
    "star": N_("play it into a slot"),
    "trash": N_("play it into another player's slot"),
    "move": N_("move a character"),
    "swap": N_("swap two characters"),
    "discard": N_("discard a character"),
    "recycle": N_("recycle a character"),
}


def _how(kind: str) -> str:
    """What a drawn card of ``kind`` is played as, in words."""
    return _(HOW.get(kind, HOW["recycle"]))

"""Eleminis: rows of five slots, the element cycle, Stars and Trash, teams and scoring.

``rules/eleminis.txt`` and ``RULINGS.md`` §6. Every slot of every row is a *cell*, numbered
``seat * slots + slot``; a cell holds a card (its title) or ``-1``. Nothing is hidden but the
order of the Deck: every drawn card is shown to all ("You must show the card to all other
players").
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar, Self

from kaboom.engine.errors import BadInput, BadOption, IllegalAction
from kaboom.engine.events import Event
from kaboom.engine.state import Observation, State
from kaboom.games.eleminis import rollout
from kaboom.games.eleminis.deck import Deck, load_deck

DECK = load_deck()
PLAY, OVER = 0, 1
# Action kinds, in the order of their id ranges.
PLACE, MOVE, SWAP, DISCARD, RECYCLE, PASS = range(6)


class EleminisState(State):
    """A game (or a match of games) of Eleminis."""

    deck_data: ClassVar[Deck] = DECK
    game_id: ClassVar[str] = DECK.id
    __slots__ = (
        "_legal",
        "cells",
        "current",
        "deck",
        "deck_known",
        "discard",
        "drawn",
        "first",
        "game",
        "hist",
        "n",
        "options",
        "phase",
        "rng",
        "scores",
        "slots",
        "teams",
        "totals",
        "turns",
        "winner_seats",
    )

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.n = players
        self.options = dict(options)
        self.slots = self.deck_data.slots
        self.teams = int(options.get("teams", 0))
        if self.teams and (self.teams < 2 or players % self.teams or players == self.teams):
            raise BadOption("teams", f"2 to 4 teams of equal size of at least 2; {players} players")
        self.rng = rng
        self.cells = [-1] * (players * self.slots)
        self.deck: list[int] = []  # top last
        self.discard: list[int] = []  # top last
        self.deck_known = False  # a Discard Pile turned over is a Deck everyone has seen
        self.drawn = -1
        self.current = self.first = 0
        self.phase = PLAY
        self.game = 1
        self.scores = [0] * players  # the last finished game's
        self.totals = [0] * players  # the match's
        self.winner_seats: list[int] = []
        self.turns = 0
        self.hist: list[int] = []
        self._legal: list[int] | None = None

    # -- setup ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Shuffle the Deck, decide who goes first, and draw the first card."""
        s = cls(players, options, random.Random(seed))
        first = int(options.get("first", 0))
        if first >= players:
            raise BadOption("first", f"a seat in 0..{players - 1}, got {first}")
        s.current = s.first = first
        s._deal()
        s._draw()
        return s

    def _deal(self) -> None:
        d = self.deck_data
        self.deck = [t for t in range(len(d.slugs)) for _ in range(d.counts[t])]
        self.rng.shuffle(self.deck)
        self.discard, self.deck_known = [], False
        self.cells = [-1] * (self.n * self.slots)

    # -- the action space ----------------------------------------------------------------------
    @property
    def _c(self) -> int:
        return self.n * self.slots

    def encode(self, kind: int, a: int = 0, b: int = 0) -> int:
        """The id of an action: ``PLACE`` cell, ``MOVE`` from a to b, ``SWAP`` cells a < b,
        ``DISCARD`` / ``RECYCLE`` cell, ``PASS``; in that order of id ranges."""
        c = self._c
        if kind == PLACE:
            return a
        if kind == MOVE:
            return c + a * c + b
        if kind == SWAP:
            a, b = min(a, b), max(a, b)
            return c + c * c + _swap_layout(c)[1][a, b]
        base = c + c * c + c * (c - 1) // 2
        if kind == DISCARD:
            return base + a
        if kind == RECYCLE:
            return base + c + a
        return base + 2 * c

    def decode(self, action: int) -> tuple[int, int, int]:
        c = self._c
        if action < c:
            return PLACE, action, 0
        action -= c
        if action < c * c:
            return MOVE, *divmod(action, c)
        action -= c * c
        pairs = _swap_layout(c)[0]
        if action < len(pairs):
            return SWAP, *pairs[action]
        action -= len(pairs)
        if action < c:
            return DISCARD, action, 0
        if action < 2 * c:
            return RECYCLE, action - c, 0
        return PASS, 0, 0

    @property
    def num_distinct_actions(self) -> int:
        c = self._c
        return 3 * c + c * c + c * (c - 1) // 2 + 1

    # -- the contract ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.phase == OVER else []

    @property
    def history(self) -> list[int]:
        return self.hist

    def row_of(self, cell: int) -> int:
        return cell // self.slots

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        """Every option of the drawn card (rulebook, "Choose an Option"); none: ``pass``."""
        if self.phase == OVER:
            return []
        kind = self.deck_data.kinds[self.drawn]
        out = getattr(self, f"_options_{kind}")()
        return out if out else [self.encode(PASS)]

    def _options_elemini(self) -> list[int]:
        """Into any empty slot, or replacing a weaker Elemini (the cycle)."""
        beats = self.deck_data.beats[self.drawn]
        return [c for c, t in enumerate(self.cells) if t < 0 or t in beats]

    def _options_star(self) -> list[int]:
        """Into any empty slot, or over any Elemini or Trash; never over a Star."""
        kinds = self.deck_data.kinds
        return [c for c, t in enumerate(self.cells) if t < 0 or kinds[t] != "star"]

    def _options_trash(self) -> list[int]:
        """Only into another player's row (RULINGS §6): an empty slot or over an Elemini."""
        kinds, me = self.deck_data.kinds, self.current
        return [
            c
            for c, t in enumerate(self.cells)
            if self.row_of(c) != me and (t < 0 or kinds[t] == "elemini")
        ]

    def _options_move(self) -> list[int]:
        """A character from any row to an empty slot of a different row (RULINGS §6)."""
        cells, row = self.cells, self.row_of
        full = [c for c, t in enumerate(cells) if t >= 0]
        empty = [c for c, t in enumerate(cells) if t < 0]
        return [self.encode(MOVE, a, b) for a in full for b in empty if row(a) != row(b)]

    def _options_swap(self) -> list[int]:
        """Two different characters in two different rows (RULINGS §6)."""
        cells, row = self.cells, self.row_of
        full = [c for c, t in enumerate(cells) if t >= 0]
        return [
            self.encode(SWAP, a, b)
            for i, a in enumerate(full)
            for b in full[i + 1 :]
            if row(a) != row(b) and cells[a] != cells[b]
        ]

    def _options_discard(self) -> list[int]:
        return [self.encode(DISCARD, c) for c, t in enumerate(self.cells) if t >= 0]

    def _options_recycle(self) -> list[int]:
        return [self.encode(RECYCLE, c) for c, t in enumerate(self.cells) if t >= 0]

    def distinct_actions(self, actions: list[int]) -> list[int]:
        """The order of a row's cards is not important (rulebook, "Winning the Game"): a
        card into either of two empty slots of one row is one move. Actions group by the
        rows they leave (and Recycle, which plays again, apart from Discard)."""
        seen: set[tuple[object, ...]] = set()
        out = []
        for action in actions:
            key = (self.decode(action)[0] == RECYCLE, *self._rows_after(action))
            if key not in seen:
                seen.add(key)
                out.append(action)
        return out

    def _rows_after(self, action: int) -> list[tuple[int, ...]]:
        after, slots = self.cells_after(action), self.slots
        return [tuple(sorted(after[q * slots : (q + 1) * slots])) for q in range(self.n)]

    def cells_after(self, action: int) -> list[int]:
        """The cells as ``action`` would leave them (before any card drawn after it)."""
        kind, a, b = self.decode(action)
        after = list(self.cells)
        if kind == PLACE:
            after[a] = self.drawn
        elif kind == MOVE:
            after[a], after[b] = -1, after[a]
        elif kind == SWAP:
            after[a], after[b] = after[b], after[a]
        elif kind in (DISCARD, RECYCLE):
            after[a] = -1
        return after

    @property
    def playout_horizon(self) -> int | None:
        """Playouts look a few moves ahead and judge the rows there (``playout_result``)."""
        return rollout.HORIZON

    @property
    def tree_depth(self) -> int | None:
        """A search's tree holds only the moves of the decision at hand (``rollout.TREE``):
        every later move plays a card nobody has drawn yet, so one action id ("into p1.3")
        means a different move in each determinisation, and the playout policy, which reads
        the card, plays them better than statistics that mix them."""
        return rollout.TREE

    def playout_result(self) -> list[float]:
        """A playout cut short: each side's chance from how close its best row is to
        complete (``rollout.chances``), shared by its seats."""
        if self.phase == OVER:
            return super().playout_result()
        return rollout.chances(self)

    def rollout_action(self, rng: random.Random) -> int:
        """The playout policy of ``rollout.py``: the best-looking of a few options."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        return rollout.act(self, legal, rng)

    def explain_illegal(self, action: int) -> tuple[str, str]:
        if self.phase == OVER:
            return "game over", "the game has ended"
        d, kind_now = self.deck_data, self.deck_data.kinds[self.drawn]
        kind, a, b = self.decode(action)
        drawn = d.names[self.drawn]
        wanted = {PLACE: CHARACTER_KINDS, MOVE: {"move"}, SWAP: {"swap"}, DISCARD: {"discard"},
                  RECYCLE: {"recycle"}}.get(kind, set())  # fmt: skip
        if kind == PASS:
            return drawn, f"{drawn} can be played: a card is discarded only with no option"
        if kind_now not in wanted:
            return drawn, f"you drew {drawn}: {self._how(kind_now)}"
        if kind == PLACE:
            return self._explain_place(a)
        if kind in (MOVE, SWAP) and self.row_of(a) == self.row_of(b):
            return drawn, "the two slots must be in different rows"
        if self.cells[a] < 0:
            return drawn, f"{self.cell_text(a)} is empty"
        if kind == MOVE and self.cells[b] >= 0:
            return drawn, f"{self.cell_text(b)} is not empty"
        if kind == SWAP and (self.cells[b] < 0 or self.cells[a] == self.cells[b]):
            return drawn, "swap two different characters"
        return drawn, "not legal now"

    def _how(self, kind: str) -> str:
        return {
            "elemini": "play it into a slot", "star": "play it into a slot",
            "trash": "play it into another player's slot", "move": "move a character",
            "swap": "swap two characters", "discard": "discard a character",
            "recycle": "recycle a character",
        }[kind]  # fmt: skip

    def _explain_place(self, cell: int) -> tuple[str, str]:
        d = self.deck_data
        drawn, there = d.names[self.drawn], self.cells[cell]
        kind = d.kinds[self.drawn]
        if kind == "trash" and self.row_of(cell) == self.current:
            return "Trash", "Trash may be played only into another player's row"
        if there >= 0 and d.kinds[there] == "star":
            return drawn, "a Star is never replaced"
        if kind == "trash":
            return "Trash", f"Trash cannot replace {d.names[there]}"
        if kind == "elemini":
            return drawn, f"{drawn} does not beat {d.names[there]}"
        return drawn, "not legal now"

    def apply(self, action: int) -> list[Event]:
        legal = self._legal if self._legal is not None else self._compute_legal()
        if not isinstance(action, int) or action not in legal:
            self.verify(action)  # raises IllegalAction naming the rule; nothing has changed
        self._legal = None
        self.hist.append(action)
        kind, a, b = self.decode(action)
        p, card = self.current, self.drawn
        self.drawn = -1
        if kind == PLACE:
            events = self._place(p, card, a)
        else:
            # "Action Cards are discarded to the Discard Pile before their effects take place."
            self.discard.append(card)
            events = getattr(self, f"_{('', 'move', 'swap', 'discard', 'recycle', 'pass')[kind]}")(
                p, a, b
            )
        events += self._check_rows(p)
        if self.phase == OVER or self.game_started_again(events):
            return events  # over, or the next game of the match has dealt and drawn
        if kind == RECYCLE:  # "Your turn now starts over. Draw a new card ... and play again."
            return events + self._draw()
        self.turns += 1
        self.current = (p + 1) % self.n
        return events + self._draw()

    @staticmethod
    def game_started_again(events: list[Event]) -> bool:
        return any(e.kind == "new-game" for e in events)

    # -- one function per option ---------------------------------------------------------------
    def _place(self, p: int, card: int, cell: int) -> list[Event]:
        """A character into a slot; a replaced one is discarded ("DO NOT STACK CARDS")."""
        old = self.cells[cell]
        if old >= 0:
            self.discard.append(old)
        self.cells[cell] = card
        data: dict[str, Any] = {"card": self.deck_data.slugs[card], "to": self.cell_text(cell)}
        if old >= 0:
            data["replaced"] = self.deck_data.slugs[old]
        return [Event("place", p, data)]

    def _move(self, p: int, a: int, b: int) -> list[Event]:
        card = self.cells[a]
        self.cells[a], self.cells[b] = -1, card
        data = {
            "card": self.deck_data.slugs[card],
            "from": self.cell_text(a),
            "to": self.cell_text(b),
        }
        return [Event("move", p, data)]

    def _swap(self, p: int, a: int, b: int) -> list[Event]:
        cells, slugs = self.cells, self.deck_data.slugs
        cells[a], cells[b] = cells[b], cells[a]
        data = {"a": self.cell_text(a), "b": self.cell_text(b),
                "cards": [slugs[cells[b]], slugs[cells[a]]]}  # fmt: skip
        return [Event("swap", p, data)]

    def _discard(self, p: int, a: int, _b: int) -> list[Event]:
        card = self.cells[a]
        self.cells[a] = -1
        self.discard.append(card)
        return [
            Event("discard", p, {"card": self.deck_data.slugs[card], "from": self.cell_text(a)})
        ]

    def _recycle(self, p: int, a: int, b: int) -> list[Event]:
        events = self._discard(p, a, b)
        return [Event("recycle", p, events[0].data)]

    def _pass(self, p: int, _a: int, _b: int) -> list[Event]:
        """ "If you can't play any of your card's options, discard it - you lose your turn.\""""
        return [Event("pass", p, {"card": self.deck_data.slugs[self.discard[-1]]})]

    # -- drawing, winning, scoring -----------------------------------------------------------------
    def _draw(self) -> list[Event]:
        """Draw the top card and show it; an empty Deck is the Discard Pile turned over."""
        events: list[Event] = []
        if not self.deck:
            # "If the Deck ever runs out of cards, turn the Discard Pile face down."
            self.deck, self.discard = self.discard[::-1], []
            if self.options.get("shuffle_turnover", False):
                self.rng.shuffle(self.deck)
            self.deck_known = not self.options.get("shuffle_turnover", False)
            events.append(Event("turnover", None, {"cards": len(self.deck)}))
        if not self.deck:  # only a rigged table can run out: 81 cards, at most 40 slots
            raise BadInput("setup", "the Deck and the Discard Pile are empty: nothing to draw")
        self.drawn = self.deck.pop()
        return [*events, Event("draw", self.current, {"card": self.deck_data.slugs[self.drawn]})]

    def complete(self, seat: int) -> bool:
        """A winning row: five different Eleminis, Stars wild, no Trash ("Eleminis!")."""
        row = self.cells[seat * self.slots : (seat + 1) * self.slots]
        kinds = self.deck_data.kinds
        if any(t < 0 or kinds[t] == "trash" for t in row):
            return False
        eleminis = [t for t in row if kinds[t] == "elemini"]
        return len(set(eleminis)) == len(eleminis)

    def _check_rows(self, p: int) -> list[Event]:
        """After every play every row is checked; several complete at once: the active
        player's wins if among them, else the first in turn order after them (RULINGS §6)."""
        done = [q for q in range(self.n) if self.complete(q)]
        if not done:
            return []
        order = [(p + i) % self.n for i in range(self.n)]
        winner = next(q for q in order if q in done)
        events = [Event("win", winner, {"team": self.team_of(winner)})]
        return events + self._end_game(winner)

    def side(self, seat: int) -> int:
        """The seat's index among the sides: its team, or itself without teams."""
        return seat % self.teams if self.teams else seat

    def team_of(self, seat: int) -> int | None:
        """Teammates sit alternately: seat s plays for team s mod teams."""
        return seat % self.teams if self.teams else None

    def row_score(self, seat: int) -> int:
        """10 per unique Elemini, 5 per duplicate, +20 per Star, -20 per Trash, +100 for a
        winning row; never below 0."""
        d = self.deck_data
        row = [t for t in self.cells[seat * self.slots : (seat + 1) * self.slots] if t >= 0]
        eleminis = [t for t in row if d.kinds[t] == "elemini"]
        unique = len(set(eleminis))
        score = unique * d.score("unique") + (len(eleminis) - unique) * d.score("duplicate")
        score += sum(d.kinds[t] == "star" for t in row) * d.score("star")
        score += sum(d.kinds[t] == "trash" for t in row) * d.score("trash")
        if self.complete(seat):
            score += d.score("winning_row")
        return max(0, score)

    def side_totals(self, totals: list[int]) -> list[int]:
        """Totals per team (or per seat without teams)."""
        if not self.teams:
            return list(totals)
        return [
            sum(totals[s] for s in range(self.n) if s % self.teams == t) for t in range(self.teams)
        ]

    def _end_game(self, winner: int) -> list[Event]:
        self.scores = [self.row_score(q) for q in range(self.n)]
        self.totals = [t + s for t, s in zip(self.totals, self.scores, strict=True)]
        events = [Event("score", None, {"scores": list(self.scores), "totals": list(self.totals)})]
        team = self.team_of(winner)
        if not self.options.get("match", False):
            self.phase = OVER
            self.winner_seats = (
                [q for q in range(self.n) if self.team_of(q) == team] if self.teams else [winner]
            )
            return events
        sides = self.side_totals(self.totals)
        target = int(self.options.get("target", 500))
        if max(sides) < target:  # "Add scores from each game until someone reaches" the target
            self.game += 1
            self.first = (self.first + 1) % self.n
            self.current = self.first
            self._deal()
            self.drawn = -1
            events.append(Event("new-game", self.first, {"game": self.game}))
            return events + self._draw()
        best = max(sides)
        self.phase = OVER
        self.winner_seats = [q for q in range(self.n) if sides[self.side(q)] == best]
        return [*events, Event("match-over", None, {"winners": list(self.winner_seats)})]

    # -- information -----------------------------------------------------------------------------
    def cell_text(self, cell: int) -> str:
        """``p2.3``: seat 2's third slot."""
        return f"p{cell // self.slots}.{cell % self.slots + 1}"

    def _row_slugs(self, seat: int) -> list[str | None]:
        slugs = self.deck_data.slugs
        return [
            slugs[t] if t >= 0 else None
            for t in self.cells[seat * self.slots : (seat + 1) * self.slots]
        ]

    def observe(self, seat: int | None) -> Observation:
        """Everything but the order of an unseen Deck: rows, the drawn card, the piles."""
        slugs = self.deck_data.slugs
        obs: Observation = {
            "game": self.game_id,
            "seat": seat,
            "players": self.n,
            "teams": self.teams,
            "phase": "over" if self.phase == OVER else "play",
            "current": self.current,
            "to_act": self.to_act,
            "drawn": slugs[self.drawn] if self.drawn >= 0 else None,
            "rows": [self._row_slugs(q) for q in range(self.n)],
            "deck_size": len(self.deck),
            "deck": [slugs[t] for t in self.deck[::-1]] if self.deck_known else None,
            "discard_pile": [slugs[t] for t in self.discard[::-1]],
            "game_number": self.game,
            "scores": list(self.scores),
            "totals": list(self.totals),
            "side_totals": self.side_totals(self.totals),
            "target": int(self.options.get("target", 500)) if self.options.get("match") else None,
            "turns": self.turns,
            "winners": self.winners,
        }
        return obs

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The order of an unseen Deck dealt again; the RNG reseeded; no history."""
        s = self.clone()
        if not s.deck_known:
            s.deck.sort()  # the sample depends on what the seat knows, not on the true order
            rng.shuffle(s.deck)
        s.rng = random.Random(rng.getrandbits(64))
        s.hist = []
        return s

    def clone(self) -> Self:
        cls = type(self)
        s = cls.__new__(cls)
        for name in EleminisState.__slots__:
            setattr(s, name, getattr(self, name))
        s.cells, s.deck, s.discard = list(self.cells), list(self.deck), list(self.discard)
        s.scores, s.totals = list(self.scores), list(self.totals)
        s.winner_seats, s.hist = list(self.winner_seats), list(self.hist)
        s.options = dict(self.options)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s._legal = None
        return s

    def card_count(self) -> int:
        """The 81 cards: rows, Deck, Discard Pile and the drawn card."""
        on_table = sum(t >= 0 for t in self.cells)
        return on_table + len(self.deck) + len(self.discard) + (self.drawn >= 0)

    # -- words -----------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        from kaboom.games.eleminis.words import describe_event

        return describe_event(self.deck_data, event)

    def opening(self) -> list[Event]:
        """The first player's first card, shown to all."""
        if self.drawn < 0:
            return []
        return [Event("draw", self.current, {"card": self.deck_data.slugs[self.drawn]})]

    def action_text(self, action: int) -> str:
        if not 0 <= action < self.num_distinct_actions:
            raise BadInput("action", f"an action id in 0..{self.num_distinct_actions - 1}")
        kind, a, b = self.decode(action)
        word = ("play", "move", "swap", "discard", "recycle", "pass")[kind]
        if kind == PLACE:
            card = f"{self.deck_data.slugs[self.drawn]} " if self.drawn >= 0 else ""
            return f"play {card}-> {self.cell_text(a)}"
        if kind == MOVE:
            return f"move {self.cell_text(a)} -> {self.cell_text(b)}"
        if kind == SWAP:
            return f"swap {self.cell_text(a)} {self.cell_text(b)}"
        if kind in (DISCARD, RECYCLE):
            return f"{word} {self.cell_text(a)}"
        return "pass"

    def _cell(self, text: str) -> int:
        head, dot, slot = text.lower().removeprefix("p").partition(".")
        if not (dot and head.isdigit() and slot.isdigit()):
            raise BadInput("action", f"a slot written pSEAT.SLOT (p2.3), got {text!r}")
        seat, index = int(head), int(slot) - 1
        if not (0 <= seat < self.n and 0 <= index < self.slots):
            raise IllegalAction(
                "slots", f"{text} is no slot: seats 0..{self.n - 1}, slots 1..{self.slots}"
            )
        return seat * self.slots + index

    def parse_action(self, text: str) -> int:
        """``play water -> p2.3``, ``move p1.2 -> p3.4``, ``swap p1.2 p3.4``,
        ``discard p1.2``, ``recycle p1.2``, ``pass``."""
        words = text.strip().lower().replace("->", " -> ").split()
        expected = (
            "play CARD -> pS.N, move pS.N -> pS.N, swap pS.N pS.N, discard pS.N, recycle pS.N, pass"
        )
        if not words:
            raise BadInput("action", f"one of {expected} (empty text)")
        word, rest = words[0], [w for w in words[1:] if w != "->"]
        if word == "pass" and not rest:
            return self.encode(PASS)
        if word == "play" and rest:
            if len(rest) == 2:
                card = self.deck_data.title_of(rest[0])
                if card != self.drawn:
                    drawn = self.deck_data.names[self.drawn] if self.drawn >= 0 else "nothing"
                    raise IllegalAction(
                        "draw", f"you drew {drawn}, not {self.deck_data.names[card]}"
                    )
                rest = rest[1:]
            if len(rest) == 1:
                return self.encode(PLACE, self._cell(rest[0]))
        if word in ("move", "swap") and len(rest) == 2:
            a, b = self._cell(rest[0]), self._cell(rest[1])
            if word == "swap" and a > b:
                a, b = b, a
            return self.encode(MOVE if word == "move" else SWAP, a, b)
        if word in ("discard", "recycle") and len(rest) == 1:
            return self.encode(DISCARD if word == "discard" else RECYCLE, self._cell(rest[0]))
        raise BadInput("action", f"one of {expected}; got {text!r}")

    # -- serialisation ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.game_id,
            "players": self.n,
            "options": dict(self.options),
            "cells": list(self.cells),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "deck_known": self.deck_known,
            "drawn": self.drawn,
            "current": self.current,
            "first": self.first,
            "phase": self.phase,
            "game_number": self.game,
            "scores": list(self.scores),
            "totals": list(self.totals),
            "winners": list(self.winner_seats),
            "turns": self.turns,
            "history": list(self.hist),
            "rng": [version, list(internal), gauss],
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Self:
        try:
            version, internal, gauss = raw["rng"]
            rng = random.Random()
            rng.setstate((version, tuple(internal), gauss))
            s = cls(int(raw["players"]), dict(raw["options"]), rng)
            s.cells, s.deck, s.discard = list(raw["cells"]), list(raw["deck"]), list(raw["discard"])
            s.deck_known, s.drawn = bool(raw["deck_known"]), int(raw["drawn"])
            s.current, s.first, s.phase = raw["current"], raw["first"], raw["phase"]
            s.game, s.scores, s.totals = (
                raw["game_number"],
                list(raw["scores"]),
                list(raw["totals"]),
            )
            s.winner_seats, s.turns = list(raw["winners"]), raw["turns"]
            s.hist = list(raw["history"])
        except (KeyError, TypeError, ValueError) as err:
            raise BadInput("state", f"a state written by to_json ({err!r})") from None
        return s

    # -- scenarios ---------------------------------------------------------------------------------
    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> Self:
        """Rows (one list of ``slots`` cards or null per seat), the Deck and Discard Pile (top
        first), who is to play, the drawn card (else the Deck's top is drawn), match totals."""
        s = cls(players, options, random.Random(seed))
        known = {"rows", "deck", "discard_pile", "current", "drawn", "totals", "game"}
        for key in setup:
            if key not in known:
                raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(known))}")
        rows = setup.get("rows", [[None] * s.slots for _ in range(players)])
        if not isinstance(rows, list) or len(rows) != players:
            raise BadInput("setup.rows", f"a list of {players} rows")
        for q, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != s.slots:
                raise BadInput(f"setup.rows[{q}]", f"a list of {s.slots} cards or null")
            for i, slug in enumerate(row):
                s.cells[q * s.slots + i] = (
                    -1 if slug is None else s._rig_card(slug, f"setup.rows[{q}][{i}]")
                )
        s.deck = [s._rig_card(c, f"setup.deck[{i}]") for i, c in enumerate(setup.get("deck", []))][
            ::-1
        ]
        s.discard = [
            s._rig_card(c, f"setup.discard_pile[{i}]")
            for i, c in enumerate(setup.get("discard_pile", []))
        ][::-1]
        current = setup.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < players:
            raise BadInput("setup.current", f"a seat in 0..{players - 1}")
        s.current = s.first = current
        totals = setup.get("totals", [0] * players)
        if not isinstance(totals, list) or len(totals) != players:
            raise BadInput("setup.totals", f"a list of {players} numbers")
        s.totals = [int(t) for t in totals]
        s.game = int(setup.get("game", 1))
        if "drawn" in setup:
            s.drawn = s._rig_card(setup["drawn"], "setup.drawn")
        else:
            if not s.deck:
                raise BadInput("setup.deck", "a card to draw (or setup.drawn)")
            s._draw()
        return s

    def _rig_card(self, slug: Any, field: str) -> int:
        if not isinstance(slug, str) or slug not in self.deck_data.slugs:
            raise BadInput(field, f"a card, one of {', '.join(self.deck_data.slugs)}")
        return self.deck_data.slugs.index(slug)

    def facts(self) -> dict[str, Any]:
        slugs = self.deck_data.slugs
        return {
            "to_act": self.to_act,
            "current": self.current,
            "over": self.phase == OVER,
            "drawn": slugs[self.drawn] if self.drawn >= 0 else None,
            "rows": {str(q): self._row_slugs(q) for q in range(self.n)},
            "deck": [slugs[t] for t in self.deck[::-1]],
            "deck_size": len(self.deck),
            "discard_pile": [slugs[t] for t in self.discard[::-1]],
            "complete_rows": [q for q in range(self.n) if self.complete(q)],
            "row_scores": [self.row_score(q) for q in range(self.n)],
            "scores": list(self.scores),
            "totals": list(self.totals),
            "side_totals": self.side_totals(self.totals),
            "team_of": [self.side(q) for q in range(self.n)] if self.teams else None,
            "game_number": self.game,
            "winners": self.winners,
            "turns": self.turns,
            "cards_in_play": self.card_count(),
            "legal": [self.action_text(a) for a in self.legal_actions()],
        }

    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset({"legal"})


CHARACTER_KINDS = frozenset({"elemini", "star", "trash"})


@cache
def _swap_layout(cells: int) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    """The unordered pairs of cells (a < b), in order, and the index of each."""
    pairs = [(a, b) for a in range(cells) for b in range(a + 1, cells)]
    return pairs, {pair: i for i, pair in enumerate(pairs)}

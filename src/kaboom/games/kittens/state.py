"""The exploding family's kernel: turns, owed turns, reaction windows, bombs, defuses, combos.

One class plays every edition; an edition is data (``original.toml``, ``minions.toml``).
Comments cite the rulebooks (``rules/exploding-kittens-original.txt``,
``rules/exploding-minions.txt``) and ``RULINGS.md`` sections 1 to 3.

Cards are title indices. A hand is a list of counts per title (and, where cards come in
ranks, as Dynamitt's suits do, a list of counts per rank beside it); the draw pile is a list
of titles from the bottom (index 0) to the top (the last item), so drawing is ``pop()``.
Plays name ranks; the cards that go down are the first of that rank the hand holds, in
edition order (suits never matter, RULINGS §4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar, Self

from kaboom.engine.errors import BadInput
from kaboom.engine.events import Event
from kaboom.engine.state import Observation, State
from kaboom.games.kittens import rollout
from kaboom.games.kittens.actions import (
    COMBO_SIZE,
    DEFUSE,
    DRAW,
    FIVE,
    GIVE,
    NOPE,
    PAIR,
    PASS,
    PLACE,
    PLAY,
    PLAY_AT,
    TAKE,
    TRIPLE,
    ActionTable,
    Spec,
    action_table,
)
from kaboom.games.kittens.edition import Edition
from kaboom.games.kittens.words import a_or_an, describe_event

# Phases: whose decision it is, and of what kind.
TURN, REACT, GIVING, EXPLODING, PLACING, TAKING, OVER = range(7)
PHASES = ("turn", "react", "give", "exploding", "place", "take", "over")
#: How many cards See the Future shows (RULINGS §1: fewer if the pile is shorter).
FUTURE = 3
#: Tries at sampling a determinisation that fits what every seat sees, before a card swap.
SAMPLE_TRIES = 64

KnowledgeKey = tuple[int, int, int]  # (observer, holder, title)


class KittensState(State):
    """A game of an exploding-family edition. Subclasses set ``edition`` and ``game_id``."""

    edition: ClassVar[Edition]
    __slots__ = (
        "_legal",
        "actor",
        "alive",
        "attacked",
        "boxed",
        "current",
        "discard",
        "five_on",
        "hands",
        "hist",
        "kh",
        "limbo",
        "n",
        "nopes",
        "options",
        "owed",
        "pending",
        "pending_seat",
        "phase",
        "pile",
        "pk",
        "queue",
        "removed",
        "rk",
        "rng",
        "sizes",
        "table",
        "turns",
        "winner",
    )

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        titles = self.edition.titles
        self.n = players
        self.options = dict(options)
        self.five_on = bool(options.get("five_different", False))
        self.table: ActionTable = action_table(self.edition, players)
        self.rng = rng
        self.hands = [[0] * titles for _ in range(players)]
        self.sizes = [0] * players
        # Cards held per rank: the hands themselves when every card is its own rank.
        self.rk = self.hands if not self.table.grouped else self._rank_counts()
        self.limbo = -1  # the bomb drawn and not yet put back
        self.pile: list[int] = []  # bottom first; pile[-1] is the top card
        self.discard: list[int] = []  # bottom first; discard[-1] is the top card
        self.removed: list[int] = []  # out of the game face down: nobody knows them
        self.boxed: list[int] = []  # out of the game face up: everyone knows them
        self.alive = [True] * players
        self.current = 0
        self.owed = 1  # turns the current player owes, the current one included
        self.attacked = False  # whether those turns came from an Attack
        self.phase = TURN
        self.actor = 0
        self.pending: Spec | None = None  # the play waiting on its reaction window
        self.pending_seat = -1
        self.nopes: list[int] = []  # seats that played a Nope on the pending play, in order
        self.queue: list[int] = []  # seats still to be asked in the open reaction window
        self.pk: list[dict[int, int]] = [{} for _ in range(players)]  # pile index -> title
        self.kh: dict[KnowledgeKey, int] = {}  # cards an observer knows a holder holds
        self.turns = 0
        self.winner = -1
        self.hist: list[int] = []
        self._legal: list[int] | None = None

    def _rank_counts(self) -> list[list[int]]:
        rank_of, ranks = self.table.rank_of, len(self.table.rslug)
        out = [[0] * ranks for _ in self.hands]
        for seat, hand in enumerate(self.hands):
            for t, k in enumerate(hand):
                out[seat][rank_of[t]] += k
        return out

    def _recount(self) -> None:
        """Hand sizes and counts per rank, from the hands (after a deal, a rig, a sample)."""
        self.sizes = [sum(h) for h in self.hands]
        self.rk = self.hands if not self.table.grouped else self._rank_counts()

    def _gain(self, seat: int, title: int, k: int = 1) -> None:
        self.hands[seat][title] += k
        self.sizes[seat] += k
        if self.table.grouped:
            self.rk[seat][self.table.rank_of[title]] += k

    def _cards_of(self, seat: int, rank: int, k: int) -> list[int]:
        """The first ``k`` cards of ``rank`` in ``seat``'s hand, in edition order."""
        hand, out = self.hands[seat], list[int]()
        for t in self.table.members[rank]:
            take = min(hand[t], k - len(out))
            out += [t] * take
            if len(out) == k:
                break
        return out

    # -- setup ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal a new game (rulebook, "Setting up for 2 to 5 players")."""
        ed = cls.edition
        first = int(options.get("first", 0))
        if first >= players:
            from kaboom.engine.errors import BadOption

            raise BadOption("first", f"a seat in 0..{players - 1}, got {first}")
        s = cls(players, options, random.Random(seed))
        tb = s.table
        # The card sets for this player count (Minions; Dynamitt's decks); the Original all.
        counts = cls.deck_counts(players, options)
        kind = [tb.reffect[tb.rank_of[t]] for t in range(ed.titles)]
        deck = [t for t in range(ed.titles) if kind[t] not in ("bomb", "defuse")]
        deck = [t for t in deck for _ in range(counts[t])]
        # "Take out all 6 Defuses and deal 1 to each player." (Dynamitt: one Q or K each.)
        defuses = [t for t in range(ed.titles) if kind[t] == "defuse" for _ in range(counts[t])]
        if len(set(defuses)) > 1:
            s.rng.shuffle(defuses)
        for seat in range(players):
            for _ in range(ed.defuses_per_player):
                s.hands[seat][defuses.pop()] += 1
        # "Shuffle 2 of the leftover Defuses back into the deck and remove the rest."
        # (Minions: "You will have some extra Defuse Cards, so put them back in the deck.")
        back = len(defuses)
        if ed.spare_defuses_back >= 0:
            back = min(ed.spare_defuses_back, back)
        deck += defuses[len(defuses) - back :]
        s.boxed += defuses[: len(defuses) - back]
        # "Shuffle and deal 7 cards face down to each player."
        s.rng.shuffle(deck)
        for seat in range(players):
            for _ in range(ed.hand_size):
                s.hands[seat][deck.pop()] += 1
        s._recount()
        # Fast variant (RULINGS §2): remove a random third, rounded down, unseen by anyone.
        if options.get("fast", False):
            cut = len(deck) // 3
            s.removed = deck[:cut]
            deck = deck[cut:]
        # "Put Exploding Kittens back into the deck so there's 1 fewer than the number of players."
        bombs = [t for t in range(ed.titles) if kind[t] == "bomb" for _ in range(counts[t])]
        if len(set(bombs)) > 1:
            s.rng.shuffle(bombs)
        used = players - ed.bombs_fewer_than_players
        deck += bombs[:used]
        s.boxed += bombs[used:]
        s.rng.shuffle(deck)
        s.pile = deck
        s.current = s.actor = first
        return s

    @classmethod
    def deck_counts(cls, players: int, options: dict[str, Any]) -> list[int]:
        """How many of each card this game is dealt from (an edition may drop cards by
        option, as Dynamitt does its jokers)."""
        return cls.edition.deck_counts(players)

    # -- the contract --------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def winners(self) -> list[int]:
        return [] if self.winner < 0 else [self.winner]

    @property
    def history(self) -> list[int]:
        return self.hist

    @property
    def num_distinct_actions(self) -> int:
        return len(self.table)

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        phase, tb = self.phase, self.table
        if phase == TURN:
            return self._turn_actions()
        if phase == REACT:
            return self._answers()
        if phase == GIVING:
            hand = self.hands[self.actor]
            return [tb.give[t] for t in tb.hold_titles if hand[t]]
        if phase == EXPLODING:
            held = self.rk[self.actor]
            out = [tb.defuse_by_rank[r] for r in tb.defuse_ranks if held[r]]
            for r in tb.defuse_ranks:
                if self._clone_copies(held, r):
                    out.append(tb.clone_defuse_by_rank[r])
            return out
        if phase == PLACING:
            return tb.place[: len(self.pile) + 1]
        if phase == TAKING:
            present = set(self.discard)
            return [tb.take[t] for t in tb.hold_titles if t in present]
        return []

    def _top_rank(self) -> int:
        return self.table.rank_of[self.discard[-1]] if self.discard else -1

    def _clone_copies(self, held: list[int], rank: int) -> bool:
        """Whether ``held`` (counts per rank) has a Clone and ``rank`` tops the Discard Pile."""
        clone = self.table.clone
        return clone >= 0 and held[clone] > 0 and self._top_rank() == rank

    def _can_answer(self, seat: int) -> bool:
        """Holds a Nope, or a Clone with a Nope on top of the Discard Pile (RULINGS §1, §3)."""
        held = self.rk[seat]
        return held[self.table.nope_t] > 0 or self._clone_copies(held, self.table.nope_t)

    def _answers(self) -> list[int]:
        tb, held = self.table, self.rk[self.actor]
        out = [tb.nope] if held[tb.nope_t] else []
        if self._clone_copies(held, tb.nope_t):
            out.append(tb.clone_nope)
        return [*out, tb.pass_]

    def _clone_actions(self, held: list[int], targets: list[int]) -> list[int]:
        """A Clone becomes the top card of the Discard Pile; or pairs with a card in hand."""
        tb = self.table
        out: list[int] = []
        if self.discard:
            top = self._top_rank()
            if tb.clone_play[top] >= 0:
                out.append(tb.clone_play[top])
            elif tb.clone_play_at[top][0] >= 0:
                out += [tb.clone_play_at[top][q] for q in targets]
        for r in tb.holdable:
            if held[r] and tb.clone_pair[r][0] >= 0:
                out += [tb.clone_pair[r][q] for q in targets]
        return out

    def _turn_actions(self) -> list[int]:
        """Play or pass, then draw: every card, pair and three the player can play now."""
        tb, p = self.table, self.current
        held, alive = self.rk[p], self.alive
        # Per rank: alone, Two of a Kind (two of one rank), Three of a Kind (three, naming);
        # jokers fill places (RULINGS §4).
        rows = tb.turn_rows(p, tuple(alive))
        jokers = held[tb.wild] if tb.wild >= 0 else 0
        j = jokers if jokers < 2 else 2
        out = [tb.draw]
        for r in tb.holdable:
            c = held[r]
            if c:
                out += rows[r][c if c < 3 else 3][j]
        if self.five_on:  # Five different cards (RULINGS §1, option; §4 with jokers)
            mask = 0
            for r in tb.holdable:
                if held[r]:
                    mask |= 1 << r
            out += tb.five_rows(mask, jokers)
        if tb.clone >= 0 and held[tb.clone]:
            targets = [q for q in range(self.n) if alive[q] and q != p]
            out += self._clone_actions(held, targets)
        return out

    def apply(self, action: int) -> list[Event]:
        legal = self._legal if self._legal is not None else self._compute_legal()
        if action not in legal:
            self.verify(action)  # raises IllegalAction naming the rule; nothing has changed
        self._legal = None
        self.hist.append(action)
        spec = self.table.specs[action]
        kind = spec.kind
        if PLAY <= kind <= FIVE:
            return self._play(spec, action)
        if kind == DRAW:
            return self._draw()
        if kind == NOPE:
            return self._nope(spec)
        if kind == PASS:
            return self._pass()
        if kind == GIVE:
            return self._give(spec.title)
        if kind == DEFUSE:
            return self._defuse(spec)
        if kind == PLACE:
            return self._place(spec.arg)
        return self._take(spec.title)

    @property
    def playout_horizon(self) -> int | None:
        """Playouts look a few moves ahead and judge the hands there (``playout_result``),
        except at two players (``rollout.horizon``)."""
        return rollout.horizon(self.n)

    def playout_result(self) -> list[float]:
        """A playout cut short: each seat's chance judged from its cards and who draws next
        (``rollout.chances``); at the end of the game, the winner's."""
        if self.phase == OVER:
            return super().playout_result()
        return rollout.chances(self)

    def rollout_action(self, rng: random.Random) -> int:
        """The playout policy of ``rollout.py``: each seat acts on what it knows."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = self.phase
        if phase == TURN:
            return rollout.turn(self, legal, rng)
        if phase == REACT:
            return rollout.react(self, legal, rng)
        if phase == PLACING:
            return rollout.place(self, legal, rng)
        if phase == GIVING:
            return rollout.give(self, legal)
        return legal[rng.randrange(len(legal))]

    # -- why an action is illegal --------------------------------------------------------------
    def explain_illegal(self, action: int) -> tuple[str, str]:
        spec = self.table.specs[action]
        text = self.table.text(action)
        ed, phase, kind = self.edition, self.phase, spec.kind
        if phase == OVER:
            return "game over", "the game has ended"
        if phase == REACT and kind not in (NOPE, PASS):
            return "Nope", f"a reaction window is open on {self._pending_text()}: nope or pass"
        if kind in (NOPE, PASS) and phase != REACT:
            return "Nope", "a Nope only answers a card or combo in its reaction window"
        bomb = self.table.rname[self.table.bomb]
        if self._uses_clone(spec) and (kind, phase) in _CLONE_PHASES:
            return self._explain_clone(spec)
        if phase == REACT and kind == NOPE:
            return "Nope", "you hold no Nope"
        if phase == EXPLODING and kind == DEFUSE:
            held = self.table.rname[spec.title] if spec.title >= 0 else "Defuse"
            return "Defuse", f"you hold no {held}"
        if phase == EXPLODING:
            return bomb, f"you drew {a_or_an(bomb)}: play a Defuse"
        if kind == DEFUSE:
            return "Defuse", f"a Defuse is played only when you draw {a_or_an(bomb)}"
        if phase == PLACING:
            if kind == PLACE:
                return "Defuse", f"put the {bomb} at a position 0..{len(self.pile)} (0 = top)"
            return "Defuse", f"put the defused {bomb} back in the Draw Pile first"
        if kind == PLACE:
            return "Defuse", f"there is no defused {bomb} to put back"
        if phase == GIVING:
            if kind == GIVE:
                return "Favor", f"you hold no {ed.names[spec.title]} to give"
            return "Favor", f"seat {self.actor} must first choose a card to give"
        if kind == GIVE:
            return "Favor", "nobody asked you for a Favor"
        if phase == TAKING:
            if kind == TAKE:
                return "Five different cards", f"no {ed.names[spec.title]} in the Discard Pile"
            return "Five different cards", "take a card from the Discard Pile first"
        if kind == TAKE:
            return "Five different cards", "there is nothing to take now"
        return self._explain_turn(spec, text)

    def _uses_clone(self, spec: Spec) -> bool:
        clone = self.table.clone
        return clone >= 0 and (spec.title == clone or (spec.kind == PAIR and spec.arg == clone))

    def _explain_clone(self, spec: Spec) -> tuple[str, str]:
        """Why a Clone cannot be played so now (RULINGS §3)."""
        tb = self.table
        held, names = self.rk[self.actor], tb.rname
        if not held[tb.clone]:
            return "Clone", "you hold no Clone"
        if spec.kind == PAIR:
            if not held[spec.title]:
                return "Two of a Kind", f"you hold no {names[spec.title]} to pair with a Clone"
            return self._explain_target("Two of a Kind", spec.target)
        if not self.discard:
            return "Clone", "the Discard Pile is empty: a Clone has nothing to copy"
        top = self._top_rank()
        if top == tb.clone:
            return "Clone", "you cannot play a Clone on top of another Clone"
        if top != spec.arg:
            on_top, asked = names[top], names[spec.arg]
            return "Clone", f"a Clone copies the top of the Discard Pile ({on_top}), not {asked}"
        return self._explain_target("Clone", spec.target)

    def _explain_target(self, rule: str, target: int) -> tuple[str, str]:
        if target == self.current:
            return rule, "choose another player"
        if 0 <= target < self.n and not self.alive[target]:
            return rule, f"seat {target} is not a living player"
        return rule, "not legal now"

    def _explain_turn(self, spec: Spec, text: str) -> tuple[str, str]:
        tb, kind, p = self.table, spec.kind, self.current
        held, names = self.rk[p], tb.rname
        rule = {PLAY: "", PLAY_AT: "", PAIR: "Two of a Kind", TRIPLE: "Three of a Kind"}.get(
            kind, "Five different cards"
        )
        if kind in (PLAY, PLAY_AT):
            rule = names[spec.title]
        jokers = held[tb.wild] if tb.wild >= 0 else 0
        if spec.wild > jokers:
            return rule, f"needs {spec.wild} joker(s), you hold {jokers}"
        if kind == FIVE:
            if not self.five_on:
                return rule, "this game was started without the five_different option"
            missing = [names[r] for r in tb.holdable if spec.arg >> r & 1 and not held[r]]
            return rule, f"you hold no {', '.join(missing)}"
        need = COMBO_SIZE[kind] - spec.wild
        if held[spec.title] < need:
            have = held[spec.title]
            return rule, f"needs {need} {names[spec.title]}, you hold {have}"
        if spec.target >= 0:
            return self._explain_target(rule, spec.target)
        return "turn", f"{text!r} is not legal now"

    # -- turns ---------------------------------------------------------------------------------
    def _next_alive(self, seat: int) -> int:
        """Order of play is clockwise by seat; a dead player is skipped (RULINGS §1)."""
        n, alive = self.n, self.alive
        q = (seat + 1) % n
        while not alive[q]:
            q = (q + 1) % n
        return q

    def _begin_turns(self, seat: int, owed: int, attacked: bool) -> Event:
        self.current = self.actor = seat
        self.owed, self.attacked, self.phase = owed, attacked, TURN
        return Event("turn", seat, {"owed": owed})

    def _end_one_turn(self, p: int) -> list[Event]:
        """Drawing, a Skip or a Defuse ends exactly one owed turn (RULINGS §1)."""
        self.turns += 1
        self.owed -= 1
        if self.owed > 0:
            self.phase, self.actor = TURN, p
            return [Event("turn", p, {"owed": self.owed})]
        return [self._begin_turns(self._next_alive(p), 1, False)]

    def _draw(self, bottom: bool = False) -> list[Event]:
        """ "End your turn by drawing the top card of the Draw Pile into your hand" (or the
        bottom card, for Draw from the Bottom)."""
        p, ed = self.current, self.edition
        card = self.pile.pop(0) if bottom else self.pile.pop()
        self._learn_draw(p, 0 if bottom else len(self.pile), card, bottom)
        slug = ed.slugs[card]
        if self.table.is_bomb[card]:
            # Exploding Kitten: "Show it straight away."
            events = [Event("draw-bomb", p, {"card": slug})]
            self.limbo = card
            if self._can_defuse(p):
                self.phase, self.actor = EXPLODING, p
                return events
            return events + self._explode(p)
        self._gain(p, card)
        solo = self.table.solo[p]
        events = [Event("draw", p, {"card": slug}, solo), Event("draw", p, {"redacted": True})]
        return events + self._end_one_turn(p)

    def _explode(self, p: int) -> list[Event]:
        """Exploding without a Defuse: out; owed turns lost; the next player takes one normal
        turn (RULINGS §1). The Kitten goes face up in front of you, the hand face down."""
        ed = self.edition
        self.alive[p] = False
        self.boxed.append(self.limbo)  # face up in front of you (Dynamitt: out of the game)
        self.limbo = -1
        hand = self.hands[p]
        left = [t for t in range(ed.titles) for _ in range(hand[t])]
        # Original and Minions: "the rest of your cards face down" (edition field dead_hand);
        # Dynamitt: the hand goes to the discard pile.
        (self.discard if ed.dead_hand == "discard" else self.removed).extend(left)
        for t in set(left):
            self._gain(p, t, -hand[t])
        self.kh = {k: v for k, v in self.kh.items() if k[1] != p}
        self.turns += 1
        events = [Event("explode", p, {})]
        living = [q for q in range(self.n) if self.alive[q]]
        if len(living) == 1:
            self.winner = living[0]
            self.phase, self.actor = OVER, -1
            return [*events, Event("win", self.winner, {})]
        return [*events, self._begin_turns(self._next_alive(p), 1, False)]

    # -- playing cards and the reaction window -------------------------------------------------
    def _spend(self, p: int, rank: int, k: int) -> list[int]:
        """Move ``k`` cards of ``rank`` from ``p``'s hand to the Discard Pile, face up; the
        first of that rank in edition order (every card its own rank but in Dynamitt)."""
        if not self.table.grouped:
            self.hands[p][rank] -= k
            self.sizes[p] -= k
            self.discard += [rank] * k
            if self.kh:
                self._forget(p, rank, k)
            return [rank] * k
        cards = self._cards_of(p, rank, k)
        for t in cards:
            self._gain(p, t, -1)
            self.discard.append(t)
            if self.kh:
                self._forget(p, t, 1)
        return cards

    def _play(self, spec: Spec, action: int) -> list[Event]:
        p, tb = self.current, self.table
        kind, w = spec.kind, spec.wild
        if kind == FIVE:
            cards = [c for r in tb.holdable if spec.arg >> r & 1 for c in self._spend(p, r, 1)]
        elif kind == PAIR and spec.arg >= 0:  # a card and a Clone make a pair
            cards = self._spend(p, spec.title, 1) + self._spend(p, spec.arg, 1)
        else:
            cards = self._spend(p, spec.title, COMBO_SIZE[kind] - w)
        if w:  # jokers fill the other places (RULINGS §4)
            cards += self._spend(p, tb.wild, w)
        self.pending, self.pending_seat, self.nopes = spec, p, []
        data: dict[str, Any] = {"action": tb.texts[action]}
        if tb.grouped:
            data["cards"] = [self.edition.slugs[c] for c in cards]
        events = [Event("play", p, data)]
        # A Nope cannot cancel a play that includes a face card (Dynamitt, RULINGS §4).
        proof = tb.nope_proof
        self.queue = [] if any(proof[c] for c in cards) else self._others_from_left(p)
        return events + self._advance_window()

    def _others_from_left(self, seat: int) -> list[int]:
        """Every other living player, in seat order from ``seat``'s left (RULINGS §1)."""
        return list(self.table.others_from_left(seat, tuple(self.alive)))

    def _advance_window(self) -> list[Event]:
        """Ask the next seat that holds a Nope; when nobody is left, the window passes.
        Players holding no Nope are not asked (RULINGS §1)."""
        queue, held = self.queue, self.rk
        nope, clone = self.table.nope_t, self.table.clone
        while queue:
            q = queue[0]
            if held[q][nope] or (clone >= 0 and self._can_answer(q)):
                self.phase, self.actor = REACT, q
                return []
            queue.pop(0)
        return self._resolve()

    def _nope(self, spec: Spec) -> list[Event]:
        """A Nope opens a new window for everyone but its player (RULINGS §1: "Yup"). A
        Clone copying a Nope is a Nope (RULINGS §3)."""
        s = self.actor
        rank = self.table.nope_t if spec.title < 0 else spec.title
        card = self._spend(s, rank, 1)[0]
        self.nopes.append(s)
        self.queue = self._others_from_left(s)
        data: dict[str, Any] = {"depth": len(self.nopes)}
        if spec.title >= 0 or self.table.grouped:
            data["card"] = self.edition.slugs[card]
        events = [Event("nope", s, data)]
        return events + self._advance_window()

    def _pass(self) -> list[Event]:
        s = self.queue.pop(0)
        # No observation reveals who was asked or who passed: only the passer sees this.
        return [Event("pass", s, {}, self.table.solo[s]), *self._advance_window()]

    def _resolve(self) -> list[Event]:
        """The whole window passed: an odd number of Nopes cancels the play."""
        spec, p = self.pending, self.pending_seat
        assert spec is not None
        self.pending, self.queue = None, []
        self.phase, self.actor = TURN, self.current
        nopes, self.nopes = len(self.nopes), []
        if nopes % 2:
            # "A Nope cancels the card beneath it as if it had never been played."
            return [Event("noped", p, {"action": self.table.texts[self.table.index[spec]]})]
        kind = spec.kind
        if kind == PLAY:  # a Clone (arg) adopts the rules of the card it copies
            acts_as = spec.arg if spec.arg >= 0 else spec.title
            return self.EFFECTS[self.table.reffect[acts_as]](self, p)
        if kind == PLAY_AT:
            return self._favor(p, spec.target)
        if kind == PAIR:
            return self._two_of_a_kind(p, spec.target)
        if kind == TRIPLE:
            return self._three_of_a_kind(p, spec.target, spec.arg)
        return self._five_different(p)

    # -- one function per card effect ------------------------------------------------------------
    def _attack(self, p: int) -> list[Event]:
        """Attack: end your turn without drawing; the next player owes 2 turns. Under attack,
        hand over every untaken turn, the current one included, plus 2 (RULINGS §1)."""
        owed = self.owed + 2 if self.attacked else 2
        self.turns += 1
        nxt = self._next_alive(p)
        return [Event("attack", p, {"next": nxt, "owed": owed}), self._begin_turns(nxt, owed, True)]

    def _skip(self, p: int) -> list[Event]:
        """Skip ends exactly one owed turn without drawing (RULINGS §1)."""
        return [Event("skip", p, {}), *self._end_one_turn(p)]

    def _shuffle(self, p: int) -> list[Event]:
        """Shuffle is a uniform random shuffle of the Draw Pile (RULINGS §1)."""
        self.rng.shuffle(self.pile)
        for known in self.pk:
            known.clear()
        return [Event("shuffle", p, {})]

    def _see_the_future(self, p: int) -> list[Event]:
        """Privately look at the top 3 cards (fewer if the pile is shorter)."""
        pile, known, slugs = self.pile, self.pk[p], self.edition.slugs
        top = len(pile) - 1
        seen = [pile[top - i] for i in range(min(FUTURE, len(pile)))]
        for i, card in enumerate(seen):
            known[top - i] = card
        cards = [slugs[c] for c in seen]
        return [
            Event("see-the-future", p, {"cards": cards}, self.table.solo[p]),
            Event("see-the-future", p, {"redacted": True}),
        ]

    def _favor(self, p: int, target: int) -> list[Event]:
        """Favor: the target chooses which card to give; an empty hand gives nothing."""
        if not self.sizes[target]:
            return [Event("favor-empty", p, {"target": target})]
        self.phase, self.actor = GIVING, target
        return [Event("favor", p, {"target": target})]

    def _two_of_a_kind(self, p: int, target: int) -> list[Event]:
        """Two of a Kind: steal a uniformly random card from the target."""
        if not self.sizes[target]:
            return [Event("steal-empty", p, {"target": target})]
        pick = self.rng.randrange(self.sizes[target])
        hand = self.hands[target]
        card = 0
        while pick >= hand[card]:
            pick -= hand[card]
            card += 1
        self._hand_over(target, p, card, public=False)
        slug = self.edition.slugs[card]
        return [
            Event("steal", p, {"target": target, "card": slug}, frozenset({p, target})),
            Event("steal", p, {"target": target, "redacted": True}),
        ]

    def _three_of_a_kind(self, p: int, target: int, named: int) -> list[Event]:
        """Three of a Kind: name a card (a rank); if the target has one they give it."""
        rank = self.table.rslug[named]
        if not self.rk[target][named]:
            return [Event("name-miss", p, {"target": target, "card": rank})]
        card = self._cards_of(target, named, 1)[0]
        self._hand_over(target, p, card, public=True)
        data = {"target": target, "card": rank}
        if self.table.grouped:
            data["given"] = self.edition.slugs[card]
        return [Event("name-hit", p, data)]

    def _five_different(self, p: int) -> list[Event]:
        """Five different cards (option): take any card from the Discard Pile."""
        self.phase, self.actor = TAKING, p
        return [Event("five", p, {})]

    def _draw_from_the_bottom(self, p: int) -> list[Event]:
        """Draw from the Bottom ends one owed turn by drawing the bottom card (RULINGS §1)."""
        return [Event("draw-bottom", p, {}), *self._draw(bottom=True)]

    EFFECTS: ClassVar[dict[str, Callable[[KittensState, int], list[Event]]]] = {
        "attack": _attack,
        "skip": _skip,
        "shuffle": _shuffle,
        "see-the-future": _see_the_future,
        "draw-bottom": _draw_from_the_bottom,
    }

    # -- follow-up decisions ---------------------------------------------------------------------
    def _give(self, title: int) -> list[Event]:
        """The Favor target hands over the card they chose."""
        v, p = self.actor, self.current
        self._hand_over(v, p, title, public=False)
        self.phase, self.actor = TURN, p
        slug = self.edition.slugs[title]
        return [
            Event("give", v, {"to": p, "card": slug}, frozenset({p, v})),
            Event("give", v, {"to": p, "redacted": True}),
        ]

    def _defuse(self, spec: Spec) -> list[Event]:
        """Defuse: never Nopable; put the Defuse on the Discard Pile, then place the Kitten.
        A Clone is a Defuse when a Defuse lies on top of the Discard Pile (RULINGS §3)."""
        p = self.actor
        rank = self.table.defuse_t if spec.title < 0 else spec.title
        card = self._spend(p, rank, 1)[0]
        self.phase = PLACING
        show = spec.title >= 0 or self.table.grouped
        data = {"card": self.edition.slugs[card]} if show else {}
        return [Event("defuse", p, data)]

    def _place(self, position: int) -> list[Event]:
        """Secretly put the Kitten back at any position 0..len (0 = top), private to its
        player; the Defuse ends one owed turn (RULINGS §1)."""
        p, pile = self.actor, self.pile
        index = len(pile) - position
        bomb, self.limbo = self.limbo, -1
        pile.insert(index, bomb)
        for seat, known in enumerate(self.pk):
            if seat == p:
                self.pk[p] = {(i + 1 if i >= index else i): c for i, c in known.items()}
                self.pk[p][index] = bomb
            else:
                known.clear()  # positions shifted by an amount this seat cannot know
        card = self.edition.slugs[bomb]  # shown to all when it was drawn
        events = [
            Event("place", p, {"card": card, "position": position}, self.table.solo[p]),
            Event("place", p, {"card": card, "redacted": True}),
        ]
        return events + self._end_one_turn(p)

    def _take(self, title: int) -> list[Event]:
        p, discard = self.actor, self.discard
        at = len(discard) - 1 - discard[::-1].index(title)
        del discard[at]
        self._gain(p, title)
        for s in range(self.n):
            if s != p:
                key = (s, p, title)
                self.kh[key] = self.kh.get(key, 0) + 1
        self.phase = TURN
        return [Event("take", p, {"card": self.edition.slugs[title]})]

    # -- knowledge -------------------------------------------------------------------------------
    def _forget(self, holder: int, title: int, k: int) -> None:
        """``holder`` lost ``k`` cards of ``title`` in view of everyone."""
        kh = self.kh
        for s in range(self.n):
            key = (s, holder, title)
            if key in kh:
                left = kh[key] - k
                if left > 0:
                    kh[key] = left
                else:
                    del kh[key]

    def _learn_draw(self, p: int, index: int, card: int, bottom: bool = False) -> None:
        """Whoever knew the drawn card now knows ``p`` holds it. Drawing from the bottom
        moves every other card one place down the list."""
        bomb = self.table.is_bomb[card]
        for s, known in enumerate(self.pk):
            if known and known.pop(index, None) is not None and s != p and not bomb:
                key = (s, p, card)
                self.kh[key] = self.kh.get(key, 0) + 1
            if bottom and known:
                self.pk[s] = {i - 1: c for i, c in known.items()}

    def _hand_over(self, v: int, p: int, title: int, *, public: bool) -> None:
        """Card ``title`` passes from ``v`` to ``p``; in public (named) or in private."""
        self._gain(v, title, -1)
        self._gain(p, title)
        kh = self.kh
        if public:
            self._forget(v, title, 1)
            watchers = [s for s in range(self.n) if s != p]
        else:
            # The taker knows which card left; anyone else only that one card did, so each
            # title they knew in v's hand may be the one that went.
            for key in [k for k in kh if k[1] == v and (k[0] != p or k[2] == title)]:
                kh[key] -= 1
                if not kh[key]:
                    del kh[key]
            watchers = [v]
        for s in watchers:
            key = (s, p, title)
            kh[key] = kh.get(key, 0) + 1

    # -- observation ---------------------------------------------------------------------------
    def _pending_text(self) -> str:
        if self.pending is None:
            return "nothing"
        return self.table.texts[self.table.index[self.pending]]

    def _slugs(self, cards: list[int]) -> list[str]:
        slugs = self.edition.slugs
        return [slugs[c] for c in cards]

    def _hand_slugs(self, seat: int) -> list[str]:
        hand, slugs = self.hands[seat], self.edition.slugs
        return sorted(slugs[t] for t in range(len(hand)) for _ in range(hand[t]))

    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know: its hand, every public pile and count, the pending play,
        and what it saw (See the Future, its own Kitten placement, cards handed to it)."""
        pending = None
        if self.pending is not None:
            pending = {
                "seat": self.pending_seat,
                "action": self._pending_text(),
                "nopes": list(self.nopes),
            }
        public_actor = self.phase != REACT or self.actor == seat
        obs: Observation = {
            "game": self.game_id,
            "seat": seat,
            "players": self.n,
            "phase": PHASES[self.phase],
            "current": self.current,
            "to_act": self.to_act if public_actor else None,
            "turns_owed": self.owed,
            "attacked": self.attacked,
            "alive": list(self.alive),
            "hand_sizes": list(self.sizes),
            "draw_pile_size": len(self.pile),
            "bombs_in_pile": sum(self.table.is_bomb[c] for c in self.pile),
            "discard_pile": self._slugs(self.discard[::-1]),
            "out_of_game": sorted(self._slugs(self.boxed)),
            "out_of_game_face_down": len(self.removed),
            "pending": pending,
            "drawn_bomb": self.edition.slugs[self.limbo] if self.limbo >= 0 else None,
            "turns": self.turns,
            "winner": self.winner if self.winner >= 0 else None,
        }
        if seat is not None:
            top = len(self.pile) - 1
            slugs = self.edition.slugs
            obs["hand"] = self._hand_slugs(seat)
            obs["known_pile"] = {str(top - i): slugs[c] for i, c in sorted(self.pk[seat].items())}
            known: dict[str, list[str]] = {}
            for (s, q, t), k in sorted(self.kh.items()):
                if s == seat:
                    known.setdefault(str(q), []).extend([slugs[t]] * k)
            obs["known_hands"] = {q: sorted(cards) for q, cards in known.items()}
        return obs

    # -- determinisation -------------------------------------------------------------------------
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with what ``seat`` knows: other hands, the unseen part of
        the Draw Pile and the face-down cards out of the game are dealt again at random; the
        hidden RNG is reseeded; other seats' private knowledge is dropped, and so is the
        history (a sample is a possible present, not a replay).

        What every seat sees is kept true in the sample: a seat asked to defuse holds a
        Defuse, and in an open reaction window somebody ahead of ``seat`` can answer. The
        sample is drawn again until it agrees (rejection keeps it uniform among the states
        that do); after ``SAMPLE_TRIES`` a hidden card is swapped in instead."""
        for _ in range(SAMPLE_TRIES):
            s = self._resample(seat, rng)
            if s._fits(seat):
                return s
        s = self._resample(seat, rng)
        if s._make_fit(seat, rng):
            return s
        # Unreachable from a real game (its own deal fits); keep the true hidden cards.
        s = self.clone()
        s.rng, s.hist = random.Random(rng.getrandbits(64)), []
        s.pk = [dict(self.pk[seat]) if q == seat else {} for q in range(self.n)]
        s.kh = {k: v for k, v in self.kh.items() if seat in (k[0], k[1])}
        return s

    def _resample(self, seat: int, rng: random.Random) -> Self:
        s = self.clone()
        is_bomb = self.table.is_bomb
        mine = self.kh
        pool: list[int] = []
        fixed: list[list[int]] = []
        for q in range(self.n):
            keep = [0] * self.edition.titles
            if q != seat:
                for t in range(self.edition.titles):
                    keep[t] = min(mine.get((seat, q, t), 0), self.hands[q][t])
                    pool += [t] * (self.hands[q][t] - keep[t])
            fixed.append(keep)
        seen = self.pk[seat]
        slots = [i for i in range(len(self.pile)) if i not in seen]
        pool += [self.pile[i] for i in slots] + self.removed
        # Sorted first, so that the sample depends on what the seat knows, not on where the
        # hidden cards really lie (two worlds that look alike give the same sample).
        bombs = sorted(c for c in pool if is_bomb[c])
        cards = sorted(c for c in pool if not is_bomb[c])
        rng.shuffle(cards)
        rng.shuffle(bombs)
        bomb_slots = set(rng.sample(slots, len(bombs)))
        for i in slots:
            s.pile[i] = bombs.pop() if i in bomb_slots else cards.pop()
        for q in range(self.n):
            if q == seat:
                continue
            hand = fixed[q]
            for _ in range(self.sizes[q] - sum(hand)):
                hand[cards.pop()] += 1
            s.hands[q] = hand
        s.removed = cards
        s._recount()
        s.rng = random.Random(rng.getrandbits(64))
        s.hist = []
        s.pk = [dict(seen) if q == seat else {} for q in range(self.n)]
        s.kh = {k: v for k, v in self.kh.items() if k[0] == seat or k[1] == seat}
        s._legal = None
        if s.phase == REACT and s.actor != seat:
            owner = s.nopes[-1] if s.nopes else s.pending_seat
            s.queue = [q for q in s._others_from_left(owner) if q != seat or seat in self.queue]
        return s

    def _fits(self, seat: int) -> bool:
        """Whether a sample for ``seat`` agrees with what ``seat`` sees of the real game."""
        if self.actor == seat:
            return True
        if self.phase == EXPLODING:
            return self._can_defuse(self.actor)
        if self.phase == REACT:
            return self._ask_first_nope_holder(seat)
        return True

    def _can_defuse(self, p: int) -> bool:
        """Holds a Defuse (any Defuse rank), or a Clone with a Defuse on top (RULINGS §3)."""
        held, ranks = self.rk[p], self.table.defuse_ranks
        return any(held[r] for r in ranks) or any(self._clone_copies(held, r) for r in ranks)

    def _ask_first_nope_holder(self, seat: int) -> bool:
        """In a window sampled for ``seat``, ask the first queued seat that can answer. The
        sample fits only if that is someone other than ``seat`` (who sees it is not asked)."""
        queue = list(self.queue)
        while queue and not self._can_answer(queue[0]):
            queue.pop(0)
        if queue and queue[0] != seat:
            self.queue, self.actor = queue, queue[0]
            return True
        return False

    def _make_fit(self, seat: int, rng: random.Random) -> bool:
        """Swap a hidden Defuse or Nope into a hand so that the sample fits."""
        if self.phase == EXPLODING:
            return self._swap_in(self.actor, self.table.defuse_t, seat, rng)
        if self.phase != REACT:
            return True
        queue = self.queue
        ahead = [q for q in queue if q != seat]
        if seat in queue and self._can_answer(seat):
            ahead = queue[: queue.index(seat)]  # seat would be asked: someone before it was
        rng.shuffle(ahead)
        return any(
            self._swap_in(q, self.table.nope_t, seat, rng) and self._ask_first_nope_holder(seat)
            for q in ahead
        )

    def _swap_in(self, holder: int, rank: int, seat: int, rng: random.Random) -> bool:
        """Exchange a card of ``holder`` that ``seat`` does not know of for a hidden card of
        ``rank`` lying elsewhere (unseen pile slot, face-down pile, another unknown hand)."""
        known, hand, rank_of = self.kh, self.hands[holder], self.table.rank_of
        spare = [
            t
            for t in self.table.hold_titles
            if rank_of[t] != rank
            for _ in range(hand[t] - known.get((seat, holder, t), 0))
        ]
        places: list[tuple[str, int, int]] = [
            ("pile", i, c)
            for i, c in enumerate(self.pile)
            if rank_of[c] == rank and i not in self.pk[seat]
        ]
        places += [("removed", i, c) for i, c in enumerate(self.removed) if rank_of[c] == rank]
        places += [
            ("hand", q, t)
            for q in range(self.n)
            if q not in (seat, holder)
            for t in self.table.members[rank]
            if self.hands[q][t] > known.get((seat, q, t), 0)
        ]
        if not spare or not places:
            return False
        give = rng.choice(spare)
        where, i, card = rng.choice(places)
        if where == "pile":
            self.pile[i] = give
        elif where == "removed":
            self.removed[i] = give
        else:
            self.hands[i][card] -= 1
            self.hands[i][give] += 1
        hand[give] -= 1
        hand[card] += 1
        self._recount()
        return True

    def clone(self) -> Self:
        cls = type(self)
        s = cls.__new__(cls)
        s.n, s.options, s.five_on, s.table = self.n, self.options, self.five_on, self.table
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.hands = [list(h) for h in self.hands]
        s.sizes = list(self.sizes)
        s.rk = s.hands if not self.table.grouped else [list(r) for r in self.rk]
        s.limbo = self.limbo
        s.pile, s.discard = list(self.pile), list(self.discard)
        s.removed, s.boxed = list(self.removed), list(self.boxed)
        s.alive = list(self.alive)
        s.current, s.owed, s.attacked = self.current, self.owed, self.attacked
        s.phase, s.actor = self.phase, self.actor
        s.pending, s.pending_seat = self.pending, self.pending_seat
        s.nopes, s.queue = list(self.nopes), list(self.queue)
        s.pk = [dict(k) for k in self.pk]
        s.kh = dict(self.kh)
        s.turns, s.winner, s.hist = self.turns, self.winner, list(self.hist)
        s._legal = None
        return s

    # -- words ---------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return describe_event(self.edition, event)

    def opening(self) -> list[Event]:
        """Each player looks at their hand ("Look at yours but keep them secret")."""
        return [
            Event("hand", q, {"cards": self._hand_slugs(q)}, self.table.solo[q])
            for q in range(self.n)
        ]

    def action_text(self, action: int) -> str:
        if not 0 <= action < len(self.table):
            raise BadInput("action", f"an action id in 0..{len(self.table) - 1}, got {action}")
        return self.table.text(action)

    def parse_action(self, text: str) -> int:
        return self.table.parse(text)

    # -- serialisation -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.game_id,
            "players": self.n,
            "options": dict(self.options),
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "boxed": list(self.boxed),
            "alive": list(self.alive),
            "current": self.current,
            "owed": self.owed,
            "attacked": self.attacked,
            "phase": PHASES[self.phase],
            "actor": self.actor,
            "pending": None if self.pending is None else list(self.pending),
            "pending_seat": self.pending_seat,
            "nopes": list(self.nopes),
            "queue": list(self.queue),
            "pile_knowledge": [{str(i): c for i, c in sorted(k.items())} for k in self.pk],
            "hand_knowledge": [[*k, v] for k, v in sorted(self.kh.items())],
            "turns": self.turns,
            "winner": self.winner,
            "drawn_bomb": self.limbo,
            "history": list(self.hist),
            "rng": [version, list(internal), gauss],
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Self:
        try:
            return cls._from_json(raw)
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise BadInput("state", f"a state written by to_json ({err!r})") from None

    @classmethod
    def _from_json(cls, raw: dict[str, Any]) -> Self:
        if raw["game"] != cls.game_id:
            raise BadInput("state.game", f"{cls.game_id!r}, got {raw['game']!r}")
        version, internal, gauss = raw["rng"]
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
        s = cls(int(raw["players"]), dict(raw["options"]), rng)
        s.hands = [list(map(int, h)) for h in raw["hands"]]
        s._recount()
        s.limbo = int(raw["drawn_bomb"])
        s.pile, s.discard = list(raw["pile"]), list(raw["discard"])
        s.removed, s.boxed = list(raw["removed"]), list(raw["boxed"])
        s.alive = [bool(a) for a in raw["alive"]]
        s.current, s.owed, s.attacked = raw["current"], raw["owed"], bool(raw["attacked"])
        s.phase, s.actor = PHASES.index(raw["phase"]), raw["actor"]
        s.pending = None if raw["pending"] is None else Spec(*raw["pending"])
        s.pending_seat, s.nopes, s.queue = raw["pending_seat"], raw["nopes"], raw["queue"]
        s.pk = [{int(i): c for i, c in k.items()} for k in raw["pile_knowledge"]]
        s.kh = {(a, b, c): v for a, b, c, v in raw["hand_knowledge"]}
        s.turns, s.winner, s.hist = raw["turns"], raw["winner"], list(raw["history"])
        return s

    # -- scenarios -------------------------------------------------------------------------------
    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> Self:
        """A state laid out by hand: see docs/scenarios.md for the fields."""
        s = cls(players, options, random.Random(seed))
        known = {
            "hands", "draw_pile", "discard_pile", "removed", "out_of_game", "current",
            "turns_owed", "attacked", "alive",
        }  # fmt: skip
        for key in setup:
            if key not in known:
                raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(known))}")
        hands = setup.get("hands", [[] for _ in range(players)])
        if not isinstance(hands, list) or len(hands) != players:
            raise BadInput("setup.hands", f"a list of {players} hands (one per seat)")
        for seat, hand in enumerate(hands):
            for t in s._rig_cards(hand, f"setup.hands[{seat}]"):
                s.hands[seat][t] += 1
        s._recount()
        s.pile = s._rig_cards(setup.get("draw_pile", []), "setup.draw_pile")[::-1]
        s.discard = s._rig_cards(setup.get("discard_pile", []), "setup.discard_pile")[::-1]
        s.removed = s._rig_cards(setup.get("removed", []), "setup.removed")
        s.boxed = s._rig_cards(setup.get("out_of_game", []), "setup.out_of_game")
        alive = setup.get("alive", [True] * players)
        if not isinstance(alive, list) or len(alive) != players:
            raise BadInput("setup.alive", f"a list of {players} true/false values")
        s.alive = [bool(a) for a in alive]
        s.current = s.actor = _rig_int(setup, "current", 0, 0, players - 1)
        if not s.alive[s.current]:
            raise BadInput("setup.current", "a living seat")
        s.owed = _rig_int(setup, "turns_owed", 1, 1, 99)
        attacked = setup.get("attacked", s.owed > 1)
        if not isinstance(attacked, bool):
            raise BadInput("setup.attacked", "true or false")
        s.attacked = attacked
        return s

    def _rig_cards(self, cards: Any, field: str) -> list[int]:
        if not isinstance(cards, list):
            raise BadInput(field, "a list of card names")
        out = []
        for i, slug in enumerate(cards):
            if not isinstance(slug, str) or slug not in self.edition.slugs:
                raise BadInput(f"{field}[{i}]", f"a card, one of {', '.join(self.edition.slugs)}")
            out.append(self.edition.slugs.index(slug))
        return out

    def facts(self) -> dict[str, Any]:
        slugs = self.edition.slugs
        return {
            "to_act": self.to_act,
            "phase": PHASES[self.phase],
            "current": self.current,
            "turns_owed": self.owed,
            "attacked": self.attacked,
            "alive": list(self.alive),
            "winner": self.winner if self.winner >= 0 else None,
            "over": self.phase == OVER,
            "hands": {str(q): self._hand_slugs(q) for q in range(self.n)},
            "hand_sizes": list(self.sizes),
            "draw_pile": self._slugs(self.pile[::-1]),
            "draw_pile_size": len(self.pile),
            "draw_pile_counts": dict(Counter(slugs[c] for c in self.pile)),
            "discard_pile": self._slugs(self.discard[::-1]),
            "discard_top": slugs[self.discard[-1]] if self.discard else None,
            "out_of_game": dict(Counter(slugs[c] for c in self.boxed)),
            "out_of_game_face_down": len(self.removed),
            "cards_in_play": self.card_count(),
            "turns": self.turns,
            "pending": None if self.pending is None else self._pending_text(),
            "nopes": len(self.nopes),
            "legal": [self.table.text(a) for a in self.legal_actions()],
        }

    #: Facts compared as unordered lists by the scenario runner.
    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset({"hands", "legal"})

    def card_count(self) -> int:
        """Every card, wherever it lies: hands, piles, out of the game, and a drawn Kitten
        waiting to be defused and put back."""
        drawn_bomb = 1 if self.limbo >= 0 else 0
        return (
            sum(self.sizes) + len(self.pile) + len(self.discard) + len(self.removed)
            + len(self.boxed) + drawn_bomb
        )  # fmt: skip


#: The phase in which each kind of Clone play can be made.
_CLONE_PHASES = frozenset(
    {(PLAY, TURN), (PLAY_AT, TURN), (PAIR, TURN), (NOPE, REACT), (DEFUSE, EXPLODING)}
)


def _rig_int(setup: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    value = setup.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadInput(f"setup.{key}", f"an integer in {lo}..{hi}, got {value!r}")
    return value


__all__ = ["KittensState"]

"""The exploding family's rules: turns, owed turns, reaction windows, bombs, defuses, combos.

One class plays every edition; an edition is data (``original.toml``, ``minions.toml``,
``dynamitt.toml``). The rules follow the rulebooks' order: setting up, a turn (play cards,
then draw), the reaction window of a Nope, each card's effect, drawing a bomb and defusing
it, and the decisions that follow a play. Comments cite the rulebooks (Exploding Kittens,
Original Edition; Exploding Minions) by heading, and docs/rulings.md §1 to §4 for the
project's rulings. The fields are declared in ``fields.py``; the deal's values and small
queries live in ``core.py``; what each seat knows in ``knowledge.py``; sampling in
``sample.py``; JSON, rigs and facts in ``record.py``; why an action is illegal in
``explain.py``."""

from __future__ import annotations

from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from kaboom.engine.chance import shuffle
from kaboom.engine.errors import BadOption
from kaboom.engine.events import Event
from kaboom.engine.parsing import check_action_id
from kaboom.games._nope import ReactionWindow, attack_owed
from kaboom.games.kittens import events, explain, knowledge
from kaboom.games.kittens.actions import (
    COMBO_SIZE,
    DEFUSE,
    DRAW,
    EXPLODE,
    FIVE,
    GIVE,
    NOPE,
    PAIR,
    PASS,
    PLACE,
    PLAY,
    PLAY_AT,
    TRIPLE,
    Spec,
)
from kaboom.games.kittens.core import (
    EXPLODING,
    GIVING,
    OVER,
    PLACING,
    REACT,
    TAKING,
    TURN,
)
from kaboom.games.kittens.record import KittensRecord
from kaboom.i18n import _

__all__ = ["FUTURE", "KittensRules"]

#: How many cards See the Future shows (docs/rulings.md §1: fewer if the pile is shorter).
FUTURE: Final = 3


@mypyc_attr(allow_interpreted_subclasses=True)
class KittensRules(KittensRecord):
    """The rules of every exploding-family edition, in the rulebooks' order; ``KittensState``
    (``state.py``) is the class the editions' games register."""

    __slots__ = ()

    # -- setting up --------------------------------------------------------------------------
    def _setup(self, first: int) -> None:
        """Deal a new game (rulebook, "Setting up for 2 to 5 players")."""
        ed, tb, players = self.edition, self.table, self.n
        if not ed.min_players <= players <= ed.max_players:  # a deck file's own seats
            raise BadOption(
                "players",
                _("{game} takes {low} to {high}, got {players}").format(
                    game=_(ed.name), low=ed.min_players, high=ed.max_players, players=players
                ),
            )
        # The card sets for this player count (Minions; Dynamitt's decks); the Original all.
        counts = self.deck_counts(players, self.options)
        kind = [tb.reffect[tb.rank_of[t]] for t in range(ed.titles)]
        deck = [t for t in range(ed.titles) if kind[t] not in ("bomb", "defuse")]
        deck = [t for t in deck for _n in range(counts[t])]
        deck += self._deal_defuses([t for t in range(ed.titles) if kind[t] == "defuse"], counts)
        # "Shuffle and deal 7 cards face down to each player."
        shuffle(self.rng, deck)
        for seat in range(players):
            for _n in range(ed.hand_size):
                self.hands[seat][deck.pop()] += 1
        self.recount()
        # Fast variant (docs/rulings.md §2): remove a random third, rounded down, unseen.
        if self.options.get("fast", False):
            cut = len(deck) // 3
            self.out_of_game_face_down = deck[:cut]
            deck = deck[cut:]
        deck += self._bombs_in_play([t for t in range(ed.titles) if kind[t] == "bomb"], counts)
        shuffle(self.rng, deck)
        self.pile = deck
        self.current = self.actor = first

    def _deal_defuses(self, titles: list[int], counts: list[int]) -> list[int]:
        """ "Take out all 6 Defuses and deal 1 to each player." (Dynamitt: one Q or K each.)
        Returns the Defuses that go back into the deck."""
        ed = self.edition
        defuses = [t for t in titles for _n in range(counts[t])]
        if len(set(defuses)) > 1:
            shuffle(self.rng, defuses)
        for seat in range(self.n):
            for _n in range(ed.defuses_per_player):
                self.hands[seat][defuses.pop()] += 1
        # "Shuffle 2 of the leftover Defuses back into the deck and remove the rest."
        # (Minions: "You will have some extra Defuse Cards, so put them back in the deck.")
        back = len(defuses)
        if ed.spare_defuses_back >= 0:
            back = min(ed.spare_defuses_back, back)
        self.out_of_game += defuses[: len(defuses) - back]
        return defuses[len(defuses) - back :]

    def _bombs_in_play(self, titles: list[int], counts: list[int]) -> list[int]:
        """ "Put Exploding Kittens back into the deck so there's 1 fewer than the number of
        players." Returns those; the others are out of the game."""
        bombs = [t for t in titles for _n in range(counts[t])]
        if len(set(bombs)) > 1:
            shuffle(self.rng, bombs)
        used = self.edition.bombs_for(self.n)
        self.out_of_game += bombs[used:]
        return bombs[:used]

    # -- what may be done now ----------------------------------------------------------------
    def _legal(self) -> list[int]:
        phase, tb = self.phase, self.table
        if phase == TURN:
            return self._turn_actions()
        if phase == REACT:
            return self._answers()
        if phase == GIVING:
            hand = self.hands[self.actor]
            return [tb.give[t] for t in tb.hold_titles if hand[t]]
        if phase == EXPLODING:
            held = self.ranks_held[self.actor]
            out = [tb.defuse_by_rank[r] for r in tb.defuse_ranks if held[r]]
            for r in tb.defuse_ranks:
                if self.clone_copies(held, r):
                    out.append(tb.clone_defuse_by_rank[r])
            # "Unless you play a Defuse, you're dead": exploding is a choice (the phase never
            # tells the table whether the drawer holds a Defuse), except where the edition
            # forces a Defuse held (Dynamitt, docs/rulings.md §1 "Exploding without a Defuse").
            if not self.must_defuse(self.actor):
                out.append(tb.explode)
            return out
        if phase == PLACING:
            return tb.place[: len(self.pile) + 1]
        if phase == TAKING:
            present = set(self.discard)
            return [tb.take[t] for t in tb.hold_titles if t in present]
        return []

    def _turn_actions(self) -> list[int]:
        """A turn: "Play as many cards as you'd like, or pass", then draw. Every card, pair
        and three the player can play now."""
        tb, p = self.table, self.current
        held, alive = self.ranks_held[p], self.alive
        # Per rank: alone, Two of a Kind (two of one rank), Three of a Kind (three, naming);
        # jokers fill places (docs/rulings.md §4).
        rows = tb.turn_rows(p, tuple(alive))
        jokers = held[tb.wild] if tb.wild >= 0 else 0
        j = jokers if jokers < 2 else 2
        out = [tb.draw]
        for r in tb.holdable:
            c = held[r]
            if c:
                out += rows[r][c if c < 3 else 3][j]
        if self.five_on:  # Five different cards (docs/rulings.md §1, option; §4 with jokers)
            mask = 0
            for r in tb.holdable:
                if held[r]:
                    mask |= 1 << r
            out += tb.five_rows(mask, jokers)
        if tb.clone >= 0 and held[tb.clone]:
            targets = [q for q in range(self.n) if alive[q] and q != p]
            out += self._clone_actions(held, targets)
        return out

    def _clone_actions(self, held: list[int], targets: list[int]) -> list[int]:
        """A Clone becomes the top card of the Discard Pile; or pairs with a card in hand
        (docs/rulings.md §3)."""
        tb = self.table
        out: list[int] = []
        if self.discard:
            top = self.top_rank()
            if tb.clone_play[top] >= 0:
                out.append(tb.clone_play[top])
            elif tb.clone_play_at[top][0] >= 0:
                out += [tb.clone_play_at[top][q] for q in targets]
        for r in tb.holdable:
            if held[r] and tb.clone_pair[r][0] >= 0:
                out += [tb.clone_pair[r][q] for q in targets]
        return out

    def _answers(self) -> list[int]:
        """In a reaction window: a Nope (or a Clone copying one), or let the play go."""
        tb, held = self.table, self.ranks_held[self.actor]
        out = [tb.nope] if held[tb.nope_t] else []
        if self.clone_copies(held, tb.nope_t):
            out.append(tb.clone_nope)
        return [*out, tb.pass_]

    def explain_illegal(self, action: object) -> tuple[str, str]:
        return explain.explain_illegal(self, check_action_id(action, self.num_distinct_actions))

    def _apply(self, action: int) -> list[Event]:
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
        if kind == EXPLODE:
            return self._explode(self.actor)
        if kind == PLACE:
            return self._place(spec.arg)
        return self._take(spec.title)

    # -- turns -------------------------------------------------------------------------------
    def _begin_turns(self, seat: int, owed: int, attacked: bool) -> Event:
        self.current = self.actor = seat
        self.turns_owed, self.attacked, self.phase = owed, attacked, TURN
        return events.turn(seat, owed)

    def _end_one_turn(self, p: int) -> list[Event]:
        """Drawing, a Skip or a Defuse ends exactly one owed turn (docs/rulings.md §1)."""
        self.turns += 1
        self.turns_owed -= 1
        if self.turns_owed > 0:
            self.phase, self.actor = TURN, p
            return [events.turn(p, self.turns_owed)]
        return [self._begin_turns(self.next_alive(p), 1, False)]

    # -- playing cards and the reaction window -----------------------------------------------
    def _spend(self, p: int, rank: int, k: int) -> list[int]:
        """Move ``k`` cards of ``rank`` from ``p``'s hand to the Discard Pile, face up; drawn
        at random among those of that rank (every card its own rank but in Dynamitt)."""
        if not self.table.grouped:
            self.hands[p][rank] -= k
            self.sizes[p] -= k
            self.discard += [rank] * k
            if self.known_hands:
                knowledge.forget(self, p, rank, k)
            return [rank] * k
        cards = self.cards_of(p, rank, k)
        for t in cards:
            self.gain(p, t, -1)
            self.discard.append(t)
            if self.known_hands:
                knowledge.forget(self, p, t, 1)
        return cards

    def _play(self, spec: Spec, action: int) -> list[Event]:
        """A card or combo goes face up on the Discard Pile; a reaction window opens."""
        p, tb = self.current, self.table
        kind, w = spec.kind, spec.wild
        if kind == FIVE:
            cards = [c for r in tb.holdable if spec.arg >> r & 1 for c in self._spend(p, r, 1)]
        elif kind == PAIR and spec.arg >= 0:  # a card and a Clone make a pair
            cards = self._spend(p, spec.title, 1) + self._spend(p, spec.arg, 1)
        else:
            cards = self._spend(p, spec.title, COMBO_SIZE[kind] - w)
        if w:  # jokers fill the other places (docs/rulings.md §4)
            cards += self._spend(p, tb.wild, w)
        data: events.Played = {"action": tb.texts[action]}
        if tb.grouped:
            data["cards"] = [self.edition.slugs[c] for c in cards]
        played = [events.play(p, data)]
        # A Nope cannot cancel a play that includes a face card (Dynamitt, docs/rulings.md §4).
        proof = tb.nope_proof
        asked = [] if any(proof[c] for c in cards) else self.others_from_left(p)
        self.window = ReactionWindow(spec, p, asked)
        return played + self._advance_window()

    def _advance_window(self) -> list[Event]:
        """Ask the next seat; when everyone has let the card go, the window passes. Every
        living player but the card's is asked, Nope in hand or not (docs/rulings.md §1)."""
        w = self.window
        assert w is not None
        q = w.next_asked()
        if q is not None:
            self.phase, self.actor = REACT, q
            return []
        return self._resolve(w)

    def _nope(self, spec: Spec) -> list[Event]:
        """A Nope opens a new window for everyone but its player (docs/rulings.md §1:
        "Yup"). A Clone copying a Nope is a Nope (docs/rulings.md §3)."""
        s, w = self.actor, self.window
        assert w is not None
        rank = self.table.nope_t if spec.title < 0 else spec.title
        card = self._spend(s, rank, 1)[0]
        w.nope(s, self.others_from_left(s))
        data: events.Nope = {"depth": len(w.nopes)}
        if spec.title >= 0 or self.table.grouped:
            data["card"] = self.edition.slugs[card]
        return [events.nope(s, data), *self._advance_window()]

    def _pass(self) -> list[Event]:
        assert self.window is not None
        s = self.window.passed()
        # No observation reveals who was asked or who passed: only the passer sees this.
        return [events.plain("pass", s, self.table.solo[s]), *self._advance_window()]

    def _resolve(self, w: ReactionWindow[Spec]) -> list[Event]:
        """The whole window passed: an odd number of Nopes cancels the play."""
        spec, p = w.play, w.player
        self.window = None
        if spec.kind == DEFUSE:
            return self._defuse_resolved(p, w.cancelled, self.table.texts[self.table.index[spec]])
        self.phase, self.actor = TURN, self.current
        if w.cancelled:
            # "A Nope cancels the card beneath it as if it had never been played."
            return [events.noped(p, self.table.texts[self.table.index[spec]])]
        kind = spec.kind
        if kind == PLAY:  # a Clone (arg) adopts the rules of the card it copies
            acts_as = spec.arg if spec.arg >= 0 else spec.title
            return self._card_effect(self.table.reffect[acts_as], p)
        if kind == PLAY_AT:
            return self._favor(p, spec.target)
        if kind == PAIR:
            return self._two_of_a_kind(p, spec.target)
        if kind == TRIPLE:
            return self._three_of_a_kind(p, spec.target, spec.arg)
        return self._five_different(p)

    # -- one function per card effect --------------------------------------------------------
    def _card_effect(self, effect: str, p: int) -> list[Event]:
        """The effect of a card played alone (and not Noped)."""
        if effect == "attack":
            return self._attack(p)
        if effect == "skip":
            return self._skip(p)
        if effect == "shuffle":
            return self._shuffle(p)
        if effect == "see-the-future":
            return self._see_the_future(p)
        if effect == "draw-bottom":
            return self._draw_from_the_bottom(p)
        raise AssertionError(f"no card is played alone for {effect!r}")

    def _attack(self, p: int) -> list[Event]:
        """Attack: "Do not draw any cards. Instead, immediately force the next player to take
        2 turns in a row." Under attack, hand over every untaken turn, the current one
        included, plus 2 (docs/rulings.md §1); the classic rule (edition or option
        ``attack``, docs/house-rules.md): always 2."""
        owed = attack_owed(self.turns_owed, self.attacked, self.edition.attack == "2025")
        self.turns += 1
        nxt = self.next_alive(p)
        return [events.attack(p, nxt, owed), self._begin_turns(nxt, owed, True)]

    def _skip(self, p: int) -> list[Event]:
        """Skip: "Immediately end your turn without drawing a card." It ends exactly one owed
        turn (docs/rulings.md §1)."""
        return [events.plain("skip", p), *self._end_one_turn(p)]

    def _shuffle(self, p: int) -> list[Event]:
        """Shuffle: "Shuffle the Draw Pile thoroughly", a uniform random shuffle
        (docs/rulings.md §1); nobody knows where any card lies any more."""
        shuffle(self.rng, self.pile)
        knowledge.forget_pile(self)
        return [events.plain("shuffle", p)]

    def _see_the_future(self, p: int) -> list[Event]:
        """See the Future: "Privately view the top 3 cards from the Draw Pile" (fewer if the
        pile is shorter, docs/rulings.md §1)."""
        pile, slugs = self.pile, self.edition.slugs
        top = len(pile) - 1
        seen = [pile[top - i] for i in range(min(FUTURE, len(pile)))]
        knowledge.learn_seen(self, p, {top - i: card for i, card in enumerate(seen)})
        cards = [slugs[c] for c in seen]
        return events.see_the_future(p, cards, self.table.solo[p])

    def _favor(self, p: int, target: int) -> list[Event]:
        """Favor: "Force any other player to give you 1 card from their hand. They choose
        which card to give you." An empty hand gives nothing."""
        if not self.sizes[target]:
            return [events.asked("favor-empty", p, target)]
        self.phase, self.actor = GIVING, target
        return [events.asked("favor", p, target)]

    def _two_of_a_kind(self, p: int, target: int) -> list[Event]:
        """Two of a Kind: "steal a random card from any player"."""
        if not self.sizes[target]:
            return [events.asked("steal-empty", p, target)]
        pick = self.rng.randrange(self.sizes[target])
        hand = self.hands[target]
        card = 0
        while pick >= hand[card]:
            pick -= hand[card]
            card += 1
        self._hand_over(target, p, card, public=False)
        slug = self.edition.slugs[card]
        return events.steal(p, target, slug)

    def _three_of_a_kind(self, p: int, target: int, named: int) -> list[Event]:
        """Three of a Kind: name a card (a rank); "if they have it, they must give it"."""
        rank = self.table.rslug[named]
        if not self.ranks_held[target][named]:
            self.absent.add((target, named))  # everyone now knows it holds none
            return [events.named("name-miss", p, {"target": target, "card": rank})]
        card = self.cards_of(target, named, 1)[0]
        self._hand_over(target, p, card, public=True)
        data: events.Named = {"target": target, "card": rank}
        if self.table.grouped:
            data["given"] = self.edition.slugs[card]
        return [events.named("name-hit", p, data)]

    def _five_different(self, p: int) -> list[Event]:
        """Five different cards (option): "take any card from the Discard Pile"."""
        self.phase, self.actor = TAKING, p
        return [events.plain("five", p)]

    def _draw_from_the_bottom(self, p: int) -> list[Event]:
        """Draw from the Bottom: end one owed turn by drawing the bottom card
        (docs/rulings.md §1)."""
        return [events.plain("draw-bottom", p), *self._draw(bottom=True)]

    # -- drawing, exploding and defusing -----------------------------------------------------
    def _draw(self, bottom: bool = False) -> list[Event]:
        """Drawing: "End your turn by drawing the top card of the Draw Pile into your hand"
        (or the bottom card, for Draw from the Bottom)."""
        p, ed = self.current, self.edition
        card = self.pile.pop(0) if bottom else self.pile.pop()
        knowledge.learn_draw(self, p, 0 if bottom else len(self.pile), card, bottom)
        slug = ed.slugs[card]
        if self.table.is_bomb[card]:
            # Exploding Kitten: "Show it straight away." "Unless you play a Defuse, you're
            # dead": every drawer decides, Defuse in hand or not (docs/rulings.md §1).
            self.drawn_bomb = card
            self.phase, self.actor = EXPLODING, p
            return [events.card("draw-bomb", p, slug)]
        self.gain(p, card)
        return events.draw(p, slug, self.table.solo[p]) + self._end_one_turn(p)

    def _explode(self, p: int) -> list[Event]:
        """Exploding (``explode``, docs/rulings.md §1: the drawer's choice, in Dynamitt only
        without a Queen or King): out; owed turns lost; the next player takes one normal turn.
        The Kitten goes face up in front of you, the hand face down (Dynamitt: face up on the
        Discard Pile, shown in the event)."""
        ed = self.edition
        self.alive[p] = False
        self.out_of_game.append(self.drawn_bomb)  # face up in front of you (Dynamitt: out)
        self.drawn_bomb = -1
        hand = self.hands[p]
        left = [t for t in range(ed.titles) for _n in range(hand[t])]
        # Original and Minions: "the rest of your cards face down" (edition field dead_hand);
        # Dynamitt: the hand goes to the discard pile.
        dead = self.discard if ed.dead_hand == "discard" else self.out_of_game_face_down
        dead.extend(left)
        for t in set(left):
            self.gain(p, t, -hand[t])
        knowledge.forget_holder(self, p)
        self.turns += 1
        data: events.Exploded = {}
        if ed.dead_hand == "discard":
            data["discarded"] = [ed.slugs[t] for t in left]
        exploded = [events.explode(p, data)]
        living = [q for q in range(self.n) if self.alive[q]]
        if len(living) == 1:
            self.winner = living[0]
            self.phase, self.actor = OVER, -1
            return [*exploded, events.plain("win", self.winner)]
        return [*exploded, self._begin_turns(self.next_alive(p), 1, False)]

    def _defuse(self, spec: Spec) -> list[Event]:
        """Defuse: never Nopable (docs/rulings.md §1); put the Defuse on the Discard Pile,
        then place the Kitten. A Clone is a Defuse when a Defuse lies on top of the Discard
        Pile (docs/rulings.md §3). House rule ``nope_defuse`` (docs/house-rules.md): a
        Defuse opens a reaction window like any played card."""
        p = self.actor
        rank = self.table.defuse_t if spec.title < 0 else spec.title
        card = self._spend(p, rank, 1)[0]
        self.phase = PLACING
        show = spec.title >= 0 or self.table.grouped
        data: events.MaybeCard = {"card": self.edition.slugs[card]} if show else {}
        defused = [events.defuse(p, data)]
        if not self.edition.nope_defuse:
            return defused
        asked = [] if self.table.nope_proof[card] else self.others_from_left(p)
        self.window = ReactionWindow(spec, p, asked)
        return defused + self._advance_window()

    def _defuse_resolved(self, p: int, cancelled: bool, text: str) -> list[Event]:
        """A Defuse's window has passed (house rule ``nope_defuse``): Noped, the drawer
        holds the Kitten still and must Defuse again or explode; else they place it."""
        self.actor = p
        if cancelled:
            self.phase = EXPLODING
            return [events.noped(p, text)]
        self.phase = PLACING
        return []

    def _place(self, position: int) -> list[Event]:
        """Placing: "Secretly put the Exploding Kitten back into the Draw Pile anywhere you'd
        like", at a position 0..len (0 = top), private to its player; the Defuse ends one
        owed turn (docs/rulings.md §1)."""
        p, pile = self.actor, self.pile
        index = len(pile) - position
        bomb, self.drawn_bomb = self.drawn_bomb, -1
        pile.insert(index, bomb)
        knowledge.learn_placed(self, p, index, bomb)
        card = self.edition.slugs[bomb]  # shown to all when it was drawn
        return events.place(p, card, position, self.table.solo[p]) + self._end_one_turn(p)

    # -- decisions that follow a play --------------------------------------------------------
    def _give(self, title: int) -> list[Event]:
        """The Favor target hands over the card they chose."""
        v, p = self.actor, self.current
        self._hand_over(v, p, title, public=False)
        self.phase, self.actor = TURN, p
        slug = self.edition.slugs[title]
        return events.give(v, p, slug)

    def _take(self, title: int) -> list[Event]:
        """Five different cards: the player takes the card they chose, in view of all."""
        p, discard = self.actor, self.discard
        at = len(discard) - 1 - discard[::-1].index(title)
        del discard[at]
        self.gain(p, title)
        knowledge.learn_taken(self, p, title)
        self.phase = TURN
        return [events.card("take", p, self.edition.slugs[title])]

    def _hand_over(self, v: int, p: int, title: int, *, public: bool) -> None:
        """Card ``title`` passes from ``v`` to ``p``; in public (named) or in private."""
        self.gain(v, title, -1)
        self.gain(p, title)
        knowledge.learn_handed_over(self, v, p, title, public=public)

    #: Facts compared as unordered lists by the scenario runner.
    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset({"hands", "legal"})

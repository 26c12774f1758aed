"""The rules of Exploding Kittens: The Board Game, in the rulebook's order: setup, a turn, the
Move Discs and moving, the spaces, exploding, the Action Cards and Nope. The box is data
(``board.toml``, the reconstruction of docs/rulings.md §5); the table's fields are
``fields.py``, its deal and small queries ``core.py``, the actions' words ``actions.py``;
what each seat knows is ``knowledge.py``; JSON, rigged tables and facts are ``record.py``;
how a search plays the game out is ``rollout.py``."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from kaboom.engine import pile_memory as piles
from kaboom.engine.chance import shuffle
from kaboom.engine.errors import BadInput
from kaboom.engine.events import Event
from kaboom.games._nope import ReactionWindow, attack_owed
from kaboom.games.board import events as ev
from kaboom.games.board.actions import (
    DEFUSE,
    DISCARD,
    DRAW,
    EXPLODE,
    FLIP,
    MOVE,
    NOPE,
    PASS,
    PLAY,
    SWAP_AT,
    SWAP_WITH,
)
from kaboom.games.board.core import (
    CHOOSE,
    DISCARD_DOWN,
    LANDED,
    OVER,
    PLACE_MAGNET,
    REACT,
    SIDES,
    SWAP_LAST,
    TURN,
    Play,
    seats_from_left,
)
from kaboom.games.board.record import BoardRecord
from kaboom.i18n import _, ngettext, pgettext

#: See the Future: "top 3 Move Discs" (docs/rulings.md §5).
FUTURE: Final = 3
#: A race ends after this many turns: the seat furthest along wins (docs/rulings.md, "How
#: long a game may last"); no file or option lifts it.
MAX_TURNS = 1000


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardRules(BoardRecord):
    """The rules of Exploding Kittens: The Board Game; ``BoardGameState`` (``state.py``) is
    the class the game registers."""

    __slots__ = ()

    # -- setup ----------------------------------------------------------------------------------
    def _setup(self, first: int) -> None:
        """Setup: characters on the Litter Box, 5 Action Cards each, the Danger Magnets
        aside, the other Move Discs shuffled; Calm side up."""
        box = self.box
        self.action_deck = [t for t, k in enumerate(box.card_counts) for _ in range(k)]
        shuffle(self.rng, self.action_deck)
        for q in range(self.n):
            for _k in range(box.hand_size):
                self.gain(q, self.action_deck.pop())
        self.move_deck = [
            d for d, k in enumerate(box.disc_counts) if d != box.magnet for _ in range(k)
        ]
        shuffle(self.rng, self.move_deck)
        self.current = self.actor = first

    # -- what may be done -----------------------------------------------------------------------
    def _legal(self) -> list[int]:
        box, ids, phase, p = self.box, self.ids, self.phase, self.actor
        hand = self.hands[p]
        if phase == TURN:
            return self._turn_actions(p)
        if phase == REACT:  # everyone is asked: pass, or Nope with a Nope (docs/rulings.md §1)
            return [NOPE, PASS] if hand[box.card("nope")] else [PASS]
        if phase == CHOOSE:
            return [MOVE, FLIP]
        if phase == LANDED:  # offered to every mover: explode, or defuse with a Defuse
            return [DEFUSE, EXPLODE] if hand[box.card("defuse")] else [EXPLODE]
        if phase == SWAP_LAST:
            positions = self.positions
            last = min(positions)
            return [ids.swap_with + q for q in range(self.n) if q != p and positions[q] == last]
        if phase == DISCARD_DOWN:
            return [ids.discard + t for t in range(len(hand)) if hand[t]]
        if phase == PLACE_MAGNET:
            return [ids.place + i for i in range(len(self.move_deck) + 1)]
        return []

    def _turn_actions(self, p: int) -> list[int]:
        """On your turn: flip the Move Disc, or play an Action Card you hold (a Swap Spaces
        on another seat; a Danger Magnet while one is left to add)."""
        box, ids, hand = self.box, self.ids, self.hands[p]
        out = [DRAW]
        for t, effect in enumerate(box.card_effects):
            if not hand[t] or effect in ("defuse", "nope"):
                continue
            if effect == "swap":
                out += [ids.swap_at + q for q in range(self.n) if q != p]
            elif effect != "magnet" or self.magnets_aside > 0:
                out.append(ids.play + t)
        return out

    def explain_illegal(self, action: object) -> tuple[str, str]:
        """``(rule, reason)`` in the language of the context: the rule named (a card, a
        phase), the reason in a sentence."""
        kind, arg = self.decode(action)
        phase = self.phase
        if phase == OVER:
            return pgettext("rule", "game over"), _("the game has ended")
        why = self._why_not_now(kind)
        if why is None and phase in (SWAP_LAST, DISCARD_DOWN, PLACE_MAGNET):
            return self._why_not_after_landing(kind, arg)
        if why is None and kind in (PLAY, SWAP_AT):
            why = self._why_not_this_card(kind, arg)
        text = self.action_text(action)
        return why or (
            pgettext("rule", "turn"),
            _("{action!r} is not legal now").format(action=text),
        )

    def _why_not_now(self, kind: int) -> tuple[str, str] | None:
        """A refusal in a reaction window, a Move Disc's choice, a landing on a kitten, or of
        a reaction or a landing's action out of its time (``None``: none of those)."""
        phase, nope, defuse = self.phase, _("Nope"), _("Defuse")
        if phase == REACT and kind == NOPE:
            return nope, _("you hold no Nope: pass")
        if phase == REACT and kind != PASS:
            return nope, _("a reaction window is open: nope or pass")
        if kind in (NOPE, PASS) and phase != REACT:
            return nope, _("a Nope only answers an Action Card in its reaction window")
        if phase == CHOOSE:
            disc = self.box.disc_slugs[self.disc_to_choose]
            return _("Move Disc"), _("{disc}: choose move or flip").format(disc=disc)
        if phase == LANDED:
            if kind == DEFUSE:
                return defuse, _("you hold no Defuse: explode")
            return _("Exploding Kitten"), _("you landed on an Exploding Kitten: defuse or explode")
        if kind in (DEFUSE, EXPLODE):
            return defuse, _("a Defuse is played only on an Exploding Kitten space")
        return None

    def _why_not_after_landing(self, kind: int, arg: int) -> tuple[str, str]:
        """A refusal while a seat swaps with last place, discards down, or places a magnet."""
        box, explode = self.box, pgettext("rule", "explode")
        if self.phase == SWAP_LAST:
            return explode, _("swap with a player in last place")
        if self.phase == DISCARD_DOWN:
            if kind == DISCARD:
                return explode, _("you hold no {card}").format(card=_(box.card_names[arg]))
            return explode, ngettext(
                "discard down to {n} Action Card first",
                "discard down to {n} Action Cards first",
                box.explode_keep,
            ).format(n=box.explode_keep)
        places = len(self.move_deck)
        return _("Add a Magnet NOW"), _("put the Danger Magnet at 0..{n} (0 = top)").format(
            n=places
        )

    def _why_not_this_card(self, kind: int, arg: int) -> tuple[str, str] | None:
        """Why an Action Card may not be played on your turn (``None``: no card rule)."""
        box = self.box
        card = arg if kind == PLAY else box.card("swap")
        name = _(box.card_names[card])
        if not self.hands[self.actor][card]:
            return name, _("you hold no {card}").format(card=name)
        effect = box.card_effects[card]
        if effect in ("defuse", "nope"):
            return name, _("{card} is not played on your turn").format(card=name)
        if effect == "swap" and kind == PLAY:
            return name, _("Swap Spaces needs a target @SEAT")
        if effect == "magnet":
            return name, _("no Danger Magnet is left to add")
        if kind == SWAP_AT and arg == self.actor:
            return name, _("choose another player")
        return None

    def _apply(self, action: int) -> list[Event]:
        kind, arg = self.decode(action)
        p = self.actor
        if kind == DRAW:
            return self._draw_disc(p)
        if kind == PLAY:
            return self._play(p, arg, -1)
        if kind == SWAP_AT:
            return self._play(p, self.box.card("swap"), arg)
        if kind == NOPE:
            return self._nope(p)
        if kind == PASS:
            return self._pass(p)
        if kind == MOVE:
            return self._move(p, self.box.disc_steps[self.disc_to_choose])
        if kind == FLIP:
            return [*self._flip(p), *self._end_one_turn(p)]
        if kind == DEFUSE:
            return self._defuse(p)
        if kind == EXPLODE:
            return self._explode(p)
        if kind == SWAP_WITH:
            return self._swap_last(p, arg)
        if kind == DISCARD:
            return self._discard_one(p, arg)
        return self._place_magnet(p, arg)

    # -- a turn ---------------------------------------------------------------------------------
    def _start_turn(self, seat: int, owed: int, attacked: bool) -> list[Event]:
        """ "If you start your turn with no Action Cards in your hand, immediately draw 3.\""""
        self.current = self.actor = seat
        self.turns_owed, self.attacked, self.phase = owed, attacked, TURN
        events = [ev.turn(seat, owed)]
        if not self.hand_sizes[seat]:
            events += self._draw_cards(seat, self.box.empty_hand_draw)
        return events

    def _end_one_turn(self, p: int) -> list[Event]:
        """One turn owed is taken; the next seat's turn when none is left."""
        self.turns += 1
        if self.turns >= MAX_TURNS:
            return self._time_up()
        self.turns_owed -= 1
        if self.turns_owed > 0:
            return self._start_turn(p, self.turns_owed, self.attacked)
        return self._start_turn((p + 1) % self.n, 1, False)

    def _spend(self, q: int, card: int) -> None:
        """Seat ``q`` plays or discards ``card``: onto the Action Discard Pile."""
        self.gain(q, card, -1)
        self.action_discard.append(card)

    def _replenish_actions(self) -> None:
        """ "If the Move Deck or Action Deck is ever empty, shuffle the appropriate Discard
        Pile to replenish it.\""""
        if not self.action_deck and self.action_discard:
            self.action_deck, self.action_discard = self.action_discard, []
            shuffle(self.rng, self.action_deck)

    def _draw_cards(self, p: int, k: int) -> list[Event]:
        """Draw Action Cards; an emptied Action Deck is at once its Discard Pile shuffled."""
        drawn: list[int] = []
        for _k in range(k):
            self._replenish_actions()
            if not self.action_deck:
                break  # every Action Card is in a hand
            card = self.action_deck.pop()
            self.gain(p, card)
            drawn.append(card)
        self._replenish_actions()
        return ev.draw_cards(p, sorted(self.card_names(drawn)))

    # -- the Move Discs and moving --------------------------------------------------------------
    def _replenish_discs(self) -> list[Event]:
        """An empty Move Deck is its Discard Pile shuffled; nobody knows its order then."""
        if self.move_deck or not self.move_discard:
            return []
        self.move_deck, self.move_discard = self.move_discard, []
        shuffle(self.rng, self.move_deck)
        self._forget_move_deck()
        return [ev.reshuffle_discs(len(self.move_deck))]

    def _forget_move_deck(self) -> None:
        """The Move Deck was shuffled: nobody knows its order."""
        for known, runs in zip(self.known_move_deck, self.known_move_runs, strict=True):
            piles.forget(known, runs)

    def _draw_disc(self, p: int) -> list[Event]:
        """ "Flip the top Move Disc and put it face up on the Move Discard Pile.\""""
        box = self.box
        events = self._replenish_discs()
        if not self.move_deck:  # only a rigged table can have no Move Disc at all
            raise BadInput("setup", _("the Move Deck and its Discard Pile are empty: no disc"))
        disc = self.move_deck.pop()
        for known, runs in zip(self.known_move_deck, self.known_move_runs, strict=True):
            if known or runs:  # the disc is flipped face up: everyone sees it
                piles.drawn(known, runs, len(self.move_deck), disc, bottom=False)
        self.move_discard.append(disc)
        events.append(ev.disc(p, box.disc_slugs[disc]))
        # An emptied Move Deck is replenished at once (the disc just drawn included).
        events += self._replenish_discs()
        kind, steps = box.disc_kinds[disc], box.disc_steps[disc]
        if kind == "move":
            return events + self._move(p, steps)
        if kind == "move-or-flip":
            self.phase, self.actor, self.disc_to_choose = CHOOSE, p, disc
            return events
        if kind == "flip-then-move":
            return events + self._flip(p) + self._move(p, steps)
        if kind == "cut-the-line":
            return events + self._cut_the_line(p)
        return events + self._danger_magnet(p)

    def _move(self, p: int, steps: int) -> list[Event]:
        """Forward ``steps`` spaces; past the Ribbon the Loop Back Arrow (docs/rulings.md §5)."""
        space = self.positions[p]
        for _k in range(steps):
            space = self.box.next_space(space)
        return self._arrive(p, space)

    def _cut_the_line(self, p: int) -> list[Event]:
        """To the first available space in front of the next player ahead; first: stay."""
        ahead = [space for space in self.positions if space > self.positions[p]]
        if not ahead:
            return [ev.plain("stay", p), *self._end_one_turn(p)]
        return self._arrive(p, self.box.next_space(min(ahead)))

    def _danger_magnet(self, p: int) -> list[Event]:
        """To the next Exploding Kitten space; past the last one, round the Loop Back Arrow."""
        kittens = sorted(self.kittens())
        ahead = [k for k in kittens if k > self.positions[p]]
        looped = [k for k in kittens if k >= self.box.loop_back_to]
        if not ahead and not looped:  # a box with no Exploding Kitten to reach: stay
            return [ev.plain("stay", p), *self._end_one_turn(p)]
        return self._arrive(p, ahead[0] if ahead else looped[0])

    def _flip(self, p: int) -> list[Event]:
        """Flip the board; spaces don't trigger on a flip."""
        self.side ^= 1
        return [ev.flip(p, SIDES[self.side])]

    # -- the spaces -----------------------------------------------------------------------------
    def _arrive(self, p: int, space: int) -> list[Event]:
        """An occupied space sends you on to the next available one ahead, even onto an
        Exploding Kitten; only the Litter Box holds several characters."""
        positions = self.positions
        others = positions[:p] + positions[p + 1 :]
        while space != self.box.ribbon and space and space in others:
            space = self.box.next_space(space)
        positions[p] = space
        return [ev.move(p, space), *self._land(p)]

    def _time_up(self) -> list[Event]:
        """After ``MAX_TURNS`` turns the race ends: the seat furthest along the track wins
        (a tie: the first of them in seat order from the seat whose turn it was)."""
        order = [(self.current + i) % self.n for i in range(self.n)]
        best = max(self.positions)
        self.winner = next(q for q in order if self.positions[q] == best)
        self.phase, self.actor = OVER, -1
        return [ev.time_up(self.turns), ev.plain("win", self.winner)]

    def _land(self, p: int) -> list[Event]:
        """The space landed on: the Ribbon wins, an Exploding Kitten explodes (unless
        defused), a value draws that many Action Cards."""
        box, space = self.box, self.positions[p]
        if space == box.ribbon:  # "Be the first player to land on the Ribbon Space."
            self.winner, self.phase, self.actor = p, OVER, -1
            return [ev.plain("win", p)]
        if space in self.kittens():
            # Every mover decides, Defuse in hand or not: the phase tells nobody whether
            # the mover holds one (issue 15, leak 2); without one, exploding is the choice.
            self.phase, self.actor = LANDED, p
            return [ev.plain("kitten-space", p)]
        value = box.sides[self.side].values[space]
        events = self._draw_cards(p, value) if value else []
        return events + self._end_one_turn(p)

    # -- exploding ------------------------------------------------------------------------------
    def _defuse(self, p: int) -> list[Event]:
        """A Defuse saves you on an Exploding Kitten space: you stay there, safe."""
        self._spend(p, self.box.card("defuse"))
        return [ev.plain("defuse", p), *self._end_one_turn(p)]

    def _explode(self, p: int) -> list[Event]:
        """Swap with the player in last place (unless you are; your choice among ties), then
        discard down to 3 Action Cards of your choice."""
        events = [ev.plain("explode", p)]
        last = min(self.positions)
        tied = [q for q in range(self.n) if q != p and self.positions[q] == last]
        if self.positions[p] == last or not tied:
            return events + self._discard_down(p)
        if len(tied) > 1:
            self.phase, self.actor = SWAP_LAST, p
            return events
        return events + self._swap_last(p, tied[0])

    def _swap_last(self, p: int, q: int) -> list[Event]:
        positions = self.positions
        positions[p], positions[q] = positions[q], positions[p]  # the new spaces do nothing
        return [ev.swap(p, q), *self._discard_down(p)]

    def _discard_down(self, p: int) -> list[Event]:
        if self.hand_sizes[p] > self.box.explode_keep:
            self.phase, self.actor = DISCARD_DOWN, p
            return []
        return self._end_one_turn(p)

    def _discard_one(self, p: int, card: int) -> list[Event]:
        self._spend(p, card)
        return [ev.card("discard", p, self.box.card_slugs[card]), *self._discard_down(p)]

    # -- Action Cards and their reaction window (docs/rulings.md §1) ----------------------------
    def _others(self, seat: int) -> list[int]:
        """Every other seat from ``seat``'s left (nobody leaves the board game)."""
        return list(seats_from_left(self.n)[seat])

    def _play(self, p: int, card: int, target: int) -> list[Event]:
        """An Action Card is played: every other seat may Nope it before it takes effect."""
        self._spend(p, card)
        self.window = ReactionWindow((card, target), p, self._others(p))
        data: ev.Played = {"card": self.box.card_slugs[card]}
        if target >= 0:
            data["target"] = target
        return [ev.play(p, data), *self._ask_next()]

    def _ask_next(self) -> list[Event]:
        """Ask the next seat, Nope in hand or not (docs/rulings.md §1); when everyone has let
        the card go, it takes effect."""
        window = self.window
        assert window is not None
        asked = window.next_asked()
        if asked is not None:
            self.phase, self.actor = REACT, asked
            return []
        return self._resolve(window)

    def _nope(self, s: int) -> list[Event]:
        """A Nope cancels the card it answers; anyone else may Nope the Nope."""
        window = self.window
        assert window is not None
        self._spend(s, self.box.card("nope"))
        window.nope(s, self._others(s))
        return [ev.nope(s, len(window.nopes)), *self._ask_next()]

    def _pass(self, s: int) -> list[Event]:
        """The seat asked lets the card go."""
        window = self.window
        assert window is not None
        window.passed()
        return [ev.plain("pass", s, frozenset({s})), *self._ask_next()]

    def _resolve(self, window: ReactionWindow[Play]) -> list[Event]:
        """The window passed: a card Noped an odd number of times does nothing."""
        (card, target), p = window.play, window.player
        self.window = None
        self.phase, self.actor = TURN, p
        if window.cancelled:
            return [ev.card("noped", p, self.box.card_slugs[card])]
        return self._card_effect(p, card, target)

    def _card_effect(self, p: int, card: int, target: int) -> list[Event]:
        effect = self.box.card_effects[card]
        if effect == "flip":
            return self._flip_the_board(p)
        if effect == "skip":
            return self._skip(p)
        if effect == "attack":
            return self._attack(p)
        if effect == "see-the-future":
            return self._see_the_future(p)
        if effect == "shuffle":
            return self._shuffle(p)
        if effect == "swap":
            return self._swap_spaces(p, target)
        return self._add_a_magnet(p)  # "magnet": Defuse and Nope are never played on a turn

    def _flip_the_board(self, p: int) -> list[Event]:
        """Flip the board over; your turn goes on."""
        return self._flip(p)

    def _skip(self, p: int) -> list[Event]:
        """End your turn without a Move Disc (one owed turn, as in the exploding family)."""
        return [ev.plain("skip", p), *self._end_one_turn(p)]

    def _attack(self, p: int) -> list[Event]:
        """End your turn without moving; the next player takes 2 turns, stacking
        (docs/rulings.md §1)."""
        owed = attack_owed(self.turns_owed, self.attacked)
        self.turns += 1
        if self.turns >= MAX_TURNS:
            return [ev.attack(p, (p + 1) % self.n, owed), *self._time_up()]
        nxt = (p + 1) % self.n
        return [ev.attack(p, nxt, owed), *self._start_turn(nxt, owed, True)]

    def _see_the_future(self, p: int) -> list[Event]:
        """Privately look at the top 3 Move Discs (docs/rulings.md §5)."""
        deck = self.move_deck
        top = len(deck) - 1
        seen = [deck[top - i] for i in range(min(FUTURE, len(deck)))]
        places = {top - i: disc for i, disc in enumerate(seen)}
        piles.seen(self.known_move_deck[p], self.known_move_runs[p], places)
        return ev.see_the_future(p, self.disc_names(seen))

    def _shuffle(self, p: int) -> list[Event]:
        """Shuffle the Move Deck: what anyone saw of it is lost."""
        shuffle(self.rng, self.move_deck)
        self._forget_move_deck()
        return [ev.plain("shuffle", p)]

    def _swap_spaces(self, p: int, target: int) -> list[Event]:
        """Swap spaces with any character; the new spaces do nothing."""
        positions = self.positions
        positions[p], positions[target] = positions[target], positions[p]
        return [ev.swap(p, target)]

    def _add_a_magnet(self, p: int) -> list[Event]:
        """ "Secretly insert 1 Danger Magnet face down into the Move Deck anywhere.\""""
        self.phase, self.actor = PLACE_MAGNET, p
        return [ev.plain("add-magnet", p)]

    def _place_magnet(self, p: int, position: int) -> list[Event]:
        """The Danger Magnet goes in ``position`` discs from the top; only its player knows
        where (and still knows the discs it saw); the others' knowledge of the deck is lost."""
        index = len(self.move_deck) - position
        self.move_deck.insert(index, self.box.magnet)
        self.magnets_aside -= 1
        for seat, known in enumerate(self.known_move_deck):
            if seat == p:
                piles.own_insert(known, index, self.box.magnet)
            else:
                piles.hidden_insert(known, self.known_move_runs[seat])
        self.phase = TURN
        return ev.place_magnet(p, position)

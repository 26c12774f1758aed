"""Exploding Kittens: The Board Game, as ``rules/exploding-kittens-board-game.txt`` and the
reconstruction of ``RULINGS.md`` §5 (``board.toml``) say.

Spaces: 0 is the Litter Box (any number of characters), 1..40 the track, 41 the Ribbon; the
Loop Back Arrow leads from the Ribbon to space 30. Action Cards are title indices with hands
as counts; the Move Deck is a list of disc indices, the top last.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, Self

from kaboom.engine.datafile import option_file
from kaboom.engine.errors import BadInput, BadOption, IllegalAction
from kaboom.engine.events import Event
from kaboom.engine.state import Observation, State
from kaboom.games.board import rollout
from kaboom.games.board.data import Box, load_box

BOX = load_box()
TURN, REACT, CHOOSE, LANDED, SWAP_LAST, DISCARD_DOWN, PLACE_MAGNET, OVER = range(8)
PHASES = ("turn", "react", "choose", "landed", "swap-last", "discard-down", "place-magnet",
          "over")  # fmt: skip
SIDES = ("calm", "chaos")
FUTURE = 3  # See the Future: "top 3 Move Discs" (RULINGS §5)
SAMPLE_TRIES = 64
#: Fixed action ids; the rest follow in blocks (see ``ActionIds``).
DRAW, NOPE, PASS, MOVE, FLIP, DEFUSE, EXPLODE = range(7)
WORDS = ("draw", "nope", "pass", "move", "flip", "defuse", "explode")


class ActionIds:
    """Blocks of ids after the fixed ones: plays, Swap Spaces targets, last-place choices,
    discards down to three, Danger Magnet positions."""

    def __init__(self, box: Box, players: int) -> None:
        cards = len(box.card_slugs)
        self.play = 7
        self.swap_at = self.play + cards
        self.swap_with = self.swap_at + players
        self.discard = self.swap_with + players
        self.place = self.discard + cards
        self.size = self.place + sum(box.disc_counts) + 1


class BoardGameState(State):
    """A game of Exploding Kittens: The Board Game."""

    box: ClassVar[Box] = BOX
    game_id: ClassVar[str] = BOX.id
    __slots__ = (
        "_legal", "actor", "adeck", "adiscard", "attacked", "current", "disc_now", "hands",
        "hist", "ids", "magnets_aside", "mdeck", "mdiscard", "n", "nopes", "options", "owed",
        "pending", "pending_seat", "phase", "pk", "pos", "queue", "rng", "side", "sizes",
        "turns", "winner",
    )  # fmt: skip

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        box = self.box
        self.n, self.options, self.rng = players, dict(options), rng
        self.ids = ActionIds(box, players)
        self.pos = [0] * players  # everyone starts on the Litter Box
        self.side = 0  # "Make sure the Calm Mode (blue side) of the board is showing."
        self.hands = [[0] * len(box.card_slugs) for _ in range(players)]
        self.sizes = [0] * players
        self.adeck: list[int] = []
        self.adiscard: list[int] = []
        self.mdeck: list[int] = []
        self.mdiscard: list[int] = []
        self.magnets_aside = box.disc_counts[box.magnet]
        self.current = self.actor = 0
        self.owed, self.attacked = 1, False
        self.phase = TURN
        self.pending: tuple[int, int] | None = None  # (card, target) awaiting its window
        self.pending_seat = -1
        self.nopes: list[int] = []
        self.queue: list[int] = []
        self.disc_now = -1  # a purple disc waiting for "move" or "flip"
        self.pk: list[dict[int, int]] = [{} for _ in range(players)]  # Move Deck index -> disc
        self.winner = -1
        self.turns = 0
        self.hist: list[int] = []
        self._legal: list[int] | None = None

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[BoardGameState]:
        """The class for these options: the shipped box, or the user's file (``board``)."""
        path = str(options.get("board") or "")
        return _boxed(path) if path else BoardGameState

    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Setup: characters on the Litter Box, 5 Action Cards each, the Danger Magnets
        aside, the other Move Discs shuffled; Calm side up."""
        box = cls.box
        first = int(options.get("first", 0))
        if first >= players:
            raise BadOption("first", f"a seat in 0..{players - 1}, got {first}")
        s = cls(players, options, random.Random(seed))
        s.adeck = [t for t, k in enumerate(box.card_counts) for _ in range(k)]
        s.rng.shuffle(s.adeck)
        for q in range(players):
            for _ in range(box.hand_size):
                s._gain(q, s.adeck.pop())
        s.mdeck = [d for d, k in enumerate(box.disc_counts) if d != box.magnet for _ in range(k)]
        s.rng.shuffle(s.mdeck)
        s.current = s.actor = first
        return s

    # -- small helpers ------------------------------------------------------------------------
    def _gain(self, q: int, card: int, k: int = 1) -> None:
        self.hands[q][card] += k
        self.sizes[q] += k

    def _spend(self, q: int, card: int) -> None:
        self._gain(q, card, -1)
        self.adiscard.append(card)

    def _names(self, cards: list[int]) -> list[str]:
        return [self.box.card_slugs[c] for c in cards]

    def kittens(self) -> frozenset[int]:
        return self.box.sides[self.side].kittens

    def _others_from_left(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(1, self.n)]

    # -- the contract -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    @property
    def history(self) -> list[int]:
        return self.hist

    @property
    def num_distinct_actions(self) -> int:
        return self.ids.size

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        box, ids, phase, p = self.box, self.ids, self.phase, self.actor
        hand = self.hands[p]
        if phase == TURN:
            out = [DRAW]
            for t, effect in enumerate(box.card_effects):
                if not hand[t] or effect in ("defuse", "nope"):
                    continue
                if effect == "swap":
                    out += [ids.swap_at + q for q in range(self.n) if q != p]
                elif effect != "magnet" or self.magnets_aside > 0:
                    out.append(ids.play + t)
            return out
        if phase == REACT:
            return [NOPE, PASS]
        if phase == CHOOSE:
            return [MOVE, FLIP]
        if phase == LANDED:
            return [DEFUSE, EXPLODE]
        if phase == SWAP_LAST:
            last = min(self.pos)
            return [ids.swap_with + q for q in range(self.n) if q != p and self.pos[q] == last]
        if phase == DISCARD_DOWN:
            return [ids.discard + t for t in range(len(hand)) if hand[t]]
        if phase == PLACE_MAGNET:
            return [ids.place + i for i in range(len(self.mdeck) + 1)]
        return []

    def decode(self, action: int) -> tuple[str, int]:
        ids = self.ids
        if action < ids.play:
            return WORDS[action], -1
        blocks = (
            ("play", ids.play, ids.swap_at),
            ("swap-at", ids.swap_at, ids.swap_with),
            ("swap-with", ids.swap_with, ids.discard),
            ("discard", ids.discard, ids.place),
            ("place", ids.place, ids.size),
        )
        for word, base, end in blocks:
            if base <= action < end:
                return word, action - base
        raise BadInput("action", f"an action id in 0..{ids.size - 1}, got {action}")

    @property
    def playout_horizon(self) -> int | None:
        """A race is long: playouts look a few moves ahead and judge the positions there
        (``playout_result``)."""
        return rollout.HORIZON

    def playout_result(self) -> list[float]:
        """A playout cut short: each seat's chance judged from where it stands and what it
        holds (``rollout.chances``); a game played out, its winner's."""
        if self.winner >= 0:
            return super().playout_result()
        return rollout.chances(self)

    def rollout_action(self, rng: random.Random) -> int:
        """The playout policy of ``rollout.py``: each seat acts on what it knows."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        phase = self.phase
        if len(legal) == 1:
            return legal[0]
        if phase == LANDED:
            return DEFUSE  # nobody sensible explodes holding a Defuse
        if phase == CHOOSE:
            return rollout.choose(self, legal, MOVE, FLIP)
        if phase == TURN:
            return rollout.turn(self, legal, rng, DRAW)
        if phase == REACT:
            return rollout.react(self, rng, NOPE, PASS)
        return legal[rng.randrange(len(legal))]

    def explain_illegal(self, action: int) -> tuple[str, str]:
        word, arg = self.decode(action)
        box, phase = self.box, self.phase
        if phase == OVER:
            return "game over", "the game has ended"
        if phase == REACT and word not in ("nope", "pass"):
            return "Nope", "a reaction window is open: nope or pass"
        if word in ("nope", "pass") and phase != REACT:
            return "Nope", "a Nope only answers an Action Card in its reaction window"
        if phase == CHOOSE:
            return "Move Disc", f"{box.disc_slugs[self.disc_now]}: choose move or flip"
        if phase == LANDED:
            return "Exploding Kitten", "you landed on an Exploding Kitten: defuse or explode"
        if word in ("defuse", "explode"):
            return "Defuse", "a Defuse is played only on an Exploding Kitten space"
        if phase == SWAP_LAST:
            return "explode", "swap with a player in last place"
        if phase == DISCARD_DOWN:
            if word == "discard":
                return "explode", f"you hold no {box.card_names[arg]}"
            return "explode", f"discard down to {box.explode_keep} Action Cards first"
        if phase == PLACE_MAGNET:
            return "Add a Magnet NOW", f"put the Danger Magnet at 0..{len(self.mdeck)} (0 = top)"
        if word in ("play", "swap-at"):
            card = arg if word == "play" else box.card_effects.index("swap")
            name = box.card_names[card]
            if not self.hands[self.actor][card]:
                return name, f"you hold no {name}"
            effect = box.card_effects[card]
            if effect in ("defuse", "nope"):
                return name, f"{name} is not played on your turn"
            if effect == "swap" and word == "play":
                return name, "Swap Spaces needs a target @SEAT"
            if effect == "magnet":
                return name, "no Danger Magnet is left to add"
            if word == "swap-at" and arg == self.actor:
                return name, "choose another player"
        return "turn", f"{self.action_text(action)!r} is not legal now"

    def apply(self, action: int) -> list[Event]:
        legal = self._legal if self._legal is not None else self._compute_legal()
        if not isinstance(action, int) or action not in legal:
            self.verify(action)
        self._legal = None
        self.hist.append(action)
        word, arg = self.decode(action)
        p = self.actor
        if word == "draw":
            return self._draw_disc(p)
        if word in ("play", "swap-at"):
            card = arg if word == "play" else self.box.card_effects.index("swap")
            return self._play(p, card, arg if word == "swap-at" else -1)
        if word == "nope":
            return self._nope(p)
        if word == "pass":
            self.queue.pop(0)
            return [Event("pass", p, {}, frozenset({p})), *self._advance_window()]
        if word == "move":
            return self._move(p, self.box.disc_steps[self.disc_now])
        if word == "flip":
            return [*self._flip(p), *self._end_one_turn(p)]
        if word == "defuse":
            self._spend(p, self.box.card("defuse"))
            return [Event("defuse", p, {}), *self._end_one_turn(p)]
        if word == "explode":
            return self._explode(p)
        if word == "swap-with":
            return self._swap_last(p, arg)
        if word == "discard":
            return self._discard_one(p, arg)
        return self._place_magnet(p, arg)

    # -- turns ---------------------------------------------------------------------------------
    def _start_turn(self, seat: int, owed: int, attacked: bool) -> list[Event]:
        """ "If you start your turn with no Action Cards in your hand, immediately draw 3.\""""
        self.current = self.actor = seat
        self.owed, self.attacked, self.phase = owed, attacked, TURN
        events = [Event("turn", seat, {"owed": owed})]
        if not self.sizes[seat]:
            events += self._draw_cards(seat, self.box.empty_hand_draw)
        return events

    def _end_one_turn(self, p: int) -> list[Event]:
        self.turns += 1
        self.owed -= 1
        if self.owed > 0:
            return self._start_turn(p, self.owed, self.attacked)
        return self._start_turn((p + 1) % self.n, 1, False)

    def _replenish_actions(self) -> None:
        """ "If the Move Deck or Action Deck is ever empty, shuffle the appropriate Discard
        Pile to replenish it.\""""
        if not self.adeck and self.adiscard:
            self.adeck, self.adiscard = self.adiscard, []
            self.rng.shuffle(self.adeck)

    def _replenish_discs(self) -> list[Event]:
        if self.mdeck or not self.mdiscard:
            return []
        self.mdeck, self.mdiscard = self.mdiscard, []
        self.rng.shuffle(self.mdeck)
        for known in self.pk:
            known.clear()
        return [Event("reshuffle-discs", None, {"discs": len(self.mdeck)})]

    def _draw_cards(self, p: int, k: int) -> list[Event]:
        """Draw Action Cards; an emptied Action Deck is at once its Discard Pile shuffled."""
        drawn: list[int] = []
        for _ in range(k):
            self._replenish_actions()
            if not self.adeck:
                break  # every Action Card is in a hand
            card = self.adeck.pop()
            self._gain(p, card)
            drawn.append(card)
        self._replenish_actions()
        return [
            Event("draw-cards", p, {"cards": sorted(self._names(drawn))}, frozenset({p})),
            Event("draw-cards", p, {"count": len(drawn), "redacted": True}),
        ]

    # -- Move Discs and moving -----------------------------------------------------------------
    def _draw_disc(self, p: int) -> list[Event]:
        """ "Flip the top Move Disc and put it face up on the Move Discard Pile.\""""
        box = self.box
        events = self._replenish_discs()
        if not self.mdeck:  # only a rigged table can have no Move Disc at all
            raise BadInput("setup", "the Move Deck and its Discard Pile are empty: no disc")
        disc = self.mdeck.pop()
        for known in self.pk:
            known.pop(len(self.mdeck), None)
        self.mdiscard.append(disc)
        events.append(Event("disc", p, {"disc": box.disc_slugs[disc]}))
        # An emptied Move Deck is replenished at once (the disc just drawn included).
        events += self._replenish_discs()
        kind, steps = box.disc_kinds[disc], box.disc_steps[disc]
        if kind == "move":
            return events + self._move(p, steps)
        if kind == "move-or-flip":
            self.phase, self.actor, self.disc_now = CHOOSE, p, disc
            return events
        if kind == "flip-then-move":
            return events + self._flip(p) + self._move(p, steps)
        if kind == "cut-the-line":
            return events + self._cut_the_line(p)
        return events + self._magnet(p)

    def _move(self, p: int, steps: int) -> list[Event]:
        """Forward ``steps`` spaces; past the Ribbon the Loop Back Arrow (RULINGS §5)."""
        space = self.pos[p]
        for _ in range(steps):
            space = self.box.next_space(space)
        return self._arrive(p, space)

    def _cut_the_line(self, p: int) -> list[Event]:
        """To the first available space in front of the next player ahead; first: stay."""
        ahead = [self.pos[q] for q in range(self.n) if self.pos[q] > self.pos[p]]
        if not ahead:
            return [Event("stay", p, {}), *self._end_one_turn(p)]
        return self._arrive(p, self.box.next_space(min(ahead)))

    def _magnet(self, p: int) -> list[Event]:
        """To the next Exploding Kitten space; past the last one, round the Loop Back Arrow."""
        kittens = sorted(self.kittens())
        ahead = [k for k in kittens if k > self.pos[p]]
        looped = [k for k in kittens if k >= self.box.loop_back_to]
        if not ahead and not looped:  # a box with no Exploding Kitten to reach: stay
            return [Event("stay", p, {}), *self._end_one_turn(p)]
        return self._arrive(p, ahead[0] if ahead else looped[0])

    def _arrive(self, p: int, space: int) -> list[Event]:
        """An occupied space sends you on to the next available one ahead, even onto an
        Exploding Kitten; only the Litter Box holds several characters."""
        while space != self.box.ribbon and space and space in self.pos[:p] + self.pos[p + 1 :]:
            space = self.box.next_space(space)
        self.pos[p] = space
        return [Event("move", p, {"to": space}), *self._land(p)]

    def _land(self, p: int) -> list[Event]:
        box, space = self.box, self.pos[p]
        if space == box.ribbon:  # "Be the first player to land on the Ribbon Space."
            self.winner, self.phase, self.actor = p, OVER, -1
            return [Event("win", p, {})]
        if space in self.kittens():
            if self.hands[p][box.card("defuse")]:
                self.phase, self.actor = LANDED, p
                return [Event("kitten-space", p, {})]
            return [Event("kitten-space", p, {}), *self._explode(p)]
        value = box.sides[self.side].values[space]
        events = self._draw_cards(p, value) if value else []
        return events + self._end_one_turn(p)

    def _flip(self, p: int) -> list[Event]:
        """Flip the board; spaces don't trigger on a flip."""
        self.side ^= 1
        return [Event("flip", p, {"side": SIDES[self.side]})]

    # -- exploding ------------------------------------------------------------------------------
    def _explode(self, p: int) -> list[Event]:
        """Swap with the player in last place (unless you are; your choice among ties), then
        discard down to 3 Action Cards of your choice."""
        events = [Event("explode", p, {})]
        last = min(self.pos)
        tied = [q for q in range(self.n) if q != p and self.pos[q] == last]
        if self.pos[p] == last or not tied:
            return events + self._discard_down(p)
        if len(tied) > 1:
            self.phase, self.actor = SWAP_LAST, p
            return events
        return events + self._swap_last(p, tied[0])

    def _swap_last(self, p: int, q: int) -> list[Event]:
        self.pos[p], self.pos[q] = self.pos[q], self.pos[p]  # the new spaces do nothing
        return [Event("swap", p, {"with": q}), *self._discard_down(p)]

    def _discard_down(self, p: int) -> list[Event]:
        if self.sizes[p] > self.box.explode_keep:
            self.phase, self.actor = DISCARD_DOWN, p
            return []
        return self._end_one_turn(p)

    def _discard_one(self, p: int, card: int) -> list[Event]:
        self._spend(p, card)
        return [Event("discard", p, {"card": self.box.card_slugs[card]}), *self._discard_down(p)]

    # -- Action Cards and the reaction window --------------------------------------------------
    def _play(self, p: int, card: int, target: int) -> list[Event]:
        self._spend(p, card)
        self.pending, self.pending_seat, self.nopes = (card, target), p, []
        self.queue = self._others_from_left(p)
        data: dict[str, Any] = {"card": self.box.card_slugs[card]}
        if target >= 0:
            data["target"] = target
        return [Event("play", p, data), *self._advance_window()]

    def _advance_window(self) -> list[Event]:
        nope = self.box.card("nope")
        while self.queue:
            if self.hands[self.queue[0]][nope]:
                self.phase, self.actor = REACT, self.queue[0]
                return []
            self.queue.pop(0)
        return self._resolve()

    def _nope(self, s: int) -> list[Event]:
        self._spend(s, self.box.card("nope"))
        self.nopes.append(s)
        self.queue = self._others_from_left(s)
        return [Event("nope", s, {"depth": len(self.nopes)}), *self._advance_window()]

    def _resolve(self) -> list[Event]:
        assert self.pending is not None
        (card, target), p = self.pending, self.pending_seat
        nopes, self.nopes, self.pending, self.queue = len(self.nopes), [], None, []
        self.phase, self.actor = TURN, p
        if nopes % 2:
            return [Event("noped", p, {"card": self.box.card_slugs[card]})]
        effect = self.box.card_effects[card]
        return self.CARDS[effect](self, p, target)

    def _card_flip(self, p: int, _t: int) -> list[Event]:
        return self._flip(p)

    def _card_skip(self, p: int, _t: int) -> list[Event]:
        """End your turn without a Move Disc (one owed turn, as in the exploding family)."""
        return [Event("skip", p, {}), *self._end_one_turn(p)]

    def _card_attack(self, p: int, _t: int) -> list[Event]:
        """End your turn without moving; the next player takes 2 turns, stacking (§1)."""
        owed = self.owed + 2 if self.attacked else 2
        self.turns += 1
        nxt = (p + 1) % self.n
        return [Event("attack", p, {"next": nxt, "owed": owed}), *self._start_turn(nxt, owed, True)]

    def _card_see_the_future(self, p: int, _t: int) -> list[Event]:
        top = len(self.mdeck) - 1
        seen = [self.mdeck[top - i] for i in range(min(FUTURE, len(self.mdeck)))]
        for i, disc in enumerate(seen):
            self.pk[p][top - i] = disc
        discs = [self.box.disc_slugs[d] for d in seen]
        return [
            Event("see-the-future", p, {"discs": discs}, frozenset({p})),
            Event("see-the-future", p, {"redacted": True}),
        ]

    def _card_shuffle(self, p: int, _t: int) -> list[Event]:
        self.rng.shuffle(self.mdeck)
        for known in self.pk:
            known.clear()
        return [Event("shuffle", p, {})]

    def _card_swap(self, p: int, target: int) -> list[Event]:
        """Swap spaces with any character; the new spaces do nothing."""
        self.pos[p], self.pos[target] = self.pos[target], self.pos[p]
        return [Event("swap", p, {"with": target})]

    def _card_magnet(self, p: int, _t: int) -> list[Event]:
        """ "Secretly insert 1 Danger Magnet face down into the Move Deck anywhere.\""""
        self.phase, self.actor = PLACE_MAGNET, p
        return [Event("add-magnet", p, {})]

    CARDS: ClassVar[dict[str, Callable[[BoardGameState, int, int], list[Event]]]] = {
        "flip": _card_flip,
        "skip": _card_skip,
        "attack": _card_attack,
        "see-the-future": _card_see_the_future,
        "shuffle": _card_shuffle,
        "swap": _card_swap,
        "magnet": _card_magnet,
    }

    def _place_magnet(self, p: int, position: int) -> list[Event]:
        index = len(self.mdeck) - position
        self.mdeck.insert(index, self.box.magnet)
        self.magnets_aside -= 1
        for seat, known in enumerate(self.pk):
            if seat == p:
                self.pk[p] = {(i + 1 if i >= index else i): d for i, d in known.items()}
                self.pk[p][index] = self.box.magnet
            else:
                known.clear()
        self.phase = TURN
        return [
            Event("place-magnet", p, {"position": position}, frozenset({p})),
            Event("place-magnet", p, {"redacted": True}),
        ]

    # -- information ----------------------------------------------------------------------------
    def observe(self, seat: int | None) -> Observation:
        box = self.box
        public_actor = self.phase != REACT or self.actor == seat
        pending = None
        if self.pending is not None:
            card, target = self.pending
            pending = {
                "seat": self.pending_seat,
                "card": box.card_slugs[card],
                "target": target if target >= 0 else None,
                "nopes": list(self.nopes),
            }
        obs: Observation = {
            "game": self.game_id,
            "seat": seat,
            "players": self.n,
            "side": SIDES[self.side],
            "positions": list(self.pos),
            "phase": PHASES[self.phase],
            "current": self.current,
            "to_act": self.to_act if public_actor else None,
            "turns_owed": self.owed,
            "attacked": self.attacked,
            "hand_sizes": list(self.sizes),
            "action_deck_size": len(self.adeck),
            "action_discard": self._names(self.adiscard[::-1]),
            "move_deck_size": len(self.mdeck),
            "move_discard": [box.disc_slugs[d] for d in self.mdiscard[::-1]],
            "magnets_aside": self.magnets_aside,
            "disc_to_choose": box.disc_slugs[self.disc_now] if self.phase == CHOOSE else None,
            "pending": pending,
            "turns": self.turns,
            "winner": self.winner if self.winner >= 0 else None,
        }
        if seat is not None:
            top = len(self.mdeck) - 1
            hand = self.hands[seat]
            obs["hand"] = sorted(
                box.card_slugs[t] for t in range(len(hand)) for _ in range(hand[t])
            )
            obs["known_move_deck"] = {
                str(top - i): box.disc_slugs[d] for i, d in sorted(self.pk[seat].items())
            }
        return obs

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Other hands and the Action Deck dealt again; the unseen part of the Move Deck
        shuffled; a seat asked to defuse keeps a Defuse, a window someone ahead who can
        Nope (drawn again until so, as in the exploding family)."""
        s = self._resample(seat, rng)
        for _ in range(SAMPLE_TRIES):
            if s._fits(seat):
                return s
            s = self._resample(seat, rng)
        s = self.clone()  # unreachable in practice: keep the true cards, reseed the RNG
        s.rng, s.hist = random.Random(rng.getrandbits(64)), []
        s.pk = [dict(self.pk[seat]) if q == seat else {} for q in range(self.n)]
        return s

    def _resample(self, seat: int, rng: random.Random) -> Self:
        s = self.clone()
        pool = list(self.adeck)
        for q in range(self.n):
            if q != seat:
                pool += [t for t, k in enumerate(self.hands[q]) for _ in range(k)]
        pool.sort()  # the sample depends on what the seat knows, not on the true deal
        rng.shuffle(pool)
        for q in range(self.n):
            if q != seat:
                s.hands[q] = [0] * len(self.box.card_slugs)
                for _ in range(self.sizes[q]):
                    s.hands[q][pool.pop()] += 1
        s.adeck = pool
        seen = self.pk[seat]
        slots = [i for i in range(len(self.mdeck)) if i not in seen]
        discs = sorted(self.mdeck[i] for i in slots)
        rng.shuffle(discs)
        for i, d in zip(slots, discs, strict=True):
            s.mdeck[i] = d
        s.pk = [dict(seen) if q == seat else {} for q in range(self.n)]
        s.rng = random.Random(rng.getrandbits(64))
        s.hist = []
        if s.phase == REACT and s.actor != seat:
            owner = s.nopes[-1] if s.nopes else s.pending_seat
            s.queue = [q for q in s._others_from_left(owner) if q != seat or seat in self.queue]
        return s

    def _fits(self, seat: int) -> bool:
        if self.actor == seat:
            return True
        if self.phase == LANDED:
            return self.hands[self.actor][self.box.card("defuse")] > 0
        if self.phase == REACT:
            nope = self.box.card("nope")
            queue = [q for q in self.queue if self.hands[q][nope]]
            if queue and queue[0] != seat:
                self.queue = self.queue[self.queue.index(queue[0]) :]
                self.actor = queue[0]
                return True
            return False
        return True

    def clone(self) -> Self:
        cls = type(self)
        s = cls.__new__(cls)
        for name in BoardGameState.__slots__:
            setattr(s, name, getattr(self, name))
        s.options = dict(self.options)
        s.pos, s.hands, s.sizes = list(self.pos), [list(h) for h in self.hands], list(self.sizes)
        s.adeck, s.adiscard = list(self.adeck), list(self.adiscard)
        s.mdeck, s.mdiscard = list(self.mdeck), list(self.mdiscard)
        s.nopes, s.queue, s.hist = list(self.nopes), list(self.queue), list(self.hist)
        s.pk = [dict(k) for k in self.pk]
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s._legal = None
        return s

    def card_count(self) -> int:
        """Every Action Card and Move Disc, wherever it lies (Danger Magnets aside included)."""
        return (sum(self.sizes) + len(self.adeck) + len(self.adiscard) + len(self.mdeck)
                + len(self.mdiscard) + self.magnets_aside)  # fmt: skip

    # -- words ----------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        from kaboom.games.board.words import describe_event

        return describe_event(self.box, event)

    def render(self) -> str:
        from kaboom.games.board.words import render_board

        return render_board(self.box, self.side, self.pos)

    def action_text(self, action: int) -> str:
        word, arg = self.decode(action)
        box = self.box
        if word == "play":
            return f"play {box.card_slugs[arg]}"
        if word == "swap-at":
            return f"play {box.card_slugs[box.card('swap')]} @{arg}"
        if word == "swap-with":
            return f"swap-with @{arg}"
        if word == "discard":
            return f"discard {box.card_slugs[arg]}"
        if word == "place":
            return f"place {arg}"
        return word

    def parse_action(self, text: str) -> int:
        """``draw``, ``play CARD``, ``play swap-spaces @2``, ``nope``, ``pass``, ``move``,
        ``flip``, ``defuse``, ``explode``, ``swap-with @2``, ``discard CARD``, ``place N``."""
        words = text.strip().lower().split()
        ids, box = self.ids, self.box
        if len(words) == 1 and words[0] in WORDS:
            return WORDS.index(words[0])
        if len(words) >= 2 and words[0] in ("play", "discard"):
            if words[1] not in box.card_slugs:
                raise BadInput("card", f"one of {', '.join(box.card_slugs)}; got {words[1]!r}")
            card = box.card_slugs.index(words[1])
            if words[0] == "discard" and len(words) == 2:
                return ids.discard + card
            if len(words) == 3 and box.card_effects[card] == "swap":
                return ids.swap_at + self._seat(words[2])
            if len(words) == 2:  # (never legal for Swap Spaces: it needs a target)
                return ids.play + card
        if len(words) == 2 and words[0] == "swap-with":
            return ids.swap_with + self._seat(words[1])
        if len(words) == 2 and words[0] == "place" and words[1].isdigit():
            position = int(words[1])
            if position > ids.size - ids.place - 1:
                raise IllegalAction("Add a Magnet NOW", f"no position {position} in the Move Deck")
            return ids.place + position
        raise BadInput(
            "action",
            "one of: draw, play CARD, play swap-spaces @SEAT, nope, pass, move, flip, defuse, "
            f"explode, swap-with @SEAT, discard CARD, place N; got {text!r}",
        )

    def _seat(self, word: str) -> int:
        if word.startswith("@") and word[1:].isdigit() and int(word[1:]) < self.n:
            return int(word[1:])
        raise BadInput("action", f"a seat written @N with N in 0..{self.n - 1}, got {word!r}")

    # -- serialisation -------------------------------------------------------------------------
    _FIELDS = ("pos", "side", "hands", "adeck", "adiscard", "mdeck", "mdiscard", "magnets_aside",
               "current", "actor", "owed", "attacked", "phase", "pending_seat", "nopes", "queue",
               "disc_now", "winner", "turns")  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        raw: dict[str, Any] = {
            "game": self.game_id,
            "players": self.n,
            "options": dict(self.options),
        }
        for name in self._FIELDS:
            value = getattr(self, name)
            raw[name] = [list(v) for v in value] if name == "hands" else (
                list(value) if isinstance(value, list) else value)  # fmt: skip
        raw["pending"] = list(self.pending) if self.pending is not None else None
        raw["move_knowledge"] = [{str(i): d for i, d in sorted(k.items())} for k in self.pk]
        raw["history"] = list(self.hist)
        raw["rng"] = [version, list(internal), gauss]
        return raw

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Self:
        try:
            version, internal, gauss = raw["rng"]
            rng = random.Random()
            rng.setstate((version, tuple(internal), gauss))
            s = cls(int(raw["players"]), dict(raw["options"]), rng)
            for name in cls._FIELDS:
                value = raw[name]
                setattr(s, name, [list(v) for v in value] if name == "hands" else (
                    list(value) if isinstance(value, list) else value))  # fmt: skip
            s.sizes = [sum(h) for h in s.hands]
            pending = raw["pending"]
            s.pending = (int(pending[0]), int(pending[1])) if pending is not None else None
            s.pk = [{int(i): d for i, d in k.items()} for k in raw["move_knowledge"]]
            s.hist = list(raw["history"])
        except (KeyError, TypeError, ValueError) as err:
            raise BadInput("state", f"a state written by to_json ({err!r})") from None
        return s

    # -- scenarios --------------------------------------------------------------------------------
    @classmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> Self:
        """``positions``, ``side`` (calm/chaos), ``hands``, ``move_deck`` and
        ``action_deck`` (top first), ``move_discard`` / ``action_discard`` (top first),
        ``magnets_aside``, ``current``, ``turns_owed``, ``attacked``."""
        s = cls(players, options, random.Random(seed))
        box = s.box
        known = {
            "positions", "side", "hands", "move_deck", "action_deck", "move_discard",
            "action_discard", "magnets_aside", "current", "turns_owed", "attacked",
        }  # fmt: skip
        for key in setup:
            if key not in known:
                raise BadInput(f"setup.{key}", f"one of {', '.join(sorted(known))}")
        pos = setup.get("positions", [0] * players)
        if (
            not isinstance(pos, list)
            or len(pos) != players
            or any(not isinstance(x, int) or not 0 <= x <= box.spaces for x in pos)
        ):
            raise BadInput("setup.positions", f"{players} spaces in 0..{box.spaces}")
        taken = [x for x in pos if x]
        if len(taken) != len(set(taken)):
            raise BadInput("setup.positions", "one character per space (but the Litter Box)")
        s.pos = list(pos)
        side = setup.get("side", "calm")
        if side not in SIDES:
            raise BadInput("setup.side", "calm or chaos")
        s.side = SIDES.index(side)
        hands = setup.get("hands", [[] for _ in range(players)])
        if not isinstance(hands, list) or len(hands) != players:
            raise BadInput("setup.hands", f"{players} lists of Action Cards")
        for q, hand in enumerate(hands):
            for i, slug in enumerate(hand):
                s._gain(q, s._rig(slug, box.card_slugs, f"setup.hands[{q}][{i}]"))
        s.adeck = [s._rig(c, box.card_slugs, f"setup.action_deck[{i}]")
                   for i, c in enumerate(setup.get("action_deck", []))][::-1]  # fmt: skip
        s.adiscard = [s._rig(c, box.card_slugs, f"setup.action_discard[{i}]")
                      for i, c in enumerate(setup.get("action_discard", []))][::-1]  # fmt: skip
        s.mdeck = [s._rig(d, box.disc_slugs, f"setup.move_deck[{i}]")
                   for i, d in enumerate(setup.get("move_deck", []))][::-1]  # fmt: skip
        s.mdiscard = [s._rig(d, box.disc_slugs, f"setup.move_discard[{i}]")
                      for i, d in enumerate(setup.get("move_discard", []))][::-1]  # fmt: skip
        s.magnets_aside = int(setup.get("magnets_aside", box.disc_counts[box.magnet]))
        current = setup.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < players:
            raise BadInput("setup.current", f"a seat in 0..{players - 1}")
        s.current = s.actor = current
        s.owed = int(setup.get("turns_owed", 1))
        s.attacked = bool(setup.get("attacked", s.owed > 1))
        return s

    def _hand(self, q: int) -> list[str]:
        slugs = self.box.card_slugs
        return sorted(slugs[t] for t, k in enumerate(self.hands[q]) for _ in range(k))

    def _rig(self, slug: Any, slugs: tuple[str, ...], field: str) -> int:
        if slug not in slugs:
            raise BadInput(field, f"one of {', '.join(slugs)}")
        return slugs.index(slug)

    def facts(self) -> dict[str, Any]:
        box = self.box
        return {
            "to_act": self.to_act,
            "phase": PHASES[self.phase],
            "current": self.current,
            "turns_owed": self.owed,
            "attacked": self.attacked,
            "side": SIDES[self.side],
            "positions": list(self.pos),
            "winner": self.winner if self.winner >= 0 else None,
            "over": self.phase == OVER,
            "hands": {str(q): self._hand(q) for q in range(self.n)},
            "hand_sizes": list(self.sizes),
            "move_deck": [box.disc_slugs[d] for d in self.mdeck[::-1]],
            "move_deck_size": len(self.mdeck),
            "move_discard": [box.disc_slugs[d] for d in self.mdiscard[::-1]],
            "action_deck_size": len(self.adeck),
            "action_discard": self._names(self.adiscard[::-1]),
            "magnets_aside": self.magnets_aside,
            "turns": self.turns,
            "cards_in_play": self.card_count(),
            "legal": [self.action_text(a) for a in self.legal_actions()],
        }

    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset({"hands", "legal"})


@cache
def _boxed(path: str) -> type[BoardGameState]:
    """A state class for a user's own box file (board, Move Discs, Action Cards)."""
    file = option_file(path, "board", "a board file")
    box = load_box(file)
    if box.id != BOX.id:
        raise BadInput(f"{file.name}: game.id", f"{BOX.id!r}, got {box.id!r}")
    return type("BoardGameBoxState", (BoardGameState,), {"box": box, "__slots__": ()})

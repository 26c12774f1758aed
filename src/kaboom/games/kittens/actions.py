"""The fixed integer action space of an exploding-family game and its text notation.

Text forms (docs/notation.md): ``draw``, ``play attack``, ``play favor @2``,
``pair tacocat @1``, ``triple skip @3 defuse``, ``five attack+favor+nope+skip+tacocat``,
``nope``, ``pass``, ``give skip``, ``defuse``, ``place 0`` (0 = top), ``take defuse``; with
a Clone: ``play clone=attack``, ``play clone=nope``, ``play clone=defuse``,
``pair kevin+clone @1``.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import NamedTuple

from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.games.kittens.edition import PLAYED_ALONE, TARGETED, Edition

# Action kinds.
DRAW, PLAY, PLAY_AT, PAIR, TRIPLE, FIVE, NOPE, PASS, GIVE, DEFUSE, PLACE, TAKE = range(12)
KIND_WORDS = ("draw", "play", "play", "pair", "triple", "five", "nope", "pass", "give",
              "defuse", "place", "take")  # fmt: skip


class Spec(NamedTuple):
    """A decoded action: its kind, card title, target seat and extra argument (the named
    title of a triple, the title mask of a five, the position of a placement, the title a
    Clone copies, the Clone that completes a pair)."""

    kind: int
    title: int = -1
    target: int = -1
    arg: int = -1


class ActionTable:
    """Every action of an edition at a player count, with lookup rows for fast generation."""

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players
        titles = edition.titles
        bomb = edition.only("bomb")
        self.bomb, self.defuse_t, self.nope_t = bomb, edition.only("defuse"), edition.only("nope")
        self.holdable = [t for t in range(titles) if t != bomb]
        self.specs: list[Spec] = []
        self.index: dict[Spec, int] = {}
        seats = range(players)
        #: One-seat audiences, made once.
        self.solo = [frozenset({q}) for q in seats]

        self.draw = self._add(Spec(DRAW))
        self.nope = self._add(Spec(NOPE))
        self.pass_ = self._add(Spec(PASS))
        self.defuse = self._add(Spec(DEFUSE))
        self.play = [-1] * titles
        self.play_at: list[list[int]] = [[-1] * players for _ in range(titles)]
        for t in self.holdable:
            effect = edition.effects[t]
            if effect in TARGETED:
                self.play_at[t] = [self._add(Spec(PLAY_AT, t, q)) for q in seats]
            elif effect in PLAYED_ALONE:
                self.play[t] = self._add(Spec(PLAY, t))
        pairable = [
            t for t in self.holdable if edition.pairs == "any" or edition.effects[t] == "cat"
        ]
        self.pair = [[-1] * players for _ in range(titles)]
        self.triple: list[list[list[int]]] = [[[] for _ in seats] for _ in range(titles)]
        for t in pairable:
            self.pair[t] = [self._add(Spec(PAIR, t, q)) for q in seats]
            if edition.threes:
                for q in seats:
                    self.triple[t][q] = [self._add(Spec(TRIPLE, t, q, n)) for n in self.holdable]
        self.five: dict[int, int] = {}
        if edition.five_different:
            for combo in combinations(self.holdable, 5):
                mask = sum(1 << t for t in combo)
                self.five[mask] = self._add(Spec(FIVE, arg=mask))
        self._add_clone(edition, players, pairable)
        self.give = [self._add(Spec(GIVE, t)) if t != bomb else -1 for t in range(titles)]
        self.take = [self._add(Spec(TAKE, t)) if t != bomb else -1 for t in range(titles)]
        self.place = [self._add(Spec(PLACE, arg=p)) for p in range(edition.deck_size + 1)]
        #: The text form of every action id, made once.
        self.texts = [self.text(a) for a in range(len(self.specs))]
        self._turn_rows: dict[tuple[int, tuple[bool, ...]], list[list[list[int]]]] = {}
        self._orders: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}

    def others_from_left(self, seat: int, alive: tuple[bool, ...]) -> tuple[int, ...]:
        """The other living seats in order from ``seat``'s left, made once and shared."""
        key = (seat, alive)
        order = self._orders.get(key)
        if order is None:
            n = self.players
            order = tuple(q % n for q in range(seat + 1, seat + n) if alive[q % n])
            self._orders[key] = order
        return order

    def turn_rows(self, seat: int, alive: tuple[bool, ...]) -> list[list[list[int]]]:
        """For ``seat`` with these players alive: per title, the plays open to a hand holding
        0, 1, 2 or 3+ of it (alone, then pairs, then threes), made once and shared."""
        key = (seat, alive)
        rows = self._turn_rows.get(key)
        if rows is None:
            targets = [q for q in range(self.players) if alive[q] and q != seat]
            rows = []
            for t in range(self.edition.titles):
                one = [self.play[t]] if self.play[t] >= 0 else []
                if self.play_at[t][0] >= 0:
                    one += [self.play_at[t][q] for q in targets]
                two = one + ([self.pair[t][q] for q in targets] if self.pair[t][0] >= 0 else [])
                three = two + [a for q in targets for a in self.triple[t][q]]
                rows.append([[], one, two, three])
            self._turn_rows[key] = rows
        return rows

    def _add_clone(self, edition: Edition, players: int, pairable: list[int]) -> None:
        """A Clone plays as the top card of the Discard Pile (RULINGS §3): one action per
        title it may copy, and a pair with one card from the hand."""
        titles, seats = edition.titles, range(players)
        self.clone = edition.effects.index("clone") if edition.has("clone") else -1
        self.clone_play = [-1] * titles
        self.clone_play_at: list[list[int]] = [[-1] * players for _ in range(titles)]
        self.clone_pair: list[list[int]] = [[-1] * players for _ in range(titles)]
        self.clone_nope = self.clone_defuse = -1
        c = self.clone
        if c < 0:
            return
        for t in self.holdable:
            effect = edition.effects[t]
            if effect in TARGETED:
                self.clone_play_at[t] = [self._add(Spec(PLAY_AT, c, q, t)) for q in seats]
            elif effect in PLAYED_ALONE:
                self.clone_play[t] = self._add(Spec(PLAY, c, -1, t))
        self.clone_nope = self._add(Spec(NOPE, c, -1, self.nope_t))
        self.clone_defuse = self._add(Spec(DEFUSE, c, -1, self.defuse_t))
        for t in pairable:
            if t != c:
                self.clone_pair[t] = [self._add(Spec(PAIR, t, q, c)) for q in seats]

    def _add(self, spec: Spec) -> int:
        self.index[spec] = len(self.specs)
        self.specs.append(spec)
        return self.index[spec]

    def __len__(self) -> int:
        return len(self.specs)

    # -- text --------------------------------------------------------------------------------
    def text(self, action: int) -> str:
        kind, title, target, arg = self.specs[action]
        slugs = self.edition.slugs
        word = KIND_WORDS[kind]
        if kind in (NOPE, DEFUSE) and title >= 0:
            return f"play {slugs[title]}={slugs[arg]}"
        if kind in (DRAW, NOPE, PASS, DEFUSE):
            return word
        if kind == PLAY and arg >= 0:
            return f"play {slugs[title]}={slugs[arg]}"
        if kind == PLAY_AT and arg >= 0:
            return f"play {slugs[title]}={slugs[arg]} @{target}"
        if kind == PAIR and arg >= 0:
            return f"pair {slugs[title]}+{slugs[arg]} @{target}"
        if kind in (PLAY, GIVE, TAKE):
            return f"{word} {slugs[title]}"
        if kind in (PLAY_AT, PAIR):
            return f"{word} {slugs[title]} @{target}"
        if kind == TRIPLE:
            return f"triple {slugs[title]} @{target} {slugs[arg]}"
        if kind == FIVE:
            return "five " + "+".join(slugs[t] for t in self.holdable if arg >> t & 1)
        return f"place {arg}"

    def parse(self, text: str) -> int:
        words = text.strip().lower().split()
        if not words:
            raise BadInput("action", "an action such as 'draw' or 'play skip' (empty text)")
        word, rest = words[0], words[1:]
        spec = self._parse_words(word, rest, text)
        if spec not in self.index:
            raise IllegalAction(*self._never_legal(spec))
        return self.index[spec]

    def _never_legal(self, spec: Spec) -> tuple[str, str]:
        """``(rule, reason)`` for well-formed text naming an action no state allows."""
        ed = self.edition
        name = ed.names[spec.title] if spec.title >= 0 else ""
        effect = ed.effects[spec.title] if spec.title >= 0 else ""
        if spec.target >= self.players:
            return "seats", f"seat {spec.target} does not exist (0..{self.players - 1})"
        if spec.kind == PLACE:
            return "Defuse", f"a position is 0..{ed.deck_size} cards from the top"
        if spec.arg >= 0 and spec.kind in (PLAY, PLAY_AT, NOPE, DEFUSE, PAIR):
            return self._never_legal_clone(spec)
        bomb = ed.names[self.bomb]
        if spec.kind == TRIPLE and not ed.threes:
            return "Three of a Kind", f"{ed.name} has no Three of a Kind"
        if spec.kind == TRIPLE and spec.arg == self.bomb:
            return "Three of a Kind", f"an {bomb} is never held in a hand"
        if spec.title == self.bomb:
            return name, f"an {bomb} is never held in a hand"
        if spec.kind == FIVE and not ed.five_different:
            return "Five different cards", f"{ed.name} has no five-different-cards combo"
        if spec.kind == FIVE:
            return "Five different cards", "name five different cards"
        if spec.kind == PAIR and ed.pairs == "cat" and effect != "cat":
            return "Two of a Kind", f"only two matching character cards form a pair, not {name}"
        if effect == "cat":
            return ed.character_cards, f"{name} is useless on its own: play two as a pair"
        if effect == "nope":
            return "Nope", "a Nope is played with 'nope' when a reaction window asks you"
        if effect == "defuse":
            return "Defuse", f"a Defuse is played with 'defuse' after drawing an {bomb}"
        if spec.kind == PLAY and effect in TARGETED:
            return name, f"{name} needs a target: play {ed.slugs[spec.title]} @SEAT"
        return name, f"{name} takes no target"

    def _title(self, slug: str) -> int:
        return self.edition.title_of(slug)

    def _parse_words(self, word: str, rest: list[str], text: str) -> Spec:
        bare = {"draw": DRAW, "nope": NOPE, "pass": PASS, "defuse": DEFUSE}
        if word in bare and not rest:
            return Spec(bare[word])
        if word in ("give", "take") and len(rest) == 1:
            return Spec(GIVE if word == "give" else TAKE, self._title(rest[0]))
        if word == "play" and rest and "=" in rest[0] and len(rest) <= 2:
            return self._parse_clone(rest)
        if word == "pair" and len(rest) == 2 and "+" in rest[0]:
            first, _, second = rest[0].partition("+")
            return Spec(PAIR, self._title(first), _seat(rest[1]), self._title(second))
        if word == "play" and len(rest) == 1:
            return Spec(PLAY, self._title(rest[0]))
        if word in ("play", "pair") and len(rest) == 2:
            kind = PLAY_AT if word == "play" else PAIR
            return Spec(kind, self._title(rest[0]), _seat(rest[1]))
        if word == "triple" and len(rest) == 3:
            return Spec(TRIPLE, self._title(rest[0]), _seat(rest[1]), self._title(rest[2]))
        if word == "five" and len(rest) == 1:
            titles = {self._title(s) for s in rest[0].split("+")}
            return Spec(FIVE, arg=sum(1 << t for t in titles))
        if word == "place" and len(rest) == 1 and rest[0].isdigit():
            return Spec(PLACE, arg=int(rest[0]))
        raise BadInput(
            "action",
            "one of: draw, play CARD, play CARD @SEAT, pair CARD @SEAT, play CLONE=CARD, "
            "pair CARD+CLONE @SEAT, "
            "triple CARD @SEAT NAMED, five A+B+C+D+E, nope, pass, give CARD, defuse, "
            f"place N, take CARD; got {text!r}",
        )

    def _never_legal_clone(self, spec: Spec) -> tuple[str, str]:
        ed = self.edition
        if spec.kind == PAIR:
            if ed.effects[spec.arg] != "clone":
                return "Two of a Kind", "the second card of a pair written A+B must be a Clone"
            if spec.title == spec.arg:
                return "Clone", "a Clone cannot copy a Clone"
            return "Two of a Kind", f"{ed.names[spec.title]} cannot form a pair"
        if spec.title != self.clone:
            return ed.names[spec.title], "only a Clone is played as another card (CLONE=CARD)"
        copied, effect = ed.names[spec.arg], ed.effects[spec.arg]
        if effect == "clone":
            return "Clone", "you cannot play a Clone on top of another Clone"
        if effect == "cat":
            return "Clone", (
                f"a Clone cannot copy a {copied} alone: pair it with one from your hand "
                f"(pair {ed.slugs[spec.arg]}+{ed.slugs[self.clone]} @SEAT)"
            )
        if effect in TARGETED and spec.kind != PLAY_AT:
            return "Clone", f"a Clone played as {copied} needs a target @SEAT"
        return "Clone", f"a Clone played as {copied} takes no target"

    def _parse_clone(self, rest: list[str]) -> Spec:
        """``play clone=attack``, ``play clone=favor @2``, ``play clone=nope``."""
        card, _, copied = rest[0].partition("=")
        c, x = self._title(card), self._title(copied)
        if len(rest) == 2:
            return Spec(PLAY_AT, c, _seat(rest[1]), x)
        if x == self.nope_t:
            return Spec(NOPE, c, -1, x)
        if x == self.defuse_t:
            return Spec(DEFUSE, c, -1, x)
        return Spec(PLAY, c, -1, x)


def _seat(word: str) -> int:
    if word.startswith("@") and word[1:].isdigit():
        return int(word[1:])
    raise BadInput("action", f"a target seat written @N, got {word!r}")


@cache
def action_table(edition: Edition, players: int) -> ActionTable:
    """The (shared, immutable) action table of ``edition`` for ``players`` seats."""
    return ActionTable(edition, players)

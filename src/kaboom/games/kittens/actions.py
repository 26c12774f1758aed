"""The fixed integer action space of an exploding-family game and its text notation.

Plays name card *ranks* (in the Original and Minions every card is its own rank; in Dynamitt
the rank is the card's value, its suit never matters), handing over and taking name the very
card. Text forms (docs/notation.md): ``draw``, ``play attack``, ``play favor @2``,
``pair tacocat @1``, ``triple skip @3 defuse``, ``five nope+attack+skip+favor+tacocat``,
``nope``, ``pass``, ``give skip``, ``defuse``, ``explode``, ``place 0`` (0 = top),
``take defuse``; with
a Clone: ``play clone=attack``, ``play clone=nope``, ``play clone=defuse``,
``pair kevin+clone @1``; with jokers (Dynamitt): ``pair 7+joker @1``,
``triple 9+joker+joker @2 a``, ``five 2+3+4+joker+joker``, ``defuse q``.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final, NamedTuple

from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.engine.parsing import action_words, ascii_number
from kaboom.games.kittens.edition import PLAYED_ALONE, TARGETED, Edition
from kaboom.games.kittens.words import card_name, rank_name, starts_with_vowel
from kaboom.i18n import _, pgettext

# Action kinds (``Final``, as the phases in ``core.py``).
DRAW: Final = 0
PLAY: Final = 1
PLAY_AT: Final = 2
PAIR: Final = 3
TRIPLE: Final = 4
FIVE: Final = 5
NOPE: Final = 6
PASS: Final = 7
GIVE: Final = 8
DEFUSE: Final = 9
PLACE: Final = 10
TAKE: Final = 11
#: Exploding instead of playing a Defuse (docs/rulings.md §1): a kind of its own, added last.
EXPLODE: Final = 12
KIND_WORDS = ("draw", "play", "play", "pair", "triple", "five", "nope", "pass", "give",
              "defuse", "place", "take", "explode")  # fmt: skip
#: How many cards each kind of play spends.
COMBO_SIZE = {PLAY: 1, PLAY_AT: 1, PAIR: 2, TRIPLE: 3, FIVE: 5}


class Spec(NamedTuple):
    """A decoded action: its kind, the rank played (for ``give``/``take``: the card), the
    target seat, an extra argument (the rank a triple names, the rank mask of a five, the
    position of a placement, the rank a Clone copies, the Clone that completes a pair) and
    how many jokers fill places in a combo."""

    kind: int
    title: int = -1
    target: int = -1
    arg: int = -1
    wild: int = 0


class ActionTable:
    """Every action of an edition at a player count, with lookup rows for fast generation."""

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players
        self._ranks(edition)
        self.specs: list[Spec] = []
        self.index: dict[Spec, int] = {}
        seats = range(players)
        #: One-seat audiences, made once.
        self.solo = [frozenset({q}) for q in seats]
        self.draw = self._add(Spec(DRAW))
        self.nope = self._add(Spec(NOPE))
        self.pass_ = self._add(Spec(PASS))
        self._add_defuses()
        self._add_single_plays()
        pairable = [r for r in self.holdable if edition.pairs == "any" or self.reffect[r] == "cat"]
        self._add_combos(pairable)
        self._add_clone(players, pairable)
        self._add_decisions()
        self._add_wild(players, pairable)
        # Added last, so that the ids above do not move (docs/rulings.md §1: every seat that
        # draws a bomb decides; exploding is always a choice).
        self.explode = self._add(Spec(EXPLODE))
        #: Per effect played alone: (rank, action) of each rank that has it.
        self.plays_of: dict[str, list[tuple[int, int]]] = {e: [] for e in PLAYED_ALONE}
        for r in self.holdable:
            if self.play[r] >= 0:
                self.plays_of[self.reffect[r]].append((r, self.play[r]))
        #: The text form of every action id, made once.
        self.texts = [self.text(a) for a in range(len(self.specs))]
        self._turn_rows: dict[tuple[int, tuple[bool, ...]], list[list[list[list[int]]]]] = {}
        self._orders: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}
        self._five_rows: dict[tuple[int, int], list[int]] = {}

    def _add_defuses(self) -> None:
        """One Defuse rank: "defuse"; several (Dynamitt's Q and K): "defuse q", "defuse k"."""
        self.defuse_by_rank = [-1] * len(self.rslug)
        if len(self.defuse_ranks) == 1:
            self.defuse = self._add(Spec(DEFUSE))
            self.defuse_by_rank[self.defuse_t] = self.defuse
        else:
            for r in self.defuse_ranks:
                self.defuse_by_rank[r] = self._add(Spec(DEFUSE, r))
            self.defuse = self.defuse_by_rank[self.defuse_t]

    def _add_single_plays(self) -> None:
        """A card played alone: on a seat (Favor) or not."""
        seats, ranks = range(self.players), len(self.rslug)
        self.play = [-1] * ranks
        self.play_at: list[list[int]] = [[-1] * self.players for _i in range(ranks)]
        for r in self.holdable:
            effect = self.reffect[r]
            if effect in TARGETED:
                self.play_at[r] = [self._add(Spec(PLAY_AT, r, q)) for q in seats]
            elif effect in PLAYED_ALONE:
                self.play[r] = self._add(Spec(PLAY, r))

    def _add_combos(self, pairable: list[int]) -> None:
        """Two of a Kind and Three of a Kind on a seat (the third naming a rank), and Five
        different cards (an option)."""
        edition, seats, ranks = self.edition, range(self.players), len(self.rslug)
        self.pair = [[-1] * self.players for _i in range(ranks)]
        self.triple: list[list[list[int]]] = [[[] for _i in seats] for _i in range(ranks)]
        for r in pairable:
            self.pair[r] = [self._add(Spec(PAIR, r, q)) for q in seats]
            if edition.threes:
                for q in seats:
                    self.triple[r][q] = [self._add(Spec(TRIPLE, r, q, n)) for n in self.holdable]
        self.five: dict[tuple[int, int], int] = {}
        if edition.five_different:
            for combo in combinations(self.holdable, 5):
                mask = sum(1 << r for r in combo)
                self.five[mask, 0] = self._add(Spec(FIVE, arg=mask))

    def _add_decisions(self) -> None:
        """The decisions after a play: the card given for a Favor, the card taken from the
        Discard Pile, the place of a defused bomb."""
        titles, held = self.edition.titles, self.hold_titles
        self.give = [self._add(Spec(GIVE, t)) if t in held else -1 for t in range(titles)]
        self.take = [self._add(Spec(TAKE, t)) if t in held else -1 for t in range(titles)]
        self.place = [self._add(Spec(PLACE, arg=p)) for p in range(self.edition.deck_size + 1)]

    def _ranks(self, edition: Edition) -> None:
        """Ranks, their cards, their effects; the bomb, Nope, Defuse, Clone and joker ranks."""
        self.rslug = list(edition.rank_slugs)
        self.rname = [edition.rank_name(r) for r in self.rslug]
        #: The rank of each card, and the cards of each rank.
        self.rank_of = [self.rslug.index(edition.rank_of(t)) for t in range(edition.titles)]
        #: Whether the ranks are the cards themselves (then a hand's counts are its ranks').
        self.grouped = self.rank_of != list(range(edition.titles))
        self.members: list[list[int]] = [[] for _i in self.rslug]
        for t, r in enumerate(self.rank_of):
            self.members[r].append(t)
        self.reffect = [edition.effects[m[0]] for m in self.members]
        self.bomb = self.reffect.index("bomb")
        self.nope_t = self.reffect.index("nope")
        self.defuse_ranks = [r for r, e in enumerate(self.reffect) if e == "defuse"]
        self.defuse_t = self.defuse_ranks[0]
        self.clone = self.reffect.index("clone") if "clone" in self.reffect else -1
        self.wild = self.reffect.index("wild") if "wild" in self.reffect else -1
        self.is_bomb = [r == self.bomb for r in self.rank_of]
        proof = set(edition.nope_proof)
        #: Cards whose presence in a play means no Nope can cancel it (Dynamitt's faces).
        self.nope_proof = [edition.rank_of(t) in proof for t in range(edition.titles)]
        #: Ranks that are played, paired and named (never the bomb or the joker).
        self.holdable = [r for r in range(len(self.rslug)) if r not in (self.bomb, self.wild)]
        #: Cards that can be held, given and taken.
        self.hold_titles = [t for t in range(edition.titles) if not self.is_bomb[t]]
        self.max_wild = (
            min(4, sum(edition.counts[t] for t in self.members[self.wild])) if self.wild >= 0 else 0
        )

    def _add_wild(self, players: int, pairable: list[int]) -> None:
        """Jokers fill any place of a combo, never played alone (docs/rulings.md §4)."""
        seats = range(players)
        R = len(self.rslug)
        self.pair_wild: list[list[int]] = [[-1] * players for _i in range(R)]
        self.triple_wild: list[list[list[list[int]]]] = [
            [[[] for _i in seats] for _i in range(3)] for _i in range(R)
        ]
        if self.wild < 0:
            return
        for r in pairable:
            self.pair_wild[r] = [self._add(Spec(PAIR, r, q, -1, 1)) for q in seats]
            if self.edition.threes:
                for w in (1, 2):
                    for q in seats:
                        self.triple_wild[r][w][q] = [
                            self._add(Spec(TRIPLE, r, q, n, w)) for n in self.holdable
                        ]
        if self.edition.five_different:
            for w in range(1, self.max_wild + 1):
                for combo in combinations(self.holdable, 5 - w):
                    mask = sum(1 << r for r in combo)
                    self.five[mask, w] = self._add(Spec(FIVE, arg=mask, wild=w))

    def five_rows(self, held: int, jokers: int) -> list[int]:
        """Every five-different-cards play open to a hand holding the ranks of the bit mask
        ``held`` and ``jokers`` jokers, made once per (mask, jokers) and shared."""
        key = (held, min(jokers, self.max_wild))
        row = self._five_rows.get(key)
        if row is None:
            distinct = [r for r in self.holdable if held >> r & 1]
            row = [
                self.five[sum(1 << r for r in combo), w]
                for w in range(key[1] + 1)
                if len(distinct) >= 5 - w
                for combo in combinations(distinct, 5 - w)
            ]
            self._five_rows[key] = row
        return row

    def others_from_left(self, seat: int, alive: tuple[bool, ...]) -> tuple[int, ...]:
        """The other living seats in order from ``seat``'s left, made once and shared."""
        key = (seat, alive)
        order = self._orders.get(key)
        if order is None:
            n = self.players
            order = tuple(q % n for q in range(seat + 1, seat + n) if alive[q % n])
            self._orders[key] = order
        return order

    def turn_rows(self, seat: int, alive: tuple[bool, ...]) -> list[list[list[list[int]]]]:
        """For ``seat`` with these players alive: per rank, the plays open to a hand holding
        0, 1, 2 or 3+ of it and 0, 1 or 2+ jokers (alone, then pairs, then threes), made
        once and shared."""
        key = (seat, alive)
        rows = self._turn_rows.get(key)
        if rows is None:
            targets = [q for q in range(self.players) if alive[q] and q != seat]
            rows = [self._rank_rows(r, targets) for r in range(len(self.rslug))]
            self._turn_rows[key] = rows
        return rows

    def _rank_rows(self, r: int, targets: list[int]) -> list[list[list[int]]]:
        one = [self.play[r]] if self.play[r] >= 0 else []
        if self.play_at[r][0] >= 0:
            one += [self.play_at[r][q] for q in targets]
        pairs = [self.pair[r][q] for q in targets] if self.pair[r][0] >= 0 else []
        pairs_w = [self.pair_wild[r][q] for q in targets] if self.pair_wild[r][0] >= 0 else []
        threes = [[a for q in targets for a in self.triple_wild[r][w][q]] for w in (1, 2)]
        threes.insert(0, [a for q in targets for a in self.triple[r][q]])
        rows: list[list[list[int]]] = [[[], [], []]]
        for c in (1, 2, 3):
            by_jokers = []
            for j in (0, 1, 2):
                row = list(one)
                if c >= 2:
                    row += pairs
                if j >= 1:
                    row += pairs_w
                for w in range(min(j, 2) + 1):  # w jokers fill the places of a three
                    if c >= 3 - w:
                        row += threes[w]
                by_jokers.append(row)
            rows.append(by_jokers)
        return rows

    def _add_clone(self, players: int, pairable: list[int]) -> None:
        """A Clone plays as the top card of the Discard Pile (docs/rulings.md §3): one action per
        rank it may copy, and a pair with one card from the hand."""
        R, seats = len(self.rslug), range(players)
        self.clone_play = [-1] * R
        self.clone_play_at: list[list[int]] = [[-1] * players for _i in range(R)]
        self.clone_pair: list[list[int]] = [[-1] * players for _i in range(R)]
        self.clone_defuse_by_rank = [-1] * R
        self.clone_nope = -1
        c = self.clone
        if c < 0:
            return
        for r in self.holdable:
            effect = self.reffect[r]
            if effect in TARGETED:
                self.clone_play_at[r] = [self._add(Spec(PLAY_AT, c, q, r)) for q in seats]
            elif effect in PLAYED_ALONE:
                self.clone_play[r] = self._add(Spec(PLAY, c, -1, r))
        self.clone_nope = self._add(Spec(NOPE, c, -1, self.nope_t))
        for r in self.defuse_ranks:
            self.clone_defuse_by_rank[r] = self._add(Spec(DEFUSE, c, -1, r))
        for r in pairable:
            if r != c:
                self.clone_pair[r] = [self._add(Spec(PAIR, r, q, c)) for q in seats]

    def _add(self, spec: Spec) -> int:
        self.index[spec] = len(self.specs)
        self.specs.append(spec)
        return self.index[spec]

    def __len__(self) -> int:
        return len(self.specs)

    # -- text --------------------------------------------------------------------------------
    def _combo(self, rank: int, wild: int) -> str:
        return "+".join([self.rslug[rank], *[self.rslug[self.wild]] * wild])

    def text(self, action: int) -> str:
        kind, title, target, arg, wild = self.specs[action]
        rs = self.rslug
        word = KIND_WORDS[kind]
        if kind in (NOPE, DEFUSE) and title >= 0:
            if kind == DEFUSE and title != self.clone:
                return f"defuse {rs[title]}"
            return f"play {rs[title]}={rs[arg]}"
        if kind in (DRAW, NOPE, PASS, DEFUSE, EXPLODE):
            return word
        if kind in (GIVE, TAKE):
            return f"{word} {self.edition.slugs[title]}"
        if kind == PLAY and arg >= 0:
            return f"play {rs[title]}={rs[arg]}"
        if kind == PLAY_AT and arg >= 0:
            return f"play {rs[title]}={rs[arg]} @{target}"
        if kind == PAIR and arg >= 0:
            return f"pair {rs[title]}+{rs[arg]} @{target}"
        if kind == PLAY:
            return f"play {rs[title]}"
        if kind in (PLAY_AT, PAIR):
            return f"{word} {self._combo(title, wild)} @{target}"
        if kind == TRIPLE:
            return f"triple {self._combo(title, wild)} @{target} {rs[arg]}"
        if kind == FIVE:
            ranks = [rs[r] for r in self.holdable if arg >> r & 1]
            return "five " + "+".join(ranks + [rs[self.wild]] * wild)
        return f"place {arg}"

    def parse(self, text: object) -> int:
        words = action_words(text)
        if not words:
            raise BadInput("action", _("an action such as 'draw' or 'play skip' (empty text)"))
        word, rest = words[0], words[1:]
        spec = self._parse_words(word, rest, text)
        if spec not in self.index:
            raise IllegalAction(*self._never_legal(spec))
        return self.index[spec]

    def _never_legal(self, spec: Spec) -> tuple[str, str]:
        """``(rule, reason)`` for well-formed text naming an action no state allows."""
        why = self._never_legal_form(spec)
        if why is not None:
            return why
        if spec.arg >= 0 and spec.kind in (PLAY, PLAY_AT, NOPE, DEFUSE, PAIR):
            return self._never_legal_clone(spec)
        name = self.said(spec.title) if spec.title >= 0 else ""
        effect = self.reffect[spec.title] if spec.title >= 0 else ""
        return self._never_legal_combo(spec, name, effect) or self._never_played_so(
            spec, name, effect
        )

    def said(self, rank: int) -> str:
        """Rank ``rank`` named in a sentence, in the context's language."""
        return rank_name(self.edition, self.rslug[rank])

    def never_held(self) -> str:
        """Why the bomb is never given, taken or played: it is never held in a hand."""
        bomb = self.said(self.bomb)
        if starts_with_vowel(bomb):
            return _("an {bomb} is never held in a hand").format(bomb=bomb)
        return _("a {bomb} is never held in a hand").format(bomb=bomb)

    def _never_legal_form(self, spec: Spec) -> tuple[str, str] | None:
        """A seat, a position, a card given or taken, or a Defuse that no table has."""
        ed = self.edition
        if spec.target >= self.players:
            return _("seats"), _("seat {seat} does not exist (0..{last})").format(
                seat=spec.target, last=self.players - 1
            )
        if spec.kind == PLACE:
            return _("Defuse"), _("a position is 0..{n} cards from the top").format(n=ed.deck_size)
        if spec.kind in (GIVE, TAKE):
            return card_name(ed.names[spec.title]), self.never_held()
        if spec.kind == DEFUSE and spec.title < 0:
            choices = [f"'defuse {self.rslug[r]}'" for r in self.defuse_ranks]
            return _("Defuse"), _("name the card you defuse with: {choices}").format(
                choices=or_list(choices)
            )
        if spec.kind == DEFUSE and spec.title >= 0 and spec.title != self.clone:
            if self.reffect[spec.title] != "defuse":
                return _("Defuse"), _("{card} is no Defuse").format(card=self.said(spec.title))
            return _("Defuse"), _("name no card: this edition has one Defuse ('defuse')")
        return None

    def _never_legal_combo(self, spec: Spec, name: str, effect: str) -> tuple[str, str] | None:
        """Jokers, Three of a Kind, the bomb, Five different cards and pairs the edition
        never allows."""
        ed, edition = self.edition, _(self.edition.name)
        if spec.wild and self.wild < 0:
            return _("Two of a Kind"), _("{edition} has no jokers").format(edition=edition)
        if self.wild >= 0 and spec.title == self.wild:
            if ed.ranks:  # Dynamitt: in its rulebook's words
                return _("joker"), pgettext(
                    "Dynamitt", "a joker is never played alone: it fills a place in a combo"
                )
            return _("joker"), _("a joker is never played alone: it fills a place in a combo")
        if spec.kind == TRIPLE and not ed.threes:
            return _("Three of a Kind"), _("{edition} has no Three of a Kind").format(
                edition=edition
            )
        if spec.kind == TRIPLE and spec.arg in (self.bomb, self.wild):
            return _("Three of a Kind"), _("name a card that is played: not {card}").format(
                card=self.said(spec.arg)
            )
        if spec.title == self.bomb:
            return name, self.never_held()
        if spec.kind == FIVE and not ed.five_different:
            return _("Five different cards"), _(
                "{edition} has no five-different-cards combo"
            ).format(edition=edition)
        if spec.kind == FIVE:
            return _("Five different cards"), _("name five different cards (jokers fill places)")
        if spec.kind in (PAIR, TRIPLE) and spec.wild >= COMBO_SIZE[spec.kind]:
            return _("joker"), _("a joker is never played alone: a combo needs one real card")
        if spec.kind == PAIR and ed.pairs == "cat" and effect != "cat":
            return _("Two of a Kind"), _(
                "only two matching character cards form a pair, not {card}"
            ).format(card=name)
        return None

    def _never_played_so(self, spec: Spec, name: str, effect: str) -> tuple[str, str]:
        """A card played alone that is never played so: a character card, a Nope or a
        Defuse on your turn, a Favor without its target, a card with one."""
        bomb = self.said(self.bomb)
        if effect == "cat":
            if self.edition.ranks:  # Dynamitt: in its rulebook's words
                why = pgettext("Dynamitt", "{card} is useless on its own: play two as a pair")
            else:
                why = _("{card} is useless on its own: play two as a pair")
            return _(self.edition.character_cards), why.format(card=name)
        if effect == "nope":
            return _("Nope"), _("a Nope is played with 'nope' when a reaction window asks you")
        if effect == "defuse":
            if starts_with_vowel(bomb):
                why = _("a Defuse is played with 'defuse' after drawing an {bomb}")
            else:
                why = _("a Defuse is played with 'defuse' after drawing a {bomb}")
            return _("Defuse"), why.format(bomb=bomb)
        if spec.kind == PLAY and effect in TARGETED:
            return name, _("{card} needs a target: play {slug} @SEAT").format(
                card=name, slug=self.rslug[spec.title]
            )
        return name, _("{card} takes no target").format(card=name)

    def _title(self, slug: str) -> int:
        return self.edition.title_of(slug)

    def _rank(self, slug: str) -> int:
        try:
            return self.rslug.index(slug)
        except ValueError:
            known = ", ".join(self.rslug)
            raise BadInput(
                "card", _("one of {known}; got {slug}").format(known=known, slug=repr(slug))
            ) from None

    def _parts(self, combo: str) -> tuple[list[int], int]:
        """``7+joker+joker`` → the ranks named and the number of jokers."""
        ranks = [self._rank(s) for s in combo.split("+")]
        jokers = sum(r == self.wild for r in ranks) if self.wild >= 0 else 0
        return [r for r in ranks if r != self.wild or self.wild < 0], jokers

    def _parse_words(self, word: str, rest: list[str], text: object) -> Spec:
        bare = {"draw": DRAW, "nope": NOPE, "pass": PASS, "defuse": DEFUSE, "explode": EXPLODE}
        if word in bare and not rest:
            return Spec(bare[word])
        if word == "defuse" and len(rest) == 1:
            return Spec(DEFUSE, self._rank(rest[0]))
        if word in ("give", "take") and len(rest) == 1:
            return Spec(GIVE if word == "give" else TAKE, self._title(rest[0]))
        spec = self._parse_play(rest) if word == "play" else self._parse_combo(word, rest)
        if spec is not None:
            return spec
        position = ascii_number(rest[0]) if word == "place" and len(rest) == 1 else None
        if position is not None:
            return Spec(PLACE, arg=position)
        raise BadInput(
            "action",
            _(
                "one of: draw, play CARD, play CARD @SEAT, pair CARD @SEAT, play CLONE=CARD, "
                "pair CARD+CLONE @SEAT, pair CARD+JOKER @SEAT, "
                "triple CARD @SEAT NAMED, five A+B+C+D+E, nope, pass, give CARD, defuse, "
                "defuse CARD, explode, place N, take CARD; got {text}"
            ).format(text=repr(text)),
        )

    def _parse_play(self, rest: list[str]) -> Spec | None:
        """``play CARD``, ``play CARD @SEAT``, ``play CLONE=CARD [@SEAT]``."""
        if rest and "=" in rest[0] and len(rest) <= 2:
            return self._parse_clone(rest)
        if len(rest) == 1:
            return Spec(PLAY, self._rank(rest[0]))
        if len(rest) == 2:
            return Spec(PLAY_AT, self._rank(rest[0]), _seat(rest[1]))
        return None

    def _parse_combo(self, word: str, rest: list[str]) -> Spec | None:
        """``pair CARD[+CLONE|+JOKER] @SEAT``, ``triple CARD @SEAT NAMED``,
        ``five A+B+C+D+E`` (``None``: none of these)."""
        if word == "pair" and len(rest) == 2:
            ranks, jokers = self._parts(rest[0])
            if len(ranks) == 2 and not jokers:  # a card and a Clone (or a refused A+B)
                return Spec(PAIR, ranks[0], _seat(rest[1]), ranks[1])
            if len(ranks) == 1:
                return Spec(PAIR, ranks[0], _seat(rest[1]), -1, jokers)
            if not ranks:
                return Spec(PAIR, self.wild, _seat(rest[1]), -1, jokers)
        if word == "triple" and len(rest) == 3:
            ranks, jokers = self._parts(rest[0])
            rank = ranks[0] if len(ranks) == 1 else self.wild if not ranks else -2
            if rank != -2:
                return Spec(TRIPLE, rank, _seat(rest[1]), self._rank(rest[2]), jokers)
        if word == "five" and len(rest) == 1:
            ranks, jokers = self._parts(rest[0])
            if len(set(ranks)) == len(ranks):
                return Spec(FIVE, arg=sum(1 << r for r in ranks), wild=jokers)
            return Spec(FIVE, arg=-1)
        return None

    def _never_legal_clone(self, spec: Spec) -> tuple[str, str]:
        re = self.reffect
        if spec.kind == PAIR:
            if re[spec.arg] != "clone":
                return _("Two of a Kind"), _(
                    "the second card of a pair written A+B must be a Clone"
                )
            if spec.title == spec.arg:
                return _("Clone"), _("a Clone cannot copy a Clone")
            return _("Two of a Kind"), _("{card} cannot form a pair").format(
                card=self.said(spec.title)
            )
        if spec.title != self.clone:
            return self.said(spec.title), _("only a Clone is played as another card (CLONE=CARD)")
        return _("Clone"), self._clone_copies(spec)

    def _clone_copies(self, spec: Spec) -> str:
        """Why a Clone never copies rank ``spec.arg`` so."""
        copied, effect = self.said(spec.arg), self.reffect[spec.arg]
        if effect == "clone":
            return _("you cannot play a Clone on top of another Clone")
        if effect == "cat":
            pair = f"pair {self.rslug[spec.arg]}+{self.rslug[self.clone]} @SEAT"
            return _(
                "a Clone cannot copy a {card} alone: pair it with one from your hand ({pair})"
            ).format(card=copied, pair=pair)
        if effect in ("wild", "bomb"):
            return _("a Clone cannot copy a {card}").format(card=copied)
        if effect in TARGETED and spec.kind != PLAY_AT:
            return _("a Clone played as {card} needs a target @SEAT").format(card=copied)
        return _("a Clone played as {card} takes no target").format(card=copied)

    def _parse_clone(self, rest: list[str]) -> Spec:
        """``play clone=attack``, ``play clone=favor @2``, ``play clone=nope``."""
        card, _, copied = rest[0].partition("=")
        c, x = self._rank(card), self._rank(copied)
        if len(rest) == 2:
            return Spec(PLAY_AT, c, _seat(rest[1]), x)
        if x == self.nope_t:
            return Spec(NOPE, c, -1, x)
        if x in self.defuse_ranks:
            return Spec(DEFUSE, c, -1, x)
        return Spec(PLAY, c, -1, x)


def _seat(word: str) -> int:
    seat = ascii_number(word[1:]) if word.startswith("@") else None
    if seat is not None:
        return seat
    raise BadInput("action", _("a target seat written @N, got {word}").format(word=repr(word)))


@cache
def action_table(edition: Edition, players: int) -> ActionTable:
    """The (shared, immutable) action table of ``edition`` for ``players`` seats."""
    return ActionTable(edition, players)


def or_list(parts: list[str]) -> str:
    """``a``, ``a or b``, ``a or b or c`` in the context's language."""
    said = parts[0]
    for part in parts[1:]:
        said = _("{first} or {second}").format(first=said, second=part)
    return said

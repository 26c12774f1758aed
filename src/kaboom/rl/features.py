"""The exploding family's vector read straight from the state, for speed (compiled with mypyc).

``kittens_features`` sets the same values ``Encoder.encode`` sets from ``observe(seat)``,
and reads only what that observation shows the seat: its own hand, the public piles and
counts, the pending play, what it saw of the Draw Pile (``known_pile``) and of other hands
(``known_hands``, its own entries only), and the public ``absent`` ranks. The observation
stays the specification: ``tests/test_rl_features.py`` compares both encodings at every step
of many games, for every seat. The values are written into a ``Sink``: each nonzero value
and its index, in two of mypyc's vectors of unboxed numbers (``librt.vecs``: a compiled
write is a store), which numpy reads through the buffer protocol and scatters into a
float32 vector of zeros; each at most 1; a count is summed one card at a time, as
``Encoder.encode`` sums it, so both are equal to the last bit. The offsets come from the
layout alone, and the sink moves them by its ``base``: one layout writes every row of a
batch (``kaboom.rl.batch``).
"""

from __future__ import annotations

from typing import Final, final

from librt.vecs import extend, vec
from mypy_extensions import i64

from kaboom.games.board.core import CHOOSE, BoardCore
from kaboom.games.board.core import OVER as BOARD_OVER
from kaboom.games.eleminis.rules import OVER as ELEMINIS_OVER
from kaboom.games.eleminis.rules import EleminisRules
from kaboom.games.kittens.core import OVER, KittensCore


@final
class Sink:
    """Where a fast path writes a vector: its nonzero values, each with its index moved by
    ``base`` (a batch's row: ``row * size``), in the order written; ``n`` of them. numpy
    reads ``at`` and ``values`` through the buffer protocol and scatters them into zeros
    (``kaboom.rl.encoding.scatter``): a vector costs its nonzero values, never a clearing
    of the whole vector nor a cast of it. A fast path writes an index once (or the same
    value again)."""

    def __init__(self, capacity: i64 = 256) -> None:
        self.base: i64 = 0
        self.n: i64 = 0
        self.at: vec[i64] = vec[i64]([0] * max(1, capacity))
        self.values: vec[float] = vec[float]([0.0] * max(1, capacity))

    def start(self, base: i64) -> None:
        """Empty: the next values are of the row at ``base`` (a single vector's: 0)."""
        self.n = 0
        self.base = base

    def row(self, base: i64) -> None:
        """The next values are of the row at ``base``, after those written."""
        self.base = base

    def put(self, i: i64, x: float) -> None:
        """Value ``x`` at index ``i`` of the row (twice the room when full)."""
        n = self.n
        if n == len(self.at):
            self.at = extend(self.at, self.at)
            self.values = extend(self.values, self.values)
        self.at[n] = self.base + i
        self.values[n] = x
        self.n = n + 1

    def room(self, k: i64) -> None:
        """Room for ``k`` more values (twice the room until there is). A loop that writes
        many values stores them itself, each ``at[n]`` and ``values[n]`` of the vectors in
        its locals, then sets ``n``: a store each, where ``put`` loads both vectors."""
        while self.n + k > len(self.at):
            self.at = extend(self.at, self.at)
            self.values = extend(self.values, self.values)


#: Divisors shared with ``kaboom.rl.encoding`` (which imports them from here).
#: (``Final``: compiled in as constants, where a module's name is a lookup in its dict)
TURNS_SCALE: Final = 100.0
HAND_SCALE: Final = 20.0
OWED_SCALE: Final = 8.0
KNOWN_PLACES: Final = 5


class Layout:
    """Where each field every family shares starts (``Encoder.fields``), and the numbers
    the values are scaled by."""

    def __init__(self, players: int, cards: int, at: dict[str, int], step: float,
                 total_cards: float) -> None:  # fmt: skip
        self.n = players
        self.c = cards
        #: Zeros, one per title: ``_counts``'s tallies (unboxed), left zero after each use.
        self.counts: vec[i64] = vec[i64]([0] * cards)
        #: Each title's own index: ``_counts``'s titles of cards that are titles.
        self.same: vec[i64] = vec[i64](range(cards))
        self.step = step
        #: ``k`` copies of a title, for each ``k`` up to the cards in play: ``step`` summed
        #: ``k`` times, clipped to 1 (``_copies``: a load, where the sum is a loop).
        self.copies: vec[float] = vec[float](
            [_summed(k, step) for k in range(int(total_cards) + 1)]
        )
        self.total = total_cards
        self.phase = at["phase"]
        self.to_act = at["to_act"]
        self.current = at["current"]
        self.alive = at["in"]
        self.hand_size = at["hand_size"]
        self.hand = at["hand"]
        self.turns = at["turns"]
        self.winners = at["winners"]
        self.window_open = at["window.open"]
        self.window_player = at["window.player"]
        self.window_nopes = at["window.nopes"]
        self.window_verb = at["window.verb"]
        self.window_names = at["window.names"]
        self.window_target = at["window.target"]


class KittensLayout(Layout):
    """The exploding family's offsets, and the tables the window and the ``absent`` ranks
    are read through."""

    def __init__(
        self,
        players: int,
        titles: int,
        tokens: int,
        at: dict[str, int],
        step: float,
        total_cards: float,
        window_words: list[tuple[int, list[int], list[int]]],
        rank_tokens: list[int],
    ) -> None:
        super().__init__(players, titles, at, step, total_cards)
        self.tokens = tokens
        self.draw_size = at["pile.draw.size"]
        self.discard_size = at["pile.discard.size"]
        self.discard_cards = at["pile.discard.cards"]
        self.discard_top = at["pile.discard.top"]
        self.known = at["known.draw"]
        self.known_hands = at["known.hands"]
        self.owed = at["exploding.turns_owed"]
        self.attacked = at["exploding.attacked"]
        self.bombs = at["exploding.bombs_in_pile"]
        self.out = at["exploding.out_of_game"]
        self.out_down = at["exploding.out_of_game_face_down"]
        self.drawn_bomb = at["exploding.drawn_bomb"]
        self.absent = at["exploding.absent"]
        #: Per action id: the verb's index (-1: none), the tokens it names, the seats it
        #: aims at (absolute), as ``Encoder`` reads them from the action's text.
        self.words = window_words
        #: Per rank of the action table: its token's index (-1: not a token).
        self.rank_tokens = rank_tokens


class BoardLayout(Layout):
    """The board game's offsets; Action Cards and Move Discs by their index among the
    encoder's titles (cards first, then discs), and each card's play as a window reads it."""

    def __init__(
        self,
        players: int,
        titles: int,
        at: dict[str, int],
        step: float,
        total_cards: float,
        card_index: list[int],
        disc_index: list[int],
        card_words: list[tuple[int, list[int], list[int]]],
    ) -> None:
        super().__init__(players, titles, at, step, total_cards)
        self.action_deck = at["pile.action_deck.size"]
        self.action_discard = at["pile.action_discard.size"]
        self.move_deck = at["pile.move_deck.size"]
        self.move_discard = at["pile.move_discard.size"]
        self.action_cards = at["pile.action_discard.cards"]
        self.action_top = at["pile.action_discard.top"]
        self.move_cards = at["pile.move_discard.cards"]
        self.move_top = at["pile.move_discard.top"]
        self.known = at["known.move_deck"]
        self.position = at["board.position"]
        self.chaos = at["board.chaos"]
        self.owed = at["board.turns_owed"]
        self.attacked = at["board.attacked"]
        self.magnets = at["board.magnets_aside"]
        self.disc_to_choose = at["board.disc_to_choose"]
        self.card_index: vec[i64] = vec[i64](card_index)
        self.disc_index: vec[i64] = vec[i64](disc_index)
        #: Per Action Card: its play's verb, the tokens it names (the card's own among
        #: them), the seats it aims at, as ``Encoder`` reads a window.
        self.card_words = card_words


class EleminisLayout(Layout):
    """Eleminis's offsets."""

    def __init__(self, players: int, titles: int, slots: int, at: dict[str, int],
                 step: float, total_cards: float) -> None:  # fmt: skip
        super().__init__(players, titles, at, step, total_cards)
        self.slots = slots
        self.deck_size = at["pile.deck.size"]
        self.discard_size = at["pile.discard.size"]
        self.discard_cards = at["pile.discard.cards"]
        self.discard_top = at["pile.discard.top"]
        self.known = at["known.deck"]
        self.row = at["eleminis.row"]
        self.score = at["eleminis.score"]
        self.total_at = at["eleminis.total"]
        self.teammate = at["eleminis.teammate"]
        self.teams = at["eleminis.teams"]
        self.drawn = at["eleminis.drawn"]
        self.game_number = at["eleminis.game_number"]
        self.first = at["eleminis.first"]


def _counts(out: Sink, base: int, items: list[int], title: vec[i64], L: Layout) -> None:
    """Per title, ``L.step`` summed once per item of ``items`` (at most 1), at ``base +
    title``, an item's title being ``title[item]`` (``Layout.same``: the item is its title).
    Counted as unboxed integers in ``L.counts`` (zeros, one per title, left zero again),
    read back in title order (a load each), or, for a few items among many titles (the
    cards out of a Dynamitt game, 1 to 3 of 53 titles), by a second pass over them."""
    if not items:
        return
    counts = L.counts
    for item in items:
        counts[title[item]] += 1
    out.room(len(counts))
    at, values, n, row = out.at, out.values, out.n, out.base + base
    if 4 * len(items) < len(counts):
        for item in items:
            t = title[item]
            k = counts[t]
            if k:  # (the title's first item: its count, then 0)
                at[n] = row + t
                values[n] = _copies(k, L)
                n += 1
                counts[t] = 0
        out.n = n
        return
    t = 0
    while t < len(counts):
        k = counts[t]
        if k:
            at[n] = row + t
            values[n] = _copies(k, L)
            n += 1
            counts[t] = 0
        t += 1
    out.n = n


def _held(out: Sink, base: int, hand: list[int], title: vec[i64], L: Layout) -> None:
    """Per card of ``hand`` (a count each), its copies at ``base + title[card]``."""
    out.room(len(hand))
    at, values, n, row = out.at, out.values, out.n, out.base + base
    for t, k in enumerate(hand):
        if k:
            at[n] = row + title[t]
            values[n] = _copies(k, L)
            n += 1
    out.n = n


def _copies(k: i64, L: Layout) -> float:
    """``k`` copies of a title: ``L.step`` summed ``k`` times (clipped to 1)."""
    copies = L.copies
    return copies[k] if k < len(copies) else _summed(k, L.step)


def _summed(k: i64, step: float) -> float:
    """``step`` summed ``k`` times (clipped to 1), as ``Encoder.encode`` sums a count."""
    x = 0.0
    for _ in range(k):
        x += step
    return x if x < 1.0 else 1.0


def _set(out: Sink, i: int, x: float) -> None:
    """Value ``x`` (clipped to 1) at ``i``, left alone when 0 (the vector starts at 0)."""
    if x != 0.0:
        out.put(i, x if x < 1.0 else 1.0)


def _common(out: Sink, L: Layout, me: int, phase: int, to_act: int, current: int,
            turns: int, winner: int) -> None:  # fmt: skip
    """The phase, who acts (-1: nobody), whose turn, the turns, the winner (-1: none)."""
    n = L.n
    out.put(L.phase + phase, 1.0)
    if to_act >= 0:
        out.put(L.to_act + (to_act - me) % n, 1.0)
    out.put(L.current + (current - me) % n, 1.0)
    _set(out, L.turns, turns / TURNS_SCALE)
    if winner >= 0:
        out.put(L.winners + (winner - me) % n, 1.0)


def kittens_features(s: KittensCore, me: int, L: KittensLayout, out: Sink) -> None:
    """Write into ``out`` the nonzero values of seat ``me``'s vector (``Encoder``). (Loops
    run over the lists themselves: an item read in a ``for`` is a load, where ``xs[i]`` is
    a checked call.)"""
    n, c = L.n, L.c
    over = s.phase == OVER
    _common(out, L, me, s.phase, -1 if over else s.actor, s.current, s.turns, s.winner)
    for q, alive in enumerate(s.alive):
        if alive:
            out.put(L.alive + (q - me) % n, 1.0)
    for q, size in enumerate(s.sizes):
        _set(out, L.hand_size + (q - me) % n, size / HAND_SCALE)
    _set(out, L.draw_size, float(len(s.pile)) / L.total)
    discard = s.discard
    _set(out, L.discard_size, float(len(discard)) / L.total)
    _counts(out, L.discard_cards, discard, L.same, L)
    if discard:
        out.put(L.discard_top + discard[-1], 1.0)
    _held(out, L.hand, s.hands[me], L.same, L)  # (one count per title)
    w = s.window
    if w is not None:
        verb, names, seats = L.words[s.table.index[w.play]]
        _window(out, L, me, w.player, len(w.nopes), verb, names, seats)
    top = len(s.pile) - 1
    for i, t in s.known_pile[me].items():
        place = top - i
        if place < KNOWN_PLACES:
            out.put(L.known + place * c + t, 1.0)
    _known_hands(s, me, L, out)
    _exploding(s, me, L, out)


def _window(out: Sink, L: Layout, me: int, player: int, nopes: int, verb: int,
            names: list[int], seats: list[int]) -> None:  # fmt: skip
    """A play waiting on its reaction window: who made it, the Nopes, its words."""
    n = L.n
    out.put(L.window_open, 1.0)
    out.put(L.window_player + (player - me) % n, 1.0)
    _set(out, L.window_nopes, nopes / n)
    if verb >= 0:
        out.put(L.window_verb + verb, 1.0)
    for token in names:
        out.put(L.window_names + token, 1.0)
    for q in seats:
        out.put(L.window_target + (q - me) % n, 1.0)


def _known_hands(s: KittensCore, me: int, L: KittensLayout, out: Sink) -> None:
    """The cards ``me`` knows other seats hold: its own entries of ``known_hands`` only."""
    n, c = L.n, L.c
    for key, k in s.known_hands.items():
        if key[0] != me:
            continue
        out.put(L.known_hands + (key[1] - me) % n * c + key[2], _copies(k, L))


def _exploding(s: KittensCore, me: int, L: KittensLayout, out: Sink) -> None:
    n = L.n
    _set(out, L.owed, s.turns_owed / OWED_SCALE)
    if s.attacked:
        out.put(L.attacked, 1.0)
    _set(out, L.bombs, s.bombs_in_pile() / n)
    _counts(out, L.out, s.out_of_game, L.same, L)
    _set(out, L.out_down, float(len(s.out_of_game_face_down)) / L.total)
    if s.drawn_bomb >= 0:
        out.put(L.drawn_bomb + s.drawn_bomb, 1.0)
    for q, r in s.absent:
        token = L.rank_tokens[r]
        if token >= 0:
            out.put(L.absent + (q - me) % n * L.tokens + token, 1.0)


def board_features(s: BoardCore, me: int, L: BoardLayout, out: Sink) -> None:
    """The board game's vector of seat ``me`` (as ``kittens_features``): its own Action
    Cards, the public table, the Move Discs it saw still in the Move Deck."""
    n, cards, discs = L.n, L.card_index, L.disc_index
    over = s.phase == BOARD_OVER
    _common(out, L, me, s.phase, -1 if over else s.actor, s.current, s.turns, s.winner)
    for q in range(n):
        r = (q - me) % n
        out.put(L.alive + r, 1.0)
        _set(out, L.hand_size + r, s.hand_sizes[q] / HAND_SCALE)
        _set(out, L.position + r, s.positions[q] / 40.0)
    _set(out, L.action_deck, float(len(s.action_deck)) / L.total)
    _set(out, L.action_discard, float(len(s.action_discard)) / L.total)
    _set(out, L.move_deck, float(len(s.move_deck)) / L.total)
    _set(out, L.move_discard, float(len(s.move_discard)) / L.total)
    _counts(out, L.action_cards, s.action_discard, cards, L)
    if s.action_discard:
        out.put(L.action_top + cards[s.action_discard[-1]], 1.0)
    _counts(out, L.move_cards, s.move_discard, discs, L)
    if s.move_discard:
        out.put(L.move_top + discs[s.move_discard[-1]], 1.0)
    _held(out, L.hand, s.hands[me], cards, L)
    w = s.window
    if w is not None:
        card, target = w.play
        verb, names, seats = L.card_words[card]
        _window(out, L, me, w.player, len(w.nopes), verb, names, seats)
        if target >= 0:
            out.put(L.window_target + (target - me) % n, 1.0)
    top = len(s.move_deck) - 1
    for i, d in s.known_move_deck[me].items():
        place = top - i
        if place < KNOWN_PLACES:
            out.put(L.known + place * L.c + discs[d], 1.0)
    if s.side == 1:
        out.put(L.chaos, 1.0)
    _set(out, L.owed, s.turns_owed / OWED_SCALE)
    if s.attacked:
        out.put(L.attacked, 1.0)
    _set(out, L.magnets, s.magnets_aside / 10.0)
    if s.phase == CHOOSE:
        out.put(L.disc_to_choose + discs[s.disc_to_choose], 1.0)


def _signed(value: int, scale: float) -> float:
    """``value`` (which may be negative) into [0, 1]: 0.5 is zero."""
    return min(1.0, max(0.0, 0.5 + value / scale))


def eleminis_features(s: EleminisRules, me: int, L: EleminisLayout, out: Sink) -> None:
    """Eleminis's vector of seat ``me`` (as ``kittens_features``): everything is public but
    the order of an unseen Deck (a Deck turned over from the Discard Pile is seen)."""
    n, c, slots = L.n, L.c, L.slots
    over = s.phase == ELEMINIS_OVER
    winners = s.winners
    _common(out, L, me, 1 if over else 0, -1 if over else s.current, s.current, s.turns,
            winners[0] if winners else -1)  # fmt: skip
    for q in winners[1:]:
        out.put(L.winners + (q - me) % n, 1.0)
    teams = s.teams
    for q in range(n):
        r = (q - me) % n
        out.put(L.alive + r, 1.0)
        base = L.row + r * slots * c
        for slot in range(slots):
            t = s.cells[q * slots + slot]
            if t >= 0:
                out.put(base + slot * c + t, 1.0)
        _set(out, L.score + r, _signed(s.scores[q], 400.0))
        _set(out, L.total_at + r, _signed(s.totals[q], 800.0))
        if teams and q % teams == me % teams:
            out.put(L.teammate + r, 1.0)
    deck, discard = s.deck, s.discard
    _set(out, L.deck_size, float(len(deck)) / L.total)
    _set(out, L.discard_size, float(len(discard)) / L.total)
    _counts(out, L.discard_cards, discard, L.same, L)
    if discard:
        out.put(L.discard_top + discard[-1], 1.0)
    if s.deck_known:
        for k in range(min(KNOWN_PLACES, len(deck))):
            out.put(L.known + k * c + deck[len(deck) - 1 - k], 1.0)
    _set(out, L.teams, teams / 4.0)
    if s.drawn >= 0:
        out.put(L.drawn + s.drawn, 1.0)
    _set(out, L.game_number, s.game_number / 10.0)
    out.put(L.first + (s.first - me) % n, 1.0)


def write_features(state: object, seat: int, layout: object, out: Sink) -> bool:
    """``seat``'s vector of ``state`` into ``out`` (its nonzero values, after those there),
    by the fast path of the layout's family: the one place that picks it, for the
    encoder and the vector env alike. False, writing nothing, where ``layout`` is None (the
    family has none) or ``state`` is not of its family."""
    if isinstance(layout, KittensLayout) and isinstance(state, KittensCore):
        kittens_features(state, seat, layout, out)
        return True
    if isinstance(layout, BoardLayout) and isinstance(state, BoardCore):
        board_features(state, seat, layout, out)
        return True
    if isinstance(layout, EleminisLayout) and isinstance(state, EleminisRules):
        eleminis_features(state, seat, layout, out)
        return True
    return False

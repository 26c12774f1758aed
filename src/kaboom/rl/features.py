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
        """Value ``x`` at index ``i`` of the row (twice the room when full): the slow path's
        (``Encoder.encode_into``), a value at a time."""
        n = self.n
        if n == len(self.at):
            self.at = extend(self.at, self.at)
            self.values = extend(self.values, self.values)
        self.at[n] = self.base + i
        self.values[n] = x
        self.n = n + 1

    def room(self, k: i64) -> None:
        """Room for ``k`` more values (twice the room until there is). A fast path asks for
        a row's room once (``Layout.room``), then stores each value itself, ``at[n]`` and
        ``values[n]`` of the vectors in its locals, and sets ``n``: a store each, where
        ``put`` loads both vectors."""
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
                 total_cards: float, room: int) -> None:  # fmt: skip
        self.n: i64 = players
        self.c: i64 = cards
        #: The most values one row may write (its vector's size, and an index a play's
        #: words name twice written twice): the room a row asks for before it writes.
        self.room: i64 = room
        #: Zeros, one per title: ``_counts``'s tallies (unboxed), left zero after each use.
        self.counts: vec[i64] = vec[i64]([0] * cards)
        #: ``_counts``'s titles in the order first counted (one place per title).
        self.seen: vec[i64] = vec[i64]([0] * cards)
        #: Each title's own index: ``_counts``'s titles of cards that are titles.
        self.same: vec[i64] = vec[i64](range(cards))
        self.step = step
        #: ``k`` copies of a title, for each ``k`` up to the cards in play: ``step`` summed
        #: ``k`` times, clipped to 1 (``_copies``: a load, where the sum is a loop).
        self.copies: vec[float] = vec[float](
            [_summed(k, step) for k in range(int(total_cards) + 1)]
        )
        self.total = total_cards
        self.phase: i64 = at["phase"]
        self.to_act: i64 = at["to_act"]
        self.current: i64 = at["current"]
        self.alive: i64 = at["in"]
        self.hand_size: i64 = at["hand_size"]
        self.hand: i64 = at["hand"]
        self.turns: i64 = at["turns"]
        self.winners: i64 = at["winners"]
        self.window_open: i64 = at["window.open"]
        self.window_player: i64 = at["window.player"]
        self.window_nopes: i64 = at["window.nopes"]
        self.window_verb: i64 = at["window.verb"]
        self.window_names: i64 = at["window.names"]
        self.window_target: i64 = at["window.target"]


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
        bombs: list[bool],
        size: int,
    ) -> None:
        super().__init__(players, titles, at, step, total_cards, size + _most_words(window_words))
        self.tokens: i64 = tokens
        self.draw_size: i64 = at["pile.draw.size"]
        self.discard_size: i64 = at["pile.discard.size"]
        self.discard_cards: i64 = at["pile.discard.cards"]
        self.discard_top: i64 = at["pile.discard.top"]
        self.known: i64 = at["known.draw"]
        self.known_hands: i64 = at["known.hands"]
        self.owed: i64 = at["exploding.turns_owed"]
        self.attacked: i64 = at["exploding.attacked"]
        self.bombs: i64 = at["exploding.bombs_in_pile"]
        self.out: i64 = at["exploding.out_of_game"]
        self.out_down: i64 = at["exploding.out_of_game_face_down"]
        self.drawn_bomb: i64 = at["exploding.drawn_bomb"]
        self.absent: i64 = at["exploding.absent"]
        #: Per action id: the verb's index (-1: none), the tokens it names, the seats it
        #: aims at (absolute), as ``Encoder`` reads them from the action's text.
        self.words = window_words
        #: Per rank of the action table: its token's index (-1: not a token).
        self.rank_tokens = rank_tokens
        #: Per title: 1 for a bomb (``ActionTable.is_bomb``), unboxed.
        self.bomb: vec[i64] = vec[i64]([1 if b else 0 for b in bombs])


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
        size: int,
    ) -> None:
        super().__init__(players, titles, at, step, total_cards, size + _most_words(card_words))
        self.action_deck: i64 = at["pile.action_deck.size"]
        self.action_discard: i64 = at["pile.action_discard.size"]
        self.move_deck: i64 = at["pile.move_deck.size"]
        self.move_discard: i64 = at["pile.move_discard.size"]
        self.action_cards: i64 = at["pile.action_discard.cards"]
        self.action_top: i64 = at["pile.action_discard.top"]
        self.move_cards: i64 = at["pile.move_discard.cards"]
        self.move_top: i64 = at["pile.move_discard.top"]
        self.known: i64 = at["known.move_deck"]
        self.position: i64 = at["board.position"]
        self.chaos: i64 = at["board.chaos"]
        self.owed: i64 = at["board.turns_owed"]
        self.attacked: i64 = at["board.attacked"]
        self.magnets: i64 = at["board.magnets_aside"]
        self.disc_to_choose: i64 = at["board.disc_to_choose"]
        self.card_index: vec[i64] = vec[i64](card_index)
        self.disc_index: vec[i64] = vec[i64](disc_index)
        #: Per Action Card: its play's verb, the tokens it names (the card's own among
        #: them), the seats it aims at, as ``Encoder`` reads a window.
        self.card_words = card_words


class EleminisLayout(Layout):
    """Eleminis's offsets."""

    def __init__(self, players: int, titles: int, slots: int, at: dict[str, int],
                 step: float, total_cards: float, size: int) -> None:  # fmt: skip
        super().__init__(players, titles, at, step, total_cards, size)
        self.slots: i64 = slots
        self.deck_size: i64 = at["pile.deck.size"]
        self.discard_size: i64 = at["pile.discard.size"]
        self.discard_cards: i64 = at["pile.discard.cards"]
        self.discard_top: i64 = at["pile.discard.top"]
        self.known: i64 = at["known.deck"]
        self.row: i64 = at["eleminis.row"]
        self.score: i64 = at["eleminis.score"]
        self.total_at: i64 = at["eleminis.total"]
        self.teammate: i64 = at["eleminis.teammate"]
        self.teams: i64 = at["eleminis.teams"]
        self.drawn: i64 = at["eleminis.drawn"]
        self.game_number: i64 = at["eleminis.game_number"]
        self.first: i64 = at["eleminis.first"]


def _most_words(words: list[tuple[int, list[int], list[int]]]) -> int:
    """The most tokens and seats one play's words name (a row's room past its size)."""
    return max((len(names) + len(seats) for _, names, seats in words), default=0)


# -- writing a row --------------------------------------------------------------------------------
# A row's writers store into the sink's two vectors, held in the row's locals (``at``,
# ``values``), each value at place ``n``, and return the next place: a store each, where a
# method of the sink loads both vectors at each value. ``kittens_features`` and the others
# ask the sink for the row's room (``Layout.room``) before they take the vectors, and set
# the sink's ``n`` at the end. Indices are the row's: its ``base`` already added.


def _one(at: vec[i64], values: vec[float], n: i64, i: i64) -> i64:
    """1 at index ``i``, in place ``n``."""
    at[n] = i
    values[n] = 1.0
    return n + 1


def _value(at: vec[i64], values: vec[float], n: i64, i: i64, x: float) -> i64:
    """``x`` (clipped to 1) at index ``i``, in place ``n``; nothing where it is 0 (the
    vector starts at 0)."""
    if x == 0.0:
        return n
    at[n] = i
    values[n] = x if x < 1.0 else 1.0
    return n + 1


def _counts(at: vec[i64], values: vec[float], n: i64, base: i64, items: list[int],
            title: vec[i64], L: Layout) -> i64:  # fmt: skip
    """Per title, ``L.step`` summed once per item of ``items`` (at most 1), at ``base +
    title``, an item's title being ``title[item]`` (``Layout.same``: the item is its title).
    Counted as unboxed integers in ``L.counts`` (zeros, one per title, left zero again),
    each title noted in ``L.seen`` at its first item: the values are written for the titles
    counted, without a pass over every title (a Dynamitt discard: 20 of 53)."""
    if not items:
        return n
    counts, seen, copies = L.counts, L.seen, L.copies
    m: i64 = 0
    for item in items:
        t = title[item]
        k = counts[t]
        if k == 0:
            seen[m] = t
            m += 1
        counts[t] = k + 1
    j: i64 = 0
    while j < m:
        t = seen[j]
        k = counts[t]
        at[n] = base + t
        values[n] = copies[k] if k < len(copies) else _summed(k, L.step)
        counts[t] = 0
        n += 1
        j += 1
    return n


def _held(at: vec[i64], values: vec[float], n: i64, base: i64, hand: list[int],
          title: vec[i64], size: int, L: Layout) -> i64:  # fmt: skip
    """Per card of ``hand`` (a count each, ``size`` cards in all), its copies at ``base +
    title[card]``; read up to its last card held."""
    left = size
    if left <= 0:
        return n
    copies = L.copies
    for t, k in enumerate(hand):
        if k:
            at[n] = base + title[t]
            values[n] = copies[k] if k < len(copies) else _summed(k, L.step)
            n += 1
            left -= k
            if left <= 0:
                break
    return n


def _copies(k: i64, L: Layout) -> float:
    """``k`` copies of a title: ``L.step`` summed ``k`` times (clipped to 1). (The loops
    over many titles read ``L.copies`` themselves: a load, where this is a call.)"""
    copies = L.copies
    return copies[k] if k < len(copies) else _summed(k, L.step)


def _summed(k: i64, step: float) -> float:
    """``step`` summed ``k`` times (clipped to 1), as ``Encoder.encode`` sums a count."""
    x = 0.0
    for _ in range(k):
        x += step
    return x if x < 1.0 else 1.0


def _common(at: vec[i64], values: vec[float], n: i64, row: i64, L: Layout, me: i64,
            phase: int, to_act: int, current: int, turns: int, winner: int) -> i64:  # fmt: skip
    """The phase, who acts (-1: nobody), whose turn, the turns, the winner (-1: none)."""
    p = L.n
    n = _one(at, values, n, row + L.phase + phase)
    if to_act >= 0:
        n = _one(at, values, n, row + L.to_act + (to_act - me) % p)
    n = _one(at, values, n, row + L.current + (current - me) % p)
    n = _value(at, values, n, row + L.turns, turns / TURNS_SCALE)
    if winner >= 0:
        n = _one(at, values, n, row + L.winners + (winner - me) % p)
    return n


def kittens_features(s: KittensCore, me: i64, L: KittensLayout, out: Sink) -> None:
    """Write into ``out`` the nonzero values of seat ``me``'s vector (``Encoder``). (Loops
    run over the lists themselves: an item read in a ``for`` is a load, where ``xs[i]`` is
    a checked call.)"""
    out.room(L.room)
    at, values, row = out.at, out.values, out.base
    p, c = L.n, L.c
    over = s.phase == OVER
    n = _common(at, values, out.n, row, L, me, s.phase, -1 if over else s.actor, s.current,
                s.turns, s.winner)  # fmt: skip
    base = row + L.alive
    for q, alive in enumerate(s.alive):
        if alive:
            n = _one(at, values, n, base + (q - me) % p)
    base = row + L.hand_size
    for q, size in enumerate(s.sizes):
        n = _value(at, values, n, base + (q - me) % p, size / HAND_SCALE)
    n = _value(at, values, n, row + L.draw_size, float(len(s.pile)) / L.total)
    discard = s.discard
    n = _value(at, values, n, row + L.discard_size, float(len(discard)) / L.total)
    n = _counts(at, values, n, row + L.discard_cards, discard, L.same, L)
    if discard:
        n = _one(at, values, n, row + L.discard_top + discard[-1])
    n = _held(at, values, n, row + L.hand, s.hands[me], L.same, s.sizes[me], L)
    w = s.window
    if w is not None:
        verb, names, seats = L.words[s.table.index[w.play]]
        n = _window(at, values, n, row, L, me, w.player, len(w.nopes), verb, names, seats)
    known = s.known_pile[me]
    if known:
        top, base = len(s.pile) - 1, row + L.known
        for i, t in known.items():
            place = top - i
            if place < KNOWN_PLACES:
                n = _one(at, values, n, base + place * c + t)
    n = _known_hands(at, values, n, row, s, me, L)
    out.n = _exploding(at, values, n, row, s, me, L)


def _window(at: vec[i64], values: vec[float], n: i64, row: i64, L: Layout, me: i64,
            player: int, nopes: int, verb: int, names: list[int],
            seats: list[int]) -> i64:  # fmt: skip
    """A play waiting on its reaction window: who made it, the Nopes, its words."""
    p = L.n
    n = _one(at, values, n, row + L.window_open)
    n = _one(at, values, n, row + L.window_player + (player - me) % p)
    n = _value(at, values, n, row + L.window_nopes, nopes / p)
    if verb >= 0:
        n = _one(at, values, n, row + L.window_verb + verb)
    for token in names:
        n = _one(at, values, n, row + L.window_names + token)
    for q in seats:
        n = _one(at, values, n, row + L.window_target + (q - me) % p)
    return n


def _known_hands(at: vec[i64], values: vec[float], n: i64, row: i64, s: KittensCore, me: i64,
                 L: KittensLayout) -> i64:  # fmt: skip
    """The cards ``me`` knows other seats hold: its own entries of ``known_hands`` only."""
    known = s.known_hands
    if not known:
        return n
    p, c, base = L.n, L.c, row + L.known_hands
    for key, k in known.items():
        if key[0] == me:
            at[n] = base + (key[1] - me) % p * c + key[2]
            values[n] = _copies(k, L)
            n += 1
    return n


def _exploding(at: vec[i64], values: vec[float], n: i64, row: i64, s: KittensCore, me: i64,
               L: KittensLayout) -> i64:  # fmt: skip
    p = L.n
    n = _value(at, values, n, row + L.owed, s.turns_owed / OWED_SCALE)
    if s.attacked:
        n = _one(at, values, n, row + L.attacked)
    n = _value(at, values, n, row + L.bombs, _bombs(s.pile, L.bomb) / p)
    n = _counts(at, values, n, row + L.out, s.out_of_game, L.same, L)
    n = _value(at, values, n, row + L.out_down, float(len(s.out_of_game_face_down)) / L.total)
    if s.drawn_bomb >= 0:
        n = _one(at, values, n, row + L.drawn_bomb + s.drawn_bomb)
    if s.absent:
        base = row + L.absent
        for q, r in s.absent:
            token = L.rank_tokens[r]
            if token >= 0:
                n = _one(at, values, n, base + (q - me) % p * L.tokens + token)
    return n


def _bombs(pile: list[int], bomb: vec[i64]) -> int:
    """``KittensCore.bombs_in_pile``, each card's bomb flag a load (there a checked call)."""
    count: i64 = 0
    for card in pile:
        count += bomb[card]
    return int(count)


def board_features(s: BoardCore, me: i64, L: BoardLayout, out: Sink) -> None:
    """The board game's vector of seat ``me`` (as ``kittens_features``): its own Action
    Cards, the public table, the Move Discs it saw still in the Move Deck."""
    out.room(L.room)
    at, values, row = out.at, out.values, out.base
    p, cards, discs = L.n, L.card_index, L.disc_index
    over = s.phase == BOARD_OVER
    n = _common(at, values, out.n, row, L, me, s.phase, -1 if over else s.actor, s.current,
                s.turns, s.winner)  # fmt: skip
    for q in range(p):
        r = (q - me) % p
        n = _one(at, values, n, row + L.alive + r)
        n = _value(at, values, n, row + L.hand_size + r, s.hand_sizes[q] / HAND_SCALE)
        n = _value(at, values, n, row + L.position + r, s.positions[q] / 40.0)
    n = _value(at, values, n, row + L.action_deck, float(len(s.action_deck)) / L.total)
    n = _value(at, values, n, row + L.action_discard, float(len(s.action_discard)) / L.total)
    n = _value(at, values, n, row + L.move_deck, float(len(s.move_deck)) / L.total)
    n = _value(at, values, n, row + L.move_discard, float(len(s.move_discard)) / L.total)
    n = _counts(at, values, n, row + L.action_cards, s.action_discard, cards, L)
    if s.action_discard:
        n = _one(at, values, n, row + L.action_top + cards[s.action_discard[-1]])
    n = _counts(at, values, n, row + L.move_cards, s.move_discard, discs, L)
    if s.move_discard:
        n = _one(at, values, n, row + L.move_top + discs[s.move_discard[-1]])
    n = _held(at, values, n, row + L.hand, s.hands[me], cards, s.hand_sizes[me], L)
    w = s.window
    if w is not None:
        card, target = w.play
        verb, names, seats = L.card_words[card]
        n = _window(at, values, n, row, L, me, w.player, len(w.nopes), verb, names, seats)
        if target >= 0:
            n = _one(at, values, n, row + L.window_target + (target - me) % p)
    top = len(s.move_deck) - 1
    for i, d in s.known_move_deck[me].items():
        place = top - i
        if place < KNOWN_PLACES:
            n = _one(at, values, n, row + L.known + place * L.c + discs[d])
    if s.side == 1:
        n = _one(at, values, n, row + L.chaos)
    n = _value(at, values, n, row + L.owed, s.turns_owed / OWED_SCALE)
    if s.attacked:
        n = _one(at, values, n, row + L.attacked)
    n = _value(at, values, n, row + L.magnets, s.magnets_aside / 10.0)
    if s.phase == CHOOSE:
        n = _one(at, values, n, row + L.disc_to_choose + discs[s.disc_to_choose])
    out.n = n


def _signed(value: int, scale: float) -> float:
    """``value`` (which may be negative) into [0, 1]: 0.5 is zero."""
    return min(1.0, max(0.0, 0.5 + value / scale))


def eleminis_features(s: EleminisRules, me: i64, L: EleminisLayout, out: Sink) -> None:
    """Eleminis's vector of seat ``me`` (as ``kittens_features``): everything is public but
    the order of an unseen Deck (a Deck turned over from the Discard Pile is seen)."""
    out.room(L.room)
    at, values, row = out.at, out.values, out.base
    p, c, slots = L.n, L.c, L.slots
    over = s.phase == ELEMINIS_OVER
    winners = s.winners
    n = _common(at, values, out.n, row, L, me, 1 if over else 0, -1 if over else s.current,
                s.current, s.turns, winners[0] if winners else -1)  # fmt: skip
    for k in range(1, len(winners)):  # (the first is ``_common``'s)
        n = _one(at, values, n, row + L.winners + (winners[k] - me) % p)
    teams = s.teams
    for q in range(p):
        r = (q - me) % p
        n = _one(at, values, n, row + L.alive + r)
        base = row + L.row + r * slots * c
        for slot in range(slots):
            t = s.cells[q * slots + slot]
            if t >= 0:
                n = _one(at, values, n, base + slot * c + t)
        n = _value(at, values, n, row + L.score + r, _signed(s.scores[q], 400.0))
        n = _value(at, values, n, row + L.total_at + r, _signed(s.totals[q], 800.0))
        if teams and q % teams == me % teams:
            n = _one(at, values, n, row + L.teammate + r)
    deck, discard = s.deck, s.discard
    n = _value(at, values, n, row + L.deck_size, float(len(deck)) / L.total)
    n = _value(at, values, n, row + L.discard_size, float(len(discard)) / L.total)
    n = _counts(at, values, n, row + L.discard_cards, discard, L.same, L)
    if discard:
        n = _one(at, values, n, row + L.discard_top + discard[-1])
    if s.deck_known:
        for k in range(min(KNOWN_PLACES, len(deck))):
            n = _one(at, values, n, row + L.known + k * c + deck[len(deck) - 1 - k])
    n = _value(at, values, n, row + L.teams, teams / 4.0)
    if s.drawn >= 0:
        n = _one(at, values, n, row + L.drawn + s.drawn)
    n = _value(at, values, n, row + L.game_number, s.game_number / 10.0)
    out.n = _one(at, values, n, row + L.first + (s.first - me) % p)


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

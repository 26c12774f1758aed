"""Dynamitt: the exploding game with a standard 52-card deck, built from a rank mapping.

The deck is data (``dynamitt.toml``): suits, jokers, how many decks, and which card each
rank plays as (docs/rulings.md §4). A user's own mapping (``-o mapping=FILE``, a TOML file with a
``[ranks]`` table) replaces the default, checked rank by rank.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from kaboom.engine.datafile import number, option_file, read_header, read_toml, unique
from kaboom.engine.errors import BadInput
from kaboom.games.kittens.edition import (
    DATA_DIR,
    Cards,
    Edition,
    check_effects,
    combos_of,
    edition_of,
    setup_numbers,
)
from kaboom.games.kittens.house import house_rules
from kaboom.games.kittens.state import KittensState
from kaboom.i18n import N_, _

RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
#: The most suits and jokers per deck a Dynamitt file may declare.
MAX_SUITS = 8
MAX_JOKERS = 10
#: The card each rank may play as, by the names a mapping file uses, and its effect.
CARDS = {
    "nope": "nope",
    "attack": "attack",
    "see-the-future": "see-the-future",
    "skip": "skip",
    "favor": "favor",
    "shuffle": "shuffle",
    "draw-from-the-bottom": "draw-bottom",
    "clone": "clone",
    "none": "cat",
    "dynamite": "bomb",
    "defuse": "defuse",
}
#: What each card does, by its effect: a message, said with ``_()`` where shown.
TEXTS = {
    "nope": N_("Cancels a card or combo just played, unless it includes a face card."),
    "attack": N_("End your turn without drawing; the next player takes 2 turns."),
    "see-the-future": N_("Look at the top 3 cards of the draw pile."),
    "skip": N_("End one turn without drawing."),
    "favor": N_("Another player gives you a card of their choice."),
    "shuffle": N_("Shuffle the draw pile."),
    "draw-bottom": N_("End one turn by drawing the bottom card."),
    "clone": N_("Plays as the top card of the discard pile."),
    "cat": N_("No effect alone; combos only."),
    "bomb": N_("Dynamite: without a Queen or King you are out."),
    "defuse": N_("Puts the fuse out when you draw a Jack; then hide the Jack in the pile."),
    "wild": N_("Fills any place of a combo; never played alone."),
}


def parse_ranks(raw: Any, source: str) -> dict[str, str]:
    """The ``[ranks]`` table: every rank A, 2-10, J, Q, K mapped to a known card."""
    if not isinstance(raw, dict):
        raise BadInput(f"{source}: [ranks]", _("a table mapping each rank to a card"))
    unique([str(k).lower() for k in raw], f"{source}: [ranks]", "ranks")
    ranks = {str(k).lower(): v for k, v in raw.items()}
    for rank in ranks:
        if rank not in RANKS:
            raise BadInput(
                f"{source}: ranks.{rank}",
                _("a rank, one of {known}").format(known=", ".join(RANKS)),
            )
    for rank in RANKS:
        if rank not in ranks:
            raise BadInput(f"{source}: ranks.{rank}", _("a card for this rank (missing)"))
        if not isinstance(ranks[rank], str) or ranks[rank] not in CARDS:
            raise BadInput(
                f"{source}: ranks.{rank}",
                _("a card, one of {known}; got {value}").format(
                    known=", ".join(CARDS), value=repr(ranks[rank])
                ),
            )
    return {rank: CARDS[ranks[rank]] for rank in RANKS}


def build_edition(raw: dict[str, Any], ranks: dict[str, str], source: str) -> Edition:
    """The 52 cards (or 104) and jokers as an edition, each card its rank and suit."""
    head, deck = raw.get("edition"), raw.get("deck")
    if not isinstance(head, dict):
        raise BadInput(f"{source}: [edition]", _("a table with id, name and setup numbers"))
    if not isinstance(deck, dict):
        raise BadInput(
            f"{source}: [deck]", _("a table with suits, jokers_per_deck, two_decks_from")
        )
    where = f"{source}: edition"
    header = read_header(head, where)
    suits = _suits(deck.get("suits"), f"{source}: deck.suits")
    slugs, names, counts, effects, texts, per_set, card_ranks = [], [], [], [], [], [], []
    both = (("deck1", 1), ("deck2", 1))
    for rank in RANKS:
        for suit, symbol in suits:
            slugs.append(f"{rank}{suit}")
            names.append(f"{rank.upper()}{symbol}")
            card_ranks.append(rank)
            per_set.append(both)
    jokers = number(deck, "jokers_per_deck", f"{source}: deck", 0, MAX_JOKERS)
    slugs.append("joker")
    names.append(N_("Joker"))
    card_ranks.append("joker")
    per_set.append((("deck1", jokers), ("deck2", jokers)))
    for i, rank in enumerate(card_ranks):
        effect = "wild" if rank == "joker" else ranks[rank]
        effects.append(effect)
        texts.append(TEXTS[effect])
        counts.append(sum(n for _set, n in per_set[i]))
    check_effects(effects, slugs, card_ranks, source)
    combos = combos_of(head, where)
    low, high = header.min_players, header.max_players
    two_from = number(deck, "two_decks_from", f"{source}: deck", low, high + 1)
    nope_proof = deck.get("nope_proof", [])
    if not isinstance(nope_proof, list) or any(r not in RANKS for r in nope_proof):
        raise BadInput(
            f"{source}: deck.nope_proof",
            _("a list of ranks, got {value}").format(value=repr(nope_proof)),
        )
    numbers = setup_numbers(head, where)
    cards = Cards(slugs, names, counts, effects, texts)
    return edition_of(
        head,
        where,
        header,
        numbers,
        combos,
        cards,
        set_counts=tuple(per_set),
        sets_by_players=tuple(
            (n, ("deck1",) if n < two_from else ("deck1", "deck2"))
            for n in range(head["min_players"], head["max_players"] + 1)
        ),
        dead_hand="discard",  # "legg resten av kortene dine i kastehaugen"
        ranks=tuple(card_ranks),
        rank_names=(*((r, r.upper()) for r in RANKS), ("joker", "Joker")),
        nope_proof=tuple(nope_proof),
    )


def _suits(raw: Any, where: str) -> list[tuple[str, str]]:
    """``[["s", "♠"], ...]``: 1 to 8 suits, each a unique slug and its symbol."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SUITS:
        raise BadInput(
            where,
            _("a list of 1 to {most} [slug, symbol] pairs, got {value}").format(
                most=MAX_SUITS, value=repr(raw)
            ),
        )
    suits = []
    for i, pair in enumerate(raw):
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
        ):
            raise BadInput(
                f"{where}[{i}]",
                _("a [slug, symbol] pair of texts, got {value}").format(value=repr(pair)),
            )
        suits.append((pair[0], pair[1]))
    unique([s for s, _symbol in suits], where, "suit slugs")
    return suits


def load_dynamitt(mapping: Path | None = None) -> Edition:
    """The default Dynamitt edition, or one with the ranks of a user's mapping file."""
    path = DATA_DIR / "dynamitt.toml"
    raw = read_toml(path)
    source, table = path.name, raw.get("ranks")
    if mapping is not None:
        user = read_toml(mapping, f"mapping {mapping}")
        source, table = str(mapping), user.get("ranks")
    return build_edition(raw, parse_ranks(table, source), source)


DYNAMITT = load_dynamitt()


@mypyc_attr(allow_interpreted_subclasses=True)
class DynamittState(KittensState):
    """Dynamitt (standard deck). A ``mapping`` option plays with a class whose edition holds
    that mapping (``variant``); everything else is the shared kernel."""

    edition = DYNAMITT
    game_id = DYNAMITT.id
    __slots__ = ()

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[KittensState]:
        """The class for these options: the default mapping, or the user's file; with the
        Attack rule of the ``attack`` option (``house``)."""
        mapping = str(options.get("mapping") or "")
        return house_rules(_mapped(mapping) if mapping else DynamittState, options)

    @classmethod
    def deck_counts(cls, players: int, options: dict[str, Any]) -> list[int]:
        """One deck for 2-5 players, two for 6-9; jokers in or out (option ``jokers``)."""
        counts = cls.edition.deck_counts(players)
        if not options.get("jokers", True):
            counts = [
                0 if e == "wild" else k for k, e in zip(counts, cls.edition.effects, strict=True)
            ]
        return counts


@cache
def _mapped(mapping: str) -> type[DynamittState]:
    edition = load_dynamitt(option_file(mapping, "mapping", N_("a rank mapping file")))
    return type("DynamittMappedState", (DynamittState,), {"edition": edition, "__slots__": ()})

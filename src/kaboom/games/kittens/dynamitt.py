"""Dynamitt: the exploding game with a standard 52-card deck, built from a rank mapping.

The deck is data (``dynamitt.toml``): suits, jokers, how many decks, and which card each
rank plays as (docs/rulings.md §4). A user's own mapping (``-o mapping=FILE``, a TOML file with a
``[ranks]`` table) replaces the default, checked rank by rank.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from kaboom.engine.datafile import option_file, read_header, read_toml
from kaboom.engine.errors import BadInput
from kaboom.games.kittens.edition import DATA_DIR, Edition, check_effects
from kaboom.games.kittens.state import KittensState

RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
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
TEXTS = {
    "nope": "Cancels a card or combo just played, unless it includes a face card.",
    "attack": "End your turn without drawing; the next player takes 2 turns.",
    "see-the-future": "Look at the top 3 cards of the draw pile.",
    "skip": "End one turn without drawing.",
    "favor": "Another player gives you a card of their choice.",
    "shuffle": "Shuffle the draw pile.",
    "draw-bottom": "End one turn by drawing the bottom card.",
    "clone": "Plays as the top card of the discard pile.",
    "cat": "No effect alone; combos only.",
    "bomb": "Dynamite: without a Queen or King you are out.",
    "defuse": "Puts the fuse out when you draw a Jack; then hide the Jack in the pile.",
    "wild": "Fills any place of a combo; never played alone.",
}


def parse_ranks(raw: Any, source: str) -> dict[str, str]:
    """The ``[ranks]`` table: every rank A, 2-10, J, Q, K mapped to a known card."""
    if not isinstance(raw, dict):
        raise BadInput(f"{source}: [ranks]", "a table mapping each rank to a card")
    ranks = {str(k).lower(): v for k, v in raw.items()}
    for rank in ranks:
        if rank not in RANKS:
            raise BadInput(f"{source}: ranks.{rank}", f"a rank, one of {', '.join(RANKS)}")
    for rank in RANKS:
        if rank not in ranks:
            raise BadInput(f"{source}: ranks.{rank}", "a card for this rank (missing)")
        if ranks[rank] not in CARDS:
            raise BadInput(
                f"{source}: ranks.{rank}",
                f"a card, one of {', '.join(CARDS)}; got {ranks[rank]!r}",
            )
    return {rank: CARDS[ranks[rank]] for rank in RANKS}


def build_edition(raw: dict[str, Any], ranks: dict[str, str], source: str) -> Edition:
    """The 52 cards (or 104) and jokers as an edition, each card its rank and suit."""
    head, deck = raw["edition"], raw["deck"]
    slugs, names, counts, effects, texts, per_set, card_ranks = [], [], [], [], [], [], []
    both = (("deck1", 1), ("deck2", 1))
    for rank in RANKS:
        for suit, symbol in deck["suits"]:
            slugs.append(f"{rank}{suit}")
            names.append(f"{rank.upper()}{symbol}")
            card_ranks.append(rank)
            per_set.append(both)
    jokers = int(deck["jokers_per_deck"])
    slugs.append("joker")
    names.append("Joker")
    card_ranks.append("joker")
    per_set.append((("deck1", jokers), ("deck2", jokers)))
    for i, rank in enumerate(card_ranks):
        effect = "wild" if rank == "joker" else ranks[rank]
        effects.append(effect)
        texts.append(TEXTS[effect])
        counts.append(sum(n for _, n in per_set[i]))
    check_effects(effects, slugs, card_ranks, source)
    combos = head.get("combos", {})
    two_from = int(deck["two_decks_from"])
    spare = head["spare_defuses_back"]
    return Edition(
        header=read_header(head, f"{source}: edition"),
        hand_size=head["hand_size"],
        defuses_per_player=head["defuses_per_player"],
        spare_defuses_back=-1 if spare == "all" else spare,
        bombs_fewer_than_players=head["bombs_fewer_than_players"],
        slugs=tuple(slugs),
        names=tuple(names),
        counts=tuple(counts),
        effects=tuple(effects),
        texts=tuple(texts),
        pairs=combos.get("pairs", "any"),
        dead_hand=head.get("dead_hand", "discard"),
        character_cards=head.get("character_cards", "Cat Cards"),
        threes=combos.get("threes", True),
        five_different=combos.get("five_different", True),
        set_counts=tuple(per_set),
        sets_by_players=tuple(
            (n, ("deck1",) if n < two_from else ("deck1", "deck2"))
            for n in range(head["min_players"], head["max_players"] + 1)
        ),
        ranks=tuple(card_ranks),
        rank_names=(*((r, r.upper()) for r in RANKS), ("joker", "Joker")),
        nope_proof=tuple(deck.get("nope_proof", ())),
    )


def load_dynamitt(mapping: Path | None = None) -> Edition:
    """The default Dynamitt edition, or one with the ranks of a user's mapping file."""
    path = DATA_DIR / "dynamitt.toml"
    raw = read_toml(path)
    source, table = path.name, raw["ranks"]
    if mapping is not None:
        user = read_toml(mapping, f"mapping {mapping}")
        source, table = str(mapping), user.get("ranks")
    return build_edition(raw, parse_ranks(table, source), source)


DYNAMITT = load_dynamitt()


class DynamittState(KittensState):
    """Dynamitt (standard deck). A ``mapping`` option plays with a class whose edition holds
    that mapping (``variant``); everything else is the shared kernel."""

    edition = DYNAMITT
    game_id = DYNAMITT.id
    __slots__ = ()

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[DynamittState]:
        """The class for these options: the default mapping, or the user's file."""
        mapping = str(options.get("mapping") or "")
        return _mapped(mapping) if mapping else DynamittState

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
    edition = load_dynamitt(option_file(mapping, "mapping", "a rank mapping file"))
    return type("DynamittMappedState", (DynamittState,), {"edition": edition, "__slots__": ()})

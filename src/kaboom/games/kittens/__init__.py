"""The exploding family: one set of rules (``state.py``), editions as data files."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from kaboom.engine.options import Option
from kaboom.engine.registry import register_game
from kaboom.games.kittens.dynamitt import DYNAMITT, DynamittState
from kaboom.games.kittens.edition import DATA_DIR, load_edition
from kaboom.games.kittens.house import (
    ATTACK_OPTION,
    DECK_OPTION,
    NOPE_DEFUSE_OPTION,
    HouseRulesState,
)
from kaboom.games.kittens.rollout import PLAYOUT
from kaboom.i18n import N_

ORIGINAL = load_edition(DATA_DIR / "original.toml")
MINIONS = load_edition(DATA_DIR / "minions.toml")
__all__ = ["DYNAMITT", "MINIONS", "ORIGINAL", "DynamittState", "MinionsState", "OriginalState"]


@mypyc_attr(allow_interpreted_subclasses=True)
class OriginalState(HouseRulesState):
    """Exploding Kittens, Original Edition (2025 print)."""

    edition = ORIGINAL
    game_id = ORIGINAL.id
    __slots__ = ()


ORIGINAL_OPTIONS = (
    Option("fast", bool, False, N_("Faster variant: remove a random third of the deck, unseen")),
    Option(
        "five_different", bool, False, N_("Five different cards take any card from the discard")
    ),
    Option("first", int, 0, N_("The seat that goes first"), minimum=0, maximum=4),
    DECK_OPTION,
    ATTACK_OPTION,
    NOPE_DEFUSE_OPTION,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class MinionsState(HouseRulesState):
    """Exploding Minions: card sets by player count, Clone, Draw from the Bottom."""

    edition = MINIONS
    game_id = MINIONS.id
    __slots__ = ()


MINIONS_OPTIONS = (
    Option("first", int, 0, N_("The seat that goes first"), minimum=0, maximum=4),
    DECK_OPTION,
    ATTACK_OPTION,
    NOPE_DEFUSE_OPTION,
)


DYNAMITT_OPTIONS = (
    Option("jokers", bool, True, N_("Jokers in the deck: wild in combos (docs/rulings.md §4)")),
    Option("five_different", bool, True, N_("Five different ranks take any card from the discard")),
    Option("mapping", str, "", N_("A rank mapping file (TOML with a [ranks] table)"), path=True),
    Option("first", int, 0, N_("The seat that goes first"), minimum=0, maximum=8),
    ATTACK_OPTION,
)

FAMILY = "exploding"
register_game(OriginalState, ORIGINAL.header, ORIGINAL_OPTIONS, family=FAMILY, playout=PLAYOUT)
register_game(MinionsState, MINIONS.header, MINIONS_OPTIONS, family=FAMILY, playout=PLAYOUT)
register_game(DynamittState, DYNAMITT.header, DYNAMITT_OPTIONS, family=FAMILY, playout=PLAYOUT)

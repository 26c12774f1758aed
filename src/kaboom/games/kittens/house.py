"""House rules for the exploding family: a deck file of the user's (``-o deck=FILE``, the
format of the shipped editions, docs/house-rules.md) and rule switches that are not deck
contents (``-o attack=classic``). Each combination plays as a subclass of the game's state
whose edition is the one these options describe, made once per process."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from mypy_extensions import mypyc_attr

from kaboom.engine.datafile import option_file
from kaboom.engine.options import Option
from kaboom.games.kittens.edition import ATTACK_RULES, load_edition
from kaboom.games.kittens.state import KittensState
from kaboom.i18n import N_

#: The deck option: an edition file in the shipped editions' format.
DECK_OPTION = Option(
    "deck", str, "", N_("A deck file (TOML, docs/house-rules.md): cards and setup"), path=True
)
#: The Attack stacking rule as a plain option ('': the edition's own).
ATTACK_OPTION = Option(
    "attack", str, "", N_("Attack stacking: 2025 or classic ('': the edition's)"),
    choices=("", *ATTACK_RULES),
)  # fmt: skip


#: The Nope-answers-a-Defuse house rule as a plain option (on if the option or the deck says so).
NOPE_DEFUSE_OPTION = Option(
    "nope_defuse", bool, False, N_("House rule: a Nope may answer a Defuse (docs/house-rules.md)")
)


@mypyc_attr(allow_interpreted_subclasses=True)
class HouseRulesState(KittensState):
    """An edition whose options may bring house rules (``house_rules``): the user's deck
    file, the Attack rule, a Nope on a Defuse. The Original and Minions; subclasses set
    ``edition`` and ``game_id``."""

    __slots__ = ()

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[KittensState]:
        """This edition, or the deck file and Attack rule of the options."""
        return house_rules(cls, options)


def house_rules(base: type[KittensState], options: dict[str, Any]) -> type[KittensState]:
    """The class that plays ``base`` with these options' deck file, Attack rule and
    Nope-on-Defuse rule (``base`` itself when none is given)."""
    deck = str(options.get("deck") or "")
    attack = str(options.get("attack") or "")
    nope_defuse = bool(options.get("nope_defuse", False))
    return _ruled(base, deck, attack, nope_defuse) if deck or attack or nope_defuse else base


@cache
def _ruled(
    base: type[KittensState], deck: str, attack: str, nope_defuse: bool
) -> type[KittensState]:
    edition = base.edition
    if deck:
        edition = load_edition(option_file(deck, "deck", N_("a deck file (docs/house-rules.md)")))
    if attack:
        edition = replace(edition, attack=attack)
    if nope_defuse:
        edition = replace(edition, nope_defuse=True)
    name = f"{base.__name__}House"
    # Its module is the base's (the family's package: observation schema, conformance);
    # compiled, a class's __module__ is read as a type's.
    cls: type = base
    return type(name, (base,), {"edition": edition, "__slots__": (), "__module__": cls.__module__})

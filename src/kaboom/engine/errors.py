"""Errors that name the rule or the field at fault."""

from __future__ import annotations

from kaboom.i18n import _


class KaboomError(Exception):
    """Base of every error kaboom raises on purpose."""


class IllegalAction(KaboomError):
    """An action the rules forbid in this state; the state is left untouched.

    ``rule`` names the rule broken (a card, a phase, a ruling), ``reason`` says why.
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(_("illegal action ({rule}): {reason}").format(rule=rule, reason=reason))


class BadOption(KaboomError):
    """A game option that is unknown, of the wrong type, or out of range."""

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(_("option {option!r}: {reason}").format(option=option, reason=reason))


class BadInput(KaboomError):
    """Malformed input (a file, a command, a serialised state): names the field and what
    was expected."""

    def __init__(self, field: str, expected: str) -> None:
        self.field = field
        self.expected = expected
        super().__init__(f"{field}: {expected}")


class UnknownGame(KaboomError):
    """A game id that is not registered."""

    def __init__(self, game_id: str, known: list[str]) -> None:
        self.game_id = game_id
        why = _("unknown game {game!r}; known games: {known}")
        super().__init__(why.format(game=game_id, known=", ".join(known)))

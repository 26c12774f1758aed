"""Checks every game's action words share: an action id is an ``int`` in range, an action
text is a ``str``, and a number in a text is written with the ASCII digits 0-9 only (the
Unicode digits ``str.isdigit`` accepts, such as ``²`` or ``٣``, are not numbers here)."""

from __future__ import annotations

from kaboom.engine.errors import BadInput
from kaboom.i18n import _

#: The longest number an action text may hold (no table has a billion seats, slots or
#: positions; a longer one would only cost ``int`` time).
MAX_DIGITS = 9


def check_action_id(action: object, size: int) -> int:
    """``action`` if it is an action id of a space of ``size`` ids (an ``int``, never a
    ``bool`` nor a float); else ``BadInput`` naming the range.

    >>> check_action_id(3, 10)
    3
    >>> check_action_id(10, 10)
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: action: an action id in 0..9, got 10
    >>> check_action_id(True, 10)
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: action: an action id in 0..9 (an int), got True
    """
    if isinstance(action, bool) or not isinstance(action, int):
        why = _("an action id in 0..{n} (an int), got {action!r}")
        raise BadInput("action", why.format(n=size - 1, action=action))
    if not 0 <= action < size:
        why = _("an action id in 0..{n}, got {action}")
        raise BadInput("action", why.format(n=size - 1, action=action))
    return action


def action_words(text: object) -> list[str]:
    """The lower-cased words of an action text; ``BadInput`` if ``text`` is not a ``str``.

    >>> action_words("  Play SKIP ")
    ['play', 'skip']
    >>> action_words(None)
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: action: a text such as 'draw' (a str), got None
    """
    if not isinstance(text, str):
        why = _("a text such as 'draw' (a str), got {text!r}")
        raise BadInput("action", why.format(text=text))
    return text.strip().lower().split()


def ascii_number(word: str) -> int | None:
    """The number ``word`` writes in ASCII digits (at most ``MAX_DIGITS``), else ``None``.

    >>> ascii_number("12"), ascii_number("²"), ascii_number("٣"), ascii_number("-1")
    (12, None, None, None)
    """
    if not 0 < len(word) <= MAX_DIGITS or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


#: The largest seed: 64 bits, as a secret one is drawn (``secrets.randbits(64)``).
MAX_SEED = 2**64 - 1


def parse_seed(value: object, field: str = "seed") -> int:
    """A seed as JSON carries it: a decimal string (as kaboom writes one, since a browser
    rounds a JSON number above 2**53) or an integer, in 0..``MAX_SEED``; else ``BadInput``
    naming ``field`` and the limit.

    >>> parse_seed("18446744073709551615"), parse_seed(7)
    (18446744073709551615, 7)
    >>> try:
    ...     parse_seed("-1", "export: seed")
    ... except BadInput as e:
    ...     print(e.field, "|", e.expected)
    export: seed | a decimal string of digits (or an integer) in 0..18446744073709551615, got '-1'
    """
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and 0 < len(value) <= 20 and value.isascii() and value.isdigit():
        number = int(value)
    if number is None or not 0 <= number <= MAX_SEED:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        why = _("a decimal string of digits (or an integer) in 0..{most}, got {value}")
        raise BadInput(field, why.format(most=MAX_SEED, value=shown))
    return number

"""Finding English no catalogue holds on a screen said in the pseudo-language (docs/i18n.md).

A screen said with ``--lang pseudo`` shows every marked message accented inside ``⟦…⟧``;
what is left outside the brackets is names, numbers, notation and keys, or a string nobody
marked. ``untranslated`` returns the English words found outside the brackets: the words of
the catalogue's own English (every msgid), less the few that are names in every language.
"""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from kaboom.i18n import LOCALE_DIR

#: Words that read the same in every language: names, the table's notation and keys.
SAME_IN_EVERY_LANGUAGE = frozenset({
    "kaboom", "ok", "esc", "enter", "tab", "ctrl", "shift", "pgup", "pgdn", "home", "end",
    "space", "http", "https", "localhost", "json", "svg", "nope", "kaboom!",
})  # fmt: skip


@cache
def english_words() -> frozenset[str]:
    """Every word of three letters or more in the catalogue's English."""
    with (LOCALE_DIR / "kaboom.pot").open("rb") as f:
        catalogue = read_po(f)
    words: set[str] = set()
    for message in catalogue:
        for text in message.id if isinstance(message.id, tuple) else (str(message.id),):
            clean = re.sub(r"\{[^{}]*\}|<[^<>]*>|\[[^\[\]]*\]", " ", text)
            words.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", clean))
    return frozenset(words - SAME_IN_EVERY_LANGUAGE)


def outside_brackets(text: str) -> str:
    """``text`` less every ``⟦…⟧`` (nested ones too)."""
    out, depth = [], 0
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def untranslated(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` outside the pseudo-language's brackets (``allowed``:
    words the caller knows are names here: a player's name, a game's slug)."""
    known = english_words() - {a.lower() for a in allowed}
    found = re.findall(r"[^\W\d_]{3,}", outside_brackets(text))
    return sorted({w for w in found if w.lower() in known})

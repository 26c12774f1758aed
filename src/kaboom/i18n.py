"""Words in the person's language: gettext catalogues managed with Babel (docs/i18n.md).

Every message a person reads is marked where it is written, as a whole sentence with named
placeholders, and translated when it is said, in the language of the context that says it:

    >>> from kaboom.i18n import _, ngettext, use_language
    >>> _("{who} draws a card").format(who="P1")
    'P1 draws a card'
    >>> with use_language("nb"):
    ...     _("{who} draws a card").format(who="P1")
    'P1 trekker et kort'
    >>> with use_language("nb"):
    ...     ngettext("{n} card", "{n} cards", 3).format(n=3)
    '3 kort'

The language is a context variable, not a process setting: the terminal sets it once for
its person (``--lang``, else ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); the server
says each reply and each seat's message inside ``use_language(person's language)``, so two
people at one table read it each in their own. Notation (``play favor @2``), slugs and the
wire's field names are never translated.

The catalogues are ``kaboom/locale/<lang>/LC_MESSAGES/kaboom.po`` (Babel writes and
compiles them: ``make locales``); the compiled ``.mo`` files are kept beside them, so playing
needs only the standard library's :mod:`gettext`. ``pseudo`` is a made-up language whose every
message is its English accented and bracketed (``⟦Ƥ1 ðŕåŵš å çåŕð⟧``): a screen said in it
shows any English left unmarked at once (tests/test_i18n.py).
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

#: The languages kaboom speaks, by their code (BCP 47), each named in itself.
LANGUAGES: Final[dict[str, str]] = {"en": "English", "nb": "Norsk bokmål"}
#: The language of the messages as written (the catalogues' source).
SOURCE: Final = "en"
#: The made-up language of the tests: every message accented and bracketed.
PSEUDO: Final = "pseudo"
#: Where the catalogues are: ``<lang>/LC_MESSAGES/kaboom.mo``.
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
DOMAIN: Final = "kaboom"
#: The context of the browser's messages (``t("…")`` in static/js): the server hands a page
#: these, in the person's language, and no others (``browser_words``).
BROWSER: Final = "browser"
#: Codes of other languages read as one of ours: Norwegian in general and nynorsk as bokmål.
ALIASES: Final[dict[str, str]] = {"no": "nb", "nn": "nb", "c": "en", "posix": "en"}

_default = SOURCE
_current: ContextVar[str | None] = ContextVar("kaboom_language", default=None)


class UnknownLanguage(ValueError):
    """A language kaboom does not speak, named with the ones it does."""

    def __init__(self, asked: str) -> None:
        super().__init__(f"language {asked!r} is not one kaboom speaks: {spoken_languages()}")


def spoken_languages() -> str:
    """The languages kaboom speaks, each named in itself: ``en (English), nb (Norsk bokmål)``."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def parse_language(tag: str) -> str | None:
    """The language of ours a locale or language tag names, or ``None``.

    >>> [parse_language(t) for t in ("nb_NO.UTF-8", "en-GB", "no", "nn_NO", "C.UTF-8", "de")]
    ['nb', 'en', 'nb', 'nb', 'en', None]
    >>> parse_language("pseudo"), parse_language("")
    ('pseudo', None)
    """
    code = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    if code == PSEUDO:
        return PSEUDO
    code = ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def checked(lang: str) -> str:
    """``lang`` as one of ours (``nb_NO`` -> ``nb``); an unknown one is an error naming ours."""
    found = parse_language(lang)
    if found is None:
        raise UnknownLanguage(lang)
    return found


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a list, the
    first we speak wins), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English where none does.

    >>> from_environment({"LANG": "nb_NO.UTF-8"}), from_environment({"LANGUAGE": "de:nb"})
    ('nb', 'nb')
    >>> from_environment({"LC_ALL": "C", "LANG": "nb_NO.UTF-8"}), from_environment({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    for tag in env.get("LANGUAGE", "").split(":"):
        if found := parse_language(tag):
            return found
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if value := env.get(name):
            return parse_language(value) or SOURCE
    return SOURCE


def negotiate(accept_language: str | None) -> str:
    """The language of ours a browser prefers most (its ``Accept-Language``); English where it
    names none of them.

    >>> negotiate("nb-NO,nb;q=0.9,en;q=0.8"), negotiate("de-DE,de;q=0.9,no;q=0.5")
    ('nb', 'nb')
    >>> negotiate("en-US,nb;q=0.7"), negotiate(None), negotiate("*")
    ('en', 'en', 'en')
    """
    weighed: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")[:32]):
        tag, _sep, params = part.partition(";")
        quality = 1.0
        if m := re.search(r"q=([^;,\s]*)", params):
            try:
                quality = float(m.group(1))
            except ValueError:
                continue
        found = parse_language(tag)
        if found and found != PSEUDO and quality > 0:
            weighed.append((-quality, order, found))
    return min(weighed)[2] if weighed else SOURCE


# -- the language of the context ----------------------------------------------------------
def set_language(lang: str) -> None:
    """The process's language (the terminal's person), and this context's."""
    global _default
    _default = checked(lang)
    _current.set(None)


def language() -> str:
    """The language messages are said in here and now."""
    return _current.get() or _default


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Say everything inside in ``lang`` (a server's reply to one person, a seat's message)."""
    token = _current.set(checked(lang))
    try:
        yield language()
    finally:
        _current.reset(token)


# -- the catalogues -----------------------------------------------------------------------
class Pseudo(gettext.NullTranslations):
    """The made-up language: each message its English, accented and bracketed, placeholders
    and markup kept (tests find untranslated English as unbracketed text)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_ACCENTED: Final = str.maketrans(
    "abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ", "åƀçđéğħîķłñøŕšţûŵýžÅƁÇĐÉĞĦÎĶŁÑØŔŠŢÛŴÝŽ"
)
#: What a pseudo message keeps as it is: placeholders, markup, key names in brackets.
_KEPT: Final = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]|<[^<>]*>|\[[^\[\]]*\]|&[a-z]+;")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language.

    >>> pseudo("{who} draws a card [b]now[/b]")
    '⟦{who} đŕåŵš å çåŕđ [b]ñøŵ[/b]⟧'
    """
    if not message:
        return message
    out, last = [], 0
    for m in _KEPT.finditer(message):
        out.append(message[last : m.start()].translate(_ACCENTED))
        out.append(m.group())
        last = m.end()
    out.append(message[last:].translate(_ACCENTED))
    return "⟦" + "".join(out) + "⟧"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (read once per process)."""
    if lang == PSEUDO:
        return Pseudo()
    if lang == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def _(message: str) -> str:
    """``message`` in the language of the context (gettext)."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the language of the context."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English means different things (``context`` tells which)."""
    return translations(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """A counted message with a context."""
    return translations(language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue and returns it untranslated: a table's entry,
    translated with ``_`` where it is said."""
    return message


def browser_words(lang: str) -> dict[str, str]:
    """The browser's messages (context ``browser``) in ``lang``, by their English: what the
    server hands a page, so no page holds a catalogue of its own."""
    lang = checked(lang)
    english = _browser_messages()
    if lang == SOURCE:
        return {m: m for m in english}
    said = translations(lang)
    return {m: said.pgettext(BROWSER, m) for m in english}


@cache
def _browser_messages() -> tuple[str, ...]:
    """The English of every browser message (the keys of the catalogues' ``browser`` context)."""
    catalogue = translations("nb")
    keys = getattr(catalogue, "_catalog", {})
    prefix = BROWSER + "\x04"
    return tuple(
        sorted(k[len(prefix) :] for k in keys if isinstance(k, str) and k.startswith(prefix))
    )


#: The cookie a browser's chosen language is remembered in, and the query parameter that
#: asks for one (the lobby's switch, a terminal joining a server table).
COOKIE: Final = "kaboom_lang"


def person_language(asked: str | None, remembered: str | None, accept_language: str | None) -> str:
    """A person's language at the server: what the request asks for (``?lang=``), else what
    the browser remembered (the ``kaboom_lang`` cookie), else its ``Accept-Language``.

    >>> person_language("nb", "en", "en"), person_language(None, "nb", "en-US")
    ('nb', 'nb')
    >>> person_language("xx", None, "nb-NO,en;q=0.5"), person_language(None, None, None)
    ('nb', 'en')
    """
    for tag in (asked, remembered):
        if tag and (found := parse_language(tag)):
            return found
    return negotiate(accept_language)

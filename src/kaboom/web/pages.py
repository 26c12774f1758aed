"""The browser's pages said in the person's language (docs/i18n.md): Jinja2 templates of
``templates/``, rendered per request with the page's words (``{{ _("Hint") }}``) and, in one
JSON block, the words of its scripts (``t("…")`` and ``nt("…", "…", n)`` in ``static/js``).

The language is the person's: ``?lang=`` asks for one, else the ``kaboom_lang`` cookie the
switch at the top of every page remembers, else the browser's ``Accept-Language``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.requests import HTTPConnection

from kaboom.i18n import (
    BROWSER,
    LANGUAGES,
    _,
    browser_words,
    npgettext,
    pgettext,
    use_language,
)
from kaboom.server.app import language_of

TEMPLATES = Path(str(resources.files("kaboom.web").joinpath("templates")))
SCRIPTS = Path(str(resources.files("kaboom.web").joinpath("static", "js")))

#: ``nt("one", "many", n)`` in a script: its two English forms (JSON string literals).
_COUNTED = re.compile(r'\bnt\(\s*("(?:[^"\\]|\\.)*")\s*,\s*("(?:[^"\\]|\\.)*")')


def request_language(request: HTTPConnection) -> str:
    """The language of the person asking: ``?lang=``, the cookie, ``Accept-Language``
    (the server's ``language_of``, which its middleware says every request in)."""
    return language_of(request.scope)


@cache
def counted_messages() -> tuple[tuple[str, str], ...]:
    """Every ``nt(one, many, n)`` of the scripts, as its two English forms."""
    found: dict[tuple[str, str], None] = {}
    for script in sorted(SCRIPTS.rglob("*.js")):
        for one, many in _COUNTED.findall(script.read_text(encoding="utf-8")):
            found[(json.loads(one), json.loads(many))] = None
    return tuple(found)


def page_words(lang: str) -> dict[str, Any]:
    """What a page's scripts say, in ``lang``: its language, every ``t`` message by its
    English, and the two forms of every counted one (by its English singular)."""
    with use_language(lang) as said:
        plurals = {
            one: [npgettext(BROWSER, one, many, 1), npgettext(BROWSER, one, many, 2)]
            for one, many in counted_messages()
        }
        return {"lang": said, "words": browser_words(said), "plurals": plurals}


def _say(message: str) -> Markup:
    """A page's message in the language of the context (the templates' own words: trusted)."""
    return Markup(_(message))  # our own catalogue's words


def _say_as(context: str, message: str) -> Markup:
    """A page's message in its ``context`` (a word the terminal says otherwise: its footer
    keeps "Odds" short, the table's tab says it whole)."""
    return Markup(pgettext(context, message))  # our own catalogue's words


@cache
def environment() -> Environment:
    """The templates' Jinja2 environment (autoescaped; ``_`` says a message)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]), cache_size=64
    )
    env.globals["_"] = _say
    env.globals["pgettext"] = _say_as
    return env


def render(name: str, request: HTTPConnection) -> str:
    """The page ``name`` (a template) in the language of the person asking."""
    with use_language(request_language(request)) as lang:
        template = environment().get_template(name)
        # (pseudo is no language a screen reader knows: its page says it is English)
        shown = lang if lang in LANGUAGES else "en"
        return template.render(lang=shown, languages=LANGUAGES, words=page_words(lang))

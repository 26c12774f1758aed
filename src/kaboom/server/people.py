"""How the people and the bots at a table are named (issue 46, "People first").

A bot's seat gets a person-like name and a level word: "Ada (bot, medium)", "Leo (bot,
simple)". The name comes from public facts only, the table's id and the seat's number,
never from anything hidden (the seed, a hand), and no two seats of a table share one; the
level word is the bot's kind in a person's words, from its spec (the spec itself stays on
the wire for programs). On the ladder one player stands for each bot kind and level,
however its spec was spelled (``canonical_bot``).

A guest who types no name is "Guest 4821" on the page (``people.js``); no person is ever
called "You" (the word every screen uses for its own seat): the server refuses it as a
name (``refused_name``).
"""

from __future__ import annotations

import hashlib
from typing import Final, Literal, get_args

from kaboom.i18n import LANGUAGES, N_, _, use_language

#: Short names that read well in English and in Norwegian (none a common word in either),
#: more than a table has seats (``protocol.MAX_SEATS``), so a table's bots never share one.
BOT_NAMES: Final = (
    "Ada", "Alma", "Cleo", "Ella", "Emil", "Eva", "Hugo", "Ida", "Iris", "Jon",
    "Kari", "Leo", "Mia", "Nils", "Nora", "Ola", "Oskar", "Otto", "Sara", "Theo",
)  # fmt: skip

#: A bot's level in one word, as the wire carries it (``SeatInfo.level``): the search bot's
#: three levels, the heuristic ("simple"), random, a learned policy, and any other search
#: (its iterations or seconds set by hand: "custom").
BotLevel = Literal["easy", "medium", "hard", "simple", "random", "learned", "custom"]
LEVELS: Final[tuple[BotLevel, ...]] = get_args(BotLevel)

#: Each level in a person's words (said with ``_`` where shown).
LEVEL_WORDS: Final[dict[BotLevel, str]] = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "simple": N_("simple"),
    "random": N_("random"),
    "learned": N_("learned"),
    "custom": N_("custom"),
}

#: The search bot's levels (``ismcts:level=...``), each its own level word.
SEARCH_LEVELS: Final[dict[str, BotLevel]] = {"easy": "easy", "medium": "medium", "hard": "hard"}
#: Bot kinds whose spec names a learned policy (the rl extra's entry points).
LEARNED: Final = frozenset({"learned", "ppo"})
#: The parameters of a spec whose values keep their case (a path is a path).
CASED: Final = frozenset({"path"})


def bot_name(table_id: str, seat: int) -> str:
    """The name of the bot at ``seat`` of the table ``table_id``: one of ``BOT_NAMES``,
    from the table's id and the seat alone; the seats of one table never share one.

    >>> bot_name("t1", 1), bot_name("t1", 2), bot_name("t1", 1) == bot_name("t1", 1)
    ('Sara', 'Theo', True)
    """
    start = int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:4], "big")
    return BOT_NAMES[(start + seat) % len(BOT_NAMES)]


def canonical_bot(spec: str) -> str:
    """A bot spec as one spelling: the kind and its parameters' names in lower case, the
    values too (but a path's), the parameters sorted, ``infer=0`` (the default) left out.
    ``Random`` and ``random`` are one bot; so are ``ismcts:level=Medium`` and
    ``ismcts:infer=0:level=medium``.

    >>> canonical_bot(" Random "), canonical_bot("ISMCTS:infer=0:Level=Medium")
    ('random', 'ismcts:level=medium')
    >>> canonical_bot("ismcts:level=hard:infer=1"), canonical_bot("ppo:path=/M/Model.zip")
    ('ismcts:infer=1:level=hard', 'ppo:path=/M/Model.zip')
    """
    kind, _sep, rest = spec.strip().partition(":")
    params = []
    for part in filter(None, (p.strip() for p in rest.split(":"))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        value = value.strip() if key in CASED else value.strip().lower()
        if (key, value) != ("infer", "0"):
            params.append(f"{key}{eq}{value}")
    return ":".join([kind.lower(), *sorted(params)])


def bot_level(spec: str | None) -> BotLevel | None:
    """A bot spec's level word (None: no spec).

    >>> [bot_level(s) for s in ("random", "Heuristic", "ismcts:level=hard", "ismcts")]
    ['random', 'simple', 'hard', 'medium']
    >>> bot_level("ismcts:iterations=50"), bot_level("learned"), bot_level("x:y=1")
    ('custom', 'learned', 'custom')
    """
    if spec is None:
        return None
    kind, _sep, rest = canonical_bot(spec).partition(":")
    params = dict(p.partition("=")[::2] for p in rest.split(":") if p)
    if kind == "random":
        return "random"
    if kind == "heuristic":
        return "simple"
    if kind in LEARNED:
        return "learned"
    if kind == "ismcts" and set(params) <= {"level", "infer"}:
        # (no level: the server's default, medium)
        return SEARCH_LEVELS.get(params.get("level", "medium"), "custom")
    return "custom"


def level_words(level: BotLevel) -> str:
    """A level in the person's words: ``medium``, ``middels``."""
    return _(LEVEL_WORDS[level])


def bot_label(name: str, level: BotLevel) -> str:
    """A bot's seat in words: ``Ada (bot, medium)``.

    >>> bot_label("Ada", "medium")
    'Ada (bot, medium)'
    """
    return _("{name} (bot, {level})").format(name=name, level=level_words(level))


def ladder_bot(level: BotLevel) -> str:
    """A bot kind as the ladder lists it: ``Bot · medium``.

    >>> ladder_bot("simple")
    'Bot · simple'
    """
    return _("Bot · {level}").format(level=level_words(level))


def reserved_names() -> frozenset[str]:
    """The names no person may take: "You" in every language kaboom speaks (every screen
    calls its own seat that), compared without case."""
    found = {"you"}
    for lang in LANGUAGES:
        with use_language(lang):
            found.add(_("You").casefold())
    return frozenset(found)


def refused_name(name: str) -> str | None:
    """Why ``name`` is not a person's name (None: it is): "You" would tell the others
    nothing, and the seat that took it would read "You are You".

    >>> refused_name("ann") is None, refused_name(" YOU ") is not None
    (True, True)
    """
    if name.strip().casefold() in reserved_names():
        said = _('"{name}" is what every screen calls its own seat: choose a name the others '
                 "can call you by")  # fmt: skip
        return said.format(name=name.strip())
    return None

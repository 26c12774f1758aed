"""The catalogues' chores, with Babel (``make locales``; docs/i18n.md).

    python tools/i18n.py update     extract every message into kaboom.pot, bring each
                                    language's .po up to date and compile its .mo
    python tools/i18n.py compile    compile the .mo files only
    python tools/i18n.py missing    list the messages a language has no translation of

Beside them, the extraction methods ``babel.cfg`` names for what is not Python:
``extract_browser`` (the browser's ``t("…")`` and ``nt("…", "…", n)``, in the context
``browser``), ``extract_edition`` (a deck's card names, card texts and summary, in its TOML)
and ``extract_lesson`` (a lesson's words, in its JSON).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "kaboom" / "locale"
POT = LOCALE / "kaboom.pot"
LANGUAGES = ("nb",)
KEYWORDS = ["-k", "N_", "-k", "fixed_phrase", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3"]

Extracted = Iterator[tuple[int, str, Any, list[str]]]

#: The fields of a deck file that are words (each card's name and text, the edition's own).
EDITION_FIELDS = frozenset({"name", "text", "summary", "character_cards", "title", "plural"})
#: The fields of a lesson that are words (docs/lessons.md).
LESSON_FIELDS = frozenset({"title", "summary", "say", "rule", "after", "goal", "hint"})


def extract_browser(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Extracted:
    """``t("Hint")`` as ``pgettext("browser", "Hint")``; ``nt(one, many, n)`` likewise."""
    from babel.messages.extract import extract_javascript

    for lineno, func, messages, comments in extract_javascript(
        fileobj,
        {"t": None, "nt": (1, 2)},
        comment_tags,
        options,  # type: ignore[arg-type]
    ):
        if func == "t" and isinstance(messages, tuple) and messages:
            messages = messages[0]  # t("{n} s", {n: 3, m: 4}): the values' commas split args
        if func == "t" and isinstance(messages, str):
            yield lineno, "pgettext", ("browser", messages), comments
        elif func == "nt" and isinstance(messages, tuple) and len(messages) >= 2:
            yield lineno, "npgettext", ("browser", messages[0], messages[1]), comments


def _strings(value: Any, fields: frozenset[str], key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, fields, k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, fields, key)
    elif isinstance(value, str) and key in fields and value.strip():
        yield value


def _lines_of(text: str, message: str) -> int:
    first = message.splitlines()[0] if message else message
    for number, line in enumerate(text.splitlines(), 1):
        if first[:40] in line:
            return number
    return 1


def extract_edition(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Extracted:
    """A deck file's words: its cards' names and texts, its name and summary."""
    text = fileobj.read().decode("utf-8")
    for message in dict.fromkeys(_strings(tomllib.loads(text), EDITION_FIELDS)):
        yield _lines_of(text, json.dumps(message)[1:-1]), "_", message, []


def extract_lesson(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Extracted:
    """A lesson's words: its title and summary, each step's words and each mistake's."""
    text = fileobj.read().decode("utf-8")
    for message in dict.fromkeys(_strings(json.loads(text), LESSON_FIELDS)):
        yield _lines_of(text, json.dumps(message)[1:-1]), "_", message, []


def messages() -> list[tuple[str | None, str | tuple[str, ...], str]]:
    """Every message of the code as ``pybabel extract`` finds it: ``(context, id, where)``,
    the id of a counted message being ``(singular, plural)`` (tests/test_i18n.py)."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    sys.path.insert(0, str(ROOT))
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    keywords: dict[str, Any] = {
        **DEFAULT_KEYWORDS, "N_": None, "fixed_phrase": None,
        "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    }  # fmt: skip
    found = []
    for path, line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords
    ):
        text = tuple(m for m in message if m) if isinstance(message, tuple) else message
        found.append((context, text, f"{path}:{line}"))
    return found


def pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", *args]
    subprocess.run(command, check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), **_env()})


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def update() -> None:
    pybabel(
        "--quiet", "extract", "-F", "babel.cfg", *KEYWORDS, "--sort-by-file", "--no-wrap",
        "--project", "kaboom", "--copyright-holder", "the kaboom authors",
        "--msgid-bugs-address", "https://github.com/kaboom", "-c", "TRANSLATORS:",
        "-o", str(POT), ".",
    )  # fmt: skip
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "kaboom.po"
        if po.exists():
            pybabel("update", "-i", str(POT), "-d", str(LOCALE), "-l", lang, "-D", "kaboom",
                    "--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching")  # fmt: skip
        else:
            pybabel("init", "-i", str(POT), "-d", str(LOCALE), "-l", lang, "-D", "kaboom",
                    "--no-wrap")  # fmt: skip
    compile_all()


def compile_all() -> None:
    for lang in LANGUAGES:
        pybabel("compile", "-d", str(LOCALE), "-l", lang, "-D", "kaboom", "--statistics")


def missing() -> int:
    from babel.messages.pofile import read_po

    count = 0
    for lang in LANGUAGES:
        with (LOCALE / lang / "LC_MESSAGES" / "kaboom.po").open("rb") as f:
            catalogue = read_po(f)
        for message in catalogue:
            string = message.string
            if message.id and not (string if isinstance(string, str) else all(string or ())):
                count += 1
                where = ", ".join(f"{p}:{n}" for p, n in message.locations[:2])
                print(f"{lang}\t{where}\t{message.id!r}")
    return count


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else "update"
    if what == "update":
        update()
    elif what == "compile":
        compile_all()
    elif what == "missing":
        return 1 if missing() else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

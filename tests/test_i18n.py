"""The catalogues (docs/i18n.md): every message of the code translated into bokmål with its
placeholders kept, the compiled catalogue the one its source says, the language a context's
own, the pseudo-language marking everything it says."""

from __future__ import annotations

import asyncio
import gettext
import importlib.util
import io
import re
import string
import threading
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n_support import outside_brackets, untranslated
from kaboom import i18n
from kaboom.i18n import _, language, pseudo, use_language

ROOT = Path(__file__).resolve().parent.parent
PO = i18n.LOCALE_DIR / "nb" / "LC_MESSAGES" / "kaboom.po"
MO = PO.with_suffix(".mo")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _placeholders(text: str) -> set[str]:
    """``{who}``'s field names and printf fields; ``{{`` is a brace, not a field."""
    try:
        named = {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}
    except ValueError:  # an unbalanced brace: not a format string, nothing to keep
        named = set()
    return named | set(re.findall(r"%\([a-z_]+\)[sd]|%[sd]", text))


def test_every_message_of_the_code_has_a_bokmal_translation() -> None:
    """Extracted afresh from the sources (babel.cfg), so a message marked since the last
    ``make locales`` fails here too, as does one with an empty translation."""
    catalogue = gettext.translation("kaboom", i18n.LOCALE_DIR, languages=["nb"])
    known = catalogue._catalog  # type: ignore[attr-defined]
    missing = []
    for context, text, where in _tool().messages():
        first = text[0] if isinstance(text, tuple) else text
        key: object = first if context is None else f"{context}\x04{first}"
        if isinstance(text, tuple):
            forms = [known.get((key, n)) for n in range(2)]
            if not all(forms):
                missing.append(f"{where}: {text!r}")
        elif not known.get(key):
            missing.append(f"{where}: {text!r}")
    assert not missing, (
        f"{len(missing)} message(s) with no nb translation (make locales, then translate "
        "src/kaboom/locale/nb/LC_MESSAGES/kaboom.po):\n" + "\n".join(missing[:40])
    )


def test_no_translation_drops_or_adds_a_placeholder() -> None:
    with PO.open("rb") as f:
        catalogue = read_po(f)
    wrong = []
    for message in catalogue:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            wanted = _placeholders(message.id[0]) | _placeholders(message.id[1])
            forms = [_placeholders(s) for s in message.string if s]
            # a singular form may say its count in words ("ett kort"): the union must hold all
            if any(not f <= wanted for f in forms) or set().union(*forms) != wanted:
                wrong.append(f"{message.id!r} -> {message.string!r}")
        elif _placeholders(str(message.id)) != _placeholders(str(message.string)):
            wrong.append(f"{message.id!r} -> {message.string!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong[:40])


def test_the_compiled_catalogue_is_its_source() -> None:
    """The .mo kept in git is the .po compiled (``make locales`` writes both)."""
    with PO.open("rb") as f:
        catalogue = read_po(f)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    assert MO.read_bytes() == compiled.getvalue(), "run make locales (the .mo is stale)"


def test_the_catalogue_is_bokmal_with_two_plural_forms() -> None:
    with PO.open("rb") as f:
        catalogue = read_po(f)
    assert str(catalogue.locale) == "nb"
    assert catalogue.num_plurals == 2
    assert catalogue.plural_expr == "(n != 1)"


# -- choosing a language --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "nb_NO.UTF-8"}, "nb"),
        ({"LC_ALL": "nb_NO.UTF-8", "LANG": "en_GB.UTF-8"}, "nb"),
        ({"LC_MESSAGES": "nn_NO", "LANG": "C"}, "nb"),
        ({"LANGUAGE": "sv:nb:en", "LANG": "en_US.UTF-8"}, "nb"),
        ({"LANGUAGE": "en", "LANG": "nb_NO.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_names_the_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(environ) == expected


def test_an_unknown_language_is_refused_naming_those_there_are() -> None:
    with (
        pytest.raises(i18n.UnknownLanguage, match=r"'de'.*en \(English\), nb \(Norsk bokmål\)"),
        use_language("de"),
    ):
        pass


def test_a_browser_gets_its_best_language_and_a_remembered_choice_wins() -> None:
    assert i18n.negotiate("de, nb;q=0.4, en;q=0.3") == "nb"
    assert i18n.negotiate("nb;q=0, en") == "en"
    assert i18n.negotiate("nb;q=bad, en;q=0.1") == "en"
    assert i18n.person_language(None, "en", "nb-NO") == "en"
    assert i18n.person_language("pseudo", None, None) == "pseudo"


def test_each_context_speaks_its_own_language() -> None:
    """Two people at one server: one context's language never reaches another's, across
    threads and asyncio tasks alike."""
    said: dict[str, str] = {}

    def person(lang: str) -> None:
        with use_language(lang):
            barrier.wait()
            said[lang] = language()

    barrier = threading.Barrier(2)
    threads = [threading.Thread(target=person, args=(lang,)) for lang in ("nb", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert said == {"nb": "nb", "en": "en"}

    async def task(lang: str) -> str:
        with use_language(lang):
            await asyncio.sleep(0)
            return language()

    async def both() -> list[str]:
        return list(await asyncio.gather(task("nb"), task("en"), task("pseudo")))

    assert asyncio.run(both()) == ["nb", "en", "pseudo"]
    assert language() == "en"


# -- the pseudo-language ------------------------------------------------------------------
def test_the_pseudo_language_marks_every_message_and_keeps_its_placeholders() -> None:
    with use_language("pseudo"):
        line = _("{who} draws a card").format(who="P1")
    assert line.startswith("⟦P1 ") and line.endswith("⟧")
    assert outside_brackets(line) == ""
    assert pseudo("<b>{n}</b> [key]%(x)s") == "⟦<b>{n}</b> [key]%(x)s⟧"


def test_english_outside_the_brackets_is_found() -> None:
    assert untranslated("⟦đŕåŵš⟧ P1 draws a card, P2") == ["card", "draws"]
    assert untranslated("⟦P1 đŕåŵš å çåŕđ⟧ P2 ⟦ŵîñš⟧") == []


def test_the_browser_gets_only_its_own_messages() -> None:
    nb = i18n.browser_words("nb")
    en = i18n.browser_words("en")
    assert nb.keys() == en.keys()
    assert all(k == v for k, v in en.items())
    assert all(v for v in nb.values())

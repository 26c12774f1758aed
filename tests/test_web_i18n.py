"""The browser's pages and word routes in the person's language (docs/i18n.md), without a
browser: ``?lang=``, the ``kaboom_lang`` cookie and ``Accept-Language`` choose it; a page
carries its scripts' words (and only those) in one JSON block; every ``t("…")`` of the
scripts is in the catalogue; English stays as it was."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kaboom.engine.registry import new_game
from kaboom.i18n import BROWSER, browser_words, use_language
from kaboom.server.config import ServerConfig
from kaboom.web.app import create_app
from kaboom.web.design import spoken_name
from kaboom.web.pages import SCRIPTS, TEMPLATES, counted_messages, page_words
from kaboom.web.words import guide, words

PAGES = ["/", "/tables/x", "/replay/x", "/review/x", "/learn/dynamitt", "/ladder", "/players/ann"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db=f"sqlite:///{tmp_path}/web.db", http_rate=0, msg_rate=0)
    with TestClient(create_app(config)) as c:
        yield c


def words_of(html: str) -> dict[str, Any]:
    """The JSON block of a page's scripts' words."""
    m = re.search(r'<script type="application/json" id="words">(.*?)</script>', html, re.S)
    assert m, "no words block on the page"
    found: dict[str, Any] = json.loads(m.group(1))
    return found


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_said_in_the_language_asked_for(client: TestClient, path: str) -> None:
    nb = client.get(path, headers={"Accept-Language": "nb-NO,nb;q=0.9,en;q=0.5"})
    assert nb.status_code == 200
    assert '<html lang="nb">' in nb.text
    assert words_of(nb.text)["lang"] == "nb"
    assert 'id="lang-switch"' in nb.text and "Norsk bokmål" in nb.text
    en = client.get(path, headers={"Accept-Language": "de-DE,en;q=0.5"})
    assert '<html lang="en">' in en.text
    assert words_of(en.text)["lang"] == "en"


def test_the_lobby_reads_norwegian_and_english_as_before(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "nb"}).text
    nb = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    assert "Spill med venner" in nb and "Lag et eget bord" in nb and "Språk" in nb
    assert "Play with friends" not in nb
    en = client.get("/").text
    assert "<title>kaboom: play Exploding Kittens and friends in your browser</title>" in en
    assert '<span class="big-line">Play with friends</span>' in en
    assert '<p class="muted">Press <b>Start</b> at the table once everyone has sat down.</p>' in en
    assert '<option value="nb" lang="nb">Norsk bokmål</option>' in en


def test_the_query_beats_the_cookie_and_the_cookie_beats_the_browser(client: TestClient) -> None:
    client.cookies.set("kaboom_lang", "nb")
    assert words_of(client.get("/", headers={"Accept-Language": "en"}).text)["lang"] == "nb"
    assert words_of(client.get("/?lang=en", headers={"Accept-Language": "nb"}).text)["lang"] == "en"
    client.cookies.clear()
    assert words_of(client.get("/", headers={"Accept-Language": "nb"}).text)["lang"] == "nb"


def test_a_pseudo_page_brackets_every_word_and_keeps_a_valid_html_lang(client: TestClient) -> None:
    html = client.get("/tables/x?lang=pseudo").text
    assert '<html lang="en">' in html  # "pseudo" is no language a screen reader knows
    assert words_of(html)["lang"] == "pseudo"
    assert "⟦Ŕéåçţîøñ ŵîñđøŵ⟧" in html  # aria-label="Reaction window"
    assert words_of(html)["words"]["Actions"] == "⟦Åçţîøñš⟧"


def test_the_page_carries_its_scripts_words_only_with_both_plural_forms() -> None:
    said = page_words("nb")
    assert said["words"] == browser_words("nb")
    assert said["words"]["What you know"] == "Det du vet"
    assert said["plurals"]["{n} player"] == ["{n} spiller", "{n} spillere"]
    assert page_words("en")["plurals"]["{n} player"] == ["{n} player", "{n} players"]
    assert ("{n} turn owed", "{n} turns owed") in counted_messages()


def scripts_messages() -> set[str]:
    """Every ``t("…")`` and ``nt("…", …)`` of the scripts (their first English form)."""
    found: set[str] = set()
    for script in SCRIPTS.rglob("*.js"):
        text = re.sub(r"^\s*(//|\*|/\*).*$", "", script.read_text(encoding="utf-8"), flags=re.M)
        for m in re.finditer(r'\bn?t\(\s*("(?:[^"\\]|\\.)*")', text):
            found.add(json.loads(m.group(1)))
    return found


def test_every_message_of_the_scripts_reaches_the_page_translated() -> None:
    said = page_words("nb")
    known = set(said["words"]) | set(said["plurals"])
    assert sorted(scripts_messages() - known) == []
    same = [m for m in scripts_messages() & set(said["words"]) if said["words"][m] == m]
    # the same in both languages: names, symbols and placeholders only, or SAME
    worded = [m for m in same if re.search(r"[a-z]{3,}", re.sub(r"\{\w+\}", "", m))]
    assert sorted(set(worded) - SAME) == []


#: Browser messages whose Norwegian is their English.
SAME = {
    "Chat",
    "Hint",
    "wow",
    "bot",
    "bot ({bot})",
    "{name} (bot, {level})",
    "bot · {level}",
    "start",
    "Start",
}


def test_the_templates_mark_their_words() -> None:
    """No text between tags that is not inside ``{{ _("…") }}`` (learn and review are the
    lessons' pages): a sentence left in English would stay English in every language."""
    for page in TEMPLATES.glob("*.html"):
        if page.name in ("learn.html", "review.html") or page.name.startswith("_"):
            continue
        marked = r"\{\{.*?\}\}|\{%.*?%\}|<script.*?</script>|<kbd>.*?</kbd>"
        text = re.sub(marked, "", page.read_text(), flags=re.S)
        loose = [s.strip() for s in re.findall(r">([^<>]+)<", text) if re.search("[A-Za-z]{3,}", s)]
        assert [s for s in loose if s != "kaboom"] == [], page.name


def test_the_guide_and_the_card_names_follow_the_language() -> None:
    en = guide("dynamitt", 2, {})
    with use_language("nb"):
        nb = guide("dynamitt", 2, {})
    two = next(c for c in en["cards"] if c["design"]["kind"] == "2")
    two_nb = next(c for c in nb["cards"] if c["design"]["kind"] == "2")
    assert two["design"]["short"] == "2 · Attack" and two_nb["design"]["short"] == "2 · Angrep"
    assert spoken_name("q", "Q♥") == "Queen of hearts"
    with use_language("nb"):
        assert spoken_name("q", "Q♥") == "hjerter dame"


def test_the_word_routes_answer_in_the_askers_language(client: TestClient) -> None:
    body = {"game": "dynamitt", "players": 2, "options": {}}
    nb = client.post("/api/guide?lang=nb", json=body).json()
    en = client.post("/api/guide", json=body, headers={"Accept-Language": "en"}).json()
    assert shorts(nb)["q"] == "D · Desarmer"
    assert shorts(en)["q"] == "Q · Defuse"
    client.cookies.set("kaboom_lang", "nb")
    assert shorts(client.post("/api/guide", json=body).json())["q"] == "D · Desarmer"


def shorts(said: dict[str, Any]) -> dict[str, str]:
    """A guide's short words of each kind of card."""
    return {c["design"]["kind"]: c["design"]["short"] for c in said["cards"]}


def test_the_browser_context_is_the_scripts_own() -> None:
    assert BROWSER == "browser"
    assert browser_words("en")["Lobby"] == "Lobby"
    assert browser_words("nb")["Lobby"] == "Lobbyen"


def test_a_board_move_names_its_space_in_every_language() -> None:
    """A tap on a space finds its move by the space the server's preview names (``to``), not
    by the label's words, which are the person's language."""
    state = new_game("kittens-board-game", 3, 4)
    rng = random.Random(4)
    while not any(state.action_text(a).startswith("move") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    legal = [{"id": a, "text": state.action_text(a)} for a in state.legal_actions()]
    said = [words("kittens-board-game", 3, {}, seat, state.observe(seat), legal, [])]
    with use_language("nb"):
        said.append(words("kittens-board-game", 3, {}, seat, state.observe(seat), legal, []))
    moves = [
        [(a["text"], a["to"]) for a in s["actions"] if a["text"].startswith("move")] for s in said
    ]
    assert moves[0] and moves[0] == moves[1]
    for text, to in moves[0]:
        after = state.clone()
        after.apply(next(a for a in after.legal_actions() if after.action_text(a) == text))
        assert after.observe(seat)["players"][seat]["position"] == to

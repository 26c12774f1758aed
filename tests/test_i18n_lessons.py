"""Lessons, hints and reviews in the person's language (issue 33): every lesson played to its
end in Norwegian bokmål (each step's words, the answers to a refused action and to success),
``kaboom learn dynamitt`` at 80x24 in Norwegian, the lesson route in the request's language,
a review's words, marks and chart in Norwegian, and English unchanged."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from kaboom.engine.lesson import LessonRun, available, built_in, lesson_words, step_words
from kaboom.engine.registry import new_game
from kaboom.i18n import _, use_language
from kaboom.server.config import ServerConfig
from kaboom.sim.analysis import Choice
from kaboom.sim.review import Decision, Review, curve_svg, mark_word
from kaboom.tui import save
from kaboom.tui.lesson import play
from kaboom.tui.review import decision_line, decision_words, report_lines, summary
from kaboom.web.app import create_app

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]
#: Words of English that no Norwegian sentence of a lesson holds.
ENGLISH = re.compile(r"\b(the|your|you|and|is|of|with|draw|play)\b", re.IGNORECASE)


def english_left(text: str) -> list[str]:
    """English words in ``text`` outside the notation a lesson quotes (``kaboom play …``)."""
    prose = re.sub(r"kaboom (play|learn) [a-z-]+|\(p\d(\.\d)?\)|'[a-z0-9 @+=.>-]+'", "", text)
    return ENGLISH.findall(prose)


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_played_to_the_end_in_norwegian(game: str) -> None:
    lesson = built_in(game)
    with use_language("nb"):
        title, summary_ = lesson_words(lesson)
        assert title != lesson["title"] and title.startswith("Lær ")
        assert summary_ and summary_ != lesson.get("summary")
        run = LessonRun(lesson)
        while not run.done:
            step, said = run.step, step_words(run.step)
            assert said.say != step["say"] and not english_left(said.say), said.say
            assert said.title, step["title"]
            if step.get("rule"):
                assert said.rule and said.rule != step["rule"], step["rule"]
            refused = run.attempt("shout kaboom")
            assert not refused.accepted
            assert refused.words == "'shout kaboom' er ikke et trekk i dette spillet."
            for mistake in step.get("wrong", []):
                answer = run.attempt(mistake["do"])
                assert not answer.accepted
                assert _(mistake["say"]) in answer.words and mistake["say"] not in answer.words
            done = run.attempt(step["expect"][0])
            assert done.accepted
            assert done.words == (_(step["after"]) if "after" in step else "Bra gjort.")
            assert not english_left(done.words), done.words
            run.advance()


@pytest.mark.parametrize("game", GAMES)
def test_english_is_the_lesson_as_written(game: str) -> None:
    lesson = built_in(game)
    with use_language("en"):
        assert lesson_words(lesson) == (lesson["title"], lesson.get("summary", ""))
        run = LessonRun(lesson)
        said = step_words(run.step)
        assert (said.title, said.say) == (run.lesson["steps"][0]["title"], run.step["say"])
        assert run.attempt("shout kaboom").words == "'shout kaboom' is no action of this game."


#: The Dynamitt rulebook's paragraph on drawing a Jack, verbatim (the rulebooks lie outside
#: the repository: ../shared/rules/dynamitt-standard-deck.nb.txt, "2. Trekke kort").
DRAWING_A_JACK = (
    "Dynamitten holder på å eksplodere, men damer eller konger kan brukes til å slokke den. "
    "Om du har ei dame eller en konge på hånda, må du nå spille ut en av dem, og dette vil "
    "foreløpig slokke lunta på dynamitten. Du er trygg for denne gang! Legg den dama eller "
    "kongen du spilte i kastehaugen, og knekten tilbake i trekkebunken. Du kan legge knekten "
    "hvor som helst i bunken. Øverst, nederst, eller stikke den inn et sted i midten. Men "
    "vanligvis legger man den øverst. Skjul bunken mens du gjør det, så de andre ikke ser "
    "hvor du legger den."
)


def test_dynamitt_quotes_its_norwegian_rulebook() -> None:
    text = DRAWING_A_JACK
    quoted = [s["rule"] for s in built_in("dynamitt")["steps"] if s.get("rule")]
    assert quoted
    with use_language("nb"):
        for rule in quoted:
            assert _(rule) in text, _(rule)  # the rulebook's own sentence, without the English


def test_a_legal_action_the_step_does_not_ask_for_in_norwegian() -> None:
    run = LessonRun(built_in("exploding-kittens"))
    for step in run.lesson["steps"]:
        if "setup" in step and run.legal() and len(run.legal()) > 1:
            break
        run.attempt(run.step["expect"][0])
        run.advance()
    wrong = {m["do"] for m in run.step.get("wrong", [])}
    others = [t for _id, t in run.legal() if t not in run.step["expect"] and t not in wrong]
    assert others, "the step offers no legal action it neither asks for nor anticipates"
    other = others[0]
    with use_language("nb"):
        words = run.attempt(other).words
    assert words.startswith("Det er lov, men dette steget ber deg prøve "), words


def test_the_list_of_lessons_is_in_the_persons_language() -> None:
    with use_language("nb"):
        titles = dict(available())
    assert titles["dynamitt"] == "Lær Dynamitt på fem minutter"
    assert dict(available())["dynamitt"] == "Learn Dynamitt in five minutes"


def play_in(lang: str, game: str, typed: list[str]) -> str:
    """``kaboom learn GAME`` at 80 columns in ``lang``, the prompts written on their line."""
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None, legacy_windows=False)
    answers: Iterator[str] = iter(typed)

    def ask(prompt: str) -> str:
        out.write(prompt + "\n")
        return next(answers)

    with use_language(lang):
        assert play(built_in(game), console, ask)
    return out.getvalue()


def test_kaboom_learn_dynamitt_fits_80_by_24_in_norwegian() -> None:
    lesson = built_in("dynamitt")
    shown = play_in("nb", "dynamitt", [step["expect"][0] for step in lesson["steps"]])
    screens = shown.split("─ Steg ")[1:]
    assert len(screens) == len(lesson["steps"])
    for i, screen in enumerate(screens):
        lines = screen.split("Ditt valg:")[0].splitlines()
        assert len(lines) + 1 <= 24, f"steps[{i}] takes {len(lines) + 1} lines"
    assert all(len(line) <= 80 for line in shown.splitlines())
    assert "Lær Dynamitt på fem minutter" in shown
    assert "Leksjonen er fullført" in shown and "Lesson complete" not in shown
    assert "Regel: Om du har ei dame eller en konge på hånda" in shown


def test_kaboom_learn_in_english_is_unchanged() -> None:
    lesson = built_in("dynamitt")
    shown = play_in("en", "dynamitt", [step["expect"][0] for step in lesson["steps"]])
    assert "─ Step 1/17: Drawing ends your turn" in shown
    assert "Type the number of an action (or the action itself); q leaves the lesson." in shown
    assert "Lesson complete" in shown


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("lessons-nb")
    config = ServerConfig(db=f"sqlite:///{folder}/web.db", http_rate=0, msg_rate=0)
    with TestClient(create_app(config)) as c:
        yield c


@pytest.mark.parametrize(
    ("how", "lang"),
    [
        ({"params": {"lang": "nb"}}, "nb"),
        ({"headers": {"Accept-Language": "nb-NO,nb;q=0.9,en;q=0.5"}}, "nb"),
        ({"cookies": {"kaboom_lang": "nb"}}, "nb"),
        ({}, "en"),
    ],
)
def test_the_lesson_route_answers_in_the_persons_language(
    client: TestClient, how: dict[str, dict[str, str]], lang: str
) -> None:
    client.cookies.clear()
    for name, value in how.get("cookies", {}).items():
        client.cookies.set(name, value)
    asked = {k: v for k, v in how.items() if k != "cookies"}
    body = {"actions": ["play 9", "draw"]}
    r = client.post("/api/lessons/dynamitt", json=body, **asked)
    listed = client.get("/api/lessons", **asked)
    client.cookies.clear()
    assert r.status_code == 200, r.text
    answer = r.json()
    if lang == "nb":
        assert answer["title"] == "Lær Dynamitt på fem minutter"
        assert answer["step"]["title"] == "Knekten er dynamitten"
        assert answer["step"]["rule"].startswith("Om du har ei dame")
        assert answer["feedback"]["words"] == "Du trakk et kort, og turen din er ferdig."
    else:
        assert answer["title"] == "Learn Dynamitt in five minutes"
        assert answer["step"]["title"] == "The Jack is the dynamite"
    assert answer["kept"] == ["draw"]  # notation: the same in every language
    titles = {row["game"]: row["title"] for row in listed.json()}
    assert titles["dynamitt"].startswith("Lær " if lang == "nb" else "Learn ")


def test_no_lesson_is_said_in_the_persons_language(client: TestClient) -> None:
    r = client.post("/api/lessons/chess?lang=nb", json={"actions": []})
    assert r.status_code == 404
    assert "ingen leksjon for 'chess'" in r.text


# -- reviews -----------------------------------------------------------------------------------
def choice(action: int, text: str, win: float) -> Choice:
    return Choice(action, text, win, max(0.0, win - 0.03), min(1.0, win + 0.03), 200)


def decisions() -> list[Decision]:
    draw, skip = choice(1, "draw", 0.30), choice(2, "play skip", 0.62)
    nope = choice(3, "nope", 0.50)
    return [
        Decision(4, 0, draw, skip, (skip, draw), 0.32, 0.2, 0.4, "blunder"),
        Decision(7, 0, nope, nope, (nope,), 0.0, 0.0, 0.0, ""),
        Decision(9, 0, draw, skip, (skip, draw), 0.07, 0.02, 0.1, "inaccuracy"),
    ]


def a_review() -> Review:
    return Review("exploding-kittens", 2, {}, (0,), tuple(decisions()), 12, 200, 0, (0,))


def test_the_marks_in_norwegian() -> None:
    with use_language("nb"):
        assert [mark_word(m) for m in ("inaccuracy", "mistake", "blunder", "")] == [
            "unøyaktighet",
            "feil",
            "tabbe",
            "",
        ]
    assert mark_word("blunder") == "blunder"


def test_a_review_in_norwegian_words_and_english_unchanged(tmp_path: Path) -> None:
    result, log = a_review(), tmp_path / "log.json"
    said = {4: ("Draw a card (ends your turn)", "Skip your turn"), 7: ("Nope it", "Nope it")}
    said[9] = said[4]
    with use_language("nb"):
        lines = report_lines(result, log, said)
        text = "\n".join(lines)
        assert summary(list(result.decisions)) == (
            "3 avgjørelser: 1 unøyaktighet, 0 feil, 1 tabbe; gjennomsnittlig tap 13.0%"
        )
        assert "2 spillere, 12 trekk; 200 runder per avgjørelse" in text
        assert "tabbe" in decision_line(result.decisions[0])
        assert "det beste valget" in decision_line(result.decisions[1])
        assert "Vinnersjansen til P0 etter hver avgjørelse:" in text
        assert "De markerte avgjørelsene i reprisen:" in text
        assert "[dim]      Draw a card (ends your turn); best: Skip your turn[/dim]" in lines
        svg = curve_svg(result, 0)
        assert "Vinnersjansen til P0" in svg and ">trekk<" in svg and "tabbe, spilte draw" in svg
        for line in (line for line in lines if str(log) not in line):  # (a path is long)
            assert len(re.sub(r"\[/?[a-z #0-9]*\]", "", line)) <= 80, line
    with use_language("en"):
        english = report_lines(result, log, said)
    assert english[0] == (
        "[b]exploding-kittens[/b], 2 players, 12 steps; 200 rounds a decision, search seed 0"
    )
    assert summary(list(result.decisions)) == (
        "3 decisions: 1 inaccuracy, 0 mistakes, 1 blunder; average loss 13.0%"
    )
    assert "P0's chance of winning after each decision:" in english
    assert "[dim]      Draw a card (ends your turn); best: Skip your turn[/dim]" in english
    svg = curve_svg(result, 0)
    assert "P0&#x27;s chance of winning, exploding-kittens, by step" in svg and ">step<" in svg


def test_a_long_norwegian_mark_keeps_the_line_in_80_columns() -> None:
    long = choice(1, "pair tacocat @1", 0.30)
    best = choice(2, "five cattermelon+tacocat", 0.62)
    d = Decision(1234, 0, long, best, (best, long), 0.07, 0.02, 0.1, "inaccuracy")
    with use_language("nb"):
        line = decision_line(d)
    visible = re.sub(r"\[/?[a-z #0-9]*\]", "", line)
    assert "unøyaktighet" in visible and len(visible) <= 80, visible


def write_game(path: Path, game: str, seed: int) -> Path:
    """A finished two-player game of seat 0 (a person) and a bot, as ``kaboom play`` logs it."""
    seating = save.Seating(game, 2, seed, {}, [save.HUMAN, "heuristic"])
    state = new_game(game, 2, seed)
    while not state.is_over and len(state.history) < 400:
        state.apply(state.legal_actions()[-1])
    return save.write(path, seating, state)


def test_a_reviews_choices_in_the_tables_words_beside_the_notation(tmp_path: Path) -> None:
    log = write_game(tmp_path / "log.json", "exploding-kittens", 3)
    replayed = save.replay(log)
    state = replayed.seating.deal()
    steps: list[Decision] = []
    for step, action in enumerate(replayed.actions):
        if state.to_act == 0 and len(state.legal_actions()) > 1 and len(steps) < 3:
            text = state.action_text(action)
            steps.append(Decision(step, 0, choice(action, text, 0.5), choice(action, text, 0.5),
                                  (), 0.0, 0.0, 0.0, ""))  # fmt: skip
        state.apply(action)
    assert steps
    result = Review("exploding-kittens", 2, {}, (0,), tuple(steps), len(replayed.actions), 1, 0,
                    None)  # fmt: skip
    english = decision_words(result, log)
    with use_language("nb"):
        norwegian = decision_words(result, log)
    assert set(english) == set(norwegian) == {d.step for d in steps}
    for d in steps:
        assert english[d.step][0] and english[d.step][0] != d.played.text  # words, not notation

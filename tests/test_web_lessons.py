"""The browser's lesson route (issue 32), without a browser: a stateless replay of the
learner's attempts answering the step, the learner's own view in the table's words and the
lesson's answer; every lesson played through it; bounded input; unknown games refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kaboom.engine.lesson import LessonRun, built_in
from kaboom.server.config import ServerConfig
from kaboom.web.app import MAX_LESSON_BODY, create_app

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("lessons")
    config = ServerConfig(db=f"sqlite:///{folder}/web.db", http_rate=0, msg_rate=0)
    with TestClient(create_app(config)) as c:
        yield c


def ask(client: TestClient, game: str, actions: list[str]) -> dict[str, Any]:
    r = client.post(f"/api/lessons/{game}", json={"actions": actions})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_the_lessons_are_listed(client: TestClient) -> None:
    listed = client.get("/api/lessons").json()
    assert [x["game"] for x in listed] == sorted(GAMES)
    assert all(x["title"] and x["name"] for x in listed)


def test_the_page_is_served(client: TestClient) -> None:
    r = client.get("/learn/exploding-kittens")
    assert r.status_code == 200 and "learn.js" in r.text


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_played_through_the_route(client: TestClient, game: str) -> None:
    lesson = built_in(game)
    kept: list[str] = []
    answer = ask(client, game, kept)
    assert answer["index"] == 0 and answer["feedback"] is None
    assert answer["steps"] == len(lesson["steps"])
    for i, step in enumerate(lesson["steps"]):
        assert answer["step"]["title"] == step["title"] and answer["step"]["say"] == step["say"]
        view = answer["view"]
        texts = [a["text"] for a in view["actions"]]
        assert step["expect"][0] in texts and all(a["label"] for a in view["actions"])
        assert len(view["hand_names"]) == len(view["hand"])
        for mistake in step.get("wrong", []):
            wrong = ask(client, game, [*kept, mistake["do"]])
            assert wrong["index"] == i and not wrong["feedback"]["accepted"]
            assert mistake["say"] in wrong["feedback"]["words"]
            assert wrong["kept"] == kept  # a refused attempt is not kept
        answer = ask(client, game, [*kept, step["expect"][0]])
        kept = answer["kept"]
        assert answer["feedback"]["accepted"]
        assert answer["feedback"]["words"] == step.get("after", "Well done.")
    assert answer["done"] and answer["view"] is None and answer["step"] is None


def test_the_learner_sees_only_its_own_seat(client: TestClient) -> None:
    lesson = built_in("exploding-kittens")
    favor = next(i for i, s in enumerate(lesson["steps"]) if s["title"] == "Favor")
    actions = [s["expect"][0] for s in lesson["steps"][:favor]]
    answer = ask(client, "exploding-kittens", actions)
    assert answer["index"] == favor
    run = LessonRun(lesson, favor)
    assert answer["view"]["observation"] == json.loads(json.dumps(run.observation()))
    assert answer["view"]["observation"] != json.loads(json.dumps(run.state.observe(1)))
    told = json.dumps({**answer, "view": {**answer["view"], "observation": None}})
    assert "beard-cat" not in told and "Beard Cat" not in told  # P1's hand, never told
    answer = ask(client, "exploding-kittens", [*actions, "play favor @1"])
    assert "You receive" in " ".join(answer["feedback"]["lines"]) or any(
        "Cattermelon" in line for line in answer["feedback"]["lines"]
    )


def test_an_illegal_attempt_is_answered_by_its_rule(client: TestClient) -> None:
    answer = ask(client, "exploding-kittens", ["play skip"])
    assert answer["index"] == 0
    assert answer["feedback"]["rule"] == "Skip"
    assert answer["feedback"]["words"].startswith("The rules do not allow that (Skip)")


def test_an_unknown_game_is_404(client: TestClient) -> None:
    r = client.post("/api/lessons/chess", json={"actions": []})
    assert r.status_code == 404
    assert r.json()["detail"].startswith("no lesson for 'chess'; lessons: dynamitt")


def test_the_request_is_bounded(client: TestClient) -> None:
    r = client.post("/api/lessons/eleminis", json={"actions": ["pass"] * 201})
    assert r.status_code == 422 and "actions" in r.text
    r = client.post("/api/lessons/eleminis", json={"actions": ["x" * 121]})
    assert r.status_code == 422 and "actions" in r.text
    r = client.post("/api/lessons/eleminis", json={"actions": [], "seat": 1})
    assert r.status_code == 422 and "seat" in r.text
    big = json.dumps({"actions": ["pass"] * (MAX_LESSON_BODY // 6)})
    r = client.post(
        "/api/lessons/eleminis", content=big, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413 and "at most" in r.json()["detail"]
    r = client.post(f"/api/lessons/{'x' * 65}", json={"actions": []})
    assert r.status_code == 422

"""The browser table's word routes (``kaboom.web``), without a browser: a seat's observation
in the terminal table's words, a game's guide, a replay with every hand, bad input refused
with the field named, and the pages served. They read only what the request sends."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kaboom.engine.errors import BadInput
from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.server.config import ServerConfig
from kaboom.server.protocol import seen
from kaboom.web.app import create_app
from kaboom.web.words import guide, replay_steps, words

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db=f"sqlite:///{tmp_path}/web.db", http_rate=0, msg_rate=0)
    with TestClient(create_app(config)) as c:
        yield c


def played(game: str, steps: int, seed: int = 1) -> State:
    state = new_game(game, 3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def legal(state: State) -> list[dict[str, Any]]:
    return [{"id": a, "text": state.action_text(a)} for a in state.legal_actions()]


@pytest.mark.parametrize("game", GAMES)
def test_words_label_every_legal_action_and_tell_the_log(game: str) -> None:
    state = played(game, 9)
    seat = state.to_act
    assert seat is not None
    said = words(
        game, 3, {}, seat, state.observe(seat), legal(state), [seen(state.last_events, seat)]
    )
    assert {a["id"] for a in said["actions"]} == set(state.legal_actions())
    assert all(a["label"] for a in said["actions"])
    assert [a["cost"] for a in said["actions"]] == sorted(a["cost"] for a in said["actions"])
    assert said["status"] and isinstance(said["log"], list) and len(said["log"]) == 1
    assert said["hand"] == sorted(
        said["hand"], key=[c["slug"] for c in guide(game, 3, {})["cards"]].index
    )


def test_a_spectator_is_told_no_hand_and_no_private_event() -> None:
    state = played("exploding-kittens", 6)
    spectator = words(
        "exploding-kittens", 3, {}, None, state.observe(None), [], [seen(state.last_events, None)]
    )
    assert spectator["hand"] == [] and spectator["actions"] == [] and spectator["knowledge"] == []
    drew = [e for e in state.last_events if e.kind == "draw" and e.audience is not None]
    for e in drew:
        name = guide("exploding-kittens", 3, {})["cards"]
        card = next(c["name"] for c in name if c["slug"] == e.data.get("card"))
        assert all(card not in line for line in spectator["log"][0])


def test_a_risky_action_says_why() -> None:
    """Giving a Defuse for a Favor is marked risky: the page never makes it the default."""
    state = new_game("exploding-kittens", 2, 0)
    seat = state.to_act
    assert seat is not None
    obs = state.observe(seat)
    said = words("exploding-kittens", 2, {}, seat, obs, [{"id": 0, "text": "give defuse"}], [])
    assert said["actions"][0]["risk"] == "gives away a Defuse"


def test_guides_carry_each_family_s_parts() -> None:
    assert guide("dynamitt", 3, {})["exploding"]["ranked"] is True
    board = guide("kittens-board-game", 3, {})["board"]
    assert board["ribbon"] == board["spaces"] + 1 and len(board["sides"]) == 2
    assert board["sides"][0]["kittens"] and board["loop_back_to"] < board["ribbon"]
    assert "beats" in guide("eleminis", 3, {})["eleminis"]


def test_replay_shows_every_hand_and_checks_every_action() -> None:
    state = played("exploding-kittens", 40, seed=4)
    export: dict[str, Any] = {
        "format": "kaboom-table",
        "game": "exploding-kittens",
        "players": 3,
        "seed": 4,
        "options": {},
        "seats": ["human"] * 3,
        "history": list(state.history),
    }
    steps = replay_steps(export)["steps"]
    assert len(steps) == len(state.history) + 1
    assert [sorted(h) for h in steps[-1]["hands"]] == [state.observe(q)["hand"] for q in range(3)]
    bad = {**export, "history": [*state.history, 10_000]}
    with pytest.raises(BadInput, match=r"history\[\d+\]"):
        replay_steps(bad)


def test_bad_requests_name_the_field_and_change_nothing(client: TestClient) -> None:
    r = client.post("/api/guide", json={"game": "no-such-game", "players": 3})
    assert r.status_code == 400 and "no-such-game" in r.json()["detail"]
    r = client.post("/api/guide", json={"game": "dynamitt", "players": 3, "extra": 1})
    assert r.status_code == 422
    r = client.post(
        "/api/guide", json={"game": "dynamitt", "players": 3, "options": {"jokers": "x"}}
    )
    assert r.status_code == 400 and "jokers" in r.json()["detail"]
    r = client.post(
        "/api/words", json={"game": "dynamitt", "players": 3, "seat": 0, "observation": {"x": 1}}
    )
    assert r.status_code == 400 and "observation" in r.json()["detail"]
    r = client.post("/api/replay", json={"game": "dynamitt"})
    assert r.status_code == 400 and "players" in r.json()["detail"]
    r = client.post("/api/tables/nope/again")
    assert r.status_code == 403


def test_the_words_never_open_a_file_a_client_names(client: TestClient) -> None:
    for game, option in (("exploding-kittens", "deck"), ("dynamitt", "mapping")):
        body = {"game": game, "players": 2, "options": {option: "/etc/hostname"}}
        r = client.post("/api/guide", json=body)
        assert r.status_code == 400, r.text
        assert option in r.json()["detail"] and "server's disk" in r.json()["detail"]


def test_junk_observations_get_a_400_never_a_500(client: TestClient) -> None:
    state = played("kittens-board-game", 5)
    good = state.observe(state.to_act)
    rng = random.Random(3)
    junk: list[Any] = [
        {},
        {"players": "x"},
        {**good, "players": [{}]},
        {**good, "board": None},
        {**good, "piles": {"action_deck": {"size": -4}}},
        {**good, "turns": "many"},
    ]
    for _ in range(20):
        broken = dict(good)
        broken[rng.choice(sorted(good))] = rng.choice([None, 7, "x", [], {}, -1])
        junk.append(broken)
    body = {"game": "kittens-board-game", "players": 3, "seat": state.to_act}
    for obs in junk:
        r = client.post("/api/words", json={**body, "observation": obs, "legal": legal(state)})
        assert r.status_code in (200, 400), (r.status_code, r.text[:200])
    r = client.post("/api/words", content=b"{" + b" " * 300_000 + b"}",
                    headers={"content-type": "application/json"})  # fmt: skip
    assert r.status_code == 413 and "at most" in r.json()["detail"]
    export = {"game": "dynamitt", "players": 2, "seed": "x", "options": {}, "seats": ["human"] * 2}
    r = client.post("/api/replay", json={**export, "history": []})
    assert r.status_code == 400, r.text


def test_the_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/tables/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
        assert '<script type="module"' in r.text
    assert client.get("/static/js/table.js").status_code == 200
    options = client.get("/api/games").json()[0]["options"]
    assert all({"kind", "help", "choices"} <= set(o) for o in options)


def test_the_pages_and_their_files_come_gzipped_and_no_api_answer_does(
    client: TestClient,
) -> None:
    """A table's first load is mostly its scripts and styles: they go compressed to a browser
    that accepts it. An API answer never does (a secret beside a stranger's words, BREACH)."""
    gzip = {"accept-encoding": "gzip"}
    for path in ("/tables/abc", "/static/js/table.js", "/static/felt.css"):
        plain = client.get(path, headers={"accept-encoding": "identity"})
        packed = client.get(path, headers=gzip)
        assert packed.headers.get("content-encoding") == "gzip", path
        assert plain.headers.get("content-encoding") is None, path
        assert packed.content == plain.content  # (httpx unpacks it: the same file)
        assert int(packed.headers["content-length"]) < len(plain.content) / 2, path
    games = client.get("/api/games", headers=gzip)
    assert games.status_code == 200 and len(games.content) > 512
    assert games.headers.get("content-encoding") is None


def test_a_seed_above_2_53_round_trips_through_the_export_and_the_replay(
    client: TestClient,
) -> None:
    """Seeds cross JSON as decimal strings (docs/protocol.md): a JavaScript number rounds
    any seed above 2**53, so a browser that read a secret seed as a number dealt another
    game and refused the log ("export: history[0]: a legal action"). Here the export, read
    and written again as a browser does with JSON, replays the game exactly."""
    seed = 2**64 - 59  # a prime, far above 2**53: no double holds it
    assert int(float(seed)) != seed
    table = client.post(
        "/api/tables",
        json={"game": "exploding-kittens", "players": 2, "seats": ["random", "random"],
              "window": 0, "bot_delay": 0, "seed": str(seed)},
    )  # fmt: skip
    assert table.status_code == 201, table.text
    table_id = table.json()["id"]
    end = time.monotonic() + 120  # the bots play on the server's loop: a bound in time, not
    while time.monotonic() < end:  # in polls (2,000 polls ended before the game under load)
        if client.get(f"/api/tables/{table_id}").json()["status"] == "over":
            break
        time.sleep(0.01)
    else:
        raise AssertionError("the bots' game did not end within 120 s")
    r = client.get(f"/api/games/{table_id}/export")
    assert r.status_code == 200
    assert f'"seed": "{seed}"' in r.text  # a string in the JSON text itself
    export = json.loads(r.text)
    assert export["history"]
    body = json.dumps(export)
    again = client.post("/api/replay", content=body, headers={"content-type": "application/json"})
    assert again.status_code == 200, again.text
    replayed = again.json()
    assert replayed["seed"] == str(seed)
    assert len(replayed["steps"]) == len(export["history"]) + 1
    assert replayed["winners"] == export["winners"]
    # an integer seed is taken too; a rounded one (a JS number) is another deal altogether
    assert client.post("/api/replay", json={**export, "seed": seed}).status_code == 200
    state = new_game("exploding-kittens", 2, int(float(seed)))
    assert state.to_json() != new_game("exploding-kittens", 2, seed).to_json()


@pytest.mark.parametrize(
    "seed", ["-1", "12a", "1e3", "", " 7", "18446744073709551616", 2**64, -5, 1.5, [], "٣"]
)
def test_a_bad_seed_is_refused_naming_the_field_and_the_limit(
    client: TestClient, seed: Any
) -> None:
    before = client.get("/api/tables").json()
    body = {"game": "exploding-kittens", "players": 2, "seats": ["human", "random"], "seed": seed}
    r = client.post("/api/tables", json=body)
    assert r.status_code in (400, 422), r.text
    if r.status_code == 400:
        assert "seed" in r.json()["detail"] and "18446744073709551615" in r.json()["detail"]
    else:  # a JSON value neither a string nor an integer: pydantic names the field
        assert "seed" in json.dumps(r.json()["detail"])
    assert client.get("/api/tables").json() == before  # nothing made
    export = {"game": "dynamitt", "players": 2, "seed": seed, "options": {},
              "seats": ["human"] * 2, "history": []}  # fmt: skip
    r = client.post("/api/replay", json=export)
    assert r.status_code == 400 and "seed" in r.json()["detail"], r.text


def test_the_lobby_reads_every_option_in_the_words_the_terminal_picker_reads(
    client: TestClient,
) -> None:
    """``/api/games`` gives each option its words from ``kaboom.games.option_words`` (one
    source for the lobby and the terminal's picker): a label with no developer name, a line
    of help, the house rules marked, each choice in words."""
    from kaboom.games.option_words import words_of

    games = client.get("/api/games").json()
    assert {g["id"] for g in games} >= {"exploding-kittens", "dynamitt", "eleminis"}
    for g in games:
        for o in g["options"]:
            words, said = o["words"], words_of(g["id"], o["name"])
            assert said is not None, f"{g['id']}: {o['name']} has no words"
            assert (words["label"], words["help"], words["house"]) == (
                said.label,
                said.help,
                said.house,
            )
            assert "_" not in words["label"] and words["label"] != o["name"]
            if o["choices"] is not None:
                assert [c for c, _ in words["choices"]] == o["choices"]
                assert all(w.strip() for _, w in words["choices"]), o
    attack = next(
        o
        for g in games
        if g["id"] == "exploding-kittens"
        for o in g["options"]
        if o["name"] == "attack"
    )
    assert attack["words"]["house"] and dict(map(tuple, attack["words"]["choices"]))[""] == (
        "the edition's own rule"
    )


def test_the_lobby_offers_only_the_teams_and_first_seats_the_game_deals(
    client: TestClient,
) -> None:
    """A small int option comes with the values the game itself accepts at each player
    count (``by_players``, asked of ``new_game``): the lobby restates no rule. Eleminis's
    teams: none, or teams of equal size of two or more; the first seat: one of the table's."""
    games = {g["id"]: g for g in client.get("/api/games").json()}

    def by_players(game: str, name: str) -> dict[str, list[list[Any]]]:
        option = next(o for o in games[game]["options"] if o["name"] == name)
        found: dict[str, list[list[Any]]] = option["words"]["by_players"]
        return found

    teams = by_players("eleminis", "teams")
    assert teams["4"] == [[0, "none"], [2, "2 teams of 2"]]
    assert teams["6"] == [[0, "none"], [2, "2 teams of 3"], [3, "3 teams of 2"]]
    assert teams["5"] == teams["7"] == [[0, "none"]]
    assert [v for v, _ in by_players("exploding-kittens", "first")["3"]] == [0, 1, 2]
    target = next(o for o in games["eleminis"]["options"] if o["name"] == "target")
    assert target["words"]["by_players"] is None  # (a number to type: too many values)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_open_window_names_the_play_it_holds_in_the_page_s_language(lang: str) -> None:
    """What a Nope stops is said by the words themselves (``play``), never read out of the
    chain's English: in Norwegian too."""
    from kaboom.i18n import use_language

    state = new_game("exploding-kittens", 3, 4)
    rng = random.Random(4)
    while not state.is_over and not state.observe(0).get("window"):
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observe(0)
    assert obs.get("window"), "no window opened"
    with use_language(lang):
        said = words("exploding-kittens", 3, {}, 0, obs, legal(state), [])
    assert said["play"] and said["play"] in said["chain"], said
    assert not said["play"].startswith(("P0", "P1", "P2")), said["play"]

"""The ladder's ratings without a server (issue 35): tables recorded through the store as
the server records them (``Store.start`` with ``ladder.plays_rated``, ``Store.finish`` with
``ladder.record``), on SQLite and on PostgreSQL. The ratings recomputed from scratch equal
those stored; a table of bots alone, a guest's table and an unrated table change no
person's rating; the leaderboard is ordered by rating; the profile holds the history."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaboom.server import ladder
from kaboom.server.db import SeatRow, Store, TableRow, make_engine, migrate
from kaboom.sim.rating import Skill, rate_game
from server_support import postgres_schema

GAME = "exploding-kittens"
_ids = itertools.count(1)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path}/kaboom.db")
        migrate(engine)
        yield Store(engine)
        engine.dispose()
        return
    with postgres_schema() as url:
        engine = make_engine(url)
        migrate(engine)
        yield Store(engine)
        engine.dispose()


def person(store: Store, name: str) -> int:
    account = store.add_account(name, name.casefold(), "not-a-hash")
    assert account is not None
    return account


def play(
    store: Store, seats: list[int | str | None], winners: list[int], rated: bool = True
) -> str:
    """A table recorded as the server records one: each seat an account id, a bot spec or
    None (a guest); asked ``rated``; started, then over with ``winners``."""
    table_id = f"t{next(_ids)}"
    rows = []
    for q, who in enumerate(seats):
        if isinstance(who, str):
            rows.append(SeatRow(q, "bot", who, f"bot {q}"))
        else:
            rows.append(SeatRow(q, "human", None, f"p{q}", f"h{q}", account_id=who))
    row = TableRow(table_id, GAME, len(seats), {}, 1, False, None, None, 0.0, 0.0, rated=rated)
    store.create_table(row, rows)
    for s in rows:
        if s.kind == "human":
            store.take_seat(table_id, s.seat, s.name or "", s.token_hash or "", s.account_id)
    plays = rated and ladder.plays_rated(store.seats(table_id))
    assert store.start(table_id, plays)
    assert store.finish(table_id, "over", winners, None, 9, ladder.record if plays else None)
    return table_id


def test_one_game_ranks_the_winners_first_and_a_subject_once() -> None:
    assert ladder.outcome(["bot:random", "account:1", "bot:random"], [0]) == {
        "bot:random": True,
        "account:1": False,
    }
    game = ladder.Finished("t", GAME, 3, 1.0, ("account:1", "account:2", None), (1,))
    records: dict[ladder.Key, ladder.Record] = {}
    steps = ladder.apply(records, game)
    assert [s.key[0] for s in steps] == ["account:1", "account:2"]  # the guest is not rated
    won, lost = records[("account:2", GAME, 3)], records[("account:1", GAME, 3)]
    assert (won.games, won.wins, lost.games, lost.wins) == (1, 1, 1, 0)
    assert won.skill == rate_game([Skill(), Skill()], [False, True])[1]
    alone = ladder.Finished("u", GAME, 2, 2.0, ("account:1", "account:1"), (0,))
    assert ladder.apply(records, alone) == []  # one subject: nothing to rate


def test_recompute_equals_the_stored_and_only_rated_people_change(store: Store) -> None:
    ann, bob, cat = (person(store, n) for n in ("Ann", "Bob", "Cat"))
    rng = random.Random(35)
    for _ in range(12):
        seats: list[int | str | None] = [ann, bob, "heuristic", "random"]
        rng.shuffle(seats)
        play(store, seats[: rng.choice([2, 3, 4])], [rng.randrange(2)])
    play(store, [cat, "random"], [0])
    before = ladder.stored(store.engine)
    assert before == ladder.recomputed(store.engine)
    # a table of bots alone, a guest's table, an unrated one: no person's rating moves
    play(store, ["random", "heuristic"], [0])
    play(store, [ann, None, "random"], [0])
    play(store, [ann, bob], [1], rated=False)
    play(store, [None, None], [0])
    assert ladder.stored(store.engine) == before
    ann_games = sum(r.games for k, r in before.items() if k[0] == f"account:{ann}")
    assert ann_games > 0
    assert ladder.recompute(store.engine) == before  # rebuilt from scratch: exactly equal
    assert ladder.stored(store.engine) == before


def test_removing_an_account_recomputes_the_ladder(tmp_path: Path) -> None:
    """``kaboom accounts remove``: the account's seats become a guest's, and the ladder is
    rebuilt without it, so the stored ratings are still those the stored games give."""
    from typer.testing import CliRunner

    from kaboom.cli.main import app as cli

    url = f"sqlite:///{tmp_path}/kaboom.db"
    engine = make_engine(url)
    migrate(engine)
    store = Store(engine)
    ann, bob = person(store, "Ann"), person(store, "Bob")
    for winner in (0, 1, 0):
        play(store, [ann, bob, "random"], [winner])
    done = CliRunner().invoke(cli, ["accounts", "remove", "Bob", "--db", url])
    assert done.exit_code == 0, done.output
    after = ladder.stored(engine)
    assert after == ladder.recomputed(engine)
    assert not [k for k in after if k[0] == f"account:{bob}"]
    assert [k for k in after if k[0] == f"account:{ann}"]
    engine.dispose()


def test_the_leaderboard_and_the_profile(store: Store) -> None:
    ann, bob = person(store, "Ann"), person(store, "Bob")
    for winner in (0, 0, 1, 0):
        play(store, [ann, bob, "random"], [winner])
    rows = ladder.leaderboard(store.engine, GAME, 3)
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert rows[0]["name"] == "Ann" and rows[0]["kind"] == "person"
    assert {r["name"]: r["kind"] for r in rows}["random"] == "bot"
    assert {r["name"]: (r["games"], r["wins"]) for r in rows}["Ann"] == (4, 3)
    assert all(r["rating"] == pytest.approx(r["mu"] - 3 * r["sigma"]) for r in rows)
    assert ladder.leaderboard(store.engine, GAME, 4) == []
    shown = ladder.profile(store.engine, ann, "Ann")
    assert (shown["games"], shown["wins"]) == (4, 3)
    (rating,) = shown["ratings"]
    assert (rating["game"], rating["players"], len(rating["history"])) == (GAME, 3, 4)
    assert rating["history"][-1]["rating"] == rating["rating"] == rows[0]["rating"]
    times = [h["at"] for h in rating["history"]]
    assert times == sorted(times) and len(set(times)) == 4


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def bare(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store on an empty database, not migrated."""
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path}/old.db")
        yield Store(engine)
        engine.dispose()
        return
    with postgres_schema() as url:
        engine = make_engine(url)
        yield Store(engine)
        engine.dispose()


def _migrate(store: Store, revision: str, down: bool = False) -> None:
    from alembic import command
    from alembic.config import Config

    import kaboom.server.db as db

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(cfg, revision)


def test_the_migrations_upgrade_a_database_with_tables_in_it(bare: Store) -> None:
    """A database at 0003 (before accounts and the ladder) with a table in it upgrades to
    the head: the table is there, unrated; down to 0004_accounts and up again works too."""
    import sqlalchemy as sa

    _migrate(bare, "0003")
    with bare.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO kaboom_tables (id, game, players, options, seed, private, "
                '"window", bot_delay, status, seq, created_at, updated_at) VALUES '
                "('old', :game, 2, '{}', '1', false, 0, 0, 'open', -1, 0, 0)"
            ),
            {"game": GAME},
        )
    _migrate(bare, "head")
    old = bare.table("old")
    assert old is not None and old.rated is False
    _migrate(bare, "0004_accounts", down=True)
    _migrate(bare, "head")
    assert ladder.stored(bare.engine) == {}
    assert (bare.table("old") or old).rated is False

"""The server's database: tables, seats and the append-only action log (SQLAlchemy 2 Core).

One schema for SQLite (the default: one file in WAL mode, so ``kaboom serve`` needs nothing
else) and PostgreSQL (``--db postgresql://...``, psycopg 3), created and upgraded by the
Alembic migrations shipped in ``kaboom/server/migrations`` (run on start, ``migrate``).

The table's chat (issue 35) is one row per line of ``kaboom_chat``, keyed ``(table_id, n)``.

Every accepted action is one row of ``kaboom_actions`` keyed ``(table_id, seq)``, written and
committed before anyone is told of it; a table is rebuilt by dealing its seed again and
replaying its rows in order. The unique key is also what keeps several processes on one
PostgreSQL from applying two actions at one place in a table's log: the second insert fails
and its process catches up from the log (``Conflict``).

All methods are blocking: the hub runs them in its database thread(s).
"""

from __future__ import annotations

import contextlib
import json
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import IntegrityError

from kaboom.engine.jsonvalue import JsonObject, JsonValue

#: Alembic's own table (prefixed like ours, so the server can share a schema).
VERSION_TABLE = "kaboom_alembic_version"
#: The PostgreSQL channel the processes sharing a database tell each other on.
CHANNEL = "kaboom_events"
#: Every table that is not over yet (rebuilt on start).
LIVE = ("open", "playing")

metadata = sa.MetaData()

tables_t = sa.Table(
    "kaboom_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.String(24), nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("clock", sa.Float, nullable=True),
    sa.Column("window", sa.Float, nullable=False),
    sa.Column("bot_delay", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("winners", sa.Text, nullable=True),
    sa.Column("end_reason", sa.String(32), nullable=True),
    # the table's chat (issue 35, migration 0003): on or off, its host (the first person
    # seated: the one who may turn it off), how many spectators have spoken (``S{k}``)
    sa.Column("chat", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("host_seat", sa.Integer, nullable=True),
    sa.Column("spectators", sa.Integer, nullable=False, server_default="0"),
    # the ladder (issue 35, migration 0005): asked rated at creation; at the start it stays
    # rated only if every person's seat is taken by a signed-in account (``ladder``)
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    # the coach (issue 32, migration 0006_coach): hints allowed at the table, and every
    # seat's review open to all after the game
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("open_reviews", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats_t = sa.Table(
    "kaboom_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(128), nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("away", sa.Boolean, nullable=False),
    sa.Column("takeover", sa.Boolean, nullable=False),
    # the account of the person seated, when signed in (issue 35, migration 0004_accounts)
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.PrimaryKeyConstraint("table_id", "seat"),
)

actions_t = sa.Table(
    "kaboom_actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("client_key", sa.String(64), nullable=True),
    sa.Column("by", sa.String(8), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("table_id", "seq"),
    sa.UniqueConstraint("table_id", "seat", "client_key", name="kaboom_actions_key"),
)

answers_t = sa.Table(
    "kaboom_answers",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("window_seq", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("client_key", sa.String(64), nullable=True),
    sa.PrimaryKeyConstraint("table_id", "window_seq", "seat"),
)


votes_t = sa.Table(
    "kaboom_votes",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("voter", sa.Integer, nullable=False),
    sa.PrimaryKeyConstraint("table_id", "seat", "voter"),
)

presence_t = sa.Table(
    "kaboom_presence",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("instance", sa.String(16), nullable=False),
    sa.PrimaryKeyConstraint("table_id", "seat", "instance"),
)


chat_t = sa.Table(
    "kaboom_chat",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("n", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("who", sa.String(12), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("audience", sa.String(12), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("table_id", "n"),
)

#: Accounts (issue 35, migration 0004_accounts): a name unique after NFKC and case folding
#: (``name_key``), an argon2id hash of the password (never the password itself), and the
#: signed-in sessions, kept as the SHA-256 of their cookie.
accounts_t = sa.Table(
    "kaboom_accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(64), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

sessions_t = sa.Table(
    "kaboom_sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("kaboom_accounts.id"), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
)

#: The ladder (issue 35): per subject (``account:<id>`` or ``bot:<spec>``), game and player
#: count, its OpenSkill skill and its record; written with the end of a rated table.
ratings_t = sa.Table(
    "kaboom_ratings",
    metadata,
    sa.Column("subject", sa.String(80), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.PrimaryKeyConstraint("subject", "game", "players"),
)

#: A subject's skill after each rated table it finished (the profile's chart).
rating_history_t = sa.Table(
    "kaboom_rating_history",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
    sa.Column("subject", sa.String(80), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("table_id", "subject"),
    sa.Index("kaboom_rating_history_subject", "subject", "game", "players", "at"),
)

#: Tries at a chat line's number before giving up (two processes taking the same ``n``).
CHAT_TRIES = 8


#: The ladder's PostgreSQL advisory lock (issue 35): one rating update at a time.
LADDER_LOCK = 727275


def ladder_lock(conn: Connection) -> None:
    """Hold the ladder's lock until ``conn``'s transaction ends (PostgreSQL; SQLite has one
    writer at a time anyway)."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LADDER_LOCK})


class Conflict(Exception):
    """Another writer (another process) took this place in the table's log first."""


def normalise_url(url: str) -> str:
    """The SQLAlchemy URL of ``--db``: ``postgresql://`` means psycopg 3; a bare path means
    a SQLite file.

    >>> normalise_url("postgresql://postgres@127.0.0.1/test")
    'postgresql+psycopg://postgres@127.0.0.1/test'
    >>> normalise_url("games.db")
    'sqlite:///games.db'
    """
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files are put in WAL mode (readers never wait for the
    writer; ``synchronous=NORMAL``: a commit survives the process being killed, ``kill -9``
    included, though not necessarily a power cut; checkpoints are the hub's)."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: DBAPIConnection, _record: object) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA wal_autocheckpoint=0")  # the hub checkpoints in a thread
            cur.execute("PRAGMA busy_timeout=10000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema with the packaged Alembic migrations (several processes
    starting at once on PostgreSQL take turns under an advisory lock)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(727274)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass(slots=True)
class ActionRow:
    """One entry of a table's log."""

    seq: int
    seat: int
    action: int
    client_key: str | None = None
    by: str = "seat"


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    away: bool = False
    takeover: bool = False
    #: The account of the person seated, when they were signed in (issue 35).
    account_id: int | None = None


@dataclass(slots=True, frozen=True)
class AccountRow:
    """An account as stored: its id, name as shown, ``name_key`` (unique), password hash."""

    id: int
    name: str
    name_key: str
    password_hash: str
    created_at: float


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    players: int
    options: JsonObject
    seed: int
    private: bool
    invite_hash: str | None
    clock: float | None
    window: float
    bot_delay: float
    status: str = "open"
    seq: int = -1
    created_at: float = field(default_factory=time.time)
    updated_at: float = field(default_factory=time.time)
    finished_at: float | None = None
    winners: list[int] | None = None
    end_reason: str | None = None
    chat: bool = True
    host_seat: int | None = None
    spectators: int = 0
    rated: bool = False
    #: The coach (issue 32): hints allowed (told to everyone at the table), and every
    #: seat's review open to all after the game (else each seat sees its own only).
    hints: bool = False
    open_reviews: bool = False


@dataclass(slots=True)
class ChatRow:
    """One line of a table's chat (``n``: its number at the table, from 1; 0 before it is
    stored)."""

    seq: int
    who: str
    seat: int | None
    name: str | None
    text: str
    audience: str
    at: float = field(default_factory=time.time)
    n: int = 0


def _json_or_none(value: object) -> str | None:
    return None if value is None else json.dumps(value)


def _loads_or_none(text: str | None) -> JsonValue:
    return None if text is None else json.loads(text)


#: How a ``TableRow`` field is stored where its column is not the field itself: (to the
#: column, from the column). Every other field is its column as it is.
_TABLE_CODECS: dict[str, tuple[Callable[[Any], object], Callable[[Any], object]]] = {
    "options": (json.dumps, json.loads),
    "seed": (str, int),  # 64 bits: a string, so every database keeps it whole
    "private": (bool, bool),
    "chat": (bool, bool),
    "rated": (bool, bool),
    "hints": (bool, bool),
    "open_reviews": (bool, bool),
    "winners": (_json_or_none, _loads_or_none),
}
_TABLE_FIELDS = tuple(f.name for f in fields(TableRow))


def _table_columns(table: TableRow) -> dict[str, object]:
    """A ``TableRow`` as the columns of ``kaboom_tables`` (the one place it is converted)."""
    out: dict[str, object] = {}
    for name in _TABLE_FIELDS:
        value = getattr(table, name)
        codec = _TABLE_CODECS.get(name)
        out[name] = value if codec is None else codec[0](value)
    return out


def _table_row(r: Any) -> TableRow:
    """A row of ``kaboom_tables`` as a ``TableRow`` (the inverse of ``_table_columns``)."""
    values: dict[str, Any] = {}
    for name in _TABLE_FIELDS:
        value = getattr(r, name)
        codec = _TABLE_CODECS.get(name)
        values[name] = value if codec is None else codec[1](value)
    return TableRow(**values)


def _seat_row(r: Any) -> SeatRow:
    return SeatRow(
        r.seat, r.kind, r.bot, r.name, r.token_hash, bool(r.away), bool(r.takeover), r.account_id
    )


def _account_row(r: Any) -> AccountRow:
    return AccountRow(r.id, r.name, r.name_key, r.password_hash, r.created_at)


class Store:
    """The queries the server makes, each one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name
        mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self._insert_sql = (
            'INSERT INTO kaboom_actions (table_id, seq, seat, action, client_key, "by", at) '
            f"VALUES ({', '.join([mark] * 7)})"
        )
        self._notify_sql = f"SELECT pg_notify({mark}, p) FROM unnest({mark}::text[]) p"
        #: The log's writers: driver connections of their own, kept open (the hot path: a
        #: pool checkout and SQLAlchemy's transaction cost four times the insert itself).
        self._writers: queue.SimpleQueue[DBAPIConnection] = queue.SimpleQueue()
        self._integrity: type[Exception] = engine.dialect.loaded_dbapi.IntegrityError

    def checkpoint(self) -> None:
        """SQLite: copy the WAL's pages into the database file (PASSIVE: waits for
        nobody)."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    # -- tables and seats ----------------------------------------------------------------------
    def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(tables_t.insert().values(**_table_columns(table)))
            conn.execute(
                seats_t.insert(),
                [
                    {
                        "table_id": table.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "away": False,
                        "takeover": False,
                        "account_id": s.account_id,
                    }
                    for s in seats
                ],
            )

    def load(self, table_id: str) -> tuple[TableRow, list[SeatRow], list[ActionRow]] | None:
        """A table, its seats and its whole log (None: no such table)."""
        with self.engine.connect() as conn:
            row = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            actions = self._actions(conn, table_id, 0)
        return _table_row(row), [_seat_row(s) for s in seats], actions

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
        return None if row is None else _table_row(row)

    def seats(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
        return [_seat_row(s) for s in rows]

    def live_ids(self, statuses: tuple[str, ...] = LIVE) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id)
                .where(tables_t.c.status.in_(statuses))
                .order_by(tables_t.c.created_at)
            ).all()
        return [r.id for r in rows]

    def listing(self) -> list[tuple[TableRow, list[SeatRow]]]:
        """Every public table that is open or in play, with its seats."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                tables_t.select()
                .where(tables_t.c.status.in_(LIVE), tables_t.c.private.is_(False))
                .order_by(tables_t.c.created_at)
            ).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(
                    seats_t.select().where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)
                ):
                    seats[s.table_id].append(_seat_row(s))
        return [(_table_row(r), seats[r.id]) for r in rows]

    def take_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        account_id: int | None = None,
    ) -> bool:
        """Seat a person in a free human seat of an open table (False: taken meanwhile);
        the first person seated is the table's host (issue 35: who may turn chat off), and
        a person signed in is recorded by their account (issue 35: seats follow them)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                seats_t.update()
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.kind == "human",
                    seats_t.c.token_hash.is_(None),
                    sa.exists().where(tables_t.c.id == table_id, tables_t.c.status == "open"),
                )
                .values(name=name, token_hash=token_hash, account_id=account_id)
            )
            if done.rowcount:
                conn.execute(
                    tables_t.update()
                    .where(tables_t.c.id == table_id, tables_t.c.host_seat.is_(None))
                    .values(host_seat=seat)
                )
            return bool(done.rowcount)

    def free_seat(self, table_id: str, seat: int) -> None:
        """A seat free again (before the start): if it was the host's, the next person
        seated is the host."""
        with self.engine.begin() as conn:
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(name=None, token_hash=None, account_id=None)
            )
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id, tables_t.c.host_seat == seat)
                .values(host_seat=None)
            )

    def set_seat(self, table_id: str, seat: int, **values: object) -> None:
        """Change a seat's flags (``away``, ``takeover``, ``token_hash``)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(**values)
            )

    def start(self, table_id: str, rated: bool = False) -> bool:
        """Open → playing (False: it was not open any more); ``rated``: whether it plays
        rated (issue 35: ``ladder.plays_rated``)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id, tables_t.c.status == "open")
                .values(status="playing", seq=0, updated_at=time.time(), rated=rated)
            )
            return bool(done.rowcount)

    def finish(
        self,
        table_id: str,
        status: str,
        winners: list[int] | None,
        reason: str | None,
        seq: int = 0,
        rate: Callable[[Connection, str], None] | None = None,
    ) -> bool:
        """Record a table's end (False: it was over already, recorded by another process).
        ``rate`` (a rated table, issue 35: ``ladder.record``) runs in the same transaction,
        only where the end is recorded, under the ladder's lock; its ``finished_at`` then
        comes after every rated table's before it, so the ladder's order is the order of
        ``finished_at`` even across processes whose clocks differ a little."""
        with self.engine.begin() as conn:
            now = time.time()
            if rate is not None:
                ladder_lock(conn)
                last = conn.execute(
                    sa.select(sa.func.max(tables_t.c.finished_at)).where(
                        tables_t.c.rated.is_(True), tables_t.c.status == "over"
                    )
                ).scalar()
                now = max(now, float(last or 0.0) + 1e-3)
            done = conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id, tables_t.c.status.in_(LIVE))
                .values(
                    status=status,
                    seq=seq,
                    winners=_json_or_none(winners),
                    end_reason=reason,
                    finished_at=now,
                    updated_at=now,
                )
            )
            if done.rowcount and rate is not None:
                rate(conn, table_id)
            return bool(done.rowcount)

    # -- the log -------------------------------------------------------------------------------
    def append(self, table_id: str, rows: list[ActionRow], notify: str | None = None) -> None:
        """Append actions to a table's log in one transaction, committed when this returns;
        ``Conflict`` if one of their places (or a client key) is taken."""
        error = self.append_many([(table_id, rows)], notify)[0]
        if error is not None:
            raise error

    def append_many(
        self, batch: list[tuple[str, list[ActionRow]]], notify: str | None = None
    ) -> list[Exception | None]:
        """Several tables' appends in one transaction (one INSERT, one commit: a burst of
        actions costs one fsync on PostgreSQL). If it fails, each table's is tried alone, so
        a conflict fails only its own. ``notify`` (PostgreSQL): this process's name, sent
        with one NOTIFY per table, which the other processes receive at the commit."""
        try:
            self._insert(batch, notify)
            return [None] * len(batch)
        except IntegrityError as err:
            if len(batch) == 1:
                return [Conflict(str(err.orig))]
        out: list[Exception | None] = []
        for item in batch:
            try:
                self._insert([item], notify)
                out.append(None)
            except IntegrityError as err:
                out.append(Conflict(str(err.orig)))
            except Exception as err:
                out.append(err)
        return out

    def _insert(self, batch: list[tuple[str, list[ActionRow]]], notify: str | None) -> None:
        """One transaction on a log writer's own driver connection: the rows, the NOTIFY
        (PostgreSQL), the commit. A unique key taken raises ``IntegrityError``."""
        now = time.time()
        values = [
            (t, r.seq, r.seat, r.action, r.client_key, r.by, now) for t, rows in batch for r in rows
        ]
        try:
            raw = self._writers.get_nowait()
        except queue.Empty:
            fairy = self.engine.raw_connection()
            fairy.detach()  # out of the pool, for good: closed by ``close_writers``
            made = fairy.dbapi_connection
            assert made is not None  # (a connection just made has its driver's)
            raw = made
        try:
            cur = raw.cursor()
            cur.executemany(self._insert_sql, values)
            if notify is not None:
                last: dict[str, int] = {}
                for t, rows in batch:
                    last[t] = max(last.get(t, -1), rows[-1].seq)
                payloads = [f"{notify} act {t} {q}" for t, q in last.items()]
                cur.execute(self._notify_sql, (CHANNEL, payloads))
            cur.close()
            raw.commit()
        except self._integrity as err:
            raw.rollback()
            self._writers.put(raw)
            raise IntegrityError(self._insert_sql, None, err) from err
        except BaseException:
            with contextlib.suppress(Exception):
                raw.close()  # a broken connection is not kept
            raise
        self._writers.put(raw)

    def close_writers(self) -> None:
        """Close the log writers' connections (at shutdown)."""
        while True:
            try:
                raw = self._writers.get_nowait()
            except queue.Empty:
                return
            with contextlib.suppress(Exception):
                raw.close()

    @staticmethod
    def _notify(conn: Connection, payload: str) -> None:
        conn.execute(
            sa.text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload},
        )

    def notify(self, payload: str) -> None:
        with self.engine.begin() as conn:
            self._notify(conn, payload)

    def last_seq(self, table_id: str) -> int:
        """The last entry of a table's log (0: none yet)."""
        with self.engine.connect() as conn:
            value = conn.execute(
                sa.select(sa.func.max(actions_t.c.seq)).where(actions_t.c.table_id == table_id)
            ).scalar()
        return int(value or 0)

    def actions_since(self, table_id: str, seq: int) -> list[ActionRow]:
        """The log's rows after ``seq`` (seq 1 is the first action), in order."""
        with self.engine.connect() as conn:
            return self._actions(conn, table_id, seq + 1)

    @staticmethod
    def _actions(conn: Connection, table_id: str, first: int) -> list[ActionRow]:
        rows = conn.execute(
            sa.select(
                actions_t.c.seq,
                actions_t.c.seat,
                actions_t.c.action,
                actions_t.c.client_key,
                actions_t.c.by,
            )
            .where(actions_t.c.table_id == table_id, actions_t.c.seq >= first)
            .order_by(actions_t.c.seq)
        ).all()
        return [ActionRow(r.seq, r.seat, r.action, r.client_key, r.by) for r in rows]

    # -- window answers given at another process -----------------------------------------------
    def put_answer(self, table_id: str, window_seq: int, seat: int, action: int, key: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                answers_t.delete().where(
                    answers_t.c.table_id == table_id,
                    answers_t.c.window_seq == window_seq,
                    answers_t.c.seat == seat,
                )
            )
            conn.execute(
                answers_t.insert().values(
                    table_id=table_id,
                    window_seq=window_seq,
                    seat=seat,
                    action=action,
                    client_key=key,
                )
            )

    def answers(self, table_id: str, window_seq: int) -> dict[int, tuple[int, str | None]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                answers_t.select().where(
                    answers_t.c.table_id == table_id, answers_t.c.window_seq == window_seq
                )
            ).all()
        return {r.seat: (r.action, r.client_key) for r in rows}

    # -- votes and presence, shared by the processes serving a table -------------------------
    def add_vote(self, table_id: str, seat: int, voter: int) -> None:
        """``voter`` asks for a bot to play ``seat`` (a second time changes nothing)."""
        with contextlib.suppress(IntegrityError), self.engine.begin() as conn:
            conn.execute(votes_t.insert().values(table_id=table_id, seat=seat, voter=voter))

    def clear_votes(self, table_id: str, seat: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                votes_t.delete().where(votes_t.c.table_id == table_id, votes_t.c.seat == seat)
            )

    def set_presence(self, table_id: str, seat: int, instance: str, here: bool) -> None:
        """A person is connected to ``seat`` at process ``instance`` (``here``), or no more."""
        where = (
            presence_t.c.table_id == table_id,
            presence_t.c.seat == seat,
            presence_t.c.instance == instance,
        )
        with self.engine.begin() as conn:
            conn.execute(presence_t.delete().where(*where))
            if here:
                conn.execute(
                    presence_t.insert().values(table_id=table_id, seat=seat, instance=instance)
                )

    def seat_marks(self, table_id: str, instance: str) -> tuple[dict[int, set[int]], set[int]]:
        """A table's votes (seat -> voters) and the seats with a person connected at
        another process than ``instance``."""
        with self.engine.connect() as conn:
            votes: dict[int, set[int]] = {}
            for r in conn.execute(votes_t.select().where(votes_t.c.table_id == table_id)):
                votes.setdefault(r.seat, set()).add(r.voter)
            elsewhere = {
                r.seat
                for r in conn.execute(
                    sa.select(presence_t.c.seat).where(
                        presence_t.c.table_id == table_id, presence_t.c.instance != instance
                    )
                )
            }
        return votes, elsewhere

    def clear_presence(self) -> None:
        """Forget every process's presence (SQLite: this is the only process, starting)."""
        with self.engine.begin() as conn:
            conn.execute(presence_t.delete())

    # -- the table's chat (issue 35) ---------------------------------------------------------
    def add_chat(self, table_id: str, line: ChatRow, notify: str | None = None) -> int:
        """Store a line as the table's next one: its number ``n``. Of two processes taking
        the same number, the second tries the next (the unique key). ``notify``
        (PostgreSQL): this process's name, sent with a NOTIFY at the commit."""
        for _ in range(CHAT_TRIES):
            try:
                with self.engine.begin() as conn:
                    n = conn.execute(
                        sa.select(sa.func.coalesce(sa.func.max(chat_t.c.n), 0) + 1).where(
                            chat_t.c.table_id == table_id
                        )
                    ).scalar_one()
                    conn.execute(
                        chat_t.insert().values(
                            table_id=table_id,
                            n=n,
                            seq=line.seq,
                            who=line.who,
                            seat=line.seat,
                            name=line.name,
                            text=line.text,
                            audience=line.audience,
                            at=line.at,
                        )
                    )
                    if notify is not None:
                        self._notify(conn, f"{notify} chat {table_id} {n}")
                return int(n)
            except IntegrityError:
                continue
        raise Conflict(f"table {table_id}: no place for a chat line after {CHAT_TRIES} tries")

    def chat_since(self, table_id: str, n: int = 0, last: int | None = None) -> list[ChatRow]:
        """The table's lines after number ``n``, in order (``last``: only the last ones)."""
        query = chat_t.select().where(chat_t.c.table_id == table_id, chat_t.c.n > n)
        if last is not None:
            query = query.order_by(chat_t.c.n.desc()).limit(last)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        lines = [ChatRow(r.seq, r.who, r.seat, r.name, r.text, r.audience, r.at, r.n) for r in rows]
        return sorted(lines, key=lambda line: line.n)

    def set_chat(self, table_id: str, on: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(chat=on))

    def next_spectator(self, table_id: str) -> int:
        """The number of the table's next spectator to speak (``S{k}``), one count for
        every process."""
        with self.engine.begin() as conn:
            k = conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id)
                .values(spectators=tables_t.c.spectators + 1)
                .returning(tables_t.c.spectators)
            ).scalar_one()
        return int(k)

    # -- history -------------------------------------------------------------------------------
    def history(self, name: str, limit: int = 100) -> list[tuple[TableRow, int]]:
        """The finished tables where someone of this name sat, newest first, with the seat."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t, seats_t.c.seat.label("at_seat"))
                .join(seats_t, seats_t.c.table_id == tables_t.c.id)
                .where(seats_t.c.name == name, tables_t.c.status.in_(("over", "ended")))
                .order_by(tables_t.c.finished_at.desc())
                .limit(limit)
            ).all()
        return [(_table_row(r), r.at_seat) for r in rows]

    def account_history(self, account_id: int, limit: int = 100) -> list[tuple[TableRow, int]]:
        """The finished tables where this account sat (issue 35: history follows the
        person, not a name anyone can type), newest first, with the seat."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t, seats_t.c.seat.label("at_seat"))
                .join(seats_t, seats_t.c.table_id == tables_t.c.id)
                .where(
                    seats_t.c.account_id == account_id,
                    tables_t.c.status.in_(("over", "ended")),
                )
                .order_by(tables_t.c.finished_at.desc())
                .limit(limit)
            ).all()
        return [(_table_row(r), r.at_seat) for r in rows]

    # -- accounts and their sessions (issue 35) ----------------------------------------------
    def add_account(self, name: str, key: str, password_hash: str) -> int | None:
        """A new account: its id; None when ``key`` (the name's NFKC + casefold) is taken."""
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    accounts_t.insert().values(
                        name=name,
                        name_key=key,
                        password_hash=password_hash,
                        created_at=time.time(),
                    )
                )
                new_id = done.inserted_primary_key
                assert new_id is not None
                return int(new_id[0])
        except IntegrityError:
            return None

    def account(self, key: str) -> AccountRow | None:
        """The account of a name's ``name_key`` (None: no such account)."""
        with self.engine.connect() as conn:
            row = conn.execute(accounts_t.select().where(accounts_t.c.name_key == key)).first()
        return None if row is None else _account_row(row)

    def accounts(self) -> list[AccountRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(accounts_t.select().order_by(accounts_t.c.name_key)).all()
        return [_account_row(r) for r in rows]

    def rename_account(self, account_id: int, name: str, key: str) -> bool:
        """False when the new name's key is another account's."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    accounts_t.update()
                    .where(accounts_t.c.id == account_id)
                    .values(name=name, name_key=key)
                )
            return True
        except IntegrityError:
            return False

    def set_password(self, account_id: int, password_hash: str) -> None:
        """A new password hash; every session of the account signed out."""
        with self.engine.begin() as conn:
            conn.execute(
                accounts_t.update()
                .where(accounts_t.c.id == account_id)
                .values(password_hash=password_hash)
            )
            conn.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id))

    def remove_account(self, account_id: int) -> None:
        """The account gone: its sessions, and its mark on the seats it took (the games
        stay, their seats by name only)."""
        with self.engine.begin() as conn:
            conn.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id))
            conn.execute(
                seats_t.update().where(seats_t.c.account_id == account_id).values(account_id=None)
            )
            conn.execute(accounts_t.delete().where(accounts_t.c.id == account_id))

    def add_session(self, token_hash: str, account_id: int) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                sessions_t.insert().values(
                    token_hash=token_hash, account_id=account_id, created_at=now, last_seen=now
                )
            )

    def session(self, token_hash: str, max_age: float, touch_after: float) -> AccountRow | None:
        """The account of a session cookie's hash, if the session was seen within
        ``max_age`` seconds (its ``last_seen`` moved on when older than ``touch_after``)."""
        now = time.time()
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(accounts_t, sessions_t.c.last_seen)
                .join(sessions_t, sessions_t.c.account_id == accounts_t.c.id)
                .where(sessions_t.c.token_hash == token_hash)
            ).first()
        if row is None or now - row.last_seen > max_age:
            return None
        if now - row.last_seen > touch_after:
            with self.engine.begin() as conn:
                conn.execute(
                    sessions_t.update()
                    .where(sessions_t.c.token_hash == token_hash)
                    .values(last_seen=now)
                )
        return _account_row(row)

    def drop_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sessions_t.delete().where(sessions_t.c.token_hash == token_hash))

    def account_seats(self, account_id: int) -> list[tuple[TableRow, int]]:
        """The tables not over yet where this account holds a seat (its token still
        working), oldest first, with the seat."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t, seats_t.c.seat.label("at_seat"))
                .join(seats_t, seats_t.c.table_id == tables_t.c.id)
                .where(
                    seats_t.c.account_id == account_id,
                    seats_t.c.token_hash.is_not(None),
                    tables_t.c.status.in_(LIVE),
                )
                .order_by(tables_t.c.created_at)
            ).all()
        return [(_table_row(r), r.at_seat) for r in rows]

    def seat_back(self, table_id: str, seat: int, account_id: int, token_hash: str) -> bool:
        """A new token for the account's seat at a table not over (issue 35: a seat taken
        while signed in can be taken back from any signed-in device); False when it is not
        theirs, was left, or the game is over."""
        with self.engine.begin() as conn:
            done = conn.execute(
                seats_t.update()
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.account_id == account_id,
                    seats_t.c.token_hash.is_not(None),
                    sa.exists().where(tables_t.c.id == table_id, tables_t.c.status.in_(LIVE)),
                )
                .values(token_hash=token_hash)
            )
            return bool(done.rowcount)

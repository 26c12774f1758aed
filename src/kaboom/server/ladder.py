"""The ladder (issue 35): an OpenSkill rating per game and player count, from the rated
tables that finished, for signed-in people and for bots.

Who is rated is a *subject*: ``account:<id>`` for a signed-in person (their seat, even
while a bot plays it for them after a takeover) and ``bot:<spec>`` for a bot's seat. A
table asked to be rated plays rated only if every person's seat is taken by a signed-in
account when it starts (``plays_rated``), so a guest, or a table of bots alone, never
changes anyone's rating.

A rated table's result becomes new ratings (``sim.rating.rate_game``: the winners share the
first place, everyone else the second) in the transaction that records its end
(``Store.finish`` calls ``record``): one process records an end, so two processes on one
PostgreSQL never count a table twice, and the ladder's lock there keeps the updates in
the order of the tables' ``finished_at``. ``recompute`` replays every finished rated table
in that order from scratch: it gives back the stored ratings exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from kaboom.server.db import (
    SeatRow,
    accounts_t,
    ladder_lock,
    rating_history_t,
    ratings_t,
    seats_t,
    tables_t,
)
from kaboom.server.people import BotLevel, bot_level, canonical_bot
from kaboom.sim.rating import Skill, rate_game

ACCOUNT = "account:"
BOT = "bot:"
#: The longest subject the database keeps (``kaboom_ratings.subject``).
SUBJECT_MAX = 80

#: (subject, game, players): one rating.
Key = tuple[str, str, int]


@dataclass(slots=True)
class Record:
    """A subject's skill at one game and player count, and its record there."""

    skill: Skill
    games: int = 0
    wins: int = 0


@dataclass(frozen=True, slots=True)
class Finished:
    """A rated table that finished: its game, its player count, when, the subject of each
    seat (None: not rated, a guest) and its winning seats."""

    table_id: str
    game: str
    players: int
    at: float
    subjects: tuple[str | None, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """A subject's skill after a rated table (a row of ``kaboom_rating_history``)."""

    table_id: str
    key: Key
    skill: Skill
    at: float


# -- who is rated -------------------------------------------------------------------------------
def subject_of(seat: SeatRow) -> str | None:
    """The seat's subject: its account, its bot, or None (a guest; a bot spec too long).
    A bot is its spec in one spelling (issue 46: ``Random`` and ``random`` are one player,
    ``people.canonical_bot``).

    >>> subject_of(SeatRow(0, "bot", "heuristic")), subject_of(SeatRow(0, "bot", " Random"))
    ('bot:heuristic', 'bot:random')
    >>> subject_of(SeatRow(1, "human", account_id=7)), subject_of(SeatRow(2, "human"))
    ('account:7', None)
    """
    if seat.account_id is not None:
        return f"{ACCOUNT}{seat.account_id}"
    spec = canonical_bot(seat.bot) if seat.kind == "bot" and seat.bot else ""
    if spec and len(BOT) + len(spec) <= SUBJECT_MAX:
        return f"{BOT}{spec}"
    return None


def plays_rated(seats: Sequence[SeatRow]) -> bool:
    """Whether a table asked to be rated plays rated: every person's seat is taken by a
    signed-in account, and there is at least one (a table of bots alone is not rated).

    >>> plays_rated([SeatRow(0, "human", account_id=1), SeatRow(1, "bot", "random")])
    True
    >>> plays_rated([SeatRow(0, "human", account_id=1), SeatRow(1, "human")])
    False
    >>> plays_rated([SeatRow(0, "bot", "random"), SeatRow(1, "bot", "random")])
    False
    """
    people = [s for s in seats if s.kind == "human"]
    return bool(people) and all(s.account_id is not None for s in people)


# -- the ratings, pure ----------------------------------------------------------------------------
def outcome(subjects: Sequence[str | None], winners: Iterable[int]) -> dict[str, bool]:
    """Each subject at the table, once, and whether it won (a subject at several seats won
    if one of them did); unrated seats are left out.

    >>> outcome(["bot:random", "account:1", "bot:random", None], [2])
    {'bot:random': True, 'account:1': False}
    """
    won = set(winners)
    out: dict[str, bool] = {}
    for seat, subject in enumerate(subjects):
        if subject is not None:
            out[subject] = out.get(subject, False) or seat in won
    return out


def apply(records: dict[Key, Record], game: Finished) -> list[Step]:
    """Rate one finished table: ``records`` updated in place, and the steps to store (none
    when fewer than two subjects played)."""
    result = outcome(game.subjects, game.winners)
    if len(result) < 2:
        return []
    keys = [(subject, game.game, game.players) for subject in result]
    before = [records.get(k, Record(Skill())).skill for k in keys]
    after = rate_game(before, list(result.values()))
    steps = []
    for key, skill, won in zip(keys, after, result.values(), strict=True):
        old = records.get(key, Record(Skill()))
        records[key] = Record(skill, old.games + 1, old.wins + int(won))
        steps.append(Step(game.table_id, key, skill, game.at))
    return steps


def replay(games: Iterable[Finished]) -> tuple[dict[Key, Record], list[Step]]:
    """Every rating from scratch, the tables taken in the order given."""
    records: dict[Key, Record] = {}
    steps: list[Step] = []
    for game in games:
        steps += apply(records, game)
    return records, steps


# -- the database ---------------------------------------------------------------------------------
def _finished(conn: Connection, where: Any) -> list[Finished]:
    """The finished rated tables that ``where`` picks, in the order they finished."""
    tables = conn.execute(
        sa.select(
            tables_t.c.id,
            tables_t.c.game,
            tables_t.c.players,
            tables_t.c.finished_at,
            tables_t.c.winners,
        )
        .where(tables_t.c.rated.is_(True), tables_t.c.status == "over", where)
        .order_by(tables_t.c.finished_at, tables_t.c.id)
    ).all()
    seats: dict[str, list[SeatRow]] = {}
    ids = [t.id for t in tables]
    for chunk in (ids[i : i + 500] for i in range(0, len(ids), 500)):
        for r in conn.execute(
            sa.select(
                seats_t.c.table_id,
                seats_t.c.seat,
                seats_t.c.kind,
                seats_t.c.bot,
                seats_t.c.account_id,
            )
            .where(seats_t.c.table_id.in_(chunk))
            .order_by(seats_t.c.table_id, seats_t.c.seat)
        ):
            row = SeatRow(r.seat, r.kind, r.bot, account_id=r.account_id)
            seats.setdefault(r.table_id, []).append(row)
    return [
        Finished(
            t.id,
            t.game,
            t.players,
            float(t.finished_at),
            tuple(subject_of(s) for s in seats.get(t.id, [])),
            tuple(json.loads(t.winners or "[]")),
        )
        for t in tables
    ]


def _records(conn: Connection, keys: Iterable[Key]) -> dict[Key, Record]:
    out: dict[Key, Record] = {}
    for subject, game, players in keys:
        r = conn.execute(
            ratings_t.select().where(
                ratings_t.c.subject == subject,
                ratings_t.c.game == game,
                ratings_t.c.players == players,
            )
        ).first()
        if r is not None:
            out[(subject, game, players)] = Record(Skill(r.mu, r.sigma), r.games, r.wins)
    return out


def _write(conn: Connection, records: dict[Key, Record], steps: list[Step]) -> None:
    """Store the ratings of the subjects of ``steps`` and the steps themselves."""
    for key in dict.fromkeys(s.key for s in steps):
        subject, game, players = key
        rec = records[key]
        where = (
            ratings_t.c.subject == subject,
            ratings_t.c.game == game,
            ratings_t.c.players == players,
        )
        values = {
            "mu": rec.skill.mu,
            "sigma": rec.skill.sigma,
            "games": rec.games,
            "wins": rec.wins,
        }
        if not conn.execute(ratings_t.update().where(*where).values(**values)).rowcount:
            conn.execute(
                ratings_t.insert().values(subject=subject, game=game, players=players, **values)
            )
    if steps:
        conn.execute(
            rating_history_t.insert(),
            [
                {
                    "table_id": s.table_id,
                    "subject": s.key[0],
                    "game": s.key[1],
                    "players": s.key[2],
                    "mu": s.skill.mu,
                    "sigma": s.skill.sigma,
                    "at": s.at,
                }
                for s in steps
            ],
        )


def record(conn: Connection, table_id: str) -> None:
    """Rate a rated table that just finished, in the transaction that records its end
    (``Store.finish``, under the ladder's lock)."""
    for game in _finished(conn, tables_t.c.id == table_id):
        keys = [(s, game.game, game.players) for s in outcome(game.subjects, game.winners)]
        records = _records(conn, keys)
        _write(conn, records, apply(records, game))


def recompute(engine: Engine) -> dict[Key, Record]:
    """Rebuild every rating and the history from the finished rated tables, in the order
    they finished (``kaboom ladder recompute``): the ratings now stored."""
    with engine.begin() as conn:
        ladder_lock(conn)
        records, steps = replay(_finished(conn, sa.true()))
        conn.execute(rating_history_t.delete())
        conn.execute(ratings_t.delete())
        _write(conn, records, steps)
    return records


def recomputed(engine: Engine) -> dict[Key, Record]:
    """What ``recompute`` would store, written nowhere."""
    with engine.connect() as conn:
        return replay(_finished(conn, sa.true()))[0]


def stored(engine: Engine) -> dict[Key, Record]:
    """Every rating as stored."""
    with engine.connect() as conn:
        return {
            (r.subject, r.game, r.players): Record(Skill(r.mu, r.sigma), r.games, r.wins)
            for r in conn.execute(ratings_t.select())
        }


# -- what the pages read ---------------------------------------------------------------------------
class LadderRow(TypedDict):
    rank: int
    #: An account's name; a bot's spec (``ladder_api`` says it in words: "Bot · medium").
    name: str
    kind: str
    #: A bot's spec and level word (issue 46); None for a person.
    bot: str | None
    level: BotLevel | None
    mu: float
    sigma: float
    rating: float
    games: int
    wins: int


def _names(conn: Connection, subjects: Iterable[str]) -> dict[str, str]:
    """Each subject's name: the account's, or the bot's spec (a removed account: none)."""
    ids = [int(s[len(ACCOUNT) :]) for s in subjects if s.startswith(ACCOUNT)]
    out = {s: s[len(BOT) :] for s in subjects if s.startswith(BOT)}
    if ids:
        for r in conn.execute(
            sa.select(accounts_t.c.id, accounts_t.c.name).where(accounts_t.c.id.in_(ids))
        ):
            out[f"{ACCOUNT}{r.id}"] = r.name
    return out


def leaderboard(engine: Engine, game: str, players: int) -> list[LadderRow]:
    """A game's ladder at a player count, best rating first."""
    with engine.connect() as conn:
        rows = conn.execute(
            ratings_t.select().where(ratings_t.c.game == game, ratings_t.c.players == players)
        ).all()
        names = _names(conn, [r.subject for r in rows])
    ranked = sorted(
        (r for r in rows if r.subject in names),
        key=lambda r: (-Skill(r.mu, r.sigma).rating, -r.games, names[r.subject]),
    )
    return [
        {
            "rank": i,
            "name": names[r.subject],
            "kind": "person" if r.subject.startswith(ACCOUNT) else "bot",
            "bot": r.subject[len(BOT) :] if r.subject.startswith(BOT) else None,
            "level": bot_level(r.subject[len(BOT) :]) if r.subject.startswith(BOT) else None,
            "mu": r.mu,
            "sigma": r.sigma,
            "rating": Skill(r.mu, r.sigma).rating,
            "games": r.games,
            "wins": r.wins,
        }
        for i, r in enumerate(ranked, 1)
    ]


def profile(engine: Engine, account_id: int, name: str) -> dict[str, Any]:
    """A person's profile: the finished games they sat at (and won), and each rating with
    its history, oldest first."""
    subject = f"{ACCOUNT}{account_id}"
    with engine.connect() as conn:
        played = conn.execute(
            sa.select(tables_t.c.id, tables_t.c.winners, seats_t.c.seat)
            .join(seats_t, seats_t.c.table_id == tables_t.c.id)
            .where(seats_t.c.account_id == account_id, tables_t.c.status == "over")
        ).all()
        ratings = conn.execute(
            ratings_t.select()
            .where(ratings_t.c.subject == subject)
            .order_by(ratings_t.c.game, ratings_t.c.players)
        ).all()
        history = conn.execute(
            rating_history_t.select()
            .where(rating_history_t.c.subject == subject)
            .order_by(rating_history_t.c.at)
        ).all()
    return {
        "name": name,
        "games": len({r.id for r in played}),
        "wins": len({r.id for r in played if r.seat in _winners(r.winners)}),
        "ratings": [_rating_json(r, history) for r in ratings],
    }


def _winners(text: str | None) -> set[int]:
    return set(json.loads(text or "[]"))


def _rating_json(r: Any, history: Sequence[Any]) -> dict[str, Any]:
    steps = [h for h in history if (h.game, h.players) == (r.game, r.players)]
    return {
        "game": r.game,
        "players": r.players,
        "rating": Skill(r.mu, r.sigma).rating,
        "mu": r.mu,
        "sigma": r.sigma,
        "games": r.games,
        "wins": r.wins,
        "history": [{"at": h.at, "rating": Skill(h.mu, h.sigma).rating} for h in steps],
    }

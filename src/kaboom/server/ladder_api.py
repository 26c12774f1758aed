"""The ladder over HTTP (issue 35): ``GET /api/ladder?game=G&players=P`` (a game's
leaderboard at a player count, best rating first) and ``GET /api/players/{name}`` (a
person's profile: games, wins, each rating and its history). Both read the database only
(``ladder``), so every process on one PostgreSQL answers the same.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request

from kaboom.engine.errors import KaboomError
from kaboom.engine.registry import GameSpec, get_game
from kaboom.i18n import _
from kaboom.server import ladder
from kaboom.server.accounts import name_key, running_hub
from kaboom.server.people import ladder_bot

#: The longest name looked up (the accounts' names are at most 32 characters).
NAME_MAX = 64


def _game(game: str, players: int) -> GameSpec:
    """The game asked, if it takes ``players`` (a 400 naming the field otherwise)."""
    try:
        spec = get_game(game)
    except KaboomError as err:
        raise HTTPException(400, f"game: {err}") from None
    if not spec.min_players <= players <= spec.max_players:
        takes = _("{game} takes {least} to {most} players, not {n}").format(
            game=_(spec.name), least=spec.min_players, most=spec.max_players, n=players
        )
        raise HTTPException(400, f"players: {takes}")
    return spec


def said(row: ladder.LadderRow) -> ladder.LadderRow:
    """A row of the board in the asker's words: a bot by its level, "Bot · medium" (issue
    46: a spec is no player's name; the spec stays in ``bot``)."""
    if row["level"] is None:
        return row
    return {**row, "name": ladder_bot(row["level"])}


def add_ladder(app: FastAPI) -> None:
    """The ladder's routes, on the server's ``app``."""

    @app.get("/api/ladder")
    async def leaderboard(
        request: Request,
        game: Annotated[str, Query(max_length=64)],
        players: Annotated[int, Query(ge=1, le=64)],
    ) -> dict[str, Any]:
        spec = _game(game, players)
        h = running_hub(request)
        rows = await h.db(ladder.leaderboard, h.engine, spec.game_id, players)
        return {"game": spec.game_id, "players": players, "rows": [said(r) for r in rows]}

    @app.get("/api/players/{name}")
    async def player(request: Request, name: str) -> dict[str, Any]:
        if not 1 <= len(name) <= NAME_MAX:
            raise HTTPException(404, _("no such player"))
        h = running_hub(request)
        row = await h.db(h.store.account, name_key(name))
        if row is None:
            raise HTTPException(404, _("no such player"))
        return await h.db(ladder.profile, h.engine, row.id, row.name)

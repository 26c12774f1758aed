"""A finished game's log in the format ``kaboom replay`` reads (``kaboom.tui.save``).

The same JSON object a terminal table writes at the end of a game (format
``kaboom-table``: game, players, seed, options, who played each seat, the actions since the
deal, the full state), plus the table's id, the names at its seats and each bot's level,
its winners, the log's entries with who (or what: a bot, a clock) made each, and the
table's chat.
"""

from __future__ import annotations

from typing import Any

from kaboom.engine.registry import new_game
from kaboom.server.db import ActionRow, SeatRow, TableRow
from kaboom.server.people import bot_level

FORMAT = "kaboom-table"
HUMAN = "human"


def export(
    row: TableRow,
    seats: list[SeatRow],
    actions: list[ActionRow],
    chat: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The export; ``chat``: the table's chat, every line as its ``chat`` message (issue
    35: stored with the table and shown in its replay)."""
    state = new_game(row.game, row.players, row.seed, **row.options)
    log = []
    for r in actions:
        text = state.action_text(r.action)
        state.apply(r.action, r.seat)
        log.append({"seq": r.seq, "seat": r.seat, "action": r.action, "text": text, "by": r.by})
    return {
        "format": FORMAT,
        "game": row.game,
        "players": row.players,
        "seed": str(row.seed),  # a string: a browser rounds a JSON number above 2**53
        "options": row.options,
        "seats": [s.bot or HUMAN if s.kind == "bot" else HUMAN for s in seats],
        "saved_by": None,
        "history": [r.action for r in actions],
        "state": state.to_json(),
        "table": row.id,
        "status": row.status,
        "names": [s.name for s in seats],
        # each bot seat's level word (issue 46: "Ada (bot, medium)"); None: a person's seat
        "levels": [bot_level(s.bot) if s.kind == "bot" else None for s in seats],
        "winners": row.winners or [],
        "end_reason": row.end_reason,
        "log": log,
        "chat": chat or [],
    }


def seat_views(
    row: TableRow, actions: list[ActionRow], seat: int, last: int = 400
) -> list[dict[str, Any]]:
    """What ``seat`` was shown after each log entry (0: the deal), the table's log dealt
    again: its own observation then and the events it was sent (the look back of a page
    reloaded mid-game). Only that seat's view: never another seat's hand. The last
    ``last`` entries."""
    from kaboom.server.protocol import seen  # (protocol imports nothing of this module)

    state = new_game(row.game, row.players, row.seed, **row.options)
    first = max(0, len(actions) + 1 - last)
    views = []
    events = state.opening()
    for k in range(len(actions) + 1):
        if k > 0:
            events = state.apply(actions[k - 1].action, actions[k - 1].seat)
        if k >= first:
            views.append(
                {"seq": k, "observation": state.observe(seat), "events": seen(events, seat)}
            )
    return views

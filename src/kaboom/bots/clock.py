"""Bots keep the table's clock, never stretch it (docs/rulings.md, "The table's clock").

A table that paces its bots (the server, the terminal table) times every bot decision from
public facts only: when it began, the table's settings and the bot's spec. A search thinks
until a deadline and plays its best move so far; the move is released at a fixed moment,
never earlier because the search ended early (one legal action, a small hand), and a
window closes on its clock whatever the bots hold. Times are ``time.monotonic()`` seconds
(the asyncio loop's ``time()`` is the same clock).
"""

from __future__ import annotations

from dataclasses import dataclass

from kaboom.bots.base import Bot, TimedBot
from kaboom.engine.view import PlayerView

#: The least time (s) a table gives a search for a decision when nothing else says how long
#: (no ``seconds`` in its spec, no ``bot_delay``), and a bot for an answer in a window (a
#: window of length 0 that asks a bot lasts this long).
LEAST = 0.05
#: The share of a bot's time, at most ``MARGIN`` seconds, that its search leaves at the end
#: for the move to reach the table before its deadline.
MARGIN_SHARE = 0.2
MARGIN = 0.1


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a bot stops thinking (``think``: its search ends there with its best move so
    far) and when its move is played (``release``: never earlier)."""

    think: float
    release: float


def budget(bot: Bot) -> float:
    """A bot's own time per decision, from its spec: a search's ``seconds`` (``ismcts:
    seconds=S``, a level's), or ``LEAST`` for a search bounded by iterations alone; 0 for a
    bot that decides at once (random, heuristic).

    >>> from kaboom.bots.make import make_bot
    >>> [budget(make_bot(spec, 1)) for spec in ("ismcts:level=hard", "ismcts", "random")]
    [5.0, 0.05, 0.0]
    """
    if not isinstance(bot, TimedBot):
        return 0.0
    return LEAST if bot.seconds is None else bot.seconds


def until(start: float, release: float) -> Deadline:
    """A decision begun at ``start`` whose move is played at ``release``: its search ends a
    margin before (``MARGIN_SHARE`` of the time, at most ``MARGIN``).

    >>> until(10.0, 11.0)
    Deadline(think=10.9, release=11.0)
    >>> until(10.0, 10.05).think < 10.05
    True
    """
    margin = min(MARGIN, MARGIN_SHARE * max(0.0, release - start))
    return Deadline(release - margin, release)


def turn_deadline(start: float, bot_delay: float, bot: Bot) -> Deadline:
    """A bot's move in its own decision (a turn, a target, a Defuse's place), begun at
    ``start``: played at ``start`` plus the table's ``bot_delay`` or the bot's own
    ``budget``, whichever is longer. Both are public, so the moment says nothing of its hand.

    >>> from kaboom.bots.make import make_bot
    >>> turn_deadline(100.0, 0.8, make_bot("random", 1)).release
    100.8
    >>> turn_deadline(100.0, 0.8, make_bot("ismcts:level=medium", 1))
    Deadline(think=100.9, release=101.0)
    """
    return until(start, start + max(bot_delay, budget(bot)))


def answer_time(bot_delay: float) -> float:
    """The bots' time to answer a window: the table's ``bot_delay``, at least ``LEAST``.

    >>> answer_time(0.8), answer_time(0.0)
    (0.8, 0.05)
    """
    return max(bot_delay, LEAST)


def window_length(window: float, bot_delay: float, asks_a_bot: bool) -> float:
    """How long a reaction window stays open: the table's ``window``; when it asks a seat
    a bot plays, at least the bots' ``answer_time`` (whom a window asks, and which seats
    bots play, are public: docs/rulings.md §1).

    >>> window_length(3.0, 0.8, True), window_length(0.0, 0.8, True)
    (3.0, 0.8)
    >>> window_length(0.0, 0.0, True), window_length(0.0, 0.8, False)
    (0.05, 0.0)
    """
    return max(window, answer_time(bot_delay)) if asks_a_bot else window


def shares(start: float, end: float, bots: int) -> list[Deadline]:
    """The deadlines of ``bots`` answers decided one after another in a window open from
    ``start`` to ``end`` (the terminal table): each search its equal share of the time,
    every answer released at the window's end.

    >>> [d.think for d in shares(0.0, 1.0, 2)]
    [0.45, 0.9]
    """
    think = until(start, end).think
    return [Deadline(start + (think - start) * (k + 1) / bots, end) for k in range(bots)]


def decide_by(bot: Bot, view: PlayerView, think: float) -> int:
    """The bot's move, its search stopped at ``think`` (``TimedBot``); a bot that takes no
    deadline decides as it does (random, heuristic: at once)."""
    if isinstance(bot, TimedBot):
        return bot.act_by(view, think)
    return bot.act(view)

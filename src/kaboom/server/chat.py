"""The table's chat and reactions (issue 35; docs/protocol.md, "Chat and reactions").

A line is cleaned (``clean``: the issue's rule "text is text"), checked against the rules
(``chat-off``, ``chat-length``, ``chat-rate``: each refusal an ``error`` naming it, and
nothing changed), stored (``kaboom_chat``) and sent to its audience: a seat's line to
everyone; a spectator's line said before the game is over to the spectators only, never to
a seat until it is over (``visible``). A connection may mute a person (not stored). The
table's host (its first person seated) may turn the chat off and on (``chat-host``).
Several processes on PostgreSQL share the lines through the database and its NOTIFY.
"""

from __future__ import annotations

import asyncio
import re
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol

from kaboom.i18n import _
from kaboom.server import protocol as proto
from kaboom.server.db import LIVE, ChatRow
from kaboom.server.limits import Bucket
from kaboom.server.protocol import Message
from kaboom.server.seating import Conn, TableParts

#: Lines a table keeps in memory for ``welcome`` (each connection gets the last
#: ``proto.CHAT_WELCOME`` it may see); every line is in the database and the export.
CHAT_KEPT = 300
#: Per person: a bucket of 5 lines refilled one line every 2 s, one of 10 reactions
#: refilled one a second (docs/protocol.md: the limits; rule ``chat-rate``).
LINE_BURST, LINE_RATE = 5.0, 0.5
REACT_BURST, REACT_RATE = 10.0, 1.0
#: People one connection may mute at once (rule ``chat-mute``).
MAX_MUTED = 100

#: What a line may not hold (text is text): the C0 and C1 controls and DEL, the bidi
#: embeddings, overrides, isolates and marks, and lone surrogates (no character at all).
_DROPPED = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_SPACES = re.compile(r"\s+")


def clean(text: str) -> str:
    """A chat line as it is stored and sent (issue 35, "text is text"): NFC; whitespace
    (a newline, a tab) folded to one space; the control characters (C0, C1, DEL) and the
    bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) removed;
    trimmed. Nothing else changes: HTML stays its literal characters, for the clients to
    show as text.

    >>> clean("  gg\\n\\twp  ")
    'gg wp'
    >>> clean("\\x1b[31mred\\x1b[0m")
    '[31mred[0m'
    >>> clean("abc\\u202edef\\u2066")
    'abcdef'
    >>> clean("<img src=x onerror=alert(1)>")
    '<img src=x onerror=alert(1)>'
    >>> clean("e\\u0301")  # NFC: one character
    'é'
    >>> clean("\\x00\\u200f ")
    ''
    """
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", text))
    text = _DROPPED.sub("", text)
    return unicodedata.normalize("NFC", _SPACES.sub(" ", text)).strip()


def stamp(at: float) -> str:
    """A time on the wire: UTC, to the second.

    >>> stamp(0.0)
    '1970-01-01T00:00:00Z'
    """
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def line_msg(line: ChatRow) -> Message:
    """A stored line as its ``chat`` message."""
    return proto.message(
        "chat",
        line.seq,
        n=line.n,
        who=line.who,
        seat=line.seat,
        name=line.name,
        text=line.text,
        audience=line.audience,
        at=stamp(line.at),
    )


def visible(audience: str, seat: int | None, over: bool) -> bool:
    """Whether a line (or a reaction) of ``audience`` may reach ``seat`` (None: a
    spectator): a spectators' line reaches a seat only once the game is over (issue 35:
    spectators' chat apart from the players' during a game, joined after the end).

    >>> visible("spectators", 0, over=False), visible("spectators", None, over=False)
    (False, True)
    >>> visible("spectators", 0, over=True), visible("all", 0, over=False)
    (True, True)
    """
    return audience == "all" or seat is None or over


def audience_of(seat: int | None, status: str) -> str:
    """A spectator's line said before the game is over is the spectators' only."""
    return "spectators" if seat is None and status in LIVE else "all"


@dataclass
class ChatRt:
    """A table's chat in this process: on or off, the last lines, the numbers of the lines
    known here, and per connection its spectator number and whom it muted; per person
    the buckets of the limits."""

    on: bool
    lines: deque[Message] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    #: Every line up to ``caught_up`` is known here; ``known``: those after it.
    caught_up: int = 0
    known: set[int] = field(default_factory=set)
    spectator_no: dict[Conn, int] = field(default_factory=dict)
    muted: dict[Conn, set[str]] = field(default_factory=dict)
    line_buckets: dict[str, Bucket] = field(default_factory=dict)
    react_buckets: dict[str, Bucket] = field(default_factory=dict)
    #: One line stored at a time here (so this process sends its lines in their order).
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def load(self, lines: list[ChatRow]) -> None:
        """The lines stored so far (a table rebuilt from the database)."""
        for line in lines:
            self.lines.append(line_msg(line))
        self.caught_up = max((line.n for line in lines), default=0)

    def learn(self, n: int) -> bool:
        """Line ``n`` is known here now (False: it was already)."""
        if n <= self.caught_up or n in self.known:
            return False
        self.known.add(n)
        while self.caught_up + 1 in self.known:
            self.caught_up += 1
            self.known.discard(self.caught_up)
        return True

    def welcome(self, seat: int | None, over: bool, host: int | None) -> dict[str, object]:
        """``welcome``'s ``chat``: on or off, the host's seat (who may turn it off: public,
        as the seats are) and the last lines ``seat`` may see."""
        seen = [m for m in self.lines if visible(m["audience"], seat, over)]
        return {"on": self.on, "host": host, "lines": seen[-proto.CHAT_WELCOME :]}

    def forget(self, conn: Conn) -> None:
        """A connection gone: its mutes, and its buckets if it was a spectator's."""
        self.muted.pop(conn, None)
        k = self.spectator_no.pop(conn, None)
        if k is not None:
            self.line_buckets.pop(f"S{k}", None)
            self.react_buckets.pop(f"S{k}", None)


class ChatTable(TableParts, Protocol):
    """What the chat reads of its table (``table.Table``) beyond what every part of a
    table reads (``seating.TableParts``)."""

    @property
    def seq(self) -> int: ...
    @property
    def spectators(self) -> set[Conn]: ...
    @property
    def chat(self) -> ChatRt: ...

    def reply(self, conn: Conn, msg: Message) -> None: ...
    def error(self, conn: Conn, code: str, text: str) -> None: ...


def over(table: ChatTable) -> bool:
    return table.row.status not in LIVE


def people(table: ChatTable) -> list[Conn]:
    """Every person's connection at this table in this process (bots read no chat)."""
    conns = [c for s in table.seats for c in s.conns if c.person]
    return conns + list(table.spectators)


def send(table: ChatTable, msg: Message, who: str, audience: str) -> None:
    """A line or a reaction to every connection here that may see it and has not muted
    its sender."""
    text = proto.dumps(msg)
    done = over(table)
    for c in people(table):
        if visible(audience, c.seat, done) and who not in table.chat.muted.get(c, ()):
            c.deliver(msg, text)


async def who_of(table: ChatTable, conn: Conn) -> str:
    """The person a connection speaks as: ``P{seat}``, or ``S{k}`` for the table's k-th
    spectator to speak or react (numbered by the database: one count for every process)."""
    if conn.seat is not None:
        return f"P{conn.seat}"
    k = table.chat.spectator_no.get(conn)
    if k is None:
        k = await table.hub.db(table.hub.store.next_spectator, table.id)
        table.chat.spectator_no[conn] = k
    return f"S{k}"


def _take(buckets: dict[str, Bucket], who: str, rate: float, burst: float) -> bool:
    bucket = buckets.get(who)
    if bucket is None:
        bucket = buckets[who] = Bucket(rate, burst)
    return bucket.take()


async def say(table: ChatTable, conn: Conn, msg: proto.Chat) -> None:
    """A line: refused (``chat-off``, ``chat-length``, ``chat-rate``), or stored and sent."""
    chat = table.chat
    if not chat.on:
        table.error(conn, "chat-off", _("the table's chat is off"))
        return
    text = clean(msg.text)
    if not 1 <= len(text) <= proto.CHAT_MAX:
        why = _("a line is 1 to {most} characters once cleaned; this one is {n}").format(
            most=proto.CHAT_MAX, n=len(text)
        )
        table.error(conn, "chat-length", why)
        return
    who = await who_of(table, conn)
    if not _take(chat.line_buckets, who, LINE_RATE, LINE_BURST):
        table.error(conn, "chat-rate", _("at most 5 lines per 10 seconds; slow down"))
        return
    seat = conn.seat
    name = None if seat is None else table.seats[seat].row.name
    line = ChatRow(table.seq, who, seat, name, text, audience_of(seat, table.row.status))
    hub = table.hub
    async with chat.lock:
        line.n = await hub.db(
            hub.store.add_chat, table.id, line, hub.instance if hub.shared else None
        )
        heard(table, line)


def join_at_the_end(table: ChatTable) -> None:
    """The game is over: the spectators' lines said during it now reach the seats too
    (issue 35: the two chats joined after the end), in their order, each seat's muted
    people left out."""
    kept = [(m, proto.dumps(m)) for m in table.chat.lines if m["audience"] == "spectators"]
    for c in people(table):
        if c.seat is None:
            continue  # a spectator saw them as they were said
        muted = table.chat.muted.get(c, set())
        for msg, text in kept:
            if msg["who"] not in muted:
                c.deliver(msg, text)


def heard(table: ChatTable, line: ChatRow) -> None:
    """A stored line (said here, or read after another process's NOTIFY): kept and sent,
    once."""
    if table.chat.learn(line.n):
        msg = line_msg(line)
        table.chat.lines.append(msg)
        send(table, msg, line.who, line.audience)


async def catch_up(table: ChatTable) -> None:
    """Another process stored lines: read the ones not known here and send them."""
    hub = table.hub
    async with table.chat.lock:
        for line in await hub.db(hub.store.chat_since, table.id, table.chat.caught_up):
            heard(table, line)


async def react(table: ChatTable, conn: Conn, msg: proto.React) -> None:
    """A reaction: refused (``chat-off``, ``chat-rate``), or sent (not stored) to the same
    audience as its sender's lines, here and at every other process."""
    chat = table.chat
    if not chat.on:
        table.error(conn, "chat-off", _("the table's chat is off"))
        return
    who = await who_of(table, conn)
    if not _take(chat.react_buckets, who, REACT_RATE, REACT_BURST):
        table.error(conn, "chat-rate", _("at most 10 reactions per 10 seconds; slow down"))
        return
    audience = audience_of(conn.seat, table.row.status)
    reacted(table, who, conn.seat, msg.reaction, audience)
    seat = "-" if conn.seat is None else str(conn.seat)
    table.hub.notify(table.id, "react", who, seat, msg.reaction, audience)


def reacted(table: ChatTable, who: str, seat: int | None, reaction: str, audience: str) -> None:
    msg = proto.message("react", table.seq, who=who, seat=seat, reaction=reaction)
    send(table, msg, who, audience)


def mute(table: ChatTable, conn: Conn, msg: proto.Mute) -> None:
    """This connection stops (or starts again) receiving a person's lines and reactions."""
    muted = table.chat.muted.setdefault(conn, set())
    if not msg.on:
        muted.discard(msg.who)
    elif msg.who in muted or len(muted) < MAX_MUTED:
        muted.add(msg.who)
    else:
        why = _("at most {n} people muted per connection").format(n=MAX_MUTED)
        table.error(conn, "chat-mute", why)


async def setting(table: ChatTable, conn: Conn, msg: proto.ChatSetting) -> None:
    """The host turns the chat off or on (anyone else: ``chat-host``); everyone is told."""
    hub = table.hub
    if hub.shared:  # the host as every process left it (seated at another one)
        stored = await hub.db(hub.store.table, table.id)
        if stored is not None:
            table.row.host_seat = stored.host_seat
    host = table.row.host_seat
    if conn.seat is None or not conn.person or conn.seat != host:
        table.error(conn, "chat-host", _("only the table's host (its first person seated) may"))
        return
    await hub.db(hub.store.set_chat, table.id, msg.on)
    set_on(table, msg.on)
    hub.notify(table.id, "chat-setting", "on" if msg.on else "off")


def set_on(table: ChatTable, on: bool) -> None:
    table.chat.on = table.row.chat = on
    msg = proto.message("chat-setting", table.seq, on=on)
    text = proto.dumps(msg)
    for c in people(table):
        c.deliver(msg, text)


def heard_note(table: ChatTable, what: str, parts: list[str]) -> None:
    """A reaction or a change of setting another process told (its NOTIFY's words)."""
    if what == "react" and len(parts) == 4:
        who, seat, reaction, audience = parts
        if reaction in proto.REACTIONS and audience in ("all", "spectators"):
            reacted(table, who, None if seat == "-" else int(seat), reaction, audience)
    elif what == "chat-setting" and parts in (["on"], ["off"]):
        set_on(table, parts[0] == "on")

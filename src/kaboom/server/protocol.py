"""The wire protocol: versioned JSON messages over one WebSocket per client (docs/protocol.md).

Every message is a JSON object with ``v`` (the protocol version, 1) and ``type``. A client
sends ``hello`` first, then ``action``, ``vote``, ``back``, ``ping``, ``take`` or the
table's chat (``chat``, ``react``, ``mute``, ``chat-setting``: issue 35); the models below
parse them, refusing unknown fields, wrong types and oversized text. Every server message
carries ``seq``: the place in the table's log it reflects (-1 before the deal, 0 the deal,
``k`` the k-th action); ``update`` messages come one per ``seq``, in order.

The server builds its messages as plain dicts (``update``, ``ack``...: the hot path) in the
shape of the server models below; the JSON Schemas of both directions are generated from
the models (``schemas()``; ``python -m kaboom.server.protocol`` writes them to
``kaboom/server/schemas/``) and the tests validate every message against them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    model_validator,
    with_config,
)
from typing_extensions import TypedDict  # (pydantic reads typing's only from Python 3.12)

from kaboom.engine.events import Event
from kaboom.engine.jsonvalue import JsonObject
from kaboom.server.people import BotLevel

VERSION = 1
#: The largest client message read (bytes of text); larger ones get an ``error``.
MAX_CLIENT_MESSAGE = 4096
#: Seats and ids are small; these bounds only keep hostile input from costing anything.
MAX_SEATS = 16
#: The table's chat (issue 35, docs/protocol.md, "Chat and reactions"): a line is at most
#: this many characters once cleaned (``chat.clean``), and a connection's ``welcome``
#: carries at most ``CHAT_WELCOME`` of the lines it may see.
CHAT_MAX = 200
CHAT_WELCOME = 50
#: The fixed set of reactions (the clients draw them: 👍 😂 😮 😢 👏 💥).
REACTIONS = ("thumbs-up", "laugh", "wow", "sad", "clap", "boom")
Reaction = Literal["thumbs-up", "laugh", "wow", "sad", "clap", "boom"]
#: A person at a table: ``P{seat}`` for a seat, ``S{k}`` for its k-th spectator.
Who = Annotated[str, StringConstraints(pattern=r"^(P[0-9]{1,2}|S[0-9]{1,9})$")]

TableId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Secret = Annotated[str, StringConstraints(min_length=1, max_length=128)]
ClientKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")]


class _Client(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    v: Literal[1]


class Hello(_Client):
    """The first message: which table, as whom (a seat's token; none: a spectator), the
    last ``seq`` this client saw (-1: nothing; the server sends what was missed after it)
    and, optionally, the person's language (``nb``, ``en``: what the server says to this
    connection is said in it; none: the handshake's ``lang``, cookie or Accept-Language)."""

    type: Literal["hello"]
    table: TableId
    token: Secret | None = None
    invite: Secret | None = None
    last_seq: int = Field(-1, ge=-1, le=10_000_000)
    lang: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.@-]{1,35}$")] | None = None


class Act(_Client):
    """An action, by ``id`` or by ``text`` (one of them). ``key`` names this attempt: a
    resend with the same key is answered again and never applied twice. ``at`` (optional)
    is the ``seq`` of the decision it answers: an action for a decision that has gone by
    is refused (rule ``stale``) instead of landing on the next one."""

    type: Literal["action"]
    key: ClientKey
    id: int | None = Field(None, ge=0, le=10_000_000)
    text: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None
    at: int | None = Field(None, ge=0, le=10_000_000)

    @model_validator(mode="after")
    def _one_of(self) -> Act:
        if (self.id is None) == (self.text is None):
            raise ValueError("give exactly one of id and text")
        return self


class Vote(_Client):
    """A seated person votes to let a bot play a disconnected seat (no clock needed)."""

    type: Literal["vote"]
    seat: int = Field(ge=0, lt=MAX_SEATS)


class Back(_Client):
    """The person takes their seat back from the bot (after ``away``)."""

    type: Literal["back"]


class Ping(_Client):
    type: Literal["ping"]


class Take(_Client):
    """This connection plays its seat from now on (a seat open in several tabs: the
    others are told ``tabs`` with ``playing`` false, and their actions are refused)."""

    type: Literal["take"]


class Chat(_Client):
    """A line of the table's chat. The server cleans it (``chat.clean``: text is text) and
    refuses it, with an ``error`` naming the rule, when it is empty or longer than
    ``CHAT_MAX`` characters once cleaned (``chat-length``), too soon after the person's
    last ones (``chat-rate``) or when the table's chat is off (``chat-off``)."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=MAX_CLIENT_MESSAGE)]


class React(_Client):
    """A reaction from the fixed set, shown beside the sender's seat (not stored)."""

    type: Literal["react"]
    reaction: Reaction


class Mute(_Client):
    """This connection stops (``on``) or starts again receiving a person's lines and
    reactions (per connection, not stored)."""

    type: Literal["mute"]
    who: Who
    on: bool


class ChatSetting(_Client):
    """The table's host (its first person seated) turns its chat off or on (else the
    rule ``chat-host``)."""

    type: Literal["chat-setting"]
    on: bool


class Hint(_Client):
    """The seat to decide asks the coach (issue 32) for its best choices now: answered with
    a ``hint`` to this connection only, searched from the seat's own view; refused with an
    ``error`` where the table's hints are off (``hint-off``), where the seat has no
    decision (``hint-turn``), or while its last hint is still being searched
    (``hint-busy``)."""

    type: Literal["hint"]


ChatMessage = Chat | React | Mute | ChatSetting
#: Every message a client may send, once (the models above).
AnyClientMessage = (
    Hello | Act | Vote | Back | Ping | Take | Hint | Chat | React | Mute | ChatSetting
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
client_message: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


# -- server messages (the schema; the server writes the same shapes as dicts) -------------------
class _Server(BaseModel):
    model_config = ConfigDict(extra="forbid")
    v: Literal[1]
    seq: int = Field(ge=-1)


class EventOut(BaseModel):
    """An event the seat may see (``private``: not everyone saw it)."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    seat: int | None
    data: dict[str, Any]
    private: bool


class LegalAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    text: str


class Decision(BaseModel):
    """What the seat may do now. ``turn``: the engine asks it (``legal``); ``window``: a
    reaction window is open and the engine will ask this seat in it, and ``observation`` is
    the seat's observation at that moment (the seats before it letting the card go) — its
    answer is played when the window's clock runs out. ``clock``: seconds left (None: no
    clock); ``at``: the ``seq`` this decision belongs to."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["turn", "window"]
    at: int
    legal: list[LegalAction]
    observation: dict[str, Any] | None
    clock: float | None


# A seat as every connection sees it, declared once: the server builds it (``view.seat_info``)
# as this dict and the models below hold it (a TypedDict, so no docstring: the schema would
# gain a description).
@with_config(ConfigDict(extra="forbid"))
class SeatInfo(TypedDict):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None
    #: (issue 46) a bot's level in one word, for its label "Ada (bot, medium)"; None for a
    #: person's seat. ``bot`` keeps the spec, for programs.
    level: BotLevel | None
    taken: bool
    connected: bool
    away: bool
    takeover: bool
    votes: list[int]


class TableInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "playing", "over", "ended"]
    private: bool
    clock: float | None
    window: float
    bot_delay: float
    #: Rated (issue 35): asked at creation; from the start, whether it plays rated (only
    #: if every person's seat is taken by a signed-in account).
    rated: bool = False
    #: The coach (issue 32): hints allowed at this table (its creator decides; always
    #: where every other seat is a bot), and every seat's review open to all after the
    #: game (else each seat sees its own).
    hints: bool = False
    open_reviews: bool = False


class ChatLine(_Server):
    """A line of the table's chat: ``n`` its number at the table (from 1), ``seq`` the
    table's log position when it was said, ``who`` the person (``P{seat}``, ``S{k}``),
    their seat and name (None: a spectator), the cleaned text (text: never to be rendered
    as HTML or terminal markup), ``audience`` (``spectators``: a spectator's line said
    before the game was over, never sent to a seat until it is), ``at`` (UTC)."""

    type: Literal["chat"]
    n: int = Field(ge=1)
    who: Who
    seat: int | None
    name: str | None
    text: str
    audience: Literal["all", "spectators"]
    at: str


class ChatState(BaseModel):
    """The table's chat in ``welcome``: on or off, the host's seat (its first person
    seated, who may turn it off; None: nobody yet), and the last lines (at most
    ``CHAT_WELCOME``) this connection may see, as ``chat`` messages."""

    model_config = ConfigDict(extra="forbid")
    on: bool
    host: int | None
    lines: list[ChatLine]


class Welcome(_Server):
    """The answer to ``hello``: the table, the client's seat (None: spectator), the seats,
    the table's chat."""

    type: Literal["welcome"]
    table: TableInfo
    seat: int | None
    seats: list[SeatInfo]
    chat: ChatState


class SeatsMsg(_Server):
    """Who sits where, connected, away, played by a bot after a vote; the table's status."""

    type: Literal["seats"]
    status: Literal["open", "playing", "over", "ended"]
    seats: list[SeatInfo]


class Missed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: int
    events: list[EventOut]


class Sync(_Server):
    """After ``welcome`` in a game under way: every event the client missed after its
    ``last_seq`` (one entry per ``seq``, in order), then the observation and decision now."""

    type: Literal["sync"]
    missed: list[Missed]
    observation: dict[str, Any]
    decision: Decision | None
    window: float | None


class Update(_Server):
    """The ``seq``-th action was applied (``seq`` 0: the deal): the events this client may
    see, its observation after it, its decision if any, and the seconds left in the open
    reaction window (None: none open)."""

    type: Literal["update"]
    events: list[EventOut]
    observation: dict[str, Any]
    decision: Decision | None
    window: float | None


class Ack(_Server):
    """The answer to an ``action``: ``accepted`` (applied as log entry ``applied``) or
    ``refused`` (``rule`` and ``reason``, from ``IllegalAction`` where the engine refused
    it), one of them for every action. A window answer is ``queued`` first (played when
    the window's clock runs out), then ``accepted`` when played or ``refused`` (rule
    ``reaction window``) when the window closed without it."""

    type: Literal["ack"]
    key: str
    status: Literal["accepted", "queued", "refused"]
    action: int | None
    text: str | None
    applied: int | None
    rule: str | None
    reason: str | None


class ErrorMsg(_Server):
    """A message that could not be read or is not allowed; it changed nothing."""

    type: Literal["error"]
    code: str
    message: str


class Over(_Server):
    """The game is over (``over``) or the table was ended (``ended``: idle). The seed is
    told now, as a decimal string; the full log with every hand is at ``export``."""

    type: Literal["over"]
    status: Literal["over", "ended"]
    winners: list[int]
    reason: str | None
    seed: str
    export: str


class Pong(_Server):
    type: Literal["pong"]


class Tabs(_Server):
    """Sent to each connection of a seat whenever the seat's connections in this process
    change (or one says ``take``): how many there are (``count``) and whether this one
    plays the seat (``playing``; the newest connection plays it until another takes it)."""

    type: Literal["tabs"]
    count: int
    playing: bool


class ReactMsg(_Server):
    """A person's reaction (``who``, their seat: None for a spectator), to be shown
    briefly beside the seat; not stored. Sent to the same audience as their lines."""

    type: Literal["react"]
    who: Who
    seat: int | None
    reaction: Reaction


class ChatSettingMsg(_Server):
    """The host turned the table's chat on or off."""

    type: Literal["chat-setting"]
    on: bool


class HintChoice(BaseModel):
    """One choice of a hint: the action (its id and text), its estimated chance of winning
    (a share of a win, 0 to 1) with its 95% interval, and the rounds searched."""

    model_config = ConfigDict(extra="forbid")
    action: int
    text: str
    win: float = Field(ge=0, le=1)
    interval: list[float] = Field(min_length=2, max_length=2)
    playouts: int = Field(ge=0)


class HintMsg(_Server):
    """The answer to ``hint``, to the asking connection only: the best choices of the
    decision ``at`` (its ``seq``), best first (at most three)."""

    type: Literal["hint"]
    at: int
    choices: list[HintChoice]


#: Every message the server sends, once (the models above).
AnyServerMessage = (
    Welcome
    | SeatsMsg
    | Sync
    | Update
    | Ack
    | ErrorMsg
    | Over
    | Pong
    | Tabs
    | ChatLine
    | ReactMsg
    | ChatSettingMsg
    | HintMsg
)
ServerMessage = Annotated[AnyServerMessage, Field(discriminator="type")]
server_message: TypeAdapter[AnyServerMessage] = TypeAdapter(ServerMessage)


# -- builders (the server's hot path: dicts in the models' shapes) -------------------------------
#: A server message as the server builds it: a JSON object in one of the models' shapes.
Message = dict[str, Any]


class LegalText(TypedDict):
    """One legal action on the wire (``LegalAction``)."""

    id: int
    text: str


def event_json(e: Event) -> dict[str, Any]:
    return {"kind": e.kind, "seat": e.seat, "data": e.data, "private": e.audience is not None}


def seen(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see, on the wire."""
    return [event_json(e) for e in events if e.visible_to(seat)]


def message(kind: str, seq: int, **fields: object) -> Message:
    return {"v": VERSION, "type": kind, "seq": seq, **fields}


def ack(
    seq: int,
    key: str,
    status: str,
    action: int | None = None,
    text: str | None = None,
    applied: int | None = None,
    rule: str | None = None,
    reason: str | None = None,
) -> Message:
    return message(
        "ack",
        seq,
        key=key,
        status=status,
        action=action,
        text=text,
        applied=applied,
        rule=rule,
        reason=reason,
    )


def error(seq: int, code: str, text: str) -> Message:
    return message("error", seq, code=code, message=text)


def dumps(msg: Message) -> str:
    """A message as its text on the wire: compact JSON, by orjson (several times quicker
    than ``json``, on the hot path of every update; int keys become strings as ``json``
    writes them)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


# -- schemas ------------------------------------------------------------------------------------
SCHEMA_DIR = Path(__file__).parent / "schemas"


def schemas() -> dict[str, JsonObject]:
    """The JSON Schemas of the client's and the server's messages, from the models."""
    client = client_message.json_schema()
    server = server_message.json_schema()
    for name, schema in (("client", client), ("server", server)):
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"kaboom protocol v{VERSION}: {name} messages"
    return {"client": client, "server": server}


def write_schemas(folder: Path = SCHEMA_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, schema in schemas().items():
        path = folder / f"{name}.schema.json"
        path.write_text(json.dumps(schema, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":  # pragma: no cover
    for p in write_schemas():
        print(p)

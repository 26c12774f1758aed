"""The chat of a server table at the terminal (``kaboom play --join``): the lines kept, a
line and a reaction in words, what a person types turned into a message, and the server's
refusals in words. It holds no widget (the table screen and the waiting screen draw it)
and no connection (``kaboom.cli.join.RemoteSession`` feeds it the server's messages and
sends what it makes); the protocol is docs/protocol.md, ``chat``.

Text is text: a line is shown as ``rich.text.Text`` built from plain strings, never as
markup, and cleaned here again of what the server should have removed (control
characters, escape sequences, bidi controls), so ``[red]x[/red]`` or ``\\x1b[31m`` shows
as the characters typed, inert.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from kaboom.i18n import N_, _

#: The reactions, in the protocol's order, as they are drawn (keys 1 to 6 pick them).
REACTIONS: dict[str, str] = {
    "thumbs-up": "👍",
    "laugh": "😂",
    "wow": "😮",
    "sad": "😢",
    "clap": "👏",
    "boom": "💥",
}
#: How many lines the table keeps (the server's ``welcome`` brings the last 50).
KEPT = 50
#: The longest line the server takes (after cleaning).
MAX_LENGTH = 200
#: How long a reaction shows beside the sender's seat, in seconds.
REACTION_SECONDS = 5.0
#: Bidi embeddings, overrides, isolates and marks (the server removes them too).
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
#: A terminal escape sequence (CSI, OSC, or a lone ESC and the character after it).
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|.)?", re.DOTALL)
#: The server's refusals of a line, a reaction or a setting, in words.
REFUSALS: dict[str, str] = {
    "chat-rate": N_("too many lines or reactions: wait a few seconds"),
    "chat-off": N_("chat is turned off at this table"),
    "chat-length": N_("a line is 1 to {most} characters"),
    "chat-host": N_("only the table's host (its first person seated) turns chat on or off"),
    "chat-mute": N_("too many people muted already"),
}
#: What the chat input takes besides a line (``/help`` in the input says it).
COMMANDS = N_("/mute WHO, /unmute WHO (a name, P1, S2), /chat on|off (the host)")


def refused(rule: str) -> str:
    """A refusal of ``REFUSALS`` said now ("" for a rule it does not know)."""
    said = REFUSALS.get(rule)
    return _(said).format(most=MAX_LENGTH) if said else ""


def clean(text: str) -> str:
    """The text as the server cleans it: escape sequences, control characters and bidi
    controls removed, runs of whitespace one space, trimmed (done again here: a line is
    never drawn with anything that moves the cursor or turns text around).

    >>> clean("  a\\x1b[31mred\\x1b[0m \\u202eevil\\t\\n b\\x07 ")
    'ared evil b'
    >>> clean("[red]x[/red]")
    '[red]x[/red]'
    """
    text = ESCAPE.sub("", unicodedata.normalize("NFC", text))
    kept = "".join(
        " " if c.isspace() else c
        for c in text
        if c.isspace() or (unicodedata.category(c) != "Cc" and c not in BIDI)
    )
    return " ".join(kept.split())


def who_name(who: str, name: str | None) -> str:
    """The person as a line names them: their name, else their seat (``P1``) or place
    (``S2``, a spectator); a spectator's name says they watch, so nobody watching passes
    for a player.

    >>> who_name("P1", "bob"), who_name("P1", None), who_name("S2", "ann"), who_name("S2", "")
    ('bob', 'P1', 'ann (watching)', 'S2 (watching)')
    """
    shown = clean(name or "") or clean(who)
    return _("{name} (watching)").format(name=shown) if who.startswith("S") else shown


@dataclass(slots=True)
class Line:
    """A line said at the table (or a reaction, ``reaction`` its name)."""

    who: str
    name: str
    text: str
    spectators: bool = False  # said among the spectators, while the game runs
    reaction: str = ""

    def words(self) -> Text:
        """The line as it is drawn: ``bob: text`` (``bob 😂`` a reaction), plain text
        with the name in bold (never markup: the text is shown as typed)."""
        out = Text()
        if self.reaction:
            out.append(self.name, style="bold")
            out.append(f" {REACTIONS.get(self.reaction, '?')}")
            return out
        out.append(self.name, style="bold italic" if self.spectators else "bold")
        out.append(": ")
        out.append(self.text, style="italic" if self.spectators else "")
        return out


@dataclass(slots=True)
class Chat:
    """A server table's chat at one connection: the last lines (and reactions) heard,
    whether chat is on, the reactions showing beside their senders' seats."""

    on: bool = True
    lines: deque[Line] = field(default_factory=lambda: deque(maxlen=KEPT))
    #: The seats' last reactions: seat -> (the reaction, when it came, ``time.monotonic``).
    reacting: dict[int, tuple[str, float]] = field(default_factory=dict)
    #: The people's names, by ``who`` (``P1``): from their lines and the table's seats
    #: (a reaction names its sender by this; ``/mute bob`` finds bob here).
    names: dict[str, str] = field(default_factory=dict)
    #: Bumped at every change (the screens redraw the chat when it moves).
    version: int = 0

    def take(self, msg: dict[str, Any]) -> bool:
        """Take a server message in (``welcome``, ``chat``, ``react``, ``chat-setting``);
        whether it was the chat's."""
        kind = msg.get("type")
        if kind == "welcome":
            chat = msg.get("chat")
            if not isinstance(chat, dict):
                return False
            self.on = bool(chat.get("on", True))
            self.lines.clear()
            for line in chat.get("lines") or []:
                self._heard(line)
        elif kind == "chat":
            self._heard(msg)
        elif kind == "react":
            who = str(msg.get("who", "?"))
            name = who_name(who, msg.get("name") or self.names.get(who))
            self.lines.append(Line(who, name, "", False, str(msg.get("reaction", ""))))
            if isinstance(msg.get("seat"), int):
                self.reacting[msg["seat"]] = (msg["reaction"], time.monotonic())
        elif kind == "chat-setting":
            self.on = bool(msg.get("on"))
        else:
            return False
        self.version += 1
        return True

    def _heard(self, msg: dict[str, Any]) -> None:
        who = str(msg.get("who", "?"))
        if msg.get("name"):
            self.names[who] = str(msg["name"])
        name = who_name(who, msg.get("name"))
        text = clean(str(msg.get("text", "")))
        self.lines.append(Line(who, name, text, msg.get("audience") == "spectators"))

    def last(self, n: int) -> list[Text]:
        """The last ``n`` lines, drawn."""
        return [line.words() for line in list(self.lines)[-n:]] if n > 0 else []

    def shown(self, n: int = KEPT) -> Text:
        """The last ``n`` lines as one text (a line each), or a word on how to chat."""
        if not self.lines:
            said = _("chat is off") if not self.on else _("no chat yet: m writes")
            return Text(said, style="dim")
        return Text("\n").join(self.last(n))

    def reaction_by(self, seat: int, now: float | None = None) -> str:
        """The reaction showing beside ``seat`` now ("" none, or one shown long enough)."""
        got = self.reacting.get(seat)
        if got is None:
            return ""
        if (time.monotonic() if now is None else now) - got[1] > REACTION_SECONDS:
            return ""
        return REACTIONS.get(got[0], "")

    def message(self, typed: str) -> tuple[dict[str, Any] | None, str]:
        """What the person typed as the message to send, or None and why not (a
        command's word: ``/mute bob`` mutes bob, ``/chat off`` turns chat off)."""
        text = clean(typed)
        if not text:
            return None, ""
        if text.startswith("/"):
            return self.command(text)
        if len(text) > MAX_LENGTH:
            return None, _("too long: {why}").format(why=refused("chat-length"))
        return {"v": 1, "type": "chat", "text": text}, ""

    def command(self, text: str) -> tuple[dict[str, Any] | None, str]:
        word, _sep, rest = text.partition(" ")
        rest = rest.strip()
        if word in ("/mute", "/unmute"):
            who = rest.upper() if re.fullmatch(r"[PpSs]\d+", rest) else ""
            for known, name in self.names.items():
                if not who and clean(name).casefold() == rest.casefold():
                    who = known
            if not who:
                return None, _("nobody called {name} has spoken here (try P1 or S2)").format(
                    name=repr(rest)
                )
            return {"v": 1, "type": "mute", "who": who, "on": word == "/mute"}, ""
        if word == "/chat" and rest in ("on", "off"):
            return {"v": 1, "type": "chat-setting", "on": rest == "on"}, ""
        return None, _("the chat takes a line, or {commands}").format(commands=_(COMMANDS))


def refusal(msg: dict[str, Any]) -> str:
    """A server's ``error`` about the chat in words ("" if it is about something else).

    >>> refusal({"type": "error", "rule": "chat-rate", "message": "slow down"})
    'chat: too many lines or reactions: wait a few seconds'
    >>> refusal({"type": "error", "code": "bad_message", "message": "?"})
    ''
    """
    rule = msg.get("rule") or msg.get("code")
    if not isinstance(rule, str) or not rule.startswith("chat"):
        return ""
    why = refused(rule) or clean(str(msg.get("message", rule)))
    return _("chat: {why}").format(why=why)

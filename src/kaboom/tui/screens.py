"""The small screens around the table: help, a card's field guide, pass the device."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len
from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from kaboom.i18n import N_, _
from kaboom.tui.chat import MAX_LENGTH, REACTIONS

#: Every key of the table, for the help screen and the README.
KEYS: tuple[tuple[str, str], ...] = (
    ("up / down", N_("highlight an action")),
    ("enter", N_("play the highlighted action (or open a group of them)")),
    ("left / right", N_("move along your hand")),
    ("space", N_("select that card: only the actions using it are listed")),
    ("c", N_("clear the selection")),
    ("?", N_("the field-guide text of the card under the cursor")),
    ("d", N_("draw (end your turn; the board game: flip a Move Disc)")),
    ("n", N_("Nope, in a reaction window")),
    ("p", N_("let it pass, in a reaction window (Eleminis: pass)")),
    ("o", N_("show or hide the odds the next card is a bomb")),
    ("i", N_("a hint: your best choices now, each one's chance of winning")),
    ("pgup / pgdn", N_("scroll the log back / forward")),
    ("s", N_("save the game (kaboom play --resume FILE goes on)")),
    ("h / f1", N_("this help")),
    ("a", N_("play again, once the game is over (a new deal)")),
    ("q, ctrl+c", N_("quit (asks first, and offers to save)")),
)


def spoken(node: DOMNode) -> None:
    """``node``'s keys described in the language of the context.

    A class's ``BINDINGS`` are made when its module is imported, before the person's
    language is known, so their descriptions are marked there with ``N_`` only; each screen
    (and app) calls this as it is made, after the language is set, and the footer, the
    keys' tooltips and ``FitFooter``'s widths all read the translated copy."""
    bound = node._bindings.key_to_bindings
    for key, bindings in bound.items():
        bound[key] = [
            replace(b, description=_(b.description)) if b.description else b for b in bindings
        ]


def keys_table(rows: list[tuple[str, str]]) -> str:
    """Rows of (key, what it does) as the help screen lists them, said now."""
    reactions = " ".join(REACTIONS.values())
    return "\n".join(
        f"{key:>12}  {_(what).format(reactions=reactions) if what else ''}" for key, what in rows
    )


class FitFooter(Footer):
    """The footer of keys, drawn without its spacing (Textual's compact form) only where
    the keys in full would not fit the width: its last key ("q Quit") is never cut, at 80
    columns with the board game's ``d Flip a Move Disc`` too."""

    def compose(self) -> ComposeResult:
        if self.is_attached and self.screen.size.width:
            self.set_reactive(Footer.compact, self.full_width() > self.screen.size.width)
            self.set_class(self.compact, "-compact", update=False)
        yield from super().compose()

    def full_width(self) -> int:
        """The columns the shown keys take in full: `` key description `` and a space
        each, one key a distinct action (as ``Footer`` draws them)."""
        shown: dict[str, int] = {}
        for _node, binding, _on, _tip in self.screen.active_bindings.values():
            if binding.show and binding.action not in shown:
                key = self.app.get_key_display(binding)
                shown[binding.action] = cell_len(key) + cell_len(binding.description) + 3
        return 1 + sum(shown.values())

    def on_resize(self, event: Resize) -> None:
        if (self.full_width() > event.size.width) != self.compact:
            self.refresh(recompose=True)  # the other form fits this width


#: Why the device is passed in a reaction window (``PassScreen``'s ``why``).
REACTION_WINDOW = N_("a reaction window")

#: The keys of a table on a server (``kaboom play --join``) besides the table's.
CHAT_KEYS: tuple[tuple[str, str], ...] = (
    ("m", N_("chat: a line to the table (enter sends, esc cancels)")),
    ("", N_("in it: /mute NAME, /unmute NAME, /chat on|off (host)")),
    ("r", N_("a reaction: r, then 1 to 6 ({reactions})")),
    ("b", N_("take your seat back from the bot playing it")),
    ("v", N_("vote a bot in for a person not connected")),
    ("t", N_("copy your seat's token (--token comes back with it)")),
)

#: The picker's keys.
PICKER_KEYS: tuple[tuple[str, str], ...] = (
    ("up / down", N_("choose a game, or a setting")),
    ("enter", N_("a game: to its settings; a setting: to Start; Start: play")),
    ("left / right", N_("a setting one step down or up (also - and +, space)")),
    ("tab", N_("between the games and the settings")),
)


class Dismissable(ModalScreen[None]):
    """A box of text that any of escape, enter, q or its own key closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,h,f1,question_mark,space", "close", N_("Close")),
    ]
    DEFAULT_CSS = """
    Dismissable { align: center middle; }
    Dismissable > VerticalScroll {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    """

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        spoken(self)
        self.title_text, self.body = title, body

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(f"[b]{self.title_text}[/b]", id="title")
            yield Static(self.body, id="body", markup=False)
            yield Static("[dim]" + _("press escape to close (up/down: scroll)") + "[/dim]")

    def action_close(self) -> None:
        self.dismiss(None)


def help_screen(legend: str = "", server: bool = False) -> Dismissable:
    """How to read the game's table (its family's ``legend``), then every key (at a
    table on a server, ``server``: its chat's and seat's keys, and no picker's)."""
    rows = [*KEYS, (_("at a server"), ""), *CHAT_KEYS] if server else [*KEYS]
    rows += [] if server else [(_("in the picker"), ""), *PICKER_KEYS]
    body = keys_table(rows)
    if legend:
        body = _("{legend}\n\nThe keys:\n{keys}").format(legend=legend, keys=body)
    return Dismissable(_("How to read the table, and the keys") if legend else _("Keys"), body)


class PassScreen(Screen[None]):
    """Hot-seat: the device goes to the next player; nothing of any hand is on screen.
    Enter (or space) hands it over; q, escape or ctrl+c ask whether to quit; every other
    key is swallowed here, and so is a key pressed in the moment after Enter (``guard``
    seconds: a second, reflex Enter never plays a move for the next player)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", N_("I am ready")),
        Binding("q,escape", "app.ask_quit", N_("Quit")),
    ]
    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Static { width: auto; max-width: 100%; border: heavy $accent; padding: 1 4; }
    """

    def __init__(self, seat: int, why: str, guard: float = 0.0) -> None:
        super().__init__()
        spoken(self)
        self.seat, self.why, self.guard = seat, why, guard
        self.ready = False

    def compose(self) -> ComposeResult:
        why = _(self.why)
        if self.why == REACTION_WINDOW:  # every seat is asked in turn: this tells nothing
            why = _("a reaction window: everyone is asked in turn, whatever they hold")
        seat = f"P{self.seat}"
        yield Static(
            _("Pass the device to [b]{seat}[/b] ({why}).").format(seat=seat, why=escape(why))
            + "\n\n"
            + _("{seat}: press Enter when nobody else is looking.").format(seat=seat)
            + "\n[dim]"
            + _("q: quit (asks first)")
            + "[/dim]",
            id="pass-text",
        )

    def action_ready(self) -> None:
        if self.ready:
            return
        self.ready = True
        if self.guard <= 0:
            self.dismiss(None)
            return
        self.query_one("#pass-text", Static).update(
            _("Here is {seat}'s hand...").format(seat=f"P{self.seat}")
        )
        self.set_timer(self.guard, self._hand_over)

    def _hand_over(self) -> None:
        self.dismiss(None)


class Cover(Screen[None]):
    """Hot-seat: the bots move behind this, so nobody's hand stays on screen between the
    last person's move and the next person's; the table takes it away when a person is
    asked (with the pass screen)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.ask_quit", N_("Quit"))]
    DEFAULT_CSS = """
    Cover { align: center middle; }
    Cover > Static { width: auto; border: heavy $secondary; padding: 1 4; }
    """

    def __init__(self) -> None:
        super().__init__()
        spoken(self)

    def compose(self) -> ComposeResult:
        yield Static(
            _("The bots are playing.\nThe device goes to the next player when one is asked.")
        )


class ConfirmQuit(ModalScreen[str]):
    """Quit a game in progress? Dismissed with "save" (save, then quit), "quit" or ""
    (keep playing)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", N_("Save and quit")),
        Binding("y,q", "choose('quit')", N_("Quit without saving")),
        Binding("n,escape,enter", "choose('')", N_("Keep playing")),
    ]
    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Static {
        width: auto; max-width: 100%; border: heavy $error; padding: 1 2; background: $surface;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        spoken(self)

    def compose(self) -> ComposeResult:
        yield Static(
            "[b]"
            + _("Quit this game?")
            + "[/b]\n\n  s      "
            + _("save it, then quit (kaboom play --resume FILE goes on)")
            + "\n  y, q   "
            + _("quit without saving")
            + "\n  n, esc "
            + _("keep playing")
        )

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class GameOver(ModalScreen[str]):
    """The end of a game: who won, a line per player, the seed, the log. Dismissed with
    "again" (a new deal, same seats), "quit", or "" (look at the final table). Enter only
    closes it: a reflex Enter at the end of a game never deals the next one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("escape,enter,t", "choose('')", N_("See the table")),
    ]
    DEFAULT_CSS = """
    GameOver { align: center middle; }
    GameOver > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: heavy $accent; padding: 0 1; background: $surface;
    }
    """

    def __init__(self, headline: str, lines: list[str]) -> None:
        super().__init__()
        spoken(self)
        self.headline, self.lines = headline, lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]{escape(self.headline)}[/b]", id="headline")
            yield Static("\n".join(self.lines), id="summary", markup=False)
            yield Static(
                _("[b]a[/b]: play again   [b]enter[/b]/[b]esc[/b]: see the table   [b]q[/b]: quit")
            )

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class ChatInput(ModalScreen[str]):
    """A line to say at a server's table, typed on one line over the table's foot:
    enter sends it (dismissed with what was typed), escape cancels (with "")."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]
    DEFAULT_CSS = """
    ChatInput { align: center bottom; background: $background 0%; }
    ChatInput > Input { width: 100%; margin-bottom: 1; border: round $accent; }
    """

    def __init__(self) -> None:
        super().__init__()
        spoken(self)

    def compose(self) -> ComposeResult:
        box = Input(placeholder=_("say something to the table"), max_length=MAX_LENGTH + 50)
        box.border_title = _("chat: enter sends, esc cancels")
        box.border_subtitle = _("/mute NAME, /chat off")
        yield box

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss("")


class ReactionPicker(ModalScreen[str]):
    """A reaction to send: 1 to 6 picks one (dismissed with its name), escape none ("")."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i), f"pick({i})", name, show=False) for i, name in enumerate(REACTIONS, 1)),
        Binding("escape,r,q", "pick(0)", N_("Cancel")),
    ]
    DEFAULT_CSS = """
    ReactionPicker { align: center bottom; background: $background 0%; }
    ReactionPicker > Static {
        width: auto; max-width: 100%; margin-bottom: 1; padding: 0 1;
        border: round $accent; background: $surface;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        spoken(self)

    def compose(self) -> ComposeResult:
        keys = "  ".join(f"{i} {drawn}" for i, drawn in enumerate(REACTIONS.values(), 1))
        box = Static(keys + "   " + _("esc: none"), markup=False)
        box.border_title = _("react")
        yield box

    def action_pick(self, i: int) -> None:
        self.dismiss(list(REACTIONS)[i - 1] if 1 <= i <= len(REACTIONS) else "")


def open_chat(screen: Screen[None], send: Callable[[str], str]) -> None:
    """m at a server's table: the chat's input over ``screen``; what is typed goes to
    ``send`` (which says why not, if not: a notice)."""

    def typed(text: str | None) -> None:
        why = send(text or "")
        if why:
            screen.notify(why, severity="warning", markup=False)

    if not isinstance(screen.app.screen, ChatInput | ReactionPicker):
        screen.app.push_screen(ChatInput(), typed)


def open_reactions(screen: Screen[None], react: Callable[[str], str]) -> None:
    """r at a server's table: the reactions, 1 to 6; the one picked goes to ``react``."""

    def picked(reaction: str | None) -> None:
        why = react(reaction) if reaction else ""
        if why:
            screen.notify(why, severity="warning", markup=False)

    if not isinstance(screen.app.screen, ChatInput | ReactionPicker):
        screen.app.push_screen(ReactionPicker(), picked)

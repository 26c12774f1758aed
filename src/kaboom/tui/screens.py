"""The small screens around the table: help, a card's field guide, pass the device."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

#: Every key of the table, for the help screen and the README.
KEYS: tuple[tuple[str, str], ...] = (
    ("up / down", "highlight an action"),
    ("enter", "play the highlighted action"),
    ("left / right", "move along your hand"),
    ("space", "select that card: only the actions using it are listed"),
    ("c", "clear the selection"),
    ("?", "the field-guide text of the card under the cursor"),
    ("d", "draw (end your turn), when you may"),
    ("n", "Nope, in a reaction window"),
    ("p", "let it pass, in a reaction window"),
    ("o", "show or hide the odds the next card is a bomb"),
    ("s", "save the game (kaboom play --resume FILE goes on)"),
    ("h / f1", "this help"),
    ("q", "quit"),
)
#: The picker's keys.
PICKER_KEYS: tuple[tuple[str, str], ...] = (
    ("up / down", "choose a game, or a setting"),
    ("enter", "to the settings; change a setting; Start"),
    ("left / right", "a setting one step down or up (also - and +)"),
    ("tab", "between the games and the settings"),
)


class Dismissable(ModalScreen[None]):
    """A box of text that any of escape, enter, q or its own key closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,h,f1,question_mark,space", "close", "Close"),
    ]
    DEFAULT_CSS = """
    Dismissable { align: center middle; }
    Dismissable > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    """

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text, self.body = title, body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]{self.title_text}[/b]", id="title")
            yield Static(self.body, id="body", markup=False)
            yield Static("[dim]press escape to close[/dim]")

    def action_close(self) -> None:
        self.dismiss(None)


def help_screen() -> Dismissable:
    """Every key of the table."""
    rows = [*KEYS, ("in the picker", ""), *PICKER_KEYS]
    body = "\n".join(f"{key:>12}  {what}" for key, what in rows)
    return Dismissable("Keys", body)


class PassScreen(Screen[None]):
    """Hot-seat: the device goes to the next player; nothing of any hand is on screen."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", "I am ready")]
    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Static { width: auto; border: heavy $accent; padding: 1 4; }
    """

    def __init__(self, seat: int, why: str) -> None:
        super().__init__()
        self.seat, self.why = seat, why

    def compose(self) -> ComposeResult:
        why = self.why
        if why == "a reaction window":  # every seat is asked in turn: this tells nothing
            why += ": everyone is asked in turn, whatever they hold"
        yield Static(
            f"Pass the device to [b]P{self.seat}[/b] ({why}).\n\n"
            f"P{self.seat}: press Enter when nobody else is looking."
        )

    def action_ready(self) -> None:
        self.dismiss(None)


class Cover(Screen[None]):
    """Hot-seat: the bots move behind this, so nobody's hand stays on screen between the
    last person's move and the next person's; the table takes it away when a person is
    asked (with the pass screen)."""

    DEFAULT_CSS = """
    Cover { align: center middle; }
    Cover > Static { width: auto; border: heavy $secondary; padding: 1 4; }
    """

    def compose(self) -> ComposeResult:
        yield Static("The bots are playing.\nThe device goes to the next player when one is asked.")

"""The game picker: every registered game, its rules summary and its options.

The rows come from each game's :class:`GameSpec` (players, declared options), so a game
registered tomorrow is offered with its own options, no screen code needed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as Row

from kaboom.engine.options import Option
from kaboom.engine.registry import GameSpec, list_games
from kaboom.tui.settings import DEFAULT_PACE, PACES

#: The opponents the picker offers, in words (the bot spec each stands for).
OPPONENTS = ("ismcts:level=medium", "ismcts:level=easy", "ismcts:level=hard", "heuristic", "random")
OPPONENT_WORDS = {
    "ismcts:level=easy": "Easy bot (searches briefly)",
    "ismcts:level=medium": "Medium bot (searches about a second a move)",
    "ismcts:level=hard": "Hard bot (searches up to 5 seconds a move)",
    "heuristic": "Simple bot (rules of thumb, plays at once)",
    "random": "Random (any legal move)",
}
#: The games the picker lists first, in this order (the best known first); others follow.
FIRST = ("exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis")
START, PLAYERS, BOTS, PEOPLE, PACE = "start", "players", "bots", "people", "pace"


def opponent_words(spec: str) -> str:
    """``Medium bot (...)`` for ``ismcts:level=medium``; another spec as it is."""
    return OPPONENT_WORDS.get(spec, spec)


def plain_help(text: str) -> str:
    """An option's help without references to the rulings document.

    >>> plain_help("Jokers in the deck: wild in combos (docs/rulings.md §4)")
    'Jokers in the deck: wild in combos'
    """
    return re.sub(r"\s*\((?:see )?(?:docs/)?rulings(?:\.md)?[^)]*\)", "", text, flags=re.I)


def ordered(specs: list[GameSpec]) -> list[GameSpec]:
    """The games, the best known first (Exploding Kittens), the rest as registered."""
    rank = {game: i for i, game in enumerate(FIRST)}
    return sorted(specs, key=lambda s: (rank.get(s.game_id, len(rank)), s.game_id))


@dataclass(slots=True)
class Choice:
    """The game chosen in the picker and its settings."""

    spec: GameSpec
    players: int
    values: dict[str, Any] = field(default_factory=dict)
    opponents: str = OPPONENTS[0]
    #: People at this device (2 or more: hot-seat, the first seats).
    humans: int = 1
    #: How the table keeps time (``tui.settings.PACES``), remembered between games.
    pace: str = DEFAULT_PACE

    @classmethod
    def of(cls, spec: GameSpec) -> Choice:
        """The game with its defaults (four players where it allows)."""
        players = max(spec.min_players, min(4, spec.max_players))
        return cls(spec, players, {o.name: o.default for o in spec.options})

    def options(self) -> dict[str, Any]:
        """The options changed from their defaults."""
        return {
            o.name: self.values[o.name]
            for o in self.spec.options
            if self.values[o.name] != o.default
        }

    def rows(self) -> list[tuple[str, str]]:
        """``(row id, label)`` of every setting, the table's pace, Start last."""
        hot = "just you" if self.humans == 1 else f"{self.humans}, hot-seat: pass the device"
        out = [
            (PLAYERS, f"players: {self.players} ({self.spec.min_players}-{self.spec.max_players})"),
            (PEOPLE, f"people at this device: {hot}"),
            (BOTS, f"opponents: {escape(opponent_words(self.opponents))}"),
        ]
        if self.humans >= self.players:
            out[2] = (BOTS, "opponents: none (every seat is a person)")
        for o in self.spec.options:
            value = self.values[o.name]
            shown = "-" if value == "" else str(value).lower() if o.kind is bool else str(value)
            if o.name == "first" and isinstance(value, int):
                shown = "you" if value == 0 else f"P{value}"
            fixed = " (set with -o)" if o.path else ""
            help_text = escape(plain_help(o.help))
            out.append((o.name, f"{o.name}: {escape(shown)}{fixed}  [dim]{help_text}[/dim]"))
        out.append((PACE, f"pace: {self.pace} ({PACES[self.pace].words})"))
        out.append((START, "[b]Start the game[/b]"))
        return out

    def change(self, row: str, step: int) -> None:
        """Move a setting one step (``step`` is +1 or -1)."""
        if row == PLAYERS:
            lo, hi = self.spec.min_players, self.spec.max_players
            self.players = min(hi, max(lo, self.players + step))
            self.humans = min(self.humans, self.players)
        elif row == PEOPLE:
            self.humans = min(self.players, max(1, self.humans + step))
        elif row == BOTS:
            self.opponents = OPPONENTS[(OPPONENTS.index(self.opponents) + step) % len(OPPONENTS)]
        elif row == PACE:
            paces = list(PACES)
            self.pace = paces[min(len(paces) - 1, max(0, paces.index(self.pace) + step))]
        else:
            option = {o.name: o for o in self.spec.options}.get(row)
            if option is not None:
                self.values[row] = stepped(option, self.values[row], step)


def stepped(option: Option, value: Any, step: int) -> Any:
    """The next value of an option: a switch flips, choices cycle, numbers move in range.

    >>> stepped(Option("fast", bool, False, ""), False, 1)
    True
    >>> stepped(Option("n", int, 0, "", minimum=0, maximum=2), 2, 1)
    2
    """
    if option.choices:
        at = option.choices.index(value) if value in option.choices else 0
        return option.choices[(at + step) % len(option.choices)]
    if option.kind is bool:
        return not value
    if option.kind is int:
        size = 50 if abs(int(option.default)) >= 100 else 1
        new = int(value) + step * size
        if option.minimum is not None:
            new = max(option.minimum, new)
        if option.maximum is not None:
            new = min(option.maximum, new)
        return new
    return value  # a file path: given on the command line


class PickerScreen(Screen[Choice]):
    """Choose a game and its settings; dismissed with the choice."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus,equals_sign", "step(1)", "More"),
        Binding("left,minus", "step(-1)", "Less"),
        Binding("tab", "switch", "Games/settings"),
        Binding("h,f1", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    #games { width: 30; height: 1fr; }
    #right { width: 1fr; }
    #summary { height: auto; padding: 0 1; }
    #settings { height: 1fr; }
    """

    def __init__(self, pace: str = DEFAULT_PACE) -> None:
        super().__init__()
        self.specs = ordered(list_games())
        self.choice = Choice.of(self.specs[0])
        self.choice.pace = pace

    def compose(self) -> ComposeResult:
        yield Static("[b]kaboom[/b]: choose a game (enter), then its settings", id="head")
        with Horizontal():
            yield OptionList(*[Row(s.name, id=s.game_id) for s in self.specs], id="games")
            with Vertical(id="right"):
                yield Static(id="summary")
                yield OptionList(id="settings")
        yield Footer()

    def on_mount(self) -> None:
        self.show(self.specs[0])

    def show(self, spec: GameSpec) -> None:
        """Show a game's summary and its settings, reset to the defaults."""
        if spec is not self.choice.spec:
            pace = self.choice.pace  # (the table's pace, not the game's: it stays)
            self.choice = Choice.of(spec)
            self.choice.pace = pace
        self.query_one("#summary", Static).update(f"[b]{spec.name}[/b]\n{spec.summary}")
        self.redraw()

    def redraw(self) -> None:
        settings = self.query_one("#settings", OptionList)
        at = settings.highlighted
        settings.set_options([Row(label, id=row) for row, label in self.choice.rows()])
        settings.highlighted = at if at is not None else 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "games":
            self.show(self.specs[event.option_index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":
            self.query_one("#settings", OptionList).focus()
        elif event.option.id == START:
            self.dismiss(self.choice)
        else:
            self.action_step(1)

    def action_step(self, step: int) -> None:
        settings = self.query_one("#settings", OptionList)
        if settings.has_focus and settings.highlighted is not None:
            row = settings.get_option_at_index(settings.highlighted).id
            self.choice.change(str(row), step)
            self.redraw()

    def action_help(self) -> None:
        from kaboom.tui.screens import help_screen

        self.app.push_screen(help_screen())

    def action_switch(self) -> None:
        games = self.query_one("#games", OptionList)
        target = self.query_one("#settings", OptionList) if games.has_focus else games
        target.focus()

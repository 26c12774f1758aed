"""The game picker: every registered game, its rules summary and its options.

The rows come from each game's :class:`GameSpec` (players, declared options), so a game
registered tomorrow is offered with its own options, no screen code needed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as Row

from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.options import Option, OptionValue
from kaboom.engine.registry import GameSpec, list_games, refused_option
from kaboom.games import ordered
from kaboom.games.option_words import value_words, words_of
from kaboom.i18n import N_, _, ngettext
from kaboom.tui.screens import spoken
from kaboom.tui.settings import DEFAULT_PACE, PACES

#: The opponents the picker offers, weakest first (the bot spec each stands for).
OPPONENTS = ("random", "heuristic", "ismcts:level=easy", "ismcts:level=medium", "ismcts:level=hard")
#: The opponents a newcomer gets.
DEFAULT_OPPONENTS = "ismcts:level=medium"
OPPONENT_WORDS = {
    "ismcts:level=easy": N_("Easy bot (searches briefly)"),
    "ismcts:level=medium": N_("Medium bot (searches about a second a move)"),
    "ismcts:level=hard": N_("Hard bot (searches up to 5 seconds a move)"),
    "heuristic": N_("Simple bot (rules of thumb, plays at once)"),
    "random": N_("Random (any legal move)"),
}
#: The paces' names as the picker shows them (``tui.settings.PACES``).
PACE_WORDS = {"fast": N_("fast"), "normal": N_("normal"), "relaxed": N_("relaxed")}
START, PLAYERS, BOTS, PEOPLE, PACE = "start", "players", "bots", "people", "pace"
#: The most values one key press steps over (values the game refuses) to find one it allows.
MOST_STEPS = 64


def opponent_words(spec: str) -> str:
    """``Medium bot (...)`` for ``ismcts:level=medium``; another spec as it is."""
    return _(OPPONENT_WORDS[spec]) if spec in OPPONENT_WORDS else spec


def plain_help(text: str) -> str:
    """An option's help without references to the rulings document.

    >>> plain_help("Jokers in the deck: wild in combos (docs/rulings.md §4)")
    'Jokers in the deck: wild in combos'
    """
    return re.sub(r"\s*\((?:see )?(?:docs/)?rulings(?:\.md)?[^)]*\)", "", text, flags=re.I)


@dataclass(slots=True)
class Choice:
    """The game chosen in the picker and its settings."""

    spec: GameSpec
    players: int
    values: dict[str, OptionValue] = field(default_factory=dict)
    opponents: str = DEFAULT_OPPONENTS
    #: People at this device (2 or more: hot-seat, the first seats).
    humans: int = 1
    #: How the table keeps time (``tui.settings.PACES``), remembered between games.
    pace: str = DEFAULT_PACE

    @classmethod
    def of(cls, spec: GameSpec) -> Choice:
        """The game with its defaults (four players where it allows)."""
        players = max(spec.min_players, min(4, spec.max_players))
        return cls(spec, players, {o.name: o.default for o in spec.options})

    def options(self) -> JsonObject:
        """The options changed from their defaults."""
        return {
            o.name: self.values[o.name]
            for o in self.spec.options
            if self.values[o.name] != o.default
        }

    def rows(self) -> list[tuple[str, str]]:
        """``(row id, label)`` of every setting, the table's pace, Start last; each label
        capitalised as the game's options are (``Players: 4``, ``Teams: none``)."""
        hot = (
            _("just you")
            if self.humans == 1
            else _("{n}, hot-seat: pass the device").format(n=self.humans)
        )
        spec = self.spec
        players = _("Players: {n} ({least}-{most})").format(
            n=self.players, least=spec.min_players, most=spec.max_players
        )
        out = [
            (PLAYERS, players),
            (PEOPLE, _("People at this device: {who}").format(who=hot)),
            (BOTS, _("Opponents: {bots}").format(bots=escape(opponent_words(self.opponents)))),
        ]
        if self.humans >= self.players:
            out[2] = (BOTS, _("Opponents: none (every seat is a person)"))
        for o in self.spec.options:
            out.append((o.name, self.option_row(o)))
        pace = _(PACE_WORDS[self.pace]) if self.pace in PACE_WORDS else self.pace
        words = escape(_(PACES[self.pace].words))
        out.append((PACE, _("Pace: {pace}  [dim]{words}[/dim]").format(pace=pace, words=words)))
        out.append((START, "[b]" + _("Start the game") + "[/b]"))
        return out

    def option_row(self, o: Option) -> str:
        """An option's row in the rulebook's words: ``Teams: none  [its help]``."""
        words = words_of(self.spec.game_id, o.name)
        label = words.label if words else o.name
        help_text = words.help if words else plain_help(_(o.help))
        shown = value_words(self.spec.game_id, o.name, self.values[o.name], self.players)
        return f"{escape(label)}: {escape(shown)}  [dim]{escape(help_text)}[/dim]"

    def change(self, row: str, step: int) -> None:
        """Move a setting one step (``step`` is +1 or -1), to the next value the game
        allows with the other settings (a value it refuses is stepped over)."""
        if row == PLAYERS:
            lo, hi = self.spec.min_players, self.spec.max_players
            self.players = min(hi, max(lo, self.players + step))
            self.humans = min(self.humans, self.players)
            self._settle()
        elif row == PEOPLE:
            self.humans = min(self.players, max(1, self.humans + step))
        elif row == BOTS:
            at = OPPONENTS.index(self.opponents) if self.opponents in OPPONENTS else 0
            self.opponents = OPPONENTS[min(len(OPPONENTS) - 1, max(0, at + step))]
        elif row == PACE:
            paces = list(PACES)
            self.pace = paces[min(len(paces) - 1, max(0, paces.index(self.pace) + step))]
        else:
            option = {o.name: o for o in self.spec.options}.get(row)
            if option is not None:
                self._step_option(option, step)

    def _step_option(self, option: Option, step: int) -> None:
        start = value = self.values[option.name]
        for _step in range(MOST_STEPS):
            new = stepped(option, value, step)
            if new in (value, start):
                return  # at the end of its range, or round to where it was
            value = new
            if self.refused({**self.values, option.name: new}) != option.name:
                self.values[option.name] = new
                return

    def _settle(self) -> None:
        """After the player count changes: an option the game now refuses goes back to
        its default (teams of equal size that no longer divide the table)."""
        for _option in self.spec.options:
            name = self.refused(self.values)
            if name is None or name not in self.values:
                return
            self.values[name] = next(o.default for o in self.spec.options if o.name == name)

    def refused(self, values: Mapping[str, OptionValue]) -> str | None:
        """The option the game refuses with these settings, by name (None: it deals).
        Options given as files are not read here: the command line checks them."""
        given = {
            o.name: values[o.name]
            for o in self.spec.options
            if values[o.name] != o.default and not o.path
        }
        return refused_option(self.spec.game_id, self.players, given)

    def problem(self) -> str:
        """Why the game would not start with these settings, naming the setting ("")."""
        name = self.refused(self.values)
        if name is None:
            return ""
        option = next((o for o in self.spec.options if o.name == name), None)
        words = words_of(self.spec.game_id, name)
        label = words.label if words else name
        shown = value_words(self.spec.game_id, name, self.values.get(name), self.players)
        why = ngettext(
            "{option}: {value} is not allowed with {n} player",
            "{option}: {value} is not allowed with {n} players",
            self.players,
        ).format(option=label, value=shown, n=self.players)
        return why if option is not None else _("{option} is not allowed").format(option=name)


def stepped(option: Option, value: OptionValue, step: int) -> OptionValue:
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


class Settings(OptionList):
    """The list of settings: up from the first row and down from the last (Start) stay
    where they are, never wrap round to the other end."""

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()


class PickerScreen(Screen[Choice]):
    """Choose a game and its settings; dismissed with the choice. Left/right (or space)
    change a setting; Enter on a setting goes to Start, Enter on Start starts the game,
    if the game allows its settings (else it says which one it refuses, and stays)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus,equals_sign,space", "step(1)", N_("Change"), key_display="←→"),
        Binding("left,minus", "step(-1)", N_("Back"), show=False),
        Binding("tab", "switch", N_("Games/settings")),
        Binding("h,f1", "help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]
    DEFAULT_CSS = """
    #games { width: 30; height: 1fr; }
    #right { width: 1fr; }
    #summary { height: auto; padding: 0 1; }
    #settings { height: 1fr; }
    """

    def __init__(self, choice: Choice | None = None, pace: str | None = None) -> None:
        super().__init__()
        spoken(self)
        self.specs = ordered(list_games())
        self.choice = choice or Choice.of(self.specs[0])
        self.choice.pace = pace or (choice.pace if choice else DEFAULT_PACE)
        #: Each game's settings as last left in the picker (browsing never resets them).
        self.kept: dict[str, Choice] = {self.choice.spec.game_id: self.choice}

    def compose(self) -> ComposeResult:
        yield Static(_("[b]kaboom[/b]: choose a game (enter), then its settings"), id="head")
        with Horizontal():
            yield Settings(*[Row(_(s.name), id=s.game_id) for s in self.specs], id="games")
            with Vertical(id="right"):
                yield Static(id="summary")
                yield Settings(id="settings")
        yield Footer()

    def on_mount(self) -> None:
        at = next(i for i, s in enumerate(self.specs) if s.game_id == self.choice.spec.game_id)
        self.query_one("#games", OptionList).highlighted = at
        self.show(self.specs[at])

    def show(self, spec: GameSpec) -> None:
        """Show a game's summary and its settings (as last left, else its defaults)."""
        pace = self.choice.pace  # (the table's pace, not the game's: it stays)
        self.choice = self.kept.setdefault(spec.game_id, Choice.of(spec))
        self.choice.pace = pace
        self.query_one("#summary", Static).update(f"[b]{_(spec.name)}[/b]\n{_(spec.summary)}")
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
            self.start()
        else:
            event.option_list.highlighted = event.option_list.option_count - 1  # Start

    def start(self) -> None:
        """Start the game, or say which setting the game refuses and stay on it."""
        problem = self.choice.problem()
        if not problem:
            self.dismiss(self.choice)
            return
        title = _("Not with these settings")
        self.notify(problem, title=title, severity="error", markup=False)
        settings = self.query_one("#settings", OptionList)
        rows = [row for row, _ in self.choice.rows()]
        name = self.choice.refused(self.choice.values)
        if name in rows:
            settings.highlighted = rows.index(name)

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

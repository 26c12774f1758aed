"""``kaboom play``'s arguments, checked before any screen opens (bad ones exit with one line)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kaboom.bots.make import make_bot
from kaboom.engine.errors import BadInput
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.registry import get_game
from kaboom.i18n import _
from kaboom.tui import save, settings
from kaboom.tui.pacing import Pace
from kaboom.tui.picker import Choice
from kaboom.tui.save import HUMAN, Seating, seed_of
from kaboom.tui.session import Session

if TYPE_CHECKING:
    from kaboom.tui.app import KaboomApp

LEVELS = ("easy", "medium", "hard")


@dataclass(slots=True)
class TableArgs:
    """What the command line asked for: a game (or the picker), seats, seed, options."""

    game: str | None
    players: int | None
    bots: list[str]  # empty: the picker's opponents, or ismcts at the level
    humans: int
    hotseat: bool
    seed: int
    options: JsonObject
    level: str = "medium"

    def seating(self, game: str, players: int, options: JsonObject) -> Seating:
        """Humans first, then the bots (one spec repeats for every bot seat)."""
        if self.humans > players:
            raise BadInput(
                "--humans",
                _("at most the {players} players of the game, got {n}").format(
                    players=players, n=self.humans
                ),
            )
        humans = self.humans
        count = players - humans
        bots = self.bots or [bot_spec("ismcts", self.level)]
        specs = bots if len(bots) == count or len(bots) != 1 else bots * count
        if len(specs) != count:
            said = _("one bot spec, or {count} of them; got {n}")
            raise BadInput("--bots", said.format(count=count, n=len(bots)))
        return Seating(game, players, self.seed, options, [HUMAN] * humans + specs)

    def from_choice(self, choice: Choice) -> Seating:
        """The seating of a game chosen in the picker (its opponents unless --bots said)."""
        bots = self.bots or [choice.opponents]
        humans = max(self.humans, choice.humans)
        hot = self.hotseat or humans > 1
        chosen = TableArgs(None, None, bots, humans, hot, self.seed, {}, self.level)
        return chosen.seating(choice.spec.game_id, choice.players, choice.options())


def bot_spec(spec: str, level: str) -> str:
    """``ismcts`` at the chosen level; any other spec as given."""
    return f"ismcts:level={level}" if spec.strip().lower() == "ismcts" else spec.strip()


def table_args(
    game: str | None,
    players: int | None,
    bots: str | None,
    level: str,
    hotseat: bool,
    humans: int | None,
    seed: int | None,
    options: JsonObject,
) -> TableArgs:
    """Check the command line: the game, the players, the bot specs, the options."""
    if level not in LEVELS:
        said = _("one of {choices}; got {value}")
        raise BadInput("--level", said.format(choices=", ".join(LEVELS), value=repr(level)))
    specs = [bot_spec(b, level) for b in (bots or "").split(",") if b.strip()]
    for spec in specs:
        make_bot(spec, 0, game)
    people = humans if humans is not None else (2 if hotseat else 1)
    if people < 1 or (people > 1 and not hotseat):
        raise BadInput("--humans", _("1, or more with --hotseat"))
    args = TableArgs(game, players, specs, people, hotseat, seed_of(seed), options, level)
    if players is not None:
        if players < 1:
            said = _("a number of players, 2 or more; got {n}")
            raise BadInput("--players", said.format(n=players))
        if people > players:
            said = _("at most the {players} players; got {n}")
            raise BadInput("--humans", said.format(players=players, n=people))
    if game is not None:
        known = get_game(game)
        count = (
            players if players is not None else max(known.min_players, min(4, known.max_players))
        )
        known.check_players(count)
        args.players = count
        args.seating(game, count, options).deal()  # a bad option or player count stops here
    elif options:
        raise BadInput("--option", _("a game id to apply the options to"))
    return args


def table_app(
    args: TableArgs,
    resume: Path | None,
    log: Path | None,
    delay: float | None,
    react: float | None,
    pace: str | None = None,
    hints: bool = False,
) -> KaboomApp:
    """The table (or the picker) at the pace asked (remembered for the next time), else
    the pace remembered; ``--delay`` and ``--react`` in place of the pace's own where
    given; ``hints``: hints on where several people play (``--hints``). A settings file
    that cannot be used is told as the table opens."""
    from kaboom.tui.app import KaboomApp

    if (delay is not None and delay < 0) or (react is not None and react < 0):
        raise BadInput("--delay/--react", _("seconds, 0 or more"))
    if pace is not None:
        settings.tempo(pace)  # an unknown pace stops here
    if log is not None:
        save.check_writable(log, "--log")
    remembered, notice = settings.load()
    if pace is not None and pace != remembered.pace:
        notice = settings.remember(settings.Settings(pace=pace)) or notice
    session = None
    if resume is not None:
        seating, state = save.read(resume)
        session = Session(seating, state)
    elif args.game is not None and args.players is not None:
        session = Session(args.seating(args.game, args.players, args.options))
    hotseat = args.hotseat or (session is not None and len(session.humans) > 1)
    table_pace = Pace(log_path=log, hotseat=hotseat, hints=hints)
    table_pace = table_pace.at(pace or remembered.pace, delay, react)
    return KaboomApp(table_pace, session, args.from_choice, notice)


def launch(app: KaboomApp) -> None:
    """Play at the table (or the picker) ``table_app`` made until the person quits."""
    app.run()
    if app.return_code:  # the table failed (its error is printed): never exit 0
        raise SystemExit(app.return_code)

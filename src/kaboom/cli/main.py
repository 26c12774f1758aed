"""``kaboom``: play, simulate, run scenarios, benchmark.

Every command turns kaboom's own errors into one clear line on stderr and exit status 2.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer

from kaboom.cli.console import err, out, progress_bar
from kaboom.cli.group import KaboomGroup, only_command
from kaboom.cli.lab import (
    EXPERIMENT_HELP,
    AddressArg,
    BackendArg,
    WorkersArg,
    backend_of,
    parse_options,
)
from kaboom.cli.lab import experiment as lab_experiment
from kaboom.cli.language import asked, chosen, refusal, said
from kaboom.engine.errors import BadInput, KaboomError
from kaboom.i18n import (
    N_,
    _,
    from_environment,
    parse_language,
    set_language,
    use_language,
)

app = typer.Typer(
    cls=KaboomGroup,
    help=_("kaboom: the digital table for the Exploding Kittens family of games."),
    no_args_is_help=True,
    add_completion=False,
)
scenario_app = typer.Typer(
    cls=KaboomGroup, help=_("Rule scenarios: rigged deals, actions and expectations.")
)
app.add_typer(scenario_app, name="scenario")
# kaboom accounts (issue 35): the server's accounts, for its operator.
from kaboom.cli import accounts as accounts_cli  # noqa: E402

app.add_typer(accounts_cli.app, name="accounts")

P = ParamSpec("P")
R = TypeVar("R")


def version_line() -> str:
    """``kaboom VERSION, BUILD``: the build read from the modules loaded (``build_kind``)."""
    from kaboom import __version__, build_kind

    return f"kaboom {__version__}, {build_kind()}"


def _choose_language(ctx: typer.Context, value: str | None) -> None:
    """``--lang`` where the app runs without ``main`` (which reads it first): this run's
    words in it, the help of the commands among them."""
    if value is None:
        return
    lang = parse_language(value)
    if lang is None:
        err().print(refusal(value), highlight=False, markup=False)
        raise typer.Exit(2)
    ctx.with_resource(use_language(lang))
    said(ctx.command)


def _print_version(value: bool) -> None:
    if value:
        out().print(version_line(), highlight=False)
        raise typer.Exit()


@app.callback()
def _options(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            callback=_choose_language,
            is_eager=True,
            expose_value=False,
            help=_(
                "The language kaboom speaks: en (English) or nb (Norsk bokmål); default: the "
                "environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."
            ),
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help=_("Print the version and which build runs (compiled (mypyc) or pure Python)."),
        ),
    ] = False,
) -> None:
    pass


def friendly(fn: Callable[P, R]) -> Callable[P, R]:
    """Report kaboom's errors as one line (never a traceback) and exit with status 2."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except KaboomError as e:
            from rich.markup import escape

            said = _("[red]error:[/red] {message}").format(message=escape(str(e)))
            err().print(said, highlight=False)
            raise typer.Exit(2) from None

    return wrapper


OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=_("A game option NAME=VALUE (repeatable).")),
]


@app.command(
    help=_("List the games and their options."),
)
@friendly
def games() -> None:
    from rich.table import Table

    from kaboom.engine.registry import list_games

    table = Table(title=_("Games"), caption=_("set an option with -o NAME=VALUE"))
    table.add_column(_("id"), no_wrap=True)
    table.add_column(_("name"))
    table.add_column(_("players"), no_wrap=True)
    table.add_column(_("options (default)"), no_wrap=True)
    for spec in list_games():
        opts = "\n".join(f"{o.name}={shown(o.default)}" for o in spec.options) or "-"
        table.add_row(spec.game_id, _(spec.name), f"{spec.min_players}-{spec.max_players}", opts)
    out().print(table)


def shown(value: object) -> str:
    """An option's value as it is typed after ``-o NAME=``: ``true``, ``500``, ``''``."""
    if isinstance(value, bool):
        return str(value).lower()
    return "''" if value == "" else str(value)


@app.command(
    help=_(
        "Play at the terminal table against bots (or friends, --hotseat), or at a seat of a "
        "server table (--join)."
    ),
)
@friendly
def play(
    game: Annotated[str | None, typer.Argument(help=_("Game id (omitted: a picker)."))] = None,
    players: Annotated[int | None, typer.Option(help=_("Number of players (default 4)."))] = None,
    bots: Annotated[
        str | None,
        typer.Option(help=_("Bot specs for the bot seats, comma-separated (one: all; ismcts).")),
    ] = None,
    level: Annotated[str, typer.Option(help=_("Level of ismcts bots: easy, medium, hard."))] = (
        "medium"
    ),
    hotseat: Annotated[
        bool,
        typer.Option("--hotseat", help=_("Several people on this device (seats before bots).")),
    ] = False,
    humans: Annotated[
        int | None, typer.Option(help=_("People at the table (hot-seat: 2)."))
    ] = None,
    seed: Annotated[int | None, typer.Option(help=_("Seed of the deal and the bots."))] = None,
    resume: Annotated[
        Path | None, typer.Option(help=_("Resume a game saved with the s key."))
    ] = None,
    log: Annotated[
        Path | None, typer.Option(help=_("Where the game log is written at the end."))
    ] = (None),
    pace: Annotated[
        str | None,
        typer.Option(
            help=_(
                "fast, normal or relaxed: the window clock and bot delay (remembered; "
                "a newcomer's: normal)."
            )
        ),
    ] = None,
    delay: Annotated[
        float | None, typer.Option(help=_("Seconds between bot moves (default: the pace's)."))
    ] = None,
    react: Annotated[
        float | None,
        typer.Option(
            help=_(
                "Seconds a Nope window stays open, the seconds left shown (0: until you "
                "press n or p, or at once when you hold no Nope; default: the pace's)."
            )
        ),
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints",
            help=_(
                "Hot-seat: allow hints (i: the best choices now) for everyone, told to all "
                "at the start (against bots they are always allowed)."
            ),
        ),
    ] = False,
    option: OptionArg = None,
    join: Annotated[
        str | None,
        typer.Option(help=_("Join a server table: http://HOST:PORT/tables/ID[?invite=CODE].")),
    ] = None,
    name: Annotated[str, typer.Option(help=_("Your name at a server table (--join)."))] = "player",
    token: Annotated[
        str | None, typer.Option(help=_("Your seat's token at a server table: take it back."))
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help=_("With --join: watch as a spectator."))
    ] = False,
    start: Annotated[
        bool, typer.Option("--start", help=_("With --join: start the table once seated."))
    ] = False,
    user: Annotated[
        str | None,
        typer.Option(
            help=_(
                "With --join: sign in to this account of the server (the password is asked "
                "without echo), so the seat follows you to another device."
            )
        ),
    ] = None,
) -> None:
    if join is not None:
        _join(join, name, token, watch, start, user)
        return
    from kaboom.tui.cli import launch, table_app, table_args

    args = table_args(game, players, bots, level, hotseat, humans, seed, parse_options(option))
    launch(table_app(args, resume, log, delay, react, pace, hints))


def _join(
    url: str, name: str, token: str | None, watch: bool, start: bool, user: str | None = None
) -> None:
    import asyncio
    import getpass

    try:
        from kaboom.cli.join import JoinApp, RemoteSession, join_seat
        from kaboom.server.client import LobbyRefused
    except ImportError as e:
        needs = _("the server extra: pip install -e '.[server]' ({error})").format(error=e)
        raise BadInput("--join", needs) from None
    # issue 35: --user signs in first (the password asked without echo)
    account = (
        None
        if user is None
        else (user, getpass.getpass(_("password for {user}: ").format(user=user)))
    )
    try:
        base, table, seat_token, invite = asyncio.run(
            join_seat(url, "" if watch else name, token, None, start, account)
        )
    except LobbyRefused as e:
        raise BadInput(url, e.detail) from None
    except OSError as e:
        raise BadInput(url, _("a running kaboom server ({error})").format(error=e)) from None
    app = JoinApp(RemoteSession(base, table, seat_token, invite), start)
    app.run()
    session = app.remote  # (the last table played: a plays the next one)
    if session.token is not None:
        said = _("your seat's token (come back with --token): {token}").format(token=session.token)
        err().print(said, highlight=False)


@app.command(
    help=_(
        "Watch a seeded game between bots, move by move, told as a story with every private detail."
    ),
)
@friendly
def watch(
    game: Annotated[str, typer.Argument(help=_("Game id."))] = "exploding-kittens",
    players: Annotated[int, typer.Option(help=_("Number of players."))] = 4,
    seed: Annotated[int, typer.Option(help=_("Seed of the deal and the bots."))] = 2026,
    bots: Annotated[
        str, typer.Option(help=_("Bot per seat, comma-separated (one: every seat)."))
    ] = "heuristic",
    delay: Annotated[
        float, typer.Option(help=_("Seconds between moves (0: the whole game at once)."))
    ] = 0.6,
    option: OptionArg = None,
) -> None:
    import random
    import time

    from kaboom.bots.make import make_bot
    from kaboom.engine.registry import get_game, new_game
    from kaboom.sim.simulate import bot_list
    from kaboom.sim.story import tell

    if delay < 0:
        raise BadInput("--delay", _("seconds, 0 or more, got {delay}").format(delay=delay))
    names = bot_list(bots, players)
    state = new_game(game, players, seed, **parse_options(option))
    rng = random.Random(seed)
    seated = [make_bot(name, rng.getrandbits(63), game) for name in names]
    title = _("{game}: {players} players, seed {seed}")
    out().rule(title.format(game=_(get_game(game).name), players=players, seed=seed))
    moves = 0

    def say(lines: list[str]) -> None:
        nonlocal moves
        if moves and delay:
            time.sleep(delay)
        moves += 1
        for line in lines:
            out().print(line, highlight=False, soft_wrap=True, markup=False)

    tell(state, seated, say)
    won = state.winners
    out().rule(_("Winner: P{seat}").format(seat=won[0]) if won else _("No winner"))


@app.command(
    help=_("Play many games between bots; win rate per seat with 95% intervals, mean lengths."),
)
@friendly
def simulate(
    game: Annotated[str, typer.Argument(help=_("Game id."))],
    players: Annotated[int, typer.Option(help=_("Number of players."))] = 4,
    games: Annotated[int, typer.Option("--games", help=_("Number of games."))] = 1000,
    seed: Annotated[int, typer.Option(help=_("Master seed."))] = 0,
    bots: Annotated[str, typer.Option(help=_("Bot per seat, comma-separated."))] = "random",
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the figures as JSON."))] = False,
    option: OptionArg = None,
    backend: BackendArg = "local",
    workers: WorkersArg = None,
    address: AddressArg = None,
) -> None:
    from kaboom.engine.registry import get_game
    from kaboom.sim.simulate import bot_list
    from kaboom.sim.simulate import simulate as run

    if games < 1:
        raise BadInput("--games", _("a positive number of games"))
    get_game(game).check_players(players)
    names = bot_list(bots, players)
    options = parse_options(option)
    runner = backend_of(backend, workers, address)
    with progress_bar(_("simulating"), "games", games, quiet=as_json) as advance:
        report = run(game, players, games, seed, names, options, advance, runner)
    figures = report.to_json()
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    from rich.table import Table

    scored = "mean_score" in figures["seats"][0]
    title = _("{game}: {players} players, {games} games, seed {seed}")
    table = Table(title=title.format(game=game, players=players, games=games, seed=seed))
    cols = (_("seat"), _("bot"), _("wins"), _("win rate"), _("95% CI"))
    for i, col in enumerate((*cols, *([_("mean score")] if scored else []))):
        table.add_column(col, justify="right" if i != 1 else "left")
    for row in figures["seats"]:
        lo, hi = row["ci95"]
        table.add_row(
            str(row["seat"]),
            row["bot"],
            str(row["wins"]),
            f"{row['win_rate']:.1%}",
            f"{lo:.1%} - {hi:.1%}",
            *([f"{row['mean_score']:.1f}"] if scored else []),
        )
    out().print(table)
    if "teams" in figures:
        teams = Table(title=_("teams"))
        for col in (_("team"), _("seats"), _("wins"), _("win rate"), _("95% CI")):
            teams.add_column(col, justify="right")
        for row in figures["teams"]:
            lo, hi = row["ci95"]
            seats = ", ".join(map(str, row["seats"]))
            teams.add_row(str(row["team"]), seats, str(row["wins"]), f"{row['win_rate']:.1%}",
                          f"{lo:.1%} - {hi:.1%}")  # fmt: skip
        out().print(teams)
    out().print(_("mean turns per game: {n}").format(n=f"{figures['mean_turns']:.1f}"))
    out().print(_("mean decisions per game: {n}").format(n=f"{figures['mean_decisions']:.1f}"))


#: A bot's win rate against the even share, as ``kaboom tournament`` says it (the JSON's
#: ``verdict``, said in the person's language).
VERDICTS = {"above": N_("above"), "below": N_("below"), "even": N_("even")}


@app.command(
    help=_("Bots against each other, seats rotated: win rates with 95% intervals and ratings."),
)
@friendly
def tournament(
    game: Annotated[str, typer.Argument(help=_("Game id."))],
    players: Annotated[int, typer.Option(help=_("Number of players."))] = 2,
    bots: Annotated[str, typer.Option(help=_("Entrants, comma-separated bot specs."))] = (
        "random,heuristic"
    ),
    games: Annotated[int, typer.Option("--games", help=_("Number of games."))] = 200,
    workers: WorkersArg = None,
    seed: Annotated[int, typer.Option(help=_("Master seed."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the figures as JSON."))] = False,
    plot: Annotated[Path | None, typer.Option(help=_("Draw a rating chart to this PNG."))] = None,
    option: OptionArg = None,
    backend: BackendArg = "local",
    address: AddressArg = None,
) -> None:
    from kaboom.sim.tournament import plot as draw
    from kaboom.sim.tournament import tournament as run

    entrants = [b.strip() for b in bots.split(",") if b.strip()]
    if not entrants:
        raise BadInput("--bots", _("at least one bot spec"))
    if games < 1 or (workers is not None and workers < 1):
        raise BadInput("--games/--workers", _("positive numbers"))
    with progress_bar(_("tournament"), "games", games, quiet=as_json) as advance:
        runner = backend_of(backend, workers, address)
        report = run(game, players, entrants, games, seed, runner.workers,
                     parse_options(option), advance, runner)  # fmt: skip
    if plot is not None:
        try:
            draw(report, str(plot))
        except ImportError:
            raise BadInput("--plot", _("matplotlib: pip install -e '.[plot]'")) from None
    figures = report.to_json()
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    from rich import box
    from rich.table import Table

    table = Table(
        title=_("{game}: {players} players, {games} games, seed {seed}").format(
            game=game, players=players, games=games, seed=seed
        ),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
        caption=_(
            "rating: OpenSkill μ ± 2σ, as the --plot chart draws it (--json: mu, sigma, "
            "and the cautious μ − 3σ as rating)"
        ),
    )
    table.add_column(_("bot"), no_wrap=True)
    for col in (_("seat-games"), _("wins"), _("win %"), _("95% CI"), _("vs even"), _("rating")):
        table.add_column(col, justify="right", no_wrap=True)
    for row in figures["bots"]:
        lo, hi = row["ci95"]
        verdict = _(VERDICTS.get(row["verdict"], row["verdict"]))
        table.add_row(row["bot"], str(row["seat_games"]), str(row["wins"]),
                      f"{row['win_rate']:.1%}", f"{lo:.0%}-{hi:.0%}", verdict,
                      f"{row['mu']:.1f}±{2 * row['sigma']:.1f}")  # fmt: skip
    out().print(table)
    out().print(_("even share {share}; mean decisions per game {n}").format(
        share=f"{1 / players:.1%}", n=f"{figures['mean_decisions']:.1f}"))  # fmt: skip
    if plot is not None:
        out().print(_("rating chart: {path}").format(path=plot))


app.command("experiment", help=EXPERIMENT_HELP)(friendly(lab_experiment))


@scenario_app.command(
    "run",
    help=_("Run scenario files; exit non-zero if any expectation fails or a file is malformed."),
)
@friendly
def scenario_run(
    files: Annotated[list[Path], typer.Argument(help=_("Scenario JSON files."))],
) -> None:
    from rich.markup import escape

    from kaboom.engine.scenario import run_file

    failed = broken = 0
    for path in files:
        try:
            result = run_file(path)
        except BadInput as e:
            broken += 1
            said = _("[red]ERROR[/red] {message}").format(message=escape(str(e)))
            err().print(said, highlight=False)
            continue
        if result.ok:
            passed_line = _("[green]PASS[/green] {scenario}").format(
                scenario=escape(f"{path}: {result.name}")
            )
            out().print(passed_line, highlight=False, soft_wrap=True)
        else:
            failed += 1
            failed_line = _("[red]FAIL[/red] {scenario}").format(
                scenario=escape(f"{path}: {result.name}")
            )
            out().print(failed_line, highlight=False, soft_wrap=True)
            for failure in result.failures:
                out().print(f"     {failure}", highlight=False, soft_wrap=True, markup=False)
    passed = len(files) - failed - broken
    tally = _("{passed} passed, {failed} failed").format(passed=passed, failed=failed)
    if broken:
        tally = _("{passed} passed, {failed} failed, {broken} malformed").format(
            passed=passed, failed=failed, broken=broken
        )
    out().print(tally)
    if failed or broken:
        raise typer.Exit(1)


@app.command(
    help=_("Random-playout games and decisions per CPU second, against OpenSpiel's crazy_eights."),
)
@friendly
def bench(
    games: Annotated[
        list[str] | None, typer.Argument(help=_("Game ids (default: every registered game)."))
    ] = None,
    seconds: Annotated[float, typer.Option(help=_("CPU seconds per measurement."))] = 2.0,
    players: Annotated[
        list[int] | None, typer.Option("--players", help=_("Player counts (repeatable)."))
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the figures as JSON."))] = False,
    ismcts: Annotated[
        bool, typer.Option("--ismcts", help=_("Measure ISMCTS instead (medium level, 4 players)."))
    ] = False,
) -> None:
    from kaboom import build_kind
    from kaboom.engine.registry import list_games
    from kaboom.sim.bench import ismcts_speed, run_bench

    if not as_json:
        out().print(version_line(), highlight=False)
    if ismcts:
        for game in games or ["exploding-kittens"]:
            figures = ismcts_speed(game, (players or [4])[0])
            if as_json:
                print(json.dumps({**figures, "build": build_kind()}))
            else:
                out().print(
                    _(
                        "{game} {players}p ISMCTS {level}: {speed} iterations/s, {seconds} s "
                        "per decision ({iterations} iterations) over {decisions} decisions"
                    ).format(
                        game=game,
                        players=figures["players"],
                        level=figures["level"],
                        speed=f"{figures['iterations_per_s']:,.0f}",
                        seconds=f"{figures['seconds_per_decision']:.2f}",
                        iterations=f"{figures['iterations_per_decision']:.0f}",
                        decisions=figures["decisions"],
                    ),
                    highlight=False,
                )
        return

    chosen = tuple(games or [spec.game_id for spec in list_games()])
    ours, ref = run_bench(chosen, seconds, players=tuple(players) if players else None)
    if as_json:
        print(json.dumps({"ours": [t.to_json() for t in ours], "build": build_kind(),
                          "reference": ref.to_json() if ref else None}, indent=2))  # fmt: skip
        return
    from rich.table import Table

    table = Table(title=_("Random playouts on one core (CPU time)"))
    for i, col in enumerate((_("run"), _("games/s"), _("decisions/s"), _("ratio to reference"))):
        table.add_column(col, justify="right" if i else "left")
    for t in [*ours, *([ref] if ref else [])]:
        ratio = f"{t.ratio:.2f}" if t.ratio is not None else "-"
        table.add_row(t.label, f"{t.games_per_s:,.0f}", f"{t.decisions_per_s:,.0f}", ratio)
    out().print(table)
    if ref is None:
        out().print(
            _(
                "reference missing: OpenSpiel is not installed "
                "(pip install -e '.[bench]' adds it); ours are printed alone"
            )
        )


@app.command(
    help=_(
        "Step through a game (n/p: next/previous, q: quit): a finished one with every hand "
        "revealed, an unfinished save only as the seat that saved it saw it."
    ),
)
@friendly
def replay(
    file: Annotated[Path, typer.Argument(help=_("A game log (or save) written by kaboom play."))],
    step: Annotated[
        int, typer.Option(help=_("The step to open at (0: the deal; kaboom review names them)."))
    ] = 0,
) -> None:
    from kaboom.tui.app import ReplayApp
    from kaboom.tui.save import replay as read

    ReplayApp(read(file), step).run()


@app.command(
    help=_(
        "Review your decisions in a game: each one's chance of winning and the best choice's, "
        "searched from what your seat knew then; mistakes marked, the curve of the game, and "
        "the replay's step of each mistake."
    ),
)
@friendly
def review(
    file: Annotated[Path, typer.Argument(help=_("A game log (or save) written by kaboom play."))],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help=_("A seat to review (repeatable; default: the people's).")),
    ] = None,
    playouts: Annotated[
        int | None, typer.Option(help=_("Rounds searched a decision (default 400)."))
    ] = None,
    seed: Annotated[int, typer.Option(help=_("Seed of the search."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the review as JSON."))] = False,
    plot: Annotated[
        Path | None, typer.Option(help=_("Draw the curve of the chance of winning to this SVG."))
    ] = None,
) -> None:
    from kaboom.sim.review import curve_svg
    from kaboom.tui import save
    from kaboom.tui.review import (
        REVIEW_PLAYOUTS,
        Asked,
        plot_paths,
        report_lines,
        run_review,
        steps_of,
    )

    budget = REVIEW_PLAYOUTS if playouts is None else playouts
    asked = Asked(file, tuple(seat or ()), budget, seed)
    if plot is not None:
        save.check_writable(plot, "--plot")
    total = steps_of(file)
    with progress_bar(_("reviewing"), "steps", total, quiet=as_json) as advance:
        done = 0

        def told(step: int) -> None:
            nonlocal done
            advance(step - done)
            done = step

        result = run_review(asked, told)
    written = []
    if plot is not None:
        for q, path in plot_paths(plot, result.seats).items():
            try:
                path.write_text(curve_svg(result, q), encoding="utf-8")
            except OSError as e:
                raise BadInput(
                    "--plot",
                    _("a file kaboom may write; {path}: {error}").format(
                        path=path, error=e.strerror or e
                    ),
                ) from None
            written.append(path)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    for line in report_lines(result, file):
        out().print(line, highlight=False, soft_wrap=True)
    for path in written:
        out().print(_("curve: {path}").format(path=path), highlight=False, markup=False)


@app.command(
    help=_("Learn a game: an interactive lesson that walks you through every card and rule."),
)
@friendly
def learn(
    game: Annotated[
        str | None, typer.Argument(help=_("Game id (omitted: the list of lessons)."))
    ] = None,
    file: Annotated[
        Path | None, typer.Option("--file", help=_("A lesson file of your own (docs/lessons.md)."))
    ] = None,
) -> None:
    from kaboom.engine.lesson import available, built_in, load
    from kaboom.tui.lesson import play as play_lesson

    if file is not None:
        lesson = load(file)
    elif game is not None:
        lesson = built_in(game)
    else:
        from rich.table import Table

        table = Table(title=_("Lessons"), caption=_("kaboom learn GAME starts one"))
        table.add_column(_("game"), no_wrap=True)
        table.add_column(_("lesson"))
        for game_id, title in available():
            table.add_row(game_id, title)
        out().print(table)
        return
    play_lesson(lesson, out(), input)


@app.command(
    help=_(
        "Run the game server: the lobby over HTTP, play over WebSockets (docs/protocol.md), "
        'and the browser table at / (README, "Play in a browser").'
    ),
)
@friendly
def serve(
    host: Annotated[str, typer.Option(help=_("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_("Port to listen on."))] = 8000,
    db: Annotated[
        str,
        typer.Option(help=_("Database: a SQLite file (default) or postgresql://USER@HOST/DB.")),
    ] = "sqlite:///kaboom-server.db",
    origin: Annotated[
        list[str] | None,
        typer.Option("--origin", help=_("Another Origin a browser may connect from (repeatable).")),
    ] = None,
    idle: Annotated[
        float, typer.Option(help=_("Seconds without activity before a table ends."))
    ] = (3600.0),
    msg_rate: Annotated[
        float, typer.Option(help=_("WebSocket messages per second per client (0: no limit)."))
    ] = 20.0,
    http_rate: Annotated[
        float, typer.Option(help=_("HTTP requests per second per address (0: no limit)."))
    ] = 20.0,
    client_sockets: Annotated[
        int, typer.Option(help=_("Open WebSockets per client address (0: no limit)."))
    ] = 32,
    client_tables: Annotated[
        int,
        typer.Option(
            help=_("Live tables (open or playing) one client address may create (0: no limit).")
        ),
    ] = 8,
    client_msg_rate: Annotated[
        float,
        typer.Option(
            help=_(
                "WebSocket messages per second per client address, over all its sockets "
                "(burst 200; 0: no limit)."
            )
        ),
    ] = 50.0,
    trusted: Annotated[
        bool,
        typer.Option(
            "--trusted",
            help=_(
                "A private server: no limits per client address (sockets, tables, messages, "
                "HTTP requests)."
            ),
        ),
    ] = False,
    max_iterations: Annotated[
        int, typer.Option(help=_("A table's search bots: most iterations a decision."))
    ] = 5000,
    max_seconds: Annotated[
        float, typer.Option(help=_("A table's search bots: most seconds a decision."))
    ] = 5.0,
    max_search_seats: Annotated[
        int, typer.Option(help=_("Most seats of a table a search bot (ismcts) may play."))
    ] = 4,
    max_clock: Annotated[
        float, typer.Option(help=_("Longest clock a table may ask (seconds a decision)."))
    ] = 3600.0,
    max_window: Annotated[
        float, typer.Option(help=_("Longest reaction window a table may ask (seconds)."))
    ] = 60.0,
    max_bot_delay: Annotated[
        float, typer.Option(help=_("Longest bot delay a table may ask (seconds a move)."))
    ] = 10.0,
    bot_processes: Annotated[
        int, typer.Option(help=_("Worker processes for the search bots (at a lower priority)."))
    ] = 2,
    hint_seconds: Annotated[
        float, typer.Option(help=_("Longest search of a hint at a table (seconds; issue 32)."))
    ] = 2.0,
    review_seconds: Annotated[
        float,
        typer.Option(help=_("Longest search of a finished game's review (seconds; issue 32).")),
    ] = 20.0,
    log_level: Annotated[str, typer.Option(help=_("uvicorn's log level."))] = "info",
    ws_compression: Annotated[
        bool,
        typer.Option(
            help=_(
                "Offer WebSocket compression (permessage-deflate): less to send on a slow "
                "link, more CPU per message at both ends (off: README, Load)."
            )
        ),
    ] = False,
) -> None:
    try:
        from kaboom.server.config import ServerConfig
        from kaboom.server.run import serve as run
        from kaboom.web.app import create_app as with_pages  # the browser table at /
    except ImportError as e:
        needs = _("the server extra: pip install -e '.[server]' ({error})").format(error=e)
        raise BadInput("serve", needs) from None
    if not 0 < port < 65536:
        raise BadInput("--port", _("a port in 1..65535, got {port}").format(port=port))
    for flag, seconds in (("--hint-seconds", hint_seconds), ("--review-seconds", review_seconds)):
        if not seconds > 0:
            raise BadInput(
                flag,
                _("a positive number of seconds, got {seconds}").format(seconds=f"{seconds:g}"),
            )
    config = ServerConfig(
        db=db,
        origins=tuple(origin or ()),
        idle=idle,
        msg_rate=msg_rate,
        http_rate=http_rate,
        client_sockets=client_sockets,
        client_tables=client_tables,
        client_msg_rate=client_msg_rate,
        trusted=trusted,
        max_iterations=max_iterations,
        max_seconds=max_seconds,
        max_search_seats=max_search_seats,
        max_clock=max_clock,
        max_window=max_window,
        max_bot_delay=max_bot_delay,
        bot_processes=bot_processes,
        hint_seconds=hint_seconds,
        review_seconds=review_seconds,
        ws_compression=ws_compression,
    )
    run(host, port, config, log_level, with_pages)


@app.command(
    help=_("Play a seat of a server table with a bot, over the same protocol as people."),
)
@friendly
def connect(
    url: Annotated[
        str, typer.Argument(help=_("The table: http://HOST:PORT/tables/ID[?invite=C]."))
    ],
    bot: Annotated[str, typer.Option(help=_("The bot that plays the seat."))] = "heuristic",
    name: Annotated[str, typer.Option(help=_("The seat's name."))] = "bot",
    token: Annotated[
        str | None, typer.Option(help=_("A seat token (play that seat) instead of joining."))
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help=_("The seat to join (default: the first free)."))
    ] = None,
    start: Annotated[bool, typer.Option("--start", help=_("Start the table once seated."))] = False,
) -> None:
    import asyncio

    from kaboom.bots.make import make_bot
    from kaboom.server.client import LobbyRefused, connect_bot

    make_bot(bot, 0)  # a bad spec stops here
    try:
        over = asyncio.run(connect_bot(url, bot, name, token, seat, start, log=out().print))
    except LobbyRefused as e:
        raise BadInput(url, e.detail) from None
    except OSError as e:
        raise BadInput(url, _("a running kaboom server ({error})").format(error=e)) from None
    out().print(_("winners: {winners}").format(winners=over["winners"]))


# kaboom train (the rl extra, docs/rl.md): its own module, reading -o as every command does.
from kaboom.cli.train import TRAIN_HELP  # noqa: E402
from kaboom.cli.train import command as train_command  # noqa: E402

app.command(name="train", help=TRAIN_HELP)(friendly(train_command(parse_options)))


def unwrapped(doc: str) -> str:
    r"""A docstring as help text: each paragraph on one line, so the terminal's width wraps
    it (Typer keeps a docstring's line breaks in the list of commands).

    >>> unwrapped("Play at the table, or at a seat of a\n    server table.\n\nMore.")
    'Play at the table, or at a seat of a server table.\n\nMore.'
    """
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


def _help_that_wraps(*apps: typer.Typer) -> None:
    """Every command's help from its docstring, unwrapped (``unwrapped``)."""
    for typer_app in apps:
        for command in typer_app.registered_commands:
            doc = inspect.getdoc(command.callback) if command.callback else None
            if command.help is None and doc:
                command.help = unwrapped(doc)


for _name, _fn in (
    ("list", accounts_cli.list_accounts),
    ("rename", accounts_cli.rename),
    ("reset-password", accounts_cli.reset_password),
    ("remove", accounts_cli.remove),
):
    _said = accounts_cli.HELP[_name]
    accounts_cli.app.command(name=_name, help=_said)(friendly(_fn))

# kaboom ladder (issue 35): the server's ratings, for its operator.
from kaboom.cli import ladder as ladder_cli  # noqa: E402

app.add_typer(ladder_cli.app, name="ladder")
_help_that_wraps(app, scenario_app, accounts_cli.app, ladder_cli.app)


def main() -> None:
    """Console-script entry point: the language of the run first (``--lang``, else the
    environment's: every help text is said in it), then the app built with only the command
    asked for."""
    wanted, args = asked(sys.argv[1:])
    lang = chosen(wanted, os.environ)
    if lang is None:  # (refused in the environment's language)
        with use_language(from_environment(os.environ)):
            print(refusal(str(wanted)), file=sys.stderr)
        raise SystemExit(2)
    set_language(lang)
    only_command(app, args)(args, prog_name="kaboom")


if __name__ == "__main__":
    main()

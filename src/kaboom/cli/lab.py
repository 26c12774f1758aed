"""``kaboom experiment`` (the balance lab, docs/experiments.md) and the backend options that
``simulate``, ``tournament`` and ``experiment`` share (``--backend``, ``--workers``,
``--address``, docs/scale.md). ``cli/main.py`` registers the command."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from kaboom.cli.console import out, progress_bar
from kaboom.engine.errors import BadInput
from kaboom.engine.jsonvalue import JsonObject, JsonValue
from kaboom.i18n import N_, _
from kaboom.sim.backend import Backend

BackendArg = Annotated[
    str,
    typer.Option("--backend", help=_("Where games run: local or ray (docs/scale.md).")),
]
WorkersArg = Annotated[
    int | None,
    typer.Option(help=_("Worker processes (local: 1 by default; ray: this machine's CPUs).")),
]
AddressArg = Annotated[
    str | None,
    typer.Option(help=_("With --backend ray: the cluster's address (default: a local Ray).")),
]

#: ``kaboom experiment``'s help (``cli/main.py`` registers the command with it).
EXPERIMENT_HELP = N_(
    "Vary options, deck files or players over values: per cell the seats' and bots' win "
    "rates, game length and how games end, with 95% intervals (docs/experiments.md)."
)


def backend_of(kind: str, workers: int | None, address: str | None) -> Backend:
    """The backend the options name; bad values raise ``BadInput`` naming the option."""
    if workers is None:
        workers = (os.cpu_count() or 1) if kind == "ray" else 1
    return Backend(kind, workers, address)


def parse_options(pairs: list[str] | None) -> JsonObject:
    """``--option fast=true --option first=2`` → ``{"fast": True, "first": 2}``."""
    options: JsonObject = {}
    for pair in pairs or []:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise BadInput("--option", _("NAME=VALUE, got {value}").format(value=repr(pair)))
        options[name] = option_value(raw)
    return options


def option_value(raw: str) -> JsonValue:
    """A value as typed after ``-o NAME=``: JSON where it parses (``true``, ``2``), else the
    text itself (``classic``, ``house.toml``)."""
    try:
        value: JsonValue = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    return value


def parse_axis(text: str) -> tuple[str, tuple[JsonValue, ...]]:
    """``attack=2025,classic`` → ``("attack", ("2025", "classic"))``.

    >>> parse_axis("players=2,3")
    ('players', (2, 3))
    """
    name, sep, raw = text.partition("=")
    if not sep or not name.strip() or not raw.strip():
        raise BadInput("--vary", _("NAME=V1,V2,..., got {value}").format(value=repr(text)))
    return name.strip(), tuple(option_value(v.strip()) for v in raw.split(",") if v.strip())


def experiment(
    game: Annotated[str, typer.Argument(help=_("Game id."))],
    vary: Annotated[
        list[str],
        typer.Option(
            help=_("NAME=V1,V2,...: an option, deck=FILE1,FILE2 or players=2,3 (repeatable).")
        ),
    ],
    players: Annotated[int, typer.Option(help=_("Players, unless varied."))] = 4,
    bots: Annotated[
        str, typer.Option(help=_("Bot per seat, comma-separated (one: every seat)."))
    ] = ("random"),
    games: Annotated[int, typer.Option("--games", help=_("Games per cell."))] = 500,
    seed: Annotated[int, typer.Option(help=_("Master seed (every cell plays from it)."))] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=_("A fixed game option NAME=VALUE (repeatable).")),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the figures as JSON."))] = False,
    csv_path: Annotated[
        Path | None, typer.Option("--csv", help=_("Write the figures as CSV."))
    ] = None,
    plot: Annotated[Path | None, typer.Option(help=_("Draw the figures to this PNG."))] = None,
    backend: BackendArg = "local",
    workers: WorkersArg = None,
    address: AddressArg = None,
) -> None:
    from kaboom.sim.experiment import Axis, Grid, run_experiment, to_csv
    from kaboom.sim.experiment import plot as draw

    fixed = parse_options(option)
    axes = tuple(Axis(*parse_axis(text)) for text in vary)
    grid = Grid(game, players, axes, bots, games, seed, tuple(sorted(fixed.items())))
    grid.check()
    runner = backend_of(backend, workers, address)
    for path, what in ((csv_path, "--csv"), (plot, "--plot")):
        if path is not None and not path.parent.is_dir():
            folder = repr(str(path.parent))
            said = _("a file in an existing folder; {folder} is not one").format(folder=folder)
            raise BadInput(what, said)
    total = games * len(grid.cells())
    with progress_bar(_("experiment"), "games", total, quiet=as_json) as advance:
        result = run_experiment(grid, runner, advance)
    if csv_path is not None:
        csv_path.write_text(to_csv(result), encoding="utf-8")
    if plot is not None:
        try:
            draw(result, str(plot))
        except ImportError:
            raise BadInput("--plot", _("matplotlib: pip install -e '.[plot]'")) from None
    if as_json:
        print(json.dumps(result, indent=2))
        return
    show(result)
    for path, what in ((csv_path, _("CSV: {path}")), (plot, _("plot: {path}"))):
        if path is not None:
            out().print(what.format(path=path), highlight=False)


def show(result: dict[str, Any]) -> None:
    """The table: a row per cell; win rates as percentages with their 95% intervals."""
    from rich.table import Table

    from kaboom.sim.experiment import cell_label

    table = Table(
        title=_("{game}: {games} games per cell, bots {bots}, seed {seed}").format(
            game=result["game"], games=result["games_per_cell"], bots=result["bots"],
            seed=result["seed"],
        ),
        caption=_("win rate % (95% CI); turns: mean (95% CI)"),
    )  # fmt: skip
    table.add_column(_("cell"), no_wrap=True)
    for col in (_("seats"), _("bots"), _("turns"), _("decisions"), _("endings")):
        table.add_column(col)
    for c in result["cells"]:
        seats = "\n".join(f"{s['seat']}: {_rate(s)}" for s in c["seats"])
        bots = "\n".join(f"{b['bot']}: {_rate(b)}" for b in c["bots"])
        endings = "\n".join(f"{k}: {_rate(e, 'share')}" for k, e in c["endings"].items())
        table.add_row(cell_label(c["cell"]), seats, bots, _mean(c["turns"]),
                      _mean(c["decisions"]), endings)  # fmt: skip
    out().print(table)


def _rate(row: dict[str, Any], key: str = "win_rate") -> str:
    lo, hi = row["ci95"]
    return f"{row[key]:.1%} ({lo:.0%}-{hi:.0%})".replace("%-", "-")


def _mean(figure: dict[str, Any]) -> str:
    lo, hi = figure["ci95"]
    return f"{figure['mean']:.1f} ({lo:.1f}-{hi:.1f})"

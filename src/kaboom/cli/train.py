"""``kaboom train``: a MaskablePPO agent for a game (the ``rl`` extra, ``docs/rl.md``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from kaboom.cli.console import out as stdout
from kaboom.cli.console import progress_bar
from kaboom.engine.errors import BadInput
from kaboom.engine.jsonvalue import JsonObject
from kaboom.i18n import N_, _

#: ``kaboom train``'s help (``cli/main.py`` registers the command with it).
TRAIN_HELP = N_("Train a MaskablePPO agent against bots; it then plays as the bot ppo:path=FILE.")


def command(parse_options: Callable[[list[str] | None], JsonObject]) -> Callable[..., None]:
    """The ``train`` command, reading ``-o NAME=VALUE`` with the CLI's ``parse_options``."""

    def train(
        game: Annotated[str, typer.Argument(help=_("Game id."))],
        out: Annotated[Path, typer.Option("--out", help=_("The model file to write (.zip)."))],
        players: Annotated[int, typer.Option(help=_("Number of players."))] = 2,
        opponents: Annotated[
            str,
            typer.Option(help=_("Bot spec of the other seats (or one per seat, comma-separated).")),
        ] = "random",
        steps: Annotated[int, typer.Option(help=_("Agent decisions to train for."))] = 100_000,
        seed: Annotated[int, typer.Option(help=_("Seed of the training."))] = 0,
        teacher: Annotated[
            str | None,
            typer.Option(help=_("A bot spec whose own games the agent learns from first.")),
        ] = None,
        taught: Annotated[
            int, typer.Option(help=_("The teacher's decisions to learn from first."))
        ] = 200_000,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print the figures as JSON."))] = (
            False
        ),
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help=_("A game option NAME=VALUE (repeatable).")),
        ] = None,
    ) -> None:
        try:
            from kaboom.rl.train import train as run
        except ImportError as err:
            raise BadInput(
                "train",
                _("needs the rl extra: pip install 'kaboom[rl]' ({error})").format(error=err),
            ) from None
        with progress_bar(_("training"), "steps", steps, quiet=as_json) as advance:
            report = run(game, players, opponents, steps, str(out), seed,
                         parse_options(option), advance, teacher, taught)  # fmt: skip
        if as_json:
            print(json.dumps(report.to_json(), indent=2))
            return
        mean = _("n/a") if report.mean_reward is None else f"{report.mean_reward:+.3f}"
        said = _(
            "{path}: {steps} steps, {games} games, {seconds} CPU s; mean reward of the last "
            "100 games {mean}. Play it: --bots ppo:path={path}"
        ).format(
            path=report.path, steps=report.steps, games=report.episodes,
            seconds=f"{report.seconds:.0f}", mean=mean,
        )  # fmt: skip
        stdout().print(said, highlight=False)

    return train

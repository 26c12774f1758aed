"""What starting ``kaboom simulate`` costs: the modules it never imports, and the cheap
reading of plain option values (``kaboom.cli.group``) that keeps Pydantic out of it."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kaboom.cli.group import only_command, plain_int, plain_reader
from kaboom.cli.main import app

runner = CliRunner()

#: Imported by none of a ``simulate --json`` run: Typer's Pydantic readers, Rich (nothing is
#: drawn into a pipe), and the parts of kaboom a simulation has no use for.
NEVER_IMPORTED = (
    "pydantic", "typer._adapters", "rich", "kaboom.server", "kaboom.web", "kaboom.tui",
    "kaboom.rl", "kaboom.sim.experiment", "kaboom.sim.tournament", "fastapi", "sqlalchemy",
    "textual", "torch", "ray", "multiprocessing",
)  # fmt: skip

PROBE = """
import contextlib, io, json, sys
from kaboom.cli.main import main
sys.argv = ["kaboom", *sys.argv[1:]]
with contextlib.redirect_stdout(io.StringIO()) as printed:
    try:
        main()
    except SystemExit as e:
        assert not e.code, e.code
report = json.loads(printed.getvalue())
print(json.dumps({"games": report["games"], "modules": sorted(sys.modules)}))
"""


def modules_of(*args: str) -> tuple[dict[str, Any], list[str]]:
    """Run ``kaboom ARGS`` in a fresh interpreter (stderr a pipe, as in a script): its
    figures and the modules it imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    seen = json.loads(done.stdout)
    return seen, seen["modules"]


def imported(modules: list[str], package: str) -> list[str]:
    return [m for m in modules if m == package or m.startswith(package + ".")]


def test_simulate_json_imports_neither_pydantic_nor_rich_nor_the_server() -> None:
    args = ("simulate", "exploding-kittens", "--players", "4", "--games", "3", "--json")
    seen, modules = modules_of(*args, "-o", "fast=false", "--bots", "random")
    assert seen["games"] == 3
    assert "kaboom.sim.simulate" in modules  # the probe did run the command
    for package in NEVER_IMPORTED:
        assert not imported(modules, package), f"kaboom simulate --json imports {package}"


@pytest.mark.parametrize(
    "text", ["0", "12", "-3", "0012", "99999999999999999999", "1_000", " 4", "+4", "4.0", "²", ""]
)
def test_plain_ints_read_as_typers_reader_reads_them(text: str) -> None:
    from typer._adapters import build_adapter
    from typer.models import OptionInfo

    plain = plain_int(text)
    if plain is not None:  # the rest goes to Typer's reader itself
        assert plain == build_adapter(int, OptionInfo()).validate_python(text)
        assert type(plain) is int
    assert plain_int(7) == 7 and plain_int(True) is None


def test_only_plain_types_get_the_plain_reader() -> None:
    assert plain_reader(int) is not None and plain_reader(list[str]) is not None
    assert plain_reader(float) is None and plain_reader(list[float]) is None


def test_values_past_the_plain_reader_keep_typers_reading_and_its_refusals() -> None:
    args = ["simulate", "exploding-kittens", "--games", "1_0", "--json"]
    assert json.loads(runner.invoke(app, args).stdout)["games"] == 10
    refused = runner.invoke(app, ["simulate", "exploding-kittens", "--players", "four"])
    assert refused.exit_code == 2
    assert "Invalid value for '--players'" in refused.output
    assert "valid integer" in refused.output


def test_help_still_lists_every_command_with_its_help() -> None:
    shown = runner.invoke(app, ["--help"])
    assert shown.exit_code == 0
    for command, words in [
        ("simulate", "Play many games between bots"),
        ("serve", "Run the game server"),
        ("train", "Train a MaskablePPO agent"),
        ("experiment", "Vary options"),
        ("scenario", "Rule scenarios"),
    ]:
        assert command in shown.output and words in shown.output


def test_the_app_is_built_with_only_the_command_that_runs() -> None:
    built = typer.main.get_command(only_command(app, ["simulate", "exploding-kittens"]))
    assert list(built.commands) == ["simulate"]  # type: ignore[attr-defined]
    every = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert {"simulate", "serve", "train", "experiment", "scenario"} <= set(every)
    for args in ([], ["--help"], ["--version"], ["scenario", "run"], ["simulat"]):
        assert only_command(app, args) is app
    assert len(app.registered_commands) == 13  # cutting it down left the app whole


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--help"],
        ["simulate", "exploding-kittens", "--games", "3", "--seed", "2"],
        ["simulate", "exploding-kittens", "--players", "four"],
        ["experiment", "--help"],
        ["train", "--help"],
    ],
)
def test_the_command_alone_behaves_as_in_the_whole_app(args: list[str]) -> None:
    alone = runner.invoke(only_command(app, args), args, prog_name="kaboom")
    whole = runner.invoke(app, args, prog_name="kaboom")
    assert (alone.exit_code, alone.stdout) == (whole.exit_code, whole.stdout)
    if whole.exit_code:  # the refusal (a progress bar's clock may differ, not this)
        assert alone.stderr == whole.stderr

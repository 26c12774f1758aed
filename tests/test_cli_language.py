"""``kaboom --lang`` (docs/i18n.md): the language read before the app is built, so the help
of every command and option is said in it; the environment's otherwise; English unchanged;
an unknown language refused in one line naming those there are."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from typer.testing import CliRunner

from kaboom.cli.language import asked, chosen, refusal
from kaboom.cli.main import app
from kaboom.i18n import language, use_language

runner = CliRunner()


def kaboom(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``kaboom ARGS`` in a fresh interpreter, the locale variables only those given."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    clean.update({"COLUMNS": "240", "TERMINAL_WIDTH": "240", "NO_COLOR": "1", **env})
    return subprocess.run(
        [sys.executable, "-m", "kaboom.cli.main", *args],
        capture_output=True, text=True, env=clean, timeout=120,
    )  # fmt: skip


def test_lang_nb_before_the_command_says_the_help_in_norwegian() -> None:
    shown = kaboom("--lang", "nb", "--help")
    assert shown.returncode == 0, shown.stderr
    for words in (
        "Kommandoer",
        "Valg",
        "Vis spillene og valgene deres.",
        "Vis denne meldingen og avslutt.",
        "kaboom: det digitale bordet for Exploding Kittens-familien av spill.",
    ):
        assert words in shown.stdout
    assert "List the games and their options." not in shown.stdout


def test_the_environments_language_says_a_commands_help() -> None:
    shown = kaboom("play", "--help", LANG="nb_NO.UTF-8")
    assert shown.returncode == 0, shown.stderr
    assert "Spill ved terminalbordet mot boter" in shown.stdout
    assert "Antall spillere (standard 4)." in shown.stdout
    assert "[standard: medium]" in shown.stdout
    assert "Number of players" not in shown.stdout
    after = kaboom("simulate", "--lang", "nb", "--help", LANG="C.UTF-8")  # (after the command)
    assert "Antall spill." in after.stdout and "Hovedfrø." in after.stdout


def test_english_is_unchanged() -> None:
    shown = kaboom("--help", LANG="C.UTF-8")
    assert shown.returncode == 0
    assert "List the games and their options." in shown.stdout
    assert "Commands" in shown.stdout and "Kommandoer" not in shown.stdout
    play = kaboom("--lang", "en", "play", "--help", LANG="nb_NO.UTF-8")  # --lang wins
    assert "Number of players (default 4)." in play.stdout


def test_an_unknown_language_is_one_line_naming_the_languages() -> None:
    refused = kaboom("--lang", "xx", "play", "dynamitt")
    assert refused.returncode == 2
    assert refused.stderr == "error: --lang xx: kaboom speaks en (English), nb (Norsk bokmål)\n"
    assert kaboom("--lang", "xx", "--help", LANG="nb_NO.UTF-8").stderr.startswith("feil: --lang xx")


def test_a_refusal_of_a_command_is_said_in_norwegian_and_english_still_after() -> None:
    with use_language("nb"):
        refused = runner.invoke(app, ["simulate", "exploding-kittens", "--games", "0"])
    assert refused.exit_code == 2
    assert "feil: --games: et positivt antall spill" in refused.output
    english = runner.invoke(app, ["simulate", "exploding-kittens", "--games", "0"])
    assert "error: --games: a positive number of games" in english.output


def test_lang_through_the_app_itself_is_this_runs_alone() -> None:
    shown = runner.invoke(app, ["--lang", "nb", "--help"])
    assert shown.exit_code == 0 and "Kommandoer" in shown.output
    assert language() == "en"  # (the run's language ended with it)
    again = runner.invoke(app, ["--help"])
    assert "Commands" in again.output and "List the games" in again.output
    refused = runner.invoke(app, ["--lang", "xx", "games"])
    assert refused.exit_code == 2 and "en (English), nb (Norsk bokmål)" in refused.output


def test_reading_the_language_of_the_command_line() -> None:
    assert asked(["--lang", "nb", "play"]) == ("nb", ["play"])
    assert asked(["play", "--lang=en", "dynamitt"]) == ("en", ["play", "dynamitt"])
    assert asked(["play", "--", "--lang", "nb"]) == (None, ["play", "--", "--lang", "nb"])
    assert chosen(None, {"LANGUAGE": "de:nb", "LANG": "en_US.UTF-8"}) == "nb"
    assert chosen("en", {"LANG": "nb_NO.UTF-8"}) == "en"
    assert chosen("klingon", {}) is None
    with use_language("nb"):
        assert refusal("xx").startswith("feil: --lang xx: kaboom snakker en (English)")


def test_the_joined_tables_words_and_the_language_sent_to_the_server() -> None:
    from kaboom.cli.join import seat_line, seat_name
    from kaboom.server.client import ws_url

    bot: Any = {"seat": 1, "kind": "bot", "bot": "heuristic"}
    free: Any = {"seat": 2, "kind": "human", "name": "", "taken": False, "connected": False}
    mine: Any = {"seat": 0, "kind": "human", "name": "kim", "taken": True, "connected": True}
    anon: Any = {"seat": 0, "name": ""}
    with use_language("nb"):
        assert seat_line(bot, 0) == "P1  en bot (heuristic)"
        assert seat_line(free, 0) == "P2  ledig: for en person"
        assert seat_line(mine, 0) == "P0  kim (du)"
        assert seat_name(anon) == "en spiller (P0)"
    assert seat_line(mine, 0) == "P0  kim (you)"
    assert ws_url("http://127.0.0.1:8000", "nb") == "ws://127.0.0.1:8000/ws?lang=nb"
    assert ws_url("http://127.0.0.1:8000") == "ws://127.0.0.1:8000/ws"

"""The terminal table in the person's language (docs/i18n.md): the seat phrases' grammar per
language (``kaboom.tui.words``), the table's words and keys in Norwegian bokmål, English
unchanged, and every screen said in the pseudo-language with no English left outside its
brackets."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from i18n_support import untranslated
from kaboom.engine.registry import new_game
from kaboom.i18n import PSEUDO, SOURCE, pseudo, set_language, use_language
from kaboom.tui.app import KaboomApp, screen_text
from kaboom.tui.families import family_of
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import PassScreen, help_screen
from kaboom.tui.words import ordinal, place_in_pile, seat_name, tell, told_of, yours
from tui_pilot import at_the_end, my_move, settle, table_app

#: The five games, each with a table to play (players, options).
GAMES: dict[str, tuple[int, dict[str, object]]] = {
    "exploding-kittens": (3, {}),
    "exploding-minions": (3, {}),
    "dynamitt": (3, {}),
    "kittens-board-game": (3, {}),
    "eleminis": (4, {"teams": 2}),
}


#: The words of a command line the end of a game shows (``kaboom play dynamitt --players 3
#: --seed 5``): notation, the same in every language.
COMMAND_WORDS = frozenset({"play", "players", "seed", "teams", "option"})


@pytest.fixture
def speaking() -> Iterator[Callable[[str], None]]:
    """Sets the process's language as ``kaboom --lang`` does (before the app is built), and
    English again after the test."""
    yield set_language
    set_language(SOURCE)


def seated(game: str, tmp: Path, seed: int = 3) -> KaboomApp:
    players, options = GAMES[game]
    seats = [HUMAN] + ["heuristic"] * (players - 1)
    return table_app(Seating(game, players, seed, dict(options), seats), tmp)  # type: ignore[arg-type]


# -- the seat phrases --------------------------------------------------------------------
def test_english_seat_phrases_are_as_they_were() -> None:
    assert tell("P0 puts the Exploding Kitten back at position 3 (0 = top)", 0) == (
        "You put the Exploding Kitten back 4th from the top"
    )
    assert yours("P1 asks P0 for a Favor, but P0 has no cards", 0) == (
        "P1 asks you for a Favor, but you have no cards"
    )
    assert told_of(2, "Draw a card (ends your turn)") == "P2 draws a card (ends their turn)"
    assert [place_in_pile(p, 3) for p in range(4)] == [
        "on top", "2nd from the top", "3rd from the top", "at the bottom",
    ]  # fmt: skip
    assert seat_name(0, 0) == "You" and ordinal(22) == "22nd"


def test_norwegian_seat_phrases() -> None:
    with use_language("nb"):
        assert tell("P0 trekker et kort", 0) == "Du trekker et kort"
        assert tell("P1 stjeler et kort fra P0", 0) == "P1 stjeler et kort fra deg"
        assert tell("P0s tur (2 turer igjen)", 0) == "Din tur (2 turer igjen)"
        assert tell("P2 angriper: P0 skylder 2 turer", 0) == "P2 angriper: du skylder 2 turer"
        assert tell("P1 gir P0 et kort", 0) == "P1 gir deg et kort"
        assert tell("P0 trekker et kort", 1) == "P0 trekker et kort"
        assert tell("P0 legger kattungen tilbake på plass 2 (0 = øverst)", 0) == (
            "Du legger kattungen tilbake 3. fra toppen"
        )
        assert tell("P0 spiller Luft på P0s plass 1", 0) == "Du spiller Luft på din egen plass 1"
        label = "Trekk et kort (avslutter turen din)"
        assert told_of(2, label) == "P2 trekker et kort (avslutter turen sin)"
        assert tell(told_of(0, label), 0) == "Du trekker et kort (avslutter turen din)"
        assert told_of(1, "La det passere (p)") == "P1 lar det passere"
        assert [place_in_pile(p, 3) for p in range(4)] == [
            "øverst", "2. fra toppen", "3. fra toppen", "nederst",
        ]  # fmt: skip
        assert place_in_pile(0, 0) == "øverst (det eneste kortet)"
        assert seat_name(0, 0) == "Du" and seat_name(2, 0) == "P2" and ordinal(22) == "22."


def test_pseudo_seat_phrases_leave_no_english() -> None:
    with use_language(PSEUDO):
        assert seat_name(0, 0) == pseudo("You")
        said = tell("P0 x", 0)
        assert said == pseudo("You") + " x"
        assert told_of(1, pseudo("Draw a card")).startswith("P1: ")
        assert not untranslated(place_in_pile(2, 5) + " " + place_in_pile(5, 5))


# -- the table's words -------------------------------------------------------------------
def test_the_tables_words_in_norwegian_and_english() -> None:
    state = new_game("exploding-kittens", 3, seed=1)
    family = family_of(state)
    family.view(state.observe(0), 0)
    assert family.label("draw") == "Draw a card (ends your turn)"
    with use_language("nb"):
        assert family.label("draw") == "Trekk et kort (avslutter turen din)"
        assert family.label("nope") == "Nope det"
        assert family.doing(state.observe(0), 0).startswith("Din tur")
        assert "Trekkebunken" in family.panel(state.observe(0), 0)
        assert help_screen().title_text == "Taster"
    assert help_screen().title_text == "Keys"


async def _footer_and_status(app: KaboomApp) -> tuple[str, str]:
    """The table's first and last lines, once both are drawn (a busy machine may show the
    screen a frame before its footer)."""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _frame in range(50):
            lines = screen_text(app).rstrip("\n").splitlines()
            if lines and lines[0].strip() and lines[-1].strip():
                break
            await pilot.pause(0.05)
    return lines[0], lines[-1]


@pytest.mark.parametrize("game", GAMES)
async def test_norwegian_table_keys_are_said_and_never_cut(
    game: str, tmp_path: Path, speaking: Callable[[str], None]
) -> None:
    """The footer's keys in Norwegian, its last key whole at 80 columns; a table built
    afterwards in English still says its keys in English (no class's keys were changed)."""
    speaking("nb")
    status, footer = await _footer_and_status(seated(game, tmp_path))
    assert "Hjelp" in footer and footer.rstrip().endswith("q Avslutt"), footer
    assert status.strip().startswith(("Din tur", "Du ")), status
    speaking(SOURCE)
    status, footer = await _footer_and_status(seated(game, tmp_path / "en"))
    assert "Help" in footer and footer.rstrip().endswith("q Quit"), footer
    assert status.strip().startswith(("Your turn", "You ")), status


async def test_norwegian_pass_screen_and_quit_box(
    tmp_path: Path, speaking: Callable[[str], None]
) -> None:
    speaking("nb")
    seating = Seating("exploding-kittens", 3, 3, {}, [HUMAN, HUMAN, "heuristic"])
    app = table_app(seating, tmp_path, hotseat=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(50):
            await settle(pilot, app)
            if isinstance(app.screen, PassScreen):
                break
            await pilot.press("enter")
        text = screen_text(app)
        assert "Gi enheten til P" in text and "trykk Enter når ingen andre ser" in text
        await pilot.press("q")
        await pilot.pause()
        assert "Avslutte dette spillet?" in screen_text(app)


# -- the pseudo-language -----------------------------------------------------------------
async def _screens(pilot: Pilot[None], app: KaboomApp, moves: int) -> list[str]:
    """The screens of a few moves of a game, its help and its odds (where it has them)."""
    seen: list[str] = []
    table = await settle(pilot, app)
    seen.append(screen_text(app))
    await pilot.press("h")
    await pilot.pause()
    seen.append(screen_text(app))
    await pilot.press("escape", "o", "question_mark")
    await pilot.pause()
    seen.append(screen_text(app))
    await pilot.press("escape")
    rng = random.Random(1)
    for _step in range(moves):
        table = await settle(pilot, app)
        seen.append(screen_text(app))
        if table.session.state.is_over:
            break
        if table.window is not None:
            await pilot.press(rng.choice("np"))
        else:
            await my_move(pilot, table, rng)
    return seen


async def test_pseudo_picker_and_help_leave_no_english(
    tmp_path: Path, speaking: Callable[[str], None]
) -> None:
    """The terminal's own screens (the picker, the keys) hold no game's words: every one
    of them is the catalogue's."""
    speaking(PSEUDO)
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "down")
        await pilot.pause()
        picker = screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        keys = screen_text(app)
    # the picker shows the games' names, summaries and options too (theirs to mark)
    mine = {"Players", "People", "device", "Opponents", "Pace", "Start", "choose", "Change"}
    assert not set(untranslated(picker)) & mine, untranslated(picker)
    assert untranslated(keys) == []


@pytest.mark.slow  # (a whole table driven in the pseudo-language: 2 to 11 s a game)
@pytest.mark.parametrize("game", GAMES)
async def test_pseudo_tables_leave_no_english(
    game: str, tmp_path: Path, speaking: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every screen of a few moves of each game said in the pseudo-language: English left
    outside the brackets is a string nobody marked (today the games' own words: their
    events, card names and play phrases are marked by their modules)."""
    speaking(PSEUDO)
    app = seated(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        text = "\n".join(await _screens(pilot, app, 40))
    monkeypatch.chdir(tmp_path)  # (the log of the game at its end is written here)
    players, options = GAMES[game]
    end = at_the_end(game, players, 5, **options)  # type: ignore[arg-type]
    async with end.run_test(size=(80, 24)) as pilot:
        await settle(pilot, end)
        text += "\n" + screen_text(end)  # who won, the summary, the seed
        await pilot.press("escape")
        await pilot.pause()
        text += "\n" + screen_text(end)  # the final table
    allowed = set(game.split("-")) | COMMAND_WORDS  # the slug; the deal's command line
    assert untranslated(text, frozenset(allowed)) == []

"""People and bots by name (issue 46), without a server: a bot's name comes from public
facts only and no two seats of a table share one; its level word from its spec; one bot on
the ladder whatever its spec's spelling; nobody is called "You"; a refused request reads
as a sentence naming the field and its limit; Draw from the Bottom and its draw are one
line of the log, for every seat and in the replay's story."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest

from kaboom.engine.events import Event
from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.i18n import use_language
from kaboom.server import ladder
from kaboom.server.db import SeatRow
from kaboom.server.invalid import sentences
from kaboom.server.people import (
    BOT_NAMES,
    bot_label,
    bot_level,
    bot_name,
    canonical_bot,
    ladder_bot,
    refused_name,
)
from kaboom.server.protocol import MAX_SEATS, seen
from kaboom.sim.rating import Skill
from kaboom.sim.story import story_lines
from kaboom.tui.families import family_of
from kaboom.web.words import log_lines


def test_a_tables_bots_are_named_from_its_id_and_seat_alone_and_never_alike() -> None:
    rng = random.Random(46)
    tables = ["".join(rng.choices(string.ascii_letters + string.digits, k=8)) for _ in range(300)]
    for table in tables:
        names = [bot_name(table, q) for q in range(MAX_SEATS)]
        assert len(set(names)) == MAX_SEATS, (table, names)  # distinct at the fullest table
        assert set(names) <= set(BOT_NAMES)
        assert names == [bot_name(table, q) for q in range(MAX_SEATS)]  # the same each time
    # the names vary from table to table (not "Ada, Alma, Cleo" at every one)
    assert len({bot_name(t, 1) for t in tables}) == len(BOT_NAMES)
    assert all(len(n) <= 5 and n.isalpha() and n.isascii() for n in BOT_NAMES)


@pytest.mark.parametrize(
    ("spec", "level", "said"),
    [
        ("ismcts:level=medium", "medium", "Ada (bot, medium)"),
        ("ismcts", "medium", "Ada (bot, medium)"),
        ("ismcts:level=hard:infer=1", "hard", "Ada (bot, hard)"),
        ("heuristic", "simple", "Ada (bot, simple)"),
        ("Random", "random", "Ada (bot, random)"),
        ("learned", "learned", "Ada (bot, learned)"),
        ("ismcts:iterations=200", "custom", "Ada (bot, custom)"),
    ],
)
def test_a_bots_level_word_from_its_spec(spec: str, level: str, said: str) -> None:
    got = bot_level(spec)
    assert got == level
    assert got is not None and bot_label("Ada", got) == said
    with use_language("nb"):
        assert bot_label("Ada", "medium") == "Ada (bot, middels)"
        assert ladder_bot("simple") == "Bot · enkel"


def test_one_ladder_player_per_bot_whatever_its_spelling() -> None:
    """``Random`` and ``random`` (and ``ismcts:infer=0:level=Medium``) are one subject: their
    games add up to one rating, not two players of the same name."""
    for a, b in (("Random", "random"), ("ismcts:infer=0:Level=Medium", "ismcts:level=medium")):
        assert canonical_bot(a) == canonical_bot(b)
        assert ladder.subject_of(SeatRow(1, "bot", a)) == ladder.subject_of(SeatRow(1, "bot", b))
    games = [
        ladder.Finished(f"t{k}", "eleminis", 2, float(k), ("account:1", f"bot:{spec}"), (0,))
        for k, spec in enumerate(["random", "random"])
    ]
    spelled = [
        ladder.Finished(
            f"t{k}",
            "eleminis",
            2,
            float(k),
            tuple(ladder.subject_of(s) for s in (SeatRow(0, "human", account_id=1), bot)),
            (0,),
        )
        for k, bot in enumerate([SeatRow(1, "bot", "Random"), SeatRow(1, "bot", "random")])
    ]
    records, _steps = ladder.replay(spelled)
    assert sorted(k[0] for k in records) == ["account:1", "bot:random"]
    assert records == ladder.replay(games)[0]
    assert records[("bot:random", "eleminis", 2)].games == 2
    assert records[("bot:random", "eleminis", 2)].skill != Skill()


@pytest.mark.parametrize("name", ["You", "you", " YOU ", "Du", "du"])
def test_nobody_is_called_you_in_any_language(name: str) -> None:
    """ "You" names each screen's own seat ("Du" in Norwegian): never a person's name."""
    why = refused_name(name)
    assert why is not None and name.strip() in why
    assert refused_name("Ann") is None and refused_name("Youssef") is None


def test_a_refused_request_reads_as_sentences_naming_each_field() -> None:
    errors: list[dict[str, Any]] = [
        {"type": "string_too_long", "loc": ("body", "name"), "msg": "String should have at most"
         " 32 characters", "ctx": {"max_length": 32}},
        {"type": "less_than", "loc": ("body", "seat"), "msg": "Input should be less than 16",
         "ctx": {"lt": 16}},
        {"type": "missing", "loc": ("body", "game"), "msg": "Field required"},
    ]  # fmt: skip
    said = sentences(errors, {"name": 32})
    assert said == (
        "name: 1 to 32 characters, none of them a control character; seat: less than 16; "
        "game: needed"
    )
    with use_language("nb"):
        assert sentences(errors[1:2]) == "seat: mindre enn 16"


def draw_from_the_bottom(game: str) -> tuple[State, list[Event]]:
    """A game of ``game`` by random moves, stopped at its first Draw from the Bottom: the
    game after it and the events it made."""
    for seed in range(500):
        state = new_game(game, 3, seed)
        rng = random.Random(seed)
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            if any(e.kind == "draw-bottom" for e in events):
                return state, events
    raise AssertionError(f"{game}: no Draw from the Bottom in 500 games")


@pytest.mark.parametrize("game", ["dynamitt", "exploding-minions"])
def test_a_draw_from_the_bottom_is_one_line_of_the_log(game: str) -> None:
    """Issue 46: the log said "P2 draws from the bottom" then "P2 draws a card" for one
    draw. Every seat's log (the browser's words, the terminal's), a spectator's and the
    replay's story now tell it once."""
    state, events = draw_from_the_bottom(game)
    drawer = next(e.seat for e in events if e.kind == "draw-bottom")
    family = family_of(new_game(game, 3, 0))
    for seat in (*range(3), None):
        lines = log_lines(new_game(game, 3, 0), family, list(seen(events, seat)), seat)
        drawn = [line for line in lines if " draw" in line]
        assert len(drawn) == 1, (seat, lines)
        assert drawn[0].endswith(("from the bottom", "from the bottom!")), (seat, lines)
        if seat == drawer:
            assert drawn[0].startswith("You draw"), lines
    told = [line for line in story_lines(state, events) if " draws" in line]
    assert len(told) == 1 and "from the bottom" in told[0], told
    with use_language("nb"):
        lines = log_lines(new_game(game, 3, 0), family, list(seen(events, None)), None)
        drawn = [line for line in lines if "trekker" in line]
        assert len(drawn) == 1 and "fra bunnen" in drawn[0], lines

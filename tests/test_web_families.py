"""The page's scripts know the families in one place (issue 46): each family's part of the
browser table is ``static/js/families/<family>.js`` (its middle of the table, its seats'
facts, its tap targets, its motion, its moments), looked up once by the observation's
``family`` in ``families/index.js``; no other script compares a family or names a game."""

from __future__ import annotations

import re
from pathlib import Path

from kaboom.engine.registry import list_games

JS = Path(__file__).resolve().parent.parent / "src" / "kaboom" / "web" / "static" / "js"
FAMILIES = JS / "families"
#: A comparison of a family, in a script: `obs.family === "board"`, `x !== 'eleminis'`.
COMPARE = re.compile(r"""family\s*[!=]==|[!=]==\s*["'](exploding|board|eleminis)["']""")


def outside_families() -> dict[Path, str]:
    return {p: p.read_text() for p in JS.rglob("*.js") if FAMILIES not in p.parents}


def test_no_script_outside_the_families_compares_a_family() -> None:
    compare = re.compile(r"""family\s*[!=]==|[!=]==\s*["'](exploding|board|eleminis)["']""")
    found = [
        f"{p.name}: {m.group(0)}"
        for p, text in outside_families().items()
        for m in compare.finditer(text)
    ]
    assert found == []


def test_no_script_outside_the_families_names_a_game() -> None:
    ids = [g.game_id for g in list_games()]
    found = [
        f"{p.name}: {g}"
        for p, text in outside_families().items()
        for g in ids
        if re.search(rf"""["'`]{re.escape(g)}["'`]""", text)
    ]
    assert found == []


def test_every_family_has_its_part_and_the_index_looks_it_up() -> None:
    index = (FAMILIES / "index.js").read_text()
    for family in sorted({g.family for g in list_games()}):
        part = FAMILIES / f"{family}.js"
        assert part.is_file(), f"no {part.name} for the {family} family"
        text = part.read_text()
        assert f'family: "{family}"' in text
        for name in ("middle", "seatFacts"):
            assert re.search(rf"^\s+{name}[,:]", text, re.M), f"{part.name} has no {name}"
        assert f'from "./{family}.js"' in index


def test_the_check_finds_a_comparison() -> None:
    """The scan can fail: the comparisons the page used to make are caught."""
    assert COMPARE.search('if (obs.family === "board") draw();')
    assert COMPARE.search("x.kind !== 'eleminis'")
    assert not COMPARE.search("const part = familyPart(obs.family);")

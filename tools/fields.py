"""Write each family's ``_fields.py`` from its field table (``kaboom.engine.fields``).

    python tools/fields.py           # write every _fields.py
    python tools/fields.py --check   # exit 1, naming the file, if one is not what its table gives

Each kind says how a field is copied by ``clone`` (an expression on ``{v}``, the field of
``self``), written to JSON (on ``{v}``) and read back and checked (on ``{r}``, the stored
value, and ``{f}``, the field's name in errors). tests/test_fields.py fails when a generated
file is not what its table gives, as a golden does.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from kaboom.engine.fields import Field, Fields  # noqa: E402

#: The field tables (each a module's ``FIELDS``); each gives the ``_fields.py`` beside it.
TABLES = (
    "src/kaboom/games/kittens/fields.py",
    "src/kaboom/games/board/fields.py",
    "src/kaboom/games/eleminis/fields.py",
    "tests/tiny_game/fields.py",
)


class Kind(NamedTuple):
    copy: str
    out: str
    load: str


KINDS: dict[str, Kind] = {
    # fixed by the options and seats (a table of action ids): shared by copies, not stored
    "shared": Kind("{v}", "", ""),
    "int": Kind("{v}", "{v}", "checks.integer({r}, {low}, {high}, {f})"),
    "flag": Kind("{v}", "{v}", "checks.flag({r}, {f})"),
    "name": Kind("{v}", "{names}[{v}]", "checks.name_index({r}, {names}, {f})"),
    "names": Kind(
        "list({v})", "[{names}[x] for x in {v}]", "checks.name_indices({r}, {names}, {f})"
    ),
    "name_rows": Kind(
        "[list(x) for x in {v}]",
        "[[{names}[c] for c in x] for x in {v}]",
        "checks.name_rows({r}, {names}, {f}, {length!})",
    ),
    "ints": Kind("list({v})", "list({v})", "checks.integers({r}, {low}, {high}, {f}{length})"),
    "flags": Kind("list({v})", "list({v})", "checks.flags({r}, {f}, {length!})"),
    "rows": Kind(
        "[list(x) for x in {v}]",
        "[list(x) for x in {v}]",
        "checks.rows({r}, {low}, {high}, {f}, {length!}, {width!})",
    ),
    "seat_maps": Kind(
        "[dict(x) for x in {v}]",
        "[{{str(i): c for i, c in sorted(x.items())}} for x in {v}]",
        "checks.seat_maps({r}, {low}, {high}, {f}, {length!})",
    ),
    "seat_runs": Kind(
        "[[list(run) for run in x] for x in {v}]",
        "[[list(run) for run in x] for x in {v}]",
        "checks.seat_runs({r}, {low}, {high}, {f}, {length!})",
    ),
    "counts_by_key": Kind(
        "dict({v})",
        "[[*k, x] for k, x in sorted({v}.items())]",
        "checks.counts_by_key({r}, {low}, {high}, {f})",
    ),
    "pairs": Kind(
        "set({v})", "[list(a) for a in sorted({v})]", "checks.pairs({r}, {low}, {high}, {f})"
    ),
    "optional_counts": Kind(
        "{v}",
        "None if {v} is None else list({v})",
        "checks.optional_counts({r}, {low}, {high}, {f}, {length!})",
    ),
    "window": Kind(
        "None if {v} is None else {v}.copy()",
        "None if {v} is None else {v}.to_json(list({v}.play))",
        "checks.window({r}, {f}, self.n, {high}, {length!}, {make})",
    ),
}


def _fill(template: str, field: Field, value: str = "", raw: str = "") -> str:
    """``template`` with the field's parts in place (``{length!}``, ``{width!}``: a length
    the kind requires)."""
    for part, given in (("length", field.length), ("width", field.width)):
        if f"{{{part}!}}" in template and not given:
            raise SystemExit(f"{field.name}: kind {field.kind} needs a {part}")
        template = template.replace(f"{{{part}!}}", given)
    return template.format(
        v=value,
        r=raw,
        f=repr(f"state.{field.json}"),
        low=field.low,
        high=field.high,
        length=f", {field.length}" if field.length else "",
        names=field.names,
        make=field.make,
    )


def _copy(field: Field) -> str:
    how = field.copy or _fill(KINDS[field.kind].copy, field, value=f"self.{field.name}")
    return f"        other.{field.name} = {how}"


def _out(field: Field) -> str:
    return (
        f"            {field.json!r}: {_fill(KINDS[field.kind].out, field, f'self.{field.name}')},"
    )


def _load(field: Field) -> str:
    raw = f"raw[{field.json!r}]"
    if field.default:
        given = "" if field.default == "None" else f", {field.default}"
        raw = f"raw.get({field.json!r}{given})"
    return f"        self.{field.name} = {_fill(KINDS[field.kind].load, field, raw=raw)}"


def _setup_keys(table: Fields) -> list[str]:
    keys = sorted(f.rig for f in table.fields if f.rig)
    if not keys:
        return [""]
    return [
        "#: The keys of a scenario's setup that the field table lays out (``_rig_fields``).",
        f"RIG_KEYS: Final = frozenset({{{', '.join(repr(k) for k in keys)}}})",
        "",
        "",
    ]


def _deal(field: Field) -> str:
    return f"        self.{field.name} = {field.deal}"


def _rig(field: Field) -> str:
    """The setup's value, read as its ``rig_read`` says (an absent key as ``rig_default``)."""
    raw = f"setup[{field.rig!r}]"
    if field.rig_default:
        given = "" if field.rig_default == "None" else f", {field.rig_default}"
        raw = f"setup.get({field.rig!r}{given})"
    how = field.rig_read.format(r=raw, f=repr(f"setup.{field.rig}"))
    return f"        self.{field.name} = {how}"


def _dealt_and_rigged(table: Fields) -> list[str]:
    """``_deal_fields`` (the plain values at the deal) and ``_rig_fields`` (the plain parts
    of a scenario's setup), each in the table's order."""
    for field in table.fields:
        if bool(field.rig) != bool(field.rig_read):
            raise SystemExit(f"{field.name}: a rig key needs its rig_read, and one its key")
    dealt = [f for f in table.fields if f.deal]
    rigged = [f for f in table.fields if f.rig]
    lines = ["", "    def _deal_fields(self, players: int, options: dict[str, Any]) -> None:"]
    lines.append('        """Each field that is a plain value at the deal, in table order."""')
    lines += [_deal(f) for f in dealt]
    if rigged:
        lines += ["", "    def _rig_fields(self, setup: dict[str, object]) -> None:"]
        lines.append('        """The plain parts of a rigged setup, each of its type and range."""')
        lines += [_rig(f) for f in rigged]
    return lines


def generate(table: Fields, source: str) -> str:
    """The text of the ``_fields.py`` that ``table`` (in the file ``source``) gives."""
    for field in table.fields:
        if field.kind not in KINDS:
            raise SystemExit(f"{field.name}: no kind {field.kind!r} (one of {', '.join(KINDS)})")
    stored = [f for f in table.fields if f.json]
    slots = ", ".join(repr(f.name) for f in sorted(table.fields, key=lambda f: f.name))
    lines = [
        f'"""The fields of a state, generated from the table in {source}',
        '(``python tools/fields.py``): do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, ClassVar, Final, Self",
        "",
        "from mypy_extensions import mypyc_attr",
        "",
        "from kaboom.engine import checks",
        *table.imports,
        *(["", "if TYPE_CHECKING:"] if table.type_imports else []),
        *(f"    {line}" for line in table.type_imports),
        "",
        *_setup_keys(table),
        "@mypyc_attr(allow_interpreted_subclasses=True)",
        f"class {table.name}({table.base}):",
        f'    """The fields of the state, their copy and their JSON (``{Path(source).name}``)."""',
        "",
        *(f"    {line}" for line in table.declarations),
        f"    __slots__ = ({slots}{',' if len(table.fields) == 1 else ''})",
        "",
    ]
    for field in table.fields:
        if field.doc:
            lines.append(f"    #: {field.doc}")
        lines.append(f"    {field.name}: {field.type}")
    lines += ["", "    def _copy_to(self, other: Self) -> None:"]
    lines += [_copy(f) for f in table.fields]
    lines += ["", "    def _json(self) -> dict[str, object]:", "        return {"]
    lines += [_out(f) for f in stored]
    lines += ["        }", "", "    def _load_json(self, raw: dict[str, object]) -> None:"]
    lines.append('        """Each stored field, of its type and range (``BadInput`` names it)."""')
    lines += [_load(f) for f in stored]
    lines += _dealt_and_rigged(table)
    text = "\n".join(lines) + "\n"
    typing_line = "from typing import Any, ClassVar, Final, Self"
    body = text.replace(typing_line, "")
    used = [
        name
        for name in ("TYPE_CHECKING", "Any", "ClassVar", "Final")
        if re.search(rf"\b{name}\b", body)
    ]
    text = text.replace(
        typing_line,
        f"from typing import {', '.join([*used, 'Self'])}",
    )
    return _formatted(text)


def _formatted(text: str) -> str:
    ruff = Path(sys.executable).with_name("ruff")
    done = subprocess.run(
        [str(ruff), "format", "--quiet", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def target(source: str) -> tuple[Path, str]:
    """The ``_fields.py`` that the table in ``source`` (a path from the root) gives, and its
    text. The table is read from its file alone: its package imports the generated file."""
    path = ROOT / source
    spec = importlib.util.spec_from_file_location(f"_table_{path.parent.name}", path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    table = loaded.FIELDS
    assert isinstance(table, Fields), f"{source}: FIELDS, a kaboom.engine.fields.Fields"
    return path.with_name("_fields.py"), generate(table, source)


def main(argv: list[str]) -> int:
    stale = []
    for module in TABLES:
        path, text = target(module)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if "--check" in argv:
            stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(text, encoding="utf-8")
    for name in stale:
        print(f"{name}: not what its field table gives; run python tools/fields.py")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

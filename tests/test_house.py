"""House rules of the code itself (issue 31): what keeps the engine and the games readable."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_rank, cc_visit  # type: ignore[import-untyped]  # (no stubs)

SRC = Path(__file__).resolve().parent.parent / "src" / "kaboom"


def _above_c(folder: Path) -> list[str]:
    """Every function or method under ``folder`` whose cyclomatic complexity ranks D or
    worse (radon: above 20), as ``path:line name rank (complexity)``."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for block in cc_visit(path.read_text("utf-8")):
            rank = cc_rank(block.complexity)
            if rank > "C":
                where = path.relative_to(folder.parent)
                found.append(f"{where}:{block.lineno} {block.fullname} {rank} ({block.complexity})")
    return found


def test_no_function_in_the_engine_or_the_games_is_above_radon_c() -> None:
    offenders = _above_c(SRC / "engine") + _above_c(SRC / "games")
    assert not offenders, "split into smaller functions:\n" + "\n".join(offenders)


def test_the_check_finds_a_function_above_c(tmp_path: Path) -> None:
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(25))
    (tmp_path / "tangled.py").write_text(f"def tangled(x):\n{branches}\n    return -1\n")
    (tmp_path / "plain.py").write_text("def plain(x):\n    return x\n")
    (found,) = _above_c(tmp_path)
    assert "tangled" in found and " D (26)" in found

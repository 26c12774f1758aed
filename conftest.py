"""Where kaboom runs compiled (README, "Compiled build"), pytest's own doctest collection
leaves out the sources of the compiled modules: the module it would import is an extension
module, not the file (an import-path mismatch), and mypyc keeps no docstrings.
``tests/test_doctests.py`` runs their doctests instead, read from the sources and run
against the compiled modules."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent / "src"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out a source whose module runs compiled: one the running compiled build holds
    (``tools/compile.py``: the engine, the games, the search) that was imported from it."""
    if collection_path.suffix != ".py" or SRC not in collection_path.parents:
        return None
    from kaboom import _build

    build = _build.running_build()
    parts = collection_path.relative_to(SRC).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    if build is None or name not in build.modules:
        return None
    return True if _build.is_compiled(importlib.import_module(name)) else None

"""Where kaboom's sources and data files lie, whichever build runs (``kaboom._build``): a
compiled module's ``__file__`` names its build folder under ``build/compiled/``, which holds
no data, so the engine and the games find their data files here. Imports nothing of kaboom.

This module is never compiled.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

_SRC = Path(__file__).resolve().parent.parent


def package_dir(package: str) -> Path:
    """The folder of a kaboom package's sources and data files (``kaboom.games.board`` →
    ``src/kaboom/games/board``), whichever build runs: a compiled module's ``__file__``
    names its build folder, which holds no data.

    A package from elsewhere (a plugin's game family) is found where it was imported from.

    >>> package_dir("kaboom.games.board").joinpath("board.toml").is_file()
    True
    """
    if package == "kaboom" or package.startswith("kaboom."):
        return _SRC.joinpath(*package.split("."))
    return Path(next(iter(importlib.import_module(package).__path__)))


def source_of(module: ModuleType) -> Path:
    """The source file of a kaboom module, whichever build runs.

    >>> import kaboom.engine.state
    >>> source_of(kaboom.engine.state).name
    'state.py'
    """
    name = module.__name__
    if hasattr(module, "__path__"):
        return package_dir(name) / "__init__.py"
    parent, _, last = name.rpartition(".")
    return package_dir(parent) / f"{last}.py"

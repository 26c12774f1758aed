"""Which build of kaboom runs: the compiled modules (mypyc) or the pure-Python ones.

``tools/compile.py`` (run by ``make``) compiles ``kaboom.engine`` and ``kaboom.games`` into
extension modules beside their sources and records in ``kaboom/_compiled.json`` the sources
they were built from. Python imports an extension module before a source of the same name,
so :func:`choose_modules` (called by ``kaboom/__init__.py`` before anything else is
imported) keeps the compiled modules only while every recorded source is unchanged and
``KABOOM_PURE`` is not set; otherwise it installs a finder that imports the pure-Python
modules instead, all of them (never a mix), with a one-line note on stderr when the compiled
ones are stale. :func:`build_kind` says which build runs, from the modules really loaded.

This module is never compiled.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

COMPILED = "compiled (mypyc)"
PURE = "pure Python"
#: Set (to anything but "" or "0") to run the pure-Python modules though compiled ones exist.
PURE_ENV = "KABOOM_PURE"

_SRC = Path(__file__).resolve().parent.parent
_MANIFEST = Path(__file__).resolve().parent / "_compiled.json"


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Imports a kaboom module from its source where a compiled module lies beside it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("kaboom."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return None
        origin = Path(str(spec.origin))
        source = origin.with_name(origin.name.split(".", 1)[0] + ".py")
        if not source.is_file():
            return None
        return importlib.util.spec_from_file_location(
            fullname, source, submodule_search_locations=spec.submodule_search_locations
        )


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def stale_source() -> str | None:
    """The first source changed since the compiled build (or a compiled module missing);
    None when the compiled modules match their sources, or when there are none."""
    try:
        manifest = json.loads(_MANIFEST.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return str(_MANIFEST)
    for source, entry in sorted(manifest["sources"].items()):
        path = _SRC / source
        try:
            stat = path.stat()
        except OSError:
            return str(source)
        if not (_SRC / entry["extension"]).is_file():
            return str(entry["extension"])
        if (stat.st_mtime_ns, stat.st_size) == (entry["mtime_ns"], entry["size"]):
            continue
        if hashlib.sha256(path.read_bytes()).hexdigest() != entry["sha256"]:
            return str(source)
    return None


def choose_modules() -> None:
    """Import the pure-Python modules where they are asked for or the compiled ones stale."""
    if any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        return
    if not pure_requested():
        stale = stale_source()
        if stale is None:
            return
        sys.stderr.write(
            f"kaboom: {stale} changed since the compiled build; running the pure-Python "
            "modules (`make` rebuilds)\n"
        )
    sys.meta_path.insert(0, _SourcesFirst())


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (mypyc's output)."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def build_kind() -> str:
    """Which build runs: ``"compiled (mypyc)"`` where the engine's modules were loaded from
    compiled extension modules, ``"pure Python"`` otherwise (read from ``kaboom.engine.state``
    as loaded, not from what lies on disk)."""
    import kaboom.engine.state

    return COMPILED if is_compiled(kaboom.engine.state) else PURE

"""Which build of kaboom runs: the compiled modules (mypyc) or the pure-Python ones.

``tools/compile.py`` (run by ``make``) compiles ``kaboom.engine``, ``kaboom.games``, the
search and the RL vector into extension modules, in a folder of their own under
``build/compiled/`` (never beside the sources), and publishes the finished folder by
replacing one small pointer file, ``build/compiled/current``. A published folder is never
written again.

:func:`choose_modules` (called by ``kaboom/__init__.py`` before anything else is imported)
reads that pointer once. Where it names a build whose recorded sources are all unchanged,
and ``KABOOM_PURE`` is not set, it installs a finder that imports every compiled module
from that one folder, for the rest of the process; otherwise the sources run. So a process
imports one whole build, old or new, never a mix, whatever a compile does meanwhile. The
process holds a shared lock on its folder (``in-use``) while it runs, so that the next
compile removes only folders nobody uses. :func:`build_kind` says which build runs, from
the modules really loaded.

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
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, NotRequired, TypedDict

from kaboom._paths import package_dir as package_dir
from kaboom._paths import source_of as source_of

COMPILED = "compiled (mypyc)"
PURE = "pure Python"
#: Set (to anything but "" or "0") to run the pure-Python modules though compiled ones exist.
PURE_ENV = "KABOOM_PURE"
#: Where the compiled builds lie (default: ``build/compiled`` beside ``src/``).
DIR_ENV = "KABOOM_COMPILED_DIR"
#: The pointer file: the name of the published build folder.
POINTER = "current"
#: Each build folder's record of what it holds (``tools/compile.py`` writes it).
MANIFEST = "manifest.json"
#: Each build folder's lock file, held shared by every process that imports from it.
IN_USE = "in-use"

_SRC = Path(__file__).resolve().parent.parent
#: Compiled modules an older kaboom left beside the sources (``tools/compile.py`` removes
#: them); while they lie there, the sources are imported instead of them.
_LEGACY_MANIFEST = _SRC / "kaboom" / "_compiled.json"

_held: IO[bytes] | None = None  # the open lock file of the build this process runs


def builds_dir() -> Path:
    """The folder of the compiled builds: ``$KABOOM_COMPILED_DIR``, else ``build/compiled``
    beside ``src/``."""
    return Path(os.environ.get(DIR_ENV) or _SRC.parent / "build" / "compiled")


class SourceEntry(TypedDict):
    """A compiled source in a build's manifest: its extension module, and the source's
    time, size and hash when it was compiled."""

    extension: str
    mtime_ns: int
    size: int
    sha256: str


class Manifest(TypedDict):
    """A build's manifest (``tools/compile.py`` writes it)."""

    key: str
    modules: dict[str, str]
    packages: NotRequired[list[str]]
    sources: dict[str, SourceEntry]


class CompiledBuild:
    """One published build folder and its manifest."""

    def __init__(self, folder: Path, manifest: Manifest) -> None:
        self.folder = folder
        self.manifest = manifest
        #: Module name -> its extension module's path, relative to the folder.
        self.modules: dict[str, str] = dict(manifest["modules"])
        self.packages: set[str] = set(manifest.get("packages", ()))

    def stale_source(self) -> str | None:
        """The first source changed since this build (or one of its modules missing);
        None when every module matches its source."""
        return stale_source(self.manifest["sources"], self.folder)


def read_current(root: Path | None = None) -> CompiledBuild | None:
    """The published build under ``root`` (default :func:`builds_dir`), or None: no build
    published, or its folder gone (removed as unused) or unreadable."""
    root = root or builds_dir()
    try:
        name = (root / POINTER).read_text(encoding="utf-8").strip()
        folder = root / name
        manifest: Manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not name or "/" in name or not isinstance(manifest, dict) or "modules" not in manifest:
        return None
    return CompiledBuild(folder, manifest)


def stale_source(sources: Mapping[str, SourceEntry], folder: Path) -> str | None:
    """The first of ``sources`` (relative to ``src/``) changed since they were compiled, or
    whose extension module is missing from ``folder``; None when all match."""
    for source, entry in sorted(sources.items()):
        path = _SRC / source
        try:
            stat = path.stat()
        except OSError:
            return str(source)
        if not (folder / entry["extension"]).is_file():
            return str(entry["extension"])
        if (stat.st_mtime_ns, stat.st_size) == (entry["mtime_ns"], entry["size"]):
            continue
        if hashlib.sha256(path.read_bytes()).hexdigest() != entry["sha256"]:
            return str(source)
    return None


def hold(folder: Path) -> IO[bytes] | None:
    """Take a shared lock on ``folder``'s ``in-use`` file and return it open (the lock lasts
    as long as the file stays open: the process's life); None where the folder is gone."""
    try:
        handle = (folder / IN_USE).open("rb")
    except OSError:
        return None
    try:
        import fcntl
    except ImportError:  # (no advisory locks here: builds are then never removed)
        return handle
    fcntl.flock(handle.fileno(), fcntl.LOCK_SH)  # waits only while a compile removes it
    if not (folder / MANIFEST).is_file():  # removed before this process held it
        handle.close()
        return None
    return handle


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Imports the compiled modules of one build folder; any other module is left to the
    usual finders (the sources)."""

    def __init__(self, build: CompiledBuild) -> None:
        self.build = build

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        relative = self.build.modules.get(fullname)
        if relative is None:
            return None
        origin = str(self.build.folder / relative)
        loader = _CompiledLoader(fullname, origin, self.build.packages)
        package = fullname in self.build.packages
        spec = importlib.machinery.ModuleSpec(fullname, loader, origin=origin, is_package=package)
        if package:  # its submodules and data files are found beside its sources
            spec.submodule_search_locations = [str(package_dir(fullname))]
        spec.has_location = True
        return spec


class _CompiledLoader(importlib.machinery.ExtensionFileLoader):
    """A compiled module's loader: a package's ``__path__`` is its sources' folder (a mypyc
    module sets its own, the build folder, which holds no module added since the build and
    no data file)."""

    def __init__(self, fullname: str, origin: str, packages: set[str]) -> None:
        super().__init__(fullname, origin)
        #: The build's compiled packages.
        self.packages = packages

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = super().create_module(spec)
        _search_the_sources(module, spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        if module.__spec__ is not None:
            _search_the_sources(module, module.__spec__)
        _sources_of_packages_imported_natively(self.packages)


def _sources_of_packages_imported_natively(packages: set[str]) -> None:
    """A compiled module imports a compiled package of its own build natively, never through
    this finder (``kaboom.games._nope``, which only the compiled families import): such a
    package gets the sources' folder as its ``__path__`` once the import that loaded it ends."""
    for name in packages:
        module = sys.modules.get(name)
        if module is not None:
            sources = [str(package_dir(name))]
            if getattr(module, "__path__", None) != sources:
                module.__path__ = sources


def _search_the_sources(module: ModuleType, spec: importlib.machinery.ModuleSpec) -> None:
    if spec.submodule_search_locations is not None:
        module.__path__ = list(spec.submodule_search_locations)


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Imports a kaboom module from its source where an old compiled module lies beside it."""

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


def choose_modules() -> None:
    """Run the published compiled build where it matches the sources and the pure-Python
    modules were not asked for; else the sources (with a one-line note when the build is
    stale)."""
    global _held
    if any(isinstance(f, CompiledFinder | _SourcesFirst) for f in sys.meta_path):
        return
    if _LEGACY_MANIFEST.exists():
        sys.meta_path.insert(0, _SourcesFirst())
    if pure_requested():
        return
    for _ in range(3):  # (a compile may remove the folder just read: read the pointer again)
        build = read_current()
        if build is None:
            return
        stale = build.stale_source()
        if stale is not None:
            sys.stderr.write(
                f"kaboom: {stale} changed since the compiled build; running the pure-Python "
                "modules (`make` rebuilds)\n"
            )
            return
        _held = hold(build.folder)
        if _held is not None:
            sys.meta_path.insert(0, CompiledFinder(build))
            return


def running_build() -> CompiledBuild | None:
    """The compiled build this process imports its compiled modules from, or None."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder.build
    return None


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (mypyc's output)."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def build_kind() -> str:
    """Which build runs: ``"compiled (mypyc)"`` where the engine's modules were loaded from
    compiled extension modules, ``"pure Python"`` otherwise (read from ``kaboom.engine.state``
    as loaded, not from what lies on disk)."""
    import kaboom.engine.state

    return COMPILED if is_compiled(kaboom.engine.state) else PURE

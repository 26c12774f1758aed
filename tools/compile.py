"""Build kaboom's compiled modules with mypyc, in place beside their sources.

    python tools/compile.py [auto|compiled|pure]     (default: $KABOOM_BUILD, else auto)

- ``auto``: compile ``src/kaboom/engine``, ``src/kaboom/games``, the search
  (``src/kaboom/bots/ismcts.py``) and the RL vector (``src/kaboom/rl/features.py``) with
  mypyc when mypyc and a C compiler are present; where they are not, or the compile fails,
  say so in one line and leave the pure-Python package (exit status 0).
- ``compiled``: the same, but a missing compiler or a failed compile is an error (status 1).
- ``pure``: remove the compiled modules; the package runs as pure Python.

The extension modules (``*.so``, git-ignored) lie beside their sources under ``src/``, where
an editable install imports them first. ``src/kaboom/_compiled.json`` records the sources
they were built from: kaboom imports its pure-Python modules instead when one of them has
changed since (``kaboom._build``). Nothing is rebuilt while the sources, Python, mypy and
this script are unchanged. The generated C and the compiler's output go to ``build/mypyc/``.

This script imports nothing of kaboom: it may replace modules a running kaboom has loaded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
#: The packages compiled, every module in them.
PACKAGES = ("kaboom/engine", "kaboom/games")
#: Single modules compiled besides: the search's tree and iterations (its hot loop), and
#: the exploding family's RL vector read from the state (``kaboom.rl``'s hot loop).
MODULES = ("kaboom/bots/ismcts.py", "kaboom/rl/features.py")
#: Modules compiled only where the packages they need are installed (else left pure Python,
#: and unused): mypyc reads a module's parent package, and ``kaboom.rl``'s needs its extra.
NEEDS = {"kaboom/rl/features.py": ("numpy", "gymnasium", "pettingzoo")}
#: Modules left pure Python (``kaboom/engine/x.py``), with the reason; none today.
EXCLUDE: dict[str, str] = {}
#: The mypyc group: every module goes into one shared library, ``src/kaboom__mypyc*.so``.
GROUP = "kaboom"
MANIFEST = SRC / "kaboom" / "_compiled.json"
WORK = ROOT / "build" / "mypyc"
LOG = WORK / "build.log"
EXT_SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))
MODES = ("auto", "compiled", "pure")


class Unavailable(Exception):
    """The compiled build cannot be made here (the message says why)."""


def sources() -> list[str]:
    """The compiled modules' sources, relative to ``src/``, sorted."""
    found = [p.relative_to(SRC).as_posix() for pkg in PACKAGES for p in (SRC / pkg).rglob("*.py")]
    found += [m for m in MODULES if (SRC / m).is_file() and installed(NEEDS.get(m, ()))]
    return sorted(s for s in found if s not in EXCLUDE)


def installed(packages: tuple[str, ...]) -> bool:
    """Whether every one of ``packages`` can be imported here."""
    return all(importlib.util.find_spec(name) is not None for name in packages)


def extension_of(source: str) -> str:
    return source.removesuffix(".py") + EXT_SUFFIX


def artifacts() -> list[Path]:
    """Every compiled module and shared library now under ``src/``, and the manifest."""
    found = [p for pkg in PACKAGES for p in (SRC / pkg).rglob(f"*{EXT_SUFFIX}")]
    found += [p for p in (SRC / extension_of(m) for m in MODULES) if p.exists()]
    found += list(SRC.glob(f"{GROUP}__mypyc*{EXT_SUFFIX}"))
    return [*found, MANIFEST] if MANIFEST.exists() else found


def remove_artifacts() -> None:
    for path in artifacts():
        path.unlink()


def build_key(files: list[str]) -> str:
    """What the compiled modules depend on: every source, Python, mypy and this script."""
    import mypy.version

    digest = hashlib.sha256()
    for part in (sys.version, EXT_SUFFIX, mypy.version.__version__, Path(__file__).read_text()):
        digest.update(part.encode())
    for source in files:
        digest.update(source.encode())
        digest.update((SRC / source).read_bytes())
    return digest.hexdigest()


def manifest_entries(files: list[str]) -> dict[str, dict[str, object]]:
    """Per source: how the runtime check recognises it unchanged (``kaboom._build``)."""
    entries: dict[str, dict[str, object]] = {}
    for source in files:
        path = SRC / source
        stat = path.stat()
        entries[source] = {
            "extension": extension_of(source),
            "mtime_ns": stat.st_mtime_ns,
            "size": stat.st_size,
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        }
    return entries


def up_to_date(key: str, files: list[str]) -> bool:
    try:
        manifest = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    if manifest.get("key") != key or sorted(manifest.get("sources", {})) != files:
        return False
    if not all((SRC / extension_of(s)).exists() for s in files):
        return False
    if not list(SRC.glob(f"{GROUP}__mypyc*{EXT_SUFFIX}")):
        return False
    # The same content; refresh what the runtime check compares (a checkout touches files).
    write_manifest(key, files)
    return True


def write_manifest(
    key: str, files: list[str], entries: dict[str, dict[str, object]] | None = None
) -> None:
    """Record what was compiled: ``entries`` read before the compile (a source edited while
    it runs is then found changed), else the sources as they are now."""
    manifest = {"key": key, "sources": entries or manifest_entries(files)}
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def check_tools() -> None:
    """Raise ``Unavailable`` where mypyc or a C compiler is missing."""
    for module in ("mypyc", "setuptools"):
        if importlib.util.find_spec(module) is None:
            raise Unavailable(f"{module} is not installed (pip install -e '.[compiled]')")
    compiler = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    words = shlex.split(compiler)
    if not words or shutil.which(words[0]) is None:
        raise Unavailable(f"no C compiler found ({compiler!r})")


SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths, lib, temp = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
setup(
    name="kaboom-compiled",
    ext_modules=mypycify(paths, opt_level="3", target_dir=sys.argv[4], group_name=sys.argv[5]),
    script_args=["build_ext", "--build-lib", lib, "--build-temp", temp],
)
"""


def compile_modules(files: list[str]) -> None:
    """Compile ``files`` into ``build/mypyc/lib``, then move the results under ``src/``
    (the old ones are removed first, so no mix of builds is left); raise ``Unavailable``
    with the log's name if the compile fails."""
    lib = WORK / "lib"
    shutil.rmtree(lib, ignore_errors=True)
    WORK.mkdir(parents=True, exist_ok=True)
    paths = ",".join(f"src/{s}" for s in files)
    command = [
        sys.executable,
        "-c",
        SETUP,
        paths,
        str(lib),
        str(WORK / "temp"),
        str(WORK / "c"),
        GROUP,
    ]
    with LOG.open("w") as log:
        done = subprocess.run(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise Unavailable(f"the compile failed (see {LOG.relative_to(ROOT)})")
    built = sorted(p for p in lib.rglob(f"*{EXT_SUFFIX}"))
    expected = {extension_of(s) for s in files}
    names = {p.relative_to(lib).as_posix() for p in built}
    if not expected <= names:
        missing = sorted(expected - names)
        raise Unavailable(f"the compile made no {missing[0]} (see {LOG.relative_to(ROOT)})")
    remove_artifacts()
    for path in built:
        target = SRC / path.relative_to(lib)
        shutil.copyfile(path, target.with_name(target.name + ".tmp"))
        target.with_name(target.name + ".tmp").replace(target)


def main(argv: list[str]) -> int:
    mode = argv[1] if len(argv) > 1 else os.environ.get("KABOOM_BUILD") or "auto"
    if mode not in MODES:
        print(f"kaboom: KABOOM_BUILD must be one of {', '.join(MODES)}, got {mode!r}")
        return 2
    if mode == "pure":
        remove_artifacts()
        print("kaboom: pure-Python build (KABOOM_BUILD=pure): compiled modules removed")
        return 0
    files = sources()
    try:
        check_tools()
        key = build_key(files)
        if up_to_date(key, files):
            return 0
        print(f"kaboom: compiling {len(files)} modules with mypyc (a minute or two)...")
        start = time.monotonic()
        compiled = manifest_entries(files)  # the sources as mypyc reads them
        compile_modules(files)
        write_manifest(key, files, compiled)
    except Unavailable as err:
        remove_artifacts()
        if mode == "compiled":
            if LOG.exists():
                sys.stdout.write(LOG.read_text()[-4000:])
            print(f"kaboom: KABOOM_BUILD=compiled, but {err}")
            return 1
        print(f"kaboom: {err}; using the pure-Python build")
        return 0
    print(f"kaboom: compiled build (mypyc) ready in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

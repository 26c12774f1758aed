"""Build kaboom's compiled modules with mypyc, into a folder of their own.

    python tools/compile.py [auto|compiled|pure] [--background]
                                               (default mode: $KABOOM_BUILD, else auto)

- ``auto``: compile ``src/kaboom/engine``, ``src/kaboom/games``, the search
  (``src/kaboom/bots/ismcts.py``) and the RL vector (``src/kaboom/rl/features.py``) with
  mypyc when a C compiler is present; where it is not, or the compile fails, say so in one
  line and leave the pure-Python package (exit status 0).
- ``compiled``: the same, but a missing compiler or a failed compile is an error (status 1).
- ``pure``: withdraw the compiled build; the package runs as pure Python.
- ``--background``: where the build is not up to date, start the compile as a process of
  its own (low priority, its output in ``build/compiled/build.log``), say so in one line and
  return at once: ``make play`` plays on the pure-Python modules meanwhile, and the next
  start runs compiled.

mypyc comes from this Python where it is installed (the ``dev`` and ``compiled`` extras),
else from a small environment of its own made on first use, ``build/compiler/`` (the
``compiled`` extra of ``pyproject.toml``): the environment ``make play`` installs holds no
compiler.

Each build is compiled into a staging folder, then renamed to ``build/compiled/NAME/`` and
published by replacing the pointer file ``build/compiled/current`` (``kaboom._build`` reads
it once per process): a process imports the old build or the new one, whole, never a mix.
A published folder is never written again; older ones are removed once no process holds
them (each process holds a shared lock on its folder's ``in-use`` file). One compile runs
at a time (``build/compiled/.lock``). Nothing is rebuilt while the sources, Python, mypy and
this script are unchanged, in this checkout or another of this user's: each build is also
kept under its key in ``~/.cache/kaboom/compiled/`` (``$KABOOM_BUILD_CACHE``; ``off``: not
kept), the newest three, and a checkout of the same sources takes it in a second. The
generated C and the compiler's output go to ``build/mypyc/``.

This script imports nothing of kaboom: it runs beside processes that import kaboom.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import secrets
import shlex
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
#: The packages compiled, every module in them.
PACKAGES = ("kaboom/engine", "kaboom/games")
#: Single modules compiled besides: the search's tree and iterations (its hot loop), the
#: families' RL vectors read from the state and the vector env's loop over its games
#: (``kaboom.rl``'s hot loops).
MODULES = ("kaboom/bots/ismcts.py", "kaboom/rl/features.py", "kaboom/rl/batch.py")
#: Modules compiled only where the packages they need are installed (else left pure Python,
#: and unused): mypyc reads a module's parent package, and ``kaboom.rl``'s needs its extra.
RL_EXTRA = ("numpy", "gymnasium", "pettingzoo", "librt")
NEEDS = {"kaboom/rl/features.py": RL_EXTRA, "kaboom/rl/batch.py": RL_EXTRA}
#: Modules left pure Python (``kaboom/engine/x.py``), with the reason; none today.
EXCLUDE: dict[str, str] = {}
#: The mypyc group: every module goes into one shared library, ``kaboom__mypyc*.so``.
GROUP = "kaboom"
WORK = ROOT / "build" / "mypyc"
LOG = WORK / "build.log"
#: mypyc's own environment where this Python has none (``make play``'s has none).
COMPILER_ENV = ROOT / "build" / "compiler"
EXT_SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))
MODES = ("auto", "compiled", "pure")
#: How the C is built: one C file per module, compiled on every core (``build_ext`` builds
#: one file at a time), at -O2: as fast as one C file at -O3 (README, "Compiled build").
JOBS = max(1, min(os.cpu_count() or 1, 8))
OPT_LEVEL = os.environ.get("KABOOM_MYPYC_OPT", "2")
MULTI_FILE = os.environ.get("KABOOM_MYPYC_MULTI_FILE", "1") != "0"
#: How often a compile in the foreground says how far it has come, at the most.
TICK = 8.0


class Unavailable(Exception):
    """The compiled build cannot be made here (the message says why)."""


# -- where the builds lie (the same names as kaboom._build, which this script may not import)
def builds_dir() -> Path:
    return Path(os.environ.get("KABOOM_COMPILED_DIR") or ROOT / "build" / "compiled")


POINTER, MANIFEST, IN_USE, LOCK = "current", "manifest.json", "in-use", ".lock"
#: Builds kept for every checkout of this user, by their key (``build_key``: the sources,
#: Python, mypy, the settings and this script): a fresh clone of sources built before here
#: takes that build instead of compiling it again. ``KABOOM_BUILD_CACHE=off``: none.
KEPT = 3


def shared_dir() -> Path | None:
    given = os.environ.get("KABOOM_BUILD_CACHE", "")
    if given == "off":
        return None
    if given:
        return Path(given)
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(home) / "kaboom" / "compiled"


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


def module_of(extension: str) -> str:
    """``kaboom/engine/__init__.cpython-311-x86_64-linux-gnu.so`` → ``kaboom.engine``."""
    parts = extension.removesuffix(EXT_SUFFIX).split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def remove_legacy() -> None:
    """Remove the compiled modules an older kaboom built beside the sources under ``src/``
    (Python would import them before the sources)."""
    found = [p for pkg in PACKAGES for p in (SRC / pkg).rglob(f"*{EXT_SUFFIX}")]
    found += [p for p in (SRC / extension_of(m) for m in MODULES) if p.exists()]
    found += list(SRC.glob(f"{GROUP}__mypyc*{EXT_SUFFIX}"))
    found += [p for p in [SRC / "kaboom" / "_compiled.json"] if p.exists()]
    for path in found:
        path.unlink()


# -- the compiler ---------------------------------------------------------------------------
def compiler_python() -> Path:
    """The Python that runs mypyc: this one where mypyc is installed, else the one of
    ``build/compiler/`` (which may not exist yet: :func:`make_compiler_env`)."""
    if installed(("mypyc", "setuptools")):
        return Path(sys.executable)
    return COMPILER_ENV / "bin" / "python"


def compiler_requirements() -> list[str]:
    """The ``compiled`` extra of ``pyproject.toml``: what runs mypyc."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project["optional-dependencies"]["compiled"])


def make_compiler_env() -> None:
    """Install mypyc into ``build/compiler/`` where this Python has none and it is not
    there yet."""
    python = compiler_python()
    if python == Path(sys.executable):
        return
    if python.exists() and run_quietly([str(python), "-c", "import mypyc, setuptools"]):
        return
    say("installing mypyc for the compiled build into build/compiler/ (about 30 s)...")
    shutil.rmtree(COMPILER_ENV, ignore_errors=True)
    base = getattr(sys, "_base_executable", sys.executable)
    steps = [
        [base, "-m", "venv", str(COMPILER_ENV)],
        [str(python), "-m", "pip", "install", "--quiet", *compiler_requirements()],
    ]
    for step in steps:
        if subprocess.run(step, check=False).returncode != 0:
            shutil.rmtree(COMPILER_ENV, ignore_errors=True)
            raise Unavailable(f"could not install mypyc ({shlex.join(step[-3:])} failed)")


def run_quietly(command: list[str]) -> bool:
    return subprocess.run(command, capture_output=True, check=False).returncode == 0


def mypy_version() -> str:
    """The version of mypy that compiles (read from its metadata, without importing it)."""
    python = compiler_python()
    if python == Path(sys.executable):
        return importlib.metadata.version("mypy")
    purelib = sysconfig.get_paths(vars={"base": str(COMPILER_ENV)})["purelib"]
    for dist in importlib.metadata.distributions(path=[purelib], name="mypy"):
        return str(dist.version)
    return "absent"


def check_tools() -> None:
    """Raise ``Unavailable`` where no C compiler is found."""
    compiler = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    words = shlex.split(compiler)
    if not words or shutil.which(words[0]) is None:
        raise Unavailable(f"no C compiler found ({compiler!r})")


def build_key(files: list[str]) -> str:
    """What the compiled modules depend on: every source, Python, mypy and this script."""
    digest = hashlib.sha256()
    parts = (sys.version, EXT_SUFFIX, mypy_version(), OPT_LEVEL, str(MULTI_FILE))
    for part in (*parts, Path(__file__).read_text()):
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


def current_manifest() -> tuple[Path, dict[str, object]] | None:
    """The published build's folder and manifest, or None."""
    root = builds_dir()
    try:
        folder = root / (root / POINTER).read_text(encoding="utf-8").strip()
        return folder, json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def up_to_date(key: str, files: list[str]) -> bool:
    """Whether the published build was compiled from these sources with these tools and is
    whole. Where only the sources' times changed (a checkout touches files), it is still
    up to date: the next process reads the times from a fresh manifest, published as the
    build was (written beside, then renamed over)."""
    found = current_manifest()
    if found is None:
        return False
    folder, manifest = found
    recorded = manifest.get("sources")
    if manifest.get("key") != key or not isinstance(recorded, dict) or sorted(recorded) != files:
        return False
    if not all((folder / extension_of(s)).exists() for s in files):
        return False
    # (the key holds the sources' content: only their times and sizes can differ here)
    if any(stamp_of(s) != (recorded[s]["mtime_ns"], recorded[s]["size"]) for s in files):
        write_json(folder / MANIFEST, {**manifest, "sources": manifest_entries(files)})
    return True


def stamp_of(source: str) -> tuple[int, int]:
    stat = (SRC / source).stat()
    return stat.st_mtime_ns, stat.st_size


def write_json(path: Path, value: object) -> None:
    """Write ``value`` as JSON to ``path``, whole or not at all."""
    write_whole(path, json.dumps(value, indent=1, sort_keys=True) + "\n")


def write_whole(path: Path, text: str) -> None:
    """Write ``path`` whole or not at all (beside it, then renamed over it)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


SETUP = """
import sys
from concurrent.futures import ThreadPoolExecutor
from setuptools import setup
from setuptools.command.build_ext import build_ext
from mypyc.build import mypycify

paths, lib, temp, target, group = sys.argv[1].split(","), *sys.argv[2:6]
opt_level, multi_file, jobs, python = sys.argv[6], sys.argv[7] == "1", int(sys.argv[8]), sys.argv[9]
cache = sys.argv[10]


class parallel_build_ext(build_ext):
    # setuptools compiles an extension's C files one after another: here on every core.
    def build_extensions(self):
        one_by_one = self.compiler.compile

        def compile(sources, *args, **kwargs):
            if len(sources) < 2 or jobs < 2:
                return one_by_one(sources, *args, **kwargs)
            biggest_first = sorted(sources, key=lambda s: -len(open(s, "rb").read()))
            with ThreadPoolExecutor(jobs) as pool:
                done = dict(zip(biggest_first, pool.map(
                    lambda s: one_by_one([s], *args, **kwargs), biggest_first)))
            return [o for s in sources for o in done[s]]

        self.compiler.compile = compile
        super().build_extensions()


print(f"kaboom: mypyc is reading {len(paths)} modules and writing C", flush=True)
modules = mypycify(
    # (its own mypy cache: `make test` runs mypy beside the compile)
    [f"--python-executable={python}", f"--cache-dir={cache}", *paths],
    opt_level=opt_level, multi_file=multi_file,
    target_dir=target, group_name=group,
)
print("kaboom: mypyc wrote the C; compiling it", flush=True)
setup(
    name="kaboom-compiled",
    ext_modules=modules,
    cmdclass={"build_ext": parallel_build_ext},
    script_args=["build_ext", "--build-lib", lib, "--build-temp", temp],
)
"""


def compile_modules(files: list[str], staging: Path) -> None:
    """Compile ``files`` into ``staging`` (a folder nothing reads yet); raise
    ``Unavailable`` with the log's name if the compile fails."""
    shutil.rmtree(staging, ignore_errors=True)
    shutil.rmtree(WORK / "temp", ignore_errors=True)
    shutil.rmtree(WORK / "c", ignore_errors=True)
    WORK.mkdir(parents=True, exist_ok=True)
    paths = ",".join(f"src/{s}" for s in files)
    options = [
        OPT_LEVEL,
        "1" if MULTI_FILE else "0",
        str(JOBS),
        sys.executable,
        str(WORK / "cache"),
    ]
    args = [str(staging), str(WORK / "temp"), str(WORK / "c"), GROUP, *options]
    command = [str(compiler_python()), "-c", SETUP, paths, *args]
    with LOG.open("w") as log, ticking(log):
        done = subprocess.run(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise Unavailable(f"the compile failed (see {LOG.relative_to(ROOT)})")
    names = {p.relative_to(staging).as_posix() for p in staging.rglob(f"*{EXT_SUFFIX}")}
    expected = {extension_of(s) for s in files}
    if not expected <= names:
        missing = sorted(expected - names)
        raise Unavailable(f"the compile made no {missing[0]} (see {LOG.relative_to(ROOT)})")


@contextmanager
def ticking(log: object) -> Iterator[None]:
    """Say every few seconds how far the compile has come (read from its work folder)."""
    stop = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not stop.wait(TICK):
            say(f"still compiling, {time.monotonic() - start:.0f} s: {progress()}")

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def progress() -> str:
    """Where the compile is: mypyc's type check and C, or how many C files are compiled."""
    c_files = list((WORK / "c").rglob("*.c")) if (WORK / "c").is_dir() else []
    if not c_files:
        return "mypyc is type-checking the modules and writing C (about a third of the time)"
    objects = list((WORK / "temp").rglob("*.o")) if (WORK / "temp").is_dir() else []
    if len(objects) >= len(c_files):
        return "linking the modules"
    return f"the C compiler has done {len(objects)} of {len(c_files)} C files"


# -- publishing -----------------------------------------------------------------------------
@contextmanager
def build_lock(wait: bool) -> Iterator[bool]:
    """Hold ``build/compiled/.lock`` (one compile at a time); yields False where ``wait`` is
    False and another compile holds it."""
    root = builds_dir()
    root.mkdir(parents=True, exist_ok=True)
    with (root / LOCK).open("a+") as handle:
        try:
            import fcntl
        except ImportError:
            yield True
            return
        flags = fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB)
        try:
            fcntl.flock(handle.fileno(), flags)
        except BlockingIOError:
            yield False
            return
        yield True


def publish(staging: Path, key: str, entries: dict[str, dict[str, object]]) -> Path:
    """Give ``staging`` its manifest, rename it to its published name and point
    ``current`` at it; the folder is never written again. Returns its new path."""
    root = builds_dir()
    extensions = sorted(p.relative_to(staging).as_posix() for p in staging.rglob(f"*{EXT_SUFFIX}"))
    modules = {module_of(e): e for e in extensions}
    packages = sorted(module_of(e) for e in extensions if Path(e).stem.startswith("__init__"))
    manifest = {"key": key, "modules": modules, "packages": packages, "sources": entries}
    write_json(staging / MANIFEST, manifest)
    (staging / IN_USE).touch()
    folder = root / f"{key[:16]}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"
    staging.rename(folder)
    write_whole(root / POINTER, folder.name + "\n")
    return folder


def withdraw() -> None:
    """No build published: every process started from now on runs the sources."""
    (builds_dir() / POINTER).unlink(missing_ok=True)


def remove_unused() -> list[str]:
    """Remove the build folders other than the published one that no process holds, and
    staging folders left by a compile that died. Returns their names."""
    root = builds_dir()
    found = current_manifest()
    keep = found[0].name if found else None
    removed = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if folder.name == keep:
            continue
        if folder.name.startswith(".staging-") and process_alive(folder.name.rsplit("-", 1)[1]):
            continue
        if unused(folder):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder.name)
    return removed


def unused(folder: Path) -> bool:
    """Whether no process holds ``folder`` (its ``in-use`` lock free; checked while taking
    it, so a process starting now waits and then finds the folder gone)."""
    lock = folder / IN_USE
    if not lock.exists():
        return True
    try:
        import fcntl
    except ImportError:
        return False
    with lock.open("rb") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        (folder / MANIFEST).unlink(missing_ok=True)  # (what a process waiting now checks)
        return True


def process_alive(pid: str) -> bool:
    try:
        os.kill(int(pid), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True
    return True


# -- the command ------------------------------------------------------------------------------
def say(line: str) -> None:
    print(f"kaboom: {line}", flush=True)


def build(files: list[str]) -> int:
    """Compile and publish unless up to date (the caller holds the build lock)."""
    check_tools()
    make_compiler_env()
    key = build_key(files)
    if up_to_date(key, files):
        remove_unused()
        return 0
    start = time.monotonic()
    staging = builds_dir() / f".staging-{os.getpid()}"
    entries = manifest_entries(files)  # the sources as mypyc reads them
    if take_shared(key, staging):
        publish(staging, key, entries)
        remove_unused()
        say(f"compiled build taken from {shared_dir()} (the same sources, built before)")
        return 0
    say(f"compiling {len(files)} modules with mypyc on {JOBS} cores (2-4 minutes)...")
    try:
        compile_modules(files, staging)
    except Unavailable:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    keep_shared(key, publish(staging, key, entries))
    remove_unused()
    say(f"compiled build (mypyc) ready in {time.monotonic() - start:.0f} s")
    return 0


def take_shared(key: str, staging: Path) -> bool:
    """Copy the kept build of ``key`` into ``staging`` (whole: every module its manifest
    names); False where none is kept or it is not whole."""
    shared = shared_dir()
    kept = shared / key if shared else None
    try:
        if kept is None or not kept.is_dir():
            return False
        modules = json.loads((kept / MANIFEST).read_text(encoding="utf-8"))["modules"]
        if not all((kept / relative).is_file() for relative in modules.values()):
            return False
        shutil.copytree(kept, staging, ignore=shutil.ignore_patterns(MANIFEST, IN_USE))
    except (OSError, ValueError, KeyError, TypeError):
        shutil.rmtree(staging, ignore_errors=True)
        return False
    return True


def keep_shared(key: str, folder: Path) -> None:
    """Keep a copy of the published build ``folder`` under its key (written beside, then
    renamed: a kept build is whole), and only the newest ``KEPT``. Where the cache cannot
    be written, nothing is kept: the build itself is published all the same."""
    shared = shared_dir()
    if shared is None or (shared / key).is_dir():
        return
    beside = shared / f".{key}-{os.getpid()}"
    try:
        shared.mkdir(parents=True, exist_ok=True)
        shutil.copytree(folder, beside, ignore=shutil.ignore_patterns(IN_USE))
        beside.rename(shared / key)
        kept = sorted((p for p in shared.iterdir() if not p.name.startswith(".")), key=age)
        for old in kept[:-KEPT]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        shutil.rmtree(beside, ignore_errors=True)


def age(folder: Path) -> float:
    return folder.stat().st_mtime


def background(mode: str, files: list[str]) -> int:
    """Start the compile in a process of its own where the build is not up to date."""
    try:
        check_tools()
        if compiler_python().exists() and up_to_date(build_key(files), files):
            return 0
    except Unavailable as err:
        say(f"{err}; playing on the pure-Python build")
        return 0
    root = builds_dir()
    root.mkdir(parents=True, exist_ok=True)
    log_path = root / "build.log"
    with log_path.open("w") as log:
        subprocess.Popen(
            ["nice", "-n", "15", sys.executable, __file__, mode],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    say(
        "this game runs on the pure-Python build; the compiled build (faster bots) is being "
        f"made in the background for the next start, 2-5 minutes "
        f"(progress: {log_path.relative_to(ROOT) if log_path.is_relative_to(ROOT) else log_path})"
    )
    return 0


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if a != "--background"]
    mode = args[0] if args else os.environ.get("KABOOM_BUILD") or "auto"
    if mode not in MODES:
        print(f"kaboom: KABOOM_BUILD must be one of {', '.join(MODES)}, got {mode!r}")
        return 2
    remove_legacy()
    if mode == "pure":
        with build_lock(wait=True):
            withdraw()
            remove_unused()
        print("kaboom: pure-Python build (KABOOM_BUILD=pure): compiled modules withdrawn")
        return 0
    files = sources()
    if "--background" in argv[1:]:
        return background(mode, files)
    with build_lock(wait=False) as free:
        if not free:
            say("another compile is running (build/compiled/build.log); waiting for it...")
    with build_lock(wait=True):
        try:
            return build(files)
        except Unavailable as err:
            if mode == "compiled":
                if LOG.exists():
                    sys.stdout.write(LOG.read_text()[-4000:])
                print(f"kaboom: KABOOM_BUILD=compiled, but {err}")
                return 1
            print(f"kaboom: {err}; using the pure-Python build")
            return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

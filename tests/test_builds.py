"""The two builds (README, "Compiled build"): which one runs, how the build falls back and is
forced, and that the compiled and the pure-Python modules play the same games action for
action (``tests/differential.py``). On CI (``CI=true``) a missing compiled build fails
these tests; elsewhere they are skipped with the reason."""

from __future__ import annotations

import fcntl
import hashlib
import importlib
import json
import os
import pkgutil
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kaboom
from kaboom import _build
from kaboom.cli.main import app
from needs import missing

ROOT = Path(__file__).resolve().parent.parent


def require_compiled() -> None:
    """Fail on CI, skip elsewhere, where the compiled build is not what runs."""
    if kaboom.build_kind() == _build.COMPILED:
        return
    why = (
        "the compiled build is not running (`make` builds it; KABOOM_BUILD=pure removes it, "
        "KABOOM_PURE=1 bypasses it)"
    )
    missing(why)


def compiled_modules() -> dict[str, bool]:
    """Every module of ``kaboom.engine`` and ``kaboom.games``, the search
    (``kaboom.bots.ismcts``) and the RL vector (``kaboom.rl.features``), imported: compiled
    or not."""
    found = {}
    for package in ("kaboom.engine", "kaboom.games"):
        root = importlib.import_module(package)
        found[package] = _build.is_compiled(root)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            found[info.name] = _build.is_compiled(importlib.import_module(info.name))
    for single in ("kaboom.bots.ismcts", "kaboom.rl.features"):
        found[single] = _build.is_compiled(importlib.import_module(single))
    return found


def run_pure(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in the repository, on the pure-Python modules (``KABOOM_PURE=1``)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, _build.PURE_ENV: "1", **(env or {})},
        capture_output=True,
        text=True,
        check=False,
    )


# -- which build runs -----------------------------------------------------------------------
def test_the_build_kind_is_read_from_the_modules_loaded() -> None:
    import kaboom.engine.state

    compiled = _build.is_compiled(kaboom.engine.state)
    assert kaboom.build_kind() == (_build.COMPILED if compiled else _build.PURE)
    assert kaboom.engine.state.__file__ is not None
    assert kaboom.engine.state.__file__.endswith(".py") != compiled


def test_version_and_bench_say_which_build_runs() -> None:
    runner = CliRunner()
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0, version.output
    assert version.output.strip() == f"kaboom {kaboom.__version__}, {kaboom.build_kind()}"
    bench = runner.invoke(app, ["bench", "eleminis", "--players", "2", "--seconds", "0.02"])
    assert bench.exit_code == 0, bench.output
    assert bench.output.splitlines()[0] == version.output.strip()


def test_isinstance_follows_the_classes_on_either_build() -> None:
    """Compiled classes keep isinstance caches of their own (``engine.state.own_abc_caches``):
    a check answered for one class never answers for another."""
    from kaboom.engine.state import State
    from kaboom.games.board.state import BoardGameState
    from kaboom.games.kittens.core import KittensCore
    from kaboom.games.kittens.state import KittensState

    states = [kaboom.new_game(spec.game_id, spec.min_players) for spec in kaboom.list_games()]
    classes = [State, KittensCore, KittensState, BoardGameState]
    classes += [spec.state_class for spec in kaboom.list_games()]
    for _ in range(2):  # (the second time from the caches)
        for state in states:
            assert isinstance(state, State)
            for cls in classes:
                expected = cls in type(state).__mro__
                assert isinstance(state, cls) == expected, (type(state).__name__, cls.__name__)
                assert issubclass(type(state), cls) == expected


@pytest.mark.build
def test_every_engine_and_game_module_and_the_search_is_compiled() -> None:
    require_compiled()
    found = compiled_modules()
    assert len(found) > 40
    assert [name for name, compiled in found.items() if not compiled] == []


@pytest.mark.build
def test_a_compiled_package_finds_a_module_added_since_the_build() -> None:
    """Every compiled package searches its sources' folder (mypyc sets the build folder as
    its ``__path__``, which holds no module added to the package since the build: one such,
    ``kaboom.games.option_words``, could not be imported)."""
    require_compiled()
    build = _build.running_build()
    assert build is not None
    for name in build.packages:
        assert importlib.import_module(name).__path__ == [str(_build.package_dir(name))], name


@pytest.mark.build
def test_kaboom_pure_runs_the_pure_python_modules_all_of_them() -> None:
    script = (
        "import json, kaboom, test_builds as t;"
        "print(json.dumps([kaboom.build_kind(), t.compiled_modules()]))"
    )
    path = os.pathsep.join(filter(None, [str(ROOT / "tests"), os.environ.get("PYTHONPATH")]))
    done = run_pure("-c", script, env={"PYTHONPATH": path})
    assert done.returncode == 0, done.stderr
    kind, found = json.loads(done.stdout)
    assert kind == _build.PURE
    assert len(found) > 40 and not any(found.values())


def test_a_source_changed_since_the_build_is_found(tmp_path: Path) -> None:
    """The manifest ``tools/compile.py`` writes, read as ``choose_modules`` reads it."""
    source = _build.package_dir("kaboom.engine") / "state.py"
    folder = tmp_path / "build"
    (folder / "kaboom" / "engine").mkdir(parents=True)
    (folder / "kaboom" / "engine" / "state.so").write_bytes(b"")
    stat = source.stat()
    entry: _build.SourceEntry = {
        "extension": "kaboom/engine/state.so",
        "mtime_ns": stat.st_mtime_ns,
        "size": stat.st_size,
        "sha256": "0" * 64,
    }
    sources = {"kaboom/engine/state.py": entry}
    assert _build.stale_source(sources, folder) is None  # unchanged: same time and size
    entry["mtime_ns"] += 10**9
    assert _build.stale_source(sources, folder) == "kaboom/engine/state.py"  # not the same
    entry["sha256"] = hashlib.sha256(source.read_bytes()).hexdigest()
    assert _build.stale_source(sources, folder) is None  # touched only (a checkout)
    (folder / "kaboom" / "engine" / "state.so").unlink()
    assert _build.stale_source(sources, folder) == "kaboom/engine/state.so"


def test_no_published_build_or_a_broken_pointer_runs_the_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(_build.DIR_ENV, str(tmp_path))
    assert _build.read_current() is None  # nothing published
    (tmp_path / "current").write_text("gone\n")
    assert _build.read_current() is None  # the folder named was removed
    (tmp_path / "current").write_text("../elsewhere\n")
    assert _build.read_current() is None


def test_data_files_are_found_beside_the_sources_on_either_build() -> None:
    """A compiled module's ``__file__`` names its build folder: the games' data and the
    schemas are read from the package folders under ``src/``."""
    from kaboom.games.kittens import edition

    assert _build.package_dir("kaboom.games.kittens") == edition.DATA_DIR
    assert (edition.DATA_DIR / "original.toml").is_file()
    for spec in kaboom.list_games():
        kaboom.new_game(spec.game_id, spec.min_players).observe(0)


# -- the build: automatic fallback, forced either way ------------------------------------------
@pytest.fixture
def fake_repo(tmp_path: Path) -> Path:
    """A repository of the same layout, with ``tools/compile.py`` and one small module per
    compiled package: the build script runs there, never on the real tree."""
    shutil.copytree(ROOT / "tools", tmp_path / "tools")
    (tmp_path / "src" / "kaboom").mkdir(parents=True)
    (tmp_path / "src" / "kaboom" / "__init__.py").write_text("")
    for package in ("engine", "games"):
        folder = tmp_path / "src" / "kaboom" / package
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("")
        (folder / "one.py").write_text("def twice(x: int) -> int:\n    return 2 * x\n")
    return tmp_path


def build(repo: Path, mode: str, **env: str) -> subprocess.CompletedProcess[str]:
    # (the fake repository's own build/compiled, whatever this process was pointed at, and
    # a cache of kept builds beside it, never this user's)
    cache = {"KABOOM_BUILD_CACHE": str(repo.parent / "kept-builds")}
    return subprocess.run(
        [sys.executable, str(repo / "tools" / "compile.py"), mode],
        cwd=repo,
        env={**{k: v for k, v in os.environ.items() if k != _build.DIR_ENV}, **cache, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def extensions(repo: Path) -> list[Path]:
    return sorted((repo / "src").rglob("*.so"))


@pytest.mark.build
@pytest.mark.xdist_group("build")
def test_without_a_c_compiler_the_build_falls_back_to_pure_python(fake_repo: Path) -> None:
    done = build(fake_repo, "auto", CC="/nonexistent/cc")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines() == [
        "kaboom: no C compiler found ('/nonexistent/cc'); using the pure-Python build"
    ]
    assert extensions(fake_repo) == []


@pytest.mark.build
@pytest.mark.xdist_group("build")
def test_a_forced_compiled_build_fails_loudly_without_a_c_compiler(fake_repo: Path) -> None:
    done = build(fake_repo, "compiled", CC="/nonexistent/cc")
    assert done.returncode == 1
    assert "KABOOM_BUILD=compiled, but no C compiler found" in done.stdout


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.xdist_group("build")
def test_a_failed_compile_falls_back_or_fails_when_forced(fake_repo: Path) -> None:
    """mypyc refuses a module (here a type error): auto says so in one line and leaves the
    pure-Python package; compiled fails with the compiler's output."""
    bad = fake_repo / "src" / "kaboom" / "games" / "one.py"
    bad.write_text("def twice(x: int) -> int:\n    return 'x'\n")
    done = build(fake_repo, "auto")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == (
        "kaboom: the compile failed (see build/mypyc/build.log); using the pure-Python build"
    )
    assert extensions(fake_repo) == []
    forced = build(fake_repo, "compiled")
    assert forced.returncode == 1
    assert "Incompatible return value type" in forced.stdout
    assert "KABOOM_BUILD=compiled, but the compile failed" in forced.stdout


@pytest.mark.build
@pytest.mark.xdist_group("build")
def test_a_bad_mode_is_refused(fake_repo: Path) -> None:
    done = build(fake_repo, "fast")
    assert done.returncode == 2
    assert "KABOOM_BUILD must be one of auto, compiled, pure" in done.stdout


@pytest.mark.build
@pytest.mark.xdist_group("build")
def test_pure_withdraws_the_build_and_removes_old_modules_beside_the_sources(
    fake_repo: Path,
) -> None:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in (f"src/kaboom/engine/one{suffix}", f"src/kaboom__mypyc{suffix}"):
        (fake_repo / name).write_bytes(b"")
    (fake_repo / "src" / "kaboom" / "_compiled.json").write_text("{}")  # (an older kaboom's)
    old = fake_repo / "build" / "compiled" / "old"
    old.mkdir(parents=True)
    (old / "manifest.json").write_text("{}")
    (fake_repo / "build" / "compiled" / "current").write_text("old\n")
    done = build(fake_repo, "pure")
    assert done.returncode == 0
    assert "pure-Python build" in done.stdout
    assert extensions(fake_repo) == []
    assert not (fake_repo / "src" / "kaboom" / "_compiled.json").exists()
    assert not (fake_repo / "build" / "compiled" / "current").exists()
    assert not old.exists()  # (no process held it)


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.xdist_group("build")
def test_a_build_is_published_whole_and_not_made_twice(fake_repo: Path) -> None:
    """A real compile of the fake repository's two modules: published in a folder of its
    own under build/compiled/ (nothing under src/), named by the pointer, with a manifest
    that names every module; the second run finds it up to date and compiles nothing; a
    build that is replaced is removed once no process holds it."""
    require_compiled()
    done = build(fake_repo, "compiled")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "compiled build (mypyc) ready" in done.stdout
    assert extensions(fake_repo) == []
    root = fake_repo / "build" / "compiled"
    first = root / (root / "current").read_text().strip()
    manifest = json.loads((first / "manifest.json").read_text())
    assert {"kaboom.engine", "kaboom.engine.one", "kaboom.games", "kaboom.games.one"} <= set(
        manifest["modules"]
    )
    assert "kaboom__mypyc" in manifest["modules"]
    assert sorted(manifest["packages"]) == ["kaboom.engine", "kaboom.games"]
    for relative in manifest["modules"].values():
        assert (first / relative).is_file()
    again = build(fake_repo, "compiled")
    assert again.returncode == 0 and "compiling" not in again.stdout, again.stdout
    # another checkout of the same sources takes the kept build, compiles nothing
    clone = fake_repo.parent / "clone"
    shutil.copytree(fake_repo, clone, ignore=shutil.ignore_patterns("build"))
    taken = build(clone, "compiled")
    assert taken.returncode == 0 and "compiling" not in taken.stdout, taken.stdout
    assert "compiled build taken from" in taken.stdout
    croot = clone / "build" / "compiled"
    cfolder = croot / (croot / "current").read_text().strip()
    cmanifest = json.loads((cfolder / "manifest.json").read_text())
    assert cmanifest["modules"] == manifest["modules"]
    assert all((cfolder / relative).is_file() for relative in cmanifest["modules"].values())
    one = fake_repo / "src" / "kaboom" / "games" / "one.py"
    one.write_text(one.read_text() + "\n\ndef thrice(x: int) -> int:\n    return 3 * x\n")
    with (first / "in-use").open("rb") as held:  # a process running the first build
        fcntl.flock(held.fileno(), fcntl.LOCK_SH)
        rebuilt = build(fake_repo, "compiled")
        assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
        second = root / (root / "current").read_text().strip()
        assert second != first and first.is_dir()  # held: kept
    build(fake_repo, "compiled")  # (up to date: removes what nobody holds)
    assert not first.exists() and second.is_dir()


# -- the differential test: the same games, action for action ---------------------------------
@pytest.mark.build
@pytest.mark.slow
def test_the_pure_and_compiled_builds_play_the_same_games() -> None:
    """Every registered game, several player counts and seeds, random play, the heuristic
    and ISMCTS (few iterations), a few options: the pure-Python modules in a subprocess,
    the compiled ones here; the actions, every step's events and the final states agree."""
    require_compiled()
    import differential

    done = run_pure(str(ROOT / "tests" / "differential.py"))
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)
    compiled = json.loads(json.dumps(differential.run()))  # (as JSON, as the other)
    assert (pure["build"], compiled["build"]) == (_build.PURE, _build.COMPILED)
    assert len(pure["games"]) == len(compiled["games"]) == len(differential.cases())
    games = {g["case"][0] for g in compiled["games"]}
    assert games == {spec.game_id for spec in kaboom.list_games()}
    for ours, theirs in zip(compiled["games"], pure["games"], strict=True):
        case = ours["case"]
        assert ours["case"] == theirs["case"]
        a, b = ours["actions"], theirs["actions"]
        first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        assert a == b, f"{case}: the actions part at step {first} ({len(a)} vs {len(b)} steps)"
        assert ours["events"] == theirs["events"], f"{case}: the events differ"
        assert ours["final"] == theirs["final"], f"{case}: the final states differ"


# -- a build published while tables start ------------------------------------------------------
#: A table's process: imports kaboom, later the search, plays a board game (whose compiled
#: classes refuse another build's objects), and tells which files its modules came from.
TABLE = """
import json, random, sys, time
import kaboom
from kaboom import _build
time.sleep(0.2)  # (a build may be published and the old one removed meanwhile)
import kaboom.bots.ismcts
state = kaboom.new_game("kittens-board-game", 3, seed=int(sys.argv[1]))
rng = random.Random(1)
for _ in range(200):
    if state.is_over:
        break
    state.apply(rng.choice(state.legal_actions()))
build = _build.running_build()
loaded = {
    name: (_build.is_compiled(module), getattr(module, "__file__", None))
    for name, module in list(sys.modules.items())
    if build is not None and name in build.modules
}
print(json.dumps({"build": str(build.folder) if build else None, "loaded": loaded}))
"""


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.xdist_group("build")
def test_a_table_started_while_a_build_is_published_imports_one_build(tmp_path: Path) -> None:
    """While builds are written and published one after another (each file copied slowly,
    the old folder removed when nobody holds it), tables start again and again: each
    imports every compiled module from one published folder, none from a half-written one
    and none as pure Python beside compiled ones, and plays the board game."""
    require_compiled()
    import importlib.util

    running = _build.running_build()
    assert running is not None
    spec = importlib.util.spec_from_file_location("compile_tool", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    root = tmp_path / "compiled"
    env = {**os.environ, _build.DIR_ENV: str(root)}
    os.environ[_build.DIR_ENV] = str(root)  # (for the tool's functions, here)
    try:
        shutil.copytree(
            running.folder, root / ".staging-0", ignore=shutil.ignore_patterns("*.json")
        )
        key, sources = running.manifest["key"], running.manifest["sources"]
        first = tool.publish(root / ".staging-0", key, sources)
        published = {str(first)}
        stop = threading.Event()

        def publish_slowly() -> None:
            while not stop.is_set():
                staging = root / f".staging-{os.getpid()}"
                for path in sorted(running.folder.rglob("*")):
                    target = staging / path.relative_to(running.folder)
                    if path.is_dir() or path.name in ("manifest.json", "in-use"):
                        continue
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
                    time.sleep(0.01)
                published.add(str(tool.publish(staging, key, sources)))
                tool.remove_unused()

        writer = threading.Thread(target=publish_slowly)
        writer.start()
        tables = []
        try:
            for seed in range(8):
                tables.append(
                    subprocess.run(
                        [sys.executable, "-c", TABLE, str(seed)],
                        env=env,
                        capture_output=True,
                        text=True,
                        check=False,
                    )
                )
        finally:
            stop.set()
            writer.join()
    finally:
        del os.environ[_build.DIR_ENV]
    used = set()
    for table in tables:
        assert table.returncode == 0, table.stderr
        report = json.loads(table.stdout)
        folder = report["build"]
        assert folder in published, (folder, published)
        used.add(folder)
        assert len(report["loaded"]) > 40
        for name, (compiled, file) in report["loaded"].items():
            assert compiled, f"{name} ran as pure Python beside the compiled build"
            assert file.startswith(folder + os.sep), f"{name} came from {file}, not {folder}"
    assert len(published) > 2 and len(used) > 1  # (builds were published as tables started)

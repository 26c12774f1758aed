"""The first five minutes (README, the two commands): ``make play`` installs what playing
needs and nothing else, read from the package metadata; ``tools/install.py`` says what it is
doing; the Makefile's play and serve targets do not wait for the compiled build."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
#: What a player never installs: the research, browser-test, compiler and test stacks.
NEVER_FOR_PLAYING = {"torch", "ray", "playwright", "open-spiel", "pytest", "mypy"}


def tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def closure(requirement: str) -> set[str]:
    """Every distribution pip installs for ``requirement`` (``kaboom`` or ``kaboom[server]``),
    walked through the installed packages' own metadata, markers evaluated for here."""
    seen: set[str] = set()
    todo = [Requirement(requirement)]
    while todo:
        wanted = todo.pop()
        name = canonicalize_name(wanted.name)
        extras = set(wanted.extras)
        key = f"{name}[{','.join(sorted(extras))}]"
        if key in seen:
            continue
        seen.add(key)
        for line in importlib.metadata.requires(name) or []:
            needed = Requirement(line)
            if needed.marker is not None:
                env: dict[str, str] = {k: str(v) for k, v in default_environment().items()}
                if not any(
                    needed.marker.evaluate({**env, "extra": extra}) for extra in extras or {""}
                ):
                    continue
            todo.append(needed)
    return {key.split("[")[0] for key in seen}


def play_requirement() -> str:
    """What ``make play`` asks pip for (``tools/install.py``'s play role), as a requirement."""
    spec = tool("install").ROLES["play"][0]
    assert spec == ".", spec
    return "kaboom"


def test_the_play_environment_holds_no_research_test_or_compiler_package() -> None:
    playing = closure(play_requirement())
    assert {"kaboom", "typer", "rich", "textual"} <= playing
    assert playing & NEVER_FOR_PLAYING == set()
    assert {"fastapi", "uvicorn", "sqlalchemy", "numpy"} & playing == set()  # (the extras')


def test_the_walk_finds_what_the_extras_bring() -> None:
    """The same walk over the dev extra finds the stacks a player never gets: the test
    above can fail."""
    assert closure("kaboom[dev,bench]") >= NEVER_FOR_PLAYING
    assert {"fastapi", "uvicorn"} <= closure("kaboom[server]")


def test_the_serve_environment_holds_the_server_but_no_research_or_test_package() -> None:
    assert tool("install").ROLES["serve"][0] == ".[server]"
    serving = closure("kaboom[server]")
    assert serving & NEVER_FOR_PLAYING == set()


def test_play_and_serve_start_the_table_without_waiting_for_the_compile() -> None:
    """The Makefile's play and serve targets compile in the background only, and install
    only their own role."""
    makefile = (ROOT / "Makefile").read_text()
    for target, role in (("play", "PLAY"), ("serve", "SERVE")):
        body = re.search(rf"^{target}: (.*)\n((?:\t.*\n)+)", makefile, re.MULTILINE)
        assert body is not None, target
        assert body.group(1).strip() == f"$({role})"
        compiles = [line for line in body.group(2).splitlines() if "compile.py" in line]
        assert compiles and all("--background" in line for line in compiles), compiles


def test_install_tells_what_it_does_while_pip_is_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A command silent for longer than the quiet limit gets lines saying what is going on;
    its notable lines are passed on."""
    install = tool("install")
    install.QUIET = 0.5
    script = "import time; print('Collecting typer', flush=True); time.sleep(1.8); print('x')"
    start = time.monotonic()
    assert install.run_told([sys.executable, "-c", script], "installing") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "  Collecting typer"
    assert any(line.startswith("kaboom: still installing (") for line in out[1:]), out
    assert "x" not in [line.strip() for line in out]  # (pip's other lines are left out)
    assert time.monotonic() - start < 30


def test_a_role_done_since_pyproject_changed_installs_nothing(tmp_path: Path) -> None:
    install = tool("install")
    venv = tmp_path / "venv"
    venv.mkdir()
    assert not install.done(venv, "play")
    install.stamp(venv, "dev").touch()
    assert install.done(venv, "play") and install.done(venv, "serve")  # (dev includes them)
    old = (ROOT / "pyproject.toml").stat().st_mtime - 10
    os.utime(install.stamp(venv, "dev"), (old, old))
    assert not install.done(venv, "play")  # pyproject changed since


def test_the_installer_refuses_an_unknown_role() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "install.py"), "everything"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "usage: install.py play|serve|dev" in done.stderr


def test_uv_installs_from_where_pip_would_under_pips_constraints() -> None:
    """pip's settings, as ``pip config list`` gives them (a file's and a variable's), become
    uv's flags, each once; a setting uv needs no flag for is left out."""
    install = tool("install")
    config = [
        ("cert", "/etc/ssl/certs/ca.crt"),
        ("find-links", "/opt/wheels"),
        ("constraint", "/etc/pip/constraints.txt"),
        ("extra-index-url", "file:///a/simple file:///b/simple"),
        ("find-links", "/opt/wheels"),
    ]
    assert install.uv_settings(config) == [
        "--find-links", "/opt/wheels",
        "--constraint", "/etc/pip/constraints.txt",
        "--extra-index-url", "file:///a/simple",
        "--extra-index-url", "file:///b/simple",
        "--index-strategy", "unsafe-best-match",
    ]  # fmt: skip
    assert install.uv_settings([]) == ["--index-strategy", "unsafe-best-match"]


def test_pip_installs_where_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    install = tool("install")
    monkeypatch.setenv("KABOOM_INSTALLER", "pip")
    command, name = install.installer(Path(sys.executable))
    assert name == "pip" and command[1:4] == ["-m", "pip", "install"]

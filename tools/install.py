"""Set up ``.venv/`` with what one use of kaboom needs, saying how far it has come.

    python3 tools/install.py play|serve|dev [VENV]

- ``play``: kaboom and its core (Typer, Rich, Textual, jsonschema, openskill): the terminal
  table, ``make play``. No server, research, test or compiler packages.
- ``serve``: the core and the ``server`` extra (FastAPI, uvicorn, SQLAlchemy...): ``make
  serve``, the browser table.
- ``dev``: everything the tests use (the ``dev`` extra, torch and Ray among them): ``make
  test``, ``make check``.

Each role records itself in ``VENV/.installed-ROLE`` (newer than ``pyproject.toml`` when
done); a role that includes another records that one too (``dev`` ⊃ ``serve`` ⊃ ``play``),
so ``make play`` after ``make test`` installs nothing. The installs are made with uv, given
pip's own settings (pip where uv cannot be had); the installer's output is read as it comes
and told in short lines, and while it says nothing a line says what it is doing, at least
every few seconds. Uses only the standard library: it runs on the Python that makes the
environment.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What each role installs (pip's requirement on this checkout), what it says about it, and
#: the roles it includes.
ROLES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "play": (".", "kaboom and its core: Typer, Rich, Textual (about 70 MB, seconds)", ()),
    "serve": (
        ".[server]",
        "kaboom, its core and the server: FastAPI, uvicorn, SQLAlchemy (about 120 MB, seconds)",
        ("play",),
    ),
    "dev": (
        ".[dev]",
        "everything the tests use, torch and Ray among them (about 2 GB, 15 s to a few minutes)",
        ("play", "serve"),
    ),
}
#: The longest the installer (uv or pip) may go without a line from us.
QUIET = 5.0
#: The installer's lines worth passing on, shortened: what pip (or uv) is collecting,
#: building, installing.
WORTH = re.compile(
    r"^(Collecting|Downloading|Building|Installing|Successfully|ERROR|error"
    r"|Resolved|Prepared|Installed|Bytecode compiled)"
)
#: Where uv is put for the installs (``build/`` is the checkout's own, ignored by git).
UV_HOME = ROOT / "build" / "uv"
#: pip's settings (``pip config list``: its files and ``PIP_*`` variables) that uv is given
#: too, so that both install from the same places under the same constraints.
PIP_TO_UV = {
    "index-url": "--index-url",
    "extra-index-url": "--extra-index-url",
    "find-links": "--find-links",
    "constraint": "--constraint",
}


def stamp(venv: Path, role: str) -> Path:
    return venv / f".installed-{role}"


def done(venv: Path, role: str) -> bool:
    """Whether ``role`` (or a role that includes it) was installed since the last change of
    ``pyproject.toml``."""
    changed = (ROOT / "pyproject.toml").stat().st_mtime
    roles = [role, *(r for r, (_, _, inner) in ROLES.items() if role in inner)]
    return any(stamp(venv, r).exists() and stamp(venv, r).stat().st_mtime >= changed for r in roles)


def say(line: str) -> None:
    print(f"kaboom: {line}", flush=True)


def run_told(command: list[str], doing: str) -> int:
    """Run ``command``, passing on its notable lines; while it prints nothing notable, say
    every few seconds that it is still ``doing`` something."""
    start = last = time.monotonic()
    stop = threading.Event()
    lock = threading.Lock()

    def tick() -> None:
        nonlocal last
        while not stop.wait(1.0):
            with lock:
                if time.monotonic() - last >= QUIET:
                    say(f"still {doing} ({time.monotonic() - start:.0f} s)...")
                    last = time.monotonic()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert process.stdout is not None
    tail: list[str] = []
    for raw in process.stdout:
        line = raw.rstrip()
        tail = [*tail[-40:], line]
        if WORTH.match(line.lstrip()):
            with lock:
                print(f"  {line.strip()[:100]}", flush=True)
                last = time.monotonic()
    code = process.wait()
    stop.set()
    thread.join()
    if code != 0:
        print("\n".join(tail), file=sys.stderr)
    return code


def install(role: str, venv: Path) -> int:
    if done(venv, role):
        return 0
    requirement, what, inner = ROLES[role]
    start = time.monotonic()
    python = venv / "bin" / "python"
    if not python.exists():
        say(f"making the environment {venv}/ (a few seconds)...")
        made = run_told([sys.executable, "-m", "venv", str(venv)], "making the environment")
        if made != 0:
            return made
    say(f"installing {what}")
    command, tool = installer(python)
    code = run_told([*command, "-e", requirement], "installing")
    if code != 0:
        say(f"the install failed ({tool} exit status {code}); see the lines above")
        return code
    for name in (role, *inner):
        stamp(venv, name).touch()
    say(f"installed in {time.monotonic() - start:.0f} s")
    return 0


def installer(python: Path) -> tuple[list[str], str]:
    """The install command for the environment of ``python``, and its name: uv (several
    times faster than pip: it downloads in parallel and links from its cache; fetched with
    the environment's pip the first time, into ``build/uv``) with pip's own settings, or
    pip itself where uv cannot be had (``KABOOM_INSTALLER=pip`` asks for pip)."""
    pip = [str(python), "-m", "pip", "install", "--progress-bar", "off"]
    if os.environ.get("KABOOM_INSTALLER") == "pip":
        return pip, "pip"
    uv = UV_HOME / "bin" / "uv"
    if not uv.exists():
        say("fetching uv, the installer (a few seconds)...")
        got = run_told([*pip, "--quiet", "--target", str(UV_HOME), "uv"], "fetching uv")
        if got != 0 or not uv.exists():
            say("uv could not be had: pip installs instead (slower)")
            return pip, "pip"
    settings = uv_settings(pip_config(python))
    command = [str(uv), "pip", "install", "--python", str(python), "--compile-bytecode"]
    return [*command, *settings], "uv"


def pip_config(python: Path) -> list[tuple[str, str]]:
    """pip's settings as ``pip config list`` prints them (``global.find-links='/x'``,
    ``:env:.constraint='/y'``): each key without its scope, and its value."""
    listed = subprocess.run(
        [str(python), "-m", "pip", "config", "list"], capture_output=True, text=True, check=False
    )
    found: list[tuple[str, str]] = []
    for line in listed.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            found.append((key.rsplit(".", 1)[-1], value.strip().strip("'\"")))
    return found


def uv_settings(config: list[tuple[str, str]]) -> list[str]:
    """uv's flags for pip's settings of where to install from and under which constraints
    (a setting pip holds twice, in a file and a variable, is given once; pip's indexes are
    all equally trusted, as pip treats them)."""
    pairs: list[tuple[str, str]] = []
    for key, value in config:
        flag = PIP_TO_UV.get(key)
        pairs += [(flag, item) for item in value.split() if flag and (flag, item) not in pairs]
    return [*(part for pair in pairs for part in pair), "--index-strategy", "unsafe-best-match"]


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[1] not in ROLES:
        print(f"usage: {Path(argv[0]).name} {'|'.join(ROLES)} [VENV]", file=sys.stderr)
        return 2
    venv = Path(argv[2]) if len(argv) > 2 else ROOT / ".venv"
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    return install(argv[1], venv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

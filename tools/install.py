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
so ``make play`` after ``make test`` installs nothing. pip's output is read as it comes and
told in short lines, and while pip says nothing a line says what it is doing, at least
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
    "play": (".", "kaboom and its core: Typer, Rich, Textual (about 70 MB, under a minute)", ()),
    "serve": (
        ".[server]",
        "kaboom, its core and the server: FastAPI, uvicorn, SQLAlchemy (about 120 MB, "
        "about a minute)",
        ("play",),
    ),
    "dev": (
        ".[dev]",
        "everything the tests use, torch and Ray among them (about 2 GB, 2-15 minutes)",
        ("play", "serve"),
    ),
}
#: The longest pip may go without a line from us.
QUIET = 5.0
#: pip's lines worth passing on, shortened: what it is collecting, building, installing.
WORTH = re.compile(r"^(Collecting|Downloading|Building|Installing|Successfully|ERROR)")


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
    pip = [str(python), "-m", "pip", "install", "--progress-bar", "off"]
    code = run_told([*pip, "-e", requirement], "installing")
    if code != 0:
        say(f"the install failed (pip exit status {code}); see the lines above")
        return code
    for name in (role, *inner):
        stamp(venv, name).touch()
    say(f"installed in {time.monotonic() - start:.0f} s")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[1] not in ROLES:
        print(f"usage: {Path(argv[0]).name} {'|'.join(ROLES)} [VENV]", file=sys.stderr)
        return 2
    venv = Path(argv[2]) if len(argv) > 2 else ROOT / ".venv"
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    return install(argv[1], venv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

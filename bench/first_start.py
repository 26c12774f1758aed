"""The first five minutes, measured: a fresh clone, ``make play``, and the table on screen.

    python bench/first_start.py [--source DIR] [--rev REV] [--serve] [--no-pip-cache]
                                 [--keep] [--json]

What a newcomer does, timed as they see it: clone the repository into a temporary folder,
run ``make play`` in an 80×24 terminal (tmux), and wait until the table is on screen (the
pane shows ``Draw Pile``). Reported:

- ``first_s``: seconds from the clone's start to the table on screen;
- ``longest_silence_s``: the longest stretch before that in which the screen did not change
  (read from the pane ten times a second), and what the screen said just before it;
- ``venv_mb``: the size of the environment ``make play`` made;
- ``compiled_s``: how long the compiled build took in the background, from the table's
  appearance until it was published (``build/compiled/current``);
- ``second_s``: a second ``make play`` in the same clone, from the command to the table
  (on the compiled build where it was ready);
- with ``--serve``: ``serve_s``, a fresh clone's ``make serve`` until the lobby answers
  on http://127.0.0.1:PORT/;
- ``load``: the load average before and after (the figures mean little on a busy machine).

The reference is the goal of issue 27: the table within 60 s, no silence over 10 s, the
second start under 3 s, the browser table within 90 s. The installers' caches (uv's, and
pip's where uv is not had) are used as they use them (``--no-pip-cache`` turns both off:
every package downloaded). Needs git, make and tmux.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the table shows once it is on screen.
TABLE = "Draw Pile"
POLL = 0.1
LIMIT = 900.0


@dataclass
class Screen:
    """What a run in tmux showed: when the table appeared, the longest still stretch."""

    seconds: float | None = None
    longest_silence_s: float = 0.0
    silence_after: str = ""
    last_screen: str = ""


@dataclass
class Figures:
    first_s: float | None = None
    longest_silence_s: float = 0.0
    silence_after: str = ""
    venv_mb: float = 0.0
    compiled_s: float | None = None
    second_s: float | None = None
    serve_s: float | None = None
    load: list[list[float]] = field(default_factory=list)


class Tmux:
    """A private tmux server (its own socket) with one 80×24 session."""

    def __init__(self, name: str) -> None:
        self.socket = f"kaboom-bench-{os.getpid()}-{name}"

    def run(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=False
        )
        return done.stdout

    def start(self, folder: Path, command: str) -> None:
        self.run("new-session", "-d", "-s", "s", "-x", "80", "-y", "24", "-c", str(folder))
        self.run("send-keys", "-t", "s", f"{command}; sleep 600", "Enter")

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "s")

    def stop(self) -> None:
        self.run("kill-server")


def clean_env() -> dict[str, str]:
    """The environment of a newcomer's shell: none of this session's virtualenv or kaboom
    settings."""
    drop = ("VIRTUAL_ENV", "PYTHONPATH", "KABOOM_PURE", "KABOOM_BUILD", "KABOOM_COMPILED_DIR")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    bin_dirs = [p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p]
    env["PATH"] = os.pathsep.join(bin_dirs)
    return env


def watch(tmux: Tmux, start: float, until: str, limit: float = LIMIT) -> Screen:
    """Read the pane until it shows ``until``; time the still stretches on the way."""
    seen = Screen()
    last, changed = "", time.monotonic()
    while time.monotonic() - start < limit:
        screen = tmux.screen()
        now = time.monotonic()
        if screen != last:
            if now - changed > seen.longest_silence_s:
                seen.longest_silence_s = now - changed
                seen.silence_after = last.strip().splitlines()[-1:][0] if last.strip() else ""
            last, changed = screen, now
        if until in screen:
            seen.seconds = now - start
            break
        time.sleep(POLL)
    seen.last_screen = last
    return seen


def tree_mb(folder: Path) -> float:
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total / 2**20


def wait_compiled(clone: Path, limit: float = LIMIT) -> float | None:
    """Seconds until the background compile has published its build, or None."""
    start = time.monotonic()
    pointer = clone / "build" / "compiled" / "current"
    if not (clone / "build" / "compiled" / "build.log").exists():
        return None  # (no compile in the background: an older make play compiled first)
    while time.monotonic() - start < limit:
        if pointer.exists():
            return time.monotonic() - start
        log = clone / "build" / "compiled" / "build.log"
        if log.exists() and "using the pure-Python build" in log.read_text():
            return None
        time.sleep(1.0)
    return None


def clone(source: Path, into: Path, env: dict[str, str], rev: str | None = None) -> Path:
    target = into / "kaboom"
    subprocess.run(["git", "clone", "--quiet", str(source), str(target)], check=True, env=env)
    if rev is not None:
        checkout = ["git", "-C", str(target), "checkout", "--quiet", rev]
        subprocess.run(checkout, check=True, env=env)
    return target


def first_play(
    source: Path, workdir: Path, env: dict[str, str], figures: Figures, rev: str | None = None
) -> Path:
    tmux = Tmux("play")
    start = time.monotonic()
    folder = clone(source, workdir, env, rev)
    try:
        tmux.start(folder, "make play")
        seen = watch(tmux, start, TABLE)
        tmux.run("send-keys", "-t", "s", "q")
    finally:
        tmux.stop()
    if seen.seconds is None:
        sys.stderr.write(f"the table never appeared; the screen:\n{seen.last_screen}\n")
    figures.first_s = seen.seconds
    figures.longest_silence_s = round(seen.longest_silence_s, 1)
    figures.silence_after = seen.silence_after
    figures.venv_mb = round(tree_mb(folder / ".venv"), 1)
    return folder


def second_play(folder: Path, figures: Figures) -> None:
    tmux = Tmux("again")
    start = time.monotonic()
    try:
        tmux.start(folder, "make play")
        seen = watch(tmux, start, TABLE, limit=60)
        tmux.run("send-keys", "-t", "s", "q")
    finally:
        tmux.stop()
    figures.second_s = seen.seconds


def first_serve(source: Path, workdir: Path, env: dict[str, str], figures: Figures) -> None:
    tmux = Tmux("serve")
    start = time.monotonic()
    folder = clone(source, workdir / "serve", env)
    port = 8765
    try:
        tmux.start(folder, f"make serve KABOOM_SERVE_ARGS='--port {port}'")
        while time.monotonic() - start < LIMIT:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as reply:
                    if reply.status == 200:
                        figures.serve_s = time.monotonic() - start
                        break
            except OSError:
                time.sleep(0.25)
    finally:
        tmux.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="the repository to clone")
    parser.add_argument("--rev", help="the commit to check out (default: the source's HEAD)")
    parser.add_argument("--serve", action="store_true", help="time make serve too")
    parser.add_argument("--serve-only", action="store_true", help="time make serve alone")
    parser.add_argument("--no-pip-cache", action="store_true", help="download every package")
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for tool in ("git", "make", "tmux"):
        if shutil.which(tool) is None:
            parser.error(f"{tool} is needed")
    env = clean_env()
    if args.no_pip_cache:
        env["PIP_NO_CACHE_DIR"] = "1"
        env["UV_NO_CACHE"] = "1"  # (the installs are uv's: tools/install.py)
    os.environ.clear()
    os.environ.update(env)  # (tmux's server starts from this environment)
    figures = Figures(load=[[round(x, 2) for x in os.getloadavg()]])
    workdir = Path(tempfile.mkdtemp(prefix="kaboom-first-start-"))
    try:
        if not args.serve_only:
            folder = first_play(args.source, workdir, env, figures, args.rev)
            figures.compiled_s = wait_compiled(folder)
            second_play(folder, figures)
        if args.serve or args.serve_only:
            first_serve(args.source, workdir, env, figures)
    finally:
        figures.load.append([round(x, 2) for x in os.getloadavg()])
        if args.keep:
            print(f"kept: {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    report(figures, args.json, args.serve or args.serve_only)
    return 0 if figures.first_s is not None or figures.serve_s is not None else 1


def report(figures: Figures, as_json: bool, served: bool) -> None:
    if as_json:
        print(json.dumps(asdict(figures), indent=1))
        return

    def s(value: float | None) -> str:
        return "never" if value is None else f"{value:.1f} s"

    print(f"make play, fresh clone -> table on screen: {s(figures.first_s)} (goal 60 s)")
    print(
        f"longest silent stretch: {figures.longest_silence_s:.1f} s (goal 10 s), "
        f"after: {figures.silence_after!r}"
    )
    print(f"environment: {figures.venv_mb:.0f} MB")
    print(f"compiled build in the background: {s(figures.compiled_s)} after the table")
    print(f"second make play -> table: {s(figures.second_s)} (goal 3 s)")
    if served:
        print(f"make serve, fresh clone -> lobby answers: {s(figures.serve_s)} (goal 90 s)")
    print(f"load average (1, 5, 15 min) before {figures.load[0]}, after {figures.load[-1]}")


if __name__ == "__main__":
    sys.exit(main())

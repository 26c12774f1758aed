"""Where the commands print: Rich consoles and the progress bar, Rich imported only when a
command prints through it (a ``--json`` run into a pipe never does)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


@cache
def out() -> Console:
    """Standard output, through Rich."""
    from rich.console import Console

    return Console()


@cache
def err() -> Console:
    """Standard error, through Rich (lines never cut)."""
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True)


@contextmanager
def progress_bar(label: str, unit: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A bar on stderr counting ``total`` ``unit``; yields the function that advances it.
    ``quiet`` (``--json``): the bar is erased at the end, and drawn only where stderr is a
    terminal (into a pipe or a file it would be nothing but cost)."""
    if quiet and not sys.stderr.isatty():
        yield lambda k: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err(), transient=quiet,
    ) as bar:  # fmt: skip
        task = bar.add_task(unit, total=total)
        yield lambda k: bar.advance(task, k)

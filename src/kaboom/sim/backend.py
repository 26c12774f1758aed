"""Where games are played: here, one after another or in worker processes, or on a Ray
cluster (``kaboom[ray]``, docs/scale.md).

Work is split by seed, never by timing: every task carries the seeds it plays from, tasks go
out in batches, and results come back in task order whatever ran them and whenever they
finished. So the same tasks give the same figures on every backend and any number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kaboom.engine.errors import BadInput, KaboomError
from kaboom.i18n import _

T = TypeVar("T")
R = TypeVar("R")

#: The backends, by the name ``--backend`` takes.
BACKENDS = ("local", "ray")
#: Batches per worker: enough that a slow batch does not hold the others up, few enough that
#: sending them costs little next to playing them.
BATCHES_PER_WORKER = 8


@dataclass(frozen=True)
class Backend:
    """A way to run tasks: ``local`` with ``workers`` processes (1: here, in this process),
    or ``ray`` on the cluster at ``address`` (None: a local Ray with ``workers`` CPUs)."""

    kind: str = "local"
    workers: int = 1
    address: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in BACKENDS:
            why = _("one of {names}, got {value!r}").format(
                names=", ".join(BACKENDS), value=self.kind
            )
            raise BadInput("--backend", why)
        if isinstance(self.workers, bool) or not isinstance(self.workers, int) or self.workers < 1:
            why = _("a positive number of workers, got {value!r}").format(value=self.workers)
            raise BadInput("--workers", why)
        if self.address is not None and self.kind != "ray":
            raise BadInput("--address", _("only with --backend ray"))

    @property
    def parallel(self) -> bool:
        """Whether tasks leave this process."""
        return self.kind == "ray" or self.workers > 1

    def capacity(self) -> int:
        """How many tasks run at once: the local workers, or the Ray cluster's CPUs."""
        if self.kind == "local":
            return self.workers
        ray = ray_session(self.address, self.workers)
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn`` of every item, in the items' order. ``fn`` must be a module-level function
        (it is sent to the workers by name)."""
        if not self.parallel:
            return map(fn, items)
        if self.kind == "local":
            return self._processes(fn, items)
        return self._ray(fn, items)

    def _processes(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        from concurrent.futures import ProcessPoolExecutor  # (only here: it costs a start)

        batches = split(items, self.workers * BATCHES_PER_WORKER)
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            for results in pool.map(run_batch, [fn] * len(batches), batches):
                yield from results

    def _ray(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        ray = ray_session(self.address, self.workers)
        remote = ray.remote(num_cpus=1)(run_batch)
        function = ray.put(fn)
        batches = split(items, self.capacity() * BATCHES_PER_WORKER)
        refs = [remote.remote(function, batch) for batch in batches]
        for ref in refs:
            try:
                yield from ray.get(ref)
            except ray.exceptions.RayTaskError as e:
                if isinstance(e.cause, KaboomError):
                    raise e.cause from None
                raise


def run_batch(fn: Callable[[T], R], batch: Sequence[T]) -> list[R]:
    """One batch of tasks, in a worker."""
    return [fn(item) for item in batch]


def split(items: Sequence[T], parts: int) -> list[list[T]]:
    """``items`` in at most ``parts`` consecutive batches of nearly equal size.

    >>> split(list(range(7)), 3)
    [[0, 1, 2], [3, 4, 5], [6]]
    >>> split([], 3)
    []
    """
    size = max(1, math.ceil(len(items) / max(1, parts)))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def ray_session(address: str | None, workers: int) -> Any:
    """The ``ray`` module, connected: to the session already started in this process (a
    test's ``ray.init(num_cpus=2)``), to the cluster at ``address``, or to a new local Ray
    with ``workers`` CPUs. Missing or unreachable: ``BadInput`` naming the option."""
    import logging

    try:
        import ray
    except ImportError:
        raise BadInput("--backend", _("ray is not installed: pip install 'kaboom[ray]'")) from None
    if not ray.is_initialized():
        if address is not None:
            check_reachable(address)
        try:
            ray.init(
                address=address,
                num_cpus=None if address else workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
                configure_logging=False,
            )
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise BadInput(
                "--address", _("a reachable Ray cluster ({error})").format(error=e)
            ) from None
    return ray


def check_reachable(address: str) -> None:
    """``BadInput`` naming ``--address`` when nothing answers at ``HOST:PORT`` (or
    ``ray://HOST:PORT``) within a few seconds; Ray itself would retry for minutes. Other
    forms (``auto``) are left to Ray.

    >>> check_reachable("127.0.0.1:1")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: --address: a reachable Ray cluster, none at 127.0.0.1:1
    """
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError:
        why = _("a reachable Ray cluster, none at {address}").format(address=address)
        raise BadInput("--address", why) from None

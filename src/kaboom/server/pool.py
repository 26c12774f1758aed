"""The bots' searches, in worker processes that take turns between the tables' owners.

A search is CPU-bound Python: in a thread of the server's process it holds the GIL
against the event loop, and every table's messages wait their turn behind it (measured:
one table of four ``ismcts:level=hard`` bots took another table's ping from 0.25 ms to
6 ms, median, in threads; 0.5 ms either way in processes: README, "Bots and the server's
CPU"). So a decision that goes to the pool (``Hub.think``) is sent, the bot and its view
pickled (about 5 kB), to one of a few worker processes, which run at a lower CPU
priority than the server (``NICE``): the loop that serves every table never waits for a
core behind a search. The pool takes the calls of each owner (the client address that
created the table) in turn, so one client's many searches cannot make another's wait
more than one round of everyone's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar, TypeVarTuple

log = logging.getLogger("kaboom.server")

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
#: How much lower the workers' CPU priority is than the server process's (``os.nice``).
NICE = 10
#: A call waiting its turn: the function, its arguments, and its answer to come.
Call = tuple[Callable[..., object], tuple[object, ...], "asyncio.Future[Any]"]


def start_worker() -> None:
    """A worker process begins: below the server's priority, with every game loaded
    (the first decision need not read them), and watching the server: it ends when the
    server does, even killed (``kill -9``: nothing else would end it, blocked on its
    queue)."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    threading.Thread(target=_end_with_server, name="kaboom-watch", daemon=True).start()
    from kaboom.engine.registry import list_games

    list_games()


def _end_with_server() -> None:
    server = multiprocessing.parent_process()
    if server is not None:
        server.join()  # (a pipe's end that the server holds: closed when it exits)
        os._exit(0)


class BotPool:
    """``workers`` processes; calls queue per owner and are taken one owner at a time, in
    turn (a round robin), at most ``workers`` at once."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self.executor = self._executor()
        #: Hands calls to the executor off the event loop (the first starts a process).
        self.hand = ThreadPoolExecutor(1, thread_name_prefix="kaboom-bot")
        self.busy = 0
        #: Each owner's calls in order; the dict's order is the owners' turn.
        self.waiting: dict[str, deque[Call]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False

    def _executor(self) -> ProcessPoolExecutor:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=start_worker)

    async def run(self, owner: str, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """``fn(*args)`` in a worker process, when ``owner``'s turn comes."""
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(owner, deque()).append((fn, args, answer))
        self._next()
        return await answer

    def _next(self) -> None:
        while self.busy < self.workers and self.waiting:
            owner = next(iter(self.waiting))
            calls = self.waiting.pop(owner)
            fn, args, answer = calls.popleft()
            if calls:
                self.waiting[owner] = calls  # the owner's next call waits for the others'
            if answer.done():  # (given up while it waited)
                continue
            self.busy += 1
            task = asyncio.get_running_loop().create_task(self._call(fn, args, answer))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _call(
        self, fn: Callable[..., object], args: tuple[object, ...], answer: asyncio.Future[Any]
    ) -> None:
        try:
            result = await self._submit(fn, args)
        except Exception as err:
            if not answer.done():
                answer.set_exception(err)
        else:
            if not answer.done():
                answer.set_result(result)
        finally:
            self.busy -= 1
            self._next()

    async def _submit(self, fn: Callable[..., object], args: tuple[object, ...]) -> object:
        """The call's result; a worker that died (killed, out of memory) breaks the
        executor: a new one is made and the call tried once more."""
        executor = self.executor
        try:
            return await self._once(executor, fn, args)
        except BrokenProcessPool:
            if self.closed:
                raise
            if executor is self.executor:  # (not renewed already by another call)
                log.warning("a bot worker process died; starting new ones")
                self.executor = self._executor()
                executor.shutdown(wait=False, cancel_futures=True)
            return await self._once(self.executor, fn, args)

    async def _once(
        self, executor: ProcessPoolExecutor, fn: Callable[..., object], args: tuple[object, ...]
    ) -> object:
        loop = asyncio.get_running_loop()
        done = await loop.run_in_executor(self.hand, executor.submit, fn, *args)
        return await asyncio.wrap_future(done)

    def shutdown(self) -> None:
        """Stop at once: a search under way is not waited for (its process is ended), and
        the executor's queues are closed before the server exits (their semaphores are
        not left for the resource tracker to complain of)."""
        self.closed = True
        # (Python 3.14's ProcessPoolExecutor.terminate_workers; before it, its processes)
        for process in list((getattr(self.executor, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.terminate()
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.hand.shutdown(wait=False, cancel_futures=True)

"""Commits of match writes: `GroupCommit` batches the commits that arrive while a transaction is in
flight (see store.py for what is stored, and why from a thread).

Moved out of store.py, which keeps the tables and the statements; matches.py and lobby.py make
one `GroupCommit` per server process and await `commit` for every write of a match.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from sqlalchemy.exc import SQLAlchemyError

from .seats import MatchError
from .store import Commit, Store

log = logging.getLogger("boardwright.server")


class GroupCommit:
    """Batches the commits that arrive while a transaction is in flight into the next one.

    `await commit(c)` returns once `c` is durable (or raises the database's error). One
    transaction is written at a time, in a thread, which is also what SQLite wants. When a
    grouped transaction fails (typically one `SeqConflict` among many matches), each commit of
    the batch is retried alone, so only the commit at fault hears the error.

    Each step of an acknowledgement waits for a whole turn of the event loop when the server
    is busy, so the path is kept short. On SQLite (`here`) a commit while no batch is in flight
    is written at once on the loop's thread: the move's answer then leaves in the turn that
    applied it, as an echo's does (through a thread it took three more turns). Otherwise the
    first commit of a batch hands it to a writer thread at once (no task to start first), the
    thread retries a failed batch itself, and its completion resolves the waiters' futures
    directly (not through `wrap_future`, which takes one more turn).
    """

    #: in-loop commits between two checkpoints of the write-ahead log (in a thread)
    CHECKPOINT_EVERY = 500

    def __init__(self, store: Store, here: bool | None = None) -> None:
        self.store = store
        #: commit on the loop's own thread while no batch is in flight (`Store.commit_here`):
        #: SQLite, whose file this process alone writes; never a database across a network
        self.here = not store.shared and store.engine.dialect.name == "sqlite" \
            if here is None else here
        self._since_checkpoint = 0
        self._pending: list[tuple[Commit, asyncio.Future[None]]] = []
        self._busy = False
        # One batch is written at a time (`_busy`); the second thread is idle and ready while
        # the first returns from the batch before: with a single thread, the next batch waited
        # for it (and for the GIL), ~1 ms per move at p50 under light load (--think 1.0).
        self._thread = ThreadPoolExecutor(max_workers=2, thread_name_prefix="commit")

    async def commit(self, item: Commit) -> None:
        loop = asyncio.get_running_loop()
        if self.here and not self._busy and self._commit_here(item):
            return
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((item, future))
        if not self._busy:
            self._start(loop)
        try:
            await future
        except SQLAlchemyError as exc:  # a full disk, a read-only or unreachable database
            log.error("storage refused a commit of match %s: %s", item.match_id, exc)
            raise MatchError("storage_unavailable", "the server cannot store anything right "
                             "now; nothing was changed, try again later") from exc

    def _commit_here(self, item: Commit) -> bool:
        """The commit on this thread, without a turn of the event loop; False if the database
        refused it, which then goes the thread's way (retried alone, its error to its waiter:
        the transaction here was rolled back, so nothing of it was stored)."""
        try:
            self.store.commit_here([item])
        except Exception as exc:
            log.info("a commit on the loop's thread failed (%s); handed to the writer thread",
                     type(exc).__name__)
            return False
        self._since_checkpoint += 1
        if self._since_checkpoint >= self.CHECKPOINT_EVERY:
            self._since_checkpoint = 0
            with contextlib.suppress(RuntimeError):  # closed: the server is stopping
                self._thread.submit(self._checkpoint)
        return True

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except Exception:  # the next one tries again; the log only grows meanwhile
            log.exception("a checkpoint of the write-ahead log failed")

    def close(self) -> None:
        """Let the writer threads go once the commits handed to it are done; commits after
        this fail (`RuntimeError`), on the loop's thread too."""
        self.here = False
        self._thread.shutdown(wait=False)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._pending = self._pending, []
        self._busy = True
        commits = [c for c, _ in batch]
        try:
            done = self._thread.submit(self._write, commits)
        except RuntimeError as exc:  # closed: the server is stopping
            self._finish(loop, batch, [exc] * len(batch))
            return
        done.add_done_callback(lambda f: self._resolve_later(loop, batch, f))

    def _resolve_later(self, loop: asyncio.AbstractEventLoop,
                       batch: list[tuple[Commit, asyncio.Future[None]]],
                       done: Future[list[BaseException | None]]) -> None:
        """In a writer thread: hand the outcome to the event loop."""
        exc = done.exception()
        outcome = [exc] * len(batch) if exc is not None else done.result()
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(self._finish, loop, batch, outcome)

    def _finish(self, loop: asyncio.AbstractEventLoop,
                batch: list[tuple[Commit, asyncio.Future[None]]],
                outcome: Sequence[BaseException | None]) -> None:
        for (_, fut), exc in zip(batch, outcome, strict=True):
            if fut.done():  # its waiter was cancelled
                continue
            if exc is None:
                fut.set_result(None)
            else:
                fut.set_exception(exc)
        self._busy = False
        if self._pending:
            self._start(loop)

    def _write(self, commits: list[Commit]) -> list[BaseException | None]:
        """In a writer thread: the batch in one transaction, or each commit alone; the error
        of each commit (None: durable)."""
        try:
            self.store.commit_many(commits)
            return [None] * len(commits)
        except Exception as exc:
            if len(commits) > 1:
                log.info("group commit of %d failed (%s); retrying one by one",
                         len(commits), type(exc).__name__)
        outcome: list[BaseException | None] = []
        for item in commits:
            try:
                self.store.commit_one(item)
                outcome.append(None)
            except Exception as exc:  # the database said no to this commit: its waiter hears it
                outcome.append(exc)
        return outcome

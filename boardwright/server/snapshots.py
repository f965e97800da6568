"""Snapshots whose cost does not grow with a match's length (issue 38, M2).

A snapshot used to describe the whole log into words: on a 36,000-action bot-only match one
took 0.41 s and 4.4 MB on the event loop. Now a snapshot carries the newest `LOG_WINDOW` log
entries (`log_start`: the seq of the first one, when older ones are left out; the client pages
back with `GET /api/matches/{id}/log?before=SEQ`), the lines described for a (seat, language)
are cached per range of seqs (log entries never change), and the HTTP views are built in a
thread, so that the event loop keeps serving other clients meanwhile. The address's snapshot
bucket is charged by size (`cost`).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from . import payloads
from .payloads import LogEntry

#: log entries a snapshot carries, and a page of `GET .../log` (the newest ones)
LOG_WINDOW = 200
#: log entries one snapshot token pays for (a full window costs 2 tokens)
ENTRIES_PER_TOKEN = 100
#: described ranges a match keeps, per (seat, language, range)
CACHED_RANGES = 16


class LineCache:
    """A match's log lines as described for a viewer, per (seat, language, first, last seq):
    the entries of a range never change, so a range is described once."""

    def __init__(self) -> None:
        self._lines: OrderedDict[tuple[int | None, str, int, int], list[dict[str, Any]]] = \
            OrderedDict()
        self._lock = threading.Lock()  # the loop and a building thread share it

    def lines(self, game: Any, entries: Sequence[LogEntry], seat: int | None,
              lang: str) -> list[dict[str, Any]]:
        if not entries:
            return []
        key = (seat, lang, entries[0].seq, entries[-1].seq)
        with self._lock:
            found = self._lines.get(key)
            if found is not None:
                self._lines.move_to_end(key)
                return found
        found = payloads.log_lines(game, entries, seat, lang)
        with self._lock:
            self._lines[key] = found
            if len(self._lines) > CACHED_RANGES:
                self._lines.popitem(last=False)
        return found


def window(log: Sequence[LogEntry], since: int | None,
           before: int | None = None) -> tuple[Sequence[LogEntry], int | None]:
    """The entries a snapshot (or a page before `before`) carries, newest `LOG_WINDOW` of
    those after `since`, and the seq of the first one when older ones are left out."""
    end = len(log)
    if before is not None:
        end = _first_at(log, before)
    start = 0 if since is None else _first_at(log, since + 1)
    start = max(start, end - LOG_WINDOW)
    entries = log[start:end]
    return entries, (entries[0].seq if start > 0 and entries else None)


def _first_at(log: Sequence[LogEntry], seq: int) -> int:
    """The index of the first entry whose seq is `seq` or later (seqs ascend)."""
    lo, hi = 0, len(log)
    while lo < hi:
        mid = (lo + hi) // 2
        if log[mid].seq < seq:
            lo = mid + 1
        else:
            hi = mid
    return lo


def cost(log: Sequence[LogEntry], since: int | None) -> float:
    """Snapshot tokens a snapshot of this log costs: 1, plus 1 per `ENTRIES_PER_TOKEN`
    entries past the first hundred it carries."""
    entries, _ = window(log, since)
    return 1.0 + max(0, len(entries) - 1) // ENTRIES_PER_TOKEN


def build(match: Any, seat: int | None, lang: str, since: int | None = None) -> dict[str, Any]:
    """`match`'s snapshot for one viewer (blocking work: views, legal moves, lines)."""
    entries, start = window(match.log, since)
    out = payloads.snapshot(match.game, match.state, seat, lang, match_id=match.id,
                            seq=match.seq, status=match.status, seats=match.seat_infos(),
                            log=(), since=None)
    out["log"] = match.lines.lines(match.game, entries, seat, lang)
    if start is not None:
        out["log_start"] = start
    return out


async def build_off_loop(match: Any, seat: int | None, lang: str) -> dict[str, Any]:
    """`build` in a thread on what the match is now (its state is replaced, never changed in
    place, and its log only grows), then the parts only the loop may read."""
    state, log, seq, status = match.state, list(match.log), match.seq, match.status
    frozen = _Frozen(match, state, log, seq, status)
    out = await asyncio.to_thread(build, frozen, seat, lang)
    return match.decorate(out, lang)


class _Frozen:
    """A match's parts as they were when a thread started building its snapshot."""

    def __init__(self, match: Any, state: Any, log: list[LogEntry], seq: int,
                 status: str) -> None:
        self.id, self.game, self.lines = match.id, match.game, match.lines
        self.state, self.log, self.seq, self.status = state, log, seq, status
        self._seats = match.seat_infos()

    def seat_infos(self) -> list[dict[str, Any]]:
        return self._seats


def update_payloads(match: Any, steps: Sequence[Any], status: str) -> list[tuple[Any, list[
        dict[str, Any]]]]:
    """Each connection's update messages for `steps`, each distinct (seat, language) payload
    built once and shared (views differ per seat, never per connection)."""
    seats = match.seat_infos()
    cache: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
    out = []
    for conn in match.connections:
        key = (conn.seat, conn.lang)
        if key not in cache:
            cache[key] = [payloads.update(match.game, step.state, conn.seat, conn.lang,
                                          entry=step.entry, seats=seats,
                                          status=status if i == len(steps) - 1 else "active")
                          for i, step in enumerate(steps)]
        out.append((conn, cache[key]))
    return out


def log_page(match: Any, seat: int | None, lang: str, before: int) -> dict[str, Any]:
    """The log entries before seq `before`, newest `LOG_WINDOW` of them, for one viewer."""
    entries, start = window(match.log, None, before)
    return {"match_id": match.id, "before": before,
            "log": match.lines.lines(match.game, entries, seat, lang),
            "log_start": start}

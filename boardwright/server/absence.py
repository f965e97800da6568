"""Absent players at live tables (issue 38, M6): no live match waits for ever on a person.

Every live table with people has a grace time (`DEFAULT_GRACE_SECONDS` unless the table chose
one; matches stored without one get it too): a person's seat that nobody is connected to for
that long is played by a stand-in bot until its player comes back (any view, connection, move
or claim of theirs ends the stand-in). The grace runs from the moment the seat's last
connection closed, from the moment the match started for a seat nobody was connected to
then, and from a reload (a restart or a return to memory) for every seat nobody is connected
to: a restart drops every connection, and a player who never comes back must not keep a match
active for ever.

A player still absent when the match ends (`absent` in the stored seat) ranks after everyone
present (`ratings.ranks`): leaving a lost rated match no longer keeps it unrated. Once every
person's seat is played by a stand-in and nobody is connected, the match is abandoned: unless
someone comes back within `ABANDON_SECONDS`, it ends as `aborted` with `ended: "abandoned"`
(not rated) rather than being played on by bots for nobody (or kept for ever).

Hooks: `matches.LiveMatch` calls `watch_absent` when a match starts, `final_fields` when it
ends and `abandoned` after a stand-in; the lobby calls `watch_absent` after a reload; the
socket endpoint leaves with `grace_of(row)`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from .seats import Seat
from .store import MatchRow


class LiveMatch(Protocol):
    """What this module reads and calls of `matches.LiveMatch` (named here, not imported: the
    live match imports this module)."""

    row: MatchRow
    seats: list[Seat]
    lock: asyncio.Lock
    _timers: dict[Any, Any]

    @property
    def status(self) -> str: ...

    def _later(self, key: tuple[str, int], seconds: float,
               action: Callable[[], Coroutine[Any, Any, Any]]) -> None: ...

    async def stand_in(self, seat: int) -> None: ...

    async def _end(self, ended: str) -> None: ...

#: seconds a live table's person may be away before a stand-in plays for them
DEFAULT_GRACE_SECONDS = 120
#: seconds an abandoned match (every person away, stand-ins playing) waits before it ends
ABANDON_SECONDS = 900.0


def grace_of(row: MatchRow) -> int | None:
    """The grace time of a match: its own, else the default at a live table; None for a
    turn-based one (its deadlines stand in for the grace)."""
    if row.mode == "turn":
        return None
    return row.grace_seconds if row.grace_seconds is not None else DEFAULT_GRACE_SECONDS


def watch_absent(match: LiveMatch, but: int | None = None) -> None:
    """Start the grace of every person's seat of an active live match that nobody is
    connected to (except `but`, the seat whose player is here now)."""
    grace = grace_of(match.row)
    if grace is None or match.status != "active":
        return
    for index, seat in enumerate(match.seats):
        if (index != but and seat.kind == "human" and seat.connections == 0
                and not seat.stand_in and ("grace", index) not in match._timers):
            match._later(("grace", index), grace,
                         lambda seat=index: match.stand_in(seat))  # type: ignore[misc]


def final_fields(match: LiveMatch) -> dict[str, Any]:
    """What the end of a match stores about absent players: the seats, each person's marked
    `absent` when a stand-in was playing for them at the end; nothing when none was."""
    absent = [i for i, s in enumerate(match.seats) if s.kind == "human" and s.stand_in]
    if not absent:
        return {}
    for index in absent:
        match.seats[index].absent = True
    return {"seats": [s.stored() for s in match.seats]}


def abandoned(match: LiveMatch) -> bool:
    """Every person's seat of an active match is played by a stand-in, nobody connected."""
    people = [s for s in match.seats if s.kind == "human"]
    return (match.status == "active" and bool(people)
            and all(s.stand_in and s.connections == 0 for s in people))


def end_later(match: LiveMatch, seconds: float | None = None) -> None:
    """End `match` as abandoned in `seconds` (`ABANDON_SECONDS`) if it still is by then."""

    async def end() -> None:
        async with match.lock:
            if abandoned(match):
                await match._end("abandoned")

    match._later(("abandon", 0), ABANDON_SECONDS if seconds is None else seconds, end)

"""Live moves across server processes that share one PostgreSQL database.

Every commit that stores actions or changes a match also sends, in the same transaction,
`NOTIFY boardwright_matches, '<match id> <process>'` (store.py), which PostgreSQL delivers only
once the commit is durable. Each process LISTENs on a connection of its own and, for a match that
connections to it watch, catches up with the stored moves and pushes them to those connections,
as if it had applied them itself. Without this a player connected to another process than the
mover's saw the move only at its next request.

Notices can be lost while the listening connection is down (a database restart); after every
reconnection each watched match is caught up once, so nothing stays behind.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("boardwright.server")

CHANNEL = "boardwright_matches"
#: seconds before each attempt to reconnect the listener (then the last, again and again)
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)


def libpq_url(url: str) -> str:
    """The storage URL as psycopg takes it (without SQLAlchemy's `+psycopg` driver suffix)."""
    scheme, sep, rest = url.partition("://")
    return scheme.split("+", 1)[0] + sep + rest


def notice_payload(match_id: str, process: str) -> str:
    return f"{match_id} {process}"


async def listen(url: str, process: str, on_notice: Callable[[str], None],
                 on_connect: Callable[[], Awaitable[None]]) -> None:
    """Call `on_notice(match_id)` for each notice another process sent, until cancelled.

    `on_connect` runs after each (re)connection, once LISTEN is in place, so that what changed
    while nobody listened is caught up.
    """
    import psycopg  # the `postgres` extra; only a shared store gets here

    failures = 0
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url),
                                                             autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                failures = 0
                await on_connect()
                async for notice in conn.notifies():
                    match_id, _, sender = notice.payload.partition(" ")
                    if sender != process:
                        on_notice(match_id)
        except Exception as exc:  # the database went away: listen again when it is back
            delay = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
            failures += 1
            log.warning("listening for other processes' moves failed (%s); retrying in %s s",
                        exc, delay)
            await asyncio.sleep(delay)

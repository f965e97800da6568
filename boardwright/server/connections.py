"""One subscriber of a live match (a WebSocket, or a test's stand-in) and the encoding of what
it is sent. Moved out of matches.py; matches.py re-exports `Connection` for app.py.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass, field
from typing import Any

#: a connection whose client reads this far behind is dropped (it reconnects with `since`)
MAX_QUEUE = 2000
#: WebSocket close codes the writer sends: a too slow reader, a revoked seat link
CLOSE_SLOW, CLOSE_REVOKED = 4008, 4403


#: compact JSON: no spaces after separators (fewer bytes to deflate, send and parse); without
#: the check for cycles (a payload is a fresh tree of dicts and lists), ~15% faster
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text that is sent."""
    return _ENCODER.encode(message)


@dataclass(eq=False)
class Connection:
    """One WebSocket (or test) subscriber: its seat, language and outgoing texts.

    The texts are encoded so that a payload shared by several connections (the same seat and
    language) is encoded once, not once per connection. They are written in order by whoever
    holds `writing`: the socket's pump, or the task that handled this connection's own message
    (its answer then leaves in the same turn of the event loop, not one turn later)."""

    seat: int | None
    lang: str
    #: texts to send, or a close code (an int) after which the writer closes the socket
    pending: deque[str | int] = field(default_factory=deque)
    #: set when `pending` has something for the pump
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    #: held while texts are taken from `pending` and written, so they leave in order
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the identity the connection acts as (chat names a spectator by it); None: anonymous
    identity: Any = None
    #: a close code has been written: nothing more is sent
    closed: bool = False

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if len(self.pending) >= MAX_QUEUE:
            self.close(CLOSE_SLOW)
            return
        self.pending.append(message if isinstance(message, str) else encode(message))
        self.ready.set()

    def close(self, code: int) -> None:
        self.pending.append(code)
        self.ready.set()



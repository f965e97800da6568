"""Every bound a public server puts on what one client may send or cost (docs/web-protocol.md,
"Limits"), and the token buckets that enforce the rates.

A lobby is open to anyone, so each number here answers one way an anonymous client could freeze
the event loop, fill memory or disk, or starve other matches. The defaults suit a small public
server; `boardwright serve` exposes the ones an operator may want to change, and tests build
tighter or looser `Limits` to exercise one bound at a time.

The buckets take their clock as an argument (`now`), so the tests step time by hand instead of
sleeping.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Limits:
    """The server's bounds. `per_client=False` turns off the rates and caps per address and per
    socket (a benchmark drives hundreds of seats from one address, each as fast as it can);
    every size bound, timeout and server-wide cap stays."""

    # ---- connections (uvicorn, server/run.py) ----
    #: sockets open at once (HTTP and WebSocket); the next one is closed at accept
    max_connections: int = 1000
    #: sockets (HTTP and WebSocket) one address may hold open at once, and never more than a
    #: quarter of `max_connections`; the next one is closed at accept
    connections_per_client: int = 100
    #: seconds a client has to send a whole request (headers and body) after connecting or
    #: after its previous answer; a half-sent request is closed then
    request_timeout: float = 10.0
    #: seconds an idle keep-alive connection stays open
    keep_alive_seconds: int = 5
    #: bytes of request line and headers
    max_header_bytes: int = 16 * 1024
    # ---- sizes ----
    #: bytes of an HTTP request body
    max_body_bytes: int = 64 * 1024
    #: bytes of one WebSocket message from a client
    max_ws_message_bytes: int = 16 * 1024
    # ---- per client address ----
    per_client: bool = True
    #: HTTP API requests and WebSocket connections per second (refill) and at once (burst)
    requests_per_second: float = 20.0
    request_burst: int = 60
    #: answers that build a full snapshot (views, claims, welcomes, language changes, replays):
    #: each replays the whole log into words, so they get a bucket of their own
    snapshots_per_second: float = 4.0
    snapshot_burst: int = 20
    #: matches created per minute (refill) and at once (burst)
    creates_per_minute: float = 6.0
    create_burst: int = 5
    #: matches of one address that may wait for people (open) or run without people (bot-only)
    matches_per_client: int = 5
    #: WebSocket connections of one address open at once
    sockets_per_client: int = 32
    # ---- per WebSocket ----
    #: messages per second (refill) and at once (burst); a `lang` message costs `lang_cost`
    ws_messages_per_second: float = 5.0
    ws_message_burst: int = 20
    lang_cost: int = 10
    #: refused messages in a row after which the socket is closed (4429)
    ws_strikes: int = 50
    # ---- identities and chat ----
    #: sign-ups, logins and password changes per address per minute (refill) and at once:
    #: each costs an Argon2 hash, and a guessed password costs the guesser one of these
    logins_per_minute: float = 10.0
    login_burst: int = 10
    #: guest identities one address may make per hour (refill) and at once
    guests_per_hour: float = 30.0
    guest_burst: int = 10
    #: chat lines per speaker (identity, else address) per minute (refill) and at once
    chat_per_minute: float = 20.0
    chat_burst: int = 5
    #: chat lines one match keeps: past them its chat is full (each speaker's rate alone would
    #: let a few guests write into one match for ever)
    chat_lines_per_match: int = 2000
    #: lines after which spectators' lines are refused: the rest of the chat is the players'
    #: (spectators alone filled it, and the players got `chat_full`)
    spectator_chat_lines: int = 1000
    # ---- the server as a whole ----
    #: matches waiting for people or running without people, all clients together
    max_open_matches: int = 1000
    #: seconds an open match waits for its people before it expires
    open_match_seconds: float = 24 * 3600
    #: seconds a match with nobody connected and nothing to do stays in memory
    idle_seconds: float = 300.0
    #: seconds between sweeps (expiry, missed turn-based deadlines and eviction)
    sweep_seconds: float = 30.0
    #: seconds one of a turn-based match's "days per move" lasts: a day, except on a server
    #: started to try turn-based play (or test it) in seconds
    move_day_seconds: float = 24 * 3600
    #: finished matches whose replay steps are kept (LRU)
    replay_cache: int = 16
    #: decisions the bot reviews per request of a finished match's review (a part takes about
    #: 1-2 s of a bot worker; the page asks for the parts one after another)
    review_part: int = 40
    #: reviewed parts kept in memory (finished matches never change)
    review_cache: int = 256
    #: hints (a seated player's ask for the bot's suggestions, at a hint table) per seat per
    #: minute (refill) and at once; each costs a bot worker up to about a second
    hints_per_minute: float = 6.0
    hint_burst: int = 3
    #: worlds drawn from the seat's view per hint (agents/analysis.py), and moves answered
    hint_samples: int = 3
    hint_moves: int = 3
    #: hints computed at once in the whole server: the rest are told to try again, so that
    #: hints never take every bot worker from the bots' own moves
    hints_at_once: int = 1
    #: reviews computed at once in the whole server (the rest: `server_busy`, try again)
    reviews_at_once: int = 2
    #: hints and reviews one address may wait for at once (the next: `rate_limited`); a
    #: request whose client leaves stops waiting for a worker
    bot_asks_per_client: int = 1
    #: keys (client addresses) each bucket table remembers (LRU; the oldest is forgotten)
    max_clients: int = 10_000

    def but(self, **changes: Any) -> Limits:
        """A copy with some bounds changed (`Limits().but(matches_per_client=1)`)."""
        return replace(self, **changes)


class TokenBucket:
    """`capacity` tokens, refilled at `rate` per second; a request takes `cost` or is refused."""

    __slots__ = ("capacity", "rate", "stamp", "tokens")

    def __init__(self, rate: float, capacity: float, now: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> float:
        """0.0 if the tokens were taken, else the seconds until `cost` tokens will be there."""
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate if self.rate > 0 else float("inf")


class Buckets:
    """One token bucket per key (a client address), at most `max_keys` remembered: the least
    recently used is forgotten, which only ever gives that client a full bucket again."""

    def __init__(self, rate: float, capacity: float, max_keys: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.capacity = capacity
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str, cost: float = 1.0) -> float:
        """0.0 if `key` may go on, else the seconds it should wait."""
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.capacity, now)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now, cost)

    def __len__(self) -> int:
        return len(self._buckets)


class ClientLimits:
    """The per-address buckets of one server (HTTP requests, snapshots, match creation)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.requests = Buckets(limits.requests_per_second, limits.request_burst,
                                limits.max_clients, clock)
        self.snapshots = Buckets(limits.snapshots_per_second, limits.snapshot_burst,
                                 limits.max_clients, clock)
        self.creates = Buckets(limits.creates_per_minute / 60.0, limits.create_burst,
                               limits.max_clients, clock)
        self.logins = Buckets(limits.logins_per_minute / 60.0, limits.login_burst,
                              limits.max_clients, clock)
        self.guests = Buckets(limits.guests_per_hour / 3600.0, limits.guest_burst,
                              limits.max_clients, clock)
        self.chat = Buckets(limits.chat_per_minute / 60.0, limits.chat_burst,
                            limits.max_clients, clock)
        #: hints per seat (key `match id/seat`): they cost a bot worker, whoever asks
        self.hints = Buckets(limits.hints_per_minute / 60.0, limits.hint_burst,
                             limits.max_clients, clock)
        #: open WebSocket connections per address (an entry leaves with its last socket)
        self.sockets: dict[str, int] = {}

    def take(self, table: Buckets, client: str, cost: float = 1.0) -> float:
        return table.take(client, cost) if self.limits.per_client else 0.0


def client_address(scope: Any) -> str:
    """The client's address as the server saw it (behind a proxy: run uvicorn with
    `--forwarded-allow-ips` so that this is the forwarded address)."""
    client = scope.get("client") if isinstance(scope, dict) else None
    return str(client[0]) if client else "unknown"

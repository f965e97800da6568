"""Running the app under uvicorn with the connection bounds of `Limits`.

uvicorn bounds a request's headers (`h11_max_incomplete_event_size`), WebSocket messages
(`ws_max_size`), idle keep-alive connections (`timeout_keep_alive`) and answers 503 past
`limit_concurrency`. Two holes remain, and `GuardedH11Protocol` closes them:
- a connection that never finishes its request holds a socket forever (the keep-alive timer
  starts only after a first answer, and any byte received stops it): it is closed
  `request_timeout` seconds after it connected or got its last answer unless its whole request
  has arrived by then;
- `limit_concurrency` still accepts every socket and answers at the first complete request, so
  half-sent requests exhaust file handles: a socket past `max_connections` is closed at once,
  and so is one past its address's share (`Limits.connections_per_client`, at most a quarter
  of `max_connections`): one address cannot hold every socket. The count follows a socket
  that becomes a WebSocket into its WebSocket protocol, which gives it back when it closes.
The soft limit of open files is raised to the hard one, so that `max_connections` (not the
operating system) is the bound that holds.

WebSocket messages are compressed (permessage-deflate) at zlib level 1 (`FastDeflateProtocol`).
uvicorn's level 6 spent a fifth of a busy server's time compressing: every update is
compressed once per connection (each keeps its own compression context). On Beowulf's updates
(~3.8 kB of JSON) level 1 takes ~40% less time for ~1.3x the bytes (0.23 of the JSON's size
instead of 0.17), a few hundred bytes a move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from .limits import Limits

log = logging.getLogger("boardwright.server")
#: sockets the process keeps for itself (database, bot workers' pipes, log files)
RESERVED_FILES = 64
#: zlib's settings for WebSocket compression: level 1 (uvicorn's are level 6, memLevel 5)
DEFLATE_SETTINGS = {"level": 1, "memLevel": 5}


class Peers:
    """Open sockets per client address, of one server: HTTP and the WebSockets they became."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.cap = max(1, min(limits.connections_per_client,
                              max(1, limits.max_connections // 4)))
        self.open: dict[str, int] = {}

    def admit(self, transport: asyncio.BaseTransport) -> str | None:
        """The socket's address if it may stay open (then counted), else None."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "unknown"
        count = self.open.get(address, 0)
        if self.limits.per_client and count >= self.cap:
            return None
        self.open[address] = count + 1
        return address

    def release(self, address: str | None) -> None:
        if address is None:
            return
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with permessage-deflate at `DEFLATE_SETTINGS`.

    The same protocol object as uvicorn's (windows of 12 bits both ways, the size bound from the
    config), built again with other zlib settings before any byte has been read. It gives its
    address's socket back to `peers` when it closes (the HTTP protocol counted it)."""

    peers: Peers | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.peer_address: str | None = None
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[ServerPerMessageDeflateFactory(
                    server_max_window_bits=12, client_max_window_bits=12,
                    compress_settings=dict(DEFLATE_SETTINGS))],
                max_size=self.config.ws_max_size, logger=logging.getLogger("uvicorn.error"))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.peers is not None:
            self.peers.release(self.peer_address)
            self.peer_address = None
        super().connection_lost(exc)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a request deadline and a hard connection cap."""

    limits = Limits()
    peers = Peers(limits)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._peer: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections:
            transport.abort()  # no answer: an answer would cost what the cap saves
            return
        self._peer = self.peers.admit(transport)
        if self._peer is None:
            transport.abort()  # past its address's share: the same, without an answer
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.peers.release(self._peer)
        self._peer = None
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        # the whole request is in (or the socket became a WebSocket): the app answers now
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR,
                                     h11.SWITCHED_PROTOCOL):
            self._disarm()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)
        protocol = self.transport.get_protocol()
        if protocol is not self and isinstance(protocol, FastDeflateProtocol):
            protocol.peer_address, self._peer = self._peer, None  # it gives the socket back

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request has as long as the first one had

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.limits.request_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.transport.abort()


def guarded_protocol(limits: Limits) -> type[GuardedH11Protocol]:
    """The protocol class bound to `limits` and a socket count of its own (uvicorn builds
    protocols from a class)."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,),
                {"limits": limits, "peers": Peers(limits)})


def guarded_protocols(limits: Limits) -> tuple[type[GuardedH11Protocol],
                                               type[FastDeflateProtocol]]:
    """The HTTP and WebSocket protocol classes of one server, sharing its socket count."""
    http = guarded_protocol(limits)
    ws = type("FastDeflateProtocol", (FastDeflateProtocol,), {"peers": http.peers})
    return http, ws


def raise_open_files_limit() -> int:
    """Raise the soft limit of open files to the hard one; returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return soft


def uvicorn_config(app: Any, host: str, port: int, limits: Limits,
                   forwarded_allow_ips: str | None = None) -> uvicorn.Config:
    """uvicorn's settings for `limits`; `max_connections` is lowered to what the process may
    open. `X-Forwarded-For` and `-Proto` are believed only from `forwarded_allow_ips` (the
    proxies' addresses or networks, comma-separated; `serve --forwarded-allow-ips`), from
    nobody without it: uvicorn's own default would believe any process on 127.0.0.1."""
    files = raise_open_files_limit()
    if limits.max_connections > files - RESERVED_FILES:
        log.warning("max_connections %d lowered to %d (open files limit %d)",
                    limits.max_connections, files - RESERVED_FILES, files)
        limits = limits.but(max_connections=max(1, files - RESERVED_FILES))
    http, ws = guarded_protocols(limits)
    return uvicorn.Config(
        app, host=host, port=port, log_level="warning",
        http=http, ws=ws,
        # one above the cap: uvicorn's own 503 is plain text, and the cap already holds
        limit_concurrency=limits.max_connections + 1,
        timeout_keep_alive=limits.keep_alive_seconds,
        h11_max_incomplete_event_size=limits.max_header_bytes,
        ws_max_size=limits.max_ws_message_bytes,
        backlog=min(2048, limits.max_connections),
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=forwarded_allow_ips or "",
    )


def serve(app: Any, host: str, port: int, limits: Limits,
          forwarded_allow_ips: str | None = None) -> None:
    """Run `app` until interrupted."""
    uvicorn.Server(uvicorn_config(app, host, port, limits, forwarded_allow_ips)).run()

"""The path of a message out of the server: a connection's texts leave in order whoever writes
them (its pump or the task that handled its own message), compressed at the server's zlib
settings, and a real server's updates reach every seat with no seq missing or repeated."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx2
from uvicorn.server import ServerState
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import PerMessageDeflate

from boardwright.server.app import _drain, _pump, create_app
from boardwright.server.limits import Limits
from boardwright.server.matches import CLOSE_SLOW, MAX_QUEUE, MAX_QUEUE_BYTES, Connection
from boardwright.server.run import DEFLATE_SETTINGS, FastDeflateProtocol, uvicorn_config

from .conftest import run_coroutine
from .test_crash import free_port, kill_group, start_server


class SlowSocket:
    """A WebSocket whose first send waits until the test lets it go (a full socket buffer);
    the later ones go out at once."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.gate = asyncio.Event()
        self.calls = 0

    async def send_text(self, text: str) -> None:
        self.calls += 1
        if self.calls == 1:
            await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


def test_pump_and_own_drain_keep_the_order() -> None:
    async def scenario() -> tuple[list[str], int | None]:
        conn = Connection(0, "en")
        socket = SlowSocket()
        pump = asyncio.create_task(_pump(socket, conn))  # type: ignore[arg-type]
        conn.send("1")
        await asyncio.sleep(0)  # the pump takes "1" and waits on the socket
        conn.send("2")
        assert conn.writing.locked()
        # another writer (the task that handled this connection's message) waits for the
        # pump: it must not send "2" ahead of "1"
        other = asyncio.create_task(_drain(socket, conn))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        conn.send("3")
        socket.gate.set()
        assert await other
        conn.send("4")
        assert await _drain(socket, conn)  # type: ignore[arg-type]  # the answer, at once
        conn.close(CLOSE_SLOW)
        conn.send("after the close")
        for _ in range(10):
            await asyncio.sleep(0)
        assert pump.done()  # it stopped at the close code
        assert not await _drain(socket, conn)  # type: ignore[arg-type]
        return socket.sent, socket.closed

    sent, closed = run_coroutine(scenario())
    assert sent == ["1", "2", "3", "4"]
    assert closed == CLOSE_SLOW


def test_a_reader_too_far_behind_is_closed() -> None:
    conn = Connection(None, "en")
    for n in range(MAX_QUEUE + 5):
        conn.send(str(n))
    assert list(conn.pending)[MAX_QUEUE] == CLOSE_SLOW


def test_websocket_compression_uses_the_servers_zlib_settings(tmp_path: Path) -> None:
    async def build() -> Any:
        app = create_app(f"sqlite:///{tmp_path / 'z.db'}")
        config = uvicorn_config(app, "127.0.0.1", 0, Limits())
        config.load()
        assert issubclass(config.ws_protocol_class, FastDeflateProtocol)
        return FastDeflateProtocol(config=config, server_state=ServerState(), app_state={},
                                   _loop=asyncio.get_running_loop())

    protocol = run_coroutine(build())
    [factory] = protocol.conn.available_extensions
    assert factory.compress_settings == DEFLATE_SETTINGS
    assert DEFLATE_SETTINGS["level"] == 1


def test_real_server_sends_every_update_to_every_seat_in_order(tmp_path: Path) -> None:
    port = free_port()
    proc = start_server(port, tmp_path / "real.db")
    try:
        created = httpx2.post(f"http://127.0.0.1:{port}/api/matches", json={
            "game": "beowulf", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        seqs = run_coroutine(_play_over_sockets(port, created, moves=40))
    finally:
        kill_group(proc)
    for seat, seen in seqs.items():
        assert seen == list(range(seen[0], seen[0] + len(seen))), (seat, seen)
        assert len(seen) > 40  # every move (and the chance after some) reached this seat


async def _play_over_sockets(port: int, created: dict[str, Any],
                             moves: int) -> dict[int, list[int]]:
    """Both seats over compressed WebSockets, random moves; the seqs each seat received."""
    rng = random.Random(5)
    seen: dict[int, list[int]] = {0: [], 1: []}
    made = [0]
    done = asyncio.Event()

    async def seat(s: dict[str, Any]) -> None:
        url = (f"ws://127.0.0.1:{port}/ws/matches/{created['match_id']}"
               f"?token={s['token']}")
        async with connect(url, max_size=2**24) as ws:
            assert any(isinstance(e, PerMessageDeflate) for e in ws.protocol.extensions)
            while not done.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                message: dict[str, Any] = json.loads(raw)
                assert message["type"] in ("welcome", "update", "seats"), message
                if message["type"] == "update":
                    seen[s["seat"]].append(message["seq"])
                if message["type"] == "seats":
                    continue
                if made[0] >= moves or message["status"] == "finished":
                    done.set()
                elif message["to_move"] == s["seat"] and message["legal"]:
                    made[0] += 1
                    await ws.send(json.dumps({"type": "move", "expect_seq": message["seq"],
                                              "action": rng.choice(message["legal"])["text"]}))

    await asyncio.wait_for(asyncio.gather(*[seat(s) for s in created["seats"]]), timeout=120)
    return seen


def test_m7_a_socket_queue_is_bounded_in_bytes_not_only_messages() -> None:
    """Eight non-reading spectators grew the server by 122 MB in 40 s: the queue was bounded
    in messages (2,000 of any size). Now its texts are bounded in bytes too: past
    `MAX_QUEUE_BYTES` the reader is closed (4008) and nothing more is queued for it."""
    conn = Connection(None, "en")
    big = "x" * (256 * 1024)
    for _ in range(100):  # 25 MiB offered, far under MAX_QUEUE messages
        conn.send(big)
    texts = [m for m in conn.pending if isinstance(m, str)]
    assert sum(map(len, texts)) <= MAX_QUEUE_BYTES
    assert conn.pending[-1] == CLOSE_SLOW and conn.queued <= MAX_QUEUE_BYTES

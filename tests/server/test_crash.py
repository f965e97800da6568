"""kill -9 the real server mid-match: on restart the match continues from the same seq, with
the same views, and no acknowledged move is lost."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: Path | str, *extra: str) -> subprocess.Popen[bytes]:
    """`boardwright serve` on `port`; `db` is an SQLite file or a storage URL. Without
    per-address limits unless `extra` says otherwise: the tests poll from one address."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardwright.cli.main", "serve", "--port", str(port),
         "--db", url, "--bot-workers", "1", *(extra or ("--no-client-limits",))],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read().decode() if proc.stderr else "died")
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start")


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """kill -9 the server and its bot workers (its own process group, from start_server): a
    killed server cannot shut its worker processes down, so they would outlive the test."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def views(api: httpx2.Client, match_id: str, tokens: list[str]) -> list[dict[str, Any]]:
    return [api.get(f"/api/matches/{match_id}/view",
                    headers={"Authorization": f"Bearer {t}"}).json() for t in tokens]


def move(api: httpx2.Client, match_id: str, token: str, snap: dict[str, Any],
         pick: int) -> dict[str, Any]:
    legal = snap["legal"]
    r = api.post(f"/api/matches/{match_id}/moves", headers={"Authorization": f"Bearer {token}"},
                 json={"action": legal[pick % len(legal)]["text"], "expect_seq": snap["seq"]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def wait_turn(api: httpx2.Client, match_id: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        snap = views(api, match_id, [token])[0]
        if snap["legal"]:
            return snap
        time.sleep(0.02)
    raise AssertionError("no turn")


def test_kill_9_and_restart_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(port, db)
    try:
        with httpx2.Client(base_url=base, timeout=10) as api:
            def new(seats: list[dict[str, str]], seed: int) -> tuple[str, list[str]]:
                created = api.post("/api/matches", json={
                    "game": "beowulf", "players": len(seats),
                    "seats": seats}).json()
                tokens = [s["token"] for s in created["seats"] if "token" in s]
                views(api, created["match_id"], tokens)  # every human joins: the deal starts
                return created["match_id"], tokens

            humans, tokens = new([{"kind": "human"}, {"kind": "human"}], 5)
            with_bot, bot_tokens = new([{"kind": "human"}, {"kind": "bot", "agent": "random"}], 6)
            acked: dict[str, Any] = {}
            for i in range(30):
                seat = next(s for s, v in enumerate(views(api, humans, tokens)) if v["legal"])
                acked = move(api, humans, tokens[seat], wait_turn(api, humans, tokens[seat]), i)
            before = views(api, humans, tokens)
            assert [v["seq"] for v in before] == [acked["seq"]] * 2
            bot_acked = move(api, with_bot, bot_tokens[0], wait_turn(api, with_bot,
                                                                   bot_tokens[0]), 3)
        os.kill(proc.pid, signal.SIGKILL)  # right after the last acknowledgement
        proc.wait()
        kill_group(proc)  # the dead server's orphaned bot workers
        proc = start_server(port, db)
        with httpx2.Client(base_url=base, timeout=10) as api:
            assert views(api, humans, tokens) == before  # same seq, views, legal moves, log
            snap = wait_turn(api, humans, tokens[before[0]["to_move"]])
            after = move(api, humans, tokens[snap["seat"]], snap, 0)
            assert after["seq"] == acked["seq"] + 1
            # the bot's match goes on by itself: the human's move is kept, the bot answers
            snap = wait_turn(api, with_bot, bot_tokens[0])
            assert snap["seq"] > bot_acked["seq"]
            assert snap["log"][:len(bot_acked["log"])] == bot_acked["log"]
    finally:
        kill_group(proc)

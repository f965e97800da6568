"""Drive whole matches over WebSockets: test-driven humans, server bots, optional spectator.

Every applied action reaches every connection as exactly one `update`, so the driver reads the
connections in lock-step by seq and never blocks on a socket that has nothing to say.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

from .conftest import create


@dataclass
class Watcher:
    """One WebSocket: the seat it acts for (None: spectator) and everything it received."""

    seat: int | None
    ws: Any
    received: list[dict[str, Any]] = field(default_factory=list)
    seq: int = 0
    last: dict[str, Any] = field(default_factory=dict)

    def read_until_seq(self, seq: int) -> None:
        while self.seq < seq:
            message = self.ws.receive_json()
            self.received.append(message)
            if message["type"] in ("welcome", "update"):
                assert message["seq"] > self.seq or message["type"] == "welcome"
                self.seq = message["seq"]
                self.last = message


def play_over_ws(client: TestClient, seats: list[str], seed: int, *,
                 spectator: bool = True, max_steps: int = 3000
                 ) -> tuple[str, list[Watcher]]:
    """Play a match to the end; humans pick uniformly at random among their legal moves."""
    created = create(client, seats, seed=seed)
    match_id = created["match_id"]
    rng = random.Random(seed)
    contexts = []
    watchers: list[Watcher] = []
    for entry in created["seats"]:
        if "token" in entry:
            ctx = client.websocket_connect(f"/ws/matches/{match_id}?token={entry['token']}")
            contexts.append(ctx)
            watchers.append(Watcher(entry["seat"], ctx.__enter__()))
    if spectator:
        ctx = client.websocket_connect(f"/ws/matches/{match_id}")
        contexts.append(ctx)
        watchers.append(Watcher(None, ctx.__enter__()))
    try:
        for w in watchers:  # the welcome
            message = w.ws.receive_json()
            w.received.append(message)
            assert message["type"] == "welcome"
            w.seq, w.last = message["seq"], message
        sent = -1
        for _ in range(max_steps):
            target = max(w.seq for w in watchers)
            for w in watchers:
                w.read_until_seq(target)
            state = watchers[0].last
            if state["status"] == "finished":
                break
            mover = state["to_move"]
            human = next((w for w in watchers if w.seat is not None and w.seat == mover), None)
            if human is not None and human.last["legal"] and sent != human.seq:
                move = rng.choice(human.last["legal"])
                human.ws.send_json({"type": "move", "action": move["text"],
                                    "expect_seq": human.seq})
                sent = human.seq
            for w in watchers:
                w.read_until_seq(target + 1)
        else:
            raise AssertionError("match did not finish")
    finally:
        for ctx in reversed(contexts):
            ctx.__exit__(None, None, None)
    return match_id, watchers

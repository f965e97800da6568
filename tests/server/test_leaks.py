"""Nothing hidden ever leaves the server.

Whole matches are played over WebSockets (test-driven humans, server bots, a spectator) and
every message each connection received is checked against the true game, rebuilt from the
stored actions: no other seat's hand, no other seat's event secret, and every tile token
anywhere in a message is public at that moment or known to that seat.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, State
from boardwright.engine.events import Event
from boardwright.engine.play import sample_chance
from boardwright.server import payloads
from boardwright.server.payloads import LogEntry
from boardwright.server.store import Store

from .wsplay import Watcher, play_over_ws

GAME = registry.get("beowulf")


def token_pattern(state: Any) -> re.Pattern[str]:
    tokens = sorted(set(state.cfg.tokens), key=len, reverse=True)
    return re.compile(r"(?<![\w+\-/])(" + "|".join(map(re.escape, tokens)) + r")(?![\w/])")


def truth(db_url: str, match_id: str, players: int) -> tuple[list[State], list[list[Event]]]:
    """The full state after each seq and the full events of each seq (index = seq)."""
    store = Store(db_url)
    try:
        actions = store.load_actions(match_id)
    finally:
        store.close()
    state = GAME.new_initial_state(players)
    states, events = [state.clone()], [[]]
    for a in actions:
        events.append(state.apply(state.action_from_text(a.action)))
        states.append(state.clone())
    return states, events


def check_watcher(w: Watcher, states: list[State], events: list[list[Event]],
                  pattern: re.Pattern[str]) -> int:
    seat = w.seat
    known: set[str] = set()
    known_through = 0
    checked = 0
    for message in w.received:
        seq = message.get("seq", known_through)
        while known_through < seq:  # facts this seat was shown up to this message
            known_through += 1
            for e in events[known_through]:
                known |= set(pattern.findall(json.dumps(e.for_viewer(seat))))
        state = states[seq]
        true_view = state.view(seat)
        allowed = known | set(pattern.findall(json.dumps(true_view)))
        leaked = set(pattern.findall(json.dumps(message, ensure_ascii=False))) - allowed
        assert not leaked, (seat, seq, message["type"], leaked)
        if "view" in message:
            assert message["view"] == true_view
            for other, hand in enumerate(message["view"]["hands"]):
                assert ("tiles" in hand) == (other == seat)
        for line in message.get("log", []) + message.get("events", []):
            same_seq = events[line["seq"]]
            shown = [{k: v for k, v in e.for_viewer(seat).items() if k != "kind"}
                     for e in same_seq]
            assert line["data"] in shown
            for e in same_seq:
                for owner, secret in (e.secret or {}).items():
                    if owner != seat:
                        for key, value in secret.items():
                            assert line["data"].get(key) != value or key in e.data
        if message["type"] in ("update", "welcome") and message["legal"]:
            assert message["to_move"] == seat
        checked += 1
    return checked


@pytest.mark.parametrize(("seats", "seed"), [
    (["human", "random"], 101),
    (["random", "human"], 102),
    (["human", "random", "human", "random"], 103),
    (["random", "human", "random", "human"], 104),
])
def test_no_hidden_fact_reaches_another_seat(client: TestClient, db_url: str,
                                             seats: list[str], seed: int) -> None:
    match_id, watchers = play_over_ws(client, seats, seed)
    states, events = truth(db_url, match_id, len(seats))
    pattern = token_pattern(states[0])
    assert all(w.last["status"] == "finished" for w in watchers)
    for w in watchers:
        assert check_watcher(w, states, events, pattern) > 100


def random_states(players: int, seed: int) -> Iterator[tuple[State, list[LogEntry]]]:
    """Positions of a random game with the log that led to each."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players)
    log: list[LogEntry] = []
    while not state.is_terminal():
        actor = state.current_player()
        action = (sample_chance(state.chance_outcomes(), rng) if actor == CHANCE
                  else rng.choice(state.legal_actions()))
        log.append(LogEntry(len(log) + 1, actor, tuple(state.apply(action))))
        if rng.random() < 0.05:
            yield state.clone(), list(log)


def scrambled(log: list[LogEntry], seat: int | None) -> list[LogEntry]:
    """The same log with every secret that `seat` may not see replaced."""
    def other(e: Event) -> Event:
        if not e.secret:
            return e
        return Event(e.kind, e.data, {s: ({"tile": "?/I"} if s != seat else v)
                                      for s, v in e.secret.items()})
    return [LogEntry(x.seq, x.actor, tuple(other(e) for e in x.events)) for x in log]


@pytest.mark.parametrize("players", [2, 4])
def test_payloads_ignore_hidden_facts(players: int) -> None:
    rng = random.Random(players)
    seats = [{"seat": i} for i in range(players)]
    count = 0
    for state, log in random_states(players, seed=7 + players):
        for seat in [None, *range(players)]:
            knower = 0 if seat is None else seat
            other = GAME.sample_state(state.view(knower), knower, rng)
            assert other.view(seat) == state.view(seat)
            kw: dict[str, Any] = {"match_id": "m", "seq": len(log), "status": "active",
                                  "seats": seats}
            for lang in ("en", "hu"):
                a = payloads.snapshot(GAME, state, seat, lang, log=log, **kw)
                b = payloads.snapshot(GAME, other, seat, lang, log=scrambled(log, seat), **kw)
                assert a == b
                ua = payloads.update(GAME, state, seat, lang, entry=log[-1],
                                     status="active", seats=seats)
                ub = payloads.update(GAME, other, seat, lang, entry=scrambled(log, seat)[-1],
                                     status="active", seats=seats)
                assert ua == ub
            count += 1
    assert count > 10

"""Checks every registered game must pass, whatever its rules (like OpenSpiel's random_sim_test).

`check_playouts(game, players, seeds)` plays seeded random games and, at every step, checks:
- the legal actions are sorted, unique and inside the action space; chance outcomes are positive
  and sum to 1; the game ends within `info.max_actions`;
- an unlisted action raises `IllegalAction` and changes nothing;
- every legal action's text and JSON forms parse back to the same id;
- `to_json` -> `state_from_json` round-trips exactly (through real JSON text);
- `clone()` is independent of its source and behaves identically;
- each seat's view is JSON-safe, and `sample_state(view, seat)` gives a state with the same view
  (so views of states that differ only in hidden facts are equal) and the same conserved totals;
- conserved quantities never change; every event is JSON-safe for every viewer;
- replaying the record gives the identical final state.
A failure raises `ConformanceError` naming the game, players, seed, step and action.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .api import CHANCE, TERMINAL, Game, State, legal_sorted
from .errors import IllegalAction
from .play import chance_rng, sample_chance
from .record import new_record, replay


class ConformanceError(AssertionError):
    """A game broke the engine contract; the message says where and how to reproduce it."""


@dataclass
class ConformanceReport:
    game: str
    players: int
    games: int = 0
    actions: int = 0
    chance_actions: int = 0
    illegal_probes: int = 0
    samples: int = 0
    samples_differing: int = 0
    max_length: int = 0


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class _Checker:
    def __init__(self, game: Game, players: int, seed: int, report: ConformanceReport) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.report = report
        self.step = 0

    def fail(self, what: str, state: State | None = None, action: int | None = None) -> None:
        where = f"{self.game.info.id}, {self.players} players, seed {self.seed}, step {self.step}"
        if action is not None and state is not None:
            try:
                where += f", action {action} ({state.action_to_text(action)})"
            except Exception:  # the failure message must not fail itself
                where += f", action {action}"
        raise ConformanceError(f"{what} [{where}]")

    def check_actions(self, state: State, rng: random.Random) -> list[int]:
        legal = state.legal_actions()
        space = state.num_distinct_actions
        if not legal:
            self.fail("a player is to move but has no legal action", state)
        if not legal_sorted(legal):
            self.fail(f"legal actions are not sorted and unique: {legal[:20]}", state)
        if legal[0] < 0 or legal[-1] >= space:
            self.fail(f"legal action outside 0..{space - 1}", state)
        for a in rng.sample(legal, min(4, len(legal))):
            text = state.action_to_text(a)
            if state.action_from_text(text) != a:
                self.fail(f"text {text!r} does not parse back to its action", state, a)
            data = json.loads(json.dumps(state.action_to_json(a)))
            if state.action_from_json(data) != a:
                self.fail(f"JSON {data!r} does not parse back to its action", state, a)
        return legal

    def check_chance(self, state: State) -> list[tuple[int, float]]:
        outcomes = state.chance_outcomes()
        if not outcomes:
            self.fail("chance is to move but lists no outcome", state)
        total = sum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            self.fail(f"chance probabilities must be positive and sum to 1 (sum {total})", state)
        if not legal_sorted([a for a, _ in outcomes]):
            self.fail("chance outcomes are not sorted and unique", state)
        return outcomes

    def probe_illegal(self, state: State, allowed: Iterable[int], snapshot: dict[str, Any],
                      rng: random.Random) -> None:
        allowed_set = set(allowed)
        space = state.num_distinct_actions
        probes: list[Any] = [-1, space, "draw"]
        for _ in range(8):
            a = rng.randrange(space)
            if a not in allowed_set:
                probes.append(a)
                break
        for a in probes:
            try:
                state.apply(a)
            except IllegalAction:
                pass
            else:
                self.fail(f"unlisted action {a!r} was accepted", state)
            if state.to_json() != snapshot:
                self.fail(f"rejected action {a!r} changed the state", state)
            self.report.illegal_probes += 1

    def check_json(self, state: State, snapshot: dict[str, Any]) -> None:
        again = self.game.state_from_json(json.loads(json.dumps(snapshot)))
        if again.to_json() != snapshot:
            self.fail("to_json -> state_from_json does not round-trip", state)
        if state.current_player() != again.current_player():
            self.fail("round-tripped state has another player to move", state)
        if state.current_player() >= 0 and again.legal_actions() != state.legal_actions():
            self.fail("round-tripped state has other legal actions", state)

    def check_views(self, state: State, snapshot: dict[str, Any],
                    conserved: Mapping[str, int], rng: random.Random) -> None:
        spectator = state.view(None)
        json_seat = self.step % (self.players + 1)  # one view a step goes through real JSON
        if json_seat == self.players and json.loads(json.dumps(spectator)) != spectator:
            self.fail("the spectator view is not JSON-safe", state)
        for seat in range(self.players):
            view = state.view(seat)
            if seat == json_seat and json.loads(json.dumps(view)) != view:
                self.fail(f"the view of seat {seat} is not JSON-safe", state)
            sampled = self.game.sample_state(view, seat, rng)
            if sampled.view(seat) != view:
                self.fail(f"sample_state for seat {seat} gives a state with another view", state)
            if sampled.conserved() != conserved:
                self.fail(f"sample_state for seat {seat} breaks conserved totals", state)
            if sampled.view(None) != spectator:
                self.fail(f"sample_state for seat {seat} changes the public view", state)
            self.report.samples += 1
            if sampled.to_json() != snapshot:
                self.report.samples_differing += 1


def play_and_check(
    game: Game, players: int, seed: int, report: ConformanceReport,
    options: Mapping[str, Any] | None = None, *, views_every: int = 1,
) -> State:
    """One seeded random game with every check; returns the final state."""
    checker = _Checker(game, players, seed, report)
    rng = random.Random(f"{seed}/conformance")
    chance = chance_rng(seed)
    state = game.new_initial_state(players, options)
    record = new_record(game, state, options=dict(options or {}), seed=seed)
    conserved = state.conserved()
    limit = game.info.max_actions
    while (actor := state.current_player()) != TERMINAL:
        if checker.step >= limit:
            checker.fail(f"no end within max_actions={limit}")
        snapshot = state.to_json()
        if actor == CHANCE:
            outcomes = checker.check_chance(state)
            allowed = [a for a, _ in outcomes]
            action = sample_chance(outcomes, chance)
            report.chance_actions += 1
        else:
            if not 0 <= actor < players:
                checker.fail(f"current_player() returned {actor}")
            if state.chance_outcomes():
                checker.fail("a player is to move but chance outcomes are listed", state)
            allowed = checker.check_actions(state, rng)
            action = rng.choice(allowed)
        checker.probe_illegal(state, allowed, snapshot, rng)
        checker.check_json(state, snapshot)
        if checker.step % views_every == 0:
            checker.check_views(state, snapshot, conserved, rng)
        twin = state.clone()
        twin_events = twin.apply(action)
        if state.to_json() != snapshot:
            checker.fail("applying an action to a clone changed its source", state, action)
        record.actions.append(state.action_to_text(action))
        events = state.apply(action)
        if state.to_json() != twin.to_json():
            checker.fail("a clone and its source diverged on the same action", state, action)
        if len(events) != len(twin_events):
            checker.fail("a clone and its source gave different events", state, action)
        for event in events:
            for seat in [None, *range(players)]:
                seen = event.for_viewer(seat)
                if json.loads(json.dumps(seen)) != seen:
                    checker.fail(f"event {event.kind} is not JSON-safe", state, action)
        if state.conserved() != conserved:
            checker.fail(f"conserved totals changed: {state.conserved()} != {conserved}",
                         state, action)
        checker.step += 1
        report.actions += 1
    # a solo game may end with the game beating its player (Runebound R11.5): no winner then
    if len(state.returns()) != players or not (state.winners() or players == 1):
        checker.fail("a finished game must give returns for every seat and at least one winner "
                     "(none only in a solo game)")
    final = replay(record, game)
    if _canon(final.to_json()) != _canon(state.to_json()):  # byte for byte
        checker.fail("replaying the record does not give the same final state")
    report.games += 1
    report.max_length = max(report.max_length, checker.step)
    return state


def check_playouts(
    game: Game, players: int, seeds: Iterable[int],
    options: Mapping[str, Any] | None = None, *, views_every: int = 1,
) -> ConformanceReport:
    """Run `play_and_check` for every seed; raises `ConformanceError` at the first failure."""
    report = ConformanceReport(game.info.id, players)
    for seed in seeds:
        play_and_check(game, players, seed, report, options, views_every=views_every)
    return report

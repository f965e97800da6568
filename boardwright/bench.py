"""Benchmarks for `make bench`: random-playout actions/s and clone() cost, per game, one core.

A playout here is the bare engine loop (legal actions, uniform choice, chance sampled by its
probabilities), the same work a search agent's rollout does, without the driver's views.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, TERMINAL, Game, State
from boardwright.engine.play import sample_chance


def random_playout(game: Game, players: int, rng: random.Random) -> tuple[State, int]:
    state = game.new_initial_state(players)
    count = 0
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        count += 1
    return state, count


def playout_speed(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    actions = games = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        _, n = random_playout(game, players, rng)
        actions += n
        games += 1
    return {"actions": actions, "games": games, "actions_per_second": actions / elapsed}


def clone_cost(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """Mean µs per clone over states sampled from the middle of random games."""
    rng = random.Random(seed)
    states: list[State] = []
    for _ in range(20):
        state = game.new_initial_state(players)
        stop = rng.randrange(20, 150)
        for _ in range(stop):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    clones = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for s in states:
            for _ in range(50):
                s.clone()
        clones += 50 * len(states)
    return elapsed / clones * 1e6


def ismcts_speed(game: Game, players: int, decisions: int = 12, iterations: int = 1000,
                 seed: int = 0) -> dict[str, float]:
    """ISMCTS at `iterations` per move over the first `decisions` real decisions of a game
    (more than one legal action), the other seats playing randomly."""
    from boardwright.agents.ismcts import ISMCTSAgent

    rng = random.Random(seed)
    agent = ISMCTSAgent(iterations=iterations)
    state = game.new_initial_state(players)
    thinking = 0.0
    made = 0
    while made < decisions and not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        if actor == 0 and len(legal) > 1:
            started = time.perf_counter()
            action = agent.choose(game, actor, state.view(actor), legal, rng)
            thinking += time.perf_counter() - started
            made += 1
        else:
            action = rng.choice(legal)
        state.apply(action)
    return {"ms_per_move": 1000 * thinking / made,
            "iterations_per_second": iterations * made / thinking}


def openspiel_speed(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """Actions/s (chance included) of uniform-random games driven through pyspiel."""
    from boardwright.interop.openspiel import load

    spiel_game = load(game.info.id, players)
    rng = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / elapsed


def pettingzoo_speed(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """Actions/s (chance included) of uniform-random games through the wrapped AEC env,
    observations (view encoding and action mask) made at every step as an RL loop would."""
    from boardwright.interop.pettingzoo import env

    e = env(game.info.id, players=players)
    actions = 0
    episode = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        e.reset(seed=seed + episode)
        episode += 1
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(e.action_space(agent).sample(obs["action_mask"]))
            actions += 1
        actions += e.unwrapped.chance_actions
    return actions / elapsed


ADAPTERS = {"openspiel": openspiel_speed, "pettingzoo": pettingzoo_speed}


def adapter_rows(game: Game, players: int, seconds: float, native: float
                 ) -> list[dict[str, Any]]:
    """Each adapter's random-game speed next to the native engine's (`native` actions/s)."""
    rows = []
    for name, measure in ADAPTERS.items():
        row: dict[str, Any] = {"game": game.info.id, "players": players, "adapter": name}
        try:
            speed = measure(game, players, seconds)
        except ImportError as exc:  # the optional extra is not installed
            row["error"] = str(exc)
        else:
            row["actions_per_second"] = round(speed, 1)
            row["of_native"] = round(speed / native, 4)
        rows.append(row)
    return rows


def run_benchmarks(seconds: float = 3.0, adapters: bool = False,
                   games: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Every game (or those named in `games`) at every player count; with `adapters`, rows
    `{"adapter": ...}` too."""
    results = []
    chosen = [registry.get(name) for name in games] if games else registry.games()
    for game in chosen:
        for players in game.info.player_counts:
            speed = playout_speed(game, players, seconds)
            results.append({
                "game": game.info.id,
                "players": players,
                "actions_per_second": round(speed["actions_per_second"], 1),
                "games": speed["games"],
                "clone_us": round(clone_cost(game, players, seconds / 3), 3),
            })
            if adapters:
                results.extend(adapter_rows(game, players, seconds / 2,
                                            speed["actions_per_second"]))
        search = ismcts_speed(game, game.info.min_players)
        results.append({
            "game": game.info.id,
            "players": game.info.min_players,
            "agent": "ismcts:1000",
            "ms_per_move": round(search["ms_per_move"], 1),
            "iterations_per_second": round(search["iterations_per_second"], 1),
        })
    return results

"""Benchmarks for `make bench`: random-playout actions/s and clone() cost, per game, one core.

A playout here is the bare engine loop (legal actions, uniform choice, chance sampled by its
probabilities), the same work a search agent's rollout does, without the driver's views.
"""

from __future__ import annotations

import random
import time
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


def run_benchmarks(seconds: float = 3.0) -> list[dict[str, Any]]:
    results = []
    for game in registry.games():
        for players in game.info.player_counts:
            speed = playout_speed(game, players, seconds)
            results.append({
                "game": game.info.id,
                "players": players,
                "actions_per_second": round(speed["actions_per_second"], 1),
                "games": speed["games"],
                "clone_us": round(clone_cost(game, players, seconds / 3), 3),
            })
        search = ismcts_speed(game, game.info.min_players)
        results.append({
            "game": game.info.id,
            "players": game.info.min_players,
            "agent": "ismcts:1000",
            "ms_per_move": round(search["ms_per_move"], 1),
            "iterations_per_second": round(search["iterations_per_second"], 1),
        })
    return results

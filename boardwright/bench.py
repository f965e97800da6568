"""Benchmarks for `make bench`: random-playout actions/s and clone() cost, per game, one core,
and the researchers' interfaces next to their yardsticks.

A playout here is the bare engine loop (legal actions, uniform choice, chance sampled by its
probabilities), the same work a search agent's rollout does, without the driver's views. The
interfaces are measured side by side with a yardstick in the same run (`ratio_rows`): the
OpenSpiel adapter and `simulate` against that engine loop, the PettingZoo environment against
PettingZoo's own `tictactoe_v3`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
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


# --- side by side: each measured loop alternates with its yardstick in short rounds, so both
# see the same machine (a shared machine's load drifts within a minute) ---------------------

#: a loop that runs for about `seconds` and returns (units done, seconds taken)
Loop = Callable[[float], tuple[int, float]]


#: how long one side runs before the other takes over: short enough that a burst of other work
#: on a shared machine lands on both sides alike, long enough for a few games of any game
ROUND_SECONDS = 0.25


def side_by_side(loop: Loop, yardstick: Loop, seconds: float, rounds: int | None = None
                 ) -> tuple[float, float]:
    """Units/s of `loop` and of `yardstick`, run alternately for `seconds` each in all
    (`rounds` turns each; by default turns of about `ROUND_SECONDS`)."""
    if rounds is None:
        rounds = max(2, round(seconds / ROUND_SECONDS))
    done = [0, 0]
    spent = [0.0, 0.0]
    for _ in range(rounds):
        for i, run in enumerate((loop, yardstick)):
            units, elapsed = run(seconds / rounds)
            done[i] += units
            spent[i] += elapsed
    return done[0] / spent[0], done[1] / spent[1]


def native_loop(game: Game, players: int, seed: int = 0) -> Loop:
    """The plain engine loop (legal actions, uniform choice, chance sampled): actions."""
    rng = random.Random(seed)

    def run(seconds: float) -> tuple[int, float]:
        actions = 0
        started = time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            actions += random_playout(game, players, rng)[1]
        return actions, elapsed

    return run


def simulate_loop(game: Game, players: int, seed: int = 0) -> Loop:
    """`boardwright simulate` with random agents (`run_simulation`): the actions it reports."""
    from boardwright.cli.simulate import run_simulation

    next_seed = [seed]

    def run(seconds: float) -> tuple[int, float]:
        actions = 0
        elapsed = 0.0
        batch = 1
        while elapsed < seconds:
            report = run_simulation(game, players, batch, next_seed[0], ["random"])
            next_seed[0] += batch
            actions += report["actions"]
            elapsed += report["seconds"]
            batch = min(batch * 2, 64)
        return actions, elapsed

    return run


def openspiel_loop(game: Game, players: int, seed: int = 0) -> Loop:
    """OpenSpiel's own random-game loop through pyspiel: actions, chance included."""
    from boardwright.interop.openspiel import load

    spiel_game = load(game.info.id, players)
    rng = random.Random(seed)

    def run(seconds: float) -> tuple[int, float]:
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
        return actions, elapsed

    return run


def aec_loop(make_env: Callable[[], Any], seed: int = 0) -> Loop:
    """PettingZoo's usual AEC loop, `last()` and a random legal action from the mask at every
    step: env steps taken with an action (chance played inside an env is not a step)."""
    e = make_env()
    episode = [seed]

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        started = time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            e.reset(seed=episode[0])
            episode[0] += 1
            for agent in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(e.action_space(agent).sample(obs["action_mask"]))
                steps += 1
        return steps, elapsed

    return run


def pettingzoo_loop(game: Game, players: int, seed: int = 0) -> Loop:
    from boardwright.interop.pettingzoo import env

    return aec_loop(lambda: env(game.info.id, players=players), seed)


def tictactoe_loop(seed: int = 0) -> Loop:
    """PettingZoo's own `tictactoe_v3`, the yardstick of the PettingZoo adapter (imported from
    its module: `pettingzoo.classic.tictactoe_v3` is a deprecated alias of it)."""
    from pettingzoo.classic.tictactoe.tictactoe import env

    return aec_loop(env, seed)


def ratio_rows(game: Game, players: int, seconds: float) -> list[dict[str, Any]]:
    """Each interface next to its yardstick, measured side by side: OpenSpiel and `simulate`
    against the plain engine loop, PettingZoo against PettingZoo's own tic-tac-toe."""
    rows: list[dict[str, Any]] = []
    cases: list[tuple[str, Callable[[], tuple[Loop, Loop]], str]] = [
        ("openspiel", lambda: (openspiel_loop(game, players), native_loop(game, players)),
         "native"),
        ("pettingzoo", lambda: (pettingzoo_loop(game, players), tictactoe_loop()),
         "tictactoe"),
        ("simulate", lambda: (simulate_loop(game, players), native_loop(game, players)),
         "native"),
    ]
    for name, make, against in cases:
        row: dict[str, Any] = {"game": game.info.id, "players": players, "interface": name}
        try:
            loop, yardstick = make()
        except ImportError as exc:  # an optional extra is not installed
            row["error"] = str(exc)
        else:
            speed, base = side_by_side(loop, yardstick, seconds)
            unit = "steps" if name == "pettingzoo" else "actions"
            row[f"{unit}_per_second"] = round(speed, 1)
            row[f"{against}_per_second"] = round(base, 1)
            row[f"of_{against}"] = round(speed / base, 4)
        rows.append(row)
    return rows


def run_benchmarks(seconds: float = 3.0, ratios: bool = False,
                   games: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Every game (or those named in `games`) at every player count; with `ratios`, rows
    `{"interface": ...}` too (see `ratio_rows`)."""
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
            if ratios:
                results.extend(ratio_rows(game, players, seconds))
        search = ismcts_speed(game, game.info.min_players)
        results.append({
            "game": game.info.id,
            "players": game.info.min_players,
            "agent": "ismcts:1000",
            "ms_per_move": round(search["ms_per_move"], 1),
            "iterations_per_second": round(search["iterations_per_second"], 1),
        })
    return results

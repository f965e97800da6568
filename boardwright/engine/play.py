"""The driver: seats agents at a game, samples chance from a seeded generator, keeps the record.

Agents see only their seat's view and the legal actions. Chance and each agent draw from their own
generator, all derived from one seed, so a seed and a list of agents give the same game every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .api import CHANCE, TERMINAL, Game, State, View
from .errors import BoardwrightError
from .events import Event
from .record import GameRecord, close_record, new_record


class Agent(Protocol):
    """Anything that picks an action from a view: a bot, a person at a terminal, a network seat."""

    name: str

    def choose(
        self, game: Game, seat: int, view: View, legal: Sequence[int], rng: random.Random
    ) -> int: ...


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """One outcome drawn by its probability (one `rng.random()` call, so replays stay exact)."""
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def chance_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}/chance")


def agent_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"{seed}/seat/{seat}")


class TooLong(BoardwrightError):
    code = "too_long"


@dataclass
class PlayResult:
    state: State
    record: GameRecord
    events: list[Event] = field(default_factory=list)
    #: how many turns were played: a turn begins whenever a seat decides after another did
    turns: int = 0

    @property
    def rounds(self) -> int:
        """The game's length in rounds: as the game counts them, else turns per seat."""
        counted = self.state.rounds_played()
        if counted is not None:
            return counted
        return -(-self.turns // self.state.num_players)


StepHook = Callable[[State, int, int, list[Event]], None]


def play_game(
    game: Game,
    players: int,
    agents: Sequence[Agent],
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int | None = None,
    on_step: StepHook | None = None,
    keep_events: bool = False,
) -> PlayResult:
    """Play one game to the end and return the final state and its record.

    `on_step(state, actor, action, events)` runs after every action (actor may be `CHANCE`).
    """
    if len(agents) != players:
        raise BoardwrightError(f"{players} seats need {players} agents, got {len(agents)}")
    state = game.new_initial_state(players, options)
    record = new_record(game, state, options=dict(options or {}), seed=seed,
                        seats=[a.name for a in agents])
    rng_chance = chance_rng(seed)
    rngs = [agent_rng(seed, s) for s in range(players)]
    limit = max_actions if max_actions is not None else game.info.max_actions
    kept: list[Event] = []
    steps = turns = 0
    last_decider = CHANCE
    while (actor := state.current_player()) != TERMINAL:
        if steps >= limit:
            raise TooLong(f"{game.info.id} did not end within {limit} actions")
        if actor == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng_chance)
        else:
            if actor != last_decider:
                turns += 1
                last_decider = actor
            legal = state.legal_actions()
            action = agents[actor].choose(game, actor, state.view(actor), legal, rngs[actor])
        record.actions.append(state.action_to_text(action))
        events = state.apply(action)
        steps += 1
        if keep_events:
            kept.extend(events)
        if on_step is not None:
            on_step(state, actor, action, events)
    close_record(record, state)
    return PlayResult(state, record, kept, turns)

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
    """Anything that picks an action from a view: a bot, a person at a terminal, a network seat.

    An agent that never reads its view (the random player needs only the legal actions) says so
    with a class attribute `reads_view = False`: the driver then builds no view for it and passes
    `NO_VIEW`. Building a view is most of the cost of a step in a game of random players.
    """

    name: str

    def choose(
        self, game: Game, seat: int, view: View, legal: Sequence[int], rng: random.Random
    ) -> int: ...


#: what an agent with `reads_view = False` is given instead of its view (do not change it)
NO_VIEW: View = {}


def reads_view(agent: Agent) -> bool:
    """Whether the driver must build `agent`'s view (true unless it declares otherwise)."""
    return bool(getattr(agent, "reads_view", True))


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
    """A game that did not end within its bound on actions: a loop among bots, stopped.

    `rounds` is how far it got and `actions` the bound it met, so a report can count it as a
    game cut short ("too_long") rather than lose it as an error."""

    code = "too_long"

    def __init__(self, message: str, *, rounds: int = 0, actions: int = 0) -> None:
        super().__init__(message)
        self.rounds = rounds
        self.actions = actions


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
    texts: dict[int, str] | None = None,
) -> PlayResult:
    """Play one game to the end and return the final state and its record.

    `on_step(state, actor, action, events)` runs after every action (actor may be `CHANCE`).
    The loop keeps only action ids; their texts (which depend only on the configuration, see
    `api.py`) are written into the record once the game is over, each distinct id once. A
    caller playing many games of one configuration may pass one `texts` dict to all of them.
    """
    if len(agents) != players:
        raise BoardwrightError(f"{players} seats need {players} agents, got {len(agents)}")
    state = game.new_initial_state(players, options)
    record = new_record(game, state, options=dict(options or {}), seed=seed,
                        seats=[a.name for a in agents])
    rng_chance = chance_rng(seed)
    rngs = [agent_rng(seed, s) for s in range(players)]
    viewers = [reads_view(a) for a in agents]
    limit = max_actions if max_actions is not None else game.info.max_actions
    kept: list[Event] = []
    played: list[int] = []
    turns = 0
    last_decider = CHANCE
    while (actor := state.current_player()) != TERMINAL:
        if len(played) >= limit:
            cut = PlayResult(state, record, turns=turns)
            raise TooLong(f"{game.info.id} did not end within {limit} actions",
                          rounds=cut.rounds, actions=limit)
        if actor == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng_chance)
        else:
            if actor != last_decider:
                turns += 1
                last_decider = actor
            view = state.view(actor) if viewers[actor] else NO_VIEW
            action = agents[actor].choose(game, actor, view, state.legal_actions(), rngs[actor])
        played.append(action)
        events = state.apply(action)
        if keep_events:
            kept.extend(events)
        if on_step is not None:
            on_step(state, actor, action, events)
    record.actions = action_texts(state, played, {} if texts is None else texts)
    close_record(record, state)
    return PlayResult(state, record, kept, turns)


def action_texts(state: State, actions: Sequence[int], texts: dict[int, str]) -> list[str]:
    """The texts of `actions` in `state`'s configuration; `texts` caches them by id."""
    out = []
    for action in actions:
        text = texts.get(action)
        if text is None:
            text = texts[action] = state.action_to_text(action)
        out.append(text)
    return out

"""Every registered boardwright game as a PettingZoo AEC environment.

    from boardwright.interop.pettingzoo import env
    e = env("beowulf", players=4, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0 .. player_<n-1>` (the engine's seats). An observation is a dict:
`observation`, the game's structured observation of the seat's view as one float32 vector (named
fields of fixed shapes, `env.unwrapped.observer.split(vector)` takes them apart; the hashed view
for a game that declares none, see `observation.py`), and `action_mask`, an int8 vector over
every action id, 1 for the legal ones (all 0 for a seat that is not to move). An observation is
made only when `observe` (or `last`) asks for it, once per agent and step. Chance is played by
the environment itself from a generator seeded by `reset(seed=...)`, so a seed gives the same
game. The reward, given once at the end, is the win: 1 shared among the winners, 0 for the
others; `infos[agent]["scores"]` then holds the engine's scores. `render()` (mode `"ansi"`)
returns the game's terminal rendering of the spectator's view, which shows nothing hidden.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, TERMINAL, State

from .observation import DEFAULT_SIZE, observer_for
from .returns import win_returns


def env(game: str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """The AEC environment of `game` with PettingZoo's usual safety wrappers."""
    wrapped: AECEnv = raw_env(game, players, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """One boardwright game at one configuration, as an AEC environment."""

    def __init__(self, game: str, players: int | None = None, *,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 obs_size: int = DEFAULT_SIZE) -> None:
        super().__init__()
        self.game = registry.get(game)
        self.players = players if players is not None else self.game.info.min_players
        self.options = dict(options or {})
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"boardwright_{game}_v0",
                         "is_parallelizable": False}
        # checks the configuration now rather than at the first reset
        self.state: State = self.game.new_initial_state(self.players, self.options)
        self.num_actions = self.state.num_distinct_actions
        #: the game's observer (`obs_size` is the length of the hashed fallback only)
        self.observer = observer_for(self.game, self.players, self.options, obs_size)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(self.observer.low, self.observer.high,
                                          (self.observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _start(self) -> None:
        #: chance outcomes the environment played itself since the reset
        self.chance_actions = 0
        #: observations made since the last action, by agent (`observe` fills it lazily)
        self._observed: dict[str, dict[str, np.ndarray]] = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._play_chance()
        self._after_action()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state(self.players, self.options)
        self._start()

    def _play_chance(self) -> None:
        """Chance moves until a seat is to move (or the game is over), drawn from the seed."""
        state = self.state
        while state.current_player() == CHANCE:
            self.chance_actions += 1
            outcomes = state.chance_outcomes()
            r = self._rng.random()
            acc = 0.0
            pick = outcomes[-1][0]
            for action, p in outcomes:
                acc += p
                if r < acc:
                    pick = action
                    break
            state.apply(pick)

    def _after_action(self) -> None:
        actor = self.state.current_player()
        if actor == TERMINAL:
            wins = win_returns(self.state)
            scores = self.state.returns()
            for agent, seat in self._seats.items():
                self.rewards[agent] = float(wins[seat])
                self.terminations[agent] = True
                self.infos[agent] = {"scores": scores, "winners": self.state.winners()}
            # agent_selection stays on the seat that moved last: it sees the end first
        else:
            self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation of the position now, made on the first call after an action
        and kept until the next one."""
        made = self._observed.get(agent)
        if made is None:
            seat = self._seats[agent]
            made = {"observation": self.observer.encode(self.state.view(seat), seat),
                    "action_mask": self.action_mask(agent)}
            self._observed[agent] = made
        return made

    def action_mask(self, agent: str) -> np.ndarray:
        """The agent's action mask alone, without making its observation (all a player that
        picks uniformly among the legal actions needs)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.state.current_player() == self._seats[agent]:
            legal = self.state.legal_actions()
            # one numpy assignment, no Python loop (fromiter: the cheapest list conversion)
            mask[np.fromiter(legal, np.intp, len(legal))] = 1
        return mask

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        # IllegalAction (with the engine's message) for an action the mask does not allow
        self.state.apply(int(action))
        self._observed = {}
        self._play_chance()
        self._after_action()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; use 'ansi'.")
            return None
        from rich.console import Console

        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        console.print(self.game.render(self.state.view(None)))
        return out.getvalue()

    def close(self) -> None:
        pass

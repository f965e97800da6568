"""Every registered boardwright game as an OpenSpiel Python game, `boardwright_<id>`.

    import pyspiel
    import boardwright.interop.openspiel  # registers boardwright_beowulf, ...
    game = pyspiel.load_game("boardwright_beowulf", {"players": 3})

Game parameters: `players` (default: the game's minimum), `obs_size` (length of the hashed
observation, used only for a game without a structured one) and one parameter per game option.
Options whose default is a bool, int, float or str keep that type; any other option (lists,
boards) is a JSON string, `"null"` meaning the game's default.

- Chance is explicit: chance nodes list the engine's outcomes with their probabilities.
- Returns are the win: 1 shared equally among the winners, 0 for the others (constant-sum 1). The
  engine's own scores (which have no fixed bounds) stay available as `state.scores()`.
- `observation_string(p)` is the canonical JSON of the engine's `view(p)`; the information state
  adds `p`'s own actions so far. Both come from the view, so no hidden fact can leak. The
  public observer (`PrivateInfoType.NONE`) uses the spectator's view.
- Tensors: the game's structured observation of the view (`Game.observer`; the observer's `dict`
  holds each named field in its shape), the hashed view for a game without one (see
  `observation.py`); the information-state tensor adds the counts of `p`'s own actions.
- `resample_from_infostate` draws from the game's `determinizer` (the engine's `sample_state`).
- Serialisation and clones go through the engine's `to_json`/`state_from_json` and `clone()`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, TERMINAL, Game, OptionInfo, State

from .observation import DEFAULT_SIZE, observer_for, view_string
from .returns import win_returns

PREFIX = "boardwright_"
_SPIEL_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SPIEL_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SCALARS = (bool, int, float, str)


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _param_default(option: OptionInfo) -> Any:
    if isinstance(option.default, _SCALARS):
        return option.default
    return "null"  # a JSON string; "null" keeps the game's own default


def options_from_params(game: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The engine options that the OpenSpiel parameters set away from the game's defaults."""
    options: dict[str, Any] = {}
    for option in game.info.options:
        if option.name not in params:
            continue
        value = params[option.name]
        if not isinstance(option.default, _SCALARS):
            value = json.loads(value)
            if value is None:
                continue
        if value != option.default:
            options[option.name] = value
    return options


class _Core:
    """The engine state and each seat's own actions, copied fast and pickled as JSON.

    pyspiel clones a Python state by deep-copying its `__dict__` and serialises it by pickling
    that dict; this one object makes the first an engine `clone()` and the second `to_json()`.
    """

    __slots__ = ("actor", "cache", "cache_at", "game_id", "own", "state")

    def __init__(self, game_id: str, state: State, own: list[list[int]] | None) -> None:
        self.game_id = game_id
        self.state = state
        #: each seat's own actions, in order (what its information state adds), or None until
        #: an information state is first asked for: then they are read once from pyspiel's
        #: history (`BoardwrightState.own_actions`) and kept up to date from there on. A
        #: random-game loop never asks, and keeping them cost it about 1% of its speed
        self.own = own
        #: `state.current_player()`, kept in step by `_apply_action`: a random-game loop asks
        #: it four times an action (is_terminal, is_chance_node, legal_actions, apply_action)
        self.actor = state.current_player()
        #: views, strings and determinizers of the position after `cache_at` moves (checked
        #: when read, so that applying an action need not empty it)
        self.cache: dict[Any, Any] = {}
        self.cache_at = -1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        own = None if self.own is None else [h[:] for h in self.own]
        return _Core(self.game_id, self.state.clone(), own)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_core, (self.game_id, self.state.to_json(), self.own))


def _restore_core(game_id: str, data: dict[str, Any], own: list[list[int]] | None) -> _Core:
    return _Core(game_id, registry.get(game_id).state_from_json(data), own)


class BoardwrightObserver:
    """pyspiel's PyObserver interface (`tensor`, `dict`, `set_from`, `string_from`)."""

    def __init__(self, game: BoardwrightGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info if iig_obs_type is not None else None
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not offered")
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("an observer of private information only is not offered")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.observer = game.observer
        size = self.observer.size
        actions = game.num_distinct_actions() if self.perfect_recall else 0
        self.tensor = np.zeros(size + actions, np.float32)
        self.view_part = self.tensor[:size]
        self.dict = self.observer.split(self.view_part)
        if self.perfect_recall:
            self.dict["own_actions"] = self.tensor[size:]

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: BoardwrightState, player: int) -> None:
        cache = state.position_cache()
        seat = self._seat(player)
        key = ("tensor", seat)
        encoded = cache.get(key)
        if encoded is None:
            encoded = cache[key] = self.observer.encode(state.view(seat), seat)
        self.view_part[:] = encoded
        if self.perfect_recall:
            counts = self.dict["own_actions"]
            counts.fill(0.0)
            if not self.public_only:
                for action in state.own_actions(player):
                    counts[action] += 1.0

    def string_from(self, state: BoardwrightState, player: int) -> str:
        cache = state.position_cache()
        key = ("string", self._seat(player), self.perfect_recall)
        text = cache.get(key)
        if text is None:
            text = view_string(state.view(self._seat(player)))
            if self.perfect_recall and not self.public_only:
                text += " own=" + ",".join(map(str, state.own_actions(player)))
            cache[key] = text
        return text


class BoardwrightState(pyspiel.State):
    """An OpenSpiel state around an engine state."""

    def __init__(self, game: BoardwrightGame, core: _Core | None = None) -> None:
        super().__init__(game)
        if core is None:  # its own actions are read from the history when first asked for
            core = _Core(game.engine_game.info.id, game.template.clone(), None)
        self._core = core

    def position_cache(self) -> dict[Any, Any]:
        """A dict for what is computed from this exact position (views, strings, determinizers),
        emptied once an action has been applied since it was filled."""
        core = self._core
        moves = self.move_number()
        if core.cache_at != moves:
            core.cache.clear()
            core.cache_at = moves
        return core.cache

    def view(self, seat: int | None) -> Any:
        """The engine's view for `seat` (`None`: a spectator's), cached for this position."""
        cache = self.position_cache()
        key = ("view", seat)
        if key not in cache:
            cache[key] = self._core.state.view(seat)
        return cache[key]

    def own_actions(self, player: int) -> list[int]:
        """`player`'s own actions so far, in order (what its information state adds)."""
        core = self._core
        if core.own is None:  # the first ask on this line of states: from pyspiel's history
            own: list[list[int]] = [[] for _ in range(self.num_players())]
            for step in self.full_history():
                if step.player >= 0:
                    own[step.player].append(step.action)
            core.own = own
        return core.own[player]

    @property
    def engine_state(self) -> State:
        """The wrapped engine state (hidden facts included): read it, never change it (apply
        actions through `apply_action`, which keeps the history and the player to move)."""
        return self._core.state

    # The random-game loop of every OpenSpiel user (`is_terminal`, `is_chance_node`,
    # `chance_outcomes`, `legal_actions`, `apply_action`) calls these from Python: methods defined
    # here answer at once, where pyspiel's own would cross into C++ and call back into Python
    # once or twice. C++ callers (OpenSpiel's algorithms) go through `_legal_actions` and get the
    # same answers; `tests/interop/test_openspiel.py` checks that they agree.

    def current_player(self) -> int:
        """The seat to move, or pyspiel's CHANCE / TERMINAL."""
        actor = self._core.actor
        if actor >= 0:
            return actor
        return _SPIEL_TERMINAL if actor == TERMINAL else _SPIEL_CHANCE

    def is_chance_node(self) -> bool:
        return self._core.actor == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (the chance outcomes' actions at a chance node); for `player`,
        pyspiel's own answer."""
        if player is not None:
            return super().legal_actions(player)  # type: ignore[no-any-return]
        core = self._core
        actor = core.actor
        if actor >= 0:
            return core.state.legal_actions()
        state = core.state
        if actor == CHANCE:
            return [action for action, _ in state.chance_outcomes()]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        """The engine's legal actions (already sorted)."""
        return self._core.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The engine's chance outcomes with their probabilities."""
        return self._core.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Plays one action on the engine state; remembers it as its player's own."""
        core = self._core
        state = core.state
        actor = core.actor
        state.apply(action)  # pyspiel passes a Python int
        core.actor = state.current_player()
        if actor >= 0 and core.own is not None:
            core.own[actor].append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The engine's short notation (chance outcomes included)."""
        return self._core.state.action_to_text(int(action))

    def is_terminal(self) -> bool:
        return self._core.actor == TERMINAL

    def returns(self) -> list[float]:
        """The win, shared among the winners (see the module docstring)."""
        return win_returns(self._core.state)

    def scores(self) -> list[float]:
        """The engine's own returns (the game's scores)."""
        return self._core.state.returns()

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> BoardwrightState:
        """A state `player_id` cannot tell from this one, hidden facts drawn afresh.

        The draw is seeded from one call of `probability_sampler` (anything returning a float in
        [0, 1), e.g. `pyspiel.UniformProbabilitySampler`). Other seats' own-action lists are
        not known to `player_id`, so the sample starts them empty.
        """
        core = self._core
        cache = self.position_cache()
        key = ("determinizer", player_id)
        sampler = cache.get(key)
        if sampler is None:
            game = registry.get(core.game_id)
            sampler = game.determinizer(self.view(player_id), player_id)
            cache[key] = sampler
        rng = random.Random(int(probability_sampler() * 2**53))
        own: list[list[int]] = [[] for _ in range(self.num_players())]
        own[player_id] = self.own_actions(player_id)[:]
        return BoardwrightState(self.get_game(), _Core(core.game_id, sampler(rng), own))

    def __str__(self) -> str:
        """The complete state as canonical JSON (hidden facts included: for debugging)."""
        return view_string(self._core.state.to_json())


class BoardwrightGame(pyspiel.Game):
    """One boardwright game at one configuration (players, options)."""

    #: the game's id; `game_class` makes one subclass per game, the creator pyspiel registers
    engine_id = ""

    def __init__(self, params: Mapping[str, Any] | None = None,
                 template: State | None = None) -> None:
        params = dict(params or {})
        engine_game = registry.get(self.engine_id)
        self.engine_game = engine_game
        self.options = options_from_params(engine_game, params)
        if template is None:
            players = int(params.get("players", engine_game.info.min_players))
            template = engine_game.new_initial_state(players, self.options)
        else:
            players = template.num_players
            params["players"] = players
        #: cloned by every new state (cheaper than building a configuration again)
        self.template = template
        #: the game's structured observer, or the hashed view of `obs_size` slots
        self.observer = observer_for(engine_game, players, self.options,
                                     int(params.get("obs_size", DEFAULT_SIZE)))
        actions = self.template.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            # chance outcomes are action ids too, in the same 0..actions-1 space
            max_chance_outcomes=actions,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=engine_game.info.max_actions,
        )
        super().__init__(game_type(engine_game), info, params)

    @classmethod
    def from_state(cls, engine_game: Game, state: State) -> BoardwrightGame:
        """The game of an existing engine state's configuration (for agents holding a view).

        Its parameters name only the player count; sizes come from `state` itself.
        """
        return game_class(engine_game)({}, template=state.clone())

    def new_initial_state(self) -> BoardwrightState:
        return BoardwrightState(self)

    def state_from_engine(self, state: State, own: list[list[int]] | None = None
                          ) -> BoardwrightState:
        """An OpenSpiel state around an engine state of this configuration."""
        own = own if own is not None else [[] for _ in range(state.num_players)]
        return BoardwrightState(self, _Core(self.engine_game.info.id, state, own))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Any = None) -> BoardwrightObserver:
        return BoardwrightObserver(self, iig_obs_type, params)


def game_type(engine_game: Game) -> pyspiel.GameType:
    info = engine_game.info
    parameters: dict[str, Any] = {"players": info.min_players, "obs_size": DEFAULT_SIZE}
    for option in info.options:
        parameters[option.name] = _param_default(option)
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"boardwright {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


_CLASSES: dict[str, type[BoardwrightGame]] = {}


def game_class(engine_game: Game) -> type[BoardwrightGame]:
    """The `BoardwrightGame` subclass of one game.

    pyspiel keeps the registered creator until the process exits and drops it without the GIL; a
    class (as in OpenSpiel's own Python games) outlives that, a closure would be freed then and
    abort the interpreter.
    """
    game_id = engine_game.info.id
    if game_id not in _CLASSES:
        name = "".join(part.title() for part in game_id.split("_"))
        _CLASSES[game_id] = type(f"Boardwright{name}Game", (BoardwrightGame,),
                                 {"engine_id": game_id, "__module__": __name__})
    return _CLASSES[game_id]


def register_all() -> list[str]:
    """Registers every boardwright game with pyspiel (idempotent); returns the short names."""
    known = set(pyspiel.registered_names())
    names = []
    for engine_game in registry.games():
        name = short_name(engine_game.info.id)
        if name not in known:
            pyspiel.register_game(game_type(engine_game), game_class(engine_game))
        names.append(name)
    return names


def load(game_id: str, players: int | None = None, **options: Any) -> BoardwrightGame:
    """`pyspiel.load_game` for a boardwright game, with options given as Python values."""
    engine_game = registry.get(game_id)
    params: dict[str, Any] = {}
    if players is not None:
        params["players"] = players
    defaults = {o.name: o for o in engine_game.info.options}
    for name, value in options.items():
        option = defaults.get(name)
        scalar = option is not None and isinstance(option.default, _SCALARS)
        params[name] = value if scalar else json.dumps(value)
    register_all()
    game = pyspiel.load_game(short_name(game_id), params)
    assert isinstance(game, BoardwrightGame)
    return game


register_all()

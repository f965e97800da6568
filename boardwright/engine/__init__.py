"""The game-agnostic core. It imports no game; games import it.

Public API: `Game`, `State`, `GameInfo`, `CHANCE`, `TERMINAL`, `Event`, the errors, `GameRecord`,
`replay`, `play_game`, and the registry (`registry.get`, `registry.names`).
"""

from .api import CHANCE, TERMINAL, Game, GameInfo, OptionInfo, State, View
from .errors import BadConfig, BadRecord, BoardwrightError, IllegalAction, UnknownGame
from .events import Event
from .play import Agent, play_game, sample_chance
from .record import GameRecord, replay

__all__ = [
    "CHANCE", "TERMINAL", "Agent", "BadConfig", "BadRecord", "BoardwrightError", "Event", "Game",
    "GameInfo", "GameRecord", "IllegalAction", "OptionInfo", "State", "UnknownGame", "View",
    "play_game", "replay", "sample_chance",
]

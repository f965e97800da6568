"""The arena: many games between agents with rotated seats, and their statistics.

`run_arena(config)` plays the games on local worker processes or as Ray tasks; the results are
the same for the same config whichever backend ran them (each game depends only on its index).
"""

from .journal import Journal
from .runner import ArenaConfig, ArenaResult, play_one, run_arena
from .stats import elo_ratings, summarise, wilson_interval

__all__ = [
    "ArenaConfig", "ArenaResult", "Journal", "elo_ratings", "play_one", "run_arena", "summarise",
    "wilson_interval",
]

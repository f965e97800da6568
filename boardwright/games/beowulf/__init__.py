"""Beowulf: The Movie Board Game (Reiner Knizia, 2007), complete rules. See RULES.md."""

from boardwright.engine.registry import register

from .game import GAME, BeowulfGame
from .state import BeowulfState

register(GAME)

__all__ = ["GAME", "BeowulfGame", "BeowulfState"]

"""Beowulf: The Movie Board Game (Reiner Knizia, 2007), complete rules. See RULES.md."""

from boardwright.engine.registry import register

from .forward import BeowulfState
from .game import GAME, BeowulfGame

register(GAME)

__all__ = ["GAME", "BeowulfGame", "BeowulfState"]

"""Mesopotamia (Klaus-Jürgen Wrede, 2005), complete rules for 2-4 players. See RULES.md."""

from boardwright.engine.registry import register

from .game import GAME, MesoGame
from .state import MesoState

register(GAME)

__all__ = ["GAME", "MesoGame", "MesoState"]

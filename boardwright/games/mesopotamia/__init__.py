"""Mesopotamia (Klaus-Jürgen Wrede, 2005), complete rules for 2-4 players. See RULES.md."""

from boardwright.engine.registry import register

from .forward import MesoState
from .game import GAME, MesoGame

register(GAME)

__all__ = ["GAME", "MesoGame", "MesoState"]

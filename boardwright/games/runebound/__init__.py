"""Runebound, 2nd edition (FFG 2005): rules engine, content packs, doom variant. See RULES.md."""

from boardwright.engine.registry import register

from .game import GAME, RuneboundGame
from .state import RuneboundState

register(GAME)

__all__ = ["GAME", "RuneboundGame", "RuneboundState"]

"""Runebound, 2nd edition (FFG 2005): rules engine, content packs, doom variant. See RULES.md."""

from boardwright.engine.registry import register

from .forward import RuneboundState
from .game import GAME, RuneboundGame

register(GAME)

__all__ = ["GAME", "RuneboundGame", "RuneboundState"]

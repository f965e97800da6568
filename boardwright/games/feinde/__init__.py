"""Fürchterliche Feinde (Friedemann Friese, 2F-Spiele 2006). See RULES.md."""

from boardwright.engine.registry import register

from .game import GAME, FeindeGame
from .state import FeindeState

register(GAME)

__all__ = ["GAME", "FeindeGame", "FeindeState"]

"""Fürchterliche Feinde (Friedemann Friese, 2F-Spiele 2006). See RULES.md."""

from boardwright.engine.registry import register

from .forward import FeindeState
from .game import GAME, FeindeGame

register(GAME)

__all__ = ["GAME", "FeindeGame", "FeindeState"]

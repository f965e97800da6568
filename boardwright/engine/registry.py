"""Game name -> Game. Games register themselves; `discover()` imports every games subpackage."""

from __future__ import annotations

import importlib
import pkgutil

from .api import Game
from .errors import UnknownGame

_GAMES: dict[str, Game] = {}
_DISCOVERED = False


def register(game: Game) -> Game:
    """Add `game` under `game.info.id` (idempotent for the same object)."""
    existing = _GAMES.get(game.info.id)
    if existing is not None and existing is not game:
        raise ValueError(f"a different game is already registered as {game.info.id!r}")
    _GAMES[game.info.id] = game
    return game


def discover() -> None:
    """Import every package under `boardwright.games` so that each registers its game."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    import boardwright.games as games_pkg

    for mod in pkgutil.iter_modules(games_pkg.__path__):
        if mod.ispkg:
            importlib.import_module(f"{games_pkg.__name__}.{mod.name}")
    _DISCOVERED = True


def get(name: str) -> Game:
    """The registered game called `name`; `UnknownGame` with the known names otherwise."""
    discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game called {name!r}; known games: {known}", name=name) from None


def names() -> list[str]:
    """The ids of all registered games, sorted."""
    discover()
    return sorted(_GAMES)


def games() -> list[Game]:
    return [_GAMES[n] for n in names()]

"""boardwright: published board games played by their full printed rules.

`boardwright.engine` is the game-agnostic core; `boardwright.games` holds one package per game.
"""

__version__ = "0.1.0"

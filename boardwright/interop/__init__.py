"""Adapters that let researchers' frameworks play every registered boardwright game.

- `openspiel.py`: each game as an OpenSpiel Python game, `pyspiel.load_game("boardwright_<id>")`.
- `pettingzoo.py`: each game as a PettingZoo AEC environment, `env("beowulf", players=4)`.
- `observation.py`: the shared encoding of a seat's view as a string and a fixed-size tensor.
- `agent.py`: OpenSpiel's `ISMCTSBot` seated as a boardwright agent (`openspiel_ismcts`).

Nothing here is imported by the engine, the games or the agents package at import time: the
frameworks are optional extras (`boardwright[openspiel]`, `boardwright[pettingzoo]`). Both adapters
see a game only through the engine contract, so every game in `registry.games()` works in both.
"""

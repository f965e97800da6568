"""The uniform random player: a baseline, and the driver of conformance playouts."""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardwright.engine.api import Game, View


class RandomAgent:
    """Picks uniformly among the legal actions with the generator the driver gives it."""

    name = "random"
    #: it needs only the legal actions, so the driver builds no view for it
    reads_view = False

    def choose(
        self, game: Game, seat: int, view: View, legal: Sequence[int], rng: random.Random
    ) -> int:
        return rng.choice(list(legal))

"""`MesoState`: the table (`state.py`) with the engine's `State` contract, each method a call
into the rules (`rules.py`), the notation (`actions.py`) or the result (`ziggurat.py`, R8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import Ending, State, ranked_ending
from boardwright.engine.events import Event

from . import actions, rules, ziggurat
from .data import OVER, Config
from .state import MesoTable
from .turn import setup


class MesoState(MesoTable, State):
    __slots__ = ()

    def __init__(self, cfg: Config) -> None:
        """R2 set-up."""
        setup(self, cfg)
        self._legal = None
        self._geo = None

    # --- the contract, in OpenSpiel's order ----------------------------------------------

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def legal_actions_cached(self) -> list[int]:
        return rules.legal_actions_cached(self)

    def legal_actions(self) -> list[int]:
        return list(self.legal_actions_cached())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return rules.chance_outcomes(self)

    def apply(self, action: int) -> list[Event]:
        return rules.apply_action(self, action)

    @property
    def num_distinct_actions(self) -> int:
        return self.cfg.space.size

    def action_to_json(self, action: int) -> dict[str, Any]:
        return actions.action_to_json(self.cfg, action)

    def action_to_text(self, action: int) -> str:
        return actions.action_to_text(self.cfg, action)

    def action_from_text(self, text: str) -> int:
        return actions.action_from_text(self.cfg, text)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return actions.action_from_json(self.cfg, data)

    def returns(self) -> list[float]:
        """R8 1 for the winner; a capped game gives 0.5 to the seats best on the tie-breaks."""
        n = self.cfg.players
        if self.phase != OVER:
            return [0.0] * n
        win = set(self.winners())
        value = 0.5 if self.capped else 1.0
        return [value if p in win else 0.0 for p in range(n)]

    def tiebreak(self, seat: int) -> tuple[int, int, int]:
        """R9.1 EuropeMasters tie-breaks: offerings made, their values, mana left."""
        return ziggurat.tiebreak(self, seat)

    def winners(self) -> list[int]:
        return ziggurat.winners(self)

    def ended_by(self) -> str | None:
        """R9.1 the turn cap is a cap; four offerings delivered (R8) is the rules' ending."""
        if self.phase != OVER:
            return None
        return "cap" if self.capped else "rule"

    def ending(self) -> Ending | None:
        """R8.1 the fourth offering wins outright; R9.1 a capped game ranks the tie-breaks."""
        if self.phase != OVER:
            return None
        if not self.capped:
            return Ending("rule", "offerings")
        keys = [self.tiebreak(p) for p in range(self.cfg.players)]
        return ranked_ending("cap", "turn_cap", ("offerings", "offering_values", "mana"), keys,
                             self.winners())

    def rounds_played(self) -> int:
        # `turn` counts finished turns; the cap ends the game before another begins
        n = self.cfg.players
        return (self.turn + (0 if self.capped else 1) + n - 1) // n

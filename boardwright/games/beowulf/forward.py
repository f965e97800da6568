"""`BeowulfState`: the table (`state.py`) with the engine's `State` contract, each method a call
into the rules (`rules.py`), the notation (`actions.py`) or the final ranking (R6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import CHANCE, TERMINAL, Ending, State, ranked_ending
from boardwright.engine.events import Event

from . import actions, rules
from .data import CHANCE_PHASES, OVER, Config
from .state import BeowulfTable


class BeowulfState(BeowulfTable, State):
    __slots__ = ()

    def __init__(self, cfg: Config) -> None:
        """R2 set-up; with no tile for Act I (a custom configuration) the turns begin at once."""
        super().__init__(cfg)
        if self.pool_act == 0:
            self.deal_queue = []
            rules.begin_turns(self, self.start_player, [])

    # --- the contract, in OpenSpiel's order ----------------------------------------------

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def current_player(self) -> int:
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return self.to_move

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
        return [float(x) for x in self.saga]

    def ending(self) -> Ending | None:
        """R6.1 the game ends after the third act; R6.2–R6.4 rank the seats."""
        if self.phase != OVER:
            return None
        return ranked_ending("rule", "acts", ("saga", "diamonds"), self._ranking(),
                             self.winners())

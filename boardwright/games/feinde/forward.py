"""`FeindeState`: the table (`state.py`) with the engine's `State` contract, each method a call
into the rules (`rules.py`), the notation (`actions.py`) or the result (`endgame.py`, R11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import Ending, State, View, ranked_ending
from boardwright.engine.events import Event

from . import actions, endgame, rules
from .data import NUM_ACTIONS, Config
from .knowledge import dumbest
from .setup import setup
from .state import FeindeTable, view_of


class FeindeState(FeindeTable, State):
    """One position: the table and the engine's contract."""

    def __init__(self, cfg: Config, *, blank: bool = False) -> None:
        """R2 set-up (`blank`: no fields yet, for a reader that fills them)."""
        super().__init__(cfg)
        if not blank:
            setup(self)

    # --- the contract, in OpenSpiel's order ----------------------------------------------

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def legal_actions(self) -> list[int]:
        return list(rules.legal_actions_cached(self))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return rules.chance_outcomes(self)

    def apply(self, action: int) -> list[Event]:
        return rules.apply_action(self, action)

    def action_to_json(self, action: int) -> dict[str, Any]:
        return actions.action_to_json(self.cfg, action)

    def action_to_text(self, action: int) -> str:
        return actions.action_to_text(self.cfg, action)

    def action_from_text(self, text: str) -> int:
        return actions.action_from_text(self.cfg, text)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return actions.action_from_json(self.cfg, data)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def returns(self) -> list[float]:
        """R11.2 gold (bonus gold included) decides."""
        return [float(g) for g in self.gold]

    def winners(self) -> list[int]:
        return endgame.winners(self)

    def ending(self) -> Ending | None:
        """R11.1 the bosses beaten, or a cap or the stall rule; R11.2 ranks gold, then chips."""
        by = self.ended_by()
        if by is None:
            return None
        reason = {"rule": "bosses", "cap": "turn_limit", "stall": "stalled"}[by]
        return ranked_ending(by, reason, ("gold", "chips"),
                             list(zip(self.gold, self.chips, strict=True)), self.winners())

    def ended_by(self) -> str | None:
        return endgame.ended_by(self)

    def rounds_played(self) -> int:
        # the cap ends the game as the round after it would begin: that one was not played
        cap = self.cfg.options.max_rounds
        return min(self.round, cap) if cap else self.round

    def view(self, seat: int | None) -> View:
        """R8.1 the dumbest player and, for the seat to decide, its legal actions, with the
        table's public facts and `seat`'s own hand (`state.view_of`)."""
        legal = self.legal_actions() if self.current_player() == seat and seat is not None \
            else []
        return view_of(self, seat, dumbest(self), legal)

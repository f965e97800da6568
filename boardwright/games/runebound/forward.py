"""`RuneboundState`: the table (`state.py`) with the engine's `State` contract, each method a
call into the rules (`rules.py`), the set-up (`turn.setup`, R2) or the ending (`endgame`, R11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import CHANCE, TERMINAL, Ending, State, ranked_ending
from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event

from . import actions, rules
from .data import Config
from .endgame import score_key
from .state import RuneboundTable
from .turn import setup


class RuneboundState(RuneboundTable, State):
    __slots__ = ()

    def __init__(self, cfg: Config, g: dict[str, Any] | None = None) -> None:
        """R2 set-up, or the table `g` as it stands (a record read back)."""
        if g is None:
            setup(self, cfg)
        else:
            RuneboundTable.__init__(self, cfg, g)

    # --- the contract -----------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.cfg.players

    @property
    def num_distinct_actions(self) -> int:
        return self.cfg.space.size

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = [] if self.current_player() < 0 else sorted(rules.legal_now(self))
        return self._legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return rules.chance(self)

    def apply(self, action: int) -> list[Event]:
        name, off = self.cfg.space.decode(action)
        actor = self.current_player()
        if actor == TERMINAL:
            raise IllegalAction("the game is over", code="game_over")
        if actor == CHANCE:
            if action not in {a for a, _ in rules.chance(self)}:
                raise IllegalAction(f"{self.action_to_text(action)} is not a chance outcome now",
                                    code="illegal_action", action=action)
        elif action not in self.legal_actions():
            raise IllegalAction(f"{self.action_to_text(action)} is not legal now",
                                code="illegal_action", action=action)
        self._legal = None
        ev: list[Event] = []
        rules.do(self, name, off, ev)
        self._legal = None
        return ev

    def action_to_json(self, action: int) -> dict[str, Any]:
        """docs/web-client.md §1: `{"do": block, ...named parameters}` (actions.py)."""
        g = self.g
        seat = g.get("seat")
        players = g.get("players") or []
        pos = players[seat].get("pos") if isinstance(seat, int) and 0 <= seat < len(players) \
            else None
        return actions.to_json(self.cfg, action, pos if isinstance(pos, int) else None)

    def action_to_text(self, action: int) -> str:
        self.cfg.space.decode(action)
        return self.cfg.texts[action]

    def action_from_text(self, text: str) -> int:
        try:
            return self.cfg.by_text[str(text).strip()]
        except KeyError:
            raise IllegalAction(f"{text!r} names no Runebound action", code="unknown_action",
                                text=str(text)) from None

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        try:
            return actions.from_json(self.cfg, data)
        except (KeyError, ValueError, TypeError):
            raise IllegalAction(f"{dict(data)!r} names no Runebound action",
                                code="unknown_action") from None

    def returns(self) -> list[float]:
        w = set(self.g["winners"])
        return [1.0 if s in w else 0.0 for s in range(self.cfg.players)]

    def winners(self) -> list[int]:
        return list(self.g["winners"])

    def ended_by(self) -> str | None:
        """R11.4 the round cap is a cap; every other ending is the rules' (R10.8, R11.1)."""
        if self.g["phase"] != "over":
            return None
        return "cap" if self.g.get("end_reason") == "turn_cap" else "rule"

    def ending(self) -> Ending | None:
        """R11.1 Margath or three runes win outright; every other end ranks the heroes (R11.4)."""
        by = self.ended_by()
        if by is None:
            return None
        reason = str(self.g.get("end_reason") or "score")
        if reason in ("margath", "runes"):
            return Ending(by, reason)
        keys = [score_key(self, s) for s in range(self.cfg.players)]
        return ranked_ending(by, reason, ("runes", "level", "gold"), keys, self.winners())

    def rounds_played(self) -> int:
        # the cap ends the game as the round after it would begin: that one was not played
        cap = self.cfg.options.max_rounds
        return min(self.g["round"], cap) if cap else int(self.g["round"])

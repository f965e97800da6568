"""A hypothesis state machine drives every game with random legal and illegal actions."""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, TERMINAL, State
from boardwright.engine.errors import IllegalAction

PAIRS = [(g.info.id, n) for g in registry.games() for n in g.info.player_counts]


class RandomPlay(RuleBasedStateMachine):
    state: State

    @initialize(pair=st.sampled_from(PAIRS))
    def start(self, pair: tuple[str, int]) -> None:
        self.game = registry.get(pair[0])
        self.state = self.game.new_initial_state(pair[1])
        self.conserved = self.state.conserved()

    def _live(self) -> bool:
        return self.state.current_player() != TERMINAL

    @precondition(lambda self: self._live() and self.state.current_player() == CHANCE)
    @rule(pick=st.integers(min_value=0))
    def chance(self, pick: int) -> None:
        outcomes = self.state.chance_outcomes()
        self.state.apply(outcomes[pick % len(outcomes)][0])

    @precondition(lambda self: self._live() and self.state.current_player() >= 0)
    @rule(pick=st.integers(min_value=0))
    def legal(self, pick: int) -> None:
        legal = self.state.legal_actions()
        self.state.apply(legal[pick % len(legal)])

    # no precondition: a finished game (some end early, e.g. Feinde's stall rule) must refuse
    # every action too, and the machine always has a rule to run
    @rule(action=st.one_of(st.integers(min_value=-5, max_value=5000), st.text(max_size=4),
                           st.none(), st.floats(allow_nan=False)))
    def illegal(self, action: object) -> None:
        state = self.state
        allowed = (
            [a for a, _ in state.chance_outcomes()] if state.is_chance_node()
            else state.legal_actions()
        )
        if action in allowed and type(action) is int:
            return
        before = state.to_json()
        try:
            state.apply(action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            assert exc.message
        else:
            raise AssertionError(f"illegal action {action!r} was accepted")
        assert state.to_json() == before

    @invariant()
    def round_trips_and_conserves(self) -> None:
        if not hasattr(self, "state"):
            return
        data = self.state.to_json()
        again = self.game.state_from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert self.state.conserved() == self.conserved


RandomPlay.TestCase.settings = settings(max_examples=30, stateful_step_count=150, deadline=None)
TestRandomPlay = RandomPlay.TestCase

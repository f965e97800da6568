"""The Beowulf `Game`: describes itself, makes states, reads them back, samples hidden facts."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from boardwright.engine.api import Game, GameInfo, Refusal, State, TurnRules, View
from boardwright.engine.options import describe_options

from .data import BeowulfOptions, build_config
from .forward import BeowulfState
from .sample import Determinizer, sample_state

RULES_VERSION = "beowulf-1.1"  # 1.1: R3.6.1 an empty-handed player is skipped

_HELPS = {
    "boards": "the three act boards in notation ('.' space, '#' none, 'X' printed gorge)",
    "tiles": "the tiles of each act, as tile tokens (+3, -2, W+1, T, ...)",
    "good_counsel_any_figure": "R8.1 Good Counsel may move any player's figure",
    "unplayable_hand": "R8.2 end_turn | counsel_as_plain when no drawn-into tile can be played",
    "refill": "R8.3 automatic | optional refilling of hands between acts",
    "holes_split_lines": "R8.4 holes in an irregular board split lines like a gorge",
    "last_space": "R8.5 resolve_effect_first | act_ends_at_once on the last space",
    "face_down_horn_keeps_ability": "R8.6 a Dragon Horn turned down keeps its diamond",
    "empty_hand_draws": "R3.6.1 a player with no figure and no tile may still draw from the "
                        "pool (the books skip him)",
    "act_start": "R5.7.1 left_neighbour (S-HU) | next_to_act (S-CZ: the player whose turn "
                 "would have followed) starts Acts II and III",
    "first_player": "R2.5 the seat of the youngest player, who starts",
}


class BeowulfGame(Game):
    """Beowulf: The Movie Board Game (Reiner Knizia, 2007), on the Kingdoms system."""

    info = GameInfo(
        id="beowulf",
        title="Beowulf: The Movie Board Game",
        min_players=2,
        max_players=4,
        rules_version=RULES_VERSION,
        max_actions=2000,
        options=describe_options(BeowulfOptions, _HELPS),
        languages=("en", "hu", "cs"),
        turn_rules=TurnRules(game_over="R6.1", chance="R2.3", not_your_turn="R3.1"),
        earlier_rules=(("beowulf-1.0", {"empty_hand_draws": True}),),
    )
    #: ISMCTS tree shape, the strongest of those measured here (docs/strength.md, "Evidence: tree
    #: shape"): a drawn tile is played out by the rollout policy and judged at once (a draw's
    #: subtree of tile choices and spaces is too wide to explore), and a young node is judged as
    #: it stands
    search_defaults: Mapping[str, float] = MappingProxyType(
        {"finish_turn": 1, "chance_leaf": 1, "lazy": 1})

    def new_initial_state(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> BeowulfState:
        return BeowulfState(build_config(players, dict(options or {})))

    def state_from_json(self, data: Mapping[str, Any]) -> BeowulfState:
        return BeowulfState.from_json(data)

    def sample_state(self, view: View, seat: int, rng: random.Random) -> BeowulfState:
        return sample_state(view, seat, rng)

    def determinizer(self, view: View, seat: int) -> Callable[[random.Random], State]:
        return Determinizer(view, seat)

    def rollout_action(self, state: State, rng: random.Random) -> int:
        from .policy import rollout_action

        assert isinstance(state, BeowulfState)
        return rollout_action(state, rng)

    def evaluate(self, state: State) -> list[float]:
        from .heuristic import evaluate

        assert isinstance(state, BeowulfState)
        return evaluate(state)

    def describe_action(self, state: State, action: int, lang: str = "en") -> str:
        from .text import describe_action

        assert isinstance(state, BeowulfState)
        return describe_action(state, action, lang)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en") -> str:
        from .text import describe_event

        return describe_event(event, lang)

    def refuse(self, state: State, action: int) -> Refusal:
        from .refusals import refuse

        assert isinstance(state, BeowulfState)
        return refuse(state, action)

    def refusal_params(self, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """Tiles, figures, directions and seats in words."""
        from .text import catalogue, figure_name, player_name, tile_name

        out = dict(params)
        if isinstance(out.get("seat"), int):
            out["player"] = player_name(out["seat"], lang)
        if "tile" in out:
            out["tile"] = tile_name(str(out["tile"]), lang)
        if isinstance(out.get("diamonds"), int):
            out["figure"] = figure_name(out["diamonds"], lang)
        if "direction" in out:
            out["direction"] = catalogue(lang)(f"direction.{out['direction']}")
        if isinstance(out.get("act"), int):
            from .text import act_name

            out["act"] = act_name(out["act"], lang)
        return out

    def render(self, view: View, lang: str = "en") -> Any:
        from .render import render_view

        return render_view(view, lang)


GAME = BeowulfGame()

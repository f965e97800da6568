"""The Fürchterliche Feinde `Game`: describes itself, makes states, samples hidden hands."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from boardwright.engine.api import Game, GameInfo, Refusal, State, TurnRules, View
from boardwright.engine.options import describe_options

from .data import RULES_1_2, FeindeOptions, build_config
from .forward import FeindeState
from .sample import sample_state

#: 1.1: pass-through and Travel apprentices (R9.5); 1.2: the seed's line of sight (R6.2: a
#: crossing does not block it), the engine's old reading is the option `crossing_blocks_sight`
#: 1.3: cards give up to their number (R10.3.1), the seed's escape (R3.5), cards after a fight
#: (R10.2.1, R10.3.2), chests are no monsters (R6.2.1, R8.4.1), fright at 50 (R5.1.1)
RULES_VERSION = "feinde-1.3"
#: the options that play a game of an earlier rules version as that version did
EARLIER_RULES: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("feinde-1.2", MappingProxyType(RULES_1_2)),)

_HELP = {
    "board_file": "R1.2 a replacement board file (text map); empty = the PROPOSAL board",
    "components_file": "R1.4 a replacement components JSON; empty = the PROPOSAL components",
    "allow_two_players": "R12 A2 allow 2 players (the box says 2-6, the seed 3-6)",
    "fright_draws_card": "R12 A9 a monster that dies of fright still gives a spell card",
    "apprentice_gain": "R12 A20 master | master_minus_1 | plus_1",
    "pass_through_apprentice": "R9.5 a wiser hero passing through (or visiting by Travel) "
                               "may take on an apprentice (seed rule 38)",
    "invisibility_mode": "R12 A28 Invisibility: both effects, or choose_one (monsters or heroes)",
    "chest_gold": "R12 A23 a chest also gives its (proposal) gold",
    "crossing_blocks_sight": "R6.2 A14 a revealed crossing's closed arms stop sight (off: the "
                             "seed's reading, a crossing does not block sight)",
    "group4_all_at_once": "R6.5 A17 when group #3 runs out, every room with a chip is revealed "
                          "at once for group #4 (the seed; off: #4 is drawn as rooms are seen)",
    "stall_rounds": "R12 A36 end after this many full rounds with no progress (0 = never; tables "
                    "with people start at 0; R12.1 the default is measured for bots)",
    "max_rounds": "end after this many rounds and score (0 = none; tables with people start "
                  "at 0; R12.1 the default is measured for bots)",
    "first_player": "R2.6 the start player's seat (knowledge 1)",
    "card_full_value": "R10.3.1 Knowledge and Power cards always give their full number (off: "
                       "the seed, any amount up to it)",
    "rest_after_escape": "R3.5 resting is offered after an escape (the seed: action 1 or 2)",
    "cards_while_stopped": "R10.2.1 after a fight-first kill, any card while the stopped hero "
                           "has steps left (off: only Power once his movement is over)",
    "movement_cards_after_kill": "R10.3.2 Travel and Invisibility after a fight-first kill, "
                                 "before the first step (the seed's 'before moving')",
    "chest_blocks_sight": "R6.2.1 a chest blocks its room's sight like a monster",
    "wandering_chest_is_monster": "R8.4.1 a wandering monster treats a chest as a monster",
    "fright_uncapped": "R5.1.1 the fright test m + b <= k without the cap of 50",
    "apprentice_needs_move": "R9.1.1 only a hero who moved this turn becomes an apprentice",
    "pinned_invisible_run": "R3.4.1 a pinned hero holding Invisibility may take action 2",
    "escape_any_monster": "R3.5.1 escape from any monster, not only a stronger one",
}


#: options that name a file on the machine running the game (servers refuse them)
LOCAL_PATH_OPTIONS = frozenset({"board_file", "components_file"})


class FeindeGame(Game):
    """Fürchterliche Feinde (Friedemann Friese, 2F-Spiele 2006)."""

    info = GameInfo(
        id="feinde",
        title="Fürchterliche Feinde",
        min_players=3,
        max_players=6,
        variant_players=((2, "allow_two_players"),),
        rules_version=RULES_VERSION,
        max_actions=200_000,
        options=describe_options(FeindeOptions, _HELP, local_paths=LOCAL_PATH_OPTIONS,
                                 caps={"max_rounds", "stall_rounds"}),
        languages=("en", "hu"),
        turn_rules=TurnRules(game_over="R11.1", chance="R6.4", not_your_turn="R3.1"),
        earlier_rules=EARLIER_RULES,
    )
    #: people play the printed game, to its end (R11.1); the round cap and the stall rule
    #: (R12 A36) are safety valves for bots' games only
    table_options: Mapping[str, Any] = MappingProxyType({"max_rounds": 0, "stall_rounds": 0})
    #: the heuristic values a position in the middle of a turn by what its remaining steps can
    #: still reach and judges chance itself (a fight by the mean over its dice), so greedy
    #: judges each action by the heuristic alone, one step ahead (docs/strength-feinde.md)
    greedy_turn_steps = 0
    #: ISMCTS judges whole turns (`macro`: the rollout policy finishes each turn the tree opens)
    #: with 50 iterations a decision and margins squashed over about 3 gold
    #: (docs/strength-feinde.md, "ISMCTS")
    search_defaults: Mapping[str, float] = MappingProxyType(
        {"iterations": 50, "macro": 1, "scale": 3.0})

    def new_initial_state(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> FeindeState:
        return FeindeState(build_config(players, dict(options or {})))

    def state_from_json(self, data: Mapping[str, Any]) -> FeindeState:
        return FeindeState.from_json(data)

    def sample_state(self, view: View, seat: int, rng: random.Random) -> FeindeState:
        return sample_state(view, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        from .heuristic import evaluate

        assert isinstance(state, FeindeState)
        return evaluate(state)

    def rollout_action(self, state: State, rng: random.Random) -> int:
        from .policy import rollout_action

        assert isinstance(state, FeindeState)
        return rollout_action(state, rng)

    def refuse(self, state: State, action: int) -> Refusal:
        from .refusals import refuse

        assert isinstance(state, FeindeState)
        return refuse(state, action)

    def refusal_params(self, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """Cards, directions and seats in words."""
        from .text import card_name, catalogue, player_name

        out = dict(params)
        if isinstance(out.get("seat"), int):
            out["player"] = player_name(out["seat"], lang)
        if "card" in out:
            out["card"] = card_name(str(out["card"]), lang)
        if "direction" in out:
            out["direction"] = catalogue(lang)(f"dir.{out['direction']}")
        return out

    def describe_action(self, state: State, action: int, lang: str = "en") -> str:
        from .text import describe_action

        assert isinstance(state, FeindeState)
        return describe_action(state, action, lang)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en") -> str:
        from .text import describe_event

        return describe_event(event, lang)

    def render(self, view: View, lang: str = "en") -> Any:
        from .render import render_view

        return render_view(view, lang)


GAME = FeindeGame()

"""The Mesopotamia `Game`: describes itself, makes states, reads them back, samples hidden facts."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from boardwright.engine.api import Game, GameInfo, Refusal, State, TurnRules, View
from boardwright.engine.options import describe_options

from .data import MesoOptions, build_config
from .forward import MesoState
from .sample import Determinizer, sample_state

#: 1.1: cards after the action (R3.2); 1.2: Scouts may keep a volcano (R7.2), Teleport onto
#: a volcano (R7.6), cards in the mana phase (R3.2.1)
RULES_VERSION = "mesopotamia-1.2"

_HELPS = {
    "start_with_card": "R7.11 variant 6.1: every player starts with one card",
    "single_use_cards": "R7.12 variant 6.2: played cards leave the game, no reshuffle",
    "two_player_seating": "R2.4 CHOICE shared (both on plains A, inferred from EM) | apart (each "
                          "on a plains beside a neutral hut)",
    "action_required": "R5.5 an action must be chosen when one can be (the seed); off: it may "
                       "be skipped",
    "card_timing": "R3.2 any_time (the seed: on one's turn, but not the card drawn this turn) | "
                   "before_action (while moving and before choosing the action)",
    "max_turns": "R9.1 turn cap for bots' games (0 = none; tables with people start at 0); a "
                 "capped game has no rules winner",
    "free_actions_per_turn": "R9.2 free steps (pick up, drop, swap, steal, offering) per turn "
                             "(0 = no bound, the seed; tables with people start at 0)",
    "table_radius": "R9.3 no tile farther than this from the ziggurat",
    "second_player_first_mp_2p": "R9.4 the 2-player second seat's first-round movement points",
    "explore_costs_mp": "R9.5 exploring costs 1 movement point",
    "wrath_moves_neutral_huts": "R9.6 Marduk's Wrath may move a neutral starting hut",
    "mana_phase_cards": "R3.2.1 cards may be played in the mana phase, after the mana is "
                        "counted (off: the turn passes then)",
    "scouts_keep_volcano": "R7.2 Scouts may keep a drawn volcano (off: only a land tile)",
    "teleport_onto_volcano": "R7.6 Teleport may send a thing onto a volcano (off: A5, never)",
    "wrath_reach": "R7.7.1 land (steps over land tiles) | any (over every placed tile)",
    "three_player_alone": "R2.4.1 the seat alone on plains A with 3 players",
    "carrier_pick_random": "R9.9 a card aimed at one of several hidden offering carriers takes "
                           "a random one (false: the lowest offering)",
}


class MesoGame(Game):
    """Mesopotamia: Cradle of Civilization (Klaus-Jürgen Wrede, 2005)."""

    info = GameInfo(
        id="mesopotamia",
        title="Mesopotamia",
        min_players=2,
        max_players=4,
        rules_version=RULES_VERSION,
        max_actions=40000,
        options=describe_options(MesoOptions, _HELPS, caps={"max_turns"}),
        languages=("en", "hu"),
        turn_rules=TurnRules(game_over="R8.1", chance="R3.1", not_your_turn="R2.7"),
        earlier_rules=(("mesopotamia-1.1", MappingProxyType(
            {"mana_phase_cards": False, "scouts_keep_volcano": False,
             "teleport_onto_volcano": False})),),
    )
    #: the greedy agent's look-ahead within a turn: a Mesopotamia turn is a long chain of own
    #: steps (about 30 choices each), so two steps, not the default four (30^3 evaluations);
    #: the heuristic's distance shaping makes each useful step show, and two steps see a pick-up
    #: with its first step, or an action with the movement's end. One step is 13x cheaper but
    #: stalls (docs/strength-mesopotamia.md, "Greedy's look-ahead")
    greedy_turn_steps = 2
    #: ISMCTS: a leaf is judged once the rollout policy has played the mover's turn on (a
    #: position early in a turn hides what its action and mana phases bring), at 200
    #: iterations a move; by at most 6 steps (`finish_steps`), which reach the turn's end at a
    #: quarter of the positions measured; a whole turn (`finish_steps=20`) has no 200-game duel
    #: against greedy yet (docs/strength-mesopotamia.md has the measurements)
    search_defaults: Mapping[str, float] = MappingProxyType(
        {"finish_turn": 1, "iterations": 200})
    #: R9.1, R9.2: people play the printed game, to its end and with free steps unbounded;
    #: only bots' games need the turn cap and the bound on free steps
    table_options: Mapping[str, Any] = MappingProxyType(
        {"max_turns": 0, "free_actions_per_turn": 0})

    def new_initial_state(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> MesoState:
        return MesoState(build_config(players, dict(options or {})))

    def state_from_json(self, data: Mapping[str, Any]) -> MesoState:
        return MesoState.from_json(data)

    def sample_state(self, view: View, seat: int, rng: random.Random) -> MesoState:
        return sample_state(view, seat, rng)

    def determinizer(self, view: View, seat: int) -> Callable[[random.Random], State]:
        return Determinizer(view, seat)

    def rollout_action(self, state: State, rng: random.Random) -> int:
        from .policy import rollout_action

        assert isinstance(state, MesoState)
        return rollout_action(state, rng)

    def search_actions(self, state: State, legal: list[int]) -> list[int]:
        """Free steps only where they serve a job, so that ISMCTS does not spend a turn picking
        up and dropping one stone (R4.7, R9.2; `policy.search_actions`)."""
        from .policy import search_actions

        assert isinstance(state, MesoState)
        return search_actions(state, legal)

    def evaluate(self, state: State) -> list[float]:
        from .heuristic import evaluate

        assert isinstance(state, MesoState)
        return evaluate(state)

    def refuse(self, state: State, action: int) -> Refusal:
        from .refusals import refuse

        assert isinstance(state, MesoState)
        return refuse(state, action)

    def refusal_params(self, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """Cards, tiles, the chosen action and seats in words."""
        from .text import catalogue, place_name, player_name

        out = dict(params)
        t = catalogue(lang)
        if isinstance(out.get("seat"), int):
            out["player"] = player_name(out["seat"], lang)
        if "card" in out:
            out["card"] = t(f"card.{out['card']}")
        if "place" in out:
            terrain = out.get("terrain")
            out["place"] = place_name(str(out["place"]), lang,
                                      str(terrain) if terrain else None,
                                      unexplored=terrain is None)
        if "chosen" in out:
            out["chosen"] = t({"build_hut": "phase.building_huts", "holy_place":
                               "phase.holy_places", "breed": "phase.breeding"}[out["chosen"]])
        return out

    def describe_action(self, state: State, action: int, lang: str = "en") -> str:
        from .text import describe_action

        assert isinstance(state, MesoState)
        return describe_action(state, action, lang)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en") -> str:
        from .text import describe_event

        return describe_event(event, lang)

    def render(self, view: View, lang: str = "en") -> Any:
        from .render import render_view

        return render_view(view, lang)


GAME = MesoGame()

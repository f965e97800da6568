"""The Runebound `Game`: describes itself, makes states, reads them back."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from boardwright.engine.api import Game, GameInfo, Refusal, State, TurnRules, View
from boardwright.engine.options import describe_options

from .data import RuneboundOptions, build_config
from .forward import RuneboundState

RULES_VERSION = "runebound-2e-0.5"

#: the rules versions this code still plays, each with the options that restore it (records
#: made under them replay, `GameInfo.earlier_rules`). 0.3: no cards and no rune between heroes,
#: the escape against the other hero's bare Mind, no discard to take the loser's card,
#: encounters back under their decks at a doom counter; 0.4 (and 0.3): the redraw at once,
#: no armour against tests, the healing card only in a market, permanent roll bonuses in
#: first strikes too
_V04 = {"redraw": "always", "prevent_tests": False, "heal_when": "market", "fs_roll_bonus": True}
EARLIER_RULES: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("runebound-2e-0.4", MappingProxyType(_V04)),
    ("runebound-2e-0.3", MappingProxyType({
        **_V04, "pvp_cards": False, "pvp_escape": "mind", "loot_runes": False,
        "loot_full": "none", "doom_encounters": "deck"})),
)

HELPS = {
    "content": "folder of a content pack (default: the bundled ORIGINAL set); see RULES.md",
    "events": "R5.3d CHOICE the events' numbers and suns: designed (default) | generated (the "
              "bundled pack's first, random draw)",
    "doom": "R10 play the doom variant (the seed's recommended variant)",
    "xp_cost": "R8.1 XP per experience counter (seed: 4 with 4 players; CHOICE: 4 for all)",
    "max_rounds": "R11.4 end after this many rounds and share the win by score (0: no cap; "
                  "tables with people start at 0)",
    "magic_defence_strikes": "R7.9 a successful magic defence wounds the enemy (seed text)",
    "endgame": "R10.7 level_order | none (level_order: our completion of the cut-off endgame)",
    "heroes": "hero ids, one per seat (default: drawn at random, R2.8)",
    "trade_offers": "R5.10 CHOICE offers one meeting may make before trading ends (0: no trading)",
    "reward_ally_full": "R5.11 a won ally when 2 are held: choose (dismiss one, seed) | decline",
    "refill_short": "R5.6a CHOICE a short pool: choose (the drawer picks the hexes, seed) | "
                    "board_order",
    "knockout_ties": "R9.4a/b CHOICE equally valuable cards, equally near cities: choose (the "
                     "knocked-out hero's player, seed) | first",
    "discard_when": "R6.4a CHOICE discard items and allies: any_time (every decision of one's "
                    "own turn outside a fight's rounds, seed) | market",
    "pvp_cards": "R7.14e hero against hero: armour, weapons and roll bonuses may be used, one "
                 "activation a combat round each (seed)",
    "pvp_escape": "R7.14f escaping from a hero: roll (the other hero rolls first, seed) | mind "
                  "(its bare Mind)",
    "loot_runes": "R7.14 the winner of a fight between heroes may take a dragon rune (seed)",
    "loot_full": "R7.14g at a limit the winner may first discard to take the loser's card: "
                 "discard (seed) | none",
    "redraw": "R5.4a after a discarded event or encounter: choose (the player may draw again, "
              "seed) | always",
    "prevent_tests": "R9.1a armour prevents the wounds of failed encounter and quest tests too",
    "heal_when": "R6.5a a kept healing card: any_time (any decision of one's own turn outside "
                 "a fight's rounds, seed) | market",
    "fs_roll_bonus": "R7.2a a permanent roll bonus counts in first strikes of its kind too "
                     "(default false: in its phase only)",
    "column_full": "R7.12a CHOICE the card pushed out of a full undefeated column: deck (under "
                   "its deck) | doom (to the doom track)",
    "doom_encounters": "R10.3a CHOICE encounters on the doom track at a doom counter: out (they "
                       "leave the game) | deck (under their decks)",
}

#: options that name a path on the machine running the game (servers refuse them)
LOCAL_PATH_OPTIONS = frozenset({"content"})


class RuneboundGame(Game):
    """Runebound, 2nd edition (Fantasy Flight Games 2005), Return of the Dragonlords."""

    info = GameInfo(
        id="runebound",
        title="Runebound (2nd edition)",
        min_players=1,
        max_players=6,
        rules_version=RULES_VERSION,
        earlier_rules=EARLIER_RULES,
        max_actions=200_000,
        options=describe_options(RuneboundOptions, HELPS, local_paths=LOCAL_PATH_OPTIONS,
                                 caps={"max_rounds"}),
        languages=("en", "hu"),
        turn_rules=TurnRules(game_over="R11.1", chance="R1.3", not_your_turn="R4.2"),
    )
    #: R11.4: people play the printed game, to its end; only bots' games need the round cap
    table_options: Mapping[str, Any] = MappingProxyType({"max_rounds": 0})
    #: ISMCTS stops at chance, where the evaluation already takes the expectation (a card about
    #: to be drawn, a roll in a fight), and judges a young node as it stands; margins in points
    #: are a few per decision, hence scale 2 (docs/strength-runebound.md "ISMCTS")
    search_defaults: Mapping[str, float] = MappingProxyType(
        {"iterations": 100, "chance_leaf": 1, "lazy": 1, "scale": 2})
    #: greedy looks two own steps ahead: a die and the next, a purchase and the next
    #: (docs/strength-runebound.md "Greedy")
    greedy_turn_steps = 2

    def new_initial_state(self, players: int,
                          options: Mapping[str, Any] | None = None) -> RuneboundState:
        return RuneboundState(build_config(players, dict(options or {})))

    def state_from_json(self, data: Mapping[str, Any]) -> RuneboundState:
        return RuneboundState.from_json(data)

    def sample_state(self, view: View, seat: int, rng: random.Random) -> RuneboundState:
        # Nothing is hidden (deck orders are never stored): the view is the state.
        return RuneboundState.from_json(view)

    def determinizer(self, view: View, seat: int) -> Callable[[random.Random], State]:
        # exact: the view is read once and each world is a clone of it
        state = RuneboundState.from_json(view)
        return lambda rng: state.clone()

    def rollout_action(self, state: State, rng: random.Random) -> int:
        from .policy import rollout_action

        assert isinstance(state, RuneboundState)
        return rollout_action(state, rng)

    def search_actions(self, state: State, legal: list[int]) -> list[int]:
        """Discards only in the market phase (R6.4a; `policy.search_actions`)."""
        from .policy import search_actions

        assert isinstance(state, RuneboundState)
        return search_actions(state, legal)

    def evaluate(self, state: State) -> list[float]:
        from .heuristic import evaluate

        assert isinstance(state, RuneboundState)
        return evaluate(state)

    def refuse(self, state: State, action: int) -> Refusal:
        from .refusals import refuse

        assert isinstance(state, RuneboundState)
        return refuse(state, action)

    def refusal_params(self, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """Seats in words (the other params are numbers)."""
        from .text import msg

        out = dict(params)
        if isinstance(out.get("seat"), int):
            out["player"] = msg(lang, "seat", letter=chr(ord("A") + out["seat"]))
        return out

    def describe_action(self, state: State, action: int, lang: str = "en") -> str:
        from .text import describe_action

        assert isinstance(state, RuneboundState)
        return describe_action(state, action, lang)

    def describe_event(self, event: Mapping[str, Any], lang: str = "en") -> str:
        from .text import describe_event

        return describe_event(event, lang)

    def render(self, view: View, lang: str = "en") -> Any:
        from .render import render_view

        return render_view(view, lang)


GAME = RuneboundGame()

"""Runebound's structured observation: a seat's view as per-hex planes, cards and hero sheets.

Read only from `RuneboundState.view(seat)`. Runebound hides nothing (deck orders are never
stored, see `state.py`), so every seat's view is the whole position and names no seat; what
differs between seats here is only the order of seats, counted from the observing seat that the
adapters pass along (0 = the observing seat, 1 = the next, ...; a spectator counts from seat 0).
The map's planes (terrain, cities, gems) come from the view's static `map`, identical in every
view of a configuration, so they are read once.

Hexes are in the content set's coordinate order, cards by their index in the content set's
adventure and market lists (the `content` option can change both). What the combat record holds
beyond its card and who fights (stage, bonus queues) is not encoded. Every field is documented in
`docs/interop.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import View
from boardwright.engine.observation import Field, Observer

from .content import COLOURS
from .data import MAX_DICE, UNDEFEATED_SLOTS, XP_KINDS, Config, build_config
from .state import HIDDEN, REWARD

PHASES = (
    "setup_hero", "setup_market", "turn", "move_choice", "rolling", "moving", "adventure",
    "fs", "round", "react", "escape", "loot", "reward_ally", "quest", "experience", "market",
    "recover", "trade", "trade_answer", "pvp_fs", "pvp_round", "pvp_escape", "endgame_draw",
    "over", "refill", "ko_card", "ko_city", "pvp_mod", "pvp_react", "reward_item", "redraw",
    "test_react",
)
#: per seat, in this order (see the `sheets` field)
SHEET = ("wounds", "exh", "gold", "credit", "runes", *(f"counters_{c}" for c in COLOURS),
         *(f"bonus_{k}" for k in XP_KINDS))


class RuneboundObserver(Observer):
    """The fields of one Runebound configuration (player count and content set)."""

    def __init__(self, cfg: Config) -> None:
        n, hexes = cfg.players, len(cfg.map_view["hexes"])
        adventures, market = cfg.n_adv, cfg.n_mkt
        terrains = sorted({h[2] for h in cfg.map_view["hexes"]})
        heroes = len(cfg.map_view["heroes"])
        super().__init__([
            Field("phase", (len(PHASES),), "one-hot: the phase, in the order " +
                  ", ".join(PHASES)),
            Field("turn", (n,), "one-hot: the seat whose turn it is (relative)"),
            Field("actor", (n,), "one-hot: the seat acting out of turn, if any (relative)"),
            Field("round", (3,), "round, doom counters placed, dice still to roll",
                  high=1000.0, scale=10.0),
            Field("terrain", (len(terrains), hexes), "one-hot per hex: its terrain (" +
                  ", ".join(terrains) + "); fixed by the content set"),
            Field("cities", (hexes,), "1 on a city hex"),
            Field("gems", (hexes,), "1 on a hex with a gem"),
            Field("counters", (len(COLOURS), hexes), "one-hot per hex: the colour of the "
                  "adventure counter lying there (" + ", ".join(COLOURS) + ")"),
            Field("heroes", (n, hexes), "1 where each seat's hero stands (relative)"),
            Field("hero_cards", (n, heroes), "one-hot: each seat's hero card (relative)"),
            Field("sheets", (n, len(SHEET)), "[seat, (" + ", ".join(SHEET) + ")] (relative)",
                  high=1000.0, scale=5.0),
            Field("items", (n, market), "[seat, market card]: items each seat carries",
                  high=4.0),
            Field("allies", (n, market), "[seat, market card]: allies each seat has hired",
                  high=4.0),
            Field("kept", (n, adventures), "[seat, adventure card]: adventure cards kept as "
                  "items or allies", high=4.0),
            Field("trophies", (n, adventures), "[seat, adventure card]: trophies won",
                  high=4.0),
            Field("quests", (n, adventures), "[seat, adventure card]: the quest each seat "
                  "holds"),
            Field("markets", (len(cfg.map_view["cities"]), market),
                  "[city, market card]: the cards on offer in each city's market", high=4.0),
            Field("decks", (len(COLOURS) + 1, 2), "[green, yellow, blue, red, market deck] x "
                  "(cards of unknown place, cards known under it)", high=200.0, scale=20.0),
            Field("undrawn", (adventures,), "adventure cards still in a deck", high=4.0),
            Field("undefeated", (UNDEFEATED_SLOTS, adventures),
                  "[slot, adventure card]: challenges left undefeated on the board", high=4.0),
            Field("doom", (adventures + 1,), "adventure cards on the doom track; the last "
                  "entry counts the one put there unseen", high=10.0),
            Field("pool", (len(COLOURS),), "adventure counters left in the pool per colour",
                  high=50.0, scale=5.0),
            Field("dice", (MAX_DICE, 7), "[die, face 0-5 or 6 spent]: the movement dice "
                  "rolled this turn"),
            Field("adventure", (3, adventures), "[the adventure card being fought, the "
                  "encounter under way (an adventure that is not a fight), the event in force]"),
            Field("winners", (n,), "1 for each winning seat once the game is over (relative)"),
        ])
        self.cfg = cfg
        self.hexes = hexes
        self.adventures = adventures
        self.market = market
        self.phases = {name: i for i, name in enumerate(PHASES)}
        terrain = {name: i for i, name in enumerate(terrains)}
        at = self.start
        static: list[int] = []
        for i, (_, _, kind, city, gem) in enumerate(cfg.map_view["hexes"]):
            static.append(at["terrain"] + terrain[kind] * hexes + i)
            if city is not None:
                static.append(at["cities"] + i)
            if gem:
                static.append(at["gems"] + i)
        self.constant_facts(static)  # the map: the same in every view of this configuration
        self.city_hexes = {hex_: k for k, (hex_, _) in enumerate(cfg.map_view["cities"])}

    def fill(self, view: View, seat: int | None, slots: list[int], values: list[float]
             ) -> None:
        n, hexes, market, adventures = self.cfg.players, self.hexes, self.market, self.adventures
        at = self.start
        g = view["g"]
        me = seat if seat is not None else 0
        rel = [(p - me) % n for p in range(n)]

        def add(slot: int, value: float = 1.0) -> None:
            slots.append(slot)
            values.append(value)

        add(at["phase"] + self.phases[g["phase"]])
        add(at["turn"] + rel[g["seat"]])
        if g["actor"] >= 0:
            add(at["actor"] + rel[g["actor"]])
        for i, key in enumerate(("round", "doom_counters", "to_roll")):
            add(at["round"] + i, g[key])
        for i, colour in enumerate(g["board"]):
            if colour >= 0:
                add(at["counters"] + colour * hexes + i)
        sheet = len(SHEET)
        for p, player in enumerate(g["players"]):
            r = rel[p]
            add(at["heroes"] + r * hexes + player["pos"])
            add(at["hero_cards"] + r * (len(self.cfg.map_view["heroes"])) + player["hero"])
            facts = [player["wounds"], player["exh"], player["gold"], player["credit"],
                     player["runes"], *player["counters"], *player["bonus"]]
            slots.extend(range(at["sheets"] + r * sheet, at["sheets"] + (r + 1) * sheet))
            values.extend(facts)
            for key, field in (("items", "items"), ("allies", "allies")):
                for card in player[key]:
                    if card[0] >= REWARD:
                        add(at["kept"] + r * adventures + card[0] - REWARD)
                    else:
                        add(at[field] + r * market + card[0])
            for card in player["trophies"]:
                add(at["trophies"] + r * adventures + card)
            if player.get("quest") is not None:
                add(at["quests"] + r * adventures + player["quest"][0])
        for city, cards in enumerate(g["markets"]):
            for card in cards:
                add(at["markets"] + city * market + card)
        for i, colour in enumerate(COLOURS):
            unknown, known = g["decks"][colour]
            add(at["decks"] + 2 * i, len(unknown))
            add(at["decks"] + 2 * i + 1, len(known))
            for card in (*unknown, *known):
                add(at["undrawn"] + card)
        add(at["decks"] + 2 * len(COLOURS), len(g["mdeck"][0]))
        add(at["decks"] + 2 * len(COLOURS) + 1, len(g["mdeck"][1]))
        for slot, cards in enumerate(g["slots"]):
            for card in cards:
                add(at["undefeated"] + slot * adventures + card)
        for card in g["doom"]:
            add(at["doom"] + (adventures if card == HIDDEN else card))
        for i, count in enumerate(g["pool"]):
            add(at["pool"] + i, count)
        for die, face in enumerate(g["dice"][:MAX_DICE]):
            add(at["dice"] + die * 7 + (6 if face < 0 else face))
        combat = g["combat"]
        if combat is not None and combat.get("card") is not None and combat["card"] >= 0:
            add(at["adventure"] + combat["card"])
        if g["enc"] >= 0:
            add(at["adventure"] + adventures + g["enc"])
        if g["event"] >= 0:
            add(at["adventure"] + 2 * adventures + g["event"])
        for p in g["winners"]:
            add(at["winners"] + rel[p])


def observer(players: int, options: Mapping[str, Any] | None = None) -> RuneboundObserver:
    """The observer of a Runebound configuration (`Game.observer` finds it here)."""
    return RuneboundObserver(build_config(players, dict(options or {})))

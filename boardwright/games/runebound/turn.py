"""Set-up and the turn around the phases (RULES.md R2, R3, R6.1, R8, R11.4): the table laid
out, each turn's refresh, the way from the adventure to the market or the experience phase, and
the next seat's turn (or the endgame's, R10.5)."""

from __future__ import annotations

from boardwright.engine.events import Event

from . import decks, endgame
from .content import COLOURS
from .data import UNDEFEATED_SLOTS, Config
from .state import COLOUR_KEYS, HIDDEN, RuneboundTable, new_player


def after_heroes(t: RuneboundTable) -> None:
    """R2.8 the heroes are drawn: the markets get their cards (R2.4)."""
    g = t.g
    g["phase"] = "setup_market"
    g["setup_city"] = 1
    skip_tamalir_setup(t)


def skip_tamalir_setup(t: RuneboundTable) -> None:
    # R2.4 every city but Tamalir gets one market card at set-up
    """R2.4 every city but Tamalir gets one market card at set-up; then the first turn (R2.8
    seat 1 starts)."""
    g = t.g
    cities = t.cfg.content.cities
    while g["setup_city"] < len(cities) and cities[g["setup_city"]] == t.cfg.content.tamalir:
        g["setup_city"] += 1
    if g["setup_city"] >= len(cities) or not decks.mkt_left(t):
        g["phase"] = "turn"
        start_turn(t, [])


def start_turn(t: RuneboundTable, ev: list[Event]) -> None:
    """R3 refresh: activated cards turn face up; the movement phase (R4) begins, or an
    endgame turn (R10.7)."""
    g = t.g
    p = t.me()
    for it in p["items"]:  # R3 refresh: activated cards turn face up
        it[1] = 0
    g["act"] = []
    g["bought"] = []
    g["dice"] = []
    g["combat"] = None
    if g["endgame"]:
        endgame.endgame_turn(t, ev)
        return
    g["phase"] = "move_choice"


def after_adventure(t: RuneboundTable, ev: list[Event]) -> None:
    """R6.1 after the adventure the market of a city (a card joins it first), else the
    experience phase (R8); in the endgame the turn ends (R10.7)."""
    g = t.g
    p = t.me()
    g["combat"] = None
    if g["phase"] == "over":
        return
    if g["endgame"]:
        end_turn(t, ev)
        return
    if p["pos"] in t.cfg.content.city_of:
        g["phase"] = "market"
        if decks.mkt_left(t):  # R6.1 a card joins this city's market first
            g["pending"] = ["mkt"]
    else:
        g["phase"] = "experience"


def end_turn(t: RuneboundTable, ev: list[Event]) -> None:
    """R3 the next seat's turn (R11.4 the round cap; R10.5 the endgame starts after the turn
    that placed the last doom counter)."""
    g = t.g
    if g["phase"] == "over":
        return
    g["log_turns"] += 1
    if g.get("start_endgame"):
        g["start_endgame"] = False
        endgame.setup_endgame(t, ev)
        start_turn(t, ev)  # R10.6 the first hero in the endgame order
        return
    if g["endgame"]:
        g["end_idx"] += 1
        if g["end_idx"] >= len(g["end_order"]):
            g["end_idx"] = 0
            g["round"] += 1  # R11.4 every hero in the order has had a turn: a round
        g["seat"] = g["end_order"][g["end_idx"]]
    else:
        g["seat"] = (g["seat"] + 1) % t.cfg.players
        if g["seat"] == 0:
            g["round"] += 1
    cap = t.cfg.options.max_rounds
    if cap and g["round"] > cap:
        endgame.finish_by_score(t, ev, "turn_cap")
        return
    start_turn(t, ev)


def setup(t: RuneboundTable, cfg: Config) -> None:
    """R2 set-up: the gem counters (R2.2), the decks, the heroes in Tamalir with 3 gold (R2.1,
    R2.3), the doom track's hidden green card (R2.5); then the markets (R2.4) once the heroes
    are known (R2.8)."""
    t.cfg = cfg
    t._legal = None
    c = cfg.content
    n_hex = len(c.coords)
    board = [-1] * n_hex
    per = {col: 0 for col in COLOURS}
    for h in range(n_hex):  # R2.2 one counter of the matching colour on each gem hex
        gem = c.gem[h]
        if gem is not None:
            board[h] = COLOURS.index(gem)
            per[gem] += 1
    pool = [max(0, c.counters.counters[col][0] - per[col]) for col in COLOUR_KEYS]
    decks = {col: [[i for i, a in enumerate(c.adventures) if a.colour == col], []]
             for col in COLOURS}
    doom: list[int] = []
    if cfg.options.doom:  # R10.2 the top green card goes face down beside the first crest
        doom = [HIDDEN]
    t.g = {
        "players": [new_player(h) for h in cfg.hero_ids] if cfg.hero_ids else [],
        "decks": decks, "mdeck": [list(range(len(c.market))), []],
        "markets": [[] for _ in c.cities], "board": board, "pool": pool,
        "event": -1, "slots": [[] for _ in range(UNDEFEATED_SLOTS)], "slot_seq": 0,
        "doom": doom, "doom_counters": 0, "hidden_green": 1 if cfg.options.doom else 0,
        "out": [], "seat": 0, "round": 1, "phase": "setup_hero" if not cfg.hero_ids
        else "setup_market", "setup_city": 1, "dice": [], "to_roll": 0, "recover": 0,
        "act": [], "combat": None, "pending": None, "bought": [], "winners": [],
        "endgame": False, "end_order": [], "end_idx": 0, "log_turns": 0, "enc": -1,
        "adv_src": -1, "extra_dice": 0, "start_endgame": False, "actor": -1,
        "trade": None, "end_reason": None, "refill": None, "ko": None,
    }
    for p in t.g["players"]:
        p["pos"] = p["prev"] = c.tamalir
    if cfg.hero_ids:
        after_heroes(t)


def draw_hero(t: RuneboundTable, off: int, ev: list[Event]) -> None:
    """R2.8 a hero drawn at random for the next seat, in Tamalir (R2.1); the markets follow."""
    g = t.g
    np_ = new_player(off)
    np_["pos"] = np_["prev"] = t.cfg.content.tamalir
    g["players"].append(np_)
    ev.append(Event("hero", {"seat": len(g["players"]) - 1, "hero": off}))
    if len(g["players"]) == t.cfg.players:
        after_heroes(t)


def setup_market_card(t: RuneboundTable, off: int) -> None:
    """R2.4 the market card drawn for the next city at set-up."""
    g = t.g
    g["markets"][g["setup_city"]].append(off)
    g["setup_city"] += 1
    skip_tamalir_setup(t)

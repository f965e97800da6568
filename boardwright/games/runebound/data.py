"""Options, the configuration of one game and the fixed action layout.

The action layout depends only on the content pack (card counts), never on the phase, so an
action id means the same in every position (engine contract).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardwright.engine.actions import ActionSpace
from boardwright.engine.errors import BadConfig

from .content import COLOURS, Content, load

MAX_ITEMS = 10  # item positions an action can name (2 weapons + 1 armour + other items)
MAX_DICE = 5
DIR_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
XP_KINDS = ("mind", "body", "spirit", "stamina", "life")
#: R10.3 cards that trigger a doom counter, by player count (seed; research S4)
DOOM_CARDS = {1: 4, 2: 4, 3: 6, 4: 8, 5: 8, 6: 8}
DOOM_COUNTERS = 8
UNDEFEATED_SLOTS = 6
START_GOLD = 3


class RuneboundOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    content: str | None = None
    #: R5.3d the events' numbers and suns: the pack's own (the bundled pack: designed so that
    #: 4–6-player games reach the doom track's end) or the bundled pack's first, random draw
    events: str = Field(default="designed", pattern="^(designed|generated)$")
    doom: bool = True
    xp_cost: int | None = Field(default=None, ge=1, le=20)
    max_rounds: int = Field(default=180, ge=0, le=1000)
    magic_defence_strikes: bool = True
    endgame: str = Field(default="level_order", pattern="^(level_order|none)$")
    heroes: list[str] | None = Field(default=None, max_length=6)
    trade_offers: int = Field(default=3, ge=0, le=20)
    reward_ally_full: str = Field(default="choose", pattern="^(choose|decline)$")
    #: R5.6a a short pool: the drawer chooses the hexes (the book) or they fill in board order
    refill_short: str = Field(default="choose", pattern="^(choose|board_order)$")
    #: R9.4a/b knock-out ties: the player chooses the card and the city (the book) or the first
    knockout_ties: str = Field(default="choose", pattern="^(choose|first)$")
    #: R6.4a discarding "bármikor": in every decision of one's own turn outside the fight's
    #: rounds (the book) or only in the market phase
    discard_when: str = Field(default="any_time", pattern="^(any_time|market)$")
    #: R7.14e hero against hero: each hero may use suitable cards (armour prevents wounds,
    #: weapons add damage, one activation a combat round each; the book) or none
    pvp_cards: bool = True
    #: R7.14f escaping from a hero: the other hero rolls first and its total is the target
    #: (the book: "Minden harci fázisban a védekező dob először") or its bare Mind
    pvp_escape: str = Field(default="roll", pattern="^(roll|mind)$")
    #: R7.14 the winner may take a dragon rune (a kept adventure card, the book) or not
    loot_runes: bool = True
    #: R7.14g at a limit the winner may first discard to take the loser's card (the book:
    #: "bármikor") or not
    loot_full: str = Field(default="discard", pattern="^(discard|none)$")
    #: R10.3a CHOICE encounters on the doom track at a doom counter: they leave the game (the
    #: encounter rule "tilos őket visszarakni") or go under their decks with the others
    doom_encounters: str = Field(default="out", pattern="^(out|deck)$")
    #: R5.4a after a discarded event or encounter the player may draw again ("húzhat", the
    #: book: `choose`) or draws at once (`always`)
    redraw: str = Field(default="choose", pattern="^(choose|always)$")
    #: R9.1a armour prevents the wounds of a failed encounter or quest test too (the book's
    #: "prevent a wound" names no fight) or only in fights
    prevent_tests: bool = True
    #: R6.5a a kept healing card is played at any decision of one's own turn outside a fight's
    #: rounds (the book: "a jövőben gyógyító célzattal kijátszhatja") or only in a market
    heal_when: str = Field(default="any_time", pattern="^(any_time|market)$")
    #: R7.2a a permanent roll bonus of a phase's kind counts in that phase's rolls only (the
    #: book's phases) or in first strikes of that kind too
    fs_roll_bonus: bool = False
    #: R7.12a CHOICE the card pushed out of a full undefeated column: under its deck or, as a
    #: discarded adventure card, to the doom track (R10.3)
    column_full: str = Field(default="deck", pattern="^(deck|doom)$")


@dataclass(frozen=True)
class Config:
    players: int
    options: RuneboundOptions
    content: Content
    space: ActionSpace
    texts: tuple[str, ...]
    by_text: dict[str, int]
    n_adv: int
    n_mkt: int
    xp_cost: int
    doom_cards: int
    hero_ids: tuple[int, ...]
    #: static facts a front end needs to draw a view (shared, never copied): the map, names
    map_view: dict[str, Any]

    def options_json(self) -> dict[str, Any]:
        out = self.options.model_dump()
        if out["heroes"] is not None:
            out["heroes"] = list(out["heroes"])
        return out


def _texts(cfg_adv: int, cfg_mkt: int, content: Content) -> list[tuple[str, int]]:
    return [
        ("hero", len(content.heroes)), ("die_face", len(content.dice.faces)), ("roll", 19),
        ("draw_adv", cfg_adv),
        ("draw_mkt", cfg_mkt), ("rest", MAX_DICE + 1), ("step", 6), ("move", MAX_DICE * 6),
        ("end_move", 1), ("recover", 3), ("face", 1), ("face_slot", UNDEFEATED_SLOTS),
        ("skip", 1), ("fs_hero", 1), ("fs_ally", 2), ("fs_item", MAX_ITEMS), ("fight", 1),
        ("escape", 1), ("stay", 1), ("attack_hero", 1), ("attack_ally", 2), ("defend", 1),
        ("prevent", MAX_ITEMS), ("take", 1), ("use_item", MAX_ITEMS), ("buy", cfg_mkt),
        ("sell", MAX_ITEMS), ("heal_wound", 3), ("heal_exh", 3), ("discard_item", MAX_ITEMS),
        ("discard_ally", 2), ("end_market", 1), ("xp", len(XP_KINDS)), ("end_turn", 1),
        ("attack_player", 6), ("loot_item", MAX_ITEMS), ("loot_ally", 2), ("loot_gold", 1),
        # R5.10 trading (appended last: older action ids keep their meaning)
        ("trade_with", 6), ("trade_give_item", MAX_ITEMS), ("trade_give_ally", 2),
        ("trade_give_gold", 1), ("trade_take_item", MAX_ITEMS), ("trade_take_ally", 2),
        ("trade_take_gold", 1), ("trade_propose", 1), ("trade_end", 1), ("trade_accept", 1),
        ("trade_decline", 1),
        # R5.6a / R9.4a / R9.4b the player's choices (appended last, as above)
        ("refill_hex", len(content.coords)), ("lose_item", MAX_ITEMS), ("lose_ally", 2),
        ("go_city", len(content.cities)),
        # R7.14 the winner takes a dragon rune (appended last, as above)
        ("loot_rune", 1),
    ]


def action_text(content: Content, name: str, off: int) -> str:
    fig = ("hero", "ally1", "ally2")
    match name:
        case "hero":
            return "hero:" + content.heroes[off].id
        case "die_face":
            return "face:" + "+".join(content.dice.faces[off])
        case "roll":
            return f"roll:{off + 2}"
        case "draw_adv":
            return "draw:" + content.adventures[off].id
        case "draw_mkt":
            return "card:" + content.market[off].id
        case "rest":
            return f"roll {off} dice"
        case "step":
            return f"step {DIR_NAMES[off]}"
        case "move":
            return f"die{off // 6 + 1} {DIR_NAMES[off % 6]}"
        case "recover" | "heal_wound" | "heal_exh":
            return f"{name.replace('_', ' ')} {fig[off]}"
        case "face_slot":
            return f"face slot {off + 1}"
        case "fs_ally" | "attack_ally" | "discard_ally":
            return f"{name.replace('_', ' ')} {off + 1}"
        case "attack_player":
            return f"attack player {chr(65 + off)}"
        case "trade_with":
            return f"trade with player {chr(65 + off)}"
        case "trade_give_item" | "trade_take_item":
            return f"{name.replace('_', ' ')} item{off + 1}"
        case "trade_give_ally" | "trade_take_ally":
            return f"{name.replace('_', ' ')} {off + 1}"
        case "loot_item" | "loot_ally":
            return f"{name.replace('_', ' ')} {off + 1}"
        case "fs_item" | "prevent" | "use_item" | "sell" | "discard_item":
            return f"{name.replace('_', ' ')} item{off + 1}"
        case "buy":
            return "buy " + content.market[off].id
        case "xp":
            return "xp " + XP_KINDS[off]
        case "refill_hex":
            return f"refill hex {off}"
        case "lose_item":
            return f"lose item{off + 1}"
        case "lose_ally":
            return f"lose ally {off + 1}"
        case "go_city":
            return "go to " + content.board.cities[off].name
    return name.replace("_", " ")


def build_config(players: int, options: dict[str, Any]) -> Config:
    """The configuration (cached: states read back from JSON share it)."""
    key = (players, json.dumps(options, sort_keys=True, default=str))
    cfg = _CACHE.get(key)
    if cfg is None:
        cfg = _build_config(players, options)
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[key] = cfg
    return cfg


_CACHE: dict[tuple[int, str], Config] = {}


def _build_config(players: int, options: dict[str, Any]) -> Config:
    if not 1 <= players <= 6:  # "egy[–]hat személy részére": a solo game too (R11.5)
        raise BadConfig(f"Runebound takes 1 to 6 players, not {players}", code="bad_players",
                        players=players)
    try:
        opts = RuneboundOptions.model_validate(options)
    except ValidationError as exc:
        e = exc.errors()[0]
        where = ".".join(str(x) for x in e["loc"])
        raise BadConfig(f"option {where}: {e['msg']}", code="bad_option", option=where) from None
    content = load(opts.content, opts.events)
    blocks = _texts(len(content.adventures), len(content.market), content)
    space = ActionSpace(blocks)
    texts = []
    for b in space.blocks():
        texts += [action_text(content, b.name, i) for i in range(b.size)]
    hero_ids: tuple[int, ...]
    if opts.heroes:
        ids = {h.id: i for i, h in enumerate(content.heroes)}
        bad = [h for h in opts.heroes if h not in ids]
        if bad or len(opts.heroes) != players or len(set(opts.heroes)) != players:
            raise BadConfig("option heroes: give one distinct known hero id per player",
                            code="bad_option", option="heroes")
        hero_ids = tuple(ids[h] for h in opts.heroes)
    else:
        hero_ids = ()  # drawn by chance at set-up (R2.8)
    return Config(players=players, options=opts, content=content, space=space,
                  texts=tuple(texts), by_text={t: i for i, t in enumerate(texts)},
                  n_adv=len(content.adventures), n_mkt=len(content.market),
                  xp_cost=opts.xp_cost or 4, doom_cards=DOOM_CARDS[players], hero_ids=hero_ids,
                  map_view=_map_view(content, players, opts.xp_cost or 4,
                                           DOOM_CARDS[players]))


def _lean(d: dict[str, Any]) -> dict[str, Any]:
    """`d` without the fields that say nothing (None, False, 0, empty): every view carries the
    map, so it stays small."""
    return {k: v for k, v in d.items() if v not in (None, False, 0, [], {}, "")}


def _effect(effect: Any) -> dict[str, Any] | None:
    """A card effect as the browser shows it (only the fields that say something)."""
    return None if effect is None else _lean(effect.model_dump(exclude_defaults=True))


def _fighter(x: Any) -> list[int]:
    """[life, stamina, Mind, Mind damage, Body, Body damage, Spirit, Spirit damage] of a hero,
    an ally or an enemy (an enemy's values are the targets of the hero's rolls, R7.5)."""
    return [x.life, getattr(x, "stamina", 0), *x.mind, *x.body, *x.spirit]


def _adventure_info(a: Any) -> dict[str, Any]:
    reward = a.reward if a.kind == "challenge" else a.success
    return _lean({
        "fighter": _fighter(a) if a.kind == "challenge" else None,
        "event": a.event_number, "refill": list(a.refill),
        "effects": [_lean(e.model_dump()) for e in a.effects],
        "test": _lean(a.test.model_dump()) if a.test is not None else None,
        "fail_wounds": a.fail_wounds, "quest": a.quest.city if a.quest is not None else None,
        "before": [_lean(b.model_dump(exclude_defaults=True)) for b in a.before_combat],
        "gold": reward.gold, "rune": reward.dragon_rune, "win": reward.win,
        "keep": _effect(reward.keep),
        "ally": _fighter(reward.ally) if reward.ally is not None else None,
        "ally_ability": _effect(reward.ally.ability) if reward.ally is not None else None,
    })


def _market_info(m: Any) -> dict[str, Any]:
    if m.kind == "ally":
        return _lean({"fighter": _fighter(m), "ability": _effect(m.ability)})
    return _lean({"item_kind": m.item_kind, "usage": m.usage, "effect": _effect(m.effect)})


def _map_view(content: Content, players: int, xp_cost: int, doom_cards: int) -> dict[str, Any]:
    """Static facts a front end draws a view with. Each card list entry is [name, ..., info]:
    the leading fields never change place; `info` (last) holds the numbers a sheet shows."""
    c = content
    return {
        "hexes": [[q, r, c.terrain[i],
                   c.board.cities[c.city_of[i]].name if i in c.city_of else None, c.gem[i]]
                  for i, (q, r) in enumerate(c.coords)],
        "cities": [[c.cities[k], city.name] for k, city in enumerate(c.board.cities)],
        "heroes": [[h.name, h.source, _lean({"fighter": _fighter(h), "skills": dict(h.skills),
                                             "ability": _effect(h.ability)})]
                   for h in c.heroes],
        "adventures": [[a.name, a.colour, a.kind, a.source, _adventure_info(a)]
                       for a in c.adventures],
        "market": [[m.name, m.kind, m.cost, m.source, _market_info(m)] for m in c.market],
        "dice": [list(f) for f in c.dice.faces],
        "original": all(h.source == "original" for h in c.heroes[1:]),
        # R8.1 experience per counter colour and per experience counter; R10.3 doom cards
        "counter_xp": [xp for _, (_, xp) in sorted(c.counters.counters.items(),
                                                   key=lambda kv: COLOURS.index(kv[0]))],
        "xp_cost": xp_cost, "doom_cards": doom_cards, "doom_counters": DOOM_COUNTERS,
        "players": players,
    }


__all__ = ["COLOURS", "Config", "RuneboundOptions", "build_config"]

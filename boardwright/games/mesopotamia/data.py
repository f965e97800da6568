"""Mesopotamia's components, options and the action-id layout, as data (RULES.md R1, R2, R9).

Facts come from the Hungarian rulebook (seed 002) and `research/mesopotamia.md`; every choice
made where the sources are silent is a named option in `MesoOptions` (RULES.md R9).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardwright.engine.actions import ActionSpace
from boardwright.engine.errors import BadConfig

# --- terrain (R1.1) ------------------------------------------------------------------------
PLAINS, FOREST, QUARRY, VOLCANO, ZIGGURAT = 0, 1, 2, 3, 4
TERRAINS = ("plains", "forest", "quarry", "volcano", "ziggurat")
#: R1.1 all 41 tiles: 22 plains, 6 forests, 7 quarries, 5 volcanoes, 1 ziggurat
TILE_COUNTS = (22, 6, 7, 5, 1)
#: R2.2 plains returned to the box by player count
PLAINS_REMOVED = {2: 6, 3: 4, 4: 0}

# --- per colour (R1.2) ---------------------------------------------------------------------
COLOURS = ("blue", "red", "yellow", "green")
MEMBERS, HUTS, HOLY_PLACES = 8, 5, 3
OFFERING_VALUES = (2, 4, 6, 7)  # R1.3
WOOD_TOTAL = STONE_TOTAL = 20  # R1.4
NEUTRAL = 9  # the owner of a neutral starting hut (R2.4)

# --- mana (R1.5) ---------------------------------------------------------------------------
MANA_START, LIMIT_START, LIMIT_CEILING = 0, 3, 8

# --- movement (R4) -------------------------------------------------------------------------
MP_PER_TURN = 5
FIRST_ROUND_MP = {2: (2, 5), 3: (2, 3, 4), 4: (2, 3, 4, 5)}  # R4.1
EXPLORATIONS_PER_TURN = 3  # R4.8

# --- carried loads: a member's "kind" -------------------------------------------------------
#: 0 empty, 1 wood, 2 stone, 3..6 an own offering of value 2/4/6/7; +7 once it stole this turn
EMPTY, WOOD, STONE = 0, 1, 2
OFFER0 = 3
KINDS = 7
FLAG = 7  # the "stole this turn" offset (R4.6)
ALL_KINDS = 14
KIND_NAMES = ("empty", "wood", "stone", "offering2", "offering4", "offering6", "offering7")
#: how a member's kind reads in a view: to its owner, and to everyone else (values hidden)
VIEW_NAMES_OWN = KIND_NAMES + tuple(name + "*" for name in KIND_NAMES)
VIEW_NAMES_OTHER = tuple(n if i < 3 else "offering" for i, n in enumerate(KIND_NAMES))
VIEW_NAMES_OTHER = VIEW_NAMES_OTHER + tuple(name + "*" for name in VIEW_NAMES_OTHER)

# --- cards (R7) ----------------------------------------------------------------------------
ENDURANCE, SCOUTS, TWINS, PRIESTHOOD, FOCUS_STONE, TELEPORT, WRATH, MANA_THEFT = range(8)
CARD_IDS = ("endurance", "scouts", "twins", "priesthood", "focus_stone", "teleport",
            "marduks_wrath", "mana_theft")
CARD_COUNTS = (3, 2, 2, 3, 2, 2, 2, 2)
THREE_FOUR_ONLY = (WRATH, MANA_THEFT)

# --- hex geometry: axial (q, r), flat-topped, redblob neighbour order ----------------------
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("se", "ne", "n", "nw", "sw", "s")

# --- teleport / wrath targets ---------------------------------------------------------------
#: teleport source: 0 loose wood, 1 loose stone, 2 + 14*seat + kind a member,
#: 58 + 2*seat + (0 wood, 1 stone) a resource lifted from a carrying member
TP_MEMBER, TP_LIFT, TP_SIZE = 2, 58, 66
#: wrath source: 7*seat + kind (0..6) a member, 28 + slot a hut on that tile
WR_HUT, WR_SIZE = 28, 30

# --- phases (R3) ---------------------------------------------------------------------------
(MOVE, ACTION, BUILD, HOLY, BREED, TP_DST, WR_DST, VOLCANO_PLACE, DISTRIBUTE, SCOUT_PICK,
 DRAW_TILE, SCOUT_DRAW, DRAW_CARD, OVER, PICK_CARRIER, AFTER_DRAW, MANA) = range(17)
PHASE_NAMES = ("movement", "action", "building_huts", "holy_places", "breeding", "teleport_to",
               "wrath_to", "place_volcano", "place_resource", "scout_pick", "draw_tile",
               "scout_draw", "draw_card", "over", "pick_carrier", "after_draw", "mana")
CHANCE_PHASES = frozenset((DRAW_TILE, SCOUT_DRAW, DRAW_CARD, PICK_CARRIER))
#: R3.2 the phases of an action being carried out: the book lets cards be played in them too
ACTION_PHASES = (BUILD, HOLY, BREED, AFTER_DRAW)


class MesoOptions(BaseModel):
    """Options of a Mesopotamia game (RULES.md R9 lists what each choice means)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: R7.11 variant 6.1: every player starts with one card
    start_with_card: bool = False
    #: R7.12 variant 6.2: played cards leave the game; no reshuffle
    single_use_cards: bool = False
    #: R2.4 with 2 players: both start on plains A (`shared`, the inferred EuropeMasters set-up)
    #: or each alone on a plains beside a neutral hut (`apart`)
    two_player_seating: Literal["shared", "apart"] = "shared"
    #: R5.5 the action phase: an action must be chosen when one can be (the seed), or may be skipped
    action_required: bool = True
    #: R3.2 when cards may be played: `any_time` of one's own turn but the card drawn this turn
    #: (the seed), or `before_action` (while moving and before the action is chosen)
    card_timing: Literal["any_time", "before_action"] = "any_time"
    #: R9.1 turn cap for simulations; 0 = none. A capped game has no winner by the rules.
    max_turns: int = Field(default=400, ge=0, le=10_000)
    #: R9.2 free steps (pick up, drop, swap, steal, take offering) allowed per turn; 0 = no bound
    free_actions_per_turn: int = Field(default=12, ge=0, le=100)
    #: R9.3 radius of the table: no tile may lie farther than this from the ziggurat
    table_radius: int = Field(default=6, ge=2, le=12)
    #: R9.4 the 2-player second player's first-round movement points (the seed reads 5)
    second_player_first_mp_2p: int = Field(default=5, ge=0, le=20)
    #: R9.5 exploring costs 1 movement point like any other step
    explore_costs_mp: bool = True
    #: R9.6 Marduk's Wrath may also move a neutral starting hut
    wrath_moves_neutral_huts: bool = False
    #: R3.2.1 cards may be played in the mana phase, after its mana is counted (the seed: "amikor
    #: rajta van a sor"); off = the turn passes when the mana is counted (the engine before 1.2)
    mana_phase_cards: bool = True
    #: R7.2 Scouts: the explorer may keep a drawn volcano ("Válassz ki közülük egyet"), which is
    #: then attached as in R4.9; off = only a non-volcano is kept (the engine before rules 1.2)
    scouts_keep_volcano: bool = True
    #: R7.6 Teleport may send a thing onto a volcano (the card excludes only the ziggurat); off =
    #: never onto a volcano (the research's A5, the engine before rules 1.2)
    teleport_onto_volcano: bool = True
    #: R7.7.1 Marduk's Wrath's "up to three tiles": `land` counts steps over placed tiles but
    #: volcanoes and the ziggurat; `any` over every placed tile (the target is land either way)
    wrath_reach: Literal["land", "any"] = "land"
    #: R2.4.1 with 3 players, the seat that starts alone on plains A beside the neutral hut
    three_player_alone: int = Field(default=0, ge=0, le=2)
    #: R9.9 a card aimed at one of another player's offering carriers on a tile takes the one the
    #: player points at, which is any of them with equal chance (their offerings lie face down);
    #: false: the one with the lowest offering (the engine's rule before this option)
    carrier_pick_random: bool = True


@dataclass(frozen=True, slots=True)
class Config:
    players: int
    options: MesoOptions
    radius: int
    coords: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int]
    #: nbr[cell][d] = neighbouring cell or -1 (off the table)
    nbr: tuple[tuple[int, ...], ...]
    space: ActionSpace
    first_mp: tuple[int, ...]
    card_counts: tuple[int, ...]
    stack_counts: tuple[int, ...]
    labels: tuple[str, ...]
    #: the first id of every action block, looked up once (legal-move generation is hot)
    starts: dict[str, int]

    @property
    def ncells(self) -> int:
        return len(self.coords)

    def label(self, cell: int) -> str:
        return self.labels[cell]

    def parse_cell(self, text: Any) -> int | None:
        try:
            q, r = (int(x) for x in str(text).split(","))
        except ValueError:
            return None
        return self.index.get((q, r))


def parse_options(options: dict[str, Any] | None) -> MesoOptions:
    try:
        return MesoOptions(**(options or {}))
    except ValidationError as exc:
        raise BadConfig(f"bad Mesopotamia option: {exc.errors()[0]['msg']}",
                        option=str(exc.errors()[0]["loc"])) from None


def build_config(players: int, options: dict[str, Any] | MesoOptions | None) -> Config:
    """The configuration for `players` seats; `BadConfig` for a bad count or option."""
    if type(players) is not int or not 2 <= players <= 4:
        raise BadConfig(f"Mesopotamia is for 2 to 4 players, not {players!r}", players=players)
    opts = options if isinstance(options, MesoOptions) else parse_options(options)
    if not 2 <= opts.table_radius <= 12:
        raise BadConfig("table_radius must be 2..12", option="table_radius")
    if opts.max_turns < 0 or opts.free_actions_per_turn < 0:
        raise BadConfig("max_turns and free_actions_per_turn must be >= 0", option="max_turns")
    return _build(players, opts)


@lru_cache(maxsize=64)
def _build(players: int, opts: MesoOptions) -> Config:
    rad = opts.table_radius
    coords = tuple((q, r) for q in range(-rad, rad + 1) for r in range(-rad, rad + 1)
                   if abs(q + r) <= rad)
    index = {c: i for i, c in enumerate(coords)}
    nbr = tuple(tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS)
                for q, r in coords)
    n = len(coords)
    space = ActionSpace([
        ("move", n * 6 * ALL_KINDS),       # cell, direction, kind
        ("pick_up", n * 2 * 2),            # cell, resource, flag
        ("drop", n * 2 * 2),               # cell, resource, flag
        ("swap", n * 2 * 2),               # cell, resource carried, flag
        ("take_offering", n * 4 * 2),      # cell, offering, flag
        ("steal", n * 4 * 2),              # cell, victim seat, resource
        ("end_movement", 1),
        ("build_hut", n * 4),              # cell, offering put under it
        ("holy_place", n),
        ("breed", n),
        ("draw_card", 1),
        ("finish_action", 1),              # end a repeated action A-C, or take no action
        ("play", 8),                       # a card without a target
        ("priesthood", n),
        ("mana_theft", 4),
        ("teleport", n * TP_SIZE),
        ("wrath", n * WR_SIZE),
        ("to", n),                         # destination of teleport / wrath
        ("place_volcano", n),
        ("place_resource", n),
        ("scout_pick", 3),                 # plains, forest, quarry
        ("tile", 4),                       # chance: the terrain drawn
        ("card", 8),                       # chance: the card drawn
        ("carrier", 4),                    # chance: the offering of the carrier pointed at
        ("end_turn", 1),                   # R3.2 the mana phase's cards are played: turn over
        ("scout_volcano", 1),              # R7.2 Scouts keep a volcano (`scout_pick volcano`)
    ])
    first = list(FIRST_ROUND_MP[players])
    if players == 2:
        first[1] = opts.second_player_first_mp_2p
    cards = tuple(0 if (players == 2 and k in THREE_FOUR_ONLY) else c
                  for k, c in enumerate(CARD_COUNTS))
    stack = (TILE_COUNTS[PLAINS] - 2 - PLAINS_REMOVED[players], TILE_COUNTS[FOREST] - 1,
             TILE_COUNTS[QUARRY] - 1, TILE_COUNTS[VOLCANO] - 2)
    labels = tuple(f"{q},{r}" for q, r in coords)
    starts = {b.name: b.start for b in space.blocks()}
    return Config(players, opts, rad, coords, index, nbr, space, tuple(first), cards, stack,
                  labels, starts)

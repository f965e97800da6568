"""Fürchterliche Feinde's components and options as data (RULES.md R1, R12).

The printed board, token values, card mix, crossing shapes, storage shading and knowledge bonus
are not public. `data/board_proposal.txt` and `data/components_proposal.json` hold the research
file's PROPOSAL (feinde.md §7); both are flagged `proposal` and either can be replaced by a
user's file through the `board_file` / `components_file` options. A bad file is rejected with a
`BadConfig` naming the line (board) or the field (components) and the problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardwright.engine.errors import BadConfig

# --- the labyrinth -------------------------------------------------------------------------

CORRIDOR, ROOM, START, CROSSING = 0, 1, 2, 3
N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
#: the (row, column) step of each direction N E S W
OFFSETS = ((-1, 0), (0, 1), (1, 0), (0, -1))
TELEPORT_LETTERS = "abcd"
#: R1.3 the pairings of the four teleport fields by colour (chance picks one at set-up)
TELEPORT_PAIRINGS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
ROOMS, STARTS, CROSSINGS, TELEPORTS = 53, 4, 15, 4  # confirmed counts (feinde.md §2.1)

# --- phases --------------------------------------------------------------------------------
(SETUP_TELEPORT, SETUP_MONSTER, PLACE_HERO, DUMB, CHOOSE, MOVE, DICE, FREE_STEP, REVEAL, PLACE,
 PLACE4, DRAW, APPRENTICE, FOLLOW, DELTA, TRAVEL, OVER, PICK, ROTATE, JOIN, INVISIBLE,
 AMOUNT) = range(22)
CHANCE_PHASES = frozenset((SETUP_TELEPORT, SETUP_MONSTER, DICE, REVEAL, PLACE, PLACE4, DRAW))

# --- action ids ----------------------------------------------------------------------------
FIGHT_MOVE, RUN, REST, ESCAPE = 0, 1, 2, 3
STEP = 4  # + direction N E S W
TELEPORT, END, FIGHT, YES, NO = 8, 9, 10, 11, 12
HERO_START = 14  # + start room 0..3
PLAY = 20  # + card kind
DELTA_BASE = 50  # + delta + 4
TRAVEL_TO = 60  # + seat
MSTEP = 100  # + index into board.rooms
MSTOP = 160
PAIRING = 200  # + teleport pairing
DICE_BASE = 210  # + (monster die - 2) * 3 + (hero die - 1)
CROSS_BASE = 220  # + shape * 4 + rotation
PLACE_BASE = 240  # + index into board.rooms
TOKEN_BASE = 300  # + token id 1..53
DRAW_BASE = 360  # + card kind
PICK_ROOM = 400  # + index into board.rooms (red cards pick a monster or chest)
PICK_CROSS = 460  # + index into board.crossings (green card)
ROT_BASE = 480  # + new rotation 0..3
DONE = 490  # stop using a card early (second crossing, third monster)
INVIS_MONSTERS, INVIS_HEROES = 491, 492  # R10.3 Invisibility's one effect (choose_one mode)
AMOUNT_BASE = 492  # + the amount 1..4 a Knowledge or Power card gives (R10.3.1)
#: `st.invisible` bits: monsters neither stop nor pin the hero; no apprentice joins him
UNSEEN_BY_MONSTERS, UNSEEN_BY_HEROES = 1, 2
NUM_ACTIONS = 500

# --- components and counts the rules use (R1, R3.1, R5.4, R10) ---------------------------
DUMB_TILE = 99  # the dumbest-player tile under monster 23 (R1.1)
CHEST0 = 51  # chest tokens are 51, 52, 53
BOSSES = (49, 50)
MAX_K = 50
MONSTER_DIE = {2: 1, 3: 2, 4: 3}  # R5.4 faces 2,3,3,4,4,4
HERO_DIE = {1: 3, 2: 2, 3: 1}  # R5.4 faces 1,1,1,2,2,3
ACTION_KINDS = {FIGHT_MOVE: 1, RUN: 2, REST: 3}
BUDGET = {1: 6, 2: 12}  # R3.1
#: card modes while a red or green card is being used
SWAP_MODE, TRAVELS_MODE, THREE_MODE, ROTATE_MODE = 1, 2, 3, 4
#: the phases by number, named for front ends (the browser's prompt says what to do)
PHASE_NAMES = ("setup_teleport", "setup_monster", "place_hero", "dumb", "choose", "move", "dice",
               "free_step", "reveal", "place", "place4", "draw", "apprentice", "follow", "delta",
               "travel", "over", "pick", "rotate", "join", "invisible", "amount")


@dataclass(frozen=True, slots=True)
class Board:
    """The labyrinth as a graph of spaces: one space per map character (R3.1)."""

    rows: tuple[str, ...]
    proposal: bool
    kind: tuple[int, ...]  # per space: CORRIDOR, ROOM, START, CROSSING
    pos: tuple[tuple[int, int], ...]  # per space: (row, col) on the map
    nb: tuple[tuple[int, ...], ...]  # per space: neighbour in N, E, S, W or -1
    rooms: tuple[int, ...]  # room spaces (starts included), in reading order
    starts: tuple[int, ...]  # S1..S4, left to right
    crossings: tuple[int, ...]  # X01..X15
    teleports: tuple[int, ...]  # the corridor spaces beside teleport fields a..d
    #: per space: R07, S2, X03, a (a teleport field), or for a corridor space the ends of its
    #: corridor and its place counted from the first end: R07-X03/2 (see `corridor_labels`)
    labels: tuple[str, ...]
    names: dict[str, str]

    def index_of(self, label: str) -> int:
        """The space called `label`; a map position `row.col` (0-based) also names a space."""
        try:
            return self.labels.index(label)
        except ValueError:
            pass
        row, dot, col = label.partition(".")
        if dot and row.isdigit() and col.isdigit() and (int(row), int(col)) in self.pos:
            return self.pos.index((int(row), int(col)))
        raise KeyError(label) from None


def _fail(source: str, line: int, problem: str) -> BadConfig:
    return BadConfig(f"{source}, line {line}: {problem}", code="bad_board", line=line,
                     problem=problem)


def parse_board(text: str, source: str = "board file") -> Board:
    """Read a board file (format in `data/board_proposal.txt`); `BadConfig` names line+problem."""
    proposal: bool | None = None
    map_lines: list[tuple[int, str]] = []
    name_lines: list[tuple[int, str]] = []
    section = ""
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if section != "map" and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.strip() in ("[map]", "[names]"):
            section = line.strip()[1:-1]
            continue
        if section == "map":
            if line.lstrip().startswith("#"):
                continue
            map_lines.append((lineno, line))
        elif section == "names":
            if line.strip():
                name_lines.append((lineno, line))
        elif line.replace(" ", "").lower().startswith("proposal="):
            value = line.split("=", 1)[1].strip().lower()
            if value not in ("yes", "no"):
                raise _fail(source, lineno, f"proposal must be yes or no, not {value!r}")
            proposal = value == "yes"
        else:
            raise _fail(source, lineno, f"unexpected text outside [map]/[names]: {line.strip()!r}")
    while map_lines and not map_lines[-1][1].strip():
        map_lines.pop()
    if not map_lines:
        raise _fail(source, len(text.splitlines()), "no [map] section")
    if proposal is None:
        raise _fail(source, 1, "missing `proposal = yes|no`")
    grid: dict[tuple[int, int], str] = {}
    line_of_row: list[int] = []
    for r, (lineno, line) in enumerate(map_lines):
        line_of_row.append(lineno)
        for c, ch in enumerate(line):
            if ch == " ":
                continue
            if ch not in "SRX." + TELEPORT_LETTERS:
                raise _fail(source, lineno, f"unknown map character {ch!r} in column {c + 1}")
            grid[(r, c)] = ch
    cells = sorted(grid)
    index = {rc: i for i, rc in enumerate(cells)}
    kinds: list[int] = []
    labels: list[str] = []
    rooms: list[int] = []
    starts: list[int] = []
    crossings: list[int] = []
    teleports: dict[str, int] = {}
    counters = {"R": 0, "S": 0, "X": 0}
    for i, rc in enumerate(cells):
        ch = grid[rc]
        if ch in "RS":
            counters[ch] += 1
            kinds.append(ROOM if ch == "R" else START)
            labels.append(f"R{counters['R']:02d}" if ch == "R" else f"S{counters['S']}")
        elif ch == "X":
            counters["X"] += 1
            kinds.append(CROSSING)
            labels.append(f"X{counters['X']:02d}")
            crossings.append(i)
        else:
            kinds.append(CORRIDOR)
            if ch in TELEPORT_LETTERS:
                if ch in teleports:
                    raise _fail(source, line_of_row[rc[0]], f"teleport field {ch!r} appears twice")
                teleports[ch] = i
                labels.append(ch)
            else:
                labels.append("")  # named after its corridor's ends, below
    for i, rc in enumerate(cells):
        if grid[rc] == "R":
            rooms.append(i)
    starts = sorted((i for i, rc in enumerate(cells) if grid[rc] == "S"), key=lambda i: cells[i][1])
    for k, i in enumerate(starts):
        labels[i] = f"S{k + 1}"
    nb: list[tuple[int, ...]] = []
    for rc in cells:
        nb.append(tuple(index.get((rc[0] + dr, rc[1] + dc), -1) for dr, dc in OFFSETS))
    for i, rc in enumerate(cells):
        lineno = line_of_row[rc[0]]
        degree = sum(1 for j in nb[i] if j >= 0)
        where = f"column {rc[1] + 1}"
        if kinds[i] == CORRIDOR and degree != 2:
            what = "dangling corridor" if degree < 2 else "corridor fork without a crossing"
            raise _fail(source, lineno, f"{what} at {where}: a corridor space needs exactly 2 "
                        f"neighbours, this one has {degree}")
        if kinds[i] == CROSSING and degree != 4:
            raise _fail(source, lineno, f"crossing {labels[i]} at {where} has {degree} arms; "
                        "a crossing field needs 4")
        if kinds[i] in (ROOM, START) and degree == 0:
            raise _fail(source, lineno, f"room {labels[i]} at {where} has no corridor")
    corridor_labels(kinds, nb, labels, cells)
    counts = {"start rooms (S)": (len(starts), STARTS), "rooms (R)": (len(rooms), ROOMS - STARTS),
              "crossing fields (X)": (len(crossings), CROSSINGS),
              "teleport fields (a-d)": (len(teleports), TELEPORTS)}
    for what, (have, need) in counts.items():
        if have != need:
            raise _fail(source, map_lines[-1][0],
                        f"the map has {have} {what}, the game needs {need}")
    names: dict[str, str] = {}
    for lineno, line in name_lines:
        if "=" not in line:
            raise _fail(source, lineno, f"a name line reads `ID = name`, not {line.strip()!r}")
        rid, name = (part.strip() for part in line.split("=", 1))
        if rid not in labels or rid[:1] not in "RS":
            raise _fail(source, lineno, f"unknown room id {rid!r} (rooms are R01..R49, S1..S4)")
        names[rid] = name
    all_rooms = tuple(sorted(rooms + starts))
    board = Board(
        rows=tuple(line for _, line in map_lines), proposal=proposal, kind=tuple(kinds),
        pos=tuple(cells), nb=tuple(nb), rooms=all_rooms, starts=tuple(starts),
        crossings=tuple(crossings), teleports=tuple(teleports[c] for c in TELEPORT_LETTERS),
        labels=tuple(labels), names=names,
    )
    _check_connected(board, source, map_lines[-1][0])
    return board


def corridor_labels(kinds: list[int], nb: list[tuple[int, ...]], labels: list[str],
                    cells: list[tuple[int, int]]) -> None:
    """Name every unnamed corridor space after the rooms or crossings at the ends of its corridor
    (the one first in reading order first) and its place counted from that end: `R07-X03/2` is
    the second space from R07 on the way to X03. A front end shows "corridor R07–X03", which a
    player finds between the two labelled ends on the board. A space whose name would not be
    unique (two corridors of one length between the same ends) keeps its map position `row.col`.
    """

    def walk(cur: int, prev: int) -> tuple[int, int]:
        # the end reached going from `prev` into `cur`, and how many spaces that took
        steps = 0
        for _ in range(len(kinds)):
            if kinds[cur] != CORRIDOR:
                return cur, steps
            nxt = next(j for j in nb[cur] if j >= 0 and j != prev)
            prev, cur = cur, nxt
            steps += 1
        return -1, steps  # a ring of corridors (reported as cut off by `_check_connected`)

    named: dict[str, list[int]] = {}
    for i, kind in enumerate(kinds):
        if kind != CORRIDOR or labels[i]:
            continue
        ways = [j for j in nb[i] if j >= 0]
        (a, da), (b, db) = walk(ways[0], i), walk(ways[1], i)
        if a < 0 or b < 0 or a == b:
            labels[i] = f"{cells[i][0]}.{cells[i][1]}"
            continue
        if b < a:
            (a, da), (b, db) = (b, db), (a, da)
        named.setdefault(f"{labels[a]}-{labels[b]}/{da + 1}", []).append(i)
    for name, spaces in named.items():
        for i in spaces:
            labels[i] = name if len(spaces) == 1 else f"{cells[i][0]}.{cells[i][1]}"


def _check_connected(board: Board, source: str, lineno: int) -> None:
    """Every space must be reachable from S1 with all crossings open (no island of rock)."""
    seen = {board.starts[0]}
    todo = [board.starts[0]]
    while todo:
        for j in board.nb[todo.pop()]:
            if j >= 0 and j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(board.kind):
        lost = min(set(range(len(board.kind))) - seen)
        raise _fail(source, lineno, f"space {board.labels[lost]} is cut off from the start rooms")


# --- components ----------------------------------------------------------------------------

CARD_KINDS: tuple[str, ...] = (
    "move2", "move3", "move4", "move5", "move6", "move7", "move8", "move9",
    "power1", "power2", "power3", "power4", "know1", "know2", "know3",
    "travel", "invisibility", "monster1", "monster3", "monster4",
    "monster_travels", "swap", "three_monsters", "rotate",
)
CARD_INDEX = {k: i for i, k in enumerate(CARD_KINDS)}
GROUPS = ("I", "II", "III", "IV", "V")
TILE_SHAPES = ("NESW", "ESW", "NS", "NE")


class _Monsters(BaseModel):
    model_config = ConfigDict(extra="forbid")
    gold: dict[str, int]
    hearts: dict[str, int] = {}
    names: dict[str, str] = {}


class _Chest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    knowledge: int
    gold: int


class _Track(BaseModel):
    model_config = ConfigDict(extra="forbid")
    length: int
    shaded: Literal["odd", "even"] | list[int]


class Components(BaseModel):
    """The components file (`data/components_proposal.json` is the PROPOSAL default)."""

    model_config = ConfigDict(extra="forbid")
    proposal: bool
    note: str = ""
    monsters: _Monsters
    chests: list[_Chest]
    crossing_tiles: dict[Literal["NESW", "ESW", "NS", "NE"], int]
    storage_track: _Track
    knowledge_bonus: dict[str, int]
    spell_groups: dict[Literal["I", "II", "III", "IV", "V"], list[str]]


@dataclass(frozen=True, slots=True)
class Tables:
    """Components in the form the rules read (index = monster strength 1..50)."""

    proposal: bool
    gold: tuple[int, ...]  # [0] unused
    heart: tuple[int, ...]
    monster_names: dict[int, str]
    chests: tuple[tuple[int, int], ...]  # (knowledge, gold)
    tiles: tuple[int, ...]  # count per TILE_SHAPES
    track_length: int
    shaded: frozenset[int]  # 1-based storage spaces
    bonus: dict[int, int]
    groups: tuple[tuple[int, ...], ...]  # per group I..V: count per CARD_KINDS


def _ranges(spec: dict[str, int], what: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for key, value in spec.items():
        lo, _, hi = key.partition("-")
        try:
            a, b = int(lo), int(hi or lo)
        except ValueError:
            raise BadConfig(f"components file: {what} key {key!r} is not a number or range "
                            "like 8-14", code="bad_components") from None
        for m in range(a, b + 1):
            if not 1 <= m <= 50:
                raise BadConfig(f"components file: {what} names monster {m}; monsters are "
                                "1-50", code="bad_components")
            out[m] = value
    return out


def build_tables(comp: Components) -> Tables:
    """Check a components file's content against the confirmed counts (feinde.md §2.1)."""
    gold = _ranges(comp.monsters.gold, "monsters.gold")
    missing = [m for m in range(1, 51) if m not in gold]
    if missing:
        raise BadConfig(f"components file: monsters.gold has no value for monster {missing[0]}",
                        code="bad_components")
    hearts = _ranges(comp.monsters.hearts, "monsters.hearts")
    if len(comp.chests) != 3:
        raise BadConfig(f"components file: chests lists {len(comp.chests)}, the game has 3",
                        code="bad_components")
    tiles = tuple(comp.crossing_tiles.get(s, 0) for s in TILE_SHAPES)  # type: ignore[call-overload]
    if sum(tiles) != CROSSINGS:
        raise BadConfig(f"components file: crossing_tiles add up to {sum(tiles)}, the game has "
                        f"{CROSSINGS}", code="bad_components")
    track = comp.storage_track
    if isinstance(track.shaded, list):
        shaded = frozenset(track.shaded)
    else:
        parity = 1 if track.shaded == "odd" else 0
        shaded = frozenset(s for s in range(1, track.length + 1) if s % 2 == parity)
    if not shaded or min(shaded) < 1 or max(shaded) > track.length:
        raise BadConfig("components file: storage_track.shaded must name spaces "
                        f"1..{track.length}", code="bad_components")
    bonus = {int(k): v for k, v in comp.knowledge_bonus.items()}
    groups: list[tuple[int, ...]] = []
    total = 0
    for g in GROUPS:
        counts = [0] * len(CARD_KINDS)
        for card in comp.spell_groups.get(g, []):  # type: ignore[call-overload]
            if card not in CARD_INDEX:
                raise BadConfig(f"components file: spell_groups.{g} names unknown card {card!r}"
                                f"; known: {', '.join(CARD_KINDS)}", code="bad_components")
            counts[CARD_INDEX[card]] += 1
        total += sum(counts)
        groups.append(tuple(counts))
    if total != 42:
        raise BadConfig(f"components file: spell_groups hold {total} cards, the game has 42",
                        code="bad_components")
    return Tables(
        proposal=comp.proposal, gold=(0, *(gold[m] for m in range(1, 51))),
        heart=(0, *(hearts.get(m, 0) for m in range(1, 51))),
        monster_names={int(k): v for k, v in comp.monsters.names.items()},
        chests=tuple((c.knowledge, c.gold) for c in comp.chests), tiles=tiles,
        track_length=track.length, shaded=shaded, bonus=bonus, groups=tuple(groups),
    )


def parse_components(text: str, source: str = "components file") -> Tables:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadConfig(f"{source}, line {exc.lineno}: not valid JSON ({exc.msg})",
                        code="bad_components", line=exc.lineno) from None
    try:
        comp = Components.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise BadConfig(f"{source}: {where}: {err['msg']}", code="bad_components") from None
    return build_tables(comp)


def _packaged(name: str) -> str:
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


def _read(path: str, packaged: str, what: str) -> tuple[str, str]:
    """The text of a user's replacement file (or the packaged PROPOSAL) and its name."""
    if not path:
        return _packaged(packaged), packaged
    try:
        return Path(path).read_text(encoding="utf-8"), path
    except OSError as exc:
        raise BadConfig(f"cannot read {what} file {path}: {exc.strerror}",
                        code=f"bad_{what}") from None


@lru_cache(maxsize=8)
def load_board(path: str = "") -> Board:
    return parse_board(*_read(path, "board_proposal.txt", "board"))


@lru_cache(maxsize=8)
def load_tables(path: str = "") -> Tables:
    return parse_components(*_read(path, "components_proposal.json", "components"))


# --- options -------------------------------------------------------------------------------

class FeindeOptions(BaseModel):
    """Options of a game; each default is the research file's resolution (RULES.md R12)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: R1 a replacement board file (empty: the packaged PROPOSAL board)
    board_file: str = ""
    #: R1 a replacement components file (empty: the packaged PROPOSAL components)
    components_file: str = ""
    #: R12 A2: the box says 2-6, the seed 3-6; two players only when this is on
    allow_two_players: bool = False
    #: R12 A9: a monster that dies of fright still gives a spell card
    fright_draws_card: bool = True
    #: R12 A20: apprentice gain: `master` (seed literal), `master_minus_1` or `plus_1`
    apprentice_gain: Literal["master", "master_minus_1", "plus_1"] = "master"
    #: R9.5 (seed rule 38): a wiser hero passing through a hero's space (or visiting him by
    #: Travel, R10.3) may take him on as apprentice; off = only the end-of-move rule R9.1
    pass_through_apprentice: bool = True
    #: R12 A28: Invisibility works "towards the monsters and/or the other players": `both`
    #: effects at once, or the player chooses one of them when playing it (`choose_one`)
    invisibility_mode: Literal["both", "choose_one"] = "both"
    #: R12 A23 (proposal): a chest is worth its gold as well as its knowledge
    chest_gold: bool = True
    #: R6.2 (A14): off = the seed's reading, "A kereszteződés nem blokkolja a rálátást!" (a
    #: revealed crossing lets sight through on every side); on = sight passes a revealed crossing
    #: only in by an open arm and out by its other open arms (the engine's reading before 1.2)
    crossing_blocks_sight: bool = False
    #: R6.5 (A17): on = the seed's reading, when group #3 runs out every room still holding a chip
    #: is revealed at once and group #4 placed there; off = group #4 is drawn as rooms are seen
    group4_all_at_once: bool = True
    #: R10.3.1 a Knowledge or Power card gives its full value (the engine before rules 1.3);
    #: off = the seed: "ez a maximumot mutatja, lehet kisebb értéket is elhasználni"
    card_full_value: bool = False
    #: R3.5 after paying to escape, resting is offered too (the engine before 1.3); the seed: 1 or 2
    rest_after_escape: bool = False
    #: R10.2.1 after a fight-first kill, non-Power cards stay playable while the hero, stopped,
    #: still has steps (the engine before 1.3); off = only Power once his movement is over
    cards_while_stopped: bool = False
    #: R10.3.2 Travel and Invisibility ("before moving") may be played after a fight-first kill
    #: while no step was taken (the seed); off = never after a fight (the engine before 1.3)
    movement_cards_after_kill: bool = True
    #: R6.2.1 a chest blocks the sight of a hero standing on it like a monster (the engine before
    #: 1.3); off = the seed names only monsters
    chest_blocks_sight: bool = False
    #: R8.4.1 a wandering monster treats a chest as a monster: drops a carried hero there, will
    #: not pick up a hero standing on one (the engine before 1.3); off = the seed's monsters only
    wandering_chest_is_monster: bool = False
    #: R5.1.1 the fright test without the cap of 50 (the engine before 1.3): at knowledge 50 a
    #: monster m with m + bonus > 50 is fought; off = the seed's literal test, it dies of fright
    fright_uncapped: bool = False
    #: R9.1.1 only a hero who moved this turn may become an apprentice at its end
    apprentice_needs_move: bool = True
    #: R3.4.1 a pinned hero holding Invisibility may choose action 2 as well as action 1
    pinned_invisible_run: bool = False
    #: R3.5.1 escape from any monster on one's space, not only from one stronger than oneself
    escape_any_monster: bool = False
    #: R12 A36: end the game after this many full rounds with no defeat and no knowledge change
    #: (bots' games only: tables with people start at 0). CHOICE: 24, three times the longest
    #: such wait measured in greedy games (docs/strength-feinde.md, "Game caps")
    stall_rounds: int = Field(default=24, ge=0, le=10_000)
    #: round cap: the game ends (and is scored) after this many full rounds; 0 = no cap. CHOICE:
    #: 150, at least three times the 95th-percentile length of greedy games (same section)
    max_rounds: int = Field(default=150, ge=0, le=10_000)
    #: the seat of the start player (knowledge 1)
    first_player: int = Field(default=0, ge=0, le=5)


#: the options under which this code plays as rules version feinde-1.2 did (`GameInfo.
#: earlier_rules`); a state saved then, without these options, is read with them (R12)
RULES_1_2: dict[str, bool] = {
    "card_full_value": True, "rest_after_escape": True, "cards_while_stopped": True,
    "movement_cards_after_kill": False, "chest_blocks_sight": True,
    "wandering_chest_is_monster": True, "fright_uncapped": True}


@dataclass(frozen=True, slots=True)
class Config:
    players: int
    options: FeindeOptions
    board: Board
    tables: Tables

    @property
    def bonus(self) -> int:
        """R4.1 the knowledge bonus for this player count."""
        return self.tables.bonus[self.players]


def build_config(players: int, options: dict[str, object]) -> Config:
    try:
        opts = FeindeOptions.model_validate(options)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BadConfig(f"option {'.'.join(map(str, err['loc']))}: {err['msg']}",
                        code="bad_option") from None
    low = 2 if opts.allow_two_players else 3
    if not low <= players <= 6:
        raise BadConfig(f"Fürchterliche Feinde takes {low}-6 players, not {players}"
                        + ("" if low == 2 else " (2 with the allow_two_players option)"),
                        code="bad_players", players=players)
    if not 0 <= opts.first_player < players:
        raise BadConfig(f"first_player must be a seat 0..{players - 1}", code="bad_option")
    tables = load_tables(opts.components_file)
    if players not in tables.bonus:
        raise BadConfig(f"the components file has no knowledge bonus for {players} players",
                        code="bad_components")
    return Config(players, opts, load_board(opts.board_file), tables)

"""Content packs: one pydantic schema per card family, loaded from JSON files and validated.

A pack is a folder holding `board.json`, `dice.json`, `heroes.json`, `adventures.json`,
`market.json` and `counters.json` (the bundled pack is `content/`), and optionally
`events-<name>.json` files: other numbers and suns for its events (R5.3d, option `events`).
Every record carries `source` (seed, public, original) and `confidence`. A bad pack raises
`BadConfig` naming the file, the record and the field, so a user can fix their own data.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from boardwright.engine.errors import BadConfig

BUNDLED = Path(__file__).with_name("content")
COLOURS = ("green", "yellow", "blue", "red")
TERRAINS = ("plains", "road", "river", "swamp", "forest", "hills", "mountain")
MODES = ("ranged", "melee", "magic")
ATTRS = ("mind", "body", "spirit")
Source = Literal["seed", "public", "original"]
Confidence = Literal["confirmed", "partial", "inferred", "original"]


class Rec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: Source
    confidence: Confidence
    note: str = ""


class Effect(BaseModel):
    """The declarative effect vocabulary of cards and abilities."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["first_strike", "prevent_wound", "roll_bonus", "extra_damage", "skill_bonus",
                  "extra_move", "heal"]
    mode: Literal["ranged", "melee", "magic"] | None = None
    amount: int = Field(default=0, ge=0, le=20)
    damage: int = Field(default=0, ge=0, le=20)
    exhaustion: int = Field(default=0, ge=0, le=10)
    repeatable: bool = False
    skill: str | None = None
    usage: Literal["activate", "discard", "permanent"] | None = None

    @model_validator(mode="after")
    def _mode_needed(self) -> Effect:
        if self.kind in ("first_strike", "roll_bonus", "extra_damage") and self.mode is None:
            raise ValueError(f"effect {self.kind!r} needs a mode (ranged, melee or magic)")
        if self.kind == "skill_bonus" and not self.skill:
            raise ValueError("effect 'skill_bonus' needs a skill")
        if self.kind in ("prevent_wound", "heal", "extra_move", "extra_damage", "roll_bonus",
                         "skill_bonus") and self.amount < 1:
            raise ValueError(f"effect {self.kind!r} needs an amount of at least 1")
        return self


#: effects used up when used (R6.6): they must be activated or discarded, never permanent
SPENT = ("first_strike", "prevent_wound", "heal", "extra_move", "extra_damage")


def _check_usage(effect: Effect | None, usage: str | None) -> None:
    if effect is None:
        return
    if effect.kind in SPENT and usage not in ("activate", "discard"):
        raise ValueError(f"effect {effect.kind!r} needs usage 'activate' or 'discard'")
    if effect.kind not in SPENT and usage not in (None, "permanent"):
        raise ValueError(f"effect {effect.kind!r} is always on: usage must be 'permanent'")


Stat = tuple[int, int]  # value (or target), damage


class Hero(Rec):
    id: str
    name: str
    life: int = Field(ge=1, le=30)
    stamina: int = Field(ge=0, le=20)
    mind: Stat
    body: Stat
    spirit: Stat
    skills: dict[str, int] = {}
    ability: Effect | None = None


class BeforeCombat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["skill_test", "strike"]
    attr: Literal["mind", "body", "spirit"] = "body"
    skill: str | None = None
    target: int = Field(default=0, ge=0, le=40)
    fail_wounds: int = Field(default=0, ge=0)
    mode: Literal["ranged", "melee", "magic"] | None = None
    wounds: int = Field(default=0, ge=0)


class AllyStats(BaseModel):
    """An adventure card that turns into an ally when won (R5.11, seed p.6–7 "Becsületbeli ügy").

    It fights like a hired ally but, being a reward card, is never sold, dismissed or lost
    (seed p.8); `cost` is 0 (it was never bought)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    life: int = Field(ge=1, le=30)
    stamina: int = Field(default=0, ge=0, le=20)
    mind: Stat = (0, 0)
    body: Stat = (0, 0)
    spirit: Stat = (0, 0)
    ability: Effect | None = None
    cost: int = 0


class Reward(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    gold: int = Field(default=0, ge=0)
    keep: Effect | None = None
    ally: AllyStats | None = None
    dragon_rune: bool = False
    win: bool = False

    @model_validator(mode="after")
    def _keep_usage(self) -> Reward:
        if self.keep is not None:
            _check_usage(self.keep, self.keep.usage)
        if self.keep is not None and self.ally is not None:
            raise ValueError("a reward card is kept as an item or as an ally, not both")
        return self


class EventEffect(BaseModel):
    """What an event does besides the refill (R5.3b; seed p.3: events change the world and may
    change the rules). `gold` and `heal` happen once when the event comes into play, to every
    hero; `market_discount` lasts while the event stays in play."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["gold", "heal", "market_discount"]
    amount: int = Field(ge=-20, le=20)
    cities: list[str] = []

    @model_validator(mode="after")
    def _sane(self) -> EventEffect:
        if self.amount == 0:
            raise ValueError(f"event effect {self.kind!r} needs a non-zero amount")
        if self.kind != "gold" and self.amount < 0:
            raise ValueError(f"event effect {self.kind!r} needs a positive amount")
        if self.kind == "market_discount" and not self.cities:
            raise ValueError("event effect 'market_discount' needs the cities it applies in")
        return self


class EventFace(BaseModel):
    """An event's number and sun icon, as an events variant gives them (R5.3d)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    event_number: int = Field(ge=1, le=3)
    refill: list[Literal["green", "yellow", "blue", "red"]] = []


class EventsVariant(Rec):
    """`events-<name>.json`: numbers and suns laid over the pack's events by card id (R5.3d)."""

    events: dict[str, EventFace]


class Quest(BaseModel):
    """An encounter that spans turns (R5.12, seed p.6): the hero keeps the card and makes its
    test on ending a later movement in `city`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    city: str


class Test(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    attr: Literal["mind", "body", "spirit"]
    skill: str | None = None
    target: int = Field(ge=2, le=40)


class Adventure(Rec):
    id: str
    colour: Literal["green", "yellow", "blue", "red"]
    kind: Literal["challenge", "event", "encounter"]
    name: str
    name_hu: str = ""
    mind: Stat = (0, 0)
    body: Stat = (0, 0)
    spirit: Stat = (0, 0)
    life: int = Field(default=0, ge=0)
    before_combat: list[BeforeCombat] = []
    reward: Reward = Reward()
    event_number: int | None = Field(default=None, ge=1, le=3)
    refill: list[Literal["green", "yellow", "blue", "red"]] = []
    effects: list[EventEffect] = []
    test: Test | None = None
    quest: Quest | None = None
    success: Reward = Reward()
    fail_wounds: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _by_kind(self) -> Adventure:
        if self.kind == "challenge" and self.life < 1:
            raise ValueError("a challenge needs life >= 1")
        if self.kind == "event" and self.event_number is None:
            raise ValueError("an event needs event_number (1, 2 or 3)")
        if self.kind == "encounter" and self.test is None:
            raise ValueError("an encounter needs a test")
        if self.effects and self.kind != "event":
            raise ValueError("only events have effects")
        if self.quest is not None and self.kind != "encounter":
            raise ValueError("only encounters can be quests")
        return self


class MarketCard(Rec):
    id: str
    kind: Literal["item", "ally"]
    name: str
    cost: int = Field(ge=0, le=50)
    item_kind: Literal["weapon", "armour", "magic item"] | None = None
    item_type: str = ""
    usage: Literal["activate", "discard", "permanent"] | None = None
    effect: Effect | None = None
    life: int = Field(default=0, ge=0)
    stamina: int = Field(default=0, ge=0)
    mind: Stat = (0, 0)
    body: Stat = (0, 0)
    spirit: Stat = (0, 0)
    ability: Effect | None = None

    @model_validator(mode="after")
    def _by_kind(self) -> MarketCard:
        if self.kind == "item" and (self.item_kind is None or self.usage is None):
            raise ValueError("an item needs item_kind and usage")
        if self.kind == "item":
            _check_usage(self.effect, self.usage)
        if self.kind == "ally" and self.life < 1:
            raise ValueError("an ally needs life >= 1")
        return self


class Hex(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    q: int
    r: int
    terrain: Literal["plains", "road", "river", "swamp", "forest", "hills", "mountain", "city"]
    city: str | None = None
    gem: Literal["green", "yellow", "blue", "red"] | None = None
    playable: bool = True


class City(Rec):
    name: str


class Board(Rec):
    hexes: list[Hex]
    cities: list[City]
    market_column: list[str]


class Dice(Rec):
    faces: list[list[Literal["plains", "road", "river", "swamp", "forest", "hills", "mountain"]]]
    count: int = Field(ge=1, le=8)


class Counters(Rec):
    counters: dict[Literal["green", "yellow", "blue", "red"], tuple[int, int]]


@dataclass(frozen=True)
class Content:
    """A validated content pack plus the lookup tables the rules use (all read-only)."""

    path: str
    heroes: tuple[Hero, ...]
    adventures: tuple[Adventure, ...]
    market: tuple[MarketCard, ...]
    board: Board
    dice: Dice
    counters: Counters
    # derived
    coords: tuple[tuple[int, int], ...] = ()
    terrain: tuple[str, ...] = ()
    gem: tuple[str | None, ...] = ()
    neighbours: tuple[tuple[int, ...], ...] = ()  # 6 per hex, -1 off the board
    cities: tuple[int, ...] = ()  # hex index of each city (board.cities order)
    city_of: dict[int, int] = field(default_factory=dict)  # hex -> city index
    city_hex: dict[str, int] = field(default_factory=dict)  # city name -> hex
    tamalir: int = 0
    city_dist: tuple[tuple[int, ...], ...] = ()  # hex -> distance to each city
    face_sets: tuple[frozenset[str], ...] = ()


DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _fail(file: str, err: ValidationError | ValueError, records: Any = None) -> BadConfig:
    if isinstance(err, ValidationError):
        e = err.errors()[0]
        loc = list(e["loc"])
        rec = ""
        if loc and isinstance(loc[0], int) and isinstance(records, list):
            idx = loc[0]
            rid = records[idx].get("id", records[idx].get("name", "")) if isinstance(
                records[idx], dict) else ""
            rec = f"record {idx}" + (f" ({rid})" if rid else "")
            loc = loc[1:]
        where = ".".join(str(x) for x in loc) or "(record)"
        msg = f"{file}: {rec + ', ' if rec else ''}field {where}: {e['msg']}"
        return BadConfig(msg, code="bad_content", file=file, record=rec, field=where)
    return BadConfig(f"{file}: {err}", code="bad_content", file=file, record="", field="")


def _read(folder: Path, name: str) -> Any:
    path = folder / name
    if not path.is_file():
        raise BadConfig(f"{name}: file missing in content pack {folder}", code="bad_content",
                        file=name, record="", field="")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise BadConfig(f"{name}: not valid JSON (line {exc.lineno}): {exc.msg}",
                        code="bad_content", file=name, record="", field="") from None


def _many(folder: Path, name: str, model: type[BaseModel]) -> tuple[Any, ...]:
    raw = _read(folder, name)
    if not isinstance(raw, list):
        raise BadConfig(f"{name}: must be a list of records", code="bad_content", file=name,
                        record="", field="")
    out: list[Any] = []
    for i, rec in enumerate(raw):
        try:
            out.append(model.model_validate(rec))
        except ValidationError as exc:
            rid = rec.get("id", "") if isinstance(rec, dict) else ""
            e = exc.errors()[0]
            where = ".".join(str(x) for x in e["loc"]) or "(record)"
            raise BadConfig(f"{name}: record {i} ({rid}), field {where}: {e['msg']}",
                            code="bad_content", file=name, record=f"{i} ({rid})",
                            field=where) from None
    ids = Counter(r.id for r in out)
    dup = [k for k, v in ids.items() if v > 1]
    if dup:
        raise BadConfig(f"{name}: duplicate id {dup[0]!r}", code="bad_content", file=name,
                        record=dup[0], field="id")
    return tuple(out)


def _one(folder: Path, name: str, model: type[BaseModel]) -> Any:
    raw = _read(folder, name)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise _fail(name, exc, raw.get("hexes") if isinstance(raw, dict) else None) from None


#: the events as the pack's `adventures.json` gives them (R5.3d; the bundled pack's designed set)
PACK_EVENTS = "designed"


def load(path: str | None = None, events: str = PACK_EVENTS) -> Content:
    """The validated pack at `path` (the bundled original set when `None`); `events` names an
    events variant of the pack (`events-<name>.json`) to lay over its events (R5.3d)."""
    return _load(str(Path(path).resolve()) if path else str(BUNDLED), events)


def _events_variant(folder: Path, name: str,
                    adventures: tuple[Adventure, ...]) -> tuple[Adventure, ...]:
    """R5.3d the pack's events with the numbers and suns of `events-<name>.json`: every event
    of the pack is given, nothing else (so the decks keep their cards and their split)."""
    file = f"events-{name}.json"
    if not (folder / file).is_file():
        raise BadConfig(f"{file}: this content pack has no events variant {name!r}",
                        code="bad_content", file=file, record="", field="")
    variant: EventsVariant = _one(folder, file, EventsVariant)
    events = {a.id for a in adventures if a.kind == "event"}
    if set(variant.events) != events:
        odd = sorted(set(variant.events) ^ events)[0]
        raise BadConfig(f"{file}: must give every event of the pack and nothing else "
                        f"({odd!r})", code="bad_content", file=file, record=odd, field="events")
    return tuple(a.model_copy(update=variant.events[a.id].model_dump())
                 if a.id in variant.events else a for a in adventures)


@cache
def _load(path: str, events: str = PACK_EVENTS) -> Content:
    folder = Path(path)
    if not folder.is_dir():
        raise BadConfig(f"content pack {path} is not a folder", code="bad_content", file=path,
                        record="", field="")
    heroes = _many(folder, "heroes.json", Hero)
    adventures = _many(folder, "adventures.json", Adventure)
    if events != PACK_EVENTS:
        adventures = _events_variant(folder, events, adventures)
    market = _many(folder, "market.json", MarketCard)
    board: Board = _one(folder, "board.json", Board)
    dice: Dice = _one(folder, "dice.json", Dice)
    counters: Counters = _one(folder, "counters.json", Counters)
    return derive(path, heroes, adventures, market, board, dice, counters)


#: R1.1 the box's counts [S p.3]: 12 heroes, 84 adventure cards (35 green, 25 yellow, 16 blue,
#: 8 red), 84 market cards (29 allies, 55 items), 48 adventure counters (20, 12, 9, 7)
BOOK_HEROES = 12
BOOK_ADVENTURES = {"green": 35, "yellow": 25, "blue": 16, "red": 8}
BOOK_MARKET = {"ally": 29, "item": 55}
BOOK_COUNTERS = {"green": 20, "yellow": 12, "blue": 9, "red": 7}


def _check_book_counts(heroes: tuple[Hero, ...], adventures: tuple[Adventure, ...],
                       market: tuple[MarketCard, ...], counters: Counters,
                       bad: Callable[..., BadConfig]) -> None:
    """R1.1 a pack holds the box's numbers of cards and counters; the message names the deck
    and both counts (deck sizes drive the doom track, R10.3, and the odds of every draw)."""
    if len(heroes) != BOOK_HEROES:
        raise bad("heroes.json", f"the box has {BOOK_HEROES} heroes, this pack {len(heroes)}")
    colours: Counter[str] = Counter(a.colour for a in adventures)
    for colour, count in BOOK_ADVENTURES.items():
        if colours[colour] != count:
            raise bad("adventures.json", f"the {colour} adventure deck has {count} cards in the "
                      f"box, {colours[colour]} in this pack", fld="colour")
    kinds: Counter[str] = Counter(m.kind for m in market)
    for kind, count in BOOK_MARKET.items():
        if kinds[kind] != count:
            raise bad("market.json", f"the market deck has {count} {kind} cards in the box, "
                      f"{kinds[kind]} in this pack", fld="kind")
    for colour, count in BOOK_COUNTERS.items():
        have = cast("dict[str, tuple[int, int]]", counters.counters).get(colour, (0, 0))[0]
        if have != count:
            raise bad("counters.json", f"the box has {count} {colour} adventure counters, this "
                      f"pack {have}", fld="counters")


def derive(path: str, heroes: tuple[Hero, ...], adventures: tuple[Adventure, ...],
           market: tuple[MarketCard, ...], board: Board, dice: Dice,
           counters: Counters) -> Content:
    def bad(file: str, msg: str, rec: str = "", fld: str = "") -> BadConfig:
        return BadConfig(f"{file}: {msg}", code="bad_content", file=file, record=rec, field=fld)

    if len(heroes) < 6:
        raise bad("heroes.json", f"needs at least 6 heroes for 6 players, has {len(heroes)}")
    _check_book_counts(heroes, adventures, market, counters, bad)
    hexes = [h for h in board.hexes if h.playable]  # R2.2 half-hexes at the edge never count
    coords = tuple((h.q, h.r) for h in hexes)
    index = {c: i for i, c in enumerate(coords)}
    if len(index) != len(coords):
        raise bad("board.json", "two hexes share a position", fld="hexes")
    names = [c.name for c in board.cities]
    city_hex: dict[str, int] = {}
    for i, h in enumerate(hexes):
        if (h.terrain == "city") != (h.city is not None):
            raise bad("board.json", f"hex ({h.q},{h.r}): a city hex needs terrain 'city' and a"
                      " city name", f"hexes {i}", "city")
        if h.city is not None:
            if h.city not in names:
                raise bad("board.json", f"hex ({h.q},{h.r}) names unknown city {h.city!r}",
                          f"hexes {i}", "city")
            city_hex[h.city] = i
    if "Tamalir" not in city_hex:
        raise bad("board.json", "the board needs the city Tamalir (all heroes start there)",
                  fld="cities")
    missing = [n for n in names if n not in city_hex]
    if missing:
        raise bad("board.json", f"city {missing[0]!r} has no hex", fld="cities")
    if sorted(board.market_column) != sorted(names):
        raise bad("board.json", "market_column must list every city once", fld="market_column")
    nb = tuple(tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRS) for q, r in coords)
    cities = tuple(city_hex[n] for n in names)
    # breadth-first distances to each city (for R9.4 knock-out: the nearest city)
    dists = []
    for c in cities:
        d = [-1] * len(coords)
        d[c] = 0
        frontier = [c]
        while frontier:
            nxt = []
            for cur in frontier:
                for n in nb[cur]:
                    if n >= 0 and d[n] < 0:
                        d[n] = d[cur] + 1
                        nxt.append(n)
            frontier = nxt
        dists.append(d)
    city_dist = tuple(tuple(dists[k][h] for k in range(len(cities))) for h in range(len(coords)))
    per: Counter[str] = Counter(a.colour for a in adventures)
    for colour in COLOURS:
        if per[colour] == 0:
            raise bad("adventures.json", f"the {colour} deck is empty", fld="colour")
    if not any(a.reward.win for a in adventures) and sum(a.reward.dragon_rune
                                                         for a in adventures) < 3:
        raise bad("adventures.json", "no way to win: needs a 'win' card or 3 dragon runes",
                  fld="reward")
    for i, a in enumerate(adventures):
        where = [e.cities for e in a.effects] + ([[a.quest.city]] if a.quest else [])
        unknown = [n for cs in where for n in cs if n not in names]
        if unknown:
            raise bad("adventures.json", f"card {a.id!r} names unknown city {unknown[0]!r}",
                      f"{i} ({a.id})", "effects" if a.effects else "quest")
    if len(dice.faces) < 2 or any(len(f) < 1 for f in dice.faces):
        raise bad("dice.json", "a die needs at least two faces, each with a terrain", fld="faces")
    return Content(
        path=path, heroes=heroes, adventures=adventures, market=market, board=board, dice=dice,
        counters=counters, coords=coords, terrain=tuple(h.terrain for h in hexes),
        gem=tuple(h.gem for h in hexes), neighbours=nb, cities=cities,
        city_of={h: k for k, h in enumerate(cities)}, city_hex=dict(city_hex),
        tamalir=city_hex["Tamalir"],
        city_dist=city_dist, face_sets=tuple(frozenset(f) for f in dice.faces),
    )

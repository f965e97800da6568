"""Runebound's table as data: the `g` dict, copying, (de)serialisation, the view and the small
read-only accessors the rules, the bots and the renderer share (a hero's stats, a card, a price).

Nothing here changes the table by a rule: the rules are functions in the topic modules that
`rules.py` dispatches to, and `forward.RuneboundState` wires them to the engine's `State`.

Everything is public: deck orders are never stored. A deck is the set of cards whose place in it
nobody knows plus an ordered tail of cards put under it face down (seen, so known); a draw from
the unknown part is a chance outcome, uniform over that set, which is exactly the odds of a
shuffled deck. So `view(seat)` is the whole state and `sample_state` just reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, cast

from boardwright.engine.api import CHANCE, TERMINAL, View
from boardwright.engine.errors import BadRecord

from .content import COLOURS, Hero
from .data import START_GOLD, Config, build_config

STATE_FORMAT = "runebound-state/1"
REWARD = 1000  # item keys >= REWARD are kept adventure cards (R6.3: never sold or lost)
HIDDEN = -1  # the doom track's first card, put there unseen (R10.2)
ROLL_P = [(10 - abs(s - 11)) / 100 for s in range(2, 21)]  # 2d10, a 0 counts as 10 (R1.3)
MODE_ATTR = {"ranged": 0, "melee": 1, "magic": 2}
Colour = Literal["green", "yellow", "blue", "red"]
#: `content.COLOURS` typed as the keys of `Counters.counters` (the same tuple)
COLOUR_KEYS = cast(tuple[Colour, ...], COLOURS)
#: R6.4a phases of one's own turn where items and allies may also be discarded "bármikor"
#: (option `discard_when`; the market offers them in any case); not in a fight's rounds
DISCARD_PHASES = frozenset({"move_choice", "recover", "moving", "adventure", "fs", "experience"})


def _deep(x: Any) -> Any:
    """A deep copy of JSON-shaped data (faster than a JSON round trip)."""
    if isinstance(x, list):  # our lists are homogeneous: the first item tells the kind
        return [_deep(v) for v in x] if x and isinstance(x[0], (list, dict)) else x[:]
    if isinstance(x, dict):
        return {k: _deep(v) if isinstance(v, (list, dict)) else v for k, v in x.items()}
    return x


def new_player(hero: int) -> dict[str, Any]:
    return {"hero": hero, "pos": 0, "prev": 0, "wounds": 0, "exh": 0, "gold": START_GOLD,
            "counters": [0, 0, 0, 0], "credit": 0, "bonus": [0, 0, 0, 0, 0],
            "items": [], "allies": [], "runes": 0, "trophies": [], "quest": None}


def _copy_player(p: dict[str, Any]) -> dict[str, Any]:
    q = dict(p)
    q["counters"] = p["counters"][:]
    q["bonus"] = p["bonus"][:]
    q["items"] = [i[:] for i in p["items"]]
    q["allies"] = [a[:] for a in p["allies"]]
    q["trophies"] = p["trophies"][:]
    if p.get("quest") is not None:
        q["quest"] = p["quest"][:]
    return q


def _copy_g(g: dict[str, Any]) -> dict[str, Any]:
    """A deep copy that knows the state's shape (clone and to_json share it)."""
    h = dict(g)
    h["players"] = [_copy_player(p) for p in g["players"]]
    h["decks"] = {k: [v[0][:], v[1][:]] for k, v in g["decks"].items()}
    h["mdeck"] = [g["mdeck"][0][:], g["mdeck"][1][:]]
    h["markets"] = [m[:] for m in g["markets"]]
    for k in ("board", "pool", "doom", "out", "dice", "act", "bought", "winners", "end_order"):
        h[k] = g[k][:]
    h["slots"] = [s[:] for s in g["slots"]]
    cb = g["combat"]
    if cb is not None:
        cb = dict(cb)
        cb["attacked"] = cb["attacked"][:]
        cb["ally_fs"] = cb["ally_fs"][:]
        cb["queue"] = [q[:] for q in cb["queue"]]
        if cb.get("fs") is not None:
            cb["fs"] = cb["fs"][:]
        for k in ("pfs", "pact", "pdmg"):  # R7.14a, R7.14e
            if cb.get(k) is not None:
                cb[k] = cb[k][:]
        h["combat"] = cb
    if g["pending"] is not None:
        h["pending"] = g["pending"][:]
    for k in ("trade", "refill", "ko", "test_dmg"):
        if g.get(k) is not None:
            h[k] = _deep(g[k])
    return h


class RuneboundTable:
    """The table: `cfg` (the configuration, shared by clones) and `g`, one JSON-shaped dict."""

    __slots__ = ("_legal", "cfg", "g")

    def __init__(self, cfg: Config, g: dict[str, Any]) -> None:
        self.cfg = cfg
        self.g = g
        self._legal: list[int] | None = None

    def current_player(self) -> int:
        g = self.g
        if g["phase"] == "over":  # winners set, or none (a solo hero beaten, R11.5)
            return TERMINAL
        if g["pending"] is not None or g["phase"].startswith("setup"):
            return CHANCE
        seat: int = g["actor"] if g["actor"] >= 0 else g["seat"]
        return seat

    def view(self, seat: int | None) -> View:
        # No hidden facts (see the module docstring): every seat sees the whole state, plus the
        # static map and card names a front end draws it with.
        v = self.to_json()
        v["map"] = self.cfg.map_view
        return v

    def clone(self) -> Self:
        cls = self.__class__
        s = cls.__new__(cls)
        s.cfg = self.cfg
        s.g = _copy_g(self.g)
        s._legal = self._legal
        return s

    def to_json(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "players": self.cfg.players,
                "options": self.cfg.options_json(), "g": _copy_g(self.g)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("format") != STATE_FORMAT:
            raise BadRecord("not a Runebound state", code="bad_record")
        try:
            cfg = build_config(int(data["players"]), dict(data["options"]))
            g = _copy_g(data["g"])
            if g["pending"] is not None:
                g["pending"] = list(g["pending"])
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"bad Runebound state: {exc}", code="bad_record") from None
        return cls(cfg, g)

    def conserved(self) -> dict[str, int]:
        g = self.g
        counters = sum(1 for b in g["board"] if b >= 0) + sum(g["pool"]) + sum(
            sum(p["counters"]) for p in g["players"]) + sum(  # R5.12 a quest holds its counter
            1 for p in g["players"] if p.get("quest") is not None and p["quest"][1] >= 0)
        return {"counters": counters}

    # ------------------------------------------------------------------ read-only accessors
    def me(self) -> dict[str, Any]:
        p: dict[str, Any] = self.g["players"][self.g["seat"]]
        return p

    def actor(self) -> dict[str, Any]:
        g = self.g
        p: dict[str, Any] = g["players"][g["actor"] if g["actor"] >= 0 else g["seat"]]
        return p

    def hero(self, p: dict[str, Any]) -> Any:
        return self.cfg.content.heroes[p["hero"]]

    def stat(self, p: dict[str, Any], what: str) -> int:
        """A hero's value with its experience counters (R8.2: +2 each, +1 life)."""
        h: Hero = self.cfg.content.heroes[p["hero"]]
        b: list[int] = p["bonus"]
        match what:
            case "mind":
                return h.mind[0] + 2 * b[0]
            case "body":
                return h.body[0] + 2 * b[1]
            case "spirit":
                return h.spirit[0] + 2 * b[2]
            case "stamina":
                return h.stamina + 2 * b[3]
            case "life":
                return h.life + b[4]
        raise ValueError(what)

    def card(self, key: int) -> Any:
        c = self.cfg.content
        return c.adventures[key - REWARD] if key >= REWARD else c.market[key]

    def item_effect(self, key: int) -> tuple[Any, str | None]:
        if key >= REWARD:
            eff = self.card(key).reward.keep
            return eff, (eff.usage if eff is not None else None) or "permanent"
        m = self.cfg.content.market[key]
        return m.effect, m.usage

    def ally_card(self, key: int) -> Any:
        """An ally's stats: a hired market card, or an adventure card won as an ally (R5.11)."""
        if key >= REWARD:
            a = self.cfg.content.adventures[key - REWARD]
            return a.reward.ally or a.success.ally
        return self.cfg.content.market[key]

    def item_kind(self, key: int) -> str:
        return "magic item" if key >= REWARD else str(self.card(key).item_kind)

    def party_hurt(self, p: dict[str, Any]) -> bool:
        return bool(p["wounds"] or p["exh"] or any(a[1] or a[2] for a in p["allies"]))

    def roll_bonus(self, p: dict[str, Any], mode: str) -> int:
        """Permanent roll bonuses of the hero's items and ability (R7.5)."""
        total = 0
        for key, _ in p["items"]:
            eff, usage = self.item_effect(key)
            if eff is not None and eff.kind == "roll_bonus" and usage == "permanent" \
                    and eff.mode == mode:
                total += eff.amount
        ab = self.hero(p).ability
        if ab is not None and ab.kind == "roll_bonus" and ab.mode == mode:
            total += ab.amount
        return total

    def skill_bonus(self, p: dict[str, Any], skill: str | None) -> int:
        if skill is None:
            return 0
        total: int = self.hero(p).skills.get(skill, 0)
        for key, _ in p["items"]:
            eff, _ = self.item_effect(key)
            if eff is not None and eff.kind == "skill_bonus" and eff.skill == skill:
                total += eff.amount
        return total

    def forbidden(self, p: dict[str, Any], colour: int) -> bool:
        """R8.3 each +1 life forbids the easiest colour still allowed."""
        life: int = p["bonus"][4]
        return colour < life

    def deck_size(self, col: str) -> int:
        d = self.g["decks"][col]
        return len(d[0]) + len(d[1]) - self.hidden(col)


    def price(self, key: int, city: int) -> int:
        """R6.2a what a card costs here: its cost less the discount of the event in play."""
        cost = int(self.cfg.content.market[key].cost)
        ev = self.g["event"]
        if ev >= 0:
            name = self.cfg.content.board.cities[city].name
            for e in self.cfg.content.adventures[ev].effects:
                if e.kind == "market_discount" and name in e.cities:
                    cost = max(0, cost - e.amount)
        return cost

    def hidden(self, col: str) -> int:
        """Unknown green cards out of the shuffled part (the doom card, markers in the tail;
        R10.2)."""
        n: int = self.g["hidden_green"] if col == "green" else 0
        return n

"""Runebound's state and rules (RULES.md numbers in the comments).

Everything is public: deck orders are never stored. A deck is the set of cards whose place in it
nobody knows plus an ordered tail of cards put under it face down (seen, so known); a draw from
the unknown part is a chance outcome, uniform over that set, which is exactly the odds of a
shuffled deck. So `view(seat)` is the whole state and `sample_state` just reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import CHANCE, TERMINAL, Ending, State, View, ranked_ending
from boardwright.engine.errors import BadRecord, IllegalAction
from boardwright.engine.events import Event

from .content import COLOURS, MODES
from .data import (
    DOOM_COUNTERS,
    MAX_DICE,
    MAX_ITEMS,
    START_GOLD,
    UNDEFEATED_SLOTS,
    XP_KINDS,
    Config,
    build_config,
)

STATE_FORMAT = "runebound-state/1"
REWARD = 1000  # item keys >= REWARD are kept adventure cards (R6.3: never sold or lost)
HIDDEN = -1  # the doom track's first card, put there unseen (R10.2)
ROLL_P = [(10 - abs(s - 11)) / 100 for s in range(2, 21)]  # 2d10, a 0 counts as 10 (R1.3)
MODE_ATTR = {"ranged": 0, "melee": 1, "magic": 2}
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
        if "pfs" in cb:
            cb["pfs"] = cb["pfs"][:]
        h["combat"] = cb
    if g["pending"] is not None:
        h["pending"] = g["pending"][:]
    for k in ("trade", "refill", "ko"):
        if g.get(k) is not None:
            h[k] = _deep(g[k])
    return h


class RuneboundState(State):
    __slots__ = ("_legal", "cfg", "g")

    def __init__(self, cfg: Config, g: dict[str, Any] | None = None) -> None:
        self.cfg = cfg
        self._legal: list[int] | None = None
        if g is not None:
            self.g = g
            return
        c = cfg.content
        n_hex = len(c.coords)
        board = [-1] * n_hex
        per = {col: 0 for col in COLOURS}
        for h in range(n_hex):  # R2.2 one counter of the matching colour on each gem hex
            gem = c.gem[h]
            if gem is not None:
                board[h] = COLOURS.index(gem)
                per[gem] += 1
        pool = [max(0, c.counters.counters[col][0] - per[col]) for col in COLOURS]
        decks = {col: [[i for i, a in enumerate(c.adventures) if a.colour == col], []]
                 for col in COLOURS}
        doom: list[int] = []
        if cfg.options.doom:  # R10.2 the top green card goes face down beside the first crest
            doom = [HIDDEN]
        self.g = {
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
        for p in self.g["players"]:
            p["pos"] = p["prev"] = c.tamalir
        if cfg.hero_ids:
            self._after_heroes()

    # ------------------------------------------------------------------ engine plumbing
    @property
    def num_players(self) -> int:
        return self.cfg.players

    @property
    def num_distinct_actions(self) -> int:
        return self.cfg.space.size

    def current_player(self) -> int:
        g = self.g
        if g["phase"] == "over":  # winners set, or none (a solo hero beaten, R11.5)
            return TERMINAL
        if g["pending"] is not None or g["phase"].startswith("setup"):
            return CHANCE
        return g["actor"] if g["actor"] >= 0 else g["seat"]

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = [] if self.current_player() < 0 else sorted(self._legal_now())
        return self._legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return self._chance()

    def apply(self, action: int) -> list[Event]:
        name, off = self.cfg.space.decode(action)
        actor = self.current_player()
        if actor == TERMINAL:
            raise IllegalAction("the game is over", code="game_over")
        if actor == CHANCE:
            if action not in {a for a, _ in self._chance()}:
                raise IllegalAction(f"{self.action_to_text(action)} is not a chance outcome now",
                                    code="illegal_action", action=action)
        elif action not in self.legal_actions():
            raise IllegalAction(f"{self.action_to_text(action)} is not legal now",
                                code="illegal_action", action=action)
        self._legal = None
        ev: list[Event] = []
        self._do(name, off, ev)
        self._legal = None
        return ev

    def action_to_json(self, action: int) -> dict[str, Any]:
        name, off = self.cfg.space.decode(action)
        return {"type": name, "arg": off, "text": self.cfg.texts[action]}

    def action_to_text(self, action: int) -> str:
        self.cfg.space.decode(action)
        return self.cfg.texts[action]

    def action_from_text(self, text: str) -> int:
        try:
            return self.cfg.by_text[str(text).strip()]
        except KeyError:
            raise IllegalAction(f"{text!r} names no Runebound action", code="unknown_action",
                                text=str(text)) from None

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        try:
            return self.cfg.space.encode(str(data["type"]), int(data["arg"]))
        except (KeyError, ValueError, TypeError):
            raise IllegalAction(f"{dict(data)!r} names no Runebound action",
                                code="unknown_action") from None

    def returns(self) -> list[float]:
        w = set(self.g["winners"])
        return [1.0 if s in w else 0.0 for s in range(self.cfg.players)]

    def winners(self) -> list[int]:
        return list(self.g["winners"])

    def ended_by(self) -> str | None:
        """R11.4 the round cap is a cap; every other ending is the rules' (R10.8, R11.1)."""
        if self.g["phase"] != "over":
            return None
        return "cap" if self.g.get("end_reason") == "turn_cap" else "rule"

    def ending(self) -> Ending | None:
        """R11.1 Margath or three runes win outright; every other end ranks the heroes (R11.4)."""
        by = self.ended_by()
        if by is None:
            return None
        reason = str(self.g.get("end_reason") or "score")
        if reason in ("margath", "runes"):
            return Ending(by, reason)
        keys = [self._score_key(s) for s in range(self.cfg.players)]
        return ranked_ending(by, reason, ("runes", "level", "gold"), keys, self.winners())

    def rounds_played(self) -> int:
        # the cap ends the game as the round after it would begin: that one was not played
        cap = self.cfg.options.max_rounds
        return min(self.g["round"], cap) if cap else int(self.g["round"])

    def view(self, seat: int | None) -> View:
        # No hidden facts (see the module docstring): every seat sees the whole state, plus the
        # static map and card names a front end draws it with.
        v = self.to_json()
        v["map"] = self.cfg.map_view
        return v

    def clone(self) -> RuneboundState:
        s = RuneboundState.__new__(RuneboundState)
        s.cfg = self.cfg
        s.g = _copy_g(self.g)
        s._legal = self._legal
        return s

    def to_json(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "players": self.cfg.players,
                "options": self.cfg.options_json(), "g": _copy_g(self.g)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RuneboundState:
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

    # ------------------------------------------------------------------ helpers
    def me(self) -> dict[str, Any]:
        return self.g["players"][self.g["seat"]]

    def actor(self) -> dict[str, Any]:
        g = self.g
        return g["players"][g["actor"] if g["actor"] >= 0 else g["seat"]]

    def hero(self, p: dict[str, Any]) -> Any:
        return self.cfg.content.heroes[p["hero"]]

    def stat(self, p: dict[str, Any], what: str) -> int:
        """A hero's value with its experience counters (R8.2: +2 each, +1 life)."""
        h = self.hero(p)
        b = p["bonus"]
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
        total = self.hero(p).skills.get(skill, 0)
        for key, _ in p["items"]:
            eff, _ = self.item_effect(key)
            if eff is not None and eff.kind == "skill_bonus" and eff.skill == skill:
                total += eff.amount
        return total

    def forbidden(self, p: dict[str, Any], colour: int) -> bool:
        """R8.3 each +1 life forbids the easiest colour still allowed."""
        return colour < p["bonus"][4]

    def deck_size(self, col: str) -> int:
        d = self.g["decks"][col]
        return len(d[0]) + len(d[1]) - self._hidden(col)

    # ------------------------------------------------------------------ chance
    def _chance(self) -> list[tuple[int, float]]:
        g = self.g
        sp = self.cfg.space
        if g["phase"] == "setup_hero":
            taken = {p["hero"] for p in g["players"]}
            free = [i for i in range(len(self.cfg.content.heroes)) if i not in taken]
            return [(sp.encode("hero", i), 1 / len(free)) for i in free]
        if g["phase"] == "setup_market":
            return self._mkt_outcomes()
        kind = g["pending"][0]
        if kind == "die":
            n = len(self.cfg.content.dice.faces)
            return [(sp.encode("die_face", i), 1 / n) for i in range(n)]
        if kind == "roll":
            return [(sp.encode("roll", i), ROLL_P[i]) for i in range(19)]
        if kind == "draw":
            col = g["pending"][1]
            d = g["decks"][col]
            if not self._from_tail(col) or d[1][0] == HIDDEN:
                return [(sp.encode("draw_adv", i), 1 / len(d[0])) for i in d[0]]
            return [(sp.encode("draw_adv", d[1][0]), 1.0)]
        if kind == "mkt":
            return self._mkt_outcomes()
        raise AssertionError(kind)

    def _mkt_outcomes(self) -> list[tuple[int, float]]:
        d = self.g["mdeck"]
        sp = self.cfg.space
        if d[0]:
            return [(sp.encode("draw_mkt", i), 1 / len(d[0])) for i in d[0]]
        return [(sp.encode("draw_mkt", d[1][0]), 1.0)]

    def _mkt_left(self) -> bool:
        d = self.g["mdeck"]
        return bool(d[0] or d[1])

    def _after_heroes(self) -> None:
        g = self.g
        g["phase"] = "setup_market"
        g["setup_city"] = 1
        self._skip_tamalir_setup()

    def _skip_tamalir_setup(self) -> None:
        # R2.4 every city but Tamalir gets one market card at set-up
        g = self.g
        cities = self.cfg.content.cities
        while g["setup_city"] < len(cities) and cities[g["setup_city"]] == self.cfg.content.tamalir:
            g["setup_city"] += 1
        if g["setup_city"] >= len(cities) or not self._mkt_left():
            g["phase"] = "turn"
            self._start_turn([])

    # ------------------------------------------------------------------ legal actions
    def _legal_now(self) -> list[int]:
        g = self.g
        sp = self.cfg.space
        p = self.me()
        ph = g["phase"]
        out: list[int] = []
        if ph == "move_choice":
            maxd = MAX_DICE - 1 if self.party_hurt(p) else MAX_DICE  # R4.2
            out += [sp.encode("rest", n) for n in range(maxd + 1)]
            out += [sp.encode("step", d) for d in range(6)
                    if self.cfg.content.neighbours[p["pos"]][d] >= 0]
            if "move" not in g["act"]:
                for i, (key, spent) in enumerate(p["items"]):
                    eff, _ = self.item_effect(key)
                    if eff is not None and eff.kind == "extra_move" and not spent:
                        out.append(sp.encode("use_item", i))
        elif ph == "recover":
            for f, fig in enumerate(self._figs(p)):
                if fig is not None and fig[1]:
                    out.append(sp.encode("recover", f))
            out.append(sp.encode("end_move"))
        elif ph == "moving":
            c = self.cfg.content
            for d, face in enumerate(g["dice"]):
                if face < 0:
                    continue
                terr = c.face_sets[face]
                for k, n in enumerate(c.neighbours[p["pos"]]):
                    if n >= 0 and (c.terrain[n] == "city" or c.terrain[n] in terr):
                        out.append(sp.encode("move", d * 6 + k))  # R4.3 cities are wild
            out.append(sp.encode("end_move"))
        elif ph == "adventure":
            slots = self._slots_here(p)
            if slots:  # FAQ: an undefeated challenge here comes before the hex's counter
                out += [sp.encode("face_slot", k) for k in slots]
            elif g["board"][p["pos"]] >= 0 and not self.forbidden(p, g["board"][p["pos"]]) \
                    and self.deck_size(COLOURS[g["board"][p["pos"]]]) > 0:
                out.append(sp.encode("face"))
            others = self._others_here()
            out += [sp.encode("attack_player", o) for o in others]
            if self.cfg.options.trade_offers:  # R5.10 or trade with one of them
                out += [sp.encode("trade_with", o) for o in others]
            out.append(sp.encode("skip"))
        elif ph == "fs":
            out += self._legal_fs(p)
        elif ph in ("escape", "pvp_escape"):
            out += [sp.encode("escape"), sp.encode("stay")]
        elif ph == "pvp_round":
            out += self._legal_pvp_round()
        elif ph == "loot":
            out += self._legal_loot()
        elif ph == "reward_ally":  # R5.11 dismiss a hired ally for the reward, or forgo it
            out += self._discard_choices(p, "ally")
            out.append(sp.encode("skip"))
        elif ph == "trade":
            out += self._legal_trade()
        elif ph == "trade_answer":
            out += [sp.encode("trade_accept"), sp.encode("trade_decline")]
        elif ph == "pvp_fs":
            out += self._legal_pvp_fs()
        elif ph == "round":
            cb = g["combat"]
            if not cb["attacked"][0]:
                out.append(sp.encode("attack_hero"))
            for a in range(len(p["allies"])):
                if not cb["attacked"][a + 1]:
                    out.append(sp.encode("attack_ally", a))
            out.append(sp.encode("defend"))
            if "round" not in g["act"]:
                for i, (key, spent) in enumerate(p["items"]):
                    eff, _ = self.item_effect(key)
                    if eff is not None and eff.kind == "extra_damage" and not spent \
                            and eff.mode == MODES[cb["stage"]] and not cb["extra"]:
                        out.append(sp.encode("use_item", i))
        elif ph == "react":
            for i in self._preventers(p):
                out.append(sp.encode("prevent", i))
            out.append(sp.encode("take"))
        elif ph == "market":
            out += self._legal_market(p)
        elif ph == "refill":  # R5.6a the drawer puts the short pool's counters
            ci = COLOURS.index(g["refill"]["cols"][0])
            out += [sp.encode("refill_hex", h) for h in self._refillable(ci)]
        elif ph == "ko_card":  # R9.4a which of the equally valuable cards is lost
            ko = g["players"][g["ko"]["seat"]]
            out += [sp.encode("lose_" + kind, i) for kind, i in self._ko_losable(ko)]
        elif ph == "ko_city":  # R9.4b which of the equally near cities
            out += [sp.encode("go_city", k) for k in self._ko_cities(g["players"][g["ko"]["seat"]])]
        elif ph == "experience":
            spendable = p["credit"] + sum(
                n * self.cfg.content.counters.counters[col][1]
                for n, col in zip(p["counters"], COLOURS, strict=True))
            if spendable >= self.cfg.xp_cost:
                for k in range(len(XP_KINDS)):
                    if k == 4 and p["bonus"][4] >= 3:
                        continue  # R8.3 at most 3 life counters
                    out.append(sp.encode("xp", k))
            out.append(sp.encode("end_turn"))
        if ph in DISCARD_PHASES and self.cfg.options.discard_when == "any_time":
            out += self._discards(p)  # R6.4a "bármikor" (the market offers them itself)
        return out

    def _discards(self, p: dict[str, Any]) -> list[int]:
        """R6.4 the hero's market items and hired allies it may discard (never a reward card,
        R6.3 / R5.11)."""
        sp = self.cfg.space
        return [sp.encode("discard_item", i) for i, (k, _) in enumerate(p["items"])
                if k < REWARD] + [sp.encode("discard_ally", a)
                                  for a, x in enumerate(p["allies"]) if x[0] < REWARD]

    def _figs(self, p: dict[str, Any]) -> list[Any]:
        figs: list[Any] = [[-1, p["exh"]]]
        for a in range(2):
            figs.append([a, p["allies"][a][2]] if a < len(p["allies"]) else None)
        return figs

    def _slots_here(self, p: dict[str, Any]) -> list[int]:
        return [k for k, s in enumerate(self.g["slots"]) if s and s[1] == p["pos"]
                and not self.forbidden(p, COLOURS.index(self.cfg.content.adventures[s[0]].colour))]

    def _legal_fs(self, p: dict[str, Any]) -> list[int]:
        g = self.g
        sp = self.cfg.space
        cb = g["combat"]
        out = [sp.encode("fight")]
        ab = self.hero(p).ability
        if ab is not None and ab.kind == "first_strike" and (ab.repeatable or not cb["hero_fs"]) \
                and p["exh"] + ab.exhaustion <= self.stat(p, "stamina"):  # R7.2
            out.append(sp.encode("fs_hero"))
        for a, ally in enumerate(p["allies"]):
            mc = self.ally_card(ally[0])
            ab2 = mc.ability
            if ab2 is not None and ab2.kind == "first_strike" and not cb["ally_fs"][a] \
                    and ally[2] + ab2.exhaustion <= mc.stamina:
                out.append(sp.encode("fs_ally", a))
        for i, (key, spent) in enumerate(p["items"]):
            eff, usage = self.item_effect(key)
            if eff is None or eff.kind != "first_strike" or spent:
                continue
            if usage == "activate" and ("before" in g["act"] or cb["item_fs"]):
                continue  # R7.4 one activated first-strike item, one activation before combat
            out.append(sp.encode("fs_item", i))
        return out

    def _preventers(self, p: dict[str, Any]) -> list[int]:
        window = self.g["combat"]["window"] if self.g["combat"] else "market"
        out = []
        for i, (key, spent) in enumerate(p["items"]):
            eff, usage = self.item_effect(key)
            if eff is None or eff.kind != "prevent_wound" or spent:
                continue
            if usage == "activate" and window in self.g["act"]:
                continue
            out.append(i)
        return out

    def _legal_market(self, p: dict[str, Any]) -> list[int]:
        g = self.g
        sp = self.cfg.space
        c = self.cfg.content
        city = c.city_of[p["pos"]]
        out = [sp.encode("end_market")]
        for key in g["markets"][city]:
            if self.price(key, city) > p["gold"] or key in g["bought"]:
                continue
            if self._at_limit(p, key):
                continue  # R6.4 sell or discard first
            out.append(sp.encode("buy", key))
        for i, (key, spent) in enumerate(p["items"]):
            if key < REWARD and c.market[key].cost >= 2 and key not in g["bought"]:
                out.append(sp.encode("sell", i))  # R6.3 half, rounded down; 1-cost unsellable
            if key < REWARD:
                out.append(sp.encode("discard_item", i))
            eff, usage = self.item_effect(key)
            if eff is not None and eff.kind == "heal" and not spent and p["wounds"] and \
                    (usage != "activate" or "market" not in g["act"]):
                out.append(sp.encode("use_item", i))
        for a, ally in enumerate(p["allies"]):
            if ally[0] < REWARD:  # a reward ally is never dismissed (seed p.8)
                out.append(sp.encode("discard_ally", a))
        if p["gold"] >= 1:  # R6.5 healer
            for f, w, e in self._fig_hurts(p):
                if w:
                    out.append(sp.encode("heal_wound", f))
                if e:
                    out.append(sp.encode("heal_exh", f))
        return out

    def _fig_hurts(self, p: dict[str, Any]) -> list[tuple[int, int, int]]:
        out = [(0, p["wounds"], p["exh"])]
        for a, ally in enumerate(p["allies"]):
            out.append((a + 1, ally[1], ally[2]))
        return out

    def _at_limit(self, p: dict[str, Any], key: int) -> bool:
        """Whether `p` is full for the item `key` (R6.4; a reward item is a "magic item")."""
        if key < REWARD and self.cfg.content.market[key].kind == "ally":
            return len(p["allies"]) >= 2
        kind = self.item_kind(key)
        if kind == "weapon":
            return sum(1 for k, _ in p["items"] if self.item_kind(k) == "weapon") >= 2
        if kind == "armour":
            return sum(1 for k, _ in p["items"] if self.item_kind(k) == "armour") >= 1
        return len(p["items"]) >= MAX_ITEMS

    def _discard_choices(self, p: dict[str, Any], kind: str) -> list[int]:
        sp = self.cfg.space
        if kind == "ally":
            return [sp.encode("discard_ally", a) for a, x in enumerate(p["allies"])
                    if x[0] < REWARD]
        return [sp.encode("discard_item", i) for i, (k, _) in enumerate(p["items"])
                if k < REWARD and self.item_kind(k) == kind]

    # ------------------------------------------------------------------ doing
    def _do(self, name: str, off: int, ev: list[Event]) -> None:
        g = self.g
        p = self.me() if g["players"] and g["seat"] < len(g["players"]) else None
        match name:
            case "hero":
                np_ = new_player(off)
                np_["pos"] = np_["prev"] = self.cfg.content.tamalir
                g["players"].append(np_)
                ev.append(Event("hero", {"seat": len(g["players"]) - 1, "hero": off}))
                if len(g["players"]) == self.cfg.players:
                    self._after_heroes()
            case "draw_mkt":
                self._take_mkt(off)
                if g["phase"] == "setup_market":
                    g["markets"][g["setup_city"]].append(off)
                    g["setup_city"] += 1
                    self._skip_tamalir_setup()
                else:
                    assert p is not None
                    g["pending"] = None
                    g["markets"][self.cfg.content.city_of[p["pos"]]].append(off)
                    ev.append(Event("market_card", {"card": off}))
            case "die_face":
                g["dice"].append(off)
                g["to_roll"] -= 1
                if g["to_roll"] == 0:
                    g["pending"] = None
                    g["phase"] = "moving"
                    ev.append(Event("dice", {"faces": g["dice"][:]}))
            case "roll":
                purpose = g["pending"][1]
                g["pending"] = None
                self._roll_result(off + 2, purpose, ev)
            case "draw_adv":
                g["pending"] = None
                self._drawn(off, ev)
            case "rest":
                assert p is not None
                self._rest(p, off, ev)
            case "step":
                assert p is not None
                p["prev"] = p["pos"]
                p["pos"] = self.cfg.content.neighbours[p["pos"]][off]
                ev.append(Event("step", {"seat": g["seat"], "to": p["pos"]}))
                self._arrive(ev)
            case "move":
                assert p is not None
                d, k = divmod(off, 6)
                g["dice"][d] = -1
                p["prev"] = p["pos"]
                p["pos"] = self.cfg.content.neighbours[p["pos"]][k]
                ev.append(Event("move", {"seat": g["seat"], "to": p["pos"]}))
                if all(f < 0 for f in g["dice"]):
                    self._arrive(ev)
            case "end_move":
                assert p is not None
                if g["phase"] == "recover":
                    g["recover"] = 0
                    self._after_recover()
                else:
                    self._arrive(ev)
            case "recover":
                assert p is not None
                if off == 0:
                    p["exh"] -= 1
                else:
                    p["allies"][off - 1][2] -= 1
                g["recover"] -= 1
                if g["recover"] == 0 or not self._party_exh(p):
                    self._after_recover()
            case "face":
                assert p is not None
                col = COLOURS[g["board"][p["pos"]]]
                g["pending"] = ["draw", col]
                g["adv_src"] = -1
                ev.append(Event("face", {"seat": g["seat"], "colour": col}))
            case "face_slot":
                assert p is not None
                slot = g["slots"][off]
                g["slots"][off] = []
                g["adv_src"] = off
                ev.append(Event("face_slot", {"seat": g["seat"], "slot": off + 1}))
                self._start_combat(slot[0], ev, from_slot=True)
            case "skip":
                if g["phase"] == "loot":
                    self._pvp_finish(ev)
                elif g["phase"] == "reward_ally":
                    card = g["enc"]
                    g["enc"] = -1
                    self._decline_ally(card, ev)
                    self._after_adventure(ev)
                else:
                    self._after_adventure(ev)
            case "attack_player":
                self._pvp_start(off, ev)
            case n if n.startswith("trade_"):
                self._trade_do(name, off, ev)
            case "loot_item" | "loot_ally" | "loot_gold":
                self._loot(name, off, ev)
            case "fs_hero" | "fs_ally" | "fs_item" if g["phase"] == "pvp_fs":
                self._pvp_first_strike(name, off, ev)
            case "fs_hero" | "fs_ally" | "fs_item":
                assert p is not None
                self._first_strike(p, name, off, ev)
            case "fight" if g["phase"] == "pvp_fs":
                if self._pvp_fs_side_done():
                    self._pvp_fs_next()
            case "fight":
                self._begin_rounds(ev)
            case "escape":
                assert p is not None
                g["pending"] = ["roll", "pvp_escape" if g["phase"] == "pvp_escape" else "escape"]
            case "stay" if g["phase"] == "pvp_escape":
                self._pvp_phase(ev)
            case "stay":
                g["phase"] = "round"
                g["combat"]["stage"] = 0
                g["combat"]["window"] = "round"
            case "attack_hero" | "attack_ally" | "defend" if g["phase"] == "pvp_round":
                self._pvp_choose(name, off)
            case "attack_hero" | "attack_ally" | "defend":
                cb = g["combat"]
                cb["who"] = -1 if name == "attack_hero" else off if name == "attack_ally" else -2
                if name == "attack_hero":
                    cb["attacked"][0] = 1
                elif name == "attack_ally":
                    cb["attacked"][off + 1] = 1
                mode = MODES[cb["stage"]]
                enemy_dmg = self._enemy(mode)[1]
                if name == "defend" and enemy_dmg == 0 and not (
                        mode == "magic" and self.cfg.options.magic_defence_strikes):
                    ev.append(Event("defend_free", {"mode": mode}))  # nothing to fear (example)
                    self._next_stage(ev)
                else:
                    g["pending"] = ["roll", "combat"]
            case "use_item":
                assert p is not None
                self._use_item(p, off, ev)
            case "prevent":
                assert p is not None
                self._prevent(p, off, ev)
            case "take":
                assert p is not None
                self._take_damage(p, ev)
            case "buy":
                assert p is not None
                m = self.cfg.content.market[off]
                city = self.cfg.content.city_of[p["pos"]]
                cost = self.price(off, city)
                g["markets"][city].remove(off)
                p["gold"] -= cost
                g["bought"].append(off)
                if m.kind == "ally":
                    p["allies"].append([off, 0, 0])
                else:
                    p["items"].append([off, 0])
                ev.append(Event("buy", {"seat": g["seat"], "card": off, "cost": cost}))
            case "sell":
                assert p is not None
                key = p["items"].pop(off)[0]
                gain = self.cfg.content.market[key].cost // 2
                p["gold"] += gain
                g["markets"][self.cfg.content.city_of[p["pos"]]].append(key)
                g["bought"].append(key)
                ev.append(Event("sell", {"seat": g["seat"], "card": key, "gold": gain}))
            case "discard_item":
                assert p is not None
                key = p["items"].pop(off)[0]
                g["mdeck"][1].append(key)
                ev.append(Event("discard", {"seat": g["seat"], "card": key}))
            case "discard_ally":
                assert p is not None
                key = p["allies"].pop(off)[0]
                g["mdeck"][1].append(key)
                cb = g["combat"]
                if cb is not None and not cb.get("pvp"):  # the allies after it move up
                    cb["ally_fs"] = [*cb["ally_fs"][:off], *cb["ally_fs"][off + 1:], 0]
                ev.append(Event("discard", {"seat": g["seat"], "card": key}))
                if g["phase"] == "reward_ally":  # R5.11 dismissed to make room for the reward
                    card = g["enc"]
                    g["enc"] = -1
                    p["allies"].append([REWARD + card, 0, 0])
                    ev.append(Event("reward_ally", {"seat": g["seat"], "card": card}))
                    self._after_adventure(ev)
            case "heal_wound" | "heal_exh":
                assert p is not None
                p["gold"] -= 1
                if off == 0:
                    if name == "heal_wound":
                        p["wounds"] -= 1
                    else:
                        p["exh"] = 0
                else:
                    ally = p["allies"][off - 1]
                    if name == "heal_wound":
                        ally[1] -= 1
                    else:
                        ally[2] = 0
                ev.append(Event("healer", {"seat": g["seat"], "what": name, "fig": off}))
            case "end_market":
                g["phase"] = "experience"
            case "xp":
                assert p is not None
                self._buy_xp(p, off, ev)
            case "end_turn":
                self._end_turn(ev)
            case "refill_hex":
                self._refill_hex(off, ev)
            case "lose_item" | "lose_ally":
                self.g["ko"]["stage"] = 1
                self._ko_lose(g["players"][g["ko"]["seat"]], name[5:], off, ev)
                self._ko_next(ev)
            case "go_city":
                self._ko_go(off, ev)

    # ------------------------------------------------------------------ turn structure
    def _start_turn(self, ev: list[Event]) -> None:
        g = self.g
        p = self.me()
        for it in p["items"]:  # R3 refresh: activated cards turn face up
            it[1] = 0
        g["act"] = []
        g["bought"] = []
        g["dice"] = []
        g["combat"] = None
        if g["endgame"]:
            self._endgame_turn(ev)
            return
        g["phase"] = "move_choice"

    def _rest(self, p: dict[str, Any], n: int, ev: list[Event]) -> None:
        g = self.g
        g["to_roll"] = n + g.get("extra_dice", 0)
        g["extra_dice"] = 0
        g["recover"] = max(0, 4 - n)  # R4.5 one exhaustion off per die not rolled
        ev.append(Event("roll_dice", {"seat": g["seat"], "dice": n}))
        if g["recover"] and self._party_exh(p):
            g["phase"] = "recover"
        else:
            g["recover"] = 0
            self._after_recover()

    def _party_exh(self, p: dict[str, Any]) -> bool:
        return bool(p["exh"] or any(a[2] for a in p["allies"]))

    def _after_recover(self) -> None:
        g = self.g
        if g["to_roll"] > 0:
            g["pending"] = ["die"]
            g["phase"] = "rolling"
        else:
            self._arrive([])

    def _arrive(self, ev: list[Event]) -> None:
        """R4.7 end of movement: an adventure here, then the market of a city."""
        g = self.g
        p = self.me()
        g["dice"] = []
        q = p.get("quest")
        if q is not None and "quest" not in g["act"] and not g["endgame"] and \
                p["pos"] == self._quest_hex(q[0]):
            g["act"].append("quest")  # R5.12 once a turn, on ending the movement there
            g["phase"] = "quest"
            g["pending"] = ["roll", "quest"]
            return
        if self._slots_here(p) or self._others_here() or (
                g["board"][p["pos"]] >= 0 and not self.forbidden(p, g["board"][p["pos"]])):
            g["phase"] = "adventure"
            return
        self._after_adventure(ev)

    def _after_adventure(self, ev: list[Event]) -> None:
        g = self.g
        p = self.me()
        g["combat"] = None
        if g["phase"] == "over":
            return
        if g["endgame"]:
            self._end_turn(ev)
            return
        if p["pos"] in self.cfg.content.city_of:
            g["phase"] = "market"
            if self._mkt_left():  # R6.1 a card joins this city's market first
                g["pending"] = ["mkt"]
        else:
            g["phase"] = "experience"

    def _end_turn(self, ev: list[Event]) -> None:
        g = self.g
        if g["phase"] == "over":
            return
        g["log_turns"] += 1
        if g.get("start_endgame"):
            g["start_endgame"] = False
            self._setup_endgame(ev)
            return
        if g["endgame"]:
            g["end_idx"] += 1
            if g["end_idx"] >= len(g["end_order"]):
                g["end_idx"] = 0
                g["round"] += 1  # R11.4 every hero in the order has had a turn: a round
            g["seat"] = g["end_order"][g["end_idx"]]
        else:
            g["seat"] = (g["seat"] + 1) % self.cfg.players
            if g["seat"] == 0:
                g["round"] += 1
        cap = self.cfg.options.max_rounds
        if cap and g["round"] > cap:
            self._finish_by_score(ev, "turn_cap")
            return
        self._start_turn(ev)

    def _finish_by_score(self, ev: list[Event], why: str) -> None:
        """CHOICE R11.4 no winner by the rules: most runes, then level, then gold share it."""
        g = self.g
        keys = [self._score_key(s) for s in range(self.cfg.players)]
        best = max(keys)
        g["winners"] = [s for s in range(self.cfg.players) if keys[s] == best]
        if self.cfg.players == 1:  # R11.5 CHOICE: a solo hero wins only by R11.1
            g["winners"] = []
        self._game_over(ev, why)

    def _score_key(self, seat: int) -> tuple[int, int, int]:
        """R11.4 most runes, then the highest level (experience), then the most gold."""
        p = self.g["players"][seat]
        return (p["runes"], sum(p["bonus"]), p["gold"])

    def _game_over(self, ev: list[Event], why: str) -> None:
        """The game ends (winners already set); `why` names the ending for reports."""
        g = self.g
        g["phase"] = "over"
        g["end_reason"] = why
        ev.append(Event("game_over", {"winners": g["winners"][:], "reason": why}))

    # ------------------------------------------------------------------ adventure cards
    def _hidden(self, col: str) -> int:
        """Unknown green cards out of the shuffled part (the doom card, markers in the tail)."""
        return self.g["hidden_green"] if col == "green" else 0

    def _from_tail(self, col: str) -> bool:
        """True when the shuffled part is used up and the next card is the tail's head."""
        return len(self.g["decks"][col][0]) - self._hidden(col) <= 0

    def _take_adv(self, card: int) -> None:
        """Remove a drawn card. A draw from the shuffled part is uniform over all unknown
        cards (the unseen ones elsewhere are equally likely to be any of them)."""
        g = self.g
        col = self.cfg.content.adventures[card].colour
        d = g["decks"][col]
        if self._from_tail(col):
            head = d[1].pop(0)
            if head == HIDDEN:
                d[0].remove(card)
                g["hidden_green"] -= 1
        else:
            d[0].remove(card)

    def _take_mkt(self, key: int) -> None:
        d = self.g["mdeck"]
        if key in d[0]:
            d[0].remove(key)
        else:
            d[1].pop(0)

    def _discard_adv(self, card: int, ev: list[Event]) -> None:
        """R5.8 / R10.3 a discarded adventure card: to the doom track, else under its deck."""
        g = self.g
        a = self.cfg.content.adventures[card]
        if self.cfg.options.doom and not g["endgame"]:
            g["doom"].append(card)
            if len(g["doom"]) >= self.cfg.doom_cards:
                self._doom_counter(ev)
            return
        if a.kind == "encounter":
            g["out"].append(card)  # R5.5 a discarded encounter leaves the game
        else:
            g["decks"][a.colour][1].append(card)

    def _doom_counter(self, ev: list[Event]) -> None:
        """R10.4 the last card goes to the first crest, the rest back under their decks."""
        g = self.g
        last = g["doom"].pop()
        for card in g["doom"]:
            if card == HIDDEN:
                g["decks"]["green"][1].append(HIDDEN)
            else:
                g["decks"][self.cfg.content.adventures[card].colour][1].append(card)
        g["doom"] = [last]
        g["doom_counters"] += 1
        ev.append(Event("doom", {"counters": g["doom_counters"]}))
        if g["doom_counters"] >= DOOM_COUNTERS and self.cfg.options.endgame != "none":
            g["start_endgame"] = True  # R10.5 the endgame starts after this turn

    def _drawn(self, card: int, ev: list[Event]) -> None:
        g = self.g
        self._take_adv(card)
        a = self.cfg.content.adventures[card]
        ev.append(Event("draw", {"seat": g["seat"], "card": card}))
        if a.kind == "challenge":
            self._start_combat(card, ev, from_slot=False)
        elif a.kind == "event":
            self._event(card, ev)
        elif a.quest is not None:
            self._take_quest(card, ev)
        else:
            g["enc"] = card
            g["pending"] = ["roll", "encounter"]

    def _event(self, card: int, ev: list[Event]) -> None:
        """R5.4 an event replaces one of lower or equal number, else is discarded (draw again)."""
        g = self.g
        a = self.cfg.content.adventures[card]
        old = g["event"]
        if old < 0 or a.event_number >= self.cfg.content.adventures[old].event_number:
            if old >= 0:
                self._discard_adv(old, ev)
            g["event"] = card
            ev.append(Event("event", {"card": card}))
            if self._refill(a.refill, ev):
                return  # the drawer first chooses where the short pool's counters go
            self._event_effects(a, ev)
            self._after_adventure(ev)
            return
        ev.append(Event("event_discarded", {"card": card}))
        self._discard_adv(card, ev)
        self._draw_again(ev)

    def _event_effects(self, a: Any, ev: list[Event]) -> None:
        """R5.3b an event's one-time effects, to every hero, when it comes into play. Lasting
        ones (`market_discount`) are read from the event in play (R6.2a)."""
        for e in a.effects:
            if e.kind == "gold":  # gold gained, or lost down to 0 (nobody owes the treasury)
                for p in self.g["players"]:
                    p["gold"] = max(0, p["gold"] + e.amount)
                ev.append(Event("event_gold", {"amount": e.amount}))
            elif e.kind == "heal":
                for p in self.g["players"]:
                    p["wounds"] = max(0, p["wounds"] - e.amount)
                ev.append(Event("event_heal", {"amount": e.amount}))

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

    def _draw_again(self, ev: list[Event]) -> None:
        g = self.g
        p = self.me()
        col = COLOURS[g["board"][p["pos"]]] if g["board"][p["pos"]] >= 0 else None
        if col is not None and self.deck_size(col) > 0:
            g["pending"] = ["draw", col]
        else:
            self._after_adventure(ev)

    def _refill(self, colours: list[str], ev: list[Event]) -> bool:
        """R5.6 the sun icon: empty gem hexes of those colours refilled from the pool only.

        CHOICE R5.6a (option `refill_short`): when the pool holds fewer counters of a colour
        than there are empty hexes, the drawer chooses the hexes ("choose", the book: phase
        `refill`, one `refill_hex` a counter) or they fill in board order ("board_order", the
        data file's order). True when the drawer must choose now."""
        g = self.g
        choose = self.cfg.options.refill_short == "choose"
        for k, col in enumerate(colours):
            ci = COLOURS.index(col)
            empty = self._refillable(ci)
            if choose and 0 < g["pool"][ci] < len(empty):
                g["refill"] = {"cols": list(colours[k:])}
                g["phase"] = "refill"
                return True
            for h in empty[:g["pool"][ci]]:
                g["board"][h] = ci
                g["pool"][ci] -= 1
            ev.append(Event("refill", {"colour": col}))
        g["refill"] = None
        return False

    def _refillable(self, ci: int) -> list[int]:
        """Empty gem hexes of colour `ci` with no undefeated challenge on them (R5.6, R7.12)."""
        g = self.g
        c = self.cfg.content
        occupied = {s[1] for s in g["slots"] if s}
        col = COLOURS[ci]
        return [h for h in range(len(c.coords))
                if c.gem[h] == col and g["board"][h] < 0 and h not in occupied]

    def _refill_hex(self, h: int, ev: list[Event]) -> None:
        """R5.6a one counter of the short colour on the chosen hex; the event's effects and
        the rest of the turn follow once every colour is refilled."""
        g = self.g
        cols = g["refill"]["cols"]
        ci = COLOURS.index(cols[0])
        g["board"][h] = ci
        g["pool"][ci] -= 1
        ev.append(Event("refill_hex", {"seat": g["seat"], "to": h, "colour": cols[0]}))
        if g["pool"][ci] > 0:
            return  # still short: the drawer places the next one
        ev.append(Event("refill", {"colour": cols[0]}))
        if self._refill(cols[1:], ev):
            return
        self._event_effects(self.cfg.content.adventures[g["event"]], ev)
        self._after_adventure(ev)

    # ------------------------------------------------------------------ quests
    def _take_quest(self, card: int, ev: list[Event]) -> None:
        """R5.12 an encounter that spans turns: the hero keeps the card and makes its test on
        ending a later movement in the card's city. CHOICE R5.12a the hex's counter goes with
        the card and is won with it.

        R5.13 (seed p.6) a player who must discard a drawn encounter draws again. CHOICE
        R5.13a a hero holds one quest at a time, so a second quest drawn must be discarded."""
        g = self.g
        p = self.me()
        if p.get("quest") is not None:
            ev.append(Event("encounter_discarded", {"seat": g["seat"], "card": card}))
            self._discard_adv(card, ev)
            self._draw_again(ev)
            return
        here = g["board"][p["pos"]]
        g["board"][p["pos"]] = -1
        p["quest"] = [card, here]
        city = self.cfg.content.city_of[self._quest_hex(card)]
        ev.append(Event("quest", {"seat": g["seat"], "card": card,
                                  "city": self.cfg.content.board.cities[city].name}))
        self._after_adventure(ev)

    def _quest_hex(self, card: int) -> int:
        quest = self.cfg.content.adventures[card].quest
        assert quest is not None  # only quest encounters are ever held as quests
        return self.cfg.content.city_hex[quest.city]

    def _quest_roll(self, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
        """R5.12 the quest's test in its city: success gives the reward and the counter; a
        failure gives the card's wounds and the quest stays for a later turn."""
        card, colour = p["quest"]
        a = self.cfg.content.adventures[card]
        t = a.test
        total = roll + self.stat(p, t.attr) + self.skill_bonus(p, t.skill)
        ok = total >= t.target
        ev.append(Event("test", {"roll": roll, "total": total, "target": t.target, "ok": ok}))
        if ok:
            p["quest"] = None
            p["gold"] += a.success.gold
            ev.append(Event("quest_done", {"seat": self.g["seat"], "card": card,
                                           "gold": a.success.gold}))
            if colour >= 0:
                p["counters"][colour] += 1
                ev.append(Event("counter", {"seat": self.g["seat"], "colour": COLOURS[colour]}))
            if a.success.ally is not None:
                if self._gain_ally(card, ev):
                    return
            else:
                self._discard_adv(card, ev)
        elif a.fail_wounds and self._hurt_plain(p, a.fail_wounds, ev):
            return  # knocked out: the turn is over
        self._arrive(ev)

    # ------------------------------------------------------------------ trading (R5.10)
    def _legal_trade(self) -> list[int]:
        """R5.10 build an offer from atomic parts, propose it, or stop trading."""
        g = self.g
        sp = self.cfg.space
        t = g["trade"]
        out = [sp.encode("trade_end")]
        if t["offers"] >= self.cfg.options.trade_offers:
            return out
        me = self.me()
        other = g["players"][t["with"]]
        for side, who, block in ((me, "give", "trade_give"), (other, "take", "trade_take")):
            out += [sp.encode(block + "_item", i) for i, (k, _) in enumerate(side["items"])
                    if k < REWARD and i not in t[who + "_items"]]
            out += [sp.encode(block + "_ally", i) for i, a in enumerate(side["allies"])
                    if a[0] < REWARD and i not in t[who + "_allies"]]
            if t[who + "_gold"] < side["gold"]:
                out.append(sp.encode(block + "_gold"))
        if self._trade_ok(t):
            out.append(sp.encode("trade_propose"))
        return out

    def _trade_ok(self, t: dict[str, Any]) -> bool:
        """A non-empty offer after which both heroes stay within 2 weapons, 1 armour, 2 allies
        (R6.4; the seed p.7 applies the limits to every way of gaining a card)."""
        if not any(t[k] for k in ("give_items", "give_allies", "give_gold", "take_items",
                                  "take_allies", "take_gold")):
            return False
        g = self.g
        me = self.me()
        other = g["players"][t["with"]]
        for p, q, out_i, in_i, out_a, in_a in (
                (me, other, t["give_items"], t["take_items"], t["give_allies"],
                 t["take_allies"]),
                (other, me, t["take_items"], t["give_items"], t["take_allies"],
                 t["give_allies"])):
            keys = [k for i, (k, _) in enumerate(p["items"]) if i not in out_i]
            keys += [q["items"][i][0] for i in in_i]
            kinds = [self.item_kind(k) for k in keys]
            if kinds.count("weapon") > 2 or kinds.count("armour") > 1 or len(keys) > MAX_ITEMS:
                return False
            if len(p["allies"]) - len(out_a) + len(in_a) > 2:
                return False
        return True

    def _trade_do(self, name: str, off: int, ev: list[Event]) -> None:
        g = self.g
        t = g["trade"]
        match name:
            case "trade_with":
                g["trade"] = {"with": off, "offers": 0, "give_items": [], "give_allies": [],
                              "give_gold": 0, "take_items": [], "take_allies": [],
                              "take_gold": 0}
                g["phase"] = "trade"
                ev.append(Event("trade", {"seat": g["seat"], "other": off}))
            case "trade_give_item" | "trade_take_item" | "trade_give_ally" | "trade_take_ally":
                side, what = name[6:].split("_")  # e.g. "give", "item"
                t[f"{side}_{what}s" if what == "item" else f"{side}_allies"].append(off)
            case "trade_give_gold" | "trade_take_gold":
                t[name[6:]] += 1
            case "trade_propose":  # the other hero answers (its seat decides)
                g["phase"] = "trade_answer"
                g["actor"] = t["with"]
                ev.append(Event("trade_offer", {"seat": g["seat"], "other": t["with"]}))
            case "trade_accept" | "trade_decline":
                if name == "trade_accept":
                    self._trade_exchange(t)
                ev.append(Event("trade_" + name[6:], {"seat": t["with"]}))
                g["actor"] = -1
                g["phase"] = "trade"
                g["trade"] = {"with": t["with"], "offers": t["offers"] + 1, "give_items": [],
                              "give_allies": [], "give_gold": 0, "take_items": [],
                              "take_allies": [], "take_gold": 0}
                if g["trade"]["offers"] >= self.cfg.options.trade_offers:
                    self._trade_end(ev)
            case "trade_end":
                self._trade_end(ev)

    def _trade_exchange(self, t: dict[str, Any]) -> None:
        """An accepted offer is binding for both (seed p.6): every part changes hands at once;
        activated cards stay face down, allies keep their wounds and exhaustion."""
        g = self.g
        me = self.me()
        other = g["players"][t["with"]]
        give_i = [me["items"][i] for i in t["give_items"]]
        take_i = [other["items"][i] for i in t["take_items"]]
        give_a = [me["allies"][i] for i in t["give_allies"]]
        take_a = [other["allies"][i] for i in t["take_allies"]]
        me["items"] = [x for i, x in enumerate(me["items"]) if i not in t["give_items"]] + take_i
        other["items"] = [x for i, x in enumerate(other["items"])
                          if i not in t["take_items"]] + give_i
        me["allies"] = [x for i, x in enumerate(me["allies"])
                        if i not in t["give_allies"]] + take_a
        other["allies"] = [x for i, x in enumerate(other["allies"])
                           if i not in t["take_allies"]] + give_a
        me["gold"] += t["take_gold"] - t["give_gold"]
        other["gold"] += t["give_gold"] - t["take_gold"]

    def _trade_end(self, ev: list[Event]) -> None:
        """Trading replaces the adventure (seed p.10): the turn goes on to the market."""
        g = self.g
        g["trade"] = None
        g["actor"] = -1
        ev.append(Event("trade_over", {"seat": g["seat"]}))
        self._after_adventure(ev)

    # ------------------------------------------------------------------ combat
    def _start_combat(self, card: int, ev: list[Event], *, from_slot: bool) -> None:
        g = self.g
        a = self.cfg.content.adventures[card]
        g["combat"] = {
            "card": card, "wounds": 0, "stage": 0, "attacked": [0, 0, 0], "hero_fs": 0,
            "ally_fs": [0, 0], "item_fs": 0, "window": "before", "who": -1, "extra": 0,
            "queue": [[i] for i in range(len(a.before_combat))], "dmg": 0, "dmg_fig": -1,
            "fs": None, "limit": "", "after_dmg": "", "from_slot": 1 if from_slot else 0,
            "hex": self.me()["pos"],
        }
        ev.append(Event("combat", {"seat": g["seat"], "card": card}))
        self._card_first_strikes(ev)

    def _card_first_strikes(self, ev: list[Event]) -> None:
        """R7.1 the card's own first strike comes before the hero's."""
        g = self.g
        cb = g["combat"]
        a = self.cfg.content.adventures[cb["card"]]
        while cb["queue"]:
            i = cb["queue"].pop(0)[0]
            bc = a.before_combat[i]
            if bc.kind == "skill_test":
                cb["test"] = i
                g["pending"] = ["roll", "card_test"]
                return
            ev.append(Event("card_strike", {"mode": bc.mode, "wounds": bc.wounds}))
            if self._hurt(-1, bc.wounds, "card_fs", ev):
                return
        g["phase"] = "fs"

    def _enemy(self, mode: str) -> tuple[int, int]:
        a = self.cfg.content.adventures[self.g["combat"]["card"]]
        return {"ranged": a.mind, "melee": a.body, "magic": a.spirit}[mode]

    def _first_strike(self, p: dict[str, Any], name: str, off: int, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        cb["fs"], activated = self._spend_first_strike(p, name, off)
        if name == "fs_hero":
            cb["hero_fs"] = 1
        elif name == "fs_ally":
            cb["ally_fs"][off] = 1
        elif activated:
            g["act"].append("before")
            cb["item_fs"] = 1
        ev.append(Event("first_strike", {"seat": g["seat"], "by": name, "mode": cb["fs"][0]}))
        g["pending"] = ["roll", "fs"]

    def _spend_first_strike(self, p: dict[str, Any], name: str,
                            off: int) -> tuple[list[Any], bool]:
        """R7.2 what a first strike costs (against a card or a hero): the figure's ability
        exhausts it; an item is discarded or activated. Returns the strike (mode, attack value,
        damage, figure) and whether an item was activated."""
        if name == "fs_hero":
            ab = self.hero(p).ability
            self._exhaust(-1, ab.exhaustion, p)
            return [ab.mode, self._attack_value(p, -1, ab.mode),
                    self._hero_damage(p, ab.mode), -1], False
        if name == "fs_ally":
            mc = self.ally_card(p["allies"][off][0])
            self._exhaust(off, mc.ability.exhaustion, p)
            mode = mc.ability.mode
            return [mode, self._attack_value(p, off, mode),
                    (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][1], off], False
        eff, activated = self._spend_item(p, off)
        return [eff.mode, self._attack_value(p, -1, eff.mode), eff.damage, -1], activated

    def _spend_item(self, p: dict[str, Any], i: int) -> tuple[Any, bool]:
        """A once-per-use item in a fight: a discard item goes under the market deck, any
        other turns face down (activated). Returns its effect and whether it was activated."""
        key = p["items"][i][0]
        eff, usage = self.item_effect(key)
        if usage == "discard":
            p["items"].pop(i)
            self._lose_item(key)
            return eff, False
        p["items"][i][1] = 1
        return eff, True

    def _lose_item(self, key: int) -> None:
        if key < REWARD:
            self.g["mdeck"][1].append(key)  # R6.2 discarded cards go under the market deck
        else:
            self._discard_adv(key - REWARD, [])

    def _attack_value(self, p: dict[str, Any], fig: int, mode: str) -> int:
        if fig < 0:
            attr = ("mind", "body", "spirit")[MODE_ATTR[mode]]
            return self.stat(p, attr) + self.roll_bonus(p, mode)
        mc = self.ally_card(p["allies"][fig][0])
        return (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][0]

    def _begin_rounds(self, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        cb["attacked"] = [0, 0, 0]
        cb["extra"] = 0
        cb["window"] = "round"
        if "round" in g["act"]:
            g["act"].remove("round")  # R7.4 one activation per combat round
        ev.append(Event("round", {}))
        g["phase"] = "escape"

    def _roll_result(self, roll: int, what: str, ev: list[Event]) -> None:
        g = self.g
        p = self.me()
        cb = g["combat"]
        if what == "card_test":
            bc = self.cfg.content.adventures[cb["card"]].before_combat[cb["test"]]
            total = roll + self.stat(p, bc.attr) + self.skill_bonus(p, bc.skill)
            ok = total >= bc.target
            ev.append(Event("test", {"roll": roll, "total": total, "target": bc.target,
                                     "ok": ok}))
            if ok or not self._hurt(-1, bc.fail_wounds, "card_fs", ev):
                self._card_first_strikes(ev)
        elif what == "fs":
            mode, value, dmg, _fig = cb["fs"]
            target = self._enemy(mode)[0]
            ok = roll + value >= target
            ev.append(Event("attack", {"mode": mode, "roll": roll, "total": roll + value,
                                       "target": target, "ok": ok, "first_strike": True}))
            if ok:  # R7.2 a missed first strike has no effect
                self._wound_enemy(dmg, ev)
                if g["combat"] is None or g["phase"] == "over":
                    return
            g["phase"] = "fs"
        elif what == "escape":
            target = self._enemy("ranged")[0]
            total = roll + self.stat(p, "mind")
            ev.append(Event("escape", {"roll": roll, "total": total, "target": target,
                                       "ok": total >= target}))
            if total >= target:  # R7.6 step back, the card to the undefeated column
                if g["endgame"]:
                    g["decks"]["red"][1].append(cb["card"])
                else:
                    self._to_column(ev)
                p["pos"], p["prev"] = p["prev"], p["pos"]
                self._end_after_combat(ev)
            elif not self._hurt(-1, 1, "escape", ev):
                g["phase"] = "escape"
        elif what == "combat":
            self._combat_roll(p, roll, ev)
        elif what.startswith("pvp_"):
            self._pvp_roll(what, roll, ev)
        elif what == "encounter":
            a = self.cfg.content.adventures[g["enc"]]
            t = a.test
            total = roll + self.stat(p, t.attr) + self.skill_bonus(p, t.skill)
            ok = total >= t.target
            ev.append(Event("test", {"roll": roll, "total": total, "target": t.target, "ok": ok}))
            card = g["enc"]
            g["enc"] = -1
            if ok:
                p["gold"] += a.success.gold
                self._take_counter(p, ev)
                if a.success.ally is not None:
                    if self._gain_ally(card, ev):
                        return  # the player first decides which ally to dismiss
                else:
                    self._discard_adv(card, ev)
            else:
                self._discard_adv(card, ev)
            if not ok and a.fail_wounds and self._hurt_plain(p, a.fail_wounds, ev):
                return  # knocked out: the turn is over
            self._after_adventure(ev)
        elif what == "quest":
            self._quest_roll(p, roll, ev)

    def _combat_roll(self, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
        """R7.7-R7.9 one phase of a round: attack (hero or one ally) or the hero defends."""
        g = self.g
        cb = g["combat"]
        mode = MODES[cb["stage"]]
        target, enemy_dmg = self._enemy(mode)
        who = cb["who"]
        fig = -1 if who < 0 else who
        value = self._attack_value(p, fig, mode)
        total = roll + value
        ok = total >= target
        attack = who != -2
        ev.append(Event("attack" if attack else "defence",
                        {"mode": mode, "roll": roll, "total": total, "target": target, "ok": ok,
                         "fig": fig}))
        if ok:
            if attack:
                if fig < 0:
                    h = self.hero(p)
                    dmg = (h.mind, h.body, h.spirit)[MODE_ATTR[mode]][1] + cb["extra"]
                    cb["extra"] = 0
                else:
                    mc = self.ally_card(p["allies"][fig][0])
                    dmg = (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][1]
                self._wound_enemy(dmg, ev)
                if g["combat"] is None or g["phase"] == "over":
                    return
            elif mode == "magic" and self.cfg.options.magic_defence_strikes:
                # R7.9 (seed) a successful magic defence hurts the enemy by the defender's magic
                self._wound_enemy(self.hero(p).spirit[1], ev)
                if g["combat"] is None or g["phase"] == "over":
                    return
            self._next_stage(ev)
        else:
            if enemy_dmg == 0 or not self._hurt(fig, enemy_dmg, "round", ev):
                self._next_stage(ev)

    def _next_stage(self, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        if cb is None:
            return
        if cb["stage"] == 2:
            self._begin_rounds(ev)
        else:
            cb["stage"] += 1
            g["phase"] = "round"

    def _wound_enemy(self, dmg: int, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        cb["wounds"] += dmg
        a = self.cfg.content.adventures[cb["card"]]
        ev.append(Event("enemy_wounded", {"wounds": dmg, "total": cb["wounds"],
                                          "life": a.life}))
        if cb["wounds"] >= a.life:
            self._victory(ev)

    def _victory(self, ev: list[Event]) -> None:
        """R7.11 a defeated challenge: reward, its counter, the card under its deck."""
        g = self.g
        p = self.me()
        cb = g["combat"]
        card = cb["card"]
        a = self.cfg.content.adventures[card]
        ev.append(Event("victory", {"seat": g["seat"], "card": card, "gold": a.reward.gold}))
        p["gold"] += a.reward.gold
        if not g["endgame"]:
            self._take_counter(p, ev, colour=COLOURS.index(a.colour) if cb["from_slot"] else -1)
        if a.reward.win:
            g["winners"] = [g["seat"]]
            self._game_over(ev, "margath")
            return
        if a.reward.dragon_rune:
            p["runes"] += 1
            p["trophies"].append(card)
            if p["runes"] >= 3:  # R11.1 three dragon runes win
                g["winners"] = [g["seat"]]
                self._game_over(ev, "runes")
                return
        elif a.reward.keep is not None:
            p["items"].append([REWARD + card, 0])
        elif a.reward.ally is not None:
            if self._gain_ally(card, ev):
                return  # the player first decides which ally to dismiss
        else:
            self._discard_adv(card, ev)
        self._end_after_combat(ev, won=True)

    def _gain_ally(self, card: int, ev: list[Event]) -> bool:
        """R5.11 a card won as an ally joins the party within the 2-ally limit (seed p.6–7: with
        two allies already the hero may take it only after dismissing one of them).

        Option `reward_ally_full`: "choose" (default, the seed) offers dismiss-or-decline;
        "decline" forgoes it at once. A forgone card is discarded. True when the player must
        choose now (phase `reward_ally`)."""
        g = self.g
        p = self.me()
        if len(p["allies"]) < 2:
            p["allies"].append([REWARD + card, 0, 0])
            ev.append(Event("reward_ally", {"seat": g["seat"], "card": card}))
            return False
        if self.cfg.options.reward_ally_full == "choose" and any(
                a[0] < REWARD for a in p["allies"]):
            g["combat"] = None
            g["phase"] = "reward_ally"
            g["enc"] = card
            return True
        self._decline_ally(card, ev)
        return False

    def _decline_ally(self, card: int, ev: list[Event]) -> None:
        ev.append(Event("reward_ally_declined", {"seat": self.g["seat"], "card": card}))
        self._discard_adv(card, ev)

    def _take_counter(self, p: dict[str, Any], ev: list[Event], colour: int = -1) -> None:
        g = self.g
        here = g["board"][p["pos"]]
        if here >= 0 and (colour < 0 or colour == here):
            p["counters"][here] += 1
            g["board"][p["pos"]] = -1
            ev.append(Event("counter", {"seat": g["seat"], "colour": COLOURS[here]}))

    def _to_column(self, ev: list[Event]) -> None:
        """R7.12 the card goes beside the next free undefeated slot (the oldest when full)."""
        g = self.g
        cb = g["combat"]
        free = [k for k, s in enumerate(g["slots"]) if not s]
        if free:
            k = free[0]
        else:
            k = min(range(UNDEFEATED_SLOTS), key=lambda i: g["slots"][i][2])
            old = g["slots"][k][0]
            g["decks"][self.cfg.content.adventures[old].colour][1].append(old)
            ev.append(Event("column_replaced", {"slot": k + 1, "card": old}))
        g["slot_seq"] += 1
        g["slots"][k] = [cb["card"], cb["hex"], g["slot_seq"]]
        ev.append(Event("undefeated", {"slot": k + 1, "card": cb["card"]}))

    def _end_after_combat(self, ev: list[Event], won: bool = False) -> None:
        g = self.g
        g["combat"] = None
        if g["endgame"]:
            self._end_turn(ev)
            return
        if won:
            self._after_adventure(ev)
        else:
            self._end_turn(ev)  # R7.6 / R7.13 the turn ends at once

    # ------------------------------------------------------------------ damage
    def _exhaust(self, fig: int, n: int, p: dict[str, Any] | None = None) -> None:
        """R9.2 exhaustion beyond stamina turns into wounds at once."""
        if p is None:
            p = self.me()
        if fig < 0:
            p["exh"] += n
            over = p["exh"] - self.stat(p, "stamina")
            if over > 0:
                p["exh"] -= over
                p["wounds"] += over
        else:
            ally = p["allies"][fig]
            ally[2] += n
            over = ally[2] - self.ally_card(ally[0]).stamina
            if over > 0:
                ally[2] -= over
                ally[1] += over

    def _hurt(self, fig: int, n: int, after: str, ev: list[Event]) -> bool:
        """Deal n wounds; True when the flow stops here (a prevent choice, a knock-out)."""
        g = self.g
        p = self.me()
        cb = g["combat"]
        if fig < 0 and n > 0 and self._preventers(p):
            cb["dmg"] = n
            cb["dmg_fig"] = -1
            cb["after_dmg"] = after
            g["phase"] = "react"
            return True
        return self._apply_wounds(fig, n, ev)

    def _prevent(self, p: dict[str, Any], i: int, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        key = p["items"][i][0]
        eff, activated = self._spend_item(p, i)
        if activated:
            g["act"].append(cb["window"])
        cb["dmg"] = max(0, cb["dmg"] - eff.amount)
        ev.append(Event("prevent", {"seat": g["seat"], "card": key, "left": cb["dmg"]}))
        if cb["dmg"] and self._preventers(p):
            return
        self._take_damage(p, ev)

    def _take_damage(self, p: dict[str, Any], ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        n = cb["dmg"]
        cb["dmg"] = 0
        if self._apply_wounds(-1, n, ev):
            return
        after = cb["after_dmg"]
        if after == "card_fs":
            self._card_first_strikes(ev)
        elif after == "escape":
            g["phase"] = "escape"
        else:
            self._next_stage(ev)

    def _apply_wounds(self, fig: int, n: int, ev: list[Event]) -> bool:
        g = self.g
        p = self.me()
        if n <= 0:
            return False
        if fig < 0:
            p["wounds"] += n
            ev.append(Event("wounded", {"seat": g["seat"], "wounds": n}))
            if p["wounds"] >= self.stat(p, "life"):
                self._knockout(ev)
                return True
            return False
        ally = p["allies"][fig]
        ally[1] += n
        mc = self.ally_card(ally[0])
        ev.append(Event("ally_wounded", {"seat": g["seat"], "card": ally[0], "wounds": n}))
        if ally[1] >= mc.life:  # R7.10 a dead ally goes under the market deck
            p["allies"].pop(fig)
            self._ally_gone(ally[0], ev)
            ev.append(Event("ally_dies", {"seat": g["seat"], "card": ally[0]}))
        return False

    def _ally_gone(self, key: int, ev: list[Event]) -> None:
        """A dead ally's card: under the market deck. CHOICE R5.11a a reward ally (an adventure
        card) that dies is discarded like any used adventure card (its deck or the doom track)."""
        if key >= REWARD:
            self._discard_adv(key - REWARD, ev)
        else:
            self.g["mdeck"][1].append(key)

    def _hurt_plain(self, p: dict[str, Any], n: int, ev: list[Event]) -> bool:
        """Wounds outside combat (an encounter's failure): no prevention window.

        True when they knock the hero out (and so end the turn)."""
        p["wounds"] += n
        ev.append(Event("wounded", {"seat": self.g["seat"], "wounds": n}))
        if p["wounds"] >= self.stat(p, "life"):
            self._knockout(ev)
            return True
        return False

    def _knockout(self, ev: list[Event]) -> None:
        """R9.4 knock-out of the active hero in an adventure: the card goes to the undefeated
        column, the hero's losses and choices follow (`_knockout_procedure`), the turn ends."""
        g = self.g
        cb = g["combat"]
        if cb is not None:
            if g["endgame"]:
                g["decks"]["red"][1].append(cb["card"])
            else:
                self._to_column(ev)
        g["combat"] = None  # the fight is over while the player chooses
        self._knockout_procedure(g["seat"], ev, "adventure")

    def _knockout_adventure_done(self, ev: list[Event]) -> None:
        g = self.g
        if g["endgame"]:
            # CHOICE R10.8 a hero knocked out in the endgame has fallen: out of the order
            g["end_order"].pop(g["end_idx"])
            g["end_idx"] -= 1
            ev.append(Event("fallen", {"seat": g["seat"]}))
            if not g["end_order"]:
                self._finish_by_score(ev, "all_fallen")
                return
        self._end_after_combat(ev)

    def _knockout_procedure(self, seat: int, ev: list[Event], then: str = "") -> None:
        """R9.4 knock-out: heal, lose counters, gold and the most valuable card; nearest city.

        `then` names what follows once the player has made the knock-out's choices
        ("adventure": `_knockout_adventure_done`, "pvp": the fight between heroes ends, the
        turn with it; "": nothing, the procedure alone)."""
        g = self.g
        p = g["players"][seat]
        p["wounds"] = p["exh"] = 0
        for ci in range(4):
            g["pool"][ci] += p["counters"][ci]
            p["counters"][ci] = 0
        p["credit"] = 0
        p["gold"] = 0
        q = p.get("quest")
        if q is not None:  # CHOICE R5.12b a knocked-out hero abandons the quest
            p["quest"] = None
            if q[1] >= 0:
                g["pool"][q[1]] += 1
            ev.append(Event("quest_lost", {"seat": seat, "card": q[0]}))
            self._discard_adv(q[0], ev)
        g["ko"] = {"seat": seat, "then": then, "stage": 0}
        self._ko_next(ev)

    def _ko_next(self, ev: list[Event]) -> None:
        """The knock-out's choices, each only when the rule leaves one. CHOICE R9.4a/b (option
        `knockout_ties`): among equally valuable cards and equally near cities the player
        chooses ("choose", the book: phases `ko_card`, `ko_city`) or the first in order is
        taken ("first": the first item held, then the first ally; the data file's city order).
        """
        g = self.g
        ko = g["ko"]
        p = g["players"][ko["seat"]]
        choose = self.cfg.options.knockout_ties == "choose"
        if ko["stage"] == 0:
            cards = self._ko_losable(p)
            if choose and len(cards) > 1:
                g["phase"] = "ko_card"
                g["actor"] = ko["seat"]
                return
            ko["stage"] = 1
            if cards:
                self._ko_lose(p, *cards[0], ev)
        cities = self._ko_cities(p)
        if choose and len(cities) > 1:
            g["phase"] = "ko_city"
            g["actor"] = ko["seat"]
            return
        self._ko_go(cities[0], ev)

    def _ko_losable(self, p: dict[str, Any]) -> list[tuple[str, int]]:
        """R9.4 the most valuable item or ally held (never a reward card): all those of the
        highest cost, items before allies, each in the order held."""
        c = self.cfg.content
        cands = [(c.market[k].cost, "item", i) for i, (k, _) in enumerate(p["items"])
                 if k < REWARD]
        cands += [(c.market[a[0]].cost, "ally", i) for i, a in enumerate(p["allies"])
                  if a[0] < REWARD]
        if not cands:
            return []
        best = max(x[0] for x in cands)
        return [(kind, i) for cost, kind, i in cands if cost == best]

    def _ko_lose(self, p: dict[str, Any], kind: str, i: int, ev: list[Event]) -> None:
        key = p["items"].pop(i)[0] if kind == "item" else p["allies"].pop(i)[0]
        self.g["mdeck"][1].append(key)
        ev.append(Event("lost_card", {"seat": self.g["ko"]["seat"], "card": key}))

    def _ko_cities(self, p: dict[str, Any]) -> list[int]:
        """R9.4 the cities nearest the hero's hex, in the data file's order."""
        c = self.cfg.content
        d = c.city_dist[p["pos"]]
        dist = [d[k] if d[k] >= 0 else 999 for k in range(len(c.cities))]
        return [k for k in range(len(c.cities)) if dist[k] == min(dist)]

    def _ko_go(self, city: int, ev: list[Event]) -> None:
        """The knocked-out hero moves to the city; what the knock-out interrupted goes on."""
        g = self.g
        ko = g["ko"]
        p = g["players"][ko["seat"]]
        ev.append(Event("knockout", {"seat": ko["seat"], "city": city}))
        p["pos"] = p["prev"] = self.cfg.content.cities[city]
        g["ko"] = None
        g["actor"] = -1
        if ko["then"] == "pvp":
            self._end_turn(ev)
        elif ko["then"] == "adventure":
            self._knockout_adventure_done(ev)

    # ------------------------------------------------------------------ hero against hero
    def _others_here(self) -> list[int]:
        """R5.9 other heroes on the hex: one may be attacked instead of any adventure."""
        g = self.g
        if g["endgame"]:
            return []
        pos = g["players"][g["seat"]]["pos"]
        return [o for o, q in enumerate(g["players"]) if o != g["seat"] and q["pos"] == pos]

    def _pvp_start(self, other: int, ev: list[Event]) -> None:
        g = self.g
        g["combat"] = {
            "card": -1, "pvp": 1, "A": g["seat"], "D": other, "target": 0, "wounds": 0,
            "stage": 0, "attacked": [0, 0, 0], "hero_fs": 0, "ally_fs": [0, 0], "item_fs": 0,
            "window": "round", "who": -1, "extra": 0, "queue": [], "dmg": 0, "dmg_fig": -1,
            "fs": None, "limit": "", "after_dmg": "", "from_slot": 0,
            "hex": g["players"][g["seat"]]["pos"], "winner": -1, "loser": -1,
        }
        ev.append(Event("pvp", {"seat": g["seat"], "other": other}))
        g["combat"]["fs_side"] = other
        g["combat"]["pfs"] = [0, 0, 0, 0]
        self._pvp_fs_next()

    def _pvp_fs_next(self) -> None:
        """R7.14a (seed p.10) the attacked hero makes all its first strikes first, then the
        attacker; a side with no first strike left is passed over."""
        g = self.g
        cb = g["combat"]
        while True:
            g["phase"] = "pvp_fs"
            g["actor"] = cb["fs_side"]
            if len(self._legal_pvp_fs()) > 1:
                return
            if not self._pvp_fs_side_done():
                return

    def _pvp_fs_side_done(self) -> bool:
        """The side striking first is done; True when the attacker's turn to strike follows."""
        g = self.g
        cb = g["combat"]
        if cb["fs_side"] == cb["D"]:
            cb["fs_side"] = cb["A"]
            cb["pfs"] = [0, 0, 0, 0]
            return True
        g["actor"] = -1
        self._pvp_round_start()
        return False

    def _legal_pvp_fs(self) -> list[int]:
        """R7.2 / R7.14a as against a card: one use of each figure's ability (repeatable ones
        while stamina lasts) and at most one activated first-strike item; discard items free."""
        g = self.g
        sp = self.cfg.space
        cb = g["combat"]
        p = g["players"][cb["fs_side"]]
        used = cb["pfs"]
        out = [sp.encode("fight")]
        ab = self.hero(p).ability
        if ab is not None and ab.kind == "first_strike" and (ab.repeatable or not used[0]) \
                and p["exh"] + ab.exhaustion <= self.stat(p, "stamina"):
            out.append(sp.encode("fs_hero"))
        for a, ally in enumerate(p["allies"]):
            ab2 = self.ally_card(ally[0]).ability
            if ab2 is not None and ab2.kind == "first_strike" and not used[1 + a] \
                    and ally[2] + ab2.exhaustion <= self.ally_card(ally[0]).stamina:
                out.append(sp.encode("fs_ally", a))
        for i, (key, spent) in enumerate(p["items"]):
            eff, usage = self.item_effect(key)
            if eff is None or eff.kind != "first_strike" or spent:
                continue
            if usage == "activate" and used[3]:
                continue
            out.append(sp.encode("fs_item", i))
        return out

    def _pvp_first_strike(self, name: str, off: int, ev: list[Event]) -> None:
        """R7.14a a first strike against a hero: the target hero rolls first (roll + its value
        of that kind is the target, as in every phase of this fight, CHOICE R7.14c); a miss has
        no effect (R7.2), a hit wounds the target hero."""
        g = self.g
        cb = g["combat"]
        seat = cb["fs_side"]
        p = g["players"][seat]
        cb["fs"], activated = self._spend_first_strike(p, name, off)
        if name == "fs_hero":
            cb["pfs"][0] = 1
        elif name == "fs_ally":
            cb["pfs"][1 + off] = 1
        elif activated:
            cb["pfs"][3] = 1
        ev.append(Event("first_strike", {"seat": seat, "by": name, "mode": cb["fs"][0]}))
        g["actor"] = -1
        g["pending"] = ["roll", "pvp_fs_target"]

    def _pvp_round_start(self) -> None:
        """R7.14 each round opens with an escape phase; only the attacking player may escape."""
        g = self.g
        cb = g["combat"]
        cb["attacked"] = [0, 0, 0]
        cb["stage"] = 0
        g["phase"] = "pvp_escape"
        g["actor"] = g["seat"]

    def _pvp_phase(self, ev: list[Event]) -> None:
        """R7.14 in each phase the defending hero rolls first: the total is the target."""
        g = self.g
        g["actor"] = -1
        g["pending"] = ["roll", "pvp_target"]

    def _legal_pvp_round(self) -> list[int]:
        g = self.g
        sp = self.cfg.space
        cb = g["combat"]
        a = g["players"][cb["A"]]
        out = [sp.encode("defend")]
        if not cb["attacked"][0]:
            out.append(sp.encode("attack_hero"))
        out += [sp.encode("attack_ally", i) for i in range(len(a["allies"]))
                if not cb["attacked"][i + 1]]
        return out

    def _pvp_choose(self, name: str, off: int) -> None:
        g = self.g
        cb = g["combat"]
        cb["who"] = -1 if name == "attack_hero" else off if name == "attack_ally" else -2
        if name == "attack_hero":
            cb["attacked"][0] = 1
        elif name == "attack_ally":
            cb["attacked"][off + 1] = 1
        g["actor"] = -1
        g["pending"] = ["roll", "pvp_combat"]

    def _hero_damage(self, p: dict[str, Any], mode: str) -> int:
        h = self.hero(p)
        return (h.mind, h.body, h.spirit)[MODE_ATTR[mode]][1]

    def _pvp_roll(self, what: str, roll: int, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        if what in ("pvp_fs_target", "pvp_fs"):
            side = cb["fs_side"]
            target_seat = cb["A"] if side == cb["D"] else cb["D"]
            mode, value, dmg, _fig = cb["fs"]
            if what == "pvp_fs_target":
                cb["target"] = roll + self._attack_value(g["players"][target_seat], -1, mode)
                ev.append(Event("pvp_target", {"seat": target_seat, "mode": mode, "roll": roll,
                                               "target": cb["target"]}))
                g["pending"] = ["roll", "pvp_fs"]
                return
            ok = roll + value >= cb["target"]
            ev.append(Event("attack", {"mode": mode, "roll": roll, "total": roll + value,
                                       "target": cb["target"], "ok": ok, "first_strike": True}))
            if ok and self._pvp_wound(target_seat, -1, dmg, ev):
                return
            self._pvp_fs_next()
            return
        mode = MODES[cb["stage"]]
        if what == "pvp_escape":
            me = g["players"][g["seat"]]
            other = g["players"][cb["D"] if cb["A"] == g["seat"] else cb["A"]]
            target = self.stat(other, "mind")
            total = roll + self.stat(me, "mind")
            ev.append(Event("escape", {"roll": roll, "total": total, "target": target,
                                       "ok": total >= target}))
            if total >= target:
                me["pos"], me["prev"] = me["prev"], me["pos"]
                g["combat"] = None
                g["actor"] = -1
                self._end_turn(ev)
            elif not self._pvp_wound(g["seat"], -1, 1, ev):
                g["phase"] = "pvp_escape"
                g["actor"] = g["seat"]
            return
        a = g["players"][cb["A"]]
        d = g["players"][cb["D"]]
        if what == "pvp_target":
            cb["target"] = roll + self._attack_value(d, -1, mode)
            ev.append(Event("pvp_target", {"seat": cb["D"], "mode": mode, "roll": roll,
                                           "target": cb["target"]}))
            g["phase"] = "pvp_round"
            g["actor"] = cb["A"]
            return
        who = cb["who"]
        fig = -1 if who < 0 else who
        total = roll + self._attack_value(a, fig, mode)
        ok = total >= cb["target"]
        attack = who != -2
        ev.append(Event("attack" if attack else "defence",
                        {"mode": mode, "roll": roll, "total": total, "target": cb["target"],
                         "ok": ok, "fig": fig}))
        d_dmg = self._hero_damage(d, mode)
        if attack and ok:
            if fig < 0:
                dmg = self._hero_damage(a, mode)
            else:
                mc = self.ally_card(a["allies"][fig][0])
                dmg = (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][1]
            over = self._pvp_wound(cb["D"], -1, dmg, ev)
        elif attack:
            over = self._pvp_wound(cb["A"], fig, d_dmg, ev)
        elif ok:
            over = mode == "magic" and self.cfg.options.magic_defence_strikes and \
                self._pvp_wound(cb["D"], -1, self._hero_damage(a, "magic"), ev)
        else:
            over = self._pvp_wound(cb["A"], -1, d_dmg, ev)
        if over:
            return
        if cb["stage"] < 2:
            cb["stage"] += 1
            self._pvp_phase(ev)
        else:  # R7.14 at the end of each round attacker and defender swap
            cb["A"], cb["D"] = cb["D"], cb["A"]
            self._pvp_round_start()

    def _pvp_wound(self, seat: int, fig: int, n: int, ev: list[Event]) -> bool:
        """Wounds in a fight between heroes; True when a hero is beaten (the fight is over)."""
        g = self.g
        p = g["players"][seat]
        if n <= 0:
            return False
        if fig >= 0:
            ally = p["allies"][fig]
            ally[1] += n
            ev.append(Event("ally_wounded", {"seat": seat, "card": ally[0], "wounds": n}))
            if ally[1] >= self.ally_card(ally[0]).life:
                p["allies"].pop(fig)
                self._ally_gone(ally[0], ev)
                ev.append(Event("ally_dies", {"seat": seat, "card": ally[0]}))
            return False
        p["wounds"] += n
        ev.append(Event("wounded", {"seat": seat, "wounds": n}))
        if p["wounds"] < self.stat(p, "life"):
            return False
        cb = g["combat"]
        cb["loser"] = seat
        cb["winner"] = cb["D"] if seat == cb["A"] else cb["A"]
        ev.append(Event("pvp_won", {"seat": cb["winner"], "other": seat}))
        g["phase"] = "loot"
        g["actor"] = cb["winner"]
        return True

    def _legal_loot(self) -> list[int]:
        """R7.14 the winner takes one item, one ally, all the gold, or "an adventure card of his
        choice" [S p.10]: a reward item or ally (a kept adventure card) may be taken too, within
        the winner's limits."""
        g = self.g
        sp = self.cfg.space
        cb = g["combat"]
        w = g["players"][cb["winner"]]
        lo = g["players"][cb["loser"]]
        out = [sp.encode("skip")]
        out += [sp.encode("loot_item", i) for i, (k, _) in enumerate(lo["items"])
                if not self._at_limit(w, k)]
        if len(w["allies"]) < 2:
            out += [sp.encode("loot_ally", i) for i in range(len(lo["allies"]))]
        if lo["gold"] > 0:
            out.append(sp.encode("loot_gold"))
        return out

    def _loot(self, name: str, off: int, ev: list[Event]) -> None:
        g = self.g
        cb = g["combat"]
        w = g["players"][cb["winner"]]
        lo = g["players"][cb["loser"]]
        if name == "loot_item":
            w["items"].append([lo["items"].pop(off)[0], 0])
        elif name == "loot_ally":
            w["allies"].append(lo["allies"].pop(off))  # it keeps its wounds and exhaustion
        else:
            w["gold"] += lo["gold"]
            lo["gold"] = 0
        ev.append(Event("loot", {"seat": cb["winner"], "what": name}))
        self._pvp_finish(ev)

    def _pvp_finish(self, ev: list[Event]) -> None:
        """The loser is knocked out (R9.4); no experience for either; the turn ends."""
        g = self.g
        cb = g["combat"]
        g["combat"] = None
        g["actor"] = -1
        self._knockout_procedure(cb["loser"], ev, "pvp")

    # ------------------------------------------------------------------ items, limits, XP
    def _use_item(self, p: dict[str, Any], i: int, ev: list[Event]) -> None:
        g = self.g
        key = p["items"][i][0]
        eff, usage = self.item_effect(key)
        window = {"move_choice": "move", "market": "market", "round": "round"}[g["phase"]]
        if usage == "discard":
            p["items"].pop(i)
            self._lose_item(key)
        elif usage == "activate":
            p["items"][i][1] = 1
            g["act"].append(window)
        ev.append(Event("use_item", {"seat": g["seat"], "card": key}))
        if eff.kind == "extra_move":
            g["extra_dice"] = g.get("extra_dice", 0) + eff.amount
        elif eff.kind == "heal":
            p["wounds"] = max(0, p["wounds"] - eff.amount)
        elif eff.kind == "extra_damage":
            g["combat"]["extra"] = eff.amount

    def _buy_xp(self, p: dict[str, Any], k: int, ev: list[Event]) -> None:
        """R8.1 spend counters (lowest value first) for one experience counter; change kept."""
        g = self.g
        cost = self.cfg.xp_cost
        vals = [self.cfg.content.counters.counters[col][1] for col in COLOURS]
        have = p["credit"]
        for ci in sorted(range(4), key=lambda i: vals[i]):
            while have < cost and p["counters"][ci]:
                p["counters"][ci] -= 1
                g["pool"][ci] += 1
                have += vals[ci]
        p["credit"] = have - cost
        p["bonus"][k] += 1
        # "stat", not "kind": a viewer's event dict has the event's own "kind" key
        ev.append(Event("xp", {"seat": g["seat"], "stat": XP_KINDS[k]}))

    # ------------------------------------------------------------------ endgame
    def _setup_endgame(self, ev: list[Event]) -> None:
        """R10.6 (seed) red events/encounters out, undefeated red cards back, levels decide order.

        CHOICE R10.7 (the seed is cut off): in that order each hero faces the top red card,
        cycling, until one defeats Margath or holds 3 runes; an empty red deck ends by score."""
        g = self.g
        c = self.cfg.content
        red = g["decks"]["red"]
        cards = [x for x in red[0] + red[1] if x >= 0]
        for k, s in enumerate(g["slots"]):
            if s and c.adventures[s[0]].colour == "red":
                cards.append(s[0])
                g["slots"][k] = []
        for x in g["doom"]:
            if x >= 0 and c.adventures[x].colour == "red":
                cards.append(x)
        keep = sorted(x for x in cards if c.adventures[x].kind == "challenge")
        g["out"] += [x for x in cards if c.adventures[x].kind != "challenge"]
        g["decks"]["red"] = [keep, []]
        g["endgame"] = True

        def order(s: int) -> tuple[int, int, int]:
            p = g["players"][s]
            return (-(sum(p["bonus"]) + 1), -p["gold"], s)

        g["end_order"] = sorted(range(self.cfg.players), key=order)
        g["end_idx"] = 0
        g["seat"] = g["end_order"][0]
        ev.append(Event("endgame", {"order": g["end_order"][:]}))
        self._start_turn(ev)

    def _endgame_turn(self, ev: list[Event]) -> None:
        g = self.g
        if self.deck_size("red") == 0:
            self._finish_by_score(ev, "red_deck_empty")
            return
        g["phase"] = "endgame_draw"
        g["pending"] = ["draw", "red"]

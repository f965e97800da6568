"""Mesopotamia's structured observation: a seat's view as per-cell planes and counts (R10).

Read only from `MesoState.view(seat)`: the table, every member and what it visibly carries (other
seats' offerings show no value), huts and holy places, supplies, the seat's own offerings and
cards, the card piles' sizes. Seats are counted from the observer (0 = the observing seat, 1 =
the next, ...; a spectator's view counts from seat 0).

Cells are the table's hexagon in `Config.coords` order (axial coordinates within the
`table_radius` option of the ziggurat), so every plane has one entry per cell of the table, a
tile there or not. Every field is documented in `docs/interop.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import View
from boardwright.engine.observation import Field, Observer

from .data import (
    CARD_IDS,
    HOLY_PLACES,
    HUTS,
    MEMBERS,
    NEUTRAL,
    OFFERING_VALUES,
    PHASE_NAMES,
    TERRAINS,
    Config,
    build_config,
)

#: how a member's load reads in a view, to its owner or to anyone: load index, stole this turn
LOADS = ("empty", "wood", "stone", "offering")
_OFFER = {f"offering{v}": i for i, v in enumerate(OFFERING_VALUES)}


def _load_table() -> dict[str, tuple[int, int, int]]:
    """View name of a member's kind -> (load, offering value index or -1, stole this turn)."""
    table: dict[str, tuple[int, int, int]] = {}
    for star in ("", "*"):
        stole = int(bool(star))
        for i, name in enumerate(LOADS):
            table[name + star] = (i, -1, stole)
        for name, value in _OFFER.items():
            table[name + star] = (3, value, stole)
    return table


class MesoObserver(Observer):
    """The fields of one Mesopotamia configuration (player count and table radius)."""

    def __init__(self, cfg: Config) -> None:
        n, cells = cfg.players, cfg.ncells
        phases, cards = len(PHASE_NAMES), len(CARD_IDS)
        super().__init__([
            Field("phase", (phases,), "one-hot: the phase, in the order " + ", ".join(PHASE_NAMES)),
            Field("resume", (phases,), "one-hot: the phase play returns to after a card"),
            Field("to_move", (n,), "one-hot: the seat to decide now (relative; none at chance)"),
            Field("active", (n,), "one-hot: the seat whose turn it is (relative)"),
            Field("turn", (4,), "turn number, movement points left, explorations and free "
                  "steps used this turn", high=1000.0, scale=10.0),
            Field("terrain", (len(TERRAINS), cells),
                  "one-hot per cell: the tile there (" + ", ".join(TERRAINS) + "); none: no tile"),
            Field("resources", (2, cells), "[wood or stone, cell]: loose resources on the tile",
                  high=40.0),
            Field("members", (n, len(LOADS), cells),
                  "[seat, load, cell]: members of each seat carrying nothing, wood, stone or an "
                  "offering (relative)", high=float(MEMBERS)),
            Field("stole", (n, cells), "members of each seat that stole this turn (relative)",
                  high=float(MEMBERS)),
            Field("own_carriers", (len(OFFERING_VALUES), cells),
                  "the seat's own members carrying an offering of value 2, 4, 6, 7",
                  high=float(MEMBERS)),
            Field("huts", (n + 1, cells),
                  "[owner, cell]: huts of each seat (relative), the last row neutral huts",
                  high=2.0),
            Field("hut_offerings", (n, cells),
                  "huts of each seat holding an offering (relative)", high=2.0),
            Field("own_hut_offerings", (len(OFFERING_VALUES), cells),
                  "the seat's own huts holding an offering of value 2, 4, 6, 7", high=2.0),
            Field("holy", (n, cells), "1 where a seat's holy place stands (relative)"),
            Field("priest", (cells,), "1 on the tiles a Priesthood card has already used"),
            Field("done", (cells,), "building actions taken on the tile this turn", high=4.0),
            Field("pending", (2, cells), "[from, to]: the cells of a move under way (an "
                  "exploration, a teleport or Marduk's Wrath)"),
            Field("tiles", (3, 4),
                  "[stack, box, scout's draw] x (plains, forest, quarry, volcano): tile counts",
                  high=41.0, scale=5.0),
            Field("supply_resources", (2,), "wood and stone left in the general supply",
                  high=40.0, scale=10.0),
            Field("seats", (n, 7),
                  "[seat, (mana, mana limit, members, huts, holy places, offerings in supply, "
                  "cards in hand)] (relative)", high=40.0, scale=4.0),
            Field("delivered", (n, len(OFFERING_VALUES)),
                  "[seat, value 2/4/6/7]: offerings delivered to the ziggurat (relative)"),
            Field("own_offerings", (len(OFFERING_VALUES),),
                  "the seat's offerings still in its supply, by value 2, 4, 6, 7"),
            Field("own_hand", (cards,), "the seat's cards: " + ", ".join(CARD_IDS), high=10.0),
            Field("cards", (2, cards), "[discard, box] per card", high=10.0),
            Field("deck", (3,), "cards in the deck, Scouts and Twins still pending",
                  high=30.0, scale=10.0),
            Field("outcome", (n + 1,), "one-hot: the winning seat (relative); last: capped"),
        ])
        self.cfg = cfg
        self.cell_index = {label: i for i, label in enumerate(cfg.labels)}
        self.phases = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.loads = _load_table()
        assert HUTS and HOLY_PLACES  # the bounds above assume the printed pieces

    def fill(self, view: View, seat: int | None, slots: list[int], values: list[float]
             ) -> None:
        n, cells = self.cfg.players, self.cfg.ncells
        at = self.start
        cell = self.cell_index
        me = seat if seat is not None else 0
        rel = [(p - me) % n for p in range(n)]

        def add(slot: int, value: float = 1.0) -> None:
            slots.append(slot)
            values.append(value)

        add(at["phase"] + self.phases[view["phase"]])
        add(at["resume"] + self.phases[view["resume"]])
        if view["to_move"] >= 0:
            add(at["to_move"] + rel[view["to_move"]])
        add(at["active"] + rel[view["active"]])
        for i, key in enumerate(("turn", "mp", "explorations", "free_used")):
            add(at["turn"] + i, view[key])
        terrain = {name: i for i, name in enumerate(TERRAINS)}
        for q, r, name in view["tiles"]:
            add(at["terrain"] + terrain[name] * cells + cell[f"{q},{r}"])
        for i, key in enumerate(("wood", "stone")):
            for label, count in view[key].items():
                add(at["resources"] + i * cells + cell[label], count)
        loads = self.loads
        for p, per in enumerate(view["members"]):
            base = at["members"] + rel[p] * len(LOADS) * cells
            stole = at["stole"] + rel[p] * cells
            for label, entry in per.items():
                c = cell[label]
                for name, count in entry.items():
                    load, value, starred = loads[name]
                    add(base + load * cells + c, count)
                    if starred:
                        add(stole + c, count)
                    if value >= 0:
                        add(at["own_carriers"] + value * cells + c, count)
        for hut in view["huts"]:
            c = cell[hut["cell"]]
            owner = n if hut["owner"] == NEUTRAL else rel[hut["owner"]]
            add(at["huts"] + owner * cells + c)
            if hut["offering"] and owner < n:
                add(at["hut_offerings"] + owner * cells + c)
            if "value" in hut:
                add(at["own_hut_offerings"] + _OFFER[f"offering{hut['value']}"] * cells + c)
        for label, owner in view["holy"].items():
            add(at["holy"] + rel[owner] * cells + cell[label])
        for label in view["priest"]:
            add(at["priest"] + cell[label])
        for label in view["done"]:
            add(at["done"] + cell[label])
        pending = view["pending"]
        for i, keys in enumerate((("explore_from", "from"), ("explore_to",))):
            for key in keys:
                if key in pending:
                    add(at["pending"] + i * cells + cell[pending[key]])
        for row, key in enumerate(("stack", "boxed_tiles")):
            for i, name in enumerate(TERRAINS[:4]):
                add(at["tiles"] + row * 4 + i, view[key][name])
        for name in view["scout_drawn"]:
            add(at["tiles"] + 8 + terrain[name])
        add(at["supply_resources"], view["supply_wood"])
        add(at["supply_resources"] + 1, view["supply_stone"])
        for p, info in enumerate(view["seats"]):
            base = at["seats"] + rel[p] * 7
            for i, key in enumerate(("mana", "limit", "members_supply", "huts_supply",
                                     "holy_supply", "offerings_supply", "hand_size")):
                add(base + i, info[key])
            for value in info["delivered"]:
                add(at["delivered"] + rel[p] * 4 + OFFERING_VALUES.index(value))
            for value in info.get("offerings", ()):
                add(at["own_offerings"] + OFFERING_VALUES.index(value))
            for card in info.get("hand", ()):
                add(at["own_hand"] + CARD_IDS.index(card))
        for row, key in enumerate(("discard", "boxed_cards")):
            for i, card in enumerate(CARD_IDS):
                add(at["cards"] + row * len(CARD_IDS) + i, view[key][card])
        for i, key in enumerate(("deck", "scouts_pending", "twins_pending")):
            add(at["deck"] + i, view[key])
        if view["winner"] >= 0:
            add(at["outcome"] + rel[view["winner"]])
        if view["capped"]:
            add(at["outcome"] + n)


def observer(players: int, options: Mapping[str, Any] | None = None) -> MesoObserver:
    """The observer of a Mesopotamia configuration (`Game.observer` finds it here)."""
    return MesoObserver(build_config(players, dict(options or {})))

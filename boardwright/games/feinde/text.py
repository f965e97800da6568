"""Fürchterliche Feinde in words: actions and events from `messages/<lang>.json`.

Only public facts are used (the action, the public phase, the board). Seats are Player A..F.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine.i18n import Catalogue

from .actions import action_to_text
from .data import (
    AMOUNT_BASE,
    CARD_KINDS,
    CHANCE_PHASES,
    CHEST0,
    DELTA_BASE,
    DIRS,
    DONE,
    END,
    ESCAPE,
    FIGHT,
    FIGHT_MOVE,
    FOLLOW,
    FREE_STEP,
    HERO_START,
    INVIS_HEROES,
    INVIS_MONSTERS,
    JOIN,
    MSTEP,
    MSTOP,
    NO,
    PICK_CROSS,
    PICK_ROOM,
    PLAY,
    REST,
    ROT_BASE,
    RUN,
    STEP,
    TELEPORT,
    TELEPORT_LETTERS,
    TELEPORT_PAIRINGS,
    TILE_SHAPES,
    TRAVEL_TO,
    YES,
)
from .movement import teleport_partner

if TYPE_CHECKING:
    from .forward import FeindeState

PACKAGE = "boardwright.games.feinde"
LETTERS = "ABCDEF"


def catalogue(lang: str = "en") -> Catalogue:
    return Catalogue(PACKAGE, lang)


def player_name(seat: int, lang: str = "en") -> str:
    if not isinstance(seat, int) or not 0 <= seat < len(LETTERS):
        return "?"
    return catalogue(lang)("seat", letter=LETTERS[seat])


def card_name(kind: str, lang: str = "en") -> str:
    t = catalogue(lang)
    for prefix in ("move", "power", "know", "monster"):
        rest = kind[len(prefix):]
        if kind.startswith(prefix) and rest.isdigit():
            return t(f"card.{prefix}", n=int(rest))
    return t(f"card.{kind}")


#: a corridor space's label (data.corridor_labels): the ends of its corridor and its place
CORRIDOR_LABEL = re.compile(r"^([A-Z]\w*)-([A-Z]\w*)/\d+$")


def place_name(label: str, lang: str = "en") -> str:
    """A space as the board shows it: a room by its label (R07, S2), `crossing X03`,
    `teleport a`, or a corridor space as `corridor R07–X03` (the two labelled ends it joins)."""
    t = catalogue(lang)
    label = str(label)
    corridor = CORRIDOR_LABEL.match(label)
    if corridor:
        return t("place.corridor", a=corridor[1], b=corridor[2])
    if len(label) == 1 and label in TELEPORT_LETTERS:
        return t("place.teleport", letter=label)
    if label[:1] == "X" and label[1:].isdigit():
        return t("place.crossing", crossing=label)
    return label


def open_ways(shape: str, rotation: int, lang: str = "en") -> str:
    """A crossing tile's open arms in words: `north, east and south`."""
    t = catalogue(lang)
    ways = sorted((DIRS.index(d) + rotation) % 4 for d in shape)
    words = [t("dir." + DIRS[d]) for d in ways]
    if len(words) == 1:
        return words[0]
    return t("ways.and", first=", ".join(words[:-1]), last=words[-1])


def describe_action(st: FeindeState, a: int, lang: str = "en") -> str:
    t = catalogue(lang)
    b = st.cfg.board
    text = action_to_text(st.cfg, a)
    if st.phase in CHANCE_PHASES:
        return t("action.chance", text=text)
    here = st.pos[st.to_move] if st.to_move >= 0 and st.pos[st.to_move] >= 0 else -1
    if a in (FIGHT_MOVE, RUN, REST, ESCAPE):
        return t("action." + text)
    if STEP <= a < STEP + 4:
        d = a - STEP
        to = b.nb[here][d] if here >= 0 else -1
        return t("action.step", dir=t("dir." + DIRS[d]),
                 to=place_name(b.labels[to], lang) if to >= 0 else "?")
    if a == TELEPORT:
        to = teleport_partner(st, here) if here >= 0 else -1
        return t("action.teleport", to=b.labels[to] if to >= 0 else "?")
    if a == END:
        return t("action.end_free" if st.phase == FREE_STEP else "action.end")
    if a == FIGHT:
        token = st.token[here] if here >= 0 else 0
        if token >= CHEST0:
            return t("action.open")
        return t("action.fight", monster=token)
    if a == YES:
        if st.phase == JOIN:
            return t("action.yes_join", player=player_name(st.to_move, lang))
        return t("action.yes_follow" if st.phase == FOLLOW else "action.yes_apprentice")
    if a == NO:
        return t("action.no")
    if HERO_START <= a < HERO_START + 4:
        return t("action.start", room=text.split()[1])
    if PLAY <= a < PLAY + len(CARD_KINDS):
        return t("action.play", card=card_name(CARD_KINDS[a - PLAY], lang))
    if DELTA_BASE <= a < DELTA_BASE + 9:
        return t("action.delta", delta=text.split()[1])
    if TRAVEL_TO <= a < TRAVEL_TO + 6:
        return t("action.travel", player=player_name(a - TRAVEL_TO, lang))
    if MSTEP <= a < MSTEP + len(b.rooms):
        return t("action.monster", room=text.split()[1])
    if a == MSTOP:
        return t("action.mstop")
    if PICK_ROOM <= a < PICK_CROSS + len(b.crossings):
        return t("action.pick", what=text.split()[1])
    if ROT_BASE <= a < ROT_BASE + 4:
        c = st.pick_first
        shape = st.cross_shape[c] if c >= 0 else -1
        if shape < 0:
            return t("action.rotate", rot=a - ROT_BASE)
        return t("action.rotate_open", crossing=b.labels[c],
                 ways=open_ways(TILE_SHAPES[shape], a - ROT_BASE, lang))
    if a == DONE:
        return t("action.done")
    if a == INVIS_MONSTERS:
        return t("action.unseen_monsters")
    if a == INVIS_HEROES:
        return t("action.unseen_heroes")
    if AMOUNT_BASE + 1 <= a <= AMOUNT_BASE + 4:
        card = CARD_KINDS[st.next_token] if st.next_token else ""
        key = "action.amount_power" if card.startswith("power") else "action.amount_knowledge"
        return t(key, n=a - AMOUNT_BASE)
    return text


def describe_event(event: Mapping[str, Any], lang: str = "en") -> str:
    t = catalogue(lang)
    kind = str(event.get("kind", ""))
    params: dict[str, Any] = {k: v for k, v in event.items() if k != "kind"}
    if "seat" in params:
        params["player"] = player_name(params["seat"], lang)
    for key in ("to", "at"):
        if key in params and kind != "teleported":  # a teleport names the field's letter
            params[key] = place_name(str(params[key]), lang)
    if kind == "stepped" and str(params.get("dir", "")) in DIRS:
        params["dir"] = t("dir." + str(params["dir"]))
    if kind == "teleports":
        pairs = TELEPORT_PAIRINGS[int(params.get("pairing", 0)) % len(TELEPORT_PAIRINGS)]
        blue, yellow = ("–".join(TELEPORT_LETTERS[i] for i in pair) for pair in pairs)
        return t("event.teleports_linked", blue=blue, yellow=yellow)
    if kind == "crossing_revealed" and str(params.get("shape", "")) in TILE_SHAPES:
        return t("event.crossing_opened", crossing=params.get("crossing", "?"),
                 ways=open_ways(str(params["shape"]), int(params.get("rotation", 0)), lang))
    if kind == "card_drawn" and "card" in params:
        return t("event.card_drawn_own", card=card_name(params["card"], lang),
                 group=params.get("group", "?"))
    if kind in ("card_played", "card_amount"):
        params["card"] = card_name(str(params.get("card", "")), lang)
    if kind == "fight":
        params["case"] = t("case." + str(params.get("case", "normal")))
    if kind == "token_placed":
        params["what"] = t("what." + str(params.get("what", "monster")))
    if kind == "swapped":
        rooms = params.get("rooms", ["?", "?"])
        params["a"], params["b"] = rooms[0], rooms[1]
    if kind == "game_over":
        params["why"] = t("why." + str(params.get("why", "")))
    if kind == "joins":
        params["master"] = player_name(params.get("master", -1), lang)
    if kind == "invisible":
        params["towards"] = t("towards." + str(params.get("towards", "monsters")))
    if kind == "monster_changed":
        params["delta"] = f"{params.get('delta', 0):+d}"
    text = t("event." + kind, **params)
    if kind == "killed" and params.get("total_victory"):
        text += " " + t("event.total_victory")
    return text

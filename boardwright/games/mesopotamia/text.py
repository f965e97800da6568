"""Mesopotamia in words: actions and events for a person, from `messages/<lang>.json`.

Only public facts are used (an action's JSON form and the public board), except that a player's
own offering values appear in their own actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine.i18n import Catalogue

from . import rules
from .data import DIRECTION_NAMES, TERRAINS, TP_SIZE

if TYPE_CHECKING:
    from .state import MesoState

PACKAGE = "boardwright.games.mesopotamia"
LETTERS = "ABCD"


def catalogue(lang: str = "en") -> Catalogue:
    return Catalogue(PACKAGE, lang)


def player_name(seat: int, lang: str = "en") -> str:
    return catalogue(lang)("seat", letter=LETTERS[seat])


def load_name(load: str, lang: str = "en", own: bool = False) -> str:
    t = catalogue(lang)
    if load.startswith("offering") and load != "offering":
        if own:
            return t("load.offering_value", value=load[len("offering"):])
        load = "offering"
    return t(f"load.{load}")


def thing_name(thing: Mapping[str, Any], lang: str = "en") -> str:
    t = catalogue(lang)
    if "loose" in thing:
        return t("thing.loose", resource=t(f"resource.{thing['loose']}"))
    if "lift" in thing:
        return t("thing.lift", resource=t(f"resource.{thing['lift']}"),
                 player=player_name(thing["from"], lang))
    if "hut" in thing:
        return t("thing.hut", player=thing.get("owner_name", "?"))
    return t("thing.member", player=player_name(thing["member"], lang),
             load=load_name(thing["load"], lang))


def describe_action(state: MesoState, action: int, lang: str = "en") -> str:
    t = catalogue(lang)
    data = rules.action_to_json(state.cfg, action)
    block = data["do"]
    params = dict(data)
    cfg = state.cfg
    if "resource" in params:
        params["resource"] = t(f"resource.{params['resource']}")
    if "victim" in params:
        params["victim"] = player_name(int(params["victim"]), lang)
    if "card" in params:
        params["card"] = t(f"card.{params['card']}")
    if "terrain" in params:
        params["terrain"] = t(f"terrain.{params['terrain']}")
    if block == "move":
        c = cfg.parse_cell(data["cell"])
        assert c is not None
        d = DIRECTION_NAMES.index(data["dir"])
        to = cfg.nbr[c][d]
        params["to"] = cfg.label(to)
        params["dir"] = t(f"dir.{data['dir']}")
        params["load"] = load_name(data["load"], lang, own=True)
        tile = state.tile[to]
        key = "action.explore" if tile < 0 else "action.move"
        if tile >= 0:
            params["terrain"] = t(f"terrain.{TERRAINS[tile]}")
        text = t(key, **params)
        return text + (t("marked") if data["stole"] else "")
    if block in ("teleport", "wrath"):
        c = cfg.parse_cell(data["cell"])
        assert c is not None
        size = TP_SIZE if block == "teleport" else 30
        thing = rules._thing_json(state, int(data["thing"]), size)
        if "hut" in thing:
            owner = state.hut_owner[2 * c + thing["hut"]]
            thing["owner_name"] = player_name(owner, lang) if owner < 4 else "—"
        params["thing"] = thing_name(thing, lang)
    if block == "place_resource" and state.pending:
        params["resource"] = t("resource.wood" if state.pending[0] == 1 else "resource.stone")
    if block == "finish_action" and state.phase == rules.ACTION:
        return t("action.finish_action.none")
    text = t(f"action.{block}", **params)
    if data.get("stole"):
        text += t("marked")
    return text


def describe_event(event: Mapping[str, Any], lang: str = "en") -> str:
    t = catalogue(lang)
    kind = event.get("kind", "")
    params: dict[str, Any] = dict(event)
    if "seat" in params:
        params["player"] = player_name(int(params["seat"]), lang)
    if "victim" in params:
        params["victim"] = player_name(int(params["victim"]), lang)
    for key in ("resource", "dropped", "took"):
        if key in params:
            params[key] = t(f"resource.{params[key]}")
    if "terrain" in params:
        params["terrain"] = t(f"terrain.{params['terrain']}")
    if "card" in params:
        params["card"] = t(f"card.{params['card']}")
    if "load" in params:
        params["load"] = load_name(str(params["load"]), lang)
    if kind == "game_over":
        names = ", ".join(player_name(w, lang) for w in params.get("winners", []))
        return t("event.game_over.capped" if params.get("capped") else "event.game_over",
                 winners=names)
    if kind == "card_drawn" and "card" in event:
        return t("event.card_drawn.own", **params)
    return t(f"event.{kind}", **params)


def phase_name(phase: str, lang: str = "en") -> str:
    return catalogue(lang)(f"phase.{phase}")

"""Mesopotamia in words: actions and events for a person, from `messages/<lang>.json`.

Only public facts are used (an action's JSON form and the public board), except that a player's
own offering values appear in their own actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine.i18n import Catalogue

from .actions import action_to_json, thing_json
from .data import ACTION, DIRECTION_NAMES, DIRECTIONS, TERRAINS, TP_SIZE

if TYPE_CHECKING:
    from .forward import MesoState

PACKAGE = "boardwright.games.mesopotamia"
LETTERS = "ABCD"


def catalogue(lang: str = "en") -> Catalogue:
    return Catalogue(PACKAGE, lang)


def player_name(seat: int, lang: str = "en") -> str:
    return catalogue(lang)("seat", letter=LETTERS[seat])


# The six directions in order round the compass: two neighbours in this list are adjacent.
_ROUND = ("n", "ne", "se", "s", "sw", "nw")
_STEP = dict(zip(DIRECTION_NAMES, DIRECTIONS, strict=True))


def place_steps(label: str) -> tuple[tuple[str, int], ...]:
    """How to walk from the ziggurat (0,0) to the hex `label`: one or two straight runs along
    neighbouring directions, e.g. (("n", 2), ("ne", 1)); () for the ziggurat. Every hex has
    exactly one such walk, so it names the hex as a player counts it on the table."""
    q, r = (int(x) for x in label.split(","))
    dist = max(abs(q), abs(r), abs(q + r))
    for i, first in enumerate(_ROUND):
        second = _ROUND[(i + 1) % 6]
        (q1, r1), (q2, r2) = _STEP[first], _STEP[second]
        for a in range(1, dist + 1):
            b = dist - a
            if (a * q1 + b * q2, a * r1 + b * r2) == (q, r):
                return ((first, a),) + (((second, b),) if b else ())
    return ()


def place_name(label: str, lang: str = "en", terrain: str | None = None,
               unexplored: bool = False) -> str:
    """A hex in words, by where it lies from the ziggurat ("the forest north-east of the
    ziggurat"), never by its coordinates; the same words as the browser map's (place.* keys)."""
    t = catalogue(lang)
    what = (t("place.unexplored") if unexplored else
            t(f"terrain.{terrain}") if terrain else t("place.tile"))
    steps = place_steps(label)
    if not steps:
        return t("place.centre", what=what)
    (d1, a), *rest = steps
    if rest:
        (d2, b), = rest
        return t("place.bend", what=what, a=a, dir1=t(f"place.dir.{d1}"), b=b,
                 dir2=t(f"place.dir.{d2}"))
    if a == 1:
        return t("place.near", what=what, dir=t(f"place.dir.{d1}"))
    return t("place.line", what=what, n=a, dir=t(f"place.dir.{d1}"))


def _tile_place(state: MesoState, label: str, lang: str) -> str:
    c = state.cfg.parse_cell(label)
    assert c is not None
    tile = state.tile[c]
    return place_name(label, lang, TERRAINS[tile] if tile >= 0 else None, unexplored=tile < 0)


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
    data = action_to_json(state.cfg, action)
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
    if "cell" in params:
        params["cell"] = _tile_place(state, data["cell"], lang)
    if block == "move":
        c = cfg.parse_cell(data["cell"])
        assert c is not None
        d = DIRECTION_NAMES.index(data["dir"])
        to = cfg.nbr[c][d]
        params["to"] = _tile_place(state, cfg.label(to), lang)
        params["dir"] = t(f"dir.{data['dir']}")
        params["load"] = load_name(data["load"], lang, own=True)
        key = "action.explore" if state.tile[to] < 0 else "action.move"
        text = t(key, **params)
        return text + (t("marked") if data["stole"] else "")
    if block in ("teleport", "wrath"):
        c = cfg.parse_cell(data["cell"])
        assert c is not None
        size = TP_SIZE if block == "teleport" else 30
        thing = thing_json(int(data["thing"]), size)
        if "hut" in thing:
            owner = state.hut_owner[2 * c + thing["hut"]]
            thing["owner_name"] = player_name(owner, lang) if owner < 4 else "—"
        params["thing"] = thing_name(thing, lang)
    if block == "place_resource" and state.pending:
        params["resource"] = t("resource.wood" if state.pending[0] == 1 else "resource.stone")
    if block == "finish_action" and state.phase == ACTION:
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
    for key in ("cell", "from", "to"):
        if isinstance(params.get(key), str) and "," in params[key]:
            params[key] = place_name(params[key], lang)
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

"""Runebound in the terminal: the map with the heroes and adventure counters, each hero's sheet,
the markets, the undefeated challenges, the event and the doom track, in the reader's language.

The map is a hex grid (rows of axial r, each row shifted half a hex): one character a hex, so the
whole board fits 60 columns; it never wraps. Everything else is prose and wraps freely.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from .content import COLOURS, Content, load
from .text import city, msg

TERRAIN_CHAR = {"plains": ".", "road": "=", "river": "~", "swamp": "%", "forest": "♣",
                "hills": "n", "mountain": "^", "city": "C"}
COUNTER_CHAR = "gybr"
SEAT_STYLES = ("bold cyan", "bold magenta", "bold blue", "bold yellow", "bold green", "bold red")
COUNTER_STYLES = ("green", "yellow", "blue", "red")


def _map(c: Content, g: dict[str, Any]) -> Text:
    here: dict[int, list[int]] = {}
    for seat, p in enumerate(g["players"]):
        here.setdefault(p["pos"], []).append(seat)
    qs = [q for q, _ in c.coords]
    rs = [r for _, r in c.coords]
    index = {xy: i for i, xy in enumerate(c.coords)}
    out = Text(no_wrap=True, overflow="crop")
    for r in range(min(rs), max(rs) + 1):
        out.append(" " * (r - min(rs)))
        for q in range(min(qs), max(qs) + 1):
            h = index.get((q, r))
            if h is None:
                out.append("  ")
            elif h in here:  # several heroes on one hex show as '&'
                seats = here[h]
                out.append("&" if len(seats) > 1 else chr(65 + seats[0]),
                           "bold" if len(seats) > 1 else SEAT_STYLES[seats[0]])
                out.append(" ")
            elif g["board"][h] >= 0:
                out.append(COUNTER_CHAR[g["board"][h]], COUNTER_STYLES[g["board"][h]])
                out.append(" ")
            else:
                out.append(TERRAIN_CHAR[c.terrain[h]] + " ", "dim")
        out.append("\n")
    out.rstrip()
    return out


def _card_name(c: Content, key: int) -> str:
    return c.adventures[key - 1000].name if key >= 1000 else c.market[key].name


def _hero(c: Content, g: dict[str, Any], seat: int, lang: str) -> list[Text]:
    p = g["players"][seat]
    h = c.heroes[p["hero"]]
    b = p["bonus"]
    head = Text(msg(lang, "seat", letter=chr(65 + seat)), SEAT_STYLES[seat])
    if seat == g["seat"]:
        head.append(" ◀", "bold")
    head.append(f" {h.name}: ")
    counters = ", ".join(msg(lang, "render.counter", colour=msg(lang, f"colour.{colour}"), n=n)
                         for colour, n in zip(COLOURS, p["counters"], strict=True))
    head.append(msg(
        lang, "render.hero", wounds=p["wounds"], life=h.life + b[4], exh=p["exh"],
        stamina=h.stamina + 2 * b[3], mind=h.mind[0] + 2 * b[0], mind_dmg=h.mind[1],
        body=h.body[0] + 2 * b[1], body_dmg=h.body[1], spirit=h.spirit[0] + 2 * b[2],
        spirit_dmg=h.spirit[1], gold=p["gold"], counters=counters, runes=p["runes"]))
    lines = [head]
    used = msg(lang, "render.used")
    items = [_card_name(c, key) + (f" ({used})" if spent else "") for key, spent in p["items"]]
    allies = [msg(lang, "render.ally", name=_card_name(c, key), wounds=w, exh=e)
              for key, w, e in p["allies"]]
    if items:
        lines.append(Text("    " + msg(lang, "render.items", items=", ".join(items))))
    if allies:
        lines.append(Text("    " + msg(lang, "render.allies", allies=", ".join(allies))))
    if p.get("quest") is not None:
        a = c.adventures[p["quest"][0]]
        lines.append(Text("    " + msg(lang, "render.quest", card=a.name,
                                        city=a.quest.city if a.quest else "?")))
    return lines


def _table(c: Content, g: dict[str, Any], lang: str) -> list[Text]:
    out = []
    for k, market in enumerate(g["markets"]):
        if market:
            cards = ", ".join(msg(lang, "render.for_sale", name=c.market[x].name,
                                  cost=c.market[x].cost) for x in market)
            out.append(Text(msg(lang, "render.market", city=city(c.board.cities[k].name, lang),
                                cards=cards)))
    slots = [f"{k + 1}: {c.adventures[s[0]].name}" for k, s in enumerate(g["slots"]) if s]
    if slots:
        out.append(Text(msg(lang, "render.undefeated", cards="; ".join(slots))))
    if g["event"] >= 0:
        out.append(Text(msg(lang, "render.event", card=c.adventures[g["event"]].name)))
    out.append(Text(msg(lang, "render.doom", counters=g["doom_counters"], cards=len(g["doom"]),
                        round=g["round"]), "dim"))
    return out


def _situation(c: Content, g: dict[str, Any], lang: str) -> list[Text]:
    def seat(s: int) -> str:
        return msg(lang, "seat", letter=chr(65 + s))

    out = [Text(msg(lang, f"web.runebound.phase.{g['phase']}"), "bold")]
    cb = g["combat"]
    if g.get("trade") is not None:
        t = g["trade"]
        out.append(Text(msg(lang, "render.trade", player=seat(t["with"]))))
    if cb and cb.get("pvp"):
        out.append(Text(msg(lang, "render.pvp", attacker=seat(cb["A"]), defender=seat(cb["D"]))))
    elif cb:
        a = c.adventures[cb["card"]]
        out.append(Text(msg(lang, "render.combat", card=a.name, mind=a.mind[0], body=a.body[0],
                            spirit=a.spirit[0], wounds=cb["wounds"], life=a.life)))
    refill = g.get("refill")
    if g["phase"] == "refill" and refill:  # R5.6a what the drawer still places
        colour = refill["cols"][0]
        out.append(Text(msg(lang, "render.refill", colour=msg(lang, f"colour.{colour}"),
                            n=g["pool"][COLOURS.index(colour)])))
    ko = g.get("ko")
    if g["phase"] in ("ko_card", "ko_city") and ko:  # R9.4a/b whose choice it is
        out.append(Text(msg(lang, "render.knockout", player=seat(ko["seat"]))))
    return out


def render_view(view: dict[str, Any], lang: str = "en") -> Group:
    """The whole table as one seat (or a spectator) sees it; Runebound hides nothing."""
    c = load(view.get("options", {}).get("content"))
    g = view["g"]
    parts: list[Text] = [Text(msg(lang, "render.title"), "dim"), _map(c, g),
                         Text(msg(lang, "render.legend"), "dim")]
    for seat in range(len(g["players"])):
        parts.extend(_hero(c, g, seat, lang))
    parts.extend(_table(c, g, lang))
    parts.extend(_situation(c, g, lang))
    return Group(*parts)

"""A terminal rendering of a Runebound view: the party sheets, the board around each hero,
the market column, the undefeated column and the doom track (plain text, rich-compatible)."""

from __future__ import annotations

from typing import Any

from .content import COLOURS, load
from .text import msg

TERRAIN_CHAR = {"plains": ".", "road": "=", "river": "~", "swamp": "%", "forest": "♣",
                "hills": "n", "mountain": "^", "city": "C"}


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    c = load(view.get("options", {}).get("content"))
    g = view["g"]
    lines: list[str] = ["Runebound (2nd ed.) — ORIGINAL content set (not FFG's cards or map)"]
    pos: dict[int, str] = {}
    for i, p in enumerate(g["players"]):  # several heroes on one hex show as '&'
        pos[p["pos"]] = "&" if p["pos"] in pos else chr(65 + i)
    qs = [q for q, _ in c.coords]
    rs = [r for _, r in c.coords]
    index = {xy: i for i, xy in enumerate(c.coords)}
    for r in range(min(rs), max(rs) + 1):
        row = " " * (r - min(rs))
        for q in range(min(qs), max(qs) + 1):
            h = index.get((q, r))
            if h is None:
                row += "  "
            elif h in pos:
                row += pos[h] + " "
            elif g["board"][h] >= 0:
                row += "gybr"[g["board"][h]] + " "
            else:
                row += TERRAIN_CHAR[c.terrain[h]] + " "
        lines.append(row.rstrip())
    lines.append("legend: . plains = road ~ river % swamp ♣ forest n hills ^ mountain C city;"
                 " g/y/b/r adventure counters; letters heroes (& several)")
    for i, p in enumerate(g["players"]):
        h = c.heroes[p["hero"]]
        b = p["bonus"]
        lines.append(
            f"{msg(lang, 'seat', letter=chr(65 + i))}{' *' if i == g['seat'] else ''}: {h.name} "
            f"({h.source}) life {p['wounds']}/{h.life + b[4]} wounds, exh {p['exh']}/"
            f"{h.stamina + 2 * b[3]}, mind {h.mind[0] + 2 * b[0]}/{h.mind[1]} body "
            f"{h.body[0] + 2 * b[1]}/{h.body[1]} spirit {h.spirit[0] + 2 * b[2]}/{h.spirit[1]}"
            f", gold {p['gold']}, counters {dict(zip(COLOURS, p['counters'], strict=True))},"
            f" runes {p['runes']}")
        for key, spent in p["items"]:
            name = c.adventures[key - 1000].name if key >= 1000 else c.market[key].name
            lines.append(f"    item: {name}{' (used)' if spent else ''}")
        for key, w, e in p["allies"]:
            name = c.adventures[key - 1000].name if key >= 1000 else c.market[key].name
            lines.append(f"    ally: {name} wounds {w} exh {e}")
        if p.get("quest") is not None:
            a = c.adventures[p["quest"][0]]
            lines.append(f"    quest: {a.name} (to {a.quest.city if a.quest else '?'})")
    for k, m in enumerate(g["markets"]):
        if m:
            lines.append(f"market {c.board.cities[k].name}: "
                         + ", ".join(f"{c.market[x].name} ({c.market[x].cost})" for x in m))
    slots = [f"{k + 1}: {c.adventures[s[0]].name}" for k, s in enumerate(g["slots"]) if s]
    if slots:
        lines.append("undefeated: " + "; ".join(slots))
    if g["event"] >= 0:
        lines.append("event: " + c.adventures[g["event"]].name)
    lines.append(f"doom: {g['doom_counters']}/8 counters, {len(g['doom'])} cards on the track;"
                 f" round {g['round']}, phase {g['phase']}")
    if g.get("trade") is not None:
        t = g["trade"]
        lines.append(f"trade with {msg(lang, 'seat', letter=chr(65 + t['with']))}: give items "
                     f"{t['give_items']} allies {t['give_allies']} gold {t['give_gold']}; ask "
                     f"items {t['take_items']} allies {t['take_allies']} gold {t['take_gold']}")
    if g["combat"] and g["combat"].get("pvp"):
        cb = g["combat"]
        lines.append(f"hero combat: {msg(lang, 'seat', letter=chr(65 + cb['A']))} attacks "
                     f"{msg(lang, 'seat', letter=chr(65 + cb['D']))}")
    elif g["combat"]:
        cb = g["combat"]
        a = c.adventures[cb["card"]]
        lines.append(f"combat: {a.name} ({a.source}) mind {a.mind[0]}/{a.mind[1]} body "
                     f"{a.body[0]}/{a.body[1]} spirit {a.spirit[0]}/{a.spirit[1]} wounds "
                     f"{cb['wounds']}/{a.life}")
    return "\n".join(lines)

"""The movement phase (RULES.md R4): rolling or resting (R4.2, R4.5), the dice (R1.4), a step
instead of rolling (R4.6), moving die by die (R4.3) and arriving (R4.7: a quest's city, R5.12;
an adventure; the market)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from . import turn
from .queries import others_here, party_exh, quest_hex, slots_here
from .state import RuneboundTable


def rest(t: RuneboundTable, p: dict[str, Any], n: int, ev: list[Event]) -> None:
    """R4.2 roll `n` movement dice (an extra-move item adds its dice); R4.5 each die not
    rolled removes one exhaustion."""
    g = t.g
    g["to_roll"] = n + g.get("extra_dice", 0)
    g["extra_dice"] = 0
    g["recover"] = max(0, 4 - n)  # R4.5 one exhaustion off per die not rolled
    ev.append(Event("roll_dice", {"seat": g["seat"], "dice": n}))
    if g["recover"] and party_exh(t, p):
        g["phase"] = "recover"
    else:
        g["recover"] = 0
        after_recover(t)


def after_recover(t: RuneboundTable) -> None:
    """R4.5 recovery done: the dice are rolled (R1.4), or with none the movement ends
    (R4.7)."""
    g = t.g
    if g["to_roll"] > 0:
        g["pending"] = ["die"]
        g["phase"] = "rolling"
    else:
        arrive(t, [])


def arrive(t: RuneboundTable, ev: list[Event]) -> None:
    """R4.7 end of movement: an adventure here, then the market of a city."""
    g = t.g
    p = t.me()
    g["dice"] = []
    q = p.get("quest")
    if q is not None and "quest" not in g["act"] and not g["endgame"] and \
            p["pos"] == quest_hex(t, q[0]):
        g["act"].append("quest")  # R5.12 once a turn, on ending the movement there
        g["phase"] = "quest"
        g["pending"] = ["roll", "quest"]
        return
    if slots_here(t, p) or others_here(t) or (
            g["board"][p["pos"]] >= 0 and not t.forbidden(p, g["board"][p["pos"]])):
        g["phase"] = "adventure"
        return
    turn.after_adventure(t, ev)


def step(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R4.6 one step to the adjacent hex in direction `off` instead of rolling."""
    g = t.g
    p["prev"] = p["pos"]
    p["pos"] = t.cfg.content.neighbours[p["pos"]][off]
    ev.append(Event("step", {"seat": g["seat"], "to": p["pos"]}))
    arrive(t, ev)


def die_face(t: RuneboundTable, off: int, ev: list[Event]) -> None:
    """R1.4 one movement die rolled; with the last one the hero moves (R4.3)."""
    g = t.g
    g["dice"].append(off)
    g["to_roll"] -= 1
    if g["to_roll"] == 0:
        g["pending"] = None
        g["phase"] = "moving"
        ev.append(Event("dice", {"faces": g["dice"][:]}))


def move(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R4.3 die `off // 6` moves the hero to its neighbour `off % 6`; with the last die used
    the movement ends (R4.7)."""
    g = t.g
    d, k = divmod(off, 6)
    g["dice"][d] = -1
    p["prev"] = p["pos"]
    p["pos"] = t.cfg.content.neighbours[p["pos"]][k]
    ev.append(Event("move", {"seat": g["seat"], "to": p["pos"]}))
    if all(f < 0 for f in g["dice"]):
        arrive(t, ev)


def end_move(t: RuneboundTable, ev: list[Event]) -> None:
    """R4.5 stop recovering; R4.4 stop moving early (unused dice are lost)."""
    g = t.g
    if g["phase"] == "recover":
        g["recover"] = 0
        after_recover(t)
    else:
        arrive(t, ev)


def recover(t: RuneboundTable, p: dict[str, Any], off: int) -> None:
    """R4.5 one exhaustion off figure `off` (0 the hero, 1-2 an ally) for a die not rolled."""
    g = t.g
    if off == 0:
        p["exh"] -= 1
    else:
        p["allies"][off - 1][2] -= 1
    g["recover"] -= 1
    if g["recover"] == 0 or not party_exh(t, p):
        after_recover(t)

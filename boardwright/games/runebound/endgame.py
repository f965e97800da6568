"""The doom endgame and the end of the game (RULES.md R10.5-R10.8, R11): the endgame's set-up
and turns, the ranking by score and the game's end."""

from __future__ import annotations

from boardwright.engine.events import Event

from .state import RuneboundTable


def finish_by_score(t: RuneboundTable, ev: list[Event], why: str) -> None:
    """CHOICE R11.4 no winner by the rules: most runes, then level, then gold share it."""
    g = t.g
    keys = [score_key(t, s) for s in range(t.cfg.players)]
    best = max(keys)
    g["winners"] = [s for s in range(t.cfg.players) if keys[s] == best]
    if t.cfg.players == 1:  # R11.5 CHOICE: a solo hero wins only by R11.1
        g["winners"] = []
    game_over(t, ev, why)


def score_key(t: RuneboundTable, seat: int) -> tuple[int, int, int]:
    """R11.4 most runes, then the highest level (experience), then the most gold."""
    p = t.g["players"][seat]
    return (p["runes"], sum(p["bonus"]), p["gold"])


def game_over(t: RuneboundTable, ev: list[Event], why: str) -> None:
    """R11 The game ends (winners already set); `why` names the ending for reports."""
    g = t.g
    g["phase"] = "over"
    g["end_reason"] = why
    ev.append(Event("game_over", {"winners": g["winners"][:], "reason": why}))


def setup_endgame(t: RuneboundTable, ev: list[Event]) -> None:
    """R10.6 (seed) red events/encounters out, undefeated red cards back, levels decide order.

    CHOICE R10.7 (the seed is cut off): in that order each hero faces the top red card,
    cycling, until one defeats Margath or holds 3 runes; an empty red deck ends by score."""
    g = t.g
    c = t.cfg.content
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

    g["end_order"] = sorted(range(t.cfg.players), key=order)
    g["end_idx"] = 0
    g["seat"] = g["end_order"][0]
    ev.append(Event("endgame", {"order": g["end_order"][:]}))


def endgame_turn(t: RuneboundTable, ev: list[Event]) -> None:
    """CHOICE R10.7 an endgame turn: the hero faces the top red card; an empty red deck ends
    by score (R11.4)."""
    g = t.g
    if t.deck_size("red") == 0:
        finish_by_score(t, ev, "red_deck_empty")
        return
    g["phase"] = "endgame_draw"
    g["pending"] = ["draw", "red"]

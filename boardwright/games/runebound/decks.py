"""The decks and the doom track (RULES.md R2.4, R5.1, R5.4, R5.8, R6.1, R10.3): taking
a drawn card out of its deck, a discarded adventure card to the doom track or under its deck,
and the doom counter every full track brings."""

from __future__ import annotations

from boardwright.engine.events import Event

from .data import DOOM_COUNTERS
from .state import HIDDEN, RuneboundTable


def mkt_left(t: RuneboundTable) -> bool:
    """R6.1 whether the market deck has a card left to draw."""
    d = t.g["mdeck"]
    return bool(d[0] or d[1])


def from_tail(t: RuneboundTable, col: str) -> bool:
    """R5.4 True when the shuffled part is used up and the next card is the tail's head."""
    return len(t.g["decks"][col][0]) - t.hidden(col) <= 0


def take_adv(t: RuneboundTable, card: int) -> None:
    """R5.1 Remove a drawn card. A draw from the shuffled part is uniform over all unknown
    cards (the unseen ones elsewhere are equally likely to be any of them)."""
    g = t.g
    col = t.cfg.content.adventures[card].colour
    d = g["decks"][col]
    if from_tail(t, col):
        head = d[1].pop(0)
        if head == HIDDEN:
            d[0].remove(card)
            g["hidden_green"] -= 1
    else:
        d[0].remove(card)


def take_mkt(t: RuneboundTable, key: int) -> None:
    """R6.1 / R2.4 remove the drawn market card from the market deck."""
    d = t.g["mdeck"]
    if key in d[0]:
        d[0].remove(key)
    else:
        d[1].pop(0)


def discard_adv(t: RuneboundTable, card: int, ev: list[Event]) -> None:
    """R5.8 / R10.3 a discarded adventure card: to the doom track, else under its deck."""
    g = t.g
    a = t.cfg.content.adventures[card]
    if t.cfg.options.doom and not g["endgame"]:
        g["doom"].append(card)
        if len(g["doom"]) >= t.cfg.doom_cards:
            doom_counter(t, ev)
        return
    if a.kind == "encounter":
        g["out"].append(card)  # R5.5 a discarded encounter leaves the game
    else:
        g["decks"][a.colour][1].append(card)


def doom_counter(t: RuneboundTable, ev: list[Event]) -> None:
    """R10.3 the last card goes to the first crest, the rest back under their decks; CHOICE
    R10.3a (option `doom_encounters`): an encounter among them leaves the game ("out", the
    encounter rule's "tilos őket visszarakni a kalandpakli aljára") or goes back with the
    others ("deck")."""
    g = t.g
    last = g["doom"].pop()
    out = t.cfg.options.doom_encounters == "out"
    for card in g["doom"]:
        if card == HIDDEN:
            g["decks"]["green"][1].append(HIDDEN)
        elif out and t.cfg.content.adventures[card].kind == "encounter":
            g["out"].append(card)
        else:
            g["decks"][t.cfg.content.adventures[card].colour][1].append(card)
    g["doom"] = [last]
    g["doom_counters"] += 1
    ev.append(Event("doom", {"counters": g["doom_counters"]}))
    if g["doom_counters"] >= DOOM_COUNTERS and t.cfg.options.endgame != "none":
        g["start_endgame"] = True  # R10.5 the endgame starts after this turn

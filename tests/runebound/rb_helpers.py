"""Helpers for Runebound rule tests: a game past set-up, fixed dice and forced draws."""

from __future__ import annotations

from typing import Any

from boardwright.engine.api import CHANCE
from boardwright.games.runebound import movement
from boardwright.games.runebound.forward import RuneboundState
from boardwright.games.runebound.game import GAME


def new_game(players: int = 2, **options: Any) -> RuneboundState:
    """A game whose set-up draws are done (the first market card of each city)."""
    opts = {"heroes": ["varikas", "oswin", "tarra", "bram", "ysolde", "kell"][:players]}
    opts.update(options)
    s = GAME.new_initial_state(players, opts)
    while s.current_player() == CHANCE:
        s.apply(s.chance_outcomes()[0][0])
    return s


def act(s: RuneboundState, name: str, off: int = 0) -> list[Any]:
    return s.apply(s.cfg.space.encode(name, off))


def roll(s: RuneboundState, total: int) -> list[Any]:
    """The 2d10 come up `total` (chance must be asking for a roll)."""
    assert s.current_player() == CHANCE and s.g["pending"][0] == "roll", s.g["pending"]
    return act(s, "roll", total - 2)


def adv(s: RuneboundState, card_id: str) -> int:
    return next(i for i, a in enumerate(s.cfg.content.adventures) if a.id == card_id)


def mkt(s: RuneboundState, card_id: str) -> int:
    return next(i for i, m in enumerate(s.cfg.content.market) if m.id == card_id)


def gem_hex(s: RuneboundState, colour: str) -> int:
    c = s.cfg.content
    return next(h for h in range(len(c.coords)) if c.gem[h] == colour)


def plain_hex(s: RuneboundState) -> int:
    c = s.cfg.content
    return next(h for h in range(len(c.coords)) if c.gem[h] is None and c.terrain[h] != "city")


def legal_names(s: RuneboundState) -> set[str]:
    return {s.cfg.space.decode(a)[0] for a in s.legal_actions()}


def fight(s: RuneboundState, card_id: str, colour: str | None = None) -> None:
    """Seat 0 stands on a gem hex of the card's colour, faces it and draws the card."""
    i = adv(s, card_id)
    col = colour or s.cfg.content.adventures[i].colour
    p = s.g["players"][s.g["seat"]]
    h = gem_hex(s, col)
    p["pos"] = h
    p["prev"] = s.cfg.content.neighbours[h][0]
    s.g["board"][h] = ("green", "yellow", "blue", "red").index(col)
    s.g["phase"] = "adventure"
    s._legal = None
    act(s, "face")
    act(s, "draw_adv", i)


def meet(players: int = 2, **options: Any) -> RuneboundState:
    """Both heroes on one plain hex; seat 0's movement has just ended there."""
    s = new_game(players, **options)
    h = plain_hex(s)
    for p in s.g["players"]:
        p["pos"] = p["prev"] = h
    movement.arrive(s, [])
    s._legal = None
    return s

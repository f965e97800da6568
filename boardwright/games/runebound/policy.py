"""A fast rollout policy for Runebound's search agents: whole sensible turns by rule of thumb.

- Movement (R4): stay on an adventure worth facing (roll no dice), step onto one next door
  (R4.6), else roll every die allowed and spend each on the hex that brings the hero nearest to
  the best prospect (`heuristic.prospect`); stop when no die brings it nearer. Exhaustion is
  recovered hero first.
- Adventure (R5): face the undefeated challenge or the counter here if its expected gain for
  this hero is positive (a redraw after a discarded event or encounter too, R5.4a); never
  attack or trade with another hero (a bot's search may attack, only with good odds:
  `search_actions`, `pvp_odds`).
- Fights between heroes (R7.14): weapons and roll bonuses before the attack, the defender's
  card on its roll and armour whenever offered (R7.14e); the spoils after which the winner is
  worth most, a third rune above all (R11.1).
- Combat (R7): every first strike; stay and fight unless the chance to win is poor and the hero
  hurt; in each phase act as the round's best plan says (`heuristic._assignment`: who attacks
  in which phase); armour prevents every wound it can.
- Market (R6) and experience (R8): the step that most raises the hero's own value
  (`heuristic.score`), one at a time, until ending the phase is best; never a discard (R6.4a).
- A short pool's refill (R5.6a): the empty hex nearest the hero. A knock-out's ties (R9.4a/b):
  the card or city after which the knocked-out hero is worth most.

Used only on worlds an agent sampled itself (everything is public in Runebound anyway).
"""

from __future__ import annotations

import random
from typing import Any

from .content import COLOURS
from .forward import RuneboundState
from .heuristic import (
    WEIGHTS,
    _assignment,
    _bare,
    _Ends,
    _enemy,
    _reachable,
    card_gain,
    colour_gain,
    distances,
    party_of,
    prospect,
    score,
    win_chance,
)

#: below this chance to win, a hurt hero escapes (R7.6)
ESCAPE_BELOW = 0.3


def rollout_action(state: RuneboundState, rng: random.Random) -> int:
    """The policy's action for the player to move (see the module docstring)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ph = state.g["phase"]
    choose = _PHASES.get(ph)
    if choose is None:
        return rng.choice(legal)
    return choose(state, _by_name(state, legal), legal, rng)


def _by_name(state: RuneboundState, legal: list[int]) -> dict[str, list[int]]:
    """The legal actions grouped by their name (`face`, `skip`, `face_slot`, ...)."""
    sp = state.cfg.space
    by_name: dict[str, list[int]] = {}
    for a in legal:
        by_name.setdefault(sp.decode(a)[0], []).append(a)
    return by_name


def _first(by_name: dict[str, list[int]], *names: str) -> int | None:
    for n in names:
        if n in by_name:
            return by_name[n][0]
    return None


def _move_choice(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
                 rng: random.Random) -> int:
    g = state.g
    p = state.me()
    _, target = prospect(state, g["seat"])
    sp = state.cfg.space
    if target == p["pos"] and "rest" in by_name:
        return sp.encode("rest", 0)  # R4.5 stay (and recover) to face what is here
    if target >= 0:
        nb = state.cfg.content.neighbours[p["pos"]]
        for a in by_name.get("step", []):
            if nb[sp.decode(a)[1]] == target:
                return a  # R4.6 one sure step onto it
    return max(by_name["rest"])  # as many dice as allowed


def _recover(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
             rng: random.Random) -> int:
    return _first(by_name, "recover", "end_move") or legal[0]


def _moving(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
            rng: random.Random) -> int:
    """The die and direction after which the best hex to end on is still reachable."""
    g = state.g
    p = state.me()
    c = state.cfg.content
    sp = state.cfg.space
    ends = _Ends(state, g["seat"], WEIGHTS)
    best, best_v = [sp.encode("end_move")], ends.value(p["pos"])
    seen: dict[tuple[int, tuple[int, ...]], float] = {}
    for a in by_name.get("move", []):
        d, k = divmod(sp.decode(a)[1], 6)
        to = c.neighbours[p["pos"]][k]
        rest = tuple(sorted(f for i, f in enumerate(g["dice"]) if f >= 0 and i != d))
        v = seen.get((to, rest))
        if v is None:
            v = seen[(to, rest)] = ends.best_of(_reachable(c, to, rest))[0]
        if v > best_v + 1e-9:
            best, best_v = [a], v
        elif v > best_v - 1e-9:
            best.append(a)
    return rng.choice(best)


def _adventure(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
               rng: random.Random) -> int:
    face = _worth_facing(state, by_name)
    return state.cfg.space.encode("skip") if face is None else face


def _worth_facing(state: RuneboundState, by_name: dict[str, list[int]]) -> int | None:
    """The undefeated challenge here or the counter here, whichever the hero gains most by
    facing (`card_gain`, `colour_gain`), if it gains anything; else None."""
    g = state.g
    p = state.me()
    c = state.cfg.content
    sp = state.cfg.space
    slots = by_name.get("face_slot", [])
    if slots:
        a = max(slots, key=lambda x: card_gain(state, p, c.adventures[
            g["slots"][sp.decode(x)[1]][0]]))
        if card_gain(state, p, c.adventures[g["slots"][sp.decode(a)[1]][0]]) > 0:
            return a
    elif "face" in by_name and colour_gain(state, p, COLOURS[g["board"][p["pos"]]]) > 0:
        return by_name["face"][0]
    return None


def _chance_now(state: RuneboundState, strikes: bool) -> float:
    g = state.g
    p = state.me()
    cb = g["combat"]
    card = state.cfg.content.adventures[cb["card"]]
    return win_chance(party_of(state, p, strikes=strikes), _enemy(card),
                      card.life - cb["wounds"], state.stat(p, "life") - p["wounds"],
                      strikes=strikes)


def _first_strike(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
                  rng: random.Random) -> int:
    a = _first(by_name, "fs_hero", "fs_ally")
    if a is not None:
        return a
    for item in by_name.get("fs_item", []):
        i = state.cfg.space.decode(item)[1]
        _, usage = state.item_effect(state.me()["items"][i][0])
        if usage != "discard" or _chance_now(state, strikes=False) < 0.9:
            return item  # a one-use bomb only where it is needed
    return state.cfg.space.encode("fight")


def _escape(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
            rng: random.Random) -> int:
    sp = state.cfg.space
    if state.g["combat"].get("pvp"):
        return sp.encode("stay")
    p = state.me()
    if p["wounds"] and _chance_now(state, strikes=False) < ESCAPE_BELOW:
        return sp.encode("escape")
    return sp.encode("stay")


def _round(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
           rng: random.Random) -> int:
    g = state.g
    sp = state.cfg.space
    cb = g["combat"]
    m = cb["stage"]
    party = party_of(state, state.me(), strikes=False)
    card = state.cfg.content.adventures[cb["card"]]
    plan = _assignment(party.hero, party.allies, _enemy(card)[0], party.magic_defence)
    who = plan[m][3]  # the round's best plan: who acts in this phase
    if who == 0 and "attack_hero" in by_name:
        use = by_name.get("use_item")
        return use[0] if use else by_name["attack_hero"][0]
    if who > 0:
        a = sp.encode("attack_ally", who - 1)
        if a in legal:
            return a
    if "attack_hero" in by_name and m == 2 and not party.magic_defence:
        return by_name["attack_hero"][0]  # the last phase: the hero's attack is not lost
    return sp.encode("defend")


def _react(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
           rng: random.Random) -> int:
    return _first(by_name, "prevent", "take") or legal[0]


def _best_own_step(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
                   rng: random.Random, skip: tuple[str, ...] = ()) -> int:
    """The step that most raises the mover's own value (market, experience, reward ally)."""
    seat = state.g["seat"]
    best, best_v = legal[0], float("-inf")
    for name, acts in by_name.items():
        if name in skip:
            continue
        for a in acts:
            child = state.clone()
            child.apply(a)
            v = score(child, seat, WEIGHTS) if not child.is_terminal() else float("inf")
            if v > best_v + 1e-9:
                best, best_v = a, v
    return best


def _market(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
            rng: random.Random) -> int:
    return _best_own_step(state, by_name, legal, rng, skip=("sell", "discard_item",
                                                              "discard_ally"))


def _experience(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
                rng: random.Random) -> int:
    return _best_own_step(state, by_name, legal, rng, skip=DISCARDS)


#: R6.4a discarding is legal at most decisions of one's turn; a rollout never spends a step on it
DISCARDS = ("discard_item", "discard_ally")


def search_actions(state: RuneboundState, legal: list[int]) -> list[int]:
    """The actions a bot's search weighs: all but discards outside the market phase (R6.4a),
    attacks on heroes it would beat with less than `ATTACK_ODDS` (`pvp_odds`; R5.9), and on
    a bare board only the adventure worth facing (R5.6, R10.3).

    A discard there never gains a hero anything the heuristic sees at once, but a look-ahead
    that samples a card or a roll after it can rate it above the same step without it by the
    noise of the extra sample. In the market a discard may make room for a purchase (R6.4), so
    it stays.

    On a board with only red left (`heuristic._bare`) no event can refill the board and no
    discard can move the doom track unless someone faces red, so the draw of red is worth
    `Weights.unstick` more (`colour_gain`). The card drawn is judged by its fight alone, and
    a look-ahead that resolves the draw (greedy) rated skipping above facing for ever: in one
    4-player arena game (`arena runebound --agents ismcts,greedy,greedy,greedy --seed 72000`,
    game 11) no hero faced red from round 40 to the cap. So where the policy would face, the
    search does too: a hero on red no longer skips it turn after turn. A hero that judges the
    card drawn may still walk past red rather than stop on it (docs/strength-runebound.md,
    "Strength"). Never empty while `legal` is not.
    """
    g = state.g
    if g["phase"] == "market":
        return legal
    sp = state.cfg.space
    if g["phase"] == "adventure" and not g["endgame"] and _bare(state):
        face = _worth_facing(state, _by_name(state, legal))
        if face is not None:
            return [face]
    kept = [a for a in legal if sp.decode(a)[0] not in DISCARDS]
    if g["phase"] == "adventure":  # R5.9 attack a hero only with good odds
        kept = [a for a in kept if sp.decode(a)[0] != "attack_player"
                or pvp_odds(state, g["seat"], sp.decode(a)[1]) >= ATTACK_ODDS]
    return kept or legal


def _refill(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
            rng: random.Random) -> int:
    """R5.6a the short pool's counter goes on the empty hex nearest the drawer's hero."""
    sp = state.cfg.space
    dist = distances(state.cfg.content)[state.me()["pos"]]
    return min(legal, key=lambda a: (dist[sp.decode(a)[1]], a))


def _knockout(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
              rng: random.Random) -> int:
    """R9.4a/b the tied card whose loss, or the city whose place, leaves the knocked-out hero
    (who may not be the seat whose turn it is) worth most."""
    seat = state.current_player()

    def value(a: int) -> float:
        child = state.clone()
        child.apply(a)
        return score(child, seat, WEIGHTS)

    return max(legal, key=value)


def _reward_ally(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
                 rng: random.Random) -> int:
    return _best_own_step(state, by_name, legal, rng)


def _pvp_fs(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
            rng: random.Random) -> int:
    a = _first(by_name, "fs_hero", "fs_ally", "fight")
    return legal[0] if a is None else a


def _pvp_round(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
               rng: random.Random) -> int:
    """R7.14e a weapon or roll bonus first (it is offered only where it helps this phase's
    attack), then the hero attacks, else an ally, else the hero defends."""
    a = _first(by_name, "use_item", "attack_hero", "attack_ally", "defend")
    return legal[0] if a is None else a


def _pvp_card(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
              rng: random.Random) -> int:
    """R7.14e the defender's card on its roll, the wounded hero's armour: always used (a
    round's one activation goes to the first card that helps)."""
    a = _first(by_name, "use_item", "prevent", "skip", "take")
    return legal[0] if a is None else a


def _loot(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
          rng: random.Random) -> int:
    """R7.14 the spoils after which the winner (not always the seat whose turn it is) is
    worth most: a third rune wins outright (R11.1)."""
    seat = state.current_player()

    def value(a: int) -> float:
        child = state.clone()
        child.apply(a)
        return float("inf") if child.is_terminal() else score(child, seat, WEIGHTS)

    return max(legal, key=value)


def pvp_odds(state: RuneboundState, seat: int, other: int) -> float:
    """R7.14 a rough chance that `seat` beats `other` in a fight between heroes: each side's
    best expected wounds a phase (the hit chance of its roll + value against the other's roll
    + value, 2d10 each, times its damage; armour not counted) against the wounds left to the
    other; the share of the rounds-to-win that falls to `seat`."""
    g = state.g
    me, them = g["players"][seat], g["players"][other]

    def rate(a: dict[str, Any], d: dict[str, Any]) -> float:
        best = 0.0
        for mode, attr in (("ranged", "mind"), ("melee", "body"), ("magic", "spirit")):
            need = (state.stat(d, attr) + state.roll_bonus(d, mode)) - (
                state.stat(a, attr) + state.roll_bonus(a, mode))
            p_hit = sum(p for diff, p in _DIFF.items() if diff >= need)
            dmg = (state.hero(a).mind, state.hero(a).body, state.hero(a).spirit)[
                ("ranged", "melee", "magic").index(mode)][1]
            best = max(best, p_hit * dmg)
        return best

    mine, theirs = rate(me, them), rate(them, me)
    need_me = (state.stat(them, "life") - them["wounds"]) / max(mine, 1e-6)
    need_them = (state.stat(me, "life") - me["wounds"]) / max(theirs, 1e-6)
    return float(need_them / (need_me + need_them))


def _diff_odds() -> dict[int, float]:
    """The odds of X − Y for two independent 2d10 rolls (R1.3)."""
    one = {a + b: 0.0 for a in range(1, 11) for b in range(1, 11)}
    for a in range(1, 11):
        for b in range(1, 11):
            one[a + b] += 0.01
    out: dict[int, float] = {}
    for x, px in one.items():
        for y, py in one.items():
            out[x - y] = out.get(x - y, 0.0) + px * py
    return out


_DIFF = _diff_odds()
#: a bot's search attacks another hero only with at least these odds (R5.9)
ATTACK_ODDS = 0.7


def _trade(state: RuneboundState, by_name: dict[str, list[int]], legal: list[int],
           rng: random.Random) -> int:
    return _first(by_name, "trade_end", "trade_decline") or legal[0]


_PHASES = {
    "move_choice": _move_choice, "recover": _recover, "moving": _moving,
    "adventure": _adventure, "fs": _first_strike, "escape": _escape,
    "pvp_escape": _escape, "round": _round, "react": _react, "market": _market,
    "experience": _experience, "reward_ally": _reward_ally, "pvp_fs": _pvp_fs,
    "pvp_round": _pvp_round, "loot": _loot, "trade": _trade, "trade_answer": _trade,
    "pvp_mod": _pvp_card, "pvp_react": _pvp_card, "reward_item": _reward_ally,
    "redraw": _adventure, "test_react": _react,
    "refill": _refill, "ko_card": _knockout, "ko_city": _knockout,
}

__all__ = ["rollout_action"]

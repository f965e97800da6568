"""Why a Runebound move is refused: the rule that forbids it and the reason ("why not?").

`why_not` never decides legality (a legal action is never refused); it names the rule a refused
action fails: a move of another phase (each phase asks for its own kind of answer), movement
dice and terrain (R4), the adventure on the hex (R5), the market's gold and limits (R6),
combat (R7) and experience (R8), discarding (R6.4a), a short pool's refill (R5.6a) and a
knock-out's choices (R9.4a/b). Texts are `why.<key>` in `messages/<lang>.json`.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.api import Refusal

from . import experience, queries
from .data import MAX_DICE
from .forward import RuneboundState
from .state import DISCARD_PHASES, REWARD

#: per phase: the rule that asks for its answer (the text is `why.expected.<phase>`)
EXPECTED = {
    "setup_hero": "R2.8", "setup_market": "R2.4", "move_choice": "R4.2", "recover": "R4.5",
    "moving": "R4.3", "adventure": "R5.1", "quest": "R5.12", "fs": "R7.2", "escape": "R7.6",
    "round": "R7.5", "react": "R7.5", "loot": "R7.14", "reward_ally": "R5.11",
    "trade": "R5.10", "trade_answer": "R5.10", "pvp_fs": "R7.14a", "pvp_escape": "R7.14",
    "pvp_round": "R7.14", "market": "R6.2", "experience": "R8.1", "endgame_draw": "R10.7",
    "refill": "R5.6", "ko_card": "R9.4", "ko_city": "R9.4", "pvp_mod": "R7.14e",
    "pvp_react": "R7.14e", "reward_item": "R6.4b", "redraw": "R5.4a", "test_react": "R9.1a",
}


def refuse(s: RuneboundState, action: int) -> Refusal:
    """Why `action`, not legal for the seat to move, is refused (`Game.why_not` has checked the
    game's end, chance and whose turn it is, citing the game's `info.turn_rules`)."""
    phase = s.g["phase"]
    if not 0 <= action < s.cfg.space.size:
        return Refusal(EXPECTED.get(phase, "R4.2"), "no_such_move")
    block, offset = s.cfg.space.decode(action)
    found = _within_phase(s, phase, block, offset)
    if found is not None:
        return found
    return Refusal(EXPECTED.get(phase, "R4.2"), f"expected.{phase}"
                   if phase in EXPECTED else "expected.other")


def _within_phase(s: RuneboundState, phase: str, block: str, offset: int) -> Refusal | None:
    p = s.me()
    if phase == "move_choice" and block == "rest":
        if s.party_hurt(p) and offset >= MAX_DICE:
            return Refusal("R4.2", "hurt_fewer_dice", {"dice": MAX_DICE - 1})
        return None
    if phase == "move_choice" and block == "step":
        return Refusal("R4.6", "no_hex_there")
    if phase == "moving" and block == "move":
        die, _direction = divmod(offset, 6)
        if die >= len(s.g["dice"]) or s.g["dice"][die] < 0:
            return Refusal("R4.3", "die_used", {"die": die + 1})
        return Refusal("R4.3", "terrain", {"die": die + 1})
    if phase == "adventure" and block in ("face", "face_slot"):
        return _face(s, p, block)
    if phase == "market" and block == "buy":
        return _buy(s, p, offset)
    if phase == "market" and block == "sell":
        return Refusal("R6.3", "cannot_sell")
    if phase == "market" and block in ("heal_wound", "heal_exh"):
        return Refusal("R6.5", "healer")
    if phase == "experience" and block == "xp":
        if offset == 4 and p["bonus"][4] >= 3:
            return Refusal("R8.3", "life_max")
        return Refusal("R8.1", "xp_short", {"cost": s.cfg.xp_cost})
    if phase in ("round", "pvp_round") and block in ("attack_hero", "attack_ally"):
        return Refusal("R7.7", "attacked_once")
    if block in ("discard_item", "discard_ally"):
        return _discard(s, phase)
    if phase == "refill" and block == "refill_hex":
        return Refusal("R5.6", "refill_not_empty")
    if phase == "ko_card" and block in ("lose_item", "lose_ally"):
        return Refusal("R9.4", "ko_not_most_valuable")
    if phase == "ko_city" and block == "go_city":
        return Refusal("R9.4", "ko_not_nearest")
    return None


def _discard(s: RuneboundState, phase: str) -> Refusal | None:
    """R6.4a items and allies are discarded in one's own turn (option `discard_when`); R6.3 /
    R5.11 a reward card never. None where the phase's own answer says it better (in
    `reward_ally` a dismissal buys the reward ally)."""
    if phase == "reward_ally":
        return None
    anytime = s.cfg.options.discard_when == "any_time"
    if phase == "market" or (anytime and phase in DISCARD_PHASES):
        return Refusal("R6.4", "discard_reward")  # the phase allows it: not this card
    if phase in DISCARD_PHASES:
        return Refusal("R6.4", "discard_market_only")
    return Refusal("R6.4", "discard_not_now")


def _face(s: RuneboundState, p: dict[str, Any], block: str) -> Refusal:
    """R5.1 a counter of an allowed colour with cards left; R5.7 an undefeated challenge here."""
    if block == "face_slot":
        return Refusal("R5.7", "no_challenge_here")
    colour = s.g["board"][p["pos"]]
    if colour < 0:
        return Refusal("R5.1", "no_counter")
    if s.forbidden(p, colour):
        return Refusal("R8.3", "colour_forbidden")
    if queries.slots_here(s, p):
        return Refusal("R5.7", "challenge_first")
    return Refusal("R5.1", "deck_empty")


def _buy(s: RuneboundState, p: dict[str, Any], key: int) -> Refusal:
    """R6.1 what the city offers, R6.2 at its cost, R6.4 the limits."""
    city = s.cfg.content.city_of[p["pos"]]
    if key not in s.g["markets"][city] or key in s.g["bought"]:
        return Refusal("R6.1", "not_on_offer")
    if s.price(key, city) > p["gold"]:
        return Refusal("R6.2", "too_dear", {"cost": s.price(key, city), "gold": p["gold"]})
    if key < REWARD and experience.at_limit(s, p, key):
        return Refusal("R6.4", "at_limit")
    return Refusal("R6.2", "not_on_offer")

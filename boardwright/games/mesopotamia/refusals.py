"""Why a Mesopotamia move is refused: the rule that forbids it and the reason ("why not?").

Like Beowulf's, `why_not` never decides legality (a legal action is never refused); it names
which rule a refused action fails: a move of another phase (R3.1, R5.5), a card that cannot be
played now (R3.2, R7), a step the tile or the movement points do not allow (R4), an action the
tile does not allow (R5). Texts are `why.<key>` in `messages/<lang>.json`; params are tile
labels (`cell`), card ids (`card`), seats and numbers, put in words by
`game.MesopotamiaGame.refusal_params`.
"""

from __future__ import annotations

from boardwright.engine.api import Refusal

from .building import can_draw
from .cards import playable
from .data import (
    ACTION,
    AFTER_DRAW,
    ALL_KINDS,
    BREED,
    BUILD,
    CARD_IDS,
    DISTRIBUTE,
    ENDURANCE,
    FOCUS_STONE,
    HOLY,
    KINDS,
    MANA,
    MANA_THEFT,
    MOVE,
    OFFER0,
    PRIESTHOOD,
    SCOUT_PICK,
    SCOUTS,
    TELEPORT,
    TERRAINS,
    TP_DST,
    TWINS,
    VOLCANO,
    VOLCANO_PLACE,
    WOOD,
    WR_DST,
    WRATH,
    ZIGGURAT,
)
from .forward import MesoState
from .movement import free_ok

MOVEMENT = frozenset(("move", "pick_up", "drop", "swap", "take_offering", "steal",
                      "end_movement"))
ACTIONS = frozenset(("build_hut", "holy_place", "breed", "draw_card", "finish_action"))
CARDS = {"priesthood": PRIESTHOOD, "mana_theft": MANA_THEFT, "teleport": TELEPORT,
         "wrath": WRATH}
#: the one kind of move a pending choice takes, and the rule that asks for it
PENDING = {TP_DST: ("to", "R7.6", "teleport_to"), WR_DST: ("to", "R7.7", "wrath_to"),
           VOLCANO_PLACE: ("place_volcano", "R4.9", "place_volcano"),
           DISTRIBUTE: ("place_resource", "R4.10", "place_resource"),
           SCOUT_PICK: ("scout_pick", "R7.2", "scout_pick")}
#: the rule of each card (R7.1-R7.8)
CARD_RULES = ("R7.1", "R7.2", "R7.3", "R7.4", "R7.5", "R7.6", "R7.7", "R7.8")
#: the action chosen in a continuing phase (R5.1-R5.3)
CHOSEN = {BUILD: ("build_hut",), HOLY: ("holy_place",), BREED: ("breed",)}


def refuse(s: MesoState, action: int) -> Refusal:
    """Why `action`, not legal for the seat to move, is refused (`Game.why_not` has checked the
    game's end, chance and whose turn it is, citing the game's `info.turn_rules`)."""
    space = s.cfg.space
    if not 0 <= action < space.size:
        return Refusal("R3.1", "no_such_move")
    block, offset = space.decode(action)
    ph = s.phase
    if ph in PENDING:
        wanted, rule, key = PENDING[ph]
        return Refusal(rule, f"{key}.{'where' if block == wanted else 'first'}")
    if block == "play" or block in CARDS:
        return _card(s, block, offset)
    if ph == MANA:  # R3.2.1 the mana is counted: only cards, or the turn's end
        return Refusal("R3.2.1", "mana_phase")
    if block in MOVEMENT:
        return _movement(s, block, offset) if ph == MOVE else Refusal("R3.1", "movement_over")
    if block in ACTIONS:
        return _action(s, block, offset)
    return Refusal("R3.1", f"expected.{_phase_key(s)}")


def _at(s: MesoState, cell: int) -> dict[str, str | None]:
    """A tile as params: its label and terrain (told as "the forest north of the ziggurat")."""
    tile = s.tile[cell]
    return {"place": s.cfg.label(cell), "terrain": TERRAINS[tile] if tile >= 0 else None}


def _phase_key(s: MesoState) -> str:
    return {MOVE: "movement", ACTION: "action", AFTER_DRAW: "after_draw"}.get(s.phase, "chosen")


def _card(s: MesoState, block: str, offset: int) -> Refusal:
    """R3.2 when cards may be played, R7 what each needs."""
    k = offset if block == "play" else CARDS[block]
    params = {"card": CARD_IDS[k]}
    p = s.to_move
    if not s.hands[p][k]:
        return Refusal("R7.10", "card_not_in_hand", params)
    if not playable(s, p, k):
        return Refusal("R3.2", "card_just_drawn", params)
    ph = s.phase
    if ph in (BUILD, HOLY, BREED) and s.cfg.options.card_timing != "any_time":
        return Refusal("R3.2", "cards_before_action", params)
    if k in (ENDURANCE, SCOUTS) and ph != MOVE:
        return Refusal(CARD_RULES[k], "card_movement_only", params)
    if k == TWINS and ph not in (MOVE, ACTION, BREED):
        return Refusal("R7.3", "twins_before_breeding", params)
    if k == FOCUS_STONE:
        return Refusal("R7.5", "focus_at_limit", params)
    if k == PRIESTHOOD:
        if ph == MANA:
            return Refusal("R7.4", "priesthood_mana_counted", params)
        return Refusal("R7.4", "priesthood_holy_place", params)
    if k == MANA_THEFT:
        return Refusal("R7.8", "theft_victim", params)
    return Refusal(CARD_RULES[k], "card_target", params)


def _movement(s: MesoState, block: str, offset: int) -> Refusal:
    """R4 movement: members of yours, movement points, where a step may go, free steps."""
    p = s.to_move
    if block == "move":
        cell, rest = divmod(offset, 6 * ALL_KINDS)
        direction, kind = divmod(rest, ALL_KINDS)
        if s.mem[p][cell * ALL_KINDS + kind] == 0:
            return Refusal("R4.3", "no_member_with_load", _at(s, cell))
        target = s.cfg.nbr[cell][direction]
        if target < 0:
            return Refusal("R9.3", "edge_of_table", _at(s, cell))
        if s.tile[target] < 0:
            return Refusal("R4.8", "cannot_explore", _at(s, cell))
        if s.mp < 1:
            return Refusal("R4.1", "no_mp")
        if s.tile[target] == VOLCANO:
            return Refusal("R4.2", "volcano")
        if s.tile[target] == ZIGGURAT and kind % KINDS == WOOD:
            return Refusal("R4.4", "no_wood_ziggurat")
        if s.tile[target] == ZIGGURAT and kind % KINDS >= OFFER0:
            return Refusal("R4.5", "offering_mana")
        return Refusal("R4.2", "step_blocked", _at(s, cell))
    if not free_ok(s):
        return Refusal("R9.2", "free_steps_used", {"limit": s.cfg.options.free_actions_per_turn})
    rule = {"pick_up": "R4.3", "drop": "R4.3", "swap": "R4.3", "take_offering": "R4.5",
            "steal": "R4.6"}[block]
    return Refusal(rule, f"free.{block}")


def _action(s: MesoState, block: str, offset: int) -> Refusal:
    """R3.1 the action phase follows movement; R5 one action, repeated on more tiles."""
    ph = s.phase
    if ph == MOVE:
        return Refusal("R3.1", "end_movement_first")
    if ph == AFTER_DRAW:
        return Refusal("R5.4", "card_drawn")
    if ph in CHOSEN and block != CHOSEN[ph][0] and block != "finish_action":
        return Refusal("R5.5", "one_action", {"chosen": CHOSEN[ph][0]})
    if block == "finish_action":
        return Refusal("R5.5", "action_required")
    if block == "draw_card":
        return Refusal("R5.4", "deck_empty" if not can_draw(s) else "draw_first_choice")
    rule = {"build_hut": "R5.1", "holy_place": "R5.2", "breed": "R5.3"}[block]
    return Refusal(rule, f"where.{block}")

"""What a match's table says about itself (`marks`) and a client's action read against the
state (`parse_action`): shared by live matches, stored summaries and replays."""

from __future__ import annotations

from typing import Any

from boardwright.engine.api import Game, State
from boardwright.engine.errors import BoardwrightError

from .seats import MatchError
from .store import MatchRow

#: chat lines a welcome carries (older ones stay stored and show in the replay)
CHAT_SHOWN = 100


def marks(row: MatchRow) -> dict[str, Any]:
    """What a summary says about how a match was made and ended: `seeded` when its creator chose
    the seed (only matches without people), `ended` for an aborted one (with the `winners` of
    one lost on time); the table's rules (live or turn-based with its days per move, what a
    missed deadline does and the current deadline; rated, spectators' chat, hints allowed) and
    its rematch, once there is one."""
    out: dict[str, Any] = {"mode": row.mode, "rated": row.rated,
                           "spectator_chat": row.spectator_chat, "hints": row.hints}
    if row.mode == "turn":
        out.update(move_days=row.move_days, on_timeout=row.on_timeout,
                   deadline=row.deadline.isoformat() if row.deadline else None)
    if row.ended == "timeout" and row.winners is not None:
        out["winners"] = row.winners
    if row.allow_undo:
        out["allow_undo"] = True
    if row.confirm_turn:
        out["confirm_turn"] = True
    if row.seeded:
        out["seeded"] = True
    if row.ended:
        out["ended"] = row.ended
    if row.rematch:
        out["rematch"] = row.rematch
    if row.rematch_of:
        out["rematch_of"] = row.rematch_of
    return out


def parse_action(game: Game, state: State, action: str | dict[str, Any], seat: int | None = None,
                 lang: str = "en") -> int:
    """An action id that is legal now, or `MatchError` with the engine's code; a move that is
    not legal carries the rule that refuses it (`rule`, `reason`) and says why in `lang`."""
    try:
        action_id = (state.action_from_text(action) if isinstance(action, str)
                     else state.action_from_json(action))
    except BoardwrightError as exc:
        raise MatchError(exc.code, exc.message, **_plain(exc.params)) from None
    except Exception as exc:  # a JSON form the game's parser did not expect at all
        raise MatchError("unparsable_action", f"not an action: {exc}") from None
    if action_id not in state.legal_actions():
        text = state.action_to_text(action_id)
        refusal = game.why_not(state, action_id, seat)
        if refusal is None:  # legal for the game but not in the list: a game's bug, say so
            raise MatchError("illegal_action", f"{text!r} is not legal now", action=text)
        reason = game.describe_refusal(refusal, lang)
        raise MatchError("illegal_action", reason, action=text, rule=refusal.rule,
                         reason=refusal.key)
    return action_id


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, str | int | float | bool | None) else str(v)
            for k, v in params.items()}

"""Hints and post-game review: the bot's opinion of a seat's moves, from that seat's view only.

Each legal move is judged as the greedy player judges it (the turn it starts, followed to the
end of the mover's own steps, then the game's heuristic), averaged over a few worlds drawn
from the seat's view with the game's determinizer: so a hint or a review never reads a hidden
fact, only what the seat knew. A move's value is the mover's heuristic lead over the best
opponent after it (the game's own units: saga points, gold, …); the gap to the best move is
what a review reports as a mistake.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from boardwright.engine.api import CHANCE, Game, View
from boardwright.engine.record import GameRecord, check_record, replay_action

from .greedy import MAX_TURN_STEPS, turn_value

#: worlds drawn per judgement: enough to average out one unlucky draw, cheap enough for a
#: review of a whole game
SAMPLES = 3
#: values closer than this are equal (sums of the same floats in another order)
TIE = 1e-6


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move and what it is worth to its mover (lead over the best opponent after it)."""

    action: int
    value: float


def rank_moves(game: Game, seat: int, view: View, legal: Sequence[int], *, seed: int = 0,
               samples: int = SAMPLES) -> list[MoveValue]:
    """Every legal move of `seat`, best first (ties by id), judged from `view` alone."""
    rng = random.Random(f"analysis/{seed}")
    sampler = game.determinizer(view, seat)
    worlds = [sampler(rng) for _ in range(samples)]
    steps = getattr(game, "greedy_turn_steps", MAX_TURN_STEPS)
    ranked = []
    for action in legal:
        total = sum(turn_value(game, world, action, seat, rng, steps) for world in worlds)
        ranked.append(MoveValue(action, total / len(worlds)))
    ranked.sort(key=lambda m: (-m.value, m.action))
    return ranked


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """A decision of a finished game: what was played, what the bot preferred, the gap."""

    step: int  # index of the action in the record
    seat: int
    played: str  # the move's notation
    played_value: float
    best: str  # the bot's preferred move (the played one when it is as good)
    best_value: float
    choices: int  # how many legal moves there were
    played_words: str  # both moves in the reader's language
    best_words: str

    @property
    def loss(self) -> float:
        return self.best_value - self.played_value


def review(record: GameRecord, game: Game, *, seed: int = 0, samples: int = SAMPLES,
           lang: str = "en", start: int = 0) -> Iterator[ReviewedMove]:
    """Each decision with more than one legal move from action `start` on, judged from its
    mover's view, in order. A generator, so a front end can show progress on a long game."""
    state = check_record(record, game)
    for index, text in enumerate(record.actions):
        mover = state.current_player()
        if index >= start and mover != CHANCE:
            legal = state.legal_actions()
            if len(legal) > 1:
                ranked = rank_moves(game, mover, state.view(mover), legal, seed=seed + index,
                                    samples=samples)
                played = state.action_from_text(text)
                value = next(m.value for m in ranked if m.action == played)
                best = ranked[0]
                if best.value - value <= TIE:  # as good as the best: no alternative to show
                    best = MoveValue(played, value)
                yield ReviewedMove(index, mover, text, value, state.action_to_text(best.action),
                                   best.value, len(legal),
                                   game.describe_action(state, played, lang),
                                   game.describe_action(state, best.action, lang))
        replay_action(state, index, text)


def review_part(game_id: str, players: int, options: dict[str, Any], actions: list[str],
                start: int, count: int, lang: str) -> dict[str, Any]:
    """Up to `count` reviewed decisions from action `start` on, as JSON, and where the next part
    starts (None at the end): the server's review, a part per request so that each stays short
    and the page can show its progress. Runs in a bot worker (plain arguments)."""
    from boardwright.engine import registry

    game = registry.get(game_id)
    record = GameRecord(game=game_id, rules_version=game.info.rules_version, players=players,
                        options=options, actions=actions)
    moves = []
    next_start: int | None = None
    for move in review(record, game, lang=lang, start=start):
        moves.append({"step": move.step, "seat": move.seat, "played": move.played_words,
                      "best": move.best_words, "value": round(move.played_value, 3),
                      "best_value": round(move.best_value, 3), "loss": round(move.loss, 3),
                      "choices": move.choices})
        if len(moves) == count:
            next_start = move.step + 1 if move.step + 1 < len(actions) else None
            break
    return {"moves": moves, "next": next_start}


def hint_part(game_id: str, seat: int, view: View, legal: list[int], seed: int, samples: int,
              top: int) -> list[dict[str, Any]]:
    """The `top` best of `legal` for `seat`, judged from `view` alone, as plain data (action
    id, value): the server's hint. Runs in a bot worker, which is never given the state, so
    a hint cannot read what the seat does not see."""
    from boardwright.engine import registry

    ranked = rank_moves(registry.get(game_id), seat, view, legal, seed=seed, samples=samples)
    return [{"action": m.action, "value": m.value} for m in ranked[:top]]


def timed_review(record: GameRecord, game: Game, *, seed: int = 0, samples: int = SAMPLES,
                 lang: str = "en") -> tuple[list[ReviewedMove], float]:
    """The whole review and its milliseconds per reviewed move."""
    started = time.perf_counter()
    moves = list(review(record, game, seed=seed, samples=samples, lang=lang))
    elapsed = time.perf_counter() - started
    return moves, 1000 * elapsed / max(1, len(moves))

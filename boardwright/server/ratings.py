"""Per-game ratings of identities, updated after every rated match (openskill's Plackett-Luce).

Why openskill: it rates 2 to 6 (or more) players at once from a full ranking, ties included,
which Elo (two players) cannot; it is maintained and needs no tuning. Each identity has a
`mu` (the estimate) and a `sigma` (how unsure it is) per game; the leaderboard orders by the
conservative `mu - 3 sigma` (`shown`), so one lucky win does not top it.

Which matches are rated is the table's choice at creation (`rated`), defaulting to rated when
only people play the printed rules: a bot seat or a chosen variant makes a match unrated
unless the table says otherwise. A rated match with bots rates each bot spec as an identity of
its own (kind `bot`), so beating a strong bot counts for more than beating a weak one.

The ranking: the winners share first place; the others follow by final score (equal scores
share a place). A turn-based match lost on time ranks the late player last and everyone else
first together; any other aborted match is not rated. A table that allows hints (the bot's
suggestions on request) is never rated: creation refuses the pair, and `compute` rates no such
match whatever its row says.
"""

from __future__ import annotations

import hashlib
from typing import Any

from openskill.models import PlackettLuce

from .store import MatchRow, RatingRow

MODEL = PlackettLuce()
#: players a rated match may have
MIN_RATED, MAX_RATED = 2, 6


def shown(mu: float, sigma: float) -> float:
    """The rating the pages show and rank by: the conservative estimate, scaled so a new
    player starts at 0 and a strong one reaches a few thousand (openskill's ordinal x 100)."""
    return round((mu - 3 * sigma) * 100)


def bot_identity(spec: str) -> tuple[str, str]:
    """(identity id, name) under which a bot spec is rated."""
    return "bot-" + hashlib.sha256(spec.encode()).hexdigest()[:24], spec[:40]


def bot_seats(row: MatchRow) -> dict[int, tuple[str, str]]:
    """seat -> (identity id, name) of each bot seat of a match."""
    out = {}
    for seat, data in enumerate(row.seats):
        if data.get("kind") == "bot":
            out[seat] = bot_identity(str(data.get("agent") or "greedy"))
    return out


def rated_by_default(seats: list[Any], chosen_options: dict[str, Any]) -> bool:
    """A table of people only, playing the printed rules (no option chosen)."""
    return all(s.kind == "human" for s in seats) and not chosen_options


def ranks(row: MatchRow) -> dict[int, int] | None:
    """Seat -> place (1 is best) of a finished match, or None if it gives no ranking."""
    if row.status == "aborted" and row.ended == "timeout" and row.winners is not None:
        return {s: 1 if s in row.winners else 2 for s in range(row.players)}
    if row.status != "finished" or row.winners is None:
        return None
    returns = row.returns or [0.0] * row.players
    losers = sorted({returns[s] for s in range(row.players) if s not in row.winners},
                    reverse=True)
    place = {score: 2 + i for i, score in enumerate(losers)}
    return {s: 1 if s in row.winners else place[returns[s]] for s in range(row.players)}


def compute(row: MatchRow, seats: dict[int, str], before: dict[str, RatingRow]
            ) -> dict[str, tuple[RatingRow, RatingRow]]:
    """identity -> (rating before, rating after) for every seat of `row`; empty when the match
    cannot be rated (a seat no identity holds, one identity twice, no ranking)."""
    places = ranks(row)
    if (places is None or row.hints or sorted(seats) != list(range(row.players))
            or len(set(seats.values())) != row.players
            or not MIN_RATED <= row.players <= MAX_RATED):
        return {}
    order = list(range(row.players))
    old = {}
    for seat in order:
        identity = seats[seat]
        found = before.get(identity)
        old[identity] = found or RatingRow(identity, row.game, MODEL.mu, MODEL.sigma, 0)
    teams = [[MODEL.rating(mu=old[seats[s]].mu, sigma=old[seats[s]].sigma)] for s in order]
    rated = MODEL.rate(teams, ranks=[places[s] for s in order])
    out = {}
    for seat, team in zip(order, rated, strict=True):
        identity = seats[seat]
        prev = old[identity]
        out[identity] = (prev, RatingRow(identity, row.game, team[0].mu, team[0].sigma,
                                         prev.matches + 1))
    return out

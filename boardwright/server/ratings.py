"""Per-game ratings of identities, updated after every rated match (openskill's Plackett-Luce).

Why openskill: it rates 2 to 6 (or more) players at once from a full ranking, ties included,
which Elo (two players) cannot; it is maintained and needs no tuning. Each identity has a
`mu` (the estimate) and a `sigma` (how unsure it is) per game; the leaderboard orders by the
conservative `mu - 3 sigma` (`shown`), so one lucky win does not top it.

Which matches are rated is the table's choice at creation (`rated`), defaulting to rated when
only people play the printed rules: a bot seat or a chosen variant makes a match unrated
unless the table says otherwise.

Only what cannot be farmed is rated (issue 38, M5):
- people only as **accounts**: a match where a guest holds a seat is not rated (anyone makes
  guests by the dozen, and three wins over one's own guests topped the board);
- bots only at a **fixed level** (`BOT_LEVELS`: `random`, `greedy`, ISMCTS at a few iteration
  counts), each level one identity of kind `bot` whatever the spec's spelling; any other spec
  cannot sit at a rated table (`not_ratable` at creation; a stored one leaves the match
  unrated), so that no spec string is a fresh player to beat;
- the leaderboard lists a player only after `LEADERBOARD_MIN_MATCHES` rated matches against
  `LEADERBOARD_MIN_OPPONENTS` distinct opponents (`serve --leaderboard-min-matches`,
  `--leaderboard-min-opponents`).

The ranking: the winners share first place; the others follow by final score (equal scores
share a place); a player who was absent at the end (a stand-in played for them: they left and
did not come back, `absent` in the stored seat) ranks after everyone present, whatever the
stand-in scored. A turn-based match lost on time ranks the late player last and everyone else
first together; any other aborted match is not rated. A table that allows hints (the bot's
suggestions on request) is never rated: creation refuses the pair, and `compute` rates no such
match whatever its row says.
"""

from __future__ import annotations

import hashlib
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, distinct, func, select

from boardwright.agents import parse_spec
from boardwright.engine.errors import BoardwrightError

from .seats import MatchError
from .store import (
    MatchRow,
    RatingRow,
    Store,
    identities_table,
    rating_changes_table,
    ratings_table,
)

MODEL = PlackettLuce()
#: players a rated match may have
MIN_RATED, MAX_RATED = 2, 6
#: the bot levels a rated match may seat: canonical spec -> the name it is rated under
BOT_LEVELS = {"random": "random", "greedy": "greedy",
              **{f"ismcts:iterations={n}": f"ismcts {n}" for n in (100, 500, 2000, 5000)}}
#: rated matches, and distinct opponents in them, before a player shows on the leaderboard
LEADERBOARD_MIN_MATCHES = 10
LEADERBOARD_MIN_OPPONENTS = 3


def bot_level(spec: str) -> str | None:
    """The canonical level of a bot spec (`ismcts:500`, `ismcts:iterations=500` and
    ` ISMCTS:iterations=500 ` are one level), or None when it is none of `BOT_LEVELS`."""
    try:
        name, settings = parse_spec(spec.lower())
    except (BoardwrightError, ValueError):
        return None
    if name in ("random", "greedy") and not settings:
        return name
    if name == "ismcts" and set(settings) == {"iterations"}:
        level = f"ismcts:iterations={settings['iterations']}"
        return level if level in BOT_LEVELS else None
    return None


def check_ratable(seats: list[Any]) -> None:
    """`not_ratable` unless every bot seat of a rated table plays at a fixed level."""
    for index, seat in enumerate(seats):
        if seat.kind == "bot" and bot_level(seat.agent or "greedy") is None:
            raise MatchError("not_ratable", f"a rated match seats bots of a fixed level only "
                             f"({', '.join(BOT_LEVELS)}), not {seat.agent!r}; choose one or "
                             "make the match unrated", seat=index, levels=list(BOT_LEVELS))


def shown(mu: float, sigma: float) -> float:
    """The rating the pages show and rank by: the conservative estimate, scaled so a new
    player starts at 0 and a strong one reaches a few thousand (openskill's ordinal x 100)."""
    return round((mu - 3 * sigma) * 100)


def bot_identity(level: str) -> tuple[str, str]:
    """(identity id, name) under which a bot level is rated (the id of a canonical spec is
    the one its spelling had before levels, so `random` and `greedy` keep their ratings)."""
    return "bot-" + hashlib.sha256(level.encode()).hexdigest()[:24], BOT_LEVELS[level]


def bot_seats(row: MatchRow) -> dict[int, tuple[str, str]]:
    """seat -> (identity id, name) of each bot seat of a match at a fixed level (a seat of
    any other spec gets none, so the match is not rated)."""
    out = {}
    for seat, data in enumerate(row.seats):
        if data.get("kind") == "bot":
            level = bot_level(str(data.get("agent") or "greedy"))
            if level is not None:
                out[seat] = bot_identity(level)
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
    absent = {s for s, data in enumerate(row.seats) if data.get("absent")}
    present = [s for s in range(row.players) if s not in absent]
    if not present:
        return None
    winners = [s for s in present if s in row.winners]
    losers = sorted({returns[s] for s in present if s not in winners}, reverse=True)
    first = 2 if winners else 1
    place = {score: first + i for i, score in enumerate(losers)}
    out = {s: 1 if s in winners else place[returns[s]] for s in present}
    last = max(out.values()) + 1
    return {s: out.get(s, last) for s in range(row.players)}


def compute(row: MatchRow, seats: dict[int, str], before: dict[str, RatingRow],
            kinds: dict[str, str] | None = None) -> dict[str, tuple[RatingRow, RatingRow]]:
    """identity -> (rating before, rating after) for every seat of `row`; empty when the match
    cannot be rated (a seat no identity holds, one identity twice, no ranking, and with
    `kinds` (identity -> kind) a seat of anything but an account or a bot level)."""
    places = ranks(row)
    if (places is None or row.hints or sorted(seats) != list(range(row.players))
            or len(set(seats.values())) != row.players
            or not MIN_RATED <= row.players <= MAX_RATED):
        return {}
    if kinds is not None and any(kinds.get(i) not in ("account", "bot")
                                 for i in seats.values()):
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


def leaderboard(store: Store, game: str, limit: int, min_matches: int,
                min_opponents: int) -> list[tuple[RatingRow, str, str]]:
    """The ratings of `game` of identities with `min_matches` rated matches against
    `min_opponents` distinct opponents, with each one's name and kind, best estimate first
    (the caller orders by the conservative rating)."""
    mine, theirs = rating_changes_table.alias("mine"), rating_changes_table.alias("theirs")
    met = (select(mine.c.identity_id)
           .join(theirs, and_(theirs.c.match_id == mine.c.match_id,
                              theirs.c.identity_id != mine.c.identity_id))
           .where(mine.c.game == game)
           .group_by(mine.c.identity_id)
           .having(func.count(distinct(theirs.c.identity_id)) >= min_opponents)
           .having(func.count(distinct(mine.c.match_id)) >= min_matches))
    query = (select(ratings_table, identities_table.c.name, identities_table.c.kind)
             .join(identities_table, identities_table.c.id == ratings_table.c.identity_id)
             .where(ratings_table.c.game == game, ratings_table.c.matches >= min_matches,
                    ratings_table.c.identity_id.in_(met))
             .order_by((ratings_table.c.mu - 3 * ratings_table.c.sigma).desc())
             .limit(limit))
    with store.engine.connect() as conn:
        return [(RatingRow(r.identity_id, r.game, r.mu, r.sigma, r.matches), r.name, r.kind)
                for r in conn.execute(query)]

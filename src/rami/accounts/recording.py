"""Writing a finished match: the game, its seats' statistics and the rating updates."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection

from rami.accounts.botratings import BOT_RATINGS
from rami.accounts.ratings import Rating, rate
from rami.accounts.results import MatchResult, RatingChange, Recorded, SeatResult
from rami.accounts.schema import accounts_t, game_players_t, games_t, rating_history_t, ratings_t


def game_id(conn: Connection, game_key: str) -> int | None:
    """The id of the game recorded under ``game_key``, or None."""
    found = conn.execute(select(games_t.c.id).where(games_t.c.game_key == game_key)).scalar()
    return None if found is None else int(found)


def record(conn: Connection, result: MatchResult, now: float) -> Recorded:
    """Write a checked result in the caller's transaction (see :meth:`AccountStore.record`)."""
    existing = game_id(conn, result.game_key)
    if existing is not None:
        return Recorded(existing, False)
    accounts = [s.account_id for s in result.seats if s.account_id is not None]
    query = select(func.count()).where(accounts_t.c.id.in_(accounts))
    if conn.execute(query).scalar_one() != len(accounts):
        raise ValueError("a seat names an account that does not exist")
    new_id = _insert_game(conn, result)
    if not result.rated:
        return Recorded(new_id, True)
    return Recorded(new_id, True, _rate(conn, result, new_id, accounts, now))


def _insert_game(conn: Connection, result: MatchResult) -> int:
    game = {
        "game_key": result.game_key,
        "table_id": result.table_id,
        "preset": result.preset,
        "family": result.family,
        "rated": result.rated,
        "rounds": result.rounds,
        "finished": result.finished,
    }
    new_id = int(conn.execute(insert(games_t).returning(games_t.c.id), game).scalar_one())
    conn.execute(insert(game_players_t), [_seat_row(new_id, seat) for seat in result.seats])
    return new_id


def _seat_row(game: int, seat: SeatResult) -> dict[str, Any]:
    stats = seat.stats
    return {
        "game_id": game,
        "seat": seat.seat,
        "account_id": seat.account_id,
        "bot": seat.bot,
        "name": seat.name,
        "place": seat.place,
        "total": seat.total,
        "rounds_played": stats.rounds_played,
        "rounds_won": stats.rounds_won,
        "penalty_total": stats.penalty_total,
        "opened_rounds": len(stats.opening_turns),
        "opening_turn_total": sum(stats.opening_turns),
        "rami_sec": stats.rami_sec,
        "left": seat.left,
    }


def _rate(
    conn: Connection, result: MatchResult, game: int, accounts: list[int], now: float
) -> tuple[RatingChange, ...]:
    """Update the accounts' ratings, reading their rows ``FOR UPDATE`` (bots stay fixed)."""
    family = result.family
    query = (
        select(ratings_t)
        .where(ratings_t.c.family == family, ratings_t.c.account_id.in_(accounts))
        .with_for_update()
    )
    current = {
        row.account_id: (Rating(row.mu, row.sigma), row.games) for row in conn.execute(query)
    }
    before = [
        BOT_RATINGS[s.bot] if s.bot is not None else current.get(s.account_id, (Rating(), 0))[0]
        for s in result.seats
    ]
    places = [(rating, s.place) for rating, s in zip(before, result.seats, strict=True)]
    after = rate(places, result.weight)
    changes = []
    for seat, old, new in zip(result.seats, before, after, strict=True):
        if seat.account_id is None:
            continue
        values = {"mu": new.mu, "sigma": new.sigma, "updated": now}
        if seat.account_id in current:
            games = current[seat.account_id][1] + 1
            key = (ratings_t.c.account_id == seat.account_id) & (ratings_t.c.family == family)
            conn.execute(update(ratings_t).where(key).values(games=games, **values))
        else:
            row = {"account_id": seat.account_id, "family": family, "games": 1, **values}
            conn.execute(insert(ratings_t), row)
        point = {"account_id": seat.account_id, "family": family, "game_id": game, "at": now}
        conn.execute(insert(rating_history_t), {**point, "mu": new.mu, "sigma": new.sigma})
        changes.append(RatingChange(seat.account_id, family, old, new))
    return tuple(changes)

"""Read-only queries behind the leaderboard and the player pages."""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.engine import Connection

from rami.accounts.botratings import BOT_RATINGS
from rami.accounts.ratings import FAMILIES, PROVISIONAL_GAMES, Rating
from rami.accounts.schema import accounts_t, game_players_t, games_t, rating_history_t, ratings_t


def leaderboard(conn: Connection, family: str, limit: int, offset: int) -> list[dict[str, Any]]:
    """Rated accounts of ``family``, best first: the settled ratings by shown rating, then the
    provisional ones (fewer than :data:`PROVISIONAL_GAMES` games) by shown rating."""
    provisional = case((ratings_t.c.games < PROVISIONAL_GAMES, 1), else_=0)
    query = (
        select(accounts_t.c.name, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games)
        .join(ratings_t, ratings_t.c.account_id == accounts_t.c.id)
        .where(ratings_t.c.family == family)
        .order_by(provisional, ratings_t.c.mu.desc(), accounts_t.c.name_key)
        .limit(limit)
        .offset(offset)
    )
    return [
        {
            "rank": offset + index + 1,
            "name": row.name,
            "games": row.games,
            **Rating(row.mu, row.sigma).to_json(row.games),
        }
        for index, row in enumerate(conn.execute(query))
    ]


def _history(conn: Connection, account_id: int) -> dict[str, list[dict[str, Any]]]:
    query = (
        select(rating_history_t, games_t.c.game_key, games_t.c.table_id)
        .join(games_t, games_t.c.id == rating_history_t.c.game_id)
        .where(rating_history_t.c.account_id == account_id)
        .order_by(rating_history_t.c.at, rating_history_t.c.id)
    )
    out: dict[str, list[dict[str, Any]]] = {family: [] for family in FAMILIES}
    for row in conn.execute(query):
        points = out.setdefault(row.family, [])
        before = points[-1]["rating"] if points else Rating().shown
        rating = Rating(row.mu, row.sigma).to_json(len(points) + 1)
        point = {"game": row.game_key, "table": row.table_id, "at": row.at}
        points.append({**point, **rating, "change": int(rating["rating"]) - int(before)})
    return out


def _ratings(conn: Connection, account_id: int) -> dict[str, dict[str, Any]]:
    history = _history(conn, account_id)
    current = {family: (Rating(), 0) for family in FAMILIES}
    for row in conn.execute(select(ratings_t).where(ratings_t.c.account_id == account_id)):
        current[row.family] = (Rating(row.mu, row.sigma), row.games)
    return {
        family: {**rating.to_json(games), "games": games, "history": history.get(family, [])}
        for family, (rating, games) in current.items()
    }


def _stats(conn: Connection, account_id: int) -> dict[str, dict[str, Any]]:
    gp = game_players_t.c
    query = (
        select(
            games_t.c.family,
            func.count().label("games"),
            func.sum(gp.rounds_played).label("rounds_played"),
            func.sum(gp.rounds_won).label("rounds_won"),
            func.sum(gp.penalty_total).label("penalty_total"),
            func.sum(gp.opened_rounds).label("opened_rounds"),
            func.sum(gp.opening_turn_total).label("opening_turn_total"),
            func.sum(gp.rami_sec).label("rami_sec"),
            func.sum(case((gp.place == 1, 1), else_=0)).label("matches_won"),
        )
        .join(games_t, games_t.c.id == gp.game_id)
        .where(gp.account_id == account_id)
        .group_by(games_t.c.family)
    )
    rows = {row.family: row._mapping for row in conn.execute(query)}
    names = (
        "games",
        "matches_won",
        "rounds_played",
        "rounds_won",
        "penalty_total",
        "opened_rounds",
        "opening_turn_total",
        "rami_sec",
    )
    sums = {
        family: {n: int(rows[family][n] or 0) if family in rows else 0 for n in names}
        for family in FAMILIES
    }
    sums["all"] = {n: sum(s[n] for s in sums.values()) for n in names}
    return {family: _means(totals) for family, totals in sums.items()}


def _means(totals: dict[str, int]) -> dict[str, Any]:
    played, opened = totals["rounds_played"], totals["opened_rounds"]
    return {
        "games": totals["games"],
        "matches_won": totals["matches_won"],
        "rounds_played": played,
        "rounds_won": totals["rounds_won"],
        "mean_penalty": round(totals["penalty_total"] / played, 2) if played else None,
        "mean_opening_turn": round(totals["opening_turn_total"] / opened, 2) if opened else None,
        "rami_sec": totals["rami_sec"],
    }


def _games(conn: Connection, account_id: int, limit: int) -> list[dict[str, Any]]:
    gp = game_players_t.c
    mine = (
        select(games_t, gp.place)
        .join(game_players_t, gp.game_id == games_t.c.id)
        .where(gp.account_id == account_id)
        .order_by(games_t.c.finished.desc(), games_t.c.id.desc())
        .limit(limit)
    )
    games = list(conn.execute(mine))
    ids = [g.id for g in games]
    seats: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    if ids:
        query = (
            select(game_players_t, accounts_t.c.name.label("account"))
            .outerjoin(accounts_t, accounts_t.c.id == gp.account_id)
            .where(gp.game_id.in_(ids))
            .order_by(gp.game_id, gp.seat)
        )
        for row in conn.execute(query):
            seats[row.game_id].append(_seat_of(row))
    after = {
        point["game"]: {k: point[k] for k in ("mu", "sigma", "rating", "provisional", "change")}
        for points in _history(conn, account_id).values()
        for point in points
    }
    return [
        {
            "game": g.game_key,
            "table": g.table_id,
            "preset": g.preset,
            "family": g.family,
            "rated": g.rated,
            "rounds": g.rounds,
            "finished": g.finished,
            "place": g.place,
            "rating_after": after.get(g.game_key),
            "players": seats[g.id],
        }
        for g in games
    ]


def _left(conn: Connection, account_id: int) -> dict[str, int]:
    """Rated matches of the account and how many of them it left (``game_players.left``)."""
    gp = game_players_t.c
    query = (
        select(func.count(), func.sum(case((gp.left.is_(True), 1), else_=0)))
        .join(games_t, games_t.c.id == gp.game_id)
        .where(gp.account_id == account_id, games_t.c.rated.is_(True))
    )
    rated, left = conn.execute(query).one()
    return {"rated": int(rated or 0), "left": int(left or 0)}


def profile(
    conn: Connection, account_id: int, name: str, created: float, games: int
) -> dict[str, Any]:
    """A player's ratings with history, latest ``games`` games, statistics by family and how
    often it left rated matches."""
    return {
        "name": name,
        "created": created,
        "ratings": _ratings(conn, account_id),
        "games": _games(conn, account_id, games),
        "stats": _stats(conn, account_id),
        "left_rated": _left(conn, account_id),
    }


def game_result(conn: Connection, game_key: str) -> dict[str, Any] | None:
    """A recorded game's seats with each account's rating before and after it (None: not
    recorded); a bot seat shows its fixed rating, unchanged."""
    game = conn.execute(select(games_t).where(games_t.c.game_key == game_key)).first()
    if game is None:
        return None
    gp = game_players_t.c
    query = (
        select(game_players_t, accounts_t.c.name.label("account"))
        .outerjoin(accounts_t, accounts_t.c.id == gp.account_id)
        .where(gp.game_id == game.id)
        .order_by(gp.seat)
    )
    seats = []
    for row in conn.execute(query):
        seat: dict[str, Any] = {**_seat_of(row), "rating": None}
        if game.rated and row.account_id is not None:
            points = _history(conn, row.account_id).get(game.family, [])
            found = [point for point in points if point["game"] == game_key]
            seat["rating"] = found[0] if found else None
        elif game.rated and row.bot in BOT_RATINGS:
            seat["rating"] = {**BOT_RATINGS[row.bot].to_json(), "change": 0}
        seats.append(seat)
    body = {"game": game_key, "table": game.table_id, "preset": game.preset}
    return {**body, "family": game.family, "rated": game.rated, "seats": seats}


def _seat_of(row: Any) -> dict[str, Any]:
    """One seat of a finished game, as the profile and result routes show it."""
    return {
        "seat": row.seat,
        "name": row.name,
        "account": row.account,
        "bot": row.bot,
        "place": row.place,
        "total": row.total,
    }

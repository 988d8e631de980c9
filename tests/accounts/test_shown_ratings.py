"""Ratings as people see them: an Elo-like number around 1500, provisional for few games, the
change a game made, and shorter match formats moving ratings less."""

from __future__ import annotations

import math

import pytest
from accounts_helpers import Env, make_account

from rami.accounts import MatchResult, SeatResult
from rami.accounts.botratings import BOT_RATINGS, Observation, _predicted
from rami.accounts.ratings import (
    FORMAT_WEIGHTS,
    PROVISIONAL_GAMES,
    SHOWN_PER_MU,
    Rating,
    rate,
    shown_rating,
)
from rami.match import MATCH_FORMATS


def test_a_new_account_shows_1500_and_the_bots_sit_on_the_same_scale() -> None:
    assert shown_rating(Rating()) == 1500
    assert Rating().to_json(0) == {"mu": 25.0, "sigma": 8.3333, "rating": 1500, "provisional": True}
    assert Rating().to_json(PROVISIONAL_GAMES)["provisional"] is False
    shown = {level: shown_rating(r) for level, r in BOT_RATINGS.items()}
    assert shown["medium"] == 1500
    assert shown["random"] < shown["easy"] < shown["medium"] < shown["expert"] < shown["hard"]
    assert 1300 < shown["easy"] < 1500 < shown["hard"] < 1700
    assert BOT_RATINGS["hard"].to_json()["provisional"] is False


def test_400_points_are_ten_wins_in_eleven_between_settled_players() -> None:
    """The win chance of Plackett-Luce, the likelihood ``rate`` and the bot fit use, for two
    seats with ``sigma`` near 0: ``exp(mu_a / c) / (exp(mu_a / c) + exp(mu_b / c))``."""
    observation = Observation(("strong", "weak"), (0.5, 0.5), 1, "")
    mus = {"strong": 25 + 400 / SHOWN_PER_MU, "weak": 25.0}
    assert _predicted(observation, mus, 1e-9)[0] == pytest.approx(10 / 11)


def test_a_format_weight_scales_the_update() -> None:
    entries = [(Rating(), 1), (BOT_RATINGS["medium"], 2)]
    [full, _] = rate(entries)
    [short, _] = rate(entries, 0.4)
    assert short.mu - 25 == pytest.approx(0.4 * (full.mu - 25))
    assert short.sigma**2 == pytest.approx(
        Rating().sigma ** 2 + 0.4 * (full.sigma**2 - Rating().sigma ** 2)
    )
    assert math.isclose(rate(entries, 1.0)[0].mu, full.mu)
    with pytest.raises(ValueError, match="weight"):
        rate(entries, 0.0)


def test_every_engine_format_has_a_weight_and_the_full_match_counts_most() -> None:
    assert set(FORMAT_WEIGHTS) == set(MATCH_FORMATS)
    assert FORMAT_WEIGHTS["full"] == 1.0
    assert all(0 < w <= 1 for w in FORMAT_WEIGHTS.values())


def _won(env: Env, key: str, name: str, format: str) -> dict[str, object]:
    account = make_account(env, name)
    seats = (
        SeatResult(0, name, 1, 100, account_id=account),
        SeatResult(1, "medium", 2, 501, bot="medium"),
    )
    env.clock.advance(60)
    result = MatchResult(
        f"table:t-{key}", f"t-{key}", "rami51", True, 10, seats, env.clock(), format
    )
    env.store.record(result)
    body: dict[str, object] = env.client.get(f"/api/results/t-{key}").json()
    return body


def test_the_result_of_a_table_gives_each_rating_change_weighted_by_its_format(env: Env) -> None:
    full = _won(env, "a", "Ana", "full")
    short = _won(env, "b", "Bea", "to201")
    ana, bot = full["seats"]  # type: ignore[misc]
    assert ana["rating"]["rating"] - ana["rating"]["change"] == 1500
    assert ana["rating"]["change"] > 0 and ana["rating"]["provisional"] is True
    assert bot["rating"] == {**BOT_RATINGS["medium"].to_json(), "change": 0}
    bea = short["seats"][0]  # type: ignore[index]
    assert 0 < bea["rating"]["change"] < ana["rating"]["change"]
    assert bea["rating"]["change"] == pytest.approx(0.4 * ana["rating"]["change"], abs=1)
    missing = env.client.get("/api/results/nothing-here")
    assert (missing.status_code, missing.json()["code"]) == (404, "no_such_result")


def test_an_unknown_format_is_refused_before_anything_is_written() -> None:
    seats = (SeatResult(0, "Ana", 1, 0, account_id=1), SeatResult(1, "medium", 2, 0, bot="medium"))
    with pytest.raises(ValueError, match="format"):
        MatchResult("k", "t", "rami51", True, 1, seats, 0.0, "to99").check()


def test_the_leaderboard_puts_settled_ratings_before_provisional_ones(env: Env) -> None:
    _won(env, "p1", "Newcomer", "full")  # one win: high, but provisional
    steady = make_account(env, "Steady")
    for game in range(PROVISIONAL_GAMES):
        place = 1 if game % 2 else 2
        seats = (
            SeatResult(0, "Steady", place, 0, account_id=steady),
            SeatResult(1, "medium", 3 - place, 0, bot="medium"),
        )
        env.clock.advance(60)
        env.store.record(
            MatchResult(f"s{game}", f"t-s{game}", "rami51", True, 1, seats, env.clock())
        )
    board = env.client.get("/api/leaderboard").json()["players"]
    assert [(p["name"], p["provisional"]) for p in board] == [("Steady", False), ("Newcomer", True)]
    assert board[0]["rating"] < board[1]["rating"]

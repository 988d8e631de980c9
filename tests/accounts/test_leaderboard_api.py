"""The leaderboard and the player pages through the HTTP API."""

from __future__ import annotations

import pytest
from accounts_helpers import Env, make_account

from rami.accounts import MatchResult, SeatResult, SeatStats
from rami.accounts.botratings import BOT_RATINGS
from rami.accounts.ratings import Rating, shown_rating


def _play(env: Env, key: str, seats: list[SeatResult], preset: str = "rami51") -> None:
    env.clock.advance(60)
    rounds = max(s.stats.rounds_played for s in seats)
    env.store.record(
        MatchResult(key, f"table-{key}", preset, True, rounds, tuple(seats), env.clock())
    )


def _seat(seat: int, name: str, place: int, account: int | None, **stats: object) -> SeatResult:
    bot = name if account is None else None
    return SeatResult(seat, name, place, 0, account_id=account, bot=bot, stats=SeatStats(**stats))  # type: ignore[arg-type]


@pytest.fixture
def played(env: Env) -> Env:
    """Ana beats Bruno twice in Rami 51 (one with a hard bot), Bruno beats Chloe in Rami 40."""
    ana, bruno, chloe = (make_account(env, n) for n in ("Ana", "Bruno", "Chloe"))
    _play(
        env,
        "m1",
        [
            _seat(
                0,
                "Ana",
                1,
                ana,
                rounds_played=3,
                rounds_won=2,
                penalty_total=20,
                opening_turns=(4, 6),
                rami_sec=1,
            ),
            _seat(
                1,
                "Bruno",
                3,
                bruno,
                rounds_played=3,
                rounds_won=0,
                penalty_total=150,
                opening_turns=(9,),
            ),
            _seat(
                2,
                "hard",
                2,
                None,
                rounds_played=3,
                rounds_won=1,
                penalty_total=40,
                opening_turns=(5, 5, 5),
            ),
        ],
    )
    _play(
        env,
        "m2",
        [
            _seat(0, "Bruno", 2, bruno, rounds_played=1, penalty_total=35, opening_turns=(3,)),
            _seat(
                1, "Ana", 1, ana, rounds_played=1, rounds_won=1, penalty_total=0, opening_turns=(2,)
            ),
        ],
        preset="rami51-house",
    )
    _play(
        env,
        "m3",
        [
            _seat(0, "Chloe", 2, chloe, rounds_played=1, penalty_total=100),
            _seat(1, "Bruno", 1, bruno, rounds_played=1, rounds_won=1, opening_turns=(7,)),
        ],
        preset="scala40",
    )
    return env


def test_the_leaderboard_ranks_a_family_by_shown_rating(played: Env) -> None:
    response = played.client.get("/api/leaderboard", params={"preset": "rami51"})
    assert response.status_code == 200
    body = response.json()
    assert body["family"] == "rami51"
    assert body["presets"] == ["rami51", "rami51-house", "rami51-pl"]
    assert [(p["rank"], p["name"], p["games"]) for p in body["players"]] == [
        (1, "Ana", 2),
        (2, "Bruno", 2),
    ]
    ana = body["players"][0]
    assert ana["rating"] == shown_rating(Rating(ana["mu"], ana["sigma"]))
    assert ana["provisional"] is True
    assert [b["level"] for b in body["bots"]] == ["hard", "expert", "medium", "easy", "random"]
    assert body["bots"][0] == {"level": "hard", **BOT_RATINGS["hard"].to_json()}
    forty = played.client.get("/api/leaderboard", params={"preset": "rami40-house"}).json()
    assert forty["family"] == "rami40"
    assert [p["name"] for p in forty["players"]] == ["Bruno", "Chloe"]
    assert played.client.get("/api/leaderboard").json()["family"] == "rami51"


def test_the_leaderboard_pages(played: Env) -> None:
    page = played.client.get("/api/leaderboard", params={"limit": 1, "offset": 1}).json()
    assert [(p["rank"], p["name"]) for p in page["players"]] == [(2, "Bruno")]


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"preset": "poker"}, "unknown_preset"),
        ({"limit": "0"}, "bad_query"),
        ({"limit": "500"}, "bad_query"),
        ({"limit": "ten"}, "bad_query"),
        ({"offset": "-1"}, "bad_query"),
    ],
)
def test_the_leaderboard_refuses_bad_queries(
    played: Env, params: dict[str, str], code: str
) -> None:
    response = played.client.get("/api/leaderboard", params=params)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_a_player_page_has_ratings_history_games_and_stats(played: Env) -> None:
    response = played.client.get("/api/players/ana")
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "Ana"
    rami51 = body["ratings"]["rami51"]
    assert rami51["games"] == 2
    assert [(h["game"], h["table"]) for h in rami51["history"]] == [
        ("m1", "table-m1"),
        ("m2", "table-m2"),
    ]
    assert rami51["history"][-1]["mu"] == rami51["mu"]
    assert rami51["history"][0]["mu"] < rami51["history"][1]["mu"]
    assert body["ratings"]["rami40"] == {
        "mu": 25.0,
        "sigma": 8.3333,
        "rating": 1500,
        "provisional": True,
        "games": 0,
        "history": [],
    }
    games = body["games"]
    assert [(g["game"], g["table"], g["preset"], g["place"]) for g in games] == [
        ("m2", "table-m2", "rami51-house", 1),
        ("m1", "table-m1", "rami51", 1),
    ]
    assert games[1]["players"] == [
        {"seat": 0, "name": "Ana", "account": "Ana", "bot": None, "place": 1, "total": 0},
        {"seat": 1, "name": "Bruno", "account": "Bruno", "bot": None, "place": 3, "total": 0},
        {"seat": 2, "name": "hard", "account": None, "bot": "hard", "place": 2, "total": 0},
    ]
    assert games[0]["rating_after"] == {
        **{k: rami51[k] for k in ("mu", "sigma", "rating", "provisional")},
        "change": rami51["history"][1]["rating"] - rami51["history"][0]["rating"],
    }
    stats = body["stats"]
    assert stats["rami51"] == {
        "games": 2,
        "matches_won": 2,
        "rounds_played": 4,
        "rounds_won": 3,
        "mean_penalty": 5.0,
        "mean_opening_turn": 4.0,
        "rami_sec": 1,
    }
    assert stats["all"] == stats["rami51"]
    assert stats["rami40"]["games"] == 0 and stats["rami40"]["mean_penalty"] is None


def test_stats_add_up_across_families(played: Env) -> None:
    stats = played.client.get("/api/players/Bruno").json()["stats"]
    assert stats["rami51"]["mean_penalty"] == pytest.approx(185 / 4, abs=0.01)
    assert stats["rami51"]["mean_opening_turn"] == 6.0
    assert stats["rami40"] == {
        "games": 1,
        "matches_won": 1,
        "rounds_played": 1,
        "rounds_won": 1,
        "mean_penalty": 0.0,
        "mean_opening_turn": 7.0,
        "rami_sec": 0,
    }
    assert stats["all"]["games"] == 3 and stats["all"]["rounds_won"] == 1
    assert stats["all"]["mean_opening_turn"] == pytest.approx(19 / 3, abs=0.01)


def test_a_player_page_limits_its_games_and_refuses_unknowns(played: Env) -> None:
    one = played.client.get("/api/players/Ana", params={"games": 1}).json()
    assert [g["game"] for g in one["games"]] == ["m2"]
    assert (
        played.client.get("/api/players/Ana", params={"games": "0"}).json()["code"] == "bad_query"
    )
    missing = played.client.get("/api/players/Nobody")
    assert missing.status_code == 404
    assert missing.json()["code"] == "no_such_player"

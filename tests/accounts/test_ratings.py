"""Ratings: OpenSkill updates by family, the bots' fixed ratings, recording results."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from accounts_helpers import Env, make_account
from openskill.models import PlackettLuce
from sqlalchemy import func, select

from rami.accounts import (
    FAMILIES,
    MatchResult,
    Rating,
    SeatResult,
    SeatStats,
    family_of,
    placements,
    record_rated_result,
)
from rami.accounts.botratings import BOT_RATINGS, BOT_SIGMA, PUBLISHED, fit_bot_ratings
from rami.accounts.schema import game_players_t, games_t, rating_history_t, ratings_t
from rami.bots import LEVELS
from rami.rules import PRESETS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _seat(seat: int, place: int, account: int | None = None, bot: str | None = None) -> SeatResult:
    name = bot or f"player{seat}"
    stats = SeatStats(rounds_played=1, rounds_won=int(place == 1), penalty_total=10 * (place - 1))
    return SeatResult(seat, name, place, 10 * (place - 1), account_id=account, bot=bot, stats=stats)


def _result(
    key: str, seats: list[SeatResult], preset: str = "rami51", rated: bool = True
) -> MatchResult:
    return MatchResult(key, f"t-{key}", preset, rated, 1, tuple(seats), finished=1.0)


def _rating(env: Env, account: int, family: str = "rami51") -> Rating:
    return env.store.ratings(account)[family][0]


def test_every_preset_has_a_family_of_its_opening() -> None:
    assert set(FAMILIES) == {"rami51", "rami40"}
    for name, rules in PRESETS.items():
        assert family_of(name) == f"rami{rules.opening_points}", name
    assert family_of("rami40") == "rami40"
    with pytest.raises(Exception, match="unknown preset"):
        family_of("poker")


def test_a_four_player_result_matches_openskill_computed_directly(env: Env) -> None:
    ids = [make_account(env, name) for name in ("Ana", "Bruno", "Chloe", "Dan")]
    warmup = _result("g1", [_seat(0, 1, ids[0]), _seat(1, 2, ids[1]), _seat(2, 2, ids[2])])
    env.store.record(warmup)
    before = [_rating(env, i) for i in ids]
    assert before[0].mu > 25 > before[1].mu and before[3] == Rating()
    places = [3, 1, 4, 1]  # Bruno and Dan tie for the win
    final = _result("g2", [_seat(s, p, ids[s]) for s, p in enumerate(places)])
    recorded = asyncio.run(record_rated_result(env.store, final))
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before], ranks=[3, 1, 4, 1]
    )
    for account, team in zip(ids, expected, strict=True):
        after = _rating(env, account)
        assert after.mu == pytest.approx(team[0].mu, rel=1e-12)
        assert after.sigma == pytest.approx(team[0].sigma, rel=1e-12)
    assert [c.after for c in recorded.changes] == [_rating(env, i) for i in ids]
    assert [c.before for c in recorded.changes] == before
    assert env.store.ratings(ids[3])["rami51"][1] == 1
    assert env.store.ratings(ids[0])["rami51"][1] == 2


def test_bots_carry_fixed_ratings(env: Env) -> None:
    ana = make_account(env, "Ana")
    result = _result("g", [_seat(0, 1, ana), _seat(1, 2, bot="hard"), _seat(2, 3, bot="easy")])
    recorded = env.store.record(result)
    model = PlackettLuce()
    teams = [[model.rating()]] + [
        [model.rating(mu=BOT_RATINGS[level].mu, sigma=BOT_SIGMA)] for level in ("hard", "easy")
    ]
    expected = model.rate(teams, ranks=[1, 2, 3])[0][0]
    assert _rating(env, ana).mu == pytest.approx(expected.mu)
    assert [c.account_id for c in recorded.changes] == [ana]
    assert BOT_RATINGS["hard"] == Rating(27.8, 1.0)
    losing = env.store.record(
        _result("h", [_seat(0, 2, ana), _seat(1, 1, bot="random")], preset="rami40")
    )
    assert losing.changes[0].after.mu < 25 - 5  # losing to random costs a lot
    assert _rating(env, ana, "rami40").mu == losing.changes[0].after.mu


def test_the_bot_ratings_are_the_fit_of_the_published_strength() -> None:
    assert set(BOT_RATINGS) == set(LEVELS)
    fitted = fit_bot_ratings()
    for level, rating in BOT_RATINGS.items():
        assert rating.mu == pytest.approx(fitted[level], abs=0.05), level
        assert rating.sigma == BOT_SIGMA
    assert fitted["hard"] > fitted["medium"] > fitted["easy"] > fitted["random"]
    text = (DOCS / "BOTS.md").read_text(encoding="utf-8")
    for observation in PUBLISHED:
        assert observation.command in re.sub(r"\s+", " ", text), observation.command
        assert sum(observation.shares) == pytest.approx(1.0)
        shown = observation.shares[:1] if len(observation.levels) == 2 else observation.shares
        for share in shown:  # the 2-player tables give the first level's share
            assert f"{100 * share:.1f}%" in text, (observation.levels, share)


def test_the_fit_moves_a_level_with_its_results() -> None:
    stronger = [
        o.__class__(o.levels, (0.7, 0.3), o.rounds, o.command)
        if o.levels == ("hard", "medium")
        else o
        for o in PUBLISHED
    ]
    assert fit_bot_ratings(stronger)["hard"] > fit_bot_ratings()["hard"] + 0.5


def test_a_family_shares_one_rating_across_its_presets(env: Env) -> None:
    ana, bruno = make_account(env, "Ana"), make_account(env, "Bruno")
    env.store.record(_result("a", [_seat(0, 1, ana), _seat(1, 2, bruno)], preset="rami51-house"))
    first = _rating(env, ana)
    env.store.record(_result("b", [_seat(0, 1, ana), _seat(1, 2, bruno)], preset="rami51-pl"))
    assert _rating(env, ana).mu > first.mu
    assert _rating(env, ana, "rami40") == Rating()
    env.store.record(_result("c", [_seat(0, 2, ana), _seat(1, 1, bruno)], preset="scala40"))
    assert _rating(env, ana, "rami40").mu < 25
    assert env.store.ratings(ana)["rami51"][1] == 2


def test_recording_a_game_twice_changes_nothing_more(env: Env) -> None:
    ana, bruno = make_account(env, "Ana"), make_account(env, "Bruno")
    result = _result("same", [_seat(0, 1, ana), _seat(1, 2, bruno)])
    first = env.store.record(result)
    once = _rating(env, ana)
    again = env.store.record(result)
    assert (again.game_id, again.new, again.changes) == (first.game_id, False, ())
    assert _rating(env, ana) == once
    with env.store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(games_t)).scalar() == 1
        assert conn.execute(select(func.count()).select_from(rating_history_t)).scalar() == 2


def test_an_unrated_game_keeps_stats_but_not_ratings(env: Env) -> None:
    ana = make_account(env, "Ana")
    seats = [_seat(0, 1, ana), _seat(1, 2)]  # a guest at seat 1
    recorded = env.store.record(_result("u", seats, rated=False))
    assert recorded.new and recorded.changes == ()
    assert _rating(env, ana) == Rating()
    with env.store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(ratings_t)).scalar() == 0
        assert conn.execute(select(func.count()).select_from(game_players_t)).scalar() == 2


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([_seat(0, 1, 1), _seat(1, 2)], "only accounts and bots"),
        ([_seat(0, 1, bot="hard"), _seat(1, 2, bot="easy")], "at least one account"),
        ([_seat(0, 1, 1), _seat(1, 2, 1)], "one seat"),
        ([_seat(0, 1, 1), _seat(1, 2, bot="genius")], "unknown bot"),
        ([_seat(0, 1, 1), _seat(2, 2, 2)], "numbered"),
        ([_seat(0, 1, 1)], "2 to 6"),
        ([_seat(0, 1, 1), _seat(1, 2, 99)], "does not exist"),
        ([_seat(0, 0, 1), _seat(1, 1, 2)], "places start at 1"),
        (
            [_seat(0, 1, 1), SeatResult(1, "x", 2, 0, 2, stats=SeatStats(1, 2))],
            "more rounds won",
        ),
        (
            [_seat(0, 1, 1), SeatResult(1, "x", 2, 0, 2, stats=SeatStats(1, 0, 0, (3, 4)))],
            "opening turn",
        ),
    ],
)
def test_bad_results_are_refused_and_write_nothing(
    env: Env, seats: list[SeatResult], message: str
) -> None:
    make_account(env, "Ana")
    make_account(env, "Bruno")
    with pytest.raises(ValueError, match=message):
        env.store.record(_result("bad", seats))
    with pytest.raises(ValueError, match="unknown preset"):
        env.store.record(_result("bad", [_seat(0, 1, 1), _seat(1, 2, 2)], preset="poker"))
    with env.store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(games_t)).scalar() == 0


def test_placements_rank_winners_survivors_then_totals() -> None:
    assert placements([10, 0, 25, 10], winners=[1]) == [2, 1, 4, 2]
    assert placements([5, 5, 30], winners=[0, 1]) == [1, 1, 3]
    # elimination: seat 2 went out in round 4, seat 0 in round 2 (with a lower total)
    assert placements([105, 60, 120, 101], winners=[1], eliminated_in=[2, None, 4, 4]) == [
        4,
        1,
        3,
        2,
    ]


def test_six_seats_at_most_and_one_round_is_enough(env: Env) -> None:
    ids = [make_account(env, f"player{n}") for n in range(6)]
    env.store.record(_result("six", [_seat(s, s + 1, ids[s]) for s in range(6)]))
    assert [_rating(env, i).mu for i in ids] == sorted(
        (_rating(env, i).mu for i in ids), reverse=True
    )
    with pytest.raises(ValueError, match="2 to 6"):
        env.store.record(_result("seven", [_seat(s, 1, bot="easy") for s in range(7)]))

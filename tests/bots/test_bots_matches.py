"""Whole matches on duplicate deal sequences: the statistics against a hand computation, the
match wins against the records, the same deals in every rotation, and the same results with
one worker or two."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rami.bots import matches
from rami.bots.matches import (
    MatchOutcome,
    MatchSeat,
    play_sequence,
    summarize_matches,
    wilson,
)
from rami.bots.tournament import Config, run
from rami.match import MatchState
from rami.rules import get_rules

CONFIG = Config(("medium", "easy"), 2, "rami51", 2, "matches-test")


def test_wilson_interval_by_hand() -> None:
    # 7 wins in 10, z = 1.96: centre (0.7 + 1.96²/20) / (1 + 1.96²/10) = 0.89208 / 1.38416,
    # spread 1.96 * sqrt(0.7 * 0.3 / 10 + 1.96² / 400) / 1.38416 = 0.34282 / 1.38416.
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)
    # no wins: the lower bound is 0, the upper 1.96² / (5 + 1.96²) = 3.8415 / 8.8415.
    assert wilson(0, 5) == pytest.approx((0.0, 0.4345), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def _seat(label: str, won: float, total: int, rounds: int, round_wins: float) -> MatchSeat:
    return MatchSeat(label, won, total, rounds, round_wins, moves=10, seconds=0.01)


def test_match_statistics_of_a_fixed_set_by_hand() -> None:
    # Two sequences × two seatings; medium wins three matches of four, easy one.
    results = [
        [
            MatchOutcome(
                0, 10, 150, (_seat("medium", 1, 300, 10, 6), _seat("easy", 0, 510, 10, 4))
            ),
            MatchOutcome(
                1, 12, 170, (_seat("easy", 0, 520, 12, 5), _seat("medium", 1, 400, 12, 7))
            ),
        ],
        [
            MatchOutcome(0, 8, 120, (_seat("medium", 0, 505, 8, 2), _seat("easy", 1, 200, 8, 6))),
            MatchOutcome(
                1, 10, 140, (_seat("easy", 0, 502, 10, 4), _seat("medium", 1, 350, 10, 6))
            ),
        ],
    ]
    summary = summarize_matches(CONFIG, results)
    medium, easy = summary["bots"]["medium"], summary["bots"]["easy"]
    assert (medium["matches"], medium["match_wins"], medium["match_win_rate"]) == (4, 3, 0.75)
    assert (easy["match_wins"], easy["match_win_rate"]) == (1, 0.25)
    # Wilson, 3 in 4: centre (0.75 + 0.48020) / 1.96040, spread 1.96 * sqrt(0.046875 +
    # 0.060025) / 1.96040 = 0.64083 / 1.96040.
    assert medium["match_ci95"] == pytest.approx([0.3006, 0.9544], abs=1e-4)
    assert easy["match_ci95"] == pytest.approx([0.0456, 0.6994], abs=1e-4)
    # rounds: 10 + 12 + 8 + 10 = 40; medium won 6 + 7 + 2 + 6 = 21 of them.
    assert (medium["rounds"], medium["round_win_rate"]) == (40, 0.525)
    # per sequence 13 / 22 and 8 / 18: mean 0.51768, sd 0.10357, half 1.96 * 0.10357 / √2.
    assert medium["round_ci95"] == pytest.approx([0.3741, 0.6612], abs=1e-4)
    # penalty per round: (300 + 400 + 505 + 350) / 40 = 38.875; per match 1555 / 4.
    assert medium["mean_points"] == pytest.approx(38.88, abs=0.01)
    assert medium["mean_total"] == pytest.approx(388.8, abs=0.1)
    assert (summary["matches"], summary["rounds"], summary["mean_rounds"]) == (4, 40, 10.0)
    assert summary["mean_turns"] == pytest.approx(580 / 40, abs=0.01)


def test_a_played_match_counts_the_lowest_total_as_the_winner() -> None:
    config = dataclasses.replace(CONFIG, deals=1)
    _, outcomes = play_sequence(config, 0)
    assert [m.rotation for m in outcomes] == [0, 1]
    limit = get_rules("rami51").match_limit
    wins: dict[str, float] = {"medium": 0.0, "easy": 0.0}
    for outcome in outcomes:
        totals = {s.label: s.total for s in outcome.seats}
        assert max(totals.values()) >= limit
        low = min(totals.values())
        lowest = [label for label, total in totals.items() if total == low]
        for label in lowest:
            wins[label] += 1 / len(lowest)
        assert all(s.rounds == outcome.rounds for s in outcome.seats)
        assert sum(s.round_wins for s in outcome.seats) == pytest.approx(outcome.rounds)
    summary = summarize_matches(config, [outcomes])
    assert {k: v["match_wins"] for k, v in summary["bots"].items()} == wins
    assert sum(wins.values()) == 2


def test_every_rotation_plays_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[list[str]] = []
    real_new, real_next = matches.new_match, matches.next_round

    def recording_new(*args: Any, **kwargs: Any) -> MatchState:
        match = real_new(*args, **kwargs)
        seeds.append([match.round.seed])
        return match

    def recording_next(match: MatchState) -> MatchState:
        match = real_next(match)
        seeds[-1].append(match.round.seed)
        return match

    monkeypatch.setattr(matches, "new_match", recording_new)
    monkeypatch.setattr(matches, "next_round", recording_next)
    _, outcomes = play_sequence(dataclasses.replace(CONFIG, deals=1), 0)
    first, second = seeds
    shared = min(len(first), len(second))
    assert shared >= 2 and first[:shared] == second[:shared]
    assert [len(first), len(second)] == [m.rounds for m in outcomes]


def _without_times(summary: dict[str, Any]) -> dict[str, Any]:
    for row in summary["bots"].values():
        del row["mean_move_ms"]
    return summary


def test_one_worker_or_two_give_the_same_matches() -> None:
    alone = run(CONFIG, 1, play=play_sequence)
    pooled = run(CONFIG, 2, play=play_sequence)
    strip = [
        [[dataclasses.replace(s, seconds=0.0) for s in m.seats] for m in sequence]
        for sequence in (*alone, *pooled)
    ]
    assert strip[:2] == strip[2:]
    assert _without_times(summarize_matches(CONFIG, alone)) == _without_times(
        summarize_matches(CONFIG, pooled)
    )

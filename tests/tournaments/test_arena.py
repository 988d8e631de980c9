"""Arena: 2 points a win, double on fire from the third win in a row, free players paired
avoiding their previous opponent, a fixed duration."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from rami.tournaments import TableResult, arena_open, arena_pairs, arena_standings


def _win(a: str, b: str) -> TableResult:
    return TableResult((a, b), (1, 2))


def test_the_streak_doubles_from_the_third_win_and_ends_on_a_loss() -> None:
    games = [_win("a", "b"), _win("a", "c"), _win("a", "b"), _win("a", "c"), _win("b", "a")]
    games.append(_win("a", "c"))
    line = {x.player: x for x in arena_standings(["a", "b", "c"], games)}
    assert line["a"].points == 2 + 2 + 4 + 4 + 0 + 2
    assert line["a"].wins == 5 and line["a"].streak == 1
    assert line["b"].points == 2
    draw = TableResult(("a", "b"), (1, 1))
    assert {x.player: x.points for x in arena_standings(["a", "b"], [draw])} == {"a": 1, "b": 1}


def test_an_absent_player_loses() -> None:
    result = TableResult(("a", "b"), (1, 2), frozenset({"a"}))
    line = {x.player: x.points for x in arena_standings(["a", "b"], [result])}
    assert line == {"a": 0, "b": 2}


def test_free_players_avoid_their_previous_opponent() -> None:
    last = {"a": frozenset({"b"}), "b": frozenset({"a"})}
    assert arena_pairs(["a", "b", "c", "d"], last) == [("a", "c"), ("b", "d")]
    assert arena_pairs(["a", "b"], last) == [("a", "b")]
    assert arena_pairs(["a", "b", "c"], {}) == [("a", "b")]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=0, max_size=20, unique=True), st.integers(2, 4))
def test_arena_pairs_seat_each_free_player_at_most_once(free: list[int], size: int) -> None:
    names = [f"p{i}" for i in free]
    tables = arena_pairs(names, {})
    seated = [p for t in tables for p in t]
    assert len(seated) == len(set(seated)) and len(names) - len(seated) < 2
    tables = arena_pairs(names, {}, size)
    assert all(len(t) == size for t in tables) and len(tables) == len(names) // size


def test_the_arena_is_open_for_its_duration() -> None:
    start = datetime(2026, 12, 2, 15, tzinfo=UTC)
    assert not arena_open(start - timedelta(seconds=1), start, timedelta(minutes=10))
    assert arena_open(start, start, timedelta(minutes=10))
    assert not arena_open(start + timedelta(minutes=10), start, timedelta(minutes=10))

"""Swiss seating: everyone seated or given the bye once a round, no repeat opponent whenever
one can be avoided, the bye to the lowest-ranked without one, tables of N by score."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rami.tournaments import TableResult, bye, pair_next, seat_round, table_sizes
from rami.tournaments.standings import opponents_met


def _matchings(players: list[str], met: dict[str, frozenset[str]]) -> bool:
    """Whether ``players`` (an even number) can be paired with no repeat (brute force)."""
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(
        _matchings([p for p in rest if p != other], met)
        for other in rest
        if other not in met.get(top, frozenset())
    )


def _avoidable(active: list[str], met: dict[str, frozenset[str]]) -> bool:
    if len(active) % 2 == 0:
        return _matchings(active, met)
    return any(_matchings([p for p in active if p != b], met) for b in active)


def _play(tables: tuple[tuple[str, ...], ...], outcomes: list[int]) -> list[TableResult]:
    results = []
    for index, table in enumerate(tables):
        choice = outcomes[index % len(outcomes)] % 3
        places = {0: (1, 2), 1: (2, 1), 2: (1, 1)}[choice]
        results.append(TableResult(table, places))
    return results


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=8),
    rounds=st.integers(min_value=1, max_value=7),
    outcomes=st.lists(st.integers(min_value=0, max_value=2), min_size=1, max_size=8),
)
def test_no_repeat_when_avoidable_and_everyone_once(
    count: int, rounds: int, outcomes: list[int]
) -> None:
    players = [f"p{i}" for i in range(count)]
    history: list[list[TableResult]] = []
    for _ in range(rounds):
        seating = pair_next(players, players, history)
        seated = [p for table in seating.tables for p in table]
        if seating.bye is not None:
            seated.append(seating.bye)
        assert sorted(seated) == sorted(players)
        assert (seating.bye is not None) == (count % 2 == 1)
        assert all(len(table) == 2 for table in seating.tables)
        met = opponents_met(history)
        repeats = [t for t in seating.tables if t[1] in met.get(t[0], frozenset())]
        if _avoidable(players, met):
            assert repeats == []
        round_results = _play(seating.tables, outcomes)
        if seating.bye is not None:
            round_results.append(bye(seating.bye))
        history.append(round_results)


def test_round_one_is_dutch_and_the_bye_goes_to_the_last() -> None:
    players = [f"p{i}" for i in range(1, 10)]
    seating = pair_next(players, players, [])
    assert seating.bye == "p9"
    assert seating.tables == (("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8"))


def test_the_bye_skips_who_had_one_and_withdrawn_players_are_not_seated() -> None:
    players = ["a", "b", "c", "d", "e"]
    first = [TableResult(("a", "c"), (1, 2)), TableResult(("b", "d"), (1, 2)), bye("e")]
    seating = pair_next(players, ["a", "b", "c", "d", "e"], [first])
    assert seating.bye == "d"  # e is ranked above d (bye = a win) and has had one
    seating = pair_next(players, ["a", "b", "c", "e"], [first])
    assert seating.bye is None
    assert sorted(p for t in seating.tables for p in t) == ["a", "b", "c", "e"]


def test_winners_meet_winners() -> None:
    players = [f"p{i}" for i in range(1, 9)]
    first = [TableResult(t, (1, 2)) for t in pair_next(players, players, []).tables]
    second = pair_next(players, players, [first])
    winners = {"p1", "p2", "p3", "p4"}
    for table in second.tables:
        assert (table[0] in winners) == (table[1] in winners)


def test_a_repeat_is_accepted_when_none_can_be_avoided() -> None:
    players = ["a", "b"]
    history = [[TableResult(("a", "b"), (1, 2))]]
    assert pair_next(players, players, history).tables == (("a", "b"),)


def test_table_sizes() -> None:
    assert table_sizes(7, 2) == [2, 2, 2, 1]
    assert table_sizes(7, 4) == [4, 3]
    assert table_sizes(10, 3) == [3, 3, 2, 2]
    assert table_sizes(0, 2) == []
    assert table_sizes(1, 4) == [1]


@settings(max_examples=40, deadline=None)
@given(count=st.integers(min_value=3, max_value=14), size=st.integers(min_value=3, max_value=4))
def test_tables_of_n_group_by_score_without_repeats(count: int, size: int) -> None:
    players = [f"p{i:02}" for i in range(count)]
    scores = {p: Fraction(i % 3) for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: -scores[p])
    seating = seat_round(ranked, scores, {}, frozenset(), size)
    assert [len(t) for t in seating.tables] == [s for s in table_sizes(count, size) if s > 1]
    seated = [p for t in seating.tables for p in t]
    assert sorted(seated + ([seating.bye] if seating.bye else [])) == sorted(players)
    assert seated == ranked  # with nobody met, tables are consecutive ranks
    met = {p: frozenset(o for o in t if o != p) for t in seating.tables for p in t}
    again = seat_round(ranked, scores, met, frozenset(), size)
    pairs = {frozenset(pair) for t in again.tables for pair in combinations(t, 2)}
    before = {frozenset(pair) for t in seating.tables for pair in combinations(t, 2)}
    if len(seating.tables) >= size:
        assert not pairs & before

"""Standings checked against an independent recomputation; forfeits, byes, twin tables."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rami.tournaments import TableResult, bye, pair_next, standings, twin_result


def _independent(players: list[str], games: list[tuple[str, str, float]], byes: list[str]):
    """Score, Buchholz and Sonneborn-Berger from (a, b, a's result) games, the plain way."""
    score = {p: 0.0 for p in players}
    for a, b, r in games:
        score[a] += r
        score[b] += 1 - r
    for p in byes:
        score[p] += 1
    buch = {p: 0.0 for p in players}
    berger = {p: 0.0 for p in players}
    for a, b, r in games:
        buch[a] += score[b]
        buch[b] += score[a]
        berger[a] += score[b] * r
        berger[b] += score[a] * (1 - r)
    order = sorted(players, key=lambda p: (-score[p], -buch[p], -berger[p], players.index(p)))
    return [(p, score[p], buch[p], berger[p]) for p in order]


@settings(max_examples=50, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=12),
    outcomes=st.lists(st.sampled_from([1.0, 0.5, 0.0]), min_size=1, max_size=40),
    rounds=st.integers(min_value=1, max_value=5),
)
def test_standings_match_an_independent_computation(
    count: int, outcomes: list[float], rounds: int
) -> None:
    players = [f"p{i}" for i in range(count)]
    history: list[list[TableResult]] = []
    games: list[tuple[str, str, float]] = []
    byes: list[str] = []
    n = 0
    for _ in range(rounds):
        seating = pair_next(players, players, history)
        results = []
        for a, b in seating.tables:
            r = outcomes[n % len(outcomes)]
            n += 1
            games.append((a, b, r))
            results.append(TableResult((a, b), {1.0: (1, 2), 0.5: (1, 1), 0.0: (2, 1)}[r]))
        if seating.bye:
            byes.append(seating.bye)
            results.append(bye(seating.bye))
        history.append(results)
    got = [
        (s.player, float(s.score), float(s.buchholz), float(s.opponents_results))
        for s in standings(players, history)
    ]
    assert got == _independent(players, games, byes)


def test_a_forfeit_scores_nothing_and_gives_the_other_a_win() -> None:
    result = TableResult(("a", "b"), (1, 1), frozenset({"b"}))
    assert result.scores() == {"a": 1, "b": 0}
    both = TableResult(("a", "b"), (1, 1), frozenset({"a", "b"}))
    assert both.scores() == {"a": 0, "b": 0}


def test_a_table_of_three_scores_by_place() -> None:
    result = TableResult(("a", "b", "c"), (2, 1, 2))
    assert result.scores() == {"a": Fraction(1, 4), "b": 1, "c": Fraction(1, 4)}


def test_twin_tables_compare_the_penalty_across_both() -> None:
    # a loses the first table by 30 but wins the twin (b's cards) by 50: a wins the pairing
    result = twin_result(["a", "b"], {"a": 80, "b": 50}, {"a": 10, "b": 60})
    assert result.places == (1, 2)
    level = twin_result(["a", "b"], {"a": 80, "b": 50}, {"a": 20, "b": 50})
    assert level.places == (1, 1)


def test_standings_by_hand() -> None:
    players = ["a", "b", "c", "d"]
    r1 = [TableResult(("a", "b"), (1, 2)), TableResult(("c", "d"), (1, 1))]
    r2 = [TableResult(("a", "c"), (1, 2)), TableResult(("b", "d"), (2, 1))]
    table = standings(players, [r1, r2])
    assert [s.player for s in table] == ["a", "d", "c", "b"]
    a, d, c, b = table
    assert (a.score, a.buchholz, a.opponents_results) == (2, Fraction(1, 2), Fraction(1, 2))
    assert (d.score, d.buchholz) == (Fraction(3, 2), Fraction(1, 2))
    assert (c.score, c.buchholz) == (Fraction(1, 2), Fraction(7, 2))
    assert b.score == 0

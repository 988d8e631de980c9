"""The tournament service on a migrated database: create, join, withdraw (refusals as values),
the clock seating Swiss rounds as results come in, forfeits, standings checked independently."""

from __future__ import annotations

from pathlib import Path

import pytest

from rami.server.social.tournaments import CreateTournament, TournamentRefusal, Tournaments
from rami.server.store.database import make_engine, sqlite_url, upgrade
from rami.tournaments import TableResult, bye, standings

START = 1_000_000.0


@pytest.fixture
def service(tmp_path: Path) -> Tournaments:
    engine = make_engine(sqlite_url(tmp_path))
    upgrade(engine)
    return Tournaments(engine)


def _swiss(service: Tournaments, **changes: object) -> str:
    fields: dict[str, object] = {"name": "Friday", "preset": "rami51", "format": "swiss"}
    fields |= {"start": START, "rounds": 3} | changes
    made = service.create(CreateTournament(**fields), "host", START - 60)  # type: ignore[arg-type]
    assert isinstance(made, str)
    return made


def _code(answer: object) -> str:
    assert isinstance(answer, TournamentRefusal)
    return answer.code


def test_bad_commands_are_refused_and_change_nothing(service: Tournaments) -> None:
    bad = CreateTournament("x", START, format="knockout")
    assert _code(service.create(bad, "host", START - 60)) == "bad_tournament"
    late = CreateTournament("x", START - 120)
    assert _code(service.create(late, "host", START - 60)) == "bad_tournament"
    rules = CreateTournament("x", START, preset="nope")
    assert _code(service.create(rules, "host", START - 60)) == "unknown_preset"
    tid = _swiss(service)
    assert service.join(tid, "ana", START - 30) is None
    assert _code(service.join(tid, "ana", START - 20)) == "already_joined"
    assert _code(service.join("nope", "ana", START - 20)) == "no_such_tournament"
    assert _code(service.withdraw(tid, "bob", START - 20)) == "not_joined"
    view = service.view(tid)
    assert isinstance(view, dict) and [p["name"] for p in view["players"]] == ["ana"]
    assert len(view["commitments"]) == 3


def test_nobody_joins_a_started_swiss(service: Tournaments) -> None:
    tid = _swiss(service)
    for name in ("ana", "bob"):
        service.join(tid, name, START - 30)
    assert service.due_rounds(START - 1) == []
    [(found, number, made)] = service.due_rounds(START)
    assert (found, number, [(i, b.seats) for i, b in made]) == (tid, 1, [(0, ("ana", "bob"))])
    assert _code(service.join(tid, "cy", START + 1)) == "tournament_started"


def _result(seats: tuple[str, ...], winner: str) -> dict[str, int]:
    return {p: (0 if p == winner else 50) for p in seats}


def test_an_eight_player_swiss_with_a_withdrawal_mid_match_and_an_absent_player(
    service: Tournaments,
) -> None:
    tid = _swiss(service)
    players = [f"p{i}" for i in range(8)]
    for name in players:
        service.join(tid, name, START - 30)
    expected: list[list[TableResult]] = []
    present = set(players) - {"p7"}  # p7 is not there when round 1 starts: forfeits it
    now = START
    for number in (1, 2, 3):
        [(_, got, made)] = service.due_rounds(now, present)
        assert got == number
        results = []
        if number == 1:  # no table is made for absent p7's board: it is forfeited
            view = service.view(tid)
            assert isinstance(view, dict)
            [forfeited] = [b for b in view["rounds"][0] if "p7" in b["seats"]]
            assert forfeited["result"]["absent"] == ["p7"]
            assert all("p7" not in board.seats for _, board in made)
            seats = tuple(forfeited["seats"])
            results.append(TableResult(seats, (1, 1), frozenset({"p7"})))
            other = next(p for p in seats if p != "p7")
            assert not service.record(tid, number, forfeited["board"], _result(seats, other))
        for index, board in made:
            a = board.seats[0]
            if number == 2 and "p3" in board.seats:
                assert service.withdraw(tid, "p3", now) is None  # mid-match: forfeits
                results.append(TableResult(board.seats, (1, 1), frozenset({"p3"})))
                continue
            winner = min(board.seats)
            assert service.record(tid, number, index, _result(board.seats, winner))
            results.append(TableResult(board.seats, (1, 2) if a == winner else (2, 1)))
        seated = {p for _, board in made for p in board.seats} | (
            {"p7"} | set(seats) if number == 1 else set()
        )
        active = set(players) - ({"p3"} if number == 3 else set())
        assert seated <= active and len(active - seated) == len(active) % 2
        expected.append(results + [bye(p) for p in active - seated])
        present = set(players)
        now += 600
    assert service.due_rounds(now) == []
    view = service.view(tid)
    assert isinstance(view, dict) and view["status"] == "finished"
    mine = [(s.player, float(s.score), float(s.buchholz)) for s in standings(players, expected)]
    theirs = [(s["player"], s["score"], s["buchholz"]) for s in view["standings"]]
    assert theirs == mine
    assert view["standings"][-1]["player"] in {"p7", "p3"} or view["standings"][-1]["score"] < 1


def test_duplicate_rounds_with_twin_tables(service: Tournaments) -> None:
    tid = _swiss(service, duplicate=True, twins=True, rounds=1)
    for name in ("a", "b", "c", "d"):
        service.join(tid, name, START - 30)
    [(_, _, made)] = service.due_rounds(START)
    assert [i for i, _ in made] == [0, 1, 2, 3] and len({b.seed for _, b in made}) == 1
    first, twin = made[0][1], made[1][1]
    assert twin.seats == tuple(reversed(first.seats))
    x, y = first.seats
    service.record(tid, 1, 0, {x: 80, y: 50})  # x loses the first table by 30
    service.record(tid, 1, 1, {x: 10, y: 60})  # and wins the twin by 50
    c, d = made[2][1].seats
    service.record(tid, 1, 2, {c: 5, d: 5})
    service.record(tid, 1, 3, {c: 5, d: 5})
    assert service.due_rounds(START + 600) == []
    view = service.view(tid)
    assert isinstance(view, dict)
    scores = {s["player"]: s["score"] for s in view["standings"]}
    assert scores == {x: 1.0, y: 0.0, c: 0.5, d: 0.5}

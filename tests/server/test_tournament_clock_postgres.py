"""The tournament clock on a shared PostgreSQL: one process pairs at a time, and when the one
pairing dies mid-round another takes over with nothing paired twice."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import psycopg

from rami.server.social.tournaments import CLOCK_LOCK, CreateTournament, Tournaments
from rami.server.store.database import make_engine, upgrade
from services import postgres_database

START = 1_000_000.0
PLAYERS = [f"p{i}" for i in range(8)]


def _service(url: str) -> Tournaments:
    engine = make_engine(url)
    upgrade(engine)
    return Tournaments(engine)


def _swiss(service: Tournaments) -> str:
    made = service.create(CreateTournament("Night", START), "host", START - 60)
    assert isinstance(made, str)
    for name in PLAYERS:
        assert service.join(made, name, START - 30) is None
    return made


def _seated(service: Tournaments, tid: str) -> list[list[str]]:
    view = service.view(tid)
    assert isinstance(view, dict)
    return [sorted(board["seats"]) for one_round in view["rounds"] for board in one_round]


def test_a_process_that_dies_while_pairing_is_taken_over_and_nothing_is_paired_twice() -> None:
    with postgres_database() as url:
        one, two = _service(url), _service(url)
        tid = _swiss(one)
        plain = url.replace("postgresql+psycopg://", "postgresql://")
        pairing = psycopg.connect(plain)  # process one, stopped in the middle of pairing
        pairing.execute("SELECT pg_advisory_xact_lock(%s)", (CLOCK_LOCK,))
        assert two.due_rounds(START) == []  # two finds the clock held: it pairs nothing
        assert _seated(two, tid) == []
        with psycopg.connect(plain, autocommit=True) as admin:  # process one dies
            # the timeout (ms) makes the call wait until the backend is gone, its locks with it
            query = "SELECT pg_terminate_backend(%s, 60000)"
            ended = admin.execute(query, (pairing.info.backend_pid,)).fetchone()
            assert ended == (True,)
        pairing.close()
        [(found, number, boards)] = two.due_rounds(START)  # the dead one's lock went with it
        assert (found, number, len(boards)) == (tid, 1, 4)
        assert sorted(p for board in _seated(two, tid) for p in board) == sorted(PLAYERS)
        assert two.due_rounds(START + 1) == one.due_rounds(START + 1) == []  # round 1 is playing


def test_two_processes_ticking_at_once_seat_the_round_once() -> None:
    with postgres_database() as url:
        services = [_service(url) for _ in range(4)]
        tid = _swiss(services[0])
        with ThreadPoolExecutor(len(services)) as pool:
            answers = list(pool.map(lambda service: service.due_rounds(START), services))
        assert sorted(len(answer) for answer in answers) == [0, 0, 0, 1]
        assert len(_seated(services[0], tid)) == 4

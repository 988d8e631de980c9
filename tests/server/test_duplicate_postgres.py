"""Two processes on one PostgreSQL database: one set of deals, one play per account."""

from __future__ import annotations

from account_helpers import login, signup
from duplicate_helpers import DAY, KIND, duplicate_server, play, play_deal

from rami.server.store.sql_store import SqlStorage
from services import postgres_database


def test_two_processes_deal_once_and_refuse_a_second_play() -> None:
    with (
        postgres_database() as url,
        duplicate_server(SqlStorage(url), "one") as one,
        duplicate_server(SqlStorage(url), "two") as two,
    ):
        edition = one.get(f"/api/duplicate/{DAY}/{KIND}").json()
        assert two.get(f"/api/duplicate/{DAY}/{KIND}").json() == edition  # dealt once
        signup(one, "Ana")
        play_deal(one, 1, 5)
        login(two, "Ana")
        again = play(two, 1)
        assert (again.status_code, again.json()["code"]) == (409, "deal_already_played")
        board = two.get(f"/api/duplicate/{DAY}/{KIND}/1").json()
        assert [row["name"] for row in board["field"]] == ["Ana"]
        assert board["field"][0]["percentage"] == 50.0  # alone in the field

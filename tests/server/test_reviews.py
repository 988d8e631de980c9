"""Reviews over HTTP on the embedded server: computed once in a worker process, served from
the database, refused with a code to whoever may not have them."""

from __future__ import annotations

from pathlib import Path

from account_helpers import browser, signup
from fastapi.testclient import TestClient
from review_helpers import (
    SMALL,
    ask,
    match_of,
    play_first_round,
    review_server,
    reviews_of,
    settled,
    until_finished,
)
from server_helpers import table_of
from stored import advance

from rami.review import SCHEMA
from rami.server.edge.replay import record_text
from rami.server.social.review_store import budget_text
from rami.server.store.sql_store import SqliteStorage


def test_a_review_is_queued_computed_once_and_served_from_the_database(tmp_path: Path) -> None:
    with review_server(SqliteStorage(tmp_path)) as client:
        signup(client, "Ana")
        table = match_of(client, {0: "Ana"}, rounds=1, public=False)
        until_finished(client, table)
        first = ask(client, table, seat=0, budget="quick")
        assert first.status_code == 202, first.text
        assert first.json()["status"] in ("queued", "running")
        settled(client)
        answer = client.get(f"/api/reviews/{first.json()['review']}").json()
        assert answer["status"] == "done" and answer["seat"] == 0
        report = answer["report"]
        assert report["schema"] == SCHEMA and report["seat"] == 0 and report["player"] == "Ana"
        assert [r["round"] for r in report["rounds"]] == [1]
        assert report["match"]["summary"]["decisions"] > 0
        again = ask(client, table, seat=0, budget="quick")
        assert again.status_code == 200
        assert again.json() == {**first.json(), "status": "done"}
        store = reviews_of(client).store
        row = store.get(answer["review"])
        assert row is not None and store.asked_today(row["account_id"], row["day"]) == 1
        assert store.claim(answer["review"]) is None  # done: no job computes it again
        profile = client.get("/api/players/Ana/reviews").json()
        assert profile["reviews"] == []  # a whole-match review is no round's point
        one = ask(client, table, seat=0, budget="quick", round=1)
        settled(client)
        point = client.get("/api/players/Ana/reviews").json()["reviews"]
        assert [(p["table"], p["round"]) for p in point] == [(table, 1)]
        assert one.json()["review"] != first.json()["review"]


def test_a_restarted_server_computes_the_reviews_it_left_queued(tmp_path: Path) -> None:
    with review_server(SqliteStorage(tmp_path)) as client:
        signup(client, "Ana")
        table = match_of(client, {0: "Ana"}, rounds=1, public=False)
        until_finished(client, table)
        store = reviews_of(client).store
        row, created = store.add(_row_of(client, table))
        assert created and row["status"] == "queued"
    with review_server(SqliteStorage(tmp_path)) as client:
        settled(client)
        assert client.get(f"/api/reviews/{row['id']}").json()["status"] == "done"


def _row_of(client: TestClient, table: str) -> dict[str, object]:
    """A review row as the service stores it, for a queued review no job ran."""
    found = table_of(client, table)
    assert found.match is not None
    return {
        "table_id": table,
        "seat": 0,
        "budget_name": "full",
        "round": 0,
        "lang": "fr",
        "account_id": None,
        "player_id": None,
        "day": "2026-01-01",
        "requested": 0.0,
        "record": record_text(found.match),
        "budget": budget_text(SMALL["full"]),
    }


def test_refusals_name_their_code_and_store_nothing(tmp_path: Path) -> None:
    with review_server(SqliteStorage(tmp_path), daily=1) as client:
        signup(client, "Ana")
        bob = browser(client)
        signup(bob, "Bob")
        guest = browser(client)
        table = match_of(client, {0: "Ana"}, rounds=1, public=False)
        until_finished(client, table)
        cases = [
            (guest, table, {"seat": 0}, 401, "login_required"),
            (client, "nosuchtable", {"seat": 0}, 404, "no_such_table"),
            (client, table, {"seat": 5}, 400, "no_such_seat"),
            (client, table, {"seat": 0, "budget": "deep"}, 400, "bad_budget"),
            (client, table, {"seat": 0, "round": 2}, 409, "round_not_over"),
            (client, table, {"seat": 1}, 403, "not_your_game"),
            (bob, table, {"seat": 0}, 403, "not_your_game"),
        ]
        for who, where, body, status, code in cases:
            answer = ask(who, where, **body)
            assert (answer.status_code, answer.json()["code"]) == (status, code), body
        assert ask(client, table, seat=0, round=1).status_code == 202
        refused = ask(client, table, seat=0, budget="full", round=1)
        assert (refused.status_code, refused.json()["code"]) == (429, "review_allowance")
        settled(client)
        assert ask(client, table, seat=0, round=1).status_code == 200  # stored: free
        missing = client.get("/api/reviews/nosuchreview")
        assert (missing.status_code, missing.json()["code"]) == (404, "no_such_review")


def test_a_round_is_reviewed_before_the_match_ends_and_public_seats_after_it(
    tmp_path: Path,
) -> None:
    with review_server(SqliteStorage(tmp_path), grace=30.0) as client:
        signup(client, "Ana")
        bob = browser(client)
        signup(bob, "Bob")
        table = match_of(client, {0: "Ana"}, rounds=2, public=True)
        play_first_round(client, table, 0)
        whole = ask(client, table, seat=0)
        assert (whole.status_code, whole.json()["code"]) == (409, "review_after_match")
        other = ask(bob, table, seat=1, round=1)
        assert (other.status_code, other.json()["code"]) == (409, "review_after_match")
        own = ask(client, table, seat=0, round=1)
        assert own.status_code == 202
        settled(client)
        report = client.get(f"/api/reviews/{own.json()['review']}").json()["report"]
        assert [r["round"] for r in report["rounds"]] == [1]
        advance(client, 31.0)  # Ana is away past the grace: the stand-in ends the match
        replay = bob.get(f"/api/tables/{table}/replay").json()
        assert (replay["public"], replay["match_over"]) == (True, False)
        until_finished(client, table)
        replay = bob.get(f"/api/tables/{table}/replay").json()
        assert (replay["public"], replay["match_over"]) == (True, True)
        # a public game, the match over: a viewer reviews either seat, one round or the match
        asked = [ask(bob, table, seat=1), ask(bob, table, seat=1, round=1), ask(bob, table, seat=0)]
        assert [a.status_code for a in asked] == [202, 202, 202]
        settled(client)
        for answer, seat in zip(asked, (1, 1, 0), strict=True):
            got = bob.get(f"/api/reviews/{answer.json()['review']}").json()
            assert (got["status"], got["report"]["seat"]) == ("done", seat)

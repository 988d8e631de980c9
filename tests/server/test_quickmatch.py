"""Quick match: pairing waiting tickets (time passed in), and the routes of logged-in players."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

import pytest
from account_helpers import FakeClock, account_server, browser, csrf, signup
from fastapi.testclient import TestClient
from server_helpers import Player
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

from rami.server.social.quickmatch import QuickMatch, QuickMatchRefusal
from rami.server.tables.identity import Identity

ANA, BOB, CY = Identity(1, "Ana"), Identity(2, "Bob"), Identity(3, "Cy")


@pytest.fixture
def quick() -> Iterator[QuickMatch]:
    engine = create_engine("sqlite://", poolclass=StaticPool)
    yield QuickMatch(engine, create=True)
    engine.dispose()


def table_ids() -> object:
    numbers = count(1)
    return lambda: f"t{next(numbers)}"


def test_two_waiting_players_of_the_same_kind_are_paired(quick: QuickMatch) -> None:
    ids = table_ids()
    first = quick.enqueue(ANA, "rami51", 2, None, 100.0)
    quick.enqueue(CY, "rami40", 2, None, 101.0)  # another preset: not with Ana
    assert quick.pair("rami51", 2, 101.0, ids) == []  # type: ignore[arg-type]
    second = quick.enqueue(BOB, "rami51", 2, None, 102.0)
    [pairing] = quick.pair("rami51", 2, 102.0, ids)  # type: ignore[arg-type]
    assert (pairing.table_id, pairing.accounts, pairing.bots) == ("t1", (ANA, BOB), 0)
    assert quick.get(first.ticket, ANA.account_id).answer() == {  # type: ignore[union-attr]
        "ticket": first.ticket,
        "status": "matched",
        "table": "t1",
        "seat": 0,
    }
    assert quick.get(second.ticket, BOB.account_id).seat == 1  # type: ignore[union-attr]
    assert quick.pair("rami51", 2, 103.0, ids) == []  # type: ignore[arg-type]
    assert quick.get(first.ticket, BOB.account_id) is None  # not Bob's ticket


def test_bots_fill_the_table_once_a_ticket_has_waited_long_enough(quick: QuickMatch) -> None:
    ids = table_ids()
    ana = quick.enqueue(ANA, "rami51", 3, 30, 100.0)
    quick.enqueue(BOB, "rami51", 3, None, 110.0)  # people only: stays waiting
    assert quick.pair("rami51", 3, 129.9, ids) == []  # type: ignore[arg-type]
    [pairing] = quick.pair("rami51", 3, 130.0, ids)  # type: ignore[arg-type]
    assert (pairing.accounts, pairing.bots) == ((ANA,), 2)
    assert quick.get(ana.ticket, ANA.account_id).status == "matched"  # type: ignore[union-attr]
    cy = quick.enqueue(CY, "rami51", 3, 60, 131.0)
    [pairing] = quick.pair("rami51", 3, 131.0 + 60, ids)  # type: ignore[arg-type]
    assert (pairing.accounts, pairing.bots) == ((CY,), 2)  # Bob did not allow bots
    assert quick.get(cy.ticket, CY.account_id).table_id == pairing.table_id  # type: ignore[union-attr]


def test_one_waiting_ticket_per_account_and_cancelling(quick: QuickMatch) -> None:
    ticket = quick.enqueue(ANA, "rami51", 2, None, 1.0)
    with pytest.raises(QuickMatchRefusal) as refused:
        quick.enqueue(ANA, "rami40", 2, None, 2.0)
    assert refused.value.code == "already_waiting"
    assert not quick.cancel(ticket.ticket, BOB.account_id)
    assert quick.cancel(ticket.ticket, ANA.account_id)
    assert quick.get(ticket.ticket, ANA.account_id) is None
    quick.enqueue(ANA, "rami40", 2, None, 3.0)  # may wait again


def _player(client: TestClient, name: str) -> TestClient:
    other = browser(client)
    signup(other, name)
    return other


def _ask(client: TestClient, **body: object) -> dict[str, object]:
    response = client.post("/api/quickmatch", json=body, headers=csrf(client))
    assert response.status_code == 200, response.text
    answer: dict[str, object] = response.json()
    return answer


def test_the_routes_pair_two_players_on_a_started_rated_table() -> None:
    clock = FakeClock()
    with account_server(clock=clock) as client:
        ana, bob = _player(client, "Ana"), _player(client, "Bob")
        waiting = _ask(ana, preset="rami51", players=2, bots_after=None)
        assert waiting == {
            "ticket": waiting["ticket"],
            "status": "waiting",
            "bots_after": None,
            "format": "full",
            "bot_level": "medium",
        }
        assert ana.get(f"/api/quickmatch/{waiting['ticket']}").json() == waiting
        clock.now += 5
        matched = _ask(bob, preset="rami51", players=2)
        table = matched["table"]
        assert matched == {
            "ticket": matched["ticket"],
            "status": "matched",
            "table": table,
            "seat": 1,
        }
        polled = ana.get(f"/api/quickmatch/{waiting['ticket']}").json()
        assert polled == {
            "ticket": waiting["ticket"],
            "status": "matched",
            "table": table,
            "seat": 0,
        }
        info = client.get(f"/api/tables/{table}").json()
        assert info["rated"] and info["public"] and info["status"] == "playing"
        assert [seat["account"] for seat in info["seats"]] == ["Ana", "Bob"]
        with bob.websocket_connect(f"/ws/{table}") as ws:
            state = Player(ws).hello()  # no token: the account's seat
            assert state["you"]["seat"] == 1 and state["game"] is not None


def test_bots_after_fills_with_medium_bots_when_the_clock_says_so() -> None:
    clock = FakeClock()
    with account_server(clock=clock) as client:
        ana = _player(client, "Ana")
        ticket = _ask(ana, preset="rami51", players=3, bots_after=30)
        assert ticket["status"] == "waiting" and ticket["bots_after"] == 30
        clock.now += 29
        assert ana.get(f"/api/quickmatch/{ticket['ticket']}").json()["status"] == "waiting"
        clock.now += 1
        matched = ana.get(f"/api/quickmatch/{ticket['ticket']}").json()
        assert matched["status"] == "matched" and matched["seat"] == 0
        seats = client.get(f"/api/tables/{matched['table']}").json()["seats"]
        assert [(seat["account"], seat["bot"]) for seat in seats] == [
            ("Ana", None),
            (None, "medium"),
            (None, "medium"),
        ]


def test_tickets_of_other_formats_wait_apart(quick: QuickMatch) -> None:
    ids = table_ids()
    quick.enqueue(ANA, "rami51", 2, None, 100.0, "to201")
    quick.enqueue(BOB, "rami51", 2, None, 101.0)  # the full match: not with Ana
    assert quick.pair("rami51", 2, 102.0, ids, "to201") == []  # type: ignore[arg-type]
    assert quick.pair("rami51", 2, 102.0, ids) == []  # type: ignore[arg-type]
    quick.enqueue(CY, "rami51", 2, None, 103.0, "to201")
    [pairing] = quick.pair("rami51", 2, 103.0, ids, "to201")  # type: ignore[arg-type]
    assert (pairing.accounts, pairing.format) == ((ANA, CY), "to201")


def test_a_short_format_filled_by_expert_bots_the_ticket_chose() -> None:
    clock = FakeClock()
    with account_server(clock=clock) as client:
        ana = _player(client, "Ana")
        body = {"preset": "rami51", "players": 3, "bots_after": 30}
        ticket = _ask(ana, **body, format="rounds6", bot_level="expert")
        assert (ticket["format"], ticket["bot_level"]) == ("rounds6", "expert")
        clock.now += 30
        matched = ana.get(f"/api/quickmatch/{ticket['ticket']}").json()
        info = client.get(f"/api/tables/{matched['table']}").json()
        assert [seat["bot"] for seat in info["seats"]] == [None, "expert", "expert"]
        assert (info["match_end"], info["match_limit"], info["rated"]) == ("rounds", 6, True)


def test_quick_match_refusals() -> None:
    with account_server() as client:
        guest = browser(client)
        response = guest.post("/api/quickmatch", json={"preset": "rami51", "players": 2})
        assert (response.status_code, response.json()["code"]) == (401, "login_required")
        assert guest.get("/api/quickmatch/abc").json()["code"] == "login_required"
        ana = _player(client, "Ana")
        response = ana.post("/api/quickmatch", json={"players": 2})
        assert (response.status_code, response.json()["code"]) == (403, "bad_csrf")
        headers = {**csrf(ana), "origin": "https://evil.example"}
        response = ana.post("/api/quickmatch", json={"players": 2}, headers=headers)
        assert (response.status_code, response.json()["code"]) == (403, "bad_origin")
        for body, status, code in (
            ({"preset": "nope"}, 400, "bad_quickmatch"),
            ({"players": 9}, 400, "bad_quickmatch"),
            ({"bots_after": 2}, 400, "bad_quickmatch"),
            ({"format": "to99"}, 400, "bad_quickmatch"),
            ({"preset": "scala40", "format": "to201"}, 400, "bad_quickmatch"),
            ({"bot_level": "godlike"}, 400, "bad_quickmatch"),
            ({"players": "2"}, 422, "malformed"),
            ({"extra": 1}, 422, "malformed"),
        ):
            response = ana.post("/api/quickmatch", json=body, headers=csrf(ana))
            assert (response.status_code, response.json()["code"]) == (status, code), body
        ticket = _ask(ana, players=2)["ticket"]
        response = ana.post("/api/quickmatch", json={"players": 3}, headers=csrf(ana))
        assert (response.status_code, response.json()["code"]) == (409, "already_waiting")
        bob = _player(client, "Bob")
        assert bob.get(f"/api/quickmatch/{ticket}").status_code == 404
        response = bob.delete(f"/api/quickmatch/{ticket}", headers=csrf(bob))
        assert (response.status_code, response.json()["code"]) == (404, "no_such_ticket")
        assert ana.delete(f"/api/quickmatch/{ticket}").json()["code"] == "bad_csrf"
        assert ana.delete(f"/api/quickmatch/{ticket}", headers=csrf(ana)).status_code == 204
        assert ana.get(f"/api/quickmatch/{ticket}").json()["code"] == "no_such_ticket"

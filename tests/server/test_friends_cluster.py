"""Friends across ``rami serve`` processes sharing PostgreSQL and Redis: follows made on either
process make two friends, a friend connected (relayed) through one process is seen at the table
from the other, an invitation made on one process is seen and accepted on the other, and the
accepted friend takes the seat (Redis db 3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import processes
from live_server import LivePlayer, LiveServer
from test_cluster_accounts import cookie_header, csrf, signed_up

REDIS_DB = 3
WAIT = 60.0


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[LiveServer]]:
    with processes(tmp_path, 2, REDIS_DB, "--bot-delay", "0.01") as servers:
        yield servers


def on(server: LiveServer, browser: httpx.Client) -> httpx.Client:
    """The same browser talking to another process."""
    return httpx.Client(base_url=server.url, timeout=10, cookies=browser.cookies)


def test_presence_and_invitations_hold_on_every_process(pair: list[LiveServer]) -> None:
    first, second = pair
    ana, bob = signed_up(first, "Ana"), signed_up(second, "Bob")
    ana_there = on(second, ana)
    assert ana.put("/api/follows/Bob", headers=csrf(ana)).json() == {"following": "Bob"}
    assert bob.put("/api/follows/Ana", headers=csrf(bob)).json() == {"following": "Ana"}
    assert bob.get("/api/friends").json()["friends"][0]["online"] is False
    assert ana.get("/api/friends").status_code == 200  # Ana's page asks on the first process
    friends = bob.get("/api/friends").json()["friends"]  # and Bob's on the second sees her
    assert friends == [{"name": "Ana", "online": True, "table": None}]

    created = ana.post("/api/tables", json={"name": "Ana", "seats": 2, "bots": []}).json()
    table = created["table"]
    host = LivePlayer(second, table, cookie_header(ana_there))  # relayed to the table's owner
    host.send(type="hello", token=created["token"])
    assert host.until("state", WAIT)["you"]["seat"] == 0

    listing = bob.get("/api/friends").json()
    assert listing["friends"] == [{"name": "Ana", "online": True, "table": table}]
    assert listing["games"] == [{"table": table, "friends": ["Ana"]}]

    answer = ana.post("/api/invitations", json={"name": "Bob", "table": table}, headers=csrf(ana))
    assert answer.status_code == 201, answer.text
    number = answer.json()["invitation"]
    [seen] = bob.get("/api/friends").json()["invitations"]
    assert (seen["id"], seen["from"], seen["table"]) == (number, "Ana", table)
    accepted = bob.post(f"/api/invitations/{number}/accept", headers=csrf(bob))
    assert accepted.json() == {"table": table, "url": f"/t/{table}"}
    bob_first = on(first, bob)
    again = bob_first.post(f"/api/invitations/{number}/accept", headers=csrf(bob_first))
    assert again.json()["code"] == "no_such_invitation"  # used up on every process

    guest = LivePlayer(second, table, cookie_header(bob))
    guest.send(type="hello")
    guest.until("state", WAIT)
    guest.send(type="join", name="Bob")
    guest.until("ack", WAIT)
    state = host.until("state", WAIT)
    while state["table"]["seats"][1]["account"] != "Bob":
        state = host.until("state", WAIT)
    assert ana.get("/api/friends").json()["friends"] == [
        {"name": "Bob", "online": True, "table": table}
    ]
    for player in (host, guest):
        player.close()

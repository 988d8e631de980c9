"""Accounts across ``rami serve`` processes sharing PostgreSQL and Redis: a session made on one
process is known to all, a relayed connection keeps the account it was opened with, and quick
match pairs players waiting on different processes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import processes
from live_server import LivePlayer, LiveServer

from rami.accounts.sessions import CSRF_HEADER

REDIS_DB = 8
WAIT = 30.0
PASSWORD = "correct horse battery"


@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[list[LiveServer]]:
    with processes(tmp_path, 2, REDIS_DB, "--bot-delay", "0.02") as servers:
        yield servers


def signed_up(server: LiveServer, name: str) -> httpx.Client:
    """A browser holding a new session of ``name`` (made on ``server``)."""
    client = httpx.Client(base_url=server.url, timeout=10)
    response = client.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return client


def cookie_header(client: httpx.Client) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items())}


def csrf(client: httpx.Client) -> dict[str, str]:
    return {CSRF_HEADER: client.cookies["rami_csrf"]}


def hello(server: LiveServer, table: str, browser: httpx.Client | None) -> LivePlayer:
    """A connection to ``server`` that said hello without a token (its first state read)."""
    player = LivePlayer(server, table, None if browser is None else cookie_header(browser))
    player.send(type="hello")
    player.until("state", WAIT)
    return player


def test_a_relayed_connection_keeps_its_account(two_processes: list[LiveServer]) -> None:
    owner, other = two_processes
    ana = signed_up(owner, "Ana")
    table = ana.post("/api/tables", json={"name": "Ana", "rated": True}).json()["table"]
    on_other = httpx.Client(base_url=other.url, timeout=10, cookies=ana.cookies)
    assert on_other.get("/api/me").json()["name"] == "Ana"  # one session for every process
    relayed = hello(other, table, on_other)  # the table is owned by the first process
    assert relayed.state is not None and relayed.state["you"]["seat"] == 0
    relayed.close()
    guest = hello(other, table, None)
    assert guest.state is not None and guest.state["you"]["seat"] is None
    guest.send(type="hello", account={"id": 1, "name": "Ana"})  # no message names an account
    assert guest.until("error", WAIT)["code"] == "malformed"
    guest.send(type="join", name="Ana")
    assert guest.until("error", WAIT)["code"] == "login_required"
    guest.close()


def test_quick_match_pairs_players_waiting_on_different_processes(
    two_processes: list[LiveServer],
) -> None:
    first, second = two_processes
    ana, bob = signed_up(first, "Ana"), signed_up(second, "Bob")
    body = {"preset": "rami51", "players": 2, "bots_after": None}
    waiting = ana.post("/api/quickmatch", json=body, headers=csrf(ana))
    assert waiting.json()["status"] == "waiting", waiting.text
    matched = bob.post("/api/quickmatch", json=body, headers=csrf(bob))
    assert matched.json()["status"] == "matched", matched.text
    table = matched.json()["table"]
    polled = ana.get(f"/api/quickmatch/{waiting.json()['ticket']}").json()
    assert polled == {
        "ticket": waiting.json()["ticket"],
        "status": "matched",
        "table": table,
        "seat": 0,
    }
    player = hello(first, table, ana)  # relayed to the process that made the table
    assert player.state is not None and player.state["you"]["seat"] == 0
    assert player.state["table"]["rated"] and player.state["game"] is not None
    player.close()
    listed = httpx.get(f"{first.url}/api/lobby", timeout=10).json()["live"]
    assert [entry["table"] for entry in listed] == [table]

"""Logged-in players at tables: seat 0 of a table they create, the seat they join, and the seat
a token-less hello finds from any device; stored in the join event, so a restart keeps it."""

from __future__ import annotations

import json
from pathlib import Path

from account_helpers import account_server, browser, create_table, login, signup
from server_helpers import Player, refusal

from rami.server.store.sql_store import SqliteStorage


def test_a_table_created_logged_in_binds_seat_0_to_the_account() -> None:
    with account_server() as client:
        signup(client, "Ana")
        created = create_table(client, name="Anita", seats=3)
        seat = client.get(f"/api/tables/{created['table']}").json()["seats"][0]
        assert seat["account"] == "Ana" and seat["name"] == "Ana"
        guest = create_table(browser(client), name="Guest")
        seat = client.get(f"/api/tables/{guest['table']}").json()["seats"][0]
        assert seat["account"] is None and seat["name"] == "Guest"


def test_hello_without_a_token_finds_the_accounts_seat_from_another_device() -> None:
    with account_server() as client:
        signup(client, "Ana")
        table = create_table(client, seats=2)["table"]
        phone = browser(client)
        login(phone, "Ana")
        with phone.websocket_connect(f"/ws/{table}") as ws:
            state = Player(ws).hello()
            assert state["you"] == {"seat": 0, "host": True}
            assert state["table"]["seats"][0]["online"]
        stranger = browser(client)
        with stranger.websocket_connect(f"/ws/{table}") as ws:
            assert Player(ws).hello()["you"]["seat"] is None  # a guest watches


def test_a_logged_in_join_binds_the_seat_and_an_account_sits_once() -> None:
    with account_server() as client:
        table = create_table(client, seats=3)["table"]
        bob = browser(client)
        signup(bob, "Bob")
        with bob.websocket_connect(f"/ws/{table}") as ws:
            player = Player(ws)
            player.hello()
            got = player.reply(type="join", name="Robert")
            assert any(m["type"] == "joined" and m["seat"] == 1 for m in got)
            state = player.wait_version(got[-1]["version"])
            assert state["table"]["seats"][1] == {
                "name": "Bob",
                "bot": None,
                "taken": True,
                "online": True,
                "autoplay": False,
                "account": "Bob",
            }
        with bob.websocket_connect(f"/ws/{table}") as ws:
            assert Player(ws).hello()["you"]["seat"] == 1  # the account's seat, no token needed
        with bob.websocket_connect(f"/ws/{table}") as ws:
            player = Player(ws)
            player.send(type="hello", token="not-a-token")
            player.until(lambda m: m["type"] == "state")
            assert refusal(player.reply(type="join", name="Bob")) == "already_seated"


def test_another_site_opening_the_websocket_is_a_guest() -> None:
    with account_server() as client:
        signup(client, "Ana")
        table = create_table(client)["table"]
        headers = {"origin": "https://evil.example"}
        with client.websocket_connect(f"/ws/{table}", headers=headers) as ws:
            assert Player(ws).hello()["you"]["seat"] is None


def test_the_state_names_accounts_and_holds_no_session_secret() -> None:
    with account_server() as client:
        signup(client, "Ana")
        table = create_table(client)["table"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            text = json.dumps(Player(ws).hello())
        for secret in (client.cookies["rami_session"], client.cookies["rami_csrf"]):
            assert secret not in text and secret.split(".")[0] not in text
        assert '"account_id"' not in text and '"password' not in text


def test_the_account_of_a_seat_survives_a_restart(tmp_path: Path) -> None:
    with account_server(SqliteStorage(tmp_path)) as client:
        signup(client, "Ana")
        table = create_table(client, seats=2)["table"]
        cookies = dict(client.cookies)
    with account_server(SqliteStorage(tmp_path)) as client:
        client.cookies.update(cookies)  # the same browser: accounts live in the same file
        assert client.get("/api/me").json()["name"] == "Ana"
        with client.websocket_connect(f"/ws/{table}") as ws:
            assert Player(ws).hello()["you"]["seat"] == 0
        events = client.app.state.lobby.storage.load(table).events  # type: ignore[attr-defined]
        assert events[0]["account"]["name"] == "Ana" and isinstance(events[0]["account"]["id"], int)

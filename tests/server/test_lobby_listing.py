"""GET /api/lobby: the public tables from the shared database, open ones and live ones."""

from __future__ import annotations

from pathlib import Path

from account_helpers import account_server, browser, create_table, signup
from server_helpers import Player

from rami.server.store.sql_store import SqliteStorage, SqlStorage
from services import postgres_database


def test_open_tables_then_live_ones_and_never_private_ones() -> None:
    with account_server() as client:
        signup(client, "Ana")
        public = create_table(client, public=True, seats=3, bots=["easy"], turn_timer=60)["table"]
        create_table(browser(client), name="Hidden")  # not public
        lobby = client.get("/api/lobby").json()
        assert lobby == {
            "open": [
                {
                    "table": public,
                    "preset": "rami51",
                    "seats": 3,
                    "taken": 2,
                    "players": ["Ana", "Bot 3 (easy)"],
                    "rated": False,
                    "turn_seconds": 60,
                }
            ],
            "live": [],
        }
        bob = browser(client)
        with (
            bob.websocket_connect(f"/ws/{public}") as ws,
            client.websocket_connect(f"/ws/{public}") as host_ws,
        ):
            guest, host = Player(ws), Player(host_ws)
            guest.hello()
            guest.reply(type="join", name="Bob")
            assert client.get("/api/lobby").json()["open"] == []  # full: not open any more
            host.hello()
            host.reply(type="start")
        assert client.get("/api/lobby").json() == {
            "open": [],
            "live": [
                {
                    "table": public,
                    "preset": "rami51",
                    "players": ["Ana", "Bob", "Bot 3 (easy)"],
                    "rated": False,
                    "round": 1,
                }
            ],
        }


def test_a_table_created_on_one_process_is_listed_on_another_at_once(tmp_path: Path) -> None:
    with (
        account_server(SqliteStorage(tmp_path)) as one,
        account_server(SqliteStorage(tmp_path)) as other,
    ):
        table = create_table(one, public=True)["table"]
        assert [t["table"] for t in other.get("/api/lobby").json()["open"]] == [table]


def test_the_listing_reads_postgresql() -> None:
    with (
        postgres_database() as url,
        account_server(SqlStorage(url)) as one,
        account_server(SqlStorage(url)) as other,
    ):
        signup(one, "Ana")
        table = create_table(one, public=True, rated=True)["table"]
        listed = other.get("/api/lobby").json()["open"]
        assert listed == [
            {
                "table": table,
                "preset": "rami51",
                "seats": 2,
                "taken": 1,
                "players": ["Ana"],
                "rated": True,
                "turn_seconds": None,
            }
        ]
        assert other.get("/api/players/Ana").status_code == 200  # one accounts database

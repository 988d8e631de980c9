"""Idle websockets cannot lock a table's players out: a connection must say ``hello`` in
time, one address holds only its share of a table's connections, and places beyond the cap
are kept for connections that claim a seat."""

from __future__ import annotations

import concurrent.futures
import json
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, Player, create, seeds

from rami.accounts import AccountConfig
from rami.server import Settings, create_app
from rami.server.messages.limits import Limits
from rami.server.store.storage import MemoryStorage

PROXY = "X-Forwarded-For"


def _app(limits: Limits) -> TestClient:
    config = AccountConfig(proxy_header=PROXY)
    app = create_app(
        MemoryStorage(), Settings(bot_delay=0.0), seeds("caps"), limits, account_config=config
    )
    return TestClient(app)


def _from(address: str) -> dict[str, str]:
    return {PROXY: address}


def _closed_with(ws: Any, seconds: float = 30.0) -> int:
    """The close code the connection gets next (waiting for it, at most ``seconds``)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        while True:
            message = pool.submit(ws.receive).result(timeout=seconds)
            if message["type"] == "websocket.close":
                return int(message["code"])


def _refused(ws: Any) -> str:
    refusal = ws.receive_json()
    assert refusal["type"] == "error"
    assert _closed_with(ws) == 1013
    return str(refusal["code"])


def test_idle_sockets_from_many_addresses_leave_room_for_the_seated_players() -> None:
    with _app(UNHURRIED) as app, ExitStack() as stack:
        table_id, token = create(app, seats=2)
        url = f"/ws/{table_id}"
        for number in range(UNHURRIED.connections_per_table):
            address = f"198.51.100.{number // UNHURRIED.connections_per_address}"
            stack.enter_context(app.websocket_connect(url, headers=_from(address)))
        with app.websocket_connect(url, headers=_from("203.0.113.5")) as host:
            state = Player(host).hello(token)
            assert state["you"]["seat"] == 0, "the host takes a place kept for seated players"
        with app.websocket_connect(url, headers=_from("203.0.113.6")) as stranger:
            stranger.send_text(json.dumps({"type": "hello"}))
            assert _refused(stranger) == "too_many_connections", "no seat: no kept place"


def test_one_address_holds_only_its_share_of_a_table() -> None:
    limits = UNHURRIED.model_copy(update={"connections_per_address": 2})
    with _app(limits) as app, ExitStack() as stack:
        table_id, token = create(app, seats=2)
        url = f"/ws/{table_id}"
        for _ in range(2):
            stack.enter_context(app.websocket_connect(url, headers=_from("198.51.100.1")))
        with app.websocket_connect(url, headers=_from("198.51.100.1")) as third:
            assert _refused(third) == "too_many_connections"
        with app.websocket_connect(url, headers=_from("198.51.100.2")) as other:
            assert Player(other).hello(token)["you"]["seat"] == 0


def test_a_connection_that_never_says_hello_is_closed() -> None:
    limits = UNHURRIED.model_copy(update={"hello_seconds": 0.2})
    with _app(limits) as app:
        table_id, token = create(app, seats=2)
        with app.websocket_connect(f"/ws/{table_id}") as idle:
            assert idle.receive_json()["code"] == "hello_timeout"
            assert _closed_with(idle) == 4408
        with app.websocket_connect(f"/ws/{table_id}") as prompt:
            player = Player(prompt)
            assert player.hello(token)["you"]["seat"] == 0
            player.send(type="ping")
            assert player.recv()["type"] == "pong", "a greeted connection is served"


def test_an_address_opening_connections_too_fast_is_refused() -> None:
    limits = UNHURRIED.model_copy(update={"connections_per_minute": 3})
    with _app(limits) as app:
        table_id, _token = create(app, seats=2)
        for _ in range(3):
            with app.websocket_connect(f"/ws/{table_id}") as ws:
                Player(ws).hello()
        with app.websocket_connect(f"/ws/{table_id}") as fourth:
            assert _refused(fourth) == "too_many_connections"

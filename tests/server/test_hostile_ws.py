"""Websocket input from a stranger: refused with a code, the connection stays, nothing changes."""

from __future__ import annotations

import concurrent.futures
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, refusal, server, table_of
from starlette.websockets import WebSocket

from rami.server.messages.limits import Limits


@pytest.fixture
def app() -> Iterator[TestClient]:
    with server(seed="hostile") as client:
        yield client


def started(app: TestClient, table_id: str, token: str, ws: Any) -> Player:
    host = Player(ws)
    host.hello(token)
    host.reply(type="start")
    host.until(lambda m: m["type"] == "state" and m["game"] is not None)
    return host


JUNK = [
    '{"type":"act","action":"discard \\ud800","version":VERSION}',
    '{"type":"act","action":"draw stock","version":VERSION,"seat":"\\udc00"}',
    '{"type":"hello","token":"\\ud800"}',
    '{"type":"act","action":"draw stock","version":1.0}',
    '{"type":"act","action":"draw stock","version":true}',
    '{"type":"act","action":["draw stock"],"version":VERSION}',
    '{"type":"act","action":"draw stock","version":VERSION,"extra":1}',
    '{"type":"\\ud800"}',
    '{"type":"act","action":"' + "x" * 300 + '","version":VERSION}',
    "[" * 2000 + "]" * 2000,
    '{"type":"act","action":' + "[" * 2000 + "]" * 2000 + "}",
]


def test_junk_is_refused_and_the_connection_keeps_answering(app: TestClient) -> None:
    table_id, token = create(app, preset="rami51", seats=2, bots=["random"])
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        host = started(app, table_id, token, ws)
        table = table_of(app, table_id)
        for raw in JUNK:
            before = (table.version, table.match)
            host.ws.send_text(raw.replace("VERSION", str(host.version)))
            got = [host.recv(), host.recv()]
            assert refusal(got) == "malformed", raw[:60]
            assert len(str(got[0]["message"])) <= 300
            assert (table.version, table.match) == before
        host.ws.send_bytes(b'{"type":"ping"}')
        assert refusal([host.recv(), host.recv()]) == "malformed"
        assert (
            host.reply(type="act", action="draw stock", version=host.version)[-1]["type"] == "ack"
        )


def test_a_surrogate_hello_before_greeting_keeps_the_connection(app: TestClient) -> None:
    table_id, token = create(app, seats=2)
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        player = Player(ws)
        ws.send_text('{"type":"hello","token":"\\ud800"}')
        assert player.recv()["code"] == "malformed"
        ws.send_text("[" * 2000 + "]" * 2000)
        assert player.recv()["code"] == "malformed"
        assert player.hello(token)["you"]["seat"] == 0


def _receive_within(ws: Any, seconds: float) -> dict[str, Any]:
    """The next raw ASGI message to the client, or a failure if none comes in time."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        message: dict[str, Any] = pool.submit(ws.receive).result(timeout=seconds)
        return message


def test_a_failed_send_closes_the_connection(
    app: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, token = create(app, seats=2)
    original = WebSocket.send_text
    broken = threading.Event()

    async def send_text(self: WebSocket, data: str) -> None:
        if broken.is_set():
            raise RuntimeError("the peer is gone")
        await original(self, data)

    monkeypatch.setattr(WebSocket, "send_text", send_text)
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        Player(ws).hello(token)
        broken.set()
        ws.send_text('{"type":"ping"}')
        closing = _receive_within(ws, 30.0)
        assert closing["type"] == "websocket.close" and closing["code"] == 1011
    assert not table_of(app, table_id).clients


def test_hello_answers_its_sender_only(app: TestClient) -> None:
    table_id, token = create(app, seats=2)
    url = f"/ws/{table_id}"
    with app.websocket_connect(url) as h, app.websocket_connect(url) as s:
        host, spectator = Player(h), Player(s)
        host.hello(token)
        spectator.hello()
        for _ in range(5):
            spectator.hello()
        host.send(type="ping")
        assert host.recv()["type"] == "pong", "no state reached the host for a spectator's hello"


def test_caps_on_connections_and_spectators() -> None:
    limits = Limits(connections_per_table=2, seat_room=0, spectators_per_table=1)
    with server(limits=limits) as app:
        table_id, token = create(app, seats=2)
        url = f"/ws/{table_id}"
        with app.websocket_connect(url) as a, app.websocket_connect(url) as b:
            with app.websocket_connect(url) as c:
                assert c.receive_json()["code"] == "too_many_connections"
                assert _receive_within(c, 30.0)["code"] == 1013
            Player(a).hello()
            assert Player(b).hello(token)["you"]["seat"] == 0
    with server(limits=limits) as app:
        table_id, token = create(app, seats=2)
        with app.websocket_connect(f"/ws/{table_id}") as a:
            Player(a).hello()
            with app.websocket_connect(f"/ws/{table_id}") as b:
                late = Player(b)
                late.send(type="hello")
                assert late.recv()["code"] == "too_many_spectators"
                assert _receive_within(b, 30.0)["code"] == 1013


def test_messages_are_rate_limited_per_connection() -> None:
    with server(limits=Limits(messages_per_second=0.001, message_burst=3)) as app:
        table_id, _ = create(app, seats=2)
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            player = Player(ws)
            player.hello()
            player.send(type="ping")
            player.send(type="ping")
            assert [player.recv()["type"], player.recv()["type"]] == ["pong", "pong"]
            player.send(type="ping")
            refused = player.recv()
            assert (refused["type"], refused["code"]) == ("error", "rate_limited")

"""HTTP from a stranger: every malformed body is a 4xx with a code, never a 500 or a brick."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from server_helpers import UNHURRIED, create, server

from rami.server import create_app
from rami.server.messages.limits import Limits
from rami.server.store.sql_store import SqliteStorage

JSON = {"content-type": "application/json"}
Message = dict[str, Any]

BAD_BODIES = [
    '{"name":"A","options":{"name":[],"turn_limit":61}}',
    '{"name":"A","bots":["random"],"options":{"hand_size":13.5}}',
    '{"name":"A","bots":["random"],"options":{"hand_size":7.0}}',
    '{"name":"A","options":{"hand_size":"13"}}',
    '{"name":"A","options":{"hand_size":null}}',
    '{"name":"A","options":{"opening_points":[40]}}',
    '{"name":"A","options":{"joker_retrieval":1}}',
    '{"name":"A","options":{"deck":"tiny"}}',
    '{"name":"A","options":{"colour":"blue"}}',
    '{"name":"A","options":[]}',
    '{"name":"A","bots":[["random"]]}',
    '{"name":"A","bots":"random"}',
    '{"name":"A","seats":2.0}',
    '{"name":"A","seats":"2"}',
    '{"name":"A","turn_timer":"60"}',
    '{"name":"A","rounds":true}',
    '{"name":"A","preset":"\\ud800"}',
    '{"name":"\\udfff"}',
    '{"name":"A","options":{"\\ud800":1}}',
    '{"name":"A","extra":1}',
    '{"name":"A","options":' + "[" * 5000 + "]" * 5000 + "}",
    "[" * 3000 + "]" * 3000,
    '{"name":"A"',
    "null",
    '"text"',
    "",
]


@pytest.mark.parametrize("body", BAD_BODIES)
def test_malformed_create_bodies_are_refused_with_a_code(body: str) -> None:
    with server() as app:
        response = app.post(
            "/api/tables", content=body.encode("utf-8", "surrogatepass"), headers=JSON
        )
        assert response.status_code in (400, 413, 422), response.text
        answer = response.json()
        assert set(answer) == {"code", "message"} and answer["code"] in (
            "malformed",
            "bad_rules",
            "bad_table",
            "bad_name",
        )
        assert len(response.content) < 600, "an error never echoes the input"
        assert not app.app.state.lobby.tables  # type: ignore[attr-defined]


def test_refused_bodies_never_brick_the_next_start(tmp_path: Path) -> None:
    with server(SqliteStorage(tmp_path)) as app:
        for body in BAD_BODIES:
            app.post("/api/tables", content=body.encode("utf-8", "surrogatepass"), headers=JSON)
        table_id, _ = create(app, bots=["random"], options={"hand_size": 7})
    with server(SqliteStorage(tmp_path)) as app:
        lobby = app.app.state.lobby  # type: ignore[attr-defined]
        assert app.get(f"/api/tables/{table_id}").status_code == 200  # loaded on demand
        assert not lobby.broken and list(lobby.tables) == [table_id]


def test_a_large_body_is_refused_before_it_is_read() -> None:
    app = create_app(limits=Limits(body_bytes=1024))
    pulled = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * 512, "more_body": True}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "client": ("203.0.113.9", 5000),
        "server": ("testserver", 80),
    }
    anyio.run(app, scope, receive, send)
    assert sent[0]["status"] == 413 and pulled <= 3, "a streamed body stops at the limit"
    assert json.loads(sent[1]["body"])["code"] == "too_large"
    with server(limits=Limits(body_bytes=1024)) as client:
        declared = client.post("/api/tables", content=b"{" + b" " * 2000 + b"}", headers=JSON)
        assert declared.status_code == 413 and len(declared.content) < 200


def test_table_creation_is_rate_limited_per_address() -> None:
    limits = Limits(create_burst=3, creates_per_minute=0.001)
    with server(limits=limits) as app:
        for _ in range(3):
            create(app)
        refused = app.post("/api/tables", json={"name": "Ana"})
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert len(app.app.state.lobby.tables) == 3  # type: ignore[attr-defined]


def test_the_openapi_schema_types_every_rule_option() -> None:
    with server(limits=UNHURRIED) as app:
        schema = app.get("/openapi.json").json()
        shapes = schema["components"]["schemas"]
        options = shapes["RuleOptions"]
        assert options["additionalProperties"] is False
        assert options["properties"]["hand_size"]["type"] == "integer"
        assert set(options["properties"]["deck"]["enum"]) == {"reference", "house", "custom"}
        assert "name" not in options["properties"]
        create_body = shapes["CreateTable"]
        assert create_body["additionalProperties"] is False and "name" in create_body["required"]
        answers = schema["paths"]["/api/tables"]["post"]["responses"]
        assert {"201", "400", "413", "422", "429"} <= set(answers)
        assert json.dumps(schema)


def test_a_declared_body_over_the_limit_gets_the_json_refusal() -> None:
    with server(limits=Limits(body_bytes=1024)) as client:
        declared = client.post("/api/tables", content=b"{" + b" " * 2000 + b"}", headers=JSON)
        assert declared.status_code == 413
        assert declared.headers["content-type"] == "application/json"
        assert declared.json() == {
            "code": "too_large",
            "message": "a request body has at most 1024 bytes",
        }
        fits = client.post("/api/tables", content=b'{"name": "A"}', headers=JSON)
        assert fits.status_code == 201

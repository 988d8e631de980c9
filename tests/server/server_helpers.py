"""Websocket helpers for the server tests: a player that keeps every message it receives."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import count
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from rami.server import Settings, create_app
from rami.server.storage import MemoryStorage, Storage
from rami.server.table import Table

Message = dict[str, Any]


def seeds(prefix: str) -> Callable[[], str]:
    """A deterministic seed source: prefix-1, prefix-2, ..."""
    numbers = count(1)
    return lambda: f"{prefix}-{next(numbers)}"


@contextmanager
def server(
    storage: Storage | None = None, seed: str = "test", bot_delay: float = 0.0, grace: float = 30.0
) -> Iterator[TestClient]:
    """A running app (lifespan included) with deterministic match seeds."""
    app = create_app(
        storage or MemoryStorage(), Settings(bot_delay=bot_delay, grace=grace), seeds(seed)
    )
    with TestClient(app) as client:
        yield client


def table_of(client: TestClient, table_id: str) -> Table:
    """The table actor behind ``table_id`` (for checking that nothing changed)."""
    table: Table = client.app.state.lobby.tables[table_id]  # type: ignore[attr-defined]
    return table


def create(client: TestClient, **body: Any) -> tuple[str, str]:
    """Create a table; returns its id and the host's token."""
    response = client.post("/api/tables", json={"name": "Ana", **body})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table"], data["token"]


class Player:
    """One websocket connection and everything it received."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.received: list[Message] = []
        self.state: Message | None = None
        self.token: str | None = None

    def send(self, **message: Any) -> None:
        """Send a message."""
        self.ws.send_text(json.dumps(message))

    def recv(self) -> Message:
        """The next message (kept; a state also becomes :attr:`state`)."""
        message: Message = self.ws.receive_json()
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        if message["type"] == "joined":
            self.token = message["token"]
        return message

    def until(self, done: Callable[[Message], bool]) -> Message:
        """Receive until a message satisfies ``done``."""
        while True:
            message = self.recv()
            if done(message):
                return message

    def reply(self, **message: Any) -> list[Message]:
        """Send, then receive up to the ack, or up to the state after an error (the resync)."""
        self.send(**message)
        got = [self.recv()]
        while got[-1]["type"] not in ("ack", "hint", "pong") and not (
            got[-1]["type"] == "state" and any(m["type"] == "error" for m in got)
        ):
            got.append(self.recv())
        return got

    def hello(self, token: str | None = None, lang: str = "en") -> Message:
        """Greet the table and return the first snapshot."""
        self.send(type="hello", token=token, lang=lang)
        return self.until(lambda m: m["type"] == "state")

    @property
    def version(self) -> int:
        """The version of the last snapshot."""
        assert self.state is not None
        return int(self.state["version"])

    @property
    def game(self) -> Message:
        """The game part of the last snapshot."""
        assert self.state is not None and self.state["game"] is not None
        return dict(self.state["game"])


def refusal(messages: list[Message]) -> str:
    """The error code among ``messages`` (asserting a resync followed it)."""
    errors = [m for m in messages if m["type"] == "error"]
    assert errors, messages
    assert messages[-1]["type"] == "state", "a refusal is followed by a full resync"
    return str(errors[0]["code"])

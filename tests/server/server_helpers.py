"""Websocket helpers for the server tests: a player that keeps every message it receives."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from itertools import count
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from rami.server import Settings, create_app
from rami.server.messages.limits import Limits
from rami.server.social.lobby import Lobby
from rami.server.store.storage import MemoryStorage, Storage
from rami.server.tables.actor import Table
from rami.server.tables.clock import ManualClock

Message = dict[str, Any]

UNHURRIED = Limits(
    messages_per_second=1e6,
    message_burst=10**6,
    create_burst=10**6,
    connections_per_minute=10**6,
    address_messages_per_minute=10**9,
)
"""The default limits, with rates no test of play reaches (the limits have their own tests)."""


def seeds(prefix: str) -> Callable[[], str]:
    """A deterministic seed source: prefix-1, prefix-2, ..."""
    numbers = count(1)
    return lambda: f"{prefix}-{next(numbers)}"


@contextmanager
def server(
    storage: Storage | None = None,
    seed: str = "test",
    bot_delay: float = 0.0,
    grace: float = 30.0,
    limits: Limits = UNHURRIED,
) -> Iterator[TestClient]:
    """A running app (lifespan included) with deterministic match seeds, its tables on a
    :class:`ManualClock` (``stored.advance`` lets time pass)."""
    settings = Settings(bot_delay=bot_delay, grace=grace)
    lobby = Lobby(storage or MemoryStorage(), settings, seeds(seed), ManualClock())
    app = create_app(limits=limits, lobby=lobby)
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

    def wait_version(self, at_least: int) -> Message:
        """Receive until a snapshot of version ``at_least`` or later."""
        return self.until(lambda m: m["type"] == "state" and m["version"] >= at_least)

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


@contextmanager
def players(app: TestClient, table_id: str, number: int) -> Iterator[list[Player]]:
    """``number`` websocket connections to the table, as :class:`Player` objects."""
    with ExitStack() as stack:
        url = f"/ws/{table_id}"
        sockets = [stack.enter_context(app.websocket_connect(url)) for _ in range(number)]
        yield [Player(ws) for ws in sockets]


def seat_and_start(host: Player, guest: Player, spectator: Player, token: str) -> None:
    """The host (with its token) and a guest named Bob sit, a spectator watches, the host starts."""
    host.hello(token)
    guest.hello()
    guest.reply(type="join", name="Bob")
    spectator.hello()
    host.reply(type="start")


def refusal(messages: list[Message]) -> str:
    """The error code among ``messages`` (asserting a resync followed it)."""
    errors = [m for m in messages if m["type"] == "error"]
    assert errors, messages
    assert messages[-1]["type"] == "state", "a refusal is followed by a full resync"
    return str(errors[0]["code"])


class Policy:
    """A seeded player that stages, opens, lays off and discards (so melds reach the table)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.turn: tuple[int, int] | None = None
        self.took_back = False

    def choose(self, game: Message) -> str:
        """One of ``game["legal"]``."""
        legal: list[str] = game["legal"]
        turn = (game["round"], game["turn"])
        if turn != self.turn:
            self.turn, self.took_back = turn, False
        by_verb: dict[str, list[str]] = {}
        for text in legal:
            by_verb.setdefault(text.split()[0], []).append(text)
        if "draw" in by_verb:
            return self.rng.choice(by_verb["draw"])
        if "open" in by_verb:
            return "open"
        if "meld" in by_verb and not self.took_back and len(game["staged"]) < 4:
            return self.rng.choice(by_verb["meld"])
        if "takeback" in by_verb:
            self.took_back = True
            return "takeback"
        plays = by_verb.get("layoff", []) + by_verb.get("swap", [])
        if plays and self.rng.random() < 0.8:
            return self.rng.choice(plays)
        return self.rng.choice(by_verb.get("discard") or legal)


def play_turns(players: dict[int, Player], policies: dict[int, Policy], limit: int) -> int:
    """Let the seated players act until the round ends or ``limit`` actions; returns actions.

    Seats missing from ``players`` are bots: the freshest snapshot waits for their moves.
    """
    done = 0
    while done < limit:
        freshest = max(players.values(), key=lambda p: p.version)
        current = freshest.game["current"]
        if current is None:
            return done
        if current not in players:
            freshest.wait_version(freshest.version + 1)
            continue
        player = players[current]
        if player.version < freshest.version:
            player.wait_version(freshest.version)
        action = policies[current].choose(player.game)
        got = player.reply(type="act", action=action, version=player.version)
        assert got[-1]["type"] == "ack", (action, got)
        acked = got[-1]["version"]
        for other in players.values():
            if other.version < acked:
                other.wait_version(acked)
        done += 1
    return done


def start_and_leave(app: TestClient, **body: Any) -> str:
    """A started two-person Rami 40 table both people then leave; returns its id."""
    table_id, token = create(app, preset="rami40", seats=2, **body)
    url = f"/ws/{table_id}"
    with app.websocket_connect(url) as h, app.websocket_connect(url) as g:
        host, guest = Player(h), Player(g)
        host.hello(token)
        guest.hello()
        guest.reply(type="join", name="Bob")
        host.reply(type="start")
    return table_id

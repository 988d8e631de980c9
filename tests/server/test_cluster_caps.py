"""The connection caps of a table hold for connections relayed from another process: the
table's owner counts them beside its own (per table, per address, with the places kept for
seated players), and a relayed connection that never says ``hello`` is closed after the same
deadline as a local one (two real ``rami serve`` processes on one PostgreSQL and one Redis)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from cluster_helpers import WAIT, create_table, processes
from live_server import LivePlayer, LiveServer, Message
from websockets.exceptions import ConnectionClosed

REDIS_DB = 5
PROXY = "X-Forwarded-For"
HELLO_SECONDS = 1.0
"""The hello deadline of these processes (a test waits for its close, never for the time)."""
CAPS = (
    "--set",
    "limits.connections_per_table=4",
    "--set",
    "limits.seat_room=1",
    "--set",
    "limits.connections_per_address=2",
    "--set",
    f"limits.hello_seconds={HELLO_SECONDS}",
    "--set",
    f"security.proxy_header={PROXY}",
)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[LiveServer]]:
    """The table's owner (it creates the tables) and the process relaying to it."""
    with processes(tmp_path_factory.mktemp("caps"), 2, REDIS_DB, *CAPS) as servers:
        yield servers


def connect(server: LiveServer, table_id: str, address: str) -> LivePlayer:
    return LivePlayer(server, table_id, headers={PROXY: address})


def greeted(server: LiveServer, table_id: str, address: str, token: str | None = None) -> Message:
    """The first snapshot of a new connection from ``address`` (it stays open)."""
    player = connect(server, table_id, address)
    player.send(type="hello", token=token)
    message = player.recv(WAIT)
    assert message["type"] == "state", message
    _open.append(player)
    return message


_open: list[LivePlayer] = []
"""Connections a test keeps open until it ends."""


@pytest.fixture(autouse=True)
def _close_all() -> Iterator[None]:
    yield
    while _open:
        _open.pop().close()


def closing(player: LivePlayer) -> tuple[list[Message], int]:
    """What ``player`` receives until its connection closes, and the close code."""
    received: list[Message] = []
    try:
        while True:
            received.append(player.recv(WAIT))
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "the server closed without a code"
        return received, closed.rcvd.code
    finally:
        player.close()


def refused(player: LivePlayer, hello: bool = True) -> str:
    """The refusal a connection gets, once it is closed with 1013."""
    if hello:
        with contextlib.suppress(ConnectionClosed):  # (the refusal may come first)
            player.send(type="hello")
    received, code = closing(player)
    assert code == 1013, (code, received)
    assert [m["type"] for m in received] == ["error"], received
    return str(received[0]["code"])


def test_the_owner_counts_relayed_connections_against_the_table_caps(
    pair: list[LiveServer],
) -> None:
    owner, relay = pair
    table_id, token = create_table(owner)
    greeted(owner, table_id, "198.51.100.1")  # one local connection: the table stays there
    greeted(relay, table_id, "198.51.100.1")
    third = connect(relay, table_id, "198.51.100.1")
    assert refused(third) == "too_many_connections", "the address's share, relayed or not"
    greeted(relay, table_id, "198.51.100.2")
    greeted(relay, table_id, "198.51.100.2")  # the table's 4 places are taken

    host = greeted(relay, table_id, "203.0.113.5", token)
    assert host["you"]["seat"] == 0, "a relayed player takes a place kept for seated players"
    stranger = connect(relay, table_id, "203.0.113.6")
    assert refused(stranger) == "too_many_connections", "every place is taken, relayed too"
    local = connect(owner, table_id, "203.0.113.7")
    assert refused(local) == "too_many_connections", "the owner counts the relayed ones"


def test_a_relayed_connection_that_never_says_hello_is_closed(pair: list[LiveServer]) -> None:
    owner, relay = pair
    table_id, token = create_table(owner)
    greeted(owner, table_id, "198.51.100.9")  # the table stays with its owner
    idle = [connect(relay, table_id, "198.51.100.10") for _ in range(2)]
    for player in idle:
        received, code = closing(player)
        assert code == 4408, (code, received)
        assert [m.get("code") for m in received] == ["hello_timeout"], received
    host = greeted(relay, table_id, "198.51.100.10", token)  # the closed ones are uncounted
    assert host["you"]["seat"] == 0
    greeted(relay, table_id, "198.51.100.10")

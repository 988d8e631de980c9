"""Players with accounts at one table, and moderators, for the safety tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from account_helpers import browser, csrf, signup
from fastapi.testclient import TestClient
from server_helpers import Message, Player


def member(client: TestClient, name: str) -> TestClient:
    """A new browser on ``client``'s app, signed up as ``name``."""
    other = browser(client)
    signup(other, name)
    return other


def grant_moderator(client: TestClient, name: str) -> None:
    """Make ``name`` a moderator (as ``rami admin grant`` does)."""
    client.app.state.safety.moderation.grant(name, "moderator")  # type: ignore[attr-defined]


def act(moderator: TestClient, **body: Any) -> Any:
    """POST a moderator action; the response."""
    return moderator.post("/api/moderation/actions", json=body, headers=csrf(moderator))


def block(who: TestClient, name: str) -> Any:
    """``who`` blocks ``name``; the response."""
    return who.put(f"/api/blocks/{name}", headers=csrf(who))


@contextmanager
def seated(host: TestClient, *others: TestClient) -> Iterator[tuple[str, list[Player]]]:
    """An unrated table of ``host`` (seat 0) and ``others`` (seats 1..) started, each
    connected with its own cookies; the table id and the players."""
    answer = host.post("/api/tables", json={"name": "Host", "seats": 1 + len(others)}).json()
    with ExitStack() as stack:
        people = []
        for seat, browser_ in enumerate((host, *others)):
            ws = stack.enter_context(browser_.websocket_connect(f"/ws/{answer['table']}"))
            player = Player(ws)
            people.append(player)
            if seat == 0:
                player.hello(answer["token"])
            else:
                player.hello()
                player.reply(type="join", name="x")
        people[0].reply(type="start")
        yield answer["table"], people


def next_chat(player: Player) -> Message:
    """The next chat line or refusal ``player`` receives (skipping snapshots)."""
    return player.until(lambda m: m["type"] in ("chat", "error", "reported"))


def no_more_chat(player: Player) -> None:
    """Nothing but snapshots reached ``player`` since the last line (a ping fences it)."""
    player.send(type="ping")
    got = player.until(lambda m: m["type"] in ("pong", "chat"))
    assert got["type"] == "pong", got

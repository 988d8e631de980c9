"""A server with the Daily Duplicate on a manual clock, and accounts playing its deals."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from account_helpers import account_config, browser, csrf, signup
from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, Player, Policy, seeds

from rami.server import Settings, create_app
from rami.server.social.duplicate import DailyDuplicate
from rami.server.social.lobby import Lobby
from rami.server.store.storage import MemoryStorage, Storage
from rami.server.tables.clock import ManualClock

NOON = datetime(2027, 3, 14, 12, 0, tzinfo=UTC).timestamp()
DAY = "2027-03-14"
KIND = "rami51-2p"
PAR_LEVEL = "medium"
"""The par level of these tests (``expert`` thinks for seconds a move; the code is the same)."""


@contextmanager
def duplicate_server(storage: Storage | None = None, prefix: str = "deal") -> Iterator[TestClient]:
    """An app whose tables and Daily Duplicate read a manual clock set to noon UTC."""
    store = storage or MemoryStorage()
    lobby = Lobby(store, Settings(bot_delay=0.0), seeds("dd"), ManualClock(0.0, NOON))
    app = create_app(
        lobby=lobby,
        limits=UNHURRIED,
        account_config=account_config(),
        duplicate_options={"seeds": seeds(prefix), "par_level": PAR_LEVEL},
    )
    with TestClient(app) as client:
        yield client


def service(client: TestClient) -> DailyDuplicate:
    """The app's Daily Duplicate."""
    found: DailyDuplicate = client.app.state.duplicate  # type: ignore[attr-defined]
    return found


def clock(client: TestClient) -> ManualClock:
    """The manual clock of the app."""
    found = service(client).lobby.clock
    assert isinstance(found, ManualClock)
    return found


def account(client: TestClient, name: str) -> TestClient:
    """Another browser on the app, signed up as ``name``."""
    other = browser(client)
    signup(other, name)
    return other


def play(client: TestClient, number: int, day: str = DAY, kind: str = KIND) -> Any:
    """POST the play of a deal; the response."""
    url = f"/api/duplicate/{day}/{kind}/{number}/play"
    return client.post(url, headers=csrf(client))


def play_round(player: Player, seat: int, policy: Policy, hinted: float) -> None:
    """Play ``seat`` to the round's end: the hint's move with probability ``hinted``, else the
    seeded policy's (the bots' moves arrive as snapshots)."""
    while (current := player.game["current"]) is not None:
        if current != seat:
            player.wait_version(player.version + 1)
            continue
        action = policy.choose(player.game)
        if policy.rng.random() < hinted:
            hint = player.reply(type="hint")[-1]
            action = hint["actions"][0] if hint.get("actions") else action
        got = player.reply(type="act", action=action, version=player.version)
        assert got[-1]["type"] == "ack", (action, got)
        if player.version < got[-1]["version"]:
            player.wait_version(got[-1]["version"])


def play_deal(client: TestClient, number: int, policy_seed: int, hinted: float = 0.0) -> int:
    """Begin deal ``number`` and play it to the end over the websocket; returns the seat.

    The player follows the server's hints with probability ``hinted`` (a stronger player)."""
    response = play(client, number)
    assert response.status_code == 200, response.text
    started = response.json()
    seat = started["seat"]
    with client.websocket_connect(f"/ws/{started['table']}") as ws:
        player = Player(ws)
        player.hello()
        assert player.state is not None and player.state["you"]["seat"] == seat
        play_round(player, seat, Policy(policy_seed), hinted)
    return int(seat)

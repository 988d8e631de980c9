"""Servers whose reviews run on a small budget, and tables whose rounds are over."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from account_helpers import account_config, browser, csrf
from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, Player, Policy, seeds

from rami.review import ReviewBudget
from rami.rules import PRESETS
from rami.server import Settings, create_app
from rami.server.social.lobby import Lobby
from rami.server.social.review_jobs import LocalRunner, Runner
from rami.server.social.review_store import ReviewStore
from rami.server.social.reviews import Reviews
from rami.server.store.storage import MemoryStorage, Storage
from rami.server.tables.clock import ManualClock
from rami.server.tables.config import TableConfig
from rami.server.tables.identity import Identity

SMALL = {
    name: ReviewBudget(name, worlds=2, max_worlds=2, discards=1, lookahead=1, horizon=12)
    for name in ("quick", "full")
}
"""Budgets a review of a round computes in well under a second (the code is the same)."""
WAIT = 120.0


@contextmanager
def review_server(
    storage: Storage | None = None,
    daily: int = 5,
    runner: Callable[[ReviewStore], Runner] = LocalRunner,
    grace: float = 0.0,
) -> Iterator[TestClient]:
    """An app with accounts whose reviews use :data:`SMALL` budgets, ``daily`` a day."""
    lobby = Lobby(
        storage or MemoryStorage(), Settings(bot_delay=0.0, grace=grace), seeds("rv"), ManualClock()
    )
    app = create_app(
        lobby=lobby,
        limits=UNHURRIED,
        account_config=account_config(),
        reviews=runner,
        review_options={"daily": daily, "budgets": SMALL},
    )
    with TestClient(app) as client:
        yield client


def reviews_of(client: TestClient) -> Reviews:
    """The app's review service."""
    found: Reviews = client.app.state.reviews  # type: ignore[attr-defined]
    return found


def match_of(client: TestClient, names: dict[int, str], rounds: int, public: bool) -> str:
    """A started table of ``rounds`` rounds with these accounts by seat and random bots in
    the other seat of two; its id."""
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    store = client.app.state.accounts.store  # type: ignore[attr-defined]
    people: dict[int, tuple[str, Identity | None]] = {}
    for seat, name in names.items():
        found = store.account_named(name)
        people[seat] = (name, Identity(found.id, found.name))
    rules = PRESETS["rami51"].replace(match_end="rounds", match_limit=rounds)
    bots = tuple(None if seat in names else "random" for seat in range(2))
    config = TableConfig(rules, bots, None, "rami51", public, False)
    table, _tokens = client.portal.call(lobby.create_match, config, people)  # type: ignore[union-attr]
    return table.table_id


def until_finished(client: TestClient, table_id: str) -> None:
    """Watch as a guest until the table's match is over (its people away: the stand-in plays)."""
    with browser(client).websocket_connect(f"/ws/{table_id}") as ws:
        watcher = Player(ws)
        state = watcher.hello()
        while state["table"]["status"] != "finished":
            state = watcher.until(lambda m: m["type"] == "state")


def play_first_round(client: TestClient, table_id: str, seat: int) -> None:
    """Play ``seat`` (the account logged in on ``client``) to the end of round 1; the
    connection stays until then, so nobody deals round 2."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        player = Player(ws)
        player.hello()
        policy = Policy(7)
        while (current := player.game["current"]) is not None:
            if current != seat:
                player.wait_version(player.version + 1)
                continue
            got = player.reply(
                type="act", action=policy.choose(player.game), version=player.version
            )
            assert got[-1]["type"] == "ack", got
            if player.version < got[-1]["version"]:
                player.wait_version(got[-1]["version"])


def ask(client: TestClient, table_id: str, **body: Any) -> Any:
    """POST a review request; the response."""
    url = f"/api/tables/{table_id}/reviews"
    return client.post(
        url, json=body, headers=csrf(client) if "rami_csrf" in client.cookies else {}
    )


def settled(client: TestClient) -> None:
    """Wait until the app's local review jobs are done."""
    runner = reviews_of(client).runner
    assert isinstance(runner, LocalRunner)
    client.portal.call(runner.settled)  # type: ignore[union-attr]


def until_done(client: TestClient, review_id: str, timeout: float = WAIT) -> dict[str, Any]:
    """Read the review until another process has computed it (or ``timeout`` passes)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer: dict[str, Any] = client.get(f"/api/reviews/{review_id}").json()
        if answer["status"] not in ("queued", "running"):
            return answer
        time.sleep(0.1)  # a poll of another process's work, not a wait for time to pass
    raise AssertionError(f"review {review_id} not done after {timeout} s")

"""A server whose tournament clock and tables read a manual clock, accounts that join its
tournaments, and tables played to their end by seeded clients over the websocket."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from account_helpers import FakeClock, account_config, browser, csrf, signup
from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, Player, Policy, play_turns, seeds

from rami.server import Settings, create_app
from rami.server.social.lobby import Lobby
from rami.server.social.tournament_tables import TournamentTables
from rami.server.store.storage import MemoryStorage
from rami.server.tables.clock import ManualClock

ACTIONS = 3000
"""Actions a table may take before the test calls it stuck."""


@contextmanager
def tournament_server(**options: Any) -> Iterator[TestClient]:
    """An app on a manual clock, made with ``options`` for :func:`create_app`; the people's
    grace outlasts any test (no stand-in plays)."""
    lobby = Lobby(MemoryStorage(), Settings(bot_delay=0.0, grace=1e6), seeds("tn"), ManualClock())
    config = account_config()
    config.signups_per_address = (100, 3600.0)  # every player signs up from the test's address
    app = create_app(
        lobby=lobby, limits=UNHURRIED, account_config=config, clock=FakeClock(), **options
    )
    with TestClient(app) as client:
        yield client


def tourney(client: TestClient) -> TournamentTables:
    """The app's tournament clock."""
    found: TournamentTables = client.app.state.tournaments  # type: ignore[attr-defined]
    return found


def clock(client: TestClient) -> ManualClock:
    """The manual clock of the app's tables and tournaments."""
    found = tourney(client).lobby.clock
    assert isinstance(found, ManualClock)
    return found


def presence_clock(client: TestClient) -> FakeClock:
    """The clock presence is written with (a player unseen for a minute is absent)."""
    found = tourney(client).presence_clock
    assert isinstance(found, FakeClock)
    return found


def wall(client: TestClient) -> float:
    """The manual wall time."""
    return clock(client).wall()


def advance(client: TestClient, seconds: float) -> None:
    """Let ``seconds`` pass, then run the tournament clock and wait for what it woke."""
    client.portal.call(clock(client).advance, seconds)  # type: ignore[union-attr]
    settle(client)


def settle(client: TestClient) -> None:
    """Run a tick of the tournament clock and every tick a result woke."""
    client.portal.call(tourney(client).settled)  # type: ignore[union-attr]
    client.portal.call(tourney(client).tick)  # type: ignore[union-attr]


def accounts(client: TestClient, names: list[str]) -> dict[str, TestClient]:
    """A browser signed up for each name."""
    made = {}
    for name in names:
        made[name] = browser(client)
        signup(made[name], name)
    return made


def post(who: TestClient, path: str, **body: Any) -> Any:
    """POST with the CSRF header; the response."""
    return who.post(path, json=body or None, headers=csrf(who))


def create(host: TestClient, **body: Any) -> str:
    """Create a tournament (asserting 201); its id."""
    response = post(host, "/api/tournaments", **body)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def show(who: TestClient, tid: str) -> dict[str, Any]:
    """GET the tournament (asserting 200)."""
    response = who.get(f"/api/tournaments/{tid}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def play_board(people: dict[str, TestClient], board: dict[str, Any], seed: int) -> list[int]:
    """Connect every seated player of a live board and play its match to the end; returns the
    match totals the players saw, by seat."""
    table = board["table_id"]
    with ExitStack() as stack:
        seated = {}
        for seat, name in enumerate(board["seats"]):
            ws = stack.enter_context(people[name].websocket_connect(f"/ws/{table}"))
            seated[seat] = Player(ws)
            state = seated[seat].hello()
            assert state["you"]["seat"] == seat
        policies = {seat: Policy(seed * 10 + seat) for seat in seated}
        play_turns(seated, policies, ACTIONS)
        freshest = max(seated.values(), key=lambda p: p.version)
        game = freshest.game
        assert game["current"] is None, "the table is stuck"
        return [int(total) for total in game["totals"]]

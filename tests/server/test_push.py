"""Web Push: a subscribed device receives what the server encrypted to it (decrypted here with
the device's key), gone subscriptions are removed, endpoints inside the network are refused,
and "your turn" is pushed once per turn, only when no page of the account is visible."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any, cast

from account_helpers import FakeClock, account_config, csrf
from fastapi.testclient import TestClient
from push_helpers import Device, PushService, push_service
from safety_helpers import member
from server_helpers import UNHURRIED, seeds
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from tournament_helpers import accounts, advance, create, post, tournament_server, wall

from rami.server import Settings, create_app
from rami.server.messages.settings import PushSettings
from rami.server.social.push import Push
from rami.server.social.push_store import PushStore
from rami.server.store.storage import MemoryStorage
from rami.server.tables.clock import ManualClock
from rami.server.tables.identity import Identity
from rami.server.tables.state import TableState

LOOPBACK = PushSettings(allow_loopback=True, retries=0)


@contextmanager
def push_server(settings: PushSettings = LOOPBACK) -> Iterator[TestClient]:
    app = create_app(
        MemoryStorage(),
        Settings(bot_delay=0.0),
        seeds("push"),
        limits=UNHURRIED,
        account_config=account_config(),
        clock=FakeClock(),
        push_settings=settings,
    )
    with TestClient(app) as client:
        yield client


def subscribe(client: TestClient, body: dict[str, Any]) -> Any:
    return client.post("/api/push/subscriptions", json=body, headers=csrf(client))


def push_of(client: TestClient) -> Push:
    return cast(Push, client.app.state.push)  # type: ignore[attr-defined]


def account_id(client: TestClient) -> int:
    name = client.get("/api/me").json()["name"]
    found = client.app.state.accounts.store.account_named(name)  # type: ignore[attr-defined]
    return int(found.id)


def test_a_subscribed_device_decrypts_the_push() -> None:
    with push_service() as service, push_server() as client:
        ana, device = member(client, "Ana"), Device.new()
        key = client.get("/api/push/key").json()["key"]
        assert len(key) == 87  # a P-256 point, 65 bytes in URL-safe base64
        answer = subscribe(ana, device.subscription(service.url("/sub/ana"), "fr"))
        assert answer.status_code == 201, answer.text
        push = push_of(client)
        client.portal.call(push.deliver, account_id(ana), "turn", {"table": "t123"})
        (got,) = service.wait_for(1)
        assert got.path == "/sub/ana"
        assert got.headers["content-encoding"] == "aes128gcm"
        assert got.headers["authorization"].startswith("vapid t=")
        assert f"k={key}" in got.headers["authorization"]
        message = device.decrypt(got.body)
        assert message["kind"] == "turn" and message["url"] == "/t/t123"
        assert message["title"] == "Votre tour"
        assert "t123" in message["body"]
        assert client.get("/api/push/key").json()["key"] == key  # kept, not made again


def test_a_gone_subscription_is_removed_and_one_can_unsubscribe() -> None:
    with push_service() as service, push_server() as client:
        ana = member(client, "Ana")
        first, second = Device.new(), Device.new()
        assert subscribe(ana, first.subscription(service.url("/a"))).status_code == 201
        assert subscribe(ana, second.subscription(service.url("/b"))).status_code == 201
        push, who = push_of(client), account_id(ana)
        service.status = 410
        client.portal.call(push.deliver, who, "quickmatch", {"table": "t9"})
        assert sorted(r.path for r in service.wait_for(2)) == ["/a", "/b"]
        assert push.store.of_account(who) == []
        assert subscribe(ana, first.subscription(service.url("/a"))).status_code == 201
        gone = ana.request(
            "DELETE",
            "/api/push/subscriptions",
            json={"endpoint": service.url("/a")},
            headers=csrf(ana),
        )
        assert gone.status_code == 204 and push.store.of_account(who) == []
        again = ana.request(
            "DELETE",
            "/api/push/subscriptions",
            json={"endpoint": service.url("/a")},
            headers=csrf(ana),
        )
        assert again.status_code == 422 and again.json()["code"] == "not_subscribed"


def test_endpoints_inside_the_network_and_bad_keys_are_refused() -> None:
    with push_server(PushSettings()) as client:
        ana, device = member(client, "Ana"), Device.new()
        cases = {
            "http://push.example.com/x": "bad_push_endpoint",
            "ftp://push.example.com/x": "bad_push_endpoint",
            "https://user:pw@push.example.com/x": "bad_push_endpoint",
            "https://127.0.0.1/x": "private_push_endpoint",
            "https://localhost:8443/x": "private_push_endpoint",
            "https://10.1.2.3/x": "private_push_endpoint",
            "https://192.168.0.9/x": "private_push_endpoint",
            "https://169.254.169.254/latest": "private_push_endpoint",
            "https://[::1]/x": "private_push_endpoint",
            "https://[fe80::1]/x": "private_push_endpoint",
        }
        for endpoint, code in cases.items():
            answer = subscribe(ana, device.subscription(endpoint))
            assert (answer.status_code, answer.json()["code"]) == (422, code), endpoint
        body = device.subscription("https://push.example.com/x")
        for keys in (
            {"p256dh": "AAAA", "auth": body["keys"]["auth"]},
            {"p256dh": body["keys"]["p256dh"], "auth": "c2hvcnQ"},
            {"p256dh": "A" + body["keys"]["p256dh"][1:], "auth": body["keys"]["auth"]},
        ):
            answer = subscribe(ana, {**body, "keys": keys})
            assert (answer.status_code, answer.json()["code"]) == (422, "bad_push_keys")
        answer = subscribe(ana, {"endpoint": 5})
        assert (answer.status_code, answer.json()["code"]) == (422, "malformed")
        assert push_of(client).store.of_account(account_id(ana)) == []
        guest = TestClient(client.app)
        guest.portal = client.portal
        assert guest.post("/api/push/subscriptions", json=body).status_code == 401


def _table(seat_account: int) -> Any:
    """A table whose seat 0 (an account's) is to act in round 1, turn 1."""
    seats = [SimpleNamespace(account=Identity(seat_account, "Ana")), SimpleNamespace(account=None)]
    table = SimpleNamespace(
        table_id="tp",
        seats=seats,
        retired=False,
        closed=False,
        key=(1, 1),
        match=SimpleNamespace(current_seat=0),
    )
    table.turn_key = lambda: table.key
    return table


def test_your_turn_is_pushed_once_per_turn_and_not_to_a_visible_page() -> None:
    async def scenario(service: PushService) -> None:
        engine = create_engine(
            "sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}
        )
        clock = ManualClock()
        settings = PushSettings(allow_loopback=True, turn_delay=20, visible_for=45, retries=0)
        push = Push(PushStore(engine, create=True), settings, clock)
        device = Device.new()
        sub = device.subscription(service.url("/ana"))
        await push.subscribe(7, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"], "en")
        table = _table(7)
        done: list[int] = []
        push.sent = lambda _s, _m, status: done.append(status)
        push.turn_started(cast(TableState, table))
        push.turn_started(cast(TableState, table))  # the same turn, begun again (a restore)
        await clock.advance(19)
        assert service.received == [] and done == []
        await clock.advance(1)
        await _until(lambda: len(done) == 1 and not push._tasks)
        assert len(service.received) == 1  # one push for the turn
        assert device.decrypt(service.received[0].body)["title"] == "Your turn"
        table.key = (1, 2)  # the next turn is this seat's again, but a page is visible
        push.beat(7, "page-1", True)
        push.turn_started(cast(TableState, table))
        await clock.advance(20)
        await _until(lambda: not push._tasks)
        assert len(service.received) == 1
        push.beat(7, "page-1", False)  # hidden: the next turn is pushed
        table.key = (1, 3)
        push.turn_started(cast(TableState, table))
        table.key = (1, 4)  # played before the delay: nothing
        await clock.advance(20)
        await _until(lambda: not push._tasks)
        assert len(service.received) == 1
        push.turn_started(cast(TableState, table))
        await clock.advance(20)
        await _until(lambda: len(done) == 2 and not push._tasks)
        assert len(service.received) == 2
        for turn in range(5, 25):  # turns played fast: one push waits, the last turn's
            table.key = (1, turn)
            push.turn_started(cast(TableState, table))
        await _until(lambda: len(push._tasks) == 1)
        await clock.advance(20)
        await _until(lambda: len(done) == 3 and not push._tasks)
        assert len(service.received) == 3
        await push.close()
        engine.dispose()

    with push_service() as service:
        asyncio.run(scenario(service))


async def _until(condition: Any) -> None:
    """Yield to the loop and the sending threads until ``condition()`` holds (10 s at most)."""
    async with asyncio.timeout(10):
        while not condition():
            await asyncio.sleep(0)


def test_a_quick_match_is_pushed_to_the_players_whose_pages_are_hidden() -> None:
    with push_service() as service, push_server() as client:
        ana, bob = member(client, "Ana"), member(client, "Bob")
        device = Device.new()
        for who, path in ((ana, "/ana"), (bob, "/bob")):
            answer = subscribe(who, device.subscription(service.url(path)))
            assert answer.status_code == 201, answer.text
        beat = {"page": "bob-lobby", "visible": True}
        assert bob.post("/api/push/visibility", json=beat, headers=csrf(bob)).status_code == 204
        body = {"preset": "rami51", "players": 2}
        waiting = ana.post("/api/quickmatch", json=body, headers=csrf(ana)).json()
        assert waiting["status"] == "waiting"
        matched = bob.post("/api/quickmatch", json=body, headers=csrf(bob)).json()
        assert matched["status"] == "matched"
        (got,) = service.wait_for(1)
        assert got.path == "/ana", "Bob's page is visible: no push to Bob"
        message = device.decrypt(got.body)
        assert message["kind"] == "quickmatch" and message["title"] == "Your quick match is ready"
        assert message["url"] == f"/t/{matched['table']}"


def test_a_tournament_round_is_pushed_to_its_players_whose_pages_are_hidden() -> None:
    lasting = PushSettings(
        allow_loopback=True, retries=0, visible_for=3600.0
    )  # outlives the minute
    with push_service() as service, tournament_server(push_settings=lasting) as client:
        people = accounts(client, ["Host", "Ana", "Bob"])
        device = Device.new()
        for name in ("Ana", "Bob"):
            who = people[name]
            answer = subscribe(who, device.subscription(service.url(f"/{name}")))
            assert answer.status_code == 201, answer.text
        body = {"name": "Evening", "preset": "rami40", "rounds": 1, "deals": 1}
        tid = create(people["Host"], **body, start=wall(client) + 60)
        for name in ("Ana", "Bob"):
            assert post(people[name], f"/api/tournaments/{tid}/join").status_code == 200
        beat = {"page": "bob-tournament", "visible": True}
        bob = people["Bob"]
        assert bob.post("/api/push/visibility", json=beat, headers=csrf(bob)).status_code == 204
        advance(client, 60)  # the round is seated: its table is made and pushed
        (got,) = service.wait_for(1)
        assert got.path == "/Ana", "Bob's page is visible: no push to Bob"
        message = device.decrypt(got.body)
        table = people["Ana"].get(f"/api/tournaments/{tid}").json()["live"][0]["table_id"]
        assert message["kind"] == "tournament" and message["url"] == f"/t/{table}"
        assert message["title"] == "Your tournament table is ready"

"""Friends: follows, the friends list with presence, invitations to a table (accepted,
expired, pushed to the invitee's device), the refusals, and blocks honoured."""

from __future__ import annotations

from typing import Any, cast

from account_helpers import FakeClock, account_server, csrf
from fastapi.testclient import TestClient
from push_helpers import Device, push_service
from safety_helpers import block, member
from server_helpers import Player
from test_push import push_server, subscribe

from rami.server.social.friends import INVITATION_SECONDS, Friends
from rami.server.social.presence import ONLINE_SECONDS

WAIT = 60.0
"""A bound on waiting for the server's own writes on a busy machine (never a pause)."""


def follow(who: TestClient, name: str) -> Any:
    """``who`` follows ``name``; the response."""
    return who.put(f"/api/follows/{name}", headers=csrf(who))


def invite(who: TestClient, name: str, table: str) -> Any:
    """``who`` invites ``name`` to ``table``; the response."""
    return who.post("/api/invitations", json={"name": name, "table": table}, headers=csrf(who))


def accept(who: TestClient, number: int) -> Any:
    """``who`` accepts invitation ``number``; the response."""
    return who.post(f"/api/invitations/{number}/accept", headers=csrf(who))


def invitation_notices(who: TestClient) -> list[Any]:
    """``who``'s notices of invitations (``GET /api/me/notices``)."""
    notices = who.get("/api/me/notices").json()["notices"]
    return [notice for notice in notices if notice["kind"] == "invitation"]


def friends_of(client: TestClient) -> Friends:
    """The app's friends service."""
    return cast(Friends, client.app.state.friends)  # type: ignore[attr-defined]


def a_table(host: TestClient) -> str:
    """A new table of ``host``'s."""
    return str(host.post("/api/tables", json={"name": "Host", "seats": 2}).json()["table"])


def friends(client: TestClient) -> tuple[TestClient, TestClient]:
    """Ana and Bob, new accounts following each other."""
    ana, bob = member(client, "Ana"), member(client, "Bob")
    follow(ana, "Bob"), follow(bob, "Ana")
    return ana, bob


def invited(client: TestClient, name: str = "Bob") -> tuple[TestClient, TestClient, str, Any]:
    """Ana and Bob as friends; Ana at a new table of hers invites ``name`` to it: Ana, Bob,
    the table and the invitation's response."""
    ana, bob = friends(client)
    table = a_table(ana)
    with ana.websocket_connect(f"/ws/{table}") as ws:
        Player(ws).hello()
        answer = invite(ana, name, table)
    return ana, bob, table, answer


def test_follow_unfollow_and_friends_are_mutual_follows() -> None:
    with account_server() as client:
        ana, bob = member(client, "Ana"), member(client, "Bob")
        assert follow(ana, "bob").json() == {"following": "Bob"}
        assert follow(ana, "Bob").status_code == 200  # again: nothing changes
        listing = ana.get("/api/friends").json()
        assert listing == {"friends": [], "following": ["Bob"], "invitations": [], "games": []}
        assert follow(bob, "Ana").status_code == 200
        assert ana.get("/api/friends").json()["friends"][0]["online"] is False
        bob.get("/api/friends")  # Bob's page asks: Bob is online
        [friend] = ana.get("/api/friends").json()["friends"]
        assert friend == {"name": "Bob", "online": True, "table": None}
        assert ana.delete("/api/follows/Bob", headers=csrf(ana)).status_code == 204
        assert ana.get("/api/friends").json()["friends"] == []
        assert bob.get("/api/friends").json()["following"] == ["Ana"]


def test_presence_shows_the_table_and_goes_offline() -> None:
    clock = FakeClock()
    with account_server(clock=clock) as client:
        ana, bob = friends(client)
        table = a_table(bob)
        with bob.websocket_connect(f"/ws/{table}") as ws:
            Player(ws).hello()
            [friend] = ana.get("/api/friends").json()["friends"]
            assert friend == {"name": "Bob", "online": True, "table": table}
            assert ana.get("/api/friends").json()["games"] == [{"table": table, "friends": ["Bob"]}]
        assert friends_of(client).wait_departures(1, WAIT)  # the closed socket's presence
        assert ana.get("/api/friends").json()["friends"][0]["table"] is None
        clock.now += ONLINE_SECONDS + 1
        assert ana.get("/api/friends").json()["friends"][0]["online"] is False


def test_an_invitation_is_seen_and_accepted_once() -> None:
    with account_server() as client:
        _, bob, table, answer = invited(client, "bob")
        assert answer.status_code == 201
        number = answer.json()["invitation"]
        [seen] = bob.get("/api/friends").json()["invitations"]
        assert (seen["id"], seen["from"], seen["table"]) == (number, "Ana", table)
        assert accept(bob, number).json() == {"table": table, "url": f"/t/{table}"}
        assert bob.get("/api/friends").json()["invitations"] == []
        assert accept(bob, number).json()["code"] == "no_such_invitation"


def test_an_invitation_declined_is_gone_and_only_its_invitee_declines_it() -> None:
    with account_server() as client:
        ana, bob, table, answer = invited(client)
        number = answer.json()["invitation"]
        refused = ana.delete(f"/api/invitations/{number}", headers=csrf(ana))  # not Ana's own
        assert (refused.status_code, refused.json()["code"]) == (404, "no_such_invitation")
        assert bob.delete(f"/api/invitations/{number}").json()["code"] == "bad_csrf"
        assert [i["table"] for i in bob.get("/api/friends").json()["invitations"]] == [table]
        assert bob.delete(f"/api/invitations/{number}", headers=csrf(bob)).status_code == 204
        assert bob.get("/api/friends").json()["invitations"] == []
        assert accept(bob, number).json()["code"] == "no_such_invitation"


def test_an_open_invitation_is_a_notice_on_every_page_until_accepted_or_blocked() -> None:
    with account_server() as client:
        ana, bob, table, answer = invited(client)
        number = answer.json()["invitation"]
        notice = {"key": f"invitation:{number}", "kind": "invitation", "invitation": number}
        notice |= {"from": "Ana", "table_id": table, "url": f"/t/{table}"}
        assert invitation_notices(bob) == [notice]
        assert invitation_notices(ana) == []
        block(bob, "Ana")
        assert invitation_notices(bob) == []  # a block hides it
        assert bob.delete("/api/blocks/Ana", headers=csrf(bob)).status_code == 204
        assert accept(bob, number).status_code == 200
        assert invitation_notices(bob) == []


def test_an_expired_invitation_is_refused() -> None:
    clock = FakeClock()
    with account_server(clock=clock) as client:
        _, bob, _, answer = invited(client)
        number = answer.json()["invitation"]
        clock.now += INVITATION_SECONDS + 1
        assert bob.get("/api/friends").json()["invitations"] == []
        answer = accept(bob, number)
        assert (answer.status_code, answer.json()["code"]) == (410, "invitation_expired")


def test_refusals_change_nothing() -> None:
    with account_server() as client:
        ana, bob = member(client, "Ana"), member(client, "Bob")
        member(client, "Cyd")
        assert follow(ana, "Ana").json()["code"] == "follow_self"
        answer = follow(ana, "Nobody")
        assert (answer.status_code, answer.json()["code"]) == (404, "no_such_account")
        assert ana.delete("/api/follows/Bob", headers=csrf(ana)).json()["code"] == "not_following"
        assert ana.put("/api/follows/Bob").json()["code"] == "bad_csrf"
        assert client.get("/api/friends").json()["code"] == "login_required"
        table = a_table(ana)
        follow(ana, "Cyd")  # one way: not a friend
        assert invite(ana, "Cyd", table).json()["code"] == "not_friends"
        follow(ana, "Bob"), follow(bob, "Ana")
        assert invite(ana, "Bob", table).json()["code"] == "not_at_table"
        assert invite(ana, "Nobody", table).json()["code"] == "no_such_account"
        assert bob.get("/api/friends").json()["invitations"] == []


def test_blocks_stop_follows_invitations_and_friendship() -> None:
    with account_server() as client:
        ana, bob = friends(client)
        table = a_table(bob)
        block(ana, "Bob")  # Ana blocks Bob: Bob can neither follow nor invite her
        assert ana.get("/api/friends").json()["friends"] == []
        with bob.websocket_connect(f"/ws/{table}") as ws:
            Player(ws).hello()
            answer = invite(bob, "Ana", table)
            assert (answer.status_code, answer.json()["code"]) == (403, "invite_blocked")
        bob.delete("/api/follows/Ana", headers=csrf(bob))
        assert follow(bob, "Ana").json()["code"] == "follow_blocked"
        assert ana.get("/api/friends").json()["invitations"] == []


def test_an_invitation_is_pushed_to_the_friends_device() -> None:
    with push_service() as service, push_server() as client:
        ana, bob, device = *friends(client), Device.new()
        answer = subscribe(bob, device.subscription(service.url("/sub/bob"), "fr"))
        assert answer.status_code == 201, answer.text
        table = a_table(ana)
        with ana.websocket_connect(f"/ws/{table}") as ws:
            Player(ws).hello()
            number = invite(ana, "Bob", table).json()["invitation"]
        (got,) = service.wait_for(1)
        assert got.path == "/sub/bob"
        message = device.decrypt(got.body)
        assert (message["kind"], message["id"], message["from"]) == ("invitation", number, "Ana")
        assert message["title"] == "Un ami vous invite"
        assert message["body"] == f"Ana vous invite à la table {table}."
        assert message["url"] == f"/t/{table}"


def test_an_invitation_from_a_blocked_friend_is_not_listed() -> None:
    with account_server() as client:
        _, bob, _, answer = invited(client)
        assert answer.status_code == 201
        assert len(bob.get("/api/friends").json()["invitations"]) == 1
        block(bob, "Ana")
        assert bob.get("/api/friends").json()["invitations"] == []
        assert bob.delete("/api/blocks/Ana", headers=csrf(bob)).status_code == 204
        assert len(bob.get("/api/friends").json()["invitations"]) == 1  # lifted: listed again

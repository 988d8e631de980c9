"""Rematch: every person asks once the match is over, bots agree; then a new started table
with the same seats, names, bots and rules, each seat's new token told to that seat only."""

from __future__ import annotations

from account_helpers import account_server, browser, create_table, login, signup
from fastapi.testclient import TestClient
from server_helpers import Message, Player, Policy, create, play_turns, refusal, server, table_of

QUICK = {"preset": "rami40", "seats": 3, "bots": ["random"], "rounds": 1}


def play_out(players: dict[int, Player]) -> None:
    """Play the one round to its end."""
    policies = {seat: Policy(seat + 7) for seat in players}
    for player in players.values():
        if player.state is None or player.state["game"] is None:
            player.until(lambda m: m["type"] == "state" and m["game"] is not None)
    while True:
        play_turns(players, policies, 10_000)
        freshest = max(players.values(), key=lambda p: p.version)
        if freshest.state is not None and freshest.state["table"]["status"] == "finished":
            for player in players.values():
                if player.version < freshest.version:
                    player.wait_version(freshest.version)
            return


def votes(player: Player) -> Message:
    return player.until(lambda m: m["type"] in ("rematch_votes", "error"))


def ready(player: Player) -> Message:
    return player.until(lambda m: m["type"] == "rematch_ready")


def test_a_rematch_once_everyone_asked() -> None:
    with server() as app:
        table_id, token = create(app, **QUICK)
        with (
            app.websocket_connect(f"/ws/{table_id}") as a,
            app.websocket_connect(f"/ws/{table_id}") as b,
            app.websocket_connect(f"/ws/{table_id}") as c,
        ):
            host, guest, watcher = Player(a), Player(b), Player(c)
            host.hello(token)
            guest.hello()
            guest.reply(type="join", name="Bob")
            watcher.hello()
            assert refusal(host.reply(type="rematch")) == "match_not_over"
            host.reply(type="start")
            assert refusal(guest.reply(type="rematch")) == "match_not_over"
            play_out({0: host, 1: guest})
            assert refusal(watcher.reply(type="rematch")) == "spectator"

            host.send(type="rematch")
            for player in (host, guest, watcher):
                assert votes(player) == {"type": "rematch_votes", "asked": [0], "waiting": [1]}
            host.send(type="rematch")  # asking twice counts once
            for player in (host, guest, watcher):
                assert votes(player)["asked"] == [0]
            guest.send(type="rematch")
            for player in (host, guest, watcher):
                assert votes(player) == {"type": "rematch_votes", "asked": [0, 1], "waiting": []}
            mine, theirs, seen = ready(host), ready(guest), ready(watcher)
            new_id = mine["table"]
            assert new_id != table_id and theirs["table"] == seen["table"] == new_id
            assert (mine["seat"], theirs["seat"], seen["seat"]) == (0, 1, None)
            assert seen["token"] is None
            assert mine["token"] and theirs["token"] and mine["token"] != theirs["token"]
            for player, other in (
                (host, theirs),
                (guest, mine),
                (watcher, mine),
                (watcher, theirs),
            ):
                assert other["token"] not in str(player.received), "a token reaches its seat only"
            old = table_of(app, table_id)
            new = table_of(app, new_id)
            assert new.config == old.config and new.seed != old.seed
            assert [s.name for s in new.seats] == [s.name for s in old.seats]
            assert new.match is not None and new.version == 3  # Bob's join and the start
            check_new_table(app, new_id, mine["token"], theirs["token"])
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            back = Player(ws)  # a seat that comes back to the old table is told again
            back.hello(token)
            assert votes(back)["waiting"] == []
            assert ready(back) == mine


def check_new_table(app: TestClient, table_id: str, host_token: str, guest_token: str) -> None:
    with (
        app.websocket_connect(f"/ws/{table_id}") as a,
        app.websocket_connect(f"/ws/{table_id}") as b,
    ):
        host, guest = Player(a), Player(b)
        state = host.hello(host_token)
        assert state["you"] == {"seat": 0, "host": True}
        assert state["table"]["status"] == "playing"
        assert [s["name"] for s in state["table"]["seats"]][:2] == ["Ana", "Bob"]
        assert state["table"]["seats"][2]["bot"] == "random"
        assert guest.hello(guest_token)["you"]["seat"] == 1


def test_a_seat_given_to_a_bot_does_not_vote_and_stays_a_bot() -> None:
    with server() as app:
        table_id, token = create(app, **QUICK)
        with app.websocket_connect(f"/ws/{table_id}") as a:
            host = Player(a)
            host.hello(token)
            with app.websocket_connect(f"/ws/{table_id}") as b:
                guest = Player(b)
                guest.hello()
                guest.reply(type="join", name="Bob")
                host.reply(type="start")
            host.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["online"])
            acked = host.reply(type="stand_in", seat=1, level="easy")[-1]["version"]
            host.wait_version(acked)
            play_out({0: host})
            host.send(type="rematch")
            assert votes(host) == {"type": "rematch_votes", "asked": [0], "waiting": []}
            made = ready(host)
            new = table_of(app, made["table"])
            assert [s.bot for s in new.seats] == [None, "easy", "random"]
            assert new.seats[1].name == "Bot 2 (easy)"


def test_a_rematch_keeps_the_accounts_of_the_seats() -> None:
    with account_server() as client:
        signup(client, "Ana")
        table_id = create_table(client, **QUICK)["table"]
        bob = browser(client)
        signup(bob, "Bob")
        with (
            client.websocket_connect(f"/ws/{table_id}") as a,
            bob.websocket_connect(f"/ws/{table_id}") as b,
        ):
            host, guest = Player(a), Player(b)
            host.hello()
            guest.hello()
            guest.reply(type="join", name="ignored")
            host.reply(type="start")
            play_out({0: host, 1: guest})
            host.send(type="rematch")
            guest.send(type="rematch")
            new_id = ready(host)["table"]
            ready(guest)
        seats = client.get(f"/api/tables/{new_id}").json()["seats"]
        assert [seat["account"] for seat in seats] == ["Ana", "Bob", None]
        phone = browser(client)
        login(phone, "Bob")
        with phone.websocket_connect(f"/ws/{new_id}") as ws:
            assert Player(ws).hello()["you"]["seat"] == 1  # no token: the account's seat

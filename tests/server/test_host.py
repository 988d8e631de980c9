"""The host's controls: free a seat before the start, give an away seat to a bot, close the
table; each refused from anyone else and at the wrong time."""

from __future__ import annotations

from server_helpers import (
    Player,
    Policy,
    create,
    players,
    refusal,
    seat_and_start,
    server,
    table_of,
)

from rami.server.store.storage import MemoryStorage


def test_the_host_frees_a_seat_before_the_start_and_its_token_stops_working() -> None:
    with server() as app:
        table_id, token = create(app, seats=3, bots=["random"])
        with players(app, table_id, 2) as (host, guest):
            host.hello(token)
            guest.hello()
            guest.reply(type="join", name="Bob")
            guest_token = guest.token
            assert refusal(guest.reply(type="remove", seat=1)) == "host_only"
            assert refusal(host.reply(type="remove", seat=0)) == "host_seat"
            assert refusal(host.reply(type="remove", seat=2)) == "not_a_person"
            assert refusal(host.reply(type="remove", seat=7)) == "no_such_seat"
            got = host.reply(type="remove", seat=1)
            assert got[-1]["type"] == "ack"
            told = guest.until(lambda m: m["type"] == "removed")
            assert told == {"type": "removed", "seat": 1}
            state = guest.until(lambda m: m["type"] == "state")
            assert state["you"]["seat"] is None
            assert state["table"]["seats"][1] == {
                "name": None,
                "bot": None,
                "taken": False,
                "online": False,
                "autoplay": False,
                "account": None,
            }
            assert refusal(host.reply(type="remove", seat=1)) == "seat_empty"
            assert refusal(host.reply(type="start")) == "seats_empty"
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            again = Player(ws)
            again.send(type="hello", token=guest_token)
            assert again.recv()["code"] == "bad_token"
            assert again.recv()["you"]["seat"] is None
            assert again.reply(type="join", name="Cy")[-1]["type"] == "ack"
            assert refusal(again.reply(type="remove", seat=1)) == "host_only"


def test_no_seat_is_freed_once_the_match_started() -> None:
    with server() as app:
        table_id, token = create(app, seats=2)
        with players(app, table_id, 3) as (host, guest, watcher):
            seat_and_start(host, guest, watcher, token)
            assert refusal(host.reply(type="remove", seat=1)) == "already_started"
            assert refusal(watcher.reply(type="close")) == "host_only"


def test_an_away_seat_goes_to_a_bot_of_the_chosen_level_until_its_player_returns() -> None:
    with server() as app:
        table_id, token = create(app, seats=2)
        with players(app, table_id, 2) as (host, watcher):
            host.hello(token)
            assert refusal(host.reply(type="stand_in", seat=1, level="easy")) == "not_started"
            with app.websocket_connect(f"/ws/{table_id}") as b:
                guest = Player(b)
                guest.hello()
                guest.reply(type="join", name="Bob")
                guest_token = guest.token
                watcher.hello()
                host.reply(type="start")
                assert refusal(host.reply(type="stand_in", seat=1, level="easy")) == "seat_online"
                assert refusal(guest.reply(type="stand_in", seat=1, level="easy")) == "host_only"
            host.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["online"])
            bad = host.reply(type="stand_in", seat=1, level="genius")
            assert refusal(bad) == "unknown_bot"
            got = host.reply(type="stand_in", seat=1, level="easy")
            assert got[-1]["type"] == "ack"
            state = host.until(lambda m: m["type"] == "state")
            assert state["table"]["seats"][1]["autoplay"] is True
            table = table_of(app, table_id)
            assert table.seats[1].stand_in == "easy"
            policy = Policy(3)
            while not any(entry["seat"] == 1 for entry in host.game["log"]):
                game = host.game
                if game["current"] == 0 and game["legal"]:
                    host.reply(type="act", action=policy.choose(game), version=host.version)
                else:
                    host.wait_version(host.version + 1)
            with app.websocket_connect(f"/ws/{table_id}") as b:
                back = Player(b)
                state = back.hello(guest_token)
                assert state["you"]["seat"] == 1
                assert state["table"]["seats"][1]["autoplay"] is False
                assert table.seats[1].stand_in is None


def test_closing_ends_the_table_for_everyone_and_survives_a_restart() -> None:
    storage = MemoryStorage()
    with server(storage) as app:
        table_id, token = create(app, seats=2)
        with players(app, table_id, 3) as (host, guest, watcher):
            seat_and_start(host, guest, watcher, token)
            assert refusal(guest.reply(type="close")) == "host_only"
            assert host.reply(type="close")[-1]["type"] == "ack"
            for player in (host, guest, watcher):
                seen = player.until(
                    lambda m: m["type"] == "state" and m["table"]["status"] != "playing"
                )
                assert seen["table"]["status"] == "closed"
            action = host.game["legal"][0] if host.game["legal"] else "draw stock"
            assert refusal(host.reply(type="act", action=action, version=host.version)) == (
                "table_closed"
            )
            assert refusal(guest.reply(type="close")) == "table_closed"
            guest.send(type="chat", text="hello?")
            assert guest.until(lambda m: m["type"] == "error")["code"] == "table_closed"
        assert storage.statuses[table_id] == "finished"
        assert app.get(f"/api/tables/{table_id}").json()["status"] == "closed"
    with server(storage) as app, app.websocket_connect(f"/ws/{table_id}") as ws:
        host = Player(ws)
        assert host.hello(token)["table"]["status"] == "closed"
        assert refusal(host.reply(type="next_round", version=host.version)) == "table_closed"


def test_a_freed_seat_and_a_seat_given_to_a_bot_are_kept_over_a_restart() -> None:
    storage = MemoryStorage()
    with server(storage) as app:
        table_id, token = create(app, seats=3)
        with app.websocket_connect(f"/ws/{table_id}") as a:
            host = Player(a)
            host.hello(token)
            tokens = []
            for name in ("Bob", "Cy"):
                with app.websocket_connect(f"/ws/{table_id}") as b:
                    guest = Player(b)
                    guest.hello()
                    guest.reply(type="join", name=name)
                    tokens.append(guest.token)
            assert host.reply(type="remove", seat=1)[-1]["type"] == "ack"
            with app.websocket_connect(f"/ws/{table_id}") as b:
                guest = Player(b)
                guest.hello()
                guest.reply(type="join", name="Di")
            host.reply(type="start")
            assert host.reply(type="stand_in", seat=2, level="easy")[-1]["type"] == "ack"
    with server(storage) as app, app.websocket_connect(f"/ws/{table_id}") as ws:
        again = Player(ws)
        again.send(type="hello", token=tokens[0])
        assert again.recv()["code"] == "bad_token"
        seats = again.recv()["table"]["seats"]
        assert [seat["name"] for seat in seats] == ["Ana", "Di", "Cy"]
        assert table_of(app, table_id).seats[2].stand_in == "easy"

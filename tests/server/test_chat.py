"""Table chat: two channels, cleaned and bounded lines, a per-connection rate, recent lines
after ``hello``, never stored."""

from __future__ import annotations

import json

from server_helpers import (
    UNHURRIED,
    Message,
    Player,
    create,
    players,
    seat_and_start,
    server,
    table_of,
)

from rami.server.social.chat import CHAT_MAX, clean_chat


def chat_of(player: Player) -> Message:
    """The next chat line ``player`` receives (skipping snapshots)."""
    return player.until(lambda m: m["type"] in ("chat", "error"))


def no_more_chat(player: Player) -> None:
    """Nothing but snapshots reached ``player`` since the last line (a ping fences it)."""
    player.send(type="ping")
    got = player.until(lambda m: m["type"] in ("pong", "chat"))
    assert got["type"] == "pong", got


def test_players_speak_to_everyone_and_spectators_to_spectators_only() -> None:
    with server() as app:
        table_id, token = create(app, seats=2)
        with players(app, table_id, 3) as (host, guest, watcher):
            seat_and_start(host, guest, watcher, token)
            guest.send(type="chat", text="good luck")
            line = chat_of(host)
            assert line == {
                "type": "chat",
                "id": 1,
                "channel": "players",
                "seat": 1,
                "name": "Bob",
                "spectator": None,
                "text": "good luck",
            }
            assert chat_of(guest)["text"] == "good luck"
            assert chat_of(watcher)["text"] == "good luck"

            watcher.send(type="chat", text="Bob holds no joker, I bet")
            said = chat_of(watcher)
            assert said["channel"] == "spectators" and said["spectator"] == 1
            assert said["seat"] is None and said["name"] is None
            no_more_chat(host)
            no_more_chat(guest)
            events = table_of(app, table_id).storage.tables[table_id].events  # type: ignore[attr-defined]
            assert all(event["type"] != "chat" for event in events), "chat is never stored"


def test_lines_are_cleaned_and_bounded_and_refusals_do_not_resync() -> None:
    assert clean_chat("  hi\u0000\tthere\n\u202eyou\u2028 ") == "hi there you"
    assert clean_chat("👩\u200d👩\u200d👧 ok") == "👩\u200d👩\u200d👧 ok"
    assert clean_chat(" \u0007 ") is None
    assert clean_chat("x" * CHAT_MAX) == "x" * CHAT_MAX
    assert clean_chat("x" * (CHAT_MAX + 1)) is None
    with server() as app:
        table_id, token = create(app, seats=2)
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token)
            host.send(type="chat", text="\u0001 \u0002")
            assert chat_of(host)["code"] == "bad_chat"
            host.send(type="chat", text="y" * (CHAT_MAX + 1))
            assert chat_of(host)["code"] == "bad_chat"
            host.send(type="ping")
            assert host.recv()["type"] == "pong", "a chat refusal sends no resync"
            ws.send_text(json.dumps({"type": "chat", "text": "\\ud800"}).replace("\\\\", "\\"))
            assert host.recv()["code"] == "malformed"
            host.send(type="chat", text="a\u0000b   c")
            assert chat_of(host)["text"] == "a b c"
            assert list(table_of(app, table_id).chat.lines)[-1]["text"] == "a b c"


def test_chat_has_its_own_rate_per_connection() -> None:
    limits = UNHURRIED.model_copy(update={"chat_per_minute": 0.0, "chat_burst": 2})
    with server(limits=limits) as app:
        table_id, token = create(app, seats=2)
        with players(app, table_id, 2) as (host, watcher):
            host.hello(token)
            watcher.hello()
            for text in ("one", "two"):
                host.send(type="chat", text=text)
                assert chat_of(host)["text"] == text
            host.send(type="chat", text="three")
            assert chat_of(host)["code"] == "chat_too_fast"
            watcher.send(type="chat", text="mine")  # another connection has its own bucket
            got = watcher.until(lambda m: m["type"] == "error" or m.get("text") == "mine")
            assert got["type"] == "chat"


def test_hello_brings_the_recent_lines_each_connection_may_read() -> None:
    with server() as app:
        table_id, token = create(app, seats=2)
        with players(app, table_id, 2) as (host, watcher):
            host.hello(token)
            watcher.hello()
            host.send(type="chat", text="from the host")
            chat_of(watcher)
            watcher.send(type="chat", text="from a watcher")
            chat_of(watcher)
        with players(app, table_id, 2) as (host, watcher):
            host.hello(token)
            log = host.recv()
            assert log["type"] == "chat_log"
            assert [line["text"] for line in log["lines"]] == ["from the host"]
            watcher.hello()
            log = watcher.recv()
            assert [line["text"] for line in log["lines"]] == ["from the host", "from a watcher"]
            assert log["lines"][1]["channel"] == "spectators"


def test_a_fresh_table_sends_no_chat_log() -> None:
    with server() as app:
        table_id, token = create(app, seats=2)
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token)
            host.send(type="ping")
            assert host.recv()["type"] == "pong"

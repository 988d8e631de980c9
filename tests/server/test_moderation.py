"""Reports and moderation: reports from a profile, a seat and a chat line (the line and the
record attached), each refusal; the moderators' queue, actions and audit log; a
non-moderator's attempt refused; mute, rated ban and closure in effect; the word filter."""

from __future__ import annotations

from pathlib import Path

from account_helpers import PASSWORD, account_server, browser, csrf, login, signup
from fastapi.testclient import TestClient
from safety_helpers import act, grant_moderator, member, next_chat, seated
from server_helpers import UNHURRIED, Player, seeds
from test_rated_tables import _one_round_match, _until_finished

from rami.server import Settings, create_app
from rami.server.social.reports import REPORTS_PER_HOUR
from rami.server.store.sql_store import SqliteStorage
from rami.server.store.storage import MemoryStorage


def report(who: TestClient, **body: object) -> object:
    return who.post("/api/reports", json=body, headers=csrf(who))


def test_a_profile_report_and_each_refusal() -> None:
    with account_server() as client:
        ana = member(client, "Ana")
        member(client, "Bob")
        made = report(ana, name="bob", reason="name", note="rude   name")
        assert made.status_code == 201 and made.json()["report"] >= 1  # type: ignore[attr-defined]
        refusals = {
            "report_self": {"name": "Ana", "reason": "name"},
            "no_such_account": {"name": "Nobody", "reason": "name"},
            "unknown_reason": {"name": "Bob", "reason": "ugly"},
        }
        for code, body in refusals.items():
            assert report(ana, **body).json()["code"] == code  # type: ignore[attr-defined]
        assert client.post("/api/reports", json=refusals["report_self"]).status_code == 401
        for _ in range(REPORTS_PER_HOUR - 1):
            assert report(ana, name="Bob", reason="cheating").status_code == 201  # type: ignore[attr-defined]
        late = report(ana, name="Bob", reason="cheating")
        assert (late.status_code, late.json()["code"]) == (429, "too_many_reports")  # type: ignore[attr-defined]
        grant_moderator(client, "Ana")
        queue = ana.get("/api/moderation").json()["reports"]
        assert len(queue) == REPORTS_PER_HOUR and queue[0]["note"] == "rude name"
        assert (queue[0]["reporter"], queue[0]["reported"], queue[0]["source"]) == (
            "Ana",
            "Bob",
            "profile",
        )


def test_a_chat_line_report_carries_the_line_and_a_seat_report_the_table() -> None:
    with account_server() as client:
        ana, bob, mod = member(client, "Ana"), member(client, "Bob"), member(client, "Mod")
        grant_moderator(client, "Mod")
        with seated(ana, bob) as (table, (a, b)):
            b.send(type="chat", text="you are a fool")
            line = next_chat(a)
            a.send(type="report", line=line["id"], reason="abusive_chat")
            assert next_chat(a)["type"] == "reported"
            a.send(type="report", seat=1, reason="cheating", note="always knows my cards")
            assert next_chat(a)["type"] == "reported"
            for bad, code in (
                ({"line": 99, "reason": "abusive_chat"}, "no_such_line"),
                ({"seat": 0, "reason": "cheating"}, "report_self"),
                ({"seat": 7, "reason": "cheating"}, "no_such_seat"),
                ({"reason": "cheating"}, "bad_report"),
                ({"seat": 1, "reason": "rude"}, "unknown_reason"),
            ):
                a.send(type="report", **bad)
                assert next_chat(a)["code"] == code
        queue = mod.get("/api/moderation").json()["reports"]
        chat_report, seat_report = queue
        assert chat_report["source"] == "chat" and chat_report["table"] == table
        assert chat_report["line"]["text"] == "you are a fool"
        assert chat_report["line"]["name"] == "Bob"
        assert seat_report["source"] == "table" and seat_report["note"] == "always knows my cards"


def test_a_guest_cannot_report_at_a_table() -> None:
    with account_server() as client:
        ana = member(client, "Ana")
        with seated(ana, browser(client)) as (_table, (_a, guest)):
            guest.send(type="report", seat=0, reason="name")
            assert next_chat(guest)["code"] == "login_required"


def test_only_moderators_see_the_queue_and_act() -> None:
    with account_server() as client:
        ana = member(client, "Ana")
        member(client, "Bob")
        assert ana.get("/api/moderation").status_code == 403
        assert ana.get("/api/moderation").json()["code"] == "not_moderator"
        refused = act(ana, name="Bob", action="warn", reason="spam")
        assert (refused.status_code, refused.json()["code"]) == (403, "not_moderator")
        assert client.get("/api/moderation").json()["code"] == "login_required"
        grant_moderator(client, "Ana")
        assert ana.get("/api/moderation").json() == {"reports": [], "audit": []}
        for body, code in (
            ({"name": "Nobody", "action": "warn", "reason": "x"}, "no_such_account"),
            ({"name": "Bob", "action": "shout", "reason": "x"}, "no_such_action"),
            ({"name": "Bob", "action": "mute", "reason": "x"}, "bad_minutes"),
            ({"name": "Bob", "action": "mute", "reason": "x", "minutes": 0}, "bad_minutes"),
            ({"name": "Bob", "action": "warn", "reason": "  "}, "bad_reason"),
            ({"name": "Bob", "action": "warn", "reason": "x", "report": 5}, "no_such_report"),
        ):
            assert act(ana, **body).json()["code"] == code
        assert ana.get("/api/moderation").json()["audit"] == []  # nothing was done


def test_a_mute_refuses_chat_until_lifted_and_the_audit_log_keeps_each_action() -> None:
    with account_server() as client:
        ana, bob, mod = member(client, "Ana"), member(client, "Bob"), member(client, "Mod")
        grant_moderator(client, "Mod")
        with seated(ana, bob) as (_table, (a, b)):
            b.send(type="chat", text="idiot")
            number = next_chat(a)["id"]
            assert next_chat(b)["id"] == number
            a.send(type="report", line=number, reason="abusive_chat")
            report_id = next_chat(a)["report"]
            muting = {"action": "mute", "reason": "insults", "minutes": 10, "report": report_id}
            done = act(mod, name="Bob", **muting)
            assert done.status_code == 200, done.text
            b.send(type="chat", text="hello?")
            assert next_chat(b)["code"] == "chat_muted"
            assert act(mod, name="Bob", action="unmute", reason="served").status_code == 200
            b.send(type="chat", text="sorry")
            assert next_chat(a)["text"] == "sorry"
        seen = mod.get("/api/moderation").json()
        assert seen["reports"] == []  # the action closed the report
        assert [(e["moderator"], e["account"], e["action"]) for e in seen["audit"]] == [
            ("Mod", "Bob", "unmute"),
            ("Mod", "Bob", "mute"),
        ]
        assert seen["audit"][1]["reason"] == "insults" and seen["audit"][1]["minutes"] == 10
        assert seen["audit"][1]["report_id"] == report_id and seen["audit"][1]["at"] > 0


def test_a_rated_ban_refuses_rated_tables_quick_match_and_rated_seats() -> None:
    with account_server() as client:
        ana, bob, mod = member(client, "Ana"), member(client, "Bob"), member(client, "Mod")
        grant_moderator(client, "Mod")
        table = ana.post("/api/tables", json={"name": "Ana", "rated": True}).json()["table"]
        assert act(mod, name="Bob", action="ban_rated", reason="collusion").status_code == 200
        created = bob.post("/api/tables", json={"name": "Bob", "rated": True})
        assert (created.status_code, created.json()["code"]) == (403, "rated_banned")
        assert bob.post("/api/tables", json={"name": "Bob"}).status_code == 201  # unrated: fine
        body = {"preset": "rami51", "players": 2}
        assert bob.post("/api/quickmatch", json=body, headers=csrf(bob)).json()["code"] == (
            "rated_banned"
        )
        with bob.websocket_connect(f"/ws/{table}") as ws:
            player = Player(ws)
            player.hello()
            player.send(type="join", name="Bob")
            assert player.until(lambda m: m["type"] == "error")["code"] == "rated_banned"


def test_a_closed_account_is_logged_out_and_cannot_log_in() -> None:
    with account_server() as client:
        bob, mod = member(client, "Bob"), member(client, "Mod")
        grant_moderator(client, "Mod")
        assert act(mod, name="Bob", action="close", reason="threats").status_code == 200
        assert bob.get("/api/me").status_code == 401
        again = browser(client)
        refused = again.post("/api/login", json={"name": "Bob", "password": PASSWORD})
        assert (refused.status_code, refused.json()["code"]) == (403, "account_closed")
        login(browser(client), "Mod")  # others log in as ever


def test_the_word_filter_masks_whole_words_in_any_case() -> None:
    app = create_app(
        MemoryStorage(), Settings(bot_delay=0.0), seeds("w"), limits=UNHURRIED, chat_words=("darn",)
    )
    with TestClient(app) as client:
        ana, bob = member(client, "Ana"), member(client, "Bob")
        with seated(ana, bob) as (_table, (a, b)):
            b.send(type="chat", text="DARN it, darning is fine")
            assert next_chat(a)["text"] == "**** it, darning is fine"


def test_a_rated_ban_refuses_the_rematch_of_a_rated_match(tmp_path: Path) -> None:
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:
        signup(client, "Ana")
        mod = member(client, "Mod")
        grant_moderator(client, "Mod")
        table = _one_round_match(client, rated=True)
        _until_finished(client, table)
        assert act(mod, name="Ana", action="ban_rated", reason="collusion").status_code == 200
        with client.websocket_connect(f"/ws/{table}") as ws:
            ana = Player(ws)
            ana.hello()
            ana.send(type="rematch")
            assert ana.until(lambda m: m["type"] == "error")["code"] == "rated_banned"

"""The HTTP side: metadata, words, rules pages, table creation checks, records and hints."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import Player, create, server, table_of

from rami.i18n import LANGUAGES
from rami.server.store.sql_store import SqliteStorage


def test_meta_strings_and_rules_pages() -> None:
    with server() as app:
        meta = app.get("/api/meta").json()
        assert {p["name"] for p in meta["presets"]} >= {"rami51", "rami40", "scala40"}
        assert "random" in meta["bots"]
        assert [lang["code"] for lang in meta["languages"]] == list(LANGUAGES)
        for lang in LANGUAGES:
            words = app.get(f"/api/strings/{lang}").json()
            assert len(words["cards"]) == 53 and words["lang"] == lang
        assert app.get("/api/strings/xx").status_code == 404
        page = app.get("/rules/fr/rami40")
        assert page.status_code == 200 and 'lang="fr"' in page.text
        assert app.get("/rules/en/nosuchgame").status_code == 404
        table_id, _token = create(app, preset="rami40", options={"hand_size": 15})
        own = app.get(f"/rules/ro/table/{table_id}")
        rules_hash = app.get(f"/api/tables/{table_id}").json()["rules_hash"]
        assert own.status_code == 200 and 'lang="ro"' in own.text and rules_hash in own.text
        assert f"/rules/pl/table/{table_id}" in own.text
        assert app.get("/rules/ro/table/nosuchtable").status_code == 404
        assert app.get(f"/rules/xx/table/{table_id}").status_code == 404
        assert "<main" in app.get("/t/abc").text and "replay.js" in app.get("/replay/abc").text


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"preset": "poker"}, "bad_rules"),
        ({"seats": 7}, "bad_table"),
        ({"preset": "rami51-pl", "seats": 5}, "bad_table"),
        ({"bots": ["genius"]}, "bad_table"),
        ({"seats": 2, "bots": ["random", "random"]}, "bad_table"),
        ({"options": {"turn_limit": 3}}, "bad_rules"),
        ({"turn_timer": 1}, "bad_turn_timer"),
        ({"name": ""}, "bad_name"),
    ],
)
def test_create_refusals(body: dict[str, object], code: str) -> None:
    with server() as app:
        response = app.post("/api/tables", json={"name": "Ana", **body})
        assert response.status_code == 400 and response.json()["code"] == code


def test_records_wait_for_a_finished_round_and_hints_for_the_turn() -> None:
    with server(seed="http") as app:
        assert app.get("/api/tables/nope").status_code == 404
        table_id, token = create(app, preset="rami40", seats=2, bots=["random"])
        assert app.get(f"/api/tables/{table_id}/record").status_code == 409
        assert app.get(f"/api/tables/{table_id}/replay").status_code == 409
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token)
            host.reply(type="start")
            host.until(lambda m: m["type"] == "state" and m["game"] is not None)
            hint = host.reply(type="hint")[-1]
            assert hint["type"] == "hint" and hint["actions"][0] in host.game["legal"]
        info = app.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "playing" and info["seats"][1]["bot"] == "random"


def test_sqlite_tables_survive_a_restart(tmp_path: Path) -> None:
    with server(SqliteStorage(tmp_path), seed="sqlite") as app:
        table_id, token = create(app, preset="rami51", seats=2, bots=["random"])
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token)
            host.reply(type="start")
            host.until(lambda m: m["type"] == "state" and m["game"] is not None)
            host.reply(type="act", action="draw stock", version=host.version)
            before = table_of(app, table_id)
            version, match = before.version, before.match
    with server(SqliteStorage(tmp_path), seed="other") as app:
        after = table_of(app, table_id)
        assert after.version == version and after.match == match
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            assert Player(ws).hello(token)["you"]["seat"] == 0

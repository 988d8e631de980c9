"""Public and rated tables: who may create and join them, and the result recorded once when a
match with accounts ends (also when the server restarts after it)."""

from __future__ import annotations

from pathlib import Path

from account_helpers import account_server, browser, create_table, signup
from fastapi.testclient import TestClient
from server_helpers import Player, refusal

from rami.accounts import MatchResult
from rami.rules import PRESETS
from rami.server.social.lobby import Lobby
from rami.server.store.sql_store import SqliteStorage
from rami.server.tables.config import TableConfig
from rami.server.tables.identity import Identity


def test_public_and_rated_default_to_false_and_are_strict() -> None:
    with account_server() as client:
        info = client.get(f"/api/tables/{create_table(client)['table']}").json()
        assert info["public"] is False and info["rated"] is False
        response = client.post("/api/tables", json={"name": "Ana", "public": 1})
        assert response.status_code == 422 and response.json()["code"] == "malformed"


def test_a_rated_table_needs_a_logged_in_creator_and_preset_rules() -> None:
    with account_server() as client:
        response = client.post("/api/tables", json={"name": "Ana", "rated": True})
        assert response.status_code == 401
        assert response.json()["code"] == "login_required"
        signup(client, "Ana")
        for changes in ({"rounds": 2}, {"options": {"turn_limit": 30}}):
            response = client.post("/api/tables", json={"name": "Ana", "rated": True, **changes})
            assert response.status_code == 400 and response.json()["code"] == "bad_table"
        created = create_table(client, rated=True, public=True, bots=["medium"], seats=3)
        info = client.get(f"/api/tables/{created['table']}").json()
        assert info["rated"] is True and info["public"] is True


def test_a_guest_cannot_join_a_rated_table() -> None:
    with account_server() as client:
        signup(client, "Ana")
        table = create_table(client, rated=True)["table"]
        guest = browser(client)
        with guest.websocket_connect(f"/ws/{table}") as ws:
            player = Player(ws)
            player.hello()
            assert refusal(player.reply(type="join", name="Gus")) == "login_required"
        bob = browser(client)
        signup(bob, "Bob")
        with bob.websocket_connect(f"/ws/{table}") as ws:
            player = Player(ws)
            player.hello()
            assert player.reply(type="join", name="Bob")[-1]["type"] == "ack"


def _one_round_match(client: TestClient, rated: bool) -> str:
    """A started one-round table of Ana (logged in on ``client``) and a random bot; its id.

    The configuration is made here (a rated table created over HTTP plays its preset's whole
    match): Ana is away with no grace, so the stand-in plays her seat to the end.
    """
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    found = accounts.store.account_named("Ana")
    ana = Identity(found.id, found.name)
    rules = PRESETS["rami51"].replace(match_end="rounds", match_limit=1)
    config = TableConfig(rules, (None, "random"), None, "rami51", False, rated)
    people = {0: (ana.name, ana)}
    table, _tokens = client.portal.call(lobby.create_match, config, people)  # type: ignore[union-attr]
    return table.table_id


def _until_finished(client: TestClient, table_id: str) -> None:
    """Watch (as a guest: Ana's own connection would bring her seat back) until it ends."""
    with browser(client).websocket_connect(f"/ws/{table_id}") as ws:
        watcher = Player(ws)
        state = watcher.hello()
        while state["table"]["status"] != "finished":
            state = watcher.until(lambda m: m["type"] == "state")


def test_a_finished_rated_match_is_recorded_once_even_after_a_restart(tmp_path: Path) -> None:
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:
        signup(client, "Ana")
        table = _one_round_match(client, rated=True)
        _until_finished(client, table)
        profile = client.get("/api/players/Ana").json()
    rated = [game for game in profile["games"] if game["table"] == table]
    assert len(rated) == 1 and rated[0]["rated"] is True
    assert profile["ratings"]["rami51"]["games"] == 1
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:  # restores, records again
        again = client.get("/api/players/Ana").json()
    assert again["ratings"]["rami51"] == profile["ratings"]["rami51"]
    assert [g for g in again["games"] if g["table"] == table] == rated


def test_an_unrated_match_with_an_account_keeps_its_statistics(tmp_path: Path) -> None:
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:
        signup(client, "Ana")
        table = _one_round_match(client, rated=False)
        _until_finished(client, table)
        profile = client.get("/api/players/Ana").json()
    games = [game for game in profile["games"] if game["table"] == table]
    assert len(games) == 1 and games[0]["rated"] is False
    assert profile["ratings"]["rami51"]["games"] == 0


def test_a_result_not_recorded_at_the_end_is_recorded_when_the_table_is_next_loaded(
    tmp_path: Path,
) -> None:
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:
        signup(client, "Ana")
        accounts = client.app.state.accounts  # type: ignore[attr-defined]
        failures: list[str] = []

        async def store_down(result: MatchResult) -> bool:
            failures.append(result.game_key)
            return False

        accounts.record = store_down
        table = _one_round_match(client, rated=True)
        _until_finished(client, table)
        storage = client.app.state.lobby.storage  # type: ignore[attr-defined]
        assert failures == [f"table:{table}"]
        assert table in storage.playing_ids()  # still listed in play: a later load records it
        assert client.get("/api/players/Ana").json()["games"] == []
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:
        profile = client.get("/api/players/Ana").json()
        assert table not in client.app.state.lobby.storage.playing_ids()  # type: ignore[attr-defined]
    assert [game["table"] for game in profile["games"]] == [table]
    assert profile["ratings"]["rami51"]["games"] == 1


def test_a_rated_table_plays_a_shorter_format_chosen_at_creation() -> None:
    with account_server() as client:
        signup(client, "Ana")
        meta = {p["name"]: p["formats"] for p in client.get("/api/meta").json()["presets"]}
        assert meta["rami51"] == ["full", "to201", "rounds6"]
        assert meta["scala40"] == ["full", "rounds6"]
        for format, end in (("to201", ("score_limit", 201)), ("rounds6", ("rounds", 6))):
            table = create_table(client, rated=True, format=format)["table"]
            info = client.get(f"/api/tables/{table}").json()
            assert info["rated"] and (info["match_end"], info["match_limit"]) == end
        for body, code in (
            ({"format": "to201", "rounds": 3}, "bad_table"),
            ({"format": "to99"}, "bad_rules"),
            ({"preset": "scala40", "format": "to201"}, "bad_rules"),
            ({"format": "to201", "options": {"turn_limit": 30}}, "bad_table"),
        ):
            response = client.post("/api/tables", json={"name": "Ana", "rated": True, **body})
            assert (response.status_code, response.json()["code"]) == (400, code), body


def test_the_result_of_a_match_names_its_format() -> None:
    from rami.match import format_rules, new_match
    from rami.server.social.accounts import match_result

    ana = Identity(1, "Ana")
    for format in ("full", "to201", "rounds6"):
        match = new_match(format_rules(PRESETS["rami51"], format), ["Ana", "Bot 2 (hard)"], "f")
        result = match_result("t", "rami51", True, match, [ana, None], [None, "hard"])
        assert result.format == format


def test_a_profile_counts_the_rated_matches_its_player_left(tmp_path: Path) -> None:
    with account_server(SqliteStorage(tmp_path), grace=0.0) as client:
        signup(client, "Ana")
        for rated in (True, False):  # away from the start: the stand-in plays both to the end
            _until_finished(client, _one_round_match(client, rated=rated))
        assert client.get("/api/players/Ana").json()["left_rated"] == {"rated": 1, "left": 1}

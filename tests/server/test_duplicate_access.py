"""Who sees a Daily Duplicate table, and what a deal finished after the close counts for."""

from __future__ import annotations

import pytest
from account_helpers import browser
from duplicate_helpers import (
    DAY,
    KIND,
    account,
    clock,
    duplicate_server,
    play,
    play_deal,
    play_round,
    service,
)
from fastapi.testclient import TestClient
from server_helpers import Player, Policy
from starlette.websockets import WebSocketDisconnect

from rami.server.social.duplicate import seconds_to_midnight


def _table_of(client: TestClient, name: str, number: int) -> str:
    """The table ``name`` played deal ``number`` at (read from the entries)."""
    entries = service(client).deals(DAY, KIND)
    assert entries, "the edition is dealt"
    found = service(client).accounts.account_named(name)
    assert found is not None
    entry = service(client).entry(DAY, KIND, number, found.id)
    assert entry is not None
    return str(entry["table_id"])


def _seen(who: TestClient, table_id: str) -> tuple[int, int]:
    """The status codes of the table's replay and record for ``who``."""
    replay = who.get(f"/api/tables/{table_id}/replay")
    record = who.get(f"/api/tables/{table_id}/record")
    for refused in (r for r in (replay, record) if r.status_code == 403):
        assert refused.json()["code"] == "play_deal_first", refused.text
    return replay.status_code, record.status_code


def _watch_refused(who: TestClient, table_id: str) -> None:
    with who.websocket_connect(f"/ws/{table_id}") as ws:
        refused = ws.receive_json()
        assert (refused["type"], refused["code"]) == ("error", "play_deal_first")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_a_deals_tables_are_hidden_until_one_has_played_it_or_the_day_is_over() -> None:
    with duplicate_server() as client:
        ana, bob, cyd = (account(client, name) for name in ("Ana", "Bob", "Cyd"))
        guest = browser(client)
        play_deal(ana, 1, 7)
        table = _table_of(client, "Ana", 1)
        assert _seen(ana, table) == (200, 200)  # one's own table
        assert _seen(guest, table) == (403, 403)
        assert _seen(bob, table) == (403, 403)
        assert play(bob, 1).status_code == 200  # begun is not played
        assert _seen(bob, table) == (403, 403)
        _watch_refused(guest, table)
        _watch_refused(cyd, table)
        assert _seen(bob, _table_of(client, "Bob", 1)) == (409, 409)  # his own: no round yet
        play_deal(cyd, 1, 3)
        assert _seen(cyd, table) == (200, 200)
        record = cyd.get(f"/api/tables/{table}/record").text
        assert service(client).lobby.tables[table].match is not None and "Ana" in record
        assert _seen(ana, _table_of(client, "Cyd", 1)) == (200, 200)
        clock_now = clock(client).wall()
        client.portal.call(clock(client).advance, seconds_to_midnight(clock_now) + 1)  # type: ignore[union-attr]
        assert _seen(guest, table) == (200, 200)  # the seeds are public now
        with guest.websocket_connect(f"/ws/{table}") as ws:
            watcher = Player(ws)
            watcher.hello()
            assert watcher.state is not None and watcher.state["you"]["seat"] is None


def test_a_deal_begun_before_the_close_and_finished_after_it_counts_for_nothing() -> None:
    with duplicate_server() as client:
        ana, bob = account(client, "Ana"), account(client, "Bob")
        play_deal(bob, 2, 5)
        begun = play(ana, 2).json()
        clock_now = clock(client).wall()
        client.portal.call(clock(client).advance, seconds_to_midnight(clock_now) + 1)  # type: ignore[union-attr]
        resumed = play(ana, 2)
        assert (resumed.status_code, resumed.json()["code"]) == (409, "edition_closed")
        with ana.websocket_connect(f"/ws/{begun['table']}") as ws:  # the table itself still plays
            player = Player(ws)
            player.hello()
            play_round(player, begun["seat"], Policy(11), 1.0)
        match = service(client).lobby.tables[begun["table"]].match
        assert match is not None and match.finished
        found = service(client).accounts.account_named("Ana")
        assert found is not None
        entry = service(client).entry(DAY, KIND, 2, found.id)
        assert entry is not None and entry["penalty"] is None and entry["finished"] is not None
        board = bob.get(f"/api/duplicate/{DAY}/{KIND}/2").json()
        assert [row["name"] for row in board["field"]] == ["Bob"]
        leaders = client.get(f"/api/duplicate/{DAY}/{KIND}/leaderboard").json()["leaders"]
        assert [row["name"] for row in leaders] == ["Bob"]
        assert client.get("/api/duplicate/players/Ana").json() == {"name": "Ana", "editions": []}
        again = play(ana, 2)
        assert (again.status_code, again.json()["code"]) == (409, "edition_closed")


def test_a_players_history_is_refused_only_for_a_name_no_account_has() -> None:
    with duplicate_server() as client:
        account(client, "Ana")
        assert client.get("/api/duplicate/players/ana").json() == {"name": "ana", "editions": []}
        missing = client.get("/api/duplicate/players/Nobody")
        assert (missing.status_code, missing.json()["code"]) == (404, "no_such_player")

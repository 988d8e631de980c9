"""``GET /api/me/notices``: a tournament about to start, one's table in a round, and a Daily
Duplicate edition one has not begun; a guest is refused."""

from __future__ import annotations

from typing import Any

from account_helpers import browser
from duplicate_helpers import DAY, clock, duplicate_server, play
from duplicate_helpers import account as duplicate_account
from fastapi.testclient import TestClient
from tournament_helpers import accounts, advance, create, post, show, tournament_server, wall

from rami.server.social.duplicate import seconds_to_midnight
from rami.server.social.notices import STARTING_SOON


def _notices(who: TestClient, kind: str | None = None) -> list[dict[str, Any]]:
    response = who.get("/api/me/notices")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["notices"]
    return [n for n in found if kind is None or n["kind"] == kind]


def test_a_guest_is_refused() -> None:
    with tournament_server() as client:
        answer = browser(client).get("/api/me/notices")
        assert (answer.status_code, answer.json()["code"]) == (401, "login_required")


def test_a_tournament_about_to_start_then_ones_table() -> None:
    with tournament_server() as client:
        people = accounts(client, ["Host", "Ana", "Bob", "Cyd"])
        start = wall(client) + 600
        body = {"name": "Evening", "preset": "rami40", "rounds": 2, "deals": 1, "start": start}
        tid = create(people["Host"], **body)
        for name in ("Ana", "Bob", "Cyd"):
            assert post(people[name], f"/api/tournaments/{tid}/join").status_code == 200
        assert post(people["Cyd"], f"/api/tournaments/{tid}/withdraw").status_code == 200
        assert _notices(people["Ana"], "tournament_start") == []  # ten minutes away

        advance(client, 600 - STARTING_SOON)
        starting = _notices(people["Ana"], "tournament_start")
        assert starting == [
            {"key": f"tournament-start:{tid}", "kind": "tournament_start"}
            | {"tournament": tid, "name": "Evening", "start": start}
            | {"url": f"/tournaments?id={tid}"}
        ]
        assert _notices(people["Host"], "tournament_start") == []  # the host did not join
        assert _notices(people["Cyd"], "tournament_start") == []  # withdrawn

        for name in ("Ana", "Bob"):
            _notices(people[name])  # on a page: present when the round is seated
        advance(client, STARTING_SOON)
        (board,) = show(client, tid)["live"]
        table = board["table_id"]
        for name in ("Ana", "Bob"):
            assert _notices(people[name], "tournament_start") == []
            assert _notices(people[name], "tournament_table") == [
                {"key": f"tournament-table:{tid}:{table}", "kind": "tournament_table"}
                | {"tournament": tid, "name": "Evening", "round": 1, "table_id": table}
                | {"url": f"/t/{table}"}
            ]
        assert _notices(people["Host"], "tournament_table") == []


def test_a_new_duplicate_edition_until_one_begins_it() -> None:
    with duplicate_server() as client:
        dora = duplicate_account(client, "dora")
        duplicate = {"key": f"duplicate:{DAY}", "kind": "duplicate", "day": DAY}
        assert _notices(dora) == [duplicate | {"url": "/duplicate"}]
        assert play(dora, 1).status_code == 200
        assert _notices(dora) == []  # begun today
        seconds = seconds_to_midnight(clock(client).wall()) + 1
        client.portal.call(clock(client).advance, seconds)  # type: ignore[union-attr]
        client.portal.call(client.app.state.duplicate.day_opened, "2027-03-15")  # type: ignore[attr-defined,union-attr]
        (fresh,) = _notices(dora)
        assert (fresh["key"], fresh["day"]) == ("duplicate:2027-03-15", "2027-03-15")

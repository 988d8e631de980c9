"""The Daily Duplicate through the HTTP and websocket API: three accounts, scores, the close."""

from __future__ import annotations

import json
from pathlib import Path

from account_helpers import browser
from duplicate_helpers import (
    DAY,
    KIND,
    PAR_LEVEL,
    account,
    clock,
    duplicate_server,
    play,
    play_deal,
    service,
)
from typer.testing import CliRunner

from rami.cli import build_app
from rami.duplicate import DEALS_PER_EDITION, EDITION_KINDS, deal_commitment
from rami.server.social.duplicate import bot_seed_of, seconds_to_midnight
from rami.server.social.duplicate_par import par_penalty

RUNNER = CliRunner()


def _penalty_of(client, table_id: str, seat: int) -> int:  # type: ignore[no-untyped-def]
    match = service(client).lobby.tables[table_id].match
    assert match is not None and match.finished
    result = match.finished_rounds[0].state.result
    assert result is not None
    return int(result.scores[seat])


def test_today_publishes_commitments_and_no_seed() -> None:
    with duplicate_server() as client:
        today = client.get("/api/duplicate").json()
        assert today["day"] == DAY and today["closes_in"] == 12 * 3600
        assert [e["kind"] for e in today["editions"]] == [k.name for k in EDITION_KINDS]
        for edition in today["editions"]:
            assert len(edition["deals"]) == DEALS_PER_EDITION and not edition["closed"]
            assert all(len(d["commitment"]) == 64 and "seed" not in d for d in edition["deals"])
        four = today["editions"][2]["deals"]
        assert [d["seat"] for d in four[:5]] == [0, 1, 2, 3, 0]


def test_three_accounts_play_a_deal_and_are_scored_by_matchpoints_and_imps() -> None:
    with duplicate_server() as client:
        players = {name: account(client, name) for name in ("Ana", "Bob", "Cyd")}
        skills = {"Ana": 1.0, "Bob": 0.9, "Cyd": 0.0}
        seats = {name: play_deal(c, 1, 7, skills[name]) for name, c in players.items()}
        assert set(seats.values()) == {0}  # deal 1 is played from seat 0 by everyone
        tables = {
            e["name"]: e["replay"]
            for e in players["Ana"].get(f"/api/duplicate/{DAY}/{KIND}/1").json()["field"]
        }
        penalties = {name: _penalty_of(client, tables[name], 0) for name in players}
        # The seeded players against the seeded bots: Bob went out, Ana kept 12, Cyd never opened.
        assert penalties == {"Ana": 12, "Bob": 0, "Cyd": 100}, penalties
        board = players["Bob"].get(f"/api/duplicate/{DAY}/{KIND}/1").json()
        rows = {row["name"]: row for row in board["field"]}
        # By hand: Bob beats 2 of 2 (100%), Ana beats Cyd (1 of 2: 50%), Cyd nobody (0%).
        assert {n: (r["matchpoints"], r["percentage"]) for n, r in rows.items()} == {
            "Ana": (1.0, 50.0),
            "Bob": (2.0, 100.0),
            "Cyd": (0.0, 0.0),
        }
        # IMPs of the others' average minus one's own: Bob 56 - 0 = +56 (40-59: 4 IMPs), Ana
        # 50 - 12 = +38 (25-39: 3), Cyd 6 - 100 = -94 (80-99: -6).
        assert {n: (r["field_average"], r["imps"]) for n, r in rows.items()} == {
            "Ana": (50.0, 3),
            "Bob": (56.0, 4),
            "Cyd": (6.0, -6),
        }
        assert [r["name"] for r in board["field"]] == ["Bob", "Ana", "Cyd"]
        assert [r.get("replay") is not None for r in board["field"]] == [True, True, True]
        leaders = client.get(f"/api/duplicate/{DAY}/{KIND}/leaderboard").json()["leaders"]
        assert [(r["name"], r["percentage"], r["imps"]) for r in leaders] == [
            ("Bob", 100.0, 4),
            ("Ana", 50.0, 3),
            ("Cyd", 0.0, -6),
        ]
        replay = players["Ana"].get(f"/api/tables/{tables['Bob']}/replay")
        assert replay.status_code == 200 and replay.json()["names"][0] == "Bob"
        history = client.get("/api/duplicate/players/bob").json()
        assert history["editions"] == [
            {"day": DAY, "kind": KIND, "closed": False, "deals": 1, "percentage": 100.0, "imps": 4}
        ]


def test_refusals_each_with_its_code() -> None:
    with duplicate_server() as client:
        guest = browser(client)
        assert guest.post(f"/api/duplicate/{DAY}/{KIND}/1/play").json()["code"] == "login_required"
        assert guest.get(f"/api/duplicate/{DAY}/{KIND}/1").status_code == 401
        ana = account(client, "Ana")
        early = ana.get(f"/api/duplicate/{DAY}/{KIND}/2")
        assert (early.status_code, early.json()["code"]) == (403, "play_deal_first")
        begun = play(ana, 2).json()
        assert play(ana, 2).json() == {**begun, "resumed": True}  # resume where she left
        still = ana.get(f"/api/duplicate/{DAY}/{KIND}/2")
        assert still.json()["code"] == "play_deal_first"  # begun is not played
        assert play(ana, 9).status_code == 404 and play(ana, 1, kind="rami99").status_code == 404
        play_deal(account(client, "Bob"), 3, 4)
        bo = browser(client)
        bo.post("/api/login", json={"name": "Bob", "password": "correct horse battery"})
        twice = play(bo, 3)
        assert (twice.status_code, twice.json()["code"]) == (409, "deal_already_played")


def test_the_day_rolls_over_reveals_its_seeds_and_verifies(tmp_path: Path) -> None:
    with duplicate_server() as client:
        ana = account(client, "Ana")
        play_deal(ana, 1, 1)
        client.portal.call(service(client).pars_computed)  # type: ignore[union-attr]
        par = ana.get(f"/api/duplicate/{DAY}/{KIND}/1").json()["par"]
        open_doc = client.get(f"/api/duplicate/{DAY}/{KIND}").json()
        wall = clock(client).wall()
        client.portal.call(clock(client).advance, seconds_to_midnight(wall) + 1)  # type: ignore[union-attr]
        client.portal.call(service(client).day_opened, "2027-03-15")  # type: ignore[union-attr]
        assert len(service(client).deals("2027-03-15", KIND)) == 8  # dealt at 00:00 by itself
        today = client.get("/api/duplicate").json()
        assert today["day"] == "2027-03-15"
        new_commitments = {d["commitment"] for d in today["editions"][0]["deals"]}
        assert new_commitments.isdisjoint(d["commitment"] for d in open_doc["deals"])
        closed = client.get(f"/api/duplicate/{DAY}/{KIND}").json()
        assert closed["closed"] and [d["commitment"] for d in closed["deals"]] == [
            d["commitment"] for d in open_doc["deals"]
        ]
        kind = EDITION_KINDS[0]
        for deal in closed["deals"]:
            assert deal_commitment(deal["seed"], kind, DAY, deal["number"]) == deal["commitment"]
        seed = closed["deals"][0]["seed"]
        assert par == par_penalty(kind, 1, seed, bot_seed_of(seed), PAR_LEVEL)
        refused = play(ana, 2)
        assert (refused.status_code, refused.json()["code"]) == (409, "edition_closed")
        # Once the day is over a deal's results are open to all.
        assert client.get(f"/api/duplicate/{DAY}/{KIND}/1").status_code == 401
        assert account(client, "Bob").get(f"/api/duplicate/{DAY}/{KIND}/1").status_code == 200
        path = tmp_path / "edition.json"
        path.write_text(json.dumps(closed))
        verified = RUNNER.invoke(build_app(), ["verify", str(path)])
        assert verified.exit_code == 0 and "verified: the 8 deals" in verified.output
        closed["deals"][3]["seed"] = "another seed"
        path.write_text(json.dumps(closed))
        tampered = RUNNER.invoke(build_app(), ["verify", str(path), "--json"])
        assert tampered.exit_code == 2
        assert json.loads(tampered.output)["problems"] == [
            "deal 4: the seed does not match the commitment"
        ]


def test_the_other_editions_deal_their_committed_seed_from_the_turning_seat() -> None:
    with duplicate_server() as client:
        ana = account(client, "Ana")
        seats = {}
        for kind, number in (("rami40-2p", 2), ("rami51-4p", 3)):
            started = play(ana, number, kind=kind).json()
            table = service(client).lobby.tables[started["table"]]
            assert [s.bot for s in table.seats].count("hard") == table.config.seats - 1
            seats[kind] = started["seat"]
            assert table.seats[started["seat"]].account is not None
            assert table.config.base == kind.split("-")[0]
            assert table.config.rules.match_limit == 1
            dealt = table.match
            assert dealt is not None
            seed = dealt.seed
            edition = client.get(f"/api/duplicate/{DAY}/{kind}").json()
            commitment = edition["deals"][number - 1]["commitment"]
            found = next(k for k in EDITION_KINDS if k.name == kind)
            assert deal_commitment(seed, found, DAY, number) == commitment
        assert seats == {"rami40-2p": 1, "rami51-4p": 2}

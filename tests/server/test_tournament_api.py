"""Tournaments through the HTTP and websocket API: every board is a real table seated with the
paired accounts and played to its end by seeded clients, its end recorded as the tournament's
result; the standings are checked against an independent computation of the same results."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from account_helpers import browser
from fastapi.testclient import TestClient
from tournament_helpers import (
    accounts,
    advance,
    create,
    post,
    presence_clock,
    settle,
    show,
    tournament_server,
    tourney,
    wall,
)
from tournament_helpers import play_board as play
from typer.testing import CliRunner

from rami.cli import build_app
from rami.rules import PRESETS
from rami.server.social.tournament_tables import TURN_SECONDS
from rami.tournaments import round_commitment, round_seed

STEP = 25
"""Seconds of the arena's clock a table takes: with five players a table waits for at most the
two before it, 50 s, inside the turn timer (a timed-out turn would be the bot's)."""

Played = tuple[list[str], list[int]]
"""A table as the test saw it end: its players in seat order, their match totals."""


def _code(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def _vs(mine: int, theirs: int) -> float:
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def swiss_standings(players: list[str], rounds: list[list[Played]]) -> list[tuple[str, float]]:
    """Two-player Swiss standings by hand: score, Buchholz, then opponents' results (the
    opponent's score times the result against them), then the entry order."""
    score: dict[str, float] = defaultdict(float)
    met: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for tables in rounds:
        for (a, b), (pa, pb) in tables:
            score[a] += _vs(pa, pb)
            score[b] += _vs(pb, pa)
            met[a].append((b, _vs(pa, pb)))
            met[b].append((a, _vs(pb, pa)))
    buchholz = {p: sum(score[o] for o, _ in met[p]) for p in players}
    berger = {p: sum(score[o] * r for o, r in met[p]) for p in players}
    order = sorted(players, key=lambda p: (-score[p], -buchholz[p], -berger[p], players.index(p)))
    return [(p, score[p]) for p in order]


def _table(client: TestClient, table_id: str) -> Any:
    return tourney(client).lobby.tables[table_id]


def test_a_32_player_swiss_of_duplicate_deals_played_to_the_end() -> None:
    with tournament_server() as client:
        names = [f"pl{i:02}" for i in range(32)]
        people = accounts(client, ["Host", *names])
        body = {"name": "Thirty-two", "preset": "rami40", "rounds": 5, "deals": 1}
        tid = create(people["Host"], **body, duplicate=True, start=wall(client) + 60)
        for name in names:
            assert post(people[name], f"/api/tournaments/{tid}/join").status_code == 200
        listed = client.get("/api/tournaments").json()["tournaments"]
        assert [(t["id"], t["players"], t["status"]) for t in listed] == [(tid, 32, "open")]
        advance(client, 60)
        late = post(people["Host"], f"/api/tournaments/{tid}/join")
        assert _code(late) == (409, "tournament_started")
        played: list[list[Played]] = []
        for number in range(1, 6):
            view = show(client, tid)
            assert (view["status"], view["round"]) == ("running", number)
            live = view["live"]
            assert len(live) == 16 and {b["round"] for b in live} == {number}
            seeds = {_table(client, b["table_id"]).seed for b in live}
            assert len(seeds) == 1  # duplicate: every table of the round deals the same
            info = client.get(f"/api/tables/{live[0]['table_id']}").json()
            assert [s["account"] for s in info["seats"]] == live[0]["seats"]
            assert (info["turn_timer"], info["status"]) == (TURN_SECONDS, "playing")
            played.append([(b["seats"], play(people, b, number * 100 + b["board"])) for b in live])
            settle(client)
        view = show(client, tid)
        assert view["status"] == "finished" and view["live"] == []
        recorded = [
            [(b["seats"], [b["result"]["penalties"][p] for p in b["seats"]]) for b in boards]
            for boards in view["rounds"]
        ]
        assert recorded == played
        met = [frozenset(seats) for tables in played for seats, _ in tables]
        assert len(met) == len(set(met)) == 80  # nobody met the same opponent twice
        mine = swiss_standings(names, played)
        assert [(s["player"], s["score"]) for s in view["standings"]] == mine
        seed, rules = view["seed"], PRESETS["rami40"].hash
        for number, dealt in enumerate(sorted(seeds_by_round(client, view)), start=1):
            assert round_commitment(seed, rules, tid, number) == view["commitments"][number - 1]
            assert dealt == (number, round_seed(seed, number))


def seeds_by_round(client: TestClient, view: dict[str, Any]) -> set[tuple[int, str]]:
    """The match seed of every table of every round, by round."""
    return {
        (number, _table(client, board["table_id"]).seed)
        for number, boards in enumerate(view["rounds"], start=1)
        for board in boards
    }


def test_twin_tables_an_absent_player_a_withdrawal_and_the_refusals(tmp_path: Path) -> None:
    with tournament_server() as client:
        people = accounts(client, ["Host", "Ana", "Bob", "Cyd", "Dia"])
        host, start = people["Host"], wall(client) + 60
        guest = browser(client)
        body = {"name": "Twins", "preset": "rami40", "rounds": 2, "deals": 1, "start": start}
        guest_post = guest.post("/api/tournaments", json=body)
        assert _code(guest_post) == (401, "login_required")
        for changes, refused in (
            ({"format": "knockout"}, (400, "bad_tournament")),
            ({"twins": True}, (400, "bad_tournament")),  # twins play duplicate deals
            ({"rated": True}, (400, "bad_tournament")),  # one deal is no rated match format
            ({"preset": "rami99"}, (400, "unknown_preset")),
            ({"rounds": "2"}, (422, "malformed")),
        ):
            assert _code(post(host, "/api/tournaments", **(body | changes))) == refused
        tid = create(host, **body, duplicate=True, twins=True)
        for name in ("Ana", "Bob", "Cyd", "Dia"):
            assert post(people[name], f"/api/tournaments/{tid}/join").status_code == 200
        assert _code(post(people["Ana"], f"/api/tournaments/{tid}/join")) == (409, "already_joined")
        assert _code(post(host, f"/api/tournaments/{tid}/withdraw")) == (409, "not_joined")
        assert _code(post(host, "/api/tournaments/nope/join")) == (404, "no_such_tournament")
        assert client.get("/api/tournaments/nope").status_code == 404
        presence_clock(client).now += 61  # a minute later only three of them are here
        for name in ("Ana", "Bob", "Cyd"):
            show(people[name], tid)
        advance(client, 60)
        view = show(client, tid)
        [first] = view["rounds"]
        forfeited = [b for b in first if "Dia" in b["seats"]]
        assert len(forfeited) == 2 and all(b["table_id"] is None for b in forfeited)
        assert all(b["result"]["absent"] == ["Dia"] for b in forfeited)
        live = view["live"]
        assert [b["twin"] for b in live] == [False, True]
        assert live[1]["seats"] == live[0]["seats"][::-1]  # the twin reverses the seats
        twins = [_table(client, b["table_id"]) for b in live]
        assert twins[0].seed == twins[1].seed  # and deals the same cards
        for name in ("Ana", "Bob", "Cyd", "Dia"):
            show(people[name], tid)  # everyone is here for round 2, seated as round 1 ends
        played = [play(people, b, b["board"]) for b in live]
        a, b = live[0]["seats"]
        totals = {a: played[0][0] + played[1][1], b: played[0][1] + played[1][0]}
        settle(client)
        scores = {s["player"]: s["score"] for s in show(client, tid)["standings"]}
        winner = 1.0 if totals[a] < totals[b] else 0.5 if totals[a] == totals[b] else 0.0
        assert (scores[a], scores[b]) == (winner, 1.0 - winner)
        [dia_met] = set(forfeited[0]["seats"]) - {"Dia"}
        assert (scores["Dia"], scores[dia_met]) == (0.0, 1.0)
        view = show(client, tid)
        assert view["round"] == 2 and len(view["live"]) == 4
        leaving = view["live"][0]["seats"][0]
        assert post(people[leaving], f"/api/tournaments/{tid}/withdraw").status_code == 200
        view = show(client, tid)
        gone = [b for b in view["rounds"][1] if leaving in b["seats"]]
        assert all(b["result"]["absent"] == [leaving] for b in gone)
        for board in view["live"]:
            play(people, board, 7 + board["board"])
        for board in gone:  # the forfeited tables are played out and change nothing
            play(people, board, 9 + board["board"])
        settle(client)
        view = show(client, tid)
        assert view["status"] == "finished"
        assert [b["result"]["absent"] for b in view["rounds"][1] if leaving in b["seats"]] == [
            [leaving],
            [leaving],
        ]
        document = tmp_path / "tournament.json"
        document.write_text(json.dumps(view))
        verified = CliRunner().invoke(build_app(), ["verify", str(document)])
        assert verified.exit_code == 0, verified.output
        assert "verified: the 2 rounds of tournament" in verified.output
        view["commitments"][1] = view["commitments"][0]  # a commitment that is not round 2's
        document.write_text(json.dumps(view))
        tampered = CliRunner().invoke(build_app(), ["verify", str(document)])
        assert tampered.exit_code == 2 and "round 2" in tampered.output


def _arena_points(order: list[Played]) -> dict[str, int]:
    """Arena points by hand: 2 a win, 1 a shared first place, doubled after two wins in a row."""
    points: dict[str, int] = defaultdict(int)
    streak: dict[str, int] = defaultdict(int)
    for seats, totals in order:
        best = min(totals)
        for player, total in zip(seats, totals, strict=True):
            factor = 2 if streak[player] >= 2 else 1
            if total == best and totals.count(best) == 1:
                points[player] += 2 * factor
                streak[player] += 1
            else:
                points[player] += factor if total == best else 0
                streak[player] = 0
    return points


def test_a_ten_minute_arena_on_the_test_clock() -> None:
    with tournament_server() as client:
        names = ["Ana", "Bob", "Cyd", "Dia", "Gus"]
        people = accounts(client, ["Host", *names])
        start = wall(client) + 60
        body = {"name": "Arena", "preset": "rami40", "format": "arena", "duration": 600}
        tid = create(people["Host"], **body, deals=1, start=start)
        for name in names[:-1]:
            post(people[name], f"/api/tournaments/{tid}/join")
        advance(client, 60)
        view = show(client, tid)
        assert view["status"] == "running" and len(view["live"]) == 2
        assert post(people["Gus"], f"/api/tournaments/{tid}/join").status_code == 200
        settle(client)
        assert len(show(client, tid)["live"]) == 2  # Gus joined while it runs: he waits
        order: list[Played] = []
        seen: dict[str, float] = {}
        for _ in range(200):
            view = show(client, tid)
            if view["status"] == "finished":
                break
            for board in view["live"]:
                seen.setdefault(board["table_id"], wall(client))
            if view["live"]:  # the oldest table is played; each takes STEP seconds
                board = view["live"][0]
                order.append((board["seats"], play(people, board, len(order))))
            advance(client, STEP)
        assert view["status"] == "finished" and view["live"] == []
        assert len(order) >= 20
        waves = [b for boards in view["rounds"] for b in boards]
        assert len(waves) == len(order)  # every table it made was played and counted
        assert max(seen.values()) < start + 600 + STEP  # nobody is seated after the end
        mine = _arena_points(order)
        standings = view["standings"]
        assert {s["player"]: s["points"] for s in standings} == {n: mine[n] for n in names}
        assert [s["points"] for s in standings] == sorted(mine.values(), reverse=True)
        assert sum(s["played"] for s in standings) == 2 * len(order)

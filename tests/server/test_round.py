"""A whole round over websockets: deal, play, the seed revealed, the record and the replay."""

from __future__ import annotations

import json

from server_helpers import Player, Policy, create, play_turns, seat_and_start, server, table_of

from rami.cards import build_deck, card_text
from rami.records import loads, replay
from rami.shuffle import commitment, shuffled


def dealt_hand(seed: str, players: int, round_seat: int, size: int = 13) -> list[str]:
    """The hand the fair shuffle deals to ``round_seat`` from ``seed`` (reference deck)."""
    deck = shuffled(build_deck(2, 4), seed, "deal")
    return [card_text(c) for c in sorted(deck[round_seat * size : (round_seat + 1) * size])]


def test_whole_round_over_websockets() -> None:
    with server(seed="round") as app:
        table_id, token = create(app, preset="rami40", seats=3, bots=["random"], rounds=1)
        url = f"/ws/{table_id}"
        with (
            app.websocket_connect(url) as a,
            app.websocket_connect(url) as b,
            app.websocket_connect(url) as c,
        ):
            host, guest, spectator = Player(a), Player(b), Player(c)
            seat_and_start(host, guest, spectator, token)
            players = {0: host, 1: guest}
            for player in (*players.values(), spectator):
                player.until(lambda m: m["type"] == "state" and m["game"] is not None)
            first = {seat: p.game for seat, p in players.items()}
            published = first[0]["commitment"]
            assert all(g["commitment"] == published for g in first.values())
            assert spectator.game["hand"] == []
            actions = play_turns(players, {0: Policy(1), 1: Policy(2)}, limit=3000)
            assert actions > 0
            final = host.game
            assert final["current"] is None and final["phase"] == "over"
            (played,) = final["rounds"]
            assert played["seed"] is not None
            binding = final["binding"]
            assert host.state is not None
            rules_hash, *names = json.loads(binding)
            assert rules_hash == host.state["table"]["rules_hash"] and names[:2] == ["Ana", "Bob"]
            assert commitment(played["seed"], binding) == published == played["commitment"]
            for seat in players:
                assert dealt_hand(played["seed"], 3, seat) == first[seat]["hand"]
            assert final["totals"] == played["scores"]
            assert host.state is not None and host.state["table"]["status"] == "finished"
            assert final["winners"]

        record = app.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        match = replay(loads(record.text))
        served = table_of(app, table_id).match
        assert served is not None and match.totals == served.totals
        frames = app.get(f"/api/tables/{table_id}/replay").json()["frames"]
        assert len(frames) == len(served.round.entries()) + 1 >= final["log_count"] + 1
        assert [len(h) for h in frames[0]["hands"]] == [13, 13, 13]
        assert frames[-1]["hands"] == played["hands"]

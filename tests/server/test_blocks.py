"""Blocks: the blocked player's chat does not reach the blocker (live or in the chat log), and
quick match never seats the two together; the refusals of the block routes."""

from __future__ import annotations

from account_helpers import account_server, csrf
from safety_helpers import block, member, next_chat, no_more_chat, seated
from server_helpers import Player
from sqlalchemy import create_engine, insert
from sqlalchemy.pool import StaticPool

from rami.server.social.quickmatch import QuickMatch
from rami.server.store.safety_schema import blocks_t
from rami.server.tables.identity import Identity


def test_a_blocked_players_lines_do_not_reach_the_blocker() -> None:
    with account_server() as client:
        ana, bob, cy = member(client, "Ana"), member(client, "Bob"), member(client, "Cyd")
        assert block(ana, "bob").json() == {"blocked": "Bob"}
        assert ana.get("/api/blocks").json() == {"blocked": ["Bob"]}
        with seated(ana, bob, cy) as (table, (a, b, c)):
            b.send(type="chat", text="hello all")
            assert next_chat(c)["text"] == "hello all"
            assert next_chat(b)["text"] == "hello all"
            no_more_chat(a)
            a.send(type="chat", text="hi Cyd")
            assert next_chat(b)["text"] == "hi Cyd"  # a block is one way
            with ana.websocket_connect(f"/ws/{table}") as ws:  # the chat log leaves Bob out
                again = Player(ws)
                again.send(type="hello")
                log = again.until(lambda m: m["type"] == "chat_log")
                assert [line["text"] for line in log["lines"]] == ["hi Cyd"]
        assert ana.delete("/api/blocks/Bob", headers=csrf(ana)).status_code == 204
        assert ana.get("/api/blocks").json() == {"blocked": []}


def test_block_refusals_change_nothing() -> None:
    with account_server() as client:
        ana = member(client, "Ana")
        member(client, "Bob")
        assert block(ana, "Ana").json()["code"] == "block_self"
        assert block(ana, "Nobody").status_code == 404
        assert block(ana, "Nobody").json()["code"] == "no_such_account"
        assert ana.put("/api/blocks/Bob").json()["code"] == "bad_csrf"
        assert ana.delete("/api/blocks/Bob", headers=csrf(ana)).json()["code"] == "not_blocked"
        assert client.get("/api/blocks").json()["code"] == "login_required"
        assert ana.get("/api/blocks").json() == {"blocked": []}


ANA, BOB, CY = Identity(1, "Ana"), Identity(2, "Bob"), Identity(3, "Cyd")


def test_quick_match_keeps_a_blocked_pair_apart_and_seats_each_with_others() -> None:
    engine = create_engine("sqlite://", poolclass=StaticPool)
    quick = QuickMatch(engine, create=True)
    with engine.begin() as conn:  # Bob blocks Ana: either way keeps them apart
        conn.execute(insert(blocks_t), {"blocker_id": 2, "blocked_id": 1, "created": 0.0})
    ids = iter(["t1", "t2"])
    quick.enqueue(ANA, "rami51", 2, None, 100.0)
    quick.enqueue(BOB, "rami51", 2, None, 101.0)
    assert quick.pair("rami51", 2, 101.0, lambda: next(ids)) == []
    quick.enqueue(CY, "rami51", 2, None, 102.0)
    [pairing] = quick.pair("rami51", 2, 102.0, lambda: next(ids))
    assert pairing.accounts == (ANA, CY)
    engine.dispose()


def test_bots_fill_a_table_without_seating_a_blocked_pair() -> None:
    engine = create_engine("sqlite://", poolclass=StaticPool)
    quick = QuickMatch(engine, create=True)
    with engine.begin() as conn:
        conn.execute(insert(blocks_t), {"blocker_id": 1, "blocked_id": 2, "created": 0.0})
    ids = iter(["t1", "t2", "t3"])
    quick.enqueue(ANA, "rami51", 3, 10, 100.0)
    quick.enqueue(BOB, "rami51", 3, 10, 101.0)
    pairings = quick.pair("rami51", 3, 120.0, lambda: next(ids))
    assert [p.accounts for p in pairings] == [(ANA,), (BOB,)]
    assert [p.bots for p in pairings] == [2, 2]
    engine.dispose()

"""Websocket fuzz: generated junk between the moves of a real match changes nothing.

Between every action of a match played by two people, Hypothesis sends a burst of hostile
messages from the host, the guest or a spectator: raw text, binary frames, random JSON, known
types with mistyped fields, lone surrogates, deep nesting, stale versions, moves out of turn
and moves for the other seat. Each is followed by a ``ping``: the ``pong`` proves the
connection still answers. A refused message leaves the table as it was; the match ends and
its record replays (the ``rami verify`` check).
"""

from __future__ import annotations

import json
import random
from dataclasses import astuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Message, Player, Policy, create, seat_and_start, server, table_of

from rami.records import loads, replay

BURST = 7
EXAMPLES = 1
COUNTS = {"messages": 0, "refused": 0, "failures": 0}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
TYPES = ["join", "start", "act", "next_round", "hint", "dance", ""]
FIELDS = ["action", "version", "seat", "name", "type", "\ud800"]


@st.composite
def junk(draw: st.DrawFn, version: int) -> str | bytes:
    """One hostile message for a table at ``version``."""
    kind = draw(st.integers(0, 8))
    if kind == 0:
        return draw(st.text(max_size=40))
    if kind == 1:
        return draw(st.binary(max_size=40))
    if kind == 2:
        return json.dumps(draw(json_values))
    if kind == 3:
        fields = draw(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=3))
        body = {**fields, "type": draw(st.sampled_from(TYPES))}
        return json.dumps(body, ensure_ascii=True)
    if kind == 4:
        surrogate = chr(draw(st.integers(0xD800, 0xDFFF)))
        return json.dumps({"type": "act", "action": f"discard {surrogate}", "version": version})
    if kind == 5:
        depth = draw(st.integers(100, 3000))
        return '{"type":"act","action":' + "[" * depth + "]" * depth + "}"
    if kind == 6:
        stale = version - draw(st.integers(1, 6))
        return json.dumps({"type": "act", "action": "draw stock", "version": stale})
    if kind == 7:
        return json.dumps({"type": "act", "action": "draw stock", "version": version, "seat": 9})
    text = draw(st.sampled_from(["discard JK", "draw discard", "open", "layoff 2S @0", "fly"]))
    return json.dumps({"type": "act", "action": text, "version": version})


def _answer(player: Player, raw: str | bytes) -> list[Message]:
    """Send ``raw`` and a ping; everything received up to the pong."""
    if isinstance(raw, bytes):
        player.ws.send_bytes(raw)
    else:
        player.ws.send_text(raw)
    player.send(type="ping")
    got: list[Message] = []
    while not got or got[-1]["type"] != "pong":
        got.append(player.recv())
    return got


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_junk_between_moves_changes_nothing(data: st.DataObject) -> None:
    with server(seed="fuzz") as app:
        table_id, token = create(app, preset="rami40", seats=2, rounds=1)
        url = f"/ws/{table_id}"
        with (
            app.websocket_connect(url) as h,
            app.websocket_connect(url) as g,
            app.websocket_connect(url) as s,
        ):
            host, guest, spectator = Player(h), Player(g), Player(s)
            seat_and_start(host, guest, spectator, token)
            players = {0: host, 1: guest}
            table = table_of(app, table_id)
            policies = {0: Policy(1), 1: Policy(2)}
            rng = random.Random(16)
            while table.match is None or table.match.current_seat is not None:
                for player in (host, guest, spectator):
                    if player.version < table.version:
                        player.wait_version(table.version)
                for _ in range(BURST):
                    sender = rng.choice([host, guest, spectator])
                    before = (table.version, table.match, [astuple(seat) for seat in table.seats])
                    got = _answer(sender, data.draw(junk(table.version)))
                    COUNTS["messages"] += 1
                    codes = [m["code"] for m in got if m["type"] == "error"]
                    acked = any(m["type"] == "ack" for m in got)
                    COUNTS["refused"] += bool(codes)
                    if "internal_error" in codes or (
                        not acked and before[:2] != (table.version, table.match)
                    ):
                        COUNTS["failures"] += 1
                    assert "internal_error" not in codes
                    if not acked:
                        after = (table.version, table.match, [astuple(x) for x in table.seats])
                        assert after[:2] == before[:2] and after[2] == before[2]
                if table.match is None or table.match.current_seat is None:
                    break
                current = table.match.current_seat
                player = players[current]
                action = policies[current].choose(player.game)
                assert (
                    player.reply(type="act", action=action, version=player.version)[-1]["type"]
                    == "ack"
                )
        match = table.match
        assert match is not None and match.finished
        record = app.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        replayed = replay(loads(record.text))
        assert replayed.totals == match.totals and replayed.winners == match.winners
    print(
        f"websocket fuzz: {COUNTS['messages']} messages tried,"
        f" {COUNTS['refused']} refused, failures: {COUNTS['failures']}"
    )


def test_fuzz_counts_are_reported() -> None:
    """Keeps the counts visible in the suite's output (``-s`` or ``-rA``)."""
    assert COUNTS["failures"] == 0

"""Three real ``rami serve`` processes on one PostgreSQL and one Redis: any process serves any
table, and a killed owner's tables go on through another process."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import WAIT, claims, database_of, play_once, processes, reconnect
from live_server import LivePlayer, LiveServer
from websockets.exceptions import ConnectionClosed

REDIS_DB = 13


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[list[LiveServer]]:
    with processes(tmp_path, 3, REDIS_DB, "--bot-delay", "0.02", "--lease", "2") as servers:
        yield servers


def test_any_process_serves_a_table_and_a_killed_owner_is_replaced(
    cluster: list[LiveServer],
) -> None:
    owner, player_side, watcher_side = cluster
    body = {"name": "Ana", "preset": "rami51", "seats": 2, "bots": ["random"]}
    created = httpx.post(f"{owner.url}/api/tables", json=body, timeout=10).json()
    table_id, token = created["table"], created["token"]
    listed = httpx.get(f"{watcher_side.url}/api/tables/{table_id}", timeout=10).json()
    assert listed["seats"][0]["name"] == "Ana"  # read on another process at once

    host = reconnect(player_side, table_id, token)  # relayed to the owner
    watcher = LivePlayer(watcher_side, table_id)
    watcher.send(type="hello")
    assert watcher.until("state", WAIT)["you"]["seat"] is None
    host.send(type="start")
    acked = [int(host.until("ack", WAIT)["version"])]
    for _ in range(4):
        acked.append(play_once(host))
    seen = watcher.until("state", WAIT)
    while seen["version"] < acked[-1]:
        seen = watcher.until("state", WAIT)
    assert seen["game"]["hand"] == []  # a spectator sees no hand, through a relay too

    with claims(database_of(owner)) as claimed:
        owner.kill()  # mid-match: its heartbeat lapses and another process takes the table
        killed = time.monotonic()
        with pytest.raises((ConnectionClosed, TimeoutError)):
            while True:
                host.recv(WAIT)
        host.close()
        claimed(table_id)  # by the sweep of a live process
    host = reconnect(player_side, table_id, token)
    assert host.state is not None and host.state["version"] >= acked[-1]
    acked.append(play_once(host))
    took_over = time.monotonic() - killed
    assert acked[-1] > acked[-2]
    assert took_over < WAIT

    info = httpx.get(f"{watcher_side.url}/api/tables/{table_id}", timeout=10).json()
    assert info["version"] >= acked[-1]  # every acknowledged action is stored
    health = httpx.get(f"{player_side.url}/healthz", timeout=10)
    assert health.status_code == 200 and health.json()["redis"] == "ok"
    metrics = httpx.get(f"{player_side.url}/metrics", timeout=10).text
    assert "rami_tables_owned" in metrics and "rami_command_seconds_bucket" in metrics
    host.close()
    watcher.close()

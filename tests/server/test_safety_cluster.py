"""Safety across ``rami serve`` processes sharing PostgreSQL and Redis: a block made on one
process keeps the blocked player's chat from the blocker at a table another process owns (the
line relayed), and keeps the two apart in quick match; a moderator granted by ``rami admin
grant`` on the shared database mutes a player through one process, and the table's owner
refuses that player's next line (Redis db 15)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import processes
from live_server import LivePlayer, LiveServer, Message
from test_cluster_accounts import cookie_header, csrf, signed_up

REDIS_DB = 15
WAIT = 60.0


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[LiveServer]]:
    with processes(tmp_path, 2, REDIS_DB, "--bot-delay", "0.01") as servers:
        yield servers


def chat(player: LivePlayer) -> Message:
    """The next chat line or refusal ``player`` receives."""
    while True:
        message = player.recv(WAIT)
        if message["type"] in ("chat", "error"):
            return message


def on(server: LiveServer, browser: httpx.Client) -> httpx.Client:
    """The same browser talking to another process."""
    return httpx.Client(base_url=server.url, timeout=10, cookies=browser.cookies)


def test_blocks_and_mutes_hold_on_every_process(pair: list[LiveServer]) -> None:
    owner, other = pair
    ana, bob, cyd = signed_up(owner, "Ana"), signed_up(other, "Bob"), signed_up(other, "Cyd")
    ana_there = on(other, ana)
    assert ana_there.put("/api/blocks/Bob", headers=csrf(ana_there)).json() == {"blocked": "Bob"}

    created = ana.post("/api/tables", json={"name": "Ana", "seats": 3, "bots": []}).json()
    host = LivePlayer(owner, created["table"], cookie_header(ana))
    host.send(type="hello", token=created["token"])
    host.until("state", WAIT)
    seated = []
    for browser in (bob, cyd):  # relayed from the other process to the table's owner
        player = LivePlayer(other, created["table"], cookie_header(browser))
        player.send(type="hello")
        player.until("state", WAIT)
        player.send(type="join", name="x")
        player.until("ack", WAIT)
        seated.append(player)
    bob_at, cyd_at = seated
    bob_at.send(type="chat", text="from Bob")
    assert chat(cyd_at)["text"] == "from Bob"
    host.send(type="chat", text="fence")
    assert chat(host)["text"] == "fence", "Bob's line never reached Ana"

    body = {"preset": "rami51", "players": 2, "bots_after": None}
    waiting = ana.post("/api/quickmatch", json=body, headers=csrf(ana)).json()
    assert bob.post("/api/quickmatch", json=body, headers=csrf(bob)).json()["status"] == "waiting"
    matched = cyd.post("/api/quickmatch", json=body, headers=csrf(cyd)).json()
    assert matched["status"] == "matched"  # Cyd sits with Ana, the oldest ticket
    assert ana.get(f"/api/quickmatch/{waiting['ticket']}").json()["table"] == matched["table"]

    database = owner.extra[owner.extra.index("--database") + 1]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    command = [sys.executable, "-m", "rami.cli", "admin", "grant", "cyd", "moderator"]
    granted = subprocess.run(
        [*command, "--database", database], capture_output=True, text=True, env=env, timeout=120
    )
    assert granted.returncode == 0 and "Cyd is a moderator now" in granted.stdout, granted.stderr
    action = {"name": "Bob", "action": "mute", "reason": "spam", "minutes": 5}
    muted = cyd.post("/api/moderation/actions", json=action, headers=csrf(cyd))
    assert muted.status_code == 200, muted.text
    bob_at.send(type="chat", text="anyone?")
    assert bob_at.until("error", WAIT)["code"] == "chat_muted"
    for player in (host, bob_at, cyd_at):
        player.close()

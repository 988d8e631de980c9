"""Failover of the scaled-out server: kill the owner of a table, time until play goes on.

Starts two ``rami serve`` processes on a shared PostgreSQL database (created for the run and
dropped after) and a Redis database, plays a table through the process that does not own it,
then kills the owner with SIGKILL and times kill → first acknowledged action through the
survivor (which takes the table over). The killed process is started again and the next round
kills whichever process owns the table then. Loopback only, bounded by ``--kills``.

    python3 benchmarks/failover.py [--kills 20] [--lease 3] [--write]
"""

from __future__ import annotations

import argparse
import json
import secrets
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
import psycopg
import redis
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from _report import machine, publish

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/15"
MAX_KILLS = 100


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One ``rami serve`` process of the cluster."""

    def __init__(self, database: str, lease: float) -> None:
        self.port = free_port()
        self.args = ["--database", database, "--redis", REDIS, "--lease", str(lease)]
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-c", "from rami.cli import main; main()", "serve"]
        command += ["--port", str(self.port), "--bot-delay", "0.05", *self.args]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=1).is_success:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise SystemExit("a server did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


def greet(port: int, table: str, token: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A seated connection and its first snapshot (retried while the owner changes)."""
    while True:
        try:
            ws = connect(f"ws://127.0.0.1:{port}/ws/{table}")
            ws.send(json.dumps({"type": "hello", "token": token}))
            while True:
                message = json.loads(ws.recv(timeout=5))
                if message["type"] == "state":
                    return ws, message
        except (ConnectionClosed, TimeoutError, OSError):
            time.sleep(0.05)


def act(ws: ClientConnection, state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Wait for seat 0's turn, play a draw or a discard; the acked version and newest state."""
    while state["game"] is None or state["game"]["current"] != 0 or not state["game"]["legal"]:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "state":
            state = message
    legal = state["game"]["legal"]
    action = next((a for a in legal if a.startswith("draw")), None)
    action = action or next(a for a in legal if a.startswith("discard"))
    ws.send(json.dumps({"type": "act", "action": action, "version": state["version"]}))
    acked = None
    while acked is None or state["version"] < acked:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "ack":
            acked = int(message["version"])
        elif message["type"] == "state":
            state = message
        elif message["type"] == "error":
            raise SystemExit(f"refused: {message}")
    return acked, state


def run(kills: int, lease: float, database: str) -> list[float]:
    servers = [Server(database, lease), Server(database, lease)]
    for server in servers:
        server.start()
    store = redis.Redis.from_url(REDIS)
    store.flushdb()
    times: list[float] = []
    try:
        body = {
            "name": "Ana",
            "preset": "rami51",
            "seats": 2,
            "bots": ["random"],
            "options": {"turn_limit": None, "stock_reshuffles": None},
            "rounds": 50,
        }
        created = httpx.post(f"http://127.0.0.1:{servers[0].port}/api/tables", json=body).json()
        table, token = created["table"], created["token"]
        ws, state = greet(servers[1].port, table, token)
        ws.send(json.dumps({"type": "start"}))
        for _ in range(kills):
            acked, state = act(ws, state)
            owner_id = (store.get(f"rami:owner:{table}") or b"").decode()
            owner = next(s for s in servers if s.process and str(s.process.pid) in owner_id)
            other = servers[1 - servers.index(owner)]
            ws.close()
            killed = time.monotonic()
            owner.kill()
            ws, state = greet(other.port, table, token)
            acked_after, state = act(ws, state)
            times.append(time.monotonic() - killed)
            assert acked_after > acked
            owner.start()
    finally:
        for server in servers:
            server.kill()
        store.flushdb()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--lease", type=float, default=3.0)
    parser.add_argument("--write", action="store_true", help="Write docs/PERFORMANCE.md.")
    args = parser.parse_args()
    kills = max(1, min(args.kills, MAX_KILLS))
    name = f"rami_bench_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        times = run(kills, args.lease, ADMIN.rsplit("/", 1)[0] + f"/{name}")
    finally:
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    ordered = sorted(times)
    command = f"python3 benchmarks/failover.py --kills {kills} --lease {args.lease:g}"
    section = (
        "## Failover (`rami serve --database … --redis …`)\n\n"
        f"`{command}` — {machine()}; two processes, PostgreSQL and Redis on this machine.\n\n"
        "| kills | lease | median | p90 | max |\n|---|---|---|---|---|\n"
        f"| {kills} | {args.lease:g} s | {statistics.median(ordered):.2f} s | "
        f"{ordered[int(0.9 * (len(ordered) - 1))]:.2f} s | {ordered[-1]:.2f} s |\n"
    )
    publish("failover", section, args.write)


if __name__ == "__main__":
    main()

"""Load on ``rami serve``: N two-player tables over real websockets on loopback, human pace.

Starts the server in its own process (SQLite in a temporary --data directory), creates the
tables over HTTP, seats two websocket clients at each and lets every client think for a
random 2-6 s before each action (draw, then a random legal discard; the next round is dealt
when one ends). It reports the tables held, actions/s, the action→update latency (from
sending an action to receiving the snapshot that includes it) and the server's memory per
table. Bounded: at most 2,000 tables and 600 s of play, loopback only.

    python3 benchmarks/server_load.py [--tables 1000] [--seconds 60] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
from websockets.asyncio.client import ClientConnection, connect

from _report import machine, write_section

MAX_TABLES = 2000
MAX_SECONDS = 600.0
THINK = (2.0, 6.0)


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def rss_kib(pid: int) -> int:
    """Resident memory of a process (KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Stats:
    """Counts and latencies shared by every client."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.refused = 0
        self.measuring = False


class Client:
    """One seat: waits for its turn, thinks, acts, times the update."""

    def __init__(self, ws: ClientConnection, seat: int, stats: Stats, rng: random.Random) -> None:
        self.ws, self.seat, self.stats, self.rng = ws, seat, stats, rng
        self.state: dict[str, Any] | None = None

    async def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await self.ws.recv())
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "error":
            self.stats.refused += 1
        return message

    def choose(self, game: dict[str, Any]) -> str:
        legal: list[str] = game["legal"]
        if "draw stock" in legal:
            return "draw stock"
        discards = [a for a in legal if a.startswith("discard ")]
        return self.rng.choice(discards or legal)

    async def play(self, until: float) -> None:
        while time.monotonic() < until:
            state = self.state
            game = state["game"] if state else None
            if state is None or game is None:
                await self.recv()
                continue
            if game["current"] is None and not game["winners"] and self.seat == 0:
                await self.ws.send(json.dumps({"type": "next_round", "version": state["version"]}))
                await self.recv()
                continue
            if game["current"] != self.seat or not game["legal"]:
                await self.recv()
                continue
            await asyncio.sleep(self.rng.uniform(*THINK))
            version = state["version"]
            sent = time.perf_counter()
            action = {"type": "act", "action": self.choose(game), "version": version}
            await self.ws.send(json.dumps(action))
            while True:
                message = await self.recv()
                if message["type"] == "state" and message["version"] > version:
                    break
            if self.stats.measuring:
                self.stats.latencies.append(time.perf_counter() - sent)
                self.stats.actions += 1


async def seat_table(url: str, http: httpx.AsyncClient, stats: Stats, index: int) -> list[Client]:
    """Create a table, seat two clients, start it."""
    body = {"name": f"Host{index}", "preset": "rami51", "seats": 2}
    created = (await http.post(f"{url}/api/tables", json=body)).json()
    table, token = created["table"], created["token"]
    ws_url = url.replace("http", "ws") + f"/ws/{table}"
    host_ws = await connect(ws_url, max_size=2**20)
    guest_ws = await connect(ws_url, max_size=2**20)
    rng = random.Random(index)
    host, guest = Client(host_ws, 0, stats, rng), Client(guest_ws, 1, stats, rng)
    await host_ws.send(json.dumps({"type": "hello", "token": token}))
    await host.recv()
    await guest_ws.send(json.dumps({"type": "hello"}))
    await guest.recv()
    await guest_ws.send(json.dumps({"type": "join", "name": f"Guest{index}"}))
    while (await guest.recv())["type"] != "ack":
        pass
    await host_ws.send(json.dumps({"type": "start"}))
    while (await host.recv())["type"] != "ack":
        pass
    return [host, guest]


async def run(url: str, tables: int, seconds: float, pid: int) -> dict[str, float]:
    stats = Stats()
    baseline = rss_kib(pid)
    clients: list[Client] = []
    async with httpx.AsyncClient(timeout=30) as http:
        for start in range(0, tables, 50):
            batch = range(start, min(start + 50, tables))
            seated = await asyncio.gather(*(seat_table(url, http, stats, i) for i in batch))
            clients.extend(c for pair in seated for c in pair)
    setup_rss = rss_kib(pid)
    gc.collect()
    gc.freeze()
    gc.disable()  # the load generator must not add its own pauses to the measured latency
    warmup = 8.0
    until = time.monotonic() + warmup + seconds
    tasks = [asyncio.create_task(c.play(until)) for c in clients]
    await asyncio.sleep(warmup)
    stats.measuring = True
    began = time.monotonic()
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed = time.monotonic() - began
    await asyncio.gather(*tasks, return_exceptions=True)
    held = sum(
        1
        for i in range(0, len(clients), 2)
        if all(c.ws.state.name == "OPEN" for c in clients[i : i + 2])
    )
    peak = rss_kib(pid)
    for client in clients:
        await client.ws.close()
    lat = sorted(stats.latencies) or [0.0]
    return {
        "tables": tables,
        "held": held,
        "seconds": elapsed,
        "actions": stats.actions,
        "rate": stats.actions / elapsed if elapsed else 0.0,
        "p50": statistics.median(lat) * 1000,
        "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000,
        "max": lat[-1] * 1000,
        "refused": stats.refused,
        "kib_per_table": (max(setup_rss, peak) - baseline) / tables,
        "baseline_mib": baseline / 1024,
        "peak_mib": peak / 1024,
    }


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from rami.cli import main; main()", "serve"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--data", str(data)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def report(result: dict[str, float], command: str) -> str:
    """The measured figures, for the server block of docs/PERFORMANCE.md."""
    target = "met" if result["p99"] <= 100 and result["held"] == result["tables"] else "not met"
    return (
        f"Measured: `{command}`, {machine()}.\n\n"
        "| tables held | actions/s | p50 latency | p99 latency | max | memory per table |\n"
        "|---|---|---|---|---|---|\n"
        f"| {result['held']}/{result['tables']} | {result['rate']:.0f} | "
        f"{result['p50']:.1f} ms | {result['p99']:.1f} ms | {result['max']:.0f} ms | "
        f"{result['kib_per_table']:.0f} KiB |\n\n"
        "| actions measured | seconds | server memory idle | at the end | target |\n"
        "|---|---|---|---|---|\n"
        f"| {result['actions']} | {result['seconds']:.0f} | {result['baseline_mib']:.0f} MiB | "
        f"{result['peak_mib']:.0f} MiB | {target} |\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--write", action="store_true", help="Write docs/PERFORMANCE.md.")
    args = parser.parse_args()
    tables = max(1, min(args.tables, MAX_TABLES))
    seconds = max(5.0, min(args.seconds, MAX_SECONDS))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * tables + 256)), hard))
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        server = start_server(Path(data), port)
        try:
            result = asyncio.run(run(f"http://127.0.0.1:{port}", tables, seconds, server.pid))
        finally:
            server.terminate()
            server.wait(30)
    for key, value in result.items():
        print(f"{key:>14}: {value:.1f}" if isinstance(value, float) else f"{key:>14}: {value}")
    if args.write:
        command = f"python3 benchmarks/server_load.py --tables {tables} --seconds {seconds:.0f}"
        write_section("server", report(result, command))
    sys.stdout.flush()


if __name__ == "__main__":
    main()

"""Load on ``rami serve``: the embedded SQLite process, then 1, 2 (and 4) scaled-out processes
on one PostgreSQL and one Redis, driven by websocket clients in processes of their own.

For each set-up the script starts the server processes, then runs two phases:

* **busy**: ``--busy`` two-player tables whose clients act as soon as it is their turn (a
  draw, then a random legal discard; seat 1 deals the next round). Every client waits for
  the acknowledgement of its action before the next one, so the actions/s is what the
  server processes sustain; the ratio of 2 processes to 1 comes from this phase.
* **paced**: ``--tables`` tables at human pace (each client thinks 2-6 s before acting):
  tables held, act → ack latency and the servers' memory growth per table.

Where the clients connect is each of ``--placements`` in turn (with several processes):

* ``random``: the table is created on any process and each seat connects to
  any process, as behind ``rami serve --workers`` or a round-robin proxy; a table whose two
  connections land on one process moves there;
* ``routed``: created on any process, both seats connect to the process the table's id
  hashes to, as behind a proxy that routes websockets by table; the table moves there;
* ``split``: table ``i`` is created on process ``i mod N``, its host connects there and its
  guest to the next process, so half the connections stay relayed (the relay's cost);
* ``owner``: both seats connect to the process that created the table (no relaying).

The
clients run in ``--loaders`` processes of their own (asyncio, one connection per seat); their
CPU time is measured beside the servers' so a saturated load generator would show. Last, the
start-up of the embedded server is timed on an empty store and on one holding ``--history``
stored tables. PostgreSQL gets a database of its own (dropped after) unless ``--database``
names one (each set-up gets a new one); Redis database 10 is flushed unless ``--redis`` names
one. Loopback only.

    python3 benchmarks/server_load.py --processes 2 [--tables 1000] [--busy 100] [--write]

``--idle 1000,10000`` measures only the Redis calls per second of ``--processes`` scaled-out
processes holding that many idle tables (see ``benchmarks/_idle.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import secrets
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
import psycopg
import redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from _idle import idle_figures, idle_report
from _report import machine, publish

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/10"
PLACEMENTS = ("random", "routed", "split", "owner")
PLACED = {
    "random": "each seat connects to any process (as behind `--workers` or a round-robin "
    "proxy); a table whose connections all land on one process moves there.",
    "routed": "both seats connect to the process their table's id hashes to (a proxy that "
    "routes websockets by table); the table moves there.",
    "split": "the host connects to the table's owner, the guest to another process (half the "
    "connections relayed for good).",
    "owner": "both seats connect to the process that created the table (no relaying).",
}
MAX_TABLES = 2000
MAX_SECONDS = 300.0
MAX_HISTORY = 20_000
PACED_THINK = (2.0, 6.0)
WARMUP = 5.0
OPEN = ["--creates-per-minute", "1000000", "--create-burst", "1000000"]
OPEN += ["--messages-per-second", "1000", "--message-burst", "1000"]
OPEN += ["--set", "limits.connections_per_minute=1000000000"]
OPEN += ["--set", "limits.address_messages_per_minute=1000000000"]
SERVER = [*OPEN, "--grace", "3600", "--bot-delay", "0", "--archive-after", "3600"]
"""Server options: no rate limit on the loopback load, no stand-in during the run."""

try:
    import orjson

    loads: Any = orjson.loads
except ImportError:  # the standard parser is slower but gives the same figures server-side
    loads = json.loads


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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raise_file_limit(wanted: int) -> None:
    """Allow ``wanted`` open files (sockets) in this process and its children."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, wanted)), hard))


# --- the load generator (runs in its own processes) ------------------------------------


@dataclass
class Stats:
    """What one load-generator process measured inside the window."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    reseated: int = 0
    """Tables seated again because a connection closed while they were being seated."""
    window: tuple[float, float] = (0.0, 0.0)


class Seat:
    """One client: waits for its turn, thinks, acts, times act → ack."""

    def __init__(self, ws: ClientConnection, seat: int, stats: Stats, think: tuple[float, float]):
        self.ws, self.seat, self.stats, self.think = ws, seat, stats, think
        self.rng = random.Random()
        self.state: dict[str, Any] | None = None

    async def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = loads(await self.ws.recv())
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "error":
            self.stats.refused += 1
        return message

    def choose(self, legal: list[str]) -> str:
        if "draw stock" in legal:
            return "draw stock"
        discards = [a for a in legal if a.startswith("discard ")]
        return self.rng.choice(discards or legal)

    async def command(self, message: dict[str, Any]) -> None:
        """Send a command and read up to its answer (ack, or the resync after a refusal), then
        up to the state of the acknowledged version (the ack comes first)."""
        sent = time.monotonic()
        await self.ws.send(json.dumps(message))
        while (answer := await self.recv())["type"] not in ("ack", "error"):
            pass
        if answer["type"] == "error":
            while (await self.recv())["type"] != "state":
                pass
            return
        while self.state is None or self.state["version"] < answer["version"]:
            await self.recv()
        start, end = self.stats.window
        if message["type"] == "act" and start <= sent and time.monotonic() <= end:
            self.stats.latencies.append(time.monotonic() - sent)
            self.stats.actions += 1

    async def play(self, until: float) -> None:
        while time.monotonic() < until:
            state = self.state
            game = None if state is None else state["game"]
            if state is None or game is None:
                await self.recv()
            elif game["current"] is None and not game["winners"] and self.seat == 1:
                await self.command({"type": "next_round", "version": state["version"]})
            elif game["current"] != self.seat or not game["legal"]:
                await self.recv()
            else:
                if self.think[1] > 0:
                    await asyncio.sleep(self.rng.uniform(*self.think))
                action = self.choose(game["legal"])
                await self.command({"type": "act", "action": action, "version": state["version"]})


def home_of(urls: list[str], index: int, placement: str) -> str:
    """The process table ``index`` is created on."""
    if placement in ("split", "owner"):
        return urls[index % len(urls)]
    return random.Random(index).choice(urls)


def seats_of(urls: list[str], index: int, table: str, placement: str) -> tuple[str, str]:
    """The processes the host and the guest of table ``index`` connect to."""
    home = home_of(urls, index, placement)
    if placement == "owner":
        return home, home
    if placement == "split":
        return home, urls[(index + 1) % len(urls)]
    if placement == "routed":
        routed = urls[zlib.crc32(table.encode()) % len(urls)]
        return routed, routed
    rng = random.Random(f"{index}-seats")
    return rng.choice(urls), rng.choice(urls)


async def seat_table(
    urls: list[str], index: int, stats: Stats, think: tuple[float, float], placement: str
) -> list[Seat]:
    """Create table ``index`` and seat its host and guest where ``placement`` puts them."""
    body = {"name": f"Host{index}", "preset": "rami51", "seats": 2, "rounds": 50}
    async with httpx.AsyncClient(timeout=60) as http:
        home = home_of(urls, index, placement)
        created = (await http.post(f"{home}/api/tables", json=body)).json()
    table, token = created["table"], created["token"]
    host_url, guest_url = seats_of(urls, index, table, placement)
    host_ws = await connect(f"{host_url.replace('http', 'ws')}/ws/{table}", max_size=2**20)
    guest_ws = await connect(f"{guest_url.replace('http', 'ws')}/ws/{table}", max_size=2**20)
    host, guest = Seat(host_ws, 0, stats, think), Seat(guest_ws, 1, stats, think)
    await host_ws.send(json.dumps({"type": "hello", "token": token}))
    while (await host.recv())["type"] != "state":
        pass
    await guest_ws.send(json.dumps({"type": "hello"}))
    while (await guest.recv())["type"] != "state":
        pass
    await guest_ws.send(json.dumps({"type": "join", "name": f"Guest{index}"}))
    while (await guest.recv())["type"] != "ack":
        pass
    await host_ws.send(json.dumps({"type": "start"}))
    while (await host.recv())["type"] != "ack":
        pass
    return [host, guest]


async def seated(
    urls: list[str], index: int, stats: Stats, think: tuple[float, float], placement: str
) -> list[Seat]:
    """:func:`seat_table`, again on a new table when a connection closed meanwhile (a table
    moving at that moment closes a connection that was opening; the page reconnects)."""
    for attempt in range(5):
        try:
            return await seat_table(urls, index, stats, think, placement)
        except ConnectionClosed:
            stats.reseated += 1
            if attempt == 4:
                raise
    raise AssertionError("unreachable")


async def drive(
    urls: list[str],
    indexes: list[int],
    think: tuple[float, float],
    placement: str,
    pipe: Connection,
) -> None:
    stats = Stats()
    seats: list[Seat] = []
    for start in range(0, len(indexes), 25):
        batch = indexes[start : start + 25]
        pairs = await asyncio.gather(*(seated(urls, i, stats, think, placement) for i in batch))
        seats.extend(seat for pair in pairs for seat in pair)
    pipe.send("seated")
    window = await asyncio.to_thread(pipe.recv)
    stats.window = window
    tasks = [asyncio.create_task(seat.play(window[1])) for seat in seats]
    _, waiting = await asyncio.wait(tasks, timeout=max(0.0, window[1] - time.monotonic()))
    for task in waiting:  # a client waiting for the other seat when the window closed
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    held = sum(
        1
        for i in range(0, len(seats), 2)
        if all(s.ws.state.name == "OPEN" for s in seats[i : i + 2])
    )
    report = {"latencies": stats.latencies, "actions": stats.actions, "held": held}
    pipe.send({**report, "refused": stats.refused, "reseated": stats.reseated})
    await asyncio.to_thread(pipe.recv)  # the parent measured memory with every table held
    for seat in seats:
        await seat.ws.close()


def loader(
    urls: list[str],
    indexes: list[int],
    think: tuple[float, float],
    placement: str,
    pipe: Connection,
) -> None:
    """A load-generator process: seat its tables, play the window, report."""
    raise_file_limit(4 * len(indexes) + 256)
    asyncio.run(drive(urls, indexes, think, placement, pipe))


# --- the servers ---------------------------------------------------------------------


class Servers:
    """``count`` server processes: embedded SQLite (count 1) or scaled out."""

    def __init__(self, count: int, database: str | None, redis_url: str, data: Path) -> None:
        self.count, self.database, self.redis_url, self.data = count, database, redis_url, data
        self.ports = [free_port() for _ in range(count)]
        self.processes: list[subprocess.Popen[bytes]] = []

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def start(self) -> None:
        if self.database is not None:
            redis.Redis.from_url(self.redis_url).flushdb()
        for port in self.ports:
            command = [sys.executable, "-c", "from rami.cli import main; main()", "serve"]
            command += ["--host", "127.0.0.1", "--port", str(port), *SERVER]
            if self.database is None:
                command += ["--data", str(self.data)]
            else:
                command += ["--database", self.database, "--redis", self.redis_url]
            self.processes.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))
        for url in self.urls:
            wait_until_up(url)

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        self.processes = []

    def rss(self) -> int:
        return sum(rss_kib(p.pid) for p in self.processes)

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.processes)

    def relayed(self) -> int:
        """Connections the processes relay to another process's table now."""
        total = 0
        for url in self.urls:
            for line in httpx.get(f"{url}/metrics", timeout=30).text.splitlines():
                if line.startswith("rami_relayed_connections "):
                    total += int(float(line.split()[1]))
        return total


def wait_until_up(url: str, timeout: float = 60.0) -> float:
    """Seconds until ``url`` answers ``/api/meta``."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        try:
            if httpx.get(f"{url}/api/meta", timeout=1).status_code == 200:
                return time.monotonic() - began
        except httpx.HTTPError:
            time.sleep(0.02)
    raise SystemExit(f"{url} did not start")


def phase(
    servers: Servers,
    tables: int,
    loaders: int,
    think: tuple[float, float],
    seconds: float,
    placement: str,
) -> dict[str, float]:
    """Seat ``tables`` tables through ``loaders`` processes, measure ``seconds`` of play."""
    context = multiprocessing.get_context("spawn")
    baseline = servers.rss()
    pipes, workers = [], []
    for k in range(loaders):
        parent, child = context.Pipe()
        indexes = list(range(k, tables, loaders))
        work = (servers.urls, indexes, think, placement, child)
        worker = context.Process(target=loader, args=work)
        worker.start()
        pipes.append(parent)
        workers.append(worker)
    for pipe in pipes:
        assert pipe.recv() == "seated"
    seated = servers.rss()
    start = time.monotonic() + WARMUP
    end = start + seconds
    for pipe in pipes:
        pipe.send((start, end))
    time.sleep(max(0.0, start - time.monotonic()))
    server_cpu = servers.cpu()
    loader_cpu = sum(cpu_seconds(w.pid) for w in workers if w.pid is not None)
    time.sleep(max(0.0, end - time.monotonic()))
    server_cpu = servers.cpu() - server_cpu
    loader_cpu = sum(cpu_seconds(w.pid) for w in workers if w.pid is not None) - loader_cpu
    load = os.getloadavg()[0]
    reports = [pipe.recv() for pipe in pipes]
    peak = servers.rss()
    relayed = servers.relayed()
    for pipe in pipes:
        pipe.send("close")
    for worker in workers:
        worker.join(60)
    latencies = sorted(x for r in reports for x in r["latencies"]) or [0.0]
    actions = sum(r["actions"] for r in reports)
    return {
        "tables": tables,
        "held": sum(r["held"] for r in reports),
        "rate": actions / seconds,
        "refused": sum(r["refused"] for r in reports),
        "reseated": sum(r["reseated"] for r in reports),
        "relayed": relayed / (2 * tables),
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "server_cpu": server_cpu / seconds,
        "loader_cpu": loader_cpu / seconds,
        "load": load,
        "kib_per_table": (max(seated, peak) - baseline) / tables,
    }


def measure(
    count: int,
    database: str | None,
    redis_url: str,
    args: argparse.Namespace,
    placement: str = "owner",
) -> dict[str, dict[str, float]]:
    """Both phases on one set-up (``database`` None: the embedded SQLite process)."""
    with tempfile.TemporaryDirectory() as data:
        servers = Servers(count, database, redis_url, Path(data))
        servers.start()
        try:
            busy = phase(servers, args.busy, args.loaders, (0.0, 0.0), args.busy_seconds, placement)
            paced = phase(servers, args.tables, args.loaders, PACED_THINK, args.seconds, placement)
        finally:
            servers.stop()
    label = "SQLite (embedded)" if database is None else "PostgreSQL + Redis"
    print(f"{label} x{count} {placement}: busy {busy}\n  paced {paced}", flush=True)
    return {"busy": busy, "paced": paced}


# --- start-up with stored history ----------------------------------------------------


def finished_template(data: Path) -> None:
    """Store one finished match of a person and a bot (played by the stand-in)."""
    port = free_port()
    command = [sys.executable, "-c", "from rami.cli import main; main()", "serve"]
    command += ["--port", str(port), "--data", str(data), "--grace", "0", "--bot-delay", "0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url)
        body = {"name": "Ana", "preset": "rami51", "seats": 2, "bots": ["random"], "rounds": 2}
        created = httpx.post(f"{url}/api/tables", json=body, timeout=10).json()
        table = created["table"]

        async def start() -> None:
            async with connect(f"ws://127.0.0.1:{port}/ws/{table}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": created["token"]}))
                await ws.send(json.dumps({"type": "start"}))
                while loads(await ws.recv())["type"] != "ack":
                    pass

        asyncio.run(start())
        deadline = time.monotonic() + 120
        while httpx.get(f"{url}/api/tables/{table}", timeout=10).json()["status"] != "finished":
            if time.monotonic() > deadline:
                raise SystemExit("the template match did not finish")
            time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(30)


def copy_history(data: Path, copies: int) -> int:
    """Store ``copies`` copies of the stored match under new ids; returns events per copy."""
    with sqlite3.connect(data / "rami.sqlite3") as db:
        (template,) = db.execute("SELECT id FROM tables").fetchone()
        rows = db.execute(
            "SELECT version, payload FROM events WHERE table_id = ?", (template,)
        ).fetchall()
        columns = [c[1] for c in db.execute("PRAGMA table_info(tables)")]
        (row,) = db.execute("SELECT * FROM tables WHERE id = ?", (template,)).fetchall()
        marks = ",".join("?" * len(columns))
        for k in range(copies):
            table_id = f"history{k}"
            values = [table_id if c == "id" else v for c, v in zip(columns, row, strict=True)]
            db.execute(f"INSERT INTO tables ({','.join(columns)}) VALUES ({marks})", values)
            db.executemany(
                "INSERT INTO events (table_id, version, payload) VALUES (?, ?, ?)",
                [(table_id, version, payload) for version, payload in rows],
            )
    return len(rows)


def start_up(data: Path) -> tuple[float, float]:
    """Seconds until the embedded server answers and its memory then (MiB)."""
    port = free_port()
    command = [sys.executable, "-c", "from rami.cli import main; main()", "serve"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--data", str(data)], stdout=subprocess.DEVNULL
    )
    try:
        seconds = wait_until_up(f"http://127.0.0.1:{port}")
        mib = rss_kib(process.pid) / 1024
        if (data / "rami.sqlite3").exists():
            found = httpx.get(f"http://127.0.0.1:{port}/api/tables/history0", timeout=30)
            assert found.status_code in (200, 404), found.text
    finally:
        process.terminate()
        process.wait(30)
    return seconds, mib


def history_figures(history: int) -> dict[str, float]:
    """Start-up on an empty store and on one with ``history`` stored matches."""
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        empty_s, empty_mib = start_up(Path(empty))
        finished_template(Path(full))
        events = copy_history(Path(full), history)
        size = (Path(full) / "rami.sqlite3").stat().st_size / 2**20
        full_s, full_mib = start_up(Path(full))
    return {
        "history": history,
        "events": events,
        "size_mib": size,
        "empty_s": empty_s,
        "empty_mib": empty_mib,
        "full_s": full_s,
        "full_mib": full_mib,
    }


# --- report ----------------------------------------------------------------------------


def report(
    results: dict[str, dict[str, dict[str, float]]],
    history: dict[str, float] | None,
    command: str,
    relayed: str,
) -> str:
    """The section of docs/PERFORMANCE.md."""
    lines = [
        f"`{command}` — {machine()}, 2 cores shared by the servers, PostgreSQL, Redis and the "
        "load generator (other work on the machine shows in the load average).\n",
        "Busy phase: every client acts as soon as it is its turn (the throughput the servers "
        f"sustain). Paced phase: 2–6 s of thought per action. {relayed}\n",
        "| set-up | busy tables | actions/s | refused | relayed | p50 act→ack | p99 | server CPU "
        "| load-gen CPU | load avg | paced tables held | actions/s | p50 | p99 "
        "| memory per table |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for label, result in results.items():
        busy, paced = result["busy"], result["paced"]
        lines.append(
            f"| {label} | {busy['tables']:.0f} | {busy['rate']:.0f} | {busy['refused']:.0f} | "
            f"{busy['relayed']:.0%} | "
            f"{busy['p50']:.1f} ms | "
            f"{busy['p99']:.1f} ms | {busy['server_cpu']:.2f} cores | "
            f"{busy['loader_cpu']:.2f} cores | {busy['load']:.1f} | "
            f"{paced['held']:.0f}/{paced['tables']:.0f} | {paced['rate']:.0f} | "
            f"{paced['p50']:.1f} ms | {paced['p99']:.1f} ms | {paced['kib_per_table']:.0f} KiB |"
        )
    scaled = {k: v for k, v in results.items() if k.startswith("PostgreSQL")}
    rates = [v["busy"]["rate"] for v in scaled.values()]
    if len(rates) >= 2 and rates[0] > 0:
        ratios = ", ".join(
            f"{label.split('×')[-1].strip()}: {v['busy']['rate'] / rates[0]:.2f}×"
            for label, v in list(scaled.items())[1:]
        )
        lines.append(f"\nBusy throughput against 1 scaled-out process in this run — {ratios}.")
    if history is not None:
        lines += [
            "\nStart-up of the embedded server (to its first answer) and its memory then:\n",
            "| stored tables | store size | start-up | memory |",
            "|---|---|---|---|",
            f"| 0 | 0 MiB | {history['empty_s']:.2f} s | {history['empty_mib']:.0f} MiB |",
            f"| {history['history']:.0f} finished ({history['events']:.0f} events each) | "
            f"{history['size_mib']:.0f} MiB | {history['full_s']:.2f} s | "
            f"{history['full_mib']:.0f} MiB |",
        ]
    return "\n".join(lines) + "\n"


@contextmanager
def shared_database(url: str | None) -> Iterator[str]:
    """``url``, or a new PostgreSQL database dropped afterwards."""
    if url is not None:
        yield url
        return
    name = f"rami_bench_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield ADMIN.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--processes", type=int, choices=(1, 2, 4), default=2)
    parser.add_argument("--database", help="PostgreSQL URL (default: a database of its own)")
    parser.add_argument("--redis", default=REDIS, help="Redis URL (flushed)")
    parser.add_argument("--tables", type=int, default=1000, help="paced tables")
    parser.add_argument("--busy", type=int, default=100, help="busy tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="paced measurement")
    parser.add_argument("--busy-seconds", type=float, default=20.0)
    parser.add_argument("--loaders", type=int, default=2, help="load-generator processes")
    parser.add_argument("--history", type=int, default=5000, help="stored tables (0: skip)")
    parser.add_argument(
        "--placements",
        default="random,routed,split",
        help="where the clients of several processes connect, each measured (see the top)",
    )
    parser.add_argument(
        "--idle",
        help="only measure Redis calls/s of --processes scaled-out processes holding these "
        "counts of idle tables (comma-separated, e.g. 1000,10000)",
    )
    parser.add_argument("--idle-seconds", type=float, default=20.0)
    parser.add_argument("--write", action="store_true", help="Write docs/PERFORMANCE.md.")
    args = parser.parse_args()
    if args.idle:
        idle_main(args)
        return
    args.tables = max(2, min(args.tables, MAX_TABLES))
    args.busy = max(2, min(args.busy, MAX_TABLES))
    args.seconds = max(5.0, min(args.seconds, MAX_SECONDS))
    args.busy_seconds = max(5.0, min(args.busy_seconds, MAX_SECONDS))
    args.loaders = max(1, min(args.loaders, 8))
    raise_file_limit(8 * (args.tables + args.busy) + 1024)
    placements = [p for p in PLACEMENTS if p in args.placements.split(",")] or ["random"]
    counts = [n for n in (1, 2, 4) if n <= args.processes]
    results = {"SQLite (embedded) × 1": measure(1, None, args.redis, args)}
    for count in counts:
        for placement in placements if count > 1 else ["owner"]:
            label = f"PostgreSQL + Redis × {count}" + (f", {placement}" if count > 1 else "")
            # A new database each time: an earlier set-up's matches in play would be orphans
            # the next set-up's processes take over.
            with shared_database(args.database) as database:
                results[label] = measure(count, database, args.redis, args, placement)
    history = None
    if args.history > 0:
        history = history_figures(min(args.history, MAX_HISTORY))
    command = (
        f"python3 benchmarks/server_load.py --processes {args.processes} --tables {args.tables} "
        f"--busy {args.busy} --seconds {args.seconds:g} --busy-seconds {args.busy_seconds:g} "
        f"--loaders {args.loaders} --history {args.history} --placements {','.join(placements)}"
    )
    relayed = (
        f"Clients run in {args.loaders} load-generator processes. With several server "
        "processes, where they connect: "
        + " ".join(f"*{p}*: {PLACED[p]}" for p in placements)
        + " *relayed*: the share of connections still relayed to another process at the end."
    )
    publish("server", report(results, history, command, relayed), args.write)


def idle_main(args: argparse.Namespace) -> None:
    """``--idle``: Redis traffic of processes holding idle tables (see :mod:`_idle`)."""
    counts = [int(n) for n in args.idle.split(",")]
    raise_file_limit(4096)

    @contextmanager
    def servers() -> Iterator[list[str]]:
        with shared_database(args.database) as database, tempfile.TemporaryDirectory() as data:
            running = Servers(args.processes, database, args.redis, Path(data))
            running.start()
            try:
                yield running.urls
            finally:
                running.stop()

    rows = idle_figures(counts, args.idle_seconds, args.redis, servers)
    command = (
        f"python3 benchmarks/server_load.py --processes {args.processes} --idle {args.idle} "
        f"--idle-seconds {args.idle_seconds:g}"
    )
    publish("server-idle", idle_report(rows, args.processes, command, machine()), args.write)


if __name__ == "__main__":
    main()

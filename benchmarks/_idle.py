"""Redis traffic of scaled-out processes holding idle tables (``server_load.py --idle``).

Each count of tables is created (waiting for players, nobody connected, spread over the
processes), then Redis's ``INFO commandstats`` is read before and after ``seconds`` of quiet:
the calls per second are what the processes spend on keeping their tables (liveness, sweeps).
A first measurement with no server process shows what the rest of the machine sends to the
same Redis server (its figures are server-wide).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import httpx
import redis

CREATE_PARALLEL = 32
"""Table creations in flight at once."""


def command_calls(client: redis.Redis) -> dict[str, int]:
    """Calls per command since Redis started (``INFO commandstats``)."""
    stats: dict[str, Any] = client.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(value["calls"]) for name, value in stats.items()}


def redis_rate(client: redis.Redis, seconds: float) -> tuple[float, dict[str, float]]:
    """Redis calls per second over ``seconds`` (all, and by command), the INFO calls aside."""
    before = command_calls(client)
    time.sleep(seconds)
    after = command_calls(client)
    by_command = {
        name: (calls - before.get(name, 0)) / seconds
        for name, calls in after.items()
        if name != "info" and calls > before.get(name, 0)
    }
    return sum(by_command.values()), by_command


async def create_tables(urls: list[str], count: int) -> None:
    """``count`` waiting tables, table ``i`` created on process ``i mod len(urls)``."""
    body = {"name": "Host", "preset": "rami51", "seats": 2, "rounds": 50}
    todo = iter(range(count))

    async def creator(http: httpx.AsyncClient) -> None:
        for index in todo:
            url = urls[index % len(urls)]
            response = await http.post(f"{url}/api/tables", json=body)
            response.raise_for_status()

    async with httpx.AsyncClient(timeout=120) as http:
        await asyncio.gather(*(creator(http) for _ in range(CREATE_PARALLEL)))


def idle_figures(
    counts: list[int],
    seconds: float,
    redis_url: str,
    servers: Callable[[], AbstractContextManager[list[str]]],
) -> list[dict[str, Any]]:
    """One row per count of idle tables (0: no server running), each on fresh servers."""
    client = redis.Redis.from_url(redis_url)
    total, by_command = redis_rate(client, seconds)
    rows: list[dict[str, Any]] = [{"tables": 0, "ops": total, "by_command": by_command}]
    print(f"idle: background {total:.0f} Redis calls/s", flush=True)
    for count in counts:
        with servers() as urls:
            began = time.monotonic()
            asyncio.run(create_tables(urls, count))
            created_s = time.monotonic() - began
            time.sleep(2.0)  # the last creations' first renewals settle
            total, by_command = redis_rate(client, seconds)
        rows.append({"tables": count, "ops": total, "by_command": by_command})
        print(
            f"idle: {count} tables (created in {created_s:.0f} s): {total:.0f} calls/s "
            f"{ {k: round(v) for k, v in sorted(by_command.items())} }",
            flush=True,
        )
    return rows


def idle_report(rows: list[dict[str, Any]], processes: int, command: str, machine: str) -> str:
    """The block of docs/PERFORMANCE.md."""
    lines = [
        f"`{command}` — {machine}; {processes} scaled-out processes on one PostgreSQL and one "
        "Redis, tables waiting for players with nobody connected. Redis calls per second from "
        "`INFO commandstats` deltas (server-wide: the first row is the rest of the machine).\n",
        "| idle tables | Redis calls/s | by command |",
        "|---|---|---|",
    ]
    for row in rows:
        commands = ", ".join(
            f"{name.replace('|', ' ')} {rate:.0f}"
            for name, rate in sorted(row["by_command"].items())
            if rate >= 1
        )
        label = "none (no server)" if row["tables"] == 0 else f"{row['tables']:,}"
        lines.append(f"| {label} | {row['ops']:.0f} | {commands or '—'} |")
    return "\n".join(lines) + "\n"

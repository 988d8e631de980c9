"""``rami worker``: the scaled-out mode's review worker, a process kind of its own.

It takes review jobs from the queue the ``rami serve`` processes fill (SAQ, on the shared
Redis or PostgreSQL: setting ``reviews.queue``), computes each in one of ``--processes``
worker processes and stores the report in the shared database (docs/DEPLOY.md)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import require_modules, scale_modules


def worker(
    settings_file: Annotated[
        Path | None,
        typer.Option("--settings", metavar="FILE", help="TOML settings file (as for rami serve)."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="RAMI_DATABASE_URL",
            help="The shared PostgreSQL (postgresql://USER@HOST:PORT/DB) (setting "
            "storage.database).",
            show_default=False,
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="RAMI_REDIS_URL",
            help="The shared Redis (redis://HOST:PORT/N) (setting storage.redis).",
            show_default=False,
        ),
    ] = None,
    queue: Annotated[
        str | None,
        typer.Option(
            metavar="KIND",
            help="Where the review queue is: redis or postgres (setting reviews.queue).",
            show_default=False,
        ),
    ] = None,
    processes: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Reviews computed at once, each in a process (setting reviews.processes).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run review jobs for the rami serve processes of a scaled-out deployment."""
    from rami.server.messages.settings import ServerSettings, SettingsError

    given = {"database": database, "redis": redis}
    reviews = {"queue": queue, "processes": processes}
    try:
        settings = ServerSettings.load(
            settings_file,
            storage={k: v for k, v in given.items() if v is not None},
            reviews={k: v for k, v in reviews.items() if v is not None},
        )
    except SettingsError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    storage = settings.storage
    if storage.database is None or (settings.reviews.queue == "redis" and storage.redis is None):
        typer.echo("error: rami worker needs --database, and --redis for a Redis queue", err=True)
        raise typer.Exit(2)
    require_modules([*scale_modules(storage.database, storage.redis), "saq"], "rami worker")
    from rami.server.cluster.review_queue import review_worker

    logging.basicConfig(level=logging.WARNING)
    found = review_worker(settings, settings.reviews.processes)
    where = settings.reviews.queue
    typer.echo(f"Rami worker: {settings.reviews.processes} process(es), queue on {where}")
    asyncio.run(found.start())


def register(app: typer.Typer) -> None:
    """Add ``worker`` to ``app``."""
    app.command("worker")(worker)

"""``rami serve``: the multiplayer web app on one machine, tables kept in SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import require_modules, scale_modules
from rami.server.messages.limits import Limits

_DEFAULT = Limits()


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data: Annotated[Path, typer.Option("--data", help="Directory of the SQLite database.")] = Path(
        "rami-data"
    ),
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="Seconds a bot waits before each action.")
    ] = 0.8,
    grace: Annotated[
        float, typer.Option(help="Seconds a player may be away before a bot plays for them.")
    ] = 30.0,
    archive_after: Annotated[
        float,
        typer.Option(
            "--archive-after",
            help="Seconds a finished table nobody is connected to stays in memory (it is "
            "reloaded from the store when asked for).",
        ),
    ] = 600.0,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Check that every stored table restores, list the broken ones, and exit "
            "(non-zero when one is broken); serves nothing.",
        ),
    ] = False,
    body_bytes: Annotated[
        int, typer.Option(min=256, help="Largest HTTP request body (bytes).")
    ] = _DEFAULT.body_bytes,
    message_bytes: Annotated[
        int, typer.Option(min=256, help="Largest websocket message read (bytes).")
    ] = _DEFAULT.message_bytes,
    frame_bytes: Annotated[
        int, typer.Option(min=1024, help="Largest websocket frame; larger closes (bytes).")
    ] = _DEFAULT.frame_bytes,
    connections_per_table: Annotated[
        int, typer.Option(min=1, help="Open websockets per table.")
    ] = _DEFAULT.connections_per_table,
    spectators_per_table: Annotated[
        int, typer.Option(min=0, help="Spectators per table.")
    ] = _DEFAULT.spectators_per_table,
    creates_per_minute: Annotated[
        float, typer.Option(min=0.0, help="Tables one address may create per minute.")
    ] = _DEFAULT.creates_per_minute,
    create_burst: Annotated[
        int, typer.Option(min=1, help="Tables one address may create at once.")
    ] = _DEFAULT.create_burst,
    messages_per_second: Annotated[
        float, typer.Option(min=0.0, help="Websocket messages per connection per second.")
    ] = _DEFAULT.messages_per_second,
    message_burst: Annotated[
        int, typer.Option(min=1, help="Websocket messages a connection may send at once.")
    ] = _DEFAULT.message_burst,
    chat_per_minute: Annotated[
        float, typer.Option(min=0.0, help="Chat lines per connection per minute.")
    ] = _DEFAULT.chat_per_minute,
    chat_burst: Annotated[
        int, typer.Option(min=1, help="Chat lines a connection may send at once.")
    ] = _DEFAULT.chat_burst,
    database: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="RAMI_DATABASE_URL",
            help="Shared database of the scaled-out mode (postgresql://USER@HOST:PORT/DB); "
            "needs --redis.",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="RAMI_REDIS_URL",
            help="Shared Redis of the scaled-out mode (redis://HOST:PORT/N); needs --database.",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(min=1, metavar="N", help="Processes on this port (scaled-out mode only)."),
    ] = 1,
    lease: Annotated[
        float,
        typer.Option(
            min=0.5,
            metavar="SECONDS",
            help="Scaled-out mode: how long a heartbeat keeps a process alive.",
        ),
    ] = 3.0,
) -> None:
    """Serve the web app: create tables, invite friends, add bots, play in the browser."""
    require_modules(scale_modules(database, redis), "the scaled-out mode (--database, --redis)")
    if check:
        raise typer.Exit(check_store(data, database, redis))
    import uvicorn

    from rami.server import Settings, create_app
    from rami.server.store.sql_store import SqliteStorage

    limits = Limits(
        body_bytes=body_bytes,
        message_bytes=message_bytes,
        frame_bytes=frame_bytes,
        connections_per_table=connections_per_table,
        spectators_per_table=spectators_per_table,
        creates_per_minute=creates_per_minute,
        create_burst=create_burst,
        messages_per_second=messages_per_second,
        message_burst=message_burst,
        chat_per_minute=chat_per_minute,
        chat_burst=chat_burst,
    )
    settings = Settings(bot_delay=bot_delay, grace=grace, archive_after=archive_after)
    run = {"host": host, "port": port, "log_level": "warning", "ws_max_size": limits.frame_bytes}
    if (database is None) != (redis is None):
        typer.echo("error: the scaled-out mode needs both --database and --redis", err=True)
        raise typer.Exit(2)
    if database is None or redis is None:
        if workers > 1:
            typer.echo("error: --workers needs --database and --redis", err=True)
            raise typer.Exit(2)
        app = create_app(SqliteStorage(data), settings, limits=limits)
        typer.echo(f"Rami: http://{host}:{port}/  (data in {data.resolve()})")
        uvicorn.run(app, **run)  # type: ignore[arg-type]
        return
    from rami.server.cluster.placement import ClusterTiming
    from rami.server.cluster.scaled import export_options, scaled_app
    from rami.server.store.database import upgrade_url

    upgrade_url(database)  # once, before the workers open the database
    timing = ClusterTiming(lease=lease)
    typer.echo(f"Rami: http://{host}:{port}/  ({workers} process(es), shared database and Redis)")
    if workers == 1:
        uvicorn.run(scaled_app(database, redis, settings, limits, timing), **run)  # type: ignore[arg-type]
        return
    export_options(database, redis, settings, limits, timing)
    target = "rami.server.cluster.scaled:app_from_environment"
    uvicorn.run(target, factory=True, workers=workers, **run)  # type: ignore[arg-type]


def check_store(data: Path, database: str | None = None, redis: str | None = None) -> int:
    """Print each stored table that does not restore; returns the exit code (0: all restore).

    The tables are those of ``database`` when it is given, else of the SQLite store in
    ``data``; ``redis``, when given, must answer a ping.
    """
    from rami.server.social.lobby import check_store as check_tables
    from rami.server.store.sql_store import DB_NAME, SqliteStorage, SqlStorage
    from rami.server.tables.state import Settings

    if redis is not None and not _redis_answers(redis):
        return 1
    if database is not None:
        try:
            storage: SqlStorage = SqlStorage(database)
        except Exception as error:  # an unreachable or malformed database is reported
            typer.echo(f"cannot open the database {database}: {_first_line(error)}", err=True)
            return 1
    elif not (data / DB_NAME).is_file():
        typer.echo(f"no store at {data / DB_NAME}", err=True)
        return 1
    else:
        storage = SqliteStorage(data)
    try:
        count, broken = check_tables(storage, Settings())
    finally:
        storage.shutdown()
    for table_id, reason in broken.items():
        typer.echo(f"BROKEN {table_id}: {reason}")
    typer.echo(f"{count} tables stored, {count - len(broken)} restore, {len(broken)} broken")
    return 1 if broken else 0


def _redis_answers(url: str) -> bool:
    """True when the Redis at ``url`` answers a ping (else the reason is printed)."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=5)
    try:
        client.ping()
    except (redis.RedisError, ValueError) as error:
        typer.echo(f"Redis at {url} does not answer: {_first_line(error)}", err=True)
        return False
    finally:
        client.close()
    typer.echo(f"Redis at {url} answers")
    return True


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve)

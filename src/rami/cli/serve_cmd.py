"""``rami serve``: the multiplayer web app on one machine, tables kept in SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rami.server.limits import Limits

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
) -> None:
    """Serve the web app: create tables, invite friends, add bots, play in the browser."""
    if check:
        raise typer.Exit(check_store(data))
    import uvicorn

    from rami.server import Settings, create_app
    from rami.server.sql_store import SqliteStorage

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
    )
    settings = Settings(bot_delay=bot_delay, grace=grace, archive_after=archive_after)
    app = create_app(SqliteStorage(data), settings, limits=limits)
    typer.echo(f"Rami: http://{host}:{port}/  (data in {data.resolve()})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=limits.frame_bytes)


def check_store(data: Path) -> int:
    """Print each stored table that does not restore; returns the exit code (0: all restore)."""
    from rami.server.lobby import check_store as check_tables
    from rami.server.sql_store import DB_NAME, SqliteStorage
    from rami.server.table import Settings

    if not (data / DB_NAME).is_file():
        typer.echo(f"no store at {data / DB_NAME}", err=True)
        return 1
    storage = SqliteStorage(data)
    try:
        count, broken = check_tables(storage, Settings())
    finally:
        storage.shutdown()
    for table_id, reason in broken.items():
        typer.echo(f"BROKEN {table_id}: {reason}")
    typer.echo(f"{count} tables stored, {count - len(broken)} restore, {len(broken)} broken")
    return 1 if broken else 0


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve)

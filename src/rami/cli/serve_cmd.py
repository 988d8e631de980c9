"""``rami serve``: the multiplayer web app on one machine, tables kept in SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


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
) -> None:
    """Serve the web app: create tables, invite friends, add bots, play in the browser."""
    if check:
        raise typer.Exit(check_store(data))
    import uvicorn

    from rami.server import Settings, create_app
    from rami.server.sql_store import SqliteStorage

    settings = Settings(bot_delay=bot_delay, grace=grace, archive_after=archive_after)
    app = create_app(SqliteStorage(data), settings)
    typer.echo(f"Rami: http://{host}:{port}/  (data in {data.resolve()})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)


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

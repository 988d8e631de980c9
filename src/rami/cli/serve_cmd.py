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
) -> None:
    """Serve the web app: create tables, invite friends, add bots, play in the browser."""
    import uvicorn

    from rami.server import Settings, create_app
    from rami.server.sqlite_store import SqliteStorage

    app = create_app(SqliteStorage(data), Settings(bot_delay=bot_delay, grace=grace))
    typer.echo(f"Rami: http://{host}:{port}/  (data in {data.resolve()})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve)

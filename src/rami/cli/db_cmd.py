"""``rami db``: create or upgrade the server's database schema."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import require_modules, scale_modules

db_app = typer.Typer(help="The server's database: schema migrations.", no_args_is_help=True)

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        envvar="RAMI_DATABASE_URL",
        help="A shared database, e.g. postgresql://USER@HOST:5432/DB (or RAMI_DATABASE_URL).",
    ),
]
DataOption = Annotated[
    Path, typer.Option("--data", metavar="DIR", help="Directory of the embedded SQLite database.")
]


def _url(database: str | None, data: Path) -> str:
    from rami.server.database import sqlite_url

    require_modules(scale_modules(database, None), "a PostgreSQL database")
    return database or sqlite_url(data)


@db_app.command("upgrade")
def upgrade_cmd(database: DatabaseOption = None, data: DataOption = Path("rami-data")) -> None:
    """Bring the database to the newest schema (the embedded one is upgraded by rami serve)."""
    from rami.server.database import upgrade_url

    typer.echo(f"database at revision {upgrade_url(_url(database, data))}")


@db_app.command("current")
def current_cmd(database: DatabaseOption = None, data: DataOption = Path("rami-data")) -> None:
    """Print the schema revision of the database and the newest one."""
    from rami.server.database import DB_NAME, head_revision, revision_at

    if database is None and not (data / DB_NAME).is_file():
        current = None  # no embedded database yet: nothing is created to find that out
    else:
        current = revision_at(_url(database, data))
    typer.echo(f"database at revision {current or 'none'} (newest: {head_revision()})")


def register(app: typer.Typer) -> None:
    """Add ``db`` to ``app``."""
    app.add_typer(db_app, name="db")

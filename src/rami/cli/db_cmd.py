"""``rami db``: create or upgrade the server's database schema."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import fail, require_modules, scale_modules

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


def database_url(database: str | None, data: Path) -> str:
    from rami.server.store.database import sqlite_url

    require_modules(scale_modules(database, None), "a PostgreSQL database")
    return database or sqlite_url(data)


@db_app.command("upgrade")
def upgrade_cmd(database: DatabaseOption = None, data: DataOption = Path("rami-data")) -> None:
    """Bring the database to the newest schema (the embedded one is upgraded by rami serve)."""
    from rami.server.store.database import upgrade_url

    url = database_url(database, data)
    typer.echo(f"database at revision {_reached(upgrade_url, url)}")


@db_app.command("current")
def current_cmd(database: DatabaseOption = None, data: DataOption = Path("rami-data")) -> None:
    """Print the schema revision of the database and the newest one."""
    from rami.server.store.database import DB_NAME, head_revision, revision_at

    if database is None and not (data / DB_NAME).is_file():
        current = None  # no embedded database yet: nothing is created to find that out
    else:
        current = _reached(revision_at, database_url(database, data))
    typer.echo(f"database at revision {current or 'none'} (newest: {head_revision()})")


def _reached(operation: Callable[[str], str | None], url: str) -> str | None:
    """``operation(url)``, or exit 2 saying why the database cannot be used."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    try:
        return operation(url)
    except (ArgumentError, NoSuchModuleError) as error:
        fail("bad_database_url", f"not a database URL this server knows: {error}", False)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        fail("database_unreachable", f"cannot use the database: {reason}", False)


def register(app: typer.Typer) -> None:
    """Add ``db`` to ``app``."""
    app.add_typer(db_app, name="db")

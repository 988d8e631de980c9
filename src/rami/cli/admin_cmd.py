"""``rami admin``: give or take an account's role (``moderator``) in the server's database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import fail
from rami.cli.db_cmd import DatabaseOption, DataOption, database_url

admin_app = typer.Typer(help="The server's accounts: roles.", no_args_is_help=True)

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The account's name.")]
RoleArgument = Annotated[str, typer.Argument(metavar="ROLE", help="The role: moderator.")]


def _change(name: str, role: str, grant: bool, database: str | None, data: Path) -> None:
    from sqlalchemy.exc import SQLAlchemyError

    from rami.accounts import AccountStore
    from rami.server.social.moderation import Moderation, SafetyRefusal
    from rami.server.store.database import upgrade_url

    url = database_url(database, data)
    try:
        if database is None:
            upgrade_url(url)  # the embedded database, as rami serve would
        store = AccountStore(url, create=False, workers=1)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        fail("database_unreachable", f"cannot use the database: {reason}", False)
    try:
        moderation = Moderation(store)
        if grant:
            typer.echo(f"{moderation.grant(name, role)} is a {role} now")
        elif moderation.revoke(name, role):
            typer.echo(f"{name} is no {role} any more")
        else:
            typer.echo(f"{name} was no {role}")
    except SafetyRefusal as refusal:
        fail(refusal.code, refusal.message, False)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        fail("database_unreachable", f"cannot use the database (rami db upgrade?): {reason}", False)
    finally:
        store.close()


@admin_app.command("grant")
def grant_cmd(
    name: NameArgument,
    role: RoleArgument,
    database: DatabaseOption = None,
    data: DataOption = Path("rami-data"),
) -> None:
    """Give ROLE to the account NAME (the server reads roles at once, no restart)."""
    _change(name, role, True, database, data)


@admin_app.command("revoke")
def revoke_cmd(
    name: NameArgument,
    role: RoleArgument,
    database: DatabaseOption = None,
    data: DataOption = Path("rami-data"),
) -> None:
    """Take ROLE from the account NAME."""
    _change(name, role, False, database, data)


def register(app: typer.Typer) -> None:
    """Add ``admin`` to ``app``."""
    app.add_typer(admin_app, name="admin")

"""``rami serve``: the multiplayer web app, tables in SQLite (embedded) or in a shared
PostgreSQL and Redis (scaled out). Its settings are one
:class:`~rami.server.messages.settings.ServerSettings`: flags over ``RAMI_*`` variables over a
settings file over the defaults (docs/DEPLOY.md)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rami.cli.common import require_modules, scale_modules

if TYPE_CHECKING:
    from rami.server.messages.settings import ServerSettings
    from rami.server.store.sql_store import SqlStorage


def _flag(setting: str, text: str, **extra: Any) -> Any:
    return typer.Option(help=f"{text} [setting {setting}]", show_default=False, **extra)


FLAGS = {
    "host": "listen.host",
    "port": "listen.port",
    "workers": "listen.workers",
    "data": "storage.data",
    "database": "storage.database",
    "redis": "storage.redis",
    "bot_delay": "timers.bot_delay",
    "grace": "timers.grace",
    "archive_after": "timers.archive_after",
    "lease": "cluster.lease",
    "allowed_origin": "security.allowed_origins",
    "secure_cookies": "security.secure_cookies",
    "proxy_header": "security.proxy_header",
    "body_bytes": "limits.body_bytes",
    "message_bytes": "limits.message_bytes",
    "frame_bytes": "limits.frame_bytes",
    "connections_per_table": "limits.connections_per_table",
    "spectators_per_table": "limits.spectators_per_table",
    "creates_per_minute": "limits.creates_per_minute",
    "create_burst": "limits.create_burst",
    "messages_per_second": "limits.messages_per_second",
    "message_burst": "limits.message_burst",
    "chat_per_minute": "limits.chat_per_minute",
    "chat_burst": "limits.chat_burst",
}
"""Each flag of ``rami serve`` and the setting it sets."""


def serve(
    settings_file: Annotated[
        Path | None,
        typer.Option(
            "--settings",
            metavar="FILE",
            help="TOML settings file (default: the file RAMI_SETTINGS_FILE names).",
        ),
    ] = None,
    print_settings: Annotated[
        bool,
        typer.Option(
            "--print-settings",
            help="Print the effective settings (as a settings file, no passwords) and exit.",
        ),
    ] = False,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Check that every stored table restores, list the broken ones, and exit "
            "(non-zero when one is broken); serves nothing.",
        ),
    ] = False,
    assignments: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="GROUP.NAME=VALUE",
            help="Set any setting (a JSON value, else text), e.g. limits.hello_seconds=5; "
            "repeatable; the named flags win over it.",
        ),
    ] = None,
    host: Annotated[str | None, _flag(FLAGS["host"], "Address to listen on.")] = None,
    port: Annotated[int | None, _flag(FLAGS["port"], "Port to listen on.")] = None,
    workers: Annotated[
        int | None, _flag(FLAGS["workers"], "Processes on this port (scaled out).", metavar="N")
    ] = None,
    data: Annotated[
        Path | None, _flag(FLAGS["data"], "Directory of the SQLite database.", metavar="DIR")
    ] = None,
    database: Annotated[
        str | None,
        _flag(
            FLAGS["database"],
            "Shared database of the scaled-out mode (postgresql://USER@HOST:PORT/DB); "
            "needs --redis.",
            metavar="URL",
            envvar="RAMI_DATABASE_URL",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        _flag(
            FLAGS["redis"],
            "Shared Redis of the scaled-out mode (redis://HOST:PORT/N); needs --database.",
            metavar="URL",
            envvar="RAMI_REDIS_URL",
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, _flag(FLAGS["bot_delay"], "Seconds a bot waits before each action.")
    ] = None,
    grace: Annotated[
        float | None,
        _flag(FLAGS["grace"], "Seconds a player may be away before a bot plays for them."),
    ] = None,
    archive_after: Annotated[
        float | None,
        _flag(FLAGS["archive_after"], "Seconds an idle table nobody watches stays in memory."),
    ] = None,
    lease: Annotated[
        float | None,
        _flag(
            FLAGS["lease"],
            "Scaled out: how long a heartbeat keeps a process alive.",
            metavar="SECONDS",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        _flag(
            FLAGS["allowed_origin"],
            "Another origin (https://host) whose pages may call the server; repeatable.",
            metavar="ORIGIN",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool | None,
        _flag(
            FLAGS["secure_cookies"],
            "Mark cookies Secure (default: when the request came over https).",
        ),
    ] = None,
    proxy_header: Annotated[
        str | None,
        _flag(
            FLAGS["proxy_header"],
            "Header a trusted reverse proxy puts the client's address in (X-Forwarded-For).",
            metavar="HEADER",
        ),
    ] = None,
    body_bytes: Annotated[
        int | None, _flag(FLAGS["body_bytes"], "Largest HTTP request body (bytes).")
    ] = None,
    message_bytes: Annotated[
        int | None, _flag(FLAGS["message_bytes"], "Largest websocket message read (bytes).")
    ] = None,
    frame_bytes: Annotated[
        int | None, _flag(FLAGS["frame_bytes"], "Largest websocket frame (bytes).")
    ] = None,
    connections_per_table: Annotated[
        int | None, _flag(FLAGS["connections_per_table"], "Open websockets per table.")
    ] = None,
    spectators_per_table: Annotated[
        int | None, _flag(FLAGS["spectators_per_table"], "Spectators per table.")
    ] = None,
    creates_per_minute: Annotated[
        float | None, _flag(FLAGS["creates_per_minute"], "Tables one address creates per minute.")
    ] = None,
    create_burst: Annotated[
        int | None, _flag(FLAGS["create_burst"], "Tables one address may create at once.")
    ] = None,
    messages_per_second: Annotated[
        float | None, _flag(FLAGS["messages_per_second"], "Messages per connection per second.")
    ] = None,
    message_burst: Annotated[
        int | None, _flag(FLAGS["message_burst"], "Messages a connection may send at once.")
    ] = None,
    chat_per_minute: Annotated[
        float | None, _flag(FLAGS["chat_per_minute"], "Chat lines per connection per minute.")
    ] = None,
    chat_burst: Annotated[
        int | None, _flag(FLAGS["chat_burst"], "Chat lines a connection may send at once.")
    ] = None,
) -> None:
    """Serve the web app: create tables, invite friends, add bots, play in the browser."""
    given = {name: value for name, value in locals().items() if name in FLAGS}
    settings = _load(settings_file, given, assignments or [])
    if print_settings:
        typer.echo(settings.shown(), nl=False)
        return
    storage = settings.storage
    require_modules(
        scale_modules(storage.database, storage.redis), "the scaled-out mode (--database, --redis)"
    )
    if check:
        raise typer.Exit(check_store(storage.data, storage.database, storage.redis))
    if (storage.database is None) != (storage.redis is None):
        typer.echo("error: the scaled-out mode needs both --database and --redis", err=True)
        raise typer.Exit(2)
    if not settings.scaled and settings.listen.workers > 1:
        typer.echo("error: --workers needs --database and --redis", err=True)
        raise typer.Exit(2)
    _run(settings)


def _load(file: Path | None, given: dict[str, Any], assignments: list[str]) -> ServerSettings:
    """The effective settings with ``--set`` ``assignments`` and then the flags ``given``
    (None: not given) on top."""
    from rami.server.messages.settings import ServerSettings, SettingsError

    groups: dict[str, dict[str, Any]] = {}
    for assignment in assignments:
        key, equals, text = assignment.partition("=")
        group, dot, name = key.strip().partition(".")
        if not equals or not dot or not group or not name:
            typer.echo(f"error: --set {assignment!r}: write GROUP.NAME=VALUE", err=True)
            raise typer.Exit(2)
        groups.setdefault(group, {})[name] = _value(text)
    for flag, value in given.items():
        if value is not None and value != []:
            group, name = FLAGS[flag].split(".")
            groups.setdefault(group, {})[name] = value
    try:
        return ServerSettings.load(file, **groups)
    except SettingsError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None


def _value(text: str) -> Any:
    """``text`` read as JSON (a number, a list, an object, true), else as itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


READY = "Rami: ready"
"""The line ``serve`` prints once it accepts connections (one process; a script can wait
for it)."""


def _serve(app: Any, run: dict[str, Any]) -> None:
    """Serve ``app`` in this process, printing :data:`READY` once it accepts connections."""
    import socket

    import uvicorn

    class Announcing(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                typer.echo(READY)

    server = Announcing(uvicorn.Config(app, **run))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        raise typer.Exit(3)  # (uvicorn's exit status when it cannot start)


def _run(settings: ServerSettings) -> None:
    import uvicorn

    listen, storage = settings.listen, settings.storage
    run: dict[str, Any] = {
        "host": listen.host,
        "port": listen.port,
        "log_level": "warning",
        "ws_max_size": settings.limits.frame_bytes,
    }
    where = f"http://{listen.host}:{listen.port}/"
    if not settings.scaled:
        from rami.server.edge.configured import settings_app
        from rami.server.store.sql_store import SqliteStorage

        opened = _open_store(lambda: SqliteStorage(storage.data), f"the store in {storage.data}")
        typer.echo(f"Rami: {where}  (data in {storage.data.resolve()})")
        _serve(settings_app(settings, opened), run)
        return
    from rami.server.cluster.scaled import export_settings, scaled_app
    from rami.server.store.database import upgrade_url

    assert storage.database is not None
    upgrade_url(storage.database)  # once, before the workers open the database
    typer.echo(f"Rami: {where}  ({listen.workers} process(es), shared database and Redis)")
    if listen.workers == 1:
        _serve(scaled_app(settings), run)
        return
    export_settings(settings)
    target = "rami.server.cluster.scaled:app_from_environment"
    uvicorn.run(target, factory=True, workers=listen.workers, **run)


def _open_store(opener: Any, what: str) -> SqlStorage:
    """The store ``opener`` opens, or (its reason on one line) exit 1."""
    try:
        storage: SqlStorage = opener()
    except Exception as error:  # a corrupt or unreadable store is reported, not traced
        typer.echo(f"cannot open {what}: {_reason(error)}", err=True)
        raise typer.Exit(1) from None
    return storage


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
    try:
        if database is not None:
            storage = _open_store(lambda: SqlStorage(database), f"the database {database}")
        elif not (data / DB_NAME).is_file():
            typer.echo(f"no store at {data / DB_NAME}", err=True)
            return 1
        else:
            storage = _open_store(lambda: SqliteStorage(data), f"the store {data / DB_NAME}")
    except typer.Exit as failed:
        return int(failed.exit_code)
    try:
        count, broken = check_tables(storage, Settings())
    except Exception as error:  # a store that opens but cannot be read
        typer.echo(f"cannot read the stored tables: {_reason(error)}", err=True)
        return 1
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
        typer.echo(f"Redis at {url} does not answer: {_reason(error)}", err=True)
        return False
    finally:
        client.close()
    typer.echo(f"Redis at {url} answers")
    return True


def _reason(error: BaseException) -> str:
    """The first line of ``error``, the driver's own words when SQLAlchemy wraps them."""
    cause = getattr(error, "orig", None) or error
    text = str(cause).strip()
    return text.splitlines()[0] if text else type(cause).__name__


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve)

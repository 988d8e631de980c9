"""The settings of ``rami serve``, in one object: :class:`ServerSettings`.

Read, the later winning, from the defaults here, a TOML settings file (``--settings FILE`` or
``RAMI_SETTINGS_FILE``; one table per group), environment variables ``RAMI_<GROUP>__<NAME>``
(``RAMI_LIMITS__BODY_BYTES=32768``; lists and windows as JSON) and the flags of ``rami serve``.
docs/DEPLOY.md lists every setting. The workers of ``--workers`` receive the same object through
:meth:`ServerSettings.environment` (the parent's effective settings as those variables).
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from rami.server.messages.limits import Limits

ENV_PREFIX = "RAMI_"
NESTED = "__"
SETTINGS_FILE = "RAMI_SETTINGS_FILE"
"""The environment variable naming the settings file (the ``--settings`` flag wins)."""


class _Group(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ListenSettings(_Group):
    """Where the server listens and how many processes share the port."""

    host: str = "127.0.0.1"
    """Address to listen on."""
    port: Annotated[int, Field(ge=0, le=65_535)] = 8000
    """Port to listen on."""
    workers: Annotated[int, Field(ge=1)] = 1
    """Processes on this port (scaled-out mode only)."""


class StorageSettings(_Group):
    """Where tables and accounts are kept."""

    data: Path = Path("rami-data")
    """Directory of the SQLite database (embedded mode)."""
    database: str | None = None
    """Shared PostgreSQL of the scaled-out mode (``postgresql://USER@HOST:PORT/DB``)."""
    redis: str | None = None
    """Shared Redis of the scaled-out mode (``redis://HOST:PORT/N``)."""


class TimerSettings(_Group):
    """Seconds the tables wait."""

    bot_delay: Annotated[float, Field(ge=0)] = 0.8
    """Seconds a bot waits before each action."""
    grace: Annotated[float, Field(ge=0)] = 30.0
    """Seconds a player may be away before a bot plays for them."""
    archive_after: Annotated[float, Field(gt=0)] = 600.0
    """Seconds a finished (or idle waiting) table nobody is connected to stays in memory."""


class ClusterSettings(_Group):
    """The scaled-out mode's leases and sweep."""

    lease: Annotated[float, Field(ge=0.5)] = 3.0
    """How long a heartbeat keeps a process alive (renewed every third of it)."""
    sweep: Annotated[float, Field(gt=0)] = 1.0
    """Seconds between looks for tables without an owner."""
    sweep_batch: Annotated[int, Field(ge=1)] = 200
    """Tables without an owner taken over per sweep."""


class ReviewSettings(_Group):
    """The game reviews' jobs."""

    processes: Annotated[int, Field(ge=1, le=64)] = 1
    """Embedded: worker processes ``rami serve`` starts for reviews (on first use)."""
    daily: Annotated[int, Field(ge=0)] = 20
    """Reviews an account may have computed per UTC day (stored reviews are free)."""
    queue: Literal["redis", "postgres"] = "redis"
    """Scaled out: the job queue ``rami worker`` reads, on the deployment's Redis or
    PostgreSQL."""


class SecuritySettings(_Group):
    """Who may call the server and how its cookies and client addresses are read."""

    allowed_origins: tuple[str, ...] = ()
    """Other origins (``https://host``) whose pages may call the API and open websockets."""
    secure_cookies: bool | None = None
    """Mark cookies ``Secure``; unset: when the request came over https."""
    proxy_header: str | None = None
    """Header in which a trusted reverse proxy puts the client's address (its last entry is
    the client, e.g. ``X-Forwarded-For``); unset: the connection's peer address."""
    session_days: Annotated[float, Field(gt=0)] = 30.0
    """Days a login session lasts."""


class ChatSettings(_Group):
    """Table chat."""

    masked_words: tuple[str, ...] = ()
    """Whole words (any case) shown as asterisks in chat lines: the word filter (none: off)."""


class PushSettings(_Group):
    """Web Push notifications (VAPID keys are made on first start and kept in the database)."""

    subject: str = "mailto:admin@localhost"
    """The contact the push services see in each VAPID claim (``mailto:`` or ``https:``)."""
    turn_delay: Annotated[float, Field(ge=0)] = 20.0
    """Seconds a turn waits before "your turn" is pushed (none if played or seen by then)."""
    visible_for: Annotated[float, Field(gt=0)] = 45.0
    """Seconds a page's visibility beat counts: an account with a beat this recent gets no
    "your turn" push."""
    retries: Annotated[int, Field(ge=0, le=5)] = 2
    """Tries again after a failed send (not after 404/410, which remove the subscription)."""
    timeout: Annotated[float, Field(gt=0)] = 10.0
    """Seconds one send to a push service may take."""
    allow_loopback: bool = False
    """Tests only: accept push endpoints on 127.0.0.1/::1 (http or https)."""


class ServerSettings(BaseSettings):
    """Every setting of ``rami serve`` (see the module's text for where they are read)."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        env_nested_delimiter=NESTED,
        extra="forbid",
        frozen=True,
    )

    listen: ListenSettings = ListenSettings()
    storage: StorageSettings = StorageSettings()
    timers: TimerSettings = TimerSettings()
    cluster: ClusterSettings = ClusterSettings()
    security: SecuritySettings = SecuritySettings()
    chat: ChatSettings = ChatSettings()
    reviews: ReviewSettings = ReviewSettings()
    push: PushSettings = PushSettings()
    limits: Limits = Limits()

    file: ClassVar[Path | None] = None
    """The settings file :meth:`load` reads (set only while it reads)."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, env_settings, _FileSource(settings_cls, cls.file)

    @classmethod
    def load(cls, file: Path | None = None, **flags: dict[str, Any]) -> ServerSettings:
        """The effective settings: ``flags`` (per group, the flags given) over the environment
        over ``file`` (default: the one ``RAMI_SETTINGS_FILE`` names) over the defaults.
        Raises :class:`SettingsError` for an unreadable file or a bad value."""
        from pydantic import ValidationError

        if file is None and os.environ.get(SETTINGS_FILE):
            file = Path(os.environ[SETTINGS_FILE])
        try:
            cls.file = file
            given: dict[str, Any] = {group: value for group, value in flags.items() if value}
            return cls(**given)
        except ValidationError as error:
            raise SettingsError(_describe(error)) from None
        finally:
            cls.file = None

    @property
    def scaled(self) -> bool:
        """True in the scaled-out mode (a shared database and Redis)."""
        return self.storage.database is not None

    def environment(self) -> dict[str, str]:
        """These settings as ``RAMI_*`` variables (read back by ``ServerSettings()``)."""
        found: dict[str, str] = {}
        for group, values in self.model_dump(mode="json").items():
            for name, value in values.items():
                if value is not None:
                    text = value if isinstance(value, str) else json.dumps(value)
                    found[f"{ENV_PREFIX}{group}{NESTED}{name}".upper()] = text
        return found

    def shown(self) -> str:
        """These settings as a TOML settings file, passwords in URLs hidden."""
        lines: list[str] = []
        for group, values in self.model_dump(mode="json").items():
            lines += [""] if lines else []
            lines.append(f"[{group}]")
            for name, value in values.items():
                if value is None:
                    lines.append(f"# {name} is unset")
                    continue
                if group == "storage" and isinstance(value, str):
                    value = hide_password(value)
                lines.append(f"{name} = {_toml(value)}")
        return "\n".join(lines) + "\n"


class SettingsError(ValueError):
    """A settings file or value that cannot be used (the message says which and why)."""


class _FileSource(PydanticBaseSettingsSource):
    """The TOML settings file, if one is given."""

    def __init__(self, settings_cls: type[BaseSettings], file: Path | None) -> None:
        super().__init__(settings_cls)
        self.values: dict[str, Any] = {}
        if file is not None:
            try:
                self.values = tomllib.loads(file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
                raise SettingsError(f"cannot read the settings file {file}: {error}") from None

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return self.values.get(field_name), field_name, False

    def __call__(self) -> dict[str, Any]:
        return dict(self.values)


def hide_password(url: str) -> str:
    """``url`` with its password (if any) shown as ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def _toml(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return json.dumps(value)


def _describe(error: Any) -> str:
    problems = [
        f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}"
        for problem in error.errors()
    ]
    return "bad settings: " + "; ".join(problems)

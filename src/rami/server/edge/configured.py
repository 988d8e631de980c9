"""The parts of the server built from one :class:`ServerSettings`: the tables' timings, the
accounts API's configuration, and the embedded app."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from fastapi import FastAPI

from rami.accounts import AccountConfig
from rami.accounts.budgets import Budgets
from rami.server.edge.app import create_app
from rami.server.edge.ops import Check
from rami.server.messages.settings import ServerSettings
from rami.server.social.lobby import Lobby
from rami.server.social.review_jobs import LocalRunner, Runner
from rami.server.social.review_store import ReviewStore
from rami.server.store.storage import Storage
from rami.server.tables.state import Settings


def table_settings(settings: ServerSettings) -> Settings:
    """The tables' timings."""
    timers = settings.timers
    return Settings(
        bot_delay=timers.bot_delay, grace=timers.grace, archive_after=timers.archive_after
    )


def account_config(settings: ServerSettings, budgets: Budgets | None = None) -> AccountConfig:
    """The accounts API's configuration (its limits counted in ``budgets``; None: memory)."""
    security, limits = settings.security, settings.limits
    return AccountConfig(
        session_days=security.session_days,
        secure_cookies=security.secure_cookies,
        allowed_origins=frozenset(security.allowed_origins),
        proxy_header=security.proxy_header,
        login_failures_per_name=limits.login_failures_per_name.pair(),
        login_failures_per_address=limits.login_failures_per_address.pair(),
        logins_per_name=limits.logins_per_name.pair(),
        logins_per_address=limits.logins_per_address.pair(),
        signups_per_address=limits.signups_per_address.pair(),
        budgets=budgets,
    )


def settings_app(
    settings: ServerSettings,
    storage: Storage | None = None,
    lobby: Lobby | None = None,
    checks: dict[str, Check] | None = None,
    budgets: Budgets | None = None,
    reviews: Callable[[ReviewStore], Runner] | None = None,
) -> FastAPI:
    """The app serving ``storage`` (or ``lobby``) as ``settings`` say; its reviews run on
    ``reviews`` (None: the embedded server's worker processes)."""
    return create_app(
        storage,
        table_settings(settings),
        limits=settings.limits,
        lobby=lobby,
        checks=checks,
        account_config=account_config(settings, budgets),
        budgets=budgets,
        chat_words=settings.chat.masked_words,
        reviews=reviews or partial(LocalRunner, processes=settings.reviews.processes),
        review_options={"daily": settings.reviews.daily},
        push_settings=settings.push,
    )

"""Alembic's entry point: migrations run on the connection :func:`database.upgrade` passes."""

from __future__ import annotations

from alembic import context

from rami.server.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

"""Alembic migrations of the server's schema (:mod:`rami.server.store.schema`)."""

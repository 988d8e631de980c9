"""The ``rami`` command line: each topic registers its commands from its own module."""

from __future__ import annotations

import importlib

import typer

from rami.cli.usage import JsonErrorsGroup

app = typer.Typer(
    cls=JsonErrorsGroup,
    name="rami",
    help="Rami 51 and Rami 40: play, analyse and check games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND_MODULES = (
    "rami.cli.engine_cmds",
    "rami.cli.solve_cmd",
    "rami.cli.serve_cmd",
    "rami.cli.db_cmd",
    "rami.cli.admin_cmd",
    "rami.cli.play_cmd",
    "rami.cli.rules_cmd",
    "rami.cli.simulate_cmd",
    "rami.cli.analyze_cmd",
    "rami.cli.worker_cmd",
)
"""Modules with a ``register(app)`` function; add a topic's module here."""


def build_app() -> typer.Typer:
    """The application with every command registered (idempotent)."""
    if not getattr(app, "_rami_registered", False):
        for name in COMMAND_MODULES:
            importlib.import_module(name).register(app)
        app._rami_registered = True  # type: ignore[attr-defined]
    return app


def main() -> None:
    """Console-script entry point."""
    build_app()()

"""The multiplayer server: tables as actors, a websocket protocol, SQLite storage.

``create_app(storage)`` builds the FastAPI application; ``rami serve`` runs it with uvicorn.
Both are imported on first use, so ``rami.server.limits`` loads without the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rami.server.app import create_app
    from rami.server.table import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from rami.server.app import create_app

        return create_app
    if name == "Settings":
        from rami.server.table import Settings

        return Settings
    raise AttributeError(name)

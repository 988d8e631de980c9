"""The multiplayer server: tables as actors, a websocket protocol, SQLite storage.

``create_app(storage)`` builds the FastAPI application; ``rami serve`` runs it with uvicorn.
Both are imported on first use, so ``rami.server.messages.limits`` loads without the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rami.server.edge.app import create_app
    from rami.server.tables.state import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from rami.server.edge.app import create_app

        return create_app
    if name == "Settings":
        from rami.server.tables.state import Settings

        return Settings
    raise AttributeError(name)

"""The multiplayer server: tables as actors, a websocket protocol, SQLite storage.

``create_app(storage)`` builds the FastAPI application; ``rami serve`` runs it with uvicorn.
"""

from rami.server.app import create_app
from rami.server.table import Settings

__all__ = ["Settings", "create_app"]

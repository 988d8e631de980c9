"""The installable app: its manifest and its service worker, both served from the root.

| Route | Answer |
|---|---|
| ``/manifest.webmanifest`` | ``web/manifest.json`` (``application/manifest+json``) |
| ``/sw.js`` | ``web/sw.js`` with its version and the shell it keeps filled in (never cached) |

The version is the package version and a hash of every file of the web client, so that any
change to the client gives a new service worker: the browser installs it, and its ``activate``
deletes the caches of the older versions. The shell is the lobby page, the manifest and the
client's static files; the service worker also keeps each rules page once it has been seen.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from rami import __version__

SHELL_FOLDERS = ("css", "js", "vendor", "icons")
SHELL_SUFFIXES = frozenset({".css", ".js", ".png", ".svg"})
NO_STORE = {"Cache-Control": "no-cache"}


@dataclass
class ClientVersion:
    """The web client's version and shell, computed again whenever one of its files changes."""

    web_dir: Path
    _seen: tuple[tuple[str, int, int], ...] = ()
    _version: str = ""
    _shell: list[str] = field(default_factory=list)

    def _files(self) -> list[Path]:
        return sorted(path for path in self.web_dir.rglob("*") if path.is_file())

    def current(self) -> tuple[str, list[str]]:
        """The version (``0.2.0-<12 hex digits>``) and the URLs of the shell."""
        files = self._files()
        seen = tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files)
        if seen != self._seen:
            digest = hashlib.sha256()
            for path in files:
                digest.update(path.relative_to(self.web_dir).as_posix().encode())
                digest.update(path.read_bytes())
            self._version = f"{__version__}-{digest.hexdigest()[:12]}"
            self._shell = ["/", "/manifest.webmanifest"] + [
                "/static/" + path.relative_to(self.web_dir).as_posix()
                for path in files
                if path.relative_to(self.web_dir).parts[0] in SHELL_FOLDERS
                and path.suffix in SHELL_SUFFIXES
            ]
            self._seen = seen
        return self._version, self._shell


def pwa_router(web_dir: Path) -> APIRouter:
    """The manifest and service worker routes for the client in ``web_dir``."""
    router = APIRouter(include_in_schema=False)
    client = ClientVersion(web_dir)

    @router.get("/manifest.webmanifest")
    async def manifest() -> FileResponse:
        return FileResponse(web_dir / "manifest.json", media_type="application/manifest+json")

    @router.get("/sw.js")
    async def service_worker() -> Response:
        version, shell = client.current()
        script = (web_dir / "sw.js").read_text(encoding="utf-8")
        script = script.replace("__RAMI_VERSION__", version)
        script = script.replace("__RAMI_SHELL__", json.dumps(shell))
        return Response(script, media_type="text/javascript", headers=NO_STORE)

    return router

"""The service worker's version follows the web client's files; its shell is the client's
static files and the lobby, never an API route."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from rami import __version__
from rami.server import create_app
from rami.server.edge.app import WEB_DIR
from rami.server.edge.pwa import ClientVersion


def test_the_version_changes_with_any_file_of_the_client(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    client = ClientVersion(web)
    first, shell = client.current()
    assert re.fullmatch(rf"{re.escape(__version__)}-[0-9a-f]{{12}}", first)
    assert client.current()[0] == first
    page = web / "index.html"
    page.write_text(page.read_text(encoding="utf-8") + "<!-- changed -->", encoding="utf-8")
    second, _ = client.current()
    assert second != first
    (web / "js" / "extra.js").write_text("export const x = 1;\n", encoding="utf-8")
    third, longer = client.current()
    assert third != second
    assert set(longer) == {*shell, "/static/js/extra.js"}


def test_the_served_worker_carries_its_version_and_shell() -> None:
    with TestClient(create_app()) as http:
        script = http.get("/sw.js")
        assert script.status_code == 200 and script.headers["cache-control"] == "no-cache"
        shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script.text).group(1))  # type: ignore[union-attr]
        version = re.search(r'const VERSION = "([^"]+)";', script.text).group(1)  # type: ignore[union-attr]
        assert version == ClientVersion(WEB_DIR).current()[0]
        assert shell[:2] == ["/", "/manifest.webmanifest"]
        assert {"/static/js/app.js", "/static/css/themes.css", "/static/icons/icon-512.png"} <= set(
            shell
        )
        assert "/static/vendor/lit-html/lit-html.js" in shell
        assert not [path for path in shell if path.startswith(("/api", "/ws"))]
        for path in shell:
            assert http.get(path).status_code == 200, path
        manifest = http.get("/manifest.webmanifest")
        assert manifest.headers["content-type"].startswith("application/manifest+json")

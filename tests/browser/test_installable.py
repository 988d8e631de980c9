"""Issue 30.1: the app installs. Its manifest is valid, its service worker controls the page,
keeps the shell and the rules pages for offline use and no API answer, replaces itself (and its
cache) when the client changes, and Chromium finds nothing that stops the install."""

from __future__ import annotations

import json
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from web_helpers import ARGS, CHROMIUM, DESKTOP, TIMEOUT, AppServer, app_server

import rami.server.edge.app as app_module

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def web_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the web client, served instead of the package's (the update test edits it)."""
    copy = tmp_path_factory.mktemp("web") / "web"
    shutil.copytree(app_module.WEB_DIR, copy)
    return copy


@pytest.fixture(scope="module")
def served(web_copy: Path) -> Iterator[AppServer]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app_module, "WEB_DIR", web_copy)
        with app_server() as server:
            yield server


@pytest.fixture
def chromium(tmp_path: Path) -> Iterator[Any]:
    """A Chromium profile on disk (an incognito context cannot install an app)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            args=ARGS,
            viewport=DESKTOP,
        )
        yield context
        context.close()


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height in a PNG's header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def controlled_page(context: Any, server: AppServer) -> Any:
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create", timeout=TIMEOUT)
    page.wait_for_function(CONTROLLED, timeout=TIMEOUT)
    return page


def test_the_manifest_is_served_and_its_icons_are_what_it_says(served: AppServer) -> None:
    answer = httpx.get(served.url + "/manifest.webmanifest", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text)
    assert manifest["name"] == manifest["short_name"] == "Rami"
    where = (manifest["start_url"], manifest["scope"], manifest["display"])
    assert where == ("/", "/", "standalone")
    sizes = set()
    for icon in manifest["icons"]:
        image = httpx.get(served.url + icon["src"], timeout=10)
        assert image.status_code == 200, icon
        assert image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(image.content)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
        else:
            assert image.text.startswith("<svg")
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= sizes
    worker = httpx.get(served.url + "/sw.js", timeout=10)
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    assert "__RAMI_" not in worker.text


def test_chromium_finds_the_app_installable(served: AppServer, chromium: Any) -> None:
    page = controlled_page(chromium, served)
    session = chromium.new_cdp_session(page)
    found = session.send("Page.getAppManifest")
    assert found["errors"] == []
    assert found["url"] == served.url + "/manifest.webmanifest"
    assert json.loads(found["data"])["name"] == "Rami"
    assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_the_shell_and_a_rules_page_load_offline_and_no_api_answer_is_kept(
    served: AppServer, chromium: Any
) -> None:
    page = controlled_page(chromium, served)
    page.goto(served.url + "/rules/en/rami51")
    title = page.text_content("h1")
    assert title
    kept = page.evaluate(CACHES)
    assert len(kept) == 1
    (paths,) = kept.values()
    assert "/" in paths and "/rules/en/rami51" in paths and "/static/js/app.js" in paths
    assert not [p for p in paths if p.startswith(("/api/", "/ws/", "/account", "/players/"))]

    chromium.set_offline(True)
    try:
        page.goto(served.url + "/")
        page.wait_for_selector(".offline-view", timeout=TIMEOUT)
        page.click(".offline-view a")
        page.wait_for_url("**/rules/en/rami51")
        assert page.text_content("h1") == title
        with pytest.raises(PlaywrightError, match=r"ERR_FAILED|ERR_INTERNET_DISCONNECTED"):
            page.goto(served.url + "/rules/pl/rami40")  # a page never seen is not there
    finally:
        chromium.set_offline(False)
    page.goto(served.url + "/rules/en/rami51")
    assert not [
        p for p in page.evaluate(CACHES)[next(iter(kept))] if p.startswith(("/api/", "/ws/"))
    ]


def test_a_new_client_replaces_the_worker_and_its_cache(
    served: AppServer, chromium: Any, web_copy: Path
) -> None:
    page = controlled_page(chromium, served)
    (old,) = page.evaluate(CACHES)
    style = web_copy / "css" / "themes.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* a new version */\n", "utf-8")
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    page.wait_for_selector("#update-ready", timeout=TIMEOUT)
    (new,) = page.evaluate(CACHES)
    assert page.get_attribute("html", "data-app-version") == new.removeprefix("rami-")
    assert new.startswith("rami-0.") and new != old
    page.click("#reload")
    page.wait_for_selector("#create", timeout=TIMEOUT)
    css = page.evaluate("async () => (await fetch('/static/css/themes.css')).text()")
    assert css.endswith("/* a new version */\n")

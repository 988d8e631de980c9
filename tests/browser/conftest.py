"""Browser tests: Debian's Chromium driven by Playwright; the live-server helpers are shared."""

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent / "server"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from pages_helpers import PagesServer, pages_server  # noqa: E402
from web_helpers import ARGS, CHROMIUM, AppServer, app_server  # noqa: E402


@pytest.fixture(scope="module")
def app() -> Iterator[AppServer]:
    """The app served in-process for the tests of one module."""
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    with app_server() as server:
        yield server


@pytest.fixture(scope="module")
def pages_app() -> Iterator[PagesServer]:
    """The app with the accounts routes, for the tests of one module (see pages_helpers)."""
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    with pages_server() as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, launched once per test module."""
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


AXE_VERSION = "4.11.0"


@pytest.fixture(scope="session")
def axe_js() -> str:
    """The text of axe-core's axe.min.js: from $RAMI_AXE_JS, or fetched once with ``npm pack``."""
    import os
    import shutil
    import subprocess
    import tarfile

    given = os.environ.get("RAMI_AXE_JS")
    if given:
        return Path(given).read_text(encoding="utf-8")
    cache = Path.home() / ".cache" / "rami" / f"axe-core-{AXE_VERSION}"
    script = cache / "package" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("axe-core is needed: install npm or set RAMI_AXE_JS to axe.min.js")
        cache.mkdir(parents=True, exist_ok=True)
        command = [npm, "pack", f"axe-core@{AXE_VERSION}", "--silent"]
        subprocess.run(command, cwd=cache, check=True, timeout=300, capture_output=True)
        with tarfile.open(cache / f"axe-core-{AXE_VERSION}.tgz") as archive:
            archive.extract("package/axe.min.js", cache, filter="data")
    return script.read_text(encoding="utf-8")

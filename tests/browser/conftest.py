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

from web_helpers import ARGS, CHROMIUM, AppServer, app_server  # noqa: E402


@pytest.fixture(scope="module")
def app() -> Iterator[AppServer]:
    """The app served in-process for the tests of one module."""
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    with app_server() as server:
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

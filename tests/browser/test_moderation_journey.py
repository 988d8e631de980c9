"""A report acted on by a moderator, in Chromium: a player reports an abusive chat line from the
line itself, a moderator granted by ``rami admin grant`` (a subprocess on the server's data
directory) sees it in the queue with the line, mutes the writer, whose next line is refused
in words; the audit log shows the mute. The dialog, the queue and the profile pass axe."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages_helpers import PASSWORD, cheap_passwords
from test_accessibility import axe_problems
from test_social import say, wait_line
from web_helpers import BROWSER_LIMITS, DESKTOP, TIMEOUT, ServedApp

from rami.accounts import AccountConfig
from rami.server import Settings, create_app
from rami.server.store.sql_store import SqliteStorage

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def data_app(tmp_path: Path) -> Iterator[tuple[ServedApp, Path]]:
    """The app on an embedded database in ``tmp_path`` (the CLI writes the same file)."""
    config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
    app = create_app(
        SqliteStorage(tmp_path),
        Settings(bot_delay=0.05),
        account_config=config,
        limits=BROWSER_LIMITS,
    )
    served = ServedApp(app)
    served.start()
    try:
        yield served, tmp_path
    finally:
        served.stop()


def rami(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "rami.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def sign_up(page: Any, url: str, name: str) -> None:
    page.goto(url + "/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_selector("#logged-in")


def test_a_reported_line_is_muted_by_a_moderator_granted_by_the_cli(
    browser: Any, data_app: tuple[ServedApp, Path], axe_js: str
) -> None:
    served, data = data_app
    url = served.url
    ana, bob, mod = (browser.new_context(viewport=DESKTOP).new_page() for _ in range(3))
    for page, name in ((ana, "Ana"), (bob, "Bob"), (mod, "Mod")):
        sign_up(page, url, name)

    ana.goto(url + "/")  # Ana creates a table for two; Bob takes the other seat
    table = ana.evaluate(
        """async () => {
          const r = await fetch('/api/tables', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Ana', seats: 2, bots: []})});
          const d = await r.json(); return [d.table, d.token];
        }"""
    )
    ana.goto(f"{url}/t/{table[0]}#seat={table[1]}")
    ana.wait_for_selector("#chat-input")
    bob.goto(f"{url}/t/{table[0]}")
    bob.wait_for_selector("#join input[name=name][readonly]")  # the account is known
    bob.click("#join button")
    bob.wait_for_function("() => window.rami?.board?.seat != null", timeout=TIMEOUT)

    say(bob, "you are a worthless idiot")
    wait_line(ana, "Bob: you are a worthless idiot")
    ana.click("#chat-lines li:has-text('worthless idiot') [data-report-line]")
    ana.wait_for_selector("#report-dialog[open]")
    assert "worthless idiot" in ana.inner_text("#report-line")
    assert ana.is_checked("#report-dialog input[value=abusive_chat]")
    assert axe_problems(ana, axe_js) == []
    ana.fill("#report-note", "insults at the table")
    ana.click("#report-send")
    ana.wait_for_function(
        "() => document.querySelector('#report-status').textContent.includes('moderators')",
        timeout=TIMEOUT,
    )
    ana.click("#report-close")

    mod.goto(url + "/moderation")
    mod.wait_for_selector("#moderation-refused")  # not a moderator yet: refused in words
    assert "moderators" in mod.inner_text("#moderation-refused")
    granted = rami("admin", "grant", "Mod", "moderator", "--data", str(data))
    assert granted.returncode == 0, granted.stderr
    assert "Mod is a moderator now" in granted.stdout

    mod.reload()
    mod.wait_for_selector("#queue [data-report]")
    item = mod.locator("#queue [data-report]").first
    assert "Ana reports Bob: Abusive chat" in item.inner_text()
    assert "Bob: you are a worthless idiot" in item.locator(".reported-line").inner_text()
    assert "insults at the table" in item.inner_text()
    assert axe_problems(mod, axe_js) == []
    item.locator("select[name=action]").select_option("mute")
    item.locator("input[name=minutes]").fill("30")
    item.locator("input[name=reason]").fill("insults in chat")
    item.locator("button").click()
    mod.wait_for_selector("#queue-empty")
    row = mod.locator("#audit tbody tr").first
    shown = row.inner_text()
    assert all(part in shown for part in ("Mod", "Bob", "Mute", "30 min", "insults in chat"))

    say(bob, "still here")
    bob.wait_for_function(
        "() => document.body.textContent.includes('A moderator muted you')", timeout=TIMEOUT
    )
    say(ana, "fence")
    wait_line(bob, "Ana: fence")
    assert "still here" not in ana.inner_text("#chat-lines")

    ana.goto(url + "/players/Bob")  # the profile: rated matches left, report and block
    ana.wait_for_selector("#profile-block")
    assert "Left 0 of 0 rated games." in ana.inner_text("#left-rated")
    assert axe_problems(ana, axe_js) == []
    ana.click("#profile-block")
    ana.wait_for_selector("#profile-block[aria-pressed=true]")
    assert "You block Bob" in ana.inner_text("#profile-status")

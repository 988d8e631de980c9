"""Two browsers create and join a table with a bot and play a whole round through the page.

Runs Debian's Chromium (``apt-get install chromium``); skipped only when it is not installed.
With ``RAMI_SCREENSHOTS=1`` the screenshots are written to ``docs/`` (else to a temp dir).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_server import LiveServer, free_port
from web_helpers import ARGS, CHROMIUM

DOCS = Path(__file__).resolve().parents[2] / "docs"
STATE_JS = """() => {
  const b = window.rami && window.rami.board;
  if (!b || !b.snap) return null;
  const g = b.game;
  return {version: b.snap.version, status: b.snap.table.status, seat: b.seat,
          current: g ? g.current : null, legal: b.legal, staged: g ? g.staged.length : 0,
          order: b.order, phase: g ? g.phase : null};
}"""

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "data", free_port(), "--bot-delay", "0.05")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return DOCS if os.environ.get("RAMI_SCREENSHOTS") == "1" else tmp_path


class Seat:
    """One browser page playing one seat, by mouse (and drag) or by keyboard."""

    def __init__(self, page: Any, keyboard: bool) -> None:
        self.page = page
        self.keyboard = keyboard
        self.melded = False

    def state(self) -> dict[str, Any] | None:
        result: dict[str, Any] | None = self.page.evaluate(STATE_JS)
        return result

    def wait_after(self, version: int) -> None:
        self.page.wait_for_function(
            f"() => window.rami.board.snap.version > {version}", timeout=10_000
        )

    def select(self, cards: list[str], order: list[str]) -> None:
        used: set[int] = set()
        for card in cards:
            index = next(i for i, c in enumerate(order) if c == card and i not in used)
            used.add(index)
            if self.keyboard:
                self.page.focus(f'[data-hand="{index}"]')
                self.page.keyboard.press("Space")
            else:
                self.page.click(f'[data-hand="{index}"]')

    def play(self, state: dict[str, Any]) -> None:
        """Make one move of this seat's turn through the page."""
        legal, order, version = state["legal"], state["order"], state["version"]
        if "draw stock" in legal:
            if self.keyboard:
                self.page.keyboard.press("s")
            else:
                self.page.click("#stock")
        elif state["staged"]:
            self.page.click("#open" if "open" in legal else "#takeback")
        elif not self.melded and any(a.startswith("meld ") for a in legal):
            self.melded = True
            meld = next(a for a in legal if a.startswith("meld "))
            self.select([c.split("=")[0] for c in meld.split()[1:]], order)
            self.page.wait_for_selector("#meld:not([disabled])")
            self.page.click("#meld")
        else:
            card = next(a for a in legal if a.startswith("discard ")).split()[1]
            index = order.index(card)
            if self.keyboard:
                self.select([card], order)
                self.page.keyboard.press("x")
            else:
                self.page.drag_and_drop(f'[data-hand="{index}"]', "#discard-pile")
        self.wait_after(version)


def test_two_browsers_and_a_bot_play_a_round(live: LiveServer, shots: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        desktop = browser.new_context(viewport={"width": 1280, "height": 860})
        phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        ana, bob = desktop.new_page(), phone.new_page()
        errors: list[str] = []
        for page in (ana, bob):
            page.on("pageerror", lambda error: errors.append(str(error)))

        ana.goto(live.url + "/")
        ana.fill("input[name=name]", "Ana")
        ana.select_option("select[name=preset]", "rami40")
        ana.select_option("select[name=seats]", "3")
        ana.select_option("select[name=seat3]", "random")
        ana.select_option("select[name=rounds]", "1")
        ana.select_option("select[name=turn_limit]", "12")
        ana.screenshot(path=str(shots / "web-lobby.png"))
        ana.click("button[type=submit]")
        ana.wait_for_selector("#invite")
        invite = ana.input_value("#invite")

        bob.goto(invite)
        bob.fill("#join input[name=name]", "Bob")
        bob.click("#join button")
        ana.wait_for_selector("#start:not([disabled])")
        ana.click("#start")
        for page in (ana, bob):
            page.wait_for_selector(".board")

        seats = {0: Seat(ana, keyboard=False), 1: Seat(bob, keyboard=True)}
        hinted = phoned = False
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            states = {seat: s.state() for seat, s in seats.items()}
            if all(s is not None and s["phase"] == "over" for s in states.values()):
                break
            acting = [n for n, s in states.items() if s and s["current"] == n and s["legal"]]
            if not acting:
                time.sleep(0.05)
                continue
            seat = acting[0]
            state = states[seat]
            assert state is not None
            if seat == 0 and not hinted and state["phase"] == "play":
                hinted = True
                ana.click("#hint")
                ana.wait_for_selector(".board .hint-text")
                ana.wait_for_function("() => !document.querySelector('.card.flying')")
                ana.screenshot(path=str(shots / "web-table.png"))
            if seat == 1 and not phoned and state["phase"] == "play":
                phoned = True
                bob.wait_for_function("() => !document.querySelector('.card.flying')")
                bob.screenshot(path=str(shots / "web-phone.png"))
            seats[seat].play(state)
        else:
            pytest.fail("the round did not end in time")

        for page in (ana, bob):
            page.wait_for_selector(".round-over")
        ana.click(".round-over details.fair summary")
        ana.click("#verify")
        ana.wait_for_selector("#verify-result:has-text('came from this seed')")
        assert "does not" not in ana.inner_text("#verify-result").lower()
        ana.evaluate("window.scrollTo(0, 0)")  # clicking in the box scrolled the page under it
        ana.wait_for_function("() => !document.querySelector('.card.flying')")
        ana.screenshot(path=str(shots / "web-round-end.png"))
        bob.click("#close-results")
        bob.wait_for_selector("#show-results")
        table_id = invite.rstrip("/").split("/")[-1]
        record = httpx.get(f"{live.url}/api/tables/{table_id}/record", timeout=10)
        assert record.status_code == 200 and '"type":"round_end"' in record.text

        ana.goto(f"{live.url}/replay/{table_id}")
        ana.wait_for_selector("#next")
        for _ in range(6):
            ana.click("#next")
        assert "7/" in ana.inner_text("[role=status]")
        ana.screenshot(path=str(shots / "web-replay.png"))
        assert not errors, errors
        browser.close()

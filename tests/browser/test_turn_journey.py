"""Issue 30.2 and 30.3 in Chromium: "your turn" pushed to a device once no page of the account
is in view (the push switch, the page's visibility beats, the service worker's notification),
the turn alerts kept with the account, and a table played over simulated days (a one-day
timer, "My games" with the player's turn first, the forfeit rule when the days pass)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from push_helpers import Device, push_service
from turn_helpers import TurnServer, device_script, logged_in_page, turn_server
from web_helpers import CHROMIUM, TIMEOUT, Table

DAY = 86400


@pytest.fixture(scope="module")
def served() -> Iterator[TurnServer]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    with turn_server() as server:
        yield server


def until(condition: Any, what: str, timeout: float = 20.0) -> None:
    """Wait until ``condition()`` holds (something the server does on its own)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def status_says(page: Any, words: str) -> None:
    page.wait_for_function(
        "w => document.querySelector('#turn-alerts-status').textContent.includes(w)", arg=words
    )


def new_table(page: Any, served: TurnServer, **choices: str) -> Table:
    """Create a table from the lobby's form (``choices``: select name → value), seat 2 a bot
    unless told; start it when it has no free seat. Returns the host's table."""
    page.goto(served.url + "/")
    page.wait_for_selector("#create input[name=name][readonly]")  # the account's name
    page.select_option("#create select[name=seat2]", choices.pop("seat2", "random"))
    for name, value in choices.items():
        page.select_option(f"#create select[name={name}]", value)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1].split("#")[0]
    token = page.evaluate(f"localStorage.getItem('rami-token-{table_id}')")
    return Table(page, served, table_id, token)  # type: ignore[arg-type]


NOTIFICATIONS = """async () => {
  for (;;) {
    const all = await self.registration.getNotifications();
    if (all.length) return all.map((n) => ({ title: n.title, body: n.body, url: n.data.url, tag: n.tag }));
    await new Promise((wake) => setTimeout(wake, 50));
  }
}"""


def deliver_to_worker(page: Any, served: TurnServer, message: dict[str, Any]) -> Any:
    """Hand ``message`` to the page's service worker as a push (DevTools' push delivery),
    then answer the notifications it shows."""
    cdp = page.context.new_cdp_session(page)
    registrations: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(r["registrationId"] for r in event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    for _ in range(400):  # the events arrive while Playwright runs (a short wait lets it)
        if registrations:
            break
        page.wait_for_timeout(50)
    assert registrations, "the service worker is registered"
    origin = served.url + "/"
    data = json.dumps(message)
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": origin, "registrationId": registrations[0], "data": data},
    )
    return page.context.service_workers[0].evaluate(NOTIFICATIONS)


def test_the_push_journey_switch_on_then_a_turn_while_no_page_is_in_view(
    browser: Any, served: TurnServer
) -> None:
    with push_service() as service:
        device = Device.new()
        ana = served.account("ana")
        endpoint = service.url("/ana-phone")
        page = logged_in_page(browser, served, "ana", device_script(device, endpoint))
        page.check("#push-switch")
        status_says(page, "Kept with your account.")
        (stored,) = served.push.store.of_account(ana)
        assert stored.endpoint == endpoint and stored.lang == "en"
        # the page subscribed with the server's VAPID key (65 bytes, an uncompressed P-256 point)
        assert page.evaluate("localStorage.getItem('test-push-subscription')") == "65"
        assert served.store.preferences(ana).notify == "on"

        table = new_table(page, served)
        page.click("#start")
        table.wait_my_turn()
        until(lambda: served.visible(ana), "the page in view beats")
        table.play_turn()
        table.wait_my_turn()  # the bot played: a new turn of Ana's, which waits for her
        page.goto("about:blank")  # no page of the account in view any more
        until(lambda: not served.visible(ana), "the page said it went")
        served.advance(20.0)
        (got,) = service.wait_for(1)
        assert got.path == "/ana-phone"
        message = device.decrypt(got.body)
        assert message["kind"] == "turn" and message["title"] == "Your turn"
        assert message["url"] == f"/t/{table.table_id}"

        # the service worker shows what the push carried (delivered to it as a push service does)
        page.goto(served.url + "/leaderboard")
        shown = deliver_to_worker(page, served, message)
        assert shown == [
            {
                "title": "Your turn",
                "body": message["body"],
                "url": f"/t/{table.table_id}",
                "tag": f"turn-{table.table_id}",
            }
        ]
        page.goto(served.url + "/account")
        page.wait_for_selector("#turn-alerts fieldset")
        assert page.is_checked("#push-switch")
        page.uncheck("#push-switch")
        status_says(page, "Kept with your account.")
        assert served.push.store.of_account(ana) == []
        assert page.errors == []
        page.context.close()

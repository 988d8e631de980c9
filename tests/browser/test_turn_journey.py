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
from test_accessibility import axe_problems
from turn_helpers import TURN_DELAY, TurnServer, device_script, logged_in_page, turn_server
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
  for (let tries = 0; tries < 100; tries++) {  // 5 s, then the push is handed over again
    const all = await self.registration.getNotifications();
    const shown = all.map((n) => ({ title: n.title, body: n.body, url: n.data.url, tag: n.tag }));
    if (shown.length) return shown;
    await new Promise((wake) => setTimeout(wake, 50));
  }
  return [];
}"""
DELIVERIES = 6
"""How often a push is handed to the worker before the test gives up (one handed over before
the worker is active is lost; the notification's tag makes a second one replace the first)."""


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
    push = {"origin": served.url + "/", "registrationId": registrations[-1]}
    push["data"] = json.dumps(message)
    for _ in range(DELIVERIES):
        cdp.send("ServiceWorker.deliverPushMessage", push)
        shown = page.context.service_workers[-1].evaluate(NOTIFICATIONS)
        if shown:
            return shown
    raise AssertionError("the service worker showed no notification")


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
        served.advance(TURN_DELAY)
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


def join_and_wait(page: Any, served: TurnServer, table_id: str) -> None:
    """Open the table and take its free seat under the account's name."""
    page.goto(f"{served.url}/t/{table_id}")
    page.wait_for_selector("#join input[name=name][readonly]")  # the account is known
    page.click("#join button")
    page.wait_for_function("() => window.rami?.board?.seat != null", timeout=TIMEOUT)


def my_games(page: Any) -> list[dict[str, Any]]:
    return list(
        page.eval_on_selector_all(
            "#my-games-list li",
            "items => items.map((li) => ({table: li.dataset.table,"
            " mine: li.classList.contains('mine'),"
            " text: li.textContent.replace(/\\s+/g, ' ').trim()}))",
        )
    )


def test_a_table_played_over_simulated_days(browser: Any, served: TurnServer, axe_js: str) -> None:
    served.account("dana")
    served.account("eli")
    dana = logged_in_page(browser, served, "dana")
    eli = logged_in_page(browser, served, "eli")

    dana.goto(served.url + "/")
    assert dana.is_hidden("#timeout-rule")
    dana.select_option("#create select[name=turn_timer]", str(DAY))
    assert dana.is_visible("#timeout-rule") and dana.is_disabled("select[name=forfeit_after]")
    dana.select_option("#create select[name=timeout_rule]", "forfeit")
    assert dana.is_enabled("select[name=forfeit_after]")
    first = new_table(
        dana, served, seat2="", turn_timer=str(DAY), timeout_rule="forfeit", forfeit_after="1"
    )
    config = served.table(first.table_id).config
    assert (config.turn_timer, config.forfeit_after) == (DAY, 1)
    join_and_wait(eli, served, first.table_id)
    dana.click("#start")
    first.wait_my_turn()
    dana.wait_for_selector("text=1 day per turn")

    # a second table, Eli's, where it is Eli's turn (the bot rule)
    second = new_table(eli, served, seat2="", turn_timer=str(DAY))
    join_and_wait(dana, served, second.table_id)
    eli.click("#start")
    second.wait_my_turn()

    dana.goto(served.url + "/")
    dana.wait_for_selector("#my-games-list li")
    games = my_games(dana)
    assert [g["table"] for g in games] == [first.table_id, second.table_id]
    assert [g["mine"] for g in games] == [True, False]
    assert "Your turn" in games[0]["text"] and "1 day per turn" in games[0]["text"]
    assert "eli to play" in games[1]["text"]
    assert "0 of 1 timeouts" in games[0]["text"]
    dana.select_option("#create select[name=turn_timer]", str(DAY))
    dana.select_option("#create select[name=timeout_rule]", "forfeit")
    assert axe_problems(dana, axe_js) == []

    # a day passes: Dana timed out at her table (forfeited), a bot played Eli's turn at his
    served.advance(DAY)
    table = served.table(first.table_id)
    until(lambda: table.match is not None and table.match.finished, "Dana forfeits")
    assert table.match is not None and table.match.forfeited == (0,)
    other = served.table(second.table_id)
    until(
        lambda: other.match is not None and other.match.current_seat == 1, "a bot plays Eli's turn"
    )
    dana.reload()
    dana.wait_for_function(
        "t => [...document.querySelectorAll('#my-games-list li')]"
        ".map((li) => li.dataset.table).join() === t",
        arg=second.table_id,
    )
    (game,) = my_games(dana)
    assert game["mine"] and "Your turn" in game["text"]
    assert dana.errors == [] and eli.errors == []
    dana.context.close()
    eli.context.close()


def test_the_turn_alerts_are_kept_with_the_account_and_mark_the_turn(
    browser: Any, served: TurnServer, axe_js: str
) -> None:
    cleo = served.account("cleo")
    page = logged_in_page(browser, served, "cleo")
    assert not page.is_checked("#pref-sound") and not page.is_checked("#pref-vibrate")
    page.check("#pref-sound")
    status_says(page, "Kept with your account.")
    page.check("#pref-vibrate")
    page.wait_for_function("() => localStorage.getItem('rami-vibrate') === '1'")
    until(lambda: served.store.preferences(cleo).vibrate == "on", "the vibration is kept")
    assert served.store.preferences(cleo).sound == "on"
    page.context.close()

    phone = logged_in_page(browser, served, "cleo")  # another device: nothing kept on it yet
    assert phone.is_checked("#pref-sound") and phone.is_checked("#pref-vibrate")
    assert not phone.is_checked("#push-switch")
    assert axe_problems(phone, axe_js) == []
    table = new_table(phone, served)
    phone.click("#start")
    table.wait_my_turn()
    phone.click("details.settings summary")
    assert phone.is_checked("#setting-sound") and phone.is_checked("#setting-vibrate")
    icon = "() => document.querySelector('link[rel=icon]').getAttribute('href')"
    assert phone.evaluate(icon).endswith("/icon-turn.svg")
    assert phone.title().startswith("● Your turn")
    table.play_turn()
    table.wait_my_turn()
    alerts = phone.evaluate("() => window.rami.board.turnAlerts")
    assert "sound" in alerts and "vibration" in alerts
    phone.uncheck("#setting-sound")
    until(lambda: served.store.preferences(cleo).sound == "off", "the sound is switched off")
    assert served.store.preferences(cleo).vibrate == "on"
    assert phone.errors == []
    phone.context.close()

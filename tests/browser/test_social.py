"""Chat and rematch in the browser: lines reach who may read them, a mute stays, and a
rematch moves both players to the new table with their new seats."""

from __future__ import annotations

import time
from typing import Any

from web_helpers import DESKTOP, TIMEOUT, AppServer, Table


def join(page: Any, app: AppServer, table_id: str, name: str) -> None:
    """Open the table and take a seat with ``name``."""
    page.goto(f"{app.url}/t/{table_id}")
    page.fill("#join input[name=name]", name)
    page.click("#join button")
    page.wait_for_function("() => window.rami?.board?.seat != null", timeout=TIMEOUT)


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def lines(page: Any) -> list[str]:
    return [li.inner_text() for li in page.query_selector_all("#chat-lines li")]


def wait_line(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => [...document.querySelectorAll('#chat-lines li')]"
        ".some(li => li.textContent.includes(t))",
        arg=text,
        timeout=TIMEOUT,
    )


def test_chat_reaches_players_and_spectators_and_a_mute_is_kept(
    browser: Any, app: AppServer
) -> None:
    table_id, token = app.create(seed="chat", bots=[])
    pages = [browser.new_context(viewport=DESKTOP).new_page() for _ in range(3)]
    host, guest, watcher = pages
    host.goto(f"{app.url}/t/{table_id}#seat={token}")
    host.wait_for_selector("#chat-input")
    join(guest, app, table_id, "Bob")
    watcher.goto(f"{app.url}/t/{table_id}")
    watcher.wait_for_selector(".waiting")
    assert host.get_attribute("#chat-lines", "aria-live") in ("polite", "off")
    assert "spectators read" in host.inner_text("#chat-who")

    say(guest, "hi all")
    for page in pages:
        wait_line(page, "Bob: hi all")
    say(watcher, "go Bob")
    wait_line(watcher, "Spectator 1: go Bob")
    say(host, "fence")
    wait_line(guest, "Ana: fence")
    assert not any("go Bob" in line for line in lines(guest)), "players do not read spectators"
    assert not any("go Bob" in line for line in lines(host))

    host.click('[data-mute="1"]')  # Ana mutes Bob
    assert host.get_attribute('[data-mute="1"]', "aria-pressed") == "true"
    assert not any("hi all" in line for line in lines(host))
    say(guest, "still here")
    wait_line(watcher, "Bob: still here")
    say(host, "fence two")
    wait_line(host, "Ana: fence two")
    assert not any("still here" in line for line in lines(host))
    host.reload()
    host.wait_for_selector('[data-mute="1"][aria-pressed="true"]', timeout=TIMEOUT)
    wait_line(host, "Ana: fence two")  # the recent lines come back after hello
    assert not any("Bob:" in line for line in lines(host)), "the mute is remembered"
    host.click('[data-mute="1"]')
    wait_line(host, "Bob: still here")

    guest.evaluate("localStorage.setItem('rami-lang', 'fr')")
    guest.reload()
    guest.wait_for_function(
        "() => document.querySelector('#chat-title')?.textContent === 'Discussion'",
        timeout=TIMEOUT,
    )
    assert guest.get_attribute("#chat-input", "placeholder") == "Votre message"
    for page in pages:
        page.context.close()


def play_both(tables: list[Table], deadline: float = 240.0) -> None:
    """Let the two seats play simple turns until the match is over."""
    end = time.monotonic() + deadline
    while True:
        state = tables[0].state()
        if state["status"] == "finished":
            return
        assert time.monotonic() < end, "the match did not end in time"
        current = state["current"]
        if current is None:
            tables[0].wait("b.snap.table.status === 'finished'")
            continue
        actor = tables[current]
        actor.play_turn()
        version = actor.state()["version"]
        for table in tables:  # every page has seen the turn before the next is chosen
            table.wait(f"b.snap.version >= {version}")


def test_a_rematch_moves_both_players_to_a_new_table(browser: Any, app: AppServer) -> None:
    table_id, token = app.create(seed="again", bots=[], rounds=1, options={"turn_limit": 12})
    host_page = browser.new_context(viewport=DESKTOP).new_page()
    guest_page = browser.new_context(viewport=DESKTOP).new_page()
    host_page.goto(f"{app.url}/t/{table_id}#seat={token}")
    host_page.wait_for_selector("#start")
    join(guest_page, app, table_id, "Bob")
    host_page.click("#start:not([disabled])")
    host = Table(host_page, app, table_id, token)
    guest = Table(guest_page, app, table_id, "")
    for table in (host, guest):
        table.page.wait_for_selector(".board", timeout=TIMEOUT)
    play_both([host, guest])

    host_page.wait_for_selector(".round-over #rematch", timeout=TIMEOUT)
    host_page.click("#rematch")
    for page in (host_page, guest_page):
        page.wait_for_function(
            "() => (document.querySelector('#rematch-votes')?.textContent || '')"
            ".includes('Waiting for: Bob')",
            timeout=TIMEOUT,
        )
    assert "Asked for a rematch: Ana" in guest_page.inner_text("#rematch-votes")
    assert host_page.is_disabled("#rematch")
    guest_page.click("#rematch")
    for page, seat in ((host_page, 0), (guest_page, 1)):
        page.wait_for_url(lambda url: f"/t/{table_id}" not in url, timeout=TIMEOUT)
        page.wait_for_function(
            "s => { const b = window.rami && window.rami.board;"
            " return b && b.snap && b.seat === s && b.snap.table.status === 'playing'; }",
            arg=seat,
            timeout=TIMEOUT,
        )
        new_id = page.evaluate("window.rami.board.tableId")
        assert new_id != table_id
        assert page.evaluate(f"localStorage.getItem('rami-token-{new_id}')")
    for page in (host_page, guest_page):
        page.context.close()


def test_the_host_removes_a_guest_gives_an_away_seat_to_a_bot_and_closes(
    browser: Any, app: AppServer
) -> None:
    table_id, token = app.create(seed="host", bots=[])
    host = browser.new_context(viewport=DESKTOP).new_page()
    guest = browser.new_context(viewport=DESKTOP).new_page()
    host.goto(f"{app.url}/t/{table_id}#seat={token}")
    host.wait_for_selector("#start")
    join(guest, app, table_id, "Bob")
    host.wait_for_selector('[data-remove="1"]', timeout=TIMEOUT)
    assert host.inner_text('[data-remove="1"]') == "Remove Bob"
    host.click('[data-remove="1"]')
    guest.wait_for_selector('.notice[data-code="removed"]', timeout=TIMEOUT)
    assert "The host removed you" in guest.inner_text(".notice")
    guest.wait_for_selector("#join", timeout=TIMEOUT)
    assert guest.evaluate(f"localStorage.getItem('rami-token-{table_id}')") is None

    join(guest, app, table_id, "Bob")
    host.click("#start:not([disabled])")
    host.wait_for_selector(".board", timeout=TIMEOUT)
    guest.context.close()  # Bob leaves: his seat is away
    host.click(".host-tools summary")
    host.wait_for_selector('[data-stand-in="1"]', timeout=TIMEOUT)
    host.select_option("#stand-in-level", "easy")
    host.click('[data-stand-in="1"]')
    host.wait_for_function(
        "() => window.rami.board.snap.table.seats[1].autoplay === true", timeout=TIMEOUT
    )
    host.on("dialog", lambda dialog: dialog.accept())
    host.click("#close-table")
    host.wait_for_selector(".closed", timeout=TIMEOUT)
    assert host.inner_text(".closed") == "This table is closed."
    assert host.query_selector("#close-table") is None
    host.context.close()

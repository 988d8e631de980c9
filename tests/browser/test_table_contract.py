"""Issue 27.1-6 and 8: no silent moments at the table (a missing table, refusals before the
opening, the turn timer, one message area, the selection, reconnecting, the table's facts)."""

from __future__ import annotations

from typing import Any

from web_helpers import DESKTOP, TIMEOUT, AppServer, Table, inject

from rami.server.edge.strings import ui_strings

A_MELD = (
    "s.game.table = [{owner: 1, kind: 'run', cards: ['5H', '6H', '7H'],"
    " represents: ['5H', '6H', '7H'], points: 18}];"
)


def seated(
    browser: Any, app: AppServer, lang: str = "en", seed: str = "access", **body: Any
) -> Table:
    context = browser.new_context(viewport=DESKTOP)
    table_id, token = app.create(seed=seed, **body)
    table = Table(context.new_page(), app, table_id, token)
    table.open(lang)
    return table


def test_an_unknown_table_has_its_own_page(browser: Any, app: AppServer) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(app.url + "/")
    page.evaluate("localStorage.setItem('rami-lang', 'ro')")
    page.goto(app.url + "/t/nonexistent1")
    page.wait_for_selector(".missing h1", timeout=TIMEOUT)
    words = ui_strings("ro")["strings"]
    assert page.text_content(".missing h1") == words["No such table"]
    assert page.get_attribute(".missing a", "href") == "/"
    assert page.text_content(".missing a") == words["Back to the lobby"]
    assert page.evaluate("() => window.rami.board.link.closed") is True
    page.context.close()


def test_laying_off_before_opening_shows_the_refusal(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, lang="fr")
    page = table.page
    state = table.wait_my_turn()
    page.click("#draw-stock")
    table.wait(f"b.snap.version > {state['version']}")
    inject(page, A_MELD)
    refusal = ui_strings("fr")["errors"]["not_opened"]
    card = table.state()["order"][0]
    table.select([card])
    page.click('[data-meld="0"]')  # a click
    page.wait_for_selector(".notice.error[data-code=not_opened]")
    assert page.inner_text(".notice.error") == refusal
    assert table.state()["selected"] == []
    inject(page, A_MELD)  # the refusal's resync took the made-up meld away
    table.select([card])
    assert page.query_selector(".notice") is None
    page.keyboard.press("l")  # the keyboard
    page.wait_for_selector(".notice.error[data-code=not_opened]")
    assert table.state()["selected"] == []
    inject(page, A_MELD)
    page.click('[data-hand="1"]')  # any step of the player takes the message away
    page.click('[data-hand="1"]')
    assert page.query_selector(".notice") is None
    start = page.eval_on_selector('[data-hand="0"]', "e => e.getBoundingClientRect().toJSON()")
    end = page.eval_on_selector('[data-meld="0"]', "e => e.getBoundingClientRect().toJSON()")
    page.mouse.move(start["x"] + 10, start["y"] + 20)
    page.mouse.down()
    for step in range(1, 11):  # a drag
        page.mouse.move(
            start["x"] + 10 + (end["x"] + 20 - start["x"] - 10) * step / 10,
            start["y"] + 20 + (end["y"] + 20 - start["y"] - 20) * step / 10,
        )
    page.mouse.up()
    page.wait_for_selector(".notice.error[data-code=not_opened]")
    assert table.state()["selected"] == []
    page.context.close()


def test_out_of_time_says_a_bot_played_and_warns_before(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, turn_timer=10)
    page = table.page
    table.wait_my_turn()
    page.wait_for_selector(".seat.acting .timer:not(.low)")
    page.wait_for_selector(".seat.acting .timer.low", timeout=TIMEOUT)
    page.wait_for_selector(".log li.note", timeout=TIMEOUT)
    assert page.inner_text(".log li.note") == "Out of time: a bot played for you"
    assert page.inner_text(".log li.note + li.for-me")
    page.wait_for_selector(".notice[data-code=timed_out]")
    page.context.close()


def test_one_message_area_that_never_moves_the_hand(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    state = table.wait_my_turn()
    top = "() => document.querySelector('.hand').getBoundingClientRect().top"
    before = page.evaluate(top)
    table.select([state["order"][0]])
    page.keyboard.press("x")  # discarding before drawing
    page.wait_for_selector(".notice.error[data-code=draw_first]")
    assert page.evaluate(top) == before
    assert len(page.query_selector_all(".messages > *")) == 1
    page.click("#hint")  # the next step: the refusal goes, the hint comes in its place
    page.wait_for_selector(".board .hint-text")
    assert page.query_selector(".notice") is None
    assert page.evaluate(top) == before
    # "Not connected" goes once the page is connected again
    code = page.evaluate(
        "() => { const b = window.rami.board; b.link.ws.close(); b.act('draw stock');"
        " return b.notice && b.notice.code; }"
    )
    assert code == "offline"
    page.wait_for_function(
        "() => window.rami.board.status === 'online' && !window.rami.board.notice",
        timeout=TIMEOUT,
    )
    page.context.close()


def test_a_refused_drag_leaves_nothing_selected(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    table.wait_my_turn()

    def centre(selector: str) -> tuple[float, float]:
        box = page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect();"
            " return [r.left + 10, r.top + r.height / 2]; }",
        )
        return box[0], box[1]

    (x0, y0), (x1, y1) = centre('[data-hand="0"]'), centre("#discard-pile")
    page.mouse.move(x0, y0)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10)
    page.mouse.up()
    page.wait_for_selector(".notice.error[data-code=draw_first]")
    assert table.state()["selected"] == []
    page.click('[data-hand="3"]')
    assert table.state()["selected"] == [3]
    page.context.close()


def test_take_back_puts_the_cards_back_in_their_places(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, seed="stage2")
    page = table.page
    state = table.wait_my_turn()
    page.click("#draw-stock")
    table.wait(f"b.snap.version > {state['version']}")
    order = table.state()["order"]
    meld = next(a for a in table.state()["legal"] if a.startswith("meld "))
    table.select(meld.split()[1:])
    page.click("#meld")
    table.wait("b.game.staged.length === 1")
    page.click("#takeback")
    table.wait("b.game.staged.length === 0")
    assert table.state()["order"] == order
    page.context.close()


def test_reconnecting_is_at_once_when_asked_or_back_online(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    assert page.evaluate("async () => (await import('/static/js/net.js')).MAX_DELAY") <= 5000
    # a link that cannot connect, then waits a minute: only "retry now" or the network
    # brings it back
    page.evaluate(
        "() => { const l = window.rami.board.link; l.good = l.url;"
        " l.url = l.url.replace(/:\\d+\\//, ':1/'); l.drop(); }"
    )
    page.wait_for_selector("#retry-now", timeout=TIMEOUT)
    page.evaluate(
        "() => { const l = window.rami.board.link; l.url = l.good; l.delay = 60000;"
        " clearTimeout(l.timer); l.timer = setTimeout(() => l.open(), 60000); }"
    )
    page.click("#retry-now")
    page.wait_for_selector(".status.online", timeout=TIMEOUT)
    page.evaluate(
        "() => { const l = window.rami.board.link; l.url = l.url.replace(/:\\d+\\//, ':1/');"
        " l.drop(); }"
    )
    page.wait_for_selector("#retry-now", timeout=TIMEOUT)
    page.evaluate(
        "() => { const l = window.rami.board.link; l.url = l.good;"
        " clearTimeout(l.timer); l.timer = setTimeout(() => l.open(), 60000);"
        " window.dispatchEvent(new Event('online')); }"
    )
    page.wait_for_selector(".status.online", timeout=TIMEOUT)
    # the tab comes back to the front
    page.evaluate(
        "() => { const l = window.rami.board.link; l.url = l.url.replace(/:\\d+\\//, ':1/');"
        " l.drop(); }"
    )
    page.wait_for_selector("#retry-now", timeout=TIMEOUT)
    page.evaluate(
        "() => { const l = window.rami.board.link; l.url = l.good;"
        " clearTimeout(l.timer); l.timer = setTimeout(() => l.open(), 60000);"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_selector(".status.online", timeout=TIMEOUT)
    page.context.close()


def test_the_waiting_room_and_table_say_what_matters(browser: Any, app: AppServer) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    table_id, token = app.create(seed="access", turn_timer=60, bots=[], seats=2)
    page.goto(f"{app.url}/t/{table_id}#seat={token}")
    page.wait_for_selector(".waiting .facts")
    facts = page.inner_text(".waiting .facts")
    assert "Rami 51" in facts and "Unrated" in facts and "60 s per turn" in facts
    title = page.inner_text("#table-title")
    assert title == "Rami 51 · Unrated · 60 s per turn"
    page.context.close()

    table = seated(browser, app)
    page = table.page
    assert "rules" not in page.inner_text("#table-title")
    page.click(".commit summary")
    rules_hash = page.evaluate("() => window.rami.board.snap.table.rules_hash")
    assert rules_hash in page.inner_text(".commit")
    inject(page, "s.table.rated = true")
    assert page.inner_text("#table-title").startswith("Rami 51 · Rated")
    # a bot to move: the page says it is thinking
    inject(page, "s.game.current = 1; s.game.legal = []")
    assert page.inner_text(".messages .thinking") == "Bot 2 (random) is thinking…"
    page.context.close()

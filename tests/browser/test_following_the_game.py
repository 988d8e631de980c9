"""Issue 19.9: the log follows, old errors go, others' moves move, the turn is announced."""

from __future__ import annotations

from typing import Any

from web_helpers import DESKTOP, AppServer, Table, inject


def seated(browser: Any, app: AppServer, motion: str = "no-preference", **body: Any) -> Table:
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)
    context.grant_permissions(["notifications"], origin=app.url)
    page = context.new_page()
    table_id, token = app.create(seed="follow", **body)
    table = Table(page, app, table_id, token)
    table.open()
    return table


def test_others_moves_are_animated_and_the_turn_is_announced(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, turn_timer=60)
    page = table.page
    page.click("details.settings summary")
    page.check("#setting-sound")
    page.check("#setting-notify")
    assert page.evaluate("() => localStorage.getItem('rami-sound')") == "1"
    for _ in range(3):
        table.play_turn()
        table.wait_my_turn()
    kinds = {a["kind"] for a in page.evaluate("() => window.rami.board.animations")}
    assert kinds & {"draw-stock", "draw-discard"} and "discard" in kinds  # the bot's draw varies
    assert all(a["seat"] == 1 for a in page.evaluate("() => window.rami.board.animations"))
    alerts = page.evaluate("() => window.rami.board.turnAlerts")
    assert alerts.count("sound") >= 3 and alerts.count("notification") >= 3
    assert page.title().startswith("● Your turn")
    # the turn timer shows on the seat to play, not only in the centre
    assert page.query_selector(".seat.acting [data-timer]") is not None
    page.context.close()


def test_no_motion_when_the_player_asks_for_less(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, motion="reduce")
    for _ in range(2):
        table.play_turn()
        table.wait_my_turn()
    assert table.page.evaluate("() => window.rami.board.animations") == []
    assert table.page.query_selector(".card.flying") is None
    table.page.context.close()


def test_the_log_shows_its_newest_line(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    inject(
        page, "for (let i = 0; i < 40; i++) s.game.log.push({...s.game.log[0], text: 'line ' + i});"
    )
    at_end = "() => { const l = document.querySelector('.log');"
    at_end += " return l.scrollHeight > l.clientHeight"
    at_end += " && l.scrollTop + l.clientHeight >= l.scrollHeight - 4; }"
    page.wait_for_function(at_end)
    assert page.inner_text(".log li:last-child") == "line 39"
    page.context.close()


def test_an_old_error_clears_when_the_game_moves_on(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    state = table.wait_my_turn()
    table.select([state["order"][0]])
    page.keyboard.press("x")  # discarding before drawing
    page.wait_for_selector(".notice.error[data-code=draw_first]")
    page.keyboard.press("s")
    table.wait(f"b.snap.version > {state['version']}")
    assert page.query_selector(".notice.error") is None
    page.context.close()

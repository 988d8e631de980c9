"""Friends in Chromium: Ana and Bob follow each other from their profiles (friends), Bob's
lobby shows Ana online at her table and among the friends' games, Ana invites Bob from her
table's waiting room, Bob declines in the lobby, then, asked again on another page, accepts
from the notice and is seated at Ana's table. The lobby's
friends panel and the waiting room pass axe. A watcher follows a player from the box at the
end of the match."""

from __future__ import annotations

from typing import Any

from pages_helpers import PagesServer, log_in, new_page
from test_accessibility import axe_problems
from web_helpers import TIMEOUT, Table


def create_table(page: Any, **more: Any) -> tuple[str, str]:
    """A table of the page's account (two seats); its id and the host's seat token."""
    table, token = page.evaluate(
        """async (more) => {
          const r = await fetch('/api/tables', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Host', seats: 2, bots: [], ...more})});
          const d = await r.json(); return [d.table, d.token];
        }""",
        more,
    )
    return str(table), str(token)


def follow_from_profile(page: Any, app: PagesServer, name: str) -> str:
    """Follow ``name`` with the button of its profile; the words the page says then."""
    page.goto(f"{app.url}/players/{name}")
    button = page.locator(f"#profile-follow [data-follow={name}]")
    assert button.inner_text() == f"Follow {name}"
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    page.wait_for_selector(f"#profile-follow [data-follow={name}][aria-pressed=true]")
    assert page.locator(f"[data-follow={name}]").inner_text() == f"Unfollow {name}"
    return str(page.inner_text("#profile-status"))


def test_friends_see_each_other_at_a_table_and_an_invitation_seats_the_friend(
    browser: Any, pages_app: PagesServer, axe_js: str
) -> None:
    app = pages_app
    app.account("Ana"), app.account("Bob")
    ana, bob = new_page(browser, app), new_page(browser, app)
    log_in(ana, app, "Ana"), log_in(bob, app, "Bob")

    assert follow_from_profile(ana, app, "Bob") == "You follow Bob."
    assert follow_from_profile(bob, app, "Ana") == "You and Ana are friends now."

    ana.goto(app.url + "/")
    table, token = create_table(ana)
    ana.goto(f"{app.url}/t/{table}#seat={token}")
    ana.wait_for_selector("#invite-friends")

    bob.goto(app.url + "/")
    ana_there = bob.locator("#friends-list li[data-friend=Ana]")
    bob.wait_for_function(
        f"() => document.querySelector('#friends-list [data-friend=Ana]')?.textContent"
        f".includes('At table {table}')",
        timeout=TIMEOUT,
    )
    assert ana_there.locator("a.button").get_attribute("href") == f"/t/{table}"
    assert "Ana" in bob.inner_text(f'#friends-games li[data-table="{table}"]')

    invite = ana.locator("#invite-friends [data-invite=Bob]")
    invite.wait_for(timeout=TIMEOUT)  # Bob's lobby tells the server he is online
    assert axe_problems(ana, axe_js) == []
    invite.click()
    ana.wait_for_function(
        "() => document.querySelector('#invite-status').textContent === 'Invitation sent to Bob.'",
        timeout=TIMEOUT,
    )

    offer = bob.locator("#invitations li").first
    offer.wait_for(timeout=TIMEOUT)
    assert offer.inner_text().startswith(f"Ana invites you to table {table}.")
    assert axe_problems(bob, axe_js) == []
    offer.get_by_role("button", name="Decline the invitation of Ana").click()
    bob.wait_for_function(
        "() => document.querySelector('#friends-status').textContent === 'Invitation declined.'"
        " && !document.querySelector('#invitations')",
        timeout=TIMEOUT,
    )
    bob.context.add_init_script("window.ramiNoticesPollMs = 200;")
    bob.goto(app.url + "/leaderboard")  # away from the lobby, an invitation is a notice
    invite.click()  # asked again, Bob accepts from the notice
    notice = bob.locator("#notices [data-kind=invitation]")
    notice.wait_for(timeout=TIMEOUT)
    assert notice.inner_text().startswith(f"Ana invites you to table {table}.")
    notice.get_by_role("button", name="Accept").click()
    bob.wait_for_url(f"**/t/{table}", timeout=TIMEOUT)
    bob.wait_for_function("() => window.rami?.board?.seat === 1", timeout=TIMEOUT)
    ana.wait_for_function(
        "() => [...document.querySelectorAll('.seats li')].some("
        "(li) => li.textContent.includes('Seat 2: Bob'))",
        timeout=TIMEOUT,
    )
    assert bob.locator("#invitations").count() == 0
    assert ana.errors == [] and bob.errors == []


def test_a_watcher_follows_a_player_from_the_end_of_the_match(
    browser: Any, pages_app: PagesServer
) -> None:
    app = pages_app
    app.account("Cyd"), app.account("Dan")
    cyd, dan = new_page(browser, app), new_page(browser, app)
    log_in(cyd, app, "Cyd"), log_in(dan, app, "Dan")
    cyd.goto(app.url + "/")
    table_id, token = create_table(cyd, bots=["random"], rounds=1, options={"turn_limit": 12})
    table = Table(cyd, app, table_id, token)  # type: ignore[arg-type]
    table.open()
    dan.goto(f"{app.url}/t/{table_id}")  # Dan watches
    dan.wait_for_selector(".board")
    table.play_round()
    cyd.wait_for_selector(".round-over .match-scores")
    assert cyd.locator("#follow-after").count() == 0  # a bot is no one to follow

    button = dan.locator(".round-over #follow-after [data-follow=Cyd]")
    button.wait_for(timeout=TIMEOUT)
    assert button.inner_text() == "Follow Cyd"
    button.click()
    dan.wait_for_selector("#follow-after [data-follow=Cyd][aria-pressed=true]")
    assert dan.inner_text("#follow-status") == "You follow Cyd."
    assert dan.evaluate("fetch('/api/friends').then((r) => r.json())")["following"] == ["Cyd"]
    assert cyd.errors == [] and dan.errors == []

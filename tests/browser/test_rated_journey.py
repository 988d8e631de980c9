"""The whole journey of two people: they sign up, quick-match into a rated Rami 51 table, talk,
play it to the end through their pages, find the result on the leaderboard and their
profiles, and ask for a rematch; one of them opens the table on a second device with no link."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from pages_helpers import PASSWORD, PagesServer, log_in, new_page, pages_server
from server_helpers import seeds

AUTOPLAY_JS = """(seed) => {
  // A seeded simple player: draws, opens when it can, stages a few melds, lays off often,
  // otherwise discards at random; acts through the board as the buttons do. Each choice
  // draws from a generator seeded by the seed, the snapshot's version and the attempt at
  // that version, so the game is the same however slowly the server answers.
  let state = 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const reseed = (version, attempt) => {
    state = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(version + 1, 0x85ebca6b) ^ attempt) >>> 0;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const pause = () => new Promise((done) => setTimeout(done, 2));
  const board = () => window.rami.board;
  window.autoplay = { done: false, error: null, actions: 0 };
  let turn = null, tookBack = false, acted = -1, since = Date.now(), attempt = 0, tried = -1;
  const choose = (game) => {
    const key = `${game.round}/${game.turn}`;
    if (key !== turn) { turn = key; tookBack = false; }
    const by = {};
    for (const text of game.legal) (by[text.split(" ")[0]] ||= []).push(text);
    if (by.draw) return pick(by.draw);
    if (by.open) return "open";
    if (by.meld && !tookBack && game.staged.length < 4) return pick(by.meld);
    if (by.takeback) { tookBack = true; return "takeback"; }
    const plays = [...(by.layoff || []), ...(by.swap || [])];
    if (plays.length && random() < 0.8) return pick(plays);
    return pick(by.discard || game.legal);
  };
  (async () => {
    while (true) {
      const b = board();
      const snap = b.snap;
      if (snap.table.status === "finished") break;
      const game = b.game;
      if (Date.now() - since > 3000) acted = -1;  // a refused action: choose again
      if (snap.version > acted && game.current === null && b.seat === 0) {
        acted = snap.version;
        since = Date.now();
        b.send({ type: "next_round", version: snap.version });
      } else if (snap.version > acted && game.current === b.seat && game.legal.length) {
        attempt = acted === -1 && snap.version === tried ? attempt + 1 : 0;
        acted = tried = snap.version;
        since = Date.now();
        reseed(snap.version, attempt);
        b.act(choose(game));
        window.autoplay.actions += 1;
      }
      await pause();
    }
  })().catch((error) => { window.autoplay.error = String(error); })
    .finally(() => { window.autoplay.done = true; });
}"""
GAME_JS = """() => {
  const b = window.rami && window.rami.board;
  if (!b || !b.snap || !b.game) return null;
  const g = b.game;
  const game = {current: g.current, legal: g.legal, round: g.round, turn: g.turn, staged: g.staged};
  return {version: b.snap.version, status: b.snap.table.status, seat: b.seat, game};
}"""


@pytest.fixture(scope="module")
def journey_app() -> Iterator[PagesServer]:
    """The app with accounts, dealing from seeds ``journey-1``, ``journey-2``, ..."""
    with pages_server(seeds("journey")) as server:
        yield server


def sign_up(page: Any, app: PagesServer, name: str) -> None:
    page.goto(app.url + "/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_selector("#logged-in")


def quick_match(page: Any, app: PagesServer) -> None:
    """Ask for a two-player Rami 51 quick match without bots."""
    page.goto(app.url + "/")
    page.wait_for_selector("#quickmatch")
    page.select_option("#quickmatch select[name=preset]", "rami51")
    page.select_option("#quickmatch select[name=players]", "2")
    page.uncheck("#quickmatch input[name=bots]")
    page.click("#quickmatch button[type=submit]")


def table_id(page: Any) -> str:
    page.wait_for_url(re.compile(r"/t/\w+$"))
    page.wait_for_function("() => window.rami && window.rami.board && window.rami.board.game")
    return str(page.url.rsplit("/", 1)[-1])


def play_to_the_end(pages: list[Any], timeout: float = 300_000) -> None:
    """Each page plays its own seat through its board (the seat 0 page also deals the next
    round) with a seeded simple policy until the match is over."""
    for number, page in enumerate(pages):
        page.evaluate(AUTOPLAY_JS, number + 31)
    for page in pages:
        page.wait_for_function(
            "() => window.autoplay && window.autoplay.done", timeout=timeout, polling=500
        )
        assert page.evaluate("window.autoplay.error") is None


def ratings(app: PagesServer) -> dict[str, Any]:
    board = httpx.get(f"{app.url}/api/leaderboard?preset=rami51", timeout=10).json()
    return {row["name"]: row for row in board["players"]}


def test_two_people_quick_match_play_a_rated_match_and_see_their_ratings(
    browser: Any, journey_app: PagesServer
) -> None:
    pages_app = journey_app
    ana, bob = new_page(browser, pages_app), new_page(browser, pages_app)
    sign_up(ana, pages_app, "Ana")
    sign_up(bob, pages_app, "Bob")
    quick_match(ana, pages_app)
    ana.wait_for_selector("#quick-waiting")
    quick_match(bob, pages_app)
    table = table_id(bob)
    assert table_id(ana) == table
    info = httpx.get(f"{pages_app.url}/api/tables/{table}", timeout=10).json()
    assert info["rated"] and info["preset"] == "rami51"
    assert sorted(seat["account"] for seat in info["seats"]) == ["Ana", "Bob"]

    # Ana's phone: logged in, no link, the same seat
    phone = new_page(browser, pages_app)
    log_in(phone, pages_app, "Ana")
    phone.goto(f"{pages_app.url}/t/{table}")
    phone.wait_for_function("() => window.rami && window.rami.board && window.rami.board.game")
    assert phone.evaluate(GAME_JS)["seat"] == ana.evaluate(GAME_JS)["seat"]
    phone.context.close()

    # a word before the game
    ana.fill("#chat-input", "good luck!")
    ana.press("#chat-input", "Enter")
    bob.wait_for_function(
        "() => [...document.querySelectorAll('#chat-lines li')]"
        ".some(li => li.textContent.includes('good luck!'))"
    )

    before = ratings(pages_app)
    play_to_the_end([ana, bob])
    ana.wait_for_selector("#rematch")
    after = ratings(pages_app)
    assert set(after) >= {"Ana", "Bob"}
    assert before == {}  # nobody was rated before the match
    assert after["Ana"]["games"] == after["Bob"]["games"] == 1
    means = sorted(after[name]["mu"] for name in ("Ana", "Bob"))
    assert means[0] < 25.0 < means[1]  # the winner went up from the default, the other down

    leaderboard = new_page(browser, pages_app)
    leaderboard.goto(pages_app.url + "/leaderboard")
    leaderboard.wait_for_selector("#players tbody tr")
    shown = leaderboard.eval_on_selector_all(
        "#players tbody th", "cells => cells.map(c => c.textContent)"
    )
    assert {"Ana", "Bob"} <= set(shown)
    for name in ("Ana", "Bob"):
        leaderboard.goto(f"{pages_app.url}/players/{name}")
        leaderboard.wait_for_selector(f"a[href='/replay/{table}']")
    leaderboard.context.close()

    ana.click("#rematch")
    bob.wait_for_selector("#rematch-votes:has-text('Ana')")
    bob.click("#rematch")
    bob.wait_for_function(f"() => !location.pathname.endsWith('{table}')")
    ana.wait_for_function(f"() => !location.pathname.endsWith('{table}')")
    again = table_id(ana)
    assert table_id(bob) == again != table
    seats = httpx.get(f"{pages_app.url}/api/tables/{again}", timeout=10).json()["seats"]
    assert sorted(seat["account"] for seat in seats) == ["Ana", "Bob"]
    assert ana.errors == [] and bob.errors == []
    ana.context.close()
    bob.context.close()

"""The review in the terminal: R at a round's end judges the player's round in a worker while
the screen stays live; the replay viewer marks the seat's judged decisions, M to the next."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import new_app, select, shown, table_screen, until
from textual.widgets import ProgressBar
from textual.worker import WorkerState

from rami.actions import Discard, DrawStock
from rami.records import dumps, load, loads
from rami.review import Review, ReviewBudget, review_record
from rami.tui.app import RamiApp
from rami.tui.replay import ReplayScreen
from rami.tui.results import RoundEndScreen
from rami.tui.review import ReviewScreen
from rami.tui.session import Session

BUDGET = ReviewBudget("test", worlds=8, max_worlds=8, discards=1)
"""Few worlds, so the review of a whole round takes seconds (enough that its worst discards
are blunders beyond two standard errors)."""


def _careless_round(tmp_path: Path) -> Session:
    """The round Dana plays by drawing from the stock and discarding her last card each turn
    (melds never laid), as the pilot test plays it by keys."""
    settings = new_app(tmp_path / "unused.jsonl").settings
    assert settings is not None
    session = Session.start(settings)
    while not session.round_over:
        if session.my_turn:
            session.play(DrawStock())
            session.play(Discard(session.view().hand[-1]))
        else:
            session.step_bot()
    return session


def _expected(session: Session) -> Review:
    """The same review computed without the terminal."""
    record = loads(dumps(session.match, reveal=True))
    return review_record(record, 0, BUDGET, rounds={1})


@pytest.mark.asyncio
async def test_r_at_the_rounds_end_reviews_it_off_the_ui_thread(tmp_path: Path) -> None:
    expected = _expected(_careless_round(tmp_path))
    blunders = [d for d in expected.rounds[0].decisions if d.verdict == "blunder"]
    assert blunders, "discarding at random and never laying a meld costs points"

    app = new_app(tmp_path / "game.jsonl")
    app.review_budget = BUDGET
    async with app.run_test(size=(140, 40)) as pilot:
        screen = table_screen(pilot)
        while not isinstance(app.screen, RoundEndScreen):
            view = screen.view
            if view.my_turn:
                await pilot.press("s")
                await select(pilot, [screen.view.hand[-1]], mouse=True)
                await pilot.press("x")
            else:
                await pilot.pause()
        assert "Review my round (R)" in str(app.screen.query_one("#review").label)
        await pilot.press("r")
        first = app.screen
        assert isinstance(first, ReviewScreen)
        worker = next(w for w in app.workers if w.name == "review")
        bar = first.query_one(ProgressBar)
        await until(pilot, lambda: (bar.progress or 0) > 0, "the progress bar moves")
        assert worker.state is WorkerState.RUNNING and (bar.total or 0) > bar.progress

        # The screen answers while the worker computes: Esc closes it and stops the worker.
        await pilot.press("escape")
        assert isinstance(app.screen, RoundEndScreen)
        await until(pilot, lambda: worker.state is WorkerState.CANCELLED, "the worker stops")

        await pilot.press("r")
        review_screen = app.screen
        assert isinstance(review_screen, ReviewScreen)
        worker = next(w for w in app.workers if w.name == "review" and w.node is review_screen)
        await until(pilot, lambda: worker.state is WorkerState.SUCCESS, "the review is done")
        await until(pilot, lambda: "Accuracy" in shown(pilot, "#review-summary"), "figures")

        table = shown(pilot, "#review-table")
        summary = shown(pilot, "#review-summary")
        for d in blunders:
            assert d.played.text in table
        assert table.count("?? blunder") == len(blunders)
        match = expected.rounds[0].summary
        assert f"Accuracy {match.accuracy:.1f}% over {match.decisions} decisions" in summary
        assert f"Rating {match.rating:.1f}" in summary
        assert "Luck" in summary and "the deal" in summary

        # Closed and opened again: the review is kept, no second worker.
        await pilot.press("escape")
        assert isinstance(app.screen, RoundEndScreen)
        await pilot.press("r")
        assert [w for w in app.workers if w.name == "review" and w is not worker] == []
        assert shown(pilot, "#review-table") == table
        await pilot.press("escape", "q")


@pytest.mark.asyncio
async def test_the_replay_viewer_marks_the_seats_mistakes(tmp_path: Path) -> None:
    session = _careless_round(tmp_path)
    save = tmp_path / "done.jsonl"
    session.save(save)
    expected = _expected(session)
    judged = [d for d in expected.rounds[0].decisions if d.verdict is not None]
    assert any(d.verdict == "blunder" for d in judged)

    app = RamiApp(replay=load(save), lang="en", review_budget=BUDGET)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "reviewing Dana" in shown(pilot, "#status")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: 0 in screen.reviews, "the review is in")
        await pilot.pause()
        assert f"Dana: {len(judged)} decisions marked" in shown(pilot, "#status")

        seen = []
        for _ in judged:
            await pilot.press("m")
            message = shown(pilot, "#message")
            assert "Dana" in message  # the step is Dana's own action
            seen.append((screen.index, message))
        indexes = [i for i, _ in seen]
        assert indexes == sorted(indexes) and len(set(indexes)) == len(indexes)
        said = "\n".join(m for _, m in seen)
        for d in judged:
            assert d.played.text in said
        assert said.count("?? blunder") >= 1
        await pilot.press("m")
        assert screen.index == indexes[0], "after the last mark, back to the first"

        # Another seat: its own review starts; Dana's marks are not shown on Ana's view.
        await pilot.press("tab")
        assert "reviewing Ana" in shown(pilot, "#status")
        assert "blunder" not in shown(pilot, "#message")
        await pilot.press("q")
    assert app.return_value is None

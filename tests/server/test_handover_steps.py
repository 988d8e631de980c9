"""The handover's state machine on its own: offered → paused → moved | resumed, each
transition a value (no Redis, no table)."""

from __future__ import annotations

from rami.server.cluster.handover import (
    Checked,
    HandoverHeard,
    HandoverPaused,
    Moved,
    Offered,
    Passed,
    RelayPaused,
    Resumed,
    ResumeHeard,
    Step,
    Tick,
    offer,
    over,
    pause,
    step,
)

WAIT = 5.0


def test_the_owner_offers_then_hands_over_once_the_relay_paused() -> None:
    offered = offer("relay", 100.0, WAIT)
    assert offered == Step(Offered("relay", 105.0), "pause", "relay")
    paused = step(offered.state, RelayPaused("relay"))
    assert paused == Step(HandoverPaused("relay", 105.0))
    assert step(paused.state, Checked("relay")) == Step(paused.state)  # still movable
    assert step(paused.state, Passed(True)) == Step(Moved("relay"), "handover", "relay")
    assert over(Moved("relay")) and not over(paused.state)


def test_nothing_moves_when_the_connections_changed_or_the_ownership_did_not_pass() -> None:
    paused = HandoverPaused("relay", 105.0)
    changed = step(paused, Checked("elsewhere"))
    assert changed == Step(Resumed("relay", "changed"), "resume", "relay")
    assert step(paused, Checked(None)).state == Resumed("relay", "changed")
    assert step(paused, Passed(False)) == Step(Resumed("relay", "not_passed"), "resume", "relay")


def test_an_offer_lapses_silently_and_a_late_or_stale_pause_is_resumed() -> None:
    offered = Offered("relay", 105.0)
    assert step(offered, Tick(104.9)) == Step(offered)
    assert step(offered, Tick(105.0)) == Step(Resumed("relay", "lapsed"))
    stale = step(offered, RelayPaused("other"))  # another process paused: it goes on
    assert stale == Step(offered, "resume", "other")
    late = step(Resumed("relay", "lapsed"), RelayPaused("relay"))
    assert late == Step(Resumed("relay", "lapsed"), "resume", "relay")
    moved = Moved("relay")
    assert step(moved, RelayPaused("relay")) == Step(moved, "resume", "relay")


def test_the_relay_pauses_and_leaves_by_a_handover_a_resume_or_its_wait() -> None:
    started = pause("me", 10.0, WAIT)
    assert started == Step(HandoverPaused("me", 15.0), "paused")
    paused = started.state
    assert step(paused, HandoverHeard()) == Step(Moved("me"))
    assert step(paused, ResumeHeard()) == Step(Resumed("me", "resumed"))
    assert step(paused, Tick(14.0)) == Step(paused)
    assert step(paused, Tick(15.0)) == Step(Resumed("me", "lapsed"))


def test_an_event_that_does_not_apply_keeps_the_state() -> None:
    for state in (Offered("r", 1.0), Moved("r"), Resumed("r", "changed")):
        for event in (Checked("r"), Passed(True), HandoverHeard(), ResumeHeard()):
            assert step(state, event) == Step(state)

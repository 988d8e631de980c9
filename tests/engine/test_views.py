"""Views: the only gate for hidden information."""

import dataclasses
import random

from rami.actions import DrawDiscard, DrawStock
from rami.bots import random_legal
from rami.match import match_apply, match_legal_actions, new_match
from rami.rules import get_rules
from rami.views import PlayerView, complete_round, round_seats, view_for


def _fields_of(view: PlayerView) -> set[str]:
    return {f.name for f in dataclasses.fields(view)}


def test_view_has_no_stock_order_and_no_seed() -> None:
    match = new_match(get_rules(), ["A", "B", "C"], "secret-seed-123")
    view = view_for(match, 1)
    assert "stock" not in _fields_of(view) and "seed" not in _fields_of(view)
    assert "secret-seed-123" not in repr(view)
    assert match.round.seed not in repr(view)
    assert view.stock_size == len(match.round.stock)


def test_views_during_random_play_never_show_another_hand() -> None:
    rng = random.Random(4)
    match = new_match(get_rules("rami40"), ["A", "B", "C"], "leak")
    for _ in range(400):
        if match.current_seat is None:
            break
        for seat in (0, 1, 2, None):
            view = view_for(match, seat)
            _check_view(match, view, seat)
        match = match_apply(match, random_legal(match_legal_actions(match), rng))


def _check_view(match, view: PlayerView, seat: int | None) -> None:  # type: ignore[no-untyped-def]
    rnd = match.round
    if seat is None:
        assert view.hand == () and view.legal == () and view.staged == ()
    else:
        assert view.hand == rnd.hands[seat]
        assert view.hand_sizes[seat] == len(rnd.hands[seat]) + (
            sum(len(m.cards) for m in rnd.staged) if rnd.current == seat else 0
        )
        assert (view.legal != ()) == (match.current_seat == seat)
    if seat != match.current_seat:
        assert view.staged == () and view.taken is None
    for event in view.events:
        if event.seat != seat and event.card is not None:
            assert isinstance(event.action, DrawDiscard)
        if event.seat != seat and isinstance(event.action, DrawStock):
            assert event.card is None


def test_spectator_sees_table_and_sizes_but_no_hand() -> None:
    match = new_match(get_rules(), ["A", "B"], "spectate")
    view = view_for(match, None)
    assert view.hand == () and view.hand_sizes == (13, 13)
    assert view.discard_pile == match.round.discard_pile


def test_staging_is_private_until_the_opening() -> None:
    rng = random.Random(2)
    match = new_match(get_rules(), ["A", "B"], "staging")
    while match.current_seat is not None and not match.round.staged:
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    actor = match.current_seat
    assert actor is not None
    other = 1 - actor
    mine = view_for(match, actor)
    theirs = view_for(match, other)
    assert mine.staged and not theirs.staged
    assert len(mine.events) > len(theirs.events)


def test_view_carries_the_acting_seats_turn_facts_and_completes_back_into_the_round() -> None:
    rng = random.Random(9)
    for preset in ("rami51", "scala40", "rami51-pl"):
        match = new_match(get_rules(preset), ["A", "B", "C"], f"facts-{preset}")
        for _ in range(600):
            seat = match.current_seat
            if seat is None:
                break
            rnd, view = match.round, view_for(match, seat)
            mine = match.round_seat(seat)
            assert (view.taken, view.taken_twins) == (rnd.taken, rnd.taken_twins)
            assert (view.opened_this_turn, view.joker_debt) == (
                rnd.opened_this_turn,
                rnd.joker_debt,
            )
            others = {
                s: rnd.hands[match.round_seat(s)]  # type: ignore[index]
                for s in round_seats(view)
                if s != seat
            }
            again = complete_round(view, others, rnd.stock, rnd.seed)
            assert dataclasses.replace(again, log=rnd.log) == rnd
            assert again.current == mine
            match = match_apply(match, random_legal(match_legal_actions(match), rng))

"""The rules a table's events must fit, each written once.

Each rule is a function of the table that returns the :class:`Refusal` it breaks, or None.
:func:`fits` is what a stored event must satisfy: :func:`~rami.server.tables.decide.decide`
asks it before an event is stored, and a restored table asks it of every stored event (one
that does not fit is a damaged store). A rule about who asks (the host, a seated player, the
version they saw) belongs to the command, in :mod:`rami.server.tables.decide`.
"""

from __future__ import annotations

import logging

from rami.actions import parse_action
from rami.bots import LEVELS
from rami.errors import RamiError
from rami.match import MatchState, forfeit, match_apply, new_match, next_round
from rami.server.tables.events import (
    ActEvent,
    CloseEvent,
    Event,
    JoinEvent,
    NextRoundEvent,
    RemoveEvent,
    StandInEvent,
    StartEvent,
    TimeoutEvent,
)
from rami.server.tables.state import Refusal, TableState
from rami.state import Phase

log = logging.getLogger("rami.server")


def table_open(table: TableState) -> Refusal | None:
    """Nothing happens at a table the host closed."""
    return Refusal("table_closed", "the host closed this table") if table.closed else None


def before_start(table: TableState, why: str) -> Refusal | None:
    """Seats change hands only before the match starts."""
    return None if table.match is None else Refusal("already_started", why)


def account_free(table: TableState, account_id: int | None) -> Refusal | None:
    """An account holds at most one seat at a table."""
    if account_id is None or table.seat_of_account(account_id) is None:
        return None
    return Refusal("already_seated", "your account already has a seat at this table")


def seat_exists(table: TableState, seat: int) -> Refusal | None:
    """Seats are numbered from 0."""
    if 0 <= seat < len(table.seats):
        return None
    return Refusal("no_such_seat", f"this table has {len(table.seats)} seats", {"seat": seat})


def seat_free(table: TableState, seat: int) -> Refusal | None:
    """A taken seat is not taken again."""
    if table.seats[seat].taken:
        return Refusal("seat_taken", "that seat is taken", {"seat": seat})
    return None


def every_seat_taken(table: TableState) -> Refusal | None:
    """A match starts with every seat taken."""
    if all(seat.taken for seat in table.seats):
        return None
    return Refusal("seats_empty", "wait until every seat is taken")


def started(table: TableState) -> Refusal | None:
    """What happens during a match waits for its start."""
    return Refusal("not_started", "the match has not started") if table.match is None else None


def in_play(table: TableState) -> Refusal | None:
    """Play and deals happen in a match that started and is not over."""
    refusal = started(table)
    if refusal is not None or table.match is None:
        return refusal
    return Refusal("match_over", "the match is over") if table.match.finished else None


def turn_of(table: TableState, seat: int) -> Refusal | None:
    """Only the seat to act plays, while a round is being played."""
    match = table.match
    assert match is not None
    if match.current_seat is None:
        return Refusal("round_over", "the round is over: deal the next one")
    if match.current_seat != seat:
        current = match.current_seat
        name = match.names[current]
        return Refusal("not_your_turn", f"it is {name}'s turn", {"seat": current, "player": name})
    return None


def round_ended(table: TableState) -> Refusal | None:
    """The next round is dealt once the current one is over."""
    assert table.match is not None
    if table.match.round.phase is Phase.OVER:
        return None
    return Refusal("round_in_progress", "the round is still being played")


def person_seat(table: TableState, seat: int) -> Refusal | None:
    """The host acts on the seat of a person other than the host."""
    refusal = seat_exists(table, seat)
    if refusal is not None:
        return refusal
    if seat == 0:
        return Refusal("host_seat", "the host's own seat stays the host's")
    state = table.seats[seat]
    if state.bot is not None:
        return Refusal("not_a_person", "a bot sits in that seat")
    return None if state.joined else Refusal("seat_empty", "nobody sits in that seat")


def away(table: TableState, seat: int) -> Refusal | None:
    """Only a seat nobody is connected to goes to a bot."""
    if table.seats[seat].online == 0:
        return None
    return Refusal("seat_online", "that player is here: only an away seat goes to a bot")


def known_level(level: str) -> Refusal | None:
    """A stand-in is one of the bot levels."""
    return None if level in LEVELS else Refusal("unknown_bot", f"bot levels: {', '.join(LEVELS)}")


def forfeit_rule(table: TableState) -> Refusal | None:
    """Timeouts are counted at a table with the forfeit rule."""
    if table.config.forfeit_after is not None:
        return None
    return Refusal("no_forfeit_rule", "this table lets a bot play a timed-out turn")


def next_match(table: TableState, event: Event) -> MatchState:
    """The match once a match event is applied (the engine raises what it refuses)."""
    match event:
        case StartEvent():
            names = [seat.name or "?" for seat in table.seats]
            return new_match(table.config.rules, names, table.seed)
        case ActEvent():
            assert table.match is not None
            return match_apply(table.match, parse_action(event.action))
        case NextRoundEvent():
            assert table.match is not None
            return next_round(table.match)
        case TimeoutEvent():
            assert table.match is not None and table.config.forfeit_after is not None
            if table.timeouts[event.seat] + 1 >= table.config.forfeit_after:
                return forfeit(table.match, event.seat)
            return table.match
    raise TypeError(f"{event.type} does not change the match")


def _with_next_match(table: TableState, event: Event) -> Refusal | None:
    """Compute the match ``event`` leads to and keep it on the event, or refuse."""
    try:
        event.with_match(next_match(table, event))
    except RamiError as error:
        return Refusal(error.code, error.message, error.facts)
    except Exception:  # what the engine cannot apply must not reach the store
        log.exception("a %s event cannot be applied", event.type)
        return Refusal("cannot_apply", "the server cannot apply this: nothing changed")
    return None


def fits(table: TableState, event: Event) -> Refusal | None:
    """The refusal ``event`` meets at the table now, or None when it fits.

    A match event that fits carries the match it leads to (:attr:`~.events._Event.match_after`).
    """
    refusal = table_open(table)
    if refusal is not None:
        return refusal
    match event:
        case JoinEvent():
            account = None if event.account is None else event.account.id
            return (
                before_start(table, "the match has started: you can watch it")
                or account_free(table, account)
                or seat_exists(table, event.seat)
                or seat_free(table, event.seat)
            )
        case StartEvent():
            return (
                before_start(table, "the match has already started")
                or every_seat_taken(table)
                or _with_next_match(table, event)
            )
        case ActEvent():
            return in_play(table) or turn_of(table, event.seat) or _with_next_match(table, event)
        case NextRoundEvent():
            return in_play(table) or round_ended(table) or _with_next_match(table, event)
        case TimeoutEvent():
            return (
                forfeit_rule(table)
                or in_play(table)
                or turn_of(table, event.seat)
                or _with_next_match(table, event)
            )
        case RemoveEvent():
            return before_start(table, "a seat is freed only before the start") or person_seat(
                table, event.seat
            )
        case StandInEvent():
            return (
                started(table)
                or person_seat(table, event.seat)
                or away(table, event.seat)
                or known_level(event.level)
            )
        case CloseEvent():
            return None

"""``decide(table, command)``: the events a command leads to, or the refusal it meets.

Nothing changes here: the actor stores the events, then applies them with
:func:`~rami.server.tables.evolve.evolve`. A command is first checked for who asks (a seated
player, the host, the version they saw), then its event against the table
(:func:`~rami.server.tables.rules.fits`, the same rules a restored event meets).
"""

from __future__ import annotations

from rami.actions import action_text, parse_action
from rami.errors import RamiError
from rami.server.tables import rules
from rami.server.tables.commands import (
    AskRematch,
    CloseTable,
    Command,
    Deal,
    GiveToBot,
    NoteRematch,
    Play,
    RemoveSeat,
    Sender,
    StartMatch,
    TakeSeat,
    TimeOut,
)
from rami.server.tables.events import (
    AccountRef,
    ActEvent,
    AnyEvent,
    CloseEvent,
    Event,
    JoinEvent,
    NextRoundEvent,
    RematchAskEvent,
    RematchMadeEvent,
    RemoveEvent,
    StandInEvent,
    StartEvent,
    TimeoutEvent,
)
from rami.server.tables.state import Refusal, TableState


def decide(table: TableState, command: Command) -> list[AnyEvent] | Refusal:
    """The events ``command`` leads to at ``table`` now, or the :class:`Refusal` it meets."""
    refusal = rules.table_open(table)
    if refusal is not None:
        return refusal
    match command:
        case TakeSeat():
            return _take_seat(table, command)
        case StartMatch():
            return _start(table, command.by)
        case Play():
            return _play(table, command)
        case Deal():
            return _deal(table, command)
        case RemoveSeat():
            return _host(table, command.by, RemoveEvent(seat=command.seat))
        case GiveToBot():
            return _host(table, command.by, StandInEvent(seat=command.seat, level=command.level))
        case CloseTable():
            return _host(table, command.by, CloseEvent())
        case AskRematch():
            return _ask_rematch(table, command.by)
        case NoteRematch():
            return _note_rematch(table, command)
        case TimeOut():
            if command.by != "table":
                return Refusal("host_only", "only the table counts a timed-out turn")
            return _checked(table, TimeoutEvent(seat=command.seat))


def _checked(table: TableState, event: Event) -> list[AnyEvent] | Refusal:
    refusal = rules.fits(table, event)
    return [event] if refusal is None else refusal


def _version_seen(table: TableState, version: int | None) -> Refusal | None:
    if version is None or version == table.version:
        return None
    return Refusal("stale_version", f"you saw version {version}, now {table.version}")


def _take_seat(table: TableState, command: TakeSeat) -> list[AnyEvent] | Refusal:
    account = command.account
    refusal = (
        (
            Refusal("already_seated", "you already have a seat at this table")
            if isinstance(command.by, int)
            else None
        )
        or rules.before_start(table, "the match has started: you can watch it")
        or (
            Refusal("login_required", "log in to sit at a rated table")
            if account is None and table.config.rated
            else None
        )
        or rules.account_free(table, None if account is None else account.account_id)
    )
    if refusal is not None:
        return refusal
    seat = command.seat
    if seat is None:
        free = [i for i, state in enumerate(table.seats) if not state.taken]
        if not free:
            return Refusal("table_full", "every seat is taken")
        seat = free[0]
    ref = None if account is None else AccountRef(id=account.account_id, name=account.name)
    name = command.name if account is None else account.name
    return _checked(
        table, JoinEvent(seat=seat, name=name, token_hash=command.token_hash, account=ref)
    )


def _start(table: TableState, by: Sender) -> list[AnyEvent] | Refusal:
    if by == "spectator":
        return Refusal("spectator", "spectators cannot start the match")
    if by != 0 and by != "table":
        return Refusal("not_host", "only the host (seat 1) starts the match")
    return _checked(table, StartEvent())


def _play(table: TableState, command: Play) -> list[AnyEvent] | Refusal:
    by = command.by
    if by == "spectator":
        return Refusal("spectator", "spectators cannot play")
    if by == "table":
        if command.seat is None:
            raise ValueError("the table names the seat it plays for")
        seat = command.seat
    elif command.seat is not None and command.seat != by:
        return Refusal("not_your_seat", "you can only play for your own seat")
    else:
        seat = by
    event = ActEvent(seat=seat, action=command.action)
    refusal = rules.fits(table, event) or _version_seen(table, command.version)
    if refusal is not None:
        return refusal
    try:
        text = action_text(parse_action(command.action))
    except RamiError as error:  # fits parsed it already: this does not happen
        return Refusal(error.code, error.message, error.facts)
    return [ActEvent(seat=seat, action=text).with_match(event.match_after)]


def _deal(table: TableState, command: Deal) -> list[AnyEvent] | Refusal:
    if command.by == "spectator":
        return Refusal("spectator", "spectators cannot deal")
    event = NextRoundEvent()
    refusal = rules.fits(table, event) or _version_seen(table, command.version)
    return [event] if refusal is None else refusal


def _host(table: TableState, by: Sender, event: Event) -> list[AnyEvent] | Refusal:
    if by != 0 and by != "table":
        return Refusal("host_only", "only the host (seat 1) can do this")
    return _checked(table, event)


def _ask_rematch(table: TableState, by: Sender) -> list[AnyEvent] | Refusal:
    if not isinstance(by, int):
        return Refusal("spectator", "spectators do not vote for a rematch")
    if table.match is None or not table.match.finished:
        return Refusal("match_not_over", "a rematch is asked for once the match is over")
    if by in table.rematch.asked or table.rematch.table is not None:
        return []  # asking twice counts once; once it is made, it is made
    return [RematchAskEvent(seat=by)]


def _note_rematch(table: TableState, command: NoteRematch) -> list[AnyEvent] | Refusal:
    if command.by != "table" or table.rematch.table is not None:
        raise ValueError("the table notes its one rematch")  # under its lock: never twice
    return [RematchMadeEvent(table=command.table, tokens=command.tokens)]

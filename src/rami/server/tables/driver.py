"""Who plays when nobody clicks: bot seats, people away past the grace period, turn timers.

Each table has one driver task. It sleeps until the next deadline (a bot's thinking time, a
seat's grace period, the turn timer) or until the table changes, then acts under the table's
lock through the same checks as a person's command. Bots only ever see ``view_for`` output.
Time is the table's clock. When the store fails or the driver hits a bug, it tries again
after a doubling wait (:class:`~rami.server.tables.backoff.Backoff`), one log line per try.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from rami.actions import Action, TakeBack, action_text
from rami.bots import LEVELS, Bot, make_bot
from rami.server.tables.actor import NotStored, Table
from rami.server.tables.backoff import Backoff
from rami.server.tables.commands import Deal, Play, TimeOut
from rami.server.tables.state import Refusal
from rami.state import Phase
from rami.views import PlayerView, view_for

log = logging.getLogger("rami.server")

AWAY_LEVELS = ("medium", "easy", "random")
"""Bot levels to stand in for a person who is away, preferred first (quick and sound)."""


def away_level() -> str:
    """The bot level that plays for people who are away."""
    for level in AWAY_LEVELS:
        if level in LEVELS:
            return level
    return next(iter(LEVELS))


class Driver:
    """The auto-play task of one table.

    When every person at a table is away past the grace period, the stand-in also deals the
    next round, so a table nobody watches plays its match to the end. With a turn timer, an
    idle seat's turn is played by the stand-in once the timer runs out, on every turn, and a
    round nobody deals is dealt when the timer runs out after it ended.
    """

    def __init__(self, table: Table, on_idle: Callable[[Table], None] | None = None) -> None:
        self.table = table
        self.on_idle = on_idle
        """Called (under the table's lock) when an idle table leaves memory (:meth:`archive_at`)."""
        self.bots: dict[tuple[int, str], Bot] = {}
        self.task: asyncio.Task[None] | None = None
        self.backoff = Backoff()

    def start(self) -> None:
        """Start the task on the running loop."""
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Cancel the task."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    def auto_seat(self) -> int | None:
        """The seat to act if a bot must play it now (bot seat, away person, timed-out turn)."""
        table = self.table
        match = table.match
        if match is None or match.finished or match.current_seat is None:
            return None
        seat = match.current_seat
        state = table.seats[seat]
        if state.bot is not None or state.autoplay:
            return seat
        if table.timed_out is not None and table.timed_out == table.turn_key():
            return seat
        return None

    def deal_at(self) -> float | None:
        """Monotonic time at which the stand-in deals the next round, or None."""
        table = self.table
        match = table.match
        if match is None or match.finished or match.round.phase is not Phase.OVER:
            return None
        if all(seat.bot is not None or seat.autoplay for seat in table.seats):
            return table.changed_at + table.settings.bot_delay
        timer = table.config.turn_timer
        return None if timer is None else table.changed_at + timer

    def archive_at(self) -> float | None:
        """Monotonic time at which the table leaves memory, or None while it must stay.

        A table leaves once nobody has been connected for ``Settings.archive_after`` seconds
        and it has nothing to do by itself: finished, or waiting for its players. A match in
        play always has work (a bot, a grace period, a timer), so it stays and is played on.
        """
        table = self.table
        if table.clients or self._work_at() is not None:
            return None
        return table.quiet_since + table.settings.archive_after

    def _work_at(self) -> float | None:
        """Monotonic time of the next thing the table does by itself, or None."""
        table = self.table
        if table.closed:
            return None  # a closed table only waits to leave memory
        times: list[float] = []
        if self.auto_seat() is not None:
            times.append(table.changed_at + table.settings.bot_delay)
        timer = table.config.turn_timer
        key = table.turn_key()
        if timer is not None and key is not None and table.timed_out != key:
            times.append(table.turn_started + timer)
        match = table.match
        if match is not None and not match.finished and not table.config.waits_for_timer:
            for seat in table.seats:
                if seat.away_since is not None and not seat.autoplay:
                    times.append(seat.away_since + table.settings.grace)
        deal = self.deal_at()
        if deal is not None:
            times.append(deal)
        return min(times) if times else None

    def next_deadline(self) -> float | None:
        """Monotonic time of the next thing to do (work or leaving memory), or None."""
        times = [t for t in (self._work_at(), self.archive_at()) if t is not None]
        return min(times) if times else None

    async def _run(self) -> None:
        table = self.table
        clock = table.clock
        while True:
            table.wakeup.clear()
            deadline = self.next_deadline()
            delay = None if deadline is None else max(0.0, deadline - clock.now())
            if (delay is None or delay > 0) and await clock.wait(table.wakeup, delay):
                continue
            async with table.lock:
                archive = self.archive_at()
                if archive is not None and clock.now() >= archive:
                    if self.on_idle is not None:
                        self.on_idle(table)
                        return
                    table.quiet_since = clock.now()  # nobody to archive to: keep it
                    continue
                try:
                    refusal = None if table.closed else await self._due()
                    failed = self._failed(refusal)
                except Exception:  # a bug must not stop the table for good
                    failed = self.backoff.failed()
                    log.exception(
                        "table %s: the driver failed; trying again in %g s", table.table_id, failed
                    )
            if failed:
                await clock.sleep(failed)

    def _failed(self, refusal: Refusal | None) -> float:
        """Seconds to wait after a store failure (logged), 0 after anything else."""
        if not isinstance(refusal, NotStored):
            self.backoff.succeeded()
            return 0.0
        delay = self.backoff.failed()
        log.error(
            "table %s: event %d not saved (%s); trying again in %g s",
            self.table.table_id,
            refusal.version,
            refusal.cause,
            delay,
        )
        return delay

    async def _due(self) -> Refusal | None:
        """Do what is due now; the refusal met, if any."""
        table = self.table
        now = table.clock.now()
        changed = False
        for seat in table.seats:
            away = seat.away_since
            if table.config.waits_for_timer:
                break  # an away person's turn waits for the timer
            if away is not None and not seat.autoplay and now >= away + table.settings.grace:
                seat.autoplay = changed = True
        timer = table.config.turn_timer
        key = table.turn_key()
        expired = timer is not None and now >= table.turn_started + timer
        if expired and key is not None and table.timed_out != key:
            if self._counts_timeouts():
                return self._done(await table.execute(TimeOut("table", table.match_seat())))
            table.timed_out = key
            changed = True
        seat_to_play = self.auto_seat()
        if seat_to_play is not None and now >= table.changed_at + table.settings.bot_delay:
            return await self._play(seat_to_play)
        deal = self.deal_at()
        if deal is not None and now >= deal:
            return self._done(await table.execute(Deal("table")))
        if changed:
            table.wakeup.set()
            table.broadcast()
        return None

    def _counts_timeouts(self) -> bool:
        """True when the seat to act is a person at a table with the forfeit rule."""
        table = self.table
        seat = table.match_seat()
        return table.config.forfeit_after is not None and table.seats[seat].bot is None

    def _done(self, result: object) -> Refusal | None:
        """Broadcast what happened; after a refusal, wait a bot delay before trying again."""
        table = self.table
        if isinstance(result, Refusal):
            table.changed_at = table.clock.now()
            return result
        table.broadcast()
        return None

    def _bot(self, seat: int) -> Bot:
        state = self.table.seats[seat]
        level = state.bot or state.stand_in or away_level()
        bot = self.bots.get((seat, level))
        if bot is None:
            base = self.table.config.bot_seed or self.table.table_id
            bot = self.bots[seat, level] = make_bot(level, f"{base}-{seat}")
        return bot

    async def _play(self, seat: int) -> Refusal | None:
        table = self.table
        assert table.match is not None
        view = view_for(table.match, seat)
        # A strong bot may think for a while: off the event loop, so other tables keep going.
        action = await asyncio.to_thread(self._choose, seat, view.legal, view)
        return self._done(await table.execute(Play("table", action_text(action), seat)))

    def _choose(self, seat: int, legal: tuple[Action, ...], view: PlayerView) -> Action:
        try:
            action: Action | None = self._bot(seat).choose(view)
        except Exception:  # a failing bot must not stop the table
            action = None
        if action is not None and action in legal:
            return action
        choices: list[Action] = [a for a in legal if not isinstance(a, TakeBack)]
        return (choices or list(legal))[-1]

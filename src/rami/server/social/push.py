"""Web Push notifications: the ``notify(account_id, kind, payload)`` seam the features call,
the devices' subscriptions, the pages' visibility beats and "your turn".

A "your turn" push goes to the account of the seat to act once the turn has waited
``turn_delay`` seconds, at most once per turn, and only when no page of that account reported
itself visible within ``visible_for`` seconds (``POST /api/push/visibility``). Sends run in
threads (:mod:`~rami.server.social.push_delivery`); a 404 or 410 removes the subscription,
another failure is tried again up to ``retries`` times.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec

from rami.i18n import N_, translator
from rami.server.messages.settings import PushSettings
from rami.server.social.push_delivery import GONE, EndpointRefused, check_endpoint, send
from rami.server.social.push_store import PushStore, Subscription, VapidKeys, unb64url
from rami.server.tables.clock import Clock
from rami.server.tables.state import TableState
from rami.server.tables.tasks import cancel_and_wait

log = logging.getLogger("rami.server.push")

WORDS = {
    "turn": (N_("Your turn"), N_("It is your turn at table {table}.")),
    "quickmatch": (N_("Your quick match is ready"), N_("Your table {table} is waiting.")),
    "invitation": (N_("A friend invites you"), N_("{name} invites you to table {table}.")),
    "tournament": (
        N_("Your tournament table is ready"),
        N_("A new round has begun: your table {table} is waiting."),
    ),
}
"""The title and body of each kind of push, in the subscription's language."""
REMEMBERED = 10_000
"""Turns remembered as pushed (the oldest forgotten first)."""


class PushRefusal(ValueError):
    """A subscription refused: ``code`` and words for the answer (422)."""

    status = 422

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def check_keys(p256dh: str, auth: str) -> None:
    """Raise :class:`PushRefusal` unless ``p256dh`` is a P-256 point and ``auth`` 16 bytes
    (URL-safe base64 both)."""
    try:
        point, secret = unb64url(p256dh), unb64url(auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise PushRefusal("bad_push_keys", "the subscription's keys are not valid") from None
    if len(point) != 65 or len(secret) != 16:
        raise PushRefusal("bad_push_keys", "the subscription's keys are not valid")


class Push:
    """Notifications for one process: subscriptions in ``store``, time from ``clock``."""

    def __init__(self, store: PushStore, settings: PushSettings, clock: Clock) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self._keys: VapidKeys | None = None
        self._beats: dict[int, dict[str, float]] = {}
        self._pushed: OrderedDict[tuple[str, int], tuple[int, int]] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()
        self._waiting: dict[tuple[str, int], tuple[tuple[int, int], asyncio.Task[None]]] = {}
        """The one "your turn" push waiting per (table, account), with its turn: a new turn
        replaces it."""
        self.sent: Callable[[Subscription, dict[str, Any], int], None] | None = None
        """Called after each try with its status (tests and metrics watch it)."""

    async def keys(self) -> VapidKeys:
        """The VAPID keys (made and stored on the first start, read after)."""
        if self._keys is None:
            self._keys = await asyncio.to_thread(self.store.keys)
        return self._keys

    async def subscribe(
        self, account_id: int, endpoint: str, p256dh: str, auth: str, lang: str
    ) -> None:
        """Keep a device's subscription; raises :class:`PushRefusal` for a bad one."""
        check_keys(p256dh, auth)
        try:
            await asyncio.to_thread(check_endpoint, endpoint, self.settings.allow_loopback)
        except EndpointRefused as refused:
            raise PushRefusal(refused.code, refused.message) from None
        subscription = Subscription(endpoint, account_id, p256dh, auth, lang)
        await asyncio.to_thread(self.store.subscribe, subscription)

    async def unsubscribe(self, account_id: int, endpoint: str) -> bool:
        """Forget a device's subscription (False: the account had none there)."""
        return await asyncio.to_thread(self.store.unsubscribe, account_id, endpoint)

    def beat(self, account_id: int, page: str, visible: bool) -> None:
        """A page of the account says whether it is visible now."""
        pages = self._beats.setdefault(account_id, {})
        now = self.clock.now()
        for other in [p for p, at in pages.items() if now - at > self.settings.visible_for]:
            del pages[other]
        if visible:
            pages[page] = now
        else:
            pages.pop(page, None)
        if not pages:
            del self._beats[account_id]

    def visible(self, account_id: int) -> bool:
        """True while a page of the account reported itself visible within ``visible_for``."""
        now = self.clock.now()
        pages = self._beats.get(account_id, {})
        return any(now - at <= self.settings.visible_for for at in pages.values())

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``work`` in the background (cancelled by :meth:`close`)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def notify(self, account_id: int, kind: str, payload: dict[str, Any]) -> None:
        """Push ``kind`` (a key of :data:`WORDS`) with ``payload`` to every device of the
        account, in the background. ``payload["table"]`` names the table the push opens,
        ``payload["from"]`` the friend who invites."""
        self.spawn(self.deliver(account_id, kind, payload))

    async def deliver(self, account_id: int, kind: str, payload: dict[str, Any]) -> None:
        """Send the push of :meth:`notify` to each subscription, now."""
        subscriptions = await asyncio.to_thread(self.store.of_account, account_id)
        await asyncio.gather(*(self._send(s, kind, payload) for s in subscriptions))

    async def _send(self, subscription: Subscription, kind: str, payload: dict[str, Any]) -> None:
        title, body = WORDS[kind]
        words = translator(subscription.lang)
        table = str(payload.get("table", ""))
        message = {
            **payload,
            "kind": kind,
            "title": words.gettext(title),
            "body": words.gettext(body, table=table, name=str(payload.get("from", ""))),
            "url": f"/t/{table}" if table else "/",
            "tag": f"{kind}-{table}",
        }
        keys = await self.keys()
        s = self.settings
        for attempt in range(s.retries + 1):
            status = await asyncio.to_thread(
                send, subscription, message, keys, s.subject, s.timeout, s.allow_loopback
            )
            if self.sent is not None:
                self.sent(subscription, message, status)
            if 200 <= status < 300:
                return
            if status in GONE:
                await asyncio.to_thread(self.store.remove, subscription.endpoint)
                return
            if attempt < s.retries:
                await self.clock.sleep(2.0**attempt)
        log.warning("push to account %d not delivered (%d)", subscription.account_id, status)

    def turn_started(self, table: TableState) -> None:
        """A new turn began at ``table``: push "your turn" later if it is still waiting."""
        match, key = table.match, table.turn_key()
        seat = None if match is None else match.current_seat
        if key is None or seat is None:
            return
        account = table.seats[seat].account
        if account is None:
            return
        due = self.clock.now() + self.settings.turn_delay
        waiting = (table.table_id, account.account_id)
        if (earlier := self._waiting.get(waiting)) is not None:
            if earlier[0] == key:
                return  # this turn's push waits already
            earlier[1].cancel()  # its turn is over: nothing to push for it
        task = self.spawn(self._turn(table, key, seat, account.account_id, due))
        self._waiting[waiting] = (key, task)
        task.add_done_callback(lambda done: self._forget_waiting(waiting, done))

    def _forget_waiting(self, waiting: tuple[str, int], task: asyncio.Task[None]) -> None:
        if (entry := self._waiting.get(waiting)) is not None and entry[1] is task:
            del self._waiting[waiting]

    async def _turn(
        self, table: TableState, key: tuple[int, int], seat: int, account_id: int, due: float
    ) -> None:
        if (wait := due - self.clock.now()) > 0:
            await self.clock.sleep(wait)
        match = table.match
        if table.retired or table.closed or table.turn_key() != key or match is None:
            return
        if match.current_seat != seat or self.visible(account_id):
            return
        if self._pushed.get((table.table_id, account_id)) == key:
            return  # pushed for this turn already (a restored table starts the turn anew)
        self._pushed[(table.table_id, account_id)] = key
        self._pushed.move_to_end((table.table_id, account_id))
        while len(self._pushed) > REMEMBERED:
            self._pushed.popitem(last=False)
        await self.deliver(account_id, "turn", {"table": table.table_id})

    def table_ready(self, kind: str, table_id: str, account_ids: tuple[int, ...]) -> None:
        """A quick match or a tournament's round (``kind``) seated these accounts at
        ``table_id``: push it to each of them no page of which is visible (a visible page
        goes there or shows it itself)."""
        for account_id in account_ids:
            if not self.visible(account_id):
                self.notify(account_id, kind, {"table": table_id})

    async def close(self) -> None:
        """Cancel the pushes not sent yet."""
        await cancel_and_wait(list(self._tasks))

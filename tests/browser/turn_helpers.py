"""The app served to Chromium for the "your turn" tests: accounts in memory, Web Push to a
local push service (loopback allowed, as the test setting permits), and tables on a
:class:`ManualClock` the test moves (days pass in an instant)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from pages_helpers import PASSWORD, cheap_passwords
from push_helpers import Device
from web_helpers import BROWSER_LIMITS, DESKTOP, TIMEOUT, ServedApp

from rami.accounts import AccountConfig, AccountStore
from rami.server import Settings, create_app
from rami.server.messages.settings import PushSettings
from rami.server.social.lobby import Lobby
from rami.server.social.push import Push
from rami.server.store.storage import MemoryStorage
from rami.server.tables.actor import Table
from rami.server.tables.clock import ManualClock

TURN_DELAY = 20.0
"""Seconds (on the manual clock) a turn waits before "your turn" is pushed."""
VISIBLE_FOR = 10.0
"""Seconds (on the manual clock) a page's beat counts. The manual clock stands still while a
page beats, so each beat counts from the time it stands at; a page gone beats no more, and
its last beat lapses when the clock moves on (whether its "hidden" beat got out or not)."""


class LoopServer(uvicorn.Server):
    """uvicorn, keeping the event loop it serves on (the manual clock moves on that loop)."""

    loop: asyncio.AbstractEventLoop | None = None

    async def serve(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)


class TurnServer(ServedApp):
    """The app with accounts, push to loopback endpoints and a manual clock for its tables."""

    def __init__(self, seed: str = "turns") -> None:
        self.store = AccountStore("sqlite://")
        self.clock = ManualClock(wall_start=time.time())  # the pages' time left reads true
        self.lobby = Lobby(MemoryStorage(), Settings(bot_delay=0.0), lambda: seed, self.clock)
        config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
        push = PushSettings(
            allow_loopback=True, retries=0, turn_delay=TURN_DELAY, visible_for=VISIBLE_FOR
        )
        app = create_app(
            lobby=self.lobby,
            accounts=self.store,
            account_config=config,
            limits=BROWSER_LIMITS,
            push_settings=push,
        )
        self.app = app
        super().__init__(app)
        self.server = LoopServer(self.server.config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def push(self) -> Push:
        push: Push = self.app.state.push
        return push

    def account(self, name: str) -> int:
        """A new account called ``name`` (password :data:`PASSWORD`); its id."""
        return self.store.create_account(name, cheap_passwords().hash(PASSWORD)).id

    def call(self, work: Callable[[], Any]) -> Any:
        """Run the coroutine ``work()`` on the server's loop and wait for its result."""
        assert self.server.loop is not None
        return asyncio.run_coroutine_threadsafe(work(), self.server.loop).result(30)

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass on the tables' clock (timers and delayed pushes fire)."""
        self.call(lambda: self.clock.advance(seconds))

    def table(self, table_id: str) -> Table:
        """The table actor behind ``table_id``."""
        table: Table = self.lobby.tables[table_id]
        return table

    def visible(self, account_id: int) -> bool:
        """Whether a page of the account reported itself visible lately."""

        async def ask() -> bool:
            return self.push.visible(account_id)

        return bool(self.call(ask))


@contextmanager
def turn_server(seed: str = "turns") -> Iterator[TurnServer]:
    """A started :class:`TurnServer`, stopped afterwards."""
    server = TurnServer(seed)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def device_script(device: Device, endpoint: str) -> str:
    """An init script giving the page's pushManager a subscription to ``endpoint`` with the
    keys of ``device``. Chromium without Google's push service cannot subscribe anywhere; the
    local push service stands in for the browser's, and the page's code runs unchanged."""
    subscription = json.dumps(device.subscription(endpoint))
    return f"""(() => {{
  const KEY = "test-push-subscription";
  const json = {subscription};
  delete json.lang;
  const made = () => ({{
    endpoint: json.endpoint,
    toJSON: () => structuredClone(json),
    unsubscribe: async () => {{ localStorage.removeItem(KEY); return true; }},
  }});
  PushManager.prototype.subscribe = async function (options) {{
    if (!options || !options.userVisibleOnly || !options.applicationServerKey) {{
      throw new DOMException("userVisibleOnly and a key are needed", "NotAllowedError");
    }}
    localStorage.setItem(KEY, String(new Uint8Array(options.applicationServerKey).length));
    return made();
  }};
  PushManager.prototype.getSubscription = async function () {{
    return localStorage.getItem(KEY) ? made() : null;
  }};
}})();"""


def logged_in_page(browser: Any, server: ServedApp, name: str, script: str = "") -> Any:
    """A new browser context (notifications allowed) logged in as ``name`` on /account."""
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["notifications"], origin=server.url)
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('rami-lang', 'en')")
    page.goto(server.url + "/account")
    page.fill("#login input[name=name]", name)
    page.fill("#login input[name=password]", PASSWORD)
    page.click("#login button[type=submit]")
    page.wait_for_selector("#logged-in")
    page.wait_for_selector("#turn-alerts fieldset")
    return page

"""The safety services one server process uses: blocks, reports, moderation, the reports'
shared rate limit and the chat word filter (masked words, a setting)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from rami.server.social.blocks import Blocks
from rami.server.social.chat import word_pattern
from rami.server.social.moderation import Moderation, SafetyRefusal
from rami.server.social.reports import REPORTS_PER_HOUR, Report, Reports, check
from rami.server.tables.identity import Identity

if TYPE_CHECKING:
    from rami.accounts import AccountStore
    from rami.accounts.budgets import Budgets

P = ParamSpec("P")
T = TypeVar("T")

NO_ONE: frozenset[int] = frozenset()


class Safety:
    """Blocks, reports and moderation on the accounts' database."""

    def __init__(
        self,
        store: AccountStore,
        budgets: Budgets,
        words: tuple[str, ...] = (),
        create: bool = False,
    ) -> None:
        self.store = store
        self.moderation = Moderation(store, create)
        self.blocks = Blocks(store)
        self.reports = Reports(store)
        self.report_budget = budgets.budget("reports", REPORTS_PER_HOUR, 3600.0)
        self.words = word_pattern(words)

    async def run(self, method: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``method`` on the store's worker threads."""
        return await self.store.run(method, *args, **kwargs)

    async def chat_refusal(self, who: Identity | None) -> tuple[str, str] | None:
        """Why ``who`` may not chat now (None: it may; guests are never muted)."""
        if who is None:
            return None
        standing = await self.run(self.moderation.standing, who.account_id)
        if not standing.muted(self.store.clock()):
            return None
        minutes = max(1, round(((standing.muted_until or 0.0) - self.store.clock()) / 60))
        return "chat_muted", f"a moderator muted you: you may chat again in {minutes} min"

    async def unread_by(self, sender: Identity | None) -> frozenset[int]:
        """The accounts a line of ``sender`` must not reach (those blocking it)."""
        if sender is None:
            return NO_ONE
        return await self.run(self.blocks.blockers_of, sender.account_id)

    async def hidden_from(self, viewer: Identity | None) -> frozenset[int]:
        """The accounts whose lines ``viewer`` does not read (those it blocks)."""
        if viewer is None:
            return NO_ONE
        return await self.run(self.blocks.blocked_ids, viewer.account_id)

    async def rated_refusal(self, who: Identity | None) -> SafetyRefusal | None:
        """403 ``rated_banned`` when a moderator banned ``who`` from rated play."""
        if who is None or not (await self.run(self.moderation.standing, who.account_id)).rated_ban:
            return None
        return SafetyRefusal(403, "rated_banned", "a moderator banned you from rated play")

    async def file(self, who: Identity, report: Report) -> int:
        """File ``report`` within ``who``'s hourly budget; its id (429 ``too_many_reports``)."""
        check(report)
        key = f"account:{who.account_id}"
        if await self.report_budget.spend(key) is not None:
            raise SafetyRefusal(429, "too_many_reports", "too many reports: wait an hour")
        try:
            return await self.run(self.reports.file, who, report)
        except SafetyRefusal:
            await self.report_budget.refund(key)  # nothing was filed
            raise

    async def moderator(self, who: Identity | None) -> Identity:
        """``who`` when it is a moderator; 401 ``login_required``, 403 ``not_moderator``."""
        if who is None:
            raise SafetyRefusal(401, "login_required", "log in first")
        if not await self.run(self.moderation.is_moderator, who.account_id):
            raise SafetyRefusal(403, "not_moderator", "only moderators may do this")
        return who

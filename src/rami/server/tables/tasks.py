"""Stopping background tasks: cancelled, then waited for until each has ended."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any


async def cancel_and_wait(tasks: Iterable[asyncio.Future[Any] | None]) -> None:
    """Cancel each of ``tasks`` (None skipped) and return once all have ended."""
    found = [task for task in tasks if task is not None]
    for task in found:
        task.cancel()
    await asyncio.gather(*found, return_exceptions=True)

"""Who may see a Daily Duplicate table's record, replay or live play.

A table a deal of an open edition is played at shows that deal's cards; until the edition
closes only the table's own player and accounts that have finished the same deal may see it
(403 ``play_deal_first`` for anyone else, guests included). Once the edition is over, or for any
other table, everyone may.
"""

from __future__ import annotations

from rami.server.social.duplicate import TABLE_PREFIX, DailyDuplicate, DuplicateRefusal
from rami.server.tables.identity import Identity


async def table_refusal(
    service: DailyDuplicate, table_id: str, who: Identity | None
) -> DuplicateRefusal | None:
    """Why ``who`` may not see table ``table_id`` (None: they may)."""
    if not table_id.startswith(TABLE_PREFIX):
        return None
    entry = await service.run(service.entry_of_table, table_id)
    if entry is None or service.closed(entry["day"]):
        return None
    if who is not None and who.account_id == entry["account_id"]:
        return None
    if who is not None:
        day, kind, number = entry["day"], entry["kind"], entry["number"]
        own = await service.run(service.entry, day, kind, number, who.account_id)
        if own is not None and own["penalty"] is not None:
            return None
    return DuplicateRefusal(403, "play_deal_first", "play this deal before seeing its tables")

"""The Daily Duplicate's results: a deal's field, a day's leaderboard, a player's history.

Every figure is computed from the finished entries by :func:`rami.duplicate.score_deal`, so
the boards always agree with each other. A deal's field (with its best tables to replay) is
shown to those who played it, and to everyone once the day is over; the day's leaderboard and a
player's totals show no deal's own results before then.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import func, select

from rami.duplicate import DealScore, score_deal
from rami.server.social.duplicate import DailyDuplicate, DuplicateRefusal
from rami.server.store.duplicate_schema import duplicate_entries_t
from rami.server.tables.identity import Identity

REPLAYS_SHOWN = 3
"""How many of a deal's best results link to their replay."""

Key = tuple[str, str, int]
"""A deal: day, kind, number."""


def _finished(service: DailyDuplicate, day: str | None, kind: str | None) -> list[dict[str, Any]]:
    t = duplicate_entries_t.c
    query = select(duplicate_entries_t).where(t.penalty.is_not(None))
    if day is not None:
        query = query.where(t.day == day)
    if kind is not None:
        query = query.where(t.kind == kind)
    with service.engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(query)]


def _scored(entries: list[dict[str, Any]]) -> dict[Key, dict[int, DealScore]]:
    """Each deal's scores by account id (a deal's field: everyone who played it)."""
    fields: dict[Key, dict[int, int]] = defaultdict(dict)
    for entry in entries:
        fields[entry["day"], entry["kind"], entry["number"]][entry["account_id"]] = entry["penalty"]
    return {key: score_deal(penalties) for key, penalties in fields.items()}


def _score_json(score: DealScore) -> dict[str, Any]:
    return {
        "penalty": score.penalty,
        "matchpoints": score.matchpoints,
        "percentage": score.percentage,
        "field_average": score.field_average,
        "imps": score.imps,
    }


async def deal_board(
    service: DailyDuplicate, who: Identity, day: str, kind: str, number: int
) -> dict[str, Any]:
    """A deal's field, best first, with par and the best tables' replays; refused with 403
    ``play_deal_first`` to an account that has not finished it while the day is open."""
    _, deal = await service.deal(day, kind, number)
    entry = await service.run(service.entry, day, kind, number, who.account_id)
    if (entry is None or entry["penalty"] is None) and not service.closed(day):
        raise DuplicateRefusal(403, "play_deal_first", "play this deal before seeing its results")
    entries = [e for e in await service.run(_finished, service, day, kind) if e["number"] == number]
    scores = _scored(entries).get((day, kind, number), {})
    ranked = sorted(entries, key=lambda e: (e["penalty"], e["finished"]))
    rows = [
        {"rank": place, "name": e["name"], "seat": e["seat"]}
        | _score_json(scores[e["account_id"]])
        | ({"replay": e["table_id"]} if place <= REPLAYS_SHOWN else {})
        for place, e in enumerate(ranked, start=1)
    ]
    return {"day": day, "kind": kind, "number": number, "par": deal["par"], "field": rows}


def _totals(scores: dict[Key, dict[int, DealScore]], names: dict[int, str]) -> list[dict[str, Any]]:
    totals: dict[int, list[DealScore]] = defaultdict(list)
    for by_account in scores.values():
        for account_id, score in by_account.items():
            totals[account_id].append(score)
    rows = [
        {
            "name": names[account_id],
            "deals": len(played),
            "percentage": round(sum(s.percentage for s in played) / len(played), 2),
            "imps": sum(s.imps for s in played),
        }
        for account_id, played in totals.items()
    ]
    return sorted(rows, key=lambda r: (-r["percentage"], -r["imps"], r["name"]))


async def day_board(service: DailyDuplicate, day: str, kind: str) -> dict[str, Any]:
    """The day's leaderboard of an edition: each player's average percentage and IMPs."""
    await service.edition(day, kind)  # 404 for no such edition
    entries = await service.run(_finished, service, day, kind)
    names = {e["account_id"]: e["name"] for e in entries}
    rows = _totals(_scored(entries), names)
    return {"day": day, "kind": kind, "closed": service.closed(day), "leaders": rows}


def _account_of(service: DailyDuplicate, name: str) -> int | None:
    t = duplicate_entries_t.c
    with service.engine.connect() as conn:
        row = conn.execute(select(t.account_id).where(func.lower(t.name) == name.lower())).first()
        return None if row is None else int(row.account_id)


async def history(service: DailyDuplicate, name: str) -> dict[str, Any]:
    """A player's editions, newest first: totals, and each deal's score once the day is over;
    404 ``no_such_player`` when no account has that name (none played: no editions)."""
    account_id = await service.run(_account_of, service, name)
    if account_id is None:
        if await service.run(service.accounts.account_named, name) is None:
            raise DuplicateRefusal(404, "no_such_player", f"no player called {name!r}")
        return {"name": name, "editions": []}
    entries = await service.run(_finished, service, None, None)
    played = {(e["day"], e["kind"]) for e in entries if e["account_id"] == account_id}
    editions = []
    for day, kind in sorted(played, reverse=True):
        scores = _scored([e for e in entries if (e["day"], e["kind"]) == (day, kind)])
        mine = {key: s[account_id] for key, s in scores.items() if account_id in s}
        total = _totals({key: {account_id: s} for key, s in mine.items()}, {account_id: name})[0]
        deals = [{"number": key[2]} | _score_json(score) for key, score in sorted(mine.items())]
        closed = service.closed(day)
        editions.append(
            {"day": day, "kind": kind, "closed": closed}
            | {k: total[k] for k in ("deals", "percentage", "imps")}
            | ({"results": deals} if closed else {})
        )
    return {"name": name, "editions": editions}


async def progress(service: DailyDuplicate, who: Identity | None, day: str, kind: str) -> list[str]:
    """Each deal's state for ``who``: ``new``, ``playing`` or ``played``."""
    if who is None:
        return []
    t = duplicate_entries_t.c

    def read() -> dict[int, bool]:
        with service.engine.connect() as conn:
            rows = conn.execute(
                select(t.number, t.penalty).where(
                    t.day == day, t.kind == kind, t.account_id == who.account_id
                )
            )
            return {row.number: row.penalty is not None for row in rows}

    states = await service.run(read)
    deals = (await service.edition(day, kind))["deals"]
    return [
        "new" if d["number"] not in states else ("played" if states[d["number"]] else "playing")
        for d in deals
    ]

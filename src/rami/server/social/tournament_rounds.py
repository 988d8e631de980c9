"""A tournament's stored boards turned into the pure package's results, and back.

A board row's ``result`` is JSON ``{"penalties": {player: n}, "absent": [player, …]}``. A
pairing's result is its board's places by penalty or, with twin tables, the penalties summed
over both boards (:func:`rami.tournaments.twin_result`); an absent player forfeits.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rami.tournaments import TableResult, bye, places_from_penalties, twin_result


def result_json(penalties: Mapping[str, int], absent: Sequence[str] = ()) -> str:
    """A board's stored result."""
    return json.dumps({"penalties": dict(penalties), "absent": sorted(absent)})


def pairing_results(rows: Sequence[Mapping[str, Any]]) -> list[TableResult] | None:
    """One round's results from its board rows (None: a board is still being played)."""
    if any(row["result"] is None for row in rows):
        return None
    by_pairing: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_pairing.setdefault(int(row["pairing"]), []).append(row)
    results: list[TableResult] = []
    for pairing in sorted(by_pairing):
        boards = sorted(by_pairing[pairing], key=lambda r: bool(r["twin"]))
        seats = tuple(json.loads(boards[0]["seats"]))
        if len(seats) == 1:
            results.append(bye(seats[0]))
            continue
        found = [json.loads(board["result"]) for board in boards]
        absent = frozenset(p for f in found for p in f["absent"])
        penalties = [f["penalties"] for f in found]
        if len(penalties) == 2:
            results.append(twin_result(seats, penalties[0], penalties[1], absent))
        else:
            places = places_from_penalties([int(penalties[0].get(p, 0)) for p in seats])
            results.append(TableResult(seats, places, absent))
    return results

"""A long strength run kept line by line, so a stopped run resumes and its prefix reports.

Every index's results are one JSON line of a log file; a run reads the lines already there,
plays the indexes after them and appends. Results depend only on the index and the seed, so
the first ``n`` lines are exactly what a run of ``n`` indexes gives.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def resume(path: Path, count: int, play: Callable[[int], Any]) -> list[Any]:
    """The logged results of indexes ``0 .. count-1``, playing (and logging) the missing ones
    with ``play`` (JSON-ready values)."""
    found: list[Any] = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.append(json.loads(line)["data"])
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as log:
        for index in range(len(found), count):
            data = play(index)
            log.write(json.dumps({"index": index, "data": data}) + "\n")
            log.flush()
            found.append(data)
    return found[:count]

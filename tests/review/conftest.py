"""Records and positions shared by the review tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from rami.bots import make_bot
from rami.match import match_apply, new_match
from rami.records import dumps
from rami.rules import get_rules
from rami.state import Phase
from rami.views import view_for


def played_round(seed: str) -> str:
    """A record of one Rami 51 round, hard (seat 0) against medium (seat 1)."""
    match = new_match(get_rules("rami51"), ["Ana", "Bo"], seed)
    bots = [make_bot("hard", seed), make_bot("medium", seed)]
    while match.round.phase is not Phase.OVER:
        seat = match.current_seat
        assert seat is not None
        match = match_apply(match, bots[seat].choose(view_for(match, seat)))
    return dumps(match)


@pytest.fixture(scope="session")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "round.jsonl"
    path.write_text(played_round("review-test"), encoding="utf-8")
    return path

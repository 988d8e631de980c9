"""Finished rounds, public once their seeds are revealed: records and step-by-step replays."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rami.actions import MeldAction, Open, action_text
from rami.engine import apply, deal
from rami.match import MatchState
from rami.narration import narrate
from rami.records import dumps
from rami.server.messages.wire import cards, meld_wire
from rami.state import RoundState


def finished_part(match: MatchState) -> MatchState | None:
    """The match cut after its last finished round (None before any round ends)."""
    if not match.finished_rounds:
        return None
    last = match.finished_rounds[-1]
    if match.round_index == last.index:
        return match
    return replace(
        match, round=last.state, round_index=last.index, active=last.seats, dealer=last.dealer
    )


def record_text(match: MatchState) -> str | None:
    """The public game record of every finished round (None before any round ends)."""
    part = finished_part(match)
    return None if part is None else dumps(part)


def _frame(
    state: RoundState, seats: tuple[int, ...], total: int, step: dict[str, Any]
) -> dict[str, Any]:
    hands: list[list[str]] = [[] for _ in range(total)]
    opened = [False] * total
    for round_seat, seat in enumerate(seats):
        staged = [c for m in state.staged for c in m.cards] if round_seat == state.current else []
        hands[seat] = cards(tuple(sorted((*state.hands[round_seat], *staged))))
        opened[seat] = state.opened[round_seat]
    return {
        **step,
        "current": None if state.result is not None else seats[state.current],
        "hands": hands,
        "opened": opened,
        "table": [{"owner": seats[tm.owner], **meld_wire(tm.meld)} for tm in state.table],
        "discard": cards(state.discard_pile[-6:]),
        "discard_count": len(state.discard_pile),
        "stock": len(state.stock),
    }


def replay_frames(match: MatchState, lang: str) -> list[dict[str, Any]]:
    """Every position of every finished round, all hands revealed, one per action."""
    frames: list[dict[str, Any]] = []
    total = len(match.names)
    for played in match.finished_rounds:
        seats = played.seats
        state = deal(match.rules, len(seats), played.state.seed, seats.index(played.dealer))
        start = {"round": played.index, "step": 0, "seat": None, "action": None, "text": ""}
        frames.append(_frame(state, seats, total, start))
        opened: set[int] = set()
        for number, entry in enumerate(played.state.entries(), start=1):
            state = apply(state, entry.action)
            seat = seats[entry.seat]
            staged = isinstance(entry.action, MeldAction) and seat not in opened
            if isinstance(entry.action, Open):
                opened.add(seat)
            text = narrate(seat, entry.action, entry.card, match.names, lang, staged)
            step = {
                "round": played.index,
                "step": number,
                "seat": seat,
                "action": action_text(entry.action),
                "text": text,
            }
            frames.append(_frame(state, seats, total, step))
    return frames

"""A review's decisions placed on the replay's steps, and the line said beside each of them.

A decision is marked on the step its action made: a draw on the draw, a discard on the
discard, a table play on its first meld or lay-off (on the discard when nothing was laid).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from rami.actions import Action, Discard, DrawDiscard, DrawStock
from rami.i18n import translator
from rami.review import Review
from rami.review.decisions import Decision
from rami.review.scale import severity
from rami.tui.review import VERDICT_MARKS, VERDICT_STYLES, better_text, kind_text

if TYPE_CHECKING:
    from rami.tui.replay import Step


def _kind(action: Action) -> str:
    if isinstance(action, DrawStock | DrawDiscard):
        return "draw"
    return "discard" if isinstance(action, Discard) else "play"


def step_decisions(steps: Sequence[Step], review: Review) -> dict[int, list[Decision]]:
    """The review's decisions by the index of the step they are marked on."""
    wanted = {(r.index, d.turn, d.kind): d for r in review.rounds for d in r.decisions}
    placed: dict[int, list[Decision]] = {}
    seen: set[tuple[int, int, str]] = set()
    for index in range(1, len(steps)):
        step = steps[index]
        if step.round_start == index:
            continue
        before = steps[index - 1].match
        if before.current_seat != review.seat:
            continue
        after = step.match.round
        action = after.entries()[index - step.round_start - 1].action
        kinds = [_kind(action)]
        if kinds == ["discard"]:
            kinds.append("play")
        for kind in kinds:
            key = (step.match.round_index, before.round.turn_number, kind)
            if key in wanted and key not in seen:
                seen.add(key)
                placed.setdefault(index, []).append(wanted[key])
    return placed


def marked(placed: dict[int, list[Decision]]) -> list[int]:
    """The steps holding a decision with a verdict, in order."""
    return sorted(i for i, found in placed.items() if any(d.verdict for d in found))


def mark_line(decisions: Sequence[Decision], lang: str) -> Text:
    """What the review says of the decisions made at one step, worst first."""
    tr = translator(lang)
    text = Text()
    for d in sorted(decisions, key=lambda d: -severity(d.verdict)):
        if text:
            text.append("\n")
        kind = kind_text(d.kind, lang)
        if d.verdict is None:
            said = tr.gettext(
                "{kind}: {played} — as good as the best found", kind=kind, played=d.played.text
            )
            text.append("✓ " + said, style="green")
            continue
        words = {
            "inaccuracy": tr.gettext("inaccuracy"),
            "mistake": tr.gettext("mistake"),
            "blunder": tr.gettext("blunder"),
        }
        points, win = f"{d.loss_points:.1f}", f"{100 * d.loss_win:.0f}"
        said = tr.gettext(
            "{verdict} in {kind}: {played}. Better: {better} ({points} points, "
            "{win}% of the round-win chance lost)",
            verdict=words[d.verdict],
            kind=kind,
            played=d.played.text,
            better=better_text(d),
            points=points,
            win=win,
        )
        text.append(f"{VERDICT_MARKS[d.verdict]} {said}", style=VERDICT_STYLES[d.verdict])
    return text

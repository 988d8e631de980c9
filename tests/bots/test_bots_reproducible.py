"""A seeded match between bots replays identically; tournaments do not depend on workers."""

from __future__ import annotations

from bot_games import bots_for

from rami.actions import Action
from rami.bots.hard import Budget
from rami.bots.tournament import Config, run, summarize
from rami.match import MatchState, match_apply, new_match, next_round
from rami.rules import get_rules
from rami.state import Phase
from rami.views import view_for


def _match(seed: str) -> tuple[MatchState, list[Action]]:
    rules = get_rules("rami40").replace(match_end="rounds", match_limit=2)
    levels = ["hard", "medium", "easy"]
    bots = bots_for(levels, seed)
    match = new_match(rules, levels, seed=seed)
    actions: list[Action] = []
    while not match.finished:
        if match.round.phase is Phase.OVER:
            match = next_round(match)
            continue
        seat = match.current_seat
        assert seat is not None
        action = bots[seat].choose(view_for(match, seat))
        actions.append(action)
        match = match_apply(match, action)
    return match, actions


def test_a_seeded_match_replays_identically() -> None:
    first, first_actions = _match("replay")
    second, second_actions = _match("replay")
    assert first_actions == second_actions
    assert first.totals == second.totals
    assert len(first.finished_rounds) == 2


def test_another_seed_plays_another_match() -> None:
    assert _match("replay")[1] != _match("other")[1]


def _figures(summary: dict[str, object]) -> dict[str, object]:
    bots = summary["bots"]
    assert isinstance(bots, dict)
    return {label: {k: v for k, v in row.items() if "ms" not in k} for label, row in bots.items()}


def test_tournament_results_do_not_depend_on_workers() -> None:
    config = Config(("hard", "easy"), 2, "rami51", 3, "w", Budget(worlds=2, max_ms=None))
    alone = summarize(config, run(config, workers=1))
    shared = summarize(config, run(config, workers=2))
    assert _figures(alone) == _figures(shared)
    assert alone["rounds"] == 6

"""The expert level: legal, deterministic by seed on any process, and its search counted."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from bot_games import RULES, TINY, TINY_EXPERT, play_out, position

from rami.actions import DrawDiscard, DrawStock, action_text
from rami.bots import LEVELS, Bot, make_bot, tournament
from rami.bots.cardsense import related
from rami.bots.determinize import sample_world
from rami.bots.expert import ExpertBot, ExpertBudget
from rami.bots.hard import Budget
from rami.bots.plans import step_view, turn_lines
from rami.bots.policy import SHARP
from rami.cards import Card, parse_cards
from rami.engine import apply, deal
from rami.rules import get_rules
from rami.state import Phase, RoundState
from rami.views import view_for

HERE = Path(__file__).resolve().parent


def test_expert_is_a_registered_level() -> None:
    assert "expert" in LEVELS
    assert make_bot("expert", 3).level == "expert"


def test_expert_plays_legal_rounds_at_several_tables() -> None:
    for preset, levels in (
        ("rami51", ["expert", "hard"]),
        ("rami40", ["expert"] * 2 + ["medium"] * 2),
    ):
        state, played = play_out(get_rules(preset), levels, f"legal-{preset}")
        assert state.phase is Phase.OVER
        assert played


def _actions(seed: str) -> list[str]:
    _, played = play_out(RULES, ["expert", "medium"], seed)
    return [action_text(a) for a in played]


def test_the_same_seed_gives_the_same_decisions() -> None:
    assert _actions("det") == _actions("det")
    assert _actions("det") != _actions("other")


def test_decisions_do_not_depend_on_the_process() -> None:
    """Another interpreter with another hash seed replays the same round."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import test_bots_expert as t; "
        "print(json.dumps(t._actions('det')))"
    )
    found = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code, str(HERE)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        found.append(json.loads(out))
    assert found[0] == found[1] == _actions("det")


def test_a_searched_decision_counts_its_worlds_and_rollouts() -> None:
    budget = ExpertBudget(worlds=4, discards=2, lookahead=2, prune_every=8)
    bot = ExpertBot("count", budget)
    state = position("2C 5D 9S KH 3H 4H 5H 7C 7D QS QD 8S JC 6D", Phase.PLAY)
    view = view_for(state, 0)
    action = bot.choose(view)
    assert action in view.legal
    assert bot.worlds_searched == 4
    lines = turn_lines(view, sample_world(view, random.Random(0)), (SHARP,), 2, 2)
    assert bot.rollouts_searched >= 4 * min(2, len(lines))


def test_a_line_is_played_on_without_a_new_search() -> None:
    bot = ExpertBot("line", TINY_EXPERT)
    state = position("3H 4H 5H 6H 7H 8H 9H QS QD QC 2C 5D 9S KH", Phase.PLAY)
    seat = state.current
    searched = []
    while state.phase is not Phase.OVER and state.current == seat:
        view = view_for(state, seat)
        action = bot.choose(view)
        assert action in view.legal
        searched.append(bot.worlds_searched)
        state = apply(state, action)
    assert len(searched) >= 2
    assert searched[0] > 0
    assert all(n == 0 for n in searched[1:])


def test_a_stepped_view_is_the_view_the_seat_gets() -> None:
    state = position("3H 4H 5H 6H 7H 8H 9H QS QD QC 2C 5D 9S KH", Phase.PLAY)
    view = view_for(state, 0)
    action = next(a for a in view.legal if not isinstance(a, (DrawStock, DrawDiscard)))
    after = apply(state, action)
    assert step_view(view, after, action) == view_for(after, 0)


def _with_pile_top(state: RoundState, top: Card) -> RoundState:
    """``state`` with ``top`` and the pile's card swapped (wherever ``top`` was)."""
    old = state.discard_pile[-1]

    def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        found = list(cards)
        if top in found:
            found[found.index(top)] = old
        return tuple(found)

    hands = (state.hands[0], tuple(sorted(swap(state.hands[1]))))
    return dataclasses.replace(state, hands=hands, stock=swap(state.stock), discard_pile=(top,))


def test_the_draw_is_searched_only_when_the_pile_card_could_matter() -> None:
    hand = "3H 4H 6H QS QD 2C 5D 9S KH 7C 8C JD 4S"
    useful = parse_cards("5H")[0]
    held = set(parse_cards(hand))
    useless = next(c for c in range(52) if c not in held and not any(related(c, h) for h in held))
    for top, searched in ((useful, True), (useless, False)):
        bot = ExpertBot("draw", TINY_EXPERT)
        state = _with_pile_top(position(hand, Phase.DRAW), top)
        view = view_for(state, 0)
        assert bot.choose(view) in view.legal
        assert (bot.worlds_searched > 0) is searched


def test_tournaments_with_expert_do_not_depend_on_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers are forked, so they build the same test-sized bots as this process."""
    plain = tournament.build_bot

    def tiny(level: str, seed: str, budget: Budget = tournament.EXACT_BUDGET) -> Bot:
        return ExpertBot(seed, TINY_EXPERT) if level == "expert" else plain(level, seed, budget)

    monkeypatch.setattr(tournament, "build_bot", tiny)
    config = tournament.Config(("expert", "medium"), 2, "rami51", 2, "workers", TINY)
    alone = tournament.summarize(config, tournament.run(config, workers=1))
    shared = tournament.summarize(config, tournament.run(config, workers=2))
    for summary in (alone, shared):
        for row in summary["bots"].values():
            for key in [k for k in row if "ms" in k]:
                del row[key]
    assert alone == shared
    assert alone["rounds"] == 4


def test_larger_tables_search_fewer_worlds() -> None:
    budget = ExpertBudget(worlds=12)
    assert [budget.worlds_at(n) for n in (2, 3, 4)] == [12, 8, 6]
    assert ExpertBudget(worlds=3).worlds_at(4) == 2  # never fewer than two worlds
    bot = ExpertBot("four", dataclasses.replace(TINY_EXPERT, worlds=4, prune_every=8))
    state = apply(deal(get_rules("rami40"), 4, "four"), DrawStock())
    view = view_for(state, state.current)
    line = turn_lines(view, sample_world(view, random.Random(0)), (SHARP,), 1, 2)[0]
    assert bot.search(view, [line, line], None) == 0
    assert bot.worlds_searched == 2

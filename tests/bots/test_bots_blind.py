"""Bots are blind by construction: they get a view, and hidden cards cannot change their play."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from bot_games import TINY, bots_for

from rami.actions import Discard, DrawDiscard, MeldAction, Open
from rami.bots.determinize import sample_world
from rami.bots.knowledge import read_view
from rami.bots.matches import play_match
from rami.bots.tournament import Config, play_round
from rami.cards import JOKER, parse_cards
from rami.engine import apply, deal
from rami.match import MatchState
from rami.rules import get_rules
from rami.state import Phase, RoundState
from rami.views import PlayerView, view_for

BOTS = Path(__file__).resolve().parents[2] / "src" / "rami" / "bots"
SEES_STATES = {
    "determinize",
    "rollout",
    "hard",
    "expert",
    "plans",
    "valuation",
    "tournament",
    "matches",
}
"""Modules that build or run round states: worlds sampled from a view, and the referees."""
HIDDEN = {"rami.engine", "rami.match", "rami.records", "rami.shuffle"}


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


@pytest.mark.parametrize("path", sorted(BOTS.glob("*.py")), ids=lambda p: p.stem)
def test_only_simulation_modules_touch_round_states(path: Path) -> None:
    imported = _imported(path)
    if path.stem in SEES_STATES:
        return
    assert not imported & HIDDEN, f"{path.name} imports {imported & HIDDEN}"
    assert "rami.state.RoundState" not in imported
    assert "rami.match.MatchState" not in imported


def test_determinization_reads_only_a_view() -> None:
    hints = sample_world.__annotations__
    assert hints["view"] == "PlayerView"
    assert hints["return"] == "RoundState"


def _reachable(value: Any, seen: set[int] | None = None) -> list[Any]:
    """Every object reachable through dataclass fields, tuples, lists and dicts."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    found = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found += _reachable(getattr(value, f.name), seen)
    elif isinstance(value, (tuple, list)):
        for item in value:
            found += _reachable(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            found += _reachable(item, seen)
    return found


class Spy:
    """Wraps a bot and records what ``choose`` is given."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.level = inner.level
        self.seen: list[Any] = []

    def choose(self, view: Any) -> Any:
        self.seen.append(view)
        return self.inner.choose(view)


@pytest.mark.parametrize("referee", ["tournament", "matches"])
def test_the_referee_hands_bots_views_without_hidden_cards(
    referee: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spies: list[Spy] = []

    def spying(level: str, seed: str, budget: Any = TINY) -> Spy:
        spy = Spy(bots_for([level], seed, TINY)[0])
        spies.append(spy)
        return spy

    monkeypatch.setattr(f"rami.bots.{referee}.build_bot", spying)
    if referee == "tournament":
        play_round(Config(("expert", "hard", "medium"), 3, "rami51", 1, "spy", TINY), 0, 0)
    else:
        play_match(Config(("hard", "medium"), 2, "rami51", 1, "spy", TINY), 0, 1)
    views = [v for spy in spies for v in spy.seen]
    assert views
    for view in views:
        assert type(view) is PlayerView
        assert view.my_turn
        for part in _reachable(view):
            assert not isinstance(part, (RoundState, MatchState))
        others = [s for s in range(len(view.hand_sizes)) if s != view.seat]
        assert all(view.hand_sizes[s] > 0 for s in others)


def _hidden_swap(state: RoundState, rng: random.Random) -> RoundState:
    """The same state for the current seat, with the other hands and the stock re-dealt.

    Cards another seat took from the discard pile are public, so they stay where they are.
    """
    me = state.current
    public = {e.card for e in state.entries() if isinstance(e.action, DrawDiscard)}
    kept = [[c for c in hand if c in public] for hand in state.hands]
    pool = [c for s, h in enumerate(state.hands) if s != me for c in h if c not in public]
    pool += state.stock
    rng.shuffle(pool)
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == me:
            hands.append(hand)
            continue
        need = len(hand) - len(kept[seat])
        hands.append(tuple(sorted(kept[seat] + pool[:need])))
        del pool[:need]
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool), seed="other")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_hidden_cards_never_change_a_bots_choice(level: str) -> None:
    rng = random.Random(level)
    rules = get_rules("rami51")
    state = deal(rules, 3, f"blind-{level}")
    drivers = bots_for(["medium"] * 3, "drive")
    checked = 0
    while state.phase is not Phase.OVER and checked < 40:
        view = view_for(state, state.current)
        twin = _hidden_swap(state, rng)
        assert twin.hands != state.hands or twin.stock != state.stock
        assert view_for(twin, state.current) == view
        first = bots_for([level], "same")[0].choose(view)
        second = bots_for([level], "same")[0].choose(view_for(twin, state.current))
        assert first == second
        checked += 1
        state = apply(state, drivers[state.current].choose(view))
    assert checked >= 20


def test_a_sampled_world_shows_the_bot_exactly_its_view() -> None:
    rules = get_rules("rami40")
    state = deal(rules, 4, "worlds")
    drivers = bots_for(["medium"] * 4, "w")
    rng = random.Random(3)
    for _ in range(120):
        if state.phase is Phase.OVER:
            break
        view = view_for(state, state.current)
        know = read_view(view)
        world = sample_world(view, rng, know)
        mirror = view_for(world, state.current)
        for name in ("hand", "staged", "table", "discard_pile", "hand_sizes", "opened", "legal"):
            assert getattr(mirror, name) == getattr(view, name), name
        assert mirror.stock_size == view.stock_size
        for seat, cards in know.held.items():
            hand = list(world.hands[seat])
            for card in cards:
                hand.remove(card)
        state = apply(state, drivers[state.current].choose(view))


def test_a_sampled_world_keeps_the_twin_of_a_card_taken_from_the_pile() -> None:
    rules = get_rules("scala40")
    base = deal(rules, 2, "twins")
    hand = parse_cards("JK 5H 6H 7H 8H QS QD QC 2C 9D")
    rest = [*base.stock, *base.hands[0], *base.hands[1], *base.discard_pile]
    for card in [*hand, JOKER]:
        rest.remove(card)
    state = dataclasses.replace(
        base,
        hands=(tuple(sorted(hand)), tuple(sorted(rest[:13]))),
        discard_pile=(rest[13], JOKER),
        stock=tuple(rest[14:]),
        current=0,
        phase=Phase.DRAW,
    )
    for action in (
        DrawDiscard(),
        MeldAction(tuple(parse_cards("5H 6H 7H 8H"))),
        MeldAction(tuple(sorted(parse_cards("QS QD QC JK")))),
        Open(),
    ):
        state = apply(state, action)
    view = view_for(state, 0)
    assert view.taken_twins == 1 == state.taken_twins
    world = sample_world(view, random.Random(1))
    assert view_for(world, 0).legal == view.legal
    assert any(isinstance(action, Discard) for action in view.legal)

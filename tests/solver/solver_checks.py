"""Shape checks on solver answers, shared by the tests and the benchmark."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rami.cards import Card
from rami.melds import make_meld, meld_readings
from rami.rules import RuleSet
from rami.solver import Opening, Partition, hand_value


def check_partition(hand: Sequence[Card], rules: RuleSet, found: Partition) -> None:
    """The melds are valid, they and the leftover are exactly the hand, deadwood adds up."""
    laid = Counter(c for meld in found.melds for c in meld.cards)
    assert laid + Counter(found.leftover) == Counter(hand)
    for meld in found.melds:
        assert make_meld(meld.cards, rules.jokers_per_meld) == meld
    assert found.deadwood == hand_value(found.leftover, rules)


def check_opening(
    hand: Sequence[Card],
    rules: RuleSet,
    found: Opening,
    must_include: Card | None = None,
    keep: int = 0,
) -> None:
    """The opening's melds come from the hand and meet every condition asked for."""
    laid = Counter(found.cards)
    assert not laid - Counter(hand)
    assert found.melds
    assert len(hand) - laid.total() >= keep
    for meld in found.melds:
        assert meld in meld_readings(meld.cards, rules.jokers_per_meld)
    points = sum(m.points(jokers_count=rules.jokers_count_in_opening) for m in found.melds)
    assert found.points == points
    assert found.clean_run == any(m.clean for m in found.melds)
    assert found.meets_threshold == (points >= rules.opening_points)
    if rules.opening_needs_clean_run:
        assert found.clean_run
    if must_include is not None:
        assert must_include in laid


def opening_key(found: Opening | None) -> tuple[int, int, int] | None:
    """(points, jokers laid, cards laid): what the solver and the ILP both optimise."""
    if found is None:
        return None
    return found.points, sum(m.jokers for m in found.melds), len(found.cards)


def partition_key(found: Partition) -> tuple[int, int, int]:
    """(deadwood, meld points, cards left): what the solver and the ILP both optimise."""
    return found.deadwood, found.points, len(found.leftover)

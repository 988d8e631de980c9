"""An independent integer-programming model of the solver's problems, solved by HiGHS.

One integer variable per candidate meld (how many copies of it are laid); one row per distinct
card (copies laid never exceed copies held). The lexicographic objectives are folded into one
integer objective with weights large enough that no lower term can outweigh a higher one, and
HiGHS is run with a zero optimality gap, so its optimum is exact. Used only by tests and
benchmarks: it is slow, and it shares nothing with the solver but the meld rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from rami.cards import Card
from rami.melds import Meld, candidate_melds, make_meld
from rami.rules import RuleSet


def _penalty(card: Card, rules: RuleSet) -> int:
    if card == 52:
        return rules.joker_in_hand
    rank = card % 13 + 1
    return rules.ace_in_hand if rank == 1 else min(rank, 10)


def _model(
    hand: Sequence[Card], rules: RuleSet
) -> tuple[list[tuple[Card, ...]], list[Meld], list[Card], np.ndarray, np.ndarray]:
    cands = candidate_melds(hand, rules.jokers_per_meld)
    melds = [make_meld(c, rules.jokers_per_meld) for c in cands]
    held = Counter(hand)
    cards = sorted(held)
    uses = np.array([[c.count(card) for c in cands] for card in cards], dtype=float)
    caps = np.array([held[card] for card in cards], dtype=float)
    return cands, melds, cards, uses.reshape(len(cards), len(cands)), caps


def _solve(cost: np.ndarray, rows: list[LinearConstraint], upper: np.ndarray) -> np.ndarray | None:
    if cost.size == 0:
        return np.zeros(0)
    result = milp(
        cost,
        constraints=rows,
        integrality=np.ones(cost.size),
        bounds=Bounds(np.zeros(cost.size), upper),
        options={"mip_rel_gap": 0.0, "presolve": True},
    )
    if result.x is None:
        return None
    return np.rint(result.x).astype(int)


def ilp_partition(hand: Sequence[Card], rules: RuleSet) -> tuple[int, int, int]:
    """(deadwood, meld points, cards left) of the best partition, by the ILP."""
    cands, melds, _cards, uses, caps = _model(hand, rules)
    pen = np.array([sum(_penalty(c, rules) for c in m) for m in cands], dtype=float)
    pts = np.array([m.points() for m in melds], dtype=float)
    size = np.array([len(m) for m in cands], dtype=float)
    # minimise deadwood * 2**16 - points * 2**6 + cards left, written per meld laid
    cost = -(pen * 2**16 + pts * 2**6 + size)
    upper = np.full(len(cands), float(len(hand)))
    x = _solve(cost, [LinearConstraint(uses, 0, caps)] if cands else [], upper)
    assert x is not None
    laid = int(x @ size) if cands else 0
    deadwood = sum(_penalty(c, rules) for c in hand) - (int(x @ pen) if cands else 0)
    return deadwood, int(x @ pts) if cands else 0, len(hand) - laid


def ilp_opening(
    hand: Sequence[Card],
    rules: RuleSet,
    must_include: Card | None = None,
    keep: int = 0,
) -> tuple[int, int, int] | None:
    """(points, jokers laid, cards laid) of the best opening ignoring the threshold, or None."""
    cands, melds, _cards, uses, caps = _model(hand, rules)
    if not cands:
        return None
    pts = np.array([m.points(jokers_count=rules.jokers_count_in_opening) for m in melds], float)
    jokers = np.array([m.jokers for m in melds], dtype=float)
    size = np.array([len(m) for m in cands], dtype=float)
    ones = np.ones(len(cands))
    rows = [
        LinearConstraint(uses, 0, caps),
        LinearConstraint(ones, 1, np.inf),
        LinearConstraint(size, 0, len(hand) - keep),
    ]
    if rules.opening_needs_clean_run:
        rows.append(LinearConstraint(np.array([float(m.clean) for m in melds]), 1, np.inf))
    if must_include is not None:
        rows.append(
            LinearConstraint(np.array([float(must_include in c) for c in cands]), 1, np.inf)
        )
    # maximise points * 2**12 - jokers * 2**6 - cards laid
    cost = -(pts * 2**12 - jokers * 2**6 - size)
    x = _solve(cost, rows, np.full(len(cands), float(len(hand))))
    if x is None:
        return None
    return int(x @ pts), int(x @ jokers), int(x @ size)

"""Opening from a view: which melds to open with, staged one by one.

The plan is the solver's best opening, or going out at once when the whole hand melds. A
player who holds cards back opens with the fewest melds that meet the preset's conditions
(jokers kept in hand first): every meld on the table is a target the opponents can lay off
on, and a joker on the table is one they can retrieve, while melds kept in hand are laid
later or all at once when going out.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rami.actions import Action, MeldAction, Open, TakeBack
from rami.bots.knowledge import my_turn_events
from rami.cards import Card
from rami.melds import Meld, MeldKind
from rami.rules import RuleSet
from rami.solver import Opening, best_opening
from rami.views import PlayerView


def meld_action(cards: Sequence[Card], legal: Sequence[Action]) -> MeldAction | None:
    """The legal action that lays ``cards`` as a meld, if any."""
    wanted = tuple(sorted(cards))
    for action in legal:
        if isinstance(action, MeldAction) and action.cards == wanted:
            return action
    return None


def opening_plan(view: PlayerView) -> Opening | None:
    """The opening to aim for this turn: going out if possible, else the most points."""
    rules, taken = view.rules, view.taken
    full = sorted((*view.hand, *(c for m in view.staged for c in m.cards)))
    musts = [taken, None] if rules.discard_pickup_must_meld and taken in full else [None]
    for must in musts:
        if not rules.final_discard_required:
            out = best_opening(full, rules, keep=0, must_include=must)
            if out is not None and len(out.cards) == len(full):
                return out
        for keep in (1, 2):
            plan = best_opening(full, rules, keep=keep, must_include=must)
            if plan is None:
                break
            rest = list(full)
            for card in plan.cards:
                rest.remove(card)
            if any(card != taken for card in rest):
                return plan
    return None


def opens(melds: Sequence[Meld], rules: RuleSet, taken: Card | None) -> bool:
    """True when ``melds`` alone meet the opening conditions of ``rules``."""
    points = sum(meld.points(rules.jokers_count_in_opening) for meld in melds)
    if points < rules.opening_points:
        return False
    if rules.opening_needs_clean_run and not any(
        meld.kind is MeldKind.RUN and meld.clean for meld in melds
    ):
        return False
    must = rules.discard_pickup_must_meld and taken is not None
    return not must or any(taken in meld.cards for meld in melds)


def fewest_melds(plan: Opening, rules: RuleSet, taken: Card | None) -> tuple[Meld, ...]:
    """The smallest part of ``plan`` that still opens: fewest melds, then fewest jokers laid,
    then fewest cards (the whole plan when no part does)."""
    melds = plan.melds
    for size in range(1, len(melds)):
        parts = [part for part in combinations(melds, size) if opens(part, rules, taken)]
        if parts:
            return min(parts, key=_laid)
    return melds


def _laid(melds: Sequence[Meld]) -> tuple[int, int]:
    """Jokers and cards a group of melds puts on the table."""
    return sum(m.jokers for m in melds), sum(len(m.cards) for m in melds)


def opening_melds(view: PlayerView, hold: bool) -> list[tuple[Card, ...]] | None:
    """The melds to open with this turn (sorted cards), or None when the hand cannot open."""
    plan = opening_plan(view)
    if plan is None:
        return None
    full = len(view.hand) + sum(len(m.cards) for m in view.staged)
    goes_out = len(plan.cards) == full
    melds = plan.melds
    if hold and plan.meets_threshold and not goes_out:
        melds = fewest_melds(plan, view.rules, view.taken)
    return [tuple(sorted(meld.cards)) for meld in melds]


def opening_step(view: PlayerView, hold: bool = False) -> Action | None:
    """The next step of the opening (stage a meld, open, or take back), or None."""
    legal = view.legal
    if TakeBack in my_turn_events(view):
        return None
    remaining = opening_melds(view, hold)
    takeback = TakeBack() if view.staged and TakeBack() in legal else None
    if remaining is None:
        return takeback
    for meld in view.staged:
        cards = tuple(sorted(meld.cards))
        if cards not in remaining:
            return takeback
        remaining.remove(cards)
    if not remaining:
        return Open() if Open() in legal else takeback
    return meld_action(remaining[0], legal) or takeback

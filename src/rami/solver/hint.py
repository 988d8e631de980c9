"""Hints: the suggested play for a player's view, with one line of plain words.

In the draw phase the hint says where to draw: the discard pile's top card when it would be
played this turn (or, for a player who cannot open yet, when it joins a meld in hand), else
the stock. In the play phase it is the best plan of :func:`rami.solver.table.best_turn`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rami.actions import Action, DrawDiscard, DrawStock, LayOff, MeldAction, Open, Swap
from rami.cards import Card, card_text
from rami.melds import Meld, make_meld
from rami.rules import RuleSet
from rami.solver.opening import best_opening
from rami.solver.partition import best_partition
from rami.solver.table import TurnPlan, best_turn
from rami.state import Phase
from rami.views import PlayerView


@dataclass(frozen=True, slots=True)
class Hint:
    """Suggested actions, in order, and why."""

    actions: tuple[Action, ...]
    """The draw (draw phase), or the plays and the discard (play phase)."""
    text: str
    plan: TurnPlan | None = None


def hint(view: PlayerView, rules: RuleSet | None = None) -> Hint | None:
    """The suggested play for ``view``'s seat, or None when it is not that seat's turn."""
    if rules is not None and rules != view.rules:
        view = replace(view, rules=rules)
    if not view.my_turn:
        return None
    if view.phase is Phase.DRAW:
        return _draw_hint(view)
    plan = best_turn(view)
    if plan is None:
        return None
    return Hint(plan.actions, _explain(view, plan), plan)


def _draw_hint(view: PlayerView) -> Hint:
    top = view.discard_pile[-1] if view.discard_pile else None
    if top is not None and DrawDiscard() in view.legal:
        hand = tuple(sorted((*view.hand, top)))
        after = replace(view, phase=Phase.PLAY, hand=hand, taken=top, legal=())
        plan = best_turn(after)
        shown = card_text(top)
        if plan is not None and _played(plan, top):
            why = "you can go out with it" if plan.goes_out else "you can play it this turn"
            if plan.opens:
                why = "it lets you open"
            return Hint((DrawDiscard(),), f"Take the {shown} from the discard pile: {why}.", plan)
        if not view.has_opened:
            with_top = best_partition(hand, view.rules)
            if any(top in m.cards for m in with_top.melds) and with_top.deadwood < (
                best_partition(view.hand, view.rules).deadwood
            ):
                return Hint((DrawDiscard(),), f"Take the {shown}: it joins a meld in your hand.")
        return Hint((DrawStock(),), f"Draw from the stock: the {shown} does not help you now.")
    return Hint((DrawStock(),), "Draw from the stock.")


def _played(plan: TurnPlan, card: Card) -> bool:
    """True when the plan lays ``card`` on the table (in a meld, a lay-off or a retrieval)."""
    for action in plan.plays:
        if isinstance(action, MeldAction) and card in action.cards:
            return True
        if isinstance(action, (LayOff, Swap)) and action.card == card:
            return True
    return False


def _explain(view: PlayerView, plan: TurnPlan) -> str:
    parts = []
    melds = [a for a in plan.plays if isinstance(a, MeldAction)]
    if melds:
        shown = " and ".join(_built(view, m).text() for m in melds)
        parts.append(f"meld {shown}")
    for action in plan.plays:
        if isinstance(action, (LayOff, Swap)):
            target = view.table[action.target].meld.text()
            if isinstance(action, LayOff):
                parts.append(f"lay off {card_text(action.card)} on {target}")
            else:
                parts.append(f"give {card_text(action.card)} for the joker in {target}")
    plays = ", ".join(parts)
    end = f"discard {card_text(plan.discard)}" if plan.discard is not None else ""
    steps = ", then ".join(p for p in (plays, end) if p)
    if plan.goes_out:
        return f"Go out: {steps}."
    if any(isinstance(a, Open) for a in plan.plays):
        points = _opening_points(view, melds)
        return f"Open with {points} points: {steps} ({plan.score} left in hand)."
    if not view.has_opened:
        opening = best_opening(view.hand, view.rules, ignore_threshold=True)
        if opening is None:
            why = "no opening yet"
            if view.rules.opening_needs_clean_run:
                why += " (it needs a clean run)"
        else:
            short = view.rules.opening_points - opening.points
            unit = "point" if short == 1 else "points"
            why = f"you are {short} {unit} short of opening" if short > 0 else "not yet"
        return f"Keep building, {why}: {steps}."
    if not plays:
        return f"Nothing to play: {steps} ({plan.score} left in hand)."
    return f"{steps[0].upper()}{steps[1:]} ({plan.score} left in hand)."


def _built(view: PlayerView, action: MeldAction) -> Meld:
    return make_meld(action.cards, view.rules.jokers_per_meld, action.jokers_as or None)


def _opening_points(view: PlayerView, melds: list[MeldAction]) -> int:
    count_jokers = view.rules.jokers_count_in_opening
    return sum(_built(view, m).points(count_jokers) for m in melds)

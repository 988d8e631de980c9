"""Hints: the suggested play for a player's view, as structured data for a narrator.

In the draw phase the hint says where to draw: the discard pile's top card when it would be
played this turn (or, for a player who cannot open yet, when it joins a meld in hand), else
the stock. In the play phase it is the best plan of :func:`rami.planning.plans.best_turn`,
continued from the melds already staged for the opening when the plan uses them all (so the
hint never asks to take back and lay down again what is already staged). When no plan is
found it suggests the discard: the costliest card that joins no meld in hand. A hint is never
missing: off turn it says to wait.

A hint carries no words: :func:`rami.planning.wording.hint_text` says it in any language, from its
actions and its :class:`Reason`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum

from rami.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
)
from rami.cards import Card
from rami.engine import apply
from rami.errors import IllegalActionError
from rami.melds import Meld, make_meld
from rami.planning.moves import stand_in
from rami.planning.plans import TurnPlan, best_turn
from rami.rules import RuleSet
from rami.scoring import check_opening
from rami.solver import best_opening, best_partition, card_penalty
from rami.state import Phase
from rami.views import PlayerView


class Reason(StrEnum):
    """Why the hint suggests what it does."""

    STOCK = "stock"
    """Draw from the stock (the discard pile is empty or may not be taken)."""
    TOP_USELESS = "top_useless"
    """Draw from the stock: the pile's top card does not help now."""
    TAKE_TO_GO_OUT = "take_to_go_out"
    TAKE_TO_OPEN = "take_to_open"
    TAKE_TO_PLAY = "take_to_play"
    TAKE_FOR_MELD = "take_for_meld"
    """Take the pile's top card: it joins a meld in the hand (before the opening)."""
    GO_OUT = "go_out"
    OPEN = "open"
    """The plan opens; when its first action is ``Open`` every meld is staged already."""
    BUILD = "build"
    """Not opened and cannot open this turn: keep building (see ``short``)."""
    PLAY = "play"
    NOTHING = "nothing"
    """Opened, nothing to play: only the discard."""
    DISCARD = "discard"
    """No plan found: discard the costliest card that joins no meld (``card``)."""
    WAIT = "wait"
    """Not this seat's turn (no actions)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """Suggested actions, in order, and why (structured: :func:`rami.planning.wording.hint_text`
    turns it into words)."""

    actions: tuple[Action, ...]
    """The draw (draw phase), or the plays and the discard (play phase)."""
    reason: Reason
    plan: TurnPlan | None = None
    card: Card | None = None
    """Draw hints: the discard pile's top card the hint is about."""
    points: int = 0
    """Opening hints: the points of the opening (staged melds included)."""
    short: int | None = None
    """``BUILD``: points still missing for an opening (None: no opening in sight)."""
    needs_clean_run: bool = False
    """``BUILD`` without an opening in sight: the rules ask for a clean run."""

    @property
    def score(self) -> int | None:
        """What the hand would score after the plan (None for draw hints)."""
        return None if self.plan is None else self.plan.score

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the hand the first suggested action plays (to mark on screen)."""
        if not self.actions:
            return ()
        first = self.actions[0]
        if isinstance(first, MeldAction):
            return first.cards
        if isinstance(first, (LayOff, Swap, Discard)):
            return (first.card,)
        return ()

    @property
    def target(self) -> int | None:
        """The table meld the first suggested action plays on, if any."""
        first = self.actions[0] if self.actions else None
        return first.target if isinstance(first, (LayOff, Swap)) else None


def hint(view: PlayerView, rules: RuleSet | None = None) -> Hint:
    """The suggested play for ``view``'s seat (``WAIT``, with no actions, off its turn)."""
    if rules is not None and rules != view.rules:
        view = replace(view, rules=rules)
    if not view.my_turn or view.phase is Phase.OVER:
        return Hint((), Reason.WAIT)
    if view.phase is Phase.DRAW:
        return _draw_hint(view)
    plan = best_turn(view)
    if plan is None:
        return fallback_hint(view)
    actions = _from_staged(view, plan)
    return _play_hint(view, plan, actions)


def fallback_hint(view: PlayerView) -> Hint:
    """The discard of the costliest card that joins no meld in hand, else the first legal
    play (a turn whose plays are owed before any discard)."""
    choices = [a.card for a in view.legal if isinstance(a, Discard)]
    if choices:
        leftover = set(best_partition(view.hand, view.rules).leftover)
        loose = [card for card in choices if card in leftover] or choices
        card = max(loose, key=lambda c: (card_penalty(c, view.rules), c))
        return Hint((Discard(card),), Reason.DISCARD, card=card)
    if view.legal:
        return Hint((view.legal[0],), Reason.PLAY)
    return Hint((), Reason.WAIT)


def _draw_hint(view: PlayerView) -> Hint:
    top = view.discard_pile[-1] if view.discard_pile else None
    if top is None or DrawDiscard() not in view.legal:
        return Hint((DrawStock(),), Reason.STOCK)
    hand = tuple(sorted((*view.hand, top)))
    after = replace(view, phase=Phase.PLAY, hand=hand, taken=top, legal=())
    plan = best_turn(after)
    if plan is not None and _played(plan, top):
        why = Reason.TAKE_TO_GO_OUT if plan.goes_out else Reason.TAKE_TO_PLAY
        if plan.opens and not plan.goes_out:
            why = Reason.TAKE_TO_OPEN
        return Hint((DrawDiscard(),), why, plan, card=top)
    if not view.has_opened:
        with_top = best_partition(hand, view.rules)
        if any(top in m.cards for m in with_top.melds) and with_top.deadwood < (
            best_partition(view.hand, view.rules).deadwood
        ):
            return Hint((DrawDiscard(),), Reason.TAKE_FOR_MELD, card=top)
    return Hint((DrawStock(),), Reason.TOP_USELESS, card=top)


def _played(plan: TurnPlan, card: Card) -> bool:
    """True when the plan lays ``card`` on the table (in a meld, a lay-off or a retrieval)."""
    for action in plan.plays:
        if isinstance(action, MeldAction) and card in action.cards:
            return True
        if isinstance(action, (LayOff, Swap)) and action.card == card:
            return True
    return False


def _from_staged(view: PlayerView, plan: TurnPlan) -> tuple[Action, ...]:
    """The plan's actions continued from the staged melds: the planner lays the whole opening
    again after taking the staged melds back; when the opening holds every staged meld, the
    take-back and those melds are left out (and the rest is checked by the engine)."""
    actions = plan.actions
    if not view.staged or not actions or actions[0] != TakeBack() or Open() not in actions:
        return actions
    open_at = actions.index(Open())
    waiting = Counter(_meld_key(m) for m in view.staged)
    kept: list[Action] = []
    for action in actions[1:open_at]:
        if isinstance(action, MeldAction):
            key = _meld_key(_built(view, action))
            if waiting[key] > 0:
                waiting[key] -= 1
                continue
        kept.append(action)
    if +waiting:
        return actions
    kept += actions[open_at:]
    state = stand_in(view)
    try:
        for action in kept:
            state = apply(state, action)
    except IllegalActionError:
        return actions
    return tuple(kept)


def _meld_key(meld: Meld) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return tuple(sorted(meld.cards)), meld.represented()


def _play_hint(view: PlayerView, plan: TurnPlan, actions: tuple[Action, ...]) -> Hint:
    if plan.goes_out:
        return Hint(actions, Reason.GO_OUT, plan)
    plays = [a for a in actions if not isinstance(a, (Discard, TakeBack))]
    if Open() in actions:
        melds = [a for a in plan.plays if isinstance(a, MeldAction)]
        opening = melds[: _opening_melds(plan)]
        return Hint(actions, Reason.OPEN, plan, points=_opening_points(view, opening))
    if not view.has_opened:
        found = best_opening(
            (*view.hand, *(c for m in view.staged for c in m.cards)),
            view.rules,
            ignore_threshold=True,
        )
        if found is None:
            return Hint(
                actions, Reason.BUILD, plan, needs_clean_run=view.rules.opening_needs_clean_run
            )
        short = max(0, view.rules.opening_points - found.points)
        return Hint(actions, Reason.BUILD, plan, short=short)
    return Hint(actions, Reason.PLAY if plays else Reason.NOTHING, plan)


def _opening_melds(plan: TurnPlan) -> int:
    """How many of the plan's melds come before its ``Open``."""
    before = plan.plays[: plan.plays.index(Open())]
    return sum(isinstance(a, MeldAction) for a in before)


def _built(view: PlayerView, action: MeldAction) -> Meld:
    return make_meld(action.cards, view.rules.jokers_per_meld, action.jokers_as or None)


def _opening_points(view: PlayerView, melds: list[MeldAction]) -> int:
    return check_opening([_built(view, m) for m in melds], view.rules).points

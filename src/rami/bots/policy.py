"""Greedy play from a view, shared by the easy, medium and hard bots.

One call picks one action of ``view.legal``: the draw (the discard pile's card when it opens,
melds or lays off), then the opening (:mod:`rami.bots.opening`, staged meld by meld), then
table play once opened (going out whenever the solver finds a way, joker retrievals, the
best partition's melds unless the style holds them, lay-offs of loose cards), and last the
discard ranked by :func:`discard_ranking`. A :class:`Style` sets how carefully each step
is done; every choice is checked against ``view.legal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

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
from rami.bots.cardsense import danger, fits_table, potential
from rami.bots.knowledge import counts, my_turn_events, read_view
from rami.bots.opening import meld_action, opening_step
from rami.cards import JOKER, Card
from rami.planning import can_go_out
from rami.rules import RuleSet
from rami.solver import Partition, best_opening, best_partition, card_penalty
from rami.state import Phase
from rami.views import PlayerView

MAX_TURN_ACTIONS = 40
"""After this many actions in one turn a bot only looks for its discard (a loop guard)."""
GO_OUT_SEARCH = 8
"""Hands up to this size ask the solver for a way to go out (larger ones rarely can)."""
BREAK_MELD = 1000.0
"""Keep value added to a card that sits in one of the hand's melds."""


@dataclass(frozen=True, slots=True)
class Style:
    """How carefully the greedy policy plays."""

    swap_jokers: bool = True
    """Retrieve jokers from the table whenever the rules allow."""
    use_danger: bool = True
    """Avoid discards that fit the table or match the opponents' pickups."""
    potential_weight: float = 12.0
    """Penalty points a loose card that is sure to join a meld is worth keeping."""
    closed_penalty_weight: float = 0.3
    """How much a card's penalty counts before opening (a closed hand pays a flat penalty)."""
    danger_weight: float = 6.0
    """Keep value per way an opponent could use the card (see :func:`danger`)."""
    sloppy: float = 0.0
    """Chance of discarding a random loose card instead of the best one."""
    table_pickups: bool = True
    """Take the discard pile's card when it can be laid off on the table."""
    go_out: bool = True
    """Once opened, look for any sequence of plays that empties the hand this turn."""
    hold_melds: bool = False
    """Open with the fewest melds that open and, once opened, keep further melds in hand
    until they go out together (fewer targets for the opponents' lay-offs and retrievals)."""


MEDIUM = Style()
SHARP = Style(potential_weight=120.0, closed_penalty_weight=0.0, hold_melds=True)
"""The hard level's play: a loose card's chance to join a meld outweighs its penalty, and
melds stay in hand beyond the opening (tuned in duplicate self-play against :data:`MEDIUM`;
see docs/BOTS.md)."""
EASY = Style(
    swap_jokers=False,
    use_danger=False,
    potential_weight=4.0,
    closed_penalty_weight=1.0,
    sloppy=0.25,
    table_pickups=False,
    go_out=False,
)


def choose_action(view: PlayerView, style: Style, rng: Random) -> Action:
    """The greedy action for ``view`` (always one of ``view.legal``)."""
    legal = view.legal
    if not legal:
        raise ValueError("the seat has no legal action")
    if len(legal) == 1:
        return legal[0]
    if view.phase is Phase.DRAW:
        return draw_choice(view, style)
    return play_choice(view, style, rng)


# --- draw -----------------------------------------------------------------------------------


def draw_choice(view: PlayerView, style: Style) -> Action:
    """Stock or discard pile."""
    legal = view.legal
    if DrawDiscard() not in legal:
        return DrawStock() if DrawStock() in legal else legal[0]
    if DrawStock() not in legal or wants_discard(view, style):
        return DrawDiscard()
    return DrawStock()


def wants_discard(view: PlayerView, style: Style) -> bool:
    """True when the discard pile's top card opens, melds or (opened) lays off."""
    top = view.discard_pile[-1]
    rules = view.rules
    if top == JOKER:
        return True
    if view.has_opened:
        if style.table_pickups and fits_table(top, view.table, rules.jokers_per_meld):
            return True
    elif best_opening((*view.hand, top), rules, must_include=top, keep=1) is not None:
        return True
    return improves(view.hand, top, rules)


def _after_discard(part: Partition, rules: RuleSet) -> int:
    loose = [card_penalty(c, rules) for c in part.leftover if c != JOKER]
    return part.deadwood - max(loose, default=0)


def improves(hand: Sequence[Card], card: Card, rules: RuleSet) -> bool:
    """True when ``card`` joins a meld and leaves less deadwood after the best discard."""
    before = best_partition(hand, rules)
    after = best_partition(sorted((*hand, card)), rules)
    melded_before = hand.count(card) - before.leftover.count(card)
    melded_after = hand.count(card) + 1 - after.leftover.count(card)
    if melded_after <= melded_before:
        return False
    return _after_discard(after, rules) < _after_discard(before, rules)


# --- play -----------------------------------------------------------------------------------


def play_choice(view: PlayerView, style: Style, rng: Random) -> Action:
    """Open, meld, lay off, or discard."""
    step = play_step(view, style)
    return step if step is not None else discard_step(view, style, rng)


def play_step(view: PlayerView, style: Style) -> Action | None:
    """The next play before the discard (opening, meld, lay-off, retrieval), or None."""
    if len(my_turn_events(view)) > MAX_TURN_ACTIONS:
        return None
    if view.has_opened:
        return table_step(view, style)
    return opening_step(view, style.hold_melds)


def table_step(view: PlayerView, style: Style) -> Action | None:
    """Once opened: go out, retrieve a joker, lay a meld (unless the style holds them), or
    lay off a loose card; None if nothing."""
    legal = view.legal
    if style.go_out and (style.hold_melds or len(view.hand) <= GO_OUT_SEARCH):
        out = can_go_out(view)
        if out is not None and out.actions and out.actions[0] in legal:
            return out.actions[0]
    if style.swap_jokers and my_turn_events(view).count(Swap) < 2:
        for action in legal:
            if isinstance(action, Swap):
                return action
    part = best_partition(view.hand, view.rules)
    for meld in () if style.hold_melds else part.melds:
        found = meld_action(meld.cards, legal)
        if found is not None:
            return found
    loose = sorted(set(part.leftover), key=lambda c: (-card_penalty(c, view.rules), c))
    for card in loose:
        if card == JOKER and not (view.joker_debt or len(view.hand) <= 2):
            continue
        for action in legal:
            if isinstance(action, LayOff) and action.card == card:
                return action
    return None


# --- discard --------------------------------------------------------------------------------


def discard_step(view: PlayerView, style: Style, rng: Random) -> Action:
    """The discard that ends the turn, or the play an obligation demands first."""
    ranked = discard_ranking(view, style)
    if not ranked:
        return forced_play(view)
    if style.sloppy and len(ranked) > 1 and rng.random() < style.sloppy:
        loose = [d for value, d in ranked if value < BREAK_MELD and d.card != JOKER]
        if loose:
            return rng.choice(loose)
    return ranked[0][1]


def forced_play(view: PlayerView) -> Action:
    """A play that meets an obligation (use the taken card or the retrieved joker)."""
    legal: list[Action] = [a for a in view.legal if not isinstance(a, TakeBack)]
    legal = legal or list(view.legal)
    wanted = {c for c in (view.taken, JOKER if view.joker_debt else None) if c is not None}

    def rank(action: Action) -> int:
        if isinstance(action, MeldAction) and wanted & set(action.cards):
            return 0
        if isinstance(action, (LayOff, Swap)) and action.card in wanted:
            return 1 if isinstance(action, LayOff) else 2
        return 3 if isinstance(action, Open) else 4

    return min(legal, key=rank)


def discard_ranking(view: PlayerView, style: Style) -> list[tuple[float, Discard]]:
    """The legal discards, best first, with their keep value (lower: better to discard)."""
    discards = [a for a in view.legal if isinstance(a, Discard)]
    if not discards:
        return []
    rules, hand = view.rules, view.hand
    know = read_view(view)
    part = best_partition(hand, rules)
    loose = list(part.leftover)
    have = counts(loose)
    spare_jokers = loose.count(JOKER)
    weight = 1.0 if view.has_opened else style.closed_penalty_weight
    others = [s for s in range(len(view.opened)) if s != view.seat and view.active[s]]
    opened = any(view.opened[s] for s in others)
    held = [c for s in others for c in know.held.get(s, ())]
    thrown = [c for s in others for c in know.discarded.get(s, ())]
    ranked: list[tuple[float, Discard]] = []
    for action in discards:
        card = action.card
        if card in loose:
            have[card] -= 1
            jokers = spare_jokers - (card == JOKER)
            hope = potential(card, have, know.unseen, know.unseen_total, jokers)
            have[card] += 1
            value = style.potential_weight * hope - weight * card_penalty(card, rules)
        else:
            rest = list(hand)
            rest.remove(card)
            value = BREAK_MELD + best_partition(rest, rules).deadwood - part.deadwood
        if style.use_danger:
            risk = danger(card, view.table, rules.jokers_per_meld, opened, held, thrown)
            value += style.danger_weight * risk
        ranked.append((value, action))
    ranked.sort(key=lambda item: (item[0], item[1].card))
    return ranked

"""Ending a turn by a discard: the hard and soft restrictions and the obligations to play
first."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rami.actions import Action, LayOff, MeldAction, Swap
from rami.cards import JOKER, Card, card_text
from rami.engine.basics import illegal
from rami.engine.table import meld_facts, table_facts, table_rules
from rami.errors import IllegalActionError
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver import best_opening
from rami.state import RoundState


def hard_blocked(
    rules: RuleSet, hand: Sequence[Card], card: Card, taken: Card | None, twins: int, debt: int
) -> bool:
    """True when ``card`` may not be discarded this turn whatever else holds."""
    if card == taken:
        held = hand.count(card)
        taken_in_hand = held > twins
        if not rules.twin_of_taken_discardable or (taken_in_hand and held < 2):
            return True
    return card == JOKER and hand.count(JOKER) <= debt


def soft_code(
    rules: RuleSet, hand: Sequence[Card], card: Card, opened: bool, fits: Callable[[Card], bool]
) -> str:
    """The code of a soft restriction on discarding ``card``, or ''."""
    if len(hand) == 1:
        return ""
    if card == JOKER and rules.discard_joker == "only_to_go_out":
        return "joker_discard_only_to_go_out"
    if not rules.discard_playable and opened and fits(card):
        return "discard_could_be_laid_off"
    return ""


def discard_options(
    rules: RuleSet,
    hand: Sequence[Card],
    table: Sequence[Meld],
    *,
    opened: bool,
    taken: Card | None = None,
    taken_twins: int = 0,
    joker_debt: int = 0,
) -> tuple[list[Card], list[Card]]:
    """(preferred, allowed): the cards of ``hand`` a turn could end by discarding with
    ``table`` on the table (obligations to play apart); a card allowed but not preferred
    may be discarded only when no preferred card is left."""
    fits: set[Card] = set()
    key = table_rules(rules)
    for meld in table:
        fits |= meld_facts(meld, key).fits
    return _discard_options(rules, hand, fits.__contains__, opened, taken, taken_twins, joker_debt)


def _discard_options(
    rules: RuleSet,
    hand: Sequence[Card],
    fits: Callable[[Card], bool],
    opened: bool,
    taken: Card | None,
    twins: int,
    debt: int,
) -> tuple[list[Card], list[Card]]:
    allowed = sorted(set(hand))
    for card in (taken, JOKER) if debt else (taken,):  # only these two can be hard-blocked
        if card in allowed and hard_blocked(rules, hand, card, taken, twins, debt):
            allowed.remove(card)
    if len(hand) == 1 or (rules.discard_joker == "allowed" and rules.discard_playable):
        return allowed, allowed
    preferred = [c for c in allowed if not soft_code(rules, hand, c, opened, fits)]
    return preferred, allowed


def free_cards(cards: Sequence[Card], taken: Card | None) -> int:
    """How many of ``cards`` are neither a joker nor the taken card (never hard-blocked)."""
    taken_count = cards.count(taken) if taken is not None and taken != JOKER else 0
    return len(cards) - cards.count(JOKER) - taken_count


def discardable_left(state: RoundState, hand: Sequence[Card], debt: int) -> bool:
    """Whether ``hand`` keeps a card the seat may discard (hard restrictions only)."""
    if state.taken is None and not debt:
        return bool(hand)
    rules, taken, twins = state.rules, state.taken, state.taken_twins
    if free_cards(hand, taken):
        return True
    return any(not hard_blocked(rules, hand, c, taken, twins, debt) for c in set(hand))


def taken_still_held(state: RoundState) -> bool:
    """Whether the seat to play still holds the card it took from the discard pile this turn
    (more copies than the twins it held before taking it)."""
    taken = state.taken
    return taken is not None and state.hands[state.current].count(taken) > state.taken_twins


def obligation(state: RoundState, plays: Sequence[Action]) -> IllegalActionError | None:
    """What keeps the player from discarding now, if anything (given the legal plays)."""
    rules, seat = state.rules, state.current
    hand = state.hands[seat]
    if state.staged:
        return illegal("opening_pending", "open with the staged melds or take them back first")
    taken = state.taken
    if taken is not None:
        still_held = taken_still_held(state)
        if rules.discard_pickup_must_meld and still_held and any(_uses(a, taken) for a in plays):
            return illegal(
                "must_use_taken_card",
                f"the {card_text(taken)} taken from the discard pile must be played this turn",
                card=taken,
            )
        if (
            rules.discard_pickup == "opened_or_opening"
            and not state.opened[seat]
            and best_opening(hand, rules) is not None
        ):
            return illegal(
                "must_open_with_taken_card", "you took the discard pile's card: open this turn"
            )
    if state.joker_debt and JOKER in hand and any(_uses(a, JOKER) for a in plays):
        return illegal("joker_must_be_replayed", "play the retrieved joker again this turn")
    return None


def _uses(action: Action, card: Card) -> bool:
    if isinstance(action, MeldAction):
        return card in action.cards
    if isinstance(action, (LayOff, Swap)):
        return action.card == card
    return False


def state_discards(state: RoundState, plays: Sequence[Action]) -> list[Card]:
    """The cards the seat may discard now, given its legal plays."""
    if obligation(state, plays) is not None:
        return []
    seat = state.current
    preferred, allowed = _discard_options(
        state.rules,
        state.hands[seat],
        table_facts(state).fits.__contains__,
        state.opened[seat],
        state.taken,
        state.taken_twins,
        state.joker_debt,
    )
    return preferred or allowed


def free_discards(state: RoundState) -> bool:
    """True when every card in hand may be discarded (no obligation, no restriction)."""
    rules = state.rules
    return (
        state.taken is None
        and not state.joker_debt
        and not state.staged
        and rules.discard_joker == "allowed"
        and rules.discard_playable
    )


def discard_refusal(
    state: RoundState, card: Card, plays: Sequence[Action]
) -> IllegalActionError | None:
    """Why the seat may not discard ``card`` now (``plays``: its legal plays, needed only
    when it took the discard or retrieved a joker), or None."""
    hand = state.hands[state.current]
    if card not in hand:
        return illegal("card_not_in_hand", f"you do not hold {card_text(card)}", cards=(card,))
    blocker = obligation(state, plays)
    if blocker is not None:
        return blocker
    if card in state_discards(state, plays):
        return None
    rules = state.rules
    if card == JOKER and hand.count(JOKER) <= state.joker_debt:
        return illegal(
            "cannot_discard_retrieved_joker", "a retrieved joker stays this turn", card=card
        )
    if hard_blocked(rules, hand, card, state.taken, state.taken_twins, state.joker_debt):
        return illegal(
            "cannot_discard_taken_card",
            f"you took {card_text(card)} from the discard pile this turn: keep it (or its twin)",
            card=card,
        )
    fits = table_facts(state).fits.__contains__
    code = soft_code(rules, hand, card, state.opened[state.current], fits)
    messages = {
        "joker_discard_only_to_go_out": "a joker may be discarded only as your last card",
        "discard_could_be_laid_off": f"{card_text(card)} could be laid off: play it instead",
    }
    return illegal(code, messages.get(code, "that card cannot be discarded now"), card=card)

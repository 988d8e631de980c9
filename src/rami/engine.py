"""The round engine: deal, legal actions and applying actions (pure functions of the state).

``legal_actions(state)`` lists, in a stable order, exactly the actions ``apply`` accepts;
``apply`` returns a new state or raises :class:`IllegalActionError` with a stable code.

Chosen details (see docs/RULES.md): an obligation that can no longer be met lapses (the
card taken from the discard pile must be used, a retrieved joker replayed, a player who took
the discard to open must open); a play may not leave a hand from which nothing can be
discarded; soft discard restrictions (a joker only to go out, no card that could be laid off)
give way when every card in hand falls under them.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence

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
from rami.cards import JOKER, Card, build_deck, card_text
from rami.errors import IllegalActionError, InvalidMeldError
from rami.melds import Meld, MeldKind, candidate_melds, layoff_readings, meld_readings, swap_joker
from rami.rules import RuleSet
from rami.scoring import OpeningCheck, check_opening, round_scores
from rami.shuffle import shuffled
from rami.solver import best_opening
from rami.state import (
    EndReason,
    Log,
    LogEntry,
    Phase,
    RoundResult,
    RoundState,
    TableMeld,
    evolve,
)


def deal(rules: RuleSet, players: int, seed: str, dealer: int | None = None) -> RoundState:
    """Deal a round: ``hand_size`` cards each, the upcard (per rules), the rest as stock."""
    if not rules.min_players <= players <= rules.max_players:
        raise IllegalActionError(
            f"these rules are for {rules.min_players}-{rules.max_players} players, not {players}",
            "bad_player_count",
        )
    dealer = players - 1 if dealer is None else dealer
    deck = shuffled(build_deck(*rules.deck_for(players)), seed, "deal")
    size = rules.hand_size
    hands = tuple(tuple(sorted(deck[i * size : (i + 1) * size])) for i in range(players))
    rest = deck[players * size :]
    upcard = rules.initial_discard == "upcard"
    return RoundState(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=hands,
        stock=tuple(rest[1:] if upcard else rest),
        discard_pile=(rest[0],) if upcard else (),
        opened=(False,) * players,
        current=(dealer + 1) % players,
    )


def _illegal(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(message, code)


def _without(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` minus the multiset ``cards``, or None if the hand lacks one of them."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _with(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    out = list(hand)
    for card in cards:
        insort(out, card)
    return tuple(out)


# --- discard restrictions -------------------------------------------------------------------


def _hard_blocked(state: RoundState, hand: Sequence[Card], card: Card) -> bool:
    """True when ``card`` may not be discarded this turn whatever else holds."""
    if card == state.taken:
        held = hand.count(card)
        taken_in_hand = held > state.taken_twins
        if not state.rules.twin_of_taken_discardable or (taken_in_hand and held < 2):
            return True
    return card == JOKER and hand.count(JOKER) <= state.joker_debt


def _discardable_left(state: RoundState, hand: Sequence[Card]) -> bool:
    return any(not _hard_blocked(state, hand, card) for card in set(hand))


def _fits_table(state: RoundState, card: Card) -> bool:
    jpm = state.rules.jokers_per_meld
    return any(layoff_readings(tm.meld, card, jpm) for tm in state.table)


def _soft_blocked(state: RoundState, hand: Sequence[Card], card: Card) -> str:
    """The code of a soft restriction on discarding ``card``, or ''."""
    if len(hand) == 1:
        return ""
    rules = state.rules
    if card == JOKER and rules.discard_joker == "only_to_go_out":
        return "joker_discard_only_to_go_out"
    if not rules.discard_playable and state.opened[state.current] and _fits_table(state, card):
        return "discard_could_be_laid_off"
    return ""


def taken_still_held(state: RoundState) -> bool:
    """Whether the seat to play still holds the card it took from the discard pile this turn
    (more copies than the twins it held before taking it)."""
    taken = state.taken
    return taken is not None and state.hands[state.current].count(taken) > state.taken_twins


def _obligation(state: RoundState, plays: Sequence[Action]) -> IllegalActionError | None:
    """What keeps the player from discarding now, if anything (given the legal plays)."""
    rules, seat = state.rules, state.current
    hand = state.hands[seat]
    if state.staged:
        return _illegal("opening_pending", "open with the staged melds or take them back first")
    taken = state.taken
    if taken is not None:
        still_held = taken_still_held(state)
        if rules.discard_pickup_must_meld and still_held and any(_uses(a, taken) for a in plays):
            return _illegal(
                "must_use_taken_card",
                f"the {card_text(taken)} taken from the discard pile must be played this turn",
            )
        if (
            rules.discard_pickup == "opened_or_opening"
            and not state.opened[seat]
            and best_opening(hand, rules) is not None
        ):
            return _illegal(
                "must_open_with_taken_card", "you took the discard pile's card: open this turn"
            )
    if state.joker_debt and JOKER in hand and any(_uses(a, JOKER) for a in plays):
        return _illegal("joker_must_be_replayed", "play the retrieved joker again this turn")
    return None


def _uses(action: Action, card: Card) -> bool:
    if isinstance(action, MeldAction):
        return card in action.cards
    if isinstance(action, (LayOff, Swap)):
        return action.card == card
    return False


def _discard_choices(state: RoundState, plays: Sequence[Action]) -> list[Card]:
    if _obligation(state, plays) is not None:
        return []
    hand = state.hands[state.current]
    allowed = [c for c in sorted(set(hand)) if not _hard_blocked(state, hand, c)]
    preferred = [c for c in allowed if not _soft_blocked(state, hand, c)]
    return preferred or allowed


def _needs_plays_for_discard(state: RoundState) -> bool:
    return state.taken is not None or state.joker_debt > 0


# --- legal actions --------------------------------------------------------------------------


def legal_actions(state: RoundState) -> list[Action]:
    """Every action ``apply`` accepts now, in a stable order."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.DRAW:
        actions: list[Action] = [DrawStock()] if state.stock else []
        if _pickup_refusal(state) is None:
            actions.append(DrawDiscard())
        return actions
    plays = _play_actions(state)
    discards: list[Action] = [Discard(card) for card in _discard_choices(state, plays)]
    return plays + discards


def _meld_variants(cards: tuple[Card, ...], rules: RuleSet) -> list[MeldAction]:
    if rules.joker_position == "lowest" or JOKER not in cards:
        return [MeldAction(cards)]
    readings = meld_readings(cards, rules.jokers_per_meld)
    if readings[0].kind is MeldKind.SET:
        return [MeldAction(cards)]
    return [MeldAction(cards, tuple(sorted(m.joker_cards()))) for m in readings]


def _play_actions(state: RoundState) -> list[Action]:
    rules, seat = state.rules, state.current
    hand = state.hands[seat]
    actions: list[Action] = []
    melds = candidate_melds(hand, rules.jokers_per_meld)
    if not state.opened[seat]:
        if state.staged:
            if _open_refusal(state) is None:
                actions.append(Open())
            actions.append(TakeBack())
        for cards in melds:
            actions.extend(_meld_variants(cards, rules))
        return actions
    for cards in melds:
        rest = _without(hand, cards)
        if rest is not None and _play_leaves_turn_endable(state, rest):
            actions.extend(_meld_variants(cards, rules))
    if state.opened_this_turn and not rules.layoff_in_opening_turn:
        return actions
    distinct = sorted(set(hand))
    for index, tm in enumerate(state.table):
        for card in distinct:
            placements = _layoff_placements(tm.meld, card, rules)
            if not placements:
                continue
            rest = _without(hand, (card,))
            if rest is None or not _play_leaves_turn_endable(state, rest):
                continue
            if len(placements) == 1:
                actions.append(LayOff(card, index))
            else:
                actions.extend(LayOff(card, index, end) for end in ("low", "high"))
    if rules.joker_retrieval:
        for index, tm in enumerate(state.table):
            if JOKER not in tm.meld.cards:
                continue
            represented = tm.meld.joker_cards()
            for card in distinct:
                if card in represented and _swap_refusal(state, tm.meld, card) is None:
                    actions.append(Swap(card, index))
    return actions


def _play_leaves_turn_endable(state: RoundState, rest: Sequence[Card]) -> bool:
    if not rest:
        return not state.rules.final_discard_required
    return _discardable_left(state, rest)


def _layoff_placements(meld: Meld, card: Card, rules: RuleSet) -> list[Meld]:
    readings = layoff_readings(meld, card, rules.jokers_per_meld)
    if card == JOKER and rules.joker_position == "lowest":
        return readings[:1]
    return readings


def _end_of(before: Meld, after: Meld) -> str:
    return "low" if after.kind is MeldKind.RUN and after.rank < before.rank else "high"


# --- refusals (shared by legal_actions and apply) -------------------------------------------


def _pickup_refusal(state: RoundState) -> IllegalActionError | None:
    rules, seat = state.rules, state.current
    if not state.discard_pile:
        return _illegal("discard_pile_empty", "the discard pile is empty")
    card = state.discard_pile[-1]
    hand = state.hands[seat]
    opened = state.opened[seat]
    if rules.discard_pickup == "opened_only" and not opened:
        return _illegal("pickup_needs_opening", "only a player who has opened may take the discard")
    must_open = rules.discard_pickup == "opened_or_opening" and not opened
    if (must_open or rules.discard_pickup_must_meld) and not _can_use(state, card):
        why = "open with it" if not opened else "play it"
        return _illegal(
            "pickup_not_usable",
            f"you may take the {card_text(card)} only if you can {why} this turn",
        )
    if not rules.twin_of_taken_discardable and all(c == card for c in hand):
        return _illegal(
            "pickup_leaves_no_discard", "you would have no card you are allowed to discard"
        )
    return None


def _can_use(state: RoundState, card: Card) -> bool:
    rules = state.rules
    hand = _with(state.hands[state.current], (card,))
    if not state.opened[state.current]:
        keep = 1 if rules.final_discard_required else 0
        return best_opening(hand, rules, must_include=card, keep=keep) is not None
    if any(card in cards for cards in candidate_melds(hand, rules.jokers_per_meld)):
        return True
    return _fits_table(state, card)


def _open_refusal(state: RoundState) -> IllegalActionError | None:
    check = _opening_check(state)
    if not check.valid:
        return _illegal(check.code, check.message)
    hand = state.hands[state.current]
    if not _play_leaves_turn_endable(state, hand):
        if not hand:
            return _illegal("final_discard_required", "keep a card to discard at the end")
        return _illegal("no_discard_left", "you would have no card you are allowed to discard")
    return None


def _opening_check(state: RoundState) -> OpeningCheck:
    hand = state.hands[state.current]
    if not hand:
        goes_out = not state.rules.final_discard_required
    else:
        goes_out = len(hand) == 1 and not _hard_blocked(state, hand, hand[0])
    return check_opening(state.staged, state.rules, goes_out)


def _swap_refusal(state: RoundState, meld: Meld, card: Card) -> IllegalActionError | None:
    rules = state.rules
    if JOKER not in meld.cards:
        return _illegal("no_joker_there", "that meld has no joker")
    if meld.kind is MeldKind.SET and not rules.retrieval_from_set:
        return _illegal("retrieval_from_set_disabled", "jokers are never taken from a set here")
    swapped = swap_joker(meld, card)
    if swapped is None:
        if meld.kind is MeldKind.SET and len(meld.cards) - meld.jokers < 3:
            return _illegal(
                "retrieval_needs_three_naturals",
                "a joker leaves a set only when it stands with 3 natural cards",
            )
        shown = " or ".join(card_text(c) for c in meld.joker_cards())
        return _illegal("swap_not_exact", f"the joker there stands for {shown}")
    rest = _without(state.hands[state.current], (card,))
    if rest is None:
        return _illegal("card_not_in_hand", f"you do not hold {card_text(card)}")
    if not _discardable_left(_after_swap_debt(state), (*rest, JOKER)):
        return _illegal("no_discard_left", "you would have no card you are allowed to discard")
    return None


def _after_swap_debt(state: RoundState) -> RoundState:
    if state.rules.retrieved_joker_replay == "free":
        return state
    return evolve(state, joker_debt=state.joker_debt + 1)


# --- apply ----------------------------------------------------------------------------------


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; raises :class:`IllegalActionError` and changes nothing."""
    if state.phase is Phase.OVER:
        raise _illegal("round_over", "the round is over")
    if state.phase is Phase.DRAW:
        if isinstance(action, DrawStock):
            return _draw(state, action, state.stock[-1], stock=state.stock[:-1])
        if isinstance(action, DrawDiscard):
            refusal = _pickup_refusal(state)
            if refusal is not None:
                raise refusal
            return _draw(state, action, state.discard_pile[-1], pile=state.discard_pile[:-1])
        raise _illegal("draw_first", "draw a card first (from the stock or the discard pile)")
    if isinstance(action, (DrawStock, DrawDiscard)):
        raise _illegal("already_drawn", "you have already drawn this turn")
    match action:
        case MeldAction():
            return _apply_meld(state, action)
        case LayOff():
            return _apply_layoff(state, action)
        case Swap():
            return _apply_swap(state, action)
        case Open():
            return _apply_open(state, action)
        case TakeBack():
            return _apply_takeback(state, action)
        case Discard():
            return _apply_discard(state, action)
    raise _illegal("unknown_action", f"not an action: {action!r}")


def _log(state: RoundState, action: Action, card: Card | None = None, private: bool = False) -> Log:
    return Log(LogEntry(state.current, action, card, private), state.log)


def _set_hand(state: RoundState, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[state.current] = hand
    return tuple(hands)


def _draw(
    state: RoundState,
    action: Action,
    card: Card,
    stock: tuple[Card, ...] | None = None,
    pile: tuple[Card, ...] | None = None,
) -> RoundState:
    hand = state.hands[state.current]
    from_pile = pile is not None
    return evolve(
        state,
        hands=_set_hand(state, _with(hand, (card,))),
        stock=state.stock if stock is None else stock,
        discard_pile=state.discard_pile if pile is None else pile,
        phase=Phase.PLAY,
        taken=card if from_pile else None,
        taken_twins=hand.count(card) if from_pile else 0,
        log=_log(state, action, card),
    )


def _take_from_hand(state: RoundState, cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = _without(state.hands[state.current], cards)
    if rest is None:
        missing = ", ".join(card_text(c) for c in cards)
        raise _illegal("card_not_in_hand", f"you do not hold all of {missing}")
    return rest


def _check_endable(state: RoundState, rest: tuple[Card, ...]) -> None:
    if not _play_leaves_turn_endable(state, rest):
        if not rest:
            raise _illegal("final_discard_required", "keep a card to discard at the end")
        raise _illegal("no_discard_left", "you would have no card you are allowed to discard")


def _resolve_meld(action: MeldAction, rules: RuleSet) -> Meld:
    cards = tuple(sorted(action.cards))
    if cards != action.cards:
        raise _illegal("invalid_action", "meld cards must be listed in sorted order")
    try:
        readings = meld_readings(cards, rules.jokers_per_meld)
    except InvalidMeldError as error:
        raise _illegal(error.code, error.message) from None
    declared = rules.joker_position == "declared" and readings[0].kind is MeldKind.RUN
    if declared and JOKER in cards:
        for reading in readings:
            if tuple(sorted(reading.joker_cards())) == action.jokers_as:
                return reading
        if not action.jokers_as:
            raise _illegal("joker_position_needed", "say which card the joker stands for")
        raise _illegal("joker_position", "the joker cannot stand for that card in this meld")
    if action.jokers_as:
        raise _illegal("joker_position_fixed", "here a joker takes the lowest-valued position")
    return readings[0]


def _apply_meld(state: RoundState, action: MeldAction) -> RoundState:
    meld = _resolve_meld(action, state.rules)
    rest = _take_from_hand(state, action.cards)
    if not state.opened[state.current]:
        return evolve(
            state,
            hands=_set_hand(state, rest),
            staged=(*state.staged, meld),
            log=_log(state, action, private=True),
        )
    _check_endable(state, rest)
    return _after_play(
        state,
        rest,
        action,
        table=(*state.table, TableMeld(state.current, meld)),
    )


def _require_table_play(state: RoundState, what: str) -> None:
    if not state.opened[state.current]:
        raise _illegal("not_opened", f"{what} only after you have opened")
    if state.opened_this_turn and not state.rules.layoff_in_opening_turn:
        raise _illegal("no_layoff_in_opening_turn", f"no {what} in the turn you open")


def _target(state: RoundState, index: int) -> TableMeld:
    if not 0 <= index < len(state.table):
        raise _illegal("no_such_meld", f"there is no meld @{index} on the table")
    return state.table[index]


def _apply_layoff(state: RoundState, action: LayOff) -> RoundState:
    _require_table_play(state, "laying off")
    target = _target(state, action.target)
    rest = _take_from_hand(state, (action.card,))
    placements = _layoff_placements(target.meld, action.card, state.rules)
    if not placements:
        raise _illegal(
            "layoff_does_not_fit", f"{card_text(action.card)} does not fit meld @{action.target}"
        )
    if len(placements) == 1:
        if action.end:
            raise _illegal("layoff_end_not_needed", "that card fits only one way: drop the end")
        meld = placements[0]
    else:
        chosen = [m for m in placements if _end_of(target.meld, m) == action.end]
        if not chosen:
            raise _illegal("layoff_end_needed", "say which end: low or high")
        meld = chosen[0]
    _check_endable(state, rest)
    return _after_play(state, rest, action, table=_replace_meld(state, action.target, meld))


def _replace_meld(state: RoundState, index: int, meld: Meld) -> tuple[TableMeld, ...]:
    table = list(state.table)
    table[index] = TableMeld(table[index].owner, meld)
    return tuple(table)


def _apply_swap(state: RoundState, action: Swap) -> RoundState:
    _require_table_play(state, "retrieving a joker")
    if not state.rules.joker_retrieval:
        raise _illegal("retrieval_disabled", "jokers are never retrieved under these rules")
    target = _target(state, action.target)
    refusal = _swap_refusal(state, target.meld, action.card)
    if refusal is not None:
        raise refusal
    swapped = swap_joker(target.meld, action.card)
    assert swapped is not None
    rest = _with(_take_from_hand(state, (action.card,)), (JOKER,))
    state = _after_swap_debt(state)
    return _after_play(state, rest, action, table=_replace_meld(state, action.target, swapped))


def _apply_open(state: RoundState, action: Open) -> RoundState:
    if state.opened[state.current]:
        raise _illegal("already_opened", "you have already opened")
    if not state.staged:
        raise _illegal("nothing_staged", "stage one or more melds first")
    refusal = _open_refusal(state)
    if refusal is not None:
        raise refusal
    seat = state.current
    opened = list(state.opened)
    opened[seat] = True
    table = state.table + tuple(TableMeld(seat, meld) for meld in state.staged)
    state = evolve(state, opened=tuple(opened), opened_this_turn=True, staged=())
    return _after_play(state, state.hands[seat], action, table=table)


def _apply_takeback(state: RoundState, action: TakeBack) -> RoundState:
    if not state.staged:
        raise _illegal("nothing_staged", "no meld is staged")
    cards = [card for meld in state.staged for card in meld.cards]
    hand = _with(state.hands[state.current], cards)
    return evolve(
        state, hands=_set_hand(state, hand), staged=(), log=_log(state, action, private=True)
    )


def _after_play(
    state: RoundState, rest: tuple[Card, ...], action: Action, table: tuple[TableMeld, ...]
) -> RoundState:
    state = evolve(
        state,
        hands=_set_hand(state, rest),
        table=table,
        joker_debt=min(state.joker_debt, rest.count(JOKER)),
        log=_log(state, action),
    )
    if not rest:
        return _finish(state, EndReason.WENT_OUT, state.current)
    return state


def _apply_discard(state: RoundState, action: Discard) -> RoundState:
    hand = state.hands[state.current]
    card = action.card
    if card not in hand:
        raise _illegal("card_not_in_hand", f"you do not hold {card_text(card)}")
    plays = _play_actions(state) if _needs_plays_for_discard(state) else []
    blocker = _obligation(state, plays)
    if blocker is not None:
        raise blocker
    if card not in _discard_choices(state, plays):
        raise _discard_refusal(state, hand, card)
    rest = _without(hand, (card,))
    assert rest is not None
    state = evolve(
        state,
        hands=_set_hand(state, rest),
        discard_pile=(*state.discard_pile, card),
        log=_log(state, action),
    )
    if not rest:
        return _finish(state, EndReason.WENT_OUT, state.current)
    return _end_turn(state)


def _discard_refusal(state: RoundState, hand: Sequence[Card], card: Card) -> IllegalActionError:
    if card == JOKER and hand.count(JOKER) <= state.joker_debt:
        return _illegal("cannot_discard_retrieved_joker", "a retrieved joker stays this turn")
    if _hard_blocked(state, hand, card):
        return _illegal(
            "cannot_discard_taken_card",
            f"you took {card_text(card)} from the discard pile this turn: keep it (or its twin)",
        )
    code = _soft_blocked(state, hand, card)
    messages = {
        "joker_discard_only_to_go_out": "a joker may be discarded only as your last card",
        "discard_could_be_laid_off": f"{card_text(card)} could be laid off: play it instead",
    }
    return _illegal(code, messages.get(code, "that card cannot be discarded now"))


def _end_turn(state: RoundState) -> RoundState:
    rules = state.rules
    if rules.turn_limit is not None and state.turn_number >= rules.turn_limit:
        return _finish(state, EndReason.TURN_LIMIT, None)
    stock, pile, reshuffles = state.stock, state.discard_pile, state.reshuffles
    if not stock:
        limit = rules.stock_reshuffles
        if (limit is not None and reshuffles >= limit) or len(pile) < 2:
            return _finish(state, EndReason.STOCK_EXHAUSTED, None)
        reshuffles += 1
        stock = tuple(shuffled(pile[:-1], state.seed, f"reshuffle-{reshuffles}"))
        pile = pile[-1:]
    return evolve(
        state,
        stock=stock,
        discard_pile=pile,
        reshuffles=reshuffles,
        current=(state.current + 1) % state.players,
        phase=Phase.DRAW,
        turn_number=state.turn_number + 1,
        taken=None,
        taken_twins=0,
        opened_this_turn=False,
        joker_debt=0,
    )


def _finish(state: RoundState, reason: EndReason, winner: int | None) -> RoundState:
    rami_sec = winner is not None and state.opened_this_turn
    scores = round_scores(state.hands, state.opened, state.rules, winner, rami_sec)
    result = RoundResult(reason, winner, rami_sec, state.hands, scores)
    return evolve(state, phase=Phase.OVER, result=result)

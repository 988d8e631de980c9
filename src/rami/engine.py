"""The round engine: deal, legal actions, refusals and applying actions (pure functions).

``legal_actions(state)`` lists, in a stable order, exactly the actions ``apply`` accepts;
``refusal(state, action)`` is the error ``apply`` would raise, as a value (None: accepted);
``apply`` returns a new state or raises that :class:`IllegalActionError`. The plays and legal
actions of a state are computed once and kept with it, so applying a listed action repeats
no check.

Chosen details (see docs/RULES.md): an obligation that can no longer be met lapses (the
card taken from the discard pile must be used, a retrieved joker replayed, a player who took
the discard to open must open); a play may not leave a hand that cannot end the turn — by a
discard, or by playing every card left when none of them may be discarded; soft discard
restrictions (a joker only to go out, no card that could be laid off) give way when every
card in hand falls under them.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from rami.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    End,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
)
from rami.cards import JOKER, Card, build_deck, card_text, make_card
from rami.errors import IllegalActionError, InvalidMeldError
from rami.melds import Meld, MeldKind, candidate_melds, layoff_readings, meld_readings, swap_joker
from rami.rules import RuleSet
from rami.scoring import OpeningCheck, check_opening, round_scores
from rami.shuffle import shuffled
from rami.solver import best_opening
from rami.state import (
    Derived,
    EndReason,
    Log,
    LogEntry,
    Phase,
    RoundResult,
    RoundState,
    TableMeld,
    evolve,
)

_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()
_OPEN = Open()
_TAKE_BACK = TakeBack()
_DISCARDS = tuple(Discard(card) for card in range(JOKER + 1))


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


# --- what the table accepts (one entry per meld, cached per meld and per table) -------------

Placement = tuple[End, Meld]
"""Where a lay-off goes: the end an action names ("" when only one way fits) and the meld."""


def layoff_options(meld: Meld, card: Card, rules: RuleSet) -> tuple[Placement, ...]:
    """Every way ``card`` can be laid off on ``meld``: (the end to name, the meld after)."""
    return _placements(meld, card, rules.jokers_per_meld, rules.joker_position == "lowest")


def _table_rules(rules: RuleSet) -> tuple[int, bool, bool, bool]:
    """The options that decide what a meld accepts (a cheap cache key)."""
    lowest = rules.joker_position == "lowest"
    return rules.jokers_per_meld, lowest, rules.joker_retrieval, rules.retrieval_from_set


@lru_cache(maxsize=1 << 14)
def _placements(meld: Meld, card: Card, jpm: int, lowest: bool) -> tuple[Placement, ...]:
    readings = layoff_readings(meld, card, jpm)
    if card == JOKER and lowest:
        readings = readings[:1]
    if len(readings) == 1:
        return (("", readings[0]),)
    return tuple((_end_of(meld, after), after) for after in readings)


def _end_of(before: Meld, after: Meld) -> End:
    return "low" if after.kind is MeldKind.RUN and after.rank < before.rank else "high"


def _fitting_cards(meld: Meld) -> tuple[Card, ...]:
    """The only cards that could be laid off on ``meld`` (a superset of those that fit)."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return ()
        return (*(make_card(meld.rank, s) for s in meld.missing_suits()), JOKER)
    if len(meld.cards) >= 13:
        return ()
    ends = [r for r in (meld.rank - 1, meld.high + 1) if 1 <= r <= 14]
    return (*sorted({make_card(r, meld.suit) for r in ends}), JOKER)


def swap_result(meld: Meld, card: Card, rules: RuleSet) -> Meld | None:
    """The meld after ``card`` takes the place of its joker, if the rules allow that swap."""
    return _swapped(meld, card, rules.joker_retrieval, rules.retrieval_from_set)


def _swapped(meld: Meld, card: Card, retrieval: bool, from_set: bool) -> Meld | None:
    if not retrieval or JOKER not in meld.cards:
        return None
    if meld.kind is MeldKind.SET and not from_set:
        return None
    return swap_joker(meld, card)


class _MeldFacts:
    """The lay-offs and joker swaps one meld accepts under one rule set, by card."""

    __slots__ = ("fits", "layoffs", "swaps")

    def __init__(self, meld: Meld, jpm: int, lowest: bool, retrieval: bool, from_set: bool) -> None:
        self.layoffs: list[tuple[Card, tuple[Placement, ...]]] = []
        for card in _fitting_cards(meld):
            placements = _placements(meld, card, jpm, lowest)
            if placements:
                self.layoffs.append((card, placements))
        self.fits = frozenset(card for card, _ in self.layoffs)
        self.swaps: list[tuple[Card, Meld]] = []
        if JOKER in meld.cards:
            for card in sorted(set(meld.joker_cards())):
                after = _swapped(meld, card, retrieval, from_set)
                if after is not None:
                    self.swaps.append((card, after))


@lru_cache(maxsize=1 << 14)
def _cached_meld_facts(meld: Meld, key: tuple[int, bool, bool, bool]) -> _MeldFacts:
    return _MeldFacts(meld, *key)


class _TableFacts:
    """The lay-off and swap actions a table accepts, in table then card order."""

    __slots__ = ("fits", "layoffs", "swaps", "table")

    def __init__(self, table: tuple[TableMeld, ...], rules: RuleSet) -> None:
        self.table = table
        self.layoffs: list[tuple[Card, tuple[LayOff, ...], tuple[Meld, ...], int]] = []
        self.swaps: list[tuple[Card, Swap, Meld, int]] = []
        fits: set[Card] = set()
        key = _table_rules(rules)
        for index, tm in enumerate(table):
            facts = _cached_meld_facts(tm.meld, key)
            fits |= facts.fits
            for card, placements in facts.layoffs:
                actions = tuple(LayOff(card, index, end) for end, _ in placements)
                self.layoffs.append((card, actions, tuple(m for _, m in placements), index))
            for card, after in facts.swaps:
                self.swaps.append((card, Swap(card, index), after, index))
        self.fits = frozenset(fits)


_TABLES: dict[tuple[int, int], tuple[RuleSet, _TableFacts]] = {}


def _table_facts(state: RoundState) -> _TableFacts:
    table, rules = state.table, state.rules
    key = (id(table), id(rules))
    found = _TABLES.get(key)
    if found is not None and found[0] is rules and found[1].table is table:
        return found[1]
    if len(_TABLES) >= 1 << 12:
        _TABLES.clear()
    facts = _TableFacts(table, rules)
    _TABLES[key] = (rules, facts)
    return facts


# --- discard restrictions -------------------------------------------------------------------


def _hard_blocked(
    rules: RuleSet, hand: Sequence[Card], card: Card, taken: Card | None, twins: int, debt: int
) -> bool:
    """True when ``card`` may not be discarded this turn whatever else holds."""
    if card == taken:
        held = hand.count(card)
        taken_in_hand = held > twins
        if not rules.twin_of_taken_discardable or (taken_in_hand and held < 2):
            return True
    return card == JOKER and hand.count(JOKER) <= debt


def _soft_code(
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
    key = _table_rules(rules)
    for meld in table:
        fits |= _cached_meld_facts(meld, key).fits
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
        if card in allowed and _hard_blocked(rules, hand, card, taken, twins, debt):
            allowed.remove(card)
    if len(hand) == 1 or (rules.discard_joker == "allowed" and rules.discard_playable):
        return allowed, allowed
    preferred = [c for c in allowed if not _soft_code(rules, hand, c, opened, fits)]
    return preferred, allowed


def _discardable_left(state: RoundState, hand: Sequence[Card], debt: int) -> bool:
    if state.taken is None and not debt:
        return bool(hand)
    rules, taken, twins = state.rules, state.taken, state.taken_twins
    if _free_cards(hand, taken):
        return True
    return any(not _hard_blocked(rules, hand, c, taken, twins, debt) for c in set(hand))


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


def _state_discards(state: RoundState, plays: Sequence[Action]) -> list[Card]:
    if _obligation(state, plays) is not None:
        return []
    seat = state.current
    preferred, allowed = _discard_options(
        state.rules,
        state.hands[seat],
        _table_facts(state).fits.__contains__,
        state.opened[seat],
        state.taken,
        state.taken_twins,
        state.joker_debt,
    )
    return preferred or allowed


def _free_discards(state: RoundState) -> bool:
    """True when every card in hand may be discarded (no obligation, no restriction)."""
    rules = state.rules
    return (
        state.taken is None
        and not state.joker_debt
        and not state.staged
        and rules.discard_joker == "allowed"
        and rules.discard_playable
    )


# --- legal actions --------------------------------------------------------------------------


def _derived(state: RoundState) -> Derived:
    derived = state.derived
    if derived is None:
        derived = Derived()
        object.__setattr__(state, "derived", derived)
    return derived


def legal_actions(state: RoundState) -> list[Action]:
    """Every action ``apply`` accepts now, in a stable order."""
    derived = _derived(state)
    if derived.legal is None:
        derived.legal = _legal(state)
    return list(derived.legal)


def _legal(state: RoundState) -> list[Action]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.DRAW:
        actions: list[Action] = [_DRAW_STOCK] if state.stock else []
        if _pickup_refusal(state) is None:
            actions.append(_DRAW_DISCARD)
        return actions
    plays = _play_actions(state)
    if _free_discards(state):
        rules = state.rules
        hand = _hand_facts(
            state.hands[state.current], rules.jokers_per_meld, rules.joker_position == "declared"
        )
        return plays + hand.discards
    return plays + [_DISCARDS[card] for card in _state_discards(state, plays)]


@lru_cache(maxsize=1 << 15)
def _meld_variants(cards: tuple[Card, ...], jpm: int, declared: bool) -> tuple[MeldAction, ...]:
    """The actions laying ``cards`` down (one per joker reading when jokers are declared)."""
    return _new_meld_variants(cards, jpm, declared)


def _new_meld_variants(cards: tuple[Card, ...], jpm: int, declared: bool) -> tuple[MeldAction, ...]:
    if not declared:
        return (MeldAction(cards),)
    readings = meld_readings(cards, jpm)
    if readings[0].kind is MeldKind.SET:
        return (MeldAction(cards),)
    return tuple(MeldAction(cards, tuple(sorted(m.joker_cards()))) for m in readings)


def _play_actions(state: RoundState) -> list[Action]:
    """The plays (everything but drawing and discarding) ``apply`` accepts now."""
    derived = _derived(state)
    if derived.plays is None:
        derived.plays = _new_play_actions(state)
    return derived.plays


class _HandFacts:
    """What a hand alone decides: its meld actions (table order of candidate melds) and its
    distinct cards as discards."""

    __slots__ = ("discards", "melds", "whole")

    def __init__(self, hand: tuple[Card, ...], jpm: int, declared: bool) -> None:
        self.melds: list[tuple[tuple[Card, ...], tuple[MeldAction, ...]]] = []
        for cards in candidate_melds(hand, jpm):
            self.melds.append((cards, _meld_variants(cards, jpm, declared and JOKER in cards)))
        self.whole = any(len(cards) == len(hand) for cards, _ in self.melds)
        self.discards = [_DISCARDS[card] for card in sorted(set(hand))]


@lru_cache(maxsize=1 << 13)
def _hand_facts(hand: tuple[Card, ...], jpm: int, declared: bool) -> _HandFacts:
    return _HandFacts(hand, jpm, declared)


def _new_play_actions(state: RoundState) -> list[Action]:
    rules, seat = state.rules, state.current
    hand = state.hands[seat]
    actions: list[Action] = []
    facts = _hand_facts(hand, rules.jokers_per_meld, rules.joker_position == "declared")
    if not state.opened[seat]:
        if state.staged:
            if _open_refusal(state) is None:
                actions.append(_OPEN)
            actions.append(_TAKE_BACK)
        for _, variants in facts.melds:
            actions.extend(variants)
        return actions
    simple = state.taken is None and not state.joker_debt
    size, last_ok = len(hand), not rules.final_discard_required
    free = size
    if simple and (last_ok or not facts.whole):
        for _, variants in facts.melds:
            actions.extend(variants)
    else:
        free = _free_cards(hand, state.taken)
        for cards, variants in facts.melds:
            if simple:
                if len(cards) < size:
                    actions.extend(variants)
            elif free > _free_cards(cards, state.taken):  # a card left is surely discardable
                actions.extend(variants)
            else:
                actions.extend(a for a in variants if _meld_ok(state, a))
    if state.opened_this_turn and not rules.layoff_in_opening_turn:
        return actions
    table = _table_facts(state)
    held = set(hand)
    for card, layoffs, afters, index in table.layoffs:
        if card not in held:
            continue
        if simple:
            if size > 1 or last_ok:
                actions.extend(layoffs)
            continue
        if free > _free_cards((card,), state.taken):
            actions.extend(layoffs)
            continue
        for layoff, after in zip(layoffs, afters, strict=True):
            if _layoff_ok(state, card, index, after):
                actions.append(layoff)
    for card, swap, after, index in table.swaps:
        if card in held and _swap_leaves_turn_endable(state, card, index, after):
            actions.append(swap)
    return actions


def _free_cards(cards: Sequence[Card], taken: Card | None) -> int:
    """How many of ``cards`` are neither a joker nor the taken card (never hard-blocked)."""
    taken_count = cards.count(taken) if taken is not None and taken != JOKER else 0
    return len(cards) - cards.count(JOKER) - taken_count


def _meld_ok(state: RoundState, action: MeldAction) -> bool:
    rest = _without(state.hands[state.current], action.cards)
    meld = _resolve(action, state.rules)
    if rest is None or isinstance(meld, IllegalActionError):
        return False
    table = (*state.table, TableMeld(state.current, meld))
    return _leaves_turn_endable(state, rest, state.joker_debt, lambda: _play(state, rest, table))


def _layoff_ok(state: RoundState, card: Card, index: int, after: Meld) -> bool:
    rest = _without(state.hands[state.current], (card,))
    if rest is None:
        return False
    return _leaves_turn_endable(
        state, rest, state.joker_debt, lambda: _play(state, rest, _replace(state, index, after))
    )


def _leaves_turn_endable(
    state: RoundState, rest: tuple[Card, ...], debt: int, after: Callable[[], RoundState]
) -> bool:
    """Whether a play leaving ``rest`` in hand lets the turn end: by a discard, by going out
    (when no final discard is required), or — when no card left may be discarded — by
    playing every card left (``after`` builds the state after the play)."""
    if not rest:
        return not state.rules.final_discard_required
    if _discardable_left(state, rest, min(debt, rest.count(JOKER))):
        return True
    return _can_play_out(after())


def _can_play_out(state: RoundState) -> bool:
    """True when the seat, holding only cards it may not discard, can play them all: each
    listed play leads on to such a state or to an empty hand, since no card it keeps ever
    becomes discardable this turn."""
    return state.phase is Phase.PLAY and bool(_play_actions(state))


def _swap_leaves_turn_endable(state: RoundState, card: Card, index: int, after: Meld) -> bool:
    rest = _without(state.hands[state.current], (card,))
    if rest is None:
        return False
    held = _with(rest, (JOKER,))
    debt = _debt_after_swap(state)
    table = _replace(state, index, after)
    return _leaves_turn_endable(
        state, held, debt, lambda: _play(evolve(state, joker_debt=debt), held, table)
    )


# --- refusals -------------------------------------------------------------------------------


def refusal(state: RoundState, action: Action) -> IllegalActionError | None:
    """Why ``apply(state, action)`` would refuse ``action`` (the error it would raise), or
    None when it is accepted."""
    derived = state.derived
    if derived is not None and derived.legal is not None and id(action) in map(id, derived.legal):
        return None
    if state.phase is Phase.OVER:
        return _illegal("round_over", "the round is over")
    if state.phase is Phase.DRAW:
        if isinstance(action, DrawStock):
            if not state.stock:
                return _illegal("stock_empty", "the stock is empty")
            return None
        if isinstance(action, DrawDiscard):
            return _pickup_refusal(state)
        return _illegal("draw_first", "draw a card first (from the stock or the discard pile)")
    match action:
        case DrawStock() | DrawDiscard():
            return _illegal("already_drawn", "you have already drawn this turn")
        case MeldAction():
            return _meld_refusal(state, action)
        case LayOff():
            return _layoff_refusal(state, action)
        case Swap():
            return _swap_refusal(state, action)
        case Open():
            return _open_refusal(state)
        case TakeBack():
            return None if state.staged else _illegal("nothing_staged", "no meld is staged")
        case Discard():
            return _discard_refusal(state, action.card)
    return _illegal("unknown_action", f"not an action: {action!r}")


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
    if not rules.twin_of_taken_discardable and hand.count(card) == len(hand):
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
    return card in _table_facts(state).fits


def _resolve(action: MeldAction, rules: RuleSet) -> Meld | IllegalActionError:
    """The meld ``action`` lays down, or why it is no meld."""
    return _resolve_cached(
        action.cards, action.jokers_as, rules.jokers_per_meld, rules.joker_position
    )


@lru_cache(maxsize=1 << 14)
def _resolve_cached(
    cards: tuple[Card, ...], jokers_as: tuple[Card, ...], jpm: int, position: str
) -> Meld | IllegalActionError:
    if tuple(sorted(cards)) != cards:
        return _illegal("invalid_action", "meld cards must be listed in sorted order")
    try:
        readings = meld_readings(cards, jpm)
    except InvalidMeldError as error:
        return _illegal(error.code, error.message)
    declared = position == "declared" and readings[0].kind is MeldKind.RUN
    if declared and JOKER in cards:
        for reading in readings:
            if tuple(sorted(reading.joker_cards())) == jokers_as:
                return reading
        if not jokers_as:
            return _illegal("joker_position_needed", "say which card the joker stands for")
        return _illegal("joker_position", "the joker cannot stand for that card in this meld")
    if jokers_as:
        return _illegal("joker_position_fixed", "here a joker takes the lowest-valued position")
    return readings[0]


def _not_held(cards: Sequence[Card]) -> IllegalActionError:
    missing = ", ".join(card_text(c) for c in cards)
    return _illegal("card_not_in_hand", f"you do not hold all of {missing}")


def _endable_refusal(ok: bool, rest: Sequence[Card]) -> IllegalActionError | None:
    if ok:
        return None
    if not rest:
        return _illegal("final_discard_required", "keep a card to discard at the end")
    return _illegal("no_discard_left", "you would have no card you are allowed to discard")


def _meld_refusal(state: RoundState, action: MeldAction) -> IllegalActionError | None:
    meld = _resolve(action, state.rules)
    if isinstance(meld, IllegalActionError):
        return meld
    rest = _without(state.hands[state.current], action.cards)
    if rest is None:
        return _not_held(action.cards)
    if not state.opened[state.current]:
        return None
    table = (*state.table, TableMeld(state.current, meld))
    ok = _leaves_turn_endable(state, rest, state.joker_debt, lambda: _play(state, rest, table))
    return _endable_refusal(ok, rest)


def _table_play_refusal(state: RoundState, what: str, target: int) -> IllegalActionError | None:
    if not state.opened[state.current]:
        return _illegal("not_opened", f"{what} only after you have opened")
    if state.opened_this_turn and not state.rules.layoff_in_opening_turn:
        return _illegal("no_layoff_in_opening_turn", f"no {what} in the turn you open")
    if what == "retrieving a joker" and not state.rules.joker_retrieval:
        return _illegal("retrieval_disabled", "jokers are never retrieved under these rules")
    if not 0 <= target < len(state.table):
        return _illegal("no_such_meld", f"there is no meld @{target} on the table")
    return None


def _layoff_placement(state: RoundState, action: LayOff) -> Meld | IllegalActionError:
    """The meld ``action`` leaves at its target, or why it does not fit."""
    card, target = action.card, action.target
    placements = layoff_options(state.table[target].meld, card, state.rules)
    if not placements:
        return _illegal("layoff_does_not_fit", f"{card_text(card)} does not fit meld @{target}")
    if len(placements) == 1:
        if action.end:
            return _illegal("layoff_end_not_needed", "that card fits only one way: drop the end")
        return placements[0][1]
    for end, meld in placements:
        if end == action.end:
            return meld
    return _illegal("layoff_end_needed", "say which end: low or high")


def _layoff_refusal(state: RoundState, action: LayOff) -> IllegalActionError | None:
    refused = _table_play_refusal(state, "laying off", action.target)
    if refused is not None:
        return refused
    rest = _without(state.hands[state.current], (action.card,))
    if rest is None:
        return _not_held((action.card,))
    meld = _layoff_placement(state, action)
    if isinstance(meld, IllegalActionError):
        return meld
    table = _replace(state, action.target, meld)
    ok = _leaves_turn_endable(state, rest, state.joker_debt, lambda: _play(state, rest, table))
    return _endable_refusal(ok, rest)


def _swap_refusal(state: RoundState, action: Swap) -> IllegalActionError | None:
    refused = _table_play_refusal(state, "retrieving a joker", action.target)
    if refused is not None:
        return refused
    rules, card = state.rules, action.card
    meld = state.table[action.target].meld
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
    if card not in state.hands[state.current]:
        return _illegal("card_not_in_hand", f"you do not hold {card_text(card)}")
    if not _swap_leaves_turn_endable(state, card, action.target, swapped):
        return _illegal("no_discard_left", "you would have no card you are allowed to discard")
    return None


def _debt_after_swap(state: RoundState) -> int:
    free = state.rules.retrieved_joker_replay == "free"
    return state.joker_debt if free else state.joker_debt + 1


def _open_refusal(state: RoundState) -> IllegalActionError | None:
    if state.opened[state.current]:
        return _illegal("already_opened", "you have already opened")
    if not state.staged:
        return _illegal("nothing_staged", "stage one or more melds first")
    check = _opening_check(state)
    if not check.valid:
        return _illegal(check.code, check.message)
    hand = state.hands[state.current]
    ok = _leaves_turn_endable(state, hand, state.joker_debt, lambda: _opened(state))
    return _endable_refusal(ok, hand)


def _opening_check(state: RoundState) -> OpeningCheck:
    hand = state.hands[state.current]
    if not hand:
        goes_out = not state.rules.final_discard_required
    else:
        card = hand[0]
        blocked = _hard_blocked(
            state.rules, hand, card, state.taken, state.taken_twins, state.joker_debt
        )
        goes_out = len(hand) == 1 and not blocked
    return check_opening(state.staged, state.rules, goes_out)


def _discard_refusal(state: RoundState, card: Card) -> IllegalActionError | None:
    hand = state.hands[state.current]
    if card not in hand:
        return _illegal("card_not_in_hand", f"you do not hold {card_text(card)}")
    needs_plays = state.taken is not None or state.joker_debt > 0
    plays = _play_actions(state) if needs_plays else []
    blocker = _obligation(state, plays)
    if blocker is not None:
        return blocker
    if card in _state_discards(state, plays):
        return None
    rules = state.rules
    if card == JOKER and hand.count(JOKER) <= state.joker_debt:
        return _illegal("cannot_discard_retrieved_joker", "a retrieved joker stays this turn")
    if _hard_blocked(rules, hand, card, state.taken, state.taken_twins, state.joker_debt):
        return _illegal(
            "cannot_discard_taken_card",
            f"you took {card_text(card)} from the discard pile this turn: keep it (or its twin)",
        )
    fits = _table_facts(state).fits.__contains__
    code = _soft_code(rules, hand, card, state.opened[state.current], fits)
    messages = {
        "joker_discard_only_to_go_out": "a joker may be discarded only as your last card",
        "discard_could_be_laid_off": f"{card_text(card)} could be laid off: play it instead",
    }
    return _illegal(code, messages.get(code, "that card cannot be discarded now"))


# --- apply ----------------------------------------------------------------------------------


def attempt(state: RoundState, action: Action) -> RoundState | IllegalActionError:
    """The state after ``action``, or the refusal (errors as values; changes nothing)."""
    refused = refusal(state, action)
    if refused is not None:
        return refused
    return _perform(state, action)


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; raises :class:`IllegalActionError` and changes nothing."""
    refused = refusal(state, action)
    if refused is not None:
        raise refused
    return _perform(state, action)


def _perform(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``, which the rules accept."""
    match action:
        case DrawStock():
            return _draw(state, action, state.stock[-1], stock=state.stock[:-1])
        case DrawDiscard():
            return _draw(state, action, state.discard_pile[-1], pile=state.discard_pile[:-1])
        case MeldAction():
            return _perform_meld(state, action)
        case LayOff():
            meld = _layoff_placement(state, action)
            assert not isinstance(meld, IllegalActionError)
            rest = _without(state.hands[state.current], (action.card,))
            assert rest is not None
            return _play(state, rest, _replace(state, action.target, meld), action)
        case Swap():
            return _perform_swap(state, action)
        case Open():
            return _opened(state, action)
        case TakeBack():
            cards = [card for meld in state.staged for card in meld.cards]
            hand = _with(state.hands[state.current], cards)
            log = _log(state, action, private=True)
            return evolve(state, hands=_set_hand(state, hand), staged=(), log=log)
        case Discard():
            return _perform_discard(state, action.card)
    raise AssertionError(f"not an action: {action!r}")


def _log(state: RoundState, action: Action, card: Card | None = None, private: bool = False) -> Log:
    return Log(LogEntry(state.current, action, card, private), state.log)


def _set_hand(state: RoundState, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[state.current] = hand
    return tuple(hands)


def _replace(state: RoundState, index: int, meld: Meld) -> tuple[TableMeld, ...]:
    table = list(state.table)
    table[index] = TableMeld(table[index].owner, meld)
    return tuple(table)


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


def _perform_meld(state: RoundState, action: MeldAction) -> RoundState:
    meld = _resolve(action, state.rules)
    assert not isinstance(meld, IllegalActionError)
    rest = _without(state.hands[state.current], action.cards)
    assert rest is not None
    if not state.opened[state.current]:
        return evolve(
            state,
            hands=_set_hand(state, rest),
            staged=(*state.staged, meld),
            log=_log(state, action, private=True),
        )
    return _play(state, rest, (*state.table, TableMeld(state.current, meld)), action)


def _perform_swap(state: RoundState, action: Swap) -> RoundState:
    swapped = swap_joker(state.table[action.target].meld, action.card)
    assert swapped is not None
    rest = _without(state.hands[state.current], (action.card,))
    assert rest is not None
    table = _replace(state, action.target, swapped)
    state = evolve(state, joker_debt=_debt_after_swap(state))
    return _play(state, _with(rest, (JOKER,)), table, action)


def _opened(state: RoundState, action: Action = _OPEN) -> RoundState:
    seat = state.current
    opened = list(state.opened)
    opened[seat] = True
    table = state.table + tuple(TableMeld(seat, meld) for meld in state.staged)
    state = evolve(state, opened=tuple(opened), opened_this_turn=True, staged=())
    return _play(state, state.hands[seat], table, action)


def _play(
    state: RoundState,
    rest: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    action: Action | None = None,
) -> RoundState:
    """The state after a play leaving ``rest`` in hand and ``table`` on the table (``action``
    None: a look ahead, not logged)."""
    state = evolve(
        state,
        hands=_set_hand(state, rest),
        table=table,
        joker_debt=min(state.joker_debt, rest.count(JOKER)),
        log=state.log if action is None else _log(state, action),
    )
    if not rest:
        return _finish(state, EndReason.WENT_OUT, state.current)
    return state


def _perform_discard(state: RoundState, card: Card) -> RoundState:
    hand = state.hands[state.current]
    rest = _without(hand, (card,))
    assert rest is not None
    hands = _set_hand(state, rest)
    pile = (*state.discard_pile, card)
    log = _log(state, _DISCARDS[card])
    if not rest:
        state = evolve(state, hands=hands, discard_pile=pile, log=log)
        return _finish(state, EndReason.WENT_OUT, state.current)
    rules = state.rules
    if rules.turn_limit is not None and state.turn_number >= rules.turn_limit:
        state = evolve(state, hands=hands, discard_pile=pile, log=log)
        return _finish(state, EndReason.TURN_LIMIT, None)
    stock, reshuffles = state.stock, state.reshuffles
    if not stock:
        limit = rules.stock_reshuffles
        if (limit is not None and reshuffles >= limit) or len(pile) < 2:
            state = evolve(state, hands=hands, discard_pile=pile, log=log)
            return _finish(state, EndReason.STOCK_EXHAUSTED, None)
        reshuffles += 1
        stock = tuple(shuffled(pile[:-1], state.seed, f"reshuffle-{reshuffles}"))
        pile = pile[-1:]
    return evolve(
        state,
        hands=hands,
        stock=stock,
        discard_pile=pile,
        log=log,
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
